/* chess-board-view-moves.c — what the player may move where, and playing
 * it: legal targets (also for the right button's peek), a move tried with
 * the mouse or the keyboard, and the promotion chooser that may follow. */
#include "config.h"

#include "chess-board-view-private.h"

gboolean
_chess_board_view_can_play (ChessBoardView *self)
{
  return self->game != NULL && self->interactive && self->live && !self->over;
}

ChessBitboard
_chess_board_view_targets_of (ChessBoardView *self,
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
_chess_board_view_peek_targets (ChessBoardView *self,
                                ChessSquare     from)
{
  ChessPiece piece = chess_board_piece_at (&self->board, from);
  ChessBoard copy;
  ChessMoveList list;
  ChessBitboard targets = 0;

  if (piece == CHESS_NO_PIECE)
    return 0;
  if (chess_piece_color (piece) == self->board.side)
    return _chess_board_view_targets_of (self, from);
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
_chess_board_view_is_own_piece (ChessBoardView *self,
                                ChessSquare     sq)
{
  ChessPiece piece;

  if (sq == CHESS_NO_SQUARE)
    return FALSE;
  piece = chess_board_piece_at (&self->board, sq);
  return piece != CHESS_NO_PIECE && chess_piece_color (piece) == self->board.side;
}

/* The legal move from → to among those the view holds: the one that
 * promotes to `promotion`, or any when that is CHESS_NO_PIECE_TYPE (the
 * move or the first of its promotions). CHESS_MOVE_NONE when none. */
static ChessMove
find_move (ChessBoardView *self,
           ChessSquare     from,
           ChessSquare     to,
           ChessPieceType  promotion)
{
  for (int i = 0; i < self->legal.count; i++)
    {
      ChessMove m = self->legal.moves[i];

      if (chess_move_from (m) == from && chess_move_to (m) == to
          && (promotion == CHESS_NO_PIECE_TYPE || chess_move_promotion (m) == promotion))
        return m;
    }
  return CHESS_MOVE_NONE;
}

/* Plays a legal move once; the game refuses it only when it just ended
 * (a flag fell since the last tick). */
static gboolean
play (ChessBoardView *self,
      ChessMove       move,
      gboolean        dropped)
{
  g_autoptr(GError) error = NULL;

  self->dropped_from = dropped ? chess_move_from (move) : CHESS_NO_SQUARE;
  self->dropped_to = dropped ? chess_move_to (move) : CHESS_NO_SQUARE;
  if (chess_game_play_move (self->game, move, &error))
    return TRUE;
  self->dropped_from = self->dropped_to = CHESS_NO_SQUARE;
  _chess_board_view_refuse (self, error->message);
  return FALSE;
}

/* Plays from → to, or opens the promotion chooser; an illegal move is
 * refused with the reason. TRUE when the move was played or is waiting
 * for the promotion piece. */
gboolean
_chess_board_view_try_move (ChessBoardView *self,
                            ChessSquare     from,
                            ChessSquare     to,
                            gboolean        dropped)
{
  ChessMove move = find_move (self, from, to, CHESS_NO_PIECE_TYPE);

  if (move == CHESS_MOVE_NONE)
    {
      g_autoptr(GError) error = NULL;

      /* Not among them: the rules say why. */
      if (!chess_move_check_squares (&self->board, from, to, &error))
        _chess_board_view_refuse (self, error->message);
      return FALSE;
    }
  if (chess_move_is_promotion (move))
    {
      self->choosing = TRUE;
      self->promo_from = from;
      self->promo_to = to;
      self->promo_index = 0;
      self->selected = from;
      _chess_board_view_update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }
  return play (self, move, dropped);
}

const ChessPieceType chess_board_view_promo_types[4] = {
  CHESS_QUEEN, CHESS_ROOK, CHESS_BISHOP, CHESS_KNIGHT
};

/* The chooser's cells: a column at the promotion square, running towards
 * the middle of the board. */
void
_chess_board_view_chooser_cell (ChessBoardView *self,
                                int             index,
                                int            *col,
                                int            *row)
{
  _chess_board_view_square_to_cell (self, self->promo_to, col, row);
  *row = *row == 0 ? index : *row - index;
}

int
_chess_board_view_chooser_index_at (ChessBoardView *self,
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

      _chess_board_view_chooser_cell (self, i, &c, &r);
      _chess_board_view_square_to_cell (self, sq, &col, &row);
      if (c == col && r == row)
        return i;
    }
  return -1;
}

void
_chess_board_view_finish_promotion (ChessBoardView *self,
                                    int             index)
{
  self->choosing = FALSE;
  self->selected = CHESS_NO_SQUARE;
  if (index >= 0)
    play (self, find_move (self, self->promo_from, self->promo_to,
                           chess_board_view_promo_types[index]), FALSE);
  _chess_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

