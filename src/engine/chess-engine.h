/* chess-engine.h — the built-in engine: a search object over the rules core.
 *
 * One ChessEngine holds everything a search needs (transposition table,
 * move-ordering history, the game's positions for repetitions); two engines
 * in one process share nothing. chess_engine_search() runs in the calling
 * thread; chess_engine_stop() and chess_engine_ponderhit() may be called
 * from any other thread while it runs. No GLib in the search.
 *
 * A stop or ponderhit belongs to the search armed last. To run a search in a
 * thread of its own, arm it with chess_engine_arm() before starting the
 * thread: a stop sent between the two is then kept, where a search that arms
 * itself (chess_engine_search() without chess_engine_arm()) would clear it.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess-board.h"

#define CHESS_ENGINE_MAX_PLY 128
#define CHESS_ENGINE_MAX_MULTIPV 16
#define CHESS_ENGINE_DEFAULT_HASH_MB 16
#define CHESS_ENGINE_MAX_HASH_MB 4096
#define CHESS_ENGINE_MAX_THREADS 64

/* Scores: centipawns, or a mate at CHESS_SCORE_MATE minus its distance in plies. */
#define CHESS_SCORE_INFINITE 32000
#define CHESS_SCORE_MATE 31000
#define CHESS_SCORE_MATE_BOUND (CHESS_SCORE_MATE - 2 * CHESS_ENGINE_MAX_PLY)

typedef struct ChessEngine ChessEngine;

/* What ends a search; zero fields mean "no such limit". */
typedef struct
{
  int64_t   time_ms[CHESS_N_COLORS];   /* remaining clock, -1: none */
  int64_t   inc_ms[CHESS_N_COLORS];
  int       moves_to_go;
  int64_t   move_time_ms;
  int       depth;
  uint64_t  nodes;
  int       mate;                      /* look for a mate in this many moves */
  bool      infinite;                  /* until stopped */
  bool      ponder;                    /* think on the opponent's time until
                                        * chess_engine_ponderhit() */
  int64_t   move_overhead_ms;          /* kept back from the clock for I/O */
  ChessMove search_moves[CHESS_MAX_MOVES];
  int       n_search_moves;            /* 0: all moves */
} ChessSearchLimits;

void chess_search_limits_init (ChessSearchLimits *limits);

typedef enum
{
  CHESS_BOUND_NONE = 0,
  CHESS_BOUND_UPPER = 1,
  CHESS_BOUND_LOWER = 2,
  CHESS_BOUND_EXACT = 3,
} ChessBound;

/* Progress, reported after each iteration (and each line of a multi-PV search). */
typedef struct
{
  int              depth;
  int              seldepth;
  int              multipv;          /* 1-based */
  int              score;            /* CHESS_SCORE_*, side to move's view */
  ChessBound       bound;            /* EXACT, or LOWER/UPPER on an aspiration fail */
  uint64_t         nodes;
  uint64_t         nps;
  int64_t          time_ms;
  int              hashfull;         /* per mille */
  const ChessMove *pv;
  int              pv_length;
} ChessSearchInfo;

typedef void (*ChessSearchInfoFunc) (const ChessSearchInfo *info,
                                     void                  *user_data);

typedef struct
{
  ChessMove best;                    /* CHESS_MOVE_NONE only without legal moves */
  ChessMove ponder;                  /* the expected reply, or CHESS_MOVE_NONE */
  int       score;
  int       depth;
  uint64_t  nodes;
} ChessSearchResult;

ChessEngine *chess_engine_new          (size_t             hash_mb);
void         chess_engine_free         (ChessEngine       *self);
/* Resizes (and clears) the transposition table; FALSE when out of memory
 * (the old table is kept). */
bool         chess_engine_set_hash     (ChessEngine       *self,
                                        size_t             hash_mb);
/* How many threads search (1..CHESS_ENGINE_MAX_THREADS): the others are
 * Lazy SMP helpers sharing the table. FALSE when out of memory or threads
 * (fewer are kept). Not while a search runs. */
bool         chess_engine_set_threads  (ChessEngine       *self,
                                        int                threads);
