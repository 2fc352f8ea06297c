/* chess-player-builtin.c — the built-in engine as a player.
 *
 * Each player owns one ChessEngine. A think runs chess_engine_search() in
 * a thread of its own; progress goes through the throttle, the result is
 * handed back to the creating thread's main context, where the thread is
 * joined. The thread and the main context share a refcounted Job, so a
 * late callback never touches a player that is gone. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "chess-engine.h"
#include "chess-engine-levels.h"
#include "chess-player-private.h"
#include "chess-notation.h"

#define CHESS_TYPE_PLAYER_BUILTIN (chess_player_builtin_get_type ())
G_DECLARE_FINAL_TYPE (ChessPlayerBuiltin, chess_player_builtin,
                      CHESS, PLAYER_BUILTIN, ChessPlayer)

typedef struct _Job Job;

struct _ChessPlayerBuiltin
{
  ChessPlayer  parent_instance;

  ChessEngine       *engine;
  guint64            seed;
  guint              moves_thought;     /* this game: varies the pace        */
  gboolean           new_game_pending;  /* asked during a think              */
  GMainContext      *context;
  ChessInfoThrottle *throttle;

  /* The think in progress */
  GTask             *task;
  Job               *job;
  GThread           *thread;
  guint              deadline_id;
  gulong             cancel_id;
};

G_DEFINE_FINAL_TYPE (ChessPlayerBuiltin, chess_player_builtin, CHESS_TYPE_PLAYER)

struct _Job
{
  gatomicrefcount           ref;
  ChessEngine              *engine;     /* the player's: it joins the thread
                                         * before freeing it                 */
  ChessSearchLimits         limits;
  ChessBoard                root;
  gint64                    started_us;
  gint64                    hold_until_us;  /* the pace: answer no earlier  */
  gboolean                  wait_for_stop;  /* infinite: answer when told   */
  ChessInfoThrottle        *throttle;
  GMainContext             *context;

  GMutex                    lock;
  GCond                     cond;
  gboolean                  stop;           /* under lock                    */

  /* Written by the thread, read after it is joined */
  ChessSearchResult         result;
  ChessPlayerInfo          *last_info;

  /* Owner's thread only: NULL once the player let go of this job. */
  ChessPlayerBuiltin *owner;
};

static Job *
job_ref (Job *job)
{
  g_atomic_ref_count_inc (&job->ref);
  return job;
}

static void
job_unref (Job *job)
{
  if (!g_atomic_ref_count_dec (&job->ref))
    return;
  chess_player_info_free (job->last_info);
  g_mutex_clear (&job->lock);
  g_cond_clear (&job->cond);
  g_main_context_unref (job->context);
  g_free (job);
}

/* Any thread: the search ends within milliseconds, a pace hold at once. */
static void
job_request_stop (Job *job)
{
  g_mutex_lock (&job->lock);
  job->stop = TRUE;
  g_cond_broadcast (&job->cond);
  g_mutex_unlock (&job->lock);
  chess_engine_stop (job->engine);
}

static gboolean
job_stop_requested (Job *job)
{
  gboolean stop;

  g_mutex_lock (&job->lock);
  stop = job->stop;
  g_mutex_unlock (&job->lock);
  return stop;
}

/* ---- the search thread -------------------------------------------------- */

