/* chess-review-retry.h — "Retry this move": from a reviewed mistake of a
 * game's main line, the position before it is shown and the player of that
 * side plays another move (on the board, through the game: it goes into a
 * variation). The attempt's first move is judged against the review's
 * better move (a search of the position after it); the computer answers
 * for the other side each time the player's line ends with the player's
 * move, and the player may play on. Try Again takes the attempt back;
 * finishing takes it back and shows the mistake again. Only the variations
 * started during the retry are taken back. No widgets: the panel shows
 * get_text and the Try Again button when can_try_again.
 *
 * Signals: changed () — the text or can-try-again changed. */
#pragma once

#include <glib-object.h>

#include "chess-game.h"
#include "chess-review-score.h"

G_BEGIN_DECLS

/* How long the computer thinks about an attempt and about its answers. */
#define CHESS_REVIEW_RETRY_THINK_MS 500

#define CHESS_TYPE_REVIEW_RETRY (chess_review_retry_get_type ())
G_DECLARE_FINAL_TYPE (ChessReviewRetry, chess_review_retry, CHESS, REVIEW_RETRY, GObject)

/* Starts retrying `mistake` (a main-line node of `game`; `reference` is
 * what its tree says of it, chess_review_read_tree): shows the position
 * before it. NULL, the view unchanged,
 * when no move can be played there (a game still being played). */
ChessReviewRetry *chess_review_retry_start        (ChessGame             *game,
                                                   ChessTreeNode         *mistake,
                                                   const ChessReviewMove *reference,
                                                   ChessNotation          notation);
/* What to tell the player now: what to find, "Thinking about your move…",
 * the attempt judged, or why the computer could not answer. */
const char       *chess_review_retry_get_text     (ChessReviewRetry      *self);
gboolean          chess_review_retry_can_try_again (ChessReviewRetry     *self);
void              chess_review_retry_try_again    (ChessReviewRetry      *self);
/* Takes the attempts back and shows the mistake; the retry is over (the
 * game is left alone from then on). */
void              chess_review_retry_finish       (ChessReviewRetry      *self);
void              chess_review_retry_set_notation (ChessReviewRetry      *self,
                                                   ChessNotation          notation);

G_END_DECLS
