/* chess-move-list-view.c — the move list. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-comment-text.h"
#include "chess-comment-viewer.h"
#include "chess-figurine-label.h"
#include "chess-notation.h"

#include "chess-move-list-view-private.h"
#include "chess-nag-text.h"

G_DEFINE_FINAL_TYPE (ChessMoveListView, chess_move_list_view, GTK_TYPE_WIDGET)

static void
move_clicked_cb (GtkButton         *button,
                 ChessMoveListView *self)
{
  ChessTreeNode *node = g_object_get_data (G_OBJECT (button), "node");

  if (self->game != NULL && node != NULL)
    chess_game_select_node (self->game, node);
}

/* The variation text that shows `node` (compares pointers only). */
static ChessVariationText *
variation_showing (ChessMoveListView   *self,
                   const ChessTreeNode *node)
{
  for (guint i = 0; node != NULL && i < self->variations->len; i++)
    {
      ChessVariationText *v = &g_array_index (self->variations, ChessVariationText, i);
      for (guint k = v->first_node; k < v->first_node + v->n_nodes; k++)
        if (g_ptr_array_index (self->nodes, k) == node)
          return v;
    }
  return NULL;
}

/* Scrolls the move viewed into view, as little as needed: not at all when
 * it is shown already (a click on it must not move it away from under the
 * pointer). A move of a variation is its text; the start position, the
 * top. Called right after the scroller (and so the grid) got its size,
 * when the rows' places are known. */
static void
scroll_to_current (ChessMoveListView *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  ChessVariationText *variation;
  GtkWidget *shown = NULL;
  graphene_rect_t bounds;

  if (self->current >= 0 && (guint) self->current < self->buttons->len)
    shown = g_ptr_array_index (self->buttons, self->current);
  else if ((variation = variation_showing (self, self->viewed)) != NULL)
    shown = variation->label;
  else if (self->game == NULL || chess_game_get_view_ply (self->game) == 0)
    {
      gtk_adjustment_set_value (adj, 0);
      return;
    }
  if (shown != NULL && gtk_widget_compute_bounds (shown, self->grid, &bounds))
    {
      /* As gtk_adjustment_clamp_page, but at once: newer GTKs may animate
       * it, and the rows would then be placed frames after the move. */
      double value = gtk_adjustment_get_value (adj);
      double page = gtk_adjustment_get_page_size (adj);
      double top = bounds.origin.y;
      double bottom = bounds.origin.y + bounds.size.height;

      if (bottom > value + page)
        value = bottom - page;
      if (top < value)
        value = top;
      gtk_adjustment_set_value (adj, value);
    }
}

static void
queue_scroll (ChessMoveListView *self)
{
  self->scroll_pending = TRUE;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
chess_move_list_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  gtk_widget_measure (CHESS_MOVE_LIST_VIEW (widget)->scroller, orientation, for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
chess_move_list_view_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (widget);

  gtk_widget_allocate (self->scroller, width, height, baseline, NULL);
  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
  if (self->comment_editor != NULL)
    gtk_popover_present (GTK_POPOVER (self->comment_editor));
  /* A tick callback would come before the layout: a list rebuilt at once
   * (a game opened) would still have its rows in the old places. */
  if (self->scroll_pending)
    {
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
      double before = gtk_adjustment_get_value (adj);

      self->scroll_pending = FALSE;
      scroll_to_current (self);
      /* The grid moves within this frame, not one frame late. */
      if (gtk_adjustment_get_value (adj) != before)
        gtk_widget_allocate (self->scroller, width, height, baseline, NULL);
    }
}

/* The move's text as shown: SAN in the chosen notation and language, then
 * its NAGs as symbols. */
static void
format_node (ChessMoveListView   *self,
             const ChessBoard    *before,
             const ChessTreeNode *node,
             GString             *out)
{
  char text[CHESS_MOVE_TEXT_MAX];

  if (self->notation == CHESS_NOTATION_SAN)
    chess_move_format_san_letters (before, node->move, chess_game_get_piece_letters (), text);
  else
    chess_move_format (before, node->move, self->notation, text);
  g_string_append (out, text);
  for (guint i = 0; node->nags != NULL && i < node->nags->len; i++)
    {
      const char *symbol = chess_nag_text_symbol (node->nags->data[i]);
      if (symbol != NULL)
        g_string_append (out, symbol);
      else
        g_string_append_printf (out, " $%u", node->nags->data[i]);
    }
}

/* A [%eval] of the move as a small dim note (" +0.34", " #3"), as Pango
 * markup; nothing when the move has none. */
static void
append_eval_markup (const ChessTreeNode *node,
                    GString             *markup)
{
  const char *sign = node->eval.value < 0 ? "\u2212" : "+";
  guint value = (guint) ABS ((gint64) node->eval.value);

  switch (node->eval.kind)
    {
    case CHESS_TREE_EVAL_CENTIPAWNS:
      g_string_append_printf (markup, " <span size=\"smaller\" alpha=\"55%%\">%s%u.%02u</span>",
                              value == 0 ? "" : sign, value / 100, value % 100);
      break;
    case CHESS_TREE_EVAL_MATE:
      g_string_append_printf (markup, " <span size=\"smaller\" alpha=\"55%%\">#%s%u</span>",
                              node->eval.value < 0 ? "\u2212" : "", value);
      break;
    case CHESS_TREE_EVAL_NONE:
    default:
      break;
    }
}

/* Shows the move button's text with its evaluation after it. */
static void
show_move_text (GtkWidget           *button,
                const ChessTreeNode *node,
                const char          *text)
{
  GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)));
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_object_set_data_full (G_OBJECT (button), "move-text", g_strdup (text), g_free);
  g_string_append (markup, escaped);
  append_eval_markup (node, markup);
  gtk_label_set_markup (label, markup->str);
}

