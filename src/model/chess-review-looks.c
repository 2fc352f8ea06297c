/* chess-review-looks.c — when a review searches positions again, deeper,
 * before it judges a move. A move's first measure comes from the two
 * searches at the review's budget around it; a second look searches both
 * positions at four times the budget, a third at sixteen. `looks[pos]`
 * counts the looks position `pos` has had (0: searched once). */
#include "config.h"

#include "chess-review-looks.h"

/* The search of a position is this many times the review's budget when
 * it is searched again, and that many times again for a third look. */
#define RECHECK_FACTOR 4
/* A move that loses at least this much by the searches before and after
 * it (a mistake's worth) is marked only if deeper searches agree: a
 * shallow search after a move may see a loss that is not there, and the
 * one before it may miss the move's point (when the engine chose the move
 * itself, one of the two certainly saw too little). Both positions are
 * searched again, deeper, and the move is judged by those. */
#define RECHECK_LOSS 0.10
/* A move whose second look still leaves it near a mistake's bound (the
 * engine's doubt included) is looked at once more, four times deeper
 * again: most of the real mistakes the review missed lay there, losses
 * its searches at the first two budgets saw only in part. */
#define BORDER_LOW   0.08
#define BORDER_HIGH  0.15

guint64
chess_review_looks_factor (guint looks)
{
  guint64 factor = 1;

  for (guint i = 0; i < looks; i++)
    factor *= RECHECK_FACTOR;
  return factor;
}

/* The mover's loss of expected score: `score_before` is the position
 * before the move (the mover's view), `score_after` the one after it
 * (the opponent's). */
double
chess_review_looks_loss (int score_before,
                         int score_after)
{
  return chess_review_win_chance (score_before) - chess_review_win_chance (-score_after);
}

/* The position around move `ply` to search next for look number `look`:
 * the one before it, then the one after it (unless the game ended
 * there); -1 when both have been searched that deep. */
int
chess_review_looks_next (const ChessReviewSearch *searches,
                         const guint8            *looks,
                         guint                    ply,
                         guint                    look)
{
  if (looks[ply] < look)
    return (int) ply;
  if (searches[ply + 1].depth > 0 && looks[ply + 1] < look)
    return (int) ply + 1;
  return -1;
}

gboolean
chess_review_looks_second_due (double loss)
{
  return loss >= RECHECK_LOSS;
}

/* After look `look`: whether the move is still near enough a mistake's
 * bound to be looked at once more. */
gboolean
chess_review_looks_third_due (double loss,
                              guint  look)
{
  return look < CHESS_REVIEW_MAX_LOOKS && loss >= BORDER_LOW && loss < BORDER_HIGH;
}

/* Whether move `ply`, measured by searches of one depth but not judged
 * yet, must be looked at again: the next move's looks searched the
 * position after it deeper, and by that search it lost a mistake's worth
 * (8. Nd2 of a weak players' game lost 0.097 by the first searches and
 * 0.15 once 8… Ne7's second look had searched the position after it). */
gboolean
chess_review_looks_late_due (const ChessReviewSearch *searches,
                             const guint8            *looks,
                             guint                    ply)
{
  return looks[ply + 1] > looks[ply]
         && chess_review_looks_second_due (chess_review_looks_loss (searches[ply].score,
                                                                    searches[ply + 1].score));
}
