/* test-match-stats.c — the Elo, error and SPRT maths of `match` on cases
 * worked out by hand (and checked against cutechess's formulas). */
#include "config.h"

#include <math.h>

#include "chess-match-stats.h"

static void
test_elo (void)
{
  ChessMatchScore even = { 30, 40, 30 }, strong = { 60, 20, 20 }, none = { 0, 0, 0 };
  ChessMatchScore all_won = { 10, 0, 0 }, weak = { 20, 20, 60 };
  double elo, error;

  g_assert_cmpuint (chess_match_score_games (&strong), ==, 100);
  g_assert_cmpfloat_with_epsilon (chess_match_score_fraction (&strong), 0.7, 1e-12);

  g_assert_true (chess_match_elo (&even, &elo, &error));
  g_assert_cmpfloat_with_epsilon (elo, 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (error, 53.158, 0.01);

  /* 70%: 400·log10(0.7/0.3) = 147.19; per-game variance 0.16. */
  g_assert_true (chess_match_elo (&strong, &elo, &error));
  g_assert_cmpfloat_with_epsilon (elo, 147.19, 0.01);
  g_assert_cmpfloat_with_epsilon (error, 66.013, 0.01);

  /* The mirror image. */
  g_assert_true (chess_match_elo (&weak, &elo, &error));
  g_assert_cmpfloat_with_epsilon (elo, -147.19, 0.01);
  g_assert_cmpfloat_with_epsilon (error, 66.013, 0.01);

  g_assert_false (chess_match_elo (&none, &elo, &error));
  g_assert_false (chess_match_elo (&all_won, &elo, &error));
  g_assert_true (isinf (elo) && elo > 0);

  g_assert_cmpfloat_with_epsilon (chess_match_elo_from_fraction (0.9), 381.70, 0.01);
  g_assert_cmpfloat_with_epsilon (chess_match_elo_from_fraction (0.75), 190.85, 0.01);
}

static void
test_sprt (void)
{
  ChessMatchScore score = { 120, 200, 80 }, nothing = { 0, 0, 0 }, draws = { 0, 50, 0 };
  ChessMatchScore lost = { 0, 0, 10 };
  double lower, upper;

  chess_match_sprt_bounds (0.05, 0.05, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -2.9444, 1e-3);
  g_assert_cmpfloat_with_epsilon (upper, 2.9444, 1e-3);
  /* 55% after 400 games, H0 0 Elo against H1 10 Elo. */
  g_assert_cmpfloat_with_epsilon (chess_match_sprt_llr (&score, 0, 10), 2.011, 1e-3);
  /* Swapping the hypotheses changes the sign. */
  g_assert_cmpfloat_with_epsilon (chess_match_sprt_llr (&score, 10, 0), -2.011, 1e-3);
  g_assert_cmpfloat (chess_match_sprt_llr (&nothing, 0, 10), ==, 0.0);
  /* No variance yet: the floor 1/(4n) keeps the ratio finite. 50 draws
   * speak for 0 Elo against +10; ten straight losses end the test. */
  g_assert_cmpfloat_with_epsilon (chess_match_sprt_llr (&draws, 0, 10), -1.035, 1e-3);
  g_assert_cmpfloat (chess_match_sprt_llr (&lost, -10, 10), <, lower);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match-stats/elo", test_elo);
  g_test_add_func ("/match-stats/sprt", test_sprt);
  return g_test_run ();
}
