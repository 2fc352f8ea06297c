/* chess-movepick.h — move ordering and static exchange evaluation. */
#pragma once

#include "chess-engine-private.h"

/* TRUE when the exchange `move` starts on its target square wins at least
 * `threshold` centipawns for the side to move. */
bool chess_see_ge (const ChessBoard *b, ChessMove move, int threshold);

typedef struct
{
  ChessMove moves[CHESS_MAX_MOVES];
  int       scores[CHESS_MAX_MOVES];
  int       count;
  int       next;
  int       flip;      /* 56 for Black: ties go by the mover's view of the squares */
} ChessMovePicker;

/* All legal moves, ordered: the table's move, good captures and queen
 * promotions, killers, the counter-move, quiet moves by history, bad
 * captures and under-promotions. `ply` indexes the search stack.
 * Returns the number of legal moves. */
int       chess_movepick_init    (ChessMovePicker *self,
                                  ChessEngine     *engine,
                                  int              ply,
                                  ChessMove        tt_move);
/* Captures and queen promotions only (all moves when in check), by
 * most-valuable-victim; `in_check` as the board says. `n_legal` gets the
 * number of legal moves. */
void      chess_movepick_init_qs (ChessMovePicker *self,
                                  ChessEngine     *engine,
                                  bool             in_check,
                                  int             *n_legal);
/* The next best move, or CHESS_MOVE_NONE. Moves of equal score come in
 * the order of their squares as the side to move sees them, so that a
 * position and its colour-mirrored twin are searched alike. */
ChessMove chess_movepick_next    (ChessMovePicker *self,
                                  int             *score);

/* A move's order among equals: its squares from the mover's side. */
static inline unsigned
chess_movepick_tie_key (ChessMove m, int flip)
{
  return ((unsigned) m & ~4095u) | (unsigned) ((chess_move_from (m) ^ flip) << 6)
         | (unsigned) (chess_move_to (m) ^ flip);
}

#define CHESS_MOVEPICK_GOOD_CAPTURE (1 << 28)
#define CHESS_MOVEPICK_KILLER       (1 << 27)
