/* chess-engines-page.c — the Preferences' "Engines" page. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-a11y.h"
#include "chess-external-registry.h"
#include "chess-engines-page.h"
#include "chess-file-dialogs.h"

struct _ChessEnginesPage
{
  AdwPreferencesPage parent_instance;

  AdwPreferencesGroup *list_group;
  GPtrArray           *list_rows;       /* the rows in list_group */
  AdwActionRow        *program_row;
  AdwEntryRow         *arguments_row;
  AdwComboRow         *protocol_row;
  AdwEntryRow         *options_row;
  GtkWidget           *add_button;
  GtkWidget           *spinner;
  GtkWidget           *message_label;

  GSettings           *settings;
  char                *program;         /* the path chosen, or NULL */
  GCancellable        *probe;           /* set while an engine is tried */
};

G_DEFINE_FINAL_TYPE (ChessEnginesPage, chess_engines_page, ADW_TYPE_PREFERENCES_PAGE)

enum
{
  SIGNAL_ADDED,
  SIGNAL_ADD_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The file flatpak puts at the root of every sandbox; tests point it
 * elsewhere. */
static char *flatpak_info_path;

void
chess_engines_page_set_flatpak_info_for_testing (const char *path)
{
  g_free (flatpak_info_path);
  flatpak_info_path = g_strdup (path);
}

/* Inside a Flatpak the host's programs (/usr/games/stockfish …) are not
 * there to be found or run: the page says so rather than asking the user
 * to install one. */
static gboolean
in_flatpak_sandbox (void)
{
  return g_file_test (flatpak_info_path != NULL ? flatpak_info_path : "/.flatpak-info",
                      G_FILE_TEST_EXISTS);
}

static const char *
protocol_name (ChessExternalProtocol protocol)
{
  return protocol == CHESS_EXTERNAL_PROTOCOL_UCI ? "UCI" : "xboard";
}

/* ---- The list ---- */

static void
remove_clicked_cb (GtkButton        *button,
                   ChessEnginesPage *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "engine-id");

  chess_external_registry_remove (self->settings, id);
}

static GtkWidget *
engine_row_new (ChessEnginesPage       *self,
                const ChessExternalEntry *entry)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *command = g_strjoinv (" ", entry->argv);
  g_autofree char *subtitle = NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), entry->name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  subtitle = entry->added_by_user
             /* Translators: an engine's command and protocol, e.g.
              * "/usr/games/stockfish · UCI · added by hand". */
             ? g_strdup_printf (_("%s · %s · added by hand"), command, protocol_name (entry->protocol))
             /* Translators: an engine's command and protocol, e.g.
              * "/usr/games/stockfish · UCI · installed". */
             : g_strdup_printf (_("%s · %s · installed"), command, protocol_name (entry->protocol));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

  if (entry->added_by_user)
    {
      GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *label = g_strdup_printf (_("Remove %s"), entry->name);

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      g_object_set_data_full (G_OBJECT (button), "engine-id", g_strdup (entry->id), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (remove_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
  return row;
}

static void
refresh_list (ChessEnginesPage *self)
{
  g_autoptr(GPtrArray) engines = chess_external_registry_list (self->settings, NULL);

  for (guint i = 0; i < self->list_rows->len; i++)
    adw_preferences_group_remove (self->list_group, g_ptr_array_index (self->list_rows, i));
  g_ptr_array_set_size (self->list_rows, 0);

  for (guint i = 0; i < engines->len; i++)
    g_ptr_array_add (self->list_rows, engine_row_new (self, g_ptr_array_index (engines, i)));
  if (engines->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No engines found"));
      if (!in_flatpak_sandbox ())
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                     _("Install one (Stockfish, GNU Chess, Fairy-Max, …) or add one below."));
      g_ptr_array_add (self->list_rows, row);
    }
  for (guint i = 0; i < self->list_rows->len; i++)
    adw_preferences_group_add (self->list_group, g_ptr_array_index (self->list_rows, i));
}

guint
chess_engines_page_get_n_listed (ChessEnginesPage *self)
{
  g_autoptr(GPtrArray) engines = NULL;

  g_return_val_if_fail (CHESS_IS_ENGINES_PAGE (self), 0);
  engines = chess_external_registry_list (self->settings, NULL);
  return engines->len;
}

/* ---- Adding ---- */

static void
set_message (ChessEnginesPage *self,
             const char       *message)
{
  gtk_label_set_text (GTK_LABEL (self->message_label), message);
  gtk_widget_set_visible (self->message_label, *message != '\0');
}

const char *
chess_engines_page_get_message (ChessEnginesPage *self)
{
  g_return_val_if_fail (CHESS_IS_ENGINES_PAGE (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->message_label));
}

static void
update_add_button (ChessEnginesPage *self)
{
  gtk_widget_set_sensitive (self->add_button, self->program != NULL && self->probe == NULL);
  gtk_widget_set_visible (self->spinner, self->probe != NULL);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), self->probe != NULL);
}

