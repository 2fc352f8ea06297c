/* chess-review-why.h — the review's sentences of why (chess-review-motif.h)
 * kept in a game tree's comments: the sentence opens the move's comment,
 * right after its [%eval], where every PGN viewer shows it; a [%why N]
 * command says that the comment's first N characters are the review's, so
 * that reviewing again replaces them and reading the game back finds them.
 * The user's own comment after them is kept. */
#pragma once

#include <glib.h>

#include "chess-tree.h"

G_BEGIN_DECLS

/* Replaces what the review wrote in `node`'s comment before with `text`
 * (NULL or "": takes it out). */
void     chess_review_why_set (ChessTreeNode       *node,
                               const char          *text);

/* The review's sentence in `node`'s comment, newly allocated, or NULL
 * (also when the mark does not fit the comment, or the text is longer than
 * the review writes: CHESS_REVIEW_WHY_MAX). */
char    *chess_review_why_get (const ChessTreeNode *node);

G_END_DECLS
