/* test-engine-search.c — the built-in engine's search: mates, stalemate
 * traps, under-promotion, draw rules inside the search, legal moves in
 * thousands of positions, prompt stopping, determinism, re-entrancy,
 * multi-PV and the weaker levels' variety. */
#include "config.h"

#include <pthread.h>
#include <string.h>
#include <time.h>

#include "chess-board.h"
#include "chess-engine-levels.h"
#include "chess-engine.h"
#include "chess-notation.h"
#include "engine-test-util.h"

static ChessSearchResult
search_depth (const char *fen, const char *moves, int depth)
{
  return engine_test_search (fen, moves, depth, 8);
}

static void
assert_best (const char *fen, int depth, const char *expected, int mate_in)
{
  ChessSearchResult r = search_depth (fen, NULL, depth);
  ChessBoard b = board_from (fen);
  char text[CHESS_MOVE_TEXT_MAX];

  chess_move_format (&b, r.best, CHESS_NOTATION_UCI, text);
  if (expected)
    g_assert_cmpstr (text, ==, expected);
  if (mate_in)
    g_assert_cmpint (chess_score_mate_moves (r.score), ==, mate_in);
}

static void
test_mate_in_one (void)
{
  assert_best ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 2, "d1d8", 1);
  assert_best ("3k4/8/3K4/8/8/8/8/R7 w - - 0 1", 2, "a1a8", 1);
}

static void
test_mate_in_two (void)
{
  /* Only 1.Kb6 mates in two; a quiet root move is searched reduced at
   * first, so the mate takes more than its 3 plies to be seen. */
  assert_best ("k7/8/8/1K6/8/8/8/7R w - - 0 1", 8, "b5b6", 2);
}

static void
test_mate_in_three (void)
{
  assert_best ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 8, "f6a6", 3);
  assert_best ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 8, "f8c5", 3);
}

static void
test_stalemate_trap (void)
{
  /* Qg6 stalemates; the queen mates instead. */
  ChessSearchResult r = search_depth ("7k/5K2/8/8/8/8/8/6Q1 w - - 0 1", NULL, 4);
  ChessBoard b = board_from ("7k/5K2/8/8/8/8/8/6Q1 w - - 0 1");

  g_assert_cmpint (r.best, !=, move_from (&b, "g1g6"));
  g_assert_cmpint (chess_score_mate_moves (r.score), ==, 1);
  /* Stalemated: no move, a draw. */
  r = search_depth ("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", NULL, 3);
  g_assert_cmpint (r.best, ==, CHESS_MOVE_NONE);
}

static void
test_underpromotion (void)
{
  /* Only the knight fork wins: e8=Q lets the queen draw. */
  assert_best ("8/4P1k1/3q4/8/8/8/P6P/7K w - - 0 1", 7, "e7e8n", 0);
}

static void
test_fifty_moves (void)
{
  /* Any quiet move completes fifty moves: a draw despite the queen. */
  ChessSearchResult r = search_depth ("8/8/8/4k3/8/8/8/3QK3 w - - 99 80", NULL, 5);
  g_assert_cmpint (r.score, ==, 0);
  /* A capture resets the count and keeps the win. */
  r = search_depth ("8/8/8/4k3/8/8/3p4/3QK3 w - - 99 80", NULL, 5);
  g_assert_true (chess_move_is_capture (r.best));
  g_assert_cmpint (r.score, >, 500);
}

/* A queen down, White can reach a position for the third time: a draw. */
static void
test_repetition_threefold (void)
{
  const char *start = "4k3/8/8/7q/8/8/8/N3K3 w - - 0 1";
  const char *root = "4k3/8/8/7q/8/8/8/2N1K3 w - - 8 5";
  ChessSearchResult r = search_depth (start, "a1b3 e8d8 b3a1 d8e8 a1b3 e8d8 b3c1 d8e8", 6);
  ChessBoard b = board_from (root);

  g_assert_cmpint (r.best, ==, move_from (&b, "c1b3"));
  g_assert_cmpint (r.score, ==, 0);
  /* Without the history there is nothing to repeat. */
  r = search_depth (root, NULL, 6);
  g_assert_cmpint (r.score, <, -500);
}

