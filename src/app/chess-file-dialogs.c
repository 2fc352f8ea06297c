/* chess-file-dialogs.c — open and save dialogs for game files. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-file-dialogs.h"

typedef struct
{
  ChessFileCallback callback;
  gpointer          user_data;
  gboolean          program;   /* an engine's program: its folder is not remembered */
} ChessFileRequest;

static gboolean
is_folder (const char *path)
{
  return path != NULL && path[0] != '\0' && g_file_test (path, G_FILE_TEST_IS_DIR);
}

/* Whether `path` lies in the document portal's folder, where a sandboxed
 * app sees a file the user chose through the portal: each such file has a
 * folder of its own there ("/run/user/1000/doc/74dead78"), which means
 * nothing to the user and holds no other game. */
static gboolean
in_document_portal (const char *path)
{
  g_autofree char *portal = g_build_filename (g_get_user_runtime_dir (), "doc", NULL);

  return path != NULL
         && ((g_str_has_prefix (path, portal) && (path[strlen (portal)] == '/'
                                                  || path[strlen (portal)] == '\0'))
             || g_str_has_prefix (path, "/run/flatpak/doc/"));
}

GFile *
chess_file_dialog_start_folder (GFile      *current,
                                const char *last_folder)
{
  const char *documents;

  if (current != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (current);
      g_autofree char *path = parent != NULL ? g_file_get_path (parent) : NULL;

      if (parent != NULL && !in_document_portal (path))
        return g_steal_pointer (&parent);
    }
  if (is_folder (last_folder) && !in_document_portal (last_folder))
    return g_file_new_for_path (last_folder);
  documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  if (is_folder (documents))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

static GFile *
start_folder (GFile *current)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *last_folder = g_settings_get_string (settings, "last-folder");

  return chess_file_dialog_start_folder (current, last_folder);
}

/* Remembers the folder of the file the user chose (local files only: the
 * setting is a path). */
static void
remember_folder (GFile *chosen)
{
  g_autoptr(GFile) parent = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (chosen == NULL || (parent = g_file_get_parent (chosen)) == NULL
      || (path = g_file_get_path (parent)) == NULL || in_document_portal (path))
    return;
  settings = g_settings_new (APPLICATION_ID);
  g_settings_set_string (settings, "last-folder", path);
}

/* The answer chess_file_dialog_answer_next_for_testing prepared. */
static gboolean  test_answer_set;
static GFile    *test_answer;

static gboolean
test_answer_cb (gpointer user_data)
{
  g_autofree ChessFileRequest *request = user_data;
  g_autoptr(GFile) file = g_steal_pointer (&test_answer);

  remember_folder (file);
  request->callback (file, request->user_data);
  return G_SOURCE_REMOVE;
}

/* TRUE when a test answers instead of a dialog. */
static gboolean
answer_for_test (ChessFileCallback callback,
                 gpointer          user_data)
{
  ChessFileRequest *request;

  if (!test_answer_set)
    return FALSE;
  test_answer_set = FALSE;
  request = g_new0 (ChessFileRequest, 1);
  request->callback = callback;
  request->user_data = user_data;
  g_idle_add (test_answer_cb, request);
  return TRUE;
}

void
chess_file_dialog_answer_next_for_testing (GFile *file)
{
  g_set_object (&test_answer, file);
  test_answer_set = TRUE;
}

static GtkFileFilter *
pgn_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("PGN files"));
  gtk_file_filter_add_mime_type (filter, "application/x-chess-pgn");
  gtk_file_filter_add_pattern (filter, "*.pgn");
  gtk_file_filter_add_pattern (filter, "*.PGN");
  return filter;
}

static GtkFileFilter *
all_filter_new (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("All files"));
  gtk_file_filter_add_pattern (filter, "*");
  return filter;
}

#if GTK_CHECK_VERSION (4, 10, 0)

static GtkFileDialog *
file_dialog_new (const char *title,
                 gboolean    games)
{
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) pgn = pgn_filter_new ();
  g_autoptr(GtkFileFilter) all = all_filter_new ();

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  if (games)
    g_list_store_append (filters, pgn);
  g_list_store_append (filters, all);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, games ? pgn : all);
  return dialog;
}

/* The user closing the dialog is a NULL answer and no error; a failure
 * (no file chooser portal, say) answers NULL too, but is logged, or the
 * dialog would seem to silently do nothing. */
static void
file_dialog_check_error (const char   *what,
                         const GError *error)
{
  if (error != NULL
      && !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED)
      && !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
    g_warning ("File dialog (%s) failed: %s", what, error->message);
}

static void
file_dialog_opened_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autofree ChessFileRequest *request = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, &error);
  file_dialog_check_error ("open", error);
  remember_folder (file);
  request->callback (file, request->user_data);
}

