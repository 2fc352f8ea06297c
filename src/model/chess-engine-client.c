/* chess-engine-client.c — an external engine over GSubprocess, UCI or
 * xboard/CECP. Output is read in chunks and split into lines here (not with
 * GDataInputStream) so that an engine printing without newlines cannot make
 * us buffer without limit. */
#include "config.h"

#include <glib/gi18n.h>
#include <signal.h>
#include <string.h>

#include "chess-engine-client.h"
#include "chess-notation.h"

G_DEFINE_QUARK (chess-engine-error-quark, chess_engine_error)
G_DEFINE_BOXED_TYPE (ChessEngineInfo, chess_engine_info,
                     chess_engine_info_copy, chess_engine_info_free)
G_DEFINE_BOXED_TYPE (ChessEngineOption, chess_engine_option,
                     chess_engine_option_copy, chess_engine_option_free)

typedef enum
{
  STATE_NEW,
  STATE_STARTING,
  STATE_READY,
  STATE_SYNCING,          /* UCI: waiting for readyok before "go"           */
  STATE_THINKING,
  STATE_QUITTING,
  STATE_DEAD,
} State;

struct _ChessEngineClient
{
  GObject parent_instance;

  /* Settings */
  GStrv                argv;
  ChessEngineProtocol  protocol;
  char                *working_directory;
  guint                start_timeout_ms;
  guint                feature_timeout_ms;

  /* What the engine told us */
  char                *name;
  char                *author;
  GPtrArray           *options;          /* ChessEngineOption *              */
  GHashTable          *features;         /* char * → char *                  */
  gboolean             features_done;

  /* The process */
  GSubprocess         *process;
  GOutputStream       *stdin_pipe;
  GInputStream        *stdout_pipe;
  GCancellable        *io_cancellable;   /* reads and the exit wait           */
  guint                io_pending;       /* reads and waits not yet called back */
  GTask               *quit_task;        /* done when the process and our I/O
                                          * on it are over                    */
  GString             *pending_text;     /* output not yet ending in newline  */
  gboolean             discarding;       /* inside an over-long line           */
  State                state;

  /* The call in progress */
  GTask               *task;
  guint                timeout_id;
  guint                feature_timeout_id;
  gulong               cancel_id;

  /* The search in progress */
  ChessBoard           search_board;     /* the position being searched       */
  gint64               search_started_us;
  ChessEngineInfo     *last_info;
  gboolean             draw_offered;
  gboolean             analysing;        /* xboard analyze mode               */
  gboolean             stop_requested;
  char                *go_command;       /* UCI: sent after readyok           */
  gint64               go_timeout_ms;    /* the search's deadline, from "go"   */
  GMainContext        *context;          /* where the client lives             */

  /* xboard: what the engine's board holds, to send only new moves */
  ChessLine            synced;
  guint                pings_sent;
  guint                awaited_pong;     /* 0: none; else output before it is
                                          * stale (from an earlier game)      */
  gboolean             synced_valid;
  char                *level_sent;
};

enum
{
  PROP_0,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_INFO,
  SIGNAL_LINE_SENT,
  SIGNAL_LINE_RECEIVED,
  SIGNAL_TERMINATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChessEngineClient, chess_engine_client, G_TYPE_OBJECT)

static void read_more (ChessEngineClient *self);
static gboolean timeout_cb (gpointer user_data);

/* Timers run in the client's own context, as the I/O does. */
static guint
add_timeout (ChessEngineClient *self, guint ms, GSourceFunc func)
{
  g_autoptr (GSource) source = g_timeout_source_new (ms);

  g_source_set_callback (source, func, self, NULL);
  return g_source_attach (source, self->context);
}

void
chess_engine_limits_init (ChessEngineLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  limits->white_ms = limits->black_ms = -1;
}

void
chess_engine_reply_free (ChessEngineReply *reply)
{
  if (reply == NULL)
    return;
  g_free (reply->move_text);
  g_free (reply->claim);
  chess_engine_info_free (reply->last_info);
  g_free (reply);
}

static const char *
display_name (ChessEngineClient *self)
{
  return self->name ? self->name : self->argv[0];
}

static gboolean
xboard_feature_on (ChessEngineClient *self, const char *name)
{
  const char *value = g_hash_table_lookup (self->features, name);

  return value && strcmp (value, "1") == 0;
}

/* ---- finishing the call in progress ------------------------------------ */

static void
clear_call (ChessEngineClient *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_clear_handle_id (&self->feature_timeout_id, g_source_remove);
  if (self->cancel_id && self->task && g_task_get_cancellable (self->task))
    g_cancellable_disconnect (g_task_get_cancellable (self->task), self->cancel_id);
  self->cancel_id = 0;
}

static GTask *
take_task (ChessEngineClient *self)
{
  clear_call (self);
  return g_steal_pointer (&self->task);
}

/* A quit is over once the process is gone and no callback of ours is
 * still pending on it (they hold references to the client). */
static void
maybe_finish_quit (ChessEngineClient *self)
{
  g_autoptr (GTask) task = NULL;

  if (self->state != STATE_DEAD || self->io_pending > 0 || self->quit_task == NULL)
    return;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  task = g_steal_pointer (&self->quit_task);
  g_task_return_boolean (task, TRUE);
}

static void
fail_call (ChessEngineClient *self, GError *error)
{
  g_autoptr (GTask) task = take_task (self);

  if (task)
    g_task_return_error (task, error);
  else
    g_error_free (error);
}

/* Kills the engine and ends the call in progress with `error`. */
static void
die (ChessEngineClient *self, GError *error)
{
  if (self->state == STATE_DEAD)
    {
      fail_call (self, error);
      return;
    }
  self->state = STATE_DEAD;
  if (self->process)
    g_subprocess_force_exit (self->process);
  g_cancellable_cancel (self->io_cancellable);
  g_signal_emit (self, signals[SIGNAL_TERMINATED], 0, error);
  fail_call (self, error);
}

/* ---- writing ------------------------------------------------------------ */

