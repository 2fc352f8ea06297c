/* chess-player.c — the computer player's public face: arguments
 * checked here, the work done by the built-in and external subclasses.
 * Also the pace of untimed games and the throttle for "thinking". */
#include "config.h"

#include <string.h>

#include "chess-player-private.h"

typedef struct
{
  char     *name;
  char     *engine_name;      /* the engine's own, from its handshake  */
  int       level;
  gboolean  counts_nodes;     /* honours a node limit                   */
} ChessPlayerPrivate;

enum
{
  PROP_0,
  PROP_NAME,
  PROP_LEVEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_THINKING,
  SIGNAL_DIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (ChessPlayer, chess_player, G_TYPE_OBJECT)

/* ---- pace --------------------------------------------------------------- */

/* Milliseconds per move in an untimed game, by level (see the header). */
static const gint64 level_pace_ms[] = { 1000, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000 };
#define EXTERNAL_PACE_MS 3000

gint64
chess_player_pace_ms (int level)
{
  if (level < 0)
    return EXTERNAL_PACE_MS;
  return level_pace_ms[MIN (level, (int) G_N_ELEMENTS (level_pace_ms) - 1)];
}

gboolean
chess_player_limits_are_open (const ChessPlayerLimits *limits)
{
  return limits->white_ms < 0 && limits->black_ms < 0 && limits->movetime_ms <= 0
         && limits->depth <= 0 && limits->nodes == 0 && !limits->infinite;
}

/* ---- the throttle ------------------------------------------------------- */

struct _ChessInfoThrottle
{
  gatomicrefcount    ref;
  GMutex             lock;
  GMainContext      *context;
  ChessPlayer *owner;            /* owner's thread only; NULL: gone   */
  ChessPlayerInfo   *pending[CHESS_PLAYER_MAX_MULTIPV_LINES + 1];   /* by multipv */
  GSource           *source;           /* the scheduled flush, under lock    */
  gint64             last_flush_us;
};

static ChessInfoThrottle *
throttle_ref (ChessInfoThrottle *self)
{
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

static void
throttle_clear_pending (ChessInfoThrottle *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->pending); i++)
    g_clear_pointer (&self->pending[i], chess_player_info_free);
}

static void
throttle_unref (ChessInfoThrottle *self)
{
  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  throttle_clear_pending (self);
  if (self->source)
    {
      g_source_destroy (self->source);
      g_source_unref (self->source);
    }
  g_main_context_unref (self->context);
  g_mutex_clear (&self->lock);
  g_free (self);
}

ChessInfoThrottle *
chess_info_throttle_new (ChessPlayer *owner,
                         GMainContext      *context)
{
  ChessInfoThrottle *self = g_new0 (ChessInfoThrottle, 1);

  g_atomic_ref_count_init (&self->ref);
  g_mutex_init (&self->lock);
  self->context = g_main_context_ref (context);
  self->owner = owner;
  return self;
}

void
chess_info_throttle_flush (ChessInfoThrottle *self)
{
  ChessPlayerInfo *infos[G_N_ELEMENTS (self->pending)];

  g_mutex_lock (&self->lock);
  memcpy (infos, self->pending, sizeof infos);
  memset (self->pending, 0, sizeof self->pending);
  if (self->source)
    {
      g_source_destroy (self->source);
      g_clear_pointer (&self->source, g_source_unref);
    }
  self->last_flush_us = g_get_monotonic_time ();
  g_mutex_unlock (&self->lock);

  for (guint i = 0; i < G_N_ELEMENTS (infos); i++)
    {
      if (infos[i] && self->owner)
        chess_player_emit_thinking (self->owner, infos[i]);
      chess_player_info_free (infos[i]);
    }
}

static gboolean
throttle_flush_cb (gpointer user_data)
{
  chess_info_throttle_flush (user_data);
  return G_SOURCE_REMOVE;
}

