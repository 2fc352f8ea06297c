/* test-adw-window.c — the window as libadwaita shows it, in process: the
 * header bar and its title, toasts for notices, refusals that stay in the
 * status line, and pausing a timed game (by the player and by dialogs). */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "chess-alerts.h"
#include "chess-preferences-dialog.h"
#include "chess-window.h"

#include "app-test-util.h"

static gint64 fake_now;

static gint64
fake_time (gpointer user_data)
{
  return fake_now;
}

static void
remove_autosave (void)
{
  g_autofree char *path = g_build_filename (app_test_data_home (), "thinkchess", "last-game.pgn", NULL);

  g_remove (path);
}

static const char *
status (ChessWindow *window)
{
  return gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "status_label")));
}

static gboolean
play (ChessWindow *window,
      const char  *move)
{
  g_autoptr(GError) error = NULL;
  gboolean played = chess_game_play (chess_window_get_game (window), move, &error);

  app_test_spin ();
  return played;
}

/* Types `text` into the move entry and presses Enter. */
static void
type_move (ChessWindow *window,
           const char  *text)
{
  GtkWidget *entry = app_test_window_child (window, "move_entry");

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
  app_test_spin ();
}

static void
run_main_loop_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      app_test_spin ();
      g_usleep (20000);
    }
}

static void
test_header_bar (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  g_autoptr(ChessGame) game = chess_game_new ();
  ChessWindow *window;
  AdwWindowTitle *title;

  remove_autosave ();
  window = app_test_new_window ();
  title = ADW_WINDOW_TITLE (app_test_window_child (window, "window_title"));

  g_assert_true (ADW_IS_HEADER_BAR (app_test_window_child (window, "header_bar")));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (app_test_window_child (window, "new_game_button"))),
                   ==, "win.new-game");
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (app_test_window_child (window, "undo_button"))),
                   ==, "win.undo");
  g_assert_false (gtk_widget_get_sensitive (app_test_window_child (window, "undo_button")));
  play (window, "e4");
  g_assert_true (gtk_widget_get_sensitive (app_test_window_child (window, "undo_button")));
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "ThinkChess");
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "");

  /* A game of named players from an event: their names, the event and year. */
  chess_game_set_player_name (game, CHESS_COLOR_WHITE, "Kasparov, Garry");
  chess_game_set_player_name (game, CHESS_COLOR_BLACK, "Topalov, Veselin");
  chess_game_set_tag (game, "Event", "Hoogovens");
  chess_game_set_tag (game, "Date", "1999.01.20");
  chess_window_set_game (window, game);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "Kasparov, Garry – Topalov, Veselin");
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "Hoogovens 1999");
  /* The window's own title (window list, Alt+Tab) says the same. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "Kasparov, Garry – Topalov, Veselin – ThinkChess");

  /* A file's name wins, with the unsaved mark in both titles. */
  chess_window_set_document_name (window, "kasparov.pgn", FALSE);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "kasparov.pgn");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "kasparov.pgn – ThinkChess");
  chess_window_set_document_name (window, "kasparov.pgn", TRUE);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "*kasparov.pgn");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "*kasparov.pgn – ThinkChess");

  app_test_destroy_window (window);
}

/* A refusal stays (there is no timeout) until the next move clears it;
 * a notice is a toast and leaves the status line alone. */
static void
test_status_line (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessWindow *window;
  GtkWidget *label;

  remove_autosave ();
  window = app_test_new_window ();
  label = app_test_window_child (window, "status_label");

  type_move (window, "xyz");
  g_assert_nonnull (strstr (status (window), "xyz"));
  g_assert_true (gtk_widget_has_css_class (label, "refusal"));
  run_main_loop_for (4500);
  g_assert_nonnull (strstr (status (window), "xyz"));

  /* Refused again, then a legal move: the refusal goes. */
  type_move (window, "e5");
  g_assert_true (gtk_widget_has_css_class (label, "refusal"));
  type_move (window, "e4");
  g_assert_cmpstr (status (window), ==, "Black to move. Last move: e4");
  g_assert_false (gtk_widget_has_css_class (label, "refusal"));

  /* Copying the position is a notice: a toast, the status unchanged. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-fen", NULL));
  app_test_spin ();
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_assert_true (app_test_shows_label (app_test_window_child (window, "toast_overlay"), "Position copied as FEN"));
  g_assert_cmpstr (status (window), ==, "Black to move. Last move: e4");
  g_assert_false (gtk_widget_has_css_class (label, "refusal"));

  app_test_destroy_window (window);
}

/* Results as players write them, with the players' names. */
static void
test_result_texts (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessWindow *window;

  remove_autosave ();
  window = app_test_new_window ();
  play (window, "e4");
  chess_game_agree_draw (chess_window_get_game (window));
  app_test_spin ();
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "result_screen")));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "result_score"))),
                   ==, "½–½");

  g_settings_set_string (settings, "white-name", "Anna");
  g_settings_set_string (settings, "black-name", "Bruno");
  chess_window_new_game (window);
  g_assert_true (play (window, "f3") && play (window, "e5") && play (window, "g4") && play (window, "Qh4#"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "result_label"))),
                   ==, "Bruno wins by checkmate");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "result_score"))),
                   ==, "0–1");
  app_test_destroy_window (window);
}

