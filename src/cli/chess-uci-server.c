/* chess-uci-server.c — the built-in engine behind the UCI protocol (see
 * chess-uci-server.h).
 *
 * Two threads: the reader (the caller of chess_uci_server_input()) and the
 * worker, which runs the queued commands one after another, searches
 * included. The reader hands `stop` and `ponderhit` to every `go` read so
 * far by number, under the lock the worker arms each search under, so none
 * is lost however soon it follows its `go`. Bad lines get an `info string`
 * saying what was wrong and change nothing, but a refused `position` leaves
 * no position to search. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

#include "chess-board.h"
#include "chess-engine-levels.h"
#include "chess-engine.h"
#include "chess-notation.h"
#include "chess-nnue.h"
#include "chess-nnue-builtin.h"
#include "chess-uci-parse.h"
#include "chess-uci-server.h"

#define DEFAULT_MOVE_OVERHEAD 30

/* A line waiting for the worker. */
typedef struct
{
  char               *line;
  bool                has_nul;
  ChessUciCommandType type;
  uint64_t            go_number;   /* go: its place among the go's read, from 1 */
} PendingCommand;

struct ChessUciServer
{
  ChessUciServerConfig config;
  ChessUciWriteFunc    write;
  void                *write_data;
  GMutex               out_lock;

  /* Shared by the reader and the worker, under `lock`. */
  GMutex               lock;
  GCond                cond;
  GQueue               pending;        /* PendingCommand *, in reading order */
  bool                 worker_busy;    /* running a command */
  bool                 searching;      /* a go searches or holds its answer */
  bool                 ending;         /* quit, or the input ended */
  uint64_t             gos_read;
  uint64_t             stopped_upto;   /* the go's up to this one are stopped */
  uint64_t             hit_upto;       /* ...and these had a ponderhit */
  uint64_t             running_go;     /* 0: none */
  GThread             *worker;

  /* The worker's own. */
  ChessEngine         *engine;
  ChessBoard           start;          /* the position set last */
  ChessMove           *moves;
  size_t               n_moves;
  ChessBoard           current;
  bool                 position_refused;
  ChessBoard           search_board;
  int                  hash_mb;
  int                  multipv;
  int                  move_overhead;
  int                  skill;
  bool                 limit_strength;
  int                  elo;
  ChessNnue           *net;            /* EvalFile's, or NULL: the built-in one */
  bool                 use_network;    /* UseNetwork: else the weights */
};