int          chess_engine_get_threads  (const ChessEngine *self);
/* Forgets everything learnt: table, histories (a new game). */
void         chess_engine_clear        (ChessEngine       *self);
/* How many best lines to report (1..CHESS_ENGINE_MAX_MULTIPV). */
void         chess_engine_set_multipv  (ChessEngine       *self,
                                        int                multipv);
/* Strength: a level from chess-engine-levels.h (the last is full strength). */
void         chess_engine_set_level    (ChessEngine       *self,
                                        int                level);
int          chess_engine_get_level    (const ChessEngine *self);
/* Seeds the per-game variation of the weaker levels (0: fixed). */
void         chess_engine_set_seed     (ChessEngine       *self,
                                        uint64_t           seed);
/* The position to search: `start` and the moves played from it (all legal),
 * so repetitions of earlier positions are seen. */
void         chess_engine_set_position (ChessEngine       *self,
                                        const ChessBoard  *start,
                                        const ChessMove   *moves,
                                        size_t             n_moves);
/* Makes the next search the one chess_engine_stop() and
 * chess_engine_ponderhit() act on: clears the stop, sets pondering from
 * `ponder`, and starts its clock. */
void         chess_engine_arm          (ChessEngine       *self,
                                        bool               ponder);
/* Runs the search armed by chess_engine_arm(), or arms it itself if none is. */
ChessSearchResult chess_engine_search  (ChessEngine             *self,
                                        const ChessSearchLimits *limits,
                                        ChessSearchInfoFunc      info_func,
                                        void                    *user_data);
/* Thread-safe: the running search returns within a few milliseconds. */
void         chess_engine_stop         (ChessEngine       *self);
/* Thread-safe: a pondering search now plays by its clock. */
void         chess_engine_ponderhit    (ChessEngine       *self);

/* For measuring (tools/selfplay): the evaluation's weights (NULL: the tuned
 * ones, which must outlive the engine) and the search features in use. */
typedef enum
{
  CHESS_ENGINE_NULL_MOVE     = 1 << 0,
  CHESS_ENGINE_LMR           = 1 << 1,
  CHESS_ENGINE_FUTILITY      = 1 << 2,   /* reverse futility, futility, razoring, LMP */
  CHESS_ENGINE_CONTINUATION  = 1 << 3,   /* continuation history in move ordering */
  CHESS_ENGINE_ASPIRATION    = 1 << 4,
  CHESS_ENGINE_CHECK_EXT     = 1 << 5,
  CHESS_ENGINE_IIR           = 1 << 6,
  CHESS_ENGINE_SEE_PRUNING   = 1 << 7,
  CHESS_ENGINE_TREE_REPETITION = 1 << 8, /* a single earlier occurrence is a draw
                                          * only inside the tree (else anywhere) */
  CHESS_ENGINE_ENDGAME       = 1 << 9,   /* endgame knowledge (chess-endgame.c) */
  CHESS_ENGINE_ALL_FEATURES  = (1 << 10) - 1,
} ChessEngineFeatures;

void         chess_engine_set_weights  (ChessEngine          *self,
                                        const void           *weights);
void         chess_engine_set_features (ChessEngine          *self,
                                        unsigned              features);
/* Scores for judging a game's positions (a review) rather than for
 * choosing a move to play: the rook endings that a deep search finds
 * mostly held count for less (chess_endgame_scale_rook_ending). Play keeps
 * the plain scores, which did better in selfplay. A change clears the
 * table, whose scores were of the other kind. */
void         chess_engine_set_judging  (ChessEngine          *self,
                                        bool                  judging);
/* The evaluation network (chess-nnue.h) to evaluate with, or NULL: the
 * hand-written evaluation (the weights). A new engine has the built-in
 * net (chess-nnue-builtin.h); the levels below Master use the weights
 * whatever is set. The net must outlive the engine. */
struct ChessNnue;
void         chess_engine_set_net      (ChessEngine          *self,
                                        const struct ChessNnue *net);

/* Mate scores as moves: positive when the side to move mates. 0 for
 * centipawn scores. */
int          chess_score_mate_moves    (int                score);
