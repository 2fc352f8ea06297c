/* chess-term-board.c — drawing a position as text for the terminal game. */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "chess-term-board.h"

/* 256-colour palette entries. Mid-tone squares so that both the white and
 * the black pieces stand out; marks are strong enough to see at a glance. */
#define BG_LIGHT      180   /* #d7af87 */
#define BG_DARK       137   /* #af875f */
#define BG_SELECTED   220   /* gold */
#define BG_CAPTURE    167   /* red: a piece the selected one can take */
#define BG_LAST_LIGHT 187   /* pale yellow: the last move's squares */
#define BG_LAST_DARK  143
#define BG_CHECK      196   /* bright red: a king in check */
#define FG_WHITE      231
#define FG_BLACK      16
#define FG_TARGET     22    /* dark green dot on an empty target */

/* Board line layout: " 8 " + 8 squares of 3 cells + " 8". */
#define BOARD_WIDTH   29
#define PANEL_GAP     "   "

static const char *const ascii_pieces[] = {
  "P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k",
};

/* Outlined (white) then solid (black) chess symbols, in ChessPiece order. */
static const char *const unicode_pieces[] = {
  "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654",
  "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A",
};

void
chess_term_view_init (ChessTermView *view)
{
  g_return_if_fail (view != NULL);

  view->unicode = FALSE;
  view->color = FALSE;
  view->flipped = FALSE;
  view->selected = CHESS_NO_SQUARE;
  view->targets = 0;
  view->last_from = CHESS_NO_SQUARE;
  view->last_to = CHESS_NO_SQUARE;
  view->check = CHESS_NO_SQUARE;
}

const char *
chess_term_piece_text (ChessPiece piece,
                       gboolean   unicode,
                       gboolean   color)
{
  if (piece >= CHESS_NO_PIECE)
    return unicode ? "\u00B7" : ".";
  if (!unicode)
    return ascii_pieces[piece];
  /* Colour tells the sides apart; the solid shapes read better on a
   * coloured background than the outlined ones. */
  if (color)
    return unicode_pieces[chess_piece_make (CHESS_COLOR_BLACK,
                                            chess_piece_type (piece))];
  return unicode_pieces[piece];
}

void
chess_term_append_pieces (GString          *out,
                          const ChessPiece *pieces,
                          guint             n,
                          gboolean          unicode,
                          gboolean          color)
{
  ChessColor last = CHESS_N_COLORS;

  g_return_if_fail (out != NULL);
  g_return_if_fail (n == 0 || pieces != NULL);

  if (n == 0)
    return;
  if (color)
    g_string_append_printf (out, "\033[48;5;%dm ", BG_LIGHT);
  for (guint i = 0; i < n; i++)
    {
      ChessColor c = chess_piece_color (pieces[i]);

      if (pieces[i] >= CHESS_NO_PIECE)
        continue;
      if (color && c != last)
        g_string_append_printf (out, "\033[1;38;5;%dm",
                                c == CHESS_COLOR_WHITE ? FG_WHITE : FG_BLACK);
      else if (!color && i > 0)
        g_string_append_c (out, ' ');
      last = c;
      g_string_append (out, chess_term_piece_text (pieces[i], unicode, color));
    }
  if (color)
    g_string_append (out, " \033[0m");
}

static void
append_file_letters (GString             *out,
                     const ChessTermView *view)
{
  g_string_append (out, "   ");
  for (int i = 0; i < 8; i++)
    {
      int file = view->flipped ? 7 - i : i;
      g_string_append_printf (out, " %c ", 'a' + file);
    }
  g_string_append (out, "  ");
}

