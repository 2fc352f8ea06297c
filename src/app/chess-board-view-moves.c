/* chess-board-view-moves.c — what the player may move where, and playing
 * it: legal targets (also for the right button's peek), a move tried with
 * the mouse or the keyboard, and the promotion chooser that may follow. */
#include "config.h"

#include "chess-board-view-private.h"

gboolean
chess_board_view_can_play (ChessBoardView *self)
{
  return self->game != NULL && self->interactive && self->live && !self->over;
}

ChessBitboard
chess_board_view_targets_of (ChessBoardView *self,
                             ChessSquare     from)
{
  ChessBitboard targets = 0;

  for (int i = 0; i < self->legal.count; i++)
    if (chess_move_from (self->legal.moves[i]) == from)
      targets |= (ChessBitboard) 1 << chess_move_to (self->legal.moves[i]);
  return targets;
}

/* The moves of a piece of the side not to move, as if it were its turn
 * (the right button's peek). Nothing when the side to move is in check:
 * the swapped position would not be legal. */
ChessBitboard
chess_board_view_peek_targets (ChessBoardView *self,
                               ChessSquare     from)
{
  ChessPiece piece = chess_board_piece_at (&self->board, from);
  ChessBoard copy;
  ChessMoveList list;
  ChessBitboard targets = 0;

  if (piece == CHESS_NO_PIECE)
    return 0;
  if (chess_piece_color (piece) == self->board.side)
    return chess_board_view_targets_of (self, from);
  if (chess_board_in_check (&self->board))
    return 0;
  copy = self->board;
  copy.side = chess_piece_color (piece);
  copy.ep_square = CHESS_NO_SQUARE;
  chess_board_generate_legal (&copy, &list);
  for (int i = 0; i < list.count; i++)
    if (chess_move_from (list.moves[i]) == from)
      targets |= (ChessBitboard) 1 << chess_move_to (list.moves[i]);
  return targets;
}

gboolean
chess_board_view_is_own_piece (ChessBoardView *self,
                               ChessSquare     sq)
{
  ChessPiece piece;

  if (sq == CHESS_NO_SQUARE)
    return FALSE;
  piece = chess_board_piece_at (&self->board, sq);
  return piece != CHESS_NO_PIECE && chess_piece_color (piece) == self->board.side;
}

/* Plays from → to, or opens the promotion chooser. TRUE when the move was
 * played or is waiting for the promotion piece. */
gboolean
chess_board_view_try_move (ChessBoardView *self,
                           ChessSquare     from,
                           ChessSquare     to,
                           gboolean        dropped)
{
  g_autoptr(GError) error = NULL;

  if (chess_game_needs_promotion (self->game, from, to))
    {
      self->choosing = TRUE;
      self->promo_from = from;
      self->promo_to = to;
      self->promo_index = 0;
      self->selected = from;
      chess_board_view_update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }

  self->dropped_from = dropped ? from : CHESS_NO_SQUARE;
  self->dropped_to = dropped ? to : CHESS_NO_SQUARE;
  if (!chess_game_play_squares (self->game, from, to, CHESS_NO_PIECE_TYPE, &error))
    {
      self->dropped_from = self->dropped_to = CHESS_NO_SQUARE;
      chess_board_view_refuse (self, error->message);
      return FALSE;
    }
  return TRUE;
}

const ChessPieceType chess_board_view_promo_types[4] = {
  CHESS_QUEEN, CHESS_ROOK, CHESS_BISHOP, CHESS_KNIGHT
};

/* The chooser's cells: a column at the promotion square, running towards
 * the middle of the board. */
void
chess_board_view_chooser_cell (ChessBoardView *self,
                               int             index,
                               int            *col,
                               int            *row)
{
  chess_board_view_square_to_cell (self, self->promo_to, col, row);
  *row = *row == 0 ? index : *row - index;
}

int
chess_board_view_chooser_index_at (ChessBoardView *self,
                                   double          x,
                                   double          y)
{
  ChessSquare sq = chess_board_view_square_at (self, x, y);
  int col, row;

  if (sq == CHESS_NO_SQUARE)
    return -1;
  for (int i = 0; i < 4; i++)
    {
      int c, r;

      chess_board_view_chooser_cell (self, i, &c, &r);
      chess_board_view_square_to_cell (self, sq, &col, &row);
      if (c == col && r == row)
        return i;
    }
  return -1;
}

void
chess_board_view_finish_promotion (ChessBoardView *self,
                                   int             index)
{
  g_autoptr(GError) error = NULL;
  ChessSquare from = self->promo_from, to = self->promo_to;

  self->choosing = FALSE;
  self->selected = CHESS_NO_SQUARE;
  if (index >= 0
      && !chess_game_play_squares (self->game, from, to, chess_board_view_promo_types[index],
                                   &error))
    chess_board_view_refuse (self, error->message);
  chess_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

