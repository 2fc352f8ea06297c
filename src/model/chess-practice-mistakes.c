/* chess-practice-mistakes.c — "Your Mistakes": the positions before a
 * player's mistakes in a reviewed game, added to their practice deck. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "chess-practice.h"
#include "chess-puzzle-themes.h"
#include "chess-review-score.h"

guint
chess_practice_add_mistakes (ChessPractice   *self,
                             const ChessTree *tree,
                             ChessColor       side,
                             const char      *source,
                             gint64           now)
{
  g_autoptr(GArray) judged = NULL;
  g_autoptr(GArray) moves = chess_review_read_tree (tree, &judged);
  ChessBoard board = tree->start;
  guint added = 0;

  for (guint ply = 0; ply < moves->len; ply++)
    {
      const ChessReviewMove *move = &g_array_index (moves, ChessReviewMove, ply);
      ChessUndo undo;

      if (!g_array_index (judged, gboolean, ply))
        break;
      if (move->mover == side && move->best_move != CHESS_MOVE_NONE
          && (move->klass == CHESS_REVIEW_CLASS_MISTAKE || move->klass == CHESS_REVIEW_CLASS_BLUNDER)
          && chess_board_is_legal (&board, move->best_move))
        {
          ChessPuzzle puzzle = { 0 };
          g_autofree char *where = NULL;

          puzzle.start = board;
          puzzle.moves[0] = move->best_move;
          puzzle.n_moves = 1;
          /* The same position is the same puzzle, whichever game it was in. */
          g_snprintf (puzzle.id, sizeof puzzle.id, "mine-%012" G_GINT64_MODIFIER "x",
                      (gint64) (board.key & G_GUINT64_CONSTANT (0xffffffffffff)));
          chess_puzzle_find_themes (&puzzle, move->mover_eval_before);
          puzzle.themes |= CHESS_PUZZLE_THEME_MISTAKE;
          puzzle.rating = (int) lround (chess_practice_get_rating (self)->rating);
          /* TRANSLATORS: a game's name, then the number of the move. */
          where = source != NULL ? g_strdup_printf (_("%s, move %d"), source, board.fullmove_number)
                                 : g_strdup_printf (_("Move %d"), board.fullmove_number);
          if (chess_practice_deck_add (self, &puzzle, where, now))
            added++;
        }
      chess_board_make (&board, move->move, &undo);
    }
  return added;
}
