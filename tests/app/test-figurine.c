/* test-figurine.c — figurine notation in the move list: each figurine is
 * drawn as tall and as dark as the letter it stands for. The move's label
 * is rendered as the window draws it and its pixels are measured. */
#include "config.h"

#include <adwaita.h>
#include <gtk/gtk.h>

#include "chess-figurine-label.h"
#include "chess-move-list-view.h"

#include "app-test-util.h"

/* The first glyph of a rendered label: its ink's height in pixels, and
 * how dark it is (the mean coverage over its ink box, 0 to 1). */
typedef struct
{
  int    height;
  int    width;
  double darkness;
} Glyph;

static GdkTexture *
render (GtkWidget *widget)
{
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
  g_assert_cmpint (gtk_widget_get_height (widget), >, 0);
  return app_test_render (widget);
}

/* The label has no background: the alpha of its pixels is the ink. The
 * first character's box comes from the label's own layout; only the ink
 * above the baseline counts, so a Q's tail does not make it taller. */
static Glyph
measure_first_glyph (GtkWidget  *label,
                     const char *save_as)
{
  g_autoptr(GdkTexture) texture = render (label);
  PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (label));
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  gsize stride = (gsize) width * 4;
  g_autofree guchar *pixels = g_malloc (stride * height);
  int offset_x, offset_y, first, last, baseline;
  int left = width, right = -1, top = height;
  PangoRectangle box;
  double coverage = 0;
  Glyph glyph = { 0 };

  gdk_texture_download (texture, pixels, stride);
  if (save_as != NULL && g_getenv ("FIGURINE_TEST_SHOTS") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("FIGURINE_TEST_SHOTS"), save_as, NULL);
      gdk_texture_save_to_png (texture, path);
    }

  gtk_label_get_layout_offsets (GTK_LABEL (label), &offset_x, &offset_y);
  pango_layout_index_to_pos (layout, 0, &box);
  first = offset_x + PANGO_PIXELS_FLOOR (box.x);
  last = MIN (width - 1, offset_x + PANGO_PIXELS_CEIL (box.x + box.width) - 1);
  baseline = MIN (height - 1, offset_y + PANGO_PIXELS (pango_layout_get_baseline (layout)) - 1);
  g_assert_cmpint (first, >=, 0);
  g_assert_cmpint (first, <, last);

  for (int y = 0; y <= baseline; y++)
    for (int x = first; x <= last; x++)
      if (pixels[y * stride + x * 4 + 3] > 24)
        {
          top = MIN (top, y);
          left = MIN (left, x);
          right = MAX (right, x);
        }
  g_assert_cmpint (right, >=, left);
  for (int y = top; y <= baseline; y++)
    for (int x = left; x <= right; x++)
      coverage += pixels[y * stride + x * 4 + 3] / 255.0;

  glyph.width = right - left + 1;
  glyph.height = baseline - top + 1;
  glyph.darkness = coverage / (glyph.width * glyph.height);
  return glyph;
}

static GtkWidget *
move_label (ChessMoveListView *list,
            guint              ply)
{
  GtkWidget *button = chess_move_list_view_get_move_button (list, ply);

  return gtk_button_get_child (GTK_BUTTON (button));
}

