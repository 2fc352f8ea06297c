/* chess-nnue-simd.h — the network's two inner loops, once per instruction
 * set (chess-nnue-simd.c); chess-nnue.c picks one set and calls through it.
 * Private to those two files. */
#pragma once

#include <stdint.h>

#include "chess-nnue.h"

typedef struct
{
  ChessNnueSimd simd;

  /* dst[i] = src[i] + Σ add[k][i] − Σ sub[k][i] for every hidden unit, in
   * wrapping int16 arithmetic. `dst` may be `src`. */
  void    (*apply)  (int16_t              *dst,
                     const int16_t        *src,
                     const int16_t *const *add,
                     int                   n_add,
                     const int16_t *const *sub,
                     int                   n_sub);

  /* Σ clamp (us[i], 0, QA) × weights[0][i] + Σ clamp (them[i], 0, QA) ×
   * weights[1][i], in wrapping int32 arithmetic. */
  int32_t (*output) (const int16_t        *us,
                     const int16_t        *them,
                     const int16_t        *weights);
} ChessNnueKernels;

/* The best set this CPU runs. */
ChessNnueSimd           _chess_nnue_best_simd (void);
/* The kernels of `simd`, which must be at most _chess_nnue_best_simd (). */
const ChessNnueKernels *_chess_nnue_kernels   (ChessNnueSimd simd);
