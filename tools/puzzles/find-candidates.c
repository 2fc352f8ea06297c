/* find-candidates.c — the first step of making the puzzle set
 * (tools/puzzles/make-puzzles.sh): positions of real games where the
 * built-in engine, in a short search with two lines, sees one move that
 * wins decisively while its second best does not. Stockfish checks each of
 * them deeper afterwards (verify-puzzles.py).
 *
 *   find-candidates [--nodes 4000] [--shard K/N] PGN-FILE…
 *
 * Prints one candidate a line: FEN, the move (UCI), the game it comes
 * from, tab-separated. Game K, K+N, K+2N … of each file (0-based) only, so
 * that N processes can share the work. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-engine.h"
#include "chess-notation.h"
#include "chess-pgn.h"

/* The best line must win this much (centipawns, the side to move's view)
 * and the second must stay at or below SECOND_MAX: one move wins, no other
 * does. */
#define BEST_MIN 250
#define SECOND_MAX 150
/* Positions before this ply are opening theory more than tactics. */
#define FIRST_PLY 12
/* After a candidate, the game's next plies are the same combination. */
#define SKIP_AFTER 6

typedef struct
{
  int       score[3];
  ChessMove move[3];
  int       depth[3];
} Lines;

static void
info_cb (const ChessSearchInfo *info,
         void                  *user_data)
{
  Lines *lines = user_data;

  if (info->multipv < 1 || info->multipv > 2 || info->pv_length < 1 || info->bound != CHESS_BOUND_EXACT)
    return;
  lines->score[info->multipv] = info->score;
  lines->move[info->multipv] = info->pv[0];
  lines->depth[info->multipv] = info->depth;
}

static gboolean
is_candidate (const Lines *lines)
{
  int best = lines->score[1], second = lines->score[2];

  if (lines->move[1] == CHESS_MOVE_NONE || lines->move[2] == CHESS_MOVE_NONE
      || lines->depth[1] != lines->depth[2])
    return FALSE;
  if (best >= CHESS_SCORE_MATE_BOUND)
    return second < CHESS_SCORE_MATE_BOUND && second <= SECOND_MAX + 200;
  return best >= BEST_MIN && best < CHESS_SCORE_MATE_BOUND && second <= SECOND_MAX;
}

/* Taking back what was just taken is no puzzle: the move recaptures on the
 * square of the last move's capture. */
static gboolean
is_recapture (ChessMove last,
              ChessMove move)
{
  return last != CHESS_MOVE_NONE && chess_move_is_capture (last) && chess_move_is_capture (move)
         && chess_move_to (last) == chess_move_to (move);
}

static void
scan_game (ChessEngine        *engine,
           const ChessPgnGame *game,
           const char         *source,
           guint64             nodes,
           GHashTable         *seen)
{
  ChessBoard board = game->line.start;
  ChessUndo undo;

  chess_engine_clear (engine);
  for (size_t ply = 0; ply < game->line.n_moves; ply++)
    {
      ChessMoveList legal;
      ChessSearchLimits limits;
      Lines lines = { 0 };

      if (ply >= FIRST_PLY && chess_board_generate_legal (&board, &legal) >= 2
          && !g_hash_table_contains (seen, &board.key))
        {
          chess_search_limits_init (&limits);
          limits.nodes = nodes;
          chess_engine_set_position (engine, &game->line.start, game->line.moves, ply);
          chess_engine_search (engine, &limits, info_cb, &lines);
          if (is_candidate (&lines) && !is_recapture (game->line.moves[ply - 1], lines.move[1]))
            {
              char fen[CHESS_FEN_MAX];
              char uci[CHESS_MOVE_TEXT_MAX];

              g_hash_table_add (seen, g_memdup2 (&board.key, sizeof board.key));
              printf ("%s\t%s\t%s ply %zu\n", chess_board_to_fen (&board, fen),
                      chess_move_format (&board, lines.move[1], CHESS_NOTATION_UCI, uci), source, ply);
              fflush (stdout);
              for (int skip = 0; skip < SKIP_AFTER && ply + 1 < game->line.n_moves; skip++)
                chess_board_make (&board, game->line.moves[ply++], &undo);
            }
        }
      chess_board_make (&board, game->line.moves[ply], &undo);
    }
}

int
main (int argc, char **argv)
{
  int nodes = 4000;
  g_autofree char *shard = NULL;
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "nodes", 0, 0, G_OPTION_ARG_INT, &nodes, "Nodes of each search (default 4000)", "N" },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard, "Only games K, K+N, … (default 0/1)", "K/N" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, "PGN-FILE…" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("PGN-FILE…");
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint shard_k = 0, shard_n = 1;
  ChessEngine *engine;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || files == NULL || nodes < 100
      || (shard != NULL && (sscanf (shard, "%u/%u", &shard_k, &shard_n) != 2 || shard_n == 0
                            || shard_k >= shard_n)))
    {
      fprintf (stderr, "%s\n", error ? error->message : "find-candidates [--nodes N] [--shard K/N] PGN-FILE…");
      return 2;
    }
  chess_init ();
  engine = chess_engine_new (16);
  chess_engine_set_multipv (engine, 2);
  for (guint f = 0; files[f]; f++)
    {
      g_autofree char *data = NULL;
      gsize length;
      g_autoptr (GPtrArray) index = NULL;
      g_autofree char *base = g_path_get_basename (files[f]);

      if (!g_file_get_contents (files[f], &data, &length, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      index = chess_pgn_index (data, length);
      for (guint i = shard_k; i < index->len; i += shard_n)
        {
          ChessPgnIndexEntry *entry = g_ptr_array_index (index, i);
          g_autoptr (ChessPgnGame) game = chess_pgn_parse_entry (data, length, entry, NULL, NULL);
          g_autofree char *source = NULL;

          if (game == NULL)
            continue;
          source = g_strdup_printf ("%s game %u", base, entry->number);
          scan_game (engine, game, source, (guint64) nodes, seen);
        }
    }
  chess_engine_free (engine);
  return 0;
}
