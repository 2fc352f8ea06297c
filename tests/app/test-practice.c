/* test-practice.c — Practice in the window, in process (suite 'app'):
 * entering it puts the game on screen aside (autosaved, never overwritten
 * by a puzzle) and leaving brings it back; a puzzle solved move by move
 * with the opponent's replies after a pause moves the rating, shown and
 * saved in practice.ini; a wrong move is shown with the answer to it, taken
 * back, the right one drawn, counted as a miss, and the missed puzzle comes
 * back after two others; a review's mistakes of the side the player chooses go into Your
 * Mistakes. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "chess-practice-panel.h"
#include "chess-review-panel.h"
#include "chess-window.h"
#include "chess-window-practice.h"

#include "app-test-util.h"

static ChessPracticePanel *
panel_of (ChessWindow *window)
{
  return CHESS_PRACTICE_PANEL (app_test_window_child (window, "practice_panel"));
}

static ChessGame *
board_game (ChessWindow *window)
{
  return chess_board_view_get_game (chess_window_get_board (window));
}

static gboolean
board_interactive (ChessWindow *window)
{
  gboolean interactive;

  g_object_get (chess_window_get_board (window), "interactive", &interactive, NULL);
  return interactive;
}

typedef struct
{
  ChessWindow *window;
  guint        count;
} MovesWait;

static gboolean
has_moves (gpointer data)
{
  MovesWait *wait = data;

  return chess_game_get_move_count (board_game (wait->window)) == wait->count
         && !_chess_window_practice_blocks_moves (wait->window);
}

static void
wait_moves (ChessWindow *window,
            guint        count)
{
  MovesWait wait = { window, count };

  if (!model_test_run_until (has_moves, &wait, 5000))
    g_error ("timed out waiting for %u moves on the board (%u)", count,
             chess_game_get_move_count (board_game (window)));
}

static char *
practice_file (void)
{
  return g_build_filename (app_test_data_home (), "thinkchess", "practice.ini", NULL);
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return g_strdup ("");
  return text;
}

/* Plays the puzzle's solution as the player would, each reply awaited. */
static void
solve (ChessWindow *window)
{
  const ChessPuzzle *puzzle = _chess_window_practice_get_puzzle (window);
  ChessPuzzle copy;

  g_assert_nonnull (puzzle);
  copy = *puzzle;
  for (guint i = 0; i < copy.n_moves; i += 2)
    {
      g_assert_true (board_interactive (window));
      g_assert_true (chess_game_play_move (board_game (window), copy.moves[i], NULL));
      if (i + 1 < copy.n_moves)
        {
          /* The reply waits a moment, and the board takes nothing meanwhile. */
          g_assert_true (_chess_window_practice_blocks_moves (window));
          g_assert_false (board_interactive (window));
          g_assert_cmpuint (chess_game_get_move_count (board_game (window)), ==, i + 1);
          wait_moves (window, i + 2);
        }
    }
  g_assert_true (g_str_has_prefix (chess_practice_panel_get_verdict_text (panel_of (window)),
                                   "Solved!"));
}

