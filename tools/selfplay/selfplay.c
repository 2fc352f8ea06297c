/* selfplay.c — quick in-process matches between two settings of the
 * built-in engine, for deciding whether a search feature or a set of
 * weights helps: fixed nodes per move, openings from real games (each
 * played with both colours), the rules core as referee. Prints games,
 * wins-draws-losses of A, score and Elo difference with its 95% error.
 *
 *   thinkchess-selfplay [--games N] [--nodes N] [--a-features HEX]
 *                       [--b-features HEX] [--b-handset]
 *                       [--a-net FILE|none] [--b-net FILE|none] FILE.pgn
 *
 * Features are ChessEngineFeatures bits (default: all); --b-handset gives B
 * the hand-set weights of tools/tuner/handset-weights.py. Both evaluate with
 * the built-in net unless --a-net or --b-net gives another (tools/nnue) or
 * none, the hand-written evaluation. */
#include "config.h"

#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-engine.h"
#include "chess-eval.h"
#include "chess-line.h"
#include "chess-nnue.h"
#include "chess-pgn.h"

#define OPENING_PLIES 12
#define MAX_PLIES 400

extern const ChessEvalWeight chess_eval_weights_handset[CHESS_EVAL_N_PARAMS];

/* Openings: the position after OPENING_PLIES of every n-th game. */
static GArray *
read_openings (const char *path, int wanted)
{
  g_autofree char *data = NULL;
  gsize length;
  GPtrArray *index;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (ChessBoard));
  guint step;

  if (!g_file_get_contents (path, &data, &length, NULL))
    {
      fprintf (stderr, "cannot read %s\n", path);
      exit (1);
    }
  index = chess_pgn_index (data, length);
  step = index->len / (guint) wanted > 0 ? index->len / (guint) wanted : 1;
  for (guint g = 0; g < index->len && (int) out->len < wanted; g += step)
    {
      ChessPgnGame *game = chess_pgn_parse_entry (data, length, g_ptr_array_index (index, g), NULL, NULL);
      if (game && game->line.n_moves > OPENING_PLIES + 20)
        {
          ChessBoard b;
          chess_line_board_at (&game->line, OPENING_PLIES, &b);
          g_array_append_val (out, b);
        }
      if (game)
        chess_pgn_game_free (game);
    }
  g_ptr_array_unref (index);
  return out;
}

/* Plays one game; returns White's score ×2 (2 win, 1 draw, 0 loss). */
static int
play_game (ChessEngine *white, ChessEngine *black, const ChessBoard *start, uint64_t nodes)
{
  ChessLine line;
  int result = 1;

  chess_line_init (&line, start);
  chess_engine_clear (white);
  chess_engine_clear (black);
  for (int ply = 0; ply < MAX_PLIES; ply++)
    {
      ChessEngine *e = line.current.side == CHESS_COLOR_WHITE ? white : black;
      ChessSearchLimits limits;
      ChessSearchResult r;
      ChessStatus status = chess_line_status (&line);

      if (status == CHESS_STATUS_CHECKMATE)
        {
          result = line.current.side == CHESS_COLOR_WHITE ? 0 : 2;
          break;
        }
      if (status != CHESS_STATUS_ONGOING || chess_line_claimable (&line) != CHESS_CLAIM_NONE)
        break;
      chess_engine_set_position (e, &line.start, line.moves, line.n_moves);
      chess_search_limits_init (&limits);
      limits.nodes = nodes;
      r = chess_engine_search (e, &limits, NULL, NULL);
      if (!chess_board_is_legal (&line.current, r.best))
        {
          fprintf (stderr, "illegal move from the engine\n");
          exit (1);
        }
      chess_line_push (&line, r.best);
    }
  chess_line_clear (&line);
  return result;
}

/* The network in `path`, or NULL having said why. */
static ChessNnue *
load_net (const char *path)
{
  g_autofree char *why = NULL;
  ChessNnue *net = chess_nnue_load_file (path, &why);

  if (!net)
    fprintf (stderr, "%s\n", why);
  return net;
}

