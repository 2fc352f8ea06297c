/* fuzz-review-why.c — libFuzzer target: any text read as the comment after
 * a move, and the review's [%why N] mark in it (chess-review-why.c) read,
 * replaced and taken out. Whatever the comment holds, the sentence read is
 * valid UTF-8 at its start, a new sentence is found again once written,
 * and taking it out leaves no mark. */
#include "config.h"

#include <stdint.h>
#include <string.h>

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

  chess_review_why_set (node, SENTENCE);
  g_autofree char *now = chess_review_why_get (node);
  g_assert (now != NULL && strcmp (now, SENTENCE) == 0);

  /* Written and read back, the same. */
  g_autofree char *written = chess_tree_node_format_comment (node);
  ChessTreeNode *copy = chess_tree_node_append (tree->root,
                                                chess_board_find_move (&start, 11, 27, CHESS_NO_PIECE_TYPE));
  chess_tree_node_add_comment_text (copy, written, FALSE);
  g_autofree char *read = chess_review_why_get (copy);
  g_assert (read != NULL && strcmp (read, SENTENCE) == 0);

  chess_review_why_set (node, NULL);
  g_assert (chess_review_why_get (node) == NULL);
  g_assert (node->commands == NULL || strstr (node->commands, "[%why ") == NULL
            || strstr (text, "[%why ") != NULL);
  return 0;
}
