/* fuzz-review-why.c — libFuzzer target: any text read as the comment after
 * a move, the review's sentence at its start recognised from the templates
 * (chess-review-motif-templates.c) or from an old [%why N] mark
 * (chess-review-why.c), read, replaced and taken out. Whatever the comment
 * holds, the sentence read is valid UTF-8 at its start, a new sentence is
 * found again once written, the player's text after it is kept, and no
 * mark is ever written. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "chess-review-motif-templates.h"
#include "chess-review-why.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define SENTENCE "Loses the queen to 4… Nxg4."

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  ChessBoard start;

  if (!g_utf8_validate (text, -1, NULL))
    return 0;
  chess_board_set_start (&start);
  g_autoptr(ChessTree) tree = chess_tree_new (&start);
  ChessTreeNode *node = chess_tree_node_append (tree->root,
                                                chess_board_find_move (&start, 12, 28, CHESS_NO_PIECE_TYPE));
  chess_tree_node_add_comment_text (node, text, FALSE);

  g_autofree char *old = chess_review_why_get (node);
  g_assert (old == NULL || (g_utf8_validate (old, -1, NULL) && node->comment != NULL
                            && g_str_has_prefix (node->comment, old)));

  /* The recogniser alone: a prefix of the text, ending at a '.'. */
  gsize length = chess_review_sentence_length (text);
  g_assert (length <= size && (length == 0 || text[length - 1] == '.'));

  g_autofree char *kept = node->comment != NULL
                          ? g_strdup (node->comment + (old != NULL ? strlen (old) : 0)) : NULL;
  chess_review_why_set (node, SENTENCE);
  g_autofree char *now = chess_review_why_get (node);
  g_assert (now != NULL && strcmp (now, SENTENCE) == 0);
  /* The player's words after the old sentence stay after the new one. */
  g_assert (kept == NULL || strstr (node->comment, g_strstrip (kept)) != NULL);
  g_assert (node->commands == NULL || strstr (node->commands, "[%why ") == NULL);

  /* Written and read back, the same. */
  g_autofree char *written = chess_tree_node_format_comment (node);
  ChessTreeNode *copy = chess_tree_node_append (tree->root,
                                                chess_board_find_move (&start, 11, 27, CHESS_NO_PIECE_TYPE));
  chess_tree_node_add_comment_text (copy, written, FALSE);
  g_autofree char *read = chess_review_why_get (copy);
  g_assert (read != NULL && strcmp (read, SENTENCE) == 0);

  /* Taken out, the player's words are what is left (they may start like a
   * sentence of the review's themselves: no mark tells them apart). */
  chess_review_why_set (node, NULL);
  g_autofree char *left = g_strstrip (g_strdup (node->comment != NULL ? node->comment : ""));
  g_assert (strcmp (left, kept != NULL ? kept : "") == 0);
  g_assert (node->commands == NULL || strstr (node->commands, "[%why ") == NULL);
  return 0;
}