/* Where the next link and the next cut-short comment go in `nodes` and
 * `long_comments`: at their ends while the list is built; at a
 * variation's own indexes when its text is drawn again. */
typedef struct
{
  guint node;
  guint comment;
} LinkCursor;

static LinkCursor
cursor_at_end (ChessMoveListView *self)
{
  return (LinkCursor) { self->nodes->len, self->long_comments->len };
}

static void update_current (ChessMoveListView *self);
static void rebuild (ChessMoveListView *self);

/* The worst of the move's marks ??, ? and ?! (NAGs 4, 2, 6), as the CSS
 * class that colours it and the word a screen reader says. */
static const char *
mistake_class (const ChessTreeNode *node,
               const char         **description)
{
  if (chess_tree_node_has_nag (node, 4))
    {
      *description = C_("move class", "Blunder");
      return "blunder";
    }
  if (chess_tree_node_has_nag (node, 2))
    {
      *description = C_("move class", "Mistake");
      return "mistake";
    }
  if (chess_tree_node_has_nag (node, 6))
    {
      *description = C_("move class", "Inaccuracy");
      return "inaccuracy";
    }
  *description = NULL;
  return NULL;
}

static void
follow_link (ChessMoveListView *self,
             const char        *uri)
{
  guint64 index;

  if (uri[0] == 'c' && g_ascii_string_to_unsigned (uri + 1, 10, 0, G_MAXUINT, &index, NULL)
      && index < self->long_comments->len)
    {
      chess_comment_viewer_present (GTK_WIDGET (self), g_ptr_array_index (self->long_comments, index));
      return;
    }
  if (self->game == NULL || uri[0] != 'n'
      || !g_ascii_string_to_unsigned (uri + 1, 10, 0, G_MAXUINT, &index, NULL)
      || index >= self->nodes->len)
    return;
  chess_game_select_node (self->game, g_ptr_array_index (self->nodes, index));
}

static gboolean
follow_pending_link_cb (gpointer user_data)
{
  ChessMoveListView *self = user_data;
  g_autofree char *uri = g_steal_pointer (&self->pending_link);

  self->pending_link_id = 0;
  if (uri != NULL)
    follow_link (self, uri);
  return G_SOURCE_REMOVE;
}

/* Followed once the label is done with the click: selecting a move
 * marks it anew in this very label (its links replaced), which GTK 4.18
 * does not survive while it still handles the click (it crashed). */
static gboolean
link_activated_cb (GtkLabel          *label,
                   const char        *uri,
                   ChessMoveListView *self)
{
  g_free (self->pending_link);
  self->pending_link = g_strdup (uri);
  if (self->pending_link_id == 0)
    self->pending_link_id = g_idle_add (follow_pending_link_cb, self);
  return TRUE;
}

