/* test-computer.c — playing the computer in the window: the new-game
 * dialog's choices, the computer's turns with the built-in engine at its
 * lowest level (its clock, the board closed to the person meanwhile),
 * undo and redo by move pairs, searches stopped by a new game, a
 * take-back or a pasted position, and an external engine that crashes
 * (tests/model/fake-engine) leaving the game as it was. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chess-alerts.h"
#include "chess-engine-levels.h"
#include "chess-external-registry.h"
#include "chess-engines-page.h"
#include "chess-new-game-dialog.h"
#include "chess-opponent-dialog.h"
#include "chess-window-actions.h"
#include "chess-window-computer.h"

#include "app-test-util.h"

/* The `index`-th widget of `type` below `root`, in tree order. */
static GtkWidget *
child_of_type (GtkWidget *root,
               GType      type,
               guint      index)
{
  g_autoptr(GPtrArray) queue = g_ptr_array_new ();

  g_ptr_array_add (queue, root);
  for (guint i = 0; i < queue->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (queue, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && index-- == 0)
        return widget;
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        g_ptr_array_add (queue, c);
    }
  g_assert_not_reached ();
}

/* The button that removes an engine added by hand. */
static GtkWidget *
find_remove_button (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && g_object_get_data (G_OBJECT (widget), "engine-id") != NULL)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_remove_button (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef gboolean (*Condition) (ChessWindow *window, gpointer data);

typedef struct
{
  ChessWindow *window;
  Condition    condition;
  gpointer     data;
} WindowCondition;

static gboolean
window_condition_holds (gpointer user_data)
{
  WindowCondition *c = user_data;

  return c->condition (c->window, c->data);
}

/* Runs the main loop until `condition` holds; FALSE after `seconds`. */
static gboolean
wait_for (ChessWindow *window,
          Condition    condition,
          gpointer     data,
          guint        seconds)
{
  WindowCondition c = { window, condition, data };

  return model_test_run_until (window_condition_holds, &c, seconds * 1000);
}

static gboolean
has_moves (ChessWindow *window,
           gpointer     data)
{
  return chess_game_get_move_count (chess_window_get_game (window)) >= GPOINTER_TO_UINT (data);
}

static gboolean
is_thinking (ChessWindow *window,
             gpointer     data)
{
  return _chess_window_computer_is_thinking (window);
}

static gboolean
has_alert (ChessWindow *window,
           gpointer     data)
{
  return chess_alert_get_n_open () > 0;
}

static void
play (ChessWindow *window,
      const char  *move)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (chess_game_play (chess_window_get_game (window), move, &error));
  g_assert_no_error (error);
}

/* 1. e4, the computer's answer as Black, 2. d4 (the move on which
 * add_fake_engine's engines misbehave). */
static void
play_to_second_engine_move (ChessWindow *window)
{
  play (window, "e4");
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (2), 10));
  play (window, "d4");
}

/* Settings for a new game: `white` and `black` are "human", "builtin"
 * (at the lowest level) or an external engine's id. */
static GSettings *
settings_for (const char *white,
              const char *black,
              int         minutes)
{
  GSettings *settings = app_test_fresh_settings ();
  const char *sides[2] = { white, black };

  for (int c = 0; c < 2; c++)
    {
      const char *prefix = c == 0 ? "white" : "black";
      g_autofree char *player = g_strconcat (prefix, "-player", NULL);
      g_autofree char *engine = g_strconcat (prefix, "-engine", NULL);
      g_autofree char *level = g_strconcat (prefix, "-level", NULL);
      gboolean human = g_str_equal (sides[c], "human");

      g_settings_set_enum (settings, player, human ? 0 : 1);
      g_settings_set_string (settings, engine,
                             human || g_str_equal (sides[c], "builtin") ? "" : sides[c]);
      g_settings_set_int (settings, level, 0);
    }
  g_settings_set_int (settings, "time-minutes", minutes);
  return settings;
}

/* ---- The new-game dialog ---- */

