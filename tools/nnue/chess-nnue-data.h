/* chess-nnue-data.h — the training positions of tools/nnue: a position,
 * the search's score and the game's result in 32 bytes. The generator
 * (thinkchess-datagen) writes them, the trainer reads them; files are
 * plain arrays of records, made again rather than kept in git. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "chess-board.h"

typedef struct
{
  uint64_t occupied;    /* bit `square` set: a piece there (a1 = 0)       */
  uint8_t  pieces[16];  /* the ChessPiece of each occupied square, from a1
                         * up, two to a byte, the first in the low nibble */
  int16_t  score;       /* the search's score, White's view, centipawns  */
  uint8_t  result;      /* the game's end: 0 Black won, 1 draw, 2 White won */
  uint8_t  side;        /* ChessColor to move                             */
  uint8_t  reserved[4]; /* zero                                           */
} ChessNnueRecord;

_Static_assert (sizeof (ChessNnueRecord) == 32, "a record is 32 bytes");

enum { CHESS_NNUE_BLACK_WON = 0, CHESS_NNUE_DRAW = 1, CHESS_NNUE_WHITE_WON = 2 };

/* Packs `board` with `score` (White's view) and `result`. */
void chess_nnue_record_pack   (ChessNnueRecord  *record,
                               const ChessBoard *board,
                               int               score,
                               int               result);
/* The pieces of `record`: fills squares[64] with ChessPiece or
 * CHESS_NO_PIECE; returns the number of pieces. */
int  chess_nnue_record_pieces (const ChessNnueRecord *record,
                               uint8_t                squares[64]);
/* `record` with its files mirrored (a↔h): the same chess when no side may
 * castle, which a record never says (twice the positions for training). */
void chess_nnue_record_mirror_files (const ChessNnueRecord *record,
                                     ChessNnueRecord       *mirrored);
/* Whether `record` is well formed: one king each, no pawn on the first or
 * last rank, at most 32 pieces, known side and result, nothing reserved. */
bool chess_nnue_record_valid  (const ChessNnueRecord *record);
/* The record's position as FEN (no castling, no en passant), into buf of
 * at least CHESS_FEN_MAX bytes; returns buf. */
char *chess_nnue_record_fen   (const ChessNnueRecord *record,
                               char                  *buf);
