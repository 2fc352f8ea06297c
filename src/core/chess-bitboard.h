/* chess-bitboard.h — bitboards for code that evaluates positions fast (the
 * engine, the review's motifs): square sets and masks, the attack tables
 * (magic bitboards, built by chess_init()) and small inline helpers.
 * The rest of the rules core's internals stay in chess-core-private.h. */
#pragma once

#include "chess-board.h"

#if defined(__GNUC__)
#define CHESS_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define CHESS_ALWAYS_INLINE inline
#endif

#define CHESS_BB(sq) ((ChessBitboard) 1 << (sq))

#define CHESS_FILE_A  UINT64_C (0x0101010101010101)
#define CHESS_FILE_H  UINT64_C (0x8080808080808080)
#define CHESS_RANK_1  UINT64_C (0x00000000000000ff)
#define CHESS_RANK_2  UINT64_C (0x000000000000ff00)
#define CHESS_RANK_3  UINT64_C (0x0000000000ff0000)
#define CHESS_RANK_4  UINT64_C (0x00000000ff000000)
#define CHESS_RANK_5  UINT64_C (0x000000ff00000000)
#define CHESS_RANK_6  UINT64_C (0x0000ff0000000000)
#define CHESS_RANK_7  UINT64_C (0x00ff000000000000)
#define CHESS_RANK_8  UINT64_C (0xff00000000000000)
#define CHESS_DARK_SQUARES UINT64_C (0xaa55aa55aa55aa55)

/* A "fancy" magic: the index into the shared attack table is
 * ((occupied & mask) * magic) >> shift. */
typedef struct
{
  ChessBitboard  mask;
  ChessBitboard  magic;
  ChessBitboard *attacks;
  unsigned       shift;
} ChessMagic;

extern ChessMagic    chess_rook_magics[64];
extern ChessMagic    chess_bishop_magics[64];
extern ChessBitboard chess_knight_attacks[64];
extern ChessBitboard chess_king_attacks[64];
extern ChessBitboard chess_pawn_attacks[CHESS_N_COLORS][64];

static CHESS_ALWAYS_INLINE int
chess_bb_lsb (ChessBitboard b)
{
  return __builtin_ctzll (b);
}

static CHESS_ALWAYS_INLINE int
chess_bb_pop (ChessBitboard *b)
{
  int sq = __builtin_ctzll (*b);
  *b &= *b - 1;
  return sq;
}

static CHESS_ALWAYS_INLINE bool
chess_bb_several (ChessBitboard b)
{
  return (b & (b - 1)) != 0;
}

static CHESS_ALWAYS_INLINE ChessBitboard
chess_rook_attacks (int sq, ChessBitboard occ)
{
  const ChessMagic *m = &chess_rook_magics[sq];
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static CHESS_ALWAYS_INLINE ChessBitboard
chess_bishop_attacks (int sq, ChessBitboard occ)
{
  const ChessMagic *m = &chess_bishop_magics[sq];
  return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static CHESS_ALWAYS_INLINE ChessBitboard
chess_board_pieces (const ChessBoard *b, ChessColor c, ChessPieceType t)
{
  return b->by_type[t] & b->by_color[c];
}

/* Pieces of colour `by` attacking `sq` when the occupancy is `occ`. */
static CHESS_ALWAYS_INLINE ChessBitboard
chess_attackers_to (const ChessBoard *b, int sq, ChessBitboard occ, ChessColor by)
{
  ChessBitboard diag = b->by_type[CHESS_BISHOP] | b->by_type[CHESS_QUEEN];
  ChessBitboard orth = b->by_type[CHESS_ROOK] | b->by_type[CHESS_QUEEN];

  return ((chess_pawn_attacks[by ^ 1][sq] & b->by_type[CHESS_PAWN])
          | (chess_knight_attacks[sq] & b->by_type[CHESS_KNIGHT])
          | (chess_king_attacks[sq] & b->by_type[CHESS_KING])
          | (chess_bishop_attacks (sq, occ) & diag)
          | (chess_rook_attacks (sq, occ) & orth))
         & b->by_color[by];
}
