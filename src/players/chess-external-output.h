/* chess-external-output.h — reading what a chess engine prints, one line at a
 * time, for UCI and xboard/CECP engines, and what any engine reports while
 * it thinks (ChessPlayerInfo, its ChessEvalScore). The parsing is pure text
 * (GLib only, no process handling and no board): the client
 * (chess-external-client.c) turns move texts into moves with the rules core. */
#pragma once

#include <glib.h>

#include "chess-types.h"

G_BEGIN_DECLS

typedef enum
{
  CHESS_EXTERNAL_PROTOCOL_UCI,
  CHESS_EXTERNAL_PROTOCOL_XBOARD,      /* CECP: protocol 2, or 1 when the engine
                                      * sends no features */
} ChessExternalProtocol;

/* What a line says. */
typedef enum
{
  CHESS_EXTERNAL_LINE_UNKNOWN,         /* anything else: ignored by the client  */
  /* UCI */
  CHESS_EXTERNAL_LINE_ID_NAME,         /* text                                  */
  CHESS_EXTERNAL_LINE_ID_AUTHOR,       /* text                                  */
  CHESS_EXTERNAL_LINE_OPTION,          /* option                                */
  CHESS_EXTERNAL_LINE_UCIOK,
  CHESS_EXTERNAL_LINE_READYOK,
  CHESS_EXTERNAL_LINE_BESTMOVE,        /* move (may be "(none)" or "0000"),
                                      * ponder or NULL                        */
  CHESS_EXTERNAL_LINE_INFO,            /* info (also xboard thinking output)    */
  /* xboard */
  CHESS_EXTERNAL_LINE_FEATURES,        /* features: name, value pairs           */
  CHESS_EXTERNAL_LINE_MOVE,            /* move                                  */
  CHESS_EXTERNAL_LINE_PONG,            /* number                                */
  CHESS_EXTERNAL_LINE_RESIGN,
  CHESS_EXTERNAL_LINE_OFFER_DRAW,
  CHESS_EXTERNAL_LINE_RESULT,          /* text: "1-0", "0-1", "1/2-1/2";
                                      * move: the comment, or NULL            */
  CHESS_EXTERNAL_LINE_ILLEGAL_MOVE,    /* move: what it refused, or NULL        */
  CHESS_EXTERNAL_LINE_ERROR,           /* text: the engine's message            */
} ChessExternalLineKind;

typedef enum
{
  CHESS_EXTERNAL_OPTION_CHECK,
  CHESS_EXTERNAL_OPTION_SPIN,
  CHESS_EXTERNAL_OPTION_COMBO,
  CHESS_EXTERNAL_OPTION_BUTTON,
  CHESS_EXTERNAL_OPTION_STRING,
  CHESS_EXTERNAL_OPTION_FILE,          /* xboard -file / -path                 */
} ChessExternalOptionType;

/* An engine setting ("option name Hash type spin default 16 min 1 max 33554432",
 * "feature option=\"Hash -spin 16 1 1024\""). */
typedef struct
{
  char                  *name;
  ChessExternalOptionType  type;
  char                  *default_value;   /* NULL for buttons          */
  gint64                 min, max;        /* spins only                */
  GStrv                  choices;         /* combos only, else NULL    */
} ChessExternalOption;

ChessExternalOption *chess_external_option_copy (const ChessExternalOption *option);
void               chess_external_option_free (ChessExternalOption       *option);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChessExternalOption, chess_external_option_free)

typedef enum
{
  CHESS_SCORE_BOUND_EXACT,
  CHESS_SCORE_BOUND_LOWER,
  CHESS_SCORE_BOUND_UPPER,
} ChessScoreBound;

/* An engine's score: centipawns, or a mate in so many moves. It counts for
 * one side, named where a score is kept: ChessPlayerInfo's is the side to
 * move's, the analysis panel's White's. */
typedef struct
{
  gboolean is_mate;
  int      centipawns;   /* when not a mate                                 */
  int      mate_moves;   /* a mate: > 0 that side gives it in so many moves,
                          * < 0 it gets it; 0: mated on the board          */
  gboolean mating;       /* that side gives the mate (for 0 the only way to
                          * tell who does)                                 */
} ChessEvalScore;

