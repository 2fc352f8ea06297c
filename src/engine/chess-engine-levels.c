/* chess-engine-levels.c — the table of playing strengths.
 *
 * Each level's Elo is measured, on Stockfish 15.1's calibrated UCI_Elo scale:
 * bench/levels.sh played 40–80 games a level at 5 s + 0.05 s (2026-11-25), and
 * bench/levels-pool.py pooled every match of a level (bench/data/level-matches)
 * into one figure, here rounded to 50 (each ± about 80–210). Change a level
 * and measure it again before changing its figure. The levels below Master
 * keep the hand-written evaluation they were measured with; Maximum, which
 * evaluates with the built-in network, was measured again with it
 * (2026-12-03, 40 games against Stockfish at 2500: 2456 ± 94).
 *
 * On 2026-12-03 the levels were spaced more evenly and the changed ones
 * measured again (40 games each): Intermediate misjudges more (1376 ± 107)
 * and Advanced searches a ply deeper (1635 ± 112); Expert took Candidate
 * master's old settings (1828 ± 83, as measured for them); Candidate master
 * is the hand-written evaluation at 150,000 nodes with some misjudgement
 * (2103 ± 107); Master is the network at 100,000 nodes (2233 ± 92). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "chess-engine-levels.h"

const ChessEngineLevel chess_engine_levels[] = {
  /* name                 elo   depth  nodes  noise natural variety blind% net */
  { N_("Beginner"),        700,   1,      0,   150,  120,    40,    35, 0 },
  { N_("Novice"),          850,   1,      0,   110,   90,    30,    25, 0 },
  { N_("Casual"),         1050,   2,      0,    80,   60,    25,    15, 0 },
  { N_("Club player"),    1200,   3,      0,    70,   35,    20,    10, 0 },
  { N_("Intermediate"),   1400,   4,      0,    60,   35,    15,     8, 0 },
  { N_("Advanced"),       1650,   6,      0,    25,   12,    10,     1, 0 },
  { N_("Expert"),         1800,   9,      0,    10,    5,     5,     0, 0 },
  { N_("Candidate master"), 2100, 0, 150000,    20,    0,     3,     0, 0 },
  { N_("Master"),         2250,   0, 100000,     0,    0,     3,     0, 1 },
  { N_("Maximum"),        2450,   0,      0,     0,    0,     0,     0, 1 },
};
const int chess_engine_n_levels = G_N_ELEMENTS (chess_engine_levels);

int
chess_engine_level_for_elo (int elo)
{
  int best = 0;

  for (int i = 1; i < chess_engine_n_levels; i++)
    if (abs (chess_engine_levels[i].elo - elo) < abs (chess_engine_levels[best].elo - elo))
      best = i;
  return best;
}

int
chess_engine_level_for_skill (int skill)
{
  if (skill < 0)
    skill = 0;
  if (skill > 20)
    skill = 20;
  return (skill * (chess_engine_n_levels - 1) + 10) / 20;
}
