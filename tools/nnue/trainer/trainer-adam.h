/* trainer-adam.h — Adam over the float network, with decoupled weight
 * decay and the clipping that keeps the weights quantisable. */
#pragma once

#include <stdint.h>

#include "trainer-net.h"

typedef struct
{
  ChessTrainNet m;      /* first moment of the gradients */
  ChessTrainNet v;      /* second moment */
  uint64_t      step;   /* steps taken, for the bias correction */
} ChessTrainAdam;

/* A fresh optimiser: zero moments, no steps. */
void chess_train_adam_init (ChessTrainAdam      *self);
/* One step of `net` down `grad` (the batch's mean gradient) at rate `lr`;
 * `decay` pulls every weight towards zero (AdamW), 0 for none. Then clips
 * the weights to CHESS_TRAIN_FT_LIMIT and CHESS_TRAIN_OUT_LIMIT. */
void chess_train_adam_step (ChessTrainAdam      *self,
                            ChessTrainNet       *net,
                            const ChessTrainNet *grad,
                            double               lr,
                            double               decay);
