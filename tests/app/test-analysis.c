/* test-analysis.c — hints and analysis mode (suite 'app'): the score and
 * line formatting, the analysis panel, the board's extra arrows, and the
 * real window with the built-in engine thinking in its thread. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chess-analysis-format.h"
#include "chess-analysis-panel.h"
#include "chess-board-view.h"
#include "chess-external-registry.h"
#include "chess-window.h"
#include "chess-window-analysis.h"

#include "app-test-util.h"

/* ---- Helpers ---- */

static ChessPlayerInfo
score_info (gboolean mate,
            int      value)
{
  ChessPlayerInfo info = { 0 };

  info.has = CHESS_PLAYER_INFO_HAS_SCORE;
  info.score.is_mate = mate;
  if (mate)
    {
      info.score.mate_moves = value;
      info.score.mating = value > 0;
    }
  else
    info.score.centipawns = value;
  return info;
}

static char *
format_info (gboolean   mate,
             int        value,
             ChessColor side)
{
  ChessPlayerInfo info = score_info (mate, value);
  ChessEvalScore score;

  g_assert_true (chess_eval_score_from_info (&info, side, &score));
  return chess_eval_score_format (&score);
}

static double
bar_for (gboolean   mate,
         int        value,
         ChessColor side)
{
  ChessPlayerInfo info = score_info (mate, value);
  ChessEvalScore score;

  g_assert_true (chess_eval_score_from_info (&info, side, &score));
  return chess_eval_score_bar_value (&score);
}

static void
assert_formatted (gboolean    mate,
                  int         value,
                  ChessColor  side,
                  const char *expected)
{
  g_autofree char *text = format_info (mate, value, side);

  g_assert_cmpstr (text, ==, expected);
}

/* Runs the main loop until `done` says so or `seconds` pass. */
static gboolean
spin_until (gboolean (*done) (gpointer),
            gpointer  data,
            double    seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!done (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
  return TRUE;
}

static ChessAnalysisPanel *
panel_of (ChessWindow *window)
{
  return CHESS_ANALYSIS_PANEL (app_test_window_child (window, "analysis_panel"));
}

static guint
arrows_of (ChessWindow            *window,
           const char             *owner,
           const ChessBoardArrow **arrows)
{
  return chess_board_view_get_extra_arrows (chess_window_get_board (window), owner, arrows);
}

static gboolean
has_hint (gpointer window)
{
  return _chess_window_analysis_get_hint (window) != CHESS_MOVE_NONE;
}

static gboolean
has_best_line (gpointer window)
{
  return chess_analysis_panel_get_line (panel_of (window), 0) != NULL
         && arrows_of (window, CHESS_ARROWS_ANALYSIS, NULL) > 0;
}

static gboolean
has_third_line (gpointer window)
{
  return chess_analysis_panel_get_line (panel_of (window), 2) != NULL;
}

static gboolean
not_thinking (gpointer window)
{
  return !chess_window_analysis_is_thinking (window);
}

typedef struct
{
  ChessWindow *window;
  const char  *score;
} ScoreWait;

static gboolean
shows_score (gpointer data)
{
  ScoreWait *wait = data;

  return g_strcmp0 (chess_analysis_panel_get_score_text (panel_of (wait->window)), wait->score) == 0;
}

static ChessWindow *
window_with_fen (const char *fen)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(GError) error = NULL;

  if (fen != NULL)
    g_assert_true (chess_game_set_fen (chess_window_get_game (window), fen, &error));
  g_assert_no_error (error);
  return window;
}

static void
set_analysis (ChessWindow *window,
              gboolean     on)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), "analysis");

  g_assert_nonnull (action);
  g_action_change_state (action, g_variant_new_boolean (on));
  g_assert_true (_chess_window_analysis_is_active (window) == on);
}

