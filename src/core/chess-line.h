/* chess-line.h — a sequence of moves from a start position, and the rules
 * that need the history: repetition, the fifty/seventy-five move rules,
 * mate, stalemate and dead positions. */
#pragma once

#include "chess-board.h"

G_BEGIN_DECLS

typedef enum
{
  CHESS_STATUS_ONGOING,
  CHESS_STATUS_CHECKMATE,            /* the side to move is mated            */
  CHESS_STATUS_STALEMATE,
  CHESS_STATUS_INSUFFICIENT_MATERIAL,/* neither side can ever mate          */
  CHESS_STATUS_FIVEFOLD_REPETITION,
  CHESS_STATUS_SEVENTY_FIVE_MOVES,
} ChessStatus;

typedef enum
{
  CHESS_CLAIM_NONE,
  CHESS_CLAIM_THREEFOLD_REPETITION,
  CHESS_CLAIM_FIFTY_MOVES,
} ChessClaim;

typedef struct
{
  ChessBoard  start;
  ChessBoard  current;
  ChessMove  *moves;     /* n_moves of them                              */
  ChessUndo  *undos;     /* undos[i] undoes moves[i]                     */
  uint64_t   *keys;      /* keys[i]: the key before moves[i];
                          * keys[n_moves] is current.key                 */
  size_t      n_moves;
  size_t      capacity;
} ChessLine;

void        chess_line_init        (ChessLine        *self,
                                    const ChessBoard *start);
void        chess_line_clear       (ChessLine        *self);   /* frees the arrays */
void        chess_line_copy        (ChessLine        *dest,
                                    const ChessLine  *src);    /* dest uninitialised */
/* `move` must be legal in self->current. */
void        chess_line_push        (ChessLine        *self,
                                    ChessMove         move);
/* Takes back the last move and returns it; CHESS_MOVE_NONE when empty. */
ChessMove   chess_line_pop         (ChessLine        *self);
/* The position before move `ply` (0 = start, n_moves = current). */
void        chess_line_board_at    (const ChessLine  *self,
                                    size_t            ply,
                                    ChessBoard       *board);

/* How often the current position has occurred, this time included. */
int         chess_line_repetitions (const ChessLine  *self);
/* What has ended the game by itself (checkmate first, then stalemate,
 * dead position, fivefold, seventy-five moves), or CHESS_STATUS_ONGOING. */
ChessStatus chess_line_status      (const ChessLine  *self);
/* A draw the side to move may claim now. */
ChessClaim  chess_line_claimable   (const ChessLine  *self);
/* A draw the side to move may claim by announcing `move` (legal) first:
 * the position after it repeats for the third time, or it completes fifty
 * moves. */
ChessClaim  chess_line_claimable_with (const ChessLine *self,
                                       ChessMove        move);

/* FALSE when `color` cannot checkmate by any series of legal moves
 * (lone king; king and knight or bishops against nothing that could block;
 * same-coloured bishops only against same-coloured bishops only). Used for
 * dead positions and for flag fall. */
bool        chess_board_can_mate   (const ChessBoard *board,
                                    ChessColor        color);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ChessLine, chess_line_clear)

G_END_DECLS
