/* test-term-board.c — the terminal game's board drawing, plain and coloured. */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "chess-term-board.h"

static const char start_ascii[] =
  "    a  b  c  d  e  f  g  h\n"
  " 8  r  n  b  q  k  b  n  r  8\n"
  " 7  p  p  p  p  p  p  p  p  7\n"
  " 6  .  .  .  .  .  .  .  .  6\n"
  " 5  .  .  .  .  .  .  .  .  5\n"
  " 4  .  .  .  .  .  .  .  .  4\n"
  " 3  .  .  .  .  .  .  .  .  3\n"
  " 2  P  P  P  P  P  P  P  P  2\n"
  " 1  R  N  B  Q  K  B  N  R  1\n"
  "    a  b  c  d  e  f  g  h\n";

static void
set_fen (ChessBoard *board,
         const char *fen)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (chess_board_from_fen (board, fen, &error));
  g_assert_no_error (error);
}

static ChessSquare
sq (const char *name)
{
  ChessSquare s = chess_square_parse (name);

  g_assert_cmpint (s, !=, CHESS_NO_SQUARE);
  return s;
}

static void
test_ascii_start (void)
{
  ChessBoard board;
  ChessTermView view;
  g_autoptr(GString) out = g_string_new (NULL);

  chess_board_set_start (&board);
  chess_term_view_init (&view);
  chess_term_render_board (out, &board, &view, NULL, 0);
  g_assert_cmpstr (out->str, ==, start_ascii);
}