static void
test_dialog_choices (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessNewGameDialog *dialog = chess_new_game_dialog_new (NULL, settings);
  GtkWidget *name = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "black_name");
  GtkDropDown *engine = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "black_engine");
  GtkDropDown *level = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "black_level");
  GtkStringObject *item;
  int width = 0;
  g_autofree char *engine_id = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  app_test_spin ();

  /* A person by default: named, no engine shown. */
  g_assert_true (gtk_widget_get_visible (name));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (engine)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (level)));

  /* The computer: the built-in engine first, at named levels with Elo. */
  gtk_toggle_button_set_active (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "black_computer"), TRUE);
  g_assert_false (gtk_widget_get_visible (name));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (engine)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (level)));
  item = g_list_model_get_item (gtk_drop_down_get_model (engine), 0);
  g_assert_cmpstr (gtk_string_object_get_string (item), ==, "ThinkChess (built in)");
  g_object_unref (item);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (level)), ==,
                    (guint) chess_engine_n_levels);
  item = g_list_model_get_item (gtk_drop_down_get_model (level), 0);
  g_assert_cmpstr (gtk_string_object_get_string (item), ==, "Beginner (Elo 700)");
  g_object_unref (item);
  /* The label's mnemonic now goes to the engine. */
  g_assert_true (gtk_label_get_mnemonic_widget (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                                "black_label")) == GTK_WIDGET (engine));

  /* Narrow screens: the dialog fits 360 px. */
  gtk_widget_measure (GTK_WIDGET (dialog), GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
  g_test_message ("new-game dialog minimum width with a computer: %d", width);
  g_assert_cmpint (width, <=, 360);

  gtk_drop_down_set_selected (level, 3);
  chess_new_game_dialog_start (dialog);
  app_test_spin ();
  g_assert_cmpint (g_settings_get_enum (settings, "black-player"), ==, 1);
  g_assert_cmpint (g_settings_get_enum (settings, "white-player"), ==, 0);
  g_assert_cmpint (g_settings_get_int (settings, "black-level"), ==, 3);
  engine_id = g_settings_get_string (settings, "black-engine");
  g_assert_cmpstr (engine_id, ==, "");

  /* Remembered. */
  dialog = chess_new_game_dialog_new (NULL, settings);
  g_assert_true (gtk_toggle_button_get_active (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                               "black_computer")));
  g_assert_cmpuint (gtk_drop_down_get_selected (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                                "black_level")), ==, 3);
  g_assert_true (gtk_toggle_button_get_active (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                               "white_human")));
  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_spin ();
}

/* ---- The computer's turns ---- */

static void
test_computer_answers (void)
{
  g_autoptr(GSettings) settings = settings_for ("human", "builtin", 0);
  ChessWindow *window = app_test_new_window ();
  ChessBoardView *board = chess_window_get_board (window);
  ChessGame *game;

  chess_window_new_game (window);
  game = chess_window_get_game (window);
  g_assert_cmpstr (chess_game_get_player_name (game, CHESS_COLOR_BLACK), ==, "ThinkChess (Beginner)");
  g_assert_cmpstr (chess_game_get_tag (game, "BlackType"), ==, "program");
  g_assert_cmpstr (chess_game_get_tag (game, "WhiteType"), ==, "human");
  g_assert_nonnull (_chess_window_computer_get_player (window, CHESS_COLOR_BLACK));
  g_assert_null (_chess_window_computer_get_player (window, CHESS_COLOR_WHITE));
  model_test_run_for (300);
  /* White (the person) moves first: the computer waits. */
  g_assert_false (_chess_window_computer_is_thinking (window));
  g_assert_true (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));

  play (window, "e4");
  g_assert_true (wait_for (window, is_thinking, NULL, 5));
  /* Its turn: the board and the move field are closed to the person, and
   * the status line says who thinks. */
  {
    gboolean interactive = TRUE;

    g_object_get (board, "interactive", &interactive, NULL);
    g_assert_false (interactive);
  }
  g_assert_false (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));
  g_assert_nonnull (strstr (chess_window_get_status_text (window), "ThinkChess (Beginner) is thinking"));

  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (2), 10));
  g_assert_cmpint (chess_game_get_side_to_move (game), ==, CHESS_COLOR_WHITE);
  g_assert_false (_chess_window_computer_is_thinking (window));
  g_assert_true (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));
  g_assert_null (strstr (chess_window_get_status_text (window), "thinking"));

  /* Undo takes back the pair; redo replays it, the computer's move as it was. */
  {
    ChessMove reply = chess_game_get_move (game, 1);

    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
    g_assert_cmpuint (chess_game_get_move_count (game), ==, 0);
    model_test_run_for (500);
    g_assert_cmpuint (chess_game_get_move_count (game), ==, 0);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
    g_assert_cmpuint (chess_game_get_move_count (game), ==, 2);
    g_assert_true (chess_game_get_move (game, 1) == reply);
    model_test_run_for (500);
    g_assert_cmpuint (chess_game_get_move_count (game), ==, 2);
  }

  /* A take-back while it thinks stops it: the person's move is gone and
   * no late reply lands. */
  play (window, "d4");
  g_assert_true (wait_for (window, is_thinking, NULL, 5));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 2);
  g_assert_false (_chess_window_computer_is_thinking (window));
  model_test_run_for (1500);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 2);

  app_test_destroy_window (window);
}

