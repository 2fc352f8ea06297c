/* engine-test-util.h — what the engine's tests share: positions and moves
 * from text, failing the test on a typo. */
#pragma once

#include "chess-board.h"
#include "chess-notation.h"

static inline ChessBoard
board_from (const char *fen)
{
  ChessBoard b;
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_board_from_fen (&b, fen, &error));
  g_assert_no_error (error);
  return b;
}

static inline ChessMove
move_from (const ChessBoard *b, const char *text)
{
  ChessMove m = CHESS_MOVE_NONE;

  g_assert_true (chess_move_parse (b, text, &m, NULL));
  return m;
}