/* The same move reaches a position seen once before: the game goes on,
 * Black is still a queen up (not a draw, as if it were the third time). */
static void
test_repetition_once_before (void)
{
  ChessSearchResult r = search_depth ("4k3/8/8/7q/8/8/8/N3K3 w - - 0 1", "a1b3 e8d8 b3c1 d8e8", 6);

  g_assert_cmpint (r.score, <, -500);
}

/* The mate in two (1.Kb6 Kb8 2.Rh8#) passes through positions the game
 * saw once: still a mate in two, not a draw. */
static void
test_repetition_mate_through_repeated (void)
{
  ChessSearchResult r = search_depth ("k7/8/8/2K5/8/8/8/7R w - - 0 1",
                                      "c5b6 a8b8 b6b5 b8a8 b5a6 a8b8 a6b5 b8a8", 8);

  g_assert_cmpint (chess_score_mate_moves (r.score), ==, 2);
}

/* Black threatens mate on the back rank; White checks forever (Qh5+ Kg8
 * Qe8+ Kh7 Qh5+, or from Qe8+), or guards first and then checks (Qd1,
 * the net's choice). The repetition inside the tree is a draw, better than
 * Black's mate, and nothing better is there: 0.00, as Stockfish says too. */
static void
test_repetition_perpetual_check (void)
{
  const char *fen = "7k/6p1/8/8/1r6/r7/4Q1PP/7K w - - 0 1";
  ChessSearchResult r = search_depth (fen, NULL, 10);
  ChessBoard b = board_from (fen);

  g_assert_true (r.best == move_from (&b, "e2h5") || r.best == move_from (&b, "e2e8")
                 || r.best == move_from (&b, "e2d1"));
  g_assert_cmpint (r.score, ==, 0);
}

static void
test_insufficient_material (void)
{
  ChessSearchResult r = search_depth ("8/8/4k3/8/8/3NK3/8/8 w - - 0 1", NULL, 6);
  g_assert_cmpint (r.score, ==, 0);
}

/* Random games from the start: the engine's move must be legal. */
static void
test_legal_random (void)
{
  ChessEngine *e = chess_engine_new (4);
  GRand *rand = g_rand_new_with_seed (20261125);
  int positions = g_test_slow () ? 5000 : 1500;

  for (int i = 0; i < positions; i++)
    {
      ChessBoard b;
      ChessMoveList list;
      ChessSearchLimits limits;
      ChessSearchResult r;
      int plies = g_rand_int_range (rand, 0, 120);

      chess_board_set_start (&b);
      for (int p = 0; p < plies; p++)
        {
          ChessUndo u;
          if (chess_board_generate_legal (&b, &list) == 0)
            break;
          chess_board_make (&b, list.moves[g_rand_int_range (rand, 0, list.count)], &u);
        }
      chess_engine_set_level (e, g_rand_int_range (rand, 0, chess_engine_n_levels));
      chess_engine_set_seed (e, (uint64_t) i);
      chess_engine_set_position (e, &b, NULL, 0);
      chess_search_limits_init (&limits);
      limits.depth = g_rand_int_range (rand, 1, 4);
      r = chess_engine_search (e, &limits, NULL, NULL);
      if (chess_board_generate_legal (&b, &list) == 0)
        g_assert_cmpint (r.best, ==, CHESS_MOVE_NONE);
      else
        g_assert_true (chess_board_is_legal (&b, r.best));
    }
  g_rand_free (rand);
  chess_engine_free (e);
}

static void
test_legal_perft_suite (void)
{
  const char *path = g_getenv ("CHESS_PERFT_EPD");
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  ChessEngine *e = chess_engine_new (4);
  int count = 0;

  g_assert_nonnull (path);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      g_auto (GStrv) fields = NULL;
      ChessBoard b;
      ChessSearchLimits limits;
      ChessSearchResult r;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      fields = g_strsplit (lines[i], ";", 2);
      b = board_from (g_strstrip (fields[0]));
      chess_engine_clear (e);
      chess_engine_set_position (e, &b, NULL, 0);
      chess_search_limits_init (&limits);
      limits.depth = 4;
      r = chess_engine_search (e, &limits, NULL, NULL);
      g_assert_true (chess_board_is_legal (&b, r.best));
      count++;
    }
  g_assert_cmpint (count, >, 5);
  chess_engine_free (e);
}

