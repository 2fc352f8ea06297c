/* test-window.c — the main window, the board widget and the side panel,
 * in-process (suite 'app'). Runs under Xvfb with GSETTINGS_BACKEND=memory. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chess-adaptive-box.h"
#include "chess-board-view.h"
#include "chess-board-view-private.h"
#include "chess-captured-view.h"
#include "chess-move-list-view.h"
#include "chess-piece-set.h"
#include "chess-window.h"

#include "app-test-util.h"

static const char *
label_text (ChessWindow *window,
            const char  *name)
{
  return gtk_label_get_text (GTK_LABEL (app_test_window_child (window, name)));
}

static void
test_template (void)
{
  static const char *const names[] = {
    "header_bar", "primary_menu_button", "board", "board_overlay", "side_panel",
    "black_row", "black_name", "black_clock", "black_marker",
    "white_row", "white_name", "white_clock", "white_marker",
    "captured_by_black", "captured_by_white", "eval_bar", "eval_label", "move_list",
    "status_label", "move_entry", "start_screen", "continue_button",
    "play_computer_button", "start_level", "two_players_button", "start_new_button", "result_screen", "result_label", "result_new_button",
    "past_return_button", "layout_box",
  };
  ChessWindow *window;
  GtkWidget *menu_button;

  app_test_remove_autosave ();
  window = app_test_new_window ();
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    app_test_window_child (window, names[i]);

  g_assert_true (CHESS_IS_BOARD_VIEW (app_test_window_child (window, "board")));
  g_assert_true (chess_window_get_board (window) == CHESS_BOARD_VIEW (app_test_window_child (window, "board")));
  g_assert_true (CHESS_IS_GAME (chess_window_get_game (window)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "ThinkChess");
  menu_button = app_test_window_child (window, "primary_menu_button");
  g_assert_nonnull (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button)));
  g_assert_cmpstr (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (menu_button)), ==,
                   "open-menu-symbolic");

  /* No unfinished last game: the start card asks who plays, the computer
   * (at the level it names) suggested, nothing to continue. */
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "continue_button")));
  g_assert_true (gtk_widget_has_css_class (app_test_window_child (window, "play_computer_button"),
                                           "suggested-action"));
  g_assert_false (gtk_widget_has_css_class (app_test_window_child (window, "two_players_button"),
                                            "suggested-action"));
  g_assert_true (gtk_widget_is_focus (app_test_window_child (window, "play_computer_button")));
  g_assert_false (chess_window_get_can_play (window));
  {
    GtkDropDown *level = GTK_DROP_DOWN (app_test_window_child (window, "start_level"));

    g_assert_cmpuint (gtk_drop_down_get_selected (level), ==, 2);
    g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (level)), ==,
                     "Casual (Elo 1050)");
  }
  /* Named without the mnemonic marks; the computer's button says its level. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (app_test_window_child (window, "play_computer_button")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Play the Computer");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (app_test_window_child (window, "play_computer_button")),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Casual (Elo 1050)");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (app_test_window_child (window, "two_players_button")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Two Players");

  /* Two Players: the fresh board, both sides people, ready to play. */
  g_signal_emit_by_name (app_test_window_child (window, "two_players_button"), "clicked");
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  g_assert_true (chess_window_get_can_play (window));
  g_assert_cmpstr (chess_game_get_tag (chess_window_get_game (window), "BlackType"), ==, "human");
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "result_screen")));
  g_assert_cmpstr (label_text (window, "white_name"), ==, "White");
  g_assert_cmpstr (label_text (window, "black_name"), ==, "Black");
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "white_marker")));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "black_marker")));
  g_assert_nonnull (strstr (chess_window_get_status_text (window), "White to move"));

  /* The board is square and the panel sits beside it at this width. */
  {
    graphene_rect_t a1, h8;

    g_assert_true (chess_board_view_get_square_bounds (chess_window_get_board (window), 0, &a1));
    g_assert_true (chess_board_view_get_square_bounds (chess_window_get_board (window), 63, &h8));
    g_assert_cmpfloat (a1.size.width, ==, a1.size.height);
    g_assert_cmpfloat (a1.size.width, >=, 40);
    g_assert_cmpfloat (h8.origin.x - a1.origin.x, ==, 7 * a1.size.width);
  }
  app_test_destroy_window (window);
}