/* A link to `node` with its text, marked when it is the one viewed. */
static void
append_link (ChessMoveListView   *self,
             GString             *markup,
             const ChessBoard    *before,
             const ChessTreeNode *node,
             gboolean             number,
             LinkCursor          *cursor)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean viewed = node == self->viewed;
  guint index = cursor->node++;

  if (number && before->side == CHESS_COLOR_WHITE)
    g_string_append_printf (text, "%u. ", before->fullmove_number);
  else if (number)
    g_string_append_printf (text, "%u… ", before->fullmove_number);
  format_node (self, before, node, text);
  g_autofree char *escaped = g_markup_escape_text (text->str, -1);
  g_string_append_printf (markup, "%s<a href=\"n%u\">%s%s%s</a>",
                          markup->len > 0 && markup->str[markup->len - 1] != '(' ? " " : "",
                          index, viewed ? "<b>" : "", escaped, viewed ? "</b>" : "");
  append_eval_markup (node, markup);
  if (index == self->nodes->len)
    g_ptr_array_add (self->nodes, (gpointer) node);
  g_assert (g_ptr_array_index (self->nodes, index) == node);
}

/* A comment as markup: a long one cut short (a wrapping label of megabytes
 * takes minutes to lay out), with a link that shows it whole. */
static char *
comment_markup (ChessMoveListView *self,
                const char        *comment,
                LinkCursor        *cursor)
{
  g_autofree char *shortened = chess_comment_text_shorten (comment, CHESS_COMMENT_SHORT_CHARS);
  g_autofree char *escaped = g_markup_escape_text (shortened != NULL ? shortened : comment, -1);

  if (shortened == NULL)
    return g_steal_pointer (&escaped);
  guint index = cursor->comment++;
  if (index == self->long_comments->len)
    g_ptr_array_add (self->long_comments, (gpointer) comment);
  /* Translators: the link after a long comment cut short in the move list. */
  return g_strdup_printf ("%s <a href=\"c%u\">%s</a>", escaped, index, _("Show All"));
}

static void
append_comment (ChessMoveListView *self,
                GString           *markup,
                const char        *comment,
                LinkCursor        *cursor)
{
  g_autofree char *text = comment_markup (self, comment, cursor);
  g_string_append_printf (markup, "%s<i>%s</i>", markup->len > 0 ? " " : "", text);
}

typedef struct
{
  const ChessTreeNode *node;     /* the move to show, or just shown */
  ChessBoard           before;
  guint                next;     /* 0: not shown yet; else the next sibling */
  gboolean             first;    /* starts a variation */
} Frame;

/* The variation starting at `start` (an alternative to a main-line move)
 * as markup: its moves as links, its comments, and the variations inside
 * it in parentheses. Walks with a stack, like the PGN writer. */
static char *
variation_markup (ChessMoveListView   *self,
                  const ChessTreeNode *start,
                  const ChessBoard    *before,
                  LinkCursor          *cursor)
{
  GString *markup = g_string_new (NULL);
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  Frame first = { start, *before, 0, TRUE };
  gboolean number = TRUE;

  g_array_append_val (stack, first);
  while (stack->len > 0)
    {
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);
      const ChessTreeNode *parent = f->node->parent;

      if (f->next == 0)
        {
          if (f->node->comment_before != NULL)
            append_comment (self, markup, f->node->comment_before, cursor);
          append_link (self, markup, &f->before, f->node,
                       number || f->before.side == CHESS_COLOR_WHITE, cursor);
          number = FALSE;
          if (f->node->comment != NULL)
            {
              append_comment (self, markup, f->node->comment, cursor);
              number = TRUE;
            }
          f->next = 1;
        }
      if (!f->first && f->next < parent->n_children)
        {
          Frame v = { parent->children[f->next++], f->before, 0, TRUE };
          g_string_append (markup, " (");
          number = TRUE;
          g_array_append_val (stack, v);
          continue;
        }
      if (f->node->n_children > 0)
        {
          ChessUndo undo;
          chess_board_make (&f->before, f->node->move, &undo);
          f->node = f->node->children[0];
          f->next = 0;
          f->first = FALSE;
          continue;
        }
      g_array_set_size (stack, stack->len - 1);
      if (stack->len > 0)
        {
          g_string_append_c (markup, ')');
          number = TRUE;
        }
    }
  g_array_unref (stack);
  return g_string_free (markup, FALSE);
}

