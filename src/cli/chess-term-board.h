/* chess-term-board.h — drawing a position as text for the terminal game:
 * Unicode pieces on ANSI-coloured squares, or plain ASCII. */
#pragma once

#include <glib.h>

#include "chess-board.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean      unicode;        /* Unicode pieces, else ASCII letters        */
  gboolean      color;          /* ANSI colours for squares and pieces       */
  gboolean      flipped;        /* Black at the bottom                       */
  ChessSquare   selected;       /* the picked piece, or CHESS_NO_SQUARE      */
  ChessBitboard targets;        /* where the picked piece can go             */
  ChessSquare   last_from;      /* the last move, or CHESS_NO_SQUARE         */
  ChessSquare   last_to;
  ChessSquare   check;          /* a king in check, or CHESS_NO_SQUARE       */
} ChessTermView;

void        chess_term_view_init      (ChessTermView *view);
/* Whether standard output can show colours and Unicode: a terminal, not
 * TERM=dumb, no NO_COLOR (set to anything but "": no-color.org). */
gboolean    chess_term_fancy_possible (void);

/* The text of one piece: a letter (PNBRQK white, pnbrqk black) or a
 * Unicode chess symbol. In colour mode the solid symbols are used for both
 * sides, told apart by colour; without colour White gets the outlined ones. */
const char *chess_term_piece_text     (ChessPiece     piece,
                                       gboolean       unicode,
                                       gboolean       color);

/* Appends `n` pieces (a cemetery): in colour on a strip of board colour,
 * else their symbols or letters separated by spaces. */
void        chess_term_append_pieces  (GString              *out,
                                       const ChessPiece     *pieces,
                                       guint                 n,
                                       gboolean              unicode,
                                       gboolean              color);

/* Appends the board with coordinates, one line per rank plus a file
 * letter line above and below. Line i of `panel` (n_panel lines, UTF-8,
 * may be NULL) is written to the right of board line i; panel lines past
 * the board's height follow below it, indented. Ends with a newline. */
void        chess_term_render_board   (GString              *out,
                                       const ChessBoard     *board,
                                       const ChessTermView  *view,
                                       const char *const    *panel,
                                       guint                 n_panel);

/* The number of text lines chess_term_render_board() uses for the board
 * itself (the panel has that many lines beside the board). */
#define CHESS_TERM_BOARD_LINES 10

G_END_DECLS