static guint
count_threads (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  guint n = 0;

  if (dir == NULL)
    return 0;
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* ---- Formatting ---- */

static void
test_score_format (void)
{
  /* Engines give the side to move's view; the panel shows White's. */
  assert_formatted (FALSE, 35, CHESS_COLOR_WHITE, "+0.35");
  assert_formatted (FALSE, 35, CHESS_COLOR_BLACK, "\xe2\x88\x92" "0.35");
  assert_formatted (FALSE, -120, CHESS_COLOR_WHITE, "\xe2\x88\x92" "1.20");
  assert_formatted (FALSE, -120, CHESS_COLOR_BLACK, "+1.20");
  assert_formatted (FALSE, 0, CHESS_COLOR_BLACK, "0.00");
  assert_formatted (FALSE, 1234, CHESS_COLOR_WHITE, "+12.34");
  /* Mates: the mover mates (positive) or is mated (negative). */
  assert_formatted (TRUE, 3, CHESS_COLOR_WHITE, "M3");
  assert_formatted (TRUE, 3, CHESS_COLOR_BLACK, "\xe2\x88\x92M3");
  assert_formatted (TRUE, -2, CHESS_COLOR_WHITE, "\xe2\x88\x92M2");
  assert_formatted (TRUE, -2, CHESS_COLOR_BLACK, "M2");
  /* Mated on the board: the result. */
  assert_formatted (TRUE, 0, CHESS_COLOR_WHITE, "0\xe2\x80\x93" "1");
  assert_formatted (TRUE, 0, CHESS_COLOR_BLACK, "1\xe2\x80\x93" "0");

  /* No score in the info: nothing to show. */
  ChessPlayerInfo empty = { 0 };
  ChessEvalScore score;
  g_assert_false (chess_eval_score_from_info (&empty, CHESS_COLOR_WHITE, &score));
}

static void
test_score_bar (void)
{
  g_assert_cmpfloat_with_epsilon (bar_for (FALSE, 0, CHESS_COLOR_WHITE), 10.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bar_for (FALSE, 350, CHESS_COLOR_WHITE), 13.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (bar_for (FALSE, 350, CHESS_COLOR_BLACK), 6.5, 1e-9);
  /* Clamped at ten pawns either way. */
  g_assert_cmpfloat_with_epsilon (bar_for (FALSE, 2500, CHESS_COLOR_WHITE), 20.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bar_for (FALSE, 2500, CHESS_COLOR_BLACK), 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bar_for (FALSE, -999, CHESS_COLOR_WHITE), 0.01, 1e-9);
  /* A mate is at the winner's end. */
  g_assert_cmpfloat_with_epsilon (bar_for (TRUE, 5, CHESS_COLOR_WHITE), 20.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bar_for (TRUE, 5, CHESS_COLOR_BLACK), 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bar_for (TRUE, -1, CHESS_COLOR_BLACK), 20.0, 1e-9);
}

/* The line of `uci_moves` from `fen` as the panel writes it. */
static char *
format_line (const char    *fen,
             const char    *uci_moves,
             ChessNotation  notation)
{
  ChessBoard board, position;
  g_auto(GStrv) texts = g_strsplit (uci_moves, " ", -1);
  ChessMove moves[64];
  gsize n = 0;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_strv_length (texts), <=, G_N_ELEMENTS (moves));
  g_assert_true (chess_board_from_fen (&board, fen, &error));
  position = board;
  for (; texts[n] != NULL; n++)
    {
      ChessUndo undo;

      g_assert_true (chess_move_parse (&position, texts[n], &moves[n], &error));
      chess_board_make (&position, moves[n], &undo);
    }
  return chess_analysis_format_line (&board, moves, n, notation);
}

static void
line_of (const char    *fen,
         const char    *uci_moves,
         ChessNotation  notation,
         const char    *expected)
{
  g_autofree char *line = format_line (fen, uci_moves, notation);

  g_assert_cmpstr (line, ==, expected);
}

static void
test_line_format (void)
{
  line_of (CHESS_START_FEN, "e2e4 e7e5 g1f3", CHESS_NOTATION_SAN, "1. e4 e5 2. Nf3");
  line_of (CHESS_START_FEN, "e2e4 e7e5 g1f3", CHESS_NOTATION_LAN, "1. e2-e4 e7-e5 2. Ng1-f3");
  line_of (CHESS_START_FEN, "g1f3", CHESS_NOTATION_FIGURINE, "1. \xe2\x99\x9e" "f3");
  /* Black to move: the number with an ellipsis, then on as usual. */
  line_of ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
           "f1b5 g8f6 e1g1", CHESS_NOTATION_SAN, "3. Bb5 Nf6 4. O-O");
  line_of ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12",
           "g8f6 b1c3", CHESS_NOTATION_SAN, "12\xe2\x80\xa6 Nf6 13. Nc3");
  /* Check and mate marks, as in the move list. */
  line_of ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 30", "a1a8", CHESS_NOTATION_SAN, "30. Ra8#");
  line_of (CHESS_START_FEN, "", CHESS_NOTATION_SAN, "");
}

/* ---- Widgets ---- */

