/* test-review-panel.c — the game review in the window, in process (suite
 * 'app'): a real review (the built-in engine at a fixed depth, so it is
 * the same every time) of a game with a known blunder marks it in the
 * tree, the move list and the graph as results come; the panel's words
 * for it and the better move's arrow; accuracy and counts; Cancel keeps
 * what was reviewed; the annotated game saved and opened again says the
 * same; Retry This Move plays another move from the position before the
 * mistake, judges it, lets the computer answer and takes it all back. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chess-external-registry.h"
#include "chess-move-list-view.h"
#include "chess-review-panel.h"
#include "chess-review-words.h"
#include "chess-window.h"

#include "app-test-util.h"

/* The game of tests/data/app/reviewed.pgn without its annotations:
 * 5... Bxd1 lets White mate in two (Legal's mate). */
#define LEGAL_MATE "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0"
#define BLUNDER_PLY 9   /* 5... Bxd1, 0-based */
/* Deep enough that 5. Nxe5 (the Légal trap) is seen as sound: at depth 6
 * and 8 the engine misses 6. Qxg4 after 5… dxe5 behind earlier searches. */
#define REVIEW_DEPTH 10

static ChessGame *
game_from (const char *movetext)
{
  g_autofree char *text = g_strdup_printf ("[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"%s\"]\n\n%s\n",
                                           g_str_has_suffix (movetext, "1-0") ? "1-0" : "*", movetext);
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);
  ChessGame *game = chess_game_new ();

  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  g_assert_no_error (error);
  return game;
}

static ChessReviewPanel *
panel_of (ChessWindow *window)
{
  return CHESS_REVIEW_PANEL (app_test_window_child (window, "review_panel"));
}

static void
wait_for (gboolean (*done) (gpointer), gpointer data, const char *what)
{
  if (!model_test_run_until (done, data, 60 * 1000))
    g_error ("timed out waiting for %s", what);
}

static gboolean
not_running (gpointer panel)
{
  return !chess_review_panel_is_running (panel);
}

static void
notice_cb (ChessReviewPanel *panel,
           const char       *text,
           char            **last)
{
  g_free (*last);
  *last = g_strdup (text);
}