static void
send_line (ChessEngineClient *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
send_line (ChessEngineClient *self, const char *format, ...)
{
  g_autofree char *text = NULL;
  g_autofree char *with_newline = NULL;
  g_autoptr (GError) error = NULL;
  va_list args;

  if (self->stdin_pipe == NULL || self->state == STATE_DEAD)
    return;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_signal_emit (self, signals[SIGNAL_LINE_SENT], 0, text);
  with_newline = g_strconcat (text, "\n", NULL);
  /* A dead engine's pipe fails here; its exit is reported by the wait. */
  if (!g_output_stream_write_all (self->stdin_pipe, with_newline, strlen (with_newline),
                                  NULL, NULL, &error)
      || !g_output_stream_flush (self->stdin_pipe, NULL, &error))
    g_debug ("Writing to %s failed: %s", display_name (self), error->message);
}

/* ---- moves -------------------------------------------------------------- */

/* "e2e4", "e7e8q" (also "e7e8Q"): the UCI and xboard coordinate form. */
static ChessMove
parse_coordinate_move (const ChessBoard *board, const char *text)
{
  gsize len = strlen (text);
  char from_text[3] = { 0 }, to_text[3] = { 0 };
  ChessPieceType promotion = CHESS_NO_PIECE_TYPE;
  ChessSquare from, to;

  if (len != 4 && len != 5)
    return CHESS_MOVE_NONE;
  memcpy (from_text, text, 2);
  memcpy (to_text, text + 2, 2);
  from = chess_square_parse (from_text);
  to = chess_square_parse (to_text);
  if (from == CHESS_NO_SQUARE || to == CHESS_NO_SQUARE)
    return CHESS_MOVE_NONE;
  if (len == 5)
    switch (g_ascii_tolower (text[4]))
      {
      case 'n': promotion = CHESS_KNIGHT; break;
      case 'b': promotion = CHESS_BISHOP; break;
      case 'r': promotion = CHESS_ROOK; break;
      case 'q': promotion = CHESS_QUEEN; break;
      default: return CHESS_MOVE_NONE;
      }
  return chess_board_find_move (board, from, to, promotion);
}

/* UCI engines write coordinates only; xboard engines may also write SAN. */
static ChessMove
parse_engine_move (ChessEngineClient *self, const ChessBoard *board, const char *text)
{
  ChessMove move = parse_coordinate_move (board, text);

  if (move == CHESS_MOVE_NONE && self->protocol == CHESS_ENGINE_PROTOCOL_XBOARD)
    {
      g_autoptr (GError) error = NULL;

      if (!chess_move_parse (board, text, &move, &error))
        move = CHESS_MOVE_NONE;
    }
  return move;
}

static GError *
illegal_move_error (ChessEngineClient *self, const ChessBoard *board, const char *text)
{
  char fen[CHESS_FEN_MAX];

  return g_error_new (CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_ILLEGAL_MOVE,
                      /* Translators: the engine's name, its move as it wrote
                       * it, and the position as FEN. */
                      _("The engine “%s” played an illegal move “%s” in the position %s."),
                      display_name (self), text, chess_board_to_fen (board, fen));
}

static void
reply_with_move (ChessEngineClient *self, const char *text, const char *ponder_text)
{
  g_autoptr (ChessEngineReply) reply = g_new0 (ChessEngineReply, 1);
  g_autoptr (GTask) task = NULL;

  reply->elapsed_us = g_get_monotonic_time () - self->search_started_us;
  reply->move = parse_engine_move (self, &self->search_board, text);
  if (reply->move == CHESS_MOVE_NONE)
    {
      die (self, illegal_move_error (self, &self->search_board, text));
      return;
    }
  reply->kind = CHESS_ENGINE_REPLY_MOVE;
  reply->move_text = g_strdup (text);
  reply->offers_draw = self->draw_offered;
  reply->last_info = g_steal_pointer (&self->last_info);
  if (ponder_text)
    {
      ChessBoard after = self->search_board;
      ChessUndo undo;

      chess_board_make (&after, reply->move, &undo);
      reply->ponder = parse_coordinate_move (&after, ponder_text);
    }
  /* The xboard engine has made the move on its board too. */
  if (self->protocol == CHESS_ENGINE_PROTOCOL_XBOARD && self->synced_valid && !self->analysing)
    chess_line_push (&self->synced, reply->move);

  self->state = STATE_READY;
  task = take_task (self);
  if (task)
    g_task_return_pointer (task, g_steal_pointer (&reply), (GDestroyNotify) chess_engine_reply_free);
}

static void
reply_without_move (ChessEngineClient *self, ChessEngineReplyKind kind, const char *claim)
{
  g_autoptr (ChessEngineReply) reply = g_new0 (ChessEngineReply, 1);
  g_autoptr (GTask) task = NULL;

  reply->kind = kind;
  reply->elapsed_us = g_get_monotonic_time () - self->search_started_us;
  reply->claim = g_strdup (claim);
  reply->offers_draw = self->draw_offered;
  reply->last_info = g_steal_pointer (&self->last_info);
  /* After resigning or claiming, the engine's board is not ours any more. */
  self->synced_valid = FALSE;
  self->state = STATE_READY;
  task = take_task (self);
  if (task)
    g_task_return_pointer (task, g_steal_pointer (&reply), (GDestroyNotify) chess_engine_reply_free);
}

/* ---- reading ------------------------------------------------------------ */

static void
finish_start (ChessEngineClient *self)
{
  g_autoptr (GTask) task = take_task (self);

  if (self->name == NULL)
    {
      const char *myname = g_hash_table_lookup (self->features, "myname");

      self->name = myname ? g_strdup (myname) : g_path_get_basename (self->argv[0]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
    }
  self->state = STATE_READY;
  if (task)
    g_task_return_boolean (task, TRUE);
}

static void
handle_info (ChessEngineClient *self, ChessEngineInfo *info)
{
  if (self->state != STATE_THINKING)
    return;
  g_signal_emit (self, signals[SIGNAL_INFO], 0, info);
  if (info->has & CHESS_ENGINE_INFO_HAS_SCORE
      && !(info->has & CHESS_ENGINE_INFO_HAS_MULTIPV && info->multipv > 1))
    {
      chess_engine_info_free (self->last_info);
      self->last_info = chess_engine_info_copy (info);
    }
}

static const char *const accepted_features[] = {
  "done", "myname", "name", "ping", "setboard", "usermove", "san", "time", "draw",
  "reuse", "analyze", "colors", "option", "variants", "sigint", "sigterm",
  "playother", "ics", "pause", "nps", "debug", "memory", "smp", "egt", "exclude",
  "setscore", "highlight", NULL
};

static void
handle_features (ChessEngineClient *self, ChessEngineLine *line)
{
  for (guint i = 0; i < line->feature_names->len; i++)
    {
      const char *name = g_ptr_array_index (line->feature_names, i);
      const char *value = g_ptr_array_index (line->feature_values, i);

      if (strcmp (name, "option") == 0)
        {
          ChessEngineOption *option = chess_engine_parse_xboard_option (value);

          if (option)
            g_ptr_array_add (self->options, option);
        }
      else
        g_hash_table_replace (self->features, g_strdup (name), g_strdup (value));
      send_line (self, "%s %s", g_strv_contains (accepted_features, name) ? "accepted" : "rejected", name);

      if (strcmp (name, "done") == 0 && self->state == STATE_STARTING)
        {
          g_clear_handle_id (&self->feature_timeout_id, g_source_remove);
          if (strcmp (value, "1") == 0)
            {
              self->features_done = TRUE;
              finish_start (self);
            }
          /* done=0: the engine needs time; the start timeout still runs. */
        }
    }
}

static void
handle_line (ChessEngineClient *self, const char *text, gsize length)
{
  ChessEngineLine line;

  g_signal_emit (self, signals[SIGNAL_LINE_RECEIVED], 0, text);
  chess_engine_parse_line (self->protocol, text, length, &line);

  if (self->awaited_pong && line.kind != CHESS_ENGINE_LINE_ILLEGAL_MOVE)
    {
      /* What comes before our pong answers something older than the
       * search, except a refusal of the moves we just sent. */
      if (line.kind == CHESS_ENGINE_LINE_PONG && line.number == self->awaited_pong)
        self->awaited_pong = 0;
      chess_engine_line_clear (&line);
      return;
    }

  switch (line.kind)
    {
    case CHESS_ENGINE_LINE_ID_NAME:
      if (self->state == STATE_STARTING)
        {
          g_free (self->name);
          self->name = g_steal_pointer (&line.text);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
        }
      break;
    case CHESS_ENGINE_LINE_ID_AUTHOR:
      if (self->state == STATE_STARTING)
        {
          g_free (self->author);
          self->author = g_steal_pointer (&line.text);
        }
      break;
    case CHESS_ENGINE_LINE_OPTION:
      if (self->state == STATE_STARTING)
        g_ptr_array_add (self->options, g_steal_pointer (&line.option));
      break;
    case CHESS_ENGINE_LINE_UCIOK:
      if (self->state == STATE_STARTING)
        finish_start (self);
      break;
    case CHESS_ENGINE_LINE_READYOK:
      if (self->state == STATE_SYNCING)
        {
          self->state = STATE_THINKING;
          g_clear_handle_id (&self->timeout_id, g_source_remove);
          if (self->go_timeout_ms > 0)
            self->timeout_id = add_timeout (self, (guint) MIN (self->go_timeout_ms, G_MAXUINT),
                                            timeout_cb);
          self->search_started_us = g_get_monotonic_time ();
          send_line (self, "%s", self->go_command);
        }
      break;
    case CHESS_ENGINE_LINE_INFO:
      handle_info (self, line.info);
      break;
    case CHESS_ENGINE_LINE_BESTMOVE:
      if (self->state == STATE_THINKING)
        {
          if (self->analysing && self->stop_requested
              && (strcmp (line.move, "(none)") == 0 || strcmp (line.move, "0000") == 0))
            reply_without_move (self, CHESS_ENGINE_REPLY_NO_MOVE, NULL);
          else
            reply_with_move (self, line.move, line.ponder);
        }
      break;
    case CHESS_ENGINE_LINE_FEATURES:
      handle_features (self, &line);
      break;
    case CHESS_ENGINE_LINE_MOVE:
      if (self->state == STATE_THINKING && !self->analysing)
        reply_with_move (self, line.move, NULL);
      break;
    case CHESS_ENGINE_LINE_RESIGN:
      if (self->state == STATE_THINKING && !self->analysing)
        reply_without_move (self, CHESS_ENGINE_REPLY_RESIGN, NULL);
      break;
    case CHESS_ENGINE_LINE_OFFER_DRAW:
      if (self->state == STATE_THINKING)
        self->draw_offered = TRUE;
      break;
    case CHESS_ENGINE_LINE_RESULT:
      /* Without ping, a result line may be the end of the last game
       * arriving late: only an engine that answers pings is believed. */
      if (self->state == STATE_THINKING && !self->analysing && xboard_feature_on (self, "ping"))
        {
          g_autofree char *claim = line.move ? g_strdup_printf ("%s {%s}", line.text, line.move)
                                             : g_strdup (line.text);

          reply_without_move (self, CHESS_ENGINE_REPLY_CLAIM, claim);
        }
      break;
    case CHESS_ENGINE_LINE_ILLEGAL_MOVE:
      if (self->state == STATE_THINKING && self->task)
        die (self, g_error_new (CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_REFUSED,
                                /* Translators: the engine's name and the move it refused. */
                                _("The engine “%s” refused the legal move “%s”."),
                                display_name (self), line.move ? line.move : "?"));
      break;
    case CHESS_ENGINE_LINE_PONG:
    case CHESS_ENGINE_LINE_ERROR:
    case CHESS_ENGINE_LINE_UNKNOWN:
      break;
    }
  chess_engine_line_clear (&line);
}

static void
read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ChessEngineClient) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, &error);
  const char *data;
  gsize size, start = 0;

  self->io_pending--;
  if (bytes == NULL || g_bytes_get_size (bytes) == 0 || self->state == STATE_DEAD)
    {
      /* End of output or cancelled: the exit wait reports. */
      maybe_finish_quit (self);
      return;
    }

  data = g_bytes_get_data (bytes, &size);
  for (gsize i = 0; i < size; i++)
    {
      if (data[i] != '\n')
        continue;
      if (!self->discarding)
        {
          g_string_append_len (self->pending_text, data + start, i - start);
          handle_line (self, self->pending_text->str, self->pending_text->len);
        }
      g_string_truncate (self->pending_text, 0);
      self->discarding = FALSE;
      start = i + 1;
      if (self->state == STATE_DEAD)
        {
          maybe_finish_quit (self);
          return;
        }
    }
  if (!self->discarding)
    g_string_append_len (self->pending_text, data + start, size - start);
  if (self->pending_text->len > CHESS_ENGINE_LINE_MAX)
    {
      /* An endless line is garbage: drop it up to its newline. */
      g_string_truncate (self->pending_text, 0);
      self->discarding = TRUE;
    }
  read_more (self);
}

