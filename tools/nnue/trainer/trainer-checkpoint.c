/* trainer-checkpoint.c — saving and resuming the training. */
#include "config.h"

#include <string.h>

#include "trainer-checkpoint.h"
#include "trainer-error.h"

#define MAGIC   "TCCK"
#define VERSION 1
#define HEADER_SIZE (4 + 5 * 4 + 8 + 8)
#define FILE_SIZE (HEADER_SIZE + 3 * CHESS_TRAIN_N_PARAMS * 4)

static uint8_t *
put_u64 (uint8_t *out, uint64_t value, int bytes)
{
  for (int i = 0; i < bytes; i++)
    *out++ = (uint8_t) (value >> (8 * i));
  return out;
}

static uint64_t
get_u64 (const uint8_t *in, int bytes)
{
  uint64_t value = 0;

  for (int i = 0; i < bytes; i++)
    value |= (uint64_t) in[i] << (8 * i);
  return value;
}

static uint8_t *
put_floats (uint8_t *out, const ChessTrainNet *net)
{
  const float *f = (const float *) net;

  for (size_t i = 0; i < CHESS_TRAIN_N_PARAMS; i++)
    {
      uint32_t bits;

      memcpy (&bits, &f[i], 4);
      out = put_u64 (out, bits, 4);
    }
  return out;
}

static const uint8_t *
get_floats (const uint8_t *in, ChessTrainNet *net)
{
  float *f = (float *) net;

  for (size_t i = 0; i < CHESS_TRAIN_N_PARAMS; i++, in += 4)
    {
      uint32_t bits = (uint32_t) get_u64 (in, 4);

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
  out = put_u64 (out + 4, VERSION, 4);
  out = put_u64 (out, CHESS_TRAIN_HIDDEN, 4);
  out = put_u64 (out, progress->seed, 4);
  out = put_u64 (out, progress->epoch, 4);
  out = put_u64 (out, progress->rounded, 4);
  out = put_u64 (out, adam->step, 8);
  out = put_u64 (out, loss_bits, 8);
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
  g_autoptr (GError) read_error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  const uint8_t *in;

  if (!g_file_get_contents (path, &data, &length, &read_error))
    {
      g_set_error_literal (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_IO, read_error->message);
      return FALSE;
    }
  in = (const uint8_t *) data;
  if (length != FILE_SIZE || memcmp (in, MAGIC, 4) != 0
      || get_u64 (in + 4, 4) != VERSION || get_u64 (in + 8, 4) != CHESS_TRAIN_HIDDEN)
    {
      g_set_error (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_CHECKPOINT,
                   "%s is not a training checkpoint of version %d with %d hidden units",
                   path, VERSION, CHESS_TRAIN_HIDDEN);
      return FALSE;
    }
  if (progress != NULL)
    {
      uint64_t loss_bits = get_u64 (in + 32, 8);

      progress->seed = (uint32_t) get_u64 (in + 12, 4);
      progress->epoch = (uint32_t) get_u64 (in + 16, 4);
      progress->rounded = (uint32_t) get_u64 (in + 20, 4);
      memcpy (&progress->val_loss, &loss_bits, 8);
    }
  in = get_floats (in + HEADER_SIZE, net);
  if (adam != NULL)
    {
      adam->step = get_u64 ((const uint8_t *) data + 24, 8);
      in = get_floats (in, &adam->m);
      get_floats (in, &adam->v);
    }
  return TRUE;
}