void
chess_info_throttle_push (ChessInfoThrottle     *self,
                          const ChessPlayerInfo *info)
{
  guint slot = info->has & CHESS_PLAYER_INFO_HAS_MULTIPV ? (guint) CLAMP (info->multipv, 1, CHESS_PLAYER_MAX_MULTIPV_LINES)
                                                         : 1;

  g_mutex_lock (&self->lock);
  /* A bound (an aspiration search's, which engines report only after a
   * while) never takes the place of a finished score waiting to be
   * emitted: whoever keeps each line's last score (the review) would get
   * that score or not by the clock. */
  if (info->bound != CHESS_SCORE_BOUND_EXACT && self->pending[slot] != NULL
      && self->pending[slot]->bound == CHESS_SCORE_BOUND_EXACT)
    {
      g_mutex_unlock (&self->lock);
      return;
    }
  chess_player_info_free (self->pending[slot]);
  self->pending[slot] = chess_player_info_copy (info);
  if (self->source == NULL)
    {
      gint64 wait_ms = (self->last_flush_us + CHESS_PLAYER_INFO_INTERVAL_MS * 1000
                        - g_get_monotonic_time ()) / 1000;

      self->source = g_timeout_source_new ((guint) CLAMP (wait_ms, 0, CHESS_PLAYER_INFO_INTERVAL_MS));
      g_source_set_priority (self->source, G_PRIORITY_DEFAULT);
      g_source_set_callback (self->source, throttle_flush_cb, throttle_ref (self),
                             (GDestroyNotify) throttle_unref);
      g_source_attach (self->source, self->context);
    }
  g_mutex_unlock (&self->lock);
}

void
chess_info_throttle_reset (ChessInfoThrottle *self)
{
  g_mutex_lock (&self->lock);
  throttle_clear_pending (self);
  g_mutex_unlock (&self->lock);
}

void
chess_info_throttle_detach (ChessInfoThrottle *self)
{
  g_mutex_lock (&self->lock);
  self->owner = NULL;
  throttle_clear_pending (self);
  if (self->source)
    {
      g_source_destroy (self->source);
      g_clear_pointer (&self->source, g_source_unref);
    }
  g_mutex_unlock (&self->lock);
  throttle_unref (self);
}

/* ---- for the subclasses ------------------------------------------------- */