static ChessPlayerInfo *
info_from_search (const ChessBoard *root, const ChessSearchInfo *search_info)
{
  ChessPlayerInfo *info = g_new0 (ChessPlayerInfo, 1);
  ChessBoard board = *root;
  int mate = chess_score_mate_moves (search_info->score);

  info->has = CHESS_PLAYER_INFO_HAS_DEPTH | CHESS_PLAYER_INFO_HAS_SELDEPTH
              | CHESS_PLAYER_INFO_HAS_SCORE | CHESS_PLAYER_INFO_HAS_NODES
              | CHESS_PLAYER_INFO_HAS_NPS | CHESS_PLAYER_INFO_HAS_TIME
              | CHESS_PLAYER_INFO_HAS_HASHFULL | CHESS_PLAYER_INFO_HAS_MULTIPV;
  info->depth = search_info->depth;
  info->seldepth = search_info->seldepth;
  info->multipv = search_info->multipv;
  info->score.is_mate = mate != 0;
  info->score.mate_moves = mate;
  info->score.mating = mate > 0;
  info->score.centipawns = mate != 0 ? 0 : search_info->score;
  info->bound = search_info->bound == CHESS_BOUND_LOWER   ? CHESS_SCORE_BOUND_LOWER
                : search_info->bound == CHESS_BOUND_UPPER ? CHESS_SCORE_BOUND_UPPER
                                                          : CHESS_SCORE_BOUND_EXACT;
  info->nodes = search_info->nodes;
  info->nps = search_info->nps;
  info->time_ms = search_info->time_ms;
  info->hashfull = search_info->hashfull;
  /* Checked as an external engine's line is: the info promises legal moves. */
  for (int i = 0; i < search_info->pv_length && info->n_pv < CHESS_PLAYER_INFO_PV_MAX; i++)
    {
      ChessUndo undo;

      if (!chess_board_is_legal (&board, search_info->pv[i]))
        break;
      info->pv[info->n_pv++] = search_info->pv[i];
      chess_board_make (&board, search_info->pv[i], &undo);
    }
  if (info->n_pv > 0)
    info->has |= CHESS_PLAYER_INFO_HAS_PV;
  return info;
}

static void
search_info_cb (const ChessSearchInfo *search_info,
                void                  *user_data)
{
  Job *job = user_data;
  ChessPlayerInfo *info = info_from_search (&job->root, search_info);

  /* A stop that came before the search began was cleared by it. */
  if (job_stop_requested (job))
    chess_engine_stop (job->engine);
  chess_info_throttle_push (job->throttle, info);
  if (info->multipv <= 1)
    {
      chess_player_info_free (job->last_info);
      job->last_info = info;
    }
  else
    chess_player_info_free (info);
}

static gboolean job_done_cb (gpointer user_data);

/* How much nicer the search thread is: on a machine with few cores the window's
 * thread then gets the CPU at once (analysis measured the longest main-loop
 * stall during a 10 s search on 2 loaded cores: 76 ms at 0, 36 ms at 10,
 * the idle app's own 38 ms). */
#define SEARCH_THREAD_NICE 10

static gpointer
search_thread (gpointer user_data)
{
  Job *job = user_data;

#ifdef __linux__
  {
    /* Linux threads have their own nice value; this one starts with the
     * creating thread's, and goes up by SEARCH_THREAD_NICE (at most 19). */
    id_t tid = (id_t) syscall (SYS_gettid);
    int nice = getpriority (PRIO_PROCESS, tid);

    (void) setpriority (PRIO_PROCESS, tid, MIN (nice + SEARCH_THREAD_NICE, 19));
  }
#endif

  if (job->limits.depth >= 0)
    job->result = chess_engine_search (job->engine, &job->limits, search_info_cb, job);

  /* Hold the answer for the pace, or until told (infinite analysis). */
  g_mutex_lock (&job->lock);
  while (!job->stop)
    {
      if (job->wait_for_stop)
        g_cond_wait (&job->cond, &job->lock);
      else if (g_get_monotonic_time () < job->hold_until_us)
        g_cond_wait_until (&job->cond, &job->lock, job->hold_until_us);
      else
        break;
    }
  g_mutex_unlock (&job->lock);

  /* Always through a source: g_main_context_invoke() could run the
   * callback here, in this thread, when no one holds the context. */
  {
    g_autoptr (GSource) source = g_idle_source_new ();

    g_source_set_priority (source, G_PRIORITY_DEFAULT);
    g_source_set_callback (source, job_done_cb, job_ref (job), (GDestroyNotify) job_unref);
    g_source_attach (source, job->context);
  }
  job_unref (job);
  return NULL;
}

/* ---- the owner's side --------------------------------------------------- */

static void new_seed (ChessPlayerBuiltin *self);

/* Ends the think: joins the thread, forgets the job (and starts the new
 * game asked for meanwhile). */
