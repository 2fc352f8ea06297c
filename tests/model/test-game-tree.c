/* test-game-tree.c — ChessGame's move tree: variations played in earlier
 * positions, chosen, promoted and deleted; comments and NAGs; take-back
 * and redo keeping a move's annotations; the tree through PGN. */

#include "config.h"

#include <string.h>

#include "chess-game.h"
#include "model-test-util.h"
#include "../pgn/pgn-test-util.h"

typedef struct
{
  ChessGame *game;
  GString   *log;   /* "moved:e4 line tree …" */
} Fixture;

static void
log_event (Fixture    *f,
           const char *text)
{
  if (f->log->len > 0)
    g_string_append_c (f->log, ' ');
  g_string_append (f->log, text);
}

static void
moved_cb (ChessGame *game, ChessMoveInfo *info, Fixture *f)
{
  g_autofree char *s = g_strdup_printf ("moved:%s", info->san);
  log_event (f, s);
}

static void
taken_back_cb (ChessGame *game, ChessMoveInfo *info, Fixture *f)
{
  log_event (f, "taken-back");
}

/* What "changed" says: "tree", "line", "view:<ply>" (the moves changed
 * are logged by "moved" and "taken-back"). */
static void
changed_cb (ChessGame *game, guint changes, Fixture *f)
{
  if (changes & CHESS_GAME_CHANGED_TREE)
    log_event (f, "tree");
  if (changes & CHESS_GAME_CHANGED_LINE)
    log_event (f, "line");
  if (changes & CHESS_GAME_CHANGED_VIEW)
    {
      g_autofree char *s = g_strdup_printf ("view:%u", chess_game_get_view_ply (game));
      log_event (f, s);
    }
}

static void
set_up (Fixture *f, gconstpointer data)
{
  f->game = chess_game_new ();
  f->log = g_string_new (NULL);
  g_signal_connect (f->game, "moved", G_CALLBACK (moved_cb), f);
  g_signal_connect (f->game, "taken-back", G_CALLBACK (taken_back_cb), f);
  g_signal_connect (f->game, "changed", G_CALLBACK (changed_cb), f);
}

static void
tear_down (Fixture *f, gconstpointer data)
{
  g_assert_finalize_object (f->game);
  g_string_free (f->log, TRUE);
}

static void
clear_log (Fixture *f)
{
  g_string_truncate (f->log, 0);
}

static void
load (Fixture    *f,
      const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);

  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (f->game, pgn, &error));
  g_assert_no_error (error);
  clear_log (f);
}

/* The game written as PGN, movetext only, on one line. */
static char *
movetext (Fixture *f)
{
  g_autoptr(ChessPgnGame) pgn = chess_game_to_pgn (f->game);
  g_autofree char *text = chess_pgn_game_to_string (pgn);
  const char *body = strstr (text, "\n\n");

  g_assert_nonnull (body);
  /* On one line, whatever the wrapping. */
  return g_strdelimit (g_strstrip (g_strdup (body + 2)), "\n", ' ');
}

#define ANNOTATED \
  "[Event \"Study\"]\n[Result \"*\"]\n\n" \
  "{Start} 1. e4 {Best by test.} e5 2. Nf3 $1 Nc6 (2... d6 {Philidor} 3. d4) " \
  "3. Bb5 a6 *\n"

static void
test_load_keeps_tree (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game (ANNOTATED, strlen (ANNOTATED), 1, NULL, &error);

  load (f, ANNOTATED);
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 6);
  g_autoptr(ChessPgnGame) out = chess_game_to_pgn (f->game);
  pgn_test_assert_same_tree (pgn->tree, out->tree);
  g_assert_cmpstr (chess_game_get_tree (f->game)->root->comment, ==, "Start");
  g_assert_cmpstr (chess_game_get_node_at (f->game, 1)->comment, ==, "Best by test.");
  g_assert_null (chess_game_get_node_at (f->game, 7));

  /* An illegal move in a variation: refused, the game unchanged. */
  ChessTreeNode *d6 = pgn->tree->root->children[0]->children[0]->children[0]->children[1];
  d6->children[0]->move = pgn->tree->root->children[0]->move;   /* e2e4 for White again */
  g_assert_false (chess_game_load_pgn (f->game, pgn, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_INVALID);
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 6);
}

