/* chess-file-dialogs.c — open and save dialogs for game files. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-file-dialogs.h"

typedef struct
{
  ChessFileCallback callback;
  gpointer          user_data;
} ChessFileRequest;

/* The answer chess_file_dialog_answer_next_for_testing prepared. */
static gboolean  test_answer_set;
static GFile    *test_answer;

static gboolean
test_answer_cb (gpointer user_data)
{
  g_autofree ChessFileRequest *request = user_data;
  g_autoptr(GFile) file = g_steal_pointer (&test_answer);

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
file_dialog_new (const char *title)
{
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) pgn = pgn_filter_new ();
  g_autoptr(GtkFileFilter) all = all_filter_new ();

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  g_list_store_append (filters, pgn);
  g_list_store_append (filters, all);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, pgn);
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

  request->callback (file, request->user_data);
}

static void
native_show (GtkFileChooserNative *native,
             ChessFileCallback     callback,
             gpointer              user_data)
{
  ChessFileRequest *request = g_new0 (ChessFileRequest, 1);
  g_autoptr(GtkFileFilter) pgn = pgn_filter_new ();
  g_autoptr(GtkFileFilter) all = all_filter_new ();

  request->callback = callback;
  request->user_data = user_data;
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), pgn);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), pgn);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* The reference from _new() is the request's until the response. */
  g_signal_connect (native, "response", G_CALLBACK (native_response_cb), request);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

#endif

void
chess_file_dialog_open (GtkWindow         *parent,
                        ChessFileCallback  callback,
                        gpointer           user_data)
{
  g_return_if_fail (callback != NULL);

  if (answer_for_test (callback, user_data))
    return;

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = file_dialog_new (_("Open Game"));
    ChessFileRequest *request = g_new0 (ChessFileRequest, 1);

    request->callback = callback;
    request->user_data = user_data;
    gtk_file_dialog_open (dialog, parent, NULL, file_dialog_opened_cb, request);
  }
#else
  native_show (gtk_file_chooser_native_new (_("Open Game"), parent,
                                            GTK_FILE_CHOOSER_ACTION_OPEN,
                                            _("_Open"), _("_Cancel")),
               callback, user_data);
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
  if (current != NULL)
    folder = g_file_get_parent (current);

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkFileDialog) dialog = file_dialog_new (_("Save Game"));
    ChessFileRequest *request = g_new0 (ChessFileRequest, 1);

    request->callback = callback;
    request->user_data = user_data;
    if (folder != NULL)
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
    if (folder != NULL)
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
    if (suggested_name != NULL)
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested_name);
    native_show (native, callback, user_data);
  }
#endif
}
