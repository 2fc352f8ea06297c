/* chess-cli-bench.c — `thinkchess-cli bench [DEPTH]`: searches a fixed set of
 * positions to a fixed depth with a fresh engine each, and prints the total
 * node count and the speed. The count is the search's signature: a change
 * that should not alter the search must not alter it (tests/engine checks
 * it). The output is read by scripts: keep its format. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>

#include "chess-board.h"
#include "chess-cli.h"
#include "chess-engine.h"

#define DEFAULT_DEPTH 14

/* Openings, middlegames with tactics, endgames; from the perft suite and
 * from games in tests/data/pgn. */
static const char *const bench_fens[] = {
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  "r1bqkb1r/pp3ppp/2nppn2/8/3NP3/2N5/PPP1BPPP/R1BQK2R w KQkq - 0 7",
  "r2q1rk1/pp2bppp/2n1bn2/3p4/3N4/2N1B3/PPP1BPPP/R2Q1RK1 w - - 0 11",
  "2r3k1/pp3ppp/4p3/3n4/3P4/P4N2/1P3PPP/2R3K1 w - - 0 25",
  "8/5pk1/6p1/p7/P1r5/6P1/5PK1/1R6 b - - 0 40",
  "8/8/4k3/8/2pK4/8/1P6/8 w - - 0 60",
  "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
};

static void
info_cb (const ChessSearchInfo *info, void *user_data)
{
}

int
chess_cli_bench (int argc, char **argv)
{
  int depth = DEFAULT_DEPTH;
  uint64_t total = 0;
  int64_t start, elapsed;
  ChessEngine *engine;

  if (argc > 2)
    {
      fprintf (stderr, "%s\n", _("Usage: thinkchess-cli bench [DEPTH]"));
      return 2;
    }
  if (argc == 2)
    {
      guint64 v;
      if (!g_ascii_string_to_unsigned (argv[1], 10, 1, 64, &v, NULL))
        {
          fprintf (stderr, _("The depth must be a number from 1 to 64, not “%s”.\n"), argv[1]);
          return 2;
        }
      depth = (int) v;
    }

  engine = chess_engine_new (16);
  start = g_get_monotonic_time ();
  for (gsize i = 0; i < G_N_ELEMENTS (bench_fens); i++)
    {
      ChessBoard board;
      ChessSearchLimits limits;
      ChessSearchResult r;

      if (!chess_board_from_fen (&board, bench_fens[i], NULL))
        g_assert_not_reached ();
      chess_engine_clear (engine);
      chess_engine_set_position (engine, &board, NULL, 0);
      chess_search_limits_init (&limits);
      limits.depth = depth;
      r = chess_engine_search (engine, &limits, info_cb, NULL);
      total += r.nodes;
      printf ("Position %2d: %" PRIu64 " nodes\n", (int) i + 1, r.nodes);
    }
  elapsed = (g_get_monotonic_time () - start) / 1000;
  chess_engine_free (engine);
  printf ("Total nodes: %" PRIu64 "\n", total);
  printf ("Time (ms): %" PRId64 "\n", elapsed);
  printf ("Nodes per second: %" PRIu64 "\n", elapsed > 0 ? total * 1000 / (uint64_t) elapsed : total);
  return 0;
}
