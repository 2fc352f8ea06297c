/* chess-analysis-format.h — an engine's evaluation as players read it: the
 * score from White's side ("+0.35", "−1.20", "M3", "−M3"), its place on the
 * evaluation bar, and a best line in the notation the move list uses
 * ("12… Nf6 13. Bd3 O-O"). Pure functions, no widgets. */
#pragma once

#include <glib.h>

#include "chess-board.h"
#include "chess-external-output.h"
#include "chess-notation.h"

G_BEGIN_DECLS

/* The bar runs from 0 (Black wins) through 10 (even) to 20 (White wins):
 * ten pawns either way, where the window's material bar ends too. */
#define CHESS_EVAL_BAR_MAX 20.0
#define CHESS_EVAL_BAR_PAWNS 10

/* The score of an info (given from the side to move's view, as engines
 * do) from White's side. FALSE when the info has no score. The functions
 * below take scores from White's side. */
gboolean chess_eval_score_from_info (const ChessPlayerInfo *info,
                                     ChessColor             side_to_move,
                                     ChessEvalScore        *score);
/* "+0.35", "−1.20" (with U+2212), "0.00", "M3" (White mates in 3),
 * "−M3" (Black mates in 3), and "1–0" or "0–1" for a mate on the board.
 * Decimals in the user's locale. */
char    *chess_eval_score_format     (const ChessEvalScore *score);
/* Where the bar stands, 0 … CHESS_EVAL_BAR_MAX, clamped; a mate is at
 * the winner's end. */
double   chess_eval_score_bar_value  (const ChessEvalScore *score);

/* `n_moves` moves played one after another from `board` (all legal) as
 * text: numbered like a move list ("1. e4 e5 2. Nf3", "12… Nf6 13. Bd3"),
 * in `notation` (SAN in the translated piece letters, long algebraic or
 * figurines). */
char    *chess_analysis_format_line  (const ChessBoard     *board,
                                      const ChessMove      *moves,
                                      gsize                 n_moves,
                                      ChessNotation         notation);
/* One move in the same notation ("Nf3", "Sf3" in German, "♘f3"), into
 * `buf` (CHESS_MOVE_TEXT_MAX bytes). */
char    *chess_analysis_format_move  (const ChessBoard     *board,
                                      ChessMove             move,
                                      ChessNotation         notation,
                                      char                 *buf);

G_END_DECLS
