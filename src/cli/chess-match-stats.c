/* chess-match-stats.c — Elo and SPRT maths for `thinkchess-cli match`. */
#include "config.h"

#include <math.h>

#include "chess-match-stats.h"

/* Two-sided 95% quantile of the normal distribution. */
#define Z_95 1.959963984540054

guint
chess_match_score_games (const ChessMatchScore *score)
{
  return score->wins + score->draws + score->losses;
}

double
chess_match_score_fraction (const ChessMatchScore *score)
{
  guint n = chess_match_score_games (score);

  return n ? (score->wins + 0.5 * score->draws) / n : 0.5;
}

double
chess_match_elo_from_fraction (double fraction)
{
  if (fraction <= 0.0)
    return -INFINITY;
  if (fraction >= 1.0)
    return INFINITY;
  return -400.0 * log10 (1.0 / fraction - 1.0);
}

/* Variance of one game's score (1, ½, 0) around the mean. */
static double
game_variance (const ChessMatchScore *score, double mean)
{
  guint n = chess_match_score_games (score);

  return (score->wins * (1.0 - mean) * (1.0 - mean)
          + score->draws * (0.5 - mean) * (0.5 - mean)
          + score->losses * mean * mean) / n;
}

gboolean
chess_match_elo (const ChessMatchScore *score,
                 double                *elo,
                 double                *error95)
{
  guint n = chess_match_score_games (score);
  double s, margin;

  *elo = 0.0;
  *error95 = INFINITY;
  if (n == 0)
    return FALSE;
  s = chess_match_score_fraction (score);
  *elo = chess_match_elo_from_fraction (s);
  if (!isfinite (*elo))
    return FALSE;
  margin = Z_95 * sqrt (game_variance (score, s) / n);
  if (s - margin <= 0.0 || s + margin >= 1.0)
    return TRUE;                 /* the interval reaches 0% or 100% */
  *error95 = (chess_match_elo_from_fraction (s + margin)
              - chess_match_elo_from_fraction (s - margin)) / 2.0;
  return TRUE;
}

double
chess_match_sprt_llr (const ChessMatchScore *score,
                      double                 elo0,
                      double                 elo1)
{
  guint n = chess_match_score_games (score);
  double s, variance, s0, s1;

  if (n == 0)
    return 0.0;
  s = chess_match_score_fraction (score);
  /* All games alike (say, all lost) have no variance yet; the smallest
   * variance n games can show keeps the ratio finite. */
  variance = MAX (game_variance (score, s), 0.25 / n);
  s0 = 1.0 / (1.0 + pow (10.0, -elo0 / 400.0));
  s1 = 1.0 / (1.0 + pow (10.0, -elo1 / 400.0));
  /* n/(2σ²) · ((s̄−s0)² − (s̄−s1)²) */
  return n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance);
}

void
chess_match_sprt_bounds (double  alpha,
                         double  beta,
                         double *lower,
                         double *upper)
{
  *lower = log (beta / (1.0 - alpha));
  *upper = log ((1.0 - beta) / alpha);
}
