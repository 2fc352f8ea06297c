/* chess-cli-uci.c — `thinkchess-cli uci`: the built-in engine behind the
 * UCI protocol, for any chess GUI.
 *
 * The main thread reads commands, so `isready`, `stop` and `ponderhit` are
 * answered while a search runs in its own thread. Bad lines get an
 * `info string` saying what was wrong and change nothing. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-board.h"
#include "chess-cli.h"
#include "chess-engine-levels.h"
#include "chess-engine.h"
#include "chess-notation.h"
#include "chess-uci-parse.h"

#define DEFAULT_MOVE_OVERHEAD 30

typedef struct
{
  ChessEngine      *engine;
  GMutex            out_lock;
  /* The position set last. */
  ChessBoard        start;
  ChessMove        *moves;
  size_t            n_moves;
  ChessBoard        current;
  /* Options. */
  int               hash_mb;
  int               multipv;
  int               move_overhead;
  int               skill;
  bool              limit_strength;
  int               elo;
  /* The running search. */
  GThread          *thread;
  ChessSearchLimits limits;
  ChessBoard        search_board;
  GMutex            lock;
  GCond             cond;
  bool              released;      /* stop or ponderhit came */
  bool              waiting;       /* ponder/infinite: bestmove held back */
  gint              done;          /* the thread is about to send bestmove */
} UciServer;

static void
send_line (UciServer *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
send_line (UciServer *self, const char *format, ...)
{
  va_list ap;

  g_mutex_lock (&self->out_lock);
  va_start (ap, format);
  vprintf (format, ap);
  va_end (ap);
  putchar ('\n');
  fflush (stdout);
  g_mutex_unlock (&self->out_lock);
}

static void
info_cb (const ChessSearchInfo *info, void *user_data)
{
  UciServer *self = user_data;
  GString *line = g_string_new (NULL);
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
  g_string_free (line, TRUE);
}

static gpointer
search_thread (gpointer data)
{
  UciServer *self = data;
  ChessSearchResult r = chess_engine_search (self->engine, &self->limits, info_cb, self);
  char best[CHESS_MOVE_TEXT_MAX], ponder[CHESS_MOVE_TEXT_MAX];

  /* In ponder and infinite mode the answer waits for stop or ponderhit. */
  g_mutex_lock (&self->lock);
  while (self->waiting && !self->released)
    g_cond_wait (&self->cond, &self->lock);
  g_mutex_unlock (&self->lock);

  g_atomic_int_set (&self->done, 1);
  if (r.best == CHESS_MOVE_NONE)
    {
      send_line (self, "bestmove 0000");
      return NULL;
    }
  chess_move_format (&self->search_board, r.best, CHESS_NOTATION_UCI, best);
  if (r.ponder != CHESS_MOVE_NONE)
    {
      ChessBoard after = self->search_board;
      ChessUndo undo;
      chess_board_make (&after, r.best, &undo);
      if (chess_board_is_legal (&after, r.ponder))
        {
          chess_move_format (&after, r.ponder, CHESS_NOTATION_UCI, ponder);
          send_line (self, "bestmove %s ponder %s", best, ponder);
          return NULL;
        }
    }
  send_line (self, "bestmove %s", best);
  return NULL;
}

static void
finish_search (UciServer *self)
{
  if (!self->thread)
    return;
  chess_engine_stop (self->engine);
  g_mutex_lock (&self->lock);
  self->released = true;
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->lock);
  g_thread_join (self->thread);
  self->thread = NULL;
}

static void
apply_level (UciServer *self)
{
  chess_engine_set_level (self->engine, self->limit_strength
                          ? chess_engine_level_for_elo (self->elo)
                          : chess_engine_level_for_skill (self->skill));
}

