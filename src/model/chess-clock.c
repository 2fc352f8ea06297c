/* chess-clock.c — the two players' clocks. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "chess-clock.h"
#include "chess-game.h"

/* How often `tick` fires while running: often enough for tenths. */
#define TICK_INTERVAL_MS 100

struct _ChessClock
{
  GObject             parent_instance;

  ChessClockMode      mode;
  gint64              initial_ms;
  gint64              increment_ms;

  /* Remaining (timed) or used (untimed) time of each side, charged up to
   * the start of the current running stretch. */
  gint64              time_ms[CHESS_N_COLORS];
  ChessColor          active;
  gboolean            running;
  gboolean            paused;            /* running, but the time stands  */
  gint64              stretch_start_us;  /* time source at the stretch start */
  gint64              move_used_ms;      /* charged so far in this move       */
  gboolean            flag[CHESS_N_COLORS];

  ChessClockTimeFunc  now_func;
  gpointer            now_data;
  GDestroyNotify      now_notify;

  GSource            *tick_source;
};

enum
{
  PROP_0,
  PROP_MODE,
  PROP_RUNNING,
  PROP_ACTIVE_COLOR,
  PROP_PAUSED,
  N_PROPS
};

enum
{
  SIGNAL_TICK,
  SIGNAL_FLAG_FALL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_ENUM_TYPE (ChessClockMode, chess_clock_mode,
  G_DEFINE_ENUM_VALUE (CHESS_CLOCK_UNTIMED, "untimed"),
  G_DEFINE_ENUM_VALUE (CHESS_CLOCK_SUDDEN_DEATH, "sudden-death"),
  G_DEFINE_ENUM_VALUE (CHESS_CLOCK_FISCHER, "fischer"),
  G_DEFINE_ENUM_VALUE (CHESS_CLOCK_BRONSTEIN, "bronstein"))

G_DEFINE_ENUM_TYPE (ChessColor, chess_color,
  G_DEFINE_ENUM_VALUE (CHESS_COLOR_WHITE, "white"),
  G_DEFINE_ENUM_VALUE (CHESS_COLOR_BLACK, "black"))

G_DEFINE_FINAL_TYPE (ChessClock, chess_clock, G_TYPE_OBJECT)

static gint64
now_us (ChessClock *self)
{
  if (self->now_func != NULL)
    return self->now_func (self->now_data);
  return g_get_monotonic_time ();
}

/* Milliseconds spent in the current running stretch. */
static gint64
stretch_ms (ChessClock *self)
{
  gint64 elapsed;

  if (!self->running || self->paused)
    return 0;
  elapsed = (now_us (self) - self->stretch_start_us) / 1000;
  return MAX (elapsed, 0);
}

/* Moves the running stretch's time into the active side's account. */
static void
charge (ChessClock *self)
{
  gint64 used = stretch_ms (self);

  if (self->mode == CHESS_CLOCK_UNTIMED)
    self->time_ms[self->active] += used;
  else
    self->time_ms[self->active] = MAX (self->time_ms[self->active] - used, 0);
  self->move_used_ms += used;
  if (self->running)
    self->stretch_start_us = now_us (self);
}

static void
stop_ticking (ChessClock *self)
{
  if (self->tick_source != NULL)
    {
      g_source_destroy (self->tick_source);
      g_clear_pointer (&self->tick_source, g_source_unref);
    }
}

static void
set_running (ChessClock *self,
             gboolean    running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
set_active (ChessClock *self,
            ChessColor  color)
{
  if (self->active == color)
    return;
  self->active = color;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE_COLOR]);
}

static gboolean
tick_cb (gpointer user_data)
{
  ChessClock *self = user_data;

  g_object_ref (self);
  chess_clock_update (self);
  if (self->running && !self->paused)
    g_signal_emit (self, signals[SIGNAL_TICK], 0);
  g_object_unref (self);
  return G_SOURCE_CONTINUE;
}

