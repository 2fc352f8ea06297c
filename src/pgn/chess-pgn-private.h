/* chess-pgn-private.h — what the PGN module's files share: the tokenizer,
 * text helpers and the fast move resolver. Not for use outside src/core. */
#pragma once

#include "chess-pgn.h"

G_BEGIN_DECLS

typedef enum
{
  CHESS_PGN_TOKEN_EOF,
  CHESS_PGN_TOKEN_TAG_OPEN,       /* [                                        */
  CHESS_PGN_TOKEN_TAG_CLOSE,      /* ]                                        */
  CHESS_PGN_TOKEN_STRING,         /* "…": start/end hold the text between the
                                   * quotes, still escaped                    */
  CHESS_PGN_TOKEN_SYMBOL,         /* moves, move numbers, tag names, results  */
  CHESS_PGN_TOKEN_PERIOD,         /* one or more dots                         */
  CHESS_PGN_TOKEN_NAG,            /* $n: value holds n                        */
  CHESS_PGN_TOKEN_SUFFIX,         /* ! ? !! ?? !? ?!: value holds the NAG     */
  CHESS_PGN_TOKEN_COMMENT,        /* {…} or ;…: start/end hold the text       */
  CHESS_PGN_TOKEN_VARIATION_OPEN, /* (                                        */
  CHESS_PGN_TOKEN_VARIATION_CLOSE,/* )                                        */
  CHESS_PGN_TOKEN_STAR,           /* * (the "unknown" result)                 */
  CHESS_PGN_TOKEN_ERROR,          /* see ChessPgnLexError in `value`          */
} ChessPgnTokenType;

typedef enum
{
  CHESS_PGN_LEX_BAD_CHARACTER,
  CHESS_PGN_LEX_UNTERMINATED_STRING,
  CHESS_PGN_LEX_UNTERMINATED_COMMENT,
  CHESS_PGN_LEX_BAD_NAG,
  CHESS_PGN_LEX_BAD_SUFFIX,
} ChessPgnLexError;

typedef struct
{
  ChessPgnTokenType type;
  gsize             offset;   /* where the token starts (for messages)       */
  gsize             start;    /* the token's text: data[start, end)          */
  gsize             end;
  guint             value;
  gboolean          brace;    /* a comment in braces (not a ; comment)        */
} ChessPgnToken;

typedef struct
{
  const char *data;
  gsize       begin;   /* where the text starts: a line start */
  gsize       pos;
  gsize       end;
} ChessPgnLexer;

static inline void
chess_pgn_lexer_init (ChessPgnLexer *lex,
                      const char    *data,
                      gsize          start,
                      gsize          end)
{
  lex->data = data;
  lex->begin = start;
  lex->pos = start;
  lex->end = end;
}

void     chess_pgn_lexer_next     (ChessPgnLexer *lex,
                                   ChessPgnToken *token);

/* A message for a CHESS_PGN_TOKEN_ERROR token, translated. */
char    *chess_pgn_lex_error_message (const ChessPgnLexer *lex,
                                      const ChessPgnToken *token);

/* The 1-based line and column of data[pos], counting from data[start],
 * which is on line `first_line`, column `first_column`. Columns count
 * characters in UTF-8 text and bytes otherwise. */
void     chess_pgn_locate         (const char       *data,
                                   gsize             start,
                                   gsize             pos,
                                   guint             first_line,
                                   guint             first_column,
                                   ChessPgnLocation *where);

/* A UTF-8 copy of text: kept as it is when it is valid UTF-8, else read
 * as Latin-1. NUL bytes are dropped. */
char    *chess_pgn_to_utf8        (const char       *text,
                                   gsize             length);
/* The unescaped, UTF-8 value of a tag string (\" and \\). */
char    *chess_pgn_unescape       (const char       *text,
                                   gsize             length);
/* Comment text with runs of white space made single spaces, trimmed;
 * NULL when nothing is left. */
char    *chess_pgn_normalize_comment (const char    *text,
                                      gsize          length);

/* TRUE for "1-0", "0-1", "1/2-1/2" (and "*", which the lexer returns as a
 * token of its own). */
gboolean chess_pgn_is_result      (const char       *text,
                                   gsize             length);

/* Finds the legal move that `text` (SAN, long algebraic or UCI, with the
 * usual sloppy forms) names, without generating every legal move. FALSE
 * when it cannot: the caller then asks chess_move_parse, which also
 * explains why. */
gboolean chess_pgn_resolve_move   (const ChessBoard *board,
                                   const char       *text,
                                   gsize             length,
                                   ChessMove        *move);

/* The main worker of the reader. `game` NULL replays the moves without
 * keeping them (board and plies only). Locations are computed from
 * data[start] at (first_line, first_column). `game_number` 0 leaves the
 * number out of messages. `prefix_location` puts "line L, column C: " in
 * front of error messages. `lenient` reads on past problems (see
 * chess_pgn_parse_game_lenient); it needs `game`. */
typedef struct
{
  const char       *data;
  gsize             start;
  gsize             end;
  guint             first_line;
  guint             first_column;
  guint             game_number;
  gboolean          prefix_location;
  gboolean          lenient;
} ChessPgnSource;

gboolean chess_pgn_read_game      (const ChessPgnSource *source,
                                   ChessPgnGame        **game,
                                   ChessBoard           *final,
                                   guint                *n_plies,
                                   ChessPgnLocation     *where,
                                   GError              **error);

G_END_DECLS