static void
test_new_game_while_thinking (void)
{
  g_autoptr(GSettings) settings = settings_for ("human", "builtin", 0);
  ChessWindow *window = app_test_new_window ();
  ChessGame *old_game;

  chess_window_new_game (window);
  old_game = g_object_ref (chess_window_get_game (window));
  play (window, "e4");
  g_assert_true (wait_for (window, is_thinking, NULL, 5));
  chess_window_new_game (window);
  g_assert_true (chess_window_get_game (window) != old_game);
  model_test_run_for (1500);
  /* Nothing landed on the new game, nor on the old one. */
  g_assert_cmpuint (chess_game_get_move_count (chess_window_get_game (window)), ==, 0);
  g_assert_cmpuint (chess_game_get_move_count (old_game), ==, 1);
  g_object_unref (old_game);

  /* A pasted position: the computer plays on from there when it is its
   * turn, and its think about the old position is dropped. */
  play (window, "e4");
  g_assert_true (wait_for (window, is_thinking, NULL, 5));
  _chess_window_actions_paste (window, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
  /* The game with e4 is not saved: the person lets it go. */
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 1);
  g_assert_true (chess_alert_respond (CHESS_UNSAVED_DISCARD));
  app_test_spin ();
  g_assert_cmpuint (chess_game_get_move_count (chess_window_get_game (window)), ==, 0);
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (1), 10));
  g_assert_cmpint (chess_game_get_side_to_move (chess_window_get_game (window)), ==, CHESS_COLOR_WHITE);
  g_assert_cmpstr (chess_game_get_tag (chess_window_get_game (window), "BlackType"), ==, "program");
  model_test_run_for (800);
  g_assert_cmpuint (chess_game_get_move_count (chess_window_get_game (window)), ==, 1);

  /* Destroying the window while it thinks leaves nothing behind. */
  play (window, "Kd1");
  g_assert_true (wait_for (window, is_thinking, NULL, 5));
  app_test_destroy_window (window);
  model_test_run_for (300);
}

static void
test_computer_vs_computer_timed (void)
{
  g_autoptr(GSettings) settings = settings_for ("builtin", "builtin", 1);
  ChessWindow *window = app_test_new_window ();
  ChessGame *game;
  ChessClock *clock;

  chess_window_new_game (window);
  game = chess_window_get_game (window);
  clock = chess_game_get_clock (game);
  /* White is the computer: it starts at once, on its own clock. */
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (6), 20));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), <, 60000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), <, 60000);
  g_assert_cmpint (chess_game_get_clock_ms_at (game, 0), >, 0);

  /* Pause stops it; nothing is played while paused. */
  chess_window_set_paused (window, TRUE);
  g_assert_false (_chess_window_computer_is_thinking (window));
  {
    guint count = chess_game_get_move_count (game);

    model_test_run_for (1200);
    g_assert_cmpuint (chess_game_get_move_count (game), ==, count);
    chess_window_set_paused (window, FALSE);
    g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (count + 2), 10));
  }
  app_test_destroy_window (window);
}

/* A game against the computer continued from the autosave: the computer
 * waits behind the start screen, and plays on once the game goes on. */
static void
test_continue_last_game (void)
{
  g_autoptr(GSettings) settings = settings_for ("human", "builtin", 0);
  ChessWindow *window = app_test_new_window ();
  ChessGame *game;

  chess_window_new_game (window);
  play_to_second_engine_move (window);
  app_test_destroy_window (window);

  /* The new-game settings changed meanwhile: the game's tags decide. */
  g_settings_set_enum (settings, "black-player", 0);
  window = app_test_new_window ();
  game = chess_window_get_game (window);
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);
  g_assert_nonnull (_chess_window_computer_get_player (window, CHESS_COLOR_BLACK));
  model_test_run_for (800);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);
  g_signal_emit_by_name (app_test_window_child (window, "continue_button"), "clicked");
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (4), 10));
  app_test_destroy_window (window);
}

/* The start card's Play the Computer, on a first start and over an
 * unfinished last game: the person plays White against the built-in engine
 * at the level the card shows (the remembered one, changed there), and the
 * computer answers 1. e4. Two Players then asks no computer. */
