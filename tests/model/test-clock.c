/* test-clock.c — ChessClock with an injected time source: nothing sleeps. */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "chess-clock.h"
#include "chess-game.h"

typedef struct
{
  gint64 now_us;
  guint  flags[CHESS_N_COLORS];
  guint  ticks;
  guint  running_notifies;
  guint  active_notifies;
  guint  paused_notifies;
} Fixture;

static gint64
fake_now (gpointer user_data)
{
  Fixture *f = user_data;
  return f->now_us;
}

static void
flag_fall_cb (ChessClock *clock, ChessColor color, Fixture *f)
{
  g_assert_false (chess_clock_is_running (clock));
  f->flags[color]++;
}

static void
tick_cb (ChessClock *clock, Fixture *f)
{
  f->ticks++;
}

static void
notify_cb (GObject *object, GParamSpec *pspec, Fixture *f)
{
  if (g_str_equal (pspec->name, "running"))
    f->running_notifies++;
  else if (g_str_equal (pspec->name, "active-color"))
    f->active_notifies++;
  else if (g_str_equal (pspec->name, "paused"))
    f->paused_notifies++;
}

static ChessClock *
make_clock (Fixture *f)
{
  ChessClock *clock = chess_clock_new ();

  f->now_us = 5 * G_USEC_PER_SEC;
  chess_clock_set_time_source (clock, fake_now, f, NULL);
  g_signal_connect (clock, "flag-fall", G_CALLBACK (flag_fall_cb), f);
  g_signal_connect (clock, "tick", G_CALLBACK (tick_cb), f);
  g_signal_connect (clock, "notify", G_CALLBACK (notify_cb), f);
  return clock;
}

static void
advance (Fixture *f, gint64 ms)
{
  f->now_us += ms * 1000;
}

static void
test_untimed (void)
{
  Fixture f = { 0, };
  ChessClock *clock = make_clock (&f);

  g_assert_false (chess_clock_is_timed (clock));
  g_assert_cmpint (chess_clock_get_mode (clock), ==, CHESS_CLOCK_UNTIMED);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  g_assert_cmpuint (f.running_notifies, ==, 1);
  advance (&f, 4500);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 4500);
  g_assert_true (chess_clock_press (clock));
  g_assert_cmpint (chess_clock_get_active_color (clock), ==, CHESS_COLOR_BLACK);
  advance (&f, 1000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 4500);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 1000);
  /* Untimed clocks never fall. */
  advance (&f, 1000LL * 3600 * 24);
  g_assert_false (chess_clock_update (clock));
  g_assert_cmpuint (f.flags[0] + f.flags[1], ==, 0);

  chess_clock_stop (clock);
  g_assert_false (chess_clock_is_running (clock));
  advance (&f, 5000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 1000 + 1000LL * 3600 * 24);
  g_assert_cmpuint (f.running_notifies, ==, 2);
  g_assert_finalize_object (clock);
}

/* A paused clock keeps its times through waiting, a press and a restart,
 * and counts again from the resume. */
static void
test_pause (void)
{
  Fixture f = { 0, };
  ChessClock *clock = make_clock (&f);
  chess_clock_set_time_control (clock, CHESS_CLOCK_FISCHER, 60000, 2000);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  advance (&f, 3000);
  chess_clock_pause (clock);
  g_assert_true (chess_clock_is_paused (clock));
  g_assert_true (chess_clock_is_running (clock));
  chess_clock_pause (clock);
  g_assert_cmpuint (f.paused_notifies, ==, 1);
  advance (&f, 600000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 57000);
  g_assert_false (chess_clock_update (clock));

  /* Stopping and starting while paused does not start the time. */
  chess_clock_stop (clock);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  advance (&f, 5000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 57000);

  chess_clock_resume (clock);
  g_assert_false (chess_clock_is_paused (clock));
  advance (&f, 1000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 56000);
  g_assert_true (chess_clock_press (clock));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 58000);
  advance (&f, 1500);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 58500);
  g_assert_cmpuint (f.paused_notifies, ==, 2);
  g_assert_finalize_object (clock);
}