/* The first label under `widget` with CSS class `css_class`. */
static GtkWidget *
find_by_class (GtkWidget  *widget,
               const char *css_class)
{
  if (gtk_widget_has_css_class (widget, css_class))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_class (child, css_class);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
review (ChessWindow *window,
        ChessGame   *game)
{
  ChessReviewPanel *panel = panel_of (window);
  g_autoptr(ChessReview) review = chess_review_new (game);

  chess_review_set_depth (review, REVIEW_DEPTH);
  chess_review_panel_run (panel, review);
  g_assert_true (chess_review_panel_is_running (panel));
  wait_for (not_running, panel, "the review");
  app_test_spin ();
}

/* The verdict says "Better was" once, on its last line, with the better
 * move's sentence ("…, stopping the mate") and its score folded in. */
static void
assert_better_once (const char *verdict)
{
  const char *first = strstr (verdict, "Better was");
  const char *last_line = strrchr (verdict, '\n');

  g_assert_nonnull (first);
  g_assert_null (strstr (first + 1, "Better was"));
  g_assert_nonnull (last_line);
  g_assert_true (g_str_has_prefix (last_line + 1, "Better was 5… "));
  g_assert_nonnull (strstr (last_line, ", stopping the mate ("));
}

static void
test_review_marks_blunder (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = game_from (LEGAL_MATE);
  ChessReviewPanel *panel = panel_of (window);
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  g_autofree char *notice = NULL;
  guint seen_running = 0;

  chess_window_open_game (window, game);
  app_test_spin ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (chess_review_panel_can_start (panel));
  g_signal_connect (panel, "notice", G_CALLBACK (notice_cb), &notice);

  /* The action starts a review (then cancelled: this test runs its own at
   * a fixed depth, the same every time). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  g_assert_true (chess_review_panel_is_running (panel));
  chess_review_panel_cancel (panel);
  wait_for (not_running, panel, "the first review to stop");
  {
    g_autoptr(ChessReview) r = chess_review_new (game);
    chess_review_set_depth (r, REVIEW_DEPTH);
    chess_review_panel_run (panel, r);
  }
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_false (chess_review_panel_can_start (panel));
  /* Results arrive into the tree while it runs: the graph grows. */
  while (chess_review_panel_is_running (panel))
    {
      g_main_context_iteration (NULL, TRUE);
      if (chess_review_panel_is_running (panel)
          && chess_eval_graph_get_n_known (chess_review_panel_get_graph (panel)) > 0
          && chess_eval_graph_get_n_known (chess_review_panel_get_graph (panel)) < 13)
        seen_running++;
    }
  app_test_spin ();
  g_assert_cmpuint (seen_running, >, 0);
  g_assert_cmpstr (notice, ==, "Review finished");
  g_assert_true (chess_review_panel_can_start (panel));

  /* The blunder, marked in the tree, coloured in the list, on the graph. */
  ChessTreeNode *bxd1 = chess_game_get_node_at (game, BLUNDER_PLY + 1);
  g_assert_true (chess_tree_node_has_nag (bxd1, 4));
  g_assert_true (gtk_widget_has_css_class (chess_move_list_view_get_move_button (list, BLUNDER_PLY),
                                           "blunder"));
  g_assert_cmpuint (chess_eval_graph_get_n_known (chess_review_panel_get_graph (panel)), >=, 13);
  for (guint ply = 0; ply < 13; ply++)
    if (ply != BLUNDER_PLY)
      g_assert_false (chess_tree_node_has_nag (chess_game_get_node_at (game, ply + 1), 4));

  /* White made no mistake at all; Black one blunder at least. */
  g_assert_nonnull (strstr (chess_review_panel_get_summary (panel, CHESS_COLOR_WHITE), "0 blunders"));
  g_assert_nonnull (strstr (chess_review_panel_get_summary (panel, CHESS_COLOR_BLACK), "1 blunder"));
  g_assert_nonnull (strstr (chess_review_panel_get_summary (panel, CHESS_COLOR_BLACK), "Accuracy"));
  /* Who judged, with what budget. */
  {
    GtkWidget *judge = find_by_class (GTK_WIDGET (panel), "review-judge");
    g_autofree char *expected = g_strdup_printf ("Judged by ThinkChess %s, depth %d",
                                                 PACKAGE_VERSION, REVIEW_DEPTH);
    g_assert_nonnull (judge);
    g_assert_true (gtk_widget_is_visible (judge));
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (judge)), ==, expected);
  }

  /* Viewing the blunder: the words and the better move's arrow. */
  chess_game_set_view_ply (game, BLUNDER_PLY + 1);
  app_test_spin ();
  const char *verdict = chess_review_panel_get_verdict (panel);
  g_assert_true (g_str_has_prefix (verdict, "5… Bxd1⁇ Blunder: "));
  g_assert_nonnull (strstr (verdict, "White mates in"));
  g_assert_nonnull (strstr (verdict, "Better was 5… "));
  /* Why, in words, under the verdict; then "Better was" once: the better
   * move's sentence with its score and line. */
  g_assert_nonnull (strstr (verdict, "\nAllows mate in 2: 6. Bxf7+ Ke7 7. Nd5#.\n"));
  g_test_message ("verdict: %s", verdict);
  assert_better_once (verdict);
  const ChessBoardArrow *arrows;
  g_assert_cmpuint (chess_board_view_get_extra_arrows (chess_window_get_board (window), "review", &arrows), ==, 1);
  /* The better move the review kept on the blunder's node. */
  const ChessTreeReview *record = chess_game_get_node_at (game, BLUNDER_PLY + 1)->review;
  g_assert_nonnull (record);
  g_assert_cmpuint (record->best_line_length, >=, 1);
  g_assert_cmpint (arrows[0].from, ==, chess_move_from (record->best_line[0]));
  g_assert_cmpint (arrows[0].to, ==, chess_move_to (record->best_line[0]));
  /* The start position: no words, no arrow. */
  chess_game_set_view_ply (game, 0);
  app_test_spin ();
  g_assert_cmpstr (chess_review_panel_get_verdict (panel), ==, "");
  g_assert_cmpuint (chess_board_view_get_extra_arrows (chess_window_get_board (window), "review", &arrows), ==, 0);

  /* Saved and opened again: the same marks, words and counts from the
   * tree alone. */
  g_autoptr(ChessPgnGame) pgn = chess_game_to_pgn (game);
  g_autofree char *text = chess_pgn_game_to_string (pgn);
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) again = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);
  g_assert_no_error (error);
  g_autoptr(ChessGame) reopened = chess_game_new ();
  g_assert_true (chess_game_load_pgn (reopened, again, &error));
  g_autofree char *black = g_strdup (chess_review_panel_get_summary (panel, CHESS_COLOR_BLACK));
  chess_window_open_game (window, reopened);
  app_test_spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_null (chess_review_panel_get_review (panel));
  g_assert_true (gtk_widget_has_css_class (chess_move_list_view_get_move_button (list, BLUNDER_PLY),
                                           "blunder"));
  g_assert_nonnull (strstr (chess_review_panel_get_summary (panel, CHESS_COLOR_BLACK), "1 blunder"));
  chess_game_set_view_ply (reopened, BLUNDER_PLY + 1);
  app_test_spin ();
  g_assert_true (g_str_has_prefix (chess_review_panel_get_verdict (panel), "5… Bxd1⁇ Blunder: "));
  g_assert_nonnull (strstr (chess_review_panel_get_verdict (panel), "Better was 5… "));
  g_assert_nonnull (strstr (chess_review_panel_get_verdict (panel),
                            "\nAllows mate in 2: 6. Bxf7+ Ke7 7. Nd5#.\n"));
  assert_better_once (chess_review_panel_get_verdict (panel));

  app_test_destroy_window (window);
}