static void
test_start_card_play_computer (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessWindow *window;
  ChessGame *game;
  GtkDropDown *level;

  app_test_remove_autosave ();
  window = app_test_new_window ();
  level = GTK_DROP_DOWN (app_test_window_child (window, "start_level"));
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  /* A first start suggests the settings' default level, Casual. */
  g_assert_cmpuint (gtk_drop_down_get_selected (level), ==, 2);
  gtk_drop_down_set_selected (level, 1);
  g_signal_emit_by_name (app_test_window_child (window, "play_computer_button"), "clicked");
  app_test_spin ();
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  game = chess_window_get_game (window);
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  /* The window's focus, whether or not the display made it active. */
  g_assert_true (gtk_widget_is_focus (GTK_WIDGET (chess_window_get_board (window))));
  g_assert_cmpstr (chess_game_get_tag (game, "WhiteType"), ==, "human");
  g_assert_cmpstr (chess_game_get_tag (game, "BlackType"), ==, "program");
  g_assert_cmpstr (chess_game_get_tag (game, "BlackEngine"), ==, "builtin 1");
  g_assert_cmpstr (chess_game_get_player_display_name (game, CHESS_COLOR_BLACK), ==,
                   "ThinkChess (Novice)");
  g_assert_null (_chess_window_computer_get_player (window, CHESS_COLOR_WHITE));
  g_assert_nonnull (_chess_window_computer_get_player (window, CHESS_COLOR_BLACK));
  /* Remembered as the New Game dialog remembers its choices. */
  g_assert_cmpint (g_settings_get_enum (settings, "black-player"), ==, 1);
  g_assert_cmpint (g_settings_get_int (settings, "black-level"), ==, 1);
  play (window, "e4");
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (2), 10));
  app_test_destroy_window (window);

  /* The next start offers that game, and suggests the level it was at;
   * Two Players replaces it with no question and no computer. */
  window = app_test_new_window ();
  level = GTK_DROP_DOWN (app_test_window_child (window, "start_level"));
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "continue_button")));
  g_assert_true (gtk_widget_has_css_class (app_test_window_child (window, "continue_button"),
                                           "suggested-action"));
  g_assert_false (gtk_widget_has_css_class (app_test_window_child (window, "play_computer_button"),
                                            "suggested-action"));
  g_assert_cmpuint (gtk_drop_down_get_selected (level), ==, 1);
  g_signal_emit_by_name (app_test_window_child (window, "two_players_button"), "clicked");
  app_test_spin ();
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  game = chess_window_get_game (window);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 0);
  g_assert_cmpstr (chess_game_get_tag (game, "BlackType"), ==, "human");
  g_assert_null (_chess_window_computer_get_player (window, CHESS_COLOR_BLACK));
  /* The level stays remembered for the next game against the computer. */
  g_assert_cmpint (g_settings_get_enum (settings, "black-player"), ==, 0);
  g_assert_cmpint (g_settings_get_int (settings, "black-level"), ==, 1);
  play (window, "e4");
  model_test_run_for (1500);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 1);
  app_test_destroy_window (window);
}

static gboolean
is_over (ChessWindow *window,
         gpointer     data)
{
  return chess_game_is_over (chess_window_get_game (window));
}

static gboolean
offer_answered (ChessWindow *window,
                gpointer     data)
{
  return !chess_game_get_draw_offered (chess_window_get_game (window), NULL);
}

static const char *
status_text (ChessWindow *window)
{
  return gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "status_label")));
}

/* Black, the computer, has no knight on g8; White, the person, to move. */
#define BLACK_KNIGHT_DOWN "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* White has no knight on g1: the computer is a knight up. */
#define BLACK_KNIGHT_UP "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"

/* A draw offered to the computer (Black) at `level` in `fen`, the person
 * to move: it is pending while the computer judges, and the window goes
 * on meanwhile; TRUE when it was accepted. */
