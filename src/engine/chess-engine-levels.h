/* chess-engine-levels.h — playing strengths for people, from a beginner to
 * the full engine.
 *
 * A weaker level plays the way a weaker player does: it looks fewer moves
 * ahead, misjudges positions (a per-game offset to the evaluation of each
 * position), likes natural moves (recaptures, development, castling, checks)
 * and now and then overlooks a capture by a far-away piece. It never throws
 * in a random move. */
#pragma once

#include <stdint.h>

typedef struct
{
  const char *name;          /* marked for translation: show it translated */
  int         elo;           /* estimated; measured by bench/levels.sh */
  int         max_depth;     /* 0: no limit */
  uint64_t    max_nodes;     /* per move, 0: no limit */
  int         eval_noise;    /* misjudgement, ± centipawns */
  int         natural_bonus; /* centipawns for the most natural moves */
  int         root_noise;    /* variety between equal moves, centipawns */
  int         blind_percent; /* chance to overlook a capture from afar */
  int         network;       /* 1: the engine's net evaluates; 0: the
                              * hand-written evaluation the level was
                              * measured with */
} ChessEngineLevel;

extern const ChessEngineLevel chess_engine_levels[];
extern const int chess_engine_n_levels;

/* The strongest level, the full engine. */
#define CHESS_ENGINE_LEVEL_MAX (chess_engine_n_levels - 1)

/* The level whose Elo is nearest `elo`. */
int chess_engine_level_for_elo   (int elo);
/* UCI's "Skill Level" 0..20 spread over the levels. */
int chess_engine_level_for_skill (int skill);
