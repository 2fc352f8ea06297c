/* chess-types.h — squares, pieces, colours and the move encoding.
 *
 * The rules core is plain C with no GTK and no GObject; GLib is used only
 * for GError in the parsers.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t ChessBitboard;

typedef enum
{
  CHESS_COLOR_WHITE = 0,
  CHESS_COLOR_BLACK = 1,
} ChessColor;

#define CHESS_N_COLORS 2

static inline ChessColor
chess_color_other (ChessColor c)
{
  return (ChessColor) (c ^ 1);
}

typedef enum
{
  CHESS_PAWN = 0,
  CHESS_KNIGHT,
  CHESS_BISHOP,
  CHESS_ROOK,
  CHESS_QUEEN,
  CHESS_KING,
  CHESS_NO_PIECE_TYPE,
} ChessPieceType;

#define CHESS_N_PIECE_TYPES 6

/* A coloured piece: white pieces are 0..5, black pieces 6..11, in
 * ChessPieceType order; CHESS_NO_PIECE marks an empty square. */
typedef enum
{
  CHESS_WHITE_PAWN = 0, CHESS_WHITE_KNIGHT, CHESS_WHITE_BISHOP,
  CHESS_WHITE_ROOK, CHESS_WHITE_QUEEN, CHESS_WHITE_KING,
  CHESS_BLACK_PAWN, CHESS_BLACK_KNIGHT, CHESS_BLACK_BISHOP,
  CHESS_BLACK_ROOK, CHESS_BLACK_QUEEN, CHESS_BLACK_KING,
  CHESS_NO_PIECE,
} ChessPiece;

static inline ChessPiece
chess_piece_make (ChessColor color, ChessPieceType type)
{
  return (ChessPiece) (color * 6 + type);
}

static inline ChessPieceType
chess_piece_type (ChessPiece p)
{
  return p >= CHESS_BLACK_PAWN ? (ChessPieceType) (p - 6) : (ChessPieceType) p;
}

static inline ChessColor
chess_piece_color (ChessPiece p)
{
  return p >= CHESS_BLACK_PAWN ? CHESS_COLOR_BLACK : CHESS_COLOR_WHITE;
}

/* Squares: a1 = 0, b1 = 1, … h1 = 7, a2 = 8, … h8 = 63. */
typedef int ChessSquare;

#define CHESS_NO_SQUARE 64

static inline int chess_square_file (ChessSquare sq) { return sq & 7; }
static inline int chess_square_rank (ChessSquare sq) { return sq >> 3; }
static inline ChessSquare chess_square_make (int file, int rank) { return rank * 8 + file; }

/* Castling rights, one bit each. */
enum
{
  CHESS_CASTLE_WHITE_KING  = 1 << 0,
  CHESS_CASTLE_WHITE_QUEEN = 1 << 1,
  CHESS_CASTLE_BLACK_KING  = 1 << 2,
  CHESS_CASTLE_BLACK_QUEEN = 1 << 3,
};

/* A move in 16 bits:
 *
 *   bits  0–5   from square
 *   bits  6–11  to square
 *   bits 12–15  flags:
 *        0 quiet            1 double pawn push
 *        2 king-side castle 3 queen-side castle   (from/to are the king's)
 *        4 capture          5 en-passant capture
 *        8 promote to N     9 B   10 R   11 Q
 *       12 capture + promote to N   13 B   14 R   15 Q
 *
 * CHESS_MOVE_NONE (0, a1a1) is never a legal move. CHESS_MOVE_NULL (h8h8)
 * passes the turn ("--" in PGN): game records and analysis have it, the
 * move generator never makes it.
 */
typedef uint16_t ChessMove;

#define CHESS_MOVE_NONE ((ChessMove) 0)
#define CHESS_MOVE_NULL ((ChessMove) 0x0FFF)

enum
{
  CHESS_MOVE_QUIET        = 0,
  CHESS_MOVE_DOUBLE_PUSH  = 1,
  CHESS_MOVE_KING_CASTLE  = 2,
  CHESS_MOVE_QUEEN_CASTLE = 3,
  CHESS_MOVE_CAPTURE      = 4,
  CHESS_MOVE_EN_PASSANT   = 5,
  CHESS_MOVE_PROMOTION    = 8,   /* bit: promotion */
  CHESS_MOVE_PROMO_CAPTURE = 12, /* bits: promotion and capture */
};

static inline ChessMove
chess_move_make (ChessSquare from, ChessSquare to, int flags)
{
  return (ChessMove) (from | (to << 6) | (flags << 12));
}

static inline ChessSquare chess_move_from (ChessMove m) { return m & 63; }
static inline ChessSquare chess_move_to (ChessMove m) { return (m >> 6) & 63; }
static inline int chess_move_flags (ChessMove m) { return m >> 12; }

static inline bool
chess_move_is_null (ChessMove m)
{
  return m == CHESS_MOVE_NULL;
}

static inline bool
chess_move_is_capture (ChessMove m)
{
  return (chess_move_flags (m) & CHESS_MOVE_CAPTURE) != 0;
}

static inline bool
chess_move_is_promotion (ChessMove m)
{
  return (chess_move_flags (m) & CHESS_MOVE_PROMOTION) != 0;
}

static inline bool
chess_move_is_castle (ChessMove m)
{
  int f = chess_move_flags (m);
  return f == CHESS_MOVE_KING_CASTLE || f == CHESS_MOVE_QUEEN_CASTLE;
}

/* The piece type promoted to (CHESS_KNIGHT … CHESS_QUEEN), or CHESS_NO_PIECE_TYPE. */
static inline ChessPieceType
chess_move_promotion (ChessMove m)
{
  return chess_move_is_promotion (m)
         ? (ChessPieceType) (CHESS_KNIGHT + (chess_move_flags (m) & 3))
         : CHESS_NO_PIECE_TYPE;
}

#define CHESS_MAX_MOVES 256

typedef struct
{
  ChessMove moves[CHESS_MAX_MOVES];
  int       count;
} ChessMoveList;
