/* chess-review-why.h — the review's sentences of why (chess-review-motif.h)
 * kept in a game tree's comments: the sentence opens the move's comment,
 * right after its [%eval], where every PGN viewer shows it. No marker says
 * it is the review's: a comment that starts with a sentence of the review's
 * templates (chess-review-motif-templates.h) starts with the review's, so
 * that reviewing again replaces it and reading the game back finds it. The
 * user's own comment after it is kept. Games written with the old
 * [%why N] command (N: the sentence's length in characters) are still read;
 * the command is dropped when the sentence is set, and never written. */
#pragma once

#include <glib.h>

#include "chess-tree.h"

G_BEGIN_DECLS

/* Replaces what the review wrote in `node`'s comment before with `text`
 * (NULL or "": takes it out). */
void     chess_review_why_set (ChessTreeNode       *node,
                               const char          *text);

/* The review's sentence in `node`'s comment, newly allocated, or NULL
 * (also when the text is longer than the review writes:
 * CHESS_REVIEW_WHY_MAX). */
char    *chess_review_why_get (const ChessTreeNode *node);

G_END_DECLS
