/* test-endgame.c — the evaluation's endgame knowledge on positions made by
 * hand: won endings score clearly won, drawn ones near 0, king and pawn
 * against king exactly, the rule of the square; and a won pawn ending
 * from a real game (Kasparov–Galle, 1976) is seen through a search; a
 * review's search scores rook endings with level pawns nearer a draw. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-board.h"
#include "chess-endgame.h"
#include "chess-engine.h"
#include "chess-eval.h"
#include "engine-test-util.h"

/* The evaluation of a FEN, White's view; its colour-mirrored twin must
 * get the same for the side to move. */
static int
eval_white (const char *fen)
{
  g_autofree char *mirrored = mirror_fen (fen);
  ChessBoard b = board_from (fen), m = board_from (mirrored);
  int v = chess_eval (&b, NULL);

  if (chess_eval (&m, NULL) != v)
    g_error ("%s scores %d for the side to move, its mirror %s %d", fen, v, mirrored, chess_eval (&m, NULL));
  return b.side == CHESS_COLOR_WHITE ? v : -v;
}

static void
assert_won (const char *fen, int at_least)
{
  int v = eval_white (fen);

  if (v < at_least)
    g_error ("%s scores %d for White, expected at least %d", fen, v, at_least);
}

static void
assert_drawn (const char *fen)
{
  int v = eval_white (fen);

  if (abs (v) > 30)
    g_error ("%s scores %d, expected a draw (within 30)", fen, v);
}

static void
test_kpk (void)
{
  /* The king in front of its pawn on the sixth: won, whoever moves. */
  assert_won ("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", 600);
  assert_won ("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", 600);
  /* The same for Black's pawn, on the other wing. */
  g_assert_cmpint (eval_white ("8/8/8/8/2p5/2k5/8/2K5 b - - 0 1"), <, -600);
  /* The defending king in front, with the opposition: drawn. */
  assert_drawn ("8/8/4k3/8/4P3/4K3/8/8 w - - 0 1");
  assert_drawn ("8/8/4k3/8/4P3/4K3/8/8 b - - 0 1");
  /* Black to move is stalemated. */
  assert_drawn ("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1");
  /* A rook pawn with the defending king in the corner. */
  assert_drawn ("k7/8/8/P7/8/8/8/4K3 w - - 0 1");
  /* The pawn on the seventh, its promotion square guarded. */
  assert_won ("8/4PK2/8/8/8/8/k7/8 b - - 0 1", 600);
}

static void
test_square_rule (void)
{
  /* The h-pawn runs; the a-pawn is stopped by White's king. */
  int outside = eval_white ("8/8/8/k6P/8/p7/8/1K6 w - - 0 1");
  /* Black's king to move stands in the h-pawn's square. */
  int inside = eval_white ("8/8/8/4k2P/8/p7/8/1K6 b - - 0 1");

  g_assert_cmpint (outside, >, 500);
  g_assert_cmpint (inside, <, 300);
}

static void
test_won_material (void)
{
  assert_won ("8/8/8/4k3/8/8/Q7/1K6 w - - 0 1", 1200);
  assert_won ("8/8/8/4k3/8/8/8/RK6 w - - 0 1", 900);
  assert_won ("8/8/8/4k3/8/8/8/1BNK4 w - - 0 1", 900);
  assert_won ("8/8/8/4k3/8/8/8/BBK5 b - - 0 1", 900);
  /* Black's queen: the same, the other way. */
  g_assert_cmpint (eval_white ("8/8/8/4K3/8/8/8/qk6 w - - 0 1"), <, -1200);
  /* The bare king on the edge scores more for the mating side than in
   * the centre; with a dark-squared bishop and knight, in the dark
   * corner more than in the light one. */
  g_assert_cmpint (eval_white ("3k4/8/8/8/8/8/8/R3K3 w - - 0 1"), >,
                   eval_white ("8/8/8/3k4/8/8/8/R3K3 w - - 0 1"));
  g_assert_cmpint (eval_white ("7k/8/5K2/8/8/8/8/2B1N3 w - - 0 1"), >,
                   eval_white ("k7/8/2K5/8/8/8/8/2B1N3 w - - 0 1"));
}

static void
test_drawn_material (void)
{
  assert_drawn ("8/8/8/4k3/8/8/8/NNK5 w - - 0 1");
  assert_drawn ("8/8/8/4k3/8/8/8/1NK5 w - - 0 1");
  assert_drawn ("8/8/8/4k3/8/8/8/1BK5 w - - 0 1");
  /* A minor piece more, no pawns. */
  assert_drawn ("8/8/3bk3/8/8/8/8/BNK5 w - - 0 1");
  assert_drawn ("8/8/3nk3/8/8/8/8/1BK5 w - - 0 1");
  assert_drawn ("8/8/3bk3/8/8/8/8/R1K5 w - - 0 1");
  /* A knight cannot win against pawns. */
  assert_drawn ("8/pp6/8/4k3/8/8/8/1NK5 w - - 0 1");
  /* The rook pawn's corner is not the bishop's colour. */
  assert_drawn ("1k6/8/P7/8/8/8/3B4/4K3 w - - 0 1");
  assert_won ("1k6/8/P7/8/8/8/4B3/4K3 w - - 0 1", 300);
}