static void
test_panel (void)
{
  GtkWidget *window = gtk_window_new ();
  ChessAnalysisPanel *panel = CHESS_ANALYSIS_PANEL (chess_analysis_panel_new ());
  ChessEvalScore score = { .is_mate = TRUE, .mate_moves = -3, .mating = FALSE };
  const char *lines[] = { "1. e4 e5", "1. d4 d5", "1. c4 e5" };

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (panel));
  gtk_window_present (GTK_WINDOW (window));

  /* Nothing known yet: the bar in the middle, a dash, no lines. */
  g_assert_cmpstr (chess_analysis_panel_get_score_text (panel), ==, "\xe2\x80\x93");
  g_assert_cmpfloat (chess_analysis_panel_get_bar_value (panel), ==, 10.0);
  g_assert_null (chess_analysis_panel_get_line (panel, 0));

  chess_analysis_panel_set_score (panel, &score);
  g_assert_cmpstr (chess_analysis_panel_get_score_text (panel), ==, "\xe2\x88\x92M3");
  g_assert_cmpfloat (chess_analysis_panel_get_bar_value (panel), ==, 0.0);

  chess_analysis_panel_set_status (panel, "Depth 12 · Test");
  g_assert_cmpstr (chess_analysis_panel_get_status (panel), ==, "Depth 12 · Test");

  chess_analysis_panel_set_lines (panel, lines, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (chess_analysis_panel_get_line (panel, i), ==, lines[i]);
  g_assert_null (chess_analysis_panel_get_line (panel, 3));
  chess_analysis_panel_set_lines (panel, lines, 1);
  g_assert_cmpstr (chess_analysis_panel_get_line (panel, 0), ==, lines[0]);
  g_assert_null (chess_analysis_panel_get_line (panel, 1));

  chess_analysis_panel_set_score (panel, NULL);
  g_assert_cmpfloat (chess_analysis_panel_get_bar_value (panel), ==, 10.0);
  gtk_window_destroy (GTK_WINDOW (window));
  app_test_spin ();
}

/* The first widget under `root` (itself included) that `matches`. */
static GtkWidget *
find_widget (GtkWidget  *root,
             gboolean  (*matches) (GtkWidget *widget, gconstpointer data),
             gconstpointer data)
{
  if (matches (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, matches, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_shown_label_with_text (GtkWidget     *widget,
                          gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
is_toggle_with_tooltip (GtkWidget     *widget,
                        gconstpointer  tooltip)
{
  return GTK_IS_TOGGLE_BUTTON (widget)
         && g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

static void
count_frame_cb (GdkFrameClock *clock,
                guint         *frames)
{
  (*frames)++;
}

static gboolean
has_painted (gpointer frames)
{
  return *(guint *) frames > 0;
}

/* Waits for `widget`'s window to lay out and draw its last change. */
static void
wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  guint frames = 0;
  gulong handler = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame_cb), &frames);

  gtk_widget_queue_draw (widget);
  g_assert_true (spin_until (has_painted, &frames, 5));
  g_signal_handler_disconnect (clock, handler);
}

static gboolean
is_sensitive (gpointer widget)
{
  return gtk_widget_get_sensitive (widget);
}

static gboolean
is_active (gpointer button)
{
  return gtk_toggle_button_get_active (button);
}

static gboolean
is_inactive (gpointer button)
{
  return !gtk_toggle_button_get_active (button);
}

static gboolean
is_insensitive (gpointer widget)
{
  return !gtk_widget_get_sensitive (widget);
}

/* Shows `text` as the best line; returns its label, laid out. */
static GtkLabel *
show_best_line (ChessAnalysisPanel *panel,
                const char         *text)
{
  const char *lines[] = { text };
  GtkWidget *label;

  chess_analysis_panel_set_lines (panel, lines, 1);
  label = find_widget (GTK_WIDGET (panel), is_shown_label_with_text, text);
  g_assert_nonnull (label);
  wait_for_frame (GTK_WIDGET (panel));
  return GTK_LABEL (label);
}

/* A long best line can be read whole: it wraps over a few rows, then ends
 * in "…" with the whole line in its tooltip, and Show Full Lines shows it
 * all. Collapsed, the panel keeps its height whatever the engine sends. */
static void
test_panel_full_line (void)
{
  GtkWidget *window = gtk_window_new ();
  ChessAnalysisPanel *panel = CHESS_ANALYSIS_PANEL (chess_analysis_panel_new ());
  const char *ruy_lopez = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 "
                          "c2c3 e8g8 h2h3 c6a5 b3c2 c7c5 d2d4 d8c7 b1d2 c5d4 c3d4 a5c6 d2b3 a6a5 "
                          "c1e3 a5a4 b3d2 c8d7";
  g_autofree char *long_line = format_line (CHESS_START_FEN, ruy_lopez, CHESS_NOTATION_SAN);
  g_autofree char *two_rows = format_line (CHESS_START_FEN, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7",
                                           CHESS_NOTATION_SAN);
  const char *updates[] = { "1. e4", long_line, two_rows, "1. d4 d5", long_line };
  GtkWidget *expand;
  GtkLabel *label;
  int collapsed_height = -1;

  g_assert_true (g_str_has_prefix (long_line, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 "));
  g_assert_true (g_str_has_suffix (long_line, " 16. Nbd2 Bd7"));
  gtk_window_set_default_size (GTK_WINDOW (window), 260, -1);
  /* As tall as it asks, as in the window's side column. */
  gtk_widget_set_valign (GTK_WIDGET (panel), GTK_ALIGN_START);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (panel));
  gtk_window_present (GTK_WINDOW (window));

  /* Collapsed: the same height for every line, short or long. */
  for (guint i = 0; i < G_N_ELEMENTS (updates); i++)
    {
      show_best_line (panel, updates[i]);
      if (collapsed_height < 0)
        collapsed_height = gtk_widget_get_height (GTK_WIDGET (panel));
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), ==, collapsed_height);
    }

  /* A line of two rows is shown whole without asking. */
  label = show_best_line (panel, two_rows);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));

  /* A longer one ends in "…"; its tooltip has it all. */
  label = show_best_line (panel, long_line);
  g_assert_true (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), ==, long_line);

  /* Show Full Lines: no "…", the whole line on the screen. */
  expand = find_widget (GTK_WIDGET (panel), is_toggle_with_tooltip, "Show Full Lines");
  g_assert_nonnull (expand);
  g_assert_true (spin_until (is_sensitive, expand, 5));
  gtk_widget_activate (expand);
  g_assert_true (spin_until (is_active, expand, 5));
  wait_for_frame (GTK_WIDGET (panel));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  g_assert_cmpstr (pango_layout_get_text (gtk_label_get_layout (label)), ==, long_line);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), >, collapsed_height);

  /* Off again: back to the collapsed height; with nothing cut short the
   * button has nothing to show. */
  gtk_widget_activate (expand);
  g_assert_true (spin_until (is_inactive, expand, 5));
  label = show_best_line (panel, long_line);
  g_assert_true (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), ==, collapsed_height);
  show_best_line (panel, "1. e4");
  g_assert_true (spin_until (is_insensitive, expand, 5));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (panel)), ==, collapsed_height);

  gtk_window_destroy (GTK_WINDOW (window));
  app_test_spin ();
}

