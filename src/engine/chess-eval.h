/* chess-eval.h — the static evaluation: tapered middlegame/endgame terms
 * whose weights live in chess-eval-weights.c, written by tools/tuner.
 *
 * Every term is a count times a weight, so the evaluation is linear in the
 * weights: the tuner asks for the counts (a "trace") once per position and
 * fits the weights to game results. */
#pragma once

#include <stdint.h>

#include "chess-board.h"

typedef struct
{
  int16_t mg;
  int16_t eg;
} ChessEvalScore;

/* The parameters, one flat array; the sections are listed in
 * chess_eval_sections for the tuner's output. */
enum
{
  CHESS_EVAL_MATERIAL = 0,                               /* P N B R Q */
  CHESS_EVAL_PST = CHESS_EVAL_MATERIAL + 5,              /* [piece][square], White's view */
  CHESS_EVAL_MOB_KNIGHT = CHESS_EVAL_PST + 6 * 64,       /* by reachable squares */
  CHESS_EVAL_MOB_BISHOP = CHESS_EVAL_MOB_KNIGHT + 9,
  CHESS_EVAL_MOB_ROOK = CHESS_EVAL_MOB_BISHOP + 14,
  CHESS_EVAL_MOB_QUEEN = CHESS_EVAL_MOB_ROOK + 15,
  CHESS_EVAL_PASSED = CHESS_EVAL_MOB_QUEEN + 28,         /* by relative rank */
  CHESS_EVAL_PASSED_FREE = CHESS_EVAL_PASSED + 8,        /* stop square empty */
  CHESS_EVAL_PASSED_OWN_KING = CHESS_EVAL_PASSED_FREE + 8,   /* × king distance */
  CHESS_EVAL_PASSED_THEIR_KING = CHESS_EVAL_PASSED_OWN_KING + 8,
  CHESS_EVAL_CONNECTED = CHESS_EVAL_PASSED_THEIR_KING + 8,   /* by relative rank */
  CHESS_EVAL_ISOLATED = CHESS_EVAL_CONNECTED + 8,
  CHESS_EVAL_DOUBLED,
  CHESS_EVAL_BACKWARD,
  CHESS_EVAL_SHIELD_NEAR,        /* own pawns one rank in front of the king */
  CHESS_EVAL_SHIELD_FAR,         /* two ranks in front */
  CHESS_EVAL_KING_SEMIOPEN,      /* files at the king without an own pawn */
  CHESS_EVAL_KING_OPEN,          /* … without any pawn */
  CHESS_EVAL_KING_ATTACK,        /* [N B R Q] squares attacked in the enemy king zone */
  CHESS_EVAL_KING_ATTACKERS = CHESS_EVAL_KING_ATTACK + 4, /* [attackers 0..7] */
  CHESS_EVAL_BISHOP_PAIR = CHESS_EVAL_KING_ATTACKERS + 8,
  CHESS_EVAL_ROOK_OPEN,
  CHESS_EVAL_ROOK_SEMIOPEN,
  CHESS_EVAL_ROOK_SEVENTH,
  CHESS_EVAL_THREAT_BY_PAWN,     /* enemy pieces attacked by our pawns */
  CHESS_EVAL_THREAT_BY_MINOR,    /* enemy rooks and queens attacked by our minors */
  CHESS_EVAL_THREAT_BY_ROOK,     /* enemy queens attacked by our rooks */
  CHESS_EVAL_HANGING,            /* enemy pieces we attack that nothing defends */
  CHESS_EVAL_PAWN_PUSH_THREAT,   /* safe pawn pushes that would attack a piece */
  CHESS_EVAL_TEMPO,
  CHESS_EVAL_N_PARAMS
};

typedef struct
{
  const char *name;
  int         offset;
  int         count;
} ChessEvalSection;

extern const ChessEvalSection chess_eval_sections[];
extern const int chess_eval_n_sections;

/* The tuned weights (chess-eval-weights.c). */
extern const ChessEvalScore chess_eval_weights[CHESS_EVAL_N_PARAMS];

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
                               const ChessEvalScore *weights);
/* The weighted sums alone, linear in the weights. */
int  chess_eval_sums          (const ChessBoard     *board,
                               const ChessEvalScore *weights);
/* Fills trace (zeroed first); returns the same as chess_eval_sums. */
int  chess_eval_trace         (const ChessBoard     *board,
                               const ChessEvalScore *weights,
                               ChessEvalTrace       *trace);
/* Non-pawn material of `color` in phase units (N B 1, R 2, Q 4). */
int  chess_eval_phase_of      (const ChessBoard     *board,
                               ChessColor            color);
