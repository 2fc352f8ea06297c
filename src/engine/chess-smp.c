/* chess-smp.c — Lazy SMP: more threads searching the same position.
 *
 * Each helper is a whole engine of its own (board, histories, stack) that
 * shares only the main engine's transposition table. The helpers search
 * the main search's position without a clock until it ends; what they
 * learn reaches it through the table. Half of them run each iteration one
 * ply deeper, so that the threads do not all search the same tree in step.
 * Only the main search reports and chooses the move.
 *
 * The table is read and written without locks, as in most engines: a torn
 * entry costs at most a wrong bound now and then, and its move is only
 * played when it is among the position's legal moves (the move picker
 * matches it against them).
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "chess-engine-private.h"

struct ChessHelper
{
  ChessEngine      *engine;
  ChessSearchLimits limits;
  pthread_t         thread;
  bool              running;
};

static void
free_helpers (ChessEngine *self, int keep)
{
  while (self->n_helpers > keep)
    chess_engine_free (self->helpers[--self->n_helpers].engine);
}

void
chess_smp_free (ChessEngine *self)
{
  free_helpers (self, 0);
  free (self->helpers);
  self->helpers = NULL;
}

bool
chess_engine_set_threads (ChessEngine *self, int threads)
{
  /* Helpers wanted: all the threads but the caller's own. */
  int want = (threads < 1 ? 1 : threads > CHESS_ENGINE_MAX_THREADS ? CHESS_ENGINE_MAX_THREADS : threads) - 1;

  if (want <= self->n_helpers)
    {
      free_helpers (self, want);
      return true;
    }
  if (!self->helpers)
    {
      self->helpers = calloc (CHESS_ENGINE_MAX_THREADS, sizeof *self->helpers);
      if (!self->helpers)
        return false;
    }
  while (self->n_helpers < want)
    {
      ChessEngine *helper = chess_engine_alloc (self->tt, 0);

      if (!helper)
        return false;
      helper->helper_id = self->n_helpers + 1;
      self->helpers[self->n_helpers].engine = helper;
      self->helpers[self->n_helpers].running = false;
      self->n_helpers++;
    }
  return true;
}

int
chess_engine_get_threads (const ChessEngine *self)
{
  return self->n_helpers + 1;
}

void
chess_smp_clear (ChessEngine *self)
{
  for (int i = 0; i < self->n_helpers; i++)
    chess_engine_clear (self->helpers[i].engine);
}

static void *
helper_main (void *data)
{
  ChessHelper *h = data;

  chess_engine_run_search (h->engine, &h->limits, NULL, NULL);
  return NULL;
}

void
chess_smp_start (ChessEngine *self, const ChessSearchLimits *limits)
{
  for (int i = 0; i < self->n_helpers; i++)
    {
      ChessHelper *h = &self->helpers[i];
      ChessEngine *e = h->engine;

      chess_engine_copy_setup (e, self);
      /* No clock: the main search decides when all stop. The depth and
       * the root moves asked for still hold. */
      chess_search_limits_init (&h->limits);
      h->limits.infinite = true;
      h->limits.depth = limits->depth;
      memcpy (h->limits.search_moves, limits->search_moves,
              (size_t) limits->n_search_moves * sizeof (ChessMove));
      h->limits.n_search_moves = limits->n_search_moves;
      atomic_store (&e->stop, false);
      atomic_store (&e->pondering, false);
      atomic_store (&e->start_ms, atomic_load (&self->start_ms));
      atomic_store (&e->published_nodes, 0);
      h->running = pthread_create (&h->thread, NULL, helper_main, h) == 0;
    }
}

uint64_t
chess_smp_finish (ChessEngine *self)
{
  uint64_t nodes = 0;

  for (int i = 0; i < self->n_helpers; i++)
    atomic_store (&self->helpers[i].engine->stop, true);
  for (int i = 0; i < self->n_helpers; i++)
    {
      ChessHelper *h = &self->helpers[i];

      if (!h->running)
        continue;
      pthread_join (h->thread, NULL);
      h->running = false;
      nodes += h->engine->nodes;
    }
  return nodes;
}

uint64_t
chess_smp_nodes (const ChessEngine *self)
{
  uint64_t nodes = 0;

  for (int i = 0; i < self->n_helpers; i++)
    nodes += atomic_load_explicit (&self->helpers[i].engine->published_nodes,
                                   memory_order_relaxed);
  return nodes;
}

ChessEngine *
chess_smp_helper (ChessEngine *self, int i)
{
  return self->helpers[i].engine;
}
