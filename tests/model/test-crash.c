/* test-crash.c — a process killed with SIGKILL at random moments while it
 * plays, autosaves and saves (one game back into a file of several) always
 * leaves a complete, readable autosave and file; one killed while a player
 * thinks leaves the clocks to within a tenth of a second (the journal). */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "chess-game.h"

#define OTHER_GAMES \
  "[Event \"First\"]\n\n1. d4 d5 2. c4 *\n\n"
#define LAST_GAME \
  "\n[Event \"Last\"]\n\n1. c4 e5 *\n"

static const char *const moves[] = {
  "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
  "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
};

/* The child: plays the moves again and again, autosaving after each, and
 * puts the game back into the middle of `file` every other move. */
static G_GNUC_NORETURN void
play_forever (const char *file)
{
  for (;;)
    {
      g_autoptr(ChessGame) game = chess_game_new ();
      g_autofree char *data = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (file, &data, &length, NULL));
      g_autoptr(GPtrArray) index = chess_pgn_index (data, length);
      const ChessPgnIndexEntry *e = g_ptr_array_index (index, 1);
      ChessPgnSlot slot = { chess_pgn_file_checksum (data, length), e->offset, e->length };

      for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
        {
          g_assert_true (chess_game_play (game, moves[i], NULL));
          g_assert_true (chess_game_autosave (game, NULL));
          if (i % 2 == 1)
            {
              g_autoptr(ChessPgnGame) pgn = chess_game_to_pgn (game);
              g_assert_true (chess_pgn_replace_game (file, &slot, pgn, NULL));
            }
        }
      chess_pgn_slot_clear (&slot);
    }
}

/* A whole game of the moves above, or of none: every move legal, in order. */
static void
assert_complete (const char *text,
                 gsize       length,
                 guint       n_games)
{
  g_autoptr(GPtrArray) index = chess_pgn_index (text, length);

  g_assert_cmpuint (index->len, ==, n_games);
  for (guint i = 0; i < index->len; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_entry (text, length,
                                                           g_ptr_array_index (index, i),
                                                           NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (pgn->result, ==, "*");
    }
  /* Every file ends its last game with a result and a newline. */
  g_assert_true (length > 2 && text[length - 1] == '\n' && text[length - 2] == '*');
}

/* The data home of the whole program: GLib reads XDG_DATA_HOME once, so a
 * second test setting another would still write into the first. Each test
 * makes it, and removes it when done. */
static char *data_home;

/* Removes a test's data home: the app's folder in it (files written
 * there, leftovers of writes cut short included) and files at the top. */
static void
remove_tree (const char *home)
{
  g_autofree char *folder = g_build_filename (home, "thinkchess", NULL);
  const char *const levels[] = { folder, home };

  for (gsize i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autoptr(GDir) dir = g_dir_open (levels[i], 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (levels[i], name, NULL);
          g_unlink (path);
        }
      g_rmdir (levels[i]);
    }
}

static void
test_sigkill (void)
{
  const char *home = data_home;
  g_autofree char *file = g_build_filename (home, "games.pgn", NULL);
  GRand *rand = g_rand_new_with_seed (g_test_rand_int ());
  guint autosaves_seen = 0;

  g_assert_cmpint (g_mkdir_with_parents (home, 0700), ==, 0);
  g_assert_true (g_file_set_contents (file, OTHER_GAMES "[Event \"Middle\"]\n\n*\n" LAST_GAME,
                                      -1, NULL));

  /* 40 kills at random moments; on a loaded machine the first autosave
   * can come late, so go on until 30 rounds have found one (or give up:
   * then autosaving is broken). */
  for (int round = 0; round < 40 || (autosaves_seen < 30 && round < 400); round++)
    {
      pid_t child = fork ();
      g_assert_cmpint (child, >=, 0);
      if (child == 0)
        play_forever (file);

      g_usleep (g_rand_int_range (rand, 2000, 40000));
      kill (child, SIGKILL);
      int status;
      g_assert_cmpint (waitpid (child, &status, 0), ==, child);
      g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);

      /* The file: its other games byte for byte, the middle one whole. */
      g_autofree char *text = NULL;
      gsize length;
      g_assert_true (g_file_get_contents (file, &text, &length, NULL));
      g_assert_true (g_str_has_prefix (text, OTHER_GAMES));
      g_assert_true (g_str_has_suffix (text, LAST_GAME));
      assert_complete (text, length, 3);

      /* The autosave, once there is one. */
      g_autofree char *autosave = chess_game_autosave_path ();
      g_autofree char *saved = NULL;
      gsize saved_length;
      if (g_file_get_contents (autosave, &saved, &saved_length, NULL))
        {
          assert_complete (saved, saved_length, 1);
          autosaves_seen++;
        }
    }
  g_assert_cmpuint (autosaves_seen, >=, 30);
  g_rand_free (rand);

  remove_tree (home);
}

