/* trainer-adam.c — the optimiser's step. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "trainer-adam.h"

#define BETA1   0.9
#define BETA2   0.999
#define EPSILON 1e-8f

void
chess_train_adam_init (ChessTrainAdam *self)
{
  memset (self, 0, sizeof *self);
}

static void
step_range (float *restrict       w,
            const float *restrict g,
            float *restrict       m,
            float *restrict       v,
            size_t                n,
            float                 rate,
            float                 keep,
            float                 limit)
{
  for (size_t i = 0; i < n; i++)
    {
      float x;

      m[i] = (float) BETA1 * m[i] + (float) (1 - BETA1) * g[i];
      v[i] = (float) BETA2 * v[i] + (float) (1 - BETA2) * g[i] * g[i];
      x = keep * w[i] - rate * m[i] / (sqrtf (v[i]) + EPSILON);
      w[i] = x < -limit ? -limit : x > limit ? limit : x;
    }
}

void
chess_train_adam_step (ChessTrainAdam      *self,
                       ChessTrainNet       *net,
                       const ChessTrainNet *grad,
                       double               lr,
                       double               decay)
{
  double t;
  float rate, keep = (float) (1.0 - lr * decay);

  self->step++;
  t = (double) self->step;
  /* The bias correction of both moments folded into the rate. */
  rate = (float) (lr * sqrt (1.0 - pow (BETA2, t)) / (1.0 - pow (BETA1, t)));

  step_range (&net->ft_w[0][0], &grad->ft_w[0][0], &self->m.ft_w[0][0], &self->v.ft_w[0][0],
              CHESS_NNUE_FEATURES * CHESS_TRAIN_HIDDEN, rate, keep, CHESS_TRAIN_FT_LIMIT);
  step_range (net->ft_b, grad->ft_b, self->m.ft_b, self->v.ft_b,
              CHESS_TRAIN_HIDDEN, rate, keep, CHESS_TRAIN_FT_LIMIT);
  step_range (&net->out_w[0][0][0], &grad->out_w[0][0][0], &self->m.out_w[0][0][0],
              &self->v.out_w[0][0][0], CHESS_NNUE_MAX_BUCKETS * 2 * CHESS_TRAIN_HIDDEN,
              rate, keep, CHESS_TRAIN_OUT_LIMIT);
  /* The output bias is neither decayed nor clipped: int32 holds any
   * sensible value of it. */
  step_range (net->out_b, grad->out_b, self->m.out_b, self->v.out_b, CHESS_NNUE_MAX_BUCKETS,
              rate, 1.0f, 1e6f);
}
