/* test-engine-parts.c — the engine's parts on their own: the evaluation is
 * symmetric (a position and its colour-mirrored twin score the same for the
 * side to move), static exchange evaluation gets the exchanges a player
 * counts by hand, and the transposition table keeps, finds and replaces
 * entries as the search relies on. */
#include "config.h"

#include <string.h>

#include "chess-board.h"
#include "chess-engine.h"
#include "chess-eval.h"
#include "chess-movepick.h"
#include "chess-notation.h"
#include "chess-tt.h"
#include "core-test-util.h"
#include "engine-test-util.h"

static void
assert_symmetric (const ChessBoard *b)
{
  char fen[CHESS_FEN_MAX];
  g_autofree char *mirrored = mirror_fen (chess_board_to_fen (b, fen));
  ChessBoard m = board_from (mirrored);
  int v = chess_eval (b, NULL), mv = chess_eval (&m, NULL);

  if (v != mv)
    g_error ("%s scores %d for the side to move, its mirror %s scores %d", fen, v, mirrored, mv);
}

/* Every position of a few hundred random games, and the perft suite's. */
static void
test_eval_symmetry (void)
{
  g_autoptr (GPtrArray) fens = core_test_suite_fens ();
  GRand *rand = g_rand_new_with_seed (20261127);
  int positions = 0;

  for (guint i = 0; i < fens->len; i++)
    {
      ChessBoard b = board_from (g_ptr_array_index (fens, i));

      assert_symmetric (&b);
      positions++;
    }

  for (int game = 0; game < 200; game++)
    {
      ChessBoard b;

      chess_board_set_start (&b);
      for (int ply = 0; ply < 120; ply++)
        {
          ChessMoveList legal;
          ChessUndo u;

          assert_symmetric (&b);
          positions++;
          if (chess_board_generate_legal (&b, &legal) == 0)
            break;
          chess_board_make (&b, legal.moves[g_rand_int_range (rand, 0, legal.count)], &u);
        }
    }
  g_rand_free (rand);
  g_test_message ("%d positions and their mirrors score the same", positions);
  g_assert_cmpint (positions, >, 10000);
}

/* The search sees the same: a position and its mirror searched to the
 * same depth get the same score (the side to move's), so neither colour
 * nor the turn biases it. */
static void
test_search_symmetry (void)
{
  static const char *fens[] = {
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2k5/3p4/p2P1p2/P2P1P2/8/8/3K4 w - - 0 1",
    "1k6/5ppp/8/3p4/8/5P2/P4KPP/8 w - - 0 32",
  };

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    for (int depth = 1; depth <= 6; depth++)
      {
        g_autofree char *mirrored = mirror_fen (fens[i]);
        ChessBoard b = board_from (fens[i]), m = board_from (mirrored);
        ChessEngine *e = chess_engine_new (8), *em = chess_engine_new (8);
        ChessSearchLimits limits;
        ChessSearchResult r, rm;

        chess_engine_set_position (e, &b, NULL, 0);
        chess_engine_set_position (em, &m, NULL, 0);
        chess_search_limits_init (&limits);
        limits.depth = depth;
        r = chess_engine_search (e, &limits, NULL, NULL);
        rm = chess_engine_search (em, &limits, NULL, NULL);
        if (r.score != rm.score)
          g_error ("%s scores %d at depth %d, its mirror %s %d", fens[i], r.score, depth, mirrored, rm.score);
        chess_engine_free (e);
        chess_engine_free (em);
      }
}

/* The mirror itself: twice is the identity, and it does turn the board. */
static void
test_mirror_fen (void)
{
  const char *fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K1R1 w Qk - 3 12";
  g_autofree char *once = mirror_fen (fen);
  g_autofree char *twice = mirror_fen (once);

  g_assert_cmpstr (once, ==, "r3k1r1/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b Kq - 3 12");
  g_assert_cmpstr (twice, ==, fen);
}

typedef struct
{
  const char *fen;
  const char *move;
  int         gain;    /* what the exchange wins, in the engine's SEE values */
} SeeCase;

/* SEE answers "does this move win at least `threshold`?": each case is
 * asked at its exact gain (yes) and one above (no). */
