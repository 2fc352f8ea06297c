/* trainer-net.c — the float network's forward and backward passes.
 *
 * Only the ~32 active features of each perspective touch the feature
 * weights, so both passes cost a few rows of CHESS_TRAIN_HIDDEN floats per
 * piece; the loops run over whole rows so that the compiler vectorises
 * them. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "trainer-net.h"

#define H CHESS_TRAIN_HIDDEN

/* The passes in AVX2 where the processor has it (twice the floats per
 * instruction), chosen at load time; the same arithmetic either way. GCC
 * only: clang 14 (Debian 12) leaves the clones undefined at link time. */
#if defined (__x86_64__) && defined (__has_attribute) && !defined (__clang__)
#if __has_attribute (target_clones)
#define HOT __attribute__ ((target_clones ("avx2", "default")))
#endif
#endif
#ifndef HOT
#define HOT
#endif

/* The starting spread of the feature weights: about 32 pieces make an
 * accumulator of spread 0.5, half of it inside the ReLU's [0, 1]. */
#define INIT_FT_SPREAD 0.1

void
chess_train_features_from_squares (ChessTrainFeatures *features,
                                   const uint8_t       squares[64],
                                   ChessColor          side,
                                   int                 buckets)
{
  ChessColor other = chess_color_other (side);
  int n = 0;

  for (ChessSquare sq = 0; sq < 64 && n < 32; sq++)
    {
      ChessPiece p = (ChessPiece) squares[sq];

      if (p > CHESS_BLACK_KING)
        continue;
      features->stm[n] = (uint16_t) chess_nnue_feature (side, p, sq);
      features->other[n] = (uint16_t) chess_nnue_feature (other, p, sq);
      n++;
    }
  features->count = n;
  features->bucket = chess_nnue_bucket (n, buckets);
}

static double
gaussian (GRand *rand)
{
  double u = 1.0 - g_rand_double (rand), v = g_rand_double (rand);

  return sqrt (-2.0 * log (u)) * cos (2.0 * G_PI * v);
}

void
chess_train_net_init (ChessTrainNet *self,
                      uint32_t       seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  double out_spread = 1.0 / sqrt (2.0 * H);

  memset (self, 0, sizeof *self);
  for (int f = 0; f < CHESS_NNUE_FEATURES; f++)
    for (int i = 0; i < H; i++)
      self->ft_w[f][i] = (float) (INIT_FT_SPREAD * gaussian (rand));
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < H; i++)
      self->out_w[0][s][i] = (float) (out_spread * (2.0 * g_rand_double (rand) - 1.0));
  for (int b = 1; b < CHESS_NNUE_MAX_BUCKETS; b++)
    memcpy (self->out_w[b], self->out_w[0], sizeof self->out_w[0]);
  g_rand_free (rand);
}

static inline void
add_row (float *restrict       dst,
         const float *restrict src)
{
  for (int i = 0; i < H; i++)
    dst[i] += src[i];
}

static inline void
accumulate (const ChessTrainNet *self,
            const uint16_t      *features,
            int                  count,
            float               *acc)
{
  memcpy (acc, self->ft_b, sizeof self->ft_b);
  for (int k = 0; k < count; k++)
    add_row (acc, self->ft_w[features[k]]);
}

/* The clipped ReLU, written so that it compiles to min and max without
 * branches. */
static inline float
clip (float x)
{
  float h = x > 0.0f ? x : 0.0f;

  return h < 1.0f ? h : 1.0f;
}

/* The dot product of the clipped accumulator with the output weights, in
 * eight partial sums: a plain sum would not be vectorised. */
static inline float
output_sum (const float *restrict acc,
            const float *restrict weights)
{
  float part[8] = { 0 };

  for (int i = 0; i < H; i += 8)
    for (int j = 0; j < 8; j++)
      part[j] += clip (acc[i + j]) * weights[i + j];
  return ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
}

HOT float
chess_train_net_forward (const ChessTrainNet      *self,
                         const ChessTrainFeatures *features,
                         ChessTrainActivations    *act)
{
  int b = features->bucket;

  accumulate (self, features->stm, features->count, act->acc[0]);
  accumulate (self, features->other, features->count, act->acc[1]);
  act->y = self->out_b[b] + output_sum (act->acc[0], self->out_w[b][0])
           + output_sum (act->acc[1], self->out_w[b][1]);
  return act->y;
}

HOT void
chess_train_net_backward (const ChessTrainNet         *self,
                          const ChessTrainFeatures    *features,
                          const ChessTrainActivations *act,
                          float                        dy,
                          ChessTrainNet               *grad)
{
  float dacc[2][H];
  int b = features->bucket;

  grad->out_b[b] += dy;
  for (int s = 0; s < 2; s++)
    {
      const float *restrict acc = act->acc[s];
      const float *restrict w = self->out_w[b][s];
      float *restrict gw = grad->out_w[b][s];
      float *restrict d = dacc[s];

      for (int i = 0; i < H; i++)
        {
          /* The clipped ReLU passes gradient only inside (0, 1). */
          float open = (float) ((acc[i] > 0.0f) & (acc[i] < 1.0f));

          gw[i] += dy * clip (acc[i]);
          d[i] = dy * w[i] * open;
        }
    }
  for (int i = 0; i < H; i++)
    grad->ft_b[i] += dacc[0][i] + dacc[1][i];
  /* A piece's two features may be the same row: one add after the other. */
  for (int k = 0; k < features->count; k++)
    {
      add_row (grad->ft_w[features->stm[k]], dacc[0]);
      add_row (grad->ft_w[features->other[k]], dacc[1]);
    }
}

double
chess_train_net_evaluate (const ChessTrainNet *self,
                          const ChessBoard    *board,
                          int                  buckets)
{
  ChessTrainFeatures features;
  ChessTrainActivations act;

  chess_train_features_from_squares (&features, board->squares, (ChessColor) board->side, buckets);
  return CHESS_NNUE_SCALE * (double) chess_train_net_forward (self, &features, &act);
}
