/* chess-tt.c — the transposition table (see chess-tt.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-engine.h"
#include "chess-tt.h"

bool
chess_tt_init (ChessTT *self, size_t mb)
{
  size_t n = mb * 1024 * 1024 / sizeof (ChessTTBucket);
  ChessTTBucket *buckets;

  if (n < 1)
    n = 1;
  buckets = calloc (n, sizeof (ChessTTBucket));
  if (!buckets)
    return false;
  free (self->buckets);
  self->buckets = buckets;
  self->n_buckets = n;
  self->age = 0;
  return true;
}

void
chess_tt_free (ChessTT *self)
{
  free (self->buckets);
  self->buckets = NULL;
  self->n_buckets = 0;
}

void
chess_tt_clear (ChessTT *self)
{
  memset (self->buckets, 0, self->n_buckets * sizeof (ChessTTBucket));
  self->age = 0;
}

void
chess_tt_new_search (ChessTT *self)
{
  self->age = (self->age + 1) & 63;
}

/* Replacement: an entry of an older search counts as this many plies
 * shallower per search since; and a deeper result for the same position
 * is kept against a non-exact one more than this many plies shallower. */
enum { TT_AGE_PENALTY = 8, TT_KEEP_DEEPER_BY = 3 };

static inline ChessTTBucket *
bucket_of (const ChessTT *self, uint64_t key)
{
  /* The lower half of the key scaled onto the table: no modulo. */
  return &self->buckets[((key & 0xffffffffu) * self->n_buckets) >> 32];
}

const ChessTTEntry *
chess_tt_probe (const ChessTT *self, uint64_t key)
{
  ChessTTBucket *b = bucket_of (self, key);
  uint32_t k = (uint32_t) (key >> 32);

  for (int i = 0; i < CHESS_TT_BUCKET; i++)
    if (b->entries[i].key == k && b->entries[i].age_bound)
      return &b->entries[i];
  return NULL;
}

void
chess_tt_store (ChessTT *self, uint64_t key, ChessMove move, int score,
                int eval, int depth, int bound)
{
  ChessTTBucket *b = bucket_of (self, key);
  uint32_t k = (uint32_t) (key >> 32);
  ChessTTEntry *e = NULL;
  int worst = 1 << 30;

  for (int i = 0; i < CHESS_TT_BUCKET; i++)
    {
      ChessTTEntry *c = &b->entries[i];
      int value;

      if (c->key == k || !c->age_bound)
        {
          e = c;
          break;
        }
      /* Replace the shallowest, older searches' entries first. */
      value = c->depth - TT_AGE_PENALTY * ((self->age - (c->age_bound >> 2)) & 63);
      if (value < worst)
        {
          worst = value;
          e = c;
        }
    }

  /* Keep a deeper result for the same position unless this one is exact. */
  if (e->key == k && e->age_bound && bound != CHESS_BOUND_EXACT
      && depth + TT_KEEP_DEEPER_BY < e->depth && (e->age_bound >> 2) == self->age)
    {
      if (move != CHESS_MOVE_NONE && e->move == CHESS_MOVE_NONE)
        e->move = move;
      return;
    }
  if (move != CHESS_MOVE_NONE || e->key != k)
    e->move = move;
  e->key = k;
  e->score = (int16_t) score;
  e->eval = (int16_t) eval;
  e->depth = (uint8_t) (depth < 0 ? 0 : depth);
  e->age_bound = (uint8_t) (self->age << 2 | bound);
}

int
chess_tt_hashfull (const ChessTT *self)
{
  size_t n = self->n_buckets < 250 ? self->n_buckets : 250;
  int used = 0;

  for (size_t i = 0; i < n; i++)
    for (int j = 0; j < CHESS_TT_BUCKET; j++)
      {
        const ChessTTEntry *e = &self->buckets[i].entries[j];
        if (e->age_bound && (e->age_bound >> 2) == self->age)
          used++;
      }
  return n ? (int) (used * 1000 / (n * CHESS_TT_BUCKET)) : 0;
}
