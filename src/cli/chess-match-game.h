/* chess-match-game.h — one game between two engines under a referee:
 * every move checked with the rules core, both clocks kept, the game ended
 * by the rules (mate, stalemate, dead position, threefold repetition and
 * fifty moves adjudicated at once), by a fault (time, illegal move, crash,
 * false claim) or by agreed scores. */
#pragma once

#include "chess-external-client.h"
#include "chess-pgn.h"

G_BEGIN_DECLS

/* How long one engine may think. */
typedef struct
{
  gint64  base_ms;              /* clock at the start; -1: no clock        */
  gint64  inc_ms;
  int     moves_per_session;    /* 0: all moves (sudden death/increment)   */
  gint64  movetime_ms;          /* the others: 0 = not set                  */
  int     depth;
  guint64 nodes;
} ChessMatchLimits;

typedef struct
{
  gint64 time_margin_ms;        /* a move may overrun the clock this much   */
  int    resign_moves;          /* adjudicate a loss when, for this many
                                 * moves in a row, the loser's score is at
                                 * most -resign_score and the winner's at
                                 * least resign_score (0: off)              */
  int    resign_score;          /* centipawns                               */
  int    draw_move_number;      /* from this move on, adjudicate a draw when
                                 * both scores stay within ±draw_score for
                                 * draw_moves moves in a row (0: off)        */
  int    draw_moves;
  int    draw_score;
  int    max_moves;             /* a draw after this many moves (0: off)    */
} ChessMatchRules;

typedef enum
{
  CHESS_MATCH_END_RULES,        /* mate, stalemate, draw by the rules       */
  CHESS_MATCH_END_ADJUDICATION, /* agreed scores, or the move limit         */
  CHESS_MATCH_END_RESIGNATION,
  CHESS_MATCH_END_TIME,
  CHESS_MATCH_END_ILLEGAL_MOVE,
  CHESS_MATCH_END_CRASH,        /* crashed, or hung past its clock           */
  CHESS_MATCH_END_FALSE_CLAIM,  /* claimed a result the position did not have,
                                 * or refused a legal move                   */
} ChessMatchEnd;

typedef struct
{
  int            result;        /* 1: White won, 0: draw, -1: Black won      */
  ChessMatchEnd  end;
  char          *reason;        /* "White mates", "Black loses on time" …    */
  gboolean       dead[2];       /* that colour's engine must be restarted    */
} ChessMatchGameResult;

void chess_match_game_result_clear (ChessMatchGameResult *result);

/* Plays the game from `opening` (its moves are part of the game). Returns
 * the game with tags White, Black, Result, Termination, TimeControl (the
 * caller adds Event, Date, Round …); a comment per engine move with its
 * score, depth and time. NULL with an error only when the engines cannot
 * play at all under these conditions (e.g. a set-up position for an engine
 * without setboard). */
ChessPgnGame *chess_match_play_game (ChessExternalClient       *engines[2],
                                     const ChessMatchLimits  *limits[2],
                                     const ChessMatchRules   *rules,
                                     const ChessLine         *opening,
                                     ChessMatchGameResult    *result,
                                     GError                 **error);

/* "10+0.1", "40/60+0", "movetime 1 s" …: for the TimeControl tag and
 * messages (not translated in the tag). */
char *chess_match_limits_describe (const ChessMatchLimits *limits);

G_END_DECLS