static void
test_sudden_death (void)
{
  Fixture f = { 0, };
  ChessClock *clock = make_clock (&f);

  chess_clock_set_time_control (clock, CHESS_CLOCK_SUDDEN_DEATH, 60000, 5000);
  g_assert_true (chess_clock_is_timed (clock));
  g_assert_cmpint (chess_clock_get_increment_ms (clock), ==, 0);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 60000);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  g_assert_cmpuint (f.running_notifies, ==, 1);
  advance (&f, 20000);
  g_assert_true (chess_clock_press (clock));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 40000);
  g_assert_cmpuint (f.active_notifies, ==, 1);

  /* Paused time does not count. */
  chess_clock_stop (clock);
  advance (&f, 100000);
  chess_clock_start (clock, CHESS_COLOR_BLACK);
  advance (&f, 59999);
  g_assert_false (chess_clock_update (clock));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 1);
  advance (&f, 1);
  g_assert_true (chess_clock_update (clock));
  g_assert_cmpuint (f.flags[CHESS_COLOR_BLACK], ==, 1);
  g_assert_true (chess_clock_has_flag_fallen (clock, CHESS_COLOR_BLACK));
  g_assert_false (chess_clock_has_flag_fallen (clock, CHESS_COLOR_WHITE));
  g_assert_false (chess_clock_is_running (clock));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 0);
  /* Once only; a fallen flag cannot be pressed or restarted. */
  g_assert_true (chess_clock_update (clock));
  g_assert_false (chess_clock_press (clock));
  chess_clock_start (clock, CHESS_COLOR_BLACK);
  g_assert_false (chess_clock_is_running (clock));
  g_assert_cmpuint (f.flags[CHESS_COLOR_BLACK], ==, 1);

  /* Setting the times again clears the flag. */
  chess_clock_set_times (clock, 1000, 2000, CHESS_COLOR_WHITE);
  g_assert_false (chess_clock_has_flag_fallen (clock, CHESS_COLOR_BLACK));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 2000);
  g_assert_finalize_object (clock);
}

static void
test_late_press (void)
{
  Fixture f = { 0, };
  ChessClock *clock = make_clock (&f);

  /* The flag fell between two ticks: pressing reports it. */
  chess_clock_set_time_control (clock, CHESS_CLOCK_FISCHER, 3000, 2000);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  advance (&f, 3500);
  g_assert_false (chess_clock_press (clock));
  g_assert_cmpuint (f.flags[CHESS_COLOR_WHITE], ==, 1);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 0);
  g_assert_finalize_object (clock);
}

static void
test_fischer (void)
{
  Fixture f = { 0, };
  ChessClock *clock = make_clock (&f);

  chess_clock_set_time_control (clock, CHESS_CLOCK_FISCHER, 180000, 2000);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  advance (&f, 10000);
  chess_clock_press (clock);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 172000);
  advance (&f, 500);
  chess_clock_press (clock);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 181500);
  g_assert_finalize_object (clock);
}

static void
test_bronstein (void)
{
  Fixture f = { 0, };
  ChessClock *clock = make_clock (&f);

  chess_clock_set_time_control (clock, CHESS_CLOCK_BRONSTEIN, 60000, 3000);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  /* A fast move costs nothing … */
  advance (&f, 2000);
  chess_clock_press (clock);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 60000);
  /* … a slow one costs what exceeds the delay, even across a pause. */
  advance (&f, 4000);
  chess_clock_stop (clock);
  advance (&f, 50000);
  chess_clock_start (clock, CHESS_COLOR_BLACK);
  advance (&f, 4000);
  chess_clock_press (clock);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 55000);
  g_assert_finalize_object (clock);
}

static gboolean
quit_on_tick_cb (gpointer user_data)
{
  return G_SOURCE_REMOVE;
}

static void
test_tick (void)
{
  Fixture f = { 0, };
  ChessClock *clock = chess_clock_new ();
  guint guard;

  g_signal_connect (clock, "tick", G_CALLBACK (tick_cb), &f);
  chess_clock_start (clock, CHESS_COLOR_WHITE);
  /* Run the main loop until the first tick; a guard ends a hang. */
  guard = g_timeout_add_seconds (30, quit_on_tick_cb, NULL);
  while (f.ticks == 0)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (guard);
  g_assert_cmpuint (f.ticks, >=, 1);

  /* No ticks once stopped. */
  chess_clock_stop (clock);
  f.ticks = 0;
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (f.ticks, ==, 0);
  g_assert_finalize_object (clock);
}