static void
test_ascii_flipped_with_panel (void)
{
  ChessBoard board;
  ChessTermView view;
  g_autoptr(GString) out = g_string_new (NULL);
  const char *panel[] = { NULL, "top", NULL, NULL, NULL, NULL, NULL, NULL,
                          "bottom", NULL, "below 1", "below 2" };
  g_auto(GStrv) lines = NULL;

  chess_board_set_start (&board);
  chess_term_view_init (&view);
  view.flipped = TRUE;
  chess_term_render_board (out, &board, &view, panel, G_N_ELEMENTS (panel));
  lines = g_strsplit (out->str, "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), ==, 13);  /* 12 lines and "" */
  g_assert_cmpstr (lines[0], ==, "    h  g  f  e  d  c  b  a");
  g_assert_cmpstr (lines[1], ==, " 1  R  N  B  K  Q  B  N  R  1   top");
  g_assert_cmpstr (lines[8], ==, " 8  r  n  b  k  q  b  n  r  8   bottom");
  /* Panel lines past the board go below it, in the same column. */
  g_assert_cmpstr (lines[10], ==, "                                below 1");
  g_assert_cmpstr (lines[11], ==, "                                below 2");
  g_assert_cmpstr (lines[12], ==, "");
}

static void
test_ascii_marks (void)
{
  ChessBoard board;
  ChessTermView view;
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;

  /* 1. e4 d5: the e4 pawn can take on d5 or go to e5. */
  set_fen (&board, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
  chess_term_view_init (&view);
  view.selected = sq ("e4");
  view.targets = (G_GUINT64_CONSTANT (1) << sq ("d5")) | (G_GUINT64_CONSTANT (1) << sq ("e5"));
  chess_term_render_board (out, &board, &view, NULL, 0);
  lines = g_strsplit (out->str, "\n", -1);

  g_assert_cmpstr (lines[4], ==, " 5  .  .  . (p) *  .  .  .  5");
  g_assert_cmpstr (lines[5], ==, " 4  .  .  .  . [P] .  .  .  4");
}

static void
test_color_marks (void)
{
  ChessBoard board;
  ChessTermView view;
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;

  /* Black in check from the bishop on b5 (after 1. e4 d5 2. Bb5+). */
  set_fen (&board, "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2");
  chess_term_view_init (&view);
  view.unicode = TRUE;
  view.color = TRUE;
  view.check = sq ("e8");
  view.last_from = sq ("f1");
  view.last_to = sq ("b5");
  view.selected = sq ("c7");
  view.targets = G_GUINT64_CONSTANT (1) << sq ("c6");
  chess_term_render_board (out, &board, &view, NULL, 0);
  lines = g_strsplit (out->str, "\n", -1);

  /* No ASCII letters for pieces, and every board line ends its colours. */
  g_assert_null (strstr (lines[1], " r "));
  g_assert_nonnull (strstr (lines[1], "\u265c"));
  for (int i = 1; i <= 8; i++)
    g_assert_nonnull (strstr (lines[i], "\033[0m"));
  /* The king in check (bright red), the selected pawn (gold), its empty
   * target with a dot, the last move's squares. */
  g_assert_nonnull (strstr (lines[1], "\033[48;5;196;1;38;5;16m \u265a "));
  g_assert_nonnull (strstr (lines[2], "\033[48;5;220;1;38;5;16m \u265f "));
  g_assert_nonnull (strstr (lines[3], "\u2022"));
  g_assert_nonnull (strstr (lines[4], "\033[48;5;187;1;38;5;231m \u265d "));
  g_assert_nonnull (strstr (lines[8], "\033[48;5;187;38;5;22m   "));
  /* White pieces are white, black ones black. */
  g_assert_nonnull (strstr (lines[8], "\033[48;5;137;1;38;5;231m \u265c "));
  g_assert_null (strstr (lines[7], "38;5;16m"));
}

static void
test_unicode_without_color (void)
{
  ChessBoard board;
  ChessTermView view;
  g_autoptr(GString) out = g_string_new (NULL);

  chess_board_set_start (&board);
  chess_term_view_init (&view);
  view.unicode = TRUE;
  chess_term_render_board (out, &board, &view, NULL, 0);
  /* Outlined pieces for White, solid for Black, no escapes. */
  g_assert_nonnull (strstr (out->str, " 1  \u2656  \u2658  \u2657  \u2655  \u2654 "));
  g_assert_nonnull (strstr (out->str, " 8  \u265c  \u265e  \u265d  \u265b  \u265a "));
  g_assert_null (strchr (out->str, '\033'));
}

static void
test_pieces (void)
{
  ChessPiece pieces[] = { CHESS_BLACK_PAWN, CHESS_BLACK_PAWN, CHESS_BLACK_QUEEN };
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autoptr(GString) color = g_string_new (NULL);
  g_autoptr(GString) none = g_string_new (NULL);

  chess_term_append_pieces (plain, pieces, G_N_ELEMENTS (pieces), FALSE, FALSE);
  g_assert_cmpstr (plain->str, ==, "p p q");
  chess_term_append_pieces (color, pieces, G_N_ELEMENTS (pieces), TRUE, TRUE);
  g_assert_cmpstr (color->str, ==,
                   "\033[48;5;180m \033[1;38;5;16m\u265f\u265f\u265b \033[0m");
  chess_term_append_pieces (none, pieces, 0, TRUE, TRUE);
  g_assert_cmpstr (none->str, ==, "");

  g_assert_cmpstr (chess_term_piece_text (CHESS_WHITE_KNIGHT, FALSE, FALSE), ==, "N");
  g_assert_cmpstr (chess_term_piece_text (CHESS_BLACK_KNIGHT, FALSE, TRUE), ==, "n");
  g_assert_cmpstr (chess_term_piece_text (CHESS_WHITE_KNIGHT, TRUE, FALSE), ==, "\u2658");
  g_assert_cmpstr (chess_term_piece_text (CHESS_WHITE_KNIGHT, TRUE, TRUE), ==, "\u265e");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/term-board/ascii-start", test_ascii_start);
  g_test_add_func ("/term-board/ascii-flipped-with-panel", test_ascii_flipped_with_panel);
  g_test_add_func ("/term-board/ascii-marks", test_ascii_marks);
  g_test_add_func ("/term-board/color-marks", test_color_marks);
  g_test_add_func ("/term-board/unicode-without-color", test_unicode_without_color);
  g_test_add_func ("/term-board/pieces", test_pieces);

  return g_test_run ();
}
