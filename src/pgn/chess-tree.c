/* chess-tree.c — the move tree: building, walking, editing. Nothing here
 * recurses: a game can be 100,000 moves long or its variations nested as
 * deep, and neither may overflow the stack. */
#include "config.h"

#include <string.h>

#include "chess-tree.h"

/* Room for one more child: the array grows by doubling when its length
 * is a power of two (realloc copies under the sanitizers, and a position
 * can have thousands of alternatives in a hostile file). */
static void
grow_children (ChessTreeNode *node)
{
  guint n = node->n_children;
  if (n == 0 || (n & (n - 1)) == 0)
    node->children = g_renew (ChessTreeNode *, node->children, MAX (1, 2 * n));
}

/* What grow_children would have made room for: the next power of two. */
static guint
children_capacity (guint n)
{
  guint c = 1;
  while (c < n)
    c *= 2;
  return c;
}

static ChessTreeNode *
node_new (ChessTreeNode *parent,
          ChessMove      move)
{
  ChessTreeNode *node = g_new0 (ChessTreeNode, 1);

  node->parent = parent;
  node->move = move;
  node->ply = parent != NULL ? parent->ply + 1 : 0;
  node->clock_ms = -1;
  node->count_ms = -1;
  node->stood_ms[0] = node->stood_ms[1] = -1;
  node->emt_ms = -1;
  node->eval.depth = -1;
  return node;
}

/* Frees the node's own data, not its children. */
static void
node_free_one (ChessTreeNode *node)
{
  g_free (node->children);
  g_free (node->comment_before);
  g_free (node->comment);
  if (node->nags != NULL)
    g_byte_array_unref (node->nags);
  if (node->arrows != NULL)
    g_array_unref (node->arrows);
  if (node->squares != NULL)
    g_array_unref (node->squares);
  g_free (node->commands);
  g_free (node->review);
  g_free (node);
}

/* Frees `node` and everything below it. */
static void
subtree_free (ChessTreeNode *node)
{
  GPtrArray *stack = g_ptr_array_new ();

  g_ptr_array_add (stack, node);
  while (stack->len > 0)
    {
      ChessTreeNode *n = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      for (guint i = 0; i < n->n_children; i++)
        g_ptr_array_add (stack, n->children[i]);
      node_free_one (n);
    }
  g_ptr_array_unref (stack);
}

ChessTree *
chess_tree_new (const ChessBoard *start)
{
  ChessTree *tree = g_new0 (ChessTree, 1);

  if (start != NULL)
    tree->start = *start;
  else
    chess_board_set_start (&tree->start);
  tree->root = node_new (NULL, CHESS_MOVE_NONE);
  return tree;
}

void
chess_tree_free (ChessTree *tree)
{
  if (tree == NULL)
    return;
  subtree_free (tree->root);
  g_free (tree);
}

static void
copy_data (ChessTreeNode       *dest,
           const ChessTreeNode *src)
{
  dest->comment_before = g_strdup (src->comment_before);
  dest->comment = g_strdup (src->comment);
  if (src->nags != NULL)
    {
      dest->nags = g_byte_array_new ();
      g_byte_array_append (dest->nags, src->nags->data, src->nags->len);
    }
  dest->clock_ms = src->clock_ms;
  dest->emt_ms = src->emt_ms;
  dest->eval = src->eval;
  if (src->arrows != NULL)
    dest->arrows = g_array_copy (src->arrows);
  if (src->squares != NULL)
    dest->squares = g_array_copy (src->squares);
  dest->commands = g_strdup (src->commands);
  if (src->review != NULL)
    dest->review = g_memdup2 (src->review, sizeof *src->review);
}

ChessTree *
chess_tree_copy (const ChessTree *tree)
{
  g_return_val_if_fail (tree != NULL, NULL);

  ChessTree *copy = chess_tree_new (&tree->start);
  GPtrArray *stack = g_ptr_array_new ();   /* pairs: source, copy */

  copy_data (copy->root, tree->root);
  g_ptr_array_add (stack, tree->root);
  g_ptr_array_add (stack, copy->root);
  while (stack->len > 0)
    {
      ChessTreeNode *to = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      ChessTreeNode *from = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      to->n_children = from->n_children;
      to->children = g_new0 (ChessTreeNode *, children_capacity (from->n_children));
      for (guint i = 0; i < from->n_children; i++)
        {
          to->children[i] = node_new (to, from->children[i]->move);
          copy_data (to->children[i], from->children[i]);
          g_ptr_array_add (stack, from->children[i]);
          g_ptr_array_add (stack, to->children[i]);
        }
    }
  g_ptr_array_unref (stack);
  return copy;
}

