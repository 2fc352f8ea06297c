/* test-pgn-write.c — PGN export format, round trips and atomic saving. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "chess-notation.h"
#include "pgn-test-util.h"

static ChessPgnGame *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  ChessPgnGame *game = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

/* Writes, reads back, writes again: the same game, the same text. */
static char *
round_trip (const ChessPgnGame *game)
{
  g_autofree char *text = chess_pgn_game_to_string (game);
  g_autoptr(ChessPgnGame) again = parse_ok (text);
  g_autofree char *text2 = chess_pgn_game_to_string (again);

  pgn_test_assert_equal (game, again);
  g_assert_cmpstr (text, ==, text2);
  pgn_test_assert_short_lines (text, FALSE);
  return g_steal_pointer (&text);
}

static void
test_export_format (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "[Annotator \"me\"]\n"
    "[Termination \"normal\"]\n"
    "[Black \"Jones, \\\"Big\\\" Ann\"]\n"
    "[White \"Smith\"]\n"
    "[TimeControl \"40/7200:3600\"]\n"
    "[Event \"Test\"]\n"
    "[Result \"1-0\"]\n"
    "\n"
    "{Start} 1. e4 $1 {[%clk 1:59:58]} e5 {[%clk 1:59:50] solid} 2. Nf3 (2. f4 exf4) Nc6 "
    "3. Bb5 a6 1-0\n");
  g_autofree char *text = round_trip (game);

  g_assert_cmpstr (text, ==,
    "[Event \"Test\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"Smith\"]\n"
    "[Black \"Jones, \\\"Big\\\" Ann\"]\n"
    "[Result \"1-0\"]\n"
    "[TimeControl \"40/7200:3600\"]\n"
    "[Termination \"normal\"]\n"
    "[Annotator \"me\"]\n"
    "\n"
    "{Start} 1. e4 $1 {[%clk 1:59:58]} 1... e5 {[%clk 1:59:50] solid} 2. Nf3 (2. f4\n"
    "exf4) 2... Nc6 3. Bb5 a6 1-0\n");
}

static void
test_fen_start (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "[SetUp \"1\"]\n"
    "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n"
    "\n"
    "1... e5 2. Nf3 *\n");
  g_autofree char *text = round_trip (game);

  g_assert_nonnull (strstr (text, "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n"));
  g_assert_true (g_str_has_suffix (text, "\n\n1... e5 2. Nf3 *\n"));

  /* From the standard start, no SetUp or FEN. */
  g_autoptr(ChessPgnGame) plain = parse_ok ("[SetUp \"1\"]\n[FEN \"" CHESS_START_FEN "\"]\n1. e4 *");
  g_autofree char *plain_text = chess_pgn_game_to_string (plain);
  g_assert_null (strstr (plain_text, "FEN"));
  g_assert_null (strstr (plain_text, "SetUp"));
}

static void
test_empty_game (void)
{
  g_autoptr(ChessPgnGame) game = chess_pgn_game_new (NULL);
  g_autofree char *text = round_trip (game);

  g_assert_true (g_str_has_suffix (text, "[Result \"*\"]\n\n*\n"));
}

