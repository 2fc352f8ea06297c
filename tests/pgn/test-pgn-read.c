/* test-pgn-read.c — the PGN reader, one construct per case. */
#include "config.h"

#include <string.h>

#include "chess-notation.h"
#include "chess-pgn.h"

static ChessPgnGame *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  ChessPgnLocation where = { 0, 0 };
  ChessPgnGame *game = chess_pgn_parse_game (text, strlen (text), 1, &where, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static void
assert_final (const ChessPgnGame *game,
              const char         *fen)
{
  char buf[CHESS_FEN_MAX];
  chess_board_to_fen (&game->line.current, buf);
  g_assert_cmpstr (buf, ==, fen);
}

/* The main line's node of move `ply` (0-based). */
static const ChessTreeNode *
node_at (const ChessPgnGame *game,
         guint               ply)
{
  const ChessTreeNode *node = game->tree->root;

  g_assert_cmpuint (ply, <, game->line.n_moves);
  for (guint i = 0; i <= ply; i++)
    node = node->children[0];
  return node;
}

static const char *
comment_at (const ChessPgnGame *game,
            guint               ply)
{
  return node_at (game, ply)->comment;
}

/* A variation's moves in SAN, one line, from `node` on its main children. */
static char *
line_text (const ChessTree     *tree,
           const ChessTreeNode *node)
{
  GString *out = g_string_new (NULL);
  ChessBoard board;
  char san[CHESS_MOVE_TEXT_MAX];

  chess_tree_board_at (tree, node->parent, &board);
  for (;;)
    {
      ChessUndo undo;
      chess_move_format (&board, node->move, CHESS_NOTATION_SAN, san);
      g_string_append_printf (out, out->len ? " %s" : "%s", san);
      chess_board_make (&board, node->move, &undo);
      if (node->n_children == 0)
        break;
      node = node->children[0];
    }
  return g_string_free (out, FALSE);
}

#define RUY_FEN "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"

static void
test_tags (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "[Event \"Club \\\"Open\\\" 2024\"]\n"
    "[Site \"C:\\\\chess\"]\n"
    "[Date \"2024.05.01\"]\n"
    "[Round \"3\"]\n"
    "[White \"Smith, John\"]\n"
    "[Black \"Jones, Ann\"]\n"
    "[Result \"1-0\"]\n"
    "[WhiteElo \"2100\"]\n"
    "[  Annotator   \"nobody\"  ]\n"
    "\n"
    "1. e4 1-0\n");

  g_assert_cmpuint (game->tag_names->len, ==, 9);
  g_assert_cmpstr (chess_pgn_game_get_tag (game, "Event"), ==, "Club \"Open\" 2024");
  g_assert_cmpstr (chess_pgn_game_get_tag (game, "Site"), ==, "C:\\chess");
  g_assert_cmpstr (chess_pgn_game_get_tag (game, "White"), ==, "Smith, John");
  g_assert_cmpstr (chess_pgn_game_get_tag (game, "Annotator"), ==, "nobody");
  g_assert_cmpstr (g_ptr_array_index (game->tag_names, 7), ==, "WhiteElo");
  g_assert_null (chess_pgn_game_get_tag (game, "ECO"));
  g_assert_cmpstr (game->result, ==, "1-0");
  g_assert_cmpuint (game->line.n_moves, ==, 1);
}

static void
test_san (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *");

  g_assert_cmpuint (game->line.n_moves, ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      g_assert_null (comment_at (game, i));
      g_assert_null (node_at (game, i)->nags);
      g_assert_cmpint (node_at (game, i)->clock_ms, ==, -1);
      g_assert_cmpuint (node_at (game, i)->n_children, ==, i < 5 ? 1 : 0);
    }
  g_assert_null (game->tree->root->comment);
  g_assert_true (game->main_end == node_at (game, 5));
  g_assert_cmpstr (game->result, ==, "*");
  assert_final (game, RUY_FEN);
}