guint
chess_tree_node_index (const ChessTreeNode *node)
{
  g_return_val_if_fail (node != NULL, 0);

  if (node->parent == NULL)
    return 0;
  for (guint i = 0; i < node->parent->n_children; i++)
    if (node->parent->children[i] == node)
      return i;
  g_assert_not_reached ();
  return 0;
}

ChessTreeNode *
chess_tree_next (const ChessTree     *tree,
                 const ChessTreeNode *node)
{
  g_return_val_if_fail (tree != NULL, NULL);

  if (node == NULL)
    return tree->root;
  if (node->n_children > 0)
    return node->children[0];
  while (node->parent != NULL)
    {
      guint i = chess_tree_node_index (node);
      if (i + 1 < node->parent->n_children)
        return node->parent->children[i + 1];
      node = node->parent;
    }
  return NULL;
}

ChessTreeNode *
chess_tree_main_end (const ChessTree *tree)
{
  g_return_val_if_fail (tree != NULL, NULL);

  ChessTreeNode *node = tree->root;
  while (node->n_children > 0)
    node = node->children[0];
  return node;
}

void
chess_tree_path (const ChessTreeNode *node,
                 ChessMove           *moves)
{
  g_return_if_fail (node != NULL);

  if (moves == NULL)
    return;
  for (const ChessTreeNode *n = node; n->parent != NULL; n = n->parent)
    moves[n->ply - 1] = n->move;
}

void
chess_tree_board_at (const ChessTree     *tree,
                     const ChessTreeNode *node,
                     ChessBoard          *board)
{
  g_return_if_fail (tree != NULL && node != NULL && board != NULL);

  ChessMove *moves = g_new (ChessMove, node->ply + 1);
  chess_tree_path (node, moves);
  *board = tree->start;
  for (guint i = 0; i < node->ply; i++)
    {
      ChessUndo undo;
      chess_board_make (board, moves[i], &undo);
    }
  g_free (moves);
}

ChessTreeNode *
chess_tree_node_append (ChessTreeNode *node,
                        ChessMove      move)
{
  g_return_val_if_fail (node != NULL, NULL);

  ChessTreeNode *child = node_new (node, move);
  grow_children (node);
  node->children[node->n_children++] = child;
  return child;
}

ChessTreeNode *
chess_tree_node_find_child (const ChessTreeNode *node,
                            ChessMove            move)
{
  g_return_val_if_fail (node != NULL, NULL);

  for (guint i = 0; i < node->n_children; i++)
    if (node->children[i]->move == move)
      return node->children[i];
  return NULL;
}

ChessTreeNode *
chess_tree_node_add_move (ChessTreeNode *node,
                          ChessMove      move,
                          gboolean      *created)
{
  g_return_val_if_fail (node != NULL, NULL);

  ChessTreeNode *child = chess_tree_node_find_child (node, move);
  if (created != NULL)
    *created = child == NULL;
  return child != NULL ? child : chess_tree_node_append (node, move);
}

gboolean
chess_tree_node_is_main_line (const ChessTreeNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);

  return chess_tree_node_variation_start (node) == NULL;
}

ChessTreeNode *
chess_tree_node_variation_start (const ChessTreeNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);

  for (const ChessTreeNode *n = node; n->parent != NULL; n = n->parent)
    if (n->parent->children[0] != n)
      return (ChessTreeNode *) n;
  return NULL;
}

/* Moves the child at `from` to index `to` (to < from), shifting the ones
 * between down. */
static void
move_child (ChessTreeNode *parent,
            guint          from,
            guint          to)
{
  ChessTreeNode *child = parent->children[from];

  memmove (parent->children + to + 1, parent->children + to,
           (from - to) * sizeof (ChessTreeNode *));
  parent->children[to] = child;
}

gboolean
chess_tree_node_promote (ChessTreeNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);

  ChessTreeNode *start = chess_tree_node_variation_start (node);
  if (start == NULL)
    return FALSE;
  guint i = chess_tree_node_index (start);
  move_child (start->parent, i, i - 1);
  return TRUE;
}

gboolean
chess_tree_node_promote_to_main (ChessTreeNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);

  gboolean changed = FALSE;
  for (ChessTreeNode *n = node; n->parent != NULL; n = n->parent)
    {
      guint i = chess_tree_node_index (n);
      if (i > 0)
        {
          move_child (n->parent, i, 0);
          changed = TRUE;
        }
    }
  return changed;
}

