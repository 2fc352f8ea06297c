/* chess-review-score.c — scores, winning chances, classes and accuracy of
 * reviewed moves. Writing them into a game tree and reading them back is
 * in chess-review-tree.c. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-review-score.h"
#include "chess-review-why.h"

/* Lichess's winning-chances curve (lila, modules/analyse WinPercent):
 * win % = 50 + 50 · (2 / (1 + e^(−0.00368208 · cp)) − 1), the centipawns
 * clamped to ±1000. Fitted by Lichess to its players' results: one pawn is
 * worth 59 %, three pawns 75 %, five 86 %, ten (the clamp) 97.5 %. */
#define WIN_CHANCE_SLOPE      0.00368208
#define WIN_CHANCE_CEILING_CP 1000

/* The built-in engine's centipawns grow faster than Stockfish's once a
 * side is clearly better: where Stockfish 15.1 at depth 16 says +4.9 or
 * +7.5, ours says +8.6 or +12.3 (weak players' games, positions searched
 * with the review's budget). On the steep part of the curve those
 * exaggerated swings looked like mistakes between two winning positions.
 * Fitted on 16 such games (bench/review-agreement.py's games 25–40, not
 * the 24 it reports) by least squares between the move losses the two
 * engines give: beyond 400 cp, 0.30 of a centipawn each (the 24 other
 * games, fitted on their own, give 350 and 0.35). */
#define BUILTIN_KNEE_CP       400
#define BUILTIN_SLOPE_BEYOND  0.30

/* Class thresholds on the loss of expected score (0..1, the mover's view):
 * Lichess's 10, 20 and 30 points on its −100..100 winning-chances scale
 * (Advice.scala) are 0.05, 0.10 and 0.15 here. A pawn given away in a
 * level position loses about 0.09, a piece 0.2 to 0.4. */
#define EXCELLENT_BELOW  0.02
#define GOOD_BELOW       0.05
#define INACCURACY_BELOW 0.10
#define MISTAKE_BELOW    0.15

/* The built-in engine's error on a move's loss at the review's budget,
 * from weak players' games judged by Stockfish 15.1 at depth 16 (seeds 4
 * and 5 of bench/review-agreement.py): a loss it measures at 0.10 to 0.12
 * is a mistake's worth for the judge only about half the time, from 0.12
 * on mostly. Its ? starts that much higher; the other sets, not used to
 * choose it, are in the README's review section. */
#define BUILTIN_DOUBT    0.02

/* A move's accuracy halves-and-more quickly with its loss: 100·e^(−loss/k).
 * An inaccuracy (0.05) scores 72, a mistake (0.10) 51, a blunder (0.15) 37.
 * (Lichess's 103.2·e^(−4.354·loss) − 3.2 is close — 80, 63, 50 — but its
 * game figure mixes a volatility-weighted and a harmonic mean; ours keeps
 * the geometric mean, see the README.) */
#define ACCURACY_SCALE   0.15

int
chess_review_score_from_cp (int cp)
{
  return CLAMP (cp, -(CHESS_REVIEW_MATE_BOUND - 1), CHESS_REVIEW_MATE_BOUND - 1);
}

int
chess_review_score_from_mate_moves (int mate_moves)
{
  /* Mate in n moves for the side to move is 2n − 1 plies; being mated in
   * n moves is 2n plies (0: mated now). */
  int plies;

  mate_moves = CLAMP (mate_moves, -499, 499);
  if (mate_moves > 0)
    {
      plies = 2 * mate_moves - 1;
      return CHESS_REVIEW_MATE - plies;
    }
  plies = -2 * mate_moves;
  return -(CHESS_REVIEW_MATE - plies);
}

int
chess_review_score_mate_moves (int score)
{
  if (!chess_review_score_is_mate (score))
    return 0;
  int plies = CHESS_REVIEW_MATE - abs (score);
  int moves = (plies + 1) / 2;
  return score > 0 ? moves : -moves;
}