static void
test_move_numbers (void)
{
  /* No space after the dots, three dots, and no numbers at all. */
  g_autoptr(ChessPgnGame) a = parse_ok ("1.e4 1...e5 2.Nf3 2... Nc6 3. Bb5 3 ... a6 *");
  g_autoptr(ChessPgnGame) b = parse_ok ("e4 e5 Nf3 Nc6 Bb5 a6");

  assert_final (a, RUY_FEN);
  assert_final (b, RUY_FEN);
}

static void
test_long_algebraic (void)
{
  /* The tutorial's history file: numbered lines, result on the last line. */
  g_autoptr(ChessPgnGame) game = parse_ok (
    "1. e2-e4 e7-e5\n"
    "2. Ng1-f3 Nb8-c6\n"
    "3. Bf1-b5 a7-a6\n"
    "4. Bb5xc6 d7xc6\n"
    "5. O-O Bf8-d6\n"
    "6. d2-d4 e5xd4\n"
    "7. Qd1xd4 f7-f6\n"
    "8. e4-e5 f6xe5\n"
    "9. Nf3xe5 d6xe5+\n"
    "0-1\n");

  g_assert_cmpuint (game->line.n_moves, ==, 18);
  g_assert_cmpstr (game->result, ==, "0-1");
  assert_final (game, "r1bqk1nr/1pp3pp/p1p5/4b3/3Q4/8/PPP2PPP/RNB2RK1 w kq - 0 10");
}

static void
test_uci_and_sloppy (void)
{
  /* Coordinates, a pawn letter, a missing x and a colon for captures. */
  g_autoptr(ChessPgnGame) game = parse_ok ("1. e2e4 e7e5 2. g1f3 b8c6?? 3. Bb5 a6 4. Bc6 Pd7:c6 *");

  assert_final (game, "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5");
}

static void
test_castling_with_zeros (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 5. Be3 Be6 6. Qd2 Qd7 7. Nc3 Nf6 "
    "8. 0-0-0 0-0 *");

  assert_final (game, "r4rk1/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/2KR3R w - - 8 9");
}

static void
test_promotion (void)
{
  const char *start = "[SetUp \"1\"]\n[FEN \"3r4/4P2k/8/8/8/8/1p5K/8 w - - 0 1\"]\n\n";
  g_autofree char *plain = g_strconcat (start, "1. e8Q b1N 2. Qxd8 *", NULL);
  g_autofree char *equals = g_strconcat (start, "1. e8=Q b1=N 2. Qxd8 *", NULL);
  g_autofree char *capture = g_strconcat (start, "1. exd8N b1=Q *", NULL);
  g_autoptr(ChessPgnGame) a = parse_ok (plain);
  g_autoptr(ChessPgnGame) b = parse_ok (equals);
  g_autoptr(ChessPgnGame) c = parse_ok (capture);

  assert_final (a, "3Q4/7k/8/8/8/8/7K/1n6 b - - 0 2");
  assert_final (b, "3Q4/7k/8/8/8/8/7K/1n6 b - - 0 2");
  assert_final (c, "3N4/7k/8/8/8/8/7K/1q6 w - - 0 2");
  g_assert_cmpint (chess_move_promotion (c->line.moves[0]), ==, CHESS_KNIGHT);
  g_assert_true (chess_move_is_capture (c->line.moves[0]));
}

