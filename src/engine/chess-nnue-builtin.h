/* chess-nnue-builtin.h — the evaluation network carried in the program
 * (data/nnue/thinkchess.nnue, made by tools/nnue/make-net.sh). */
#pragma once

#include "chess-nnue.h"

/* The built-in net, read from the program's own bytes on first use and
 * kept for the life of the process. NULL only if those bytes are not a net
 * (a broken build; the engine then evaluates by hand). Thread-safe. */
const ChessNnue *chess_nnue_builtin (void);