static void
test_variation_in_loaded_game (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  load (f, ANNOTATED);
  /* Viewing the position after 1. e4, a move there starts a variation. */
  chess_game_set_view_ply (f->game, 1);
  g_assert_true (chess_game_can_play_at_view (f->game));
  clear_log (f);
  g_assert_true (chess_game_play (f->game, "c5", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (f->log->str, ==, "tree line view:2");
  g_assert_cmpuint (chess_game_get_view_ply (f->game), ==, 2);
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 2);
  g_autofree char *text = movetext (f);
  g_assert_cmpstr (text, ==, "{Start} 1. e4 {Best by test.} 1... e5 (1... c5) 2. Nf3 $1 Nc6 (2... d6 "
                             "{Philidor} 3. d4) 3. Bb5 a6 *");

  /* Going on in the variation, then playing the same move again from
   * its start follows it: nothing new. */
  model_test_play (f->game, "Nf3 d6");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 4);
  ChessTreeNode *c5 = chess_game_get_node_at (f->game, 2);
  g_assert_false (chess_tree_node_is_main_line (c5));
  chess_game_set_view_ply (f->game, 1);
  clear_log (f);
  model_test_play (f->game, "c5");
  g_assert_cmpstr (f->log->str, ==, "line view:2");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 4);   /* on to its end */
  g_assert_true (chess_game_get_node_at (f->game, 2) == c5);

  /* Choosing a main-line move brings the main line back. */
  ChessTreeNode *main_e5 = chess_game_get_tree (f->game)->root->children[0]->children[0];
  clear_log (f);
  g_assert_true (chess_game_select_node (f->game, main_e5));
  g_assert_cmpstr (f->log->str, ==, "line view:2");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 6);
  g_assert_true (chess_game_is_viewing_live (f->game) == FALSE);
  /* A node on the line only moves the view. */
  clear_log (f);
  g_assert_true (chess_game_select_node (f->game, chess_game_get_node_at (f->game, 4)));
  g_assert_cmpstr (f->log->str, ==, "view:4");

  /* A loaded unfinished game goes on at its end as a game. */
  chess_game_set_view_ply (f->game, 6);
  clear_log (f);
  model_test_play (f->game, "Ba4");
  g_assert_cmpstr (f->log->str, ==, "moved:Ba4 view:7");
  g_assert_true (chess_tree_node_is_main_line (chess_game_get_node_at (f->game, 7)));
}

static void
test_edit (Fixture *f, gconstpointer data)
{
  load (f, ANNOTATED);
  chess_game_set_view_ply (f->game, 1);
  model_test_play (f->game, "c5 Nf3");
  ChessTreeNode *c5 = chess_game_get_node_at (f->game, 2);

  /* Promote one place: c5 becomes the main move, e5 its alternative. */
  clear_log (f);
  g_assert_true (chess_game_promote_variation (f->game, chess_game_get_node_at (f->game, 3), FALSE));
  g_assert_cmpstr (f->log->str, ==, "tree");
  g_assert_true (chess_tree_node_is_main_line (c5));
  g_assert_false (chess_game_promote_variation (f->game, c5, TRUE));
  g_autofree char *text = movetext (f);
  g_assert_true (g_str_has_prefix (text, "{Start} 1. e4 {Best by test.} 1... c5 (1... e5 2. Nf3 $1 Nc6"));

  /* Promote the old line back to the main line. */
  ChessTreeNode *nc6 = chess_game_get_tree (f->game)->root->children[0]->children[1]->children[0]->children[0];
  g_assert_true (chess_game_promote_variation (f->game, nc6, TRUE));
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_assert_true (g_str_has_prefix (text, "{Start} 1. e4 {Best by test.} 1... e5 (1... c5 2. Nf3)"));

  /* Comments and NAGs. */
  clear_log (f);
  g_assert_true (chess_game_set_comment (f->game, c5, "  The Sicilian ", NULL));
  g_assert_true (chess_game_set_comment (f->game, c5, "The Sicilian", NULL));   /* no change, no signal */
  chess_game_toggle_nag (f->game, c5, 1);
  chess_game_toggle_nag (f->game, c5, 2);   /* "?" replaces "!" */
  chess_game_toggle_nag (f->game, c5, 14);
  g_assert_cmpstr (f->log->str, ==, "tree tree tree tree");
  g_assert_cmpuint (c5->nags->len, ==, 2);
  g_assert_cmpuint (c5->nags->data[0], ==, 2);
  chess_game_toggle_nag (f->game, c5, 14);
  g_assert_cmpuint (c5->nags->len, ==, 1);
  ChessTreeMark arrow = { 'G', 12, 28 };
  chess_game_toggle_mark (f->game, c5, arrow);
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "(1... c5 $2 {[%cal Ge2e4] The Sicilian} 2. Nf3)"));

  /* Deleting the variation while on it: back to where it branched. */
  chess_game_select_node (f->game, c5->children[0]);
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 3);
  clear_log (f);
  g_assert_true (chess_game_delete_variation (f->game, c5->children[0]));
  g_assert_cmpstr (f->log->str, ==, "tree line view:1");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 6);
  g_assert_false (chess_game_delete_variation (f->game, chess_game_get_node_at (f->game, 3)));
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_assert_null (strstr (text, "c5"));
}