static GtkWidget *
markup_label (ChessMoveListView *self,
              const char        *markup,
              const char        *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, css_class);
  /* Variations hold figurines too; the scale merges with the markup's. */
  chess_figurine_label_fit (GTK_LABEL (label));
  g_signal_connect (label, "activate-link", G_CALLBACK (link_activated_cb), self);
  return label;
}

/* The row under main-line move `node`: its comment, then the variations
 * that are alternatives to it, each on its own indented line. NULL when
 * there is nothing to show. */
static GtkWidget *
annotation_box (ChessMoveListView   *self,
                const ChessTreeNode *node,
                const ChessBoard    *before)
{
  const ChessTreeNode *parent = node->parent;
  GtkWidget *box;

  if (node->comment == NULL && parent->n_children < 2)
    return NULL;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (box, "annotation");
  if (node->comment != NULL)
    {
      LinkCursor end = cursor_at_end (self);
      g_autofree char *markup = comment_markup (self, node->comment, &end);
      gtk_box_append (GTK_BOX (box), markup_label (self, markup, "comment"));
    }
  for (guint i = 1; i < parent->n_children; i++)
    {
      ChessVariationText v = { NULL, parent->children[i], *before,
                               self->nodes->len, 0, self->long_comments->len };
      LinkCursor cursor = cursor_at_end (self);
      g_autofree char *markup = variation_markup (self, v.start, before, &cursor);

      v.label = markup_label (self, markup, "variation");
      v.n_nodes = cursor.node - v.first_node;
      g_array_append_val (self->variations, v);
      gtk_widget_set_margin_start (v.label, 12);
      gtk_box_append (GTK_BOX (box), v.label);
    }
  return box;
}

/* Draws a variation's text again, with the move viewed marked now. */
static void
redraw_variation (ChessMoveListView  *self,
                  ChessVariationText *v)
{
  LinkCursor cursor = { v->first_node, v->first_comment };
  g_autofree char *markup = variation_markup (self, v->start, &v->before, &cursor);

  if (g_strcmp0 (markup, gtk_label_get_label (GTK_LABEL (v->label))) == 0)
    return;
  gtk_label_set_markup (GTK_LABEL (v->label), markup);
  chess_figurine_label_fit (GTK_LABEL (v->label));
}

static GtkWidget *
number_label (guint    number,
              gboolean black)
{
  g_autofree char *text = g_strdup_printf (black ? "%u…" : "%u.", number);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_add_css_class (label, "move-number");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
update_current (ChessMoveListView *self)
{
  ChessTreeNode *viewed = self->game != NULL ? chess_game_get_view_node (self->game) : NULL;
  int current = -1;

  for (guint i = 0; i < self->buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->buttons, i);
      gboolean is = g_object_get_data (G_OBJECT (button), "node") == viewed;
      if (is)
        current = (int) i;
      if (is)
        gtk_widget_add_css_class (button, "current");
      else
        gtk_widget_remove_css_class (button, "current");
    }
  self->current = current;
  queue_scroll (self);
}

static void
clear (ChessMoveListView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  g_ptr_array_set_size (self->buttons, 0);
  g_ptr_array_set_size (self->nodes, 0);
  g_ptr_array_set_size (self->long_comments, 0);
  g_array_set_size (self->variations, 0);
  g_array_set_size (self->starts, 0);
  self->opening = NULL;
  self->viewed = NULL;
  self->rows = 0;
  self->current = -1;
}

/* The main line's rows from move `first` on (the list holding the rows
 * before it), in numbered pairs; comments and variations on rows of their
 * own between them, after which Black's move gets its number again. */
