/* chess-tt.h — the transposition table: what earlier searches learnt about
 * a position (best move, score bound, depth), keyed by its Zobrist key. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess-engine.h"
#include "chess-types.h"

typedef struct
{
  uint32_t  key;        /* the upper half of the key; the lower picks the slot */
  ChessMove move;
  int16_t   score;
  int16_t   eval;
  uint8_t   depth;
  uint8_t   age_bound;  /* age << 2 | ChessBound */
} ChessTTEntry;

/* Four entries fill half a cache line. */
#define CHESS_TT_BUCKET 4

typedef struct
{
  ChessTTEntry entries[CHESS_TT_BUCKET];
} ChessTTBucket;

typedef struct
{
  ChessTTBucket *buckets;
  size_t         n_buckets;
  uint8_t        age;
} ChessTT;

bool chess_tt_init     (ChessTT *self, size_t mb);
void chess_tt_free     (ChessTT *self);
void chess_tt_clear    (ChessTT *self);
void chess_tt_new_search (ChessTT *self);
/* The entry for `key`, or NULL. */
const ChessTTEntry *chess_tt_probe (const ChessTT *self, uint64_t key);
void chess_tt_store    (ChessTT *self, uint64_t key, ChessMove move, int score,
                        int eval, int depth, int bound);
int  chess_tt_hashfull (const ChessTT *self);

/* A mate score is stored as the distance from the node where it was
 * found (`ply` from the root), not from the root: the same position
 * reached at another ply then reads the right distance to the mate.
 * Other scores are stored as they are. */
static inline int
chess_tt_score_to_tt (int score, int ply)
{
  return score >= CHESS_SCORE_MATE_BOUND ? score + ply
         : score <= -CHESS_SCORE_MATE_BOUND ? score - ply : score;
}

static inline int
chess_tt_score_from_tt (int score, int ply)
{
  return score >= CHESS_SCORE_MATE_BOUND ? score - ply
         : score <= -CHESS_SCORE_MATE_BOUND ? score + ply : score;
}
