/* chess-puzzle-themes.h — what a puzzle is about, from its solution, by
 * the review's motif detector: its themes, and why the solution works in
 * the review's words (GLib only). */
#pragma once

#include <glib.h>

#include "chess-puzzle.h"

G_BEGIN_DECLS

/* Sets puzzle->themes (all but MISTAKE) and mate_in from the solution;
 * `score` is the solver's score of the start (CHESS_REVIEW_MATE's scale),
 * which says whether the line mates when the solution stops before it. */
void  chess_puzzle_find_themes (ChessPuzzle *puzzle,
                                int          score);

/* Why the solution works, in one translated sentence of the review's
 * ("Forks the king on e8 and the rook on a8."), or NULL when no motif says
 * more than the themes do. */
char *chess_puzzle_explain     (const ChessPuzzle *puzzle);

G_END_DECLS