/* Positions from real games with one clearly best move (Stockfish's, see
 * tools/tactics/make-tactics.py), searched to a fixed depth. */
#define TACTICS_DEPTH 9
#define TACTICS_MIN_SOLVED_PERCENT 80

static void
test_tactics (void)
{
  const char *path = g_getenv ("CHESS_TACTICS_EPD");
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  ChessEngine *e = chess_engine_new (16);
  int total = 0, solved = 0;

  g_assert_nonnull (path);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      g_auto (GStrv) parts = NULL;
      g_autofree char *fen = NULL;
      ChessBoard b;
      ChessSearchLimits limits;
      ChessSearchResult r;
      char *bm;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      bm = strstr (lines[i], " bm ");
      g_assert_nonnull (bm);
      fen = g_strdup_printf ("%.*s 0 1", (int) (bm - lines[i]), lines[i]);
      parts = g_strsplit_set (bm + 4, ";", 2);
      b = board_from (fen);
      chess_engine_clear (e);
      chess_engine_set_position (e, &b, NULL, 0);
      chess_search_limits_init (&limits);
      limits.depth = TACTICS_DEPTH;
      r = chess_engine_search (e, &limits, NULL, NULL);
      total++;
      if (r.best == move_from (&b, parts[0]))
        solved++;
    }
  g_test_message ("tactics: %d of %d solved at depth %d", solved, total, TACTICS_DEPTH);
  g_assert_cmpint (total, >=, 20);
  g_assert_cmpint (solved * 100, >=, TACTICS_MIN_SOLVED_PERCENT * total);
  chess_engine_free (e);
}

typedef struct
{
  ChessEngine      *engine;
  ChessSearchResult result;
  int               depth;
  pthread_t         thread;          /* the searching thread, for its CPU clock */
  volatile gint     started;
  gint64            cpu_at_end_us;   /* its CPU time when the search returned */
} SearchJob;