static gboolean
offer_draw (int         level,
            const char *fen,
            const char *before)
{
  g_autoptr(GSettings) settings = settings_for ("human", "builtin", 0);
  ChessWindow *window;
  ChessGame *game;
  gboolean accepted;
  g_autofree char *thinking = NULL;
  g_autofree char *declined = NULL;

  g_settings_set_int (settings, "black-level", level);
  window = app_test_new_window ();
  chess_window_new_game (window);
  game = chess_window_get_game (window);
  _chess_window_actions_paste (window, fen);
  app_test_spin ();
  if (before != NULL)
    {
      play (window, before);
      g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (2), 10));
    }
  thinking = g_strdup_printf ("%s is considering the draw offer…",
                              chess_player_get_name (_chess_window_computer_get_player (window, CHESS_COLOR_BLACK)));
  declined = g_strdup_printf ("%s declines the draw.",
                              chess_player_get_name (_chess_window_computer_get_player (window, CHESS_COLOR_BLACK)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL);
  /* No question to a person: the offer is pending, the answer not given
   * in the click. */
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  g_assert_true (chess_game_get_draw_offered (game, NULL));
  g_assert_false (chess_game_is_over (game));
  /* A second offer meanwhile asks nothing more. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL);
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  app_test_spin ();
  if (chess_game_get_draw_offered (game, NULL))
    g_assert_true (g_str_has_prefix (status_text (window), thinking));
  g_assert_true (wait_for (window, offer_answered, NULL, 20));
  accepted = chess_game_is_over (game);
  if (accepted)
    {
      g_autofree char *saved = NULL;

      g_assert_cmpint (chess_game_get_result (game), ==, CHESS_GAME_RESULT_DRAW);
      g_assert_cmpint (chess_game_get_reason (game), ==, CHESS_GAME_REASON_AGREEMENT);
      g_assert_true (g_file_get_contents (chess_game_get_autosave_file (game), &saved, NULL, NULL));
      g_assert_nonnull (strstr (saved, "[Result \"1/2-1/2\"]"));
    }
  else
    {
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      g_assert_true (app_test_shows_label (app_test_window_child (window, "toast_overlay"), declined));
      g_assert_cmpuint (chess_game_get_move_count (game), ==, before != NULL ? 2 : 0);
    }
  app_test_destroy_window (window);
  return accepted;
}

/* The computer answers on a search of the position, not on its level's
 * weakened judgement: a knight down it takes the draw, a knight up it
 * plays on, at Beginner as at Maximum. */
static void
test_draw_offer_level_independent (void)
{
  int levels[] = { 0, CHESS_ENGINE_LEVEL_MAX };

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_test_message ("level %d", levels[i]);
      g_assert_true (offer_draw (levels[i], BLACK_KNIGHT_DOWN, NULL));
      g_assert_false (offer_draw (levels[i], BLACK_KNIGHT_UP, NULL));
    }
  /* After the Beginner's own move, on its judgement of it. */
  g_assert_true (offer_draw (0, BLACK_KNIGHT_DOWN, "e4"));
}

/* Against the computer, the person resigns, and the computer answers a
 * draw offer itself: no question to a person. */
static void
test_draw_offer_and_resignation (void)
{
  g_autoptr(GSettings) settings = settings_for ("human", "builtin", 0);
  ChessWindow *window = app_test_new_window ();
  ChessGame *game;

  chess_window_new_game (window);
  game = chess_window_get_game (window);
  /* Black has only its king: the computer cannot win. */
  _chess_window_actions_paste (window, "4k3/8/8/8/8/8/QQ6/4K3 w - - 0 1");
  app_test_spin ();
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  play (window, "Kd2");
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (2), 10));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL);
  g_assert_true (wait_for (window, is_over, NULL, 10));
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  g_assert_cmpint (chess_game_get_reason (game), ==, CHESS_GAME_REASON_AGREEMENT);

  /* A move while the computer judges withdraws the offer: the game goes
   * on, and a later answer changes nothing. */
  chess_window_new_game (window);
  game = chess_window_get_game (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.offer-draw", NULL);
  g_assert_true (chess_game_get_draw_offered (game, NULL));
  play (window, "e4");
  g_assert_false (chess_game_get_draw_offered (game, NULL));
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (2), 10));
  model_test_run_for (300);
  g_assert_false (chess_game_is_over (game));

  /* Resigning while the computer thinks: the person (White) resigns. */
  play (window, "d4");
  g_assert_true (wait_for (window, is_thinking, NULL, 5));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.resign", NULL);
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 1);
  /* The question speaks to the person, and so does the result. */
  g_assert_cmpstr (chess_alert_get_detail (), ==, "If you resign, ThinkChess (Beginner) wins the game.");
  chess_alert_respond (CHESS_RESIGN_CONFIRM);
  app_test_spin ();
  g_assert_cmpint (chess_game_get_result (game), ==, CHESS_GAME_RESULT_BLACK_WINS);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "result_label"))), ==,
                   "You resigned — ThinkChess (Beginner) wins");
  g_assert_false (_chess_window_computer_is_thinking (window));
  model_test_run_for (800);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);
  app_test_destroy_window (window);
}

