/* chess-player-external.c — an external UCI or xboard engine as a
 * player, over ChessExternalClient. What this adds to the client: options
 * from the registry, the pace of untimed games, a deadline when the
 * caller gave none, "died" when the program goes away while idle, and
 * error messages that name the engine the way the user knows it. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-player-private.h"

#define CHESS_TYPE_PLAYER_EXTERNAL (chess_player_external_get_type ())
G_DECLARE_FINAL_TYPE (ChessPlayerExternal, chess_player_external,
                      CHESS, PLAYER_EXTERNAL, ChessPlayer)

struct _ChessPlayerExternal
{
  ChessPlayer   parent_instance;

  /* Settings */
  GStrv               argv;
  ChessExternalProtocol protocol;
  GHashTable         *options;           /* char * → char *, or NULL        */
  gboolean            name_given;

  /* Owned */
  ChessExternalClient  *client;
  ChessInfoThrottle  *throttle;
  char               *last_line;         /* the engine's last output line   */
  int                 multipv_sent;      /* 0: never set                     */
  gboolean            new_game_pending;  /* asked during a think             */
  gboolean            started;
  gboolean            busy;              /* start or think pending          */
  gboolean            dead;
};

G_DEFINE_FINAL_TYPE (ChessPlayerExternal, chess_player_external, CHESS_TYPE_PLAYER)

/* ---- errors ------------------------------------------------------------- */

/* The move the engine wrote in its last line ("bestmove zz99", "move e7e5"). */
static char *
offending_move (ChessPlayerExternal *self)
{
  ChessExternalLine line;
  char *move = NULL;

  if (self->last_line == NULL)
    return g_strdup ("?");
  chess_external_parse_line (self->protocol, self->last_line, strlen (self->last_line), &line);
  if (line.move)
    move = g_strdup (line.move);
  chess_external_line_clear (&line);
  return move ? move : g_strdup ("?");
}

/* The client's error in the words a player understands. Errors that end
 * the engine leave the player dead. */
static GError *
translate_error (ChessPlayerExternal *self, const GError *error)
{
  const char *name = chess_player_get_name (CHESS_PLAYER (self));

  if (error->domain != CHESS_PLAYER_ERROR)
    return g_error_copy (error);
  switch ((ChessPlayerError) error->code)
    {
    case CHESS_PLAYER_ERROR_TIMEOUT:
      self->dead = TRUE;
      return g_error_new (CHESS_PLAYER_ERROR, error->code,
                          /* Translators: the engine's name, "Stockfish". */
                          _("%s stopped responding."), name);
    case CHESS_PLAYER_ERROR_CRASHED:
      self->dead = TRUE;
      return g_error_new (CHESS_PLAYER_ERROR, error->code,
                          /* Translators: the engine's name. */
                          _("%s crashed."), name);
    case CHESS_PLAYER_ERROR_ILLEGAL_MOVE:
      {
        g_autofree char *move = offending_move (self);

        self->dead = TRUE;
        return g_error_new (CHESS_PLAYER_ERROR, error->code,
                            /* Translators: the engine's name and the move as it wrote it. */
                            _("%s played an illegal move: %s."), name, move);
      }
    case CHESS_PLAYER_ERROR_REFUSED:
      self->dead = TRUE;
      return g_error_new (CHESS_PLAYER_ERROR, error->code,
                          /* Translators: the engine's name. */
                          _("%s refused a legal move and was stopped."), name);
    case CHESS_PLAYER_ERROR_START:
    case CHESS_PLAYER_ERROR_HANDSHAKE:
      self->dead = TRUE;
      return g_error_copy (error);
    case CHESS_PLAYER_ERROR_UNSUPPORTED:
    case CHESS_PLAYER_ERROR_BUSY:
    default:
      return g_error_copy (error);
    }
}

/* ---- the client's signals ------------------------------------------------ */

static void
client_info_cb (ChessExternalClient         *client,
                ChessPlayerInfo           *info,
                ChessPlayerExternal *self)
{
  /* Lines with neither a score nor a best line say nothing to show. */
  if (info->has & (CHESS_PLAYER_INFO_HAS_SCORE | CHESS_PLAYER_INFO_HAS_PV))
    chess_info_throttle_push (self->throttle, info);
}

static void
client_line_received_cb (ChessExternalClient         *client,
                         const char                *line,
                         ChessPlayerExternal *self)
{
  g_free (self->last_line);
  self->last_line = g_strdup (line);
}

static void
client_terminated_cb (ChessExternalClient         *client,
                      const GError              *error,
                      ChessPlayerExternal *self)
{
  g_autoptr (GError) translated = NULL;

  /* A pending call reports it itself; cancelling a start is no death. */
  if (self->busy || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      self->dead = TRUE;
      return;
    }
  translated = translate_error (self, error);
  self->dead = TRUE;
  chess_player_emit_died (CHESS_PLAYER (self), translated);
}

/* ---- start -------------------------------------------------------------- */

