/* chess-eval.h — the static evaluation: tapered middlegame/endgame terms
 * whose weights live in chess-eval-weights.c, written by tools/tuner.
 *
 * Every term is a count times a weight, so the evaluation is linear in the
 * weights: the tuner asks for the counts (a "trace") once per position and
 * fits the weights to game results. */
#pragma once

#include <stdint.h>

#include "chess-board.h"

/* One weight: its middlegame and endgame values, blended by the phase.
 * (Not a score: scores are ints, in chess-engine.h.) */
typedef struct
{
  int16_t mg;
  int16_t eg;
} ChessEvalWeight;

/* The parameters, one flat array, in sections: X (ID, name, count). This
 * list is the only place they are written down. The enum's offsets
 * (CHESS_EVAL_ID), chess_eval_sections (the tuner's output) and the
 * hand-set weights (tools/tuner/handset-weights.py reads this list) all
 * come from it, so a section added here reaches all three. */
#define CHESS_EVAL_SECTION_LIST(X) \
  X (MATERIAL, "material", 5)                                 /* P N B R Q */ \
  X (PST_PAWN, "pawn squares", 64)                            /* White's view */ \
  X (PST_KNIGHT, "knight squares", 64) \
  X (PST_BISHOP, "bishop squares", 64) \
  X (PST_ROOK, "rook squares", 64) \
  X (PST_QUEEN, "queen squares", 64) \
  X (PST_KING, "king squares", 64) \
  X (MOB_KNIGHT, "knight mobility", 9)                        /* by reachable squares */ \
  X (MOB_BISHOP, "bishop mobility", 14) \
  X (MOB_ROOK, "rook mobility", 15) \
  X (MOB_QUEEN, "queen mobility", 28) \
  X (PASSED, "passed pawn by rank", 8)                        /* by relative rank */ \
  X (PASSED_FREE, "passed pawn with a free stop square", 8) \
  X (PASSED_OWN_KING, "passed pawn: own king distance", 8)    /* × king distance */ \
  X (PASSED_THEIR_KING, "passed pawn: enemy king distance", 8) \
  X (CONNECTED, "connected pawn by rank", 8)                  /* by relative rank */ \
  X (ISOLATED, "isolated pawn", 1) \
  X (DOUBLED, "doubled pawn", 1) \
  X (BACKWARD, "backward pawn", 1) \
  X (SHIELD_NEAR, "king shield, near", 1)     /* own pawns one rank in front of the king */ \
  X (SHIELD_FAR, "king shield, far", 1)       /* two ranks in front */ \
  X (KING_SEMIOPEN, "half-open file at the king", 1) /* files at the king without an own pawn */ \
  X (KING_OPEN, "open file at the king", 1)   /* … without any pawn */ \
  X (KING_ATTACK, "king zone attacks by N B R Q", 4) /* squares attacked in the enemy king zone */ \
  X (KING_ATTACKERS, "king attackers by count", 8)   /* attackers 0..7 */ \
  X (BISHOP_PAIR, "bishop pair", 1) \
  X (ROOK_OPEN, "rook on open file", 1) \
  X (ROOK_SEMIOPEN, "rook on half-open file", 1) \
  X (ROOK_SEVENTH, "rook on the seventh", 1) \
  X (THREAT_BY_PAWN, "threat by pawn", 1)     /* enemy pieces attacked by our pawns */ \
  X (THREAT_BY_MINOR, "threat by minor on major", 1) /* enemy rooks and queens attacked by our minors */ \
  X (THREAT_BY_ROOK, "threat by rook on queen", 1)   /* enemy queens attacked by our rooks */ \
  X (HANGING, "hanging piece", 1)             /* enemy pieces we attack that nothing defends */ \
  X (PAWN_PUSH_THREAT, "pawn push threat", 1) /* safe pawn pushes that would attack a piece */ \
  X (TEMPO, "tempo", 1)

/* Each section's first index, and (…_LAST) its last: the next section
 * starts after it. */
#define CHESS_EVAL_SECTION_ENUM(id, name, count) \
  CHESS_EVAL_##id, CHESS_EVAL_##id##_LAST = CHESS_EVAL_##id + (count) - 1,
enum
{
  CHESS_EVAL_SECTION_LIST (CHESS_EVAL_SECTION_ENUM)
  CHESS_EVAL_N_PARAMS
};
#undef CHESS_EVAL_SECTION_ENUM

/* The piece-square tables as one block: [piece][square]. */
enum { CHESS_EVAL_PST = CHESS_EVAL_PST_PAWN };
_Static_assert (CHESS_EVAL_PST_KING == CHESS_EVAL_PST + 5 * 64, "the piece-square tables follow one another");

typedef struct
{
  const char *name;
  int         offset;
  int         count;
} ChessEvalSection;

/* The sections of CHESS_EVAL_SECTION_LIST, in order. */
extern const ChessEvalSection chess_eval_sections[];
extern const int chess_eval_n_sections;

/* The tuned weights (chess-eval-weights.c). */
extern const ChessEvalWeight chess_eval_weights[CHESS_EVAL_N_PARAMS];

/* The phase: 24 with all pieces on the board, 0 with pawns and kings only. */
#define CHESS_EVAL_PHASE_MAX 24

/* The counts of every term, White's minus Black's, for the tuner. */
typedef struct
{
  int16_t coef[CHESS_EVAL_N_PARAMS];
  int     phase;
} ChessEvalTrace;

/* The evaluation in centipawns from the side to move's view, with the
 * given weights (NULL: the tuned ones): the weighted sums, then the
 * endgame knowledge (chess-endgame.h). */
int  chess_eval               (const ChessBoard     *board,
                               const ChessEvalWeight *weights);
/* The weighted sums alone, linear in the weights. */
int  chess_eval_sums          (const ChessBoard     *board,
                               const ChessEvalWeight *weights);
/* Fills trace (zeroed first); returns the same as chess_eval_sums. */
int  chess_eval_trace         (const ChessBoard     *board,
                               const ChessEvalWeight *weights,
                               ChessEvalTrace       *trace);
/* Non-pawn material of `color` in phase units (N B 1, R 2, Q 4). */
int  chess_eval_phase_of      (const ChessBoard     *board,
                               ChessColor            color);