static void
test_finished_game (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  /* A game played to mate: the view in the past plays into the tree. */
  model_test_play (f->game, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
  g_assert_true (chess_game_is_over (f->game));
  g_assert_false (chess_game_can_play_at_view (f->game));
  g_assert_false (chess_game_play (f->game, "a3", &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER);
  g_clear_error (&error);
  chess_game_set_view_ply (f->game, 5);
  g_assert_true (chess_game_can_play_at_view (f->game));
  g_assert_true (chess_game_play (f->game, "g6", &error));
  g_assert_true (chess_game_is_over (f->game));
  g_assert_cmpint (chess_game_get_result (f->game), ==, CHESS_GAME_RESULT_WHITE_WINS);
  g_autofree char *text = movetext (f);
  g_assert_cmpstr (text, ==, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 (3... g6) 4. Qxf7# 1-0");
  /* An illegal move there: a clear error. */
  g_assert_false (chess_game_play (f->game, "Ke3", &error));
  g_assert_nonnull (error);
}

/* Moves taken back in a game opened from a file are not lost when
 * another is played: it starts a variation beside them. */
static void
test_take_back_in_loaded_game (Fixture *f, gconstpointer data)
{
  load (f, ANNOTATED);
  g_assert_true (chess_game_take_back (f->game));
  g_assert_true (chess_game_take_back (f->game));
  model_test_play (f->game, "Bc4");
  g_autofree char *text = movetext (f);
  g_assert_cmpstr (text, ==, "{Start} 1. e4 {Best by test.} 1... e5 2. Nf3 $1 Nc6 "
                             "(2... d6 {Philidor} 3. d4) 3. Bb5 (3. Bc4) 3... a6 *");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 5);
  g_assert_false (chess_game_can_redo (f->game));
  g_assert_cmpstr (f->log->str, ==, "taken-back view:5 taken-back view:4 tree line view:5");
}

static void
test_playing_game (Fixture *f, gconstpointer data)
{
  /* A game being played: a move while looking at the past is refused
   * there, and plays at the end as before. */
  model_test_play (f->game, "e4 e5");
  chess_game_set_view_ply (f->game, 1);
  g_assert_false (chess_game_can_play_at_view (f->game));
  clear_log (f);
  model_test_play (f->game, "Nf3");
  g_assert_cmpstr (f->log->str, ==, "moved:Nf3 view:3");

  /* Take-back and redo keep the move's comment and NAG. */
  ChessTreeNode *nf3 = chess_game_get_node_at (f->game, 3);
  g_assert_true (chess_game_set_comment (f->game, nf3, "develops", NULL));
  chess_game_toggle_nag (f->game, nf3, 1);
  g_assert_true (chess_game_take_back (f->game));
  g_autofree char *text = movetext (f);
  g_assert_cmpstr (text, ==, "1. e4 e5 *");
  g_assert_true (chess_game_redo (f->game));
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_assert_cmpstr (text, ==, "1. e4 e5 2. Nf3 $1 {develops} *");

  /* Taken back and another move played: the old one is gone. */
  g_assert_true (chess_game_take_back (f->game));
  model_test_play (f->game, "Nc3");
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_assert_cmpstr (text, ==, "1. e4 e5 2. Nc3 *");
  g_assert_true (chess_game_select_node (f->game, chess_game_get_tree (f->game)->root));
  g_assert_cmpuint (chess_game_get_view_ply (f->game), ==, 0);
}

/* Null moves from a file: browsed, taken back and played again like moves;
 * they move no piece and are written back as "--". */
static void
test_null_moves (Fixture *f, gconstpointer data)
{
  load (f, "1. e4 -- 2. d4 (2. Nf3 Z0 3. Bc4) 2... d5 3. -- Nf6 *");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 6);
  g_autofree char *text = movetext (f);
  g_assert_cmpstr (text, ==, "1. e4 -- 2. d4 (2. Nf3 -- 3. Bc4) 2... d5 3. -- Nf6 *");

  ChessMoveInfo info;
  g_assert_true (chess_game_get_move_info (f->game, 1, &info));
  g_assert_cmpstr (info.san, ==, "--");
  g_assert_cmpint (info.from, ==, CHESS_NO_SQUARE);
  g_assert_cmpint (info.piece, ==, CHESS_NO_PIECE);
  g_assert_cmpint (info.color, ==, CHESS_COLOR_BLACK);
  char buf[CHESS_MOVE_TEXT_MAX];
  g_assert_cmpstr (chess_game_format_move (f->game, 4, CHESS_NOTATION_SAN, TRUE, buf), ==, "--");

  /* The position after a null move: the other side to move, nothing moved. */
  ChessBoard board;
  g_assert_true (chess_game_get_board_at (f->game, 2, &board));
  g_assert_cmpint (board.side, ==, CHESS_COLOR_WHITE);
  g_assert_cmpint (chess_board_piece_at (&board, chess_square_make (4, 3)), ==,
                   chess_piece_make (CHESS_COLOR_WHITE, CHESS_PAWN));

  /* Taken back to the null move, it is the last move: none to mark. */
  g_assert_true (chess_game_take_back (f->game));
  g_assert_false (chess_game_get_last_move (f->game, NULL, NULL));
  g_assert_true (chess_game_take_back (f->game));
  g_assert_true (chess_game_get_last_move (f->game, NULL, NULL));
  g_assert_true (chess_game_redo (f->game));
  g_assert_true (chess_game_redo (f->game));
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 6);

  /* The variation with its null move is followed like any other. */
  ChessTreeNode *nf3 = chess_game_get_tree (f->game)->root->children[0]->children[0]->children[1];
  g_assert_true (chess_game_select_node (f->game, nf3->children[0]->children[0]));
  g_assert_cmpuint (chess_game_get_view_ply (f->game), ==, 5);
  g_assert_true (chess_game_get_board_at (f->game, 5, &board));
  g_assert_cmpint (board.side, ==, CHESS_COLOR_BLACK);
  model_test_play (f->game, "Nf6");
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_assert_cmpstr (text, ==, "1. e4 -- 2. d4 (2. Nf3 -- 3. Bc4 Nf6) 2... d5 3. -- Nf6 *");
}

