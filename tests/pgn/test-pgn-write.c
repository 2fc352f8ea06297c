/* test-pgn-write.c — PGN export format, round trips and atomic saving. */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "chess-notation.h"
#include "pgn-test-util.h"

static ChessPgnGame *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  ChessPgnGame *game = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

/* Writes, reads back, writes again: the same game, the same text. */
static char *
round_trip (const ChessPgnGame *game)
{
  g_autofree char *text = chess_pgn_game_to_string (game);
  g_autoptr(ChessPgnGame) again = parse_ok (text);
  g_autofree char *text2 = chess_pgn_game_to_string (again);

  pgn_test_assert_equal (game, again);
  g_assert_cmpstr (text, ==, text2);
  pgn_test_assert_short_lines (text, FALSE);
  return g_steal_pointer (&text);
}

static void
test_export_format (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "[Annotator \"me\"]\n"
    "[Termination \"normal\"]\n"
    "[Black \"Jones, \\\"Big\\\" Ann\"]\n"
    "[White \"Smith\"]\n"
    "[TimeControl \"40/7200:3600\"]\n"
    "[Event \"Test\"]\n"
    "[Result \"1-0\"]\n"
    "\n"
    "{Start} 1. e4 $1 {[%clk 1:59:58]} e5 {[%clk 1:59:50] solid} 2. Nf3 (2. f4 exf4) Nc6 "
    "3. Bb5 a6 1-0\n");
  g_autofree char *text = round_trip (game);

  g_assert_cmpstr (text, ==,
    "[Event \"Test\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"Smith\"]\n"
    "[Black \"Jones, \\\"Big\\\" Ann\"]\n"
    "[Result \"1-0\"]\n"
    "[TimeControl \"40/7200:3600\"]\n"
    "[Termination \"normal\"]\n"
    "[Annotator \"me\"]\n"
    "\n"
    "{Start} 1. e4 $1 {[%clk 1:59:58]} 1... e5 {[%clk 1:59:50] solid} 2. Nf3 (2. f4\n"
    "exf4) 2... Nc6 3. Bb5 a6 1-0\n");
}

static void
test_fen_start (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "[SetUp \"1\"]\n"
    "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n"
    "\n"
    "1... e5 2. Nf3 *\n");
  g_autofree char *text = round_trip (game);

  g_assert_nonnull (strstr (text, "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n"));
  g_assert_true (g_str_has_suffix (text, "\n\n1... e5 2. Nf3 *\n"));

  /* From the standard start, no SetUp or FEN. */
  g_autoptr(ChessPgnGame) plain = parse_ok ("[SetUp \"1\"]\n[FEN \"" CHESS_START_FEN "\"]\n1. e4 *");
  g_autofree char *plain_text = chess_pgn_game_to_string (plain);
  g_assert_null (strstr (plain_text, "FEN"));
  g_assert_null (strstr (plain_text, "SetUp"));
}

static void
test_empty_game (void)
{
  g_autoptr(ChessPgnGame) game = chess_pgn_game_new (NULL);
  g_autofree char *text = round_trip (game);

  g_assert_true (g_str_has_suffix (text, "[Result \"*\"]\n\n*\n"));
}

static void
test_long_lines (void)
{
  g_autoptr(ChessPgnGame) game = chess_pgn_game_new (NULL);

  /* Knights dancing, with long comments and many NAGs. */
  for (int i = 0; i < 400; i++)
    {
      const char *san[] = { "Nf3", "Nf6", "Ng1", "Ng8" };
      ChessMove move;
      g_assert_true (chess_move_parse (&game->line.current, san[i % 4], &move, NULL));
      ChessTreeNode *node = chess_pgn_game_add_move (game, move);
      if (i % 7 == 0)
        chess_tree_node_set_comment (node,
          "a rather long comment that goes on and on so that it must be broken "
          "over more than one line of the file, with a { brace inside");
      if (i % 5 == 0)
        {
          chess_tree_node_add_nag (node, 10 + i % 100);
          chess_tree_node_add_nag (node, 10 + i % 100);
        }
      if (i % 3 == 0)
        node->clock_ms = 1000 * (gint64) (9000 - i) + (i % 2 ? 500 : 0);
    }
  g_free (game->result);
  game->result = g_strdup ("1/2-1/2");
  chess_pgn_game_set_tag (game, "Event", "A very long event name that makes the tag line longer than eighty characters");

  g_autofree char *text = chess_pgn_game_to_string (game);
  pgn_test_assert_short_lines (text, FALSE);
  g_autoptr(ChessPgnGame) again = parse_ok (text);
  g_assert_nonnull (strstr (again->tree->root->children[0]->comment, "with a { brace"));
  g_assert_cmpuint (again->line.n_moves, ==, 400);
  g_assert_cmpint (again->tree->root->children[0]->children[0]->children[0]->children[0]->clock_ms,
                   ==, 8997500);
  g_assert_cmpstr (again->result, ==, "1/2-1/2");
  g_autofree char *text2 = chess_pgn_game_to_string (again);
  g_assert_cmpstr (text, ==, text2);
}