static void
test_keeps_game_and_solves (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessWindow *window = app_test_new_window ();
  ChessGame *game = chess_window_get_game (window);
  g_autofree char *autosave_path = chess_game_autosave_path ();
  g_autofree char *path = practice_file ();
  g_autofree char *autosave = NULL;
  g_autofree char *rating_before = NULL;
  g_autofree char *ini = NULL;
  const char *rating_after;

  chess_window_set_game (window, game);
  g_assert_true (chess_game_play (game, "e4", NULL));
  g_assert_true (chess_game_play (game, "e5", NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.practice", NULL));
  g_assert_true (_chess_window_practice_is_active (window));
  /* The window's game stays; the board shows the puzzle's own. */
  g_assert_true (chess_window_get_game (window) == game);
  g_assert_true (board_game (window) != game);
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "side_panel")));
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "practice_scroller")));
  g_assert_true (g_str_has_prefix (chess_practice_panel_get_puzzle_text (panel_of (window)), "Puzzle "));
  g_assert_nonnull (strstr (chess_practice_panel_get_prompt_text (panel_of (window)), "to move"));
  rating_before = g_strdup (chess_practice_panel_get_rating_text (panel_of (window)));
  g_assert_cmpstr (rating_before, ==, "Rating 1500 ± 250");
  /* The solver is at the bottom. */
  g_assert_cmpint (chess_window_get_flipped (window), ==,
                   _chess_window_practice_get_puzzle (window)->start.side == CHESS_COLOR_BLACK);

  /* The hint names the piece to move. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.practice-hint", NULL));
  g_assert_true (g_str_has_prefix (chess_practice_panel_get_message_text (panel_of (window)), "Move the "));
  solve (window);
  rating_after = chess_practice_panel_get_rating_text (panel_of (window));
  g_assert_cmpstr (rating_after, !=, rating_before);
  ini = read_text (path);
  g_assert_nonnull (strstr (ini, "[rating]"));
  g_assert_nonnull (strstr (ini, "history="));

  /* The puzzle never went into the autosave: the game did, as it was. */
  autosave = read_text (autosave_path);
  g_assert_nonnull (strstr (autosave, "1. e4 e5"));
  g_assert_null (strstr (autosave, "[FEN"));

  /* Leaving brings the game back on the board, as it was. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.practice", NULL));
  g_assert_false (_chess_window_practice_is_active (window));
  g_assert_true (board_game (window) == game);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 2);
  g_assert_true (gtk_widget_get_visible (app_test_window_child (window, "side_panel")));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "practice_scroller")));
  g_assert_true (board_interactive (window));

  app_test_destroy_window (window);
}

/* A legal move of the puzzle's start that is not its solution's. */
static ChessMove
wrong_move (const ChessPuzzle *puzzle)
{
  ChessMoveList list;
  int n = chess_board_generate_legal (&puzzle->start, &list);

  for (int i = 0; i < n; i++)
    {
      ChessBoard after = puzzle->start;
      ChessMoveList replies;
      ChessUndo undo;

      if (list.moves[i] == puzzle->moves[0])
        continue;
      chess_board_make (&after, list.moves[i], &undo);
      /* Not a mate either: any mate counts as right. */
      if (chess_board_generate_legal (&after, &replies) == 0)
        continue;
      return list.moves[i];
    }
  g_assert_not_reached ();
}

