/* trainer-checkpoint.c — saving and resuming the training. */
#include "config.h"

#include <string.h>

#include "trainer-bytes.h"
#include "trainer-checkpoint.h"
#include "trainer-error.h"

#define MAGIC   "TCCK"
#define VERSION 2
#define HEADER_SIZE (4 + 6 * 4 + 8 + 8)
#define FILE_SIZE (HEADER_SIZE + 3 * CHESS_TRAIN_N_PARAMS * 4)

static uint8_t *
put_floats (uint8_t *out, const ChessTrainNet *net)
{
  const float *f = (const float *) net;

  for (size_t i = 0; i < CHESS_TRAIN_N_PARAMS; i++)
    {
      uint32_t bits;

      memcpy (&bits, &f[i], 4);
      out = chess_train_put_le (out, bits, 4);
    }
  return out;
}

static const uint8_t *
get_floats (const uint8_t *in, ChessTrainNet *net)
{
  float *f = (float *) net;

  for (size_t i = 0; i < CHESS_TRAIN_N_PARAMS; i++, in += 4)
    {
      uint32_t bits = (uint32_t) chess_train_get_le (in, 4);

      memcpy (&f[i], &bits, 4);
    }
  return in;
}

gboolean
chess_train_checkpoint_save (const char               *path,
                             const ChessTrainNet      *net,
                             const ChessTrainAdam     *adam,
                             const ChessTrainProgress *progress,
                             GError                  **error)
{
  g_autofree uint8_t *buf = g_malloc (FILE_SIZE);
  uint8_t *out = buf;
  uint64_t loss_bits;

  memcpy (&loss_bits, &progress->val_loss, 8);
  memcpy (out, MAGIC, 4);
  out = chess_train_put_le (out + 4, VERSION, 4);
  out = chess_train_put_le (out, CHESS_TRAIN_HIDDEN, 4);
  out = chess_train_put_le (out, progress->seed, 4);
  out = chess_train_put_le (out, progress->epoch, 4);
  out = chess_train_put_le (out, progress->rounded, 4);
  out = chess_train_put_le (out, progress->buckets, 4);
  out = chess_train_put_le (out, adam->step, 8);
  out = chess_train_put_le (out, loss_bits, 8);
  out = put_floats (out, net);
  out = put_floats (out, &adam->m);
  out = put_floats (out, &adam->v);
  g_assert (out == buf + FILE_SIZE);

  return g_file_set_contents_full (path, (const char *) buf, FILE_SIZE,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}

gboolean
chess_train_checkpoint_load (const char         *path,
                             ChessTrainNet      *net,
                             ChessTrainAdam     *adam,
                             ChessTrainProgress *progress,
                             GError            **error)
{
  g_autofree char *data = NULL;
  gsize length;
  const uint8_t *in;

  if (!chess_train_read_file (path, &data, &length, error))
    return FALSE;
  in = (const uint8_t *) data;
  if (length != FILE_SIZE || memcmp (in, MAGIC, 4) != 0
      || chess_train_get_le (in + 4, 4) != VERSION || chess_train_get_le (in + 8, 4) != CHESS_TRAIN_HIDDEN
      || chess_train_get_le (in + 24, 4) < 1 || chess_train_get_le (in + 24, 4) > CHESS_NNUE_MAX_BUCKETS)
    {
      g_set_error (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_CHECKPOINT,
                   "%s is not a training checkpoint of version %d with %d hidden units",
                   path, VERSION, CHESS_TRAIN_HIDDEN);
      return FALSE;
    }
  if (progress != NULL)
    {
      uint64_t loss_bits = chess_train_get_le (in + 36, 8);

      progress->seed = (uint32_t) chess_train_get_le (in + 12, 4);
      progress->epoch = (uint32_t) chess_train_get_le (in + 16, 4);
      progress->rounded = (uint32_t) chess_train_get_le (in + 20, 4);
      progress->buckets = (uint32_t) chess_train_get_le (in + 24, 4);
      memcpy (&progress->val_loss, &loss_bits, 8);
    }
  in = get_floats (in + HEADER_SIZE, net);
  if (adam != NULL)
    {
      adam->step = chess_train_get_le ((const uint8_t *) data + 28, 8);
      in = get_floats (in, &adam->m);
      get_floats (in, &adam->v);
    }
  return TRUE;
}