/* Delete from here: in a loaded game the line ends before the move (its
 * variations go too); in a game being played the moves are taken back. */
static void
test_delete_from (Fixture *f, gconstpointer data)
{
  load (f, ANNOTATED);
  ChessTreeNode *e4 = chess_game_get_tree (f->game)->root->children[0];
  ChessTreeNode *nc6 = chess_game_get_node_at (f->game, 4);
  g_assert_true (chess_game_delete_from (f->game, nc6->children[0]));
  g_assert_cmpstr (f->log->str, ==, "tree line view:4");
  g_autofree char *text = movetext (f);
  g_assert_cmpstr (text, ==, "{Start} 1. e4 {Best by test.} 1... e5 2. Nf3 $1 Nc6 (2... d6 {Philidor} 3. d4) *");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 4);

  /* A move inside a variation: the variation keeps its first moves. */
  ChessTreeNode *d6 = chess_game_get_node_at (f->game, 3)->children[1];
  g_assert_true (chess_game_delete_from (f->game, d6->children[0]));
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_assert_cmpstr (text, ==, "{Start} 1. e4 {Best by test.} 1... e5 2. Nf3 $1 Nc6 (2... d6 {Philidor}) *");

  /* The main line's second move: its alternatives go with it, the
   * variation at move 2 becomes the main line. */
  g_assert_true (chess_game_delete_from (f->game, e4->children[0]->children[0]->children[0]));
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_assert_cmpstr (text, ==, "{Start} 1. e4 {Best by test.} 1... e5 2. Nf3 $1 d6 {Philidor} *");
  g_assert_false (chess_game_delete_from (f->game, chess_game_get_tree (f->game)->root));

  /* A game being played: taken back, the clocks with it, no redo. */
  chess_game_reset (f->game);
  model_test_play (f->game, "e4 e5 Nf3 Nc6");
  clear_log (f);
  g_assert_true (chess_game_delete_from (f->game, chess_game_get_node_at (f->game, 3)));
  g_assert_cmpstr (f->log->str, ==, "taken-back view:3 taken-back view:2 tree");
  g_assert_false (chess_game_can_redo (f->game));
  g_clear_pointer (&text, g_free);
  text = movetext (f);
  g_assert_cmpstr (text, ==, "1. e4 e5 *");

  /* A finished game's mate taken away: the game goes on. */
  chess_game_reset (f->game);
  model_test_play (f->game, "f3 e5 g4 Qh4#");
  g_assert_true (chess_game_is_over (f->game));
  g_assert_true (chess_game_delete_from (f->game, chess_game_get_node_at (f->game, 4)));
  g_assert_false (chess_game_is_over (f->game));
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 3);
}