static void
test_board_extra_arrows (void)
{
  ChessBoardView *board = CHESS_BOARD_VIEW (chess_board_view_new ());
  GdkRGBA violet = { 0.5, 0.2, 0.8, 0.8 };
  ChessBoardArrow arrows[] = {
    { 12, 28, violet, 1.0 },     /* e2-e4 */
    { 6, 6, violet, 1.0 },       /* not an arrow: dropped */
    { 1, 18, violet, 0.5 },      /* b1-c3 */
  };
  const ChessBoardArrow *shown = NULL;

  g_object_ref_sink (board);
  g_assert_cmpuint (chess_board_view_get_extra_arrows (board, "hint", &shown), ==, 0);
  g_assert_null (shown);

  chess_board_view_set_extra_arrows (board, "hint", arrows, 1);
  chess_board_view_set_extra_arrows (board, "analysis", arrows, 3);
  g_assert_cmpuint (chess_board_view_get_extra_arrows (board, "hint", &shown), ==, 1);
  g_assert_cmpuint (shown[0].from, ==, 12);
  g_assert_cmpuint (shown[0].to, ==, 28);
  g_assert_cmpuint (chess_board_view_get_extra_arrows (board, "analysis", &shown), ==, 2);
  g_assert_cmpuint (shown[1].from, ==, 1);
  g_assert_cmpfloat (shown[1].width, ==, 0.5);

  /* Each owner's set is its own. */
  chess_board_view_set_extra_arrows (board, "hint", NULL, 0);
  g_assert_cmpuint (chess_board_view_get_extra_arrows (board, "hint", NULL), ==, 0);
  g_assert_cmpuint (chess_board_view_get_extra_arrows (board, "analysis", NULL), ==, 2);
  g_object_unref (board);
}

/* ---- The window ---- */

static void
test_hint_shown_and_cleared (void)
{
  ChessWindow *window;
  ChessGame *game;
  const ChessBoardArrow *arrow = NULL;
  ChessMove hint;
  ChessBoard board;
  char san[CHESS_MOVE_TEXT_MAX];
  g_autofree char *expected = NULL;

  app_test_remove_autosave ();
  window = window_with_fen (NULL);
  game = chess_window_get_game (window);
  model_test_play (game, "e4 e5 Nf3");
  /* Black to move, shown live. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (spin_until (has_hint, window, 30));

  hint = _chess_window_analysis_get_hint (window);
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_HINT, &arrow), ==, 1);
  g_assert_cmpuint (arrow->from, ==, chess_move_from (hint));
  g_assert_cmpuint (arrow->to, ==, chess_move_to (hint));
  /* Not the analysis' violet: a hint and an analysis are told apart. */
  g_assert_false (arrow->color.red > 0.5 && arrow->color.blue > 0.7 && arrow->color.green < 0.3);
  /* A move for Black, legal here, named in the status line. */
  board = *chess_game_get_board (game);
  g_assert_true (chess_board_is_legal (&board, hint));
  g_assert_cmpint (chess_piece_color (chess_board_piece_at (&board, arrow->from)), ==,
                   CHESS_COLOR_BLACK);
  chess_move_format (&board, hint, CHESS_NOTATION_SAN, san);
  expected = g_strdup_printf ("Hint: %s", san);
  g_assert_cmpstr (chess_window_get_status_text (window), ==, expected);
  /* Not played, not saved into the game. */
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);
  g_assert_null (chess_game_get_view_node (game)->arrows);

  /* The next move clears it. */
  model_test_play (game, "Nc6");
  g_assert_cmpuint (_chess_window_analysis_get_hint (window), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_HINT, NULL), ==, 0);
  g_assert_null (strstr (chess_window_get_status_text (window), "Hint"));

  /* So does browsing, also while the hint is still being sought. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  chess_game_set_view_ply (game, 2);
  g_assert_true (spin_until (not_thinking, window, 10));
  g_assert_cmpuint (_chess_window_analysis_get_hint (window), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_HINT, NULL), ==, 0);

  /* And the game's end: a resignation leaves no hint on the board. */
  chess_game_set_view_ply (game, chess_game_get_move_count (game));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_true (spin_until (has_hint, window, 30));
  chess_game_resign (game, CHESS_COLOR_WHITE);
  g_assert_cmpuint (_chess_window_analysis_get_hint (window), ==, CHESS_MOVE_NONE);
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_HINT, NULL), ==, 0);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));

  app_test_destroy_window (window);
}