/* The same score from the other side. */
static inline void
chess_eval_score_flip (ChessEvalScore *score)
{
  score->centipawns = -score->centipawns;
  score->mate_moves = -score->mate_moves;
  if (score->is_mate)
    score->mating = !score->mating;
}

/* Fields the engine sent set the matching CHESS_PLAYER_INFO_HAS_* bit. Scores
 * are from the point of view of the side to move. */
enum
{
  CHESS_PLAYER_INFO_HAS_DEPTH    = 1 << 0,
  CHESS_PLAYER_INFO_HAS_SELDEPTH = 1 << 1,
  CHESS_PLAYER_INFO_HAS_SCORE    = 1 << 2,
  CHESS_PLAYER_INFO_HAS_NODES    = 1 << 3,
  CHESS_PLAYER_INFO_HAS_NPS      = 1 << 4,
  CHESS_PLAYER_INFO_HAS_TIME     = 1 << 5,
  CHESS_PLAYER_INFO_HAS_HASHFULL = 1 << 6,
  CHESS_PLAYER_INFO_HAS_PV       = 1 << 7,   /* pv: at least one move       */
  CHESS_PLAYER_INFO_HAS_MULTIPV  = 1 << 8,
  CHESS_PLAYER_INFO_HAS_STRING   = 1 << 9,
};

/* The most moves of a best line an info keeps. */
#define CHESS_PLAYER_INFO_PV_MAX 64

/* One line of search progress ("info depth 12 score cp 31 … pv e2e4 e7e5",
 * or xboard's "12 31 145 1203311 e4 e5 Nf3"). The best line is moves, each
 * legal after the ones before it in the position searched: the client reads
 * the engine's text once (ChessExternalLine's pv), up to the first move that
 * is not legal there; the built-in player copies its search's line. */
typedef struct
{
  guint            has;              /* CHESS_PLAYER_INFO_HAS_* bits       */
  int              depth, seldepth;
  int              multipv;
  ChessEvalScore   score;            /* the side to move's; "mate 0" or a
                                      * negative count: it is mated       */
  ChessScoreBound bound;
  guint64          nodes, nps;
  gint64           time_ms;
  int              hashfull;         /* per mille                           */
  ChessMove        pv[CHESS_PLAYER_INFO_PV_MAX];
  guint            n_pv;
  char            *string;           /* "info string …"                     */
} ChessPlayerInfo;

ChessPlayerInfo *chess_player_info_copy (const ChessPlayerInfo *info);
void             chess_player_info_free (ChessPlayerInfo       *info);
void             chess_player_info_clear (ChessPlayerInfo      *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChessPlayerInfo, chess_player_info_free)


typedef struct
{
  ChessExternalLineKind  kind;
  char                *text;       /* see ChessExternalLineKind            */
  char                *move;
  char                *ponder;
  ChessExternalOption   *option;
  ChessPlayerInfo     *info;       /* its pv not read yet: see pv        */
  GStrv                pv;         /* info: the best line as the engine
                                    * wrote it (NULL when it sent none)   */
  GPtrArray           *feature_names;   /* char *                        */
  GPtrArray           *feature_values;  /* char *, quotes removed        */
  guint                number;          /* pong                          */
} ChessExternalLine;

void chess_external_line_clear (ChessExternalLine *line);

/* Longest line the client accepts; longer ones are garbage. */
#define CHESS_EXTERNAL_LINE_MAX 65536

/* Reads one line (without its newline) in `protocol`. Never fails: what it
 * does not recognise, or recognises but finds malformed, is
 * CHESS_EXTERNAL_LINE_UNKNOWN. `line` is filled, and must be cleared with
 * chess_external_line_clear. Text that is not UTF-8 is read with its bad
 * bytes replaced. */
void chess_external_parse_line (ChessExternalProtocol  protocol,
                              const char          *text,
                              gsize                length,
                              ChessExternalLine     *line);

/* Reads the value of an xboard `feature option="…"` ("Hash -spin 64 1 1024",
 * "Style -combo Solid /// *Normal /// Risky"); NULL when malformed. */
ChessExternalOption *chess_external_parse_xboard_option (const char *value);

/* The (single) value of a protocol-2 feature in `line`, or NULL. */
const char *chess_external_line_get_feature (const ChessExternalLine *line,
                                           const char            *name);

G_END_DECLS
