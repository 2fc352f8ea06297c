/* chess-engine.c — the search object: creation, settings, the position. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chess-engine-private.h"
#include "chess-nnue-builtin.h"

void
chess_search_limits_init (ChessSearchLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  limits->time_ms[0] = limits->time_ms[1] = -1;
}

static void
init_reductions (ChessEngine *self)
{
  for (int d = 0; d < 64; d++)
    for (int m = 0; m < 64; m++)
      self->lmr[d][m] = d == 0 || m == 0 ? 0 : (int) (0.75 + log (d) * log (m) / 2.25);
}

ChessEngine *
chess_engine_alloc (ChessTT *tt, size_t hash_mb)
{
  ChessEngine *self = calloc (1, sizeof *self);

  if (!self)
    return NULL;
  chess_init ();
  self->continuation = calloc ((size_t) 12 * 64 * 12 * 64, sizeof (int16_t));
  self->accumulators = aligned_alloc (_Alignof (ChessNnueAccumulator),
                                      (CHESS_ENGINE_MAX_PLY + 2) * sizeof (ChessNnueAccumulator));
  if (!tt && self->continuation && self->accumulators
      && chess_tt_init (&self->own_tt, hash_mb ? hash_mb : CHESS_ENGINE_DEFAULT_HASH_MB))
    tt = &self->own_tt;
  if (!self->continuation || !self->accumulators || !tt)
    {
      free (self->accumulators);
      free (self->continuation);
      free (self);
      return NULL;
    }
  self->tt = tt;
  atomic_init (&self->stop, false);
  atomic_init (&self->pondering, false);
  atomic_init (&self->start_ms, 0);
  atomic_init (&self->armed, false);
  atomic_init (&self->published_nodes, 0);
  self->multipv = 1;
  self->features = CHESS_ENGINE_ALL_FEATURES;
  self->weights = chess_eval_weights;
  self->net = chess_nnue_builtin ();
  self->level = CHESS_ENGINE_LEVEL_MAX;
  self->lvl = &chess_engine_levels[self->level];
  init_reductions (self);
  chess_board_set_start (&self->root);
  chess_engine_set_position (self, &self->root, NULL, 0);
  return self;
}

ChessEngine *
chess_engine_new (size_t hash_mb)
{
  return chess_engine_alloc (NULL, hash_mb);
}

void
chess_engine_free (ChessEngine *self)
{
  if (!self)
    return;
  chess_smp_free (self);
  chess_tt_free (&self->own_tt);
  free (self->continuation);
  free (self->accumulators);
  free (self->game_keys);
  free (self->keys);
  free (self);
}

bool
chess_engine_set_hash (ChessEngine *self, size_t hash_mb)
{
  if (hash_mb < 1)
    hash_mb = 1;
  if (hash_mb > CHESS_ENGINE_MAX_HASH_MB)
    hash_mb = CHESS_ENGINE_MAX_HASH_MB;
  return chess_tt_init (self->tt, hash_mb);
}

void
chess_engine_clear (ChessEngine *self)
{
  if (self->helper_id == 0)
    chess_tt_clear (self->tt);
  memset (self->history, 0, sizeof self->history);
  memset (self->continuation, 0, (size_t) 12 * 64 * 12 * 64 * sizeof (int16_t));
  memset (self->counter_moves, 0, sizeof self->counter_moves);
  chess_smp_clear (self);
}

void
chess_engine_set_multipv (ChessEngine *self, int multipv)
{
  self->multipv = multipv < 1 ? 1 : multipv > CHESS_ENGINE_MAX_MULTIPV ? CHESS_ENGINE_MAX_MULTIPV : multipv;
}

void
chess_engine_set_level (ChessEngine *self, int level)
{
  self->level = level < 0 ? 0 : level > CHESS_ENGINE_LEVEL_MAX ? CHESS_ENGINE_LEVEL_MAX : level;
}

int
chess_engine_get_level (const ChessEngine *self)
{
  return self->level;
}

void
chess_engine_set_seed (ChessEngine *self, uint64_t seed)
{
  self->seed = seed;
}

/* Room for `n_moves` game keys and the search path's. */
static void
reserve_keys (ChessEngine *self, size_t n_moves)
{
  size_t cap;
  uint64_t *gk, *k;

  if (n_moves + 1 <= self->game_keys_capacity && self->keys)
    return;
  cap = n_moves + 64;
  gk = realloc (self->game_keys, cap * sizeof (uint64_t));
  if (!gk)
    abort ();
  self->game_keys = gk;
  k = realloc (self->keys, (cap + CHESS_ENGINE_MAX_PLY + 8) * sizeof (uint64_t));
  if (!k)
    abort ();
  self->keys = k;
  self->game_keys_capacity = cap;
}