static gint64 fake_us;

static gint64
fake_now (gpointer data)
{
  return fake_us;
}

/* Saved mid-move and loaded again: both clocks as they stood, the time of
 * the move being thought about included; untimed games keep the time each
 * side has used. */
static void
test_clocks_kept (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  for (int timed = 0; timed < 2; timed++)
    {
      g_autoptr(ChessGame) game = chess_game_new ();
      g_autoptr(ChessGame) back = chess_game_new ();

      fake_us = 1000000;
      chess_clock_set_time_source (chess_game_get_clock (game), fake_now, NULL, NULL);
      if (timed)
        chess_game_set_time_control (game, CHESS_CLOCK_SUDDEN_DEATH, 300000, 0);
      chess_game_start_clock (game);
      fake_us += 4 * G_USEC_PER_SEC;
      g_assert_true (chess_game_play (game, "e4", NULL));
      fake_us += 7 * G_USEC_PER_SEC;
      g_assert_true (chess_game_play (game, "e5", NULL));
      fake_us += 81500 * 1000;   /* White thinks 81.5 s, then quits */

      g_autoptr(ChessPgnGame) pgn = chess_game_to_pgn (game);
      g_assert_cmpstr (chess_pgn_game_get_tag (pgn, timed ? "WhiteTimeLeft" : "WhiteTimeUsed"),
                       ==, timed ? "0:03:34.5" : "0:01:25.5");
      g_assert_cmpstr (chess_pgn_game_get_tag (pgn, timed ? "BlackTimeLeft" : "BlackTimeUsed"),
                       ==, timed ? "0:04:53" : "0:00:07");
      g_autofree char *text = chess_pgn_game_to_string (pgn);
      g_autoptr(ChessPgnGame) read = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (chess_game_load_pgn (back, read, &error));
      g_assert_no_error (error);
      ChessClock *clock = chess_game_get_clock (back);
      g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, timed ? 214500 : 85500);
      g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, timed ? 293000 : 7000);
      g_assert_cmpint (chess_clock_get_active_color (clock), ==, CHESS_COLOR_WHITE);
      /* The tags are the game's state, not tags of its own. */
      g_assert_null (chess_game_get_tag (back, "WhiteTimeLeft"));
      g_assert_null (chess_game_get_tag (back, "WhiteTimeUsed"));
      chess_clock_stop (chess_game_get_clock (game));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, set_up, func, tear_down)
  ADD ("/game-tree/load-keeps-tree", test_load_keeps_tree);
  ADD ("/game-tree/variation-in-loaded-game", test_variation_in_loaded_game);
  ADD ("/game-tree/edit", test_edit);
  ADD ("/game-tree/finished-game", test_finished_game);
  ADD ("/game-tree/playing-game", test_playing_game);
  ADD ("/game-tree/take-back-in-loaded-game", test_take_back_in_loaded_game);
  ADD ("/game-tree/clocks-kept", test_clocks_kept);
  ADD ("/game-tree/null-moves", test_null_moves);
  ADD ("/game-tree/delete-from", test_delete_from);
  return g_test_run ();
}