static void
apply_options (ChessPlayerExternal *self)
{
  GHashTableIter iter;
  gpointer name, value;

  if (self->options == NULL)
    return;
  g_hash_table_iter_init (&iter, self->options);
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      g_autoptr (GError) error = NULL;

      if (!chess_external_client_set_option (self->client, name, value, &error))
        g_warning ("%s: option ignored: %s", chess_player_get_name (CHESS_PLAYER (self)),
                   error->message);
    }
}

static void
start_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  ChessPlayerExternal *self = g_task_get_source_object (task);
  g_autoptr (GError) error = NULL;

  self->busy = FALSE;
  if (!chess_external_client_start_finish (CHESS_EXTERNAL_CLIENT (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        self->dead = TRUE;
      g_task_return_error (task, translate_error (self, error));
      return;
    }
  if (self->client == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The engine was closed."));
      return;
    }
  if (!self->name_given)
    chess_player_set_name (CHESS_PLAYER (self), chess_external_client_get_name (self->client));
  chess_player_set_engine_name (CHESS_PLAYER (self), chess_external_client_get_name (self->client));
  apply_options (self);
  self->started = TRUE;
  g_task_return_boolean (task, TRUE);
}

static void
external_start_async (ChessPlayer   *player,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  ChessPlayerExternal *self = CHESS_PLAYER_EXTERNAL (player);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, external_start_async);
  if (self->started || self->busy || self->client == NULL)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                               /* Translators: the engine's name. */
                               _("%s was already started."), chess_player_get_name (player));
      return;
    }
  self->busy = TRUE;
  chess_external_client_start_async (self->client, cancellable, start_cb, g_steal_pointer (&task));
}

static gboolean
external_start_finish (ChessPlayer  *player,
                       GAsyncResult       *result,
                       GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, player), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static gboolean
external_new_game (ChessPlayer  *player,
                   GError            **error)
{
  ChessPlayerExternal *self = CHESS_PLAYER_EXTERNAL (player);
  g_autoptr (GError) client_error = NULL;

  /* The engine is busy until it answers: tell it then. */
  if (self->busy && self->started && !self->dead)
    {
      self->new_game_pending = TRUE;
      return TRUE;
    }
  if (self->client == NULL || !chess_external_client_new_game (self->client, &client_error))
    {
      if (client_error)
        g_propagate_error (error, translate_error (self, client_error));
      else
        g_set_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                     _("%s is not running."), chess_player_get_name (player));
      return FALSE;
    }
  return TRUE;
}

/* ---- think -------------------------------------------------------------- */

static void
go_cb (GObject      *source,
       GAsyncResult *result,
       gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  ChessPlayerExternal *self = g_task_get_source_object (task);
  g_autoptr (GError) error = NULL;
  ChessPlayerReply *reply;

  self->busy = FALSE;
  reply = chess_external_client_go_finish (CHESS_EXTERNAL_CLIENT (source), result, &error);
  if (self->throttle)
    chess_info_throttle_flush (self->throttle);
  if (self->new_game_pending && self->client && chess_external_client_is_running (self->client))
    chess_external_client_new_game (self->client, NULL);
  self->new_game_pending = FALSE;
  if (reply == NULL)
    {
      g_task_return_error (task, translate_error (self, error));
      return;
    }
  g_task_return_pointer (task, reply, (GDestroyNotify) chess_player_reply_free);
}

/* Limits with the pace of untimed games and a deadline filled in. */
static void
effective_limits (const ChessLine         *line,
                  const ChessPlayerLimits *limits,
                  ChessPlayerLimits       *out)
{
  *out = *limits;
  if (chess_player_limits_are_open (limits))
    out->movetime_ms = chess_player_pace_ms (-1);
  if (out->timeout_ms == 0 && !out->infinite && out->depth <= 0 && out->nodes == 0)
    {
      gint64 own = line->current.side == CHESS_COLOR_WHITE ? out->white_ms : out->black_ms;
      gint64 inc = line->current.side == CHESS_COLOR_WHITE ? out->white_inc_ms : out->black_inc_ms;

      if (out->movetime_ms > 0)
        out->timeout_ms = out->movetime_ms + CHESS_PLAYER_GRACE_MS;
      else if (own >= 0)
        out->timeout_ms = own + MAX (inc, 0) + CHESS_PLAYER_GRACE_MS;
    }
}

static void
external_think_async (ChessPlayer       *player,
                      const ChessLine         *line,
                      const ChessPlayerLimits *limits,
                      int                      multipv,
                      GCancellable            *cancellable,
                      GAsyncReadyCallback      callback,
                      gpointer                 user_data)
{
  ChessPlayerExternal *self = CHESS_PLAYER_EXTERNAL (player);
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  ChessPlayerLimits effective;

  g_task_set_source_tag (task, external_think_async);
  if (self->client == NULL || !self->started || self->dead)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                               _("%s is not running."), chess_player_get_name (player));
      return;
    }
  if (self->busy)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                               _("%s is already thinking."), chess_player_get_name (player));
      return;
    }
  /* MultiPV is a UCI option; engines without it give one line. */
  if (multipv != MAX (self->multipv_sent, 1))
    {
      g_autofree char *value = g_strdup_printf ("%d", multipv);

      if (chess_external_client_set_option (self->client, "MultiPV", value, NULL))
        self->multipv_sent = multipv;
    }
  effective_limits (line, limits, &effective);
  chess_info_throttle_reset (self->throttle);
  self->busy = TRUE;
  chess_external_client_go_async (self->client, line, &effective, cancellable, go_cb,
                                  g_steal_pointer (&task));
}

