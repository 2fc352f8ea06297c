/* chess-external-client.c — an external engine over GSubprocess, UCI or
 * xboard/CECP: the object itself (its settings, what the engine told
 * about itself, signals and lifetime). The work is spread over
 * chess-external-client-process.c (the child process and the call in
 * progress), -replies.c (the engine's lines), -setup.c (handshake, options,
 * games, quit) and -search.c (go and stop). */
#include "config.h"

#include <signal.h>
#include <string.h>

#include "chess-external-client-private.h"

G_DEFINE_QUARK (chess-engine-error-quark, chess_player_error)
G_DEFINE_BOXED_TYPE (ChessPlayerInfo, chess_player_info,
                     chess_player_info_copy, chess_player_info_free)
G_DEFINE_BOXED_TYPE (ChessExternalOption, chess_external_option,
                     chess_external_option_copy, chess_external_option_free)

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

G_DEFINE_FINAL_TYPE (ChessExternalClient, chess_external_client, G_TYPE_OBJECT)

void
chess_player_limits_init (ChessPlayerLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  limits->white_ms = limits->black_ms = -1;
}

void
chess_player_reply_free (ChessPlayerReply *reply)
{
  if (reply == NULL)
    return;
  g_free (reply->move_text);
  g_free (reply->claim);
  chess_player_info_free (reply->last_info);
  g_free (reply);
}

/* ---- for the other files ------------------------------------------------ */

void
chess_external_client_notify_name (ChessExternalClient *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

void
chess_external_client_emit_info (ChessExternalClient *self, ChessPlayerInfo *info)
{
  g_signal_emit (self, signals[SIGNAL_INFO], 0, info);
}

void
chess_external_client_emit_line_sent (ChessExternalClient *self, const char *text)
{
  g_signal_emit (self, signals[SIGNAL_LINE_SENT], 0, text);
}

void
chess_external_client_emit_line_received (ChessExternalClient *self, const char *text)
{
  g_signal_emit (self, signals[SIGNAL_LINE_RECEIVED], 0, text);
}

void
chess_external_client_emit_terminated (ChessExternalClient *self, GError *error)
{
  g_signal_emit (self, signals[SIGNAL_TERMINATED], 0, error);
}

const char *
chess_external_client_display_name (ChessExternalClient *self)
{
  return self->name ? self->name : self->argv[0];
}

/* ---- GObject ------------------------------------------------------------ */

ChessExternalClient *
chess_external_client_new (const char *const   *argv,
                           ChessExternalProtocol  protocol)
{
  ChessExternalClient *self;

  g_return_val_if_fail (argv != NULL && argv[0] != NULL, NULL);

  self = g_object_new (CHESS_TYPE_EXTERNAL_CLIENT, NULL);
  self->argv = g_strdupv ((GStrv) argv);
  self->protocol = protocol;
  return self;
}

void
chess_external_client_set_working_directory (ChessExternalClient *self,
                                             const char        *path)
{
  g_return_if_fail (CHESS_IS_EXTERNAL_CLIENT (self));
  g_return_if_fail (self->state == STATE_NEW);
  g_free (self->working_directory);
  self->working_directory = g_strdup (path);
}

void
chess_external_client_set_start_timeout (ChessExternalClient *self,
                                         guint              ms)
{
  g_return_if_fail (CHESS_IS_EXTERNAL_CLIENT (self));
  self->start_timeout_ms = ms;
}

void
chess_external_client_set_feature_timeout (ChessExternalClient *self,
                                           guint              ms)
{
  g_return_if_fail (CHESS_IS_EXTERNAL_CLIENT (self));
  self->feature_timeout_ms = ms;
}

ChessExternalProtocol
chess_external_client_get_protocol (ChessExternalClient *self)
{
  g_return_val_if_fail (CHESS_IS_EXTERNAL_CLIENT (self), CHESS_EXTERNAL_PROTOCOL_UCI);
  return self->protocol;
}

const char *
chess_external_client_get_name (ChessExternalClient *self)
{
  g_return_val_if_fail (CHESS_IS_EXTERNAL_CLIENT (self), NULL);
  return chess_external_client_display_name (self);
}

const char *
chess_external_client_get_author (ChessExternalClient *self)
{
  g_return_val_if_fail (CHESS_IS_EXTERNAL_CLIENT (self), NULL);
  return self->author;
}

GPtrArray *
chess_external_client_get_options (ChessExternalClient *self)
{
  g_return_val_if_fail (CHESS_IS_EXTERNAL_CLIENT (self), NULL);
  return self->options;
}

const char *
chess_external_client_get_feature (ChessExternalClient *self,
                                   const char        *name)
{
  g_return_val_if_fail (CHESS_IS_EXTERNAL_CLIENT (self), NULL);
  return g_hash_table_lookup (self->features, name);
}

gboolean
chess_external_client_is_running (ChessExternalClient *self)
{
  g_return_val_if_fail (CHESS_IS_EXTERNAL_CLIENT (self), FALSE);
  return self->state != STATE_NEW && self->state != STATE_DEAD;
}

static void
chess_external_client_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  ChessExternalClient *self = CHESS_EXTERNAL_CLIENT (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, chess_external_client_display_name (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_external_client_dispose (GObject *object)
{
  ChessExternalClient *self = CHESS_EXTERNAL_CLIENT (object);

  /* Reads and the exit wait hold references, so we only get here once they
   * are over or the engine was never started; kill whatever still runs. */
  chess_external_client_clear_call (self);
  if (self->process && self->state != STATE_DEAD)
    {
      chess_external_client_send_line (self, "quit");
      g_subprocess_force_exit (self->process);
    }
  self->state = STATE_DEAD;
  g_cancellable_cancel (self->io_cancellable);
  g_clear_object (&self->task);
  g_clear_object (&self->quit_task);
  g_clear_object (&self->stdin_pipe);
  g_clear_object (&self->stdout_pipe);
  g_clear_object (&self->process);
  G_OBJECT_CLASS (chess_external_client_parent_class)->dispose (object);
}

static void
chess_external_client_finalize (GObject *object)
{
  ChessExternalClient *self = CHESS_EXTERNAL_CLIENT (object);

  g_strfreev (self->argv);
  g_free (self->working_directory);
  g_free (self->name);
  g_free (self->author);
  g_ptr_array_unref (self->options);
  g_hash_table_unref (self->features);
  g_object_unref (self->io_cancellable);
  g_string_free (self->pending_text, TRUE);
  chess_player_info_free (self->last_info);
  g_free (self->go_command);
  g_free (self->level_sent);
  chess_line_clear (&self->synced);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (chess_external_client_parent_class)->finalize (object);
}

static void
chess_external_client_class_init (ChessExternalClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = chess_external_client_get_property;
  object_class->dispose = chess_external_client_dispose;
  object_class->finalize = chess_external_client_finalize;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* ::info (ChessPlayerInfo *info): search progress while thinking. */
  signals[SIGNAL_INFO] =
    g_signal_new ("info", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CHESS_TYPE_PLAYER_INFO | G_SIGNAL_TYPE_STATIC_SCOPE);
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
chess_external_client_init (ChessExternalClient *self)
{
  ChessBoard start;

  self->start_timeout_ms = 10000;
  self->feature_timeout_ms = 2000;
  self->options = g_ptr_array_new_with_free_func ((GDestroyNotify) chess_external_option_free);
  self->features = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->io_cancellable = g_cancellable_new ();
  self->pending_text = g_string_new (NULL);
  self->context = g_main_context_ref_thread_default ();
  chess_init ();
  chess_board_set_start (&start);
  chess_line_init (&self->synced, &start);
}
