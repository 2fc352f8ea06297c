/* datagen-game.h — one self-play game of thinkchess-datagen: the engine
 * plays both sides at a fixed number of nodes a move until the rules or
 * the adjudication end the game; the quiet positions it searched become
 * training records carrying the game's result. */
#pragma once

#include <glib.h>

#include "chess-engine.h"
#include "chess-line.h"

/* Plays on from `line` (the opening, whose positions are not kept) to the
 * end of the game, pushing the moves onto it. Appends a ChessNnueRecord to
 * `records` for every position kept, with the game's result, and returns
 * that result (CHESS_NNUE_BLACK_WON, _DRAW or _WHITE_WON). */
int chess_datagen_play_game (ChessEngine *engine,
                             uint64_t     nodes,
                             ChessLine   *line,
                             GArray      *records);