static void
check_mapping (ChessBoardView *board,
               gboolean        flipped)
{
  graphene_rect_t rect, a1, h1, a8;

  chess_board_view_set_flipped (board, flipped);
  for (ChessSquare sq = 0; sq < 64; sq++)
    {
      g_assert_true (chess_board_view_get_square_bounds (board, sq, &rect));
      g_assert_cmpint (chess_board_view_square_at (board, rect.origin.x + rect.size.width / 2,
                                                   rect.origin.y + rect.size.height / 2), ==, sq);
      g_assert_cmpint (chess_board_view_square_at (board, rect.origin.x + 1, rect.origin.y + 1), ==, sq);
      g_assert_cmpint (chess_board_view_square_at (board, rect.origin.x + rect.size.width - 1,
                                                   rect.origin.y + rect.size.height - 1), ==, sq);
    }
  chess_board_view_get_square_bounds (board, 0, &a1);
  chess_board_view_get_square_bounds (board, 7, &h1);
  chess_board_view_get_square_bounds (board, 56, &a8);
  if (!flipped)
    {
      /* White at the bottom: a1 bottom left, h1 to its right, a8 above. */
      g_assert_cmpfloat (h1.origin.x, >, a1.origin.x);
      g_assert_cmpfloat (a8.origin.y, <, a1.origin.y);
    }
  else
    {
      g_assert_cmpfloat (h1.origin.x, <, a1.origin.x);
      g_assert_cmpfloat (a8.origin.y, >, a1.origin.y);
    }
  /* Off the board. */
  g_assert_cmpint (chess_board_view_square_at (board, -5, 10), ==, CHESS_NO_SQUARE);
  g_assert_cmpint (chess_board_view_square_at (board, 10, 100000), ==, CHESS_NO_SQUARE);
}

static void
test_board_mapping (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = chess_board_view_new ();
  graphene_rect_t a1;

  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_window_set_default_size (GTK_WINDOW (window), 500, 420);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);

  g_assert_cmpstr (gtk_widget_get_css_name (board), ==, "chessboard");
  g_assert_true (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (board))
                 == GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_ROLE_GRID);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Chessboard");
  /* No game yet: the start position, the cursor's square described. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "e2: white pawn");
  check_mapping (CHESS_BOARD_VIEW (board), FALSE);
  check_mapping (CHESS_BOARD_VIEW (board), TRUE);

  /* Wider than high: the board stays square, centred. */
  g_assert_true (chess_board_view_get_square_bounds (CHESS_BOARD_VIEW (board), 0, &a1));
  g_assert_cmpfloat (a1.size.width, ==, a1.size.height);
  g_assert_cmpfloat (8 * a1.size.width, <=, gtk_widget_get_height (board));
  g_assert_cmpfloat (8 * a1.size.width, >, gtk_widget_get_height (board) - 8);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
note_refused_cb (ChessBoardView *board,
                 const char     *message,
                 GString        *refusals)
{
  g_string_append_printf (refusals, "%s;", message);
}

static const char *
last_san (ChessGame     *game,
          ChessMoveInfo *info)
{
  guint count = chess_game_get_move_count (game);

  g_assert_cmpuint (count, >, 0);
  g_assert_true (chess_game_get_move_info (game, count - 1, info));
  return info->san;
}

/* A move from the board: resolved among the view's legal moves and played
 * once; an illegal one refused with the reason, a promotion asked first. */