static void
test_missed_comes_back (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessWindow *window = app_test_new_window ();
  ChessPracticePanel *panel = panel_of (window);
  char missed[CHESS_PUZZLE_ID_MAX];
  const ChessPuzzle *puzzle;
  const ChessBoardArrow *arrows;
  ChessPuzzleAttempt attempt;
  ChessMove wrong, refutation;
  g_autofree char *why = NULL;
  g_autofree char *expected_message = NULL;

  chess_window_set_game (window, chess_window_get_game (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.practice", NULL));
  puzzle = _chess_window_practice_get_puzzle (window);
  g_strlcpy (missed, puzzle->id, sizeof missed);

  wrong = wrong_move (puzzle);
  chess_puzzle_attempt_init (&attempt, puzzle);
  refutation = chess_puzzle_attempt_refutation (&attempt, wrong);
  g_assert_cmpuint (refutation, !=, CHESS_MOVE_NONE);
  why = chess_puzzle_attempt_refutation_text (&attempt, wrong, refutation,
                                              chess_game_get_piece_letters ());
  expected_message = g_strdup_printf ("That is not it: %s", why);
  g_assert_true (strstr (why, " fails to ") != NULL);

  g_assert_true (chess_game_play_move (board_game (window), wrong, NULL));
  /* Shown a moment with the answer to it, the verdict at once; then taken
   * back. */
  g_assert_cmpstr (chess_practice_panel_get_message_text (panel), ==, expected_message);
  g_assert_cmpuint (chess_board_view_get_extra_arrows (chess_window_get_board (window),
                                                       CHESS_ARROWS_PRACTICE, &arrows), ==, 2);
  g_assert_cmpint (arrows[0].from, ==, chess_move_from (wrong));
  g_assert_cmpint (arrows[0].to, ==, chess_move_to (wrong));
  g_assert_cmpint (arrows[1].from, ==, chess_move_from (refutation));
  g_assert_cmpint (arrows[1].to, ==, chess_move_to (refutation));
  g_assert_true (g_str_has_prefix (chess_practice_panel_get_verdict_text (panel), "Missed"));
  g_assert_cmpuint (chess_game_get_move_count (board_game (window)), ==, 1);
  wait_moves (window, 0);
  /* The right move, drawn. */
  g_assert_cmpuint (chess_board_view_get_extra_arrows (chess_window_get_board (window),
                                                       CHESS_ARROWS_PRACTICE, &arrows), ==, 1);
  g_assert_cmpint (arrows[0].from, ==, chess_move_from (puzzle->moves[0]));
  g_assert_cmpint (arrows[0].to, ==, chess_move_to (puzzle->moves[0]));

  /* Two others solved, and the missed one is next. */
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.practice-next", NULL));
      g_assert_cmpstr (_chess_window_practice_get_puzzle (window)->id, !=, missed);
      g_assert_cmpstr (chess_practice_panel_get_verdict_text (panel), ==, "");
      solve (window);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.practice-next", NULL));
  g_assert_cmpstr (_chess_window_practice_get_puzzle (window)->id, ==, missed);

  app_test_destroy_window (window);
}

/* The game of tests/data/app/reviewed.pgn: 5... Bxd1 lets White mate. */
#define LEGAL_MATE "[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"1-0\"]\n\n" \
                   "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0\n"

static gboolean
review_done (gpointer data)
{
  ChessReviewPanel *panel = data;
  ChessReview *review = chess_review_panel_get_review (panel);

  return review != NULL && !chess_review_panel_is_running (panel) && chess_review_is_complete (review);
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_review_fills_deck (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessWindow *window = app_test_new_window ();
  ChessReviewPanel *review_panel = CHESS_REVIEW_PANEL (app_test_window_child (window, "review_panel"));
  g_autoptr(ChessGame) game = chess_game_new ();
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autoptr(ChessReview) review = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = practice_file ();
  g_autofree char *ini = NULL;
  GtkWidget *row, *buttons, *black;
  ChessPractice *practice;
  g_autofree char *notice = NULL;
  guint before, added;

  /* A new player: the deck holds only what this review adds. */
  g_remove (path);
  pgn = chess_pgn_parse_game (LEGAL_MATE, strlen (LEGAL_MATE), 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  chess_window_open_game (window, game);
  review = chess_review_new (game);
  chess_review_set_depth (review, 6);
  chess_review_panel_run (review_panel, review);
  if (!model_test_run_until (review_done, review_panel, 120 * 1000))
    g_error ("timed out waiting for the review");

  /* Two people's game: the player says which side was theirs. */
  row = find_named (app_test_window_child (window, "side_panel"), "mistakes_side_row");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (row));
  buttons = gtk_widget_get_last_child (row);
  black = gtk_widget_get_last_child (buttons);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (black)));
  practice = _chess_window_practice_ensure (window, TRUE);
  before = chess_practice_deck_size (practice);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (black), TRUE);
  practice = _chess_window_practice_get_state (window);
  g_assert_cmpuint (chess_practice_deck_size (practice), >, before);
  added = chess_practice_deck_size (practice) - before;
  notice = g_strdup_printf (added == 1 ? "%u position added to Your Mistakes"
                                       : "%u positions added to Your Mistakes", added);
  app_test_spin ();
  g_assert_true (app_test_shows_label (GTK_WIDGET (window), notice));
  ini = read_text (path);
  g_assert_nonnull (strstr (ini, "Anna \u2013 Bruno"));

  /* Practised from Your Mistakes: the position before 5... Bxd1. */
  g_settings_set_string (settings, "practice-theme", "my-mistakes");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.practice", NULL));
  g_assert_nonnull (_chess_window_practice_get_puzzle (window));
  g_assert_true (_chess_window_practice_get_puzzle (window)->themes & CHESS_PUZZLE_THEME_MISTAKE);
  g_assert_true (g_str_has_prefix (chess_practice_panel_get_puzzle_text (panel_of (window)),
                                   "Your mistake in Anna \u2013 Bruno"));
  g_assert_cmpstr (chess_practice_panel_get_prompt_text (panel_of (window)), ==,
                   "Black to move — find the best move");
  g_assert_true (chess_window_get_flipped (window));
  /* Leaving by another game: Practice makes way. */
  chess_window_new_game (window);
  g_assert_false (_chess_window_practice_is_active (window));
  g_assert_true (board_game (window) == chess_window_get_game (window));

  app_test_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-practice-XXXXXX", APP_TEST_ENGLISH))
    return 0;

  g_test_add_func ("/app/practice/keeps-game-and-solves", test_keeps_game_and_solves);
  g_test_add_func ("/app/practice/missed-comes-back", test_missed_comes_back);
  g_test_add_func ("/app/practice/review-fills-deck", test_review_fills_deck);

  return app_test_end (g_test_run ());
}