static void
send_line (ChessUciServer *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
send_line (ChessUciServer *self, const char *format, ...)
{
  va_list ap;
  g_autofree char *line = NULL;

  va_start (ap, format);
  line = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_mutex_lock (&self->out_lock);
  self->write (line, self->write_data);
  g_mutex_unlock (&self->out_lock);
}

static void
send_info_string (ChessUciServer *self, const char *message)
{
  send_line (self, "info string %s", message);
}

/* ---- options ------------------------------------------------------------ */

static int
min_elo (void)
{
  return chess_engine_levels[0].elo;
}

/* Maximum's: UCI_Elo reaches the full engine. */
static int
max_elo (void)
{
  return chess_engine_levels[CHESS_ENGINE_LEVEL_MAX].elo;
}

static void
apply_level (ChessUciServer *self)
{
  chess_engine_set_level (self->engine, self->limit_strength
                          ? chess_engine_level_for_elo (self->elo)
                          : chess_engine_level_for_skill (self->skill));
}

static void
send_options (ChessUciServer *self)
{
  send_line (self, "id name ThinkChess %s", PACKAGE_VERSION);
  send_line (self, "id author the ThinkChess authors");
  send_line (self, "option name Hash type spin default %d min 1 max %d",
             self->config.hash_mb, self->config.max_hash_mb);
  send_line (self, "option name Clear Hash type button");
  send_line (self, "option name Threads type spin default 1 min 1 max %d", CHESS_ENGINE_MAX_THREADS);
  send_line (self, "option name MultiPV type spin default 1 min 1 max %d", CHESS_ENGINE_MAX_MULTIPV);
  send_line (self, "option name Ponder type check default false");
  send_line (self, "option name Move Overhead type spin default %d min 0 max 5000", DEFAULT_MOVE_OVERHEAD);
  send_line (self, "option name Skill Level type spin default 20 min 0 max 20");
  send_line (self, "option name UCI_LimitStrength type check default false");
  send_line (self, "option name UCI_Elo type spin default %d min %d max %d", max_elo (), min_elo (), max_elo ());
  send_line (self, "option name EvalFile type string default <empty>");
  send_line (self, "option name UseNetwork type check default true");
  send_line (self, "uciok");
}

static bool
parse_option_int (ChessUciServer *self, const char *value, int min, int max, int *out)
{
  gint64 v;

  if (!value || !g_ascii_string_to_signed (value, 10, G_MININT32, G_MAXINT32, &v, NULL))
    {
      send_info_string (self, _("The option needs a whole number."));
      return false;
    }
  *out = (int) CLAMP (v, min, max);
  return true;
}

static bool
parse_option_bool (ChessUciServer *self, const char *value, bool *out)
{
  if (value && g_ascii_strcasecmp (value, "true") == 0)
    *out = true;
  else if (value && g_ascii_strcasecmp (value, "false") == 0)
    *out = false;
  else
    {
      send_info_string (self, _("The option needs “true” or “false”."));
      return false;
    }
  return true;
}

/* The network in file `path`, or NULL when the file cannot be read or is
 * not a network, having said why in an info string. */
static ChessNnue *
read_net (ChessUciServer *self, const char *path)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  const char *problem = NULL;
  ChessNnue *net = NULL;
  GStatBuf st;
  gsize size = 0;

  /* Not a device or a pipe that would never end, nor a huge file. */
  if (g_stat (path, &st) == 0 && (!S_ISREG (st.st_mode) || st.st_size > 16 * 1024 * 1024))
    problem = "not a network file";
  else if (!g_file_get_contents (path, &data, &size, &error))
    {
      send_info_string (self, error->message);
      return NULL;
    }
  else
    net = chess_nnue_load (data, size, &problem);
  if (net == NULL)
    {
      /* Translators: %s is the file given, then what is wrong with it
       * (in English, from the loader). */
      g_autofree char *msg = g_strdup_printf (_("“%s” is not an evaluation network (%s); the evaluation in use is kept."),
                                              path, problem);
      send_info_string (self, msg);
    }
  return net;
}

/* The evaluation that EvalFile and UseNetwork choose, with the hash table
 * cleared: its scores are the other evaluation's. */
static void
apply_evaluation (ChessUciServer *self)
{
  const ChessNnue *net = self->net ? self->net : chess_nnue_builtin ();

  chess_engine_set_net (self->engine, self->use_network ? net : NULL);
  chess_engine_clear (self->engine);
}

/* EvalFile: a network file (tools/nnue) to evaluate with, or none ("" or
 * "<empty>", the default): the built-in net. A file that cannot be read or
 * is not a network is refused with the reason; the evaluation in use is
 * kept. */
static void
set_eval_file (ChessUciServer *self, const char *path)
{
  ChessNnue *net = NULL;

  if (path != NULL && *path != '\0' && strcmp (path, "<empty>") != 0
      && (net = read_net (self, path)) == NULL)
    return;
  g_clear_pointer (&self->net, chess_nnue_free);
  self->net = net;
  apply_evaluation (self);
}

static void
set_option (ChessUciServer *self, const char *name, const char *value)
{
  if (g_ascii_strcasecmp (name, "Hash") == 0)
    {
      if (parse_option_int (self, value, 1, self->config.max_hash_mb, &self->hash_mb)
          && !chess_engine_set_hash (self->engine, (size_t) self->hash_mb))
        send_info_string (self, _("Not enough memory for that hash size; the old size is kept."));
    }
  else if (g_ascii_strcasecmp (name, "Clear Hash") == 0)
    chess_engine_clear (self->engine);
  else if (g_ascii_strcasecmp (name, "Threads") == 0)
    {
      int threads;
      if (parse_option_int (self, value, 1, CHESS_ENGINE_MAX_THREADS, &threads)
          && !chess_engine_set_threads (self->engine, threads))
        send_info_string (self, _("Not enough memory for that many threads; fewer search."));
    }
  else if (g_ascii_strcasecmp (name, "MultiPV") == 0)
    {
      if (parse_option_int (self, value, 1, CHESS_ENGINE_MAX_MULTIPV, &self->multipv))
        chess_engine_set_multipv (self->engine, self->multipv);
    }
  else if (g_ascii_strcasecmp (name, "Ponder") == 0)
    {
      bool ponder;
      parse_option_bool (self, value, &ponder);
    }
  else if (g_ascii_strcasecmp (name, "Move Overhead") == 0)
    parse_option_int (self, value, 0, 5000, &self->move_overhead);
  else if (g_ascii_strcasecmp (name, "Skill Level") == 0)
    {
      if (parse_option_int (self, value, 0, 20, &self->skill))
        apply_level (self);
    }
  else if (g_ascii_strcasecmp (name, "UCI_LimitStrength") == 0)
    {
      if (parse_option_bool (self, value, &self->limit_strength))
        apply_level (self);
    }
  else if (g_ascii_strcasecmp (name, "UCI_Elo") == 0)
    {
      if (parse_option_int (self, value, min_elo (), max_elo (), &self->elo))
        apply_level (self);
    }
  else if (g_ascii_strcasecmp (name, "EvalFile") == 0)
    set_eval_file (self, value);
  else if (g_ascii_strcasecmp (name, "UseNetwork") == 0)
    {
      if (parse_option_bool (self, value, &self->use_network))
        apply_evaluation (self);
    }
  else
    {
      g_autofree char *msg = g_strdup_printf (_("Unknown option “%s”."), name);
      send_info_string (self, msg);
    }
}

