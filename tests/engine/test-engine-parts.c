/* test-engine-parts.c — the engine's parts on their own: the evaluation is
 * symmetric (a position and its colour-mirrored twin score the same for the
 * side to move), static exchange evaluation gets the exchanges a player
 * counts by hand, and the transposition table keeps, finds and replaces
 * entries as the search relies on, moves mate scores by the ply, and a key
 * collision cannot make the search play an illegal move. */
#include "config.h"

#include <string.h>

#include "chess-board.h"
#include "chess-engine.h"
#include "chess-engine-private.h"
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

/* Hand-picked positions of every kind: castling rights on one side or
 * both, en passant possible (and its mirror), promotions pending, bare
 * endings, checks, and the middlegame. */
static void
test_eval_symmetry_varied (void)
{
  static const char *fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b Kq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1",
    "r3k3/8/8/8/8/8/8/4K2R b K - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    "2r3k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/P7/8/8/8/8/7p/K6k w - - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1",
    "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
    "8/8/4k3/8/8/3KB3/8/8 b - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2q w - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "r1bq1rk1/ppp2ppp/2n2n2/3pp3/1bPP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 6",
    "1k6/5ppp/8/3p4/8/5P2/P4KPP/8 w - - 0 32",
    "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4",
  };
  int with_castling = 0, with_ep = 0;

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      ChessBoard b = board_from (fens[i]);

      assert_symmetric (&b);
      with_castling += b.castling != 0;
      with_ep += b.ep_square != CHESS_NO_SQUARE;
    }
  /* The set does hold what it is for. */
  g_assert_cmpint (with_castling, >=, 8);
  g_assert_cmpint (with_ep, >=, 3);
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

/* A mate is stored as its distance from the node that found it: found
 * at ply 5 as "mate at ply 8" (3 plies below), it reads "mate at ply 5"
 * when the same position comes up at ply 2. */
static void
test_tt_mate_scores (void)
{
  ChessTT tt = { 0 };
  uint64_t key = UINT64_C (0x5eed5eed12345678);
  const ChessTTEntry *e;

  g_assert_true (chess_tt_init (&tt, 1));

  chess_tt_store (&tt, key, CHESS_MOVE_NONE, chess_tt_score_to_tt (CHESS_SCORE_MATE - 8, 5), 0, 4, CHESS_BOUND_EXACT);
  e = chess_tt_probe (&tt, key);
  g_assert_nonnull (e);
  g_assert_cmpint (e->score, ==, CHESS_SCORE_MATE - 3);
  g_assert_cmpint (chess_tt_score_from_tt (e->score, 2), ==, CHESS_SCORE_MATE - 5);
  g_assert_cmpint (chess_tt_score_from_tt (e->score, 5), ==, CHESS_SCORE_MATE - 8);

  /* Being mated: the same, with the sign turned. */
  chess_tt_store (&tt, key, CHESS_MOVE_NONE, chess_tt_score_to_tt (-CHESS_SCORE_MATE + 7, 4), 0, 4, CHESS_BOUND_EXACT);
  e = chess_tt_probe (&tt, key);
  g_assert_cmpint (e->score, ==, -CHESS_SCORE_MATE + 3);
  g_assert_cmpint (chess_tt_score_from_tt (e->score, 10), ==, -CHESS_SCORE_MATE + 13);

  /* Other scores, the mate bound's neighbours included, are not moved. */
  for (int score = -CHESS_SCORE_MATE_BOUND + 1; score < CHESS_SCORE_MATE_BOUND; score += 997)
    {
      g_assert_cmpint (chess_tt_score_to_tt (score, 9), ==, score);
      g_assert_cmpint (chess_tt_score_from_tt (score, 9), ==, score);
    }
  g_assert_cmpint (chess_tt_score_to_tt (CHESS_SCORE_MATE_BOUND - 1, 9), ==, CHESS_SCORE_MATE_BOUND - 1);
  g_assert_cmpint (chess_tt_score_to_tt (CHESS_SCORE_MATE_BOUND, 9), ==, CHESS_SCORE_MATE_BOUND + 9);
  chess_tt_free (&tt);
}