static void
append_rows (ChessMoveListView *self,
             guint              first)
{
  const ChessTree *tree = chess_game_get_tree (self->game);
  ChessBoard board = tree->start;
  gboolean row_open = FALSE;   /* White's move is on the row, Black's to come */
  const ChessTreeNode *node = tree->root;
  ChessUndo undo;

  for (guint i = 0; i < first; i++)
    {
      node = node->children[0];
      chess_board_make (&board, node->move, &undo);
    }
  while (node->n_children > 0)
    {
      node = node->children[0];
      gboolean black = board.side == CHESS_COLOR_BLACK;
      GtkWidget *button = gtk_button_new ();
      g_autoptr(GString) text = g_string_new (NULL);
      ChessMoveRowStart start = { self->rows, self->nodes->len, self->long_comments->len,
                                  self->variations->len };

      g_array_append_val (self->starts, start);
      if (!black || !row_open)
        {
          gtk_grid_attach (GTK_GRID (self->grid), number_label (board.fullmove_number, black),
                           0, self->rows, 1, 1);
          if (black)
            {
              GtkWidget *gap = gtk_label_new ("…");
              gtk_widget_add_css_class (gap, "dim-label");
              gtk_grid_attach (GTK_GRID (self->grid), gap, 1, self->rows, 1, 1);
            }
        }
      format_node (self, &board, node, text);
      gtk_button_set_label (GTK_BUTTON (button), text->str);
      show_move_text (button, node, text->str);
      chess_figurine_label_fit (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))));
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "move");
      gtk_widget_set_hexpand (button, TRUE);
      gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0.0);
      g_object_set_data (G_OBJECT (button), "node", (gpointer) node);
      g_signal_connect (button, "clicked", G_CALLBACK (move_clicked_cb), self);
      const char *description;
      const char *mistake = mistake_class (node, &description);
      if (mistake != NULL)
        {
          gtk_widget_add_css_class (button, mistake);
          gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                          -1);
        }
      gtk_grid_attach (GTK_GRID (self->grid), button, black ? 2 : 1, self->rows, 1, 1);
      g_ptr_array_add (self->buttons, button);

      GtkWidget *annotation = annotation_box (self, node, &board);
      row_open = !black && annotation == NULL;
      if (!row_open)
        self->rows++;
      if (annotation != NULL)
        gtk_grid_attach (GTK_GRID (self->grid), annotation, 0, self->rows++, 3, 1);

      chess_board_make (&board, node->move, &undo);
    }
}

/* Cuts the list before main-line move `first`'s row (before the White
 * move sharing it, or whose row is still open): returns the first move
 * left out. */
static guint
cut_rows (ChessMoveListView *self,
          guint              first)
{
  first = MIN (first, self->buttons->len);
  /* A row open for Black's move (or holding it) goes whole. */
  if (first > 0 && g_array_index (self->starts, ChessMoveRowStart, first - 1).row
                   == (first < self->buttons->len
                       ? g_array_index (self->starts, ChessMoveRowStart, first).row : self->rows))
    first--;
  if (first == self->buttons->len)
    return first;

  ChessMoveRowStart start = g_array_index (self->starts, ChessMoveRowStart, first);
  guint end = self->rows;   /* and the row still open for Black's move */
  if (g_array_index (self->starts, ChessMoveRowStart, self->starts->len - 1).row == end)
    end++;
  while (end > start.row)
    gtk_grid_remove_row (GTK_GRID (self->grid), (int) --end);
  self->rows = start.row;
  g_ptr_array_set_size (self->buttons, first);
  g_array_set_size (self->starts, first);
  g_ptr_array_set_size (self->nodes, start.n_nodes);
  g_ptr_array_set_size (self->long_comments, start.n_comments);
  g_array_set_size (self->variations, start.n_variations);
  return first;
}

/* Moves played or taken back: the rows from the first main-line move that
 * is not the one shown are made again; the ones before stay as they are
 * (with their place, the scroller's and the keyboard focus). */
static void
update_rows (ChessMoveListView *self)
{
  const ChessTreeNode *node = chess_game_get_tree (self->game)->root;
  guint same = 0;

  while (same < self->buttons->len && node->n_children > 0
         && g_object_get_data (g_ptr_array_index (self->buttons, same), "node") == node->children[0])
    {
      node = node->children[0];
      same++;
    }
  if (same == self->buttons->len && node->n_children == 0)
    return;
  append_rows (self, cut_rows (self, same));
}

