/* chess-nnue-format.h — the shape of the evaluation network, shared by the
 * engine (which runs it) and tools/nnue (which trains it).
 *
 * Two perspectives: each side's accumulator sums, over the pieces on the
 * board, one column of the feature weights (768 features: own or enemy,
 * piece type, square as that side sees it) plus a bias. The output is
 * the side to move's accumulator and then the other's, each clipped to
 * [0, QA] (clipped ReLU), times the output weights, plus the output bias.
 * A net may have several sets of output weights and biases ("buckets"),
 * one for each range of the number of pieces on the board: an opening
 * and an ending then read the same accumulators each in its own way.
 *
 * Quantised integers, so that every code path gives the same result:
 * feature weights and biases are int16 scaled by QA, output weights int16
 * scaled by QB, the output bias int32 scaled by QA × QB. The score in
 * centipawns is output × SCALE / (QA × QB).
 *
 * The file (little-endian), version 1 (one bucket):
 *   char    magic[4] = "TCNN"; uint32 version = 1; uint32 hidden;
 *   int16   feature_weights[768][hidden];   row by feature
 *   int16   feature_bias[hidden];
 *   int16   output_weights[2][hidden];      side to move's half first
 *   int32   output_bias;
 * and version 2 (1 to CHESS_NNUE_MAX_BUCKETS buckets):
 *   char    magic[4] = "TCNN"; uint32 version = 2; uint32 hidden;
 *   uint32  buckets;
 *   int16   feature_weights[768][hidden];
 *   int16   feature_bias[hidden];
 *   int16   output_weights[buckets][2][hidden];
 *   int32   output_bias[buckets];
 */
#pragma once

#include "chess-types.h"

#define CHESS_NNUE_MAGIC    "TCNN"
#define CHESS_NNUE_VERSION  1     /* one bucket */
#define CHESS_NNUE_VERSION_BUCKETS 2
#define CHESS_NNUE_MAX_BUCKETS 8
#define CHESS_NNUE_FEATURES 768
#define CHESS_NNUE_HIDDEN   256
#define CHESS_NNUE_QA       255
#define CHESS_NNUE_QB       64
#define CHESS_NNUE_SCALE    400

/* The file's size for CHESS_NNUE_HIDDEN: version 1, and version 2 with
 * `buckets` buckets. */
#define CHESS_NNUE_FILE_SIZE (12 + 2 * (CHESS_NNUE_FEATURES * CHESS_NNUE_HIDDEN \
                                        + CHESS_NNUE_HIDDEN + 2 * CHESS_NNUE_HIDDEN) + 4)
#define CHESS_NNUE_FILE_SIZE_BUCKETS(buckets) \
  (16 + 2 * (CHESS_NNUE_FEATURES * CHESS_NNUE_HIDDEN + CHESS_NNUE_HIDDEN) \
   + (buckets) * (2 * 2 * CHESS_NNUE_HIDDEN + 4))

/* The output bucket of a position with `pieces` pieces (kings included,
 * 2 to 32) in a net of `buckets`: equal ranges of the piece count. */
static inline int
chess_nnue_bucket (int pieces,
                   int buckets)
{
  int b = (pieces - 1) * buckets / 32;

  return b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
}

/* The feature of `piece` on `square` seen from `perspective`: the board is
 * flipped for Black, so that both sides see their own pieces alike. */
static inline int
chess_nnue_feature (ChessColor  perspective,
                    ChessPiece  piece,
                    ChessSquare square)
{
  int relative = perspective == CHESS_COLOR_WHITE ? square : square ^ 56;
  int enemy = chess_piece_color (piece) != perspective;

  return enemy * 384 + (int) chess_piece_type (piece) * 64 + relative;
}
