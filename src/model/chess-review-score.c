/* chess-review-score.c — scores, winning chances, classes and accuracy of
 * reviewed moves, and the review written into a game tree and read back. */
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

/* A move's accuracy halves-and-more quickly with its loss: 100·e^(−loss/k).
 * An inaccuracy (0.05) scores 72, a mistake (0.10) 51, a blunder (0.15) 37.
 * (Lichess's 103.2·e^(−4.354·loss) − 3.2 is close — 80, 63, 50 — but its
 * game figure mixes a volatility-weighted and a harmonic mean; ours keeps
 * the geometric mean, see the README.) */
#define ACCURACY_SCALE   0.15

/* How long the best line written as a variation may be, in plies. */
#define VARIATION_MAX_PLIES 8

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
                       gboolean is_best)
{
  if (is_best)
    return CHESS_REVIEW_CLASS_BEST;
  if (win_loss < EXCELLENT_BELOW)
    return CHESS_REVIEW_CLASS_EXCELLENT;
  if (win_loss < GOOD_BELOW)
    return CHESS_REVIEW_CLASS_GOOD;
  if (win_loss < INACCURACY_BELOW)
    return CHESS_REVIEW_CLASS_INACCURACY;
  if (win_loss < MISTAKE_BELOW)
    return CHESS_REVIEW_CLASS_MISTAKE;
  return CHESS_REVIEW_CLASS_BLUNDER;
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
  out->klass = chess_review_classify (out->win_loss, is_best);

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

static void
set_eval (ChessTreeNode *node,
          int            white_score)
{
  int mate = chess_review_score_mate_moves (white_score);

  if (chess_review_score_is_mate (white_score))
    {
      if (mate == 0)
        return;   /* mate on the board: nothing to say */
      node->eval.kind = CHESS_TREE_EVAL_MATE;
      node->eval.value = mate;
    }
  else
    {
      node->eval.kind = CHESS_TREE_EVAL_CENTIPAWNS;
      node->eval.value = white_score;
    }
  node->eval.depth = -1;
}

/* Writes the best line as a variation beside `node` (a move played instead
 * of it). An existing variation with the same first move is kept as it is. */
static void
add_better_line (ChessTreeNode         *node,
                 const ChessReviewMove *m)
{
  gboolean created = FALSE;
  ChessTreeNode *line = chess_tree_node_add_move (node->parent, m->best_move, &created);

  chess_review_why_set (line, m->better_why);
  if (!created)
    return;
  set_eval (line, m->best_eval);
  for (guint i = 1; i < m->best_line_length && i < VARIATION_MAX_PLIES; i++)
    line = chess_tree_node_append (line, m->best_line[i]);
}

/* What PGN has no words for, on the node. */
static void
set_record (ChessTreeNode         *node,
            const ChessReviewMove *m)
{
  if (node->review == NULL)
    node->review = g_new0 (ChessTreeReview, 1);
  node->review->klass = (guint8) m->klass;
  node->review->only_move = m->only_move;
  node->review->win_loss = m->win_loss;
  node->review->depth = m->depth;
  node->review->best_eval = m->best_move != CHESS_MOVE_NONE ? m->best_eval : CHESS_REVIEW_UNKNOWN;
  node->review->best_line_length = m->best_line_length;
  memcpy (node->review->best_line, m->best_line, sizeof m->best_line);
}

gboolean
chess_review_annotate_move (ChessTree             *tree,
                            const ChessMove       *line,
                            const ChessReviewMove *m)
{
  ChessTreeNode *node;

  g_return_val_if_fail (tree != NULL && m != NULL, FALSE);

  if (m->klass == CHESS_REVIEW_CLASS_NONE)
    return FALSE;
  node = tree->root;
  for (guint i = 0; i <= m->ply; i++)
    {
      if (node->n_children == 0 || node->children[0]->move != (i < m->ply ? line[i] : m->move))
        return FALSE;
      /* The position before the first move was searched too: the graph
       * starts with it instead of a grey gap. */
      if (i == 0 && m->ply == 0)
        set_eval (node, m->eval_before);
      node = node->children[0];
    }

  set_eval (node, m->eval_after);
  chess_review_why_set (node, m->why);
  set_record (node, m);
  guint8 nag = chess_review_class_nag (m->klass);
  if (nag != 0)
    {
      for (guint8 old = 1; old <= 6; old++)
        chess_tree_node_remove_nag (node, old);
      chess_tree_node_add_nag (node, nag);
      if (m->best_move != CHESS_MOVE_NONE && m->best_move != m->move)
        add_better_line (node, m);
    }
  return TRUE;
}

guint
chess_review_annotate_tree (ChessTree             *tree,
                            const ChessReviewMove *moves,
                            guint                  n)
{
  g_autofree ChessMove *line = g_new (ChessMove, n + 1);
  guint i;

  g_return_val_if_fail (tree != NULL, 0);

  for (i = 0; i < n && moves[i].ply == i; i++)
    {
      if (!chess_review_annotate_move (tree, line, &moves[i]))
        break;
      line[i] = moves[i].move;
    }
  return i;
}

/* ---- Read back from the tree ---- */

/* The White's-view score the node's [%eval] gives the position after it;
 * FALSE when it has none (a checkmate on the board needs none). */
static gboolean
node_score (const ChessTree     *tree,
            const ChessTreeNode *node,
            int                 *score)
{
  ChessBoard board;
  ChessMoveList list;

  switch (node->eval.kind)
    {
    case CHESS_TREE_EVAL_CENTIPAWNS:
      *score = chess_review_score_from_cp (node->eval.value);
      return TRUE;
    case CHESS_TREE_EVAL_MATE:
      if (node->eval.value != 0)
        {
          *score = chess_review_score_from_mate_moves (node->eval.value);
          return TRUE;
        }
      break;
    case CHESS_TREE_EVAL_NONE:
    default:
      break;
    }
  chess_tree_board_at (tree, node, &board);
  if (node->parent != NULL && chess_board_in_check (&board)
      && chess_board_generate_legal (&board, &list) == 0)
    {
      *score = board.side == CHESS_COLOR_WHITE ? -CHESS_REVIEW_MATE : CHESS_REVIEW_MATE;
      return TRUE;
    }
  return FALSE;
}

static ChessMoveClass
class_of_marks (const ChessTreeNode *node)
{
  if (chess_tree_node_has_nag (node, 4))
    return CHESS_REVIEW_CLASS_BLUNDER;
  if (chess_tree_node_has_nag (node, 2))
    return CHESS_REVIEW_CLASS_MISTAKE;
  if (chess_tree_node_has_nag (node, 6))
    return CHESS_REVIEW_CLASS_INACCURACY;
  return CHESS_REVIEW_CLASS_NONE;
}

/* The node's review record, unless the mark the review wrote was changed
 * since (marks of the user's on moves the review found good are left as
 * they are, and do not change its judgement). */
static const ChessTreeReview *
node_record (const ChessTreeNode *node)
{
  if (node->review == NULL)
    return NULL;
  if (node->review->klass >= CHESS_REVIEW_CLASS_INACCURACY
      && class_of_marks (node) != node->review->klass)
    return NULL;
  return node->review;
}

/* The better line from the first variation. */
static void
read_variation (const ChessTree     *tree,
                const ChessTreeNode *parent,
                const ChessBoard    *board,
                ChessReviewMove     *move)
{
  const ChessTreeNode *line = parent->children[1];
  int best;

  move->best_move = line->move;
  chess_move_format (board, line->move, CHESS_NOTATION_SAN, move->best_san);
  for (; line != NULL && move->best_line_length < CHESS_REVIEW_MAX_LINE;
       line = line->n_children > 0 ? line->children[0] : NULL)
    move->best_line[move->best_line_length++] = line->move;
  if (node_score (tree, parent->children[1], &best))
    move->best_eval = best;
  g_autofree char *better_why = chess_review_why_get (parent->children[1]);
  g_strlcpy (move->better_why, better_why != NULL ? better_why : "", sizeof move->better_why);
}

/* The better line as the review found it. */
static void
read_record (const ChessTreeReview *record,
             const ChessTreeNode   *parent,
             const ChessBoard      *board,
             ChessReviewMove       *move)
{
  move->klass = record->klass;
  move->only_move = record->only_move;
  move->win_loss = record->win_loss;
  move->accuracy = chess_review_move_accuracy (move->win_loss);
  move->depth = record->depth;
  move->best_eval = record->best_eval;
  move->best_line_length = MIN (record->best_line_length, CHESS_REVIEW_MAX_LINE);
  memcpy (move->best_line, record->best_line, move->best_line_length * sizeof (ChessMove));
  if (move->best_line_length == 0)
    return;
  move->best_move = move->best_line[0];
  chess_move_format (board, move->best_move, CHESS_NOTATION_SAN, move->best_san);
  /* The better move's sentence is on the variation, where there is one. */
  for (guint i = 1; i < parent->n_children; i++)
    if (parent->children[i]->move == move->best_move)
      {
        g_autofree char *better_why = chess_review_why_get (parent->children[i]);
        g_strlcpy (move->better_why, better_why != NULL ? better_why : "", sizeof move->better_why);
      }
}

GArray *
chess_review_read_tree (const ChessTree  *tree,
                        GArray          **judged_out)
{
  GArray *moves = g_array_new (FALSE, TRUE, sizeof (ChessReviewMove));
  GArray *judged = g_array_new (FALSE, TRUE, sizeof (gboolean));
  ChessBoard board = tree->start;

  g_return_val_if_fail (tree != NULL, moves);

  for (const ChessTreeNode *node = tree->root; node->n_children > 0; )
    {
      const ChessTreeNode *parent = node;
      const ChessTreeReview *record;
      ChessReviewMove move = { 0 };
      gboolean known_before, known_after, marked;
      ChessUndo undo;

      node = node->children[0];
      record = node_record (node);
      move.ply = moves->len;
      move.mover = board.side;
      move.move = node->move;
      chess_move_format (&board, node->move, CHESS_NOTATION_SAN, move.san);
      move.best_move = CHESS_MOVE_NONE;
      move.best_eval = CHESS_REVIEW_UNKNOWN;
      known_before = node_score (tree, parent, &move.eval_before);
      known_after = node_score (tree, node, &move.eval_after);
      if (!known_before)
        move.eval_before = CHESS_REVIEW_UNKNOWN;
      if (!known_after)
        move.eval_after = CHESS_REVIEW_UNKNOWN;
      move.klass = class_of_marks (node);
      g_autofree char *why = chess_review_why_get (node);
      g_strlcpy (move.why, why != NULL ? why : "", sizeof move.why);
      marked = move.klass != CHESS_REVIEW_CLASS_NONE || record != NULL;
      if (known_before && known_after)
        {
          move.mover_eval_before = chess_review_score_for (move.eval_before, move.mover);
          move.mover_eval_after = chess_review_score_for (move.eval_after, move.mover);
          move.win_before = chess_review_win_chance (move.mover_eval_before);
          move.win_after = chess_review_win_chance (move.mover_eval_after);
          move.win_loss = MAX (0, move.win_before - move.win_after);
          move.accuracy = chess_review_move_accuracy (move.win_loss);
          if (move.klass == CHESS_REVIEW_CLASS_NONE)
            move.klass = CHESS_REVIEW_CLASS_GOOD;
        }
      if (record != NULL)
        read_record (record, parent, &board, &move);
      else if (parent->n_children > 1)
        read_variation (tree, parent, &board, &move);
      g_array_append_val (moves, move);
      g_array_append_val (judged, marked);
      chess_board_make (&board, node->move, &undo);
    }
  if (judged_out != NULL)
    *judged_out = judged;
  else
    g_array_unref (judged);
  return moves;
}

void
chess_review_read_player_stats (GArray                 *moves,
                                ChessColor              player,
                                ChessReviewPlayerStats *out)
{
  g_autoptr(GArray) scored = g_array_new (FALSE, FALSE, sizeof (ChessReviewMove));

  g_return_if_fail (moves != NULL && out != NULL);

  for (guint i = 0; i < moves->len; i++)
    {
      const ChessReviewMove *move = &g_array_index (moves, ChessReviewMove, i);

      if (move->klass != CHESS_REVIEW_CLASS_NONE
          && move->eval_before != CHESS_REVIEW_UNKNOWN
          && move->eval_after != CHESS_REVIEW_UNKNOWN)
        g_array_append_val (scored, *move);
    }
  chess_review_player_stats ((const ChessReviewMove *) scored->data, scored->len, player, out);
  /* A mark without scores still counts. */
  for (int k = CHESS_REVIEW_CLASS_INACCURACY; k <= CHESS_REVIEW_CLASS_BLUNDER; k++)
    out->counts[k] = 0;
  for (guint i = 0; i < moves->len; i++)
    {
      const ChessReviewMove *move = &g_array_index (moves, ChessReviewMove, i);

      if (move->mover == player && move->klass >= CHESS_REVIEW_CLASS_INACCURACY)
        out->counts[move->klass]++;
    }
}
