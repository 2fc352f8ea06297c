/* find-candidates.c — the first step of making the puzzle set
 * (tools/puzzles/make-puzzles.sh): positions of real games where the
 * built-in engine sees one move that wins decisively while its second best
 * does not. Stockfish checks each of them deeper afterwards
 * (verify-puzzles.py).
 *
 * Each position of a game gets a quick search (--scan-nodes). Where the
 * side to move stands at least WINNING_MIN better, a search with two lines (--nodes) decides whether one move alone wins:
 * at once after a blunder, else when a third as long a search saw one. So
 * the searches that cost most run on few positions.
 *
 *   find-candidates [--scan-nodes 1500] [--nodes 30000] [--shard K/N]
 *                   [--resume PARTIAL] PGN-FILE…
 *
 * Prints one candidate a line: FEN, the move (UCI), the game it comes
 * from, tab-separated. Game K, K+N, K+2N … of each file (0-based) only, so
 * that N processes can share the work. --resume goes on after the last
 * line of PARTIAL (the output of a run that was stopped, the same options
 * and files), and prints what the whole run would have printed after it. */
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
#define SECOND_MAX 200
#define GAP_MIN 150
/* What the quick search must see for the two-line ones to run. */
#define WINNING_MIN 150
/* A move that lost this much (the mover's score before plus the side to
 * move's after, by the quick search) is a blunder. */
#define DROP_MIN 100
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
  return best >= BEST_MIN && best < CHESS_SCORE_MATE_BOUND && second <= SECOND_MAX
         && best - second >= GAP_MIN;
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

/* The side to move's score by a quick search. */
static int
quick_score (ChessEngine        *engine,
             const ChessPgnGame *game,
             size_t              ply,
             guint64             nodes)
{
  ChessSearchLimits limits;
  ChessSearchResult result;

  chess_search_limits_init (&limits);
  limits.nodes = nodes;
  chess_engine_set_position (engine, &game->line.start, game->line.moves, ply);
  result = chess_engine_search (engine, &limits, NULL, NULL);
  return result.score;
}

static gboolean
two_lines (ChessEngine        *engine,
           const ChessPgnGame *game,
           size_t              ply,
           guint64             nodes,
           Lines              *lines)
{
  ChessSearchLimits limits;

  memset (lines, 0, sizeof *lines);
  chess_search_limits_init (&limits);
  limits.nodes = nodes;
  chess_engine_clear (engine);
  chess_engine_set_position (engine, &game->line.start, game->line.moves, ply);
  chess_engine_search (engine, &limits, info_cb, lines);
  return TRUE;
}

/* Scans a game from ply `from` on. A resumed game (from > 0) first makes
 * the quick searches the stopped run made before `from`: all but the
 * plies after each of its candidates (`done`, the candidates' plies), so
 * that the quick search's table and histories are what they were. */
static void
scan_game (ChessEngine        *engine,
           ChessEngine        *deep,
           const ChessPgnGame *game,
           const char         *source,
           guint64             scan_nodes,
           guint64             nodes,
           GHashTable         *seen,
           size_t              from,
           GArray             *done)
{
  size_t skip_until = 0;

  ChessBoard board = game->line.start;
  ChessUndo undo;
  int before = 0;

  chess_engine_clear (engine);
  for (size_t ply = 0; ply < game->line.n_moves; ply++)
    {
      ChessMoveList legal;
      Lines lines = { 0 };
      int now;

      if (ply < FIRST_PLY || ply < from)
        {
          if (ply >= FIRST_PLY && ply >= skip_until)
            {
              quick_score (engine, game, ply, scan_nodes);
              for (guint i = 0; done != NULL && i < done->len; i++)
                if (g_array_index (done, size_t, i) == ply)
                  skip_until = ply + SKIP_AFTER + 1;
            }
          chess_board_make (&board, game->line.moves[ply], &undo);
          continue;
        }
      now = quick_score (engine, game, ply, scan_nodes);
      /* After a move that threw something away, the long search at once;
       * else only where a shorter one sees a single winning move. */
      if (now >= WINNING_MIN
          && chess_board_generate_legal (&board, &legal) >= 2
          && !g_hash_table_contains (seen, &board.key)
          && (before + now >= DROP_MIN
              || (two_lines (deep, game, ply, nodes / 3, &lines) && is_candidate (&lines)
                  && !is_recapture (game->line.moves[ply - 1], lines.move[1]))))
        {
          two_lines (deep, game, ply, nodes, &lines);
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
              now = 0;
            }
        }
      before = now;
      chess_board_make (&board, game->line.moves[ply], &undo);
    }
}