void
chess_tree_node_remove (ChessTreeNode *node)
{
  g_return_if_fail (node != NULL);
  g_return_if_fail (node->parent != NULL);

  ChessTreeNode *parent = node->parent;
  guint i = chess_tree_node_index (node);
  memmove (parent->children + i, parent->children + i + 1,
           (parent->n_children - i - 1) * sizeof (ChessTreeNode *));
  parent->n_children--;
  subtree_free (node);
}

guint
chess_tree_node_detach (ChessTreeNode *node)
{
  g_return_val_if_fail (node != NULL && node->parent != NULL, 0);

  ChessTreeNode *parent = node->parent;
  guint i = chess_tree_node_index (node);
  memmove (parent->children + i, parent->children + i + 1,
           (parent->n_children - i - 1) * sizeof (ChessTreeNode *));
  parent->n_children--;
  return i;
}

void
chess_tree_node_attach (ChessTreeNode *parent,
                        ChessTreeNode *node,
                        guint          index)
{
  g_return_if_fail (parent != NULL && node != NULL && node->parent == parent);

  index = MIN (index, parent->n_children);
  grow_children (parent);
  memmove (parent->children + index + 1, parent->children + index,
           (parent->n_children - index) * sizeof (ChessTreeNode *));
  parent->children[index] = node;
  parent->n_children++;
}

void
chess_tree_node_free (ChessTreeNode *node)
{
  if (node != NULL)
    subtree_free (node);
}

void
chess_tree_node_make_first (ChessTreeNode *node)
{
  g_return_if_fail (node != NULL);

  if (node->parent != NULL)
    move_child (node->parent, chess_tree_node_index (node), 0);
}

static void
set_text (char      **field,
          const char *text)
{
  g_free (*field);
  *field = text != NULL && *text != '\0' ? g_strdup (text) : NULL;
}

void
chess_tree_node_set_comment (ChessTreeNode *node,
                             const char    *comment)
{
  g_return_if_fail (node != NULL);
  set_text (&node->comment, comment);
}

void
chess_tree_node_set_comment_before (ChessTreeNode *node,
                                    const char    *comment)
{
  g_return_if_fail (node != NULL);
  set_text (&node->comment_before, comment);
}

void
chess_tree_node_add_nag (ChessTreeNode *node,
                         guint8         nag)
{
  g_return_if_fail (node != NULL);

  if (node->nags == NULL)
    node->nags = g_byte_array_new ();
  g_byte_array_append (node->nags, &nag, 1);
}

gboolean
chess_tree_node_has_nag (const ChessTreeNode *node,
                         guint8               nag)
{
  g_return_val_if_fail (node != NULL, FALSE);

  for (guint i = 0; node->nags != NULL && i < node->nags->len; i++)
    if (node->nags->data[i] == nag)
      return TRUE;
  return FALSE;
}

gboolean
chess_tree_node_remove_nag (ChessTreeNode *node,
                            guint8         nag)
{
  g_return_val_if_fail (node != NULL, FALSE);

  gboolean found = FALSE;
  for (guint i = 0; node->nags != NULL && i < node->nags->len; )
    if (node->nags->data[i] == nag)
      {
        g_byte_array_remove_index (node->nags, i);
        found = TRUE;
      }
    else
      i++;
  if (node->nags != NULL && node->nags->len == 0)
    g_clear_pointer (&node->nags, g_byte_array_unref);
  return found;
}

void
chess_tree_node_clear_nags (ChessTreeNode *node)
{
  g_return_if_fail (node != NULL);
  g_clear_pointer (&node->nags, g_byte_array_unref);
}

void
chess_tree_node_toggle_mark (ChessTreeNode *node,
                             ChessTreeMark  mark)
{
  g_return_if_fail (node != NULL);

  GArray **marks = mark.from == mark.to ? &node->squares : &node->arrows;
  if (*marks == NULL)
    *marks = g_array_new (FALSE, FALSE, sizeof (ChessTreeMark));
  for (guint i = 0; i < (*marks)->len; i++)
    {
      ChessTreeMark *m = &g_array_index (*marks, ChessTreeMark, i);
      if (m->from != mark.from || m->to != mark.to)
        continue;
      if (m->color == mark.color)
        g_array_remove_index (*marks, i);
      else
        m->color = mark.color;
      if ((*marks)->len == 0)
        g_clear_pointer (marks, g_array_unref);
      return;
    }
  g_array_append_val (*marks, mark);
}
