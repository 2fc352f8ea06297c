/* chess-cli-puzzles-private.h — what the files of `thinkchess-cli puzzles`
 * share: the session (the terminal, the practice file) and solving one
 * puzzle at the terminal (chess-cli-puzzle-solve.c). */
#pragma once

#include <glib.h>

#include "chess-cli-input.h"
#include "chess-practice.h"
#include "chess-puzzle.h"
#include "chess-term-board.h"

G_BEGIN_DECLS

typedef struct
{
  ChessCliInput    *input;          /* line editing, or plain reading       */
  ChessTermView     view;           /* fancy or plain; flipped for Black    */
  gboolean          clear_screen;   /* a real terminal: redraw in place     */
  ChessPractice    *practice;       /* borrowed: the rating shown beside    */
  const ChessBoard *board;          /* the position Tab completes moves of  */
} ChessPuzzleSession;

typedef enum
{
  CHESS_PUZZLE_OUTCOME_GOING_ON,    /* none yet                             */
  CHESS_PUZZLE_OUTCOME_SOLVED,
  CHESS_PUZZLE_OUTCOME_MISSED,      /* a wrong move, or the solution shown  */
  CHESS_PUZZLE_OUTCOME_SKIPPED,     /* "next": not counted                  */
  CHESS_PUZZLE_OUTCOME_QUIT,        /* "quit" or the end of the input       */
} ChessPuzzleOutcome;

/* Plays `puzzle` with the player at the terminal until it is solved,
 * missed, skipped or left; says what happened as it goes, but records
 * nothing. `source` names the game of a puzzle of the player's own (may be
 * NULL). */
ChessPuzzleOutcome chess_puzzles_solve      (ChessPuzzleSession *self,
                                             const ChessPuzzle  *puzzle,
                                             const char         *source);

/* Tab completion (a ChessCliCompleteFunc; user_data is the session). */
char             **chess_puzzles_complete_cb (const char *line,
                                              const char *word,
                                              gpointer    user_data);

G_END_DECLS
