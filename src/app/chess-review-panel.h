/* chess-review-panel.h — the game review in the window's side panel.
 *
 * Shows, for the game on screen: while a review runs, its progress and a
 * Cancel button; the evaluation graph of the main line; each player's
 * accuracy and counts of inaccuracies, mistakes and blunders; for the move
 * viewed, what the review says about it (the score change, the better move
 * and its line) with the better move as an arrow on the board, and "Retry
 * This Move" on a mistake. All of it also for a game reviewed before and
 * opened again: the [%eval]s and marks in its tree are enough.
 *
 * A review (chess_review_panel_start) writes its results into the game's
 * tree as they come, and the tree is all the panel reads, so the panel,
 * the graph, the move list's colours and the saved game follow it move by
 * move; the game can be browsed meanwhile. Cancel keeps what was reviewed.
 *
 * Retry: the position before the mistake is shown and the player of that
 * side plays another move on the board (it goes into a variation); it is
 * judged against the better move, the computer answers for the other side
 * and the player may play on; "Try Again" takes the attempt back, "Back to
 * the Game" takes it back and shows the mistake again.
 *
 * The panel never makes the board smaller: its minimum height is 0, and
 * when the side panel has less room than it needs it is cut off at the
 * bottom. CSS name: reviewpanel. Signals: notice (const char *text) — a
 * passing message for the window (review finished, cancelled, failed).
 * Properties (read-only): running, can-start, retrying. */
#pragma once

#include <gtk/gtk.h>

#include "chess-board-view.h"
#include "chess-game.h"
#include "chess-eval-graph.h"
#include "chess-review.h"

G_BEGIN_DECLS

#define CHESS_TYPE_REVIEW_PANEL (chess_review_panel_get_type ())
G_DECLARE_FINAL_TYPE (ChessReviewPanel, chess_review_panel, CHESS, REVIEW_PANEL, GtkWidget)

GtkWidget      *chess_review_panel_new          (void);
/* The game shown (a reference is kept; NULL shows nothing). Replacing the
 * game cancels a review or a retry of the old one. */
void            chess_review_panel_set_game     (ChessReviewPanel *self,
                                                 ChessGame        *game);
/* The board that shows the better move's arrow (borrowed; may be NULL). */
void            chess_review_panel_set_board    (ChessReviewPanel *self,
                                                 ChessBoardView   *board);
/* The notation of the moves in words (as the move list's). */
void            chess_review_panel_set_notation (ChessReviewPanel *self,
                                                 ChessNotation     notation);

/* Reviews the game's main line now (nothing when one is running or the
 * game has no moves); `time_per_move_ms` 0 is the review's default (its
 * node budget), otherwise that time a position. */
void            chess_review_panel_start        (ChessReviewPanel *self,
                                                 guint             time_per_move_ms);
/* The same with a review made by the caller (of this game's main line,
 * not run yet; tests set its depth). */
void            chess_review_panel_run          (ChessReviewPanel *self,
                                                 ChessReview      *review);
void            chess_review_panel_cancel       (ChessReviewPanel *self);
gboolean        chess_review_panel_is_running   (ChessReviewPanel *self);
/* TRUE when the game has moves to review and none is running. */
gboolean        chess_review_panel_can_start    (ChessReviewPanel *self);

/* Retrying the move viewed (a mistake of the main line); FALSE when the
 * move viewed is none, or the game is being played. */
gboolean        chess_review_panel_retry        (ChessReviewPanel *self);
gboolean        chess_review_panel_is_retrying  (ChessReviewPanel *self);
/* Ends a retry: the attempt is taken back and the mistake shown. */
void            chess_review_panel_end_retry    (ChessReviewPanel *self);

/* For tests. */
ChessReview    *chess_review_panel_get_review   (ChessReviewPanel *self);
ChessEvalGraph *chess_review_panel_get_graph    (ChessReviewPanel *self);
/* The texts shown now ("" when hidden): the verdict on the move viewed,
 * a player's summary, the progress bar's, the retry's. */
const char     *chess_review_panel_get_verdict  (ChessReviewPanel *self);
const char     *chess_review_panel_get_summary  (ChessReviewPanel *self,
                                                 ChessColor        player);
const char     *chess_review_panel_get_progress_text (ChessReviewPanel *self);
const char     *chess_review_panel_get_retry_text (ChessReviewPanel *self);

G_END_DECLS