void
chess_engines_page_set_program (ChessEnginesPage *self,
                                const char       *path)
{
  g_return_if_fail (CHESS_IS_ENGINES_PAGE (self));

  g_free (self->program);
  self->program = g_strdup (path);
  adw_action_row_set_subtitle (self->program_row, path != NULL ? path : _("None chosen"));
  set_message (self, "");
  update_add_button (self);
}

static void
program_chosen_cb (GFile    *file,
                   gpointer  user_data)
{
  ChessEnginesPage *self = user_data;
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  if (path != NULL)
    chess_engines_page_set_program (self, path);
  g_object_unref (self);
}

static void
choose_clicked_cb (ChessEnginesPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  chess_file_dialog_open_program (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                  program_chosen_cb, g_object_ref (self));
}

/* "Hash=64, Skill Level=5" → name → value; NULL with a message when a
 * part is not name=value. */
static GHashTable *
parse_options (const char  *text,
               char       **message)
{
  g_autoptr(GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *part = g_strstrip (parts[i]);
      char *equals = strchr (part, '=');
      g_autofree char *name = NULL;

      if (*part == '\0')
        continue;
      if (equals == NULL || equals == part)
        {
          /* Translators: %s is what the user wrote in the engine options. */
          *message = g_strdup_printf (_("“%s” is not an option: write name=value, separated by commas."),
                                      part);
          return NULL;
        }
      name = g_strstrip (g_strndup (part, (gsize) (equals - part)));
      g_hash_table_insert (options, g_steal_pointer (&name),
                           g_strstrip (g_strdup (equals + 1)));
    }
  return g_steal_pointer (&options);
}

