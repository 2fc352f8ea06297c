/* core-test-util.h — what the core's tests share: the positions of the
 * perft suite, and a walk through every position a few plies below one. */
#pragma once

#include <string.h>

#include "chess-board.h"

/* The lines of the EPD file that CHESS_PERFT_EPD names ("FEN ;D1 20 …"),
 * stripped, without blank lines and # comments. */
static inline GPtrArray *
core_test_suite_lines (void)
{
  const char *epd = g_getenv ("CHESS_PERFT_EPD");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *suite = g_ptr_array_new_with_free_func (g_free);

  if (epd == NULL || !g_file_get_contents (epd, &contents, NULL, &error))
    g_error ("cannot read CHESS_PERFT_EPD: %s", error ? error->message : "not set");
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0' && lines[i][0] != '#')
        g_ptr_array_add (suite, g_strdup (lines[i]));
    }
  return suite;
}

/* The FENs of the suite: each line up to its first ';'. */
static inline GPtrArray *
core_test_suite_fens (void)
{
  GPtrArray *fens = core_test_suite_lines ();

  for (guint i = 0; i < fens->len; i++)
    {
      char *line = g_ptr_array_index (fens, i);
      char *semi = strchr (line, ';');
      if (semi)
        *semi = '\0';
      g_strstrip (line);
    }
  return fens;
}

typedef void (*CoreTestVisit) (const ChessBoard *board,
                               gpointer          data);

/* Calls `visit` on `board` and on every position up to `depth` plies below
 * it; `board` is as it was when this returns. */
static inline void
core_test_walk (ChessBoard    *board,
                int            depth,
                CoreTestVisit  visit,
                gpointer       data)
{
  ChessMoveList list;

  visit (board, data);
  if (depth == 0)
    return;
  chess_board_generate_legal (board, &list);
  for (int i = 0; i < list.count; i++)
    {
      ChessUndo undo;
      chess_board_make (board, list.moves[i], &undo);
      core_test_walk (board, depth - 1, visit, data);
      chess_board_unmake (board, list.moves[i], &undo);
    }
}