static void
test_en_passant (void)
{
  const char *fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  g_autoptr(ChessPgnGame) a = parse_ok ("1. e4 d5 2. e5 f5 3. exf6 e.p. *");
  g_autoptr(ChessPgnGame) b = parse_ok ("1. e4 d5 2. e5 f5 3. exf6e.p. *");
  g_autoptr(ChessPgnGame) c = parse_ok ("1. e2-e4 d7-d5 2. e4-e5 f7-f5 3. e5xf6ep *");
  g_autoptr(ChessPgnGame) d = parse_ok ("1. e4 d5 2. e5 f5 3. exf6 *");
  char buf[CHESS_FEN_MAX];

  ChessBoard before;
  chess_line_board_at (&a->line, 4, &before);
  chess_board_to_fen (&before, buf);
  g_assert_cmpstr (buf, ==, fen);
  assert_final (a, "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  assert_final (b, "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  assert_final (c, "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  assert_final (d, "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  g_assert_cmpint (chess_move_flags (d->line.moves[4]), ==, CHESS_MOVE_EN_PASSANT);
}

static void
test_comments (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "{Before  the\n first move} 1. e4 {best by\r\n test} 1... e5 ; the usual reply\n"
    "2. {a comment between number and move} Nf3 {one} {two} Nc6 3. Bb5 {} a6 *");

  g_assert_cmpstr (game->tree->root->comment, ==, "Before the first move");
  g_assert_cmpstr (comment_at (game, 0), ==, "best by test");
  g_assert_cmpstr (comment_at (game, 1), ==, "the usual reply a comment between number and move");
  g_assert_cmpstr (comment_at (game, 2), ==, "one two");
  g_assert_null (comment_at (game, 3));
  g_assert_null (comment_at (game, 4));
  assert_final (game, RUY_FEN);
}

static void
test_nags (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok ("$7 1. e4! e5?? 2. Nf3 $14 !? Nc6 3. Bb5!! $1 a6?! 4. Ba4 ? *");
  const guint8 expected[][3] = { { 1, 1 }, { 1, 4 }, { 2, 14, 5 }, { 0 }, { 2, 3, 1 }, { 1, 6 }, { 1, 2 } };

  g_assert_cmpuint (game->line.n_moves, ==, 7);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      GByteArray *nags = node_at (game, i)->nags;
      if (expected[i][0] == 0)
        {
          g_assert_null (nags);
          continue;
        }
      g_assert_nonnull (nags);
      g_assert_cmpuint (nags->len, ==, expected[i][0]);
      for (guint k = 0; k < nags->len; k++)
        g_assert_cmpuint (nags->data[k], ==, expected[i][k + 1]);
    }
}

static void
test_evaluation_signs (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "1. e4 += e5 = 2. Nf3 +/- Nc6 -/+ 3. Bb5 +- (3. Bc4 -+ Bc5 =/+) 3\xE2\x80\xA6" "a6 +/= *");
  const guint expected[] = { 14, 10, 16, 17, 18, 14 };

  g_assert_cmpuint (game->line.n_moves, ==, 6);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      GByteArray *nags = node_at (game, i)->nags;
      g_assert_nonnull (nags);
      g_assert_cmpuint (nags->len, ==, 1);
      g_assert_cmpuint (nags->data[0], ==, expected[i]);
    }
  const ChessTreeNode *v = node_at (game, 3)->children[1];
  g_autofree char *text = line_text (game->tree, v);
  g_assert_cmpstr (text, ==, "Bc4 Bc5");
  g_assert_cmpuint (v->nags->data[0], ==, 19);
  g_assert_cmpuint (v->children[0]->nags->data[0], ==, 15);
  assert_final (game, RUY_FEN);
}

static void
test_variations (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "1. e4 (1. d4 d5 (1... Nf6 2. c4 {Indian}) 2. c4) (1. c4) 1... e5\n"
    "(1... c5 2. Nf3 (2. Nc3)\n d6) 2. Nf3 Nc6 3. Bb5 a6 *");
  const ChessTreeNode *root = game->tree->root;

  g_assert_cmpuint (game->line.n_moves, ==, 6);
  g_assert_cmpuint (root->n_children, ==, 3);
  g_autofree char *d4 = line_text (game->tree, root->children[1]);
  g_assert_cmpstr (d4, ==, "d4 d5 c4");
  const ChessTreeNode *nf6 = root->children[1]->children[1];
  g_autofree char *indian = line_text (game->tree, nf6);
  g_assert_cmpstr (indian, ==, "Nf6 c4");
  g_assert_cmpstr (nf6->children[0]->comment, ==, "Indian");
  g_assert_cmpuint (nf6->ply, ==, 2);
  g_autofree char *c4 = line_text (game->tree, root->children[2]);
  g_assert_cmpstr (c4, ==, "c4");
  const ChessTreeNode *e4 = root->children[0];
  g_assert_cmpuint (e4->n_children, ==, 2);
  g_autofree char *sicilian = line_text (game->tree, e4->children[1]);
  g_assert_cmpstr (sicilian, ==, "c5 Nf3 d6");
  g_autofree char *nc3 = line_text (game->tree, e4->children[1]->children[1]);
  g_assert_cmpstr (nc3, ==, "Nc3");
  g_assert_false (chess_tree_node_is_main_line (nf6->children[0]));
  g_assert_true (chess_tree_node_variation_start (nf6->children[0]) == nf6);
  g_assert_true (chess_tree_node_is_main_line (game->main_end));
  assert_final (game, RUY_FEN);
}

