/* chess-game-tree.c — ChessGame's move tree: variations played, chosen,
 * promoted and deleted; comments, NAGs, arrows and circled squares. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "chess-game-private.h"

const ChessTree *
chess_game_get_tree (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return self->tree;
}

ChessTreeNode *
chess_game_get_node_at (ChessGame *self,
                        guint      ply)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);

  guint length = chess_game_line_length (self);

  if (ply > length)
    return NULL;
  ChessTreeNode *node = self->line_end;
  for (guint i = length; i > ply; i--)
    node = node->parent;
  return node;
}

ChessTreeNode *
chess_game_get_view_node (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return chess_game_get_node_at (self, chess_game_get_view_ply (self));
}

/* Whether `node` is on the line being played. */
static gboolean
on_line (ChessGame           *self,
         const ChessTreeNode *node)
{
  return node->ply <= chess_game_line_length (self) && chess_game_get_node_at (self, node->ply) == node;
}

void
chess_game_set_line_end (ChessGame     *self,
                         ChessTreeNode *end)
{
  if (self->line_end != NULL && end->parent == self->line_end)
    {
      ChessUndo undo;
      chess_board_make (&self->position, end->move, &undo);
    }
  else
    chess_tree_board_at (self->tree, end, &self->position);
  self->line_end = end;
}

void
chess_game_copy_line (ChessGame *self,
                      ChessLine *out)
{
  g_return_if_fail (CHESS_IS_GAME (self));
  g_return_if_fail (out != NULL);

  guint length = chess_game_line_length (self);
  g_autofree ChessMove *moves = g_new (ChessMove, length + 1);

  chess_line_init (out, &self->tree->start);
  if (self->line_end != NULL)
    chess_tree_path (self->line_end, moves);
  for (guint i = 0; i < length; i++)
    chess_line_push (out, moves[i]);
}

/* Makes the line through `node` (on along its main continuation) the one
 * being played, the clock stopped at that line's times. */
static void
play_line_through (ChessGame     *self,
                   ChessTreeNode *node)
{
  ChessTreeNode *end = node;
  while (end->n_children > 0)
    end = end->children[0];

  gint64 ms[CHESS_N_COLORS];

  chess_game_leave_line (self);
  g_array_set_size (self->redo, 0);
  chess_game_set_line_end (self, end);

  chess_game_clocks_at (self, end, ms);
  chess_clock_stop (self->clock);
  chess_clock_set_times (self->clock, ms[CHESS_COLOR_WHITE], ms[CHESS_COLOR_BLACK],
                         (ChessColor) self->position.side);
}

gboolean
chess_game_play_in_tree (ChessGame *self,
                         ChessMove  move)
{
  ChessTreeNode *at = chess_game_get_view_node (self);
  gboolean created;
  ChessTreeNode *node = chess_tree_node_add_move (at, move, &created);

  play_line_through (self, node);
  self->view_ply = node->ply;
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_LINE | (created ? CHESS_GAME_CHANGED_TREE : 0));
  return TRUE;
}

gboolean
chess_game_select_node (ChessGame     *self,
                        ChessTreeNode *node)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  if (on_line (self, node))
    {
      chess_game_set_view_ply (self, node->ply);
      return TRUE;
    }
  /* A game being played stays on its line. */
  if (!self->loaded && self->result == CHESS_GAME_RESULT_ONGOING)
    return FALSE;
  play_line_through (self, node);
  self->view_ply = node->ply;
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_LINE);
  return TRUE;
}

gboolean
chess_game_promote_variation (ChessGame     *self,
                              ChessTreeNode *node,
                              gboolean       to_main_line)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  gboolean changed = to_main_line ? chess_tree_node_promote_to_main (node)
                                  : chess_tree_node_promote (node);
  if (changed)
    chess_game_emit_changed (self, CHESS_GAME_CHANGED_TREE);
  return changed;
}

gboolean
chess_game_delete_variation (ChessGame     *self,
                             ChessTreeNode *node)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  ChessTreeNode *start = chess_tree_node_variation_start (node);
  if (start == NULL)
    return FALSE;   /* the main line is shortened by taking moves back */

  ChessTreeNode *parent = start->parent;
  gboolean was_on_line = on_line (self, start);
  guint view = MIN (self->view_ply, parent->ply);
  chess_tree_node_remove (start);
  if (was_on_line)
    {
      self->line_end = NULL;   /* freed with the variation */
      play_line_through (self, parent);
      self->view_ply = view;
    }
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_TREE | (was_on_line ? CHESS_GAME_CHANGED_LINE : 0));
  return TRUE;
}

