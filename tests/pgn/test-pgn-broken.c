/* test-pgn-broken.c — whatever the bytes, the reader and the index end
 * with a game or a clear error: never a crash, a hang or a leak. */
#include "config.h"

#include <string.h>

#include "chess-pgn.h"

/* Indexes `data` and opens every game in it, both ways. Returns how many
 * games opened. */
static guint
read_all (const char *data,
          gsize       length)
{
  g_autoptr(GPtrArray) index = chess_pgn_index (data, length);
  guint ok = 0;

  for (guint i = 0; i < index->len; i++)
    {
      const ChessPgnIndexEntry *e = g_ptr_array_index (index, i);
      g_autoptr(GError) error = NULL;
      ChessPgnLocation where = { 0, 0 };
      ChessBoard final;
      guint plies;

      g_assert_cmpuint (e->offset + e->length, <=, length);
      g_autoptr(ChessPgnGame) game = chess_pgn_parse_entry (data, length, e, &where, &error);
      gboolean replayed = chess_pgn_replay_entry (data, length, e, &final, &plies, NULL, NULL);
      g_assert_cmpint (game != NULL, ==, replayed);

      /* The lenient read: the same game, or what comes before the
       * problem, which writes out as a whole game; an error only when
       * there is nothing to show. */
      g_autoptr(GError) lenient_error = NULL;
      g_autoptr(ChessPgnGame) lenient = chess_pgn_parse_entry_lenient (data, length, e, &lenient_error);
      g_assert_true ((lenient != NULL) != (lenient_error != NULL));
      if (lenient == NULL)
        g_assert_true (g_error_matches (lenient_error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_NO_GAMES)
                       || g_error_matches (lenient_error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_FEN));
      else if (game != NULL)
        {
          g_assert_null (lenient->problem);
          g_assert_cmpuint (lenient->line.n_moves, ==, game->line.n_moves);
        }
      else
        {
          g_autofree char *text = chess_pgn_game_to_string (lenient);
          g_autoptr(ChessPgnGame) again = chess_pgn_parse_game (text, strlen (text), 1, NULL, NULL);
          g_assert_nonnull (lenient->problem);
          g_assert_cmpuint (lenient->problem_at.line, >=, e->line);
          g_assert_nonnull (again);
          g_assert_cmpuint (again->line.n_moves, ==, lenient->line.n_moves);
        }
      if (game == NULL)
        {
          g_assert_nonnull (error);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
          g_assert_cmpuint (where.line, >=, e->line);
          g_assert_cmpuint (where.column, >=, 1);
        }
      else
        {
          g_autofree char *text = chess_pgn_game_to_string (game);
          g_assert_true (g_utf8_validate (text, -1, NULL));
          ok++;
        }
    }

  g_autoptr(GError) error = NULL;
  ChessPgnGame *whole = chess_pgn_parse_game (data, length, 1, NULL, &error);
  g_assert_true ((whole != NULL) != (error != NULL));
  chess_pgn_game_free (whole);
  return ok;
}

static char *
load_sample (gsize *length)
{
  const char *dir = g_getenv ("PGN_TEST_DATA");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : ".", "twic0920.pgn", NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, length, NULL))
    return NULL;
  *length = MIN (*length, 60000);
  return text;
}

static void
test_truncated (void)
{
  gsize length;
  g_autofree char *text = load_sample (&length);

  if (text == NULL)
    {
      g_test_skip ("no sample file");
      return;
    }
  g_assert_cmpuint (read_all (text, length), >, 50);
  /* Cut everywhere: in tags, strings, moves, results (a step prime to the
   * lines' lengths lands in all of them). Each cut is copied so that
   * reading past it would be caught by AddressSanitizer. */
  length = MIN (length, 24000);
  for (gsize cut = 0; cut < length; cut += 151)
    {
      g_autofree char *part = g_memdup2 (text, cut);
      read_all (part, cut);
    }
}

