/* test-game-load.c — what a loaded game says of how it ended, and what
 * it writes back: only what the file or the game itself knows; and games
 * read up to a problem in their text (cut short). */
#include "config.h"

#include <string.h>

#include "chess-game.h"
#include "model-test-util.h"

/* The game as its PGN text. */
static char *
game_text (ChessGame *game)
{
  g_autoptr(ChessPgnGame) pgn = chess_game_to_pgn (game);

  return chess_pgn_game_to_string (pgn);
}

static ChessGame *
load_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game_lenient (text, strlen (text), 1, &error);
  ChessGame *game = chess_game_new ();

  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  g_assert_no_error (error);
  return game;
}

static void
assert_description (ChessGame  *game,
                    const char *expected)
{
  g_autofree char *text = chess_game_describe_result (game);

  g_assert_cmpstr (text, ==, expected);
}

#define TAGS(termination)                      \
  "[Event \"Casual\"]\n"                       \
  "[White \"Carlsen, Magnus\"]\n"              \
  "[Black \"Nakamura, Hikaru\"]\n"             \
  "[Result \"1-0\"]\n"                         \
  termination                                  \
  "\n"

#define MOVES "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n"

/* A 1-0 game without a Termination tag, saved after a comment edit, is
 * saved without one: reopened, it says who won and nothing more. */
static void
test_no_termination_invented (void)
{
  g_autoptr(ChessGame) game = load_text (TAGS ("") MOVES);

  g_assert_cmpint (chess_game_get_result (game), ==, CHESS_GAME_RESULT_WHITE_WINS);
  g_assert_cmpint (chess_game_get_reason (game), ==, CHESS_GAME_REASON_UNKNOWN);
  assert_description (game, "Carlsen, Magnus wins");

  const ChessTree *tree = chess_game_get_tree (game);
  g_assert_true (chess_game_set_comment (game, tree->root->children[0], "The king's pawn.", NULL));
  g_autofree char *saved = game_text (game);
  g_assert_null (strstr (saved, "Termination"));
  g_assert_nonnull (strstr (saved, "{The king's pawn.}"));

  g_autoptr(ChessGame) reopened = load_text (saved);
  g_assert_cmpint (chess_game_get_reason (reopened), ==, CHESS_GAME_REASON_UNKNOWN);
  assert_description (reopened, "Carlsen, Magnus wins");
}

/* "normal" says the game ended normally, not how (Lichess writes it for
 * resignations and mates alike); it is kept as the file had it. */
static void
test_normal_is_not_resignation (void)
{
  g_autoptr(ChessGame) game = load_text (TAGS ("[Termination \"Normal\"]\n") MOVES);

  g_assert_cmpint (chess_game_get_reason (game), ==, CHESS_GAME_REASON_UNKNOWN);
  assert_description (game, "Carlsen, Magnus wins");
  g_autofree char *saved = game_text (game);
  g_assert_nonnull (strstr (saved, "[Termination \"Normal\"]"));

  /* Other words of the file are kept as they are too. */
  g_autoptr(ChessGame) adjudicated = load_text (TAGS ("[Termination \"adjudication\"]\n") MOVES);
  assert_description (adjudicated, "Carlsen, Magnus wins");
  g_autofree char *adjudicated_text = game_text (adjudicated);
  g_assert_nonnull (strstr (adjudicated_text, "[Termination \"adjudication\"]"));

  /* A mate is seen on the board, whatever the tag says. */
  g_autoptr(ChessGame) mate = load_text ("[Termination \"normal\"]\n\n1. f3 e5 2. g4 Qh4# 0-1");
  g_assert_cmpint (chess_game_get_reason (mate), ==, CHESS_GAME_REASON_CHECKMATE);
}

/* A resignation the app saw is saved in words other programs show
 * (chess.com's) and read back as one; so are chess.com's own files. */
