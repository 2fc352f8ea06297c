/* test-board-pass.c — the position with the move passed (what the threat
 * is searched in): side flipped, en passant gone, the key of the same
 * position read from FEN; refused in check. */
#include "config.h"

#include <string.h>

#include "chess-board.h"
#include "core-test-util.h"

static void
assert_pass_gives (const char *fen,
                   const char *expected_fen)
{
  ChessBoard board, passed, parsed;
  char out[CHESS_FEN_MAX];
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_board_from_fen (&board, fen, &error));
  g_assert_no_error (error);
  g_assert_true (chess_board_from_fen (&parsed, expected_fen, &error));
  g_assert_no_error (error);

  g_assert_true (chess_board_pass (&board, &passed));
  g_assert_cmpint (passed.side, ==, chess_color_other ((ChessColor) board.side));
  g_assert_cmpint (passed.ep_square, ==, CHESS_NO_SQUARE);
  g_assert_cmpuint (passed.key, ==, parsed.key);
  g_assert_true (memcmp (passed.squares, board.squares, sizeof passed.squares) == 0);
  g_assert_cmpint (passed.castling, ==, board.castling);
  g_assert_true (chess_board_is_ok (&passed));
  g_assert_cmpstr (chess_board_to_fen (&passed, out), ==, expected_fen);
}

/* Black could take en passant (…dxe3): passing drops that square, and the
 * key with it; Black passing starts White's move 4. */
static void
test_pass_clears_en_passant (void)
{
  assert_pass_gives ("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
                     "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4");
  /* An en-passant square no pawn can use is dropped too. */
  assert_pass_gives ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
}

/* White passing: Black to move in the same move number, castling kept. */
static void
test_pass_white (void)
{
  assert_pass_gives ("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
                     "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 5 4");
}

/* In check there is no such position: refused, the output untouched. */
static void
test_pass_refused_in_check (void)
{
  ChessBoard board, passed, untouched;

  /* 1. e4 f5 2. Qh5+: Black is in check. */
  g_assert_true (chess_board_from_fen (&board,
                                       "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2",
                                       NULL));
  memset (&passed, 0x5a, sizeof passed);
  untouched = passed;
  g_assert_false (chess_board_pass (&board, &passed));
  g_assert_true (memcmp (&passed, &untouched, sizeof passed) == 0);
}

static void
pass_agrees_with_fen_cb (const ChessBoard *board,
                         gpointer          data)
{
  int *count = data;
  ChessBoard passed, parsed;
  char fen[CHESS_FEN_MAX];

  if (!chess_board_pass (board, &passed))
    {
      g_assert_true (chess_board_in_check (board));
      return;
    }
  g_assert_true (chess_board_is_ok (&passed));
  g_assert_cmpint (passed.ep_square, ==, CHESS_NO_SQUARE);
  g_assert_true (chess_board_from_fen (&parsed, chess_board_to_fen (&passed, fen), NULL));
  g_assert_cmpuint (passed.key, ==, parsed.key);
  (*count)++;
}

/* Every position up to two plies below the perft suite's. */
static void
test_pass_agrees_with_fen_everywhere (void)
{
  g_autoptr (GPtrArray) fens = core_test_suite_fens ();
  int count = 0;

  for (guint i = 0; i < fens->len; i++)
    {
      ChessBoard board;

      g_assert_true (chess_board_from_fen (&board, g_ptr_array_index (fens, i), NULL));
      core_test_walk (&board, 2, pass_agrees_with_fen_cb, &count);
    }
  g_assert_cmpint (count, >, 5000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();
  g_test_add_func ("/board/pass/clears-en-passant", test_pass_clears_en_passant);
  g_test_add_func ("/board/pass/white", test_pass_white);
  g_test_add_func ("/board/pass/refused-in-check", test_pass_refused_in_check);
  g_test_add_func ("/board/pass/agrees-with-fen", test_pass_agrees_with_fen_everywhere);
  return g_test_run ();
}