static void
test_long_lines (void)
{
  g_autoptr(ChessPgnGame) game = chess_pgn_game_new (NULL);

  /* Knights dancing, with long comments and many NAGs. */
  for (int i = 0; i < 400; i++)
    {
      const char *san[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
      ChessMove move;
      g_assert_true (chess_move_parse (&game->line.current, san[i % 4], &move, NULL));
      chess_pgn_game_add_move (game, move);
      if (i % 7 == 0)
        g_ptr_array_index (game->comments, i) =
          g_strdup ("a rather long comment that goes on and on so that it must be broken "
                    "over more than one line of the file, with a } brace inside");
      if (i % 5 == 0)
        {
          GArray *nags = g_array_new (FALSE, FALSE, sizeof (guint8));
          guint8 v = 10 + i % 100;
          g_array_append_val (nags, v);
          g_array_append_val (nags, v);
          g_array_index (game->nags, GArray *, i) = nags;
        }
      if (i % 3 == 0)
        g_array_index (game->clock_ms, gint64, i) = 1000 * (gint64) (9000 - i) + (i % 2 ? 500 : 0);
    }
  g_free (game->result);
  game->result = g_strdup ("1/2-1/2");
  chess_pgn_game_set_tag (game, "Event", "A very long event name that makes the tag line longer than eighty characters");

  g_autofree char *text = chess_pgn_game_to_string (game);
  pgn_test_assert_short_lines (text, FALSE);
  g_autoptr(ChessPgnGame) again = parse_ok (text);
  /* The one change: a } cannot stand inside a comment. */
  g_assert_nonnull (strstr (g_ptr_array_index (again->comments, 0), "with a ) brace"));
  g_assert_cmpuint (again->line.n_moves, ==, 400);
  g_assert_cmpint (g_array_index (again->clock_ms, gint64, 3), ==, 8997500);
  g_assert_cmpstr (again->result, ==, "1/2-1/2");
  g_autofree char *text2 = chess_pgn_game_to_string (again);
  g_assert_cmpstr (text, ==, text2);
}

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("thinkchess-pgn-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
test_save (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "games.pgn", NULL);
  g_autoptr(ChessPgnGame) a = parse_ok ("[White \"A\"]\n1. e4 e5 1-0");
  g_autoptr(ChessPgnGame) b = parse_ok ("[White \"B\"]\n1. d4 {x} d5 0-1");
  ChessPgnGame *games[] = { a, b };
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (chess_pgn_save_file (path, games, 2, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_autofree char *ta = chess_pgn_game_to_string (a);
  g_autofree char *tb = chess_pgn_game_to_string (b);
  g_autofree char *expected = g_strconcat (ta, "\n", tb, NULL);
  g_assert_cmpstr (contents, ==, expected);

  g_autoptr(GPtrArray) index = chess_pgn_index (contents, length);
  g_assert_cmpuint (index->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(ChessPgnGame) back = chess_pgn_parse_entry (contents, length,
                                                            g_ptr_array_index (index, i),
                                                            NULL, &error);
      g_assert_no_error (error);
      pgn_test_assert_equal (games[i], back);
    }
  g_assert_cmpuint (count_files (dir), ==, 1);

  /* A folder that does not exist. */
  g_autofree char *bad = g_build_filename (dir, "missing", "games.pgn", NULL);
  g_assert_false (chess_pgn_save_file (bad, games, 2, &error));
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "games.pgn"));

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_failed_save_keeps_old_file (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "games.pgn", NULL);
  g_autoptr(ChessPgnGame) big = chess_pgn_game_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  struct rlimit old_limit, limit;

  g_assert_true (g_file_set_contents (path, "[Event \"old\"]\n\n*\n", -1, NULL));
  for (int i = 0; i < 2000; i++)
    {
      char name[16];
      g_snprintf (name, sizeof name, "Tag%d", i);
      chess_pgn_game_set_tag (big, name, "a value to make the file big");
    }
  g_file_get_contents (path, &before, NULL, NULL);

  /* A full disk, as far as this process can tell (works as root too):
   * writes past 1 KiB fail with EFBIG instead of raising SIGXFSZ. */
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = 1024;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  gboolean ok = chess_pgn_save_file (path, &big, 1, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);

  g_assert_false (ok);
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO);
  g_test_message ("%s", error->message);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  /* No temporary file left behind. */
  g_assert_cmpuint (count_files (dir), ==, 1);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/write/export-format", test_export_format);
  g_test_add_func ("/pgn/write/fen-start", test_fen_start);
  g_test_add_func ("/pgn/write/empty-game", test_empty_game);
  g_test_add_func ("/pgn/write/long-lines", test_long_lines);
  g_test_add_func ("/pgn/write/save", test_save);
  g_test_add_func ("/pgn/write/failed-save-keeps-old-file", test_failed_save_keeps_old_file);

  return g_test_run ();
}