static void
new_game_seed (ChessUciServer *self)
{
  chess_engine_set_seed (self->engine, (uint64_t) g_get_real_time () ^ ((uint64_t) g_random_int () << 32));
}

/* ---- searching (the worker) --------------------------------------------- */

static void
info_cb (const ChessSearchInfo *info, void *user_data)
{
  ChessUciServer *self = user_data;
  g_autoptr (GString) line = g_string_new (NULL);
  ChessBoard b = self->search_board;
  int mate = chess_score_mate_moves (info->score);

  g_string_append_printf (line, "info depth %d seldepth %d multipv %d score ",
                          info->depth, info->seldepth, info->multipv);
  if (mate)
    g_string_append_printf (line, "mate %d", mate);
  else
    g_string_append_printf (line, "cp %d", info->score);
  if (info->bound == CHESS_BOUND_LOWER)
    g_string_append (line, " lowerbound");
  else if (info->bound == CHESS_BOUND_UPPER)
    g_string_append (line, " upperbound");
  g_string_append_printf (line, " nodes %" PRIu64 " nps %" PRIu64 " hashfull %d time %" PRId64 " pv",
                          info->nodes, info->nps, info->hashfull, info->time_ms);
  for (int i = 0; i < info->pv_length; i++)
    {
      char text[CHESS_MOVE_TEXT_MAX];
      ChessUndo undo;
      if (!chess_board_is_legal (&b, info->pv[i]))
        break;
      g_string_append_printf (line, " %s", chess_move_format (&b, info->pv[i], CHESS_NOTATION_UCI, text));
      chess_board_make (&b, info->pv[i], &undo);
    }
  send_line (self, "%s", line->str);
}

static void
send_bestmove (ChessUciServer *self, const ChessSearchResult *r)
{
  char best[CHESS_MOVE_TEXT_MAX], ponder[CHESS_MOVE_TEXT_MAX];

  if (r->best == CHESS_MOVE_NONE)
    {
      send_line (self, "bestmove 0000");
      return;
    }
  chess_move_format (&self->search_board, r->best, CHESS_NOTATION_UCI, best);
  if (r->ponder != CHESS_MOVE_NONE)
    {
      ChessBoard after = self->search_board;
      ChessUndo undo;
      chess_board_make (&after, r->best, &undo);
      if (chess_board_is_legal (&after, r->ponder))
        {
          chess_move_format (&after, r->ponder, CHESS_NOTATION_UCI, ponder);
          send_line (self, "bestmove %s ponder %s", best, ponder);
          return;
        }
    }
  send_line (self, "bestmove %s", best);
}