/* A "}" put into a comment by hand (the model refuses one, no PGN comment
 * between braces can hold one): written as rest-of-line comments, its
 * text whole, lines short; never silently changed into something else. */
static void
test_brace_in_comment (void)
{
  g_autoptr(ChessPgnGame) game = chess_pgn_game_new (NULL);
  ChessMove move;

  g_assert_true (chess_move_parse (&game->line.current, "e4", &move, NULL));
  ChessTreeNode *e4 = chess_pgn_game_add_move (game, move);
  g_assert_false (chess_tree_comment_is_writable ("a } b"));
  g_assert_true (chess_tree_comment_is_writable ("a { b"));
  g_assert_true (chess_tree_comment_is_writable (NULL));
  chess_tree_node_set_comment (e4, "Set {a trap} here, and a long text after it that goes on "
                                   "well past the end of one line of the file");
  e4->clock_ms = 60000;
  g_assert_true (chess_move_parse (&game->line.current, "e5", &move, NULL));
  chess_tree_node_set_comment (chess_pgn_game_add_move (game, move), "Plain.");

  g_autofree char *text = chess_pgn_game_to_string (game);
  pgn_test_assert_short_lines (text, FALSE);
  const char *moves = strstr (text, "\n\n") + 2;
  g_assert_cmpstr (moves, ==,
                   "1. e4 ; [%clk 0:01:00] Set {a trap} here, and a long text after it that goes on\n"
                   "; well past the end of one line of the file\n"
                   "1... e5 {Plain.} *\n");

  /* Read back: the clock and the words, one comment again (a reader takes
   * "}" in a rest-of-line comment for ")", see chess_pgn_normalize_comment). */
  g_autoptr(ChessPgnGame) again = parse_ok (text);
  ChessTreeNode *read = again->tree->root->children[0];
  g_assert_cmpint (read->clock_ms, ==, 60000);
  g_assert_true (g_str_has_prefix (read->comment, "Set {a trap"));
  g_assert_true (g_str_has_suffix (read->comment, " here, and a long text after it that goes on "
                                                  "well past the end of one line of the file"));
  g_assert_cmpstr (read->children[0]->comment, ==, "Plain.");
}

/* Variations nested 20,000 deep: written and read back without recursion. */
static void
test_deep_variations (void)
{
  g_autoptr(ChessPgnGame) game = chess_pgn_game_new (NULL);
  ChessTreeNode *node = game->tree->root;
  ChessBoard board = game->tree->start;
  guint depth = 0;

  /* Each level: two moves, the second (a variation) continued by one
   * more move that branches again. */
  while (depth < 20000)
    {
      ChessMoveList list;
      ChessUndo undo;

      chess_board_generate_legal (&board, &list);
      if (list.count < 2)
        break;
      chess_tree_node_append (node, list.moves[0]);
      node = chess_tree_node_append (node, list.moves[1]);
      chess_board_make (&board, list.moves[1], &undo);
      chess_board_generate_legal (&board, &list);
      if (list.count < 1)
        break;
      node = chess_tree_node_append (node, list.moves[0]);
      chess_board_make (&board, list.moves[0], &undo);
      if (depth % 100 == 0)
        chess_tree_node_set_comment (node, "deep");
      depth++;
    }
  g_assert_cmpuint (depth, >, 1000);
  chess_pgn_game_update_line (game);
  g_assert_cmpuint (game->line.n_moves, ==, 1);

  g_autofree char *text = round_trip (game);
  g_assert_cmpuint (strlen (text), >, 10 * depth);
}

