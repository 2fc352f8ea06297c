/* chess-review-tree.c — a review's verdicts in a game tree: each judged
 * move written into its node ([%eval], mark, why, and the record PGN cannot
 * hold), and read back from the tree alone. The tree is the only store of
 * what a review concluded. */
#include "config.h"

#include <string.h>

#include "chess-review-score.h"
#include "chess-review-why.h"

/* How long the best line written as a variation may be, in plies. */
#define VARIATION_MAX_PLIES 8

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