static void
read_more (ChessEngineClient *self)
{
  self->io_pending++;
  g_input_stream_read_bytes_async (self->stdout_pipe, 16384, G_PRIORITY_DEFAULT,
                                   self->io_cancellable, read_cb, g_object_ref (self));
}

static void
wait_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ChessEngineClient) self = user_data;
  GSubprocess *process = G_SUBPROCESS (source);
  g_autoptr (GError) wait_error = NULL;
  GError *error;

  self->io_pending--;
  if (!g_subprocess_wait_finish (process, result, &wait_error) || self->state == STATE_DEAD)
    {
      /* Cancelled (we killed it ourselves) or already reported. */
      maybe_finish_quit (self);
      return;
    }
  if (self->state == STATE_QUITTING)
    {
      self->state = STATE_DEAD;
      g_cancellable_cancel (self->io_cancellable);
      maybe_finish_quit (self);
      return;
    }
  if (g_subprocess_get_if_signaled (process))
    error = g_error_new (CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_CRASHED,
                         /* Translators: the engine's name and the signal's name. */
                         _("The engine “%s” crashed (%s)."),
                         display_name (self), g_strsignal (g_subprocess_get_term_sig (process)));
  else
    error = g_error_new (CHESS_ENGINE_ERROR,
                         self->state == STATE_STARTING ? CHESS_ENGINE_ERROR_HANDSHAKE
                                                       : CHESS_ENGINE_ERROR_CRASHED,
                         /* Translators: the engine's name and its exit status. */
                         _("The engine “%s” stopped unexpectedly (exit status %d)."),
                         display_name (self), g_subprocess_get_exit_status (process));
  die (self, error);
}

