/* chess-timeman.h — how long to think: a soft limit (start no new iteration
 * after it) and a hard limit (stop the search) from the clock. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "chess-engine.h"

typedef struct
{
  bool    managed;    /* false: no time limit (depth, nodes, infinite) */
  int64_t soft_ms;
  int64_t hard_ms;
} ChessTimeman;

void    chess_timeman_init (ChessTimeman            *self,
                            const ChessSearchLimits *limits,
                            ChessColor               us);
/* The soft limit scaled by how settled the best move is: `changes` counts
 * recent best-move changes, `drop` the score fall in centipawns. */
int64_t chess_timeman_soft (const ChessTimeman      *self,
                            int                      changes,
                            int                      drop);
/* Milliseconds on a monotonic clock. */
int64_t chess_timeman_now  (void);
