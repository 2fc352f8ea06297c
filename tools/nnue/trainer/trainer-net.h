/* trainer-net.h — the evaluation network in floating point, as the trainer
 * learns it: the same shape as chess-nnue-format.h, with a clipped ReLU to
 * [0, 1] (1.0 is QA in the engine) and an output y in units of
 * CHESS_NNUE_SCALE centipawns (the score is 400 y). */
#pragma once

#include "chess-board.h"
#include "chess-nnue-format.h"

#define CHESS_TRAIN_HIDDEN CHESS_NNUE_HIDDEN

/* An int16 accumulator holds the bias and up to 32 pieces' weights, each
 * times QA: 33 × 992 ≤ 32767, so no sum of them can overflow. */
#define CHESS_TRAIN_FT_LIMIT  ((float) (32767 / 33) / CHESS_NNUE_QA)
/* Output weights times QB stay within ±127; 512 of them times QA sum to
 * far less than an int32 holds. */
#define CHESS_TRAIN_OUT_LIMIT 1.98f

/* All floats, no padding: the optimiser walks it as one array. The
 * gradients and the optimiser's moments have the same shape. Room for
 * every output bucket; a net of fewer leaves the rest untouched (no
 * gradient reaches them, so Adam never moves them). */
typedef struct
{
  float ft_w[CHESS_NNUE_FEATURES][CHESS_TRAIN_HIDDEN];
  float ft_b[CHESS_TRAIN_HIDDEN];
  float out_w[CHESS_NNUE_MAX_BUCKETS][2][CHESS_TRAIN_HIDDEN];  /* side to move's half first */
  float out_b[CHESS_NNUE_MAX_BUCKETS];
} ChessTrainNet;

#define CHESS_TRAIN_N_PARAMS (sizeof (ChessTrainNet) / sizeof (float))

_Static_assert (sizeof (ChessTrainNet)
                == (CHESS_NNUE_FEATURES * CHESS_TRAIN_HIDDEN + CHESS_TRAIN_HIDDEN
                    + CHESS_NNUE_MAX_BUCKETS * (2 * CHESS_TRAIN_HIDDEN + 1))
                   * sizeof (float),
                "the network is a plain array of floats");

/* The active features of a position, from each side's perspective, and
 * the output bucket that reads them. */
typedef struct
{
  uint16_t stm[32];     /* the side to move's */
  uint16_t other[32];
  int      count;
  int      bucket;
} ChessTrainFeatures;

/* What a forward pass leaves for the backward pass. */
typedef struct
{
  float acc[2][CHESS_TRAIN_HIDDEN];   /* before the clipped ReLU */
  float y;
} ChessTrainActivations;

/* Fills `features` from a board of ChessPiece (CHESS_NO_PIECE when empty)
 * with `side` to move, for a net of `buckets` output buckets; at most 32
 * pieces are taken. */
void  chess_train_features_from_squares (ChessTrainFeatures *features,
                                         const uint8_t       squares[64],
                                         ChessColor          side,
                                         int                 buckets);

/* Small random weights from `seed`: the same seed gives the same net
 * (every output bucket starts as the first; the first bucket's weights are
 * what a one-bucket net has always started from). */
void  chess_train_net_init     (ChessTrainNet            *self,
                                uint32_t                  seed);
/* The output y (sigmoid(y) is the expected score of the side to move). */
float chess_train_net_forward  (const ChessTrainNet      *self,
                                const ChessTrainFeatures *features,
                                ChessTrainActivations    *act);
/* Adds d(loss)/d(weights) to `grad`, given d(loss)/dy and the forward
 * pass's activations. */
void  chess_train_net_backward (const ChessTrainNet         *self,
                                const ChessTrainFeatures    *features,
                                const ChessTrainActivations *act,
                                float                        dy,
                                ChessTrainNet               *grad);
/* The float net's score of `board` in centipawns, side to move's view. */
double chess_train_net_evaluate (const ChessTrainNet *self,
                                 const ChessBoard    *board,
                                 int                  buckets);
