/* finish-puzzles.c — the last step of making the puzzle set (see
 * make-puzzles.sh): the puzzles Stockfish kept (verify-puzzles.py's lines)
 * as EPD, with their themes from the review's motif detector, a
 * difficulty rating and an id.
 *
 *   finish-puzzles VERIFIED > data/puzzles/puzzles.epd
 *
 * The rating: how deep the built-in engine must search before it keeps
 * to the solution's first move (a player, like an engine, needs longer for
 * what is deeper), and more for each further move to find, for a quiet
 * first move (neither check nor capture) and for a sacrifice. Set on the
 * Glicko scale the players' ratings use, 600 to 2600. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "chess-engine.h"
#include "chess-notation.h"
#include "chess-puzzle-themes.h"
#include "chess-review-score.h"

#define MAX_DEPTH 14

typedef struct
{
  ChessMove best;
} Found;

static void
info_cb (const ChessSearchInfo *info,
         void                  *user_data)
{
  Found *found = user_data;

  if (info->multipv == 1 && info->pv_length > 0 && info->bound == CHESS_BOUND_EXACT)
    found->best = info->pv[0];
}

/* The depth from which the engine's best move stays the solution's. */
static int
depth_to_find (ChessEngine       *engine,
               const ChessPuzzle *puzzle)
{
  int from = MAX_DEPTH + 1;

  chess_engine_clear (engine);
  chess_engine_set_position (engine, &puzzle->start, NULL, 0);
  for (int depth = 1; depth <= MAX_DEPTH; depth++)
    {
      ChessSearchLimits limits;
      Found found = { CHESS_MOVE_NONE };

      chess_search_limits_init (&limits);
      limits.depth = depth;
      chess_engine_search (engine, &limits, info_cb, &found);
      if (found.best == puzzle->moves[0])
        from = MIN (from, depth);
      else
        from = MAX_DEPTH + 1;
    }
  return from;
}

static int
estimate_rating (ChessEngine       *engine,
                 const ChessPuzzle *puzzle)
{
  ChessBoard after = puzzle->start;
  ChessMove first = puzzle->moves[0];
  ChessUndo undo;
  gboolean quiet;
  int rating;

  chess_board_make (&after, first, &undo);
  quiet = !chess_move_is_capture (first) && !chess_board_in_check (&after) && !chess_move_is_promotion (first);
  rating = 700 + 90 * depth_to_find (engine, puzzle);
  rating += 120 * (int) ((puzzle->n_moves - 1) / 2);
  if (quiet)
    rating += 200;
  if (puzzle->themes & CHESS_PUZZLE_THEME_SACRIFICE)
    rating += 120;
  if (puzzle->themes & CHESS_PUZZLE_THEME_MATE && puzzle->mate_in == 1)
    rating -= 250;
  return CLAMP (rating, 600, 2600);
}

int
main (int argc, char **argv)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ChessEngine *engine;
  guint kept = 0;

  if (argc != 2)
    {
      fprintf (stderr, "finish-puzzles VERIFIED\n");
      return 2;
    }
  if (!g_file_get_contents (argv[1], &data, NULL, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  chess_init ();
  engine = chess_engine_new (16);
  lines = g_strsplit (data, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
      g_auto (GStrv) moves = NULL;
      g_autofree char *epd = NULL;
      g_autoptr (GError) bad = NULL;
      ChessPuzzle puzzle = { 0 };
      ChessBoard board;
      int score;

      if (g_strv_length (fields) != 4)
        continue;
      if (!chess_board_from_fen (&puzzle.start, fields[0], &bad))
        {
          fprintf (stderr, "line %u: %s\n", i + 1, bad->message);
          return 1;
        }
      board = puzzle.start;
      moves = g_strsplit (fields[1], " ", -1);
      for (guint m = 0; moves[m] && puzzle.n_moves < CHESS_PUZZLE_MAX_MOVES; m++)
        {
          ChessMove move;
          ChessUndo undo;

          if (!chess_move_parse (&board, moves[m], &move, &bad))
            {
              fprintf (stderr, "line %u: %s\n", i + 1, bad->message);
              return 1;
            }
          puzzle.moves[puzzle.n_moves++] = move;
          chess_board_make (&board, move, &undo);
        }
      if (puzzle.n_moves % 2 == 0)
        continue;
      if (g_str_has_prefix (fields[2], "mate "))
        score = chess_review_score_from_mate_moves (atoi (fields[2] + 5));
      else
        score = chess_review_score_from_cp (atoi (fields[2] + 3));
      /* An id from the position: the same puzzle keeps it when the set is
       * made again. */
      g_snprintf (puzzle.id, sizeof puzzle.id, "%08" G_GINT64_MODIFIER "x",
                  (gint64) (puzzle.start.key >> 32));
      if (g_hash_table_contains (ids, puzzle.id))
        continue;
      g_hash_table_add (ids, g_strdup (puzzle.id));
      chess_puzzle_find_themes (&puzzle, score);
      puzzle.rating = estimate_rating (engine, &puzzle);
      epd = chess_puzzle_to_epd (&puzzle);
      printf ("%s\n", epd);
      fflush (stdout);
      kept++;
    }
  chess_engine_free (engine);
  fprintf (stderr, "%u puzzles\n", kept);
  return 0;
}