/* Each piece's figurine against its letter in SAN, in the real move list. */
static void
test_figurines_match_letters (void)
{
  static const char *const moves[] = { "Nf3", "d5", "g3", "Bg4", "Bg2", "Qd7", "O-O", "Kd8", "Re1", NULL };
  static const struct { guint ply; const char *san; const char *figurine; } pieces[] = {
    { 0, "Nf3", "\u265ef3" },
    { 3, "Bg4", "\u265dg4" },
    { 5, "Qd7", "\u265bd7" },
    { 7, "Kd8", "\u265ad8" },
    { 8, "Re1", "\u265ce1" },
  };
  ChessWindow *window = app_test_new_window ();
  GSettings *settings = chess_window_get_settings (window);
  ChessGame *game = chess_window_get_game (window);
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  Glyph letters[G_N_ELEMENTS (pieces)], figurines[G_N_ELEMENTS (pieces)];

  for (guint i = 0; moves[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (chess_game_play (game, moves[i], &error));
      g_assert_no_error (error);
    }
  /* Browse back to the start, so no move is the bold current one. */
  chess_game_set_view_ply (game, 0);

  g_settings_set_enum (settings, "notation", 0);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      g_autofree char *name = g_strdup_printf ("san-%u.png", pieces[i].ply);

      g_assert_cmpstr (chess_move_list_view_get_move_text (list, pieces[i].ply), ==, pieces[i].san);
      letters[i] = measure_first_glyph (move_label (list, pieces[i].ply), name);
    }

  g_settings_set_enum (settings, "notation", 2);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      g_autofree char *name = g_strdup_printf ("figurine-%u.png", pieces[i].ply);

      g_assert_cmpstr (chess_move_list_view_get_move_text (list, pieces[i].ply), ==,
                       pieces[i].figurine);
      figurines[i] = measure_first_glyph (move_label (list, pieces[i].ply), name);
    }

  if (g_getenv ("FIGURINE_TEST_SHOTS") != NULL)
    {
      g_autoptr(GdkTexture) shot = render (GTK_WIDGET (window));
      g_autofree char *path = g_build_filename (g_getenv ("FIGURINE_TEST_SHOTS"), "window.png", NULL);

      gdk_texture_save_to_png (shot, path);
    }

  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      g_test_message ("%s: letter %d×%d px, %.2f dark; figurine %d×%d px, %.2f dark",
                      pieces[i].san, letters[i].width, letters[i].height, letters[i].darkness,
                      figurines[i].width, figurines[i].height, figurines[i].darkness);
      /* As tall as the capital letter (at least), not towering over it. */
      g_assert_cmpint (figurines[i].height, >=, letters[i].height);
      g_assert_cmpint (figurines[i].height, <=, letters[i].height * 3 / 2 + 1);
      /* As wide as a letter, so it reads as one. */
      g_assert_cmpint (figurines[i].width * 10, >=, letters[i].width * 8);
      /* Solid, not a faint outline: the mean ink over the glyph's box
       * close to the letter's. (A pointed bishop leaves more of its box
       * empty than a B does: with DejaVu Sans, the only font Debian 13 has
       * for them, the lightest solid one measures 0.62; an outlined one stays
       * below 0.3.) */
      g_assert_cmpfloat (figurines[i].darkness, >=, letters[i].darkness * 0.55);
    }
  app_test_destroy_window (window);
}

/* A font that draws its figurines small gets them scaled up to the
 * capitals' height; one that draws them large enough is left alone. */
static void
test_scale_follows_font (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *label = gtk_label_new ("\u265ef3");
  g_autoptr(PangoAttrList) small = pango_attr_list_new ();
  PangoAttrList *fitted;
  PangoAttribute *scale;
  double plain;

  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);

  plain = chess_figurine_label_get_scale (GTK_LABEL (label));
  g_assert_cmpfloat (plain, >=, 1.0);
  g_assert_cmpfloat (plain, <=, 2.0);

  /* The letters drawn in a font without the figurines, the figurines from
   * the fallback: the scale depends on the two fonts' proportions only. */
  chess_figurine_label_fit (GTK_LABEL (label));
  fitted = gtk_label_get_attributes (GTK_LABEL (label));
  if (plain > 1.0)
    {
      g_assert_nonnull (fitted);
      PangoAttrIterator *iterator = pango_attr_list_get_iterator (fitted);

      scale = pango_attr_iterator_get (iterator, PANGO_ATTR_SCALE);
      g_assert_nonnull (scale);
      g_assert_cmpuint (scale->start_index, ==, 0);
      g_assert_cmpuint (scale->end_index, ==, 3);
      pango_attr_iterator_destroy (iterator);
    }
  else
    g_assert_null (fitted);

  /* Text without figurines gets no attributes. */
  gtk_label_set_text (GTK_LABEL (label), "Nf3");
  chess_figurine_label_fit (GTK_LABEL (label));
  g_assert_null (gtk_label_get_attributes (GTK_LABEL (label)));
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_spin ();
}

int
main (int    argc,
      char **argv)
{
  /* The app's style sheet: the move list as the app shows it. */
  if (!app_test_begin (&argc, &argv, "thinkchess-test-figurine-XXXXXX",
                       APP_TEST_APP_STYLE))
    return 0;

  g_test_add_func ("/figurine/match-letters", test_figurines_match_letters);
  g_test_add_func ("/figurine/scale-follows-font", test_scale_follows_font);

  return app_test_end (g_test_run ());
}