/* ---- deadlines ---------------------------------------------------------- */

static gboolean
timeout_cb (gpointer user_data)
{
  ChessEngineClient *self = user_data;

  self->timeout_id = 0;
  if (self->state == STATE_STARTING)
    die (self, g_error_new (CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_HANDSHAKE,
                            /* Translators: the engine's name and the protocol (UCI or xboard). */
                            _("The program “%s” did not answer as a %s chess engine."),
                            display_name (self),
                            self->protocol == CHESS_ENGINE_PROTOCOL_UCI ? "UCI" : "xboard"));
  else if (self->state == STATE_QUITTING)
    {
      /* It did not exit by itself in time. */
      self->state = STATE_DEAD;
      g_subprocess_force_exit (self->process);
      g_cancellable_cancel (self->io_cancellable);
      maybe_finish_quit (self);
    }
  else
    die (self, g_error_new (CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_TIMEOUT,
                            /* Translators: the engine's name. */
                            _("The engine “%s” did not answer in time and was stopped."),
                            display_name (self)));
  return G_SOURCE_REMOVE;
}

static gboolean
feature_timeout_cb (gpointer user_data)
{
  ChessEngineClient *self = user_data;

  /* No done=1 in time: a protocol 1 engine, or one that never says done. */
  self->feature_timeout_id = 0;
  if (self->state == STATE_STARTING)
    finish_start (self);
  return G_SOURCE_REMOVE;
}

static gboolean
cancel_idle_cb (gpointer user_data)
{
  ChessEngineClient *self = user_data;
  GCancellable *cancellable = self->task ? g_task_get_cancellable (self->task) : NULL;

  /* The task returns G_IO_ERROR_CANCELLED by itself once it ends (GTask
   * checks its cancellable); here the engine is only told to end it soon. */
  if (cancellable == NULL || !g_cancellable_is_cancelled (cancellable))
    return G_SOURCE_REMOVE;
  if (self->state == STATE_STARTING)
    die (self, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The engine was closed.")));
  else if (self->state == STATE_THINKING || self->state == STATE_SYNCING)
    chess_engine_client_stop (self);
  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable, gpointer user_data)
{
  ChessEngineClient *self = user_data;

  /* May run in another thread: act in the client's own context. */
  g_main_context_invoke_full (self->context, G_PRIORITY_HIGH, cancel_idle_cb,
                              g_object_ref (self), g_object_unref);
}

static gboolean
begin_call (ChessEngineClient *self, GTask *task, guint timeout_ms)
{
  if (self->task)
    {
      g_task_return_new_error (task, CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_BUSY,
                               _("The engine “%s” is busy."), display_name (self));
      return FALSE;
    }
  if (g_task_return_error_if_cancelled (task))
    return FALSE;
  self->task = g_object_ref (task);
  if (timeout_ms)
    self->timeout_id = add_timeout (self, timeout_ms, timeout_cb);
  if (g_task_get_cancellable (task))
    self->cancel_id = g_cancellable_connect (g_task_get_cancellable (task),
                                             G_CALLBACK (cancelled_cb), self, NULL);
  return TRUE;
}

static gboolean
check_ready (ChessEngineClient *self, GError **error)
{
  if (self->state == STATE_READY)
    return TRUE;
  g_set_error (error, CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_BUSY,
               self->state == STATE_DEAD ? _("The engine “%s” is not running.")
                                         : _("The engine “%s” is busy."),
               display_name (self));
  return FALSE;
}

/* ---- start -------------------------------------------------------------- */

void
chess_engine_client_start_async (ChessEngineClient   *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;

  g_return_if_fail (CHESS_IS_ENGINE_CLIENT (self));
  g_task_set_source_tag (task, chess_engine_client_start_async);

  if (self->state != STATE_NEW)
    {
      g_task_return_new_error (task, CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_BUSY,
                               _("The engine “%s” was already started."), display_name (self));
      return;
    }
  if (!begin_call (self, task, self->start_timeout_ms))
    return;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  if (self->working_directory)
    g_subprocess_launcher_set_cwd (launcher, self->working_directory);
  self->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) self->argv, &error);
  if (self->process == NULL)
    {
      self->state = STATE_DEAD;
      fail_call (self, g_error_new (CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_START,
                                    /* Translators: the program and the system's reason. */
                                    _("Could not run the engine “%s”: %s"),
                                    self->argv[0], error->message));
      return;
    }
  self->stdin_pipe = g_object_ref (g_subprocess_get_stdin_pipe (self->process));
  self->stdout_pipe = g_object_ref (g_subprocess_get_stdout_pipe (self->process));
  self->state = STATE_STARTING;
  self->io_pending++;
  g_subprocess_wait_async (self->process, self->io_cancellable, wait_cb, g_object_ref (self));
  read_more (self);

  if (self->protocol == CHESS_ENGINE_PROTOCOL_UCI)
    send_line (self, "uci");
  else
    {
      send_line (self, "xboard");
      send_line (self, "protover 2");
      self->feature_timeout_id = add_timeout (self, self->feature_timeout_ms, feature_timeout_cb);
    }
}