static void
test_escape_lines (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "% a program's private line [Event \"no\"] 1-0\n"
    "[Event \"yes\"]\n"
    "%another one\n"
    "1. e4 e5\n%2. d4\n2. Nf3 Nc6 3. Bb5 a6 *\n");

  g_assert_cmpstr (chess_pgn_game_get_tag (game, "Event"), ==, "yes");
  assert_final (game, RUY_FEN);
}

static void
test_results (void)
{
  const char *results[] = { "1-0", "0-1", "1/2-1/2", "*" };

  for (gsize i = 0; i < G_N_ELEMENTS (results); i++)
    {
      g_autofree char *text = g_strdup_printf ("1. e4 e5 %s", results[i]);
      g_autoptr(ChessPgnGame) game = parse_ok (text);
      g_assert_cmpstr (game->result, ==, results[i]);
      g_assert_cmpuint (game->line.n_moves, ==, 2);
    }

  /* No result in the moves: the tag's. */
  g_autoptr(ChessPgnGame) tagged = parse_ok ("[Result \"1/2-1/2\"]\n1. e4 e5\n");
  g_assert_cmpstr (tagged->result, ==, "1/2-1/2");
  g_autoptr(ChessPgnGame) none = parse_ok ("1. e4 e5\n");
  g_assert_cmpstr (none->result, ==, "*");

  /* Only the first game of a text is read. */
  g_autoptr(ChessPgnGame) first = parse_ok ("1. e4 1-0\n\n[Event \"2\"]\n1. d4 0-1\n");
  g_assert_cmpuint (first->line.n_moves, ==, 1);
  g_assert_cmpstr (first->result, ==, "1-0");
}

static void
test_fen_black_to_move (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "[Event \"Study\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n"
    "\n"
    "1... e5 2. Nf3 Nc6 3. Bb5 a6 *\n");

  g_assert_cmpint (game->line.start.side, ==, CHESS_COLOR_BLACK);
  g_assert_cmpuint (game->line.n_moves, ==, 5);
  assert_final (game, RUY_FEN);

  /* A FEN tag without SetUp is used too; SetUp "0" means the normal start. */
  g_autoptr(ChessPgnGame) no_setup = parse_ok (
    "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1. O-O *");
  assert_final (no_setup, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  g_autoptr(ChessPgnGame) zero = parse_ok (
    "[SetUp \"0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1. e4 *");
  g_assert_cmpuint (zero->line.n_moves, ==, 1);
}

static void
test_line_endings (void)
{
  g_autoptr(ChessPgnGame) crlf = parse_ok (
    "[Event \"e\"]\r\n[White \"w\"]\r\n\r\n1. e4 e5 2. Nf3 ; note\r\nNc6 3. Bb5\r\na6 *\r\n");
  g_autoptr(ChessPgnGame) no_newline = parse_ok ("[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");

  g_assert_cmpstr (chess_pgn_game_get_tag (crlf, "White"), ==, "w");
  g_assert_cmpstr (comment_at (crlf, 2), ==, "note");
  assert_final (crlf, RUY_FEN);
  assert_final (no_newline, RUY_FEN);
  g_assert_cmpstr (no_newline->result, ==, "*");
}