static void
send_options (UciServer *self)
{
  int min_elo = chess_engine_levels[0].elo;
  int max_elo = chess_engine_levels[CHESS_ENGINE_LEVEL_MAX - 1].elo;

  send_line (self, "id name ThinkChess %s", PACKAGE_VERSION);
  send_line (self, "id author the ThinkChess authors");
  send_line (self, "option name Hash type spin default %d min 1 max %d",
             CHESS_ENGINE_DEFAULT_HASH_MB, CHESS_ENGINE_MAX_HASH_MB);
  send_line (self, "option name Clear Hash type button");
  send_line (self, "option name MultiPV type spin default 1 min 1 max %d", CHESS_ENGINE_MAX_MULTIPV);
  send_line (self, "option name Ponder type check default false");
  send_line (self, "option name Move Overhead type spin default %d min 0 max 5000", DEFAULT_MOVE_OVERHEAD);
  send_line (self, "option name Skill Level type spin default 20 min 0 max 20");
  send_line (self, "option name UCI_LimitStrength type check default false");
  send_line (self, "option name UCI_Elo type spin default %d min %d max %d", max_elo, min_elo, max_elo);
  send_line (self, "uciok");
}

static bool
parse_option_int (UciServer *self, const char *name, const char *value, int min, int max, int *out)
{
  gint64 v;

  if (!value || !g_ascii_string_to_signed (value, 10, G_MININT32, G_MAXINT32, &v, NULL))
    {
      send_line (self, "info string %s", _("The option needs a whole number."));
      return false;
    }
  *out = (int) CLAMP (v, min, max);
  (void) name;
  return true;
}

static bool
parse_option_bool (UciServer *self, const char *value, bool *out)
{
  if (value && g_ascii_strcasecmp (value, "true") == 0)
    *out = true;
  else if (value && g_ascii_strcasecmp (value, "false") == 0)
    *out = false;
  else
    {
      send_line (self, "info string %s", _("The option needs “true” or “false”."));
      return false;
    }
  return true;
}

static void
set_option (UciServer *self, const char *name, const char *value)
{
  if (g_ascii_strcasecmp (name, "Hash") == 0)
    {
      if (parse_option_int (self, name, value, 1, CHESS_ENGINE_MAX_HASH_MB, &self->hash_mb)
          && !chess_engine_set_hash (self->engine, (size_t) self->hash_mb))
        send_line (self, "info string %s", _("Not enough memory for that hash size; the old size is kept."));
    }
  else if (g_ascii_strcasecmp (name, "Clear Hash") == 0)
    chess_engine_clear (self->engine);
  else if (g_ascii_strcasecmp (name, "MultiPV") == 0)
    {
      if (parse_option_int (self, name, value, 1, CHESS_ENGINE_MAX_MULTIPV, &self->multipv))
        chess_engine_set_multipv (self->engine, self->multipv);
    }
  else if (g_ascii_strcasecmp (name, "Ponder") == 0)
    {
      bool ponder;
      parse_option_bool (self, value, &ponder);
    }
  else if (g_ascii_strcasecmp (name, "Move Overhead") == 0)
    parse_option_int (self, name, value, 0, 5000, &self->move_overhead);
  else if (g_ascii_strcasecmp (name, "Skill Level") == 0)
    {
      if (parse_option_int (self, name, value, 0, 20, &self->skill))
        apply_level (self);
    }
  else if (g_ascii_strcasecmp (name, "UCI_LimitStrength") == 0)
    {
      if (parse_option_bool (self, value, &self->limit_strength))
        apply_level (self);
    }
  else if (g_ascii_strcasecmp (name, "UCI_Elo") == 0)
    {
      if (parse_option_int (self, name, value, 0, 4000, &self->elo))
        apply_level (self);
    }
  else
    {
      g_autofree char *msg = g_strdup_printf (_("Unknown option “%s”."), name);
      send_line (self, "info string %s", msg);
    }
}

static void
new_game_seed (UciServer *self)
{
  chess_engine_set_seed (self->engine, (uint64_t) g_get_real_time () ^ ((uint64_t) g_random_int () << 32));
}

