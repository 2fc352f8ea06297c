#include "chess-board.h"