static GTask *
finish_think (ChessPlayerBuiltin *self)
{
  GTask *task = g_steal_pointer (&self->task);

  g_clear_handle_id (&self->deadline_id, g_source_remove);
  if (self->cancel_id && task)
    g_cancellable_disconnect (g_task_get_cancellable (task), self->cancel_id);
  self->cancel_id = 0;
  if (self->job)
    {
      job_request_stop (self->job);
      self->job->owner = NULL;
    }
  if (self->thread)
    g_thread_join (g_steal_pointer (&self->thread));
  if (self->job)
    g_clear_pointer (&self->job, job_unref);
  if (self->new_game_pending && self->engine)
    {
      self->new_game_pending = FALSE;
      chess_engine_clear (self->engine);
      new_seed (self);
    }
  return task;
}

static gboolean
job_done_cb (gpointer user_data)
{
  Job *job = user_data;
  ChessPlayerBuiltin *self = job->owner;
  g_autoptr (GTask) task = NULL;
  g_autoptr (ChessPlayerReply) reply = NULL;
  char text[CHESS_MOVE_TEXT_MAX];

  if (self == NULL)
    return G_SOURCE_REMOVE;
  /* Keep the job: finish_think drops the player's reference. */
  job_ref (job);
  task = finish_think (self);
  /* The last progress comes before the answer. */
  chess_info_throttle_flush (self->throttle);

  reply = g_new0 (ChessPlayerReply, 1);
  reply->elapsed_us = g_get_monotonic_time () - job->started_us;
  reply->last_info = g_steal_pointer (&job->last_info);
  reply->ponder = CHESS_MOVE_NONE;
  if (job->result.best == CHESS_MOVE_NONE)
    {
      reply->kind = CHESS_PLAYER_REPLY_NO_MOVE;
      reply->move = CHESS_MOVE_NONE;
    }
  else
    {
      reply->kind = CHESS_PLAYER_REPLY_MOVE;
      reply->move = job->result.best;
      reply->ponder = job->result.ponder;
      reply->move_text = g_strdup (chess_move_format (&job->root, reply->move, CHESS_NOTATION_UCI, text));
    }
  self->moves_thought++;
  job_unref (job);
  /* A cancelled task returns G_IO_ERROR_CANCELLED by itself. */
  g_task_return_pointer (task, g_steal_pointer (&reply), (GDestroyNotify) chess_player_reply_free);
  return G_SOURCE_REMOVE;
}

static gboolean
deadline_cb (gpointer user_data)
{
  ChessPlayerBuiltin *self = user_data;

  /* Past the caller's deadline: answer with the best move so far. */
  self->deadline_id = 0;
  if (self->job)
    job_request_stop (self->job);
  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  /* Any thread; the job outlives this handler (disconnected first). */
  job_request_stop (user_data);
}

