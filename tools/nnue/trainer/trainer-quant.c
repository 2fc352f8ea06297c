/* trainer-quant.c — quantising the float net and the network file. */
#include "config.h"

#include <string.h>

#include "trainer-bytes.h"
#include "trainer-error.h"
#include "trainer-quant.h"

#define H CHESS_NNUE_HIDDEN

/* The largest feature weight or bias after quantisation: see
 * CHESS_TRAIN_FT_LIMIT. */
#define FT_MAX (32767 / 33)

/* round (w × scale), halves away from zero, clipped to ±limit: the
 * integer as a float. Written to vectorise, since training rounds the
 * whole net after every step; the file's integers come from the same
 * function, so they are exactly what training saw. */
static inline float
snap (float w, float scale, float limit)
{
  float x = w * scale, t;

  x = x < -limit ? -limit : x;
  x = x > limit ? limit : x;
  t = (float) (int32_t) x;   /* towards zero, exactly */
  if (x - t >= 0.5f)
    t += 1.0f;
  if (x - t <= -0.5f)
    t -= 1.0f;
  return t;
}

/* The output bias is not clipped in training; this only keeps the cast
 * defined. */
#define OUT_B_MAX 1e9f

void
chess_train_quant_from_net (ChessTrainQuant     *self,
                            const ChessTrainNet *net,
                            int                  buckets)
{
  self->buckets = buckets;
  for (int f = 0; f < CHESS_NNUE_FEATURES; f++)
    for (int i = 0; i < H; i++)
      self->ft_w[f][i] = (int16_t) snap (net->ft_w[f][i], CHESS_NNUE_QA, FT_MAX);
  for (int i = 0; i < H; i++)
    self->ft_b[i] = (int16_t) snap (net->ft_b[i], CHESS_NNUE_QA, FT_MAX);
  for (int b = 0; b < CHESS_NNUE_MAX_BUCKETS; b++)
    {
      for (int s = 0; s < 2; s++)
        for (int i = 0; i < H; i++)
          self->out_w[b][s][i] = (int16_t) snap (net->out_w[b][s][i], CHESS_NNUE_QB, INT16_MAX);
      self->out_b[b] = (int32_t) snap (net->out_b[b], CHESS_NNUE_QA * CHESS_NNUE_QB, OUT_B_MAX);
    }
}

void
chess_train_quant_round (ChessTrainNet       *rounded,
                         const ChessTrainNet *net)
{
  const float qab = CHESS_NNUE_QA * CHESS_NNUE_QB;

  for (int f = 0; f < CHESS_NNUE_FEATURES; f++)
    for (int i = 0; i < H; i++)
      rounded->ft_w[f][i] = snap (net->ft_w[f][i], CHESS_NNUE_QA, FT_MAX) / CHESS_NNUE_QA;
  for (int i = 0; i < H; i++)
    rounded->ft_b[i] = snap (net->ft_b[i], CHESS_NNUE_QA, FT_MAX) / CHESS_NNUE_QA;
  for (int b = 0; b < CHESS_NNUE_MAX_BUCKETS; b++)
    {
      for (int s = 0; s < 2; s++)
        for (int i = 0; i < H; i++)
          rounded->out_w[b][s][i] = snap (net->out_w[b][s][i], CHESS_NNUE_QB, INT16_MAX) / CHESS_NNUE_QB;
      rounded->out_b[b] = snap (net->out_b[b], qab, OUT_B_MAX) / qab;
    }
}

void
chess_train_quant_to_net (const ChessTrainQuant *self,
                          ChessTrainNet         *net)
{
  const float qab = CHESS_NNUE_QA * CHESS_NNUE_QB;

  for (int f = 0; f < CHESS_NNUE_FEATURES; f++)
    for (int i = 0; i < H; i++)
      net->ft_w[f][i] = (float) self->ft_w[f][i] / CHESS_NNUE_QA;
  for (int i = 0; i < H; i++)
    net->ft_b[i] = (float) self->ft_b[i] / CHESS_NNUE_QA;
  for (int b = 0; b < CHESS_NNUE_MAX_BUCKETS; b++)
    {
      int from = MIN (b, self->buckets - 1);

      for (int s = 0; s < 2; s++)
        for (int i = 0; i < H; i++)
          net->out_w[b][s][i] = (float) self->out_w[from][s][i] / CHESS_NNUE_QB;
      net->out_b[b] = (float) self->out_b[from] / qab;
    }
}

static uint8_t *
put_i16s (uint8_t *out, const int16_t *values, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      out = chess_train_put_le (out, (uint16_t) values[i], 2);
    }
  return out;
}

static const uint8_t *
get_i16s (const uint8_t *in, int16_t *values, size_t n)
{
  for (size_t i = 0; i < n; i++, in += 2)
    values[i] = (int16_t) (uint16_t) chess_train_get_le (in, 2);
  return in;
}

