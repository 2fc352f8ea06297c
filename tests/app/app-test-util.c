/* app-test-util.c — helpers shared by the in-process app tests. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "app-test-util.h"
#include "chess-renderer.h"

/* Runs whatever the main loop has ready, without blocking. */
void
app_test_spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The app's settings with every key back at its default, so each test
 * starts from the same place. */
GSettings *
app_test_fresh_settings (void)
{
  GSettings *settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

void
app_test_remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child_path = g_build_filename (path, name, NULL);

      if (g_file_test (child_path, G_FILE_TEST_IS_DIR))
        app_test_remove_tree (child_path);
      else
        g_remove (child_path);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_rmdir (path);
}

/* A private data folder (for the autosave and user piece sets) and the
 * memory settings backend, set before GLib reads either. */
char *
app_test_make_data_home (const char *tmpl)
{
  char *data_home = g_dir_make_tmp (tmpl, NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  return data_home;
}

/* Without a display the tests cannot run: say so in TAP. */
static gboolean
have_display (void)
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_print ("1..0 # SKIP no display\n");
      return FALSE;
    }
  return TRUE;
}

/* gtk_test_init and adw_init, with the renderer the app itself chooses on
 * this machine (cairo without a GPU: software OpenGL would also leave a
 * leak in an unloaded driver module that LeakSanitizer cannot name). */
static void
init_gtk (int    *argc,
          char ***argv)
{
  chess_renderer_choose ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
}

/* The app's own style sheet, as the application loads it at start-up. */
static void
load_app_style (void)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, RESOURCE_BASE "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* The running test's data home, from app_test_begin to app_test_end. */
static char *test_data_home;

gboolean
app_test_begin (int           *argc,
                char        ***argv,
                const char    *tmpl,
                AppTestFlags   flags)
{
  test_data_home = app_test_make_data_home (tmpl);
  if (flags & APP_TEST_ENGLISH)
    g_setenv ("LANGUAGE", "C", TRUE);
  if (!have_display ())
    {
      app_test_end (0);
      return FALSE;
    }
  init_gtk (argc, argv);
  if (flags & APP_TEST_APP_STYLE)
    load_app_style ();
  return TRUE;
}

const char *
app_test_data_home (void)
{
  g_assert_nonnull (test_data_home);
  return test_data_home;
}

int
app_test_end (int status)
{
  app_test_remove_tree (test_data_home);
  g_clear_pointer (&test_data_home, g_free);
  return status;
}

ChessWindow *
app_test_new_window (void)
{
  ChessWindow *window = chess_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

void
app_test_destroy_window (ChessWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_spin ();
}

GtkWidget *
app_test_window_child (ChessWindow *window,
                       const char  *name)
{
  return app_test_child (window, CHESS_TYPE_WINDOW, name);
}

gpointer
app_test_child (gpointer    widget,
                         GType       type,
                         const char *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (widget), type, name);

  g_assert_nonnull (object);
  return object;
}

gboolean
app_test_shows_label (GtkWidget  *widget,
                      const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (app_test_shows_label (child, text))
      return TRUE;
  return FALSE;
}

GdkTexture *
app_test_render (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

void
app_test_remove_autosave (void)
{
  g_autofree char *path = chess_game_autosave_path ();

  g_remove (path);
}

void
app_test_menu_attributes (GMenuModel *model,
                          const char *attribute,
                          GPtrArray  *values)
{
  int n = g_menu_model_get_n_items (model);

  for (int i = 0; i < n; i++)
    {
      g_autoptr(GMenuLinkIter) links = NULL;
      char *value = NULL;

      if (g_menu_model_get_item_attribute (model, i, attribute, "s", &value))
        g_ptr_array_add (values, value);
      links = g_menu_model_iterate_item_links (model, i);
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) sub = g_menu_link_iter_get_value (links);

          app_test_menu_attributes (sub, attribute, values);
        }
    }
}