/* Opposite-coloured bishops halve a pawn's worth or more. */
static void
test_opposite_bishops (void)
{
  const char *fen = "4k3/5p2/3b4/8/8/3P4/2B2PP1/4K3 w - - 0 1";
  ChessBoard b = board_from (fen);
  int scaled = chess_eval (&b, NULL), sums = chess_eval_sums (&b, NULL);

  g_assert_cmpint (sums, >, 40);
  g_assert_cmpint (scaled, <=, sums / 2);
}

/* The score `score` of `fen` (its side to move's view) as a judging search
 * scales it, checked on its colour-mirrored twin too. */
static int
rook_ending_scaled (const char *fen, int score)
{
  g_autofree char *mirrored = mirror_fen (fen);
  ChessBoard b = board_from (fen), m = board_from (mirrored);
  int v = chess_endgame_scale_rook_ending (&b, score);

  g_assert_cmpint (chess_endgame_scale_rook_ending (&m, score), ==, v);
  return v;
}

/* A rook each, pawns on both sides: halved with level pawns, cut by 3/8
 * for the side ahead by one pawn, left alone from two pawns more or with
 * other pieces or one side without pawns. */
static void
test_rook_endings_scaled (void)
{
  const char *level = "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
  const char *one_up = "r5k1/5ppp/8/8/8/8/4PPPP/R5K1 w - - 0 1";

  g_assert_cmpint (rook_ending_scaled (level, 100), ==, 50);
  g_assert_cmpint (rook_ending_scaled (level, -100), ==, -50);
  g_assert_cmpint (rook_ending_scaled (one_up, 160), ==, 100);
  /* Ahead by the score with a pawn less: the level scale. */
  g_assert_cmpint (rook_ending_scaled (one_up, -160), ==, -80);
  g_assert_cmpint (rook_ending_scaled ("r5k1/6pp/8/8/8/8/4PPPP/R5K1 w - - 0 1", 300), ==, 300);
  g_assert_cmpint (rook_ending_scaled ("r5k1/5ppp/8/8/8/8/5PPP/RB4K1 w - - 0 1", 300), ==, 300);
  g_assert_cmpint (rook_ending_scaled ("r5k1/8/8/8/8/8/5PPP/R5K1 w - - 0 1", 300), ==, 300);
  g_assert_cmpint (rook_ending_scaled ("q5k1/5ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1", 100), ==, 100);
}

/* The engine's search of a rook ending with level pawns from a real game
 * (a drawn one for Stockfish at depth 16: +0.04), with and without
 * judging: the judging search's score is much nearer 0. */
static void
test_rook_ending_judged (void)
{
  ChessBoard b = board_from ("6k1/5p2/R5p1/4P1Pp/p4K1P/r4P2/8/8 w - - 1 51");
  ChessSearchLimits limits;
  int score[2];

  for (int judging = 0; judging < 2; judging++)
    {
      ChessEngine *e = chess_engine_new (16);

      chess_engine_set_judging (e, judging);
      chess_engine_set_position (e, &b, NULL, 0);
      chess_search_limits_init (&limits);
      limits.depth = 12;
      score[judging] = chess_engine_search (e, &limits, NULL, NULL).score;
      chess_engine_free (e);
    }
  g_test_message ("White to move at depth 12: %d playing, %d judging", score[0], score[1]);
  g_assert_cmpint (score[0], >, 80);
  g_assert_cmpint (abs (score[1]) * 3, <, score[0] * 2);
}

/* Kasparov–Galle, Wattignies 1976 (tests/data/pgn/Kasparov.pgn, game 2):
 * 28. Rd6+ gives the rook and the knight for a won pawn ending. */
static void
test_kasparov_galle (void)
{
  const char *moves =
    "e4 e6 d4 d5 Nd2 Nf6 e5 Ne4 Nxe4 dxe4 Be3 b6 Ne2 Bb7 Ng3 c5 "
    "dxc5 Qxd1+ Rxd1 Bxc5 Bxc5 bxc5 Bb5+ Ke7 O-O Bc6 Bxc6 Nxc6 "
    "Nxe4 Nxe5 Nxc5 Rac8 b4 Rhd8 f3 a5 c3 axb4 cxb4 Nc6 Rxd8 Rxd8 "
    "b5 Nb4 Rb1 Nd5 b6 Rb8 b7 Nc7 Rb6 Kd8 Kf2 Nd5 Rd6+";
  ChessSearchResult r = engine_test_search (CHESS_START_FEN, moves, 14, 16);

  /* Black to move: White's win is Black's loss. */
  g_test_message ("after 28. Rd6+: %d for Black at depth 14", r.score);
  g_assert_cmpint (r.score, <, -240);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();
  g_test_add_func ("/endgame/kpk", test_kpk);
  g_test_add_func ("/endgame/square-rule", test_square_rule);
  g_test_add_func ("/endgame/won-material", test_won_material);
  g_test_add_func ("/endgame/drawn-material", test_drawn_material);
  g_test_add_func ("/endgame/opposite-bishops", test_opposite_bishops);
  g_test_add_func ("/endgame/rook-endings-scaled", test_rook_endings_scaled);
  g_test_add_func ("/endgame/rook-ending-judged", test_rook_ending_judged);
  g_test_add_func ("/endgame/kasparov-galle", test_kasparov_galle);
  return g_test_run ();
}