static void
test_hint_disabled_without_moves (void)
{
  ChessWindow *window;

  app_test_remove_autosave ();
  /* Fool's mate: White is mated. */
  window = window_with_fen ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  app_test_destroy_window (window);
}

static gboolean
human_to_move (gpointer window)
{
  return chess_game_get_side_to_move (chess_window_get_game (window)) == CHESS_COLOR_WHITE
         && chess_game_get_move_count (chess_window_get_game (window)) == 2;
}

/* Against the computer, a hint is for the person, not on the computer's
 * turn. */
static void
test_hint_not_for_the_computer (void)
{
  ChessWindow *window;
  GSettings *settings;
  ChessGame *game;

  app_test_remove_autosave ();
  window = window_with_fen (NULL);
  settings = chess_window_get_settings (window);
  g_settings_set_enum (settings, "black-player", 1);   /* computer */
  g_settings_set_int (settings, "black-level", 0);
  chess_window_new_game (window);
  game = chess_window_get_game (window);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));

  model_test_play (game, "e4");
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  g_assert_false (chess_window_analysis_is_thinking (window));

  /* The computer answers: the person's turn, hints again. */
  g_assert_true (spin_until (human_to_move, window, 60));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));

  g_settings_reset (settings, "black-player");
  g_settings_reset (settings, "black-level");
  app_test_destroy_window (window);
}

/* No hint while a timed game is paused: the board is covered. */
static void
test_hint_not_while_paused (void)
{
  ChessWindow *window;
  GSettings *settings;

  app_test_remove_autosave ();
  window = window_with_fen (NULL);
  settings = chess_window_get_settings (window);
  g_settings_set_int (settings, "time-minutes", 5);
  chess_window_new_game (window);
  model_test_play (chess_window_get_game (window), "e4");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  chess_window_set_paused (window, TRUE);
  g_assert_true (chess_window_get_paused (window));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));
  chess_window_set_paused (window, FALSE);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "hint"));

  g_settings_reset (settings, "time-minutes");
  app_test_destroy_window (window);
}

