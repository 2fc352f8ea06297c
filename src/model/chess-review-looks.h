/* chess-review-looks.h — when a review searches positions again, deeper,
 * before it judges a move. */
#pragma once

#include <glib.h>

#include "chess-review-score.h"

G_BEGIN_DECLS

/* The deepest look: the third search of a position. */
#define CHESS_REVIEW_MAX_LOOKS 2

guint64  chess_review_looks_factor    (guint                    looks);
double   chess_review_looks_loss      (int                      score_before,
                                       int                      score_after);
int      chess_review_looks_next      (const ChessReviewSearch *searches,
                                       const guint8            *looks,
                                       guint                    ply,
                                       guint                    look);
gboolean chess_review_looks_second_due (double                  loss);
gboolean chess_review_looks_third_due (double                   loss,
                                       guint                    look);
gboolean chess_review_looks_late_due  (const ChessReviewSearch *searches,
                                       const guint8            *looks,
                                       guint                    ply);

G_END_DECLS
