/* chess-puzzle-themes.c — a puzzle's themes and the words of why, from the
 * review's motif detector run on the solution as if it were the better
 * move of a review. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-game.h"
#include "chess-notation.h"
#include "chess-puzzle-themes.h"
#include "chess-review-motif-private.h"

/* Pieces other than kings and pawns, both sides, at most: an endgame. */
#define ENDGAME_PIECES 6
/* Material a line must win to be "winning material", centipawns. */
#define MATERIAL_WON 200

/* A review move whose better move is the solution: what the motif
 * detector reads. The played move is any other legal move. */
static gboolean
as_review_move (const ChessPuzzle *puzzle,
                int                score,
                ChessReviewMove   *move)
{
  ChessMoveList legal;
  int n = chess_board_generate_legal (&puzzle->start, &legal);

  memset (move, 0, sizeof *move);
  move->move = CHESS_MOVE_NONE;
  for (int i = 0; i < n; i++)
    if (legal.moves[i] != puzzle->moves[0])
      {
        move->move = legal.moves[i];
        break;
      }
  if (move->move == CHESS_MOVE_NONE)
    return FALSE;
  move->mover = puzzle->start.side;
  move->mover_eval_before = score;
  move->best_move = puzzle->moves[0];
  move->best_line_length = MIN (puzzle->n_moves, CHESS_REVIEW_MAX_LINE);
  memcpy (move->best_line, puzzle->moves, move->best_line_length * sizeof (ChessMove));
  return TRUE;
}

/* "The played move did nothing to name", as find_better wants it. */
static void
no_motif (ChessReviewMotif *none)
{
  memset (none, 0, sizeof *none);
  none->kind = CHESS_MOTIF_NONE;
  none->lost = none->got = none->actor = none->targets[0] = none->targets[1] = _chess_motif_no_piece ();
}

static int
count_pieces (const ChessBoard *board)
{
  int n = 0;

  for (ChessSquare sq = 0; sq < 64; sq++)
    {
      ChessPieceType type = chess_piece_type (chess_board_piece_at (board, sq));

      if (type != CHESS_NO_PIECE_TYPE && type != CHESS_PAWN && type != CHESS_KING)
        n++;
    }
  return n;
}

void
chess_puzzle_find_themes (ChessPuzzle *puzzle,
                          int          score)
{
  ChessBoard board = puzzle->start;
  ChessColor solver = puzzle->start.side;
  ChessReviewMove move;
  ChessReviewMotif none, better;
  guint themes = puzzle->themes & CHESS_PUZZLE_THEME_MISTAKE;
  int balance = _chess_motif_balance (&puzzle->start, solver);

  puzzle->mate_in = 0;
  if (count_pieces (&puzzle->start) <= ENDGAME_PIECES)
    themes |= CHESS_PUZZLE_THEME_ENDGAME;

  for (guint i = 0; i < puzzle->n_moves; i++)
    {
      ChessMove m = puzzle->moves[i];
      ChessUndo undo;

      if (!chess_board_is_legal (&board, m))
        break;
      if (board.side == solver)
        {
          ChessSquare to = chess_move_to (m);
          ChessPieceType mover = chess_piece_type (chess_board_piece_at (&board, chess_move_from (m)));
          ChessPieceType taken = _chess_motif_captured_type (&board, m);
          int given = chess_review_motif_value (mover)
                      - (taken != CHESS_NO_PIECE_TYPE ? chess_review_motif_value (taken) : 0);

          if (chess_move_is_promotion (m))
            themes |= CHESS_PUZZLE_THEME_PROMOTION;
          if (i == 0 && taken != CHESS_NO_PIECE_TYPE && taken != CHESS_PAWN
              && !_chess_motif_is_defended (&board, to))
            themes |= CHESS_PUZZLE_THEME_HANGING;
          chess_board_make (&board, m, &undo);
          /* Given away: the piece moved is worth more than it took, and
           * the other side takes it with something cheaper or for free. */
          if (mover != CHESS_KING && given >= 200)
            {
              int attacker = _chess_motif_cheapest_attacker (&board, to, board.side);

              if (attacker > 0 && (attacker + 100 <= chess_review_motif_value (mover)
                                   || !_chess_motif_is_defended (&board, to)))
                themes |= CHESS_PUZZLE_THEME_SACRIFICE;
            }
        }
      else
        chess_board_make (&board, m, &undo);
    }
  {
    ChessMoveList replies;

    if (board.side != solver && chess_board_in_check (&board)
        && chess_board_generate_legal (&board, &replies) == 0)
      {
        themes |= CHESS_PUZZLE_THEME_MATE;
        puzzle->mate_in = (int) (puzzle->n_moves + 1) / 2;
      }
    else if (chess_review_score_is_mate (score) && score > 0)
      {
        themes |= CHESS_PUZZLE_THEME_MATE;
        puzzle->mate_in = chess_review_score_mate_moves (score);
      }
  }

  if (as_review_move (puzzle, score, &move))
    {
      no_motif (&none);
      if (chess_review_motif_find_better (&puzzle->start, &move, &none, &better))
        switch (better.kind)
          {
          case CHESS_MOTIF_BETTER_FORK:
            themes |= CHESS_PUZZLE_THEME_FORK;
            break;
          case CHESS_MOTIF_BETTER_PIN:
            themes |= CHESS_PUZZLE_THEME_PIN;
            break;
          case CHESS_MOTIF_BETTER_SKEWER:
            themes |= CHESS_PUZZLE_THEME_SKEWER;
            break;
          case CHESS_MOTIF_BETTER_DISCOVERED:
            themes |= CHESS_PUZZLE_THEME_DISCOVERED;
            break;
          default:
            break;
          }
    }
  if (!(themes & CHESS_PUZZLE_THEME_MATE))
    {
      LineOutcome outcome;

      _chess_motif_line_outcome (&puzzle->start, puzzle->moves, puzzle->n_moves, solver, &outcome);
      if (outcome.settled - balance >= MATERIAL_WON)
        themes |= CHESS_PUZZLE_THEME_MATERIAL;
    }
  puzzle->themes = themes;
}

