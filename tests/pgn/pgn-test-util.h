/* pgn-test-util.h — comparing games and reading them back through
 * pgn-extract, for the PGN tests (and the review's). */
#pragma once

#include <string.h>

#include <glib/gstdio.h>

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

/* pgn-extract, from PATH or Debian's /usr/games; NULL when not installed. */
static inline char *
pgn_test_find_pgn_extract (void)
{
  char *pe = g_find_program_in_path ("pgn-extract");

  if (pe == NULL && g_file_test ("/usr/games/pgn-extract", G_FILE_TEST_IS_EXECUTABLE))
    pe = g_strdup ("/usr/games/pgn-extract");
  return pe;
}

/* pgn-extract's own rewrite of the PGN `text` (`length` bytes, -1 when
 * NUL-terminated): -s --quiet -Wsan, with `line_width` > 0 as -w. The test
 * fails when it cannot run or complains on stderr; its wait status goes to
 * `wait_status` (may be NULL), the rewrite's length to `out_length` (may
 * be NULL). */
static inline char *
pgn_test_pgn_extract_rewrite (const char *pe,
                              const char *text,
                              gssize      length,
                              int         line_width,
                              int        *wait_status,
                              gsize      *out_length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("thinkchess-pgn-extract-XXXXXX", &error);
  g_autofree char *ours = NULL;
  g_autofree char *theirs = NULL;
  g_autofree char *width = g_strdup_printf ("%d", line_width);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *err = NULL;
  char *rewrite = NULL;
  int status;

  g_assert_no_error (error);
  ours = g_build_filename (dir, "ours.pgn", NULL);
  theirs = g_build_filename (dir, "theirs.pgn", NULL);
  g_assert_true (g_file_set_contents (ours, text, length, NULL));
  g_ptr_array_add (argv, (char *) pe);
  g_ptr_array_add (argv, (char *) "-s");
  g_ptr_array_add (argv, (char *) "--quiet");
  g_ptr_array_add (argv, (char *) "-Wsan");
  if (line_width > 0)
    {
      g_ptr_array_add (argv, (char *) "-w");
      g_ptr_array_add (argv, width);
    }
  g_ptr_array_add (argv, (char *) "-o");
  g_ptr_array_add (argv, theirs);
  g_ptr_array_add (argv, ours);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (err, ==, "");
  if (wait_status != NULL)
    *wait_status = status;
  g_assert_true (g_file_get_contents (theirs, &rewrite, out_length, NULL));
  g_unlink (ours);
  g_unlink (theirs);
  g_rmdir (dir);
  return rewrite;
}