static void
rebuild_rows (ChessMoveListView *self)
{
  const ChessTree *tree = chess_game_get_tree (self->game);

  self->viewed = chess_game_get_view_node (self->game);

  if (tree->root->comment != NULL)
    {
      LinkCursor end = cursor_at_end (self);
      g_autofree char *markup = comment_markup (self, tree->root->comment, &end);
      self->opening = markup_label (self, markup, "comment");
      gtk_widget_add_css_class (self->opening, "opening");
      gtk_grid_attach (GTK_GRID (self->grid), self->opening, 0, self->rows++, 3, 1);
    }
  append_rows (self, 0);
  update_current (self);
}

/* Gives the keyboard focus back to `node`'s move: its button, or the
 * variation's text it is in. */
static void
restore_focus (ChessMoveListView   *self,
               const ChessTreeNode *node)
{
  for (guint i = 0; i < self->buttons->len; i++)
    if (g_object_get_data (g_ptr_array_index (self->buttons, i), "node") == node)
      {
        gtk_widget_grab_focus (g_ptr_array_index (self->buttons, i));
        return;
      }
  ChessVariationText *variation = variation_showing (self, node);
  if (variation != NULL)
    gtk_widget_grab_focus (variation->label);
}

/* The list built anew; the keyboard focus stays on its move. */
static void
rebuild (ChessMoveListView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  graphene_rect_t bounds;
  ChessTreeNode *focused = NULL;

  if (focus != NULL && gtk_widget_is_ancestor (focus, self->grid))
    focused = _chess_move_list_view_focused_node (self, &bounds);
  clear (self);
  if (self->game == NULL)
    return;
  rebuild_rows (self);
  /* The move's new button is not placed yet: the viewport would scroll to
   * where it thinks it is (the top). The move is shown where it was, and
   * scroll_to_current brings it into view if needed. */
  gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (self->viewport), FALSE);
  if (focused != NULL)
    restore_focus (self, focused);
  gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (self->viewport), TRUE);
}
/* Another move viewed: only its mark moves. (Building the list anew
 * would lose its place and the keyboard focus.) */
static void
view_changed_cb (ChessMoveListView *self)
{
  const ChessTreeNode *was = self->viewed;
  ChessVariationText *before, *after;

  if (self->game == NULL)
    return;
  self->viewed = chess_game_get_view_node (self->game);
  /* A variation's viewed move is marked inside its text: redraw those. */
  before = variation_showing (self, was);
  after = variation_showing (self, self->viewed);
  if (before != NULL)
    redraw_variation (self, before);
  if (after != NULL && after != before)
    redraw_variation (self, after);
  update_current (self);
}

/* Only what changed is made again: a new game or an annotation builds the
 * list anew, a move or a take-back its last rows, another move viewed
 * moves the mark. */
static void
game_changed_cb (ChessMoveListView *self,
                 guint              changes)
{
  if (changes & (CHESS_GAME_CHANGED_RESET | CHESS_GAME_CHANGED_TREE))
    rebuild (self);
  else if (changes & (CHESS_GAME_CHANGED_MOVES | CHESS_GAME_CHANGED_LINE | CHESS_GAME_CHANGED_VIEW))
    {
      if (changes & CHESS_GAME_CHANGED_MOVES)
        update_rows (self);
      view_changed_cb (self);
    }
}

void
chess_move_list_view_set_game (ChessMoveListView *self,
                               ChessGame         *game)
{
  g_return_if_fail (CHESS_IS_MOVE_LIST_VIEW (self));

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  self->menu_node = NULL;
  if (game != NULL)
    g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  rebuild (self);
}

void
chess_move_list_view_set_notation (ChessMoveListView *self,
                                   ChessNotation      notation)
{
  g_return_if_fail (CHESS_IS_MOVE_LIST_VIEW (self));

  if (self->notation == notation)
    return;
  self->notation = notation;
  rebuild (self);
}

const char *
chess_move_list_view_get_move_text (ChessMoveListView *self,
                                    guint              ply)
{
  g_return_val_if_fail (CHESS_IS_MOVE_LIST_VIEW (self), NULL);

  if (ply >= self->buttons->len)
    return NULL;
  return g_object_get_data (g_ptr_array_index (self->buttons, ply), "move-text");
}

