/* chess-notation.h — writing and reading moves: SAN, long algebraic, UCI, figurine. */
#pragma once

#include <glib.h>

#include "chess-board.h"

G_BEGIN_DECLS

typedef enum
{
  CHESS_NOTATION_SAN,        /* Nf3, exd5, O-O, e8=Q+, Qxf7#             */
  CHESS_NOTATION_LAN,        /* the tutorial's long algebraic: e2-e4,
                              * Ng1-f3, Nf3xe5, O-O, e7-e8=Q, e5xd6ep      */
  CHESS_NOTATION_UCI,        /* e2e4, e7e8q, e1g1                         */
  CHESS_NOTATION_FIGURINE,   /* SAN with ♞ ♝ ♜ ♛ ♚ (UTF-8) for the pieces  */
} ChessNotation;

#define CHESS_MOVE_TEXT_MAX 24

/* Writes `move` (legal in `board`, which is the position before the move)
 * into buf (CHESS_MOVE_TEXT_MAX bytes), with + or # where it applies
 * (not for UCI). Returns buf. */
char *chess_move_format (const ChessBoard *board,
                         ChessMove         move,
                         ChessNotation     notation,
                         char             *buf);

/* SAN with other piece letters, for languages whose players expect them:
 * `letters` names N, B, R, Q, K in that order, e.g. "SLTDK" for German.
 * NULL means the English "NBRQK". */
char *chess_move_format_san_letters (const ChessBoard *board,
                                     ChessMove         move,
                                     const char       *letters,
                                     char             *buf);

#define CHESS_MOVE_ERROR (chess_move_error_quark ())

typedef enum
{
  CHESS_MOVE_ERROR_SYNTAX,          /* "Unrecognised move: 'xyz'"                 */
  CHESS_MOVE_ERROR_NO_PIECE,        /* "There is no piece on e3"                  */
  CHESS_MOVE_ERROR_WRONG_SIDE,      /* "It's not your turn" (a piece of the side
                                     *  not to move was named by its square)      */
  CHESS_MOVE_ERROR_CANNOT_MOVE,     /* "The knight on g1 can't move to g3",
                                     * "No knight can move to e5"                 */
  CHESS_MOVE_ERROR_KING_IN_CHECK,   /* "That move would leave your king in check" */
  CHESS_MOVE_ERROR_CASTLING,        /* "Castling is not allowed: the king has moved" … */
  CHESS_MOVE_ERROR_AMBIGUOUS,       /* "Nd2 is ambiguous: Nb1-d2 or Nf3-d2"       */
  CHESS_MOVE_ERROR_PROMOTION,       /* a promotion piece missing or not allowed   */
} ChessMoveError;

GQuark   chess_move_error_quark (void);

/* Reads a move in any of the notations above, plus the usual sloppy forms
 * (0-0, e8Q, Pe4, a missing x, missing or extra + and #, !? suffixes,
 * "e.p.", a missing promotion piece means nothing: it is an error).
 * On failure sets a translated, player-readable error and returns FALSE. */
gboolean chess_move_parse (const ChessBoard *board,
                           const char       *text,
                           ChessMove        *move,
                           GError          **error);

/* chess_move_parse for players who write the piece letters of their
 * language: `letters` names N, B, R, Q, K in that order (German "SLTDK").
 * The move is read with those letters first, then as it is, so English
 * letters keep working where they mean nothing else. NULL or "NBRQK" is
 * plain chess_move_parse. */
gboolean chess_move_parse_letters (const ChessBoard *board,
                                   const char       *text,
                                   const char       *letters,
                                   ChessMove        *move,
                                   GError          **error);

/* Why the move from `from` to `to` is not legal, as a CHESS_MOVE_ERROR
 * (for the board widget's "illegal drop" message). Returns FALSE and sets
 * error when it is not legal; TRUE when some legal move goes there. */
gboolean chess_move_check_squares (const ChessBoard *board,
                                   ChessSquare       from,
                                   ChessSquare       to,
                                   GError          **error);

/* The name of a piece type for messages ("knight"), translated. */
const char *chess_piece_type_name (ChessPieceType type);

G_END_DECLS