char *
chess_puzzle_explain (const ChessPuzzle *puzzle)
{
  ChessPuzzleAttempt attempt;
  g_autofree char *line = NULL;
  g_autofree char *numbered = NULL;
  g_autofree char *words = NULL;
  char san[CHESS_MOVE_TEXT_MAX];

  chess_puzzle_attempt_init (&attempt, puzzle);
  line = chess_puzzle_attempt_solution_in (&attempt, chess_game_get_piece_letters ());
  if (puzzle->themes & CHESS_PUZZLE_THEME_MATE && puzzle->mate_in > 0)
    /* TRANSLATORS: a puzzle's solution that mates: "Mate in 2: 31. Rd8+ Re8 32. Rxe8#." */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Mate in %d: %s.", "Mate in %d: %s.",
                                         (gulong) puzzle->mate_in),
                            puzzle->mate_in, line);

  /* The first move as the review's threats say it: "23. Nf6+, forking …". */
  chess_move_format_san_letters (&puzzle->start, puzzle->moves[0], chess_game_get_piece_letters (), san);
  numbered = puzzle->start.side == CHESS_COLOR_WHITE
             ? g_strdup_printf ("%d. %s", puzzle->start.fullmove_number, san)
             : g_strdup_printf ("%d… %s", puzzle->start.fullmove_number, san);
  words = chess_review_motif_threat_words (&puzzle->start, puzzle->moves, puzzle->n_moves, numbered);
  if (words == NULL)
    {
      /* Not at the first move: what the whole line does. */
      ChessReviewMove move;
      ChessReviewMotif none, better;

      if (!as_review_move (puzzle, 0, &move))
        return NULL;
      no_motif (&none);
      if (!chess_review_motif_find_better (&puzzle->start, &move, &none, &better)
          || better.kind != CHESS_MOTIF_BETTER_WINS)
        return NULL;
      /* TRANSLATORS: a puzzle's solution that wins material in the end:
       * "It wins material: 24. Qd5 Kh8 25. Qxa8." */
      return g_strdup_printf (_("It wins material: %s."), line);
    }
  /* TRANSLATORS: a threat's words ("23. Nf6+, forking the king on g8 and
   * the queen on d7") as a sentence about a puzzle's solution. */
  return g_strdup_printf (_("%s."), words);
}