static ChessPlayerReply *
external_think_finish (ChessPlayer  *player,
                       GAsyncResult       *result,
                       GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, player), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
external_stop (ChessPlayer *player)
{
  ChessPlayerExternal *self = CHESS_PLAYER_EXTERNAL (player);

  if (self->client && self->busy)
    chess_external_client_stop (self->client);
}

static gboolean
external_is_alive (ChessPlayer *player)
{
  ChessPlayerExternal *self = CHESS_PLAYER_EXTERNAL (player);

  if (self->client == NULL || self->dead)
    return FALSE;
  /* Not started yet counts as alive: it may still be started. */
  return !self->started || chess_external_client_is_running (self->client);
}

static void
external_close_sync (ChessPlayer *player)
{
  ChessPlayerExternal *self = CHESS_PLAYER_EXTERNAL (player);

  if (self->client == NULL)
    return;
  self->dead = TRUE;
  g_signal_handlers_disconnect_by_data (self->client, self);
  /* A pending call fails with G_IO_ERROR_CANCELLED. */
  chess_external_client_quit_sync (self->client);
}

/* ---- GObject ------------------------------------------------------------ */

static void
quit_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  chess_external_client_quit_finish (CHESS_EXTERNAL_CLIENT (source), result);
}

static void
chess_player_external_dispose (GObject *object)
{
  ChessPlayerExternal *self = CHESS_PLAYER_EXTERNAL (object);

  if (self->client)
    {
      g_signal_handlers_disconnect_by_data (self->client, self);
      /* The quit keeps the client alive until the program is gone (at
       * most a second: then it is killed); a pending call fails with
       * G_IO_ERROR_CANCELLED. */
      if (chess_external_client_is_running (self->client) || self->busy)
        chess_external_client_quit_async (self->client, quit_done_cb, NULL);
      g_clear_object (&self->client);
    }
  if (self->throttle)
    g_clear_pointer (&self->throttle, chess_info_throttle_detach);
  G_OBJECT_CLASS (chess_player_external_parent_class)->dispose (object);
}

static void
chess_player_external_finalize (GObject *object)
{
  ChessPlayerExternal *self = CHESS_PLAYER_EXTERNAL (object);

  g_strfreev (self->argv);
  g_clear_pointer (&self->options, g_hash_table_unref);
  g_free (self->last_line);
  G_OBJECT_CLASS (chess_player_external_parent_class)->finalize (object);
}

static void
chess_player_external_class_init (ChessPlayerExternalClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  ChessPlayerClass *player_class = CHESS_PLAYER_CLASS (klass);

  object_class->dispose = chess_player_external_dispose;
  object_class->finalize = chess_player_external_finalize;
  player_class->start_async = external_start_async;
  player_class->start_finish = external_start_finish;
  player_class->new_game = external_new_game;
  player_class->think_async = external_think_async;
  player_class->think_finish = external_think_finish;
  player_class->stop = external_stop;
  player_class->is_alive = external_is_alive;
  player_class->close_sync = external_close_sync;
}

static void
chess_player_external_init (ChessPlayerExternal *self)
{
}

ChessPlayer *
chess_player_new_external (const char          *display_name,
                           const char *const   *argv,
                           ChessExternalProtocol  protocol,
                           GHashTable          *options)
{
  ChessPlayerExternal *self;
  g_autofree char *base = NULL;
  g_autoptr (GMainContext) context = NULL;

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  self = g_object_new (CHESS_TYPE_PLAYER_EXTERNAL, NULL);
  self->argv = g_strdupv ((GStrv) argv);
  self->protocol = protocol;
  chess_player_set_counts_nodes (CHESS_PLAYER (self),
                                 protocol != CHESS_EXTERNAL_PROTOCOL_XBOARD);
  if (options)
    {
      GHashTableIter iter;
      gpointer name, value;

      self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_hash_table_iter_init (&iter, options);
      while (g_hash_table_iter_next (&iter, &name, &value))
        g_hash_table_insert (self->options, g_strdup (name), g_strdup (value));
    }
  self->name_given = display_name != NULL && display_name[0] != '\0';
  base = g_path_get_basename (argv[0]);
  chess_player_set_name (CHESS_PLAYER (self), self->name_given ? display_name : base);

  self->client = chess_external_client_new (argv, protocol);
  context = g_main_context_ref_thread_default ();
  self->throttle = chess_info_throttle_new (CHESS_PLAYER (self), context);
  g_signal_connect (self->client, "info", G_CALLBACK (client_info_cb), self);
  g_signal_connect (self->client, "line-received", G_CALLBACK (client_line_received_cb), self);
  g_signal_connect (self->client, "terminated", G_CALLBACK (client_terminated_cb), self);
  return CHESS_PLAYER (self);
}
