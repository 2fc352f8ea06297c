/* chess-uci-parse.h — reading the lines a UCI GUI sends to our engine. */
#pragma once

#include <glib.h>

#include "chess-board.h"
#include "chess-engine.h"

G_BEGIN_DECLS

typedef enum
{
  CHESS_UCI_EMPTY,          /* a blank line */
  CHESS_UCI_UCI,
  CHESS_UCI_DEBUG,
  CHESS_UCI_ISREADY,
  CHESS_UCI_SETOPTION,
  CHESS_UCI_REGISTER,
  CHESS_UCI_UCINEWGAME,
  CHESS_UCI_POSITION,
  CHESS_UCI_GO,
  CHESS_UCI_STOP,
  CHESS_UCI_PONDERHIT,
  CHESS_UCI_QUIT,
} ChessUciCommandType;

typedef struct
{
  ChessUciCommandType type;
  char               *option_name;    /* setoption; owned */
  char               *option_value;   /* setoption; owned, NULL for buttons */
  ChessBoard          start;          /* position */
  ChessMove          *moves;          /* position; owned, n_moves of them */
  size_t              n_moves;
  ChessSearchLimits   limits;         /* go */
} ChessUciCommand;

#define CHESS_UCI_ERROR (chess_uci_error_quark ())

typedef enum
{
  CHESS_UCI_ERROR_UNKNOWN_COMMAND,
  CHESS_UCI_ERROR_SYNTAX,
  CHESS_UCI_ERROR_FEN,
  CHESS_UCI_ERROR_MOVE,
  CHESS_UCI_ERROR_NUMBER,
} ChessUciError;

GQuark   chess_uci_error_quark    (void);

/* Reads one line. `current` is the position set last (for go searchmoves).
 * On failure, sets a translated message saying what was wrong. */
gboolean chess_uci_parse          (const char        *line,
                                   const ChessBoard  *current,
                                   ChessUciCommand   *command,
                                   GError           **error);
void     chess_uci_command_clear  (ChessUciCommand   *command);

G_END_DECLS
