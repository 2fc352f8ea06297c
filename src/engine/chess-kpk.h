/* chess-kpk.h — king and pawn against king, solved exactly: a table made
 * by retrograde analysis on first use (thread-safe). */
#pragma once

#include <stdbool.h>

#include "chess-types.h"

/* Whether the side with the pawn wins, with `side_to_move` to play. The
 * position must be legal (kings apart, the side not to move not in check). */
bool chess_kpk_wins (ChessColor strong,
                     ChessColor side_to_move,
                     int        strong_king,
                     int        weak_king,
                     int        pawn);
