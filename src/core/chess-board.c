/* chess-board.c — the position: queries, consistency checks, square names. */
#include "config.h"

#include "chess-core-private.h"

void
chess_board_sync_bitboards (ChessBoard *b)
{
  memset (b->by_type, 0, sizeof b->by_type);
  memset (b->by_color, 0, sizeof b->by_color);
  for (int sq = 0; sq < 64; sq++)
    {
      ChessPiece p = (ChessPiece) b->squares[sq];
      if (p == CHESS_NO_PIECE)
        continue;
      b->by_type[chess_piece_type (p)] |= CHESS_BB (sq);
      b->by_color[chess_piece_color (p)] |= CHESS_BB (sq);
    }
}

uint64_t
chess_board_compute_key (const ChessBoard *b)
{
  uint64_t key = 0;

  for (int sq = 0; sq < 64; sq++)
    if (b->squares[sq] != CHESS_NO_PIECE)
      key ^= chess_zobrist_piece[b->squares[sq]][sq];
  key ^= chess_zobrist_castling[b->castling & 15];
  if (b->side == CHESS_COLOR_BLACK)
    key ^= chess_zobrist_side;
  if (chess_board_ep_capture_legal (b))
    key ^= chess_zobrist_ep[chess_square_file (b->ep_square)];
  return key;
}

void
chess_board_set_start (ChessBoard *self)
{
  gboolean ok;

  g_return_if_fail (self != NULL);

  ok = chess_board_from_fen (self, CHESS_START_FEN, NULL);
  g_assert (ok);
}

bool
chess_board_square_attacked (const ChessBoard *self,
                             ChessSquare       sq,
                             ChessColor        by)
{
  g_return_val_if_fail (self != NULL && sq >= 0 && sq < 64, false);

  return chess_attackers_to (self, sq, self->by_color[0] | self->by_color[1], by) != 0;
}

ChessSquare
chess_board_king_square (const ChessBoard *self,
                         ChessColor        color)
{
  ChessBitboard k;

  g_return_val_if_fail (self != NULL, CHESS_NO_SQUARE);

  k = chess_board_pieces (self, color, CHESS_KING);
  return k ? chess_bb_lsb (k) : CHESS_NO_SQUARE;
}

bool
chess_board_in_check (const ChessBoard *self)
{
  ChessSquare k;

  g_return_val_if_fail (self != NULL, false);

  k = chess_board_king_square (self, (ChessColor) self->side);
  return k != CHESS_NO_SQUARE
         && chess_board_square_attacked (self, k, chess_color_other ((ChessColor) self->side));
}

bool
chess_board_pass (const ChessBoard *self,
                  ChessBoard       *passed)
{
  ChessUndo undo;

  g_return_val_if_fail (self != NULL && passed != NULL, false);

  /* In check there is no move to pass: the king would stay attacked. */
  if (chess_board_in_check (self))
    return false;
  *passed = *self;
  chess_board_make (passed, CHESS_MOVE_NULL, &undo);
  return true;
}

int
chess_board_material (const ChessBoard *self,
                      ChessColor        color)
{
  static const int value[CHESS_N_PIECE_TYPES] = { 100, 300, 300, 500, 900, 0 };
  int total = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (int t = CHESS_PAWN; t < CHESS_KING; t++)
    total += value[t] * __builtin_popcountll (chess_board_pieces (self, color, (ChessPieceType) t));
  return total;
}

bool
chess_board_is_ok (const ChessBoard *self)
{
  ChessBoard copy;
  ChessBitboard all = 0;

  if (self == NULL || self->side > 1 || self->castling > 15 || self->ep_square > 64)
    return false;

  /* Bitboards against the mailbox. */
  for (int sq = 0; sq < 64; sq++)
    if (self->squares[sq] > CHESS_NO_PIECE)
      return false;
  copy = *self;
  chess_board_sync_bitboards (&copy);
  if (memcmp (copy.by_type, self->by_type, sizeof copy.by_type) != 0
      || memcmp (copy.by_color, self->by_color, sizeof copy.by_color) != 0)
    return false;
  for (int t = 0; t < CHESS_N_PIECE_TYPES; t++)
    {
      if (all & self->by_type[t])
        return false;
      all |= self->by_type[t];
    }
  if (self->by_color[0] & self->by_color[1])
    return false;

  /* Exactly one king each; no pawn on the first or last rank. */
  for (int c = 0; c < CHESS_N_COLORS; c++)
    if (__builtin_popcountll (chess_board_pieces (self, (ChessColor) c, CHESS_KING)) != 1)
      return false;
  if (self->by_type[CHESS_PAWN] & (CHESS_RANK_1 | CHESS_RANK_8))
    return false;

  /* The side not to move is never in check. */
  if (chess_board_square_attacked (self,
                                   chess_board_king_square (self, chess_color_other ((ChessColor) self->side)),
                                   (ChessColor) self->side))
    return false;

  /* Castling rights need the king and the rook at home. */
  if ((self->castling & (CHESS_CASTLE_WHITE_KING | CHESS_CASTLE_WHITE_QUEEN))
      && self->squares[4] != CHESS_WHITE_KING)
    return false;
  if ((self->castling & (CHESS_CASTLE_BLACK_KING | CHESS_CASTLE_BLACK_QUEEN))
      && self->squares[60] != CHESS_BLACK_KING)
    return false;
  if (((self->castling & CHESS_CASTLE_WHITE_KING) && self->squares[7] != CHESS_WHITE_ROOK)
      || ((self->castling & CHESS_CASTLE_WHITE_QUEEN) && self->squares[0] != CHESS_WHITE_ROOK)
      || ((self->castling & CHESS_CASTLE_BLACK_KING) && self->squares[63] != CHESS_BLACK_ROOK)
      || ((self->castling & CHESS_CASTLE_BLACK_QUEEN) && self->squares[56] != CHESS_BLACK_ROOK))
    return false;

  /* The en-passant square lies behind a pawn of the side not to move that
   * has just stepped two squares. */
  if (self->ep_square != CHESS_NO_SQUARE)
    {
      int ep = self->ep_square;
      bool white = self->side == CHESS_COLOR_WHITE;
      if (chess_square_rank (ep) != (white ? 5 : 2)
          || self->squares[white ? ep - 8 : ep + 8] != (white ? CHESS_BLACK_PAWN : CHESS_WHITE_PAWN)
          || self->squares[ep] != CHESS_NO_PIECE
          || self->squares[white ? ep + 8 : ep - 8] != CHESS_NO_PIECE)
        return false;
    }

  if (self->fullmove_number < 1)
    return false;

  return chess_board_compute_key (self) == self->key;
}

char *
chess_square_name (ChessSquare sq,
                   char       *buf)
{
  g_return_val_if_fail (buf != NULL, NULL);

  if (sq < 0 || sq >= 64)
    {
      buf[0] = '-';
      buf[1] = '\0';
      return buf;
    }
  buf[0] = (char) ('a' + chess_square_file (sq));
  buf[1] = (char) ('1' + chess_square_rank (sq));
  buf[2] = '\0';
  return buf;
}

ChessSquare
chess_square_parse (const char *text)
{
  if (text == NULL || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8'
      || text[2] != '\0')
    return CHESS_NO_SQUARE;
  return chess_square_make (text[0] - 'a', text[1] - '1');
}