static void
test_resignation_round_trip (void)
{
  g_autoptr(ChessGame) game = chess_game_new ();

  chess_game_set_player_name (game, CHESS_COLOR_WHITE, "Carlsen, Magnus");
  chess_game_set_player_name (game, CHESS_COLOR_BLACK, "Nakamura, Hikaru");
  model_test_play (game, "e4 e5 Nf3");
  chess_game_resign (game, CHESS_COLOR_BLACK);
  assert_description (game, "Nakamura, Hikaru resigned — Carlsen, Magnus wins");

  g_autofree char *saved = game_text (game);
  g_assert_nonnull (strstr (saved, "[Termination \"Carlsen, Magnus won by resignation\"]"));
  g_autoptr(ChessGame) reopened = load_text (saved);
  g_assert_cmpint (chess_game_get_reason (reopened), ==, CHESS_GAME_REASON_RESIGNATION);
  assert_description (reopened, "Nakamura, Hikaru resigned — Carlsen, Magnus wins");

  g_autoptr(ChessGame) chess_com = load_text (TAGS ("[Termination \"MagnusCarlsen won by resignation\"]\n") MOVES);
  assert_description (chess_com, "Nakamura, Hikaru resigned — Carlsen, Magnus wins");
  g_autoptr(ChessGame) on_time = load_text (TAGS ("[Termination \"MagnusCarlsen won on time\"]\n") MOVES);
  assert_description (on_time, "Carlsen, Magnus wins on time");

  /* Unnamed players: the colours. */
  g_autoptr(ChessGame) unnamed = chess_game_new ();
  model_test_play (unnamed, "d4");
  chess_game_resign (unnamed, CHESS_COLOR_BLACK);
  g_autofree char *unnamed_text = game_text (unnamed);
  g_assert_nonnull (strstr (unnamed_text, "[Termination \"White won by resignation\"]"));
  g_autoptr(ChessGame) unnamed_again = load_text (unnamed_text);
  assert_description (unnamed_again, "Black resigned — White wins");

  /* An agreed draw, likewise. */
  g_autoptr(ChessGame) draw = chess_game_new ();
  model_test_play (draw, "d4 d5");
  chess_game_agree_draw (draw);
  g_autofree char *draw_text = game_text (draw);
  g_assert_nonnull (strstr (draw_text, "[Termination \"Game drawn by agreement\"]"));
  g_autoptr(ChessGame) draw_again = load_text (draw_text);
  g_assert_cmpint (chess_game_get_reason (draw_again), ==, CHESS_GAME_REASON_AGREEMENT);
  /* A draw that "ended normally" is not called agreed. */
  g_autoptr(ChessGame) normal_draw = load_text ("[Result \"1/2-1/2\"]\n[Termination \"normal\"]\n\n1. d4 d5 1/2-1/2");
  g_assert_cmpint (chess_game_get_reason (normal_draw), ==, CHESS_GAME_REASON_UNKNOWN);
  assert_description (normal_draw, "Draw");
}

/* Knights out and back: 8. Ne4 is ambiguous (Nc3-e4 or Ng3-e4). */
#define CUT_SHORT_GAME                                                               \
  TAGS ("")                                                                          \
  "1. Nf3 d5 2. Ng1 Nf6 3. Nh3 Ng8 4. Nf4 Nf6 5. Nh5 Ng8 6. Ng3 Nf6 7. Nc3 Ng8\n"     \
  "8. Ne4 a6 9. Nc5 a5 1-0\n"

static void
test_cut_short (void)
{
  g_autoptr(ChessGame) game = load_text (CUT_SHORT_GAME);
  const GError *problem = chess_game_get_load_problem (game);

  g_assert_nonnull (problem);
  g_assert_error ((GError *) problem, CHESS_PGN_ERROR, CHESS_PGN_ERROR_ILLEGAL);
  g_assert_true (g_str_has_prefix (problem->message, "line 7, column 4: illegal move 'Ne4' for White"));
  g_assert_nonnull (strstr (problem->message, "Ne4 is ambiguous: Nc3-e4 or Ng3-e4"));
  g_assert_true (chess_game_is_cut_short (game));
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 14);
  g_assert_cmpstr (chess_game_get_player_name (game, CHESS_COLOR_WHITE), ==, "Carlsen, Magnus");

  /* The file's 1-0 is not reached by the moves loaded: the game goes
   * on, and can be played on from where it stops. */
  g_assert_cmpint (chess_game_get_result (game), ==, CHESS_GAME_RESULT_ONGOING);
  model_test_play (game, "Nce4 a6");
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 16);
  g_autofree char *saved = game_text (game);
  g_assert_nonnull (strstr (saved, "Nce4 a6 *"));
  g_assert_null (strstr (saved, "Termination"));

  /* A new position forgets it. */
  g_assert_true (chess_game_set_fen (game, "7k/8/8/8/8/8/8/KR6 w - - 0 1", NULL));
  g_assert_null (chess_game_get_load_problem (game));
  g_assert_false (chess_game_is_cut_short (game));

  /* A problem passed over, nothing lost: told, not cut short. */
  g_autoptr(ChessGame) bracket = load_text ("[White \"A\"\n[Black \"B\"]\n\n1. e4 e5 1-0");
  g_assert_nonnull (chess_game_get_load_problem (bracket));
  g_assert_false (chess_game_is_cut_short (bracket));
  g_assert_cmpint (chess_game_get_result (bracket), ==, CHESS_GAME_RESULT_WHITE_WINS);
  g_assert_cmpstr (chess_game_get_player_name (bracket, CHESS_COLOR_WHITE), ==, "A");

  /* A game read whole has no problem. */
  g_autoptr(ChessGame) whole = load_text (TAGS ("") MOVES);
  g_assert_null (chess_game_get_load_problem (whole));
  g_assert_false (chess_game_is_cut_short (whole));
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/load/no-termination-invented", test_no_termination_invented);
  g_test_add_func ("/game/load/normal-is-not-resignation", test_normal_is_not_resignation);
  g_test_add_func ("/game/load/resignation-round-trip", test_resignation_round_trip);
  g_test_add_func ("/game/load/cut-short", test_cut_short);
  return g_test_run ();
}