static void
test_format (void)
{
  struct { gint64 ms; const char *text; } cases[] = {
    { 0, "0:00.0" },
    { 9950, "0:09.9" },
    { 10000, "0:10" },
    { 65400, "1:05" },
    { 300000, "5:00" },
    { 3723000, "1:02:03" },
    { -5, "0:00.0" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = chess_clock_format_time (cases[i].ms);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_time_control_tag (void)
{
  Fixture f = { 0, };
  ChessClock *clock = make_clock (&f);
  struct { ChessClockMode mode; gint64 initial, increment; const char *tag; } cases[] = {
    { CHESS_CLOCK_UNTIMED, 0, 0, "-" },
    { CHESS_CLOCK_SUDDEN_DEATH, 300000, 0, "300" },
    { CHESS_CLOCK_FISCHER, 180000, 2000, "180+2" },
    { CHESS_CLOCK_BRONSTEIN, 600000, 5000, "600d5" },
  };
  const char *bad[] = { "40/7200:3600", "abc", "300+", "0", "+5", "300+2x", "99999999999" };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *tag = NULL;
      ChessClockMode mode;
      gint64 initial, increment;

      chess_clock_set_time_control (clock, cases[i].mode, cases[i].initial, cases[i].increment);
      tag = chess_clock_to_time_control_tag (clock);
      g_assert_cmpstr (tag, ==, cases[i].tag);
      g_assert_true (chess_clock_parse_time_control_tag (tag, &mode, &initial, &increment, NULL));
      g_assert_cmpint (mode, ==, cases[i].mode);
      g_assert_cmpint (initial, ==, cases[i].initial);
      g_assert_cmpint (increment, ==, cases[i].increment);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (chess_clock_parse_time_control_tag (bad[i], NULL, NULL, NULL, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
  g_assert_finalize_object (clock);
}

/* ---- A game's clocks while other lines of it are followed ---- */

static ChessGame *
make_game (Fixture *f)
{
  ChessGame *game = chess_game_new ();

  f->now_us = 5 * G_USEC_PER_SEC;
  chess_clock_set_time_source (chess_game_get_clock (game), fake_now, f, NULL);
  return game;
}

/* Plays `san` after `ms` of thought. */
static void
play_after (ChessGame  *game,
            Fixture    *f,
            gint64      ms,
            const char *san)
{
  g_autoptr(GError) error = NULL;

  advance (f, ms);
  g_assert_true (chess_game_play (game, san, &error));
  g_assert_no_error (error);
}

static void
assert_clocks (ChessGame *game,
               gint64     white_ms,
               gint64     black_ms)
{
  ChessClock *clock = chess_game_get_clock (game);

  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, white_ms);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, black_ms);
}

/* What a retry of a reviewed move does: another move where `ply` moves
 * were played (into a variation, the game being over), an answer, and
 * the variation deleted again; then the game's last move looked at. */
static void
visit_variation (ChessGame  *game,
                 guint       ply,
                 const char *attempt,
                 const char *answer)
{
  g_autoptr(GError) error = NULL;
  ChessTreeNode *parent = chess_game_get_node_at (game, ply);
  ChessTreeNode *end = chess_game_get_node_at (game, chess_game_get_move_count (game));
  ChessTreeNode *variation;

  g_assert_true (chess_game_select_node (game, parent));
  g_assert_true (chess_game_play (game, attempt, &error));
  g_assert_no_error (error);
  g_assert_true (chess_game_play (game, answer, &error));
  g_assert_no_error (error);
  variation = chess_game_get_node_at (game, ply + 1);
  g_assert_true (variation != parent->children[0]);
  g_assert_true (chess_game_select_node (game, parent));
  g_assert_true (chess_game_delete_variation (game, variation));
  g_assert_true (chess_game_select_node (game, end));
}

static void
test_game_lines_untimed (void)
{
  Fixture f = { 0, };
  ChessGame *game = make_game (&f);
  ChessTreeNode *variation;
  g_autoptr(GError) error = NULL;

  play_after (game, &f, 0, "e4");
  play_after (game, &f, 4000, "e5");
  play_after (game, &f, 3000, "Nf3");
  play_after (game, &f, 5000, "Nc6");
  play_after (game, &f, 2000, "Bc4");
  /* Black thinks 7 s, then resigns: that time stays on Black's clock. */
  advance (&f, 7000);
  chess_game_resign (game, CHESS_COLOR_BLACK);
  advance (&f, 60000);
  assert_clocks (game, 5000, 16000);

  visit_variation (game, 2, "Bc4", "Nc6");
  assert_clocks (game, 5000, 16000);
  /* Again, and at another move (retries one after the other). */
  visit_variation (game, 2, "d4", "exd4");
  assert_clocks (game, 5000, 16000);
  visit_variation (game, 3, "d6", "d4");
  assert_clocks (game, 5000, 16000);

  /* A variation kept and chosen from the move list, then the main line. */
  g_assert_true (chess_game_select_node (game, chess_game_get_node_at (game, 4)));
  g_assert_true (chess_game_play (game, "Bb5", &error));
  g_assert_no_error (error);
  variation = chess_game_get_node_at (game, 5);
  g_assert_true (chess_game_select_node (game, chess_tree_main_end (chess_game_get_tree (game))));
  assert_clocks (game, 5000, 16000);
  g_assert_true (chess_game_select_node (game, variation));
  g_assert_true (chess_game_select_node (game, chess_tree_main_end (chess_game_get_tree (game))));
  assert_clocks (game, 5000, 16000);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 5);
  g_assert_finalize_object (game);
}

static void
test_game_lines_flag (void)
{
  Fixture f = { 0, };
  ChessGame *game = make_game (&f);
  ChessClock *clock = chess_game_get_clock (game);

  chess_game_set_time_control (game, CHESS_CLOCK_SUDDEN_DEATH, 60000, 0);
  chess_game_start_clock (game);
  play_after (game, &f, 2000, "e4");
  play_after (game, &f, 1000, "e5");
  play_after (game, &f, 1000, "Nf3");
  play_after (game, &f, 3000, "Nc6");
  /* White's flag falls: 57 s were left after White's last move. */
  advance (&f, 57000);
  g_assert_true (chess_clock_update (clock));
  g_assert_true (chess_game_is_over (game));
  g_assert_cmpint (chess_game_get_reason (game), ==, CHESS_GAME_REASON_TIME_FORFEIT);
  assert_clocks (game, 0, 56000);

  visit_variation (game, 2, "d4", "exd4");
  assert_clocks (game, 0, 56000);
  visit_variation (game, 1, "c5", "Nf3");
  assert_clocks (game, 0, 56000);
  g_assert_cmpint (chess_game_get_clock_ms_at (game, 2), ==, 57000);
  g_assert_finalize_object (game);
}

/* A game opened from a file, its clocks from its [%clk] times and the
 * clocks as they stood when saved: moves taken back, a variation played
 * there, then the main line again, its clocks as they were. */
static void
test_game_lines_take_back (void)
{
  Fixture f = { 0, };
  ChessGame *game = make_game (&f);
  ChessGame *loaded = make_game (&f);
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autoptr(GError) error = NULL;
  ChessTreeNode *variation;

  chess_game_set_time_control (game, CHESS_CLOCK_SUDDEN_DEATH, 60000, 0);
  chess_game_start_clock (game);
  play_after (game, &f, 2000, "e4");
  play_after (game, &f, 1000, "e5");
  play_after (game, &f, 1000, "Nf3");
  play_after (game, &f, 3000, "Nc6");
  advance (&f, 4000);
  pgn = chess_game_to_pgn (game);
  g_assert_true (chess_game_load_pgn (loaded, pgn, &error));
  g_assert_no_error (error);
  assert_clocks (loaded, 53000, 56000);

  g_assert_true (chess_game_take_back (loaded));
  g_assert_true (chess_game_take_back (loaded));
  assert_clocks (loaded, 58000, 59000);
  g_assert_true (chess_game_play (loaded, "d4", &error));
  g_assert_no_error (error);
  variation = chess_game_get_node_at (loaded, 3);
  g_assert_true (variation != chess_game_get_node_at (loaded, 2)->children[0]);
  assert_clocks (loaded, 58000, 59000);

  g_assert_true (chess_game_select_node (loaded, chess_tree_main_end (chess_game_get_tree (loaded))));
  assert_clocks (loaded, 53000, 56000);
  g_assert_cmpint (chess_game_get_clock_ms_at (loaded, 2), ==, 57000);
  g_assert_cmpint (chess_game_get_clock_ms_at (loaded, 3), ==, 56000);
  g_assert_true (chess_game_select_node (loaded, variation));
  g_assert_cmpint (chess_game_get_clock_ms_at (loaded, 2), ==, 58000);
  g_assert_true (chess_game_select_node (loaded, chess_tree_main_end (chess_game_get_tree (loaded))));
  assert_clocks (loaded, 53000, 56000);
  g_assert_finalize_object (loaded);
  g_assert_finalize_object (game);
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/clock/untimed", test_untimed);
  g_test_add_func ("/clock/sudden-death", test_sudden_death);
  g_test_add_func ("/clock/late-press", test_late_press);
  g_test_add_func ("/clock/fischer", test_fischer);
  g_test_add_func ("/clock/bronstein", test_bronstein);
  g_test_add_func ("/clock/tick", test_tick);
  g_test_add_func ("/clock/pause", test_pause);
  g_test_add_func ("/clock/format", test_format);
  g_test_add_func ("/clock/time-control-tag", test_time_control_tag);
  g_test_add_func ("/clock/game-lines/untimed", test_game_lines_untimed);
  g_test_add_func ("/clock/game-lines/flag", test_game_lines_flag);
  g_test_add_func ("/clock/game-lines/take-back", test_game_lines_take_back);

  return g_test_run ();
}