static gboolean
has_reviewed_some (gpointer panel)
{
  ChessReview *review = chess_review_panel_get_review (panel);

  return review != NULL && chess_review_get_n_reviewed (review) >= 2;
}

static void
test_cancel (void)
{
  ChessWindow *window = app_test_new_window ();
  /* A long game: the review is far from done when it is cancelled. */
  g_autoptr(ChessGame) game = game_from (
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. d3 Bc5 5. c3 O-O 6. O-O d6 7. Nbd2 a6 8. Bxc6 "
    "bxc6 9. Re1 Re8 10. h3 Bb6 11. Nf1 h6 12. Ng3 Be6 13. Be3 Bxe3 14. Rxe3 c5 15. "
    "Qc2 Nd7 16. d4 cxd4 17. cxd4 exd4 18. Nxd4 a5 19. b3 Nc5 20. Rd1 Bd7 *");
  ChessReviewPanel *panel = panel_of (window);
  g_autofree char *notice = NULL;
  g_autoptr(ChessReview) r = chess_review_new (game);

  chess_window_open_game (window, game);
  g_signal_connect (panel, "notice", G_CALLBACK (notice_cb), &notice);
  chess_review_set_time_per_move (r, 300);
  chess_review_panel_run (panel, r);
  g_assert_true (g_str_has_prefix (chess_review_panel_get_progress_text (panel), "Reviewing: "));
  wait_for (has_reviewed_some, panel, "two moves reviewed");
  chess_review_panel_cancel (panel);
  g_assert_cmpstr (chess_review_panel_get_progress_text (panel), ==, "Stopping the review…");
  wait_for (not_running, panel, "the review to stop");
  app_test_spin ();
  guint reviewed = chess_review_get_n_reviewed (r);
  g_assert_cmpuint (reviewed, <, 40);
  g_assert_true (g_str_has_prefix (notice, "Review stopped after "));
  g_assert_cmpstr (chess_review_panel_get_progress_text (panel), ==, "");
  /* What was reviewed stays: the first moves have their [%eval]. */
  g_assert_cmpint (chess_game_get_node_at (game, 1)->eval.kind, !=, CHESS_TREE_EVAL_NONE);
  g_assert_cmpint (chess_game_get_node_at (game, 40)->eval.kind, ==, CHESS_TREE_EVAL_NONE);
  g_assert_true (chess_review_panel_can_start (panel));

  app_test_destroy_window (window);
}