/* The computer plays White: it opens the game, and with "the human's side
 * at the bottom" the board shows Black at the bottom. */
static void
test_computer_plays_white (void)
{
  g_autoptr(GSettings) settings = settings_for ("builtin", "human", 0);
  ChessWindow *window;

  g_settings_set_string (settings, "board-orientation", "human-side");
  window = app_test_new_window ();
  chess_window_new_game (window);
  g_assert_true (chess_window_get_flipped (window));
  g_assert_false (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (1), 10));
  g_assert_cmpint (chess_game_get_side_to_move (chess_window_get_game (window)), ==, CHESS_COLOR_BLACK);
  g_assert_true (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));

  /* A game of two people: White at the bottom again. */
  g_settings_set_enum (settings, "white-player", 0);
  chess_window_new_game (window);
  g_assert_false (chess_window_get_flipped (window));
  app_test_destroy_window (window);
}

/* ---- An engine that fails ---- */

static char *
add_fake_engine (GSettings  *settings,
                 const char *misbehave)
{
  const char *program = g_getenv ("THINKCHESS_FAKE_ENGINE");
  g_autofree char *option = g_strconcat ("--misbehave=", misbehave, NULL);
  char *argv[] = { (char *) program, option, (char *) "--on-move=2", NULL };
  ChessExternalEntry entry = { 0 };

  g_assert_nonnull (program);
  entry.name = (char *) "Fakefish";
  entry.argv = argv;
  entry.protocol = CHESS_EXTERNAL_PROTOCOL_UCI;
  entry.options = g_hash_table_new (g_str_hash, g_str_equal);
  chess_external_registry_save (settings, &entry);
  g_hash_table_unref (entry.options);
  g_assert_nonnull (entry.id);
  g_settings_set_string (settings, "black-engine", entry.id);
  return entry.id;
}

static void
test_engine_crash (void)
{
  g_autoptr(GSettings) settings = settings_for ("human", "builtin", 0);
  g_autofree char *id = add_fake_engine (settings, "crash");
  ChessWindow *window = app_test_new_window ();
  ChessGame *game;
  GtkWindow *chooser;
  ChessOpponentDialog *dialog;

  chess_window_new_game (window);
  game = chess_window_get_game (window);
  g_assert_cmpstr (chess_game_get_player_name (game, CHESS_COLOR_BLACK), ==, "Fakefish");
  /* Its first move is fine; it crashes on the second. */
  play_to_second_engine_move (window);
  g_assert_true (wait_for (window, has_alert, NULL, 15));

  /* The game is as it was, the message names the engine, the clock stands. */
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);
  g_assert_cmpstr (chess_alert_get_message (), ==, "Black’s Engine Failed");
  g_test_message ("failure: %s", chess_alert_get_detail ());
  g_assert_nonnull (strstr (chess_alert_get_detail (), "Fakefish"));
  g_assert_nonnull (strstr (chess_window_get_status_text (window), "Fakefish"));
  g_assert_true (chess_clock_is_paused (chess_game_get_clock (game)));
  g_assert_false (_chess_window_computer_is_thinking (window));

  /* Another opponent: the built-in engine plays Black from here. */
  g_assert_true (chess_alert_respond (1));
  app_test_spin ();
  chooser = NULL;
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

        if (CHESS_IS_OPPONENT_DIALOG (item))
          chooser = GTK_WINDOW (item);
      }
  }
  g_assert_nonnull (chooser);
  dialog = CHESS_OPPONENT_DIALOG (chooser);
  chess_opponent_dialog_choose (dialog);
  g_assert_cmpstr (chess_game_get_player_name (game, CHESS_COLOR_BLACK), ==, "ThinkChess (Beginner)");
  g_assert_true (wait_for (window, has_moves, GUINT_TO_POINTER (4), 10));
  g_assert_false (chess_clock_is_paused (chess_game_get_clock (game)));
  app_test_destroy_window (window);
}

static void
test_engine_illegal_then_human (void)
{
  g_autoptr(GSettings) settings = settings_for ("human", "builtin", 0);
  g_autofree char *id = add_fake_engine (settings, "illegal");
  ChessWindow *window = app_test_new_window ();
  ChessGame *game;

  chess_window_new_game (window);
  game = chess_window_get_game (window);
  play_to_second_engine_move (window);
  g_assert_true (wait_for (window, has_alert, NULL, 15));
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);
  g_test_message ("failure: %s", chess_alert_get_detail ());
  g_assert_nonnull (strstr (chess_alert_get_detail (), "Fakefish"));

  /* Play on as a person: Black's moves are the person's now. */
  g_assert_true (chess_alert_respond (0));
  app_test_spin ();
  g_assert_null (_chess_window_computer_get_player (window, CHESS_COLOR_BLACK));
  g_assert_cmpstr (chess_game_get_tag (game, "BlackType"), ==, "human");
  g_assert_true (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));
  play (window, "e5");
  model_test_run_for (500);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 4);
  app_test_destroy_window (window);
}

