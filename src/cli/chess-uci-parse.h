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
  GPtrArray          *notes;          /* go: translated messages on what was
                                       * ignored or changed; owned, or NULL */
} ChessUciCommand;

#define CHESS_UCI_ERROR (chess_uci_error_quark ())

typedef enum
{
  CHESS_UCI_ERROR_UNKNOWN_COMMAND,
  CHESS_UCI_ERROR_SYNTAX,
  CHESS_UCI_ERROR_FEN,
  CHESS_UCI_ERROR_MOVE,
} ChessUciError;

GQuark   chess_uci_error_quark    (void);

/* The command a line holds (its first known word), without reading what
 * follows it: CHESS_UCI_EMPTY for a blank line. FALSE when the line names
 * no command. Any length, valid UTF-8 or not. */
gboolean chess_uci_command_type   (const char          *line,
                                   ChessUciCommandType *type);
/* Reads one line. `current` is the position set last (for go searchmoves
 * and the side to move). On failure, sets a translated message saying what
 * was wrong. A `go` never fails on its words: what it cannot use is left
 * out, with a note in `notes`. */
gboolean chess_uci_parse          (const char        *line,
                                   const ChessBoard  *current,
                                   ChessUciCommand   *command,
                                   GError           **error);
void     chess_uci_command_clear  (ChessUciCommand   *command);

G_END_DECLS
