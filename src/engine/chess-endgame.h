/* chess-endgame.h — endgame knowledge the evaluation's weighted sums lack:
 * king and pawn against king exactly (chess-kpk.h), a passer the enemy king
 * cannot catch (the rule of the square), won material driven to mate (the
 * bare king pushed to the edge, to the bishop's corner with bishop and
 * knight), and drawn material scaled toward 0 (a minor piece or less up
 * without pawns, rook pawns with the wrong bishop, bishops of opposite
 * colours); for a review's judging only, rook endings with pawns on both
 * sides and at most a pawn more scaled toward 0 as well. */
#pragma once

#include "chess-board.h"

/* The score of `b` from the side to move's view, given the evaluation's
 * sums `score` (the same view). */
int chess_endgame_adjust (const ChessBoard *b,
                          int               score);

/* `score` (the side to move's view) scaled toward 0 in a rook ending with
 * pawns on both sides where the side ahead has at most one pawn more: what
 * a deep search finds of such endings (most are held). For judging, not
 * for play (see chess_engine_set_judging). */
int chess_endgame_scale_rook_ending (const ChessBoard *b,
                                     int               score);
