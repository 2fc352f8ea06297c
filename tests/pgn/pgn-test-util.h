/* pgn-test-util.h — comparing games, for the PGN tests. */
#pragma once

#include <string.h>

#include "chess-pgn.h"

static inline void
pgn_test_assert_same_marks (GArray *a,
                            GArray *b)
{
  g_assert_cmpuint (a != NULL ? a->len : 0, ==, b != NULL ? b->len : 0);
  for (guint i = 0; a != NULL && i < a->len; i++)
    g_assert_true (memcmp (&g_array_index (a, ChessTreeMark, i),
                           &g_array_index (b, ChessTreeMark, i), sizeof (ChessTreeMark)) == 0);
}

/* The same moves in the same shape, with the same comments, NAGs and
 * commands, node by node (in preorder, without recursion). */
static inline void
pgn_test_assert_same_tree (const ChessTree *a,
                           const ChessTree *b)
{
  const ChessTreeNode *na = NULL, *nb = NULL;

  for (;;)
    {
      na = chess_tree_next (a, na);
      nb = chess_tree_next (b, nb);
      g_assert_true ((na == NULL) == (nb == NULL));
      if (na == NULL)
        break;
      g_assert_cmpuint (na->move, ==, nb->move);
      g_assert_cmpuint (na->ply, ==, nb->ply);
      g_assert_cmpuint (na->n_children, ==, nb->n_children);
      g_assert_cmpstr (na->comment_before, ==, nb->comment_before);
      g_assert_cmpstr (na->comment, ==, nb->comment);
      g_assert_cmpuint (na->nags != NULL ? na->nags->len : 0, ==, nb->nags != NULL ? nb->nags->len : 0);
      if (na->nags != NULL)
        g_assert_true (memcmp (na->nags->data, nb->nags->data, na->nags->len) == 0);
      g_assert_cmpint (na->clock_ms, ==, nb->clock_ms);
      g_assert_cmpint (na->emt_ms, ==, nb->emt_ms);
      g_assert_cmpint (na->eval.kind, ==, nb->eval.kind);
      g_assert_cmpint (na->eval.value, ==, nb->eval.value);
      g_assert_cmpint (na->eval.depth, ==, nb->eval.depth);
      pgn_test_assert_same_marks (na->arrows, nb->arrows);
      pgn_test_assert_same_marks (na->squares, nb->squares);
      g_assert_cmpstr (na->commands, ==, nb->commands);
    }
}

static inline void
pgn_test_assert_equal (const ChessPgnGame *a,
                       const ChessPgnGame *b)
{
  char fa[CHESS_FEN_MAX], fb[CHESS_FEN_MAX];

  /* Every tag comes back; the writer may add the Seven Tag Roster's
   * defaults, and it writes SetUp, FEN and Result from the game itself. */
  g_assert_cmpuint (a->tag_names->len, <=, b->tag_names->len);
  for (guint i = 0; i < a->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (a->tag_names, i);
      if (strcmp (name, "FEN") == 0 || strcmp (name, "SetUp") == 0 || strcmp (name, "Result") == 0)
        continue;
      g_assert_cmpstr (g_ptr_array_index (a->tag_values, i), ==,
                       chess_pgn_game_get_tag (b, name));
    }
  chess_board_to_fen (&a->line.start, fa);
  chess_board_to_fen (&b->line.start, fb);
  g_assert_cmpstr (fa, ==, fb);
  g_assert_cmpuint (a->line.n_moves, ==, b->line.n_moves);
  for (size_t i = 0; i < a->line.n_moves; i++)
    g_assert_cmpuint (a->line.moves[i], ==, b->line.moves[i]);
  pgn_test_assert_same_tree (a->tree, b->tree);
  g_assert_cmpstr (a->result, ==, b->result);
}

/* Every line of `text` at most 80 characters. */
static inline void
pgn_test_assert_short_lines (const char *text,
                             gboolean    tags_too)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (tags_too || lines[i][0] != '[')
      {
        if (g_utf8_strlen (lines[i], -1) > 80)
          g_error ("line too long: %s", lines[i]);
      }
}