static gboolean
retry_answered_at_3 (gpointer data)
{
  return chess_game_get_view_node (CHESS_GAME (data))->ply == 4;
}

static gboolean
retry_answered (gpointer data)
{
  ChessGame *game = data;

  return chess_game_get_view_node (game)->ply == BLUNDER_PLY + 2;
}

/* A retried move that is bad again says why: the queen put where a knight
 * takes it. */
static void
test_retry_says_why (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = game_from ("1. e4 Nf6 2. Qg4 Nxg4 *");
  ChessReviewPanel *panel = panel_of (window);

  chess_window_open_game (window, game);
  review (window, game);
  g_assert_true (chess_game_select_node (game, chess_game_get_node_at (game, 3)));
  g_assert_true (chess_review_panel_retry (panel));
  app_test_spin ();
  g_assert_true (chess_game_play (game, "Qh5", NULL));
  app_test_spin ();
  wait_for (retry_answered_at_3, game, "the computer's answer");
  const char *text = chess_review_panel_get_retry_text (panel);
  g_assert_true (g_str_has_prefix (text, "2. Qh5⁇ Blunder: "));
  g_assert_nonnull (strstr (text, "\nPuts the queen en prise on h5: 2… Nxh5.\n"));
  chess_review_panel_end_retry (panel);
  app_test_spin ();

  app_test_destroy_window (window);
}

static void
test_retry (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = game_from (LEGAL_MATE);
  ChessReviewPanel *panel = panel_of (window);

  chess_window_open_game (window, game);
  review (window, game);
  ChessTreeNode *bxd1 = chess_game_get_node_at (game, BLUNDER_PLY + 1);
  ChessTreeNode *before = bxd1->parent;
  guint children = before->n_children;

  /* Not on a good move. */
  chess_game_set_view_ply (game, 2);
  g_assert_false (chess_review_panel_retry (panel));

  g_assert_true (chess_game_select_node (game, bxd1));
  g_assert_true (chess_review_panel_retry (panel));
  app_test_spin ();
  g_assert_true (chess_review_panel_is_retrying (panel));
  g_assert_true (chess_game_get_view_node (game) == before);
  g_assert_cmpstr (chess_review_panel_get_retry_text (panel), ==,
                   "Find a better move for Black than 5… Bxd1.");
  g_assert_cmpstr (chess_review_panel_get_verdict (panel), ==, "");

  /* Another move: judged, and the computer answers for White. */
  g_assert_true (chess_game_play (game, "Nf6", NULL));
  app_test_spin ();
  wait_for (retry_answered, game, "the computer's answer");
  const char *text = chess_review_panel_get_retry_text (panel);
  g_assert_true (g_str_has_prefix (text, "5… Nf6"));
  g_assert_nonnull (strstr (text, "→"));
  g_assert_cmpuint (before->n_children, ==, children + 1);

  /* The move of the game again: said so. */
  chess_review_panel_end_retry (panel);
  app_test_spin ();
  g_assert_false (chess_review_panel_is_retrying (panel));
  g_assert_true (chess_game_get_view_node (game) == bxd1);
  g_assert_cmpuint (before->n_children, ==, children);
  g_assert_true (chess_review_panel_retry (panel));
  g_assert_true (chess_game_play (game, "Bxd1", NULL));
  app_test_spin ();
  g_assert_cmpstr (chess_review_panel_get_retry_text (panel), ==, "That is the move played in the game.");
  chess_review_panel_end_retry (panel);
  app_test_spin ();
  g_assert_cmpuint (before->n_children, ==, children);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 13);

  /* Another game opened in the middle of a retry: the attempt is taken
   * back from the old one. */
  g_assert_true (chess_game_select_node (game, bxd1));
  g_assert_true (chess_review_panel_retry (panel));
  g_assert_true (chess_game_play (game, "Be6", NULL));
  app_test_spin ();
  g_assert_cmpuint (before->n_children, >=, children);
  g_autoptr(ChessGame) other = game_from ("1. e4 e5 *");
  chess_window_open_game (window, other);
  app_test_spin ();
  g_assert_false (chess_review_panel_is_retrying (panel));
  g_assert_cmpuint (before->n_children, ==, children);
  g_assert_true (chess_game_get_view_node (game) == bxd1);

  app_test_destroy_window (window);
}