static void
test_board_moves (void)
{
  GtkWidget *window = gtk_window_new ();
  ChessBoardView *board = CHESS_BOARD_VIEW (chess_board_view_new ());
  g_autoptr(ChessGame) game = chess_game_new ();
  g_autoptr(GString) refusals = g_string_new (NULL);
  ChessMoveInfo info;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (board));
  chess_board_view_set_game (board, game);
  chess_board_view_set_interactive (board, TRUE);
  g_signal_connect (board, "refused", G_CALLBACK (note_refused_cb), refusals);

  g_assert_false (_chess_board_view_try_move (board, chess_square_parse ("e2"),
                                              chess_square_parse ("e5"), TRUE));
  g_assert_false (_chess_board_view_try_move (board, chess_square_parse ("g1"),
                                              chess_square_parse ("g3"), FALSE));
  g_assert_cmpstr (refusals->str, ==,
                   "The pawn on e2 can't move to e5;The knight on g1 can't move to g3;");
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 0);
  g_assert_true (_chess_board_view_try_move (board, chess_square_parse ("e2"),
                                             chess_square_parse ("e4"), TRUE));
  g_assert_cmpstr (last_san (game, &info), ==, "e4");

  /* A promotion opens the chooser; nothing is played until a piece is
   * chosen, and Escape (-1) plays nothing. */
  g_assert_true (chess_game_set_fen (game, "1n5k/P7/8/8/8/8/8/K7 w - - 0 1", NULL));
  g_assert_true (_chess_board_view_try_move (board, chess_square_parse ("a7"),
                                             chess_square_parse ("b8"), TRUE));
  g_assert_true (chess_board_view_is_choosing_promotion (board));
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 0);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Promote to: Queen");
  _chess_board_view_finish_promotion (board, -1);
  g_assert_false (chess_board_view_is_choosing_promotion (board));
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 0);
  g_assert_true (_chess_board_view_try_move (board, chess_square_parse ("a7"),
                                             chess_square_parse ("b8"), FALSE));
  _chess_board_view_finish_promotion (board, 3);
  g_assert_cmpstr (last_san (game, &info), ==, "axb8=N");
  g_assert_cmpint (info.promotion, ==, CHESS_KNIGHT);
  g_assert_cmpstr (refusals->str, ==,
                   "The pawn on e2 can't move to e5;The knight on g1 can't move to g3;");

  /* The game has the last word: a finished one takes no move. */
  chess_game_resign (game, CHESS_COLOR_WHITE);
  g_string_truncate (refusals, 0);
  g_assert_false (_chess_board_view_try_move (board, chess_square_parse ("h8"),
                                              chess_square_parse ("h7"), FALSE));
  g_assert_cmpstr (refusals->str, ==, "The game is over;");
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_panel_follows_model (void)
{
  ChessWindow *window;
  ChessGame *game;
  ChessMoveListView *list;
  ChessCapturedView *by_white, *by_black;

  app_test_remove_autosave ();
  window = app_test_new_window ();
  game = chess_window_get_game (window);
  list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  by_white = CHESS_CAPTURED_VIEW (app_test_window_child (window, "captured_by_white"));
  by_black = CHESS_CAPTURED_VIEW (app_test_window_child (window, "captured_by_black"));

  g_assert_cmpstr (label_text (window, "eval_label"), ==, "0");
  g_assert_cmpfloat (gtk_level_bar_get_value (GTK_LEVEL_BAR (app_test_window_child (window, "eval_bar"))), ==, 10);

  model_test_play (game, "e4 d5 exd5");
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 0), ==, "e4");
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 1), ==, "d5");
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 2), ==, "exd5");
  g_assert_null (chess_move_list_view_get_move_text (list, 3));
  g_assert_cmpstr (chess_move_list_view_get_number_text (list, 0), ==, "1.");
  g_assert_cmpstr (chess_move_list_view_get_number_text (list, 1), ==, "1.");
  g_assert_cmpstr (chess_move_list_view_get_number_text (list, 2), ==, "2.");
  g_assert_cmpint (chess_move_list_view_get_current (list), ==, 2);
  g_assert_true (gtk_widget_has_css_class (chess_move_list_view_get_move_button (list, 2), "current"));

  /* White is a pawn up. */
  g_assert_cmpstr (label_text (window, "eval_label"), ==, "+1");
  g_assert_cmpfloat (gtk_level_bar_get_value (GTK_LEVEL_BAR (app_test_window_child (window, "eval_bar"))), ==, 11);
  g_assert_cmpuint (chess_captured_view_get_count (by_white), ==, 1);
  g_assert_cmpstr (chess_captured_view_get_lead_text (by_white), ==, "+1");
  g_assert_cmpuint (chess_captured_view_get_count (by_black), ==, 0);
  g_assert_cmpstr (chess_captured_view_get_lead_text (by_black), ==, "");
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "black_marker")));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "white_marker")));
  g_assert_nonnull (strstr (chess_window_get_status_text (window), "Black to move"));
  g_assert_nonnull (strstr (chess_window_get_status_text (window), "exd5"));

  /* Black takes back with the queen: level again, the minus sign. */
  model_test_play (game, "Qxd5 Nc3 Qxa2 Rxa2");
  g_assert_cmpint (chess_game_get_material_balance (game), ==, 900 - 100 + 100 - 100);
  g_assert_cmpstr (label_text (window, "eval_label"), ==, "+8");
  g_assert_cmpuint (chess_captured_view_get_count (by_white), ==, 2);
  g_assert_cmpuint (chess_captured_view_get_count (by_black), ==, 2);
  g_assert_cmpstr (chess_captured_view_get_lead_text (by_white), ==, "+8");

  /* Clicking a move shows the position after it; the past is marked. */
  g_signal_emit_by_name (chess_move_list_view_get_move_button (list, 0), "clicked");
  g_assert_cmpuint (chess_game_get_view_ply (game), ==, 1);
  g_assert_cmpint (chess_move_list_view_get_current (list), ==, 0);
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "past_return_button")));
  g_assert_nonnull (strstr (chess_window_get_status_text (window), "Viewing"));
  /* The move entry plays at the live position, which it returns to. */
  gtk_editable_set_text (GTK_EDITABLE (app_test_window_child (window, "move_entry")), "Nf6");
  g_signal_emit_by_name (app_test_window_child (window, "move_entry"), "activate");
  g_assert_true (chess_game_is_viewing_live (game));
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 8);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (app_test_window_child (window, "move_entry"))), ==, "");
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "past_return_button")));
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 7), ==, "Nf6");

  /* A bad move: the reason in the status line, nothing played. */
  gtk_editable_set_text (GTK_EDITABLE (app_test_window_child (window, "move_entry")), "Ke5");
  g_signal_emit_by_name (app_test_window_child (window, "move_entry"), "activate");
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 8);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (app_test_window_child (window, "move_entry"))), ==, "Ke5");
  g_assert_true (gtk_widget_has_css_class (app_test_window_child (window, "status_label"), "refusal"));
  g_assert_null (strstr (chess_window_get_status_text (window), "to move"));

  /* Take-back removes the move from the list. */
  g_assert_true (chess_game_take_back (game));
  g_assert_null (chess_move_list_view_get_move_text (list, 7));
  g_assert_cmpint (chess_move_list_view_get_current (list), ==, 6);

  /* The notation setting applies live. */
  g_settings_set_enum (chess_window_get_settings (window), "notation", 1);
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 0), ==, "e2-e4");
  g_settings_set_enum (chess_window_get_settings (window), "notation", 0);
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 0), ==, "e4");

  app_test_destroy_window (window);
}