/* The file's size for `buckets`: one bucket is written as version 1, the
 * format the first nets had. */
static size_t
file_size (int buckets)
{
  return buckets == 1 ? CHESS_NNUE_FILE_SIZE : CHESS_NNUE_FILE_SIZE_BUCKETS (buckets);
}

gboolean
chess_train_quant_save (const ChessTrainQuant *self,
                        const char            *path,
                        GError               **error)
{
  size_t size = file_size (self->buckets);
  g_autofree uint8_t *buf = g_malloc (size);
  uint8_t *out = buf;

  memcpy (out, CHESS_NNUE_MAGIC, 4);
  out = chess_train_put_le (out + 4, self->buckets == 1 ? CHESS_NNUE_VERSION : CHESS_NNUE_VERSION_BUCKETS, 4);
  out = chess_train_put_le (out, H, 4);
  if (self->buckets != 1)
    out = chess_train_put_le (out, (uint32_t) self->buckets, 4);
  out = put_i16s (out, &self->ft_w[0][0], (size_t) CHESS_NNUE_FEATURES * H);
  out = put_i16s (out, self->ft_b, H);
  out = put_i16s (out, &self->out_w[0][0][0], (size_t) self->buckets * 2 * H);
  for (int b = 0; b < self->buckets; b++)
    out = chess_train_put_le (out, (uint32_t) self->out_b[b], 4);
  g_assert (out == buf + size);

  return g_file_set_contents_full (path, (const char *) buf, (gssize) size,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}

gboolean
chess_train_quant_load (ChessTrainQuant *self,
                        const char      *path,
                        GError         **error)
{
  g_autofree char *data = NULL;
  gsize length;
  const uint8_t *in;
  uint64_t version, buckets = 0;

  if (!chess_train_read_file (path, &data, &length, error))
    return FALSE;
  in = (const uint8_t *) data;
  version = length >= 16 ? chess_train_get_le (in + 4, 4) : 0;
  if (version == CHESS_NNUE_VERSION)
    buckets = 1;
  else if (version == CHESS_NNUE_VERSION_BUCKETS)
    buckets = chess_train_get_le (in + 12, 4);
  if (buckets < 1 || buckets > CHESS_NNUE_MAX_BUCKETS || length != file_size ((int) buckets)
      || memcmp (in, CHESS_NNUE_MAGIC, 4) != 0 || chess_train_get_le (in + 8, 4) != H)
    {
      g_set_error (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_NET,
                   "%s is not a network file of version %d or %d with %d hidden units "
                   "(%d bytes, starting \"%s\", for one output bucket)",
                   path, CHESS_NNUE_VERSION, CHESS_NNUE_VERSION_BUCKETS, H,
                   (int) CHESS_NNUE_FILE_SIZE, CHESS_NNUE_MAGIC);
      return FALSE;
    }
  memset (self, 0, sizeof *self);
  self->buckets = (int) buckets;
  in = get_i16s (in + (version == CHESS_NNUE_VERSION ? 12 : 16),
                 &self->ft_w[0][0], (size_t) CHESS_NNUE_FEATURES * H);
  in = get_i16s (in, self->ft_b, H);
  in = get_i16s (in, &self->out_w[0][0][0], (size_t) buckets * 2 * H);
  for (uint64_t b = 0; b < buckets; b++, in += 4)
    self->out_b[b] = (int32_t) (uint32_t) chess_train_get_le (in, 4);
  return TRUE;
}

static void
accumulate (const ChessTrainQuant *self,
            const uint16_t        *features,
            int                    count,
            int16_t               *acc)
{
  memcpy (acc, self->ft_b, sizeof self->ft_b);
  for (int k = 0; k < count; k++)
    for (int i = 0; i < H; i++)
      acc[i] = (int16_t) (acc[i] + self->ft_w[features[k]][i]);
}

int
chess_train_quant_evaluate_features (const ChessTrainQuant    *self,
                                     const ChessTrainFeatures *features)
{
  int16_t acc[2][H];
  int b = chess_nnue_bucket (features->count, self->buckets);
  int32_t out = self->out_b[b];

  accumulate (self, features->stm, features->count, acc[0]);
  accumulate (self, features->other, features->count, acc[1]);
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < H; i++)
      {
        int32_t h = acc[s][i] < 0 ? 0 : acc[s][i] > CHESS_NNUE_QA ? CHESS_NNUE_QA : acc[s][i];

        out += h * self->out_w[b][s][i];
      }
  return (int) ((int64_t) out * CHESS_NNUE_SCALE / (CHESS_NNUE_QA * CHESS_NNUE_QB));
}

int
chess_train_quant_evaluate (const ChessTrainQuant *self,
                            const ChessBoard      *board)
{
  ChessTrainFeatures features;

  chess_train_features_from_squares (&features, board->squares, (ChessColor) board->side, self->buckets);
  return chess_train_quant_evaluate_features (self, &features);
}