/* A number in [0, 1) from the game's seed and the move, for the pace. */
static double
pace_jitter (ChessPlayerBuiltin *self)
{
  guint64 x = self->seed ^ ((guint64) self->moves_thought * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  x ^= x >> 33;
  return (double) (x >> 11) / (double) (G_GUINT64_CONSTANT (1) << 53);
}

/* Analysis (an infinite search) uses the threads asked for, or the cores
 * but one, which is left to the interface; a move in a game, a hint and a
 * review's position search on one thread, so that the levels keep their
 * measured strength and a review gives the same marks every time. */
static int
search_threads (const ChessPlayerLimits *limits)
{
  if (!limits->infinite)
    return 1;
  if (limits->threads > 0)
    return MIN (limits->threads, CHESS_ENGINE_MAX_THREADS);
  return MAX (1, (int) g_get_num_processors () - 1);
}

int
_chess_player_builtin_get_threads (ChessPlayer *player)
{
  ChessPlayerBuiltin *self;

  if (!G_TYPE_CHECK_INSTANCE_TYPE (player, chess_player_builtin_get_type ()))
    return 0;
  self = (ChessPlayerBuiltin *) player;
  return self->engine ? chess_engine_get_threads (self->engine) : 0;
}

static void
set_search_limits (ChessPlayerBuiltin *self,
                   const ChessPlayerLimits  *limits,
                   Job                      *job)
{
  ChessSearchLimits *s = &job->limits;

  chess_search_limits_init (s);
  s->time_ms[CHESS_COLOR_WHITE] = limits->white_ms;
  s->time_ms[CHESS_COLOR_BLACK] = limits->black_ms;
  s->inc_ms[CHESS_COLOR_WHITE] = limits->white_inc_ms;
  s->inc_ms[CHESS_COLOR_BLACK] = limits->black_inc_ms;
  s->moves_to_go = limits->moves_to_go;
  s->move_time_ms = limits->movetime_ms;
  s->depth = limits->depth;
  s->nodes = limits->nodes;
  s->infinite = limits->infinite;
  job->wait_for_stop = limits->infinite;

  if (chess_player_limits_are_open (limits))
    {
      int level = chess_player_get_level (CHESS_PLAYER (self));
      gint64 pace = chess_player_pace_ms (level);

      pace = (gint64) (pace * (0.8 + 0.4 * pace_jitter (self)));
      s->move_time_ms = pace;
      job->hold_until_us = job->started_us + pace * 1000;
    }
}

static void
builtin_think_async (ChessPlayer       *player,
                     const ChessLine         *line,
                     const ChessPlayerLimits *limits,
                     int                      multipv,
                     GCancellable            *cancellable,
                     GAsyncReadyCallback      callback,
                     gpointer                 user_data)
{
  ChessPlayerBuiltin *self = CHESS_PLAYER_BUILTIN (player);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (GError) error = NULL;
  ChessMoveList legal;
  Job *job;

  g_task_set_source_tag (task, builtin_think_async);
  if (self->task)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                               /* Translators: the player's name, "ThinkChess (Beginner)". */
                               _("%s is already thinking."), chess_player_get_name (player));
      return;
    }
  if (self->engine == NULL)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                               /* Translators: the player's name. */
                               _("%s is not running."), chess_player_get_name (player));
      return;
    }
  if (chess_board_generate_legal (&line->current, &legal) == 0 && !limits->infinite)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED,
                               _("The game is over: there is no move to search for."));
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;

  job = g_new0 (Job, 1);
  g_atomic_ref_count_init (&job->ref);
  g_mutex_init (&job->lock);
  g_cond_init (&job->cond);
  job->engine = self->engine;
  job->root = line->current;
  job->throttle = self->throttle;
  job->context = g_main_context_ref (self->context);
  job->owner = self;
  job->started_us = g_get_monotonic_time ();
  set_search_limits (self, limits, job);
  /* Without legal moves (analysis of a finished game) there is nothing to
   * search: the thread only waits to be stopped. */
  if (legal.count == 0)
    job->limits.depth = -1;

  chess_engine_set_position (self->engine, &line->start, line->moves, line->n_moves);
  chess_engine_set_multipv (self->engine, multipv);
  chess_engine_set_threads (self->engine, search_threads (limits));
  chess_engine_set_judging (self->engine, limits->judging);
  chess_info_throttle_reset (self->throttle);

  self->task = g_object_ref (task);
  self->job = job;
  self->thread = g_thread_try_new ("thinkchess-search", search_thread, job_ref (job), &error);
  if (self->thread == NULL)
    {
      job_unref (job);
      g_clear_pointer (&self->job, job_unref);
      g_clear_object (&self->task);
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_START,
                               /* Translators: the system's reason. */
                               _("The computer player could not start thinking: %s"),
                               error->message);
      return;
    }
  if (cancellable)
    self->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), job, NULL);
  if (limits->timeout_ms > 0)
    {
      g_autoptr (GSource) source = g_timeout_source_new ((guint) MIN (limits->timeout_ms, G_MAXUINT));

      g_source_set_callback (source, deadline_cb, self, NULL);
      self->deadline_id = g_source_attach (source, self->context);
    }
}

static ChessPlayerReply *
builtin_think_finish (ChessPlayer  *player,
                      GAsyncResult       *result,
                      GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, player), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
builtin_stop (ChessPlayer *player)
{
  ChessPlayerBuiltin *self = CHESS_PLAYER_BUILTIN (player);

  if (self->job)
    job_request_stop (self->job);
}

static void
builtin_start_async (ChessPlayer   *player,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (player, cancellable, callback, user_data);

  g_task_set_source_tag (task, builtin_start_async);
  /* Ready at once; GTask still calls back from the main loop. */
  g_task_return_boolean (task, TRUE);
}

static gboolean
builtin_start_finish (ChessPlayer  *player,
                      GAsyncResult       *result,
                      GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, player), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