static gboolean
action_enabled (ChessWindow *window,
                const char  *action)
{
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  /* A button bound to the action is sensitive exactly when it is enabled. */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  gtk_box_append (GTK_BOX (app_test_window_child (window, "side_panel")), probe);
  app_test_spin ();
  enabled = gtk_widget_get_sensitive (probe);
  gtk_box_remove (GTK_BOX (app_test_window_child (window, "side_panel")), probe);
  return enabled;
}

static void
test_pause (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessWindow *window;
  ChessClock *clock;
  GObject *board;
  gboolean interactive = FALSE;

  remove_autosave ();
  window = app_test_new_window ();
  board = G_OBJECT (chess_window_get_board (window));

  /* Untimed: nothing to pause. */
  g_assert_false (action_enabled (window, "win.pause"));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "pause_button")));
  chess_window_set_paused (window, TRUE);
  g_assert_false (chess_window_get_paused (window));

  /* Five minutes each. */
  g_settings_set_int (settings, "time-minutes", 5);
  chess_window_new_game (window);
  clock = chess_game_get_clock (chess_window_get_game (window));
  fake_now = G_USEC_PER_SEC;
  chess_clock_set_time_source (clock, fake_time, NULL, NULL);
  g_assert_true (play (window, "e4"));
  g_assert_true (action_enabled (window, "win.pause"));
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "pause_button")));
  fake_now += 2 * G_USEC_PER_SEC;

  /* Ctrl+P's action: the clock stands, the board takes no moves. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pause", NULL));
  app_test_spin ();
  g_assert_true (chess_window_get_paused (window));
  g_assert_true (chess_clock_is_paused (clock));
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "pause_screen")));
  g_assert_cmpstr (status (window), ==, "The game is paused.");
  g_object_get (board, "interactive", &interactive, NULL);
  g_assert_false (interactive);
  g_assert_false (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));
  fake_now += 60 * G_USEC_PER_SEC;
  chess_window_update_clocks (window);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 298000);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "black_clock"))),
                   ==, "4:58");

  /* Resume: the time runs on from where it stood. */
  g_signal_emit_by_name (app_test_window_child (window, "resume_button"), "clicked");
  app_test_spin ();
  g_assert_false (chess_window_get_paused (window));
  g_assert_false (chess_clock_is_paused (clock));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "pause_screen")));
  g_object_get (board, "interactive", &interactive, NULL);
  g_assert_true (interactive);
  fake_now += G_USEC_PER_SEC;
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 297000);
  g_assert_cmpstr (status (window), ==, "Black to move. Last move: e4");

  /* A modal dialog of the app holds the clock while it is open. */
  {
    ChessPreferencesDialog *dialog = chess_preferences_dialog_new (GTK_WINDOW (window), settings);

    chess_window_hold_clock_for (window, GTK_WIDGET (dialog));
    gtk_window_present (GTK_WINDOW (dialog));
    app_test_spin ();
    g_assert_true (chess_clock_is_paused (clock));
    g_assert_false (chess_window_get_paused (window));
    fake_now += 30 * G_USEC_PER_SEC;
    g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 297000);
    gtk_window_close (GTK_WINDOW (dialog));
    app_test_spin ();
    g_assert_false (chess_clock_is_paused (clock));
  }

  /* Paused, then the game ends: no pause left over. */
  chess_window_set_paused (window, TRUE);
  chess_game_resign (chess_window_get_game (window), CHESS_COLOR_BLACK);
  app_test_spin ();
  g_assert_false (chess_window_get_paused (window));
  g_assert_false (action_enabled (window, "win.pause"));

  app_test_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-adw-XXXXXX",
                       APP_TEST_ENGLISH))
    return 0;

  g_test_add_func ("/adw/header-bar", test_header_bar);
  g_test_add_func ("/adw/status-line", test_status_line);
  g_test_add_func ("/adw/pause", test_pause);
  g_test_add_func ("/adw/result-texts", test_result_texts);

  return app_test_end (g_test_run ());
}
