/* chess-board.h — a position: bitboards, make/unmake, legal moves, FEN. */
#pragma once

#include <glib.h>

#include "chess-types.h"

G_BEGIN_DECLS

typedef struct
{
  ChessBitboard by_type[CHESS_N_PIECE_TYPES];
  ChessBitboard by_color[CHESS_N_COLORS];
  uint8_t       squares[64];      /* ChessPiece, CHESS_NO_PIECE when empty */
  uint8_t       side;             /* ChessColor to move */
  uint8_t       castling;         /* CHESS_CASTLE_* bits */
  uint8_t       ep_square;        /* square behind a pawn that just made a double
                                   * step (as FEN writes it), else CHESS_NO_SQUARE */
  uint16_t      halfmove_clock;
  uint16_t      fullmove_number;
  uint64_t      key;              /* Zobrist key; the en-passant file is hashed
                                   * only when an en-passant capture is legal, so
                                   * equal keys mean "same position" for the
                                   * repetition rules */
} ChessBoard;

/* What make() needs to undo a move exactly. */
typedef struct
{
  uint64_t key;
  uint16_t halfmove_clock;
  uint16_t fullmove_number;       /* kept because both counters saturate */
  uint8_t  captured;              /* ChessPiece */
  uint8_t  castling;
  uint8_t  ep_square;
} ChessUndo;

#define CHESS_START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define CHESS_FEN_MAX 100

#define CHESS_FEN_ERROR (chess_fen_error_quark ())

typedef enum
{
  CHESS_FEN_ERROR_FIELD_COUNT,     /* not 6 fields (4 are accepted, clocks default) */
  CHESS_FEN_ERROR_PLACEMENT,       /* bad piece letter, rank length, rank count,
                                    * more pieces than a game can produce
                                    * (over 16 a side, 9 pawns, more promoted
                                    * pieces than missing pawns), text too long */
  CHESS_FEN_ERROR_KINGS,           /* not exactly one king per side */
  CHESS_FEN_ERROR_PAWN_RANK,       /* pawn on rank 1 or 8 */
  CHESS_FEN_ERROR_SIDE,            /* side to move not w or b */
  CHESS_FEN_ERROR_OPPONENT_IN_CHECK,
  CHESS_FEN_ERROR_CASTLING,        /* bad letters, or king/rook not at home */
  CHESS_FEN_ERROR_EN_PASSANT,      /* bad square or impossible */
  CHESS_FEN_ERROR_CLOCK,           /* half-move or full-move number bad (not
                                    * 0–65535; full-move 0 is read as 1) */
} ChessFenError;

GQuark   chess_fen_error_quark   (void);

/* Builds the attack tables and Zobrist keys. Idempotent and thread-safe;
 * every other function below may assume it has run (chess_board_set_start and
 * chess_board_from_fen call it). */
void     chess_init              (void);

void     chess_board_set_start   (ChessBoard       *self);
gboolean chess_board_from_fen    (ChessBoard       *self,
                                  const char       *fen,
                                  GError          **error);
/* Writes the FEN into buf (at least CHESS_FEN_MAX bytes); returns buf. */
char    *chess_board_to_fen      (const ChessBoard *self,
                                  char             *buf);

static inline ChessPiece
chess_board_piece_at (const ChessBoard *self, ChessSquare sq)
{
  return (ChessPiece) self->squares[sq];
}

/* `move` must be legal in `self` (from chess_board_generate_legal or a parser),
 * or a null move out of check (the side to move passes). */
void     chess_board_make        (ChessBoard       *self,
                                  ChessMove         move,
                                  ChessUndo        *undo);
void     chess_board_unmake      (ChessBoard       *self,
                                  ChessMove         move,
                                  const ChessUndo  *undo);

/* Fills `list` with every legal move; returns the count. */
int      chess_board_generate_legal (const ChessBoard *self,
                                     ChessMoveList    *list);
/* Fills `list` with the legal captures (en passant included) and
 * promotions only: what a quiescence search looks at. */
int      chess_board_generate_noisy (const ChessBoard *self,
                                     ChessMoveList    *list);
/* The number of legal moves, without listing them. */
int      chess_board_count_legal (const ChessBoard *self);
/* TRUE when `move` (any 16-bit value) is legal here. */
bool     chess_board_is_legal    (const ChessBoard *self,
                                  ChessMove         move);
/* TRUE when `move` is legal here or is a null move (CHESS_MOVE_NULL) made
 * out of check: what a game record may hold. */
bool     chess_board_is_legal_or_null (const ChessBoard *self,
                                       ChessMove         move);
/* The legal move from `from` to `to` (with `promotion` when it promotes,
 * CHESS_NO_PIECE_TYPE otherwise), or CHESS_MOVE_NONE. */
ChessMove chess_board_find_move  (const ChessBoard *self,
                                  ChessSquare       from,
                                  ChessSquare       to,
                                  ChessPieceType    promotion);

bool     chess_board_in_check    (const ChessBoard *self);
bool     chess_board_square_attacked (const ChessBoard *self,
                                      ChessSquare       sq,
                                      ChessColor        by);
ChessSquare chess_board_king_square (const ChessBoard *self,
                                     ChessColor        color);

/* The position with the move passed to the other side (a null move: the
 * side to move flipped, no en-passant square, the key as for the same
 * position read from FEN, the move counters as after a move), for "what
 * would they play if it were their move". FALSE, leaving `passed` alone,
 * when the side to move is in check: no such position exists. */
bool     chess_board_pass        (const ChessBoard *self,
                                  ChessBoard       *passed);

/* Recomputes everything derivable (bitboards vs mailbox, key, counts) and
 * compares: for tests and debug assertions. */
bool     chess_board_is_ok       (const ChessBoard *self);

/* Material in centipawns (Q 900, R 500, B 300, N 300, P 100) of one side. */
int      chess_board_material    (const ChessBoard *self,
                                  ChessColor        color);

/* Leaf nodes of the legal move tree `depth` plies deep. */
uint64_t chess_perft             (ChessBoard       *self,
                                  int               depth);

/* Square names: "e4". `buf` holds at least 3 bytes. */
char    *chess_square_name       (ChessSquare       sq,
                                  char             *buf);
/* Parses "e4" (exactly two characters); CHESS_NO_SQUARE when not a square. */
ChessSquare chess_square_parse   (const char       *text);

G_END_DECLS