int
main (int argc, char **argv)
{
  int games = 100;
  uint64_t nodes = 10000;
  unsigned fa = CHESS_ENGINE_ALL_FEATURES, fb = CHESS_ENGINE_ALL_FEATURES;
  bool b_handset = false;
  const char *pgn = NULL, *net_file[2] = { NULL, NULL };
  ChessNnue *net[2] = { NULL, NULL };
  GArray *openings;
  ChessEngine *a, *b;
  int w = 0, d = 0, l = 0;
  double sum = 0, sum2 = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--games") == 0 && i + 1 < argc)
        games = atoi (argv[++i]);
      else if (strcmp (argv[i], "--nodes") == 0 && i + 1 < argc)
        nodes = strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--a-features") == 0 && i + 1 < argc)
        fa = (unsigned) strtoul (argv[++i], NULL, 16);
      else if (strcmp (argv[i], "--b-features") == 0 && i + 1 < argc)
        fb = (unsigned) strtoul (argv[++i], NULL, 16);
      else if (strcmp (argv[i], "--b-handset") == 0)
        b_handset = true;
      else if (strcmp (argv[i], "--a-net") == 0 && i + 1 < argc)
        net_file[0] = argv[++i];
      else if (strcmp (argv[i], "--b-net") == 0 && i + 1 < argc)
        net_file[1] = argv[++i];
      else
        pgn = argv[i];
    }
  if (!pgn)
    {
      fprintf (stderr, "Usage: %s [--games N] [--nodes N] [--a-features HEX] [--b-features HEX] [--b-handset] [--a-net FILE|none] [--b-net FILE|none] FILE.pgn\n", argv[0]);
      return 2;
    }
  /* "none": the hand-written evaluation; no option: the built-in net. */
  for (int k = 0; k < 2; k++)
    if (net_file[k] && strcmp (net_file[k], "none") != 0
        && !(net[k] = load_net (net_file[k])))
      return 2;
  chess_init ();
  openings = read_openings (pgn, (games + 1) / 2);
  a = chess_engine_new (16);
  b = chess_engine_new (16);
  chess_engine_set_features (a, fa);
  chess_engine_set_features (b, fb);
  if (b_handset)
    chess_engine_set_weights (b, chess_eval_weights_handset);
  if (net_file[0])
    chess_engine_set_net (a, net[0]);
  if (net_file[1])
    chess_engine_set_net (b, net[1]);

  for (int g = 0; g < games; g++)
    {
      const ChessBoard *start = &g_array_index (openings, ChessBoard, (guint) (g / 2) % openings->len);
      bool a_white = g % 2 == 0;
      int r = a_white ? play_game (a, b, start, nodes) : 2 - play_game (b, a, start, nodes);
      if (r == 2) w++; else if (r == 1) d++; else l++;
      sum += r / 2.0;
      sum2 += (r / 2.0) * (r / 2.0);
      if ((g + 1) % 20 == 0 || g + 1 == games)
        {
          int n = g + 1;
          double s = sum / n, var = sum2 / n - s * s, err = 1.96 * sqrt (var / n);
          double elo = s <= 0 || s >= 1 ? (s <= 0 ? -999 : 999) : -400 * log10 (1 / s - 1);
          double lo = s - err <= 0 ? -999 : -400 * log10 (1 / (s - err) - 1);
          double hi = s + err >= 1 ? 999 : -400 * log10 (1 / (s + err) - 1);
          printf ("games %d: A +%d =%d -%d, score %.1f%%, Elo %+.0f ± %.0f\n",
                  n, w, d, l, 100 * s, elo, (hi - lo) / 2);
          fflush (stdout);
        }
    }
  chess_engine_free (a);
  chess_engine_free (b);
  g_clear_pointer (&net[0], chess_nnue_free);
  g_clear_pointer (&net[1], chess_nnue_free);
  g_array_free (openings, TRUE);
  return 0;
}
