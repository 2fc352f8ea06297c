/* trainer-checkpoint.h — the float net with the optimiser's state and the
 * training's progress, so that a later session resumes where this one
 * stopped. The file (little-endian):
 *   char   magic[4] = "TCCK"; uint32 version = 2; uint32 hidden;
 *   uint32 seed; uint32 epoch; uint32 rounded; uint32 buckets; uint64 step;
 *   float64 validation loss;
 *   float32 net[CHESS_TRAIN_N_PARAMS], adam_m[…], adam_v[…]
 */
#pragma once

#include <glib.h>

#include "trainer-adam.h"

typedef struct
{
  uint32_t seed;       /* of the split and of every epoch's shuffle */
  uint32_t epoch;      /* epochs done */
  uint32_t rounded;    /* 1: the passes saw the weights rounded as the
                        * file holds them (chess_train_quant_round) */
  uint32_t buckets;    /* the net's output buckets in use */
  double   val_loss;   /* after the last of them */
} ChessTrainProgress;

/* Written atomically (a temporary file renamed over `path`). */
gboolean chess_train_checkpoint_save (const char               *path,
                                      const ChessTrainNet      *net,
                                      const ChessTrainAdam     *adam,
                                      const ChessTrainProgress *progress,
                                      GError                  **error);
/* `adam` and `progress` may be NULL when only the net is wanted. The net
 * is the optimiser's: round it when progress->rounded says so. */
gboolean chess_train_checkpoint_load (const char               *path,
                                      ChessTrainNet            *net,
                                      ChessTrainAdam           *adam,
                                      ChessTrainProgress       *progress,
                                      GError                  **error);
