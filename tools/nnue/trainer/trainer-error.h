/* trainer-error.h — the trainer's error domain: input files that cannot
 * be read or are not what they should be. Writing uses G_FILE_ERROR. */
#pragma once

#include <glib.h>

#define CHESS_TRAIN_ERROR (chess_train_error_quark ())

typedef enum
{
  CHESS_TRAIN_ERROR_IO,          /* an input file could not be read */
  CHESS_TRAIN_ERROR_DATA,        /* a data file's size or a record is wrong */
  CHESS_TRAIN_ERROR_NET,         /* not a network file of this shape */
  CHESS_TRAIN_ERROR_CHECKPOINT,  /* not a checkpoint of this shape */
} ChessTrainError;

GQuark chess_train_error_quark (void);