int
main (int argc, char **argv)
{
  int nodes = 30000, scan_nodes = 1500;
  g_autofree char *shard = NULL;
  g_autofree char *resume = NULL;
  g_autofree char *resume_file = NULL;
  guint resume_game = 0;
  size_t resume_ply = 0;
  g_autoptr (GArray) resume_done = g_array_new (FALSE, FALSE, sizeof (size_t));
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "scan-nodes", 0, 0, G_OPTION_ARG_INT, &scan_nodes, "Nodes of the quick search (default 1500)", "N" },
    { "nodes", 0, 0, G_OPTION_ARG_INT, &nodes, "Nodes of the two-line search (default 30000)", "N" },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard, "Only games K, K+N, … (default 0/1)", "K/N" },
    { "resume", 0, 0, G_OPTION_ARG_FILENAME, &resume, "Go on after a stopped run's output", "PARTIAL" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, "PGN-FILE…" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("PGN-FILE…");
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint shard_k = 0, shard_n = 1;
  ChessEngine *engine, *deep;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || files == NULL || nodes < 100 || scan_nodes < 100
      || (shard != NULL && (sscanf (shard, "%u/%u", &shard_k, &shard_n) != 2 || shard_n == 0
                            || shard_k >= shard_n)))
    {
      fprintf (stderr, "%s\n", error ? error->message : "find-candidates [--scan-nodes N] [--nodes N] [--shard K/N] [--resume PARTIAL] PGN-FILE…");
      return 2;
    }
  chess_init ();
  if (resume != NULL)
    {
      g_autofree char *done = NULL;
      g_auto (GStrv) lines = NULL;

      if (!g_file_get_contents (resume, &done, NULL, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      lines = g_strsplit (done, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        {
          g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
          char name[256];
          guint number;
          size_t ply;
          ChessBoard board;

          if (g_strv_length (fields) != 3)
            continue;
          if (!chess_board_from_fen (&board, fields[0], NULL)
              || sscanf (fields[2], "%255s game %u ply %zu", name, &number, &ply) != 3)
            {
              fprintf (stderr, "%s: not a candidate: %s\n", resume, lines[i]);
              return 1;
            }
          g_hash_table_add (seen, g_memdup2 (&board.key, sizeof board.key));
          if (resume_file == NULL || strcmp (resume_file, name) != 0 || resume_game != number)
            g_array_set_size (resume_done, 0);
          g_free (resume_file);
          resume_file = g_strdup (name);
          resume_game = number;
          resume_ply = ply + SKIP_AFTER + 1;
          g_array_append_val (resume_done, ply);
        }
    }
  engine = chess_engine_new (16);
  deep = chess_engine_new (16);
  chess_engine_set_multipv (deep, 2);
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
      /* Resuming: the files before the last candidate's are done. */
      if (resume_file != NULL && strcmp (base, resume_file) != 0)
        continue;
      index = chess_pgn_index (data, length);
      for (guint i = shard_k; i < index->len; i += shard_n)
        {
          ChessPgnIndexEntry *entry = g_ptr_array_index (index, i);
          g_autoptr (ChessPgnGame) game = NULL;
          g_autofree char *source = NULL;
          size_t from = 0;

          if (resume_file != NULL && entry->number < resume_game)
            continue;
          if (resume_file != NULL && entry->number == resume_game)
            from = resume_ply;
          game = chess_pgn_parse_entry (data, length, entry, NULL, NULL);
          if (game == NULL)
            continue;
          source = g_strdup_printf ("%s game %u", base, entry->number);
          scan_game (engine, deep, game, source, (guint64) scan_nodes, (guint64) nodes, seen, from,
                     from > 0 ? resume_done : NULL);
        }
      g_clear_pointer (&resume_file, g_free);
    }
  chess_engine_free (engine);
  chess_engine_free (deep);
  return 0;
}