static void
append_square_color (GString             *out,
                     const ChessBoard    *board,
                     const ChessTermView *view,
                     ChessSquare          sq)
{
  gboolean light = (chess_square_file (sq) + chess_square_rank (sq)) % 2 == 1;
  ChessPiece piece = chess_board_piece_at (board, sq);
  gboolean target = (view->targets >> sq) & 1;
  int bg;

  if (sq == view->check)
    bg = BG_CHECK;
  else if (sq == view->selected)
    bg = BG_SELECTED;
  else if (target && piece != CHESS_NO_PIECE)
    bg = BG_CAPTURE;
  else if (sq == view->last_from || sq == view->last_to)
    bg = light ? BG_LAST_LIGHT : BG_LAST_DARK;
  else
    bg = light ? BG_LIGHT : BG_DARK;

  if (piece == CHESS_NO_PIECE)
    g_string_append_printf (out, "\033[48;5;%d;38;5;%dm", bg, FG_TARGET);
  else
    g_string_append_printf (out, "\033[48;5;%d;1;38;5;%dm", bg,
                            chess_piece_color (piece) == CHESS_COLOR_WHITE
                            ? FG_WHITE : FG_BLACK);
}

static void
append_square (GString             *out,
               const ChessBoard    *board,
               const ChessTermView *view,
               ChessSquare          sq)
{
  ChessPiece piece = chess_board_piece_at (board, sq);
  gboolean target = (view->targets >> sq) & 1;
  const char *text;

  if (view->color)
    {
      append_square_color (out, board, view, sq);
      if (piece == CHESS_NO_PIECE)
        text = target ? "\u2022" : " ";
      else
        text = chess_term_piece_text (piece, view->unicode, TRUE);
      g_string_append_printf (out, " %s ", text);
      return;
    }

  /* Without colour the marks are brackets: [N] the selected piece, (p) a
   * piece it can take, * an empty square it can go to. */
  if (piece == CHESS_NO_PIECE)
    {
      g_string_append (out, target ? " * " : view->unicode ? " \u00B7 " : " . ");
      return;
    }
  text = chess_term_piece_text (piece, view->unicode, FALSE);
  if (sq == view->selected)
    g_string_append_printf (out, "[%s]", text);
  else if (target)
    g_string_append_printf (out, "(%s)", text);
  else
    g_string_append_printf (out, " %s ", text);
}

static void
append_panel_line (GString           *out,
                   const char *const *panel,
                   guint              n_panel,
                   guint              i)
{
  if (panel != NULL && i < n_panel && panel[i] != NULL && panel[i][0] != '\0')
    {
      g_string_append (out, PANEL_GAP);
      g_string_append (out, panel[i]);
    }
  else
    {
      /* No trailing spaces on lines without a panel. */
      while (out->len > 0 && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
    }
  g_string_append_c (out, '\n');
}

void
chess_term_render_board (GString             *out,
                         const ChessBoard    *board,
                         const ChessTermView *view,
                         const char *const   *panel,
                         guint                n_panel)
{
  guint line = 0;

  g_return_if_fail (out != NULL);
  g_return_if_fail (board != NULL);
  g_return_if_fail (view != NULL);

  append_file_letters (out, view);
  append_panel_line (out, panel, n_panel, line++);

  for (int row = 0; row < 8; row++)
    {
      int rank = view->flipped ? row : 7 - row;

      g_string_append_printf (out, " %d ", rank + 1);
      for (int col = 0; col < 8; col++)
        {
          int file = view->flipped ? 7 - col : col;
          append_square (out, board, view, chess_square_make (file, rank));
        }
      if (view->color)
        g_string_append (out, "\033[0m");
      g_string_append_printf (out, " %d", rank + 1);
      append_panel_line (out, panel, n_panel, line++);
    }

  append_file_letters (out, view);
  append_panel_line (out, panel, n_panel, line++);

  /* Whatever does not fit beside the board goes below it, aligned. */
  for (; panel != NULL && line < n_panel; line++)
    {
      g_string_append_printf (out, "%*s", BOARD_WIDTH, "");
      append_panel_line (out, panel, n_panel, line);
    }
}

gboolean
chess_term_fancy_possible (void)
{
  const char *no_color = g_getenv ("NO_COLOR");
  const char *term = g_getenv ("TERM");

  if (no_color != NULL && no_color[0] != '\0')
    return FALSE;
  if (term != NULL && strcmp (term, "dumb") == 0)
    return FALSE;
  return isatty (STDOUT_FILENO);
}