static gboolean
running (gpointer panel)
{
  return chess_review_panel_is_running (panel);
}

/* The engine chosen for analysis reviews; one that cannot run leaves the
 * review to the built-in engine. */
static void
test_engine_choice (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = game_from (LEGAL_MATE);
  ChessReviewPanel *panel = panel_of (window);
  GSettings *settings = chess_window_get_settings (window);
  g_autoptr(ChessExternalEntry) stockfish = chess_external_registry_find (settings, "stockfish");
  const char *const broken_argv[] = { "/nonexistent/thinkchess-test-engine", NULL };
  ChessExternalEntry broken = { NULL, (char *) "Broken Engine", (char **) broken_argv,
                              CHESS_EXTERNAL_PROTOCOL_UCI, NULL, TRUE };
  ChessPlayer *engine;

  chess_window_open_game (window, game);
  broken.options = g_hash_table_new (g_str_hash, g_str_equal);
  chess_external_registry_save (settings, &broken);
  g_settings_set_string (settings, "analysis-engine", broken.id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
  wait_for (running, panel, "the review with the built-in engine");
  engine = chess_review_get_engine (chess_review_panel_get_review (panel));
  g_assert_true (engine == NULL || chess_player_get_level (engine) >= 0);
  chess_review_panel_cancel (panel);
  wait_for (not_running, panel, "the review to stop");

  if (stockfish != NULL)
    {
      g_settings_set_string (settings, "analysis-engine", "stockfish");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.review-game", NULL));
      wait_for (running, panel, "the review with Stockfish");
      engine = chess_review_get_engine (chess_review_panel_get_review (panel));
      g_assert_nonnull (engine);
      g_assert_cmpint (chess_player_get_level (engine), ==, -1);
      g_assert_nonnull (strstr (chess_player_get_name (engine), "Stockfish"));
      chess_review_panel_cancel (panel);
      wait_for (not_running, panel, "the review to stop");
    }
  else
    g_test_message ("Stockfish is not installed: only the broken engine is tried");

  chess_external_registry_remove (settings, broken.id);
  g_settings_reset (settings, "analysis-engine");
  g_free (broken.id);
  g_hash_table_unref (broken.options);
  app_test_destroy_window (window);
}

/* A game still being played is reviewed, but its moves are not retried:
 * it goes on at its end only. */
static void
test_retry_refused_while_playing (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = chess_game_new ();
  ChessReviewPanel *panel = panel_of (window);
  g_autofree char *notice = NULL;

  /* 2. g4?? lets Black mate at once. */
  g_assert_true (chess_game_play (game, "f3", NULL));
  g_assert_true (chess_game_play (game, "e5", NULL));
  g_assert_true (chess_game_play (game, "g4", NULL));
  chess_window_set_game (window, game);
  g_signal_connect (panel, "notice", G_CALLBACK (notice_cb), &notice);
  review (window, game);
  g_assert_true (chess_tree_node_has_nag (chess_game_get_node_at (game, 3), 4));
  chess_game_set_view_ply (game, 3);
  app_test_spin ();
  g_assert_false (chess_review_panel_retry (panel));
  g_assert_cmpstr (notice, ==, "A move can be retried in a finished or opened game");
  g_assert_cmpuint (chess_game_get_view_ply (game), ==, 3);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 3);

  app_test_destroy_window (window);
}

