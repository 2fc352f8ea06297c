/* trainer-run.c — the epoch loop and its worker threads.
 *
 * A batch is cut into one slice per thread; each thread adds its slice's
 * gradients into its own buffer, the buffers are summed, and one Adam step
 * follows. The same seed and thread count give the same net. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "trainer-checkpoint.h"
#include "trainer-error.h"
#include "trainer-quant.h"
#include "trainer-run.h"

typedef struct
{
  const ChessTrainNet   *net;
  const ChessNnueRecord *records;
  const uint32_t        *order;   /* NULL: records in turn, no gradients */
  size_t                 begin, end;
  float                  lambda;
  int                    buckets; /* the net's output buckets in use */
  float                  scale;   /* 1 / the batch's size */
  ChessTrainNet         *grad;
  double                 loss;    /* sum of the squared errors */
} Slice;

static inline float
sigmoid (float x)
{
  return 1.0f / (1.0f + expf (-x));
}

static gpointer
slice_run (gpointer data)
{
  Slice *slice = data;
  ChessTrainFeatures features;
  ChessTrainActivations act;
  double loss = 0;

  if (slice->order != NULL)
    memset (slice->grad, 0, sizeof *slice->grad);
  for (size_t i = slice->begin; i < slice->end; i++)
    {
      const ChessNnueRecord *record
        = &slice->records[slice->order != NULL ? slice->order[i] : i];
      float target = chess_train_record_target (record, slice->lambda);
      float p, error;

      chess_train_record_features (record, slice->buckets, &features);
      p = sigmoid (chess_train_net_forward (slice->net, &features, &act));
      error = p - target;
      loss += (double) error * error;
      if (slice->order != NULL)
        chess_train_net_backward (slice->net, &features, &act,
                                  2.0f * error * p * (1.0f - p) * slice->scale, slice->grad);
    }
  slice->loss = loss;
  return NULL;
}

/* Runs slices[0] here and the others on threads of their own. */
static void
run_slices (Slice *slices, int n)
{
  GThread *threads[n];

  for (int t = 1; t < n; t++)
    threads[t] = g_thread_new ("nnue-train", slice_run, &slices[t]);
  slice_run (&slices[0]);
  for (int t = 1; t < n; t++)
    g_thread_join (threads[t]);
}

static void
cut (Slice *slices, int n, size_t begin, size_t end)
{
  for (int t = 0; t < n; t++)
    {
      slices[t].begin = begin + (end - begin) * t / n;
      slices[t].end = begin + (end - begin) * (t + 1) / n;
    }
}

typedef struct
{
  const ChessTrainOptions *options;
  ChessTrainData          *data;
  size_t                   n_train;
  ChessTrainNet           *master;  /* the optimiser's weights */
  ChessTrainNet           *net;     /* what the passes see: master or it rounded */
  ChessTrainAdam          *adam;
  Slice                   *slices;
  int                      n_slices;
  uint32_t                *order;
} Trainer;

static double
validation_loss (Trainer *self)
{
  size_t n_val = self->data->count - self->n_train;
  double loss = 0;

  if (n_val == 0)
    return NAN;
  for (int t = 0; t < self->n_slices; t++)
    self->slices[t].order = NULL;
  cut (self->slices, self->n_slices, self->n_train, self->data->count);
  run_slices (self->slices, self->n_slices);
  for (int t = 0; t < self->n_slices; t++)
    loss += self->slices[t].loss;
  return loss / (double) n_val;
}

static void
shuffle_order (Trainer *self, uint32_t seed, int epoch)
{
  guint32 key[2] = { seed, (guint32) epoch };
  GRand *rand = g_rand_new_with_seed_array (key, 2);

  for (size_t i = 0; i < self->n_train; i++)
    self->order[i] = (uint32_t) i;
  for (size_t i = self->n_train; i > 1; i--)
    {
      size_t j = chess_train_random_below (rand, i);
      uint32_t t = self->order[i - 1];

      self->order[i - 1] = self->order[j];
      self->order[j] = t;
    }
  g_rand_free (rand);
}

/* One pass over the training positions; returns their mean loss. */
static double
train_epoch (Trainer *self, double lr)
{
  const ChessTrainOptions *options = self->options;
  double loss = 0;

  for (size_t begin = 0; begin < self->n_train; begin += (size_t) options->batch)
    {
      size_t end = MIN (begin + (size_t) options->batch, self->n_train);
      ChessTrainNet *sum = self->slices[0].grad;
      float *total = (float *) sum;

      for (int t = 0; t < self->n_slices; t++)
        {
          self->slices[t].order = self->order;
          self->slices[t].scale = 1.0f / (float) (end - begin);
        }
      cut (self->slices, self->n_slices, begin, end);
      run_slices (self->slices, self->n_slices);
      loss += self->slices[0].loss;
      for (int t = 1; t < self->n_slices; t++)
        {
          const float *part = (const float *) self->slices[t].grad;

          for (size_t i = 0; i < CHESS_TRAIN_N_PARAMS; i++)
            total[i] += part[i];
          loss += self->slices[t].loss;
        }
      chess_train_adam_step (self->adam, self->master, sum, lr, options->decay);
      if (self->net != self->master)
        chess_train_quant_round (self->net, self->master);
    }
  return loss / (double) self->n_train;
}