static bool
handle (UciServer *self, const char *line)
{
  ChessUciCommand cmd;
  g_autoptr (GError) error = NULL;

  /* A timed search that has answered is joined before anything else. */
  if (self->thread && g_atomic_int_get (&self->done))
    {
      g_thread_join (self->thread);
      self->thread = NULL;
    }
  if (!chess_uci_parse (line, &self->current, &cmd, &error))
    {
      send_line (self, "info string %s", error->message);
      return true;
    }

  switch (cmd.type)
    {
    case CHESS_UCI_EMPTY:
    case CHESS_UCI_DEBUG:
    case CHESS_UCI_REGISTER:
      break;
    case CHESS_UCI_UCI:
      send_options (self);
      break;
    case CHESS_UCI_ISREADY:
      send_line (self, "readyok");
      break;
    case CHESS_UCI_SETOPTION:
      if (self->thread)
        send_line (self, "info string %s", _("Options cannot change during a search; send “stop” first."));
      else
        set_option (self, cmd.option_name, cmd.option_value);
      break;
    case CHESS_UCI_UCINEWGAME:
      finish_search (self);
      chess_engine_clear (self->engine);
      new_game_seed (self);
      break;
    case CHESS_UCI_POSITION:
      if (self->thread)
        {
          send_line (self, "info string %s", _("A new position cannot be set during a search; send “stop” first."));
          break;
        }
      g_free (self->moves);
      self->start = cmd.start;
      self->moves = g_steal_pointer (&cmd.moves);
      self->n_moves = cmd.n_moves;
      self->current = self->start;
      for (size_t i = 0; i < self->n_moves; i++)
        {
          ChessUndo undo;
          chess_board_make (&self->current, self->moves[i], &undo);
        }
      break;
    case CHESS_UCI_GO:
      if (self->thread)
        {
          send_line (self, "info string %s", _("A search is already running; send “stop” first."));
          break;
        }
      self->limits = cmd.limits;
      self->limits.move_overhead_ms = self->move_overhead;
      self->search_board = self->current;
      self->released = false;
      g_atomic_int_set (&self->done, 0);
      self->waiting = cmd.limits.ponder || cmd.limits.infinite;
      chess_engine_set_position (self->engine, &self->start, self->moves, self->n_moves);
      self->thread = g_thread_new ("search", search_thread, self);
      break;
    case CHESS_UCI_STOP:
      finish_search (self);
      break;
    case CHESS_UCI_PONDERHIT:
      if (self->thread)
        {
          chess_engine_ponderhit (self->engine);
          g_mutex_lock (&self->lock);
          self->released = true;
          g_cond_signal (&self->cond);
          g_mutex_unlock (&self->lock);
        }
      break;
    case CHESS_UCI_QUIT:
      chess_uci_command_clear (&cmd);
      return false;
    }
  chess_uci_command_clear (&cmd);
  return true;
}

int
chess_cli_uci (int argc, char **argv)
{
  UciServer self = { 0 };
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;

  self.engine = chess_engine_new (CHESS_ENGINE_DEFAULT_HASH_MB);
  if (!self.engine)
    {
      fprintf (stderr, "%s\n", _("Not enough memory for the engine."));
      return 1;
    }
  g_mutex_init (&self.out_lock);
  g_mutex_init (&self.lock);
  g_cond_init (&self.cond);
  self.hash_mb = CHESS_ENGINE_DEFAULT_HASH_MB;
  self.multipv = 1;
  self.move_overhead = DEFAULT_MOVE_OVERHEAD;
  self.skill = 20;
  self.elo = chess_engine_levels[CHESS_ENGINE_LEVEL_MAX - 1].elo;
  chess_board_set_start (&self.start);
  self.current = self.start;
  new_game_seed (&self);
  setvbuf (stdout, NULL, _IOFBF, 1 << 16);

  while ((len = getline (&line, &cap, stdin)) >= 0)
    {
      if (memchr (line, '\0', (size_t) len))
        {
          send_line (&self, "info string %s", _("The line holds a NUL character and was ignored."));
          continue;
        }
      if (!handle (&self, line))
        break;
      /* A finished timed search's thread is reaped before the next command. */
    }
  finish_search (&self);
  free (line);
  g_free (self.moves);
  chess_engine_free (self.engine);
  g_mutex_clear (&self.out_lock);
  g_mutex_clear (&self.lock);
  g_cond_clear (&self.cond);
  return 0;
}