/* The option `name` the engine offers, or NULL. */
static gboolean
engine_has_option (ChessExternalClient *client,
                   const char        *name)
{
  GPtrArray *options = chess_external_client_get_options (client);

  for (guint i = 0; options != NULL && i < options->len; i++)
    {
      ChessExternalOption *option = g_ptr_array_index (options, i);

      if (g_ascii_strcasecmp (option->name, name) == 0)
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  ChessEnginesPage    *page;       /* owned */
  char               **argv;
  ChessExternalProtocol  protocol;
  GHashTable          *options;
} AddRequest;

static void
add_request_free (AddRequest *request)
{
  g_object_unref (request->page);
  g_strfreev (request->argv);
  g_hash_table_unref (request->options);
  g_free (request);
}

static void
add_failed (ChessEnginesPage *self,
            const char       *message)
{
  set_message (self, message);
  g_signal_emit (self, signals[SIGNAL_ADD_FAILED], 0, message);
}

static void
probed_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  AddRequest *request = user_data;
  ChessEnginesPage *self = request->page;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessExternalClient) client = chess_external_registry_probe_finish (result, &error);
  GHashTableIter iter;
  gpointer name;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      add_request_free (request);
      return;
    }
  g_clear_object (&self->probe);
  update_add_button (self);

  if (client == NULL)
    {
      add_failed (self, error->message);
      add_request_free (request);
      return;
    }

  /* An option the engine does not have would be ignored at every game. */
  g_hash_table_iter_init (&iter, request->options);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    if (!engine_has_option (client, name))
      {
        g_autofree char *message =
          /* Translators: an engine's name, then an option's name. */
          g_strdup_printf (_("%s has no option “%s”."), chess_external_client_get_name (client),
                           (const char *) name);

        add_failed (self, message);
        chess_external_client_quit_async (client, NULL, NULL);
        add_request_free (request);
        return;
      }

  {
    ChessExternalEntry entry = { 0 };
    g_autofree char *notice = NULL;

    entry.name = (char *) chess_external_client_get_name (client);
    entry.argv = request->argv;
    entry.protocol = request->protocol;
    entry.options = request->options;
    chess_external_registry_save (self->settings, &entry);
    g_free (entry.id);

    /* Translators: %s is an engine's name. */
    notice = g_strdup_printf (_("%s added."), chess_external_client_get_name (client));
    set_message (self, notice);
    chess_engines_page_set_program (self, NULL);
    set_message (self, notice);
    gtk_editable_set_text (GTK_EDITABLE (self->arguments_row), "");
    gtk_editable_set_text (GTK_EDITABLE (self->options_row), "");
    g_signal_emit (self, signals[SIGNAL_ADDED], 0);
  }
  chess_external_client_quit_async (client, NULL, NULL);
  add_request_free (request);
}

void
chess_engines_page_add (ChessEnginesPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_auto(GStrv) arguments = NULL;
  g_autoptr(GStrvBuilder) argv = NULL;
  const char *arguments_text;
  GHashTable *options;
  AddRequest *request;

  g_return_if_fail (CHESS_IS_ENGINES_PAGE (self));

  if (self->program == NULL || self->probe != NULL)
    return;
  arguments_text = gtk_editable_get_text (GTK_EDITABLE (self->arguments_row));
  if (*arguments_text != '\0' && !g_shell_parse_argv (arguments_text, NULL, &arguments, &error))
    {
      /* Translators: %s says what is wrong with the arguments. */
      message = g_strdup_printf (_("The arguments cannot be read: %s"), error->message);
      add_failed (self, message);
      return;
    }
  options = parse_options (gtk_editable_get_text (GTK_EDITABLE (self->options_row)), &message);
  if (options == NULL)
    {
      add_failed (self, message);
      return;
    }

  argv = g_strv_builder_new ();
  g_strv_builder_add (argv, self->program);
  if (arguments != NULL)
    g_strv_builder_addv (argv, (const char **) arguments);

  request = g_new0 (AddRequest, 1);
  request->page = g_object_ref (self);
  request->argv = g_strv_builder_end (argv);
  request->protocol = adw_combo_row_get_selected (self->protocol_row) == 0
                      ? CHESS_EXTERNAL_PROTOCOL_UCI : CHESS_EXTERNAL_PROTOCOL_XBOARD;
  request->options = options;

  set_message (self, _("Trying the engine…"));
  self->probe = g_cancellable_new ();
  update_add_button (self);
  chess_external_registry_probe_async ((const char *const *) request->argv, request->protocol,
                                       self->probe, probed_cb, request);
}

/* ---- GObject ---- */

static void
chess_engines_page_dispose (GObject *object)
{
  ChessEnginesPage *self = CHESS_ENGINES_PAGE (object);

  if (self->probe != NULL)
    g_cancellable_cancel (self->probe);
  g_clear_object (&self->probe);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->list_rows, g_ptr_array_unref);
  g_clear_pointer (&self->program, g_free);

  G_OBJECT_CLASS (chess_engines_page_parent_class)->dispose (object);
}