gboolean
chess_engine_client_start_finish (ChessEngineClient  *self,
                                  GAsyncResult       *result,
                                  GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---- sync wrappers ------------------------------------------------------ */

static void
store_result_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static GAsyncResult *
wait_for (GAsyncResult **slot)
{
  GMainContext *context = g_main_context_get_thread_default ();

  while (*slot == NULL)
    g_main_context_iteration (context, TRUE);
  return *slot;
}

gboolean
chess_engine_client_start_sync (ChessEngineClient  *self,
                                GCancellable       *cancellable,
                                GError            **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  chess_engine_client_start_async (self, cancellable, store_result_cb, &result);
  return chess_engine_client_start_finish (self, wait_for (&result), error);
}

/* ---- options and games -------------------------------------------------- */

static const ChessEngineOption *
find_option (ChessEngineClient *self, const char *name)
{
  for (guint i = 0; i < self->options->len; i++)
    {
      const ChessEngineOption *option = g_ptr_array_index (self->options, i);

      if (g_ascii_strcasecmp (option->name, name) == 0)
        return option;
    }
  return NULL;
}

static gboolean
value_fits (const ChessEngineOption *option, const char *value)
{
  gint64 number;
  char *end;

  switch (option->type)
    {
    case CHESS_ENGINE_OPTION_BUTTON:
      return value == NULL;
    case CHESS_ENGINE_OPTION_CHECK:
      return value && (strcmp (value, "true") == 0 || strcmp (value, "false") == 0);
    case CHESS_ENGINE_OPTION_SPIN:
      if (value == NULL)
        return FALSE;
      number = g_ascii_strtoll (value, &end, 10);
      return *value && *end == '\0' && number >= option->min && number <= option->max;
    case CHESS_ENGINE_OPTION_COMBO:
      for (guint i = 0; value && option->choices[i]; i++)
        if (g_ascii_strcasecmp (option->choices[i], value) == 0)
          return TRUE;
      return FALSE;
    case CHESS_ENGINE_OPTION_STRING:
    case CHESS_ENGINE_OPTION_FILE:
      return value != NULL && strchr (value, '\n') == NULL;
    }
  return FALSE;
}

gboolean
chess_engine_client_set_option (ChessEngineClient  *self,
                                const char         *name,
                                const char         *value,
                                GError            **error)
{
  const ChessEngineOption *option;

  g_return_val_if_fail (CHESS_IS_ENGINE_CLIENT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!check_ready (self, error))
    return FALSE;
  option = find_option (self, name);
  if (option == NULL)
    {
      g_set_error (error, CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_UNSUPPORTED,
                   /* Translators: the engine's name and an option name. */
                   _("The engine “%s” has no option “%s”."), display_name (self), name);
      return FALSE;
    }
  if (!value_fits (option, value))
    {
      g_set_error (error, CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_UNSUPPORTED,
                   /* Translators: a value, an option name and the engine's name. */
                   _("“%s” is not a valid value for the option “%s” of the engine “%s”."),
                   value ? value : "", option->name, display_name (self));
      return FALSE;
    }

  if (self->protocol == CHESS_ENGINE_PROTOCOL_UCI)
    {
      if (value)
        send_line (self, "setoption name %s value %s", option->name, value);
      else
        send_line (self, "setoption name %s", option->name);
    }
  else if (value == NULL)
    send_line (self, "option %s", option->name);
  else if (option->type == CHESS_ENGINE_OPTION_CHECK)
    send_line (self, "option %s=%d", option->name, strcmp (value, "true") == 0);
  else
    send_line (self, "option %s=%s", option->name, value);
  return TRUE;
}

gboolean
chess_engine_client_new_game (ChessEngineClient  *self,
                              GError            **error)
{
  g_return_val_if_fail (CHESS_IS_ENGINE_CLIENT (self), FALSE);

  if (!check_ready (self, error))
    return FALSE;
  if (self->protocol == CHESS_ENGINE_PROTOCOL_UCI)
    send_line (self, "ucinewgame");
  else
    {
      ChessBoard start;

      /* In force mode the engine only records moves until told to go. */
      send_line (self, "new");
      send_line (self, "force");
      send_line (self, "post");
      send_line (self, "easy");
      chess_board_set_start (&start);
      chess_line_clear (&self->synced);
      chess_line_init (&self->synced, &start);
      self->synced_valid = TRUE;
      g_clear_pointer (&self->level_sent, g_free);
    }
  return TRUE;
}

/* ---- go ----------------------------------------------------------------- */

static char *
uci_position_command (const ChessLine *line)
{
  GString *s = g_string_new (NULL);
  ChessBoard start, board = line->start;
  char fen[CHESS_FEN_MAX];
  size_t first = 0;

  /* Engines differ on null moves ("0000"): the position after the last
   * one is sent instead, with the moves from there. */
  for (size_t i = line->n_moves; i-- > 0;)
    if (chess_move_is_null (line->moves[i]))
      {
        first = i + 1;
        chess_line_board_at (line, first, &board);
        break;
      }

  chess_board_set_start (&start);
  if (start.key == board.key && strcmp (chess_board_to_fen (&board, fen), CHESS_START_FEN) == 0)
    g_string_append (s, "position startpos");
  else
    g_string_append_printf (s, "position fen %s", chess_board_to_fen (&board, fen));
  if (line->n_moves > first)
    g_string_append (s, " moves");
  for (size_t i = first; i < line->n_moves; i++)
    {
      char text[CHESS_MOVE_TEXT_MAX];
      ChessUndo undo;

      g_string_append_printf (s, " %s", chess_move_format (&board, line->moves[i], CHESS_NOTATION_UCI, text));
      chess_board_make (&board, line->moves[i], &undo);
    }
  return g_string_free (s, FALSE);
}

static char *
uci_go_command (const ChessEngineLimits *limits)
{
  GString *s = g_string_new ("go");

  if (limits->infinite)
    g_string_append (s, " infinite");
  if (limits->white_ms >= 0)
    g_string_append_printf (s, " wtime %" G_GINT64_FORMAT, limits->white_ms);
  if (limits->black_ms >= 0)
    g_string_append_printf (s, " btime %" G_GINT64_FORMAT, limits->black_ms);
  if (limits->white_ms >= 0 && limits->white_inc_ms > 0)
    g_string_append_printf (s, " winc %" G_GINT64_FORMAT, limits->white_inc_ms);
  if (limits->black_ms >= 0 && limits->black_inc_ms > 0)
    g_string_append_printf (s, " binc %" G_GINT64_FORMAT, limits->black_inc_ms);
  if (limits->moves_to_go > 0)
    g_string_append_printf (s, " movestogo %d", limits->moves_to_go);
  if (limits->movetime_ms > 0)
    g_string_append_printf (s, " movetime %" G_GINT64_FORMAT, limits->movetime_ms);
  if (limits->depth > 0)
    g_string_append_printf (s, " depth %d", limits->depth);
  if (limits->nodes > 0)
    g_string_append_printf (s, " nodes %" G_GUINT64_FORMAT, limits->nodes);
  return g_string_free (s, FALSE);
}

static gboolean
line_extends (const ChessLine *longer, const ChessLine *prefix)
{
  if (longer->start.key != prefix->start.key || prefix->n_moves > longer->n_moves)
    return FALSE;
  return prefix->n_moves == 0
         || memcmp (longer->moves, prefix->moves, prefix->n_moves * sizeof (ChessMove)) == 0;
}

static void
xboard_send_move (ChessEngineClient *self, const ChessBoard *board, ChessMove move)
{
  char text[CHESS_MOVE_TEXT_MAX];
  const char *san = g_hash_table_lookup (self->features, "san");
  const char *usermove = g_hash_table_lookup (self->features, "usermove");

  chess_move_format (board, move,
                     san && strcmp (san, "1") == 0 ? CHESS_NOTATION_SAN : CHESS_NOTATION_UCI, text);
  if (usermove && strcmp (usermove, "1") == 0)
    send_line (self, "usermove %s", text);
  else
    send_line (self, "%s", text);
}

/* Brings the engine's board to `line` (in force mode). */
static gboolean
xboard_sync_position (ChessEngineClient *self, const ChessLine *line, GError **error)
{
  ChessBoard board;
  size_t from;

  send_line (self, "force");
  if (!self->synced_valid || !line_extends (line, &self->synced))
    {
      ChessBoard start;
      char fen[CHESS_FEN_MAX];
      const char *setboard = g_hash_table_lookup (self->features, "setboard");

      chess_board_set_start (&start);
      send_line (self, "new");
      send_line (self, "force");
      send_line (self, "post");
      send_line (self, "easy");
      g_clear_pointer (&self->level_sent, g_free);
      if (start.key != line->start.key)
        {
          if (setboard == NULL || strcmp (setboard, "1") != 0)
            {
              g_set_error (error, CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_UNSUPPORTED,
                           /* Translators: the engine's name. */
                           _("The engine “%s” cannot start from a set-up position."),
                           display_name (self));
              return FALSE;
            }
          send_line (self, "setboard %s", chess_board_to_fen (&line->start, fen));
        }
      chess_line_clear (&self->synced);
      chess_line_init (&self->synced, &line->start);
      self->synced_valid = TRUE;
    }

  from = self->synced.n_moves;
  chess_line_board_at (line, from, &board);
  for (size_t i = from; i < line->n_moves; i++)
    {
      ChessUndo undo;

      xboard_send_move (self, &board, line->moves[i]);
      chess_board_make (&board, line->moves[i], &undo);
      chess_line_push (&self->synced, line->moves[i]);
    }
  return TRUE;
}

static void
xboard_send_clocks (ChessEngineClient *self, const ChessLine *line, const ChessEngineLimits *limits)
{
  ChessColor us = line->current.side;
  gint64 own = us == CHESS_COLOR_WHITE ? limits->white_ms : limits->black_ms;
  gint64 other = us == CHESS_COLOR_WHITE ? limits->black_ms : limits->white_ms;
  gint64 inc = us == CHESS_COLOR_WHITE ? limits->white_inc_ms : limits->black_inc_ms;
  gint64 base = limits->base_ms > 0 ? limits->base_ms : own;
  g_autofree char *level = NULL;
  char inc_text[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (inc_text, sizeof inc_text, "%g", inc / 1000.0);
  /* Base as minutes:seconds, rounded up to a whole second. */
  level = g_strdup_printf ("level %d %" G_GINT64_FORMAT ":%02" G_GINT64_FORMAT " %s",
                           limits->moves_to_go > 0 ? limits->moves_to_go : 0,
                           (base + 999) / 1000 / 60, (base + 999) / 1000 % 60, inc_text);
  if (g_strcmp0 (level, self->level_sent) != 0)
    {
      send_line (self, "%s", level);
      g_free (self->level_sent);
      self->level_sent = g_steal_pointer (&level);
    }
  send_line (self, "time %" G_GINT64_FORMAT, MAX (own, 0) / 10);
  if (other >= 0)
    send_line (self, "otim %" G_GINT64_FORMAT, MAX (other, 0) / 10);
}

void
chess_engine_client_go_async (ChessEngineClient       *self,
                              const ChessLine         *line,
                              const ChessEngineLimits *limits,
                              GCancellable            *cancellable,
                              GAsyncReadyCallback      callback,
                              gpointer                 user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (GError) error = NULL;
  ChessMoveList legal;

  g_return_if_fail (CHESS_IS_ENGINE_CLIENT (self));
  g_return_if_fail (line != NULL && limits != NULL);
  g_task_set_source_tag (task, chess_engine_client_go_async);

  if (!check_ready (self, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (chess_board_generate_legal (&line->current, &legal) == 0 && !limits->infinite)
    {
      g_task_return_new_error (task, CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_UNSUPPORTED,
                               _("The game is over: there is no move to search for."));
      return;
    }
  if (self->protocol == CHESS_ENGINE_PROTOCOL_XBOARD && limits->nodes > 0)
    {
      g_task_return_new_error (task, CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_UNSUPPORTED,
                               /* Translators: the engine's name. */
                               _("The engine “%s” cannot search a fixed number of nodes."),
                               display_name (self));
      return;
    }
  /* A UCI engine first answers isready, within the start timeout; the
   * search's own deadline starts with "go". */
  if (!begin_call (self, task, self->protocol == CHESS_ENGINE_PROTOCOL_UCI
                                 ? self->start_timeout_ms
                                 : (guint) CLAMP (limits->timeout_ms, 0, G_MAXUINT)))
    return;
  self->go_timeout_ms = limits->timeout_ms;

  self->search_board = line->current;
  g_clear_pointer (&self->last_info, chess_engine_info_free);
  self->draw_offered = FALSE;
  self->stop_requested = FALSE;
  self->analysing = limits->infinite && self->protocol == CHESS_ENGINE_PROTOCOL_XBOARD;
  self->search_started_us = g_get_monotonic_time ();

  if (self->protocol == CHESS_ENGINE_PROTOCOL_UCI)
    {
      g_autofree char *position = uci_position_command (line);

      send_line (self, "%s", position);
      g_free (self->go_command);
      self->go_command = uci_go_command (limits);
      /* isready first, so the deadline does not count the engine's setup. */
      self->state = STATE_SYNCING;
      send_line (self, "isready");
      return;
    }

  if (!xboard_sync_position (self, line, &error))
    {
      fail_call (self, g_steal_pointer (&error));
      return;
    }
  self->state = STATE_THINKING;
  if (self->analysing)
    {
      send_line (self, "post");
      send_line (self, "analyze");
      return;
    }
  if (limits->movetime_ms > 0)
    send_line (self, "st %" G_GINT64_FORMAT, MAX ((limits->movetime_ms + 999) / 1000, 1));
  if (limits->depth > 0)
    send_line (self, "sd %d", limits->depth);
  if (limits->white_ms >= 0 || limits->black_ms >= 0)
    xboard_send_clocks (self, line, limits);
  if (xboard_feature_on (self, "ping"))
    {
      self->awaited_pong = ++self->pings_sent;
      send_line (self, "ping %u", self->awaited_pong);
    }
  self->search_started_us = g_get_monotonic_time ();
  send_line (self, "go");
}

ChessEngineReply *
chess_engine_client_go_finish (ChessEngineClient  *self,
                               GAsyncResult       *result,
                               GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

ChessEngineReply *
chess_engine_client_go_sync (ChessEngineClient        *self,
                             const ChessLine          *line,
                             const ChessEngineLimits  *limits,
                             GCancellable             *cancellable,
                             GError                  **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  chess_engine_client_go_async (self, line, limits, cancellable, store_result_cb, &result);
  return chess_engine_client_go_finish (self, wait_for (&result), error);
}

void
chess_engine_client_stop (ChessEngineClient *self)
{
  g_return_if_fail (CHESS_IS_ENGINE_CLIENT (self));

  if (self->state == STATE_SYNCING)
    {
      /* Not searching yet: start and stop at once. */
      g_free (self->go_command);
      self->go_command = g_strdup ("go depth 1");
      self->stop_requested = TRUE;
      return;
    }
  if (self->state != STATE_THINKING || self->stop_requested)
    return;
  self->stop_requested = TRUE;
  if (self->protocol == CHESS_ENGINE_PROTOCOL_UCI)
    send_line (self, "stop");
  else if (self->analysing)
    {
      /* Analysis gives no move: the answer is the best line's first move. */
      const char *text = self->last_info && self->last_info->pv ? self->last_info->pv[0] : NULL;

      send_line (self, "exit");
      self->synced_valid = FALSE;
      self->analysing = FALSE;
      if (text && parse_engine_move (self, &self->search_board, text) != CHESS_MOVE_NONE)
        {
          g_autofree char *copy = g_strdup (text);

          reply_with_move (self, copy, NULL);
        }
      else
        reply_without_move (self, CHESS_ENGINE_REPLY_NO_MOVE, NULL);
    }
  else
    send_line (self, "?");
}

/* ---- quit --------------------------------------------------------------- */

void
chess_engine_client_quit_async (ChessEngineClient   *self,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (self, NULL, callback, user_data);

  g_return_if_fail (CHESS_IS_ENGINE_CLIENT (self));
  g_task_set_source_tag (task, chess_engine_client_quit_async);

  if (self->state == STATE_NEW || self->quit_task)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  /* A pending call ends here: the engine is going away. */
  if (self->task)
    fail_call (self, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The engine was closed.")));
  self->quit_task = g_object_ref (task);
  if (self->state == STATE_DEAD)
    {
      maybe_finish_quit (self);
      return;
    }
  self->state = STATE_QUITTING;
  if (self->protocol == CHESS_ENGINE_PROTOCOL_UCI)
    send_line (self, "stop");
  send_line (self, "quit");
  g_output_stream_close (self->stdin_pipe, NULL, NULL);
  self->timeout_id = add_timeout (self, 1000, timeout_cb);
}

void
chess_engine_client_quit_finish (ChessEngineClient *self,
                                 GAsyncResult      *result)
{
  g_return_if_fail (g_task_is_valid (result, self));
  g_task_propagate_boolean (G_TASK (result), NULL);
}

void
chess_engine_client_quit_sync (ChessEngineClient *self)
{
  g_autoptr (GAsyncResult) result = NULL;

  chess_engine_client_quit_async (self, store_result_cb, &result);
  chess_engine_client_quit_finish (self, wait_for (&result));
}

/* ---- GObject ------------------------------------------------------------ */

ChessEngineClient *
chess_engine_client_new (const char *const   *argv,
                         ChessEngineProtocol  protocol)
{
  ChessEngineClient *self;

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  self = g_object_new (CHESS_TYPE_ENGINE_CLIENT, NULL);
  self->argv = g_strdupv ((GStrv) argv);
  self->protocol = protocol;
  return self;
}

void
chess_engine_client_set_working_directory (ChessEngineClient *self,
                                           const char        *path)
{
  g_return_if_fail (CHESS_IS_ENGINE_CLIENT (self));
  g_return_if_fail (self->state == STATE_NEW);
  g_free (self->working_directory);
  self->working_directory = g_strdup (path);
}

void
chess_engine_client_set_start_timeout (ChessEngineClient *self,
                                       guint              ms)
{
  g_return_if_fail (CHESS_IS_ENGINE_CLIENT (self));
  self->start_timeout_ms = ms;
}

void
chess_engine_client_set_feature_timeout (ChessEngineClient *self,
                                         guint              ms)
{
  g_return_if_fail (CHESS_IS_ENGINE_CLIENT (self));
  self->feature_timeout_ms = ms;
}

ChessEngineProtocol
chess_engine_client_get_protocol (ChessEngineClient *self)
{
  g_return_val_if_fail (CHESS_IS_ENGINE_CLIENT (self), CHESS_ENGINE_PROTOCOL_UCI);
  return self->protocol;
}

const char *
chess_engine_client_get_name (ChessEngineClient *self)
{
  g_return_val_if_fail (CHESS_IS_ENGINE_CLIENT (self), NULL);
  return display_name (self);
}

const char *
chess_engine_client_get_author (ChessEngineClient *self)
{
  g_return_val_if_fail (CHESS_IS_ENGINE_CLIENT (self), NULL);
  return self->author;
}

GPtrArray *
chess_engine_client_get_options (ChessEngineClient *self)
{
  g_return_val_if_fail (CHESS_IS_ENGINE_CLIENT (self), NULL);
  return self->options;
}

const char *
chess_engine_client_get_feature (ChessEngineClient *self,
                                 const char        *name)
{
  g_return_val_if_fail (CHESS_IS_ENGINE_CLIENT (self), NULL);
  return g_hash_table_lookup (self->features, name);
}

gboolean
chess_engine_client_is_running (ChessEngineClient *self)
{
  g_return_val_if_fail (CHESS_IS_ENGINE_CLIENT (self), FALSE);
  return self->state != STATE_NEW && self->state != STATE_DEAD;
}

static void
chess_engine_client_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  ChessEngineClient *self = CHESS_ENGINE_CLIENT (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, display_name (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_engine_client_dispose (GObject *object)
{
  ChessEngineClient *self = CHESS_ENGINE_CLIENT (object);

  /* Reads and the exit wait hold references, so we only get here once they
   * are over or the engine was never started; kill whatever still runs. */
  clear_call (self);
  if (self->process && self->state != STATE_DEAD)
    {
      send_line (self, "quit");
      g_subprocess_force_exit (self->process);
    }
  self->state = STATE_DEAD;
  g_cancellable_cancel (self->io_cancellable);
  g_clear_object (&self->task);
  g_clear_object (&self->quit_task);
  g_clear_object (&self->stdin_pipe);
  g_clear_object (&self->stdout_pipe);
  g_clear_object (&self->process);
  G_OBJECT_CLASS (chess_engine_client_parent_class)->dispose (object);
}

static void
chess_engine_client_finalize (GObject *object)
{
  ChessEngineClient *self = CHESS_ENGINE_CLIENT (object);

  g_strfreev (self->argv);
  g_free (self->working_directory);
  g_free (self->name);
  g_free (self->author);
  g_ptr_array_unref (self->options);
  g_hash_table_unref (self->features);
  g_object_unref (self->io_cancellable);
  g_string_free (self->pending_text, TRUE);
  chess_engine_info_free (self->last_info);
  g_free (self->go_command);
  g_free (self->level_sent);
  chess_line_clear (&self->synced);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (chess_engine_client_parent_class)->finalize (object);
}

static void
chess_engine_client_class_init (ChessEngineClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = chess_engine_client_get_property;
  object_class->dispose = chess_engine_client_dispose;
  object_class->finalize = chess_engine_client_finalize;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* ::info (ChessEngineInfo *info): search progress while thinking. */
  signals[SIGNAL_INFO] =
    g_signal_new ("info", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CHESS_TYPE_ENGINE_INFO | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* ::line-sent / ::line-received (const char *line): the raw dialogue,
   * for logs. */
  signals[SIGNAL_LINE_SENT] =
    g_signal_new ("line-sent", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SIGNAL_LINE_RECEIVED] =
    g_signal_new ("line-received", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* ::terminated (GError *error): the engine crashed, hung or misbehaved
   * and is gone. */
  signals[SIGNAL_TERMINATED] =
    g_signal_new ("terminated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR);

  /* Writing to an engine that just died must not kill us with SIGPIPE. */
  signal (SIGPIPE, SIG_IGN);
}

static void
chess_engine_client_init (ChessEngineClient *self)
{
  ChessBoard start;

  self->start_timeout_ms = 10000;
  self->feature_timeout_ms = 2000;
  self->options = g_ptr_array_new_with_free_func ((GDestroyNotify) chess_engine_option_free);
  self->features = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->io_cancellable = g_cancellable_new ();
  self->pending_text = g_string_new (NULL);
  self->context = g_main_context_ref_thread_default ();
  chess_init ();
  chess_board_set_start (&start);
  chess_line_init (&self->synced, &start);
}