static gint64 fake_now;

static gint64
fake_time (gpointer user_data)
{
  return fake_now;
}

static void
test_clocks (void)
{
  ChessWindow *window;
  ChessGame *game;
  ChessClock *clock;

  app_test_remove_autosave ();
  window = app_test_new_window ();
  game = chess_window_get_game (window);
  clock = chess_game_get_clock (game);

  /* Untimed: thinking time counts up. */
  fake_now = 1000000;
  chess_clock_set_time_source (clock, fake_time, NULL, NULL);
  chess_game_start_clock (game);
  fake_now += 65 * G_USEC_PER_SEC;
  chess_window_update_clocks (window);
  g_assert_cmpstr (label_text (window, "white_clock"), ==, "1:05");
  g_assert_cmpstr (label_text (window, "black_clock"), ==, "0:00");
  g_assert_true (gtk_widget_has_css_class (app_test_window_child (window, "white_clock"), "running"));

  /* Five minutes each, counting down. */
  chess_game_set_time_control (game, CHESS_CLOCK_SUDDEN_DEATH, 5 * 60000, 0);
  chess_window_update_clocks (window);
  g_assert_cmpstr (label_text (window, "white_clock"), ==, "5:00");
  chess_game_start_clock (game);
  fake_now += 3500 * 1000;
  chess_window_update_clocks (window);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 296500);
  g_assert_cmpstr (label_text (window, "white_clock"), ==, "4:56");
  model_test_play (game, "e4");
  fake_now += 10 * G_USEC_PER_SEC;
  chess_window_update_clocks (window);
  g_assert_cmpstr (label_text (window, "black_clock"), ==, "4:50");
  g_assert_true (gtk_widget_has_css_class (app_test_window_child (window, "black_clock"), "running"));
  g_assert_false (gtk_widget_has_css_class (app_test_window_child (window, "white_clock"), "running"));

  /* Tenths in the last ten seconds. */
  chess_clock_set_times (clock, 300000, 9400, CHESS_COLOR_BLACK);
  chess_window_update_clocks (window);
  g_assert_cmpstr (label_text (window, "black_clock"), ==, "0:09.4");
  g_assert_true (gtk_widget_has_css_class (app_test_window_child (window, "black_clock"), "low-time"));

  /* An hour or more: h:mm:ss. */
  chess_clock_set_times (clock, 3723000, 9400, CHESS_COLOR_BLACK);
  chess_window_update_clocks (window);
  g_assert_cmpstr (label_text (window, "white_clock"), ==, "1:02:03");

  chess_clock_stop (clock);
  app_test_destroy_window (window);
}