static void
chess_engines_page_class_init (ChessEnginesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chess_engines_page_dispose;

  signals[SIGNAL_ADDED] =
    g_signal_new ("added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_ADD_FAILED] =
    g_signal_new ("add-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
chess_engines_page_init (ChessEnginesPage *self)
{
  AdwPreferencesGroup *add_group;
  g_autoptr(GtkStringList) protocols = gtk_string_list_new (NULL);
  GtkWidget *choose, *box;

  self->list_rows = g_ptr_array_new ();
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (self), _("Engines"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (self), "system-run-symbolic");

  self->list_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->list_group, _("External Engines"));
  adw_preferences_group_set_description (self->list_group,
                                         in_flatpak_sandbox ()
                                         ? _("Engines installed on this computer, such as Stockfish, cannot be seen from inside the Flatpak sandbox. The built-in engine needs none of them: it plays, hints and analyses on its own.")
                                         : _("Other chess programs you can play against: choose one in New Game."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), self->list_group);

  add_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (add_group, _("Add an Engine"));
  adw_preferences_group_set_description (add_group,
                                         _("Any engine that speaks UCI or xboard (CECP)."));

  self->program_row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->program_row), _("Program"));
  adw_action_row_set_subtitle (self->program_row, _("None chosen"));
  choose = gtk_button_new_with_mnemonic (_("_Choose…"));
  gtk_widget_set_valign (choose, GTK_ALIGN_CENTER);
  chess_a11y_name_button (choose, _("Choose the engine’s program"));
  g_signal_connect_swapped (choose, "clicked", G_CALLBACK (choose_clicked_cb), self);
  adw_action_row_add_suffix (self->program_row, choose);
  adw_preferences_group_add (add_group, GTK_WIDGET (self->program_row));

  self->arguments_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->arguments_row),
                                 _("Arguments (e.g. --uci)"));
  adw_preferences_group_add (add_group, GTK_WIDGET (self->arguments_row));

  self->protocol_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->protocol_row), _("Protocol"));
  gtk_string_list_append (protocols, "UCI");
  gtk_string_list_append (protocols, _("xboard (CECP)"));
  adw_combo_row_set_model (self->protocol_row, G_LIST_MODEL (protocols));
  adw_preferences_group_add (add_group, GTK_WIDGET (self->protocol_row));

  self->options_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->options_row),
                                 _("Options (e.g. Hash=64, Threads=1)"));
  adw_preferences_group_add (add_group, GTK_WIDGET (self->options_row));

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_top (box, 12);
  self->message_label = gtk_label_new ("");
  gtk_label_set_wrap (GTK_LABEL (self->message_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->message_label), 0);
  gtk_widget_set_hexpand (self->message_label, TRUE);
  gtk_widget_set_visible (self->message_label, FALSE);
  self->spinner = gtk_spinner_new ();
  self->add_button = gtk_button_new_with_mnemonic (_("_Add Engine"));
  chess_a11y_name_button (self->add_button, NULL);
  gtk_widget_add_css_class (self->add_button, "suggested-action");
  gtk_widget_set_valign (self->add_button, GTK_ALIGN_START);
  g_signal_connect_swapped (self->add_button, "clicked", G_CALLBACK (chess_engines_page_add), self);
  gtk_box_append (GTK_BOX (box), self->message_label);
  gtk_box_append (GTK_BOX (box), self->spinner);
  gtk_box_append (GTK_BOX (box), self->add_button);
  adw_preferences_group_add (add_group, box);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (self), add_group);
  update_add_button (self);
}

ChessEnginesPage *
chess_engines_page_new (GSettings *settings)
{
  ChessEnginesPage *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CHESS_TYPE_ENGINES_PAGE, NULL);
  self->settings = g_object_ref (settings);
  g_signal_connect_swapped (settings, "changed::external-engines",
                            G_CALLBACK (refresh_list), self);
  refresh_list (self);
  return self;
}
