/* chess-clock.h — the two players' clocks (GLib/GIO only, no GTK).
 *
 * A ChessClock is driven by its ChessGame (see chess_game_get_clock): the
 * game starts it, presses it after each move, restores it on take-back and
 * stops it when the game ends. The app only reads it (times, `tick`,
 * notify::running) and may pause it.
 *
 * Untimed games count each player's thinking time up (as the tutorial
 * does); timed games count the remaining time down. All times are in
 * milliseconds.
 *
 * Signals:
 *   tick      ()                 — a few times a second while running, on
 *                                   the thread-default main context it was
 *                                   started from.
 *   flag-fall (ChessColor color) — `color` has run out of time (timed modes
 *                                   only); the clock has stopped. The game
 *                                   listens and ends itself.
 *
 * Properties (notify only on change): mode, running, active-color, paused.
 */
#pragma once

#include <glib-object.h>

#include "chess-types.h"

G_BEGIN_DECLS

typedef enum
{
  CHESS_CLOCK_UNTIMED,       /* counts thinking time up, no flag          */
  CHESS_CLOCK_SUDDEN_DEATH,  /* initial time only                          */
  CHESS_CLOCK_FISCHER,       /* `increment` added after each move          */
  CHESS_CLOCK_BRONSTEIN,     /* after each move, the time used is given
                              * back, up to `increment` (the delay)        */
} ChessClockMode;

#define CHESS_TYPE_CLOCK_MODE (chess_clock_mode_get_type ())
GType chess_clock_mode_get_type (void);

/* ChessColor as a GType, for properties and signal arguments. */
#define CHESS_TYPE_COLOR (chess_color_get_type ())
GType chess_color_get_type (void);

/* A monotonic time source in microseconds (like g_get_monotonic_time). */
typedef gint64 (*ChessClockTimeFunc) (gpointer user_data);

#define CHESS_TYPE_CLOCK (chess_clock_get_type ())
G_DECLARE_FINAL_TYPE (ChessClock, chess_clock, CHESS, CLOCK, GObject)

/* A stopped, untimed clock with White to move. */
ChessClock     *chess_clock_new               (void);

/* Replaces the time source (NULL: g_get_monotonic_time), so tests never
 * sleep. `notify` frees `user_data` when replaced or finalized. */
void            chess_clock_set_time_source   (ChessClock         *self,
                                               ChessClockTimeFunc  func,
                                               gpointer            user_data,
                                               GDestroyNotify      notify);

/* Sets the mode and resets both clocks (to `initial_ms`, or 0 when
 * untimed), stopped, White active. `increment_ms` is the Fischer increment
 * or the Bronstein delay, ignored otherwise. */
void            chess_clock_set_time_control  (ChessClock         *self,
                                               ChessClockMode      mode,
                                               gint64              initial_ms,
                                               gint64              increment_ms);
ChessClockMode  chess_clock_get_mode          (ChessClock         *self);
gint64          chess_clock_get_initial_ms    (ChessClock         *self);
gint64          chess_clock_get_increment_ms  (ChessClock         *self);
/* TRUE unless CHESS_CLOCK_UNTIMED. */
gboolean        chess_clock_is_timed          (ChessClock         *self);

/* Remaining time (timed) or time used so far (untimed) of `color`, live:
 * includes the running move. Never negative. */
gint64          chess_clock_get_time_ms       (ChessClock         *self,
                                               ChessColor          color);
/* The side whose clock runs (or would run when started). */
ChessColor      chess_clock_get_active_color  (ChessClock         *self);
gboolean        chess_clock_is_running        (ChessClock         *self);
/* TRUE once `color` has run out of time (until the times are set again). */
gboolean        chess_clock_has_flag_fallen   (ChessClock         *self,
                                               ChessColor          color);

/* Starts `color`'s clock (no-op if it already runs for `color`). */
void            chess_clock_start             (ChessClock         *self,
                                               ChessColor          color);
/* Pauses; the time used so far in this move is kept. */
void            chess_clock_stop              (ChessClock         *self);
/* Pause: the time stands still until chess_clock_resume, whatever starts
 * or stops the clock meanwhile (the app pauses for the player and while
 * its own dialogs are open). `running` is not changed by either. */
void            chess_clock_pause             (ChessClock         *self);
void            chess_clock_resume            (ChessClock         *self);
gboolean        chess_clock_is_paused         (ChessClock         *self);
/* TRUE unless a time source replaced g_get_monotonic_time (tests). */
gboolean        chess_clock_is_real_time      (ChessClock         *self);
/* The active side completed a move: charges its time, adds the increment
 * or delay, and switches to the other side (running if it was running).
 * Returns FALSE (and emits flag-fall) when its flag had already fallen. */
gboolean        chess_clock_press             (ChessClock         *self);
/* Reads the time source now and emits flag-fall if a flag has fallen;
 * the periodic tick does this too. Returns TRUE if a flag has fallen. */
gboolean        chess_clock_update            (ChessClock         *self);
/* Sets both times and the active side without starting or stopping
 * (take-back and loading use it). Clears fallen flags. */
void            chess_clock_set_times         (ChessClock         *self,
                                               gint64              white_ms,
                                               gint64              black_ms,
                                               ChessColor          active);

/* "5:00", "1:02:03", and tenths under ten seconds: "0:09.3". */
char           *chess_clock_format_time       (gint64              ms);
/* The PGN TimeControl tag value: "300", "300+2" (Fischer), "300d2"
 * (Bronstein, a ThinkChess extension) or "-" when untimed. */
char           *chess_clock_to_time_control_tag (ChessClock       *self);
/* Parses a TimeControl tag written by the function above ("300", "300+2",
 * "300d2", "-", "?"); FALSE with an error for anything else. */
gboolean        chess_clock_parse_time_control_tag (const char    *tag,
                                                    ChessClockMode *mode,
                                                    gint64        *initial_ms,
                                                    gint64        *increment_ms,
                                                    GError       **error);

G_END_DECLS
