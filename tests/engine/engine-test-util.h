/* engine-test-util.h — what the engine's tests share: positions and moves
 * from text, failing the test on a typo. */
#pragma once

#include <string.h>

#include "chess-board.h"
#include "chess-engine.h"
#include "chess-notation.h"

static inline ChessBoard
board_from (const char *fen)
{
  ChessBoard b;
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_board_from_fen (&b, fen, &error));
  g_assert_no_error (error);
  return b;
}

static inline ChessMove
move_from (const ChessBoard *b, const char *text)
{
  ChessMove m = CHESS_MOVE_NONE;

  g_assert_true (chess_move_parse (b, text, &m, NULL));
  return m;
}

/* The engine's search, with a table of `hash_mb`, to `depth` of the
 * position after `moves` (SAN or coordinates, between spaces; NULL: none)
 * from `fen`, the moves given as the game's history (repetitions count). */
static inline ChessSearchResult
engine_test_search (const char *fen, const char *moves, int depth, int hash_mb)
{
  ChessEngine *e = chess_engine_new (hash_mb);
  ChessBoard start = board_from (fen), b = start;
  ChessMove list[256];
  size_t n = 0;
  ChessSearchLimits limits;
  ChessSearchResult r;

  if (moves)
    {
      g_auto (GStrv) words = g_strsplit (moves, " ", -1);
      for (int i = 0; words[i]; i++)
        {
          ChessUndo u;

          g_assert_cmpuint (n, <, G_N_ELEMENTS (list));
          list[n] = move_from (&b, words[i]);
          chess_board_make (&b, list[n++], &u);
        }
    }
  chess_engine_set_position (e, &start, list, n);
  chess_search_limits_init (&limits);
  limits.depth = depth;
  r = chess_engine_search (e, &limits, NULL, NULL);
  chess_engine_free (e);
  return r;
}

/* The FEN of the position with colours swapped and the board turned
 * upside down: the same chess problem for the other side. */
static inline char *
mirror_fen (const char *fen)
{
  g_auto (GStrv) fields = g_strsplit (fen, " ", -1);
  g_auto (GStrv) ranks = NULL;
  GString *out = g_string_new (NULL);

  g_assert_cmpuint (g_strv_length (fields), >=, 4);
  ranks = g_strsplit (fields[0], "/", -1);
  g_assert_cmpuint (g_strv_length (ranks), ==, 8);
  for (int r = 7; r >= 0; r--)
    {
      for (const char *p = ranks[r]; *p; p++)
        g_string_append_c (out, g_ascii_isupper (*p) ? g_ascii_tolower (*p) : g_ascii_toupper (*p));
      if (r > 0)
        g_string_append_c (out, '/');
    }
  g_string_append (out, strcmp (fields[1], "w") == 0 ? " b " : " w ");
  if (strcmp (fields[2], "-") == 0)
    g_string_append (out, "-");
  else
    {
      /* Black's rights become White's, in FEN's order KQkq. */
      for (const char *p = fields[2]; *p; p++)
        if (g_ascii_islower (*p))
          g_string_append_c (out, g_ascii_toupper (*p));
      for (const char *p = fields[2]; *p; p++)
        if (g_ascii_isupper (*p))
          g_string_append_c (out, g_ascii_tolower (*p));
    }
  if (strcmp (fields[3], "-") == 0)
    g_string_append (out, " -");
  else
    g_string_append_printf (out, " %c%c", fields[3][0], '1' + ('8' - fields[3][1]));
  g_string_append_printf (out, " %s %s", fields[4] ? fields[4] : "0",
                          fields[4] && fields[5] ? fields[5] : "1");
  return g_string_free (out, FALSE);
}