static void
test_encodings (void)
{
  g_autoptr(ChessPgnGame) utf8 = parse_ok (
    "\xEF\xBB\xBF%an escape line right after the mark\n[White \"Ljubojevi\xC4\x87, Ljubomir\"]\n[Black \"M\xC3\xBCller\"]\n\n1. e4 {G\xC3\xA9nial} *");
  g_autoptr(ChessPgnGame) latin1 = parse_ok (
    "[White \"M\xFCller, J\xF6rg\"]\n[Black \"Caf\xE9\"]\n\n1. e4 {G\xE9nial} *");

  g_assert_cmpstr (chess_pgn_game_get_tag (utf8, "White"), ==, "Ljubojevi\xC4\x87, Ljubomir");
  g_assert_cmpstr (chess_pgn_game_get_tag (utf8, "Black"), ==, "M\xC3\xBCller");
  g_assert_cmpstr (comment_at (utf8, 0), ==, "G\xC3\xA9nial");
  g_assert_cmpstr (chess_pgn_game_get_tag (latin1, "White"), ==, "M\xC3\xBCller, J\xC3\xB6rg");
  g_assert_cmpstr (chess_pgn_game_get_tag (latin1, "Black"), ==, "Caf\xC3\xA9");
  g_assert_cmpstr (comment_at (latin1, 0), ==, "G\xC3\xA9nial");
}

static void
test_no_moves (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok ("[Event \"Empty\"]\n[Result \"*\"]\n\n*\n");
  g_autoptr(ChessPgnGame) bare = parse_ok ("[Event \"Empty\"]\n");

  g_assert_cmpuint (game->line.n_moves, ==, 0);
  g_assert_cmpuint (bare->line.n_moves, ==, 0);
  g_assert_cmpuint (game->tree->root->n_children, ==, 0);
  assert_final (game, CHESS_START_FEN);
}

static void
test_clock_comments (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "1. e4 {[%clk 1:30:00]} e5 {[%clk 1:29:59.5] quick [%eval 0.3]} 2. Nf3 { [%clk 0:05] } *");

  g_assert_cmpint (node_at (game, 0)->clock_ms, ==, 5400000);
  g_assert_cmpint (node_at (game, 1)->clock_ms, ==, 5399500);
  g_assert_cmpint (node_at (game, 2)->clock_ms, ==, 5000);
  g_assert_null (comment_at (game, 0));
  g_assert_cmpstr (comment_at (game, 1), ==, "quick");
  g_assert_cmpint (node_at (game, 1)->eval.kind, ==, CHESS_TREE_EVAL_CENTIPAWNS);
  g_assert_cmpint (node_at (game, 1)->eval.value, ==, 30);
  g_assert_null (comment_at (game, 2));
}

static void
check_error (const char *text,
             int         code,
             guint       line,
             guint       column,
             const char *message_part)
{
  g_autoptr(GError) error = NULL;
  ChessPgnLocation where = { 0, 0 };
  ChessPgnGame *game = chess_pgn_parse_game (text, strlen (text), 1, &where, &error);

  g_assert_null (game);
  g_assert_error (error, CHESS_PGN_ERROR, code);
  g_test_message ("%s", error->message);
  g_assert_cmpuint (where.line, ==, line);
  g_assert_cmpuint (where.column, ==, column);
  g_autofree char *prefix = g_strdup_printf ("line %u, column %u: ", line, column);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (strstr (error->message, message_part));
}