static void
test_garbage (void)
{
  GRand *rand = g_rand_new_with_seed (20240517);

  for (int round = 0; round < 200; round++)
    {
      gsize n = g_rand_int_range (rand, 0, 4000);
      g_autofree char *bytes = g_malloc (n + 1);
      for (gsize i = 0; i < n; i++)
        bytes[i] = (char) g_rand_int_range (rand, 0, 256);
      read_all (bytes, n);
    }

  /* Real games with bytes changed here and there. */
  gsize length;
  g_autofree char *text = load_sample (&length);
  if (text != NULL)
    {
      length = MIN (length, 8000);
      const char alphabet[] = "[]{}()\";%$!?.*-/0123456789abcdefghNBRQKOx+#=\n\r\t \xff\xc3";
      for (int round = 0; round < 300; round++)
        {
          g_autofree char *copy = g_memdup2 (text, length);
          for (int k = 0; k < 4; k++)
            copy[g_rand_int_range (rand, 0, length)] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
          read_all (copy, length);
        }
    }
  g_rand_free (rand);
}

static void
expect_error (const char *text,
              gsize       length,
              int         code)
{
  g_autoptr(GError) error = NULL;
  ChessPgnGame *game = chess_pgn_parse_game (text, length, 1, NULL, &error);

  g_assert_null (game);
  g_assert_error (error, CHESS_PGN_ERROR, code);
  g_test_message ("%s", error->message);
}

static void
test_unbalanced (void)
{
  GString *deep = g_string_new ("1. e4 ");

  expect_error ("1. e4 { e5 2. Nf3 *", 19, CHESS_PGN_ERROR_SYNTAX);
  expect_error ("1. e4 } e5 *", 12, CHESS_PGN_ERROR_SYNTAX);
  expect_error ("1. e4 ( d4 *", 12, CHESS_PGN_ERROR_SYNTAX);
  expect_error ("1. e4 ( e5 )", 12, CHESS_PGN_ERROR_ILLEGAL);
  expect_error ("1. e4 ) e5 *", 12, CHESS_PGN_ERROR_SYNTAX);
  expect_error ("[Event \"x\"\n\n1. e4 *", 18, CHESS_PGN_ERROR_SYNTAX);
  expect_error ("[Event \"x\"]]\n\n1. e4 *", 20, CHESS_PGN_ERROR_SYNTAX);

  /* Variations nested far deeper than any stack would allow. */
  for (int i = 0; i < 200000; i++)
    g_string_append (deep, "(e4 ");
  expect_error (deep->str, deep->len, CHESS_PGN_ERROR_SYNTAX);
  for (int i = 0; i < 200000; i++)
    g_string_append (deep, ") ");
  g_string_append (deep, "e5 *");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(ChessPgnGame) game = chess_pgn_parse_game (deep->str, deep->len, 1, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (game->line.n_moves, ==, 2);
    /* Each '(' after a variation's first move is another alternative to
     * the same move: 1. e4 has 200,000 of them. */
    const ChessTreeNode *root = game->tree->root;
    g_assert_cmpuint (root->n_children, ==, 200001);
    g_assert_cmpuint (root->children[0]->n_children, ==, 1);
    g_assert_cmpuint (root->children[200000]->n_children, ==, 0);
    g_autofree char *written = chess_pgn_game_to_string (game);
    g_autoptr(ChessPgnGame) again = chess_pgn_parse_game (written, strlen (written), 1, NULL, &error);
    g_assert_no_error (error);
    g_autoptr(ChessTree) copy = chess_tree_copy (again->tree);
    g_assert_cmpuint (copy->root->n_children, ==, 200001);
    g_assert_cmpuint (chess_tree_main_end (copy)->ply, ==, 2);
  }
  g_assert_cmpuint (read_all (deep->str, deep->len), ==, 1);
  g_string_free (deep, TRUE);
}

