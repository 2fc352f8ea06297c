/* chess-review-words.h — the game review in words, as the app's panel
 * shows it: scores as players read them, one move's verdict with the
 * better move and its line, a player's accuracy and counts, of a review as
 * the game's tree holds it (chess_review_read_tree). No widgets. */
#pragma once

#include <glib.h>

#include "chess-notation.h"
#include "chess-review-score.h"
#include "chess-tree.h"

G_BEGIN_DECLS

/* A White's-view score: "+0.34", "−1.20" (U+2212), "0.00",
 * "White mates in 3", "Black mates in 1", "Checkmate". */
char  *chess_review_words_score   (int                    score);

/* Moves from `before` ("5… dxe5 6. Qxg4 Nf6") in `notation` (SAN with the
 * translated piece letters, long algebraic or figurines), numbered as
 * players write them; stops at the first move not legal there. */
char  *chess_review_words_line    (const ChessBoard      *before,
                                   const ChessMove       *moves,
                                   guint                  n_moves,
                                   ChessNotation          notation);

/* What is said about `move` (played in `before`), a sentence a line, with
 * why in words (move->why, move->better_why) when the review found it:
 *   "5… Bxd1⁇ Blunder: +1.72 → White mates in 2.
 *    Allows mate in 2: 6. Qxf7+ Kd8 7. Qf8#.
 *    Better was 5… dxe5, stopping the mate (+1.72), then 6. Qxg4 Nf6."
 *   "5. Nxe5 is the best move (+1.72)."
 * `judged` is FALSE for a move read from a tree that no review judged and
 * nobody marked: its score change only. NULL when the move has no score at all. */
char  *chess_review_words_verdict (const ChessBoard      *before,
                                   const ChessReviewMove *move,
                                   gboolean               judged,
                                   ChessNotation          notation);

/* "Accuracy 87% · 2 inaccuracies, 1 mistake, no blunders" ("No moves
 * reviewed" when there are none). */
char  *chess_review_words_summary (const ChessReviewPlayerStats *stats);

/* The same in figures, for a narrow panel: "92% · ⁈ 2 · ? 1 · ⁇ 0"
 * ("–" when there are none). */
char  *chess_review_words_figures (const ChessReviewPlayerStats *stats);

G_END_DECLS