static void
start_ticking (ChessClock *self)
{
  if (self->tick_source != NULL)
    return;
  self->tick_source = g_timeout_source_new (TICK_INTERVAL_MS);
  g_source_set_callback (self->tick_source, tick_cb, self, NULL);
  g_source_set_static_name (self->tick_source, "[thinkchess] clock tick");
  g_source_attach (self->tick_source, g_main_context_get_thread_default ());
}

/* The active side's flag falls: stop and tell the game. */
static void
fall (ChessClock *self)
{
  ChessColor color = self->active;

  self->time_ms[color] = 0;
  self->flag[color] = TRUE;
  stop_ticking (self);
  set_running (self, FALSE);
  g_signal_emit (self, signals[SIGNAL_FLAG_FALL], 0, color);
}

static void
chess_clock_dispose (GObject *object)
{
  ChessClock *self = CHESS_CLOCK (object);

  stop_ticking (self);

  G_OBJECT_CLASS (chess_clock_parent_class)->dispose (object);
}

static void
chess_clock_finalize (GObject *object)
{
  ChessClock *self = CHESS_CLOCK (object);

  if (self->now_notify != NULL)
    self->now_notify (self->now_data);

  G_OBJECT_CLASS (chess_clock_parent_class)->finalize (object);
}

static void
chess_clock_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  ChessClock *self = CHESS_CLOCK (object);

  switch (prop_id)
    {
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    case PROP_ACTIVE_COLOR:
      g_value_set_enum (value, self->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_clock_class_init (ChessClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chess_clock_dispose;
  object_class->finalize = chess_clock_finalize;
  object_class->get_property = chess_clock_get_property;

  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL,
                       CHESS_TYPE_CLOCK_MODE, CHESS_CLOCK_UNTIMED,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ACTIVE_COLOR] =
    g_param_spec_enum ("active-color", NULL, NULL,
                       CHESS_TYPE_COLOR, CHESS_COLOR_WHITE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_TICK] =
    g_signal_new ("tick", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FLAG_FALL] =
    g_signal_new ("flag-fall", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CHESS_TYPE_COLOR);
}

static void
chess_clock_init (ChessClock *self)
{
  self->mode = CHESS_CLOCK_UNTIMED;
  self->active = CHESS_COLOR_WHITE;
}

ChessClock *
chess_clock_new (void)
{
  return g_object_new (CHESS_TYPE_CLOCK, NULL);
}

void
chess_clock_set_time_source (ChessClock         *self,
                             ChessClockTimeFunc  func,
                             gpointer            user_data,
                             GDestroyNotify      notify)
{
  g_return_if_fail (CHESS_IS_CLOCK (self));

  /* Charge with the old source so no time is lost or invented. */
  charge (self);
  if (self->now_notify != NULL)
    self->now_notify (self->now_data);
  self->now_func = func;
  self->now_data = user_data;
  self->now_notify = notify;
  if (self->running)
    self->stretch_start_us = now_us (self);
}

void
chess_clock_set_time_control (ChessClock     *self,
                              ChessClockMode  mode,
                              gint64          initial_ms,
                              gint64          increment_ms)
{
  gboolean mode_changed;

  g_return_if_fail (CHESS_IS_CLOCK (self));
  g_return_if_fail (mode <= CHESS_CLOCK_BRONSTEIN);

  stop_ticking (self);
  mode_changed = self->mode != mode;
  self->mode = mode;
  self->initial_ms = mode == CHESS_CLOCK_UNTIMED ? 0 : MAX (initial_ms, 0);
  self->increment_ms = (mode == CHESS_CLOCK_FISCHER || mode == CHESS_CLOCK_BRONSTEIN)
                       ? MAX (increment_ms, 0) : 0;
  self->time_ms[0] = self->time_ms[1] = self->initial_ms;
  self->flag[0] = self->flag[1] = FALSE;
  self->move_used_ms = 0;
  set_running (self, FALSE);
  set_active (self, CHESS_COLOR_WHITE);
  if (mode_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

ChessClockMode
chess_clock_get_mode (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), CHESS_CLOCK_UNTIMED);
  return self->mode;
}

gint64
chess_clock_get_initial_ms (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), 0);
  return self->initial_ms;
}