static void
test_result_and_autosave (void)
{
  ChessWindow *window;
  ChessGame *game;
  g_autofree char *path = chess_game_autosave_path ();
  g_autofree char *text = NULL;

  app_test_remove_autosave ();
  window = app_test_new_window ();
  game = chess_window_get_game (window);

  model_test_play (game, "e4 e5 Bc4 Nc6 Qh5");
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "3. Qh5"));
  g_assert_nonnull (strstr (text, "[Result \"*\"]"));
  g_clear_pointer (&text, g_free);
  g_assert_true (chess_game_autosave_is_unfinished ());

  model_test_play (game, "Nf6 Qxf7#");
  g_assert_true (chess_game_is_over (game));
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "result_screen")));
  g_assert_cmpstr (label_text (window, "result_label"), ==, "White wins by checkmate");
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "white_marker")));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "black_marker")));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "Qxf7# 1-0"));
  g_assert_false (chess_game_autosave_is_unfinished ());

  /* The moves can still be browsed under the result. */
  chess_game_set_view_ply (game, 2);
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "past_return_button")));

  /* Take-back reopens the game and hides the result. */
  chess_game_set_view_ply (game, 7);
  g_assert_true (chess_game_take_back (game));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "result_screen")));
  g_assert_true (chess_game_autosave_is_unfinished ());

  app_test_destroy_window (window);
}

static void
test_start_screen (void)
{
  ChessWindow *window;
  ChessGame *game;

  /* Leave an unfinished game behind. */
  app_test_remove_autosave ();
  window = app_test_new_window ();
  model_test_play (chess_window_get_game (window), "d4 d5 c4");
  app_test_destroy_window (window);

  window = app_test_new_window ();
  game = chess_window_get_game (window);
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "continue_button")));
  /* The last game is under the overlay, not playable until chosen. */
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);
  g_assert_false (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));

  g_signal_emit_by_name (app_test_window_child (window, "continue_button"), "clicked");
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  g_assert_true (gtk_widget_get_sensitive (app_test_window_child (window, "move_entry")));
  model_test_play (game, "e6");
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 4);
  chess_clock_stop (chess_game_get_clock (game));
  app_test_destroy_window (window);

  /* New Game starts afresh. */
  window = app_test_new_window ();
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  chess_window_new_game (window);
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "start_screen")));
  g_assert_cmpuint (chess_game_get_move_count (chess_window_get_game (window)), ==, 0);
  app_test_destroy_window (window);
  g_assert_false (chess_game_autosave_is_unfinished ());
}

static void
test_flip (void)
{
  ChessWindow *window;
  ChessAdaptiveBox *box;

  app_test_remove_autosave ();
  window = app_test_new_window ();
  box = CHESS_ADAPTIVE_BOX (app_test_window_child (window, "layout_box"));
  /* Each player's row at their side of the board. */
  g_assert_true (chess_adaptive_box_get_top_bar (box) == app_test_window_child (window, "black_row"));
  g_assert_true (chess_adaptive_box_get_bottom_bar (box) == app_test_window_child (window, "white_row"));

  chess_window_flip (window);
  g_assert_true (chess_window_get_flipped (window));
  g_assert_true (chess_board_view_get_flipped (chess_window_get_board (window)));
  g_assert_true (chess_adaptive_box_get_top_bar (box) == app_test_window_child (window, "white_row"));
  g_assert_true (chess_adaptive_box_get_bottom_bar (box) == app_test_window_child (window, "black_row"));

  chess_window_flip (window);
  g_assert_false (chess_window_get_flipped (window));
  g_assert_true (chess_adaptive_box_get_top_bar (box) == app_test_window_child (window, "black_row"));

  /* The side-to-move orientation follows the moves. */
  g_settings_set_enum (chess_window_get_settings (window), "board-orientation", 2);
  g_assert_false (chess_window_get_flipped (window));
  model_test_play (chess_window_get_game (window), "e4");
  g_assert_true (chess_window_get_flipped (window));
  g_settings_set_enum (chess_window_get_settings (window), "board-orientation", 0);
  g_assert_false (chess_window_get_flipped (window));

  app_test_destroy_window (window);
}