static gint64
cpu_time_us (clockid_t clock)
{
  struct timespec ts;

  g_assert_cmpint (clock_gettime (clock, &ts), ==, 0);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gpointer
search_job (gpointer data)
{
  SearchJob *job = data;
  ChessSearchLimits limits;

  job->thread = pthread_self ();
  g_atomic_int_set (&job->started, 1);
  chess_search_limits_init (&limits);
  limits.depth = job->depth;
  limits.infinite = job->depth == 0;
  job->result = chess_engine_search (job->engine, &limits, NULL, NULL);
  job->cpu_at_end_us = cpu_time_us (CLOCK_THREAD_CPUTIME_ID);
  return NULL;
}

/* A stop ends the search within a few milliseconds of its own running:
 * measured on the search thread's CPU clock, which a loaded machine does
 * not stretch (two fresh checks side by side kept a stopped search off the
 * CPU for 129 ms of wall time). */
#define BUSY_MIDDLEGAME "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"

/* Runs an infinite search of BUSY_MIDDLEGAME by `engine` in a thread of its
 * own, stops it after 200 ms and waits for it. Returns the search's
 * result; `cpu_us` gets the CPU time the search thread spent after the
 * stop, `wall_us` the wall time from the stop to the end of the wait. */
static ChessSearchResult
search_then_stop (ChessEngine *engine, gint64 *cpu_us, gint64 *wall_us)
{
  SearchJob job = { engine, { 0 }, 0, 0, 0, 0 };
  ChessBoard b = board_from (BUSY_MIDDLEGAME);
  GThread *thread;
  clockid_t clock;
  gint64 cpu_at_stop, asked;

  chess_engine_set_position (engine, &b, NULL, 0);
  thread = g_thread_new ("search", search_job, &job);
  while (!g_atomic_int_get (&job.started))
    g_usleep (1000);
  g_usleep (200 * 1000);
  g_assert_cmpint (pthread_getcpuclockid (job.thread, &clock), ==, 0);
  asked = g_get_monotonic_time ();
  cpu_at_stop = cpu_time_us (clock);
  chess_engine_stop (engine);
  g_thread_join (thread);
  *wall_us = g_get_monotonic_time () - asked;
  *cpu_us = job.cpu_at_end_us - cpu_at_stop;
  g_assert_true (chess_board_is_legal (&b, job.result.best));
  return job.result;
}

static void
test_stops_promptly (void)
{
  ChessEngine *e = chess_engine_new (8);
  gint64 cpu_us, wall_us;

  search_then_stop (e, &cpu_us, &wall_us);
  /* About 1 ms in an optimised build; sanitizers get slack. */
  g_test_message ("stopped after %" G_GINT64_FORMAT " µs of the search's CPU time, %"
                  G_GINT64_FORMAT " µs of wall time", cpu_us, wall_us);
  g_assert_cmpint (cpu_us, <, 30 * 1000);
  chess_engine_free (e);
}

/* Lazy SMP: with helpers the search still finds the mates, keeps to the
 * root moves asked for, and stops promptly. */
static void
test_threads (void)
{
  static const struct { const char *fen, *best; int mate; } mates[] = {
    { "k7/8/8/1K6/8/8/8/7R w - - 0 1", "b5b6", 2 },
    { "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", "f6a6", 3 },
    { "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3 },
  };
  ChessEngine *e = chess_engine_new (8);
  ChessSearchLimits limits;

  g_assert_cmpint (chess_engine_get_threads (e), ==, 1);
  g_assert_true (chess_engine_set_threads (e, CHESS_ENGINE_MAX_THREADS + 5));
  g_assert_cmpint (chess_engine_get_threads (e), ==, CHESS_ENGINE_MAX_THREADS);
  g_assert_true (chess_engine_set_threads (e, 3));
  g_assert_cmpint (chess_engine_get_threads (e), ==, 3);
  for (size_t i = 0; i < G_N_ELEMENTS (mates); i++)
    {
      ChessBoard b = board_from (mates[i].fen);
      ChessSearchResult r;
      char text[CHESS_MOVE_TEXT_MAX];

      chess_engine_clear (e);
      chess_engine_set_position (e, &b, NULL, 0);
      chess_search_limits_init (&limits);
      limits.depth = 8;
      r = chess_engine_search (e, &limits, NULL, NULL);
      chess_move_format (&b, r.best, CHESS_NOTATION_UCI, text);
      g_assert_cmpstr (text, ==, mates[i].best);
      g_assert_cmpint (chess_score_mate_moves (r.score), ==, mates[i].mate);
    }

  /* Only the root moves asked for, helpers or not. */
  {
    ChessBoard b = board_from ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
    ChessSearchResult three;

    chess_search_limits_init (&limits);
    limits.depth = 7;
    limits.search_moves[0] = move_from (&b, "h2h3");
    limits.search_moves[1] = move_from (&b, "h2h4");
    limits.n_search_moves = 2;
    chess_engine_clear (e);
    chess_engine_set_position (e, &b, NULL, 0);
    three = chess_engine_search (e, &limits, NULL, NULL);
    g_assert_true (three.best == limits.search_moves[0] || three.best == limits.search_moves[1]);
  }

  /* An infinite search with helpers ends promptly when stopped (by wall
   * time, with room for a loaded machine: the helpers are stopped and
   * joined too). */
  {
    gint64 cpu_us, wall_us;

    search_then_stop (e, &cpu_us, &wall_us);
    g_assert_cmpint (wall_us, <, 2 * G_USEC_PER_SEC);
  }

  /* Fewer threads again: the helpers go. */
  g_assert_true (chess_engine_set_threads (e, 1));
  g_assert_cmpint (chess_engine_get_threads (e), ==, 1);
  chess_engine_free (e);
}

/* A stop or ponderhit sent after the caller armed the search but before its
 * thread began searching belongs to that search: an infinite search stopped
 * this way ends, a ponder search hit this way plays by its clock. */
static void
test_stop_before_thread_starts (void)
{
  for (int ponder = 0; ponder <= 1; ponder++)
    {
      SearchJob job = { chess_engine_new (8), { 0 }, 0, 0, 0, 0 };
      ChessBoard b = board_from (BUSY_MIDDLEGAME);
      ChessSearchLimits limits;
      gint64 started = g_get_monotonic_time ();

      chess_engine_set_position (job.engine, &b, NULL, 0);
      chess_search_limits_init (&limits);
      if (ponder)
        {
          limits.ponder = true;
          limits.move_time_ms = 50;
          chess_engine_arm (job.engine, true);
          chess_engine_ponderhit (job.engine);
        }
      else
        {
          limits.infinite = true;
          chess_engine_arm (job.engine, false);
          chess_engine_stop (job.engine);
        }
      job.result = chess_engine_search (job.engine, &limits, NULL, NULL);
      g_assert_cmpint (g_get_monotonic_time () - started, <, 2 * G_USEC_PER_SEC);
      g_assert_true (chess_board_is_legal (&b, job.result.best));
      /* The next search, not armed by the caller, starts afresh. */
      chess_search_limits_init (&limits);
      limits.depth = 2;
      job.result = chess_engine_search (job.engine, &limits, NULL, NULL);
      g_assert_cmpint (job.result.depth, ==, 2);
      chess_engine_free (job.engine);
    }
}

static void
test_deterministic_and_reentrant (void)
{
  const char *fens[2] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/pp2bppp/2n1bn2/3p4/3N4/2N1B3/PPP1BPPP/R2Q1RK1 w - - 0 11",
  };
  SearchJob alone[2], together[2];
  GThread *threads[2];

  for (int i = 0; i < 2; i++)
    {
      ChessBoard b = board_from (fens[i]);
      alone[i] = (SearchJob) { chess_engine_new (8), { 0 }, 8, 0, 0, 0 };
      together[i] = (SearchJob) { chess_engine_new (8), { 0 }, 8, 0, 0, 0 };
      chess_engine_set_position (alone[i].engine, &b, NULL, 0);
      chess_engine_set_position (together[i].engine, &b, NULL, 0);
      search_job (&alone[i]);
    }
  /* Two searches at once in one process share nothing. */
  for (int i = 0; i < 2; i++)
    threads[i] = g_thread_new ("search", search_job, &together[i]);
  for (int i = 0; i < 2; i++)
    {
      g_thread_join (threads[i]);
      g_assert_cmpuint (alone[i].result.nodes, ==, together[i].result.nodes);
      g_assert_cmpint (alone[i].result.best, ==, together[i].result.best);
      g_assert_cmpint (alone[i].result.score, ==, together[i].result.score);
      chess_engine_free (alone[i].engine);
      chess_engine_free (together[i].engine);
    }
}

typedef struct
{
  int       lines[CHESS_ENGINE_MAX_MULTIPV + 1];
  ChessMove first[CHESS_ENGINE_MAX_MULTIPV + 1];
  int       last_depth;
  int       last_score[CHESS_ENGINE_MAX_MULTIPV + 1];
} InfoLog;

static void
log_info (const ChessSearchInfo *info, void *user_data)
{
  InfoLog *log = user_data;

  g_assert_cmpint (info->multipv, >=, 1);
  g_assert_cmpint (info->multipv, <=, CHESS_ENGINE_MAX_MULTIPV);
  g_assert_cmpint (info->pv_length, >=, 1);
  g_assert_cmpint (info->depth, >=, log->last_depth);
  log->last_depth = info->depth;
  log->lines[info->multipv]++;
  log->first[info->multipv] = info->pv[0];
  log->last_score[info->multipv] = info->score;
}

static void
test_multipv (void)
{
  ChessEngine *e = chess_engine_new (8);
  ChessBoard b;
  ChessSearchLimits limits;
  InfoLog log = { { 0 } };

  chess_board_set_start (&b);
  chess_engine_set_position (e, &b, NULL, 0);
  chess_engine_set_multipv (e, 3);
  chess_search_limits_init (&limits);
  limits.depth = 6;
  chess_engine_search (e, &limits, log_info, &log);
  for (int i = 1; i <= 3; i++)
    g_assert_cmpint (log.lines[i], ==, 6);
  g_assert_cmpint (log.lines[4], ==, 0);
  g_assert_cmpint (log.first[1], !=, log.first[2]);
  g_assert_cmpint (log.first[2], !=, log.first[3]);
  g_assert_cmpint (log.first[1], !=, log.first[3]);
  g_assert_cmpint (log.last_score[1], >=, log.last_score[2]);
  g_assert_cmpint (log.last_score[2], >=, log.last_score[3]);
  chess_engine_free (e);
}

static void
test_levels (void)
{
  ChessBoard b = board_from ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  GHashTable *seen = g_hash_table_new (NULL, NULL);
  ChessEngine *e = chess_engine_new (4);

  /* A weak level does not always play the same move here. */
  for (int game = 0; game < 12; game++)
    {
      ChessSearchLimits limits;
      ChessSearchResult r;

      chess_engine_clear (e);
      chess_engine_set_level (e, 2);
      chess_engine_set_seed (e, (uint64_t) game * 7919);
      chess_engine_set_position (e, &b, NULL, 0);
      chess_search_limits_init (&limits);
      r = chess_engine_search (e, &limits, NULL, NULL);
      g_assert_true (chess_board_is_legal (&b, r.best));
      g_hash_table_add (seen, GINT_TO_POINTER (r.best));
    }
  g_assert_cmpint (g_hash_table_size (seen), >=, 2);
  g_hash_table_unref (seen);
  chess_engine_free (e);

  /* The table is ordered, and UCI's settings reach both ends. */
  for (int i = 1; i < chess_engine_n_levels; i++)
    g_assert_cmpint (chess_engine_levels[i].elo, >, chess_engine_levels[i - 1].elo);
  g_assert_cmpint (chess_engine_level_for_skill (0), ==, 0);
  g_assert_cmpint (chess_engine_level_for_skill (20), ==, CHESS_ENGINE_LEVEL_MAX);
  g_assert_cmpint (chess_engine_level_for_elo (0), ==, 0);
  g_assert_cmpint (chess_engine_level_for_elo (5000), ==, CHESS_ENGINE_LEVEL_MAX);
}

static void
test_mate_limit_and_nodes (void)
{
  ChessEngine *e = chess_engine_new (8);
  ChessBoard b = board_from ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
  ChessSearchLimits limits;
  ChessSearchResult r;

  chess_engine_set_position (e, &b, NULL, 0);
  chess_search_limits_init (&limits);
  limits.mate = 3;
  r = chess_engine_search (e, &limits, NULL, NULL);
  g_assert_cmpint (chess_score_mate_moves (r.score), ==, 3);

  chess_search_limits_init (&limits);
  limits.nodes = 5000;
  chess_board_set_start (&b);
  chess_engine_set_position (e, &b, NULL, 0);
  r = chess_engine_search (e, &limits, NULL, NULL);
  g_assert_cmpuint (r.nodes, <=, 5000);
  g_assert_true (chess_board_is_legal (&b, r.best));
  chess_engine_free (e);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();
  g_test_add_func ("/engine/mate-in-1", test_mate_in_one);
  g_test_add_func ("/engine/mate-in-2", test_mate_in_two);
  g_test_add_func ("/engine/mate-in-3", test_mate_in_three);
  g_test_add_func ("/engine/stalemate-trap", test_stalemate_trap);
  g_test_add_func ("/engine/underpromotion", test_underpromotion);
  g_test_add_func ("/engine/fifty-moves", test_fifty_moves);
  g_test_add_func ("/engine/repetition/threefold", test_repetition_threefold);
  g_test_add_func ("/engine/repetition/once-before", test_repetition_once_before);
  g_test_add_func ("/engine/repetition/mate-through-repeated", test_repetition_mate_through_repeated);
  g_test_add_func ("/engine/repetition/perpetual-check", test_repetition_perpetual_check);
  g_test_add_func ("/engine/insufficient-material", test_insufficient_material);
  g_test_add_func ("/engine/tactics", test_tactics);
  g_test_add_func ("/engine/legal/random", test_legal_random);
  g_test_add_func ("/engine/legal/perft-suite", test_legal_perft_suite);
  g_test_add_func ("/engine/stops-promptly", test_stops_promptly);
  g_test_add_func ("/engine/stop-before-thread-starts", test_stop_before_thread_starts);
  g_test_add_func ("/engine/threads", test_threads);
  g_test_add_func ("/engine/deterministic-reentrant", test_deterministic_and_reentrant);
  g_test_add_func ("/engine/multipv", test_multipv);
  g_test_add_func ("/engine/levels", test_levels);
  g_test_add_func ("/engine/mate-and-node-limits", test_mate_limit_and_nodes);
  return g_test_run ();
}
