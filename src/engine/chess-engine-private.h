/* chess-engine-private.h — the search object's insides, shared by the
 * engine's files. */
#pragma once

#include <stdatomic.h>

#include "chess-engine-bits.h"
#include "chess-engine-levels.h"
#include "chess-engine.h"
#include "chess-eval.h"
#include "chess-nnue.h"
#include "chess-timeman.h"
#include "chess-tt.h"

#define HISTORY_MAX 16384

/* One ply of the search path. */
typedef struct
{
  ChessMove move;          /* the move made from this ply */
  int       piece_to;      /* its piece * 64 + to square, -1 for none/null */
  int       eval;          /* static evaluation here, or NO_EVAL in check */
  ChessMove killers[2];
  int       n_extensions;
} ChessSearchFrame;

typedef struct
{
  ChessMove move;
  int       score;          /* this iteration's, -INFINITE until searched */
  int       previous_score;
  int       seldepth;
  ChessMove pv[CHESS_ENGINE_MAX_PLY];
  int       pv_length;
} ChessRootMove;

/* The frames before the root, so ply - 2 is always valid. */
#define FRAME_OFFSET 2

typedef struct ChessHelper ChessHelper;

struct ChessEngine
{
  ChessTT    *tt;                   /* own_tt, or the main engine's in a helper */
  ChessTT     own_tt;
  atomic_bool stop;
  atomic_bool pondering;
  atomic_bool armed;                /* chess_engine_arm() came before the search */
  _Atomic int64_t start_ms;
  int         multipv;
  int         level;
  unsigned    features;             /* ChessEngineFeatures */
  bool        judging;              /* chess_engine_set_judging() */
  const ChessEvalWeight *weights;
  const ChessNnue *net;             /* the net chosen, or NULL: the weights */
  const ChessNnue *eval_net;        /* the net this search evaluates with:
                                     * `net` unless the level is measured
                                     * with the weights */
  uint64_t    seed;
  uint64_t    search_count;

  /* The position: the root and the keys of the game before it. */
  ChessBoard  root;
  uint64_t   *game_keys;
  size_t      n_game_keys;
  size_t      game_keys_capacity;

  /* One search. */
  ChessBoard         board;
  uint64_t          *keys;          /* game keys, then the search path's */
  size_t             n_keys;
  uint64_t           nodes;
  uint64_t           node_limit;
  int                seldepth;
  bool               stopped;
  int                root_depth;
  ChessTimeman       timeman;
  ChessSearchFrame   frames[CHESS_ENGINE_MAX_PLY + FRAME_OFFSET + 4];
  ChessNnueAccumulator *accumulators; /* the net's first layer by ply */
  ChessMove          pv[CHESS_ENGINE_MAX_PLY + 1][CHESS_ENGINE_MAX_PLY + 1];
  int                pv_length[CHESS_ENGINE_MAX_PLY + 1];
  ChessRootMove      root_moves[CHESS_MAX_MOVES];
  int                n_root_moves;
  int                pv_index;
  const ChessEngineLevel *lvl;

  /* Lazy SMP (chess-smp.c): the main engine's helpers, each a whole
   * engine of its own sharing only the table; a helper's number (0 for the
   * main search) and the nodes it has searched, published for the main
   * search's reports. */
  ChessHelper       *helpers;
  int                n_helpers;
  int                helper_id;
  _Atomic uint64_t   published_nodes;

  /* Move ordering, learnt across searches of a game. */
  int16_t    history[CHESS_N_COLORS][64 * 64];
  int16_t   *continuation;          /* [12 * 64][12 * 64] */
  ChessMove  counter_moves[12 * 64];
  int        lmr[64][64];
};

#define NO_EVAL (-CHESS_SCORE_INFINITE - 1)

static inline ChessSearchFrame *
engine_frame (ChessEngine *e, int ply)
{
  return &e->frames[ply + FRAME_OFFSET];
}

static inline int16_t *
continuation_row (ChessEngine *e, int piece_to)
{
  return &e->continuation[(size_t) piece_to * (12 * 64)];
}

/* Creation (chess-engine.c): an engine over the table `tt` (NULL: a table
 * of its own of `hash_mb`). */
ChessEngine *chess_engine_alloc (ChessTT *tt, size_t hash_mb);
/* The settings and the position a helper copies from the main engine. */
void         chess_engine_copy_setup (ChessEngine *to, const ChessEngine *from);

/* Lazy SMP (chess-smp.c). */
void     chess_smp_free    (ChessEngine *self);
/* Starts the helpers on the main engine's position, before its own search. */
void     chess_smp_start   (ChessEngine *self, const ChessSearchLimits *limits);
/* Forgets the helpers' move-ordering histories (a new game). */
void     chess_smp_clear   (ChessEngine *self);
/* Stops and waits for them; returns the nodes they searched. */
uint64_t chess_smp_finish  (ChessEngine *self);
/* Helper `i` (0 .. n_helpers - 1). */
ChessEngine *chess_smp_helper (ChessEngine *self, int i);
/* The nodes the running helpers have searched so far. */
uint64_t chess_smp_nodes   (const ChessEngine *self);

/* The search (chess-search.c). */
ChessSearchResult chess_engine_run_search (ChessEngine             *self,
                                           const ChessSearchLimits *limits,
                                           ChessSearchInfoFunc      info_func,
                                           void                    *user_data);
