/* chess-nnue-data.c — packing positions into training records. */
#include "config.h"

#include <string.h>

#include "chess-nnue-data.h"

void
chess_nnue_record_pack (ChessNnueRecord  *record,
                        const ChessBoard *board,
                        int               score,
                        int               result)
{
  int n = 0;

  memset (record, 0, sizeof *record);
  for (ChessSquare sq = 0; sq < 64; sq++)
    {
      ChessPiece p = chess_board_piece_at (board, sq);

      if (p == CHESS_NO_PIECE)
        continue;
      record->occupied |= (uint64_t) 1 << sq;
      record->pieces[n / 2] |= (uint8_t) (p << (4 * (n % 2)));
      n++;
    }
  record->score = (int16_t) (score > 32000 ? 32000 : score < -32000 ? -32000 : score);
  record->result = (uint8_t) result;
  record->side = (uint8_t) board->side;
}

int
chess_nnue_record_pieces (const ChessNnueRecord *record,
                          uint8_t                squares[64])
{
  int n = 0;

  for (ChessSquare sq = 0; sq < 64; sq++)
    {
      squares[sq] = CHESS_NO_PIECE;
      if ((record->occupied >> sq & 1) == 0 || n >= 32)
        continue;
      squares[sq] = (uint8_t) (record->pieces[n / 2] >> (4 * (n % 2)) & 15);
      n++;
    }
  return n;
}

void
chess_nnue_record_mirror_files (const ChessNnueRecord *record,
                                ChessNnueRecord       *mirrored)
{
  uint8_t squares[64];
  int n = 0;

  chess_nnue_record_pieces (record, squares);
  *mirrored = *record;
  mirrored->occupied = 0;
  memset (mirrored->pieces, 0, sizeof mirrored->pieces);
  for (ChessSquare sq = 0; sq < 64; sq++)
    {
      uint8_t p = squares[sq ^ 7];

      if (p == CHESS_NO_PIECE)
        continue;
      mirrored->occupied |= (uint64_t) 1 << sq;
      mirrored->pieces[n / 2] |= (uint8_t) (p << (4 * (n % 2)));
      n++;
    }
}

bool
chess_nnue_record_valid (const ChessNnueRecord *record)
{
  uint8_t squares[64];
  int kings[CHESS_N_COLORS] = { 0, 0 };

  if (__builtin_popcountll (record->occupied) > 32 || record->side > CHESS_COLOR_BLACK
      || record->result > CHESS_NNUE_WHITE_WON)
    return false;
  for (int i = 0; i < 4; i++)
    if (record->reserved[i] != 0)
      return false;
  chess_nnue_record_pieces (record, squares);
  for (ChessSquare sq = 0; sq < 64; sq++)
    {
      ChessPiece p = (ChessPiece) squares[sq];
      int rank = chess_square_rank (sq);

      if (p == CHESS_NO_PIECE)
        continue;
      if (p > CHESS_BLACK_KING)
        return false;
      if (chess_piece_type (p) == CHESS_KING)
        kings[chess_piece_color (p)]++;
      if (chess_piece_type (p) == CHESS_PAWN && (rank == 0 || rank == 7))
        return false;
    }
  return kings[CHESS_COLOR_WHITE] == 1 && kings[CHESS_COLOR_BLACK] == 1;
}

char *
chess_nnue_record_fen (const ChessNnueRecord *record,
                       char                  *buf)
{
  static const char letters[] = "PNBRQKpnbrqk";
  uint8_t squares[64];
  char *out = buf;

  chess_nnue_record_pieces (record, squares);
  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;

      for (int file = 0; file < 8; file++)
        {
          ChessPiece p = (ChessPiece) squares[rank * 8 + file];

          if (p == CHESS_NO_PIECE || p > CHESS_BLACK_KING)
            {
              empty++;
              continue;
            }
          if (empty > 0)
            *out++ = (char) ('0' + empty);
          empty = 0;
          *out++ = letters[p];
        }
      if (empty > 0)
        *out++ = (char) ('0' + empty);
      if (rank > 0)
        *out++ = '/';
    }
  strcpy (out, record->side == CHESS_COLOR_WHITE ? " w - - 0 1" : " b - - 0 1");
  return buf;
}
