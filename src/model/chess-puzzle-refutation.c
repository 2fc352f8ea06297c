/* chess-puzzle-refutation.c — what answers a wrong move in a puzzle: the
 * opponent's best reply, found by the built-in engine at full strength
 * within a fixed node budget, so that it is the same on every machine and
 * under any load. The app and `thinkchess-cli puzzles` say it in the same
 * words, with the moves numbered as both write them. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-engine.h"
#include "chess-notation.h"
#include "chess-puzzle.h"

/* Enough to see a won piece or a short mate (the usual answers to a wrong
 * try in a puzzle) in a few tens of milliseconds. */
#define REFUTATION_NODES 60000
#define REFUTATION_HASH_MB 4

ChessMove
chess_puzzle_attempt_refutation (const ChessPuzzleAttempt *attempt,
                                 ChessMove                 wrong)
{
  ChessBoard after = attempt->board;
  ChessMoveList replies;
  ChessSearchLimits limits;
  ChessSearchResult result;
  ChessEngine *engine;
  ChessUndo undo;

  if (wrong == CHESS_MOVE_NONE || !chess_board_is_legal (&attempt->board, wrong))
    return CHESS_MOVE_NONE;
  chess_board_make (&after, wrong, &undo);
  if (chess_board_generate_legal (&after, &replies) == 0)
    return CHESS_MOVE_NONE;

  engine = chess_engine_new (REFUTATION_HASH_MB);
  chess_search_limits_init (&limits);
  limits.nodes = REFUTATION_NODES;
  chess_engine_set_position (engine, &attempt->board, &wrong, 1);
  result = chess_engine_search (engine, &limits, NULL, NULL);
  chess_engine_free (engine);
  return result.best;
}

char *
chess_puzzle_numbered_move (const ChessBoard *board,
                            ChessMove         move,
                            const char       *letters)
{
  char san[CHESS_MOVE_TEXT_MAX];

  if (letters != NULL)
    chess_move_format_san_letters (board, move, letters, san);
  else
    chess_move_format (board, move, CHESS_NOTATION_FIGURINE, san);
  if (board->side == CHESS_COLOR_WHITE)
    return g_strdup_printf ("%d. %s", board->fullmove_number, san);
  return g_strdup_printf ("%d\u2026 %s", board->fullmove_number, san);
}

char *
chess_puzzle_attempt_refutation_text (const ChessPuzzleAttempt *attempt,
                                      ChessMove                 wrong,
                                      ChessMove                 refutation,
                                      const char               *letters)
{
  ChessBoard after = attempt->board;
  g_autofree char *played = NULL;
  g_autofree char *answer = NULL;
  ChessUndo undo;

  if (wrong == CHESS_MOVE_NONE || !chess_board_is_legal (&attempt->board, wrong))
    return NULL;
  played = chess_puzzle_numbered_move (&attempt->board, wrong, letters);
  chess_board_make (&after, wrong, &undo);
  if (refutation == CHESS_MOVE_NONE || !chess_board_is_legal (&after, refutation))
    {
      /* Translators: %s is the move tried ("23. Qd4"); a move that mates
       * is right, so one without an answer is stalemate. */
      return g_strdup_printf (_("%s leaves no move: stalemate."), played);
    }
  answer = chess_puzzle_numbered_move (&after, refutation, letters);
  /* Translators: the wrong move tried ("23. Qd4"), then the opponent's
   * answer that shows why it fails ("23… Qxd4"). */
  return g_strdup_printf (_("%s fails to %s."), played, answer);
}