static void
test_analysis_follows_view (void)
{
  ChessWindow *window;
  ChessGame *game;
  ChessAnalysisPanel *panel;
  GtkWidget *material;
  const ChessBoardArrow *arrow = NULL;
  guint runs;
  ChessBoard board;

  app_test_remove_autosave ();
  window = window_with_fen (NULL);
  game = chess_window_get_game (window);
  panel = panel_of (window);
  material = gtk_widget_get_parent (app_test_window_child (window, "eval_bar"));
  model_test_play (game, "e4 e5 Nf3 Nc6 Bb5");

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  set_analysis (window, TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_false (gtk_widget_get_visible (material));
  g_assert_true (spin_until (has_best_line, window, 30));
  /* Black to move after 3. Bb5: the line starts with Black's move 3. */
  g_assert_true (g_str_has_prefix (chess_analysis_panel_get_line (panel, 0), "3\xe2\x80\xa6 "));
  g_assert_true (g_str_has_prefix (chess_analysis_panel_get_status (panel), "Depth "));
  g_assert_cmpstr (chess_analysis_panel_get_score_text (panel), !=, "\xe2\x80\x93");
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_ANALYSIS, &arrow), >=, 1);
  board = *chess_game_get_board (game);
  g_assert_cmpint (chess_piece_color (chess_board_piece_at (&board, arrow->from)), ==,
                   CHESS_COLOR_BLACK);

  /* Browsing back: analysed again, now White's move 2. */
  runs = _chess_window_analysis_get_runs (window);
  chess_game_set_view_ply (game, 2);
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_ANALYSIS, NULL), ==, 0);
  g_assert_true (spin_until (has_best_line, window, 30));
  g_assert_cmpuint (_chess_window_analysis_get_runs (window), >, runs);
  g_assert_true (g_str_has_prefix (chess_analysis_panel_get_line (panel, 0), "2. "));
  chess_game_get_board_at (game, 2, &board);
  arrows_of (window, CHESS_ARROWS_ANALYSIS, &arrow);
  g_assert_cmpint (chess_piece_color (chess_board_piece_at (&board, arrow->from)), ==,
                   CHESS_COLOR_WHITE);

  /* Several lines, each with its score (as the panel's menu chooses). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "analysis.analysis-lines", "i", 3));
  g_assert_cmpint (g_settings_get_int (chess_window_get_settings (window), "analysis-lines"), ==, 3);
  g_assert_true (spin_until (has_best_line, window, 30));
  spin_until (has_third_line, window, 30);
  g_assert_nonnull (chess_analysis_panel_get_line (panel, 2));
  g_assert_nonnull (strstr (chess_analysis_panel_get_line (panel, 1), ": 2. "));
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_ANALYSIS, NULL), >=, 2);
  g_settings_set_int (chess_window_get_settings (window), "analysis-lines", 1);

  /* Threads: the cores but one by default, else as many as the menu says;
   * analysed again with them. */
  g_assert_cmpint (_chess_window_analysis_get_threads (window), ==,
                   MAX (1, (int) g_get_num_processors () - 1));
  runs = _chess_window_analysis_get_runs (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "analysis.analysis-threads", "i", 3));
  g_assert_cmpint (g_settings_get_int (chess_window_get_settings (window), "analysis-threads"), ==, 3);
  g_assert_true (spin_until (has_best_line, window, 30));
  g_assert_cmpuint (_chess_window_analysis_get_runs (window), >, runs);
  g_assert_cmpint (_chess_window_analysis_get_threads (window), ==, 3);
  g_settings_set_int (chess_window_get_settings (window), "analysis-threads", 0);

  /* Off: the engine stops, the material bar is back, no arrows. */
  set_analysis (window, FALSE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (gtk_widget_get_visible (material));
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_ANALYSIS, NULL), ==, 0);
  g_assert_true (spin_until (not_thinking, window, 10));

  app_test_destroy_window (window);
}

static void
test_analysis_mate_scores (void)
{
  ChessWindow *window;
  ScoreWait wait;

  app_test_remove_autosave ();
  /* White mates in one (Ra8#): "M1", the bar full for White. */
  window = window_with_fen ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  set_analysis (window, TRUE);
  wait = (ScoreWait) { window, "M1" };
  g_assert_true (spin_until (shows_score, &wait, 30));
  g_assert_cmpfloat (chess_analysis_panel_get_bar_value (panel_of (window)), ==, 20.0);
  g_assert_true (g_str_has_prefix (chess_analysis_panel_get_line (panel_of (window), 0), "1. Ra8#"));

  /* Black mates in one: "−M1", the bar empty. */
  g_assert_true (chess_game_set_fen (chess_window_get_game (window),
                                     "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", NULL));
  wait = (ScoreWait) { window, "\xe2\x88\x92M1" };
  g_assert_true (spin_until (shows_score, &wait, 30));
  g_assert_cmpfloat (chess_analysis_panel_get_bar_value (panel_of (window)), ==, 0.0);

  /* Mated on the board: no search, the result and the word. */
  g_assert_true (chess_game_set_fen (chess_window_get_game (window),
                                     "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1", NULL));
  wait = (ScoreWait) { window, "1\xe2\x80\x93" "0" };
  g_assert_true (spin_until (shows_score, &wait, 10));
  g_assert_cmpstr (chess_analysis_panel_get_status (panel_of (window)), ==, "Checkmate.");
  g_assert_true (spin_until (not_thinking, window, 10));
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_ANALYSIS, NULL), ==, 0);

  app_test_destroy_window (window);
}

typedef struct
{
  ChessWindow *window;
  const char  *name;
} NameWait;

static gboolean
analysed_by (gpointer data)
{
  NameWait *wait = data;
  const char *status = chess_analysis_panel_get_status (panel_of (wait->window));

  return has_best_line (wait->window) && strstr (status, wait->name) != NULL;
}

/* Waits for the engine `name` to show a best line; tells what is shown
 * when it does not. */
static void
assert_analysed_by (ChessWindow *window,
                    const char  *name)
{
  NameWait wait = { window, name };

  if (!spin_until (analysed_by, &wait, 30))
    g_error ("no line from %s: the panel says \"%s\", line \"%s\"; the status line \"%s\"",
             name, chess_analysis_panel_get_status (panel_of (window)),
             chess_analysis_panel_get_line (panel_of (window), 0),
             chess_window_get_status_text (window));
}