static void
search (ChessUciServer *self, ChessSearchLimits *limits, uint64_t go_number)
{
  ChessSearchResult r;
  bool hold = limits->ponder || limits->infinite;

  limits->move_overhead_ms = self->move_overhead;
  if (self->config.max_nodes && (!limits->nodes || limits->nodes > self->config.max_nodes))
    limits->nodes = self->config.max_nodes;
  chess_engine_set_position (self->engine, &self->start, self->moves, self->n_moves);
  self->search_board = self->current;

  /* Armed under the lock the reader sends stop and ponderhit under: one
   * that came before is applied here, one that comes after reaches the
   * engine, which keeps it for this search. */
  g_mutex_lock (&self->lock);
  chess_engine_arm (self->engine, limits->ponder);
  self->running_go = go_number;
  self->searching = true;
  if (go_number <= self->stopped_upto)
    chess_engine_stop (self->engine);
  if (go_number <= self->hit_upto)
    chess_engine_ponderhit (self->engine);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);

  r = chess_engine_search (self->engine, limits, info_cb, self);

  /* In ponder and infinite mode the answer waits for stop or ponderhit. */
  g_mutex_lock (&self->lock);
  while (hold && go_number > self->stopped_upto && go_number > self->hit_upto)
    g_cond_wait (&self->cond, &self->lock);
  /* No longer searching before the answer goes out: an isready sent right
   * after bestmove, behind a setoption, waits for that setoption. */
  self->running_go = 0;
  self->searching = false;
  g_mutex_unlock (&self->lock);

  send_bestmove (self, &r);

  g_mutex_lock (&self->lock);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

static void
run_go (ChessUciServer *self, const PendingCommand *pending, const ChessUciCommand *cmd, const GError *error)
{
  ChessSearchLimits limits;

  if (error)
    {
      send_info_string (self, error->message);
      send_line (self, "bestmove 0000");
      return;
    }
  for (guint i = 0; cmd->notes && i < cmd->notes->len; i++)
    send_info_string (self, g_ptr_array_index (cmd->notes, i));
  if (self->position_refused)
    {
      send_info_string (self, _("The last “position” was refused, so there is no position to search; "
                                "send a valid one first."));
      send_line (self, "bestmove 0000");
      return;
    }
  limits = cmd->limits;
  search (self, &limits, pending->go_number);
}

static void
set_position (ChessUciServer *self, ChessUciCommand *cmd)
{
  g_free (self->moves);
  self->start = cmd->start;
  self->moves = g_steal_pointer (&cmd->moves);
  self->n_moves = cmd->n_moves;
  self->current = self->start;
  for (size_t i = 0; i < self->n_moves; i++)
    {
      ChessUndo undo;
      chess_board_make (&self->current, self->moves[i], &undo);
    }
  self->position_refused = false;
}

static void
run_command (ChessUciServer *self, const PendingCommand *pending, bool ending)
{
  ChessUciCommand cmd = { 0 };
  g_autoptr (GError) error = NULL;

  if (pending->has_nul)
    g_set_error_literal (&error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_SYNTAX,
                         _("The line holds a NUL character and was ignored."));
  else
    chess_uci_parse (pending->line, &self->current, &cmd, &error);

  if (pending->type == CHESS_UCI_GO)
    run_go (self, pending, &cmd, error);
  else if (error)
    {
      send_info_string (self, error->message);
      /* A GUI that goes on would have us search a position that is not its own. */
      if (pending->type == CHESS_UCI_POSITION)
        self->position_refused = true;
    }
  else if (cmd.type == CHESS_UCI_POSITION)
    set_position (self, &cmd);
  else if (cmd.type == CHESS_UCI_UCI)
    send_options (self);
  /* After quit, only what answers a go is worth the time. */
  else if (cmd.type == CHESS_UCI_SETOPTION && !ending)
    set_option (self, cmd.option_name, cmd.option_value);
  else if (cmd.type == CHESS_UCI_UCINEWGAME && !ending)
    {
      chess_engine_clear (self->engine);
      new_game_seed (self);
    }
  if (!error)
    chess_uci_command_clear (&cmd);
}

static void
pending_command_free (PendingCommand *pending)
{
  g_free (pending->line);
  g_free (pending);
}

static gpointer
worker_main (gpointer data)
{
  ChessUciServer *self = data;

  g_mutex_lock (&self->lock);
  for (;;)
    {
      PendingCommand *pending;
      bool ending;

      while (g_queue_is_empty (&self->pending) && !self->ending)
        {
          self->worker_busy = false;
          g_cond_broadcast (&self->cond);
          g_cond_wait (&self->cond, &self->lock);
        }
      pending = g_queue_pop_head (&self->pending);
      if (!pending)
        break;
      self->worker_busy = true;
      ending = self->ending;
      g_mutex_unlock (&self->lock);
      run_command (self, pending, ending);
      pending_command_free (pending);
      g_mutex_lock (&self->lock);
    }
  self->worker_busy = false;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
  return NULL;
}

