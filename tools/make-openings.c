/* make-openings.c — makes the balanced opening set for engine matches
 * (bench/data/openings) from real games: the position after the first
 * PLIES moves of each game, each distinct position once, taken in a fixed
 * pseudo-random order, kept when a reference UCI engine searching to a
 * fixed depth scores it within ±MAX centipawns.
 *
 *   make-openings [--plies 8] [--count 200] [--max-score 50] [--depth 14]
 *                 [--seed 1] --engine "stockfish" OUTPUT PGN-FILE…
 *
 * Output: one opening a line, its moves from the start position in UCI
 * notation, then "# score, file, game number". */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-external-client.h"
#include "chess-notation.h"
#include "chess-pgn.h"

typedef struct
{
  ChessLine line;
  char     *source;
} Candidate;

static void
candidate_free (gpointer data)
{
  Candidate *c = data;

  chess_line_clear (&c->line);
  g_free (c->source);
  g_free (c);
}

static gboolean
collect (const char *path, guint plies, GHashTable *seen, GPtrArray *candidates, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;
  g_autoptr (GPtrArray) index = NULL;
  g_autofree char *base = g_path_get_basename (path);
  ChessBoard start;

  if (!g_file_get_contents (path, &data, &length, error))
    return FALSE;
  chess_board_set_start (&start);
  index = chess_pgn_index (data, length);
  for (guint i = 0; i < index->len; i++)
    {
      ChessPgnIndexEntry *entry = g_ptr_array_index (index, i);
      g_autoptr (ChessPgnGame) game = chess_pgn_parse_entry (data, length, entry, NULL, NULL);
      Candidate *c;

      if (game == NULL || game->line.start.key != start.key || game->line.n_moves < plies + 2)
        continue;
      c = g_new0 (Candidate, 1);
      chess_line_init (&c->line, &start);
      for (guint p = 0; p < plies; p++)
        chess_line_push (&c->line, game->line.moves[p]);
      if (g_hash_table_contains (seen, &c->line.current.key))
        {
          candidate_free (c);
          continue;
        }
      g_hash_table_add (seen, g_memdup2 (&c->line.current.key, sizeof (guint64)));
      c->source = g_strdup_printf ("%s game %u", base, entry->number);
      g_ptr_array_add (candidates, c);
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  int plies = 8, count = 200, max_score = 50, depth = 14, seed = 1;
  g_autofree char *engine = NULL;
  g_auto (GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "plies", 0, 0, G_OPTION_ARG_INT, &plies, "Plies from the start (default 8)", "N" },
    { "count", 0, 0, G_OPTION_ARG_INT, &count, "Openings to make (default 200)", "N" },
    { "max-score", 0, 0, G_OPTION_ARG_INT, &max_score, "Largest |score| kept, centipawns (default 50)", "CP" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, "Search depth of the reference engine (default 14)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "Order of the positions (default 1)", "N" },
    { "engine", 0, 0, G_OPTION_ARG_STRING, &engine, "The reference UCI engine's command", "CMD" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, "OUTPUT PGN-FILE…" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("OUTPUT PGN-FILE…");
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (candidate_free);
  g_autoptr (ChessExternalClient) client = NULL;
  g_auto (GStrv) engine_argv = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GRand) rand = NULL;
  g_autofree char *engine_name = NULL;
  int kept = 0;
  guint tried = 0;
  gint64 started = g_get_monotonic_time ();

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error)
      || engine == NULL || files == NULL || g_strv_length (files) < 2
      || plies < 1 || count < 1 || depth < 1)
    {
      fprintf (stderr, "%s\n", error ? error->message : "make-openings --engine CMD OUTPUT PGN-FILE…");
      return 2;
    }
  chess_init ();
  for (guint i = 1; files[i]; i++)
    if (!collect (files[i], (guint) plies, seen, candidates, &error))
      {
        fprintf (stderr, "%s\n", error->message);
        return 1;
      }

  /* A fixed shuffle, so that the set mixes all files and can be remade. */
  rand = g_rand_new_with_seed ((guint32) seed);
  for (guint i = candidates->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      gpointer tmp = candidates->pdata[i - 1];

      candidates->pdata[i - 1] = candidates->pdata[j];
      candidates->pdata[j] = tmp;
    }

  if (!g_shell_parse_argv (engine, NULL, &engine_argv, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  client = chess_external_client_new ((const char *const *) engine_argv, CHESS_EXTERNAL_PROTOCOL_UCI);
  if (!chess_external_client_start_sync (client, NULL, &error)
      || !chess_external_client_new_game (client, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  engine_name = g_strdup (chess_external_client_get_name (client));

  for (guint i = 0; i < candidates->len && kept < count; i++)
    {
      Candidate *c = g_ptr_array_index (candidates, i);
      ChessPlayerLimits limits;
      g_autoptr (ChessPlayerReply) reply = NULL;
      const ChessPlayerInfo *info;
      int white_score;
      ChessBoard board;

      chess_player_limits_init (&limits);
      limits.depth = depth;
      limits.timeout_ms = 120000;
      reply = chess_external_client_go_sync (client, &c->line, &limits, NULL, &error);
      if (reply == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      tried++;
      info = reply->last_info;
      if (info == NULL || info->score.is_mate || !(info->has & CHESS_PLAYER_INFO_HAS_SCORE))
        continue;
      white_score = c->line.current.side == CHESS_COLOR_WHITE ? info->score.centipawns : -info->score.centipawns;
      if (ABS (white_score) > max_score)
        continue;

      board = c->line.start;
      for (size_t p = 0; p < c->line.n_moves; p++)
        {
          char text[CHESS_MOVE_TEXT_MAX];
          ChessUndo undo;

          g_string_append_printf (out, "%s%s", p ? " " : "",
                                  chess_move_format (&board, c->line.moves[p], CHESS_NOTATION_UCI, text));
          chess_board_make (&board, c->line.moves[p], &undo);
        }
      g_string_append_printf (out, " # %+d cp, %s\n", white_score, c->source);
      kept++;
    }
  chess_external_client_quit_sync (client);

  {
    g_autofree char *header = g_strdup_printf (
      "# Balanced openings for engine matches, made by tools/make-openings:\n"
      "# the position after %d plies of real games (%s), each distinct position once,\n"
      "# kept when %s at depth %d scores it within ±%d centipawns (White's view).\n"
      "# %d kept of %u scored, of %u distinct positions; seed %d; %.0f s.\n",
      plies, "tests/data/pgn", engine_name, depth, max_score, kept, tried, candidates->len,
      seed, (g_get_monotonic_time () - started) / 1e6);

    g_string_prepend (out, header);
  }
  if (!g_file_set_contents (files[0], out->str, (gssize) out->len, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  fprintf (stderr, "%d openings written to %s (%u positions scored).\n", kept, files[0], tried);
  return kept == count ? 0 : 1;
}