void
chess_train_options_init (ChessTrainOptions *options)
{
  memset (options, 0, sizeof *options);
  options->epochs = 10;
  options->batch = 16384;
  options->lr = 0.001;
  options->lambda = 0.7;
  options->threads = 2;
  options->val_share = 0.01;
  options->seed = 1;
  options->buckets = 1;
}

double
chess_train_options_lr (const ChessTrainOptions *options,
                        int                      epoch)
{
  double lr = options->lr;

  for (int i = 0; i < options->n_drops; i++)
    if (epoch >= options->drops[i].epoch)
      lr *= options->drops[i].factor;
  return lr;
}

static gboolean
save (Trainer                  *self,
      const ChessTrainProgress *progress,
      GError                  **error)
{
  const ChessTrainOptions *options = self->options;

  if (options->out_path != NULL)
    {
      g_autofree ChessTrainQuant *quant = g_new (ChessTrainQuant, 1);

      chess_train_quant_from_net (quant, self->net, (int) progress->buckets);
      if (!chess_train_quant_save (quant, options->out_path, error))
        return FALSE;
    }
  return options->checkpoint_path == NULL
         || chess_train_checkpoint_save (options->checkpoint_path, self->master, self->adam,
                                         progress, error);
}

static gboolean
train (Trainer              *self,
       ChessTrainReportFunc  report,
       gpointer              user_data,
       GError              **error)
{
  const ChessTrainOptions *options = self->options;
  ChessTrainProgress progress = { options->seed, 0, !options->plain_float, (uint32_t) options->buckets, NAN };
  ChessTrainReport r = { 0 };

  if (options->resume_path != NULL)
    {
      if (!chess_train_checkpoint_load (options->resume_path, self->master, self->adam,
                                        &progress, error))
        return FALSE;
    }
  else if (options->init_path != NULL)
    {
      g_autofree ChessTrainQuant *start = g_new (ChessTrainQuant, 1);

      if (!chess_train_quant_load (start, options->init_path, error))
        return FALSE;
      chess_train_quant_to_net (start, self->master);
      chess_train_adam_init (self->adam);
    }
  else
    {
      chess_train_net_init (self->master, progress.seed);
      chess_train_adam_init (self->adam);
    }
  /* This session's choice, whatever the checkpoint's was. */
  progress.rounded = !options->plain_float;
  if (progress.rounded)
    {
      self->net = g_new (ChessTrainNet, 1);
      chess_train_quant_round (self->net, self->master);
    }
  else
    self->net = self->master;
  /* A resumed net keeps its buckets, as it keeps its seed. */
  for (int t = 0; t < self->n_slices; t++)
    {
      self->slices[t].net = self->net;
      self->slices[t].buckets = (int) progress.buckets;
    }
  if (options->val_count > 0)
    self->n_train = options->val_count < self->data->count ? self->data->count - options->val_count : 0;
  else
    self->n_train = chess_train_data_split (self->data, options->val_share, progress.seed);
  if (self->n_train == 0 || self->n_train > G_MAXUINT32)
    {
      g_set_error (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_DATA,
                   "%zu training positions: there must be at least one and at most 2^32",
                   self->n_train);
      return FALSE;
    }
  self->order = g_new (uint32_t, self->n_train);
  r.n_train = self->n_train;
  r.n_val = self->data->count - self->n_train;
  r.epoch = (int) progress.epoch;
  r.train_loss = NAN;
  r.val_loss = validation_loss (self);
  report (&r, user_data);

  for (int epoch = (int) progress.epoch + 1; epoch <= options->epochs; epoch++)
    {
      gint64 start = g_get_monotonic_time ();
      double seconds;

      r.epoch = epoch;
      r.lr = chess_train_options_lr (options, epoch);
      shuffle_order (self, progress.seed, epoch);
      r.train_loss = train_epoch (self, r.lr);
      seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
      r.positions_per_second = (double) self->n_train / MAX (seconds, 1e-6);
      r.val_loss = validation_loss (self);
      progress.epoch = (uint32_t) epoch;
      progress.val_loss = r.val_loss;
      if (!save (self, &progress, error))
        return FALSE;
      report (&r, user_data);
    }
  return TRUE;
}

gboolean
chess_train_run (const ChessTrainOptions *options,
                 ChessTrainData          *data,
                 ChessTrainReportFunc     report,
                 gpointer                 user_data,
                 GError                 **error)
{
  Trainer self = { options, data };
  gboolean ok;

  g_return_val_if_fail (options->batch > 0 && options->threads > 0, FALSE);

  self.n_slices = options->threads;
  self.master = g_new (ChessTrainNet, 1);
  self.adam = g_new (ChessTrainAdam, 1);
  self.slices = g_new0 (Slice, self.n_slices);
  for (int t = 0; t < self.n_slices; t++)
    {
      self.slices[t].records = data->records;
      self.slices[t].lambda = (float) options->lambda;
      self.slices[t].grad = g_new (ChessTrainNet, 1);
    }
  ok = train (&self, report, user_data, error);
  for (int t = 0; t < self.n_slices; t++)
    g_free (self.slices[t].grad);
  g_free (self.slices);
  g_free (self.order);
  g_free (self.adam);
  if (self.net != self.master)
    g_free (self.net);
  g_free (self.master);
  return ok;
}
