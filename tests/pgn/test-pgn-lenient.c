/* test-pgn-lenient.c — the lenient reader: a problem in a game's text
 * keeps what comes before it (the tags and the moves), says what and
 * where, and says whether text was left unread. */
#include "config.h"

#include <string.h>

#include "chess-notation.h"
#include "chess-pgn.h"

/* Knights out and back: 8. Ne4 is ambiguous (Nc3-e4 or Ng3-e4). */
#define AMBIGUOUS_GAME                                                              \
  "[Event \"Test\"]\n"                                                              \
  "[White \"Carlsen, Magnus\"]\n"                                                   \
  "[Black \"Nakamura, Hikaru\"]\n"                                                  \
  "[Result \"1-0\"]\n"                                                              \
  "\n"                                                                              \
  "1. Nf3 d5 2. Ng1 Nf6 3. Nh3 Ng8 4. Nf4 Nf6 5. Nh5 Ng8 6. Ng3 Nf6 7. Nc3 {both} Ng8\n" \
  "8. Ne4 a6 9. Nc5 a5 1-0\n"

static char *
main_line_text (const ChessPgnGame *game)
{
  GString *text = g_string_new (NULL);
  ChessBoard board = game->tree->start;

  for (guint i = 0; i < game->line.n_moves; i++)
    {
      char san[CHESS_MOVE_TEXT_MAX];
      ChessUndo undo;

      chess_move_format (&board, game->line.moves[i], CHESS_NOTATION_SAN, san);
      g_string_append_printf (text, "%s%s", i > 0 ? " " : "", san);
      chess_board_make (&board, game->line.moves[i], &undo);
    }
  return g_string_free (text, FALSE);
}

/* Written and read back strictly: the partial game is a whole game. */
static void
assert_writes_whole (const ChessPgnGame *game)
{
  g_autofree char *text = chess_pgn_game_to_string (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) again = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (again->line.n_moves, ==, game->line.n_moves);
}