/* The child: 1. e4 on a running clock, autosaved; tells on `fd` when
 * Black's clock started (between two monotonic times), then Black thinks
 * (no main loop runs: as in the terminal game's prompt). */
static G_GNUC_NORETURN void
think_forever (ChessClockMode mode,
               int            fd)
{
  g_autoptr(ChessGame) game = chess_game_new ();
  gint64 started[2];

  chess_game_set_time_control (game, mode, 60000, 0);
  started[0] = g_get_monotonic_time ();
  g_assert_true (chess_game_play (game, "e4", NULL));
  started[1] = g_get_monotonic_time ();
  g_assert_true (chess_game_autosave (game, NULL));
  g_assert_cmpint (write (fd, started, sizeof started), ==, sizeof started);
  for (;;)
    pause ();
}

static void
test_clock_after_sigkill (void)
{
  const ChessClockMode modes[] = { CHESS_CLOCK_SUDDEN_DEATH, CHESS_CLOCK_UNTIMED };

  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    {
      g_autoptr(GError) error = NULL;
      const char *home = data_home;
      int fds[2];
      gint64 started[2];

      g_assert_cmpint (g_mkdir_with_parents (home, 0700), ==, 0);
      g_assert_cmpint (pipe (fds), ==, 0);
      pid_t child = fork ();
      g_assert_cmpint (child, >=, 0);
      if (child == 0)
        think_forever (modes[m], fds[1]);

      g_assert_cmpint (read (fds[0], started, sizeof started), ==, sizeof started);
      g_usleep (1700 * 1000);
      gint64 killing = g_get_monotonic_time ();
      kill (child, SIGKILL);
      gint64 killed = g_get_monotonic_time ();
      /* Black thought this long, give or take what the two spans allow. */
      gint64 thought_least = (killing - started[1]) / 1000;
      gint64 thought_most = (killed - started[0]) / 1000;
      int status;
      g_assert_cmpint (waitpid (child, &status, 0), ==, child);
      g_assert_true (WIFSIGNALED (status));
      close (fds[0]);
      close (fds[1]);

      /* Continue: Black's clock shows the time thought, to a tenth or two
       * (the autosave alone says 0). */
      g_autoptr(ChessGame) game = chess_game_load_autosave (&error);
      g_assert_no_error (error);
      ChessClock *clock = chess_game_get_clock (game);
      gint64 black = chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK);
      gint64 used = modes[m] == CHESS_CLOCK_UNTIMED ? black : 60000 - black;
      g_test_message ("thought %" G_GINT64_FORMAT "–%" G_GINT64_FORMAT " ms, the clock says %"
                      G_GINT64_FORMAT, thought_least, thought_most, used);
      g_assert_cmpint (used, <=, thought_most + 1);
      g_assert_cmpint (used, >=, thought_least - 200);
      g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==,
                       modes[m] == CHESS_CLOCK_UNTIMED ? 0 : 60000);
      g_clear_object (&game);
      remove_tree (home);
    }
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  data_home = g_dir_make_tmp ("thinkchess-crash-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_add_func ("/crash/sigkill", test_sigkill);
  g_test_add_func ("/crash/clock-after-sigkill", test_clock_after_sigkill);
  status = g_test_run ();
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
