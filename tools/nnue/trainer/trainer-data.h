/* trainer-data.h — the training positions in memory: every record of the
 * data files, checked, and what the trainer reads from each (its features
 * and its target). */
#pragma once

#include <glib.h>

#include "chess-nnue-data.h"
#include "trainer-net.h"

typedef struct
{
  ChessNnueRecord *records;
  size_t           count;
} ChessTrainData;

/* Appends the records of `path`. FALSE (CHESS_TRAIN_ERROR_DATA or _IO,
 * naming the file) when it cannot be read, its size is not a whole number
 * of records or a record is not valid; `self` is then as before. */
gboolean chess_train_data_load  (ChessTrainData *self,
                                 const char     *path,
                                 GError        **error);
void     chess_train_data_clear (ChessTrainData *self);
/* Adds each record's twin with its files mirrored. */
void     chess_train_data_add_mirrors (ChessTrainData *self);

/* Shuffles the records (seeded) and moves the last `share` of them apart
 * for validation: they are records[train_count…count). */
size_t   chess_train_data_split (ChessTrainData *self,
                                 double          share,
                                 uint32_t        seed);

/* A random number in [0, n), n > 0. */
size_t   chess_train_random_below    (GRand                 *rand,
                                      size_t                 n);

/* The record's features for a net of `buckets` output buckets. */
void     chess_train_record_features (const ChessNnueRecord *record,
                                      int                    buckets,
                                      ChessTrainFeatures    *features);
/* What the net should predict, side to move's view: lambda × the game's
 * result (1, 0.5, 0) + (1 − lambda) × sigmoid(score / SCALE). */
float    chess_train_record_target   (const ChessNnueRecord *record,
                                      float                  lambda);
