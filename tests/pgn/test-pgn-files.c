/* test-pgn-files.c — every real game in tests/data/pgn loads with no error,
 * replays to the same position both ways, and survives a round trip. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "pgn-test-util.h"

static void
test_file (gconstpointer data)
{
  const char *name = data;
  const char *dir = g_getenv ("PGN_TEST_DATA");
  g_autofree char *path = NULL;
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (dir == NULL)
    {
      g_test_skip ("PGN_TEST_DATA not set");
      return;
    }
  path = g_build_filename (dir, name, NULL);
  file = g_mapped_file_new (path, FALSE, &error);
  g_assert_no_error (error);

  const char *text = g_mapped_file_get_contents (file);
  gsize length = g_mapped_file_get_length (file);
  g_autoptr(GPtrArray) index = chess_pgn_index (text, length);
  g_assert_cmpuint (index->len, >, 1000);

  GString *all = g_string_new (NULL);
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) chess_pgn_game_free);

  for (guint i = 0; i < index->len; i++)
    {
      const ChessPgnIndexEntry *e = g_ptr_array_index (index, i);
      ChessPgnLocation where = { 0, 0 };
      g_autoptr(ChessPgnGame) game = chess_pgn_parse_entry (text, length, e, &where, &error);
      if (game == NULL)
        g_error ("%s:%u:%u: %s", name, where.line, where.column, error->message);
      g_assert_cmpstr (chess_pgn_game_get_tag (game, "White"), ==, e->white);
      g_assert_cmpstr (game->result, ==, e->result);

      ChessBoard final;
      guint plies;
      g_assert_true (chess_pgn_replay_entry (text, length, e, &final, &plies, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (plies, ==, game->line.n_moves);
      char f1[CHESS_FEN_MAX], f2[CHESS_FEN_MAX];
      g_assert_cmpstr (chess_board_to_fen (&final, f1), ==, chess_board_to_fen (&game->line.current, f2));
      g_assert_cmpuint (final.key, ==, game->line.current.key);

      g_autofree char *written = chess_pgn_game_to_string (game);
      pgn_test_assert_short_lines (written, FALSE);
      g_autoptr(ChessPgnGame) again = chess_pgn_parse_game (written, strlen (written), 1, NULL, &error);
      g_assert_no_error (error);
      pgn_test_assert_equal (game, again);
      if (all->len > 0)
        g_string_append_c (all, '\n');
      g_string_append (all, written);
      g_ptr_array_add (games, g_steal_pointer (&game));
    }

  /* pgn-extract reads all we wrote without a complaint, and its rewrite
   * reads back as the same games. */
  g_autofree char *pe = pgn_test_find_pgn_extract ();
  if (pe != NULL)
    {
      gsize theirs_length;
      g_autofree char *theirs = pgn_test_pgn_extract_rewrite (pe, all->str, all->len, 79, NULL,
                                                              &theirs_length);
      g_autoptr(GPtrArray) back = chess_pgn_index (theirs, theirs_length);
      g_assert_cmpuint (back->len, ==, games->len);
      for (guint i = 0; i < back->len; i++)
        {
          g_autoptr(ChessPgnGame) game = chess_pgn_parse_entry (theirs, theirs_length,
                                                                g_ptr_array_index (back, i),
                                                                NULL, &error);
          g_assert_no_error (error);
          pgn_test_assert_equal (g_ptr_array_index (games, i), game);
        }
    }
  else
    g_test_message ("pgn-extract is not installed: not checked");
  g_ptr_array_unref (games);
  g_string_free (all, TRUE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/pgn/files/Kasparov", "Kasparov.pgn", test_file);
  g_test_add_data_func ("/pgn/files/Korchnoi", "Korchnoi.pgn", test_file);
  g_test_add_data_func ("/pgn/files/twic0920", "twic0920.pgn", test_file);

  return g_test_run ();
}