/* An engine that never answers: after its time and a grace it counts as
 * hung, and the game is as it was. */
static void
test_engine_hang (void)
{
  g_autoptr(GSettings) settings = settings_for ("human", "builtin", 0);
  g_autofree char *id = add_fake_engine (settings, "hang");
  ChessWindow *window = app_test_new_window ();
  ChessGame *game;

  chess_window_new_game (window);
  game = chess_window_get_game (window);
  play_to_second_engine_move (window);
  g_assert_true (wait_for (window, is_thinking, NULL, 5));
  /* Browsing and the menus still work meanwhile: the window is not blocked. */
  chess_game_set_view_ply (game, 0);
  g_assert_cmpuint (chess_game_get_view_ply (game), ==, 0);
  chess_game_set_view_ply (game, 3);
  g_assert_true (wait_for (window, has_alert, NULL, 30));
  g_test_message ("failure: %s", chess_alert_get_detail ());
  g_assert_nonnull (strstr (chess_alert_get_detail (), "Fakefish"));
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);
  g_assert_true (chess_alert_respond (0));
  app_test_spin ();
  g_assert_null (_chess_window_computer_get_player (window, CHESS_COLOR_BLACK));
  app_test_destroy_window (window);
}

/* ---- Preferences → Engines ---- */

/* The page's answers to "Add" (added or refused) so far, and how many a
 * wait is for. */
typedef struct
{
  int received;
  int expected;
} Answers;

static void
page_answered_cb (ChessEnginesPage *page,
                  const char       *message,
                  gpointer          user_data)
{
  ((Answers *) user_data)->received += 1;
}

static gboolean
has_answers (gpointer user_data)
{
  Answers *answers = user_data;

  return answers->received >= answers->expected;
}

static void
wait_for_answer (Answers *answers,
                 int      expected)
{
  answers->expected = expected;
  model_test_run_until (has_answers, answers, 15 * 1000);
  g_assert_cmpint (answers->received, ==, expected);
}

static void
test_engines_page (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessEnginesPage *page = chess_engines_page_new (settings);
  GtkWidget *window = gtk_window_new ();
  g_autoptr(GPtrArray) engines = NULL;
  ChessExternalEntry *added = NULL;
  guint found;
  Answers answers = { 0, 0 };

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (page, "added", G_CALLBACK (page_answered_cb), &answers);
  g_signal_connect (page, "add-failed", G_CALLBACK (page_answered_cb), &answers);
  found = chess_engines_page_get_n_listed (page);

  /* Options must be name=value. */
  chess_engines_page_set_program (page, g_getenv ("THINKCHESS_FAKE_ENGINE"));
  gtk_editable_set_text (GTK_EDITABLE (child_of_type (GTK_WIDGET (page), ADW_TYPE_ENTRY_ROW, 1)),
                         "Hash");
  chess_engines_page_add (page);
  g_assert_cmpint (answers.received, ==, 1);
  g_assert_nonnull (strstr (chess_engines_page_get_message (page), "name=value"));

  /* An option the engine does not have is refused after the handshake. */
  gtk_editable_set_text (GTK_EDITABLE (child_of_type (GTK_WIDGET (page), ADW_TYPE_ENTRY_ROW, 1)),
                         "Frobnicate=3");
  chess_engines_page_add (page);
  wait_for_answer (&answers, 2);
  g_test_message ("%s", chess_engines_page_get_message (page));
  g_assert_nonnull (strstr (chess_engines_page_get_message (page), "Frobnicate"));
  g_assert_cmpuint (chess_engines_page_get_n_listed (page), ==, found);

  /* A program that is no engine. */
  chess_engines_page_set_program (page, "/bin/true");
  gtk_editable_set_text (GTK_EDITABLE (child_of_type (GTK_WIDGET (page), ADW_TYPE_ENTRY_ROW, 1)), "");
  chess_engines_page_add (page);
  wait_for_answer (&answers, 3);
  g_test_message ("%s", chess_engines_page_get_message (page));
  g_assert_cmpuint (chess_engines_page_get_n_listed (page), ==, found);

  /* The fake engine, added: listed and remembered, by its own name. */
  chess_engines_page_set_program (page, g_getenv ("THINKCHESS_FAKE_ENGINE"));
  chess_engines_page_add (page);
  wait_for_answer (&answers, 4);
  g_test_message ("%s", chess_engines_page_get_message (page));
  g_assert_cmpuint (chess_engines_page_get_n_listed (page), ==, found + 1);
  engines = chess_external_registry_list (settings, NULL);
  for (guint i = 0; i < engines->len; i++)
    if (((ChessExternalEntry *) g_ptr_array_index (engines, i))->added_by_user)
      added = g_ptr_array_index (engines, i);
  g_assert_nonnull (added);
  g_assert_cmpstr (added->argv[0], ==, g_getenv ("THINKCHESS_FAKE_ENGINE"));

  /* Removed with its button. */
  {
    GtkWidget *button = find_remove_button (GTK_WIDGET (page));

    g_assert_nonnull (button);
    g_signal_emit_by_name (button, "clicked");
  }
  g_assert_cmpuint (chess_engines_page_get_n_listed (page), ==, found);
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_spin ();
}

