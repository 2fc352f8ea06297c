/* chess-match-stats.h — what a match result says: score, Elo difference
 * with its 95% error, and the sequential probability ratio test. Plain C
 * maths, no I/O. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint wins, draws, losses;       /* from the first engine's side */
} ChessMatchScore;

guint    chess_match_score_games    (const ChessMatchScore *score);
/* (wins + draws / 2) / games, 0 … 1; 0.5 when no games. */
double   chess_match_score_fraction (const ChessMatchScore *score);

/* The Elo difference a score fraction means: 400 log10 (s / (1 - s)). */
double   chess_match_elo_from_fraction (double fraction);

/* The Elo difference and the half-width of its 95% confidence interval,
 * from the games' variance (normal approximation, as cutechess and
 * fishtest compute it). FALSE when there are no games, or a score of 0% or
 * 100% makes them infinite (elo is then ±INFINITY and error INFINITY). */
gboolean chess_match_elo            (const ChessMatchScore *score,
                                     double                *elo,
                                     double                *error95);

/* Log-likelihood ratio of H1 (difference elo1) against H0 (elo0), with
 * the generalised SPRT's normal approximation (0 without games). */
double   chess_match_sprt_llr       (const ChessMatchScore *score,
                                     double                 elo0,
                                     double                 elo1);
/* Stop-and-accept-H0 below `lower`, H1 above `upper`. */
void     chess_match_sprt_bounds    (double                 alpha,
                                     double                 beta,
                                     double                *lower,
                                     double                *upper);

G_END_DECLS