void
chess_engine_set_position (ChessEngine *self, const ChessBoard *start,
                           const ChessMove *moves, size_t n_moves)
{
  ChessBoard board = *start;

  reserve_keys (self, n_moves);
  self->n_game_keys = 0;
  for (size_t i = 0; i < n_moves; i++)
    {
      ChessUndo undo;
      self->game_keys[self->n_game_keys++] = board.key;
      chess_board_make (&board, moves[i], &undo);
    }
  self->root = board;
}

void
chess_engine_copy_setup (ChessEngine *to, const ChessEngine *from)
{
  to->level = from->level;
  to->features = from->features;
  to->judging = from->judging;
  to->weights = from->weights;
  to->net = from->net;
  to->seed = from->seed;
  /* The helpers fill the table; only the main search reports lines. */
  to->multipv = 1;
  reserve_keys (to, from->n_game_keys);
  memcpy (to->game_keys, from->game_keys, from->n_game_keys * sizeof (uint64_t));
  to->n_game_keys = from->n_game_keys;
  to->root = from->root;
}

static void
reset_flags (ChessEngine *self, bool ponder)
{
  atomic_store (&self->start_ms, chess_timeman_now ());
  atomic_store (&self->pondering, ponder);
  atomic_store (&self->stop, false);
}

void
chess_engine_arm (ChessEngine *self, bool ponder)
{
  reset_flags (self, ponder);
  atomic_store (&self->armed, true);
}

ChessSearchResult
chess_engine_search (ChessEngine *self, const ChessSearchLimits *limits,
                     ChessSearchInfoFunc info_func, void *user_data)
{
  /* Arming here, in the search's thread, would clear a stop that came
   * after the caller armed it. */
  ChessSearchResult result;

  if (!atomic_exchange (&self->armed, false))
    reset_flags (self, limits->ponder);
  chess_tt_new_search (self->tt);
  chess_smp_start (self, limits);
  result = chess_engine_run_search (self, limits, info_func, user_data);
  result.nodes += chess_smp_finish (self);
  return result;
}

void
chess_engine_stop (ChessEngine *self)
{
  atomic_store (&self->stop, true);
}

void
chess_engine_ponderhit (ChessEngine *self)
{
  /* Our clock starts now. */
  atomic_store (&self->start_ms, chess_timeman_now ());
  atomic_store (&self->pondering, false);
}

void
chess_engine_set_weights (ChessEngine *self, const void *weights)
{
  self->weights = weights ? weights : chess_eval_weights;
}

void
chess_engine_set_net (ChessEngine *self, const ChessNnue *net)
{
  self->net = net;
}

void
chess_engine_set_features (ChessEngine *self, unsigned features)
{
  self->features = features;
}

void
chess_engine_set_judging (ChessEngine *self, bool judging)
{
  if (self->judging == judging)
    return;
  self->judging = judging;
  /* The table's scores were of the other kind. */
  chess_engine_clear (self);
}

int
chess_score_mate_moves (int score)
{
  if (score >= CHESS_SCORE_MATE_BOUND)
    return (CHESS_SCORE_MATE - score + 1) / 2;
  if (score <= -CHESS_SCORE_MATE_BOUND)
    return -((CHESS_SCORE_MATE + score) / 2);
  return 0;
}