static void
test_huge_tags (void)
{
  GString *text = g_string_new ("[Event \"");
  gsize value_length = 4 * 1024 * 1024;

  for (gsize i = 0; i < value_length; i++)
    g_string_append_c (text, "abc\\\"xyz"[i % 8] == '\\' ? 'q' : "abc xyz."[i % 8]);
  g_string_append (text, "\"]\n[");
  for (gsize i = 0; i < 100000; i++)
    g_string_append_c (text, 'N');
  g_string_append (text, " \"v\"]\n\n1. e4 *\n");

  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) game = chess_pgn_parse_game (text->str, text->len, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (chess_pgn_game_get_tag (game, "Event")), ==, value_length);
  g_assert_cmpuint (game->line.n_moves, ==, 1);
  g_assert_cmpuint (read_all (text->str, text->len), ==, 1);
  g_string_free (text, TRUE);
}

static GString *
knights_dance (guint plies)
{
  GString *text = g_string_new ("[Event \"Knights\"]\n\n");

  /* Knights going back and forth, all on one line. */
  for (guint i = 0; i < plies / 4; i++)
    g_string_append (text, "Nf3 Nf6 Ng1 Ng8 ");
  g_string_append (text, "1/2-1/2\n");
  return text;
}

static void
test_million_moves (void)
{
  g_autoptr(GError) error = NULL;
  ChessPgnLocation where = { 0, 0 };
  ChessBoard final;
  guint n = 0;

  /* A long game reads. */
  GString *text = knights_dance (100000);
  g_autoptr(GPtrArray) index = chess_pgn_index (text->str, text->len);
  g_assert_cmpuint (index->len, ==, 1);
  g_assert_true (chess_pgn_replay_entry (text->str, text->len, g_ptr_array_index (index, 0),
                                         &final, &n, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 100000);
  g_autoptr(ChessPgnGame) game = chess_pgn_parse_game (text->str, text->len, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->line.n_moves, ==, 100000);
  g_assert_cmpstr (game->result, ==, "1/2-1/2");
  g_string_free (text, TRUE);

  /* A million moves are more than a position can number: a clear error
   * where the count runs out, both ways. */
  text = knights_dance (1000000);
  g_assert_null (chess_pgn_parse_game (text->str, text->len, 1, &where, &error));
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "too long"));
  g_assert_cmpuint (where.line, ==, 3);
  g_assert_cmpuint (where.column, ==, 4 * 131069 + 1);
  g_clear_error (&error);
  g_autoptr(GPtrArray) index2 = chess_pgn_index (text->str, text->len);
  g_assert_false (chess_pgn_replay_entry (text->str, text->len, g_ptr_array_index (index2, 0),
                                          &final, &n, NULL, &error));
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_ILLEGAL);
  g_clear_error (&error);

  /* And one endless word. */
  g_string_truncate (text, 0);
  g_string_append (text, "1. e4 e5 2. ");
  for (guint i = 0; i < 1000000; i++)
    g_string_append_c (text, "Nf3"[i % 3]);
  expect_error (text->str, text->len, CHESS_PGN_ERROR_ILLEGAL);
  g_string_free (text, TRUE);
}

static void
test_nul_bytes (void)
{
  const char text[] = "[White \"A\0B\"]\n\n1. e4\0 e5 *";
  g_autoptr(GError) error = NULL;
  ChessPgnGame *game = chess_pgn_parse_game (text, sizeof text - 1, 1, NULL, &error);

  g_assert_null (game);
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "0x00"));
  read_all (text, sizeof text - 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/broken/truncated", test_truncated);
  g_test_add_func ("/pgn/broken/garbage", test_garbage);
  g_test_add_func ("/pgn/broken/unbalanced", test_unbalanced);
  g_test_add_func ("/pgn/broken/huge-tags", test_huge_tags);
  g_test_add_func ("/pgn/broken/million-moves", test_million_moves);
  g_test_add_func ("/pgn/broken/nul-bytes", test_nul_bytes);

  return g_test_run ();
}