gint64
chess_clock_get_increment_ms (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), 0);
  return self->increment_ms;
}

gboolean
chess_clock_is_timed (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), FALSE);
  return self->mode != CHESS_CLOCK_UNTIMED;
}

gint64
chess_clock_get_time_ms (ChessClock *self,
                         ChessColor  color)
{
  gint64 t;

  g_return_val_if_fail (CHESS_IS_CLOCK (self), 0);
  g_return_val_if_fail (color == CHESS_COLOR_WHITE || color == CHESS_COLOR_BLACK, 0);

  t = self->time_ms[color];
  if (color == self->active && self->running)
    {
      if (self->mode == CHESS_CLOCK_UNTIMED)
        t += stretch_ms (self);
      else
        t = MAX (t - stretch_ms (self), 0);
    }
  return t;
}

ChessColor
chess_clock_get_active_color (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), CHESS_COLOR_WHITE);
  return self->active;
}

gboolean
chess_clock_is_running (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), FALSE);
  return self->running;
}

gboolean
chess_clock_has_flag_fallen (ChessClock *self,
                             ChessColor  color)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), FALSE);
  g_return_val_if_fail (color == CHESS_COLOR_WHITE || color == CHESS_COLOR_BLACK, FALSE);
  return self->flag[color];
}

void
chess_clock_start (ChessClock *self,
                   ChessColor  color)
{
  g_return_if_fail (CHESS_IS_CLOCK (self));
  g_return_if_fail (color == CHESS_COLOR_WHITE || color == CHESS_COLOR_BLACK);

  if (self->running && self->active == color)
    return;
  if (self->flag[0] || self->flag[1])
    return;
  charge (self);
  if (self->active != color)
    self->move_used_ms = 0;
  set_active (self, color);
  self->stretch_start_us = now_us (self);
  if (!self->paused)
    start_ticking (self);
  set_running (self, TRUE);
}

void
chess_clock_stop (ChessClock *self)
{
  g_return_if_fail (CHESS_IS_CLOCK (self));

  if (!self->running)
    return;
  charge (self);
  stop_ticking (self);
  set_running (self, FALSE);
}

void
chess_clock_pause (ChessClock *self)
{
  g_return_if_fail (CHESS_IS_CLOCK (self));

  if (self->paused)
    return;
  charge (self);
  self->paused = TRUE;
  stop_ticking (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

void
chess_clock_resume (ChessClock *self)
{
  g_return_if_fail (CHESS_IS_CLOCK (self));

  if (!self->paused)
    return;
  self->paused = FALSE;
  self->stretch_start_us = now_us (self);
  if (self->running)
    start_ticking (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

gboolean
chess_clock_is_paused (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), FALSE);
  return self->paused;
}

gboolean
chess_clock_is_real_time (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), FALSE);
  return self->now_func == NULL;
}

gboolean
chess_clock_press (ChessClock *self)
{
  ChessColor mover;

  g_return_val_if_fail (CHESS_IS_CLOCK (self), FALSE);

  mover = self->active;
  if (self->flag[mover])
    return FALSE;
  charge (self);
  if (self->mode != CHESS_CLOCK_UNTIMED && self->time_ms[mover] <= 0)
    {
      fall (self);
      return FALSE;
    }
  if (self->mode == CHESS_CLOCK_FISCHER)
    self->time_ms[mover] += self->increment_ms;
  else if (self->mode == CHESS_CLOCK_BRONSTEIN)
    self->time_ms[mover] += MIN (self->increment_ms, self->move_used_ms);
  self->move_used_ms = 0;
  set_active (self, chess_color_other (mover));
  return TRUE;
}

gboolean
chess_clock_update (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), FALSE);

  if (self->running && self->mode != CHESS_CLOCK_UNTIMED
      && chess_clock_get_time_ms (self, self->active) <= 0)
    {
      charge (self);
      fall (self);
    }
  return self->flag[0] || self->flag[1];
}

