/* trainer-data.c — loading and checking the training positions. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "trainer-data.h"
#include "trainer-error.h"

#define RECORD_SIZE sizeof (ChessNnueRecord)

gboolean
chess_train_data_load (ChessTrainData *self,
                       const char     *path,
                       GError        **error)
{
  FILE *file = fopen (path, "rb");
  struct stat st;
  size_t n;

  if (file == NULL || fstat (fileno (file), &st) != 0)
    {
      int saved = errno;

      g_set_error (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_IO,
                   "Cannot read %s: %s", path, g_strerror (saved));
      g_clear_pointer (&file, fclose);
      return FALSE;
    }
  if (st.st_size % RECORD_SIZE != 0)
    {
      g_set_error (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_DATA,
                   "%s is not a training data file: its size (%lld bytes) is not "
                   "a multiple of %d", path, (long long) st.st_size, (int) RECORD_SIZE);
      fclose (file);
      return FALSE;
    }
  n = (size_t) st.st_size / RECORD_SIZE;
  self->records = g_renew (ChessNnueRecord, self->records, self->count + n);
  if (fread (self->records + self->count, RECORD_SIZE, n, file) != n)
    {
      g_set_error (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_IO,
                   "Cannot read %s: %s", path,
                   ferror (file) ? g_strerror (errno) : "the file is shorter than it was");
      fclose (file);
      return FALSE;
    }
  fclose (file);
  for (size_t i = 0; i < n; i++)
    if (!chess_nnue_record_valid (&self->records[self->count + i]))
      {
        g_set_error (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_DATA,
                     "%s is not a valid training data file: record %zu (byte %zu) "
                     "is not a valid position (kings, pawns, side, result or reserved bytes)", path, i, i * RECORD_SIZE);
        return FALSE;
      }
  self->count += n;
  return TRUE;
}

void
chess_train_data_clear (ChessTrainData *self)
{
  g_clear_pointer (&self->records, g_free);
  self->count = 0;
}

void
chess_train_data_add_mirrors (ChessTrainData *self)
{
  self->records = g_renew (ChessNnueRecord, self->records, 2 * self->count);
  for (size_t i = 0; i < self->count; i++)
    chess_nnue_record_mirror_files (&self->records[i], &self->records[self->count + i]);
  self->count *= 2;
}

size_t
chess_train_random_below (GRand  *rand,
                          size_t  n)
{
  uint64_t r = (uint64_t) g_rand_int (rand) << 32 | g_rand_int (rand);

  /* The modulo's bias is below n / 2^64: nothing at our sizes. */
  return (size_t) (r % n);
}

size_t
chess_train_data_split (ChessTrainData *self,
                        double          share,
                        uint32_t        seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  size_t n_val = (size_t) (share * (double) self->count + 0.5);

  /* Fisher–Yates. */
  for (size_t i = self->count; i > 1; i--)
    {
      size_t j = chess_train_random_below (rand, i);
      ChessNnueRecord t = self->records[i - 1];

      self->records[i - 1] = self->records[j];
      self->records[j] = t;
    }
  g_rand_free (rand);
  return self->count - MIN (n_val, self->count);
}

void
chess_train_record_features (const ChessNnueRecord *record,
                             int                    buckets,
                             ChessTrainFeatures    *features)
{
  uint8_t squares[64];

  chess_nnue_record_pieces (record, squares);
  chess_train_features_from_squares (features, squares, (ChessColor) record->side, buckets);
}

float
chess_train_record_target (const ChessNnueRecord *record,
                           float                  lambda)
{
  float result = record->result * 0.5f;       /* White's: 0, 0.5, 1 */
  float score = record->score;

  if (record->side == CHESS_COLOR_BLACK)
    {
      result = 1.0f - result;
      score = -score;
    }
  return lambda * result + (1.0f - lambda) / (1.0f + expf (-score / CHESS_NNUE_SCALE));
}