/* Two positions whose keys share the upper half and the slot collide: the
 * table cannot tell them apart and gives the one the other's entry. The
 * search survives it because it only plays a table move that is legal. */
static void
test_tt_collision (void)
{
  ChessTT tt = { 0 };
  ChessBoard b;
  ChessMove e4, bogus = chess_move_make (12, 36, CHESS_MOVE_QUIET);   /* e2-e5 */
  uint64_t key = UINT64_C (0x0badcafe00000000), twin = key | 1;
  const ChessTTEntry *e;
  ChessEngine *engine;
  ChessSearchLimits limits;
  ChessSearchResult r;
  ChessMoveList legal;
  bool found = false;

  chess_board_set_start (&b);
  e4 = move_from (&b, "e4");
  g_assert_true (chess_tt_init (&tt, 1));
  chess_tt_store (&tt, key, e4, 77, 0, 6, CHESS_BOUND_EXACT);
  e = chess_tt_probe (&tt, twin);
  g_assert_nonnull (e);
  g_assert_cmpuint (e->move, ==, e4);
  g_assert_cmpint (e->score, ==, 77);
  chess_tt_free (&tt);

  /* The root's entry, as a colliding position left it: a move that is
   * not legal here. The search still answers with a legal move. */
  engine = chess_engine_new (1);
  chess_engine_set_position (engine, &b, NULL, 0);
  chess_tt_store (engine->tt, b.key, bogus, 0, 0, 40, CHESS_BOUND_EXACT);
  g_assert_cmpuint (chess_tt_probe (engine->tt, b.key)->move, ==, bogus);
  chess_search_limits_init (&limits);
  limits.depth = 4;
  r = chess_engine_search (engine, &limits, NULL, NULL);
  g_assert_cmpuint (r.best, !=, bogus);
  chess_board_generate_legal (&b, &legal);
  for (int i = 0; i < legal.count; i++)
    found |= legal.moves[i] == r.best;
  g_assert_true (found);
  chess_engine_free (engine);
}

static gpointer
stop_later (gpointer data)
{
  g_usleep (200 * 1000);
  chess_engine_stop (data);
  return NULL;
}

/* Lazy SMP: the helpers search beside the main search, into its table,
 * and the result counts their nodes with its own. */
static void
test_smp_helpers (void)
{
  ChessEngine *e = chess_engine_new (8);
  ChessBoard b = board_from ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
  ChessSearchLimits limits;
  ChessSearchResult r;
  GThread *stopper;

  g_assert_true (chess_engine_set_threads (e, 3));
  g_assert_cmpint (e->n_helpers, ==, 2);
  for (int i = 0; i < e->n_helpers; i++)
    {
      g_assert_true (chess_smp_helper (e, i)->tt == e->tt);
      g_assert_cmpint (chess_smp_helper (e, i)->helper_id, ==, i + 1);
    }
  chess_engine_set_position (e, &b, NULL, 0);
  chess_search_limits_init (&limits);
  limits.infinite = true;
  chess_engine_arm (e, false);
  stopper = g_thread_new ("stop", stop_later, e);
  r = chess_engine_search (e, &limits, NULL, NULL);
  g_thread_join (stopper);
  g_assert_cmpuint (chess_smp_nodes (e), >, 0);
  g_assert_cmpuint (r.nodes, >, e->nodes);
  g_assert_cmpuint (r.nodes, >=, e->nodes + chess_smp_nodes (e));
  chess_engine_free (e);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/engine-parts/mirror-fen", test_mirror_fen);
  g_test_add_func ("/engine-parts/eval-symmetry", test_eval_symmetry);
  g_test_add_func ("/engine-parts/eval-symmetry-varied", test_eval_symmetry_varied);
  g_test_add_func ("/engine-parts/search-symmetry", test_search_symmetry);
  g_test_add_func ("/engine-parts/see", test_see);
  g_test_add_func ("/engine-parts/tt", test_tt);
  g_test_add_func ("/engine-parts/tt-mate-scores", test_tt_mate_scores);
  g_test_add_func ("/engine-parts/tt-collision", test_tt_collision);
  g_test_add_func ("/engine-parts/smp-helpers", test_smp_helpers);
  return g_test_run ();
}