static ChessPgnGame *
parse_lenient (const char *text,
               int         code,
               guint       line,
               guint       column,
               const char *message_part,
               gboolean    cut_short)
{
  g_autoptr(GError) error = NULL;
  ChessPgnGame *game = chess_pgn_parse_game_lenient (text, strlen (text), 1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_nonnull (game->problem);
  g_test_message ("%s", game->problem->message);
  g_assert_error (game->problem, CHESS_PGN_ERROR, code);
  g_assert_cmpuint (game->problem_at.line, ==, line);
  g_assert_cmpuint (game->problem_at.column, ==, column);
  g_autofree char *prefix = g_strdup_printf ("line %u, column %u: ", line, column);
  g_assert_true (g_str_has_prefix (game->problem->message, prefix));
  g_assert_nonnull (strstr (game->problem->message, message_part));
  g_assert_cmpint (game->cut_short, ==, cut_short);
  assert_writes_whole (game);

  /* The strict reader still refuses it, with the same message. */
  g_autoptr(GError) strict_error = NULL;
  ChessPgnLocation where = { 0, 0 };
  g_assert_null (chess_pgn_parse_game (text, strlen (text), 1, &where, &strict_error));
  g_assert_nonnull (strict_error);
  return game;
}

static void
test_bad_move_keeps_moves_before (void)
{
  g_autoptr(ChessPgnGame) game = parse_lenient (AMBIGUOUS_GAME, CHESS_PGN_ERROR_ILLEGAL, 7, 4,
                                                "Ne4 is ambiguous: Nc3-e4 or Ng3-e4", TRUE);
  g_autofree char *moves = main_line_text (game);

  g_assert_cmpstr (moves, ==, "Nf3 d5 Ng1 Nf6 Nh3 Ng8 Nf4 Nf6 Nh5 Ng8 Ng3 Nf6 Nc3 Ng8");
  g_assert_cmpstr (chess_pgn_game_get_tag (game, "White"), ==, "Carlsen, Magnus");
  g_assert_cmpstr (chess_pgn_game_get_tag (game, "Result"), ==, "1-0");
  g_assert_cmpstr (game->main_end->parent->comment, ==, "both");
  g_assert_nonnull (strstr (game->problem->message,
                            "illegal move 'Ne4' for White (Carlsen, Magnus – Nakamura, Hikaru)"));

  /* A game read whole has no problem. */
  g_autoptr(GError) error = NULL;
  const char *good = "[White \"A\"]\n\n1. e4 e5 *";
  g_autoptr(ChessPgnGame) whole = chess_pgn_parse_game_lenient (good, strlen (good), 1, &error);
  g_assert_no_error (error);
  g_assert_null (whole->problem);
  g_assert_false (whole->cut_short);
  g_assert_cmpuint (whole->line.n_moves, ==, 2);
}

static void
test_bad_tokens (void)
{
  g_autoptr(ChessPgnGame) at = parse_lenient ("1. e4 @ e5 *", CHESS_PGN_ERROR_SYNTAX, 1, 7, "'@'", TRUE);
  g_assert_cmpuint (at->line.n_moves, ==, 1);

  g_autoptr(ChessPgnGame) string = parse_lenient ("1. e4 e5 \"str\" 2. Nf3 *", CHESS_PGN_ERROR_SYNTAX,
                                                  1, 10, "a move", TRUE);
  g_assert_cmpuint (string->line.n_moves, ==, 2);

  g_autoptr(ChessPgnGame) brace = parse_lenient ("1. e4 e5 2. Nf3 {open\ncomment 2. d4 *",
                                                 CHESS_PGN_ERROR_SYNTAX, 1, 17, "brace", TRUE);
  g_assert_cmpuint (brace->line.n_moves, ==, 3);

  /* A bad move in a variation ends the reading there too, the moves of
   * the variation before it kept. */
  g_autoptr(ChessPgnGame) variation = parse_lenient ("1. e4 (1. d4 d5 2. Ke3) e5 *", CHESS_PGN_ERROR_ILLEGAL,
                                                     1, 20, "'Ke3'", TRUE);
  g_assert_cmpuint (variation->line.n_moves, ==, 1);
  const ChessTreeNode *root = variation->tree->root;
  g_assert_cmpuint (root->n_children, ==, 2);
  g_assert_cmpuint (root->children[1]->n_children, ==, 1);
}

/* Problems that lose nothing: passed over, the whole game read. */
static void
test_passed_over (void)
{
  g_autoptr(ChessPgnGame) stray = parse_lenient ("1. e4 e5) 2. Nf3 *", CHESS_PGN_ERROR_SYNTAX, 1, 9,
                                                 "never opened", FALSE);
  g_assert_cmpuint (stray->line.n_moves, ==, 3);
  g_assert_cmpstr (stray->result, ==, "*");

  g_autoptr(ChessPgnGame) open = parse_lenient ("1. e4 (1. d4 (1. c4) d5 2. c4", CHESS_PGN_ERROR_SYNTAX, 1, 7,
                                                "never closed", FALSE);
  g_assert_cmpuint (open->line.n_moves, ==, 1);
  g_assert_cmpuint (open->tree->root->children[1]->children[0]->n_children, ==, 1);
}

static void
test_unclosed_tags (void)
{
  /* A missing ']': the tag is kept, and the rest is read. */
  g_autoptr(ChessPgnGame) bracket = parse_lenient (
    "[White \"Carlsen, Magnus\"\n[Black \"Nakamura, Hikaru\"]\n\n1. e4 e5 2. Nf3 1-0",
    CHESS_PGN_ERROR_SYNTAX, 2, 1, "']' to close the tag", FALSE);
  g_assert_cmpstr (chess_pgn_game_get_tag (bracket, "White"), ==, "Carlsen, Magnus");
  g_assert_cmpstr (chess_pgn_game_get_tag (bracket, "Black"), ==, "Nakamura, Hikaru");
  g_assert_cmpuint (bracket->line.n_moves, ==, 3);
  g_assert_cmpstr (bracket->result, ==, "1-0");

  /* A value without its closing quote, or without quotes: that tag is
   * lost (the game is cut short), the others and the moves are read. */
  g_autoptr(ChessPgnGame) quote = parse_lenient ("[Event \"Open]\n[White \"A\"]\n1. e4 *",
                                                 CHESS_PGN_ERROR_SYNTAX, 1, 8, "quote", TRUE);
  g_assert_null (chess_pgn_game_get_tag (quote, "Event"));
  g_assert_cmpstr (chess_pgn_game_get_tag (quote, "White"), ==, "A");
  g_assert_cmpuint (quote->line.n_moves, ==, 1);

  g_autoptr(ChessPgnGame) bare = parse_lenient ("[White x]\n[Black \"B\"]\n1. e4 *",
                                                CHESS_PGN_ERROR_SYNTAX, 1, 8, "quotes", TRUE);
  g_assert_null (chess_pgn_game_get_tag (bare, "White"));
  g_assert_cmpstr (chess_pgn_game_get_tag (bare, "Black"), ==, "B");
  g_assert_cmpuint (bare->line.n_moves, ==, 1);

  /* Tags only, the last one left open at the end of the text. */
  g_autoptr(ChessPgnGame) end = parse_lenient ("[White \"A\"]\n[Black \"B\"", CHESS_PGN_ERROR_SYNTAX, 2, 11,
                                               "']'", FALSE);
  g_assert_cmpstr (chess_pgn_game_get_tag (end, "Black"), ==, "B");
  g_assert_cmpuint (end->line.n_moves, ==, 0);

  /* Of two problems, the one the reading stopped at is told. */
  g_autoptr(ChessPgnGame) both = parse_lenient ("[White \"A\"\n\n1. e4 e5 2. Ke3 *", CHESS_PGN_ERROR_ILLEGAL,
                                                3, 13, "'Ke3'", TRUE);
  g_assert_cmpstr (chess_pgn_game_get_tag (both, "White"), ==, "A");
  g_assert_cmpuint (both->line.n_moves, ==, 2);
}

/* Nothing to show: still an error. */
static void
test_no_game (void)
{
  struct { const char *text; int code; } cases[] = {
    { "", CHESS_PGN_ERROR_NO_GAMES },
    { "  ; a comment\n", CHESS_PGN_ERROR_NO_GAMES },
    { "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *", CHESS_PGN_ERROR_FEN },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      ChessPgnGame *game = chess_pgn_parse_game_lenient (cases[i].text, strlen (cases[i].text), 1, &error);

      g_assert_null (game);
      g_assert_error (error, CHESS_PGN_ERROR, cases[i].code);
    }
}

/* In a file of several games, the broken ones are listed and open cut
 * short; the others are unaffected. */
static void
test_entries (void)
{
  const char *file =
    "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1-0\n\n"
    "[Event \"Rapid\"\n[White \"Smith\"]\n[Black \"Jones\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Nxe5 Nxe5 4. Nxe5 0-1\n\n"
    "[White \"C\"]\n[Black \"D\"]\n\n1. d4 d5 1/2-1/2\n";
  gsize length = strlen (file);
  g_autoptr(GPtrArray) index = chess_pgn_index (file, length);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (index->len, ==, 3);
  g_autoptr(ChessPgnGame) second = chess_pgn_parse_entry_lenient (file, length, g_ptr_array_index (index, 1),
                                                                  &error);
  g_assert_no_error (error);
  g_assert_cmpstr (chess_pgn_game_get_tag (second, "Event"), ==, "Rapid");
  g_assert_cmpstr (chess_pgn_game_get_tag (second, "White"), ==, "Smith");
  g_assert_cmpuint (second->line.n_moves, ==, 6);
  g_assert_true (second->cut_short);
  g_assert_error (second->problem, CHESS_PGN_ERROR, CHESS_PGN_ERROR_ILLEGAL);
  g_assert_cmpuint (second->problem_at.line, ==, 11);
  g_assert_cmpuint (second->problem_at.column, ==, 17);
  g_assert_true (g_str_has_prefix (second->problem->message,
                                   "illegal move 'Nxe5' for White in game 2 (Smith – Jones): "));

  for (guint i = 0; i < 3; i += 2)
    {
      g_autoptr(ChessPgnGame) game = chess_pgn_parse_entry_lenient (file, length, g_ptr_array_index (index, i),
                                                                    &error);
      g_assert_no_error (error);
      g_assert_null (game->problem);
      g_assert_false (game->cut_short);
      g_assert_cmpuint (game->line.n_moves, ==, 2);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pgn/lenient/bad-move", test_bad_move_keeps_moves_before);
  g_test_add_func ("/pgn/lenient/bad-tokens", test_bad_tokens);
  g_test_add_func ("/pgn/lenient/passed-over", test_passed_over);
  g_test_add_func ("/pgn/lenient/unclosed-tags", test_unclosed_tags);
  g_test_add_func ("/pgn/lenient/no-game", test_no_game);
  g_test_add_func ("/pgn/lenient/entries", test_entries);
  return g_test_run ();
}