void
chess_clock_set_times (ChessClock *self,
                       gint64      white_ms,
                       gint64      black_ms,
                       ChessColor  active)
{
  g_return_if_fail (CHESS_IS_CLOCK (self));
  g_return_if_fail (active == CHESS_COLOR_WHITE || active == CHESS_COLOR_BLACK);

  self->time_ms[CHESS_COLOR_WHITE] = MAX (white_ms, 0);
  self->time_ms[CHESS_COLOR_BLACK] = MAX (black_ms, 0);
  self->flag[0] = self->flag[1] = FALSE;
  self->move_used_ms = 0;
  if (self->running)
    self->stretch_start_us = now_us (self);
  set_active (self, active);
}

char *
chess_clock_format_time (gint64 ms)
{
  gint64 s;

  ms = MAX (ms, 0);
  s = ms / 1000;
  if (ms < 10000)
    return g_strdup_printf ("0:%02d.%d", (int) s, (int) (ms % 1000) / 100);
  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600),
                            (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

char *
chess_clock_to_time_control_tag (ChessClock *self)
{
  g_return_val_if_fail (CHESS_IS_CLOCK (self), NULL);

  switch (self->mode)
    {
    case CHESS_CLOCK_SUDDEN_DEATH:
      return g_strdup_printf ("%" G_GINT64_FORMAT, self->initial_ms / 1000);
    case CHESS_CLOCK_FISCHER:
      return g_strdup_printf ("%" G_GINT64_FORMAT "+%" G_GINT64_FORMAT,
                              self->initial_ms / 1000, self->increment_ms / 1000);
    case CHESS_CLOCK_BRONSTEIN:
      return g_strdup_printf ("%" G_GINT64_FORMAT "d%" G_GINT64_FORMAT,
                              self->initial_ms / 1000, self->increment_ms / 1000);
    case CHESS_CLOCK_UNTIMED:
    default:
      return g_strdup ("-");
    }
}

/* Reads a run of digits as seconds; FALSE if none or absurdly large. */
static gboolean
parse_seconds (const char **p,
               gint64      *ms)
{
  gint64 v = 0;
  const char *s = *p;

  if (!g_ascii_isdigit (*s))
    return FALSE;
  while (g_ascii_isdigit (*s))
    {
      v = v * 10 + (*s - '0');
      if (v > 1000000)  /* over eleven days: not a clock */
        return FALSE;
      s++;
    }
  *p = s;
  *ms = v * 1000;
  return TRUE;
}

gboolean
chess_clock_parse_time_control_tag (const char      *tag,
                                    ChessClockMode  *mode,
                                    gint64          *initial_ms,
                                    gint64          *increment_ms,
                                    GError         **error)
{
  const char *p = tag;
  gint64 initial = 0, increment = 0;
  ChessClockMode m = CHESS_CLOCK_SUDDEN_DEATH;

  g_return_val_if_fail (tag != NULL, FALSE);

  if (strcmp (tag, "-") == 0 || strcmp (tag, "?") == 0 || *tag == '\0')
    {
      m = CHESS_CLOCK_UNTIMED;
      goto done;
    }
  if (!parse_seconds (&p, &initial) || initial == 0)
    goto fail;
  if (*p == '+' || *p == 'd')
    {
      m = *p == '+' ? CHESS_CLOCK_FISCHER : CHESS_CLOCK_BRONSTEIN;
      p++;
      if (!parse_seconds (&p, &increment))
        goto fail;
    }
  if (*p != '\0')
    goto fail;

done:
  if (mode != NULL)
    *mode = m;
  if (initial_ms != NULL)
    *initial_ms = initial;
  if (increment_ms != NULL)
    *increment_ms = increment;
  return TRUE;

fail:
  g_set_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_INVALID,
               /* Translators: %s is a PGN TimeControl tag such as "40/7200:3600" */
               _("Unsupported time control “%s”"), tag);
  return FALSE;
}