char *
chess_review_score_format (int   score,
                           char *buf)
{
  if (chess_review_score_is_mate (score))
    {
      int moves = chess_review_score_mate_moves (score);
      if (moves == 0)
        snprintf (buf, 16, "#0");
      else
        snprintf (buf, 16, "#%d", moves);
    }
  else
    snprintf (buf, 16, "%s%d.%02d", score < 0 ? "-" : "", abs (score) / 100, abs (score) % 100);
  return buf;
}

int
chess_review_score_from_builtin (int score)
{
  if (chess_review_score_is_mate (score) || abs (score) <= BUILTIN_KNEE_CP)
    return score;
  int beyond = (int) lround ((abs (score) - BUILTIN_KNEE_CP) * BUILTIN_SLOPE_BEYOND);
  return score > 0 ? BUILTIN_KNEE_CP + beyond : -(BUILTIN_KNEE_CP + beyond);
}

int
chess_review_score_of_info (const ChessPlayerInfo *info,
                            gboolean               builtin)
{
  if (info->score.is_mate)
    return chess_review_score_from_mate_moves (info->score.mate_moves);
  int score = chess_review_score_from_cp (info->score.centipawns);
  return builtin ? chess_review_score_from_builtin (score) : score;
}

double
chess_review_win_chance (int score)
{
  if (chess_review_score_is_mate (score))
    return score > 0 ? 1.0 : 0.0;
  int cp = CLAMP (score, -WIN_CHANCE_CEILING_CP, WIN_CHANCE_CEILING_CP);

  return 1.0 / (1.0 + exp (-WIN_CHANCE_SLOPE * cp));
}

ChessMoveClass
chess_review_classify (double   win_loss,
                       gboolean is_best,
                       double   doubt)
{
  if (is_best)
    return CHESS_REVIEW_CLASS_BEST;
  if (win_loss < EXCELLENT_BELOW)
    return CHESS_REVIEW_CLASS_EXCELLENT;
  /* A blunder's loss is beyond any doubt: a piece hung in a level
   * position stays one. */
  if (win_loss >= MISTAKE_BELOW)
    return CHESS_REVIEW_CLASS_BLUNDER;
  if (win_loss < GOOD_BELOW)
    return CHESS_REVIEW_CLASS_GOOD;
  /* A loss it is not sure is a mistake's worth is called an inaccuracy:
   * still marked and explained, with a milder word. */
  if (win_loss < INACCURACY_BELOW + doubt)
    return CHESS_REVIEW_CLASS_INACCURACY;
  return CHESS_REVIEW_CLASS_MISTAKE;
}

double
chess_review_engine_doubt (gboolean builtin)
{
  return builtin ? BUILTIN_DOUBT : 0.0;
}

const char *
chess_review_class_name (ChessMoveClass klass)
{
  switch (klass)
    {
    case CHESS_REVIEW_CLASS_BEST:
      return C_("move class", "Best");
    case CHESS_REVIEW_CLASS_EXCELLENT:
      return C_("move class", "Excellent");
    case CHESS_REVIEW_CLASS_GOOD:
      return C_("move class", "Good");
    case CHESS_REVIEW_CLASS_INACCURACY:
      return C_("move class", "Inaccuracy");
    case CHESS_REVIEW_CLASS_MISTAKE:
      return C_("move class", "Mistake");
    case CHESS_REVIEW_CLASS_BLUNDER:
      return C_("move class", "Blunder");
    case CHESS_REVIEW_CLASS_NONE:
    case CHESS_REVIEW_N_CLASSES:
    default:
      return "";
    }
}

guint8
chess_review_class_nag (ChessMoveClass klass)
{
  switch (klass)
    {
    case CHESS_REVIEW_CLASS_INACCURACY:
      return 6;
    case CHESS_REVIEW_CLASS_MISTAKE:
      return 2;
    case CHESS_REVIEW_CLASS_BLUNDER:
      return 4;
    default:
      return 0;
    }
}