static void
test_errors (void)
{
  check_error ("[White \"Smith\"]\n[Black \"Jones\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Nxe5 Nxe5 4. Nxe5 *",
               CHESS_PGN_ERROR_ILLEGAL, 5, 17, "illegal move 'Nxe5' for White (Smith – Jones)");
  check_error ("1. e4 e5 2. Ke3 *", CHESS_PGN_ERROR_ILLEGAL, 1, 13, "illegal move 'Ke3' for White");
  check_error ("1. e4 Zz9 *", CHESS_PGN_ERROR_ILLEGAL, 1, 7, "'Zz9' for Black");
  check_error ("1. e4 e5 2. e8 *", CHESS_PGN_ERROR_ILLEGAL, 1, 13, "'e8'");
  check_error ("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *", CHESS_PGN_ERROR_FEN, 1, 7, "FEN");
  check_error ("[White \"x\"\n1. e4 *", CHESS_PGN_ERROR_SYNTAX, 2, 1, "']'");
  check_error ("[White x]\n1. e4 *", CHESS_PGN_ERROR_SYNTAX, 1, 8, "quotes");
  check_error ("[White \"x]\n1. e4 *", CHESS_PGN_ERROR_SYNTAX, 1, 8, "quote");
  check_error ("1. e4 {open\ncomment 2. d4 *", CHESS_PGN_ERROR_SYNTAX, 1, 7, "brace");
  check_error ("1. e4 (1. d4 (1. c4) e5 *", CHESS_PGN_ERROR_SYNTAX, 1, 7, "never closed");
  check_error ("1. e4 e5) *", CHESS_PGN_ERROR_SYNTAX, 1, 9, "never opened");
  check_error ("1. e4 @ *", CHESS_PGN_ERROR_SYNTAX, 1, 7, "'@'");
  check_error ("1. e4 \x01 *", CHESS_PGN_ERROR_SYNTAX, 1, 7, "0x01");
  check_error ("1. e4 $300 *", CHESS_PGN_ERROR_SYNTAX, 1, 7, "$300");
  check_error ("1. e4 \"str\" *", CHESS_PGN_ERROR_SYNTAX, 1, 7, "a move");
  check_error ("", CHESS_PGN_ERROR_NO_GAMES, 1, 1, "no game");
  check_error ("  \n\n ; just a comment\n", CHESS_PGN_ERROR_NO_GAMES, 4, 1, "no game");
  /* Columns count characters, not bytes. */
  check_error ("[White \"Jörg\"] 1. Zz1", CHESS_PGN_ERROR_ILLEGAL, 1, 19, "(Jörg – ?)");
}

/* "--" (and "Z0") pass the turn, in the main line and in variations. */
static void
test_null_moves (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (
    "1. e4 -- 2. d4 (2. Nf3 Z0 3. Bc4 --) 2... d5 3. -- Nf6 *");
  const ChessTreeNode *root = game->tree->root;

  g_assert_cmpuint (game->line.n_moves, ==, 6);
  g_assert_cmpuint (game->line.moves[1], ==, CHESS_MOVE_NULL);
  g_assert_cmpuint (game->line.moves[4], ==, CHESS_MOVE_NULL);
  g_autofree char *main_line = line_text (game->tree, root->children[0]);
  g_assert_cmpstr (main_line, ==, "e4 -- d4 d5 -- Nf6");
  g_autofree char *variation = line_text (game->tree, root->children[0]->children[0]->children[1]);
  g_assert_cmpstr (variation, ==, "Nf3 -- Bc4 --");
  /* Only the turn, the counters and en passant change. */
  assert_final (game, "rnbqkb1r/ppp1pppp/5n2/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 2 4");

  /* No null move out of check. */
  check_error ("1. e4 e5 2. Qh5 Nc6 3. Qxf7+ -- *", CHESS_PGN_ERROR_ILLEGAL, 1, 30,
               "a null move ('--') for Black, who is in check");
}