new_seed (ChessPlayerBuiltin *self)
{
  self->seed = ((guint64) g_random_int () << 32) | g_random_int ();
  if (self->seed == 0)
    self->seed = 1;
  self->moves_thought = 0;
  chess_engine_set_seed (self->engine, self->seed);
}

static gboolean
builtin_new_game (ChessPlayer  *player,
                  GError            **error)
{
  ChessPlayerBuiltin *self = CHESS_PLAYER_BUILTIN (player);

  if (self->engine == NULL)
    {
      g_set_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                   _("%s is not running."), chess_player_get_name (player));
      return FALSE;
    }
  /* The search uses the table and the seed: a new game during a think
   * begins when it ends. */
  if (self->task)
    {
      self->new_game_pending = TRUE;
      return TRUE;
    }
  chess_engine_clear (self->engine);
  new_seed (self);
  return TRUE;
}

static gboolean
builtin_is_alive (ChessPlayer *player)
{
  return CHESS_PLAYER_BUILTIN (player)->engine != NULL;
}

static void close_builtin (ChessPlayerBuiltin *self);

static void
builtin_close_sync (ChessPlayer *player)
{
  close_builtin (CHESS_PLAYER_BUILTIN (player));
}

static gboolean
return_cancelled_cb (gpointer user_data)
{
  GTask *task = user_data;

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The engine was closed."));
  return G_SOURCE_REMOVE;
}

/* Stops and joins the thread, fails a pending think, frees the engine. */
static void
close_builtin (ChessPlayerBuiltin *self)
{
  g_autoptr (GTask) task = finish_think (self);

  /* Disposed during a think (g_object_run_dispose): it fails, from the
   * main loop rather than in the middle of this. */
  if (task)
    {
      g_autoptr (GSource) source = g_idle_source_new ();

      g_source_set_callback (source, return_cancelled_cb, g_object_ref (task), g_object_unref);
      g_source_attach (source, self->context);
    }
  if (self->throttle)
    g_clear_pointer (&self->throttle, chess_info_throttle_detach);
  g_clear_pointer (&self->engine, chess_engine_free);
}

static void
chess_player_builtin_dispose (GObject *object)
{
  close_builtin (CHESS_PLAYER_BUILTIN (object));
  G_OBJECT_CLASS (chess_player_builtin_parent_class)->dispose (object);
}

static void
chess_player_builtin_finalize (GObject *object)
{
  ChessPlayerBuiltin *self = CHESS_PLAYER_BUILTIN (object);

  g_main_context_unref (self->context);
  G_OBJECT_CLASS (chess_player_builtin_parent_class)->finalize (object);
}

static void
chess_player_builtin_class_init (ChessPlayerBuiltinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ChessPlayerClass *player_class = CHESS_PLAYER_CLASS (klass);

  object_class->dispose = chess_player_builtin_dispose;
  object_class->finalize = chess_player_builtin_finalize;
  player_class->start_async = builtin_start_async;
  player_class->start_finish = builtin_start_finish;
  player_class->new_game = builtin_new_game;
  player_class->think_async = builtin_think_async;
  player_class->think_finish = builtin_think_finish;
  player_class->stop = builtin_stop;
  player_class->is_alive = builtin_is_alive;
  player_class->close_sync = builtin_close_sync;
}

static void
chess_player_builtin_init (ChessPlayerBuiltin *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->engine = chess_engine_new (CHESS_ENGINE_DEFAULT_HASH_MB);
  self->throttle = chess_info_throttle_new (CHESS_PLAYER (self), self->context);
  new_seed (self);
}

ChessPlayer *
chess_player_new_builtin (int level)
{
  ChessPlayerBuiltin *self;
  g_autofree char *name = NULL;

  g_return_val_if_fail (level >= 0 && level < chess_engine_n_levels, NULL);

  self = g_object_new (CHESS_TYPE_PLAYER_BUILTIN, NULL);
  chess_engine_set_level (self->engine, level);
  chess_player_set_level (CHESS_PLAYER (self), level);
  /* Translators: the built-in engine's name with its level, "ThinkChess (Beginner)". */
  name = g_strdup_printf (_("ThinkChess (%s)"), _(chess_engine_levels[level].name));
  chess_player_set_name (CHESS_PLAYER (self), name);
  return CHESS_PLAYER (self);
}
