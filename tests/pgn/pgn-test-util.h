/* pgn-test-util.h — comparing games, for the PGN tests. */
#pragma once

#include <string.h>

#include "chess-pgn.h"

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
  g_assert_cmpstr (a->comment_start, ==, b->comment_start);
  g_assert_cmpuint (a->comments->len, ==, b->comments->len);
  for (guint i = 0; i < a->comments->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a->comments, i), ==, g_ptr_array_index (b->comments, i));
  g_assert_cmpuint (a->nags->len, ==, b->nags->len);
  for (guint i = 0; i < a->nags->len; i++)
    {
      GArray *na = g_array_index (a->nags, GArray *, i);
      GArray *nb = g_array_index (b->nags, GArray *, i);
      g_assert_cmpuint (na ? na->len : 0, ==, nb ? nb->len : 0);
      for (guint k = 0; na != NULL && k < na->len; k++)
        g_assert_cmpuint (g_array_index (na, guint8, k), ==, g_array_index (nb, guint8, k));
    }
  g_assert_cmpuint (a->clock_ms->len, ==, b->clock_ms->len);
  for (guint i = 0; i < a->clock_ms->len; i++)
    g_assert_cmpint (g_array_index (a->clock_ms, gint64, i), ==, g_array_index (b->clock_ms, gint64, i));
  g_assert_cmpuint (a->variations->len, ==, b->variations->len);
  for (guint i = 0; i < a->variations->len; i++)
    {
      const ChessPgnVariation *va = g_ptr_array_index (a->variations, i);
      const ChessPgnVariation *vb = g_ptr_array_index (b->variations, i);
      g_assert_cmpuint (va->ply, ==, vb->ply);
      g_assert_cmpstr (va->text, ==, vb->text);
    }
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
