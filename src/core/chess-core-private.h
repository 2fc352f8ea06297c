/* chess-core-private.h — what the files of the rules core share beyond
 * the bitboards (chess-bitboard.h): the line tables, the Zobrist keys and
 * helpers for keys and counting. Not part of the core's public API. */
#pragma once

#include <string.h>

#include "chess-bitboard.h"

/* Squares strictly between two squares on a line, else 0. */
extern ChessBitboard chess_between[64][64];
/* The whole line (edge to edge) through two aligned squares, else 0. */
extern ChessBitboard chess_line[64][64];

extern uint64_t chess_zobrist_piece[12][64];
extern uint64_t chess_zobrist_castling[16];
extern uint64_t chess_zobrist_ep[8];
extern uint64_t chess_zobrist_side;
/* Castling rights kept when a piece leaves or lands on each square. */
extern uint8_t  chess_castling_keep[64];

/* TRUE when the side to move has a legal en-passant capture. The key hashes
 * the en-passant file only then, so equal keys mean equal positions. */
static inline bool
chess_board_ep_capture_legal (const ChessBoard *b)
{
  ChessColor us = (ChessColor) b->side, them = chess_color_other (us);
  ChessBitboard capturers, occ;
  int ep = b->ep_square, victim, ksq;

  if (ep == CHESS_NO_SQUARE)
    return false;
  capturers = chess_pawn_attacks[them][ep] & chess_board_pieces (b, us, CHESS_PAWN);
  if (!capturers)
    return false;
  victim = us == CHESS_COLOR_WHITE ? ep - 8 : ep + 8;
  ksq = chess_bb_lsb (chess_board_pieces (b, us, CHESS_KING));
  occ = b->by_color[0] | b->by_color[1];
  while (capturers)
    {
      int from = chess_bb_pop (&capturers);
      ChessBitboard after = (occ ^ CHESS_BB (from) ^ CHESS_BB (victim)) | CHESS_BB (ep);
      if (!(chess_attackers_to (b, ksq, after, them) & ~CHESS_BB (victim)))
        return true;
    }
  return false;
}

/* The key recomputed from scratch. */
uint64_t chess_board_compute_key (const ChessBoard *b);

/* Rebuilds by_type and by_color from squares[]. */
void chess_board_sync_bitboards (ChessBoard *b);