/* Whether a label under `widget` that shows text containing `text` is on
 * screen. */
static gboolean
label_shown (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (label_shown (c, text))
      return TRUE;
  return FALSE;
}

static gboolean
page_mapped (gpointer user_data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (user_data));
}

/* In a Flatpak sandbox (its /.flatpak-info, here a file of the test's) the
 * page says that the computer's engines are out of reach and the built-in
 * engine needs none, and does not ask for one to be installed; outside it
 * does not say so. */
static void
test_engines_page_sandbox (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  g_autofree char *dir = g_dir_make_tmp ("thinkchess-sandbox-XXXXXX", NULL);
  g_autofree char *info = g_build_filename (dir, ".flatpak-info", NULL);
  g_autofree char *no_file = g_build_filename (dir, "no-such-file", NULL);
  const char *note = "cannot be seen from inside the Flatpak sandbox";

  g_assert_true (g_file_set_contents (info, "[Application]\nname=io.github.thinkchess.ThinkChess\n",
                                      -1, NULL));
  for (int sandboxed = 1; sandboxed >= 0; sandboxed--)
    {
      GtkWidget *window = gtk_window_new ();
      ChessEnginesPage *page;

      chess_engines_page_set_flatpak_info_for_testing (sandboxed ? info : no_file);
      page = chess_engines_page_new (settings);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
      gtk_window_present (GTK_WINDOW (window));
      model_test_run_until (page_mapped, page, 5000);
      g_assert_cmpint (label_shown (GTK_WIDGET (page), note), ==, sandboxed);
      g_assert_cmpint (label_shown (GTK_WIDGET (page), "The built-in engine needs none"), ==, sandboxed);
      if (chess_engines_page_get_n_listed (page) == 0)
        g_assert_cmpint (label_shown (GTK_WIDGET (page), "Install one"), ==, !sandboxed);
      gtk_window_destroy (GTK_WINDOW (window));
      app_test_spin ();
    }
  chess_engines_page_set_flatpak_info_for_testing (NULL);
  g_assert_no_errno (g_unlink (info));
  g_assert_no_errno (g_rmdir (dir));
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-XXXXXX",
                       APP_TEST_ENGLISH))
    return 0;

  g_test_add_func ("/computer/dialog", test_dialog_choices);
  g_test_add_func ("/computer/answers", test_computer_answers);
  g_test_add_func ("/computer/new-game-while-thinking", test_new_game_while_thinking);
  g_test_add_func ("/computer/computer-vs-computer", test_computer_vs_computer_timed);
  g_test_add_func ("/computer/continue-last-game", test_continue_last_game);
  g_test_add_func ("/computer/start-card", test_start_card_play_computer);
  g_test_add_func ("/computer/plays-white", test_computer_plays_white);
  g_test_add_func ("/computer/draw-and-resignation", test_draw_offer_and_resignation);
  g_test_add_func ("/computer/draw-offer-level-independent", test_draw_offer_level_independent);
  g_test_add_func ("/computer/engine-crash", test_engine_crash);
  g_test_add_func ("/computer/engine-illegal", test_engine_illegal_then_human);
  g_test_add_func ("/computer/engine-hang", test_engine_hang);
  g_test_add_func ("/computer/engines-page", test_engines_page);
  g_test_add_func ("/computer/engines-page-sandbox", test_engines_page_sandbox);

  return app_test_end (g_test_run ());
}