static void
test_messages_and_settings (void)
{
  ChessWindow *window;
  ChessBoardView *board;
  g_autofree char *theme = NULL;

  app_test_remove_autosave ();
  window = app_test_new_window ();
  board = chess_window_get_board (window);

  g_signal_emit_by_name (board, "refused", "That piece can't move there");
  g_assert_cmpstr (chess_window_get_status_text (window), ==, "That piece can't move there");

  chess_window_show_message (window, "Hello");
  g_assert_cmpstr (label_text (window, "status_label"), ==, "Hello");

  g_settings_set_string (chess_window_get_settings (window), "board-theme", "blue");
  g_object_get (board, "theme", &theme, NULL);
  g_assert_cmpstr (theme, ==, "blue");
  g_settings_set_boolean (chess_window_get_settings (window), "show-coordinates", FALSE);
  {
    gboolean show = TRUE;

    g_object_get (board, "show-coordinates", &show, NULL);
    g_assert_false (show);
  }
  g_settings_reset (chess_window_get_settings (window), "board-theme");
  g_settings_reset (chess_window_get_settings (window), "show-coordinates");

  /* An unknown theme falls back to the first. */
  chess_board_view_set_theme (board, "no-such-theme");
  g_assert_cmpstr (chess_board_view_get_theme_title ("no-such-theme"), ==, "Wood");
  g_assert_cmpuint (g_strv_length ((char **) chess_board_view_list_themes ()), >=, 4);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  app_test_destroy_window (window);
}

/* Waits (running the main loop) until the board stops animating or
 * `seconds` pass; TRUE when it stopped. */
static gboolean
wait_animation_end (ChessBoardView *board,
                    double          seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (chess_board_view_is_animating (board) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return !chess_board_view_is_animating (board);
}

/* A "moved" handler connected after the board's: whether the board is
 * animating at that point (before anything else can stop it). */
static void
note_animating_cb (ChessGame     *game,
                   ChessMoveInfo *info,
                   gboolean      *started)
{
  *started = chess_board_view_is_animating (g_object_get_data (G_OBJECT (game), "test-board"));
}

/* 'animate-moves' off: a move played on the model jumps (no animation);
 * on: it slides (the board animates, then stops well within a second). */
static void
test_move_animation (void)
{
  ChessWindow *window;
  ChessBoardView *board;
  ChessGame *game;
  GSettings *settings;
  gboolean animate = TRUE;
  gboolean started = FALSE;
  gulong started_id;

  app_test_remove_autosave ();
  window = app_test_new_window ();
  board = chess_window_get_board (window);
  game = chess_window_get_game (window);
  settings = chess_window_get_settings (window);
  g_object_set_data (G_OBJECT (game), "test-board", board);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (board)));

  g_settings_set_boolean (settings, "animate-moves", FALSE);
  g_object_get (board, "animate", &animate, NULL);
  g_assert_false (animate);
  started = TRUE;
  started_id = g_signal_connect (game, "moved", G_CALLBACK (note_animating_cb), &started);
  model_test_play (game, "e4");
  g_signal_handler_disconnect (game, started_id);
  g_assert_false (started);
  g_assert_false (chess_board_view_is_animating (board));
  app_test_spin ();
  g_assert_false (chess_board_view_is_animating (board));

  g_settings_set_boolean (settings, "animate-moves", TRUE);
  g_object_get (board, "animate", &animate, NULL);
  g_assert_true (animate);
  g_assert_false (chess_board_view_is_animating (board));
  started_id = g_signal_connect (game, "moved", G_CALLBACK (note_animating_cb), &started);
  model_test_play (game, "e5");
  g_signal_handler_disconnect (game, started_id);
  /* The board's own "moved" handler (connected first) started the slide. */
  g_assert_true (started);
  /* Still sliding after play() returns: the move's later notifications
   * (view-ply, game-over) must not cut it short. */
  g_assert_true (chess_board_view_is_animating (board));
  g_assert_true (wait_animation_end (board, 1.0));
  model_test_play (game, "Nf3");
  g_assert_true (chess_board_view_is_animating (board));
  g_assert_true (wait_animation_end (board, 1.0));
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);

  g_settings_reset (settings, "animate-moves");
  app_test_destroy_window (window);
}