void
chess_player_set_name (ChessPlayer *self,
                       const char        *name)
{
  ChessPlayerPrivate *priv = chess_player_get_instance_private (self);

  if (g_strcmp0 (priv->name, name) == 0)
    return;
  g_free (priv->name);
  priv->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

void
chess_player_set_level (ChessPlayer *self,
                        int                level)
{
  ChessPlayerPrivate *priv = chess_player_get_instance_private (self);

  priv->level = level;
}

void
chess_player_emit_thinking (ChessPlayer     *self,
                            const ChessPlayerInfo *info)
{
  g_signal_emit (self, signals[SIGNAL_THINKING], 0, info);
}

void
chess_player_emit_died (ChessPlayer *self,
                        const GError      *error)
{
  g_signal_emit (self, signals[SIGNAL_DIED], 0, error);
}

/* ---- public API --------------------------------------------------------- */

const char *
chess_player_get_name (ChessPlayer *self)
{
  ChessPlayerPrivate *priv;

  g_return_val_if_fail (CHESS_IS_PLAYER (self), NULL);
  priv = chess_player_get_instance_private (self);
  return priv->name ? priv->name : "";
}

void
chess_player_set_engine_name (ChessPlayer *self,
                              const char        *engine_name)
{
  ChessPlayerPrivate *priv = chess_player_get_instance_private (self);

  g_free (priv->engine_name);
  priv->engine_name = g_strdup (engine_name);
}

const char *
chess_player_get_engine_name (ChessPlayer *self)
{
  ChessPlayerPrivate *priv;

  g_return_val_if_fail (CHESS_IS_PLAYER (self), NULL);
  priv = chess_player_get_instance_private (self);
  return priv->engine_name != NULL && priv->engine_name[0] != '\0' ? priv->engine_name : priv->name;
}

void
chess_player_set_counts_nodes (ChessPlayer *self,
                               gboolean           counts_nodes)
{
  ChessPlayerPrivate *priv = chess_player_get_instance_private (self);

  priv->counts_nodes = counts_nodes;
}

gboolean
chess_player_counts_nodes (ChessPlayer *self)
{
  ChessPlayerPrivate *priv;

  g_return_val_if_fail (CHESS_IS_PLAYER (self), FALSE);
  priv = chess_player_get_instance_private (self);
  return priv->counts_nodes;
}

int
chess_player_get_level (ChessPlayer *self)
{
  ChessPlayerPrivate *priv;

  g_return_val_if_fail (CHESS_IS_PLAYER (self), -1);
  priv = chess_player_get_instance_private (self);
  return priv->level;
}

gboolean
chess_player_is_builtin (ChessPlayer *self)
{
  return chess_player_get_level (self) >= 0;
}

gboolean
chess_player_is_alive (ChessPlayer *self)
{
  g_return_val_if_fail (CHESS_IS_PLAYER (self), FALSE);
  return CHESS_PLAYER_GET_CLASS (self)->is_alive (self);
}

void
chess_player_start_async (ChessPlayer   *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_return_if_fail (CHESS_IS_PLAYER (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));
  CHESS_PLAYER_GET_CLASS (self)->start_async (self, cancellable, callback, user_data);
}

gboolean
chess_player_start_finish (ChessPlayer  *self,
                           GAsyncResult       *result,
                           GError            **error)
{
  g_return_val_if_fail (CHESS_IS_PLAYER (self), FALSE);
  return CHESS_PLAYER_GET_CLASS (self)->start_finish (self, result, error);
}

static void
store_result_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
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
chess_player_start_sync (ChessPlayer  *self,
                         GCancellable       *cancellable,
                         GError            **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  g_return_val_if_fail (CHESS_IS_PLAYER (self), FALSE);
  chess_player_start_async (self, cancellable, store_result_cb, &result);
  return chess_player_start_finish (self, wait_for (&result), error);
}

gboolean
chess_player_new_game (ChessPlayer  *self,
                       GError            **error)
{
  g_return_val_if_fail (CHESS_IS_PLAYER (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  return CHESS_PLAYER_GET_CLASS (self)->new_game (self, error);
}

void
chess_player_think_async (ChessPlayer       *self,
                          const ChessLine         *line,
                          const ChessPlayerLimits *limits,
                          int                      multipv,
                          GCancellable            *cancellable,
                          GAsyncReadyCallback      callback,
                          gpointer                 user_data)
{
  g_return_if_fail (CHESS_IS_PLAYER (self));
  g_return_if_fail (line != NULL && limits != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));
  multipv = CLAMP (multipv, 1, CHESS_PLAYER_MAX_MULTIPV_LINES);
  CHESS_PLAYER_GET_CLASS (self)->think_async (self, line, limits, multipv, cancellable,
                                              callback, user_data);
}

ChessPlayerReply *
chess_player_think_finish (ChessPlayer  *self,
                           GAsyncResult       *result,
                           GError            **error)
{
  g_return_val_if_fail (CHESS_IS_PLAYER (self), NULL);
  return CHESS_PLAYER_GET_CLASS (self)->think_finish (self, result, error);
}

ChessPlayerReply *
chess_player_think_sync (ChessPlayer        *self,
                         const ChessLine          *line,
                         const ChessPlayerLimits  *limits,
                         int                       multipv,
                         GCancellable             *cancellable,
                         GError                  **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  g_return_val_if_fail (CHESS_IS_PLAYER (self), NULL);
  chess_player_think_async (self, line, limits, multipv, cancellable, store_result_cb, &result);
  return chess_player_think_finish (self, wait_for (&result), error);
}

void
chess_player_stop (ChessPlayer *self)
{
  g_return_if_fail (CHESS_IS_PLAYER (self));
  CHESS_PLAYER_GET_CLASS (self)->stop (self);
}

void
chess_player_close_sync (ChessPlayer *self)
{
  g_return_if_fail (CHESS_IS_PLAYER (self));
  CHESS_PLAYER_GET_CLASS (self)->close_sync (self);
}

/* ---- GObject ------------------------------------------------------------ */

static void
chess_player_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ChessPlayer *self = CHESS_PLAYER (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, chess_player_get_name (self));
      break;
    case PROP_LEVEL:
      g_value_set_int (value, chess_player_get_level (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_player_finalize (GObject *object)
{
  ChessPlayerPrivate *priv = chess_player_get_instance_private (CHESS_PLAYER (object));

  g_free (priv->name);
  g_free (priv->engine_name);
  G_OBJECT_CLASS (chess_player_parent_class)->finalize (object);
}

static void
chess_player_class_init (ChessPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = chess_player_get_property;
  object_class->finalize = chess_player_finalize;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* ::thinking (ChessPlayerInfo *info): progress of the running think. */
  signals[SIGNAL_THINKING] =
    g_signal_new ("thinking", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CHESS_TYPE_PLAYER_INFO | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* ::died (GError *error): an external engine went away while idle. */
  signals[SIGNAL_DIED] =
    g_signal_new ("died", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
chess_player_init (ChessPlayer *self)
{
  ChessPlayerPrivate *priv = chess_player_get_instance_private (self);

  priv->level = -1;
  priv->counts_nodes = TRUE;
  chess_init ();
}