gboolean
chess_review_is_only_move (int   best_score,
                           int   second_score,
                           guint n_legal_moves)
{
  if (n_legal_moves < 2)
    return FALSE;
  /* Every other move would lose at least what makes a blunder. */
  return chess_review_win_chance (best_score) - chess_review_win_chance (second_score)
         >= MISTAKE_BELOW;
}

double
chess_review_move_accuracy (double win_loss)
{
  return 100.0 * exp (-MAX (win_loss, 0.0) / ACCURACY_SCALE);
}

void
chess_review_move_judge (ChessReviewMove         *out,
                         guint                    ply,
                         const ChessBoard        *before,
                         ChessMove                move,
                         const ChessReviewSearch *search,
                         int                      score_after)
{
  ChessMoveList legal;
  ChessBoard board;
  ChessUndo undo;

  g_return_if_fail (out != NULL && before != NULL && search != NULL);

  memset (out, 0, sizeof *out);
  out->ply = ply;
  out->mover = before->side;
  out->move = move;
  chess_move_format (before, move, CHESS_NOTATION_SAN, out->san);

  out->mover_eval_before = search->score;
  out->mover_eval_after = -score_after;
  out->eval_before = chess_review_score_for (out->mover_eval_before, out->mover);
  out->eval_after = chess_review_score_for (out->mover_eval_after, out->mover);
  out->win_before = chess_review_win_chance (out->mover_eval_before);
  out->win_after = chess_review_win_chance (out->mover_eval_after);

  /* The engine's first choice loses nothing by definition: what its two
   * searches (before and after the move, to slightly different depths)
   * disagree by is the engine's noise, not the player's. */
  gboolean is_best = search->line_length > 0 && search->line[0] == move;
  out->win_loss = is_best ? 0.0 : MAX (0.0, out->win_before - out->win_after);
  /* The engine's second choice was weighed in the same search as the
   * first, at the same depth: a move counts as lost only by what both
   * measurements agree on. */
  if (!is_best && search->has_second && search->second_move == move)
    out->win_loss = MIN (out->win_loss,
                         MAX (0.0, out->win_before - chess_review_win_chance (search->second_score)));
  out->accuracy = chess_review_move_accuracy (out->win_loss);
  out->klass = chess_review_classify (out->win_loss, is_best, search->doubt);

  guint n_legal = (guint) chess_board_generate_legal (before, &legal);
  out->only_move = search->has_second
                   && chess_review_is_only_move (search->score, search->second_score, n_legal);

  out->best_move = search->line_length > 0 ? search->line[0] : CHESS_MOVE_NONE;
  out->best_eval = out->eval_before;
  out->depth = search->depth;
  if (out->best_move != CHESS_MOVE_NONE)
    {
      chess_move_format (before, out->best_move, CHESS_NOTATION_SAN, out->best_san);
      /* Only the legal start of the line is kept. */
      board = *before;
      for (guint i = 0; i < search->line_length && i < CHESS_REVIEW_MAX_LINE; i++)
        {
          if (!chess_board_is_legal (&board, search->line[i]))
            break;
          out->best_line[i] = search->line[i];
          out->best_line_length = i + 1;
          chess_board_make (&board, search->line[i], &undo);
        }
    }
}

void
chess_review_player_stats (const ChessReviewMove  *moves,
                           guint                   n,
                           ChessColor              player,
                           ChessReviewPlayerStats *out)
{
  double loss_sum = 0.0;

  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  for (guint i = 0; i < n; i++)
    {
      if (moves[i].klass == CHESS_REVIEW_CLASS_NONE || moves[i].mover != player)
        continue;
      out->n_moves++;
      out->counts[moves[i].klass]++;
      loss_sum += moves[i].win_loss;
    }
  /* The geometric mean of the moves' accuracies: one blunder weighs more
   * than in a plain average, where forty easy moves would hide it. */
  out->accuracy = out->n_moves > 0
                  ? chess_review_move_accuracy (loss_sum / out->n_moves)
                  : -1.0;
}