const char *
chess_move_list_view_get_number_text (ChessMoveListView *self,
                                      guint              ply)
{
  g_return_val_if_fail (CHESS_IS_MOVE_LIST_VIEW (self), NULL);

  if (self->game == NULL || ply >= self->buttons->len)
    return NULL;
  /* The row's number: White's for a Black move on the same row. */
  return gtk_label_get_text (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (self->grid), 0,
                                                               g_array_index (self->starts, ChessMoveRowStart, ply).row)));
}

int
chess_move_list_view_get_current (ChessMoveListView *self)
{
  g_return_val_if_fail (CHESS_IS_MOVE_LIST_VIEW (self), -1);
  return self->current;
}

GtkWidget *
chess_move_list_view_get_move_button (ChessMoveListView *self,
                                      guint              ply)
{
  g_return_val_if_fail (CHESS_IS_MOVE_LIST_VIEW (self), NULL);
  return ply < self->buttons->len ? g_ptr_array_index (self->buttons, ply) : NULL;
}

GtkWidget *
chess_move_list_view_get_annotation (ChessMoveListView *self,
                                     guint              ply)
{
  g_return_val_if_fail (CHESS_IS_MOVE_LIST_VIEW (self), NULL);

  if (ply == G_MAXUINT)
    return self->opening;
  if (ply >= self->starts->len)
    return NULL;
  /* On the row after the move's, when there is one. */
  GtkWidget *below = gtk_grid_get_child_at (GTK_GRID (self->grid), 0,
                                            g_array_index (self->starts, ChessMoveRowStart, ply).row + 1);
  return below != NULL && gtk_widget_has_css_class (below, "annotation") ? below : NULL;
}

ChessCommentEditor *
chess_move_list_view_get_comment_editor (ChessMoveListView *self)
{
  g_return_val_if_fail (CHESS_IS_MOVE_LIST_VIEW (self), NULL);
  _chess_move_list_view_ensure_comment_editor (self);
  return CHESS_COMMENT_EDITOR (self->comment_editor);
}

static void
chess_move_list_view_dispose (GObject *object)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (object);

  g_clear_handle_id (&self->pending_link_id, g_source_remove);
  g_clear_pointer (&self->pending_link, g_free);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_pointer (&self->comment_editor, gtk_widget_unparent);

  G_OBJECT_CLASS (chess_move_list_view_parent_class)->dispose (object);
}

static void
chess_move_list_view_finalize (GObject *object)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (object);

  g_ptr_array_unref (self->buttons);
  g_ptr_array_unref (self->nodes);
  g_ptr_array_unref (self->long_comments);
  g_array_unref (self->variations);
  g_array_unref (self->starts);

  G_OBJECT_CLASS (chess_move_list_view_parent_class)->finalize (object);
}

static void
chess_move_list_view_class_init (ChessMoveListViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = chess_move_list_view_dispose;
  G_OBJECT_CLASS (klass)->finalize = chess_move_list_view_finalize;
  widget_class->measure = chess_move_list_view_measure;
  widget_class->size_allocate = chess_move_list_view_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "movelist");
  /* A named group: GTK 4.18 leaves a generic widget out of the
   * accessible tree, and its name "Moves" with it. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  _chess_move_list_view_class_init_menu (widget_class);
}

static void
chess_move_list_view_init (ChessMoveListView *self)
{
  self->buttons = g_ptr_array_new ();
  self->nodes = g_ptr_array_new ();
  self->long_comments = g_ptr_array_new ();
  self->variations = g_array_new (FALSE, FALSE, sizeof (ChessVariationText));
  self->starts = g_array_new (FALSE, FALSE, sizeof (ChessMoveRowStart));
  self->current = -1;
  self->notation = CHESS_NOTATION_SAN;

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 4);
  gtk_grid_set_column_homogeneous (GTK_GRID (self->grid), FALSE);
  gtk_widget_set_valign (self->grid, GTK_ALIGN_START);
  self->viewport = gtk_viewport_new (NULL, NULL);
  gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (self->viewport), TRUE);
  gtk_viewport_set_child (GTK_VIEWPORT (self->viewport), self->grid);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->viewport);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"),
                                  -1);

  _chess_move_list_view_init_menu (self);
}

GtkWidget *
chess_move_list_view_new (void)
{
  return g_object_new (CHESS_TYPE_MOVE_LIST_VIEW, NULL);
}
