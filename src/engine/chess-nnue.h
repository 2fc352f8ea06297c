/* chess-nnue.h — running the evaluation network (its shape and file are in
 * chess-nnue-format.h): loading a net, keeping its first layer up to date
 * move by move, and the score.
 *
 * The first layer is the expensive part, so it is not recomputed at every
 * node: the search keeps one accumulator per ply and makes the next from
 * the previous one with the few feature columns a move adds and removes.
 * Everything is integer arithmetic that wraps the same way on every path
 * (scalar, SSE2, AVX2), so an updated accumulator equals a fresh one bit
 * for bit and the score does not depend on the machine.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "chess-board.h"
#include "chess-nnue-format.h"

typedef struct ChessNnue ChessNnue;

/* One position's first layer, from each side's perspective, on whole
 * cache lines. An over-aligned type: heap memory for it must come from
 * aligned_alloc () or g_aligned_alloc (), not malloc (). */
typedef struct
{
  _Alignas (64) int16_t values[CHESS_N_COLORS][CHESS_NNUE_HIDDEN];
} ChessNnueAccumulator;

typedef enum
{
  CHESS_NNUE_SIMD_SCALAR = 0,
  CHESS_NNUE_SIMD_SSE2,
  CHESS_NNUE_SIMD_AVX2,
} ChessNnueSimd;

#define CHESS_NNUE_N_SIMD 3

/* A net from the bytes of a file in the layout of chess-nnue-format.h,
 * copied (`data` may be freed afterwards). NULL when the data is not such
 * a file, with a short static English reason in `problem` (may be NULL). */
ChessNnue   *chess_nnue_load      (const void                 *data,
                                   size_t                      size,
                                   const char                **problem);
/* The same from a file, for the tools (the UCI server reads its EvalFile
 * itself, more carefully). NULL with a message naming the file in `why`
 * (free it), when the file cannot be read or is no such net. */
ChessNnue   *chess_nnue_load_file (const char                 *path,
                                   char                      **why);
void         chess_nnue_free      (ChessNnue                  *net);

/* `acc` for `board` from scratch. */
void         chess_nnue_refresh   (const ChessNnue            *net,
                                   const ChessBoard           *board,
                                   ChessNnueAccumulator       *acc);

/* `after` = the accumulator of the position after `move` (legal in
 * `board_before`, or CHESS_MOVE_NULL), from `before`, that of
 * `board_before`. `after` may be `before` (an update in place). */
void         chess_nnue_update    (const ChessNnue            *net,
                                   const ChessNnueAccumulator *before,
                                   ChessNnueAccumulator       *after,
                                   const ChessBoard           *board_before,
                                   ChessMove                   move);

/* The score in centipawns for `side_to_move`, with `pieces` pieces on the
 * board (which picks the output bucket). */
int          chess_nnue_evaluate  (const ChessNnue            *net,
                                   const ChessNnueAccumulator *acc,
                                   ChessColor                  side_to_move,
                                   int                         pieces);
/* The net's output buckets (chess-nnue-format.h), 1 for a version 1 file. */
int          chess_nnue_buckets   (const ChessNnue            *net);

/* The kernels in use: the best this CPU has, chosen at the first call.
 * chess_nnue_set_simd forces one (for tests and benchmarks), capped to
 * what the CPU has, and returns the one now in use. Not meant to be
 * called while another thread evaluates (it is safe, but that thread may
 * use either path for a while: they agree anyway). */
ChessNnueSimd chess_nnue_get_simd (void);
ChessNnueSimd chess_nnue_set_simd (ChessNnueSimd wanted);
const char   *chess_nnue_simd_name (ChessNnueSimd simd);
