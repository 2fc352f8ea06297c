/* test-file-dialogs.c — where the open and save dialogs start (suite 'app'):
 * the current file's folder, else the last folder used, else the user's
 * documents, else home; never the working directory. And that choosing a
 * file remembers its folder in the `last-folder` setting.
 *
 * No display needed: the folder choice is a plain function, and the
 * remembering goes through the dialogs' test answer. */
#include "config.h"

#include <glib/gstdio.h>

#include "app-test-util.h"
#include "chess-file-dialogs.h"

static char *home;          /* $HOME for this test */
static char *config_home;   /* $XDG_CONFIG_HOME, with user-dirs.dirs */
static char *elsewhere;     /* the working directory, which must never win */

static char *
make_folder (const char *parent,
             const char *name)
{
  char *path = g_build_filename (parent, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (path, 0700), ==, 0);
  return path;
}

/* Says where the documents folder is, as xdg-user-dirs writes it. */
static void
set_documents_dir (const char *path)
{
  g_autofree char *file = g_build_filename (config_home, "user-dirs.dirs", NULL);
  g_autofree char *text = g_strdup_printf ("XDG_DOCUMENTS_DIR=\"%s\"\n", path);

  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  g_reload_user_special_dirs_cache ();
}

static void
assert_folder (GFile      *folder,
               const char *expected)
{
  g_autofree char *path = g_file_get_path (folder);

  g_assert_cmpstr (path, ==, expected);
  g_assert_cmpstr (path, !=, elsewhere);
}

static void
test_current_file_first (void)
{
  g_autofree char *games = make_folder (home, "games");
  g_autofree char *last = make_folder (home, "last");
  g_autofree char *game_path = g_build_filename (games, "game.pgn", NULL);
  g_autoptr(GFile) game = g_file_new_for_path (game_path);
  g_autoptr(GFile) folder = chess_file_dialog_start_folder (game, last);

  assert_folder (folder, games);
}

static void
test_last_folder (void)
{
  g_autofree char *last = make_folder (home, "last");
  g_autofree char *documents = make_folder (home, "Documents");
  g_autofree char *gone = g_build_filename (home, "deleted-since", NULL);
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) fallback = NULL;

  set_documents_dir (documents);
  folder = chess_file_dialog_start_folder (NULL, last);
  assert_folder (folder, last);

  /* A remembered folder that is gone is passed over. */
  fallback = chess_file_dialog_start_folder (NULL, gone);
  assert_folder (fallback, documents);
}

static void
test_documents (void)
{
  g_autofree char *documents = make_folder (home, "Dokumente");
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) no_setting = NULL;

  set_documents_dir (documents);
  folder = chess_file_dialog_start_folder (NULL, "");
  assert_folder (folder, documents);
  no_setting = chess_file_dialog_start_folder (NULL, NULL);
  assert_folder (no_setting, documents);
}

static void
test_home (void)
{
  g_autofree char *missing = g_build_filename (home, "NoDocumentsHere", NULL);
  g_autoptr(GFile) folder = NULL;

  set_documents_dir (missing);
  folder = chess_file_dialog_start_folder (NULL, "");
  assert_folder (folder, home);
}

/* In a Flatpak, a file chosen through the portal is seen in a folder of its
 * own under the document portal's: no place to start the next dialog. */
static void
test_document_portal (void)
{
  g_autofree char *runtime = make_folder (home, "runtime");
  g_autofree char *doc = make_folder (runtime, "doc");
  g_autofree char *one_file = make_folder (doc, "74dead78");
  g_autofree char *game_path = g_build_filename (one_file, "game.pgn", NULL);
  g_autofree char *documents = make_folder (home, "Documents");
  g_autofree char *last = make_folder (home, "last");
  g_autoptr(GFile) game = g_file_new_for_path (game_path);
  g_autoptr(GFile) from_game = NULL;
  g_autoptr(GFile) from_last = NULL;
  g_autoptr(GFile) portal_last = NULL;

  g_assert_cmpstr (g_get_user_runtime_dir (), ==, runtime);
  set_documents_dir (documents);
  from_game = chess_file_dialog_start_folder (game, last);
  assert_folder (from_game, last);
  from_last = chess_file_dialog_start_folder (game, "");
  assert_folder (from_last, documents);
  portal_last = chess_file_dialog_start_folder (NULL, one_file);
  assert_folder (portal_last, documents);
}

static void
answered_cb (GFile    *file,
             gpointer  user_data)
{
  gboolean *answered = user_data;

  *answered = TRUE;
}

static void
wait_for (gboolean *answered)
{
  while (!*answered)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_remembered (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  g_autofree char *opened_from = make_folder (home, "opened-from");
  g_autofree char *saved_to = make_folder (home, "saved-to");
  g_autofree char *opened_path = g_build_filename (opened_from, "a.pgn", NULL);
  g_autofree char *saved_path = g_build_filename (saved_to, "b.pgn", NULL);
  g_autoptr(GFile) opened = g_file_new_for_path (opened_path);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autofree char *after_open = NULL;
  g_autofree char *after_save = NULL;
  g_autofree char *after_cancel = NULL;
  gboolean answered = FALSE;

  chess_file_dialog_answer_next_for_testing (opened);
  chess_file_dialog_open (NULL, NULL, answered_cb, &answered);
  wait_for (&answered);
  after_open = g_settings_get_string (settings, "last-folder");
  g_assert_cmpstr (after_open, ==, opened_from);

  answered = FALSE;
  chess_file_dialog_answer_next_for_testing (saved);
  chess_file_dialog_save (NULL, NULL, "b.pgn", answered_cb, &answered);
  wait_for (&answered);
  after_save = g_settings_get_string (settings, "last-folder");
  g_assert_cmpstr (after_save, ==, saved_to);

  /* Cancelling remembers nothing. */
  answered = FALSE;
  chess_file_dialog_answer_next_for_testing (NULL);
  chess_file_dialog_open (NULL, NULL, answered_cb, &answered);
  wait_for (&answered);
  after_cancel = g_settings_get_string (settings, "last-folder");
  g_assert_cmpstr (after_cancel, ==, saved_to);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data_home = app_test_make_data_home ("thinkchess-test-file-dialogs-XXXXXX");
  int status;

  /* Before GLib reads them: a home and a config folder of the test's own,
   * and a working directory that is neither. */
  home = make_folder (data_home, "home");
  config_home = make_folder (data_home, "config");
  elsewhere = make_folder (data_home, "started-here");
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
  {
    g_autofree char *runtime = g_build_filename (home, "runtime", NULL);
    g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  }
  g_assert_cmpint (g_chdir (elsewhere), ==, 0);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/file-dialogs/start-folder/current-file", test_current_file_first);
  g_test_add_func ("/file-dialogs/start-folder/last-folder", test_last_folder);
  g_test_add_func ("/file-dialogs/start-folder/documents", test_documents);
  g_test_add_func ("/file-dialogs/start-folder/home", test_home);
  g_test_add_func ("/file-dialogs/start-folder/document-portal", test_document_portal);
  g_test_add_func ("/file-dialogs/remembered", test_remembered);
  status = g_test_run ();

  app_test_remove_tree (data_home);
  g_free (home);
  g_free (config_home);
  g_free (elsewhere);
  return status;
}