/* ---- reading (the caller's thread) -------------------------------------- */

/* stop and ponderhit reach every go read so far; quit also ends the input. */
static void
release_searches (ChessUciServer *self, ChessUciCommandType type)
{
  g_mutex_lock (&self->lock);
  if (type == CHESS_UCI_PONDERHIT)
    {
      self->hit_upto = self->gos_read;
      if (self->running_go)
        chess_engine_ponderhit (self->engine);
    }
  else
    {
      self->stopped_upto = self->gos_read;
      if (self->running_go)
        chess_engine_stop (self->engine);
      if (type == CHESS_UCI_QUIT)
        self->ending = true;
    }
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

static void
answer_isready (ChessUciServer *self)
{
  /* During a search at once; otherwise when the commands before are done
   * (a new hash table, say). */
  g_mutex_lock (&self->lock);
  while (!self->searching && (self->worker_busy || !g_queue_is_empty (&self->pending)))
    g_cond_wait (&self->cond, &self->lock);
  g_mutex_unlock (&self->lock);
  send_line (self, "readyok");
}

gboolean
chess_uci_server_input (ChessUciServer *self, const char *line, size_t length)
{
  ChessUciCommandType type;
  bool has_nul = strlen (line) < length;
  bool known = chess_uci_command_type (line, &type);

  if (known && type != CHESS_UCI_EMPTY && type != CHESS_UCI_ISREADY && type != CHESS_UCI_STOP
      && type != CHESS_UCI_PONDERHIT && type != CHESS_UCI_QUIT)
    {
      PendingCommand *pending = g_new0 (PendingCommand, 1);

      pending->line = g_strndup (line, length);
      pending->has_nul = has_nul;
      pending->type = type;
      g_mutex_lock (&self->lock);
      if (type == CHESS_UCI_GO)
        pending->go_number = ++self->gos_read;
      g_queue_push_tail (&self->pending, pending);
      g_cond_broadcast (&self->cond);
      g_mutex_unlock (&self->lock);
      return TRUE;
    }

  if (has_nul)
    {
      send_info_string (self, _("The line holds a NUL character and was ignored."));
      return TRUE;
    }
  {
    /* These take no position: any board does for the parser. */
    ChessBoard board;
    ChessUciCommand cmd;
    g_autoptr (GError) error = NULL;

    chess_board_set_start (&board);
    if (!chess_uci_parse (line, &board, &cmd, &error))
      {
        send_info_string (self, error->message);
        return TRUE;
      }
    chess_uci_command_clear (&cmd);
  }
  switch (type)
    {
    case CHESS_UCI_ISREADY:
      answer_isready (self);
      break;
    case CHESS_UCI_STOP:
    case CHESS_UCI_PONDERHIT:
      release_searches (self, type);
      break;
    case CHESS_UCI_QUIT:
      release_searches (self, type);
      return FALSE;
    default:
      break;
    }
  return TRUE;
}

ChessUciServer *
chess_uci_server_new (const ChessUciServerConfig *config, ChessUciWriteFunc write, void *user_data)
{
  ChessUciServer *self;
  ChessEngine *engine = chess_engine_new ((size_t) config->hash_mb);

  if (!engine)
    return NULL;
  self = g_new0 (ChessUciServer, 1);
  self->config = *config;
  self->write = write;
  self->write_data = user_data;
  self->engine = engine;
  self->use_network = true;
  g_mutex_init (&self->out_lock);
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  g_queue_init (&self->pending);
  self->hash_mb = config->hash_mb;
  self->multipv = 1;
  self->move_overhead = DEFAULT_MOVE_OVERHEAD;
  self->skill = 20;
  self->elo = max_elo ();
  chess_board_set_start (&self->start);
  self->current = self->start;
  new_game_seed (self);
  self->worker = g_thread_new ("uci-worker", worker_main, self);
  return self;
}

void
chess_uci_server_free (ChessUciServer *self)
{
  release_searches (self, CHESS_UCI_QUIT);
  g_thread_join (self->worker);
  g_queue_clear_full (&self->pending, (GDestroyNotify) pending_command_free);
  g_free (self->moves);
  chess_engine_free (self->engine);
  g_clear_pointer (&self->net, chess_nnue_free);
  g_mutex_clear (&self->out_lock);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);
  g_free (self);
}
