/* trainer-quant.h — the network in integers, as the engine runs it: made
 * from the float net, written to and read from the file of
 * chess-nnue-format.h, and evaluated with the engine's arithmetic. */
#pragma once

#include <glib.h>

#include "trainer-net.h"

typedef struct
{
  int16_t ft_w[CHESS_NNUE_FEATURES][CHESS_NNUE_HIDDEN];  /* × QA */
  int16_t ft_b[CHESS_NNUE_HIDDEN];                       /* × QA */
  int16_t out_w[CHESS_NNUE_MAX_BUCKETS][2][CHESS_NNUE_HIDDEN];  /* × QB */
  int32_t out_b[CHESS_NNUE_MAX_BUCKETS];                 /* × QA × QB */
  int     buckets;          /* in use; 1 is written as a version 1 file */
} ChessTrainQuant;

void     chess_train_quant_from_net (ChessTrainQuant       *self,
                                     const ChessTrainNet   *net,
                                     int                    buckets);
/* `net` rounded to the steps the file holds (1/QA, 1/QB, 1/(QA × QB)) and
 * clipped as the file is, still in floats: the net the integers compute.
 * `rounded` may be `net`. */
void     chess_train_quant_round    (ChessTrainNet         *rounded,
                                     const ChessTrainNet   *net);
/* The float net `self` computes: every bucket of `net` from the bucket of
 * the same number, or from the last one `self` has (a one-bucket net gives
 * every bucket its output). */
void     chess_train_quant_to_net   (const ChessTrainQuant *self,
                                     ChessTrainNet         *net);
/* Writes the file atomically (a temporary file renamed over `path`). */
gboolean chess_train_quant_save     (const ChessTrainQuant *self,
                                     const char            *path,
                                     GError               **error);
gboolean chess_train_quant_load     (ChessTrainQuant       *self,
                                     const char            *path,
                                     GError               **error);
/* The score in centipawns, side to move's view, exactly as the format
 * header computes it. */
int      chess_train_quant_evaluate_features (const ChessTrainQuant    *self,
                                              const ChessTrainFeatures *features);
int      chess_train_quant_evaluate (const ChessTrainQuant *self,
                                     const ChessBoard      *board);