static void
test_entry_errors (void)
{
  const char *file =
    "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1-0\n\n"
    "[White \"Smith\"]\n[Black \"Jones\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Nxe5 Nxe5 4. Nxe5 *\n";
  gsize length = strlen (file);
  g_autoptr(GPtrArray) index = chess_pgn_index (file, length);
  g_autoptr(GError) error = NULL;
  ChessPgnLocation where = { 0, 0 };
  ChessBoard final;
  guint plies = 99;

  g_assert_cmpuint (index->len, ==, 2);
  g_autoptr(ChessPgnGame) first = chess_pgn_parse_entry (file, length, g_ptr_array_index (index, 0),
                                                         &where, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (first->line.n_moves, ==, 2);

  ChessPgnGame *second = chess_pgn_parse_entry (file, length, g_ptr_array_index (index, 1),
                                                &where, &error);
  g_assert_null (second);
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_ILLEGAL);
  g_assert_cmpuint (where.line, ==, 10);
  g_assert_cmpuint (where.column, ==, 17);
  g_assert_true (g_str_has_prefix (error->message,
                                   "illegal move 'Nxe5' for White in game 2 (Smith – Jones): "));
  g_clear_error (&error);

  /* The quick replay reports the same. */
  where = (ChessPgnLocation) { 0, 0 };
  g_assert_false (chess_pgn_replay_entry (file, length, g_ptr_array_index (index, 1),
                                          &final, &plies, &where, &error));
  g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_ILLEGAL);
  g_assert_cmpuint (where.line, ==, 10);
  g_assert_cmpuint (where.column, ==, 17);
  g_clear_error (&error);

  g_assert_true (chess_pgn_replay_entry (file, length, g_ptr_array_index (index, 0),
                                         &final, &plies, &where, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (plies, ==, 2);
  char fen[CHESS_FEN_MAX];
  chess_board_to_fen (&final, fen);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
}

static void
test_game_api (void)
{
  g_autoptr(ChessPgnGame) game = chess_pgn_game_new (NULL);
  ChessMoveList list;

  g_assert_cmpstr (game->result, ==, "*");
  chess_pgn_game_set_tag (game, "White", "A");
  chess_pgn_game_set_tag (game, "Black", "B");
  chess_pgn_game_set_tag (game, "White", "C");
  g_assert_cmpuint (game->tag_names->len, ==, 2);
  g_assert_cmpstr (chess_pgn_game_get_tag (game, "White"), ==, "C");
  chess_pgn_game_set_tag (game, "White", NULL);
  g_assert_null (chess_pgn_game_get_tag (game, "White"));
  g_assert_cmpuint (game->tag_names->len, ==, 1);

  chess_board_generate_legal (&game->line.current, &list);
  chess_pgn_game_add_move (game, list.moves[0]);
  g_assert_cmpuint (game->line.n_moves, ==, 1);
  g_assert_true (game->main_end == game->tree->root->children[0]);
  g_assert_null (game->main_end->comment);
  g_assert_null (game->main_end->nags);
  g_assert_cmpint (game->main_end->clock_ms, ==, -1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/read/tags", test_tags);
  g_test_add_func ("/pgn/read/san", test_san);
  g_test_add_func ("/pgn/read/move-numbers", test_move_numbers);
  g_test_add_func ("/pgn/read/long-algebraic", test_long_algebraic);
  g_test_add_func ("/pgn/read/uci-and-sloppy", test_uci_and_sloppy);
  g_test_add_func ("/pgn/read/castling-with-zeros", test_castling_with_zeros);
  g_test_add_func ("/pgn/read/promotion", test_promotion);
  g_test_add_func ("/pgn/read/en-passant", test_en_passant);
  g_test_add_func ("/pgn/read/comments", test_comments);
  g_test_add_func ("/pgn/read/nags", test_nags);
  g_test_add_func ("/pgn/read/evaluation-signs", test_evaluation_signs);
  g_test_add_func ("/pgn/read/variations", test_variations);
  g_test_add_func ("/pgn/read/null-moves", test_null_moves);
  g_test_add_func ("/pgn/read/escape-lines", test_escape_lines);
  g_test_add_func ("/pgn/read/results", test_results);
  g_test_add_func ("/pgn/read/fen-black-to-move", test_fen_black_to_move);
  g_test_add_func ("/pgn/read/line-endings", test_line_endings);
  g_test_add_func ("/pgn/read/encodings", test_encodings);
  g_test_add_func ("/pgn/read/no-moves", test_no_moves);
  g_test_add_func ("/pgn/read/clock-comments", test_clock_comments);
  g_test_add_func ("/pgn/read/errors", test_errors);
  g_test_add_func ("/pgn/read/entry-errors", test_entry_errors);
  g_test_add_func ("/pgn/read/game-api", test_game_api);

  return g_test_run ();
}