/* The engine's folder is not a game folder: not remembered. */
static void
file_dialog_program_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autofree ChessFileRequest *request = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, &error);
  file_dialog_check_error ("program", error);
  request->callback (file, request->user_data);
}

static void
file_dialog_saved_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autofree ChessFileRequest *request = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, &error);
  file_dialog_check_error ("save", error);
  remember_folder (file);
  request->callback (file, request->user_data);
}

#else

/* A GtkFileChooserNative is not kept alive by being shown: the request
 * holds a reference until the answer comes. */
static void
native_response_cb (GtkNativeDialog *native,
                    int              response,
                    gpointer         user_data)
{
  g_autofree ChessFileRequest *request = user_data;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  g_signal_handlers_disconnect_by_data (native, request);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);

  if (!request->program)
    remember_folder (file);
  request->callback (file, request->user_data);
}

static void
native_show (GtkFileChooserNative *native,
             GFile                *folder,
             gboolean              games,
             ChessFileCallback     callback,
             gpointer              user_data)
{
  ChessFileRequest *request = g_new0 (ChessFileRequest, 1);
  g_autoptr(GtkFileFilter) pgn = pgn_filter_new ();
  g_autoptr(GtkFileFilter) all = all_filter_new ();

  request->callback = callback;
  request->user_data = user_data;
  request->program = !games;
  if (games)
    gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), pgn);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), games ? pgn : all);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* The reference from _new() is the request's until the response. */
  g_signal_connect (native, "response", G_CALLBACK (native_response_cb), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

#endif

void
chess_file_dialog_open (GtkWindow         *parent,
                        GFile             *current,
                        ChessFileCallback  callback,
                        gpointer           user_data)
{
  g_autoptr(GFile) folder = NULL;

  g_return_if_fail (callback != NULL);

  if (answer_for_test (callback, user_data))
    return;
  folder = start_folder (current);

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = file_dialog_new (_("Open Game"), TRUE);
    ChessFileRequest *request = g_new0 (ChessFileRequest, 1);

    request->callback = callback;
    request->user_data = user_data;
    gtk_file_dialog_set_initial_folder (dialog, folder);
    gtk_file_dialog_open (dialog, parent, NULL, file_dialog_opened_cb, request);
  }
#else
  native_show (gtk_file_chooser_native_new (_("Open Game"), parent,
                                            GTK_FILE_CHOOSER_ACTION_OPEN,
                                            _("_Open"), _("_Cancel")),
               folder, TRUE, callback, user_data);
#endif
}

void
chess_file_dialog_save (GtkWindow         *parent,
                        GFile             *current,
                        const char        *suggested_name,
                        ChessFileCallback  callback,
                        gpointer           user_data)
{
  g_autoptr(GFile) folder = NULL;

  g_return_if_fail (callback != NULL);

  if (answer_for_test (callback, user_data))
    return;
  folder = start_folder (current);

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = file_dialog_new (_("Save Game"), TRUE);
    ChessFileRequest *request = g_new0 (ChessFileRequest, 1);

    request->callback = callback;
    request->user_data = user_data;
    gtk_file_dialog_set_initial_folder (dialog, folder);
    if (suggested_name != NULL)
      gtk_file_dialog_set_initial_name (dialog, suggested_name);
    gtk_file_dialog_save (dialog, parent, NULL, file_dialog_saved_cb, request);
  }
#else
  {
    GtkFileChooserNative *native;

    native = gtk_file_chooser_native_new (_("Save Game"), parent,
                                          GTK_FILE_CHOOSER_ACTION_SAVE,
                                          _("_Save"), _("_Cancel"));
    if (suggested_name != NULL)
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested_name);
    native_show (native, folder, TRUE, callback, user_data);
  }
#endif
}

void
chess_file_dialog_open_program (GtkWindow         *parent,
                                ChessFileCallback  callback,
                                gpointer           user_data)
{
  g_autoptr(GFile) folder = NULL;

  g_return_if_fail (callback != NULL);

  if (answer_for_test (callback, user_data))
    return;
  /* Debian installs chess engines there, off the PATH. */
  folder = g_file_new_for_path (g_file_test ("/usr/games", G_FILE_TEST_IS_DIR) ? "/usr/games" : "/usr/bin");

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = file_dialog_new (_("Choose an Engine Program"), FALSE);
    ChessFileRequest *request = g_new0 (ChessFileRequest, 1);

    request->callback = callback;
    request->user_data = user_data;
    gtk_file_dialog_set_initial_folder (dialog, folder);
    gtk_file_dialog_open (dialog, parent, NULL, file_dialog_program_cb, request);
  }
#else
  native_show (gtk_file_chooser_native_new (_("Choose an Engine Program"), parent,
                                            GTK_FILE_CHOOSER_ACTION_OPEN,
                                            _("_Choose"), _("_Cancel")),
               folder, FALSE, callback, user_data);
#endif
}