/* After moves at the end of a loaded game were deleted: an end the last
 * position made (checkmate, stalemate …) holds only if it still does. */
static void
recheck_result (ChessGame *self)
{
  if (chess_game_reason_is_positional (self->reason)
      && !chess_game_position_result (self, &self->result, &self->reason))
    {
      self->result = CHESS_GAME_RESULT_ONGOING;
      self->reason = CHESS_GAME_REASON_NONE;
    }
}

gboolean
chess_game_delete_from (ChessGame     *self,
                        ChessTreeNode *node)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  ChessTreeNode *parent = node->parent;
  if (parent == NULL)
    return FALSE;

  gboolean was_on_line = on_line (self, node);
  if (was_on_line && !self->loaded)
    {
      /* As many take-backs, whose redo would bring the moves back. */
      while (chess_game_line_length (self) >= node->ply && chess_game_take_back (self))
        ;
      g_array_set_size (self->redo, 0);
      chess_game_emit_changed (self, CHESS_GAME_CHANGED_TREE);
      return TRUE;
    }

  guint view = MIN (self->view_ply, parent->ply);
  chess_tree_node_remove (node);
  if (was_on_line)
    {
      self->line_end = NULL;   /* freed with the moves */
      play_line_through (self, parent);
      self->view_ply = view;
      recheck_result (self);
    }
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_TREE | (was_on_line ? CHESS_GAME_CHANGED_LINE : 0));
  return TRUE;
}

gboolean
chess_game_check_comment (const char  *comment,
                          GError     **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (chess_tree_comment_is_writable (comment))
    return TRUE;
  g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_COMMENT,
                       _("PGN comments cannot contain “}”"));
  return FALSE;
}

gboolean
chess_game_set_comment (ChessGame      *self,
                        ChessTreeNode  *node,
                        const char     *comment,
                        GError        **error)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!chess_game_check_comment (comment, error))
    return FALSE;
  g_autofree char *text = comment != NULL ? g_strstrip (g_strdup (comment)) : NULL;
  if (text != NULL && *text == '\0')
    g_clear_pointer (&text, g_free);
  if (g_strcmp0 (node->comment, text) == 0)
    return TRUE;
  chess_tree_node_set_comment (node, text);
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_TREE);
  return TRUE;
}

/* The NAGs that say how good a move is (1–6) exclude each other, as do
 * those that judge the position (10–19). */
static gboolean
same_group (guint8 a,
            guint8 b)
{
  return (a >= 1 && a <= 6 && b >= 1 && b <= 6) || (a >= 10 && a <= 19 && b >= 10 && b <= 19);
}

void
chess_game_toggle_nag (ChessGame     *self,
                       ChessTreeNode *node,
                       guint8         nag)
{
  g_return_if_fail (CHESS_IS_GAME (self));
  g_return_if_fail (node != NULL && node->parent != NULL);

  if (!chess_tree_node_remove_nag (node, nag))
    {
      for (guint i = 0; node->nags != NULL && i < node->nags->len; )
        if (same_group (node->nags->data[i], nag))
          chess_tree_node_remove_nag (node, node->nags->data[i]);
        else
          i++;
      chess_tree_node_add_nag (node, nag);
    }
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_TREE);
}

void
chess_game_toggle_mark (ChessGame     *self,
                        ChessTreeNode *node,
                        ChessTreeMark  mark)
{
  g_return_if_fail (CHESS_IS_GAME (self));
  g_return_if_fail (node != NULL);

  chess_tree_node_toggle_mark (node, mark);
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_TREE);
}

void
chess_game_annotate (ChessGame             *self,
                     ChessGameAnnotateFunc  func,
                     gpointer               user_data)
{
  g_return_if_fail (CHESS_IS_GAME (self));
  g_return_if_fail (func != NULL);

  if (func (self->tree, user_data))
    chess_game_emit_changed (self, CHESS_GAME_CHANGED_TREE);
}
