/* chess-engine-bits.h — bit counting for the engine.
 *
 * __builtin_popcountll on the baseline x86-64 target that distributions
 * build for is a call into libgcc; this branch-free count is inlined and
 * nearly as fast as the POPCNT instruction for the few counts per node the
 * evaluation makes. */
#pragma once

#include <stdlib.h>

#include "chess-bitboard.h"

static CHESS_ALWAYS_INLINE int
chess_bb_count (ChessBitboard b)
{
  b = b - ((b >> 1) & UINT64_C (0x5555555555555555));
  b = (b & UINT64_C (0x3333333333333333)) + ((b >> 2) & UINT64_C (0x3333333333333333));
  b = (b + (b >> 4)) & UINT64_C (0x0f0f0f0f0f0f0f0f);
  return (int) ((b * UINT64_C (0x0101010101010101)) >> 56);
}

static CHESS_ALWAYS_INLINE ChessBitboard
chess_bb_north (ChessBitboard b)
{
  return b << 8;
}

static CHESS_ALWAYS_INLINE ChessBitboard
chess_bb_south (ChessBitboard b)
{
  return b >> 8;
}

/* Every square in front of the set bits, towards the given colour's far side. */
static CHESS_ALWAYS_INLINE ChessBitboard
chess_bb_front_fill (ChessBitboard b, ChessColor c)
{
  if (c == CHESS_COLOR_WHITE)
    {
      b |= b << 8; b |= b << 16; b |= b << 32;
      return b << 8;
    }
  b |= b >> 8; b |= b >> 16; b |= b >> 32;
  return b >> 8;
}

static CHESS_ALWAYS_INLINE ChessBitboard
chess_bb_pawn_attacks (ChessBitboard pawns, ChessColor c)
{
  ChessBitboard west = pawns & ~CHESS_FILE_A, east = pawns & ~CHESS_FILE_H;

  if (c == CHESS_COLOR_WHITE)
    return (west << 7) | (east << 9);
  return (west >> 9) | (east >> 7);
}

static inline int
chess_square_distance (int a, int b)
{
  int df = abs ((a & 7) - (b & 7)), dr = abs ((a >> 3) - (b >> 3));
  return df > dr ? df : dr;
}