/* An external engine chosen in the panel's menu analyses; one that cannot
 * run leaves a message, and the built-in engine takes over. */
static void
test_analysis_external_engines (void)
{
  ChessWindow *window;
  GSettings *settings;
  g_autoptr(ChessExternalEntry) stockfish = NULL;
  const char *const broken_argv[] = { "/nonexistent/thinkchess-test-engine", NULL };
  ChessExternalEntry broken = { NULL, (char *) "Broken Engine", (char **) broken_argv,
                              CHESS_EXTERNAL_PROTOCOL_UCI, NULL, TRUE };

  app_test_remove_autosave ();
  window = window_with_fen (NULL);
  settings = chess_window_get_settings (window);
  set_analysis (window, TRUE);

  stockfish = chess_external_registry_find (settings, "stockfish");
  if (stockfish != NULL)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "analysis.analysis-engine",
                                                 "s", "stockfish"));
      assert_analysed_by (window, "Stockfish");
      g_assert_true (g_str_has_prefix (chess_analysis_panel_get_line (panel_of (window), 0), "1. "));
    }
  else
    g_test_message ("Stockfish is not installed: only the broken engine is tried");

  broken.options = g_hash_table_new (g_str_hash, g_str_equal);
  chess_external_registry_save (settings, &broken);
  g_assert_nonnull (broken.id);
  g_settings_set_string (settings, "analysis-engine", broken.id);
  assert_analysed_by (window, "ThinkChess");
  g_assert_nonnull (strstr (chess_window_get_status_text (window),
                            "Analysing with the built-in engine instead."));

  chess_external_registry_remove (settings, broken.id);
  g_settings_reset (settings, "analysis-engine");
  g_free (broken.id);
  g_hash_table_unref (broken.options);
  set_analysis (window, FALSE);
  app_test_destroy_window (window);
}

/* Closing the window while the engine thinks leaves no search thread. */
static void
test_close_stops_engine (void)
{
  ChessWindow *window;
  guint before, during;

  app_test_remove_autosave ();
  window = window_with_fen (NULL);
  app_test_spin ();
  before = count_threads ();
  set_analysis (window, TRUE);
  g_assert_true (spin_until (has_best_line, window, 30));
  g_assert_true (chess_window_analysis_is_thinking (window));
  during = count_threads ();
  g_assert_cmpuint (during, >, before);

  gtk_window_destroy (GTK_WINDOW (window));
  /* No spinning here: the window's disposal itself waits for the thread. */
  g_assert_cmpuint (count_threads (), <=, before);
  app_test_spin ();
}

/* ---- The threat ---- */

static const char *
threat_text (ChessWindow *window)
{
  return chess_analysis_panel_get_threat (panel_of (window));
}

typedef struct
{
  ChessWindow *window;
  const char  *prefix;
} ThreatWait;

/* The threat's line starts with `prefix` and its search has ended. */
static gboolean
shows_threat (gpointer data)
{
  ThreatWait *wait = data;
  const char *text = threat_text (wait->window);

  return text != NULL && g_str_has_prefix (text, wait->prefix)
         && arrows_of (wait->window, CHESS_ARROWS_THREAT, NULL) == 1;
}

static void
set_threat (ChessWindow *window,
            gboolean     on)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (window), "threat");
  g_autoptr(GVariant) state = NULL;

  g_assert_nonnull (action);
  g_action_change_state (action, g_variant_new_boolean (on));
  state = g_action_get_state (action);
  g_assert_true (g_variant_get_boolean (state) == on);
}

static void
assert_arrow (ChessWindow *window,
              const char  *from,
              const char  *to)
{
  const ChessBoardArrow *arrow = NULL;

  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_THREAT, &arrow), ==, 1);
  g_assert_cmpuint (arrow->from, ==, chess_square_parse (from));
  g_assert_cmpuint (arrow->to, ==, chess_square_parse (to));
}

/* 1. e4 e5 2. Bc4 Nc6 3. Qh5: White threatens mate; 3… g6 parries it and
 * Black threatens the queen. Turned on while analysis is off, it turns
 * analysis on; analysis off turns it off. */