#define assert_words(expr, expected) \
  G_STMT_START { \
    g_autofree char *words_ = (expr); \
    g_assert_cmpstr (words_, ==, (expected)); \
  } G_STMT_END

/* The words, without a window. */
static void
test_words (void)
{
  ChessReviewPlayerStats stats = { 0 };

  assert_words (chess_review_words_score (34), "+0.34");
  assert_words (chess_review_words_score (-120), "−1.20");
  assert_words (chess_review_words_score (0), "0.00");
  assert_words (chess_review_words_score (chess_review_score_from_mate_moves (3)), "White mates in 3 moves");
  assert_words (chess_review_words_score (chess_review_score_from_mate_moves (-1)), "Black mates in 1 move");
  assert_words (chess_review_words_score (CHESS_REVIEW_MATE), "Checkmate");

  stats.n_moves = 0;
  stats.accuracy = -1;
  assert_words (chess_review_words_summary (&stats), "No moves reviewed");
  stats.n_moves = 20;
  stats.accuracy = 86.6;
  stats.counts[CHESS_REVIEW_CLASS_INACCURACY] = 2;
  stats.counts[CHESS_REVIEW_CLASS_MISTAKE] = 1;
  assert_words (chess_review_words_summary (&stats), "Accuracy 87% · 2 inaccuracies, 1 mistake, 0 blunders");

  /* A blunder's words: the verdict, why, then "Better was" once, the
   * better move's sentence with its score and line folded in. */
  {
    ChessBoard before;
    ChessReviewMove move = { 0 };
    ChessUndo undo;
    ChessBoard after;

    g_assert_true (chess_board_from_fen (&before, "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
                                         NULL));
    g_assert_true (chess_move_parse (&before, "Qg4", &move.move, NULL));
    g_assert_true (chess_move_parse (&before, "e5", &move.best_move, NULL));
    after = before;
    chess_board_make (&after, move.best_move, &undo);
    move.best_line[0] = move.best_move;
    g_assert_true (chess_move_parse (&after, "Nd5", &move.best_line[1], NULL));
    move.best_line_length = 2;
    move.mover = CHESS_COLOR_WHITE;
    move.klass = CHESS_REVIEW_CLASS_BLUNDER;
    move.eval_before = 20;
    move.eval_after = -900;
    move.best_eval = 20;
    g_strlcpy (move.why, "Puts the queen en prise on g4: 2… Nxg4.", sizeof move.why);
    g_strlcpy (move.better_why, "Better was 2. e5, keeping the queen.", sizeof move.better_why);
    assert_words (chess_review_words_verdict (&before, &move, TRUE, CHESS_NOTATION_SAN),
                  "2. Qg4⁇ Blunder: +0.20 → −9.00.\n"
                  "Puts the queen en prise on g4: 2… Nxg4.\n"
                  "Better was 2. e5, keeping the queen (+0.20), then 2… Nd5.");
    /* No sentence for the better move: the plain "Better was". */
    move.better_why[0] = '\0';
    assert_words (chess_review_words_verdict (&before, &move, TRUE, CHESS_NOTATION_SAN),
                  "2. Qg4⁇ Blunder: +0.20 → −9.00.\n"
                  "Puts the queen en prise on g4: 2… Nxg4.\n"
                  "Better was 2. e5 (+0.20), then 2… Nd5.");
  }
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-XXXXXX",
                       APP_TEST_ENGLISH | APP_TEST_APP_STYLE))
    return 0;

  g_test_add_func ("/app/review/words", test_words);
  g_test_add_func ("/app/review/marks-blunder", test_review_marks_blunder);
  g_test_add_func ("/app/review/cancel", test_cancel);
  g_test_add_func ("/app/review/retry", test_retry);
  g_test_add_func ("/app/review/retry-says-why", test_retry_says_why);
  g_test_add_func ("/app/review/engine-choice", test_engine_choice);
  g_test_add_func ("/app/review/retry-refused-while-playing", test_retry_refused_while_playing);

  return app_test_end (g_test_run ());
}