static void
test_see (void)
{
  /* Values as chess_see_ge counts them: P 100, N 320, B 330, R 500, Q 950. */
  static const SeeCase cases[] = {
    /* A pawn takes an undefended knight. */
    { "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "exd5", 320 },
    /* A queen takes a pawn defended by a pawn: the queen for a pawn. */
    { "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "Qxd5", 100 - 950 },
    /* A rook takes a pawn defended by a rook: the rook for a pawn. */
    { "3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "Rxd5", 100 - 500 },
    /* Doubled rooks take a pawn defended by one rook: a pawn up. */
    { "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "Rxd5", 100 },
    /* A pawn takes a bishop defended by a knight: a bishop for a pawn. */
    { "4k3/8/8/3p4/4B3/2N5/8/4K3 b - - 0 1", "dxe4", 330 - 100 },
    /* A quiet move onto a square a pawn attacks loses the knight. */
    { "4k3/8/8/2p5/8/8/2N5/4K3 w - - 0 1", "Nb4", -320 },
    /* A quiet move nothing attacks: even. */
    { "4k3/8/8/2p5/8/8/2N5/4K3 w - - 0 1", "Na3", 0 },
    /* En passant wins a pawn. */
    { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", 100 },
    /* A queen takes a rook defended by a rook: the queen for a rook. */
    { "3rk3/8/8/8/8/8/8/3r1Q1K w - - 0 1", "Qxd1", 500 - 950 },
    /* A rook takes a queen defended by a pawn: still a queen for a rook. */
    { "4k3/8/2p5/3q4/8/8/8/3RK3 w - - 0 1", "Rxd5", 950 - 500 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      ChessBoard b = board_from (cases[i].fen);
      ChessMove m = move_from (&b, cases[i].move);
      int gain = cases[i].gain;

      if (!chess_see_ge (&b, m, gain) || chess_see_ge (&b, m, gain + 1))
        g_error ("SEE of %s in %s: expected exactly %d", cases[i].move, cases[i].fen, gain);
    }
}

static void
test_tt (void)
{
  ChessTT tt = { 0 };   /* chess_tt_init frees what it held */
  const ChessTTEntry *e;
  uint64_t key = UINT64_C (0x0123456789abcdef);
  ChessBoard b;
  ChessMove m;

  chess_board_set_start (&b);
  m = move_from (&b, "e4");
  g_assert_true (chess_tt_init (&tt, 1));
  g_assert_null (chess_tt_probe (&tt, key));

  /* Stored, then found with what was stored, mate scores included. */
  chess_tt_store (&tt, key, m, -123, 45, 7, CHESS_BOUND_LOWER);
  e = chess_tt_probe (&tt, key);
  g_assert_nonnull (e);
  g_assert_cmpuint (e->move, ==, m);
  g_assert_cmpint (e->score, ==, -123);
  g_assert_cmpint (e->eval, ==, 45);
  g_assert_cmpint (e->depth, ==, 7);
  g_assert_cmpint (e->age_bound & 3, ==, CHESS_BOUND_LOWER);
  chess_tt_store (&tt, key, m, CHESS_SCORE_MATE - 5, 0, 9, CHESS_BOUND_EXACT);
  e = chess_tt_probe (&tt, key);
  g_assert_cmpint (e->score, ==, CHESS_SCORE_MATE - 5);

  /* A key in the same slot with other upper bits is another position. */
  g_assert_null (chess_tt_probe (&tt, key ^ (UINT64_C (1) << 40)));

  /* A shallow non-exact result does not push out a deep one of this search. */
  chess_tt_store (&tt, key, CHESS_MOVE_NONE, 10, 0, 2, CHESS_BOUND_UPPER);
  e = chess_tt_probe (&tt, key);
  g_assert_cmpint (e->depth, ==, 9);
  g_assert_cmpuint (e->move, ==, m);

  /* A bucket fills up; a fifth position then replaces the least useful. */
  for (uint64_t i = 1; i <= CHESS_TT_BUCKET; i++)
    chess_tt_store (&tt, key ^ (i << 48), m, (int) i, 0, (int) (10 + i), CHESS_BOUND_EXACT);
  g_assert_cmpint (chess_tt_hashfull (&tt), >=, 0);
  {
    int found = 0;
    for (uint64_t i = 1; i <= CHESS_TT_BUCKET; i++)
      if (chess_tt_probe (&tt, key ^ (i << 48)))
        found++;
    g_assert_cmpint (found, ==, CHESS_TT_BUCKET);
    g_assert_null (chess_tt_probe (&tt, key));   /* the shallowest (9) went */
  }

  /* Entries of older searches are found, but count as replaceable. */
  chess_tt_new_search (&tt);
  g_assert_nonnull (chess_tt_probe (&tt, key ^ (UINT64_C (1) << 48)));
  chess_tt_store (&tt, key, m, 0, 0, 1, CHESS_BOUND_EXACT);
  g_assert_nonnull (chess_tt_probe (&tt, key));

  chess_tt_clear (&tt);
  g_assert_null (chess_tt_probe (&tt, key));
  chess_tt_free (&tt);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/engine-parts/mirror-fen", test_mirror_fen);
  g_test_add_func ("/engine-parts/eval-symmetry", test_eval_symmetry);
  g_test_add_func ("/engine-parts/search-symmetry", test_search_symmetry);
  g_test_add_func ("/engine-parts/see", test_see);
  g_test_add_func ("/engine-parts/tt", test_tt);
  return g_test_run ();
}