/* Every kind of annotation, read, written in export format and read back. */
#define ANNOTATED \
  "[Event \"Annotated\"]\n\n" \
  "{Opening comment [%evp 10,20]} 1. e4 {Best by test. [%clk 0:03:00] [%eval 0.17,20]\n" \
  "[%cal Ge2e4,Rd1h5] [%csl Ye4]} e5 2. Nf3 $1 Nc6 (2... d6 {Philidor} (2... Nf6 {Petrov}\n" \
  "3. Nxe5 (3. Bc4 $5 (3. d4)) d6) 3. d4) $2 {after the variation} 3. Bb5 a6\n" \
  "{[%emt 0:00:05] [%eval #-3] [%unknown x y] [%clk 1:02]} ( {before} 3... Nf6 4. O-O ) 4. Ba4 !?\n" \
  "(4. -- {a null move} Nf6 (4... Z0)) *\n"

static void
test_annotations (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (ANNOTATED);
  const ChessTreeNode *root = game->tree->root;
  g_autofree char *text = round_trip (game);

  g_assert_cmpstr (root->comment, ==, "Opening comment");
  g_assert_cmpstr (root->commands, ==, "[%evp 10,20]");

  const ChessTreeNode *e4 = root->children[0];
  g_assert_cmpstr (e4->comment, ==, "Best by test.");
  g_assert_cmpint (e4->clock_ms, ==, 180000);
  g_assert_cmpint (e4->eval.kind, ==, CHESS_TREE_EVAL_CENTIPAWNS);
  g_assert_cmpint (e4->eval.value, ==, 17);
  g_assert_cmpint (e4->eval.depth, ==, 20);
  g_assert_cmpuint (e4->arrows->len, ==, 2);
  ChessTreeMark arrow = g_array_index (e4->arrows, ChessTreeMark, 1);
  g_assert_cmpint (arrow.color, ==, 'R');
  g_assert_cmpint (arrow.from, ==, chess_square_make (3, 0));
  g_assert_cmpint (arrow.to, ==, chess_square_make (7, 4));
  g_assert_cmpuint (e4->squares->len, ==, 1);
  g_assert_cmpint (g_array_index (e4->squares, ChessTreeMark, 0).to, ==, chess_square_make (4, 3));

  /* Nc6 with two alternatives: d6 (with 3. d4) and Nf6 (with 3. Nxe5,
   * which has 3. Bc4 and 3. d4 beside it); the NAG and comment after the
   * variations are Nc6's. */
  const ChessTreeNode *nf3 = e4->children[0]->children[0];
  g_assert_cmpuint (nf3->nags->data[0], ==, 1);
  g_assert_cmpuint (nf3->n_children, ==, 3);
  const ChessTreeNode *nc6 = nf3->children[0];
  g_assert_cmpuint (nc6->nags->len, ==, 1);
  g_assert_cmpuint (nc6->nags->data[0], ==, 2);
  g_assert_cmpstr (nc6->comment, ==, "after the variation");
  g_assert_cmpstr (nf3->children[1]->comment, ==, "Philidor");
  g_assert_cmpuint (nf3->children[1]->n_children, ==, 1);
  const ChessTreeNode *nf6 = nf3->children[2];
  g_assert_cmpstr (nf6->comment, ==, "Petrov");
  g_assert_cmpuint (nf6->n_children, ==, 3);
  g_assert_cmpuint (nf6->children[1]->nags->data[0], ==, 5);
  g_assert_cmpuint (nf6->children[0]->children[0]->ply, ==, 6);

  const ChessTreeNode *bb5 = nc6->children[0];
  const ChessTreeNode *a6 = bb5->children[0];
  g_assert_cmpint (a6->emt_ms, ==, 5000);
  g_assert_cmpint (a6->clock_ms, ==, 62000);
  g_assert_cmpint (a6->eval.kind, ==, CHESS_TREE_EVAL_MATE);
  g_assert_cmpint (a6->eval.value, ==, -3);
  g_assert_cmpstr (a6->commands, ==, "[%unknown x y]");
  g_assert_null (a6->comment);
  g_assert_cmpstr (bb5->children[1]->comment_before, ==, "before");
  g_assert_cmpuint (a6->children[0]->nags->data[0], ==, 5);
  g_assert_true (game->main_end == a6->children[0]);
  g_assert_cmpuint (game->line.n_moves, ==, 7);

  g_assert_cmpstr (text, ==,
    "[Event \"Annotated\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[White \"?\"]\n"
    "[Black \"?\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "{[%evp 10,20] Opening comment} 1. e4 {[%clk 0:03:00] [%eval 0.17,20]\n"
    "[%cal Ge2e4,Rd1h5] [%csl Ye4] Best by test.} 1... e5 2. Nf3 $1 Nc6 $2 {after\n"
    "the variation} (2... d6 {Philidor} 3. d4) (2... Nf6 {Petrov} 3. Nxe5 (3. Bc4 $5)\n"
    "(3. d4) 3... d6) 3. Bb5 a6 {[%clk 0:01:02] [%emt 0:00:05] [%eval #-3]\n"
    "[%unknown x y]} ({before} 3... Nf6 4. O-O) 4. Ba4 $5 (4. -- {a null move} 4...\n"
    "Nf6 (4... --)) *\n");
}

/* Editing the tree: new moves and variations, promotion, deletion. */
static void
test_edit_tree (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok ("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *");
  ChessTreeNode *e4 = game->tree->root->children[0];
  ChessBoard board;
  ChessMove move;
  gboolean created;

  /* Following an existing move creates nothing. */
  chess_tree_board_at (game->tree, e4, &board);
  g_assert_true (chess_move_parse (&board, "c5", &move, NULL));
  ChessTreeNode *c5 = chess_tree_node_add_move (e4, move, &created);
  g_assert_false (created);
  g_assert_true (c5 == e4->children[1]);
  /* A new move is a new variation. */
  g_assert_true (chess_move_parse (&board, "e6", &move, NULL));
  ChessTreeNode *e6 = chess_tree_node_add_move (e4, move, &created);
  g_assert_true (created);
  g_assert_true (e6 == e4->children[2]);
  g_assert_true (chess_tree_node_variation_start (e6) == e6);

  /* Promote e6 one place, then c5's line to the main line. */
  g_assert_true (chess_tree_node_promote (e6));
  g_assert_true (e4->children[1] == e6);
  g_assert_false (chess_tree_node_promote (e4->children[0]));
  g_assert_true (chess_tree_node_promote_to_main (c5->children[0]));
  g_assert_true (e4->children[0] == c5);
  chess_pgn_game_update_line (game);
  g_autofree char *text = chess_pgn_game_to_string (game);
  g_assert_true (g_str_has_suffix (text, "\n1. e4 c5 (1... e5 2. Nf3) (1... e6) 2. Nf3 *\n"));

  /* Delete the e5 line; comment and NAGs. */
  chess_tree_node_remove (e4->children[1]);
  g_assert_cmpuint (e4->n_children, ==, 2);
  chess_tree_node_set_comment (c5, "Sicilian");
  chess_tree_node_add_nag (c5, 1);
  chess_tree_node_add_nag (c5, 14);
  g_assert_true (chess_tree_node_remove_nag (c5, 1));
  g_assert_false (chess_tree_node_remove_nag (c5, 1));
  g_assert_true (chess_tree_node_has_nag (c5, 14));
  ChessTreeMark mark = { 'G', 12, 28 };
  chess_tree_node_toggle_mark (c5, mark);
  mark.color = 'R';
  chess_tree_node_toggle_mark (c5, mark);
  g_assert_cmpuint (c5->arrows->len, ==, 1);
  g_assert_cmpint (g_array_index (c5->arrows, ChessTreeMark, 0).color, ==, 'R');
  chess_tree_node_toggle_mark (c5, mark);
  g_assert_null (c5->arrows);
  g_clear_pointer (&text, g_free);
  text = chess_pgn_game_to_string (game);
  g_assert_true (g_str_has_suffix (text, "\n1. e4 c5 $14 {Sicilian} (1... e6) 2. Nf3 *\n"));
  g_assert_cmpuint (game->line.n_moves, ==, 3);

  /* Copies are deep and equal. A game's own clocks kept on a node are
   * neither written nor copied. */
  c5->count_ms = 4000;
  c5->stood_ms[CHESS_COLOR_WHITE] = c5->stood_ms[CHESS_COLOR_BLACK] = 9000;
  g_clear_pointer (&text, g_free);
  text = chess_pgn_game_to_string (game);
  g_assert_true (g_str_has_suffix (text, "\n1. e4 c5 $14 {Sicilian} (1... e6) 2. Nf3 *\n"));
  g_autoptr(ChessTree) copy = chess_tree_copy (game->tree);
  pgn_test_assert_same_tree (game->tree, copy);
  g_assert_cmpint (copy->root->children[0]->children[0]->count_ms, ==, -1);
  g_assert_cmpint (copy->root->children[0]->children[0]->stood_ms[CHESS_COLOR_BLACK], ==, -1);
}

/* pgn-extract reads what we write: no complaint, and its own rewrite of it
 * reads back as the same games. */
static void
test_pgn_extract (void)
{
  g_autofree char *pe = pgn_test_find_pgn_extract ();
  if (pe == NULL)
    {
      g_test_skip ("pgn-extract is not installed");
      return;
    }

  g_autoptr(ChessPgnGame) game = parse_ok (ANNOTATED);
  g_autofree char *text = chess_pgn_game_to_string (game);
  g_autofree char *theirs = pgn_test_pgn_extract_rewrite (pe, text, -1, 0, NULL, NULL);
  g_autoptr(ChessPgnGame) back = parse_ok (theirs);
  pgn_test_assert_equal (game, back);
}

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("thinkchess-pgn-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
test_save (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "games.pgn", NULL);
  g_autoptr(ChessPgnGame) a = parse_ok ("[White \"A\"]\n1. e4 e5 1-0");
  g_autoptr(ChessPgnGame) b = parse_ok ("[White \"B\"]\n1. d4 {x} d5 0-1");
  ChessPgnGame *games[] = { a, b };
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (chess_pgn_save_file (path, games, 2, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_autofree char *ta = chess_pgn_game_to_string (a);
  g_autofree char *tb = chess_pgn_game_to_string (b);
  g_autofree char *expected = g_strconcat (ta, "\n", tb, NULL);
  g_assert_cmpstr (contents, ==, expected);

  g_autoptr(GPtrArray) index = chess_pgn_index (contents, length);
  g_assert_cmpuint (index->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(ChessPgnGame) back = chess_pgn_parse_entry (contents, length,
                                                            g_ptr_array_index (index, i),
                                                            NULL, &error);
      g_assert_no_error (error);
      pgn_test_assert_equal (games[i], back);
    }
  g_assert_cmpuint (count_files (dir), ==, 1);

  /* A folder that does not exist. */
  g_autofree char *bad = g_build_filename (dir, "missing", "games.pgn", NULL);
  g_assert_false (chess_pgn_save_file (bad, games, 2, &error));
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "games.pgn"));

  g_unlink (path);
  g_rmdir (dir);
}

/* One game of many replaced: every other byte stays; a file changed on
 * disk is refused; appending. */
static void
test_replace_game (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "many.pgn", NULL);
  const char *first = "% a private line\r\n[Event \"One\"]\r\n\r\n1.e4 e5 1-0\r\n\r\n\r\n";
  const char *second = "[Event \"Two\"]\n[White \"Kim\"]\n\n1. d4 {old} d5 *\n\n";
  const char *third = "[Event \"Three\"]\n\n1. c4 0-1";
  g_autofree char *original = g_strconcat (first, second, third, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, original, -1, NULL));
  g_autoptr(GPtrArray) index = chess_pgn_index (original, strlen (original));
  g_assert_cmpuint (index->len, ==, 3);
  const ChessPgnIndexEntry *e = g_ptr_array_index (index, 1);
  ChessPgnSlot slot = { chess_pgn_file_checksum (original, strlen (original)), e->offset, e->length };
  g_autoptr(ChessPgnGame) game = chess_pgn_parse_entry (original, strlen (original), e, NULL, &error);
  g_assert_no_error (error);

  /* A variation and a comment added to the second game. */
  ChessTreeNode *d4 = game->tree->root->children[0];
  ChessBoard board;
  ChessMove move;
  chess_tree_board_at (game->tree, d4, &board);
  g_assert_true (chess_move_parse (&board, "Nf6", &move, NULL));
  chess_tree_node_set_comment (chess_tree_node_append (d4, move), "Indian");
  g_assert_true (chess_pgn_replace_game (path, &slot, game, &error));
  g_assert_no_error (error);

  g_autofree char *after = NULL;
  gsize after_length;
  g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
  g_assert_true (g_str_has_prefix (after, first));
  g_autofree char *tail = g_strconcat ("*\n\n", third, NULL);
  g_assert_true (g_str_has_suffix (after, tail));
  g_autofree char *written = chess_pgn_game_to_string (game);
  g_assert_cmpmem (after + strlen (first), strlen (written), written, strlen (written));
  g_assert_cmpuint (slot.offset, ==, strlen (first));
  g_assert_cmpuint (slot.length, ==, strlen (written) + 1);
  g_autofree char *sum = chess_pgn_file_checksum (after, after_length);
  g_assert_cmpstr (slot.checksum, ==, sum);
  g_autoptr(GPtrArray) index2 = chess_pgn_index (after, after_length);
  g_assert_cmpuint (index2->len, ==, 3);
  g_autoptr(ChessPgnGame) back = chess_pgn_parse_entry (after, after_length,
                                                        g_ptr_array_index (index2, 1), NULL, &error);
  g_assert_no_error (error);
  pgn_test_assert_equal (game, back);

  /* Saved again through the updated slot: the same file. */
  g_assert_true (chess_pgn_replace_game (path, &slot, game, &error));
  g_autofree char *again = NULL;
  g_assert_true (g_file_get_contents (path, &again, NULL, NULL));
  g_assert_cmpstr (again, ==, after);

  /* Someone else changed the file: refused, nothing written. */
  g_autofree char *changed = g_strconcat (after, "\n\n[Event \"Four\"]\n\n1. b3 *\n", NULL);
  g_assert_true (g_file_set_contents (path, changed, -1, NULL));
  g_assert_false (chess_pgn_replace_game (path, &slot, game, &error));
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "many.pgn"));
  g_clear_error (&error);
  g_autofree char *untouched = NULL;
  g_assert_true (g_file_get_contents (path, &untouched, NULL, NULL));
  g_assert_cmpstr (untouched, ==, changed);

  /* Appending: the game comes last, the others stay. */
  g_assert_true (chess_pgn_append_game (path, &slot, game, &error));
  g_assert_no_error (error);
  g_autofree char *appended = NULL;
  gsize appended_length;
  g_assert_true (g_file_get_contents (path, &appended, &appended_length, NULL));
  g_assert_true (g_str_has_prefix (appended, changed));
  g_autoptr(GPtrArray) index3 = chess_pgn_index (appended, appended_length);
  g_assert_cmpuint (index3->len, ==, 5);
  g_assert_cmpuint (((ChessPgnIndexEntry *) g_ptr_array_index (index3, 4))->offset, ==, slot.offset);
  g_assert_cmpuint (slot.offset + slot.length, ==, appended_length);
  g_assert_cmpuint (count_files (dir), ==, 1);

  chess_pgn_slot_clear (&slot);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_failed_save_keeps_old_file (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "games.pgn", NULL);
  g_autoptr(ChessPgnGame) big = chess_pgn_game_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  struct rlimit old_limit, limit;

  g_assert_true (g_file_set_contents (path, "[Event \"old\"]\n\n*\n", -1, NULL));
  for (int i = 0; i < 2000; i++)
    {
      char name[16];
      g_snprintf (name, sizeof name, "Tag%d", i);
      chess_pgn_game_set_tag (big, name, "a value to make the file big");
    }
  g_file_get_contents (path, &before, NULL, NULL);

  /* A full disk, as far as this process can tell (works as root too):
   * writes past 1 KiB fail with EFBIG instead of raising SIGXFSZ. */
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = 1024;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  gboolean ok = chess_pgn_save_file (path, &big, 1, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);

  g_assert_false (ok);
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO);
  g_test_message ("%s", error->message);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  /* No temporary file left behind. */
  g_assert_cmpuint (count_files (dir), ==, 1);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/write/export-format", test_export_format);
  g_test_add_func ("/pgn/write/annotations", test_annotations);
  g_test_add_func ("/pgn/write/edit-tree", test_edit_tree);
  g_test_add_func ("/pgn/write/deep-variations", test_deep_variations);
  g_test_add_func ("/pgn/write/pgn-extract", test_pgn_extract);
  g_test_add_func ("/pgn/write/replace-game", test_replace_game);
  g_test_add_func ("/pgn/write/fen-start", test_fen_start);
  g_test_add_func ("/pgn/write/empty-game", test_empty_game);
  g_test_add_func ("/pgn/write/long-lines", test_long_lines);
  g_test_add_func ("/pgn/write/brace-in-comment", test_brace_in_comment);
  g_test_add_func ("/pgn/write/save", test_save);
  g_test_add_func ("/pgn/write/failed-save-keeps-old-file", test_failed_save_keeps_old_file);

  return g_test_run ();
}