static void
test_piece_set (void)
{
  g_autoptr(ChessPieceSet) set = chess_piece_set_get (NULL);
  g_autoptr(ChessPieceSet) again = chess_piece_set_get (CHESS_PIECE_SET_DEFAULT);
  g_autoptr(ChessPieceSet) missing = chess_piece_set_get ("../../etc");
  g_autoptr(GdkTexture) texture = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *dir = g_build_filename (app_test_data_home (), "thinkchess", "pieces", "broken", NULL);
  g_autofree char *bad = g_build_filename (dir, "wK.svg", NULL);
  g_autoptr(ChessPieceSet) broken = NULL;

  g_assert_true (set == again);
  g_assert_true (set == missing);
  texture = chess_piece_set_render (set, CHESS_WHITE_KING, 48);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 48);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 48);

  /* The built-in drawings are there: the king is not blank. */
  {
    guchar *pixels = g_malloc (48 * 48 * 4);
    guint opaque = 0;

    gdk_texture_download (texture, pixels, 48 * 4);
    for (guint i = 0; i < 48 * 48; i++)
      opaque += pixels[i * 4 + 3] > 128;
    g_free (pixels);
    g_assert_cmpuint (opaque, >, 48 * 48 / 10);
  }

  /* The board's texture shares the pixels of the surface it draws with
   * cairo (one rendering of each piece), and outlives the caller's
   * reference to that surface. */
  {
    cairo_surface_t *surface = chess_piece_set_render_surface (set, CHESS_BLACK_KNIGHT, 40);
    g_autoptr(GdkTexture) shared = chess_piece_set_texture_for_surface (surface);
    g_autofree guchar *expected = g_malloc (40 * 40 * 4);
    g_autofree guchar *pixels = g_malloc (40 * 40 * 4);
    int stride = cairo_image_surface_get_stride (surface);

    for (int y = 0; y < 40; y++)
      memcpy (expected + y * 40 * 4, cairo_image_surface_get_data (surface) + y * stride, 40 * 4);
    cairo_surface_destroy (surface);
    g_assert_cmpint (gdk_texture_get_width (shared), ==, 40);
    gdk_texture_download (shared, pixels, 40 * 4);
    g_assert_cmpmem (pixels, 40 * 40 * 4, expected, 40 * 40 * 4);
  }

  /* A user set with a broken drawing: no crash, and it is listed. */
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (bad, "<svg this is not", -1, NULL));
  broken = chess_piece_set_get ("broken");
  g_clear_object (&texture);
  texture = chess_piece_set_render (broken, CHESS_WHITE_KING, 32);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 32);
  names = chess_piece_set_list_names ();
  g_assert_cmpstr (names[0], ==, CHESS_PIECE_SET_DEFAULT);
  g_assert_true (g_strv_contains ((const char *const *) names, "broken"));
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-XXXXXX",
                       APP_TEST_ENGLISH))
    return 0;

  g_test_add_func ("/app/window/template", test_template);
  g_test_add_func ("/app/board/mapping", test_board_mapping);
  g_test_add_func ("/app/board/moves", test_board_moves);
  g_test_add_func ("/app/window/panel", test_panel_follows_model);
  g_test_add_func ("/app/window/clocks", test_clocks);
  g_test_add_func ("/app/window/result-autosave", test_result_and_autosave);
  g_test_add_func ("/app/window/start-screen", test_start_screen);
  g_test_add_func ("/app/window/flip", test_flip);
  g_test_add_func ("/app/window/messages-settings", test_messages_and_settings);
  g_test_add_func ("/app/board/move-animation", test_move_animation);
  g_test_add_func ("/app/piece-set", test_piece_set);

  return app_test_end (g_test_run ());
}
