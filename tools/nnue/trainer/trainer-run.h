/* trainer-run.h — the training: epochs of shuffled mini-batches, Adam
 * steps, a validation loss and the net and checkpoint written after
 * every epoch. */
#pragma once

#include <glib.h>

#include "trainer-data.h"

#define CHESS_TRAIN_MAX_DROPS 16

/* From `epoch` on, the learning rate is multiplied by `factor`. */
typedef struct
{
  int    epoch;
  double factor;
} ChessTrainDrop;

typedef struct
{
  const char    *out_path;         /* the quantised net, NULL: not written */
  const char    *checkpoint_path;  /* the float checkpoint, NULL: not written */
  const char    *resume_path;      /* a checkpoint to go on from, or NULL */
  const char    *init_path;        /* a network file to start from instead
                                    * of random weights, or NULL */
  int            epochs;           /* the last epoch to train (counting a
                                    * resumed checkpoint's) */
  int            batch;
  double         lr;
  ChessTrainDrop drops[CHESS_TRAIN_MAX_DROPS];
  int            n_drops;
  double         lambda;           /* the game result's share of the target */
  double         decay;            /* decoupled weight decay, 0 for none */
  int            threads;
  double         val_share;        /* of the positions, kept for validation */
  size_t         val_count;        /* > 0: instead, the data's last val_count
                                    * records are the validation positions
                                    * (another file: no game on both sides) */
  uint32_t       seed;             /* a resumed checkpoint's wins */
  int            buckets;          /* output buckets, 1 to CHESS_NNUE_MAX_BUCKETS
                                    * (a resumed checkpoint's win) */
  gboolean       plain_float;      /* FALSE: the passes see the weights
                                    * rounded as the file holds them, so
                                    * that the integer net computes what
                                    * was trained (the gradient still
                                    * moves the float weights behind) */
} ChessTrainOptions;

/* Sent before the first epoch (epoch = the checkpoint's, or 0; train_loss
 * NAN) and after every epoch. */
typedef struct
{
  int    epoch;
  double lr;
  double train_loss;            /* mean over the epoch's positions, as trained */
  double val_loss;              /* NAN without validation positions */
  double positions_per_second;
  size_t n_train;
  size_t n_val;
} ChessTrainReport;

typedef void (*ChessTrainReportFunc) (const ChessTrainReport *report,
                                      gpointer                user_data);

void     chess_train_options_init (ChessTrainOptions       *options);
/* The learning rate of `epoch` (counted from 1). */
double   chess_train_options_lr   (const ChessTrainOptions *options,
                                   int                      epoch);

/* Trains on `data`, whose records it reorders (the split and the shuffles
 * come from the seed). FALSE when a file cannot be read or written, or
 * there is nothing to train on. */
gboolean chess_train_run (const ChessTrainOptions *options,
                          ChessTrainData          *data,
                          ChessTrainReportFunc     report,
                          gpointer                 user_data,
                          GError                 **error);