static void
test_threat_follows_the_position (void)
{
  ChessWindow *window;
  ChessGame *game;
  ThreatWait wait;

  app_test_remove_autosave ();
  window = window_with_fen (NULL);
  game = chess_window_get_game (window);
  model_test_play (game, "e4 e5 Bc4 Nc6 Qh5");
  g_assert_null (threat_text (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.threat", NULL));
  g_assert_true (_chess_window_analysis_is_active (window));
  wait = (ThreatWait) { window, "Threat: 4. Qxf7#, mate in 1" };
  g_assert_true (spin_until (shows_threat, &wait, 30));
  g_assert_cmpstr (threat_text (window), ==, "Threat: 4. Qxf7#, mate in 1");
  assert_arrow (window, "h5", "f7");
  /* Shown only: not played, not saved. */
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 5);
  g_assert_null (chess_game_get_view_node (game)->arrows);

  /* Parried: Black now threatens the queen, and the words say so. */
  model_test_play (game, "g6");
  wait.prefix = "Threat: 4\xe2\x80\xa6 gxh5, winning the queen";
  g_assert_true (spin_until (shows_threat, &wait, 30));
  assert_arrow (window, "g6", "h5");

  /* Browsing back shows the threat of the position viewed. */
  chess_game_set_view_ply (game, 5);
  wait.prefix = "Threat: 4. Qxf7#";
  g_assert_true (spin_until (shows_threat, &wait, 30));

  /* Analysis off: the threat too, its line, arrow and search. */
  set_analysis (window, FALSE);
  {
    g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "threat");

    g_assert_false (g_variant_get_boolean (state));
  }
  g_assert_null (threat_text (window));
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_THREAT, NULL), ==, 0);
  g_assert_true (spin_until (not_thinking, window, 10));
  app_test_destroy_window (window);
}

/* Turned off at once, and on and off again while a search runs: nothing
 * of it stays. */
static void
test_threat_off_while_searching (void)
{
  ChessWindow *window;
  ThreatWait wait;

  app_test_remove_autosave ();
  window = window_with_fen ("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
  set_threat (window, TRUE);
  set_threat (window, FALSE);
  set_threat (window, TRUE);
  set_threat (window, FALSE);
  g_assert_true (_chess_window_analysis_is_active (window));
  g_assert_null (threat_text (window));
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_THREAT, NULL), ==, 0);

  /* On again: the same threat as ever. */
  set_threat (window, TRUE);
  wait = (ThreatWait) { window, "Threat: 4. Qxf7#, mate in 1" };
  g_assert_true (spin_until (shows_threat, &wait, 30));
  set_threat (window, FALSE);
  g_assert_null (threat_text (window));
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_THREAT, NULL), ==, 0);
  set_analysis (window, FALSE);
  g_assert_true (spin_until (not_thinking, window, 10));
  app_test_destroy_window (window);
}

/* In check there is no position with the move passed: say so. */
static void
test_threat_in_check (void)
{
  ChessWindow *window;

  app_test_remove_autosave ();
  /* 1. e4 f5 2. Qh5+: Black is in check. */
  window = window_with_fen ("rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
  set_threat (window, TRUE);
  g_assert_cmpstr (threat_text (window), ==, "No threat shown while Black is in check");
  g_assert_cmpuint (arrows_of (window, CHESS_ARROWS_THREAT, NULL), ==, 0);
  set_analysis (window, FALSE);
  g_assert_true (spin_until (not_thinking, window, 10));
  app_test_destroy_window (window);
}

/* Closing the window while the threat is sought leaves no search thread. */
static void
test_threat_close_stops_engine (void)
{
  ChessWindow *window;
  guint before;

  app_test_remove_autosave ();
  window = window_with_fen ("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
  app_test_spin ();
  before = count_threads ();
  set_threat (window, TRUE);
  g_assert_true (chess_window_analysis_is_thinking (window));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_cmpuint (count_threads (), <=, before);
  app_test_spin ();
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-analysis-XXXXXX",
                       APP_TEST_ENGLISH))
    return 0;

  g_test_add_func ("/app/analysis/score-format", test_score_format);
  g_test_add_func ("/app/analysis/score-bar", test_score_bar);
  g_test_add_func ("/app/analysis/line-format", test_line_format);
  g_test_add_func ("/app/analysis/panel", test_panel);
  g_test_add_func ("/app/analysis/panel-full-line", test_panel_full_line);
  g_test_add_func ("/app/analysis/board-arrows", test_board_extra_arrows);
  g_test_add_func ("/app/analysis/hint", test_hint_shown_and_cleared);
  g_test_add_func ("/app/analysis/hint-disabled", test_hint_disabled_without_moves);
  g_test_add_func ("/app/analysis/hint-not-for-the-computer", test_hint_not_for_the_computer);
  g_test_add_func ("/app/analysis/hint-not-while-paused", test_hint_not_while_paused);
  g_test_add_func ("/app/analysis/follows-view", test_analysis_follows_view);
  g_test_add_func ("/app/analysis/mate-scores", test_analysis_mate_scores);
  g_test_add_func ("/app/analysis/external-engines", test_analysis_external_engines);
  g_test_add_func ("/app/analysis/close-stops-engine", test_close_stops_engine);
  g_test_add_func ("/app/analysis/threat", test_threat_follows_the_position);
  g_test_add_func ("/app/analysis/threat-off-while-searching", test_threat_off_while_searching);
  g_test_add_func ("/app/analysis/threat-in-check", test_threat_in_check);
  g_test_add_func ("/app/analysis/threat-close-stops-engine", test_threat_close_stops_engine);

  return app_test_end (g_test_run ());
}
