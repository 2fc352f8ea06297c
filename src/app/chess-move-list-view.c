/* chess-move-list-view.c — the move list. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-move-list-view.h"

struct _ChessMoveListView
{
  GtkWidget      parent_instance;

  GtkWidget     *scroller;
  GtkWidget     *grid;
  GPtrArray     *buttons;        /* GtkButton *, one per ply (borrowed) */
  GPtrArray     *numbers;        /* GtkLabel *, one per row (borrowed) */
  ChessGame     *game;           /* owned */
  ChessNotation  notation;
  int            current;
  guint          scroll_id;
};

G_DEFINE_FINAL_TYPE (ChessMoveListView, chess_move_list_view, GTK_TYPE_WIDGET)

/* Black moved first when the game starts from a position with Black to
 * move: its first move sits in the right column. */
static guint
start_offset (ChessMoveListView *self)
{
  return chess_game_get_start_board (self->game)->side == CHESS_COLOR_BLACK ? 1 : 0;
}

static void
move_clicked_cb (GtkButton         *button,
                 ChessMoveListView *self)
{
  guint ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ply"));

  if (self->game != NULL)
    chess_game_set_view_ply (self->game, ply + 1);
}

static gboolean
scroll_to_current_cb (GtkWidget     *widget,
                      GdkFrameClock *clock,
                      gpointer       user_data)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (widget);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  graphene_rect_t bounds;

  self->scroll_id = 0;
  if (self->current < 0 || (guint) self->current >= self->buttons->len)
    {
      if (self->current < 0)
        gtk_adjustment_set_value (adj, 0);
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_compute_bounds (g_ptr_array_index (self->buttons, self->current),
                                 self->grid, &bounds))
    gtk_adjustment_clamp_page (adj, bounds.origin.y, bounds.origin.y + bounds.size.height);
  return G_SOURCE_REMOVE;
}

static void
queue_scroll (ChessMoveListView *self)
{
  /* After the next layout, when the new row has its place. */
  if (self->scroll_id == 0)
    self->scroll_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_current_cb,
                                                    NULL, NULL);
}

static void
update_current (ChessMoveListView *self)
{
  int current = self->game ? (int) chess_game_get_view_ply (self->game) - 1 : -1;

  if (self->current >= 0 && (guint) self->current < self->buttons->len)
    gtk_widget_remove_css_class (g_ptr_array_index (self->buttons, self->current), "current");
  self->current = current;
  if (current >= 0 && (guint) current < self->buttons->len)
    {
      GtkWidget *button = g_ptr_array_index (self->buttons, current);

      gtk_widget_add_css_class (button, "current");
    }
  queue_scroll (self);
}

static void
set_button_text (ChessMoveListView *self,
                 GtkWidget         *button,
                 guint              ply)
{
  char text[CHESS_MOVE_TEXT_MAX];

  if (chess_game_format_move (self->game, ply, self->notation, TRUE, text) == NULL)
    text[0] = '\0';
  gtk_button_set_label (GTK_BUTTON (button), text);
}

static void
append_move (ChessMoveListView *self,
             guint              ply)
{
  guint index = ply + start_offset (self);
  guint row = index / 2;
  GtkWidget *button = gtk_button_new ();

  while (self->numbers->len <= row)
    {
      const ChessBoard *start = chess_game_get_start_board (self->game);
      guint r = self->numbers->len;
      g_autofree char *text = g_strdup_printf ("%u.", start->fullmove_number + r);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_widget_add_css_class (label, "move-number");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_grid_attach (GTK_GRID (self->grid), label, 0, r, 1, 1);
      g_ptr_array_add (self->numbers, label);
    }

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "move");
  gtk_widget_set_hexpand (button, TRUE);
  g_object_set_data (G_OBJECT (button), "ply", GUINT_TO_POINTER (ply));
  set_button_text (self, button, ply);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0.0);
  g_signal_connect (button, "clicked", G_CALLBACK (move_clicked_cb), self);
  gtk_grid_attach (GTK_GRID (self->grid), button, 1 + index % 2, row, 1, 1);
  g_ptr_array_add (self->buttons, button);
}

static void
remove_last (ChessMoveListView *self)
{
  GtkWidget *button;
  guint index;

  if (self->buttons->len == 0)
    return;
  button = g_ptr_array_steal_index (self->buttons, self->buttons->len - 1);
  gtk_grid_remove (GTK_GRID (self->grid), button);
  index = self->buttons->len + (self->game ? start_offset (self) : 0);
  /* Drop the row's number when the row is now empty. */
  while (self->numbers->len > (index + 1) / 2 && self->numbers->len > 0)
    {
      GtkWidget *label = g_ptr_array_steal_index (self->numbers, self->numbers->len - 1);

      gtk_grid_remove (GTK_GRID (self->grid), label);
    }
}

static void
rebuild (ChessMoveListView *self)
{
  guint count;

  while (self->buttons->len > 0)
    remove_last (self);
  while (self->numbers->len > 0)
    gtk_grid_remove (GTK_GRID (self->grid), g_ptr_array_steal_index (self->numbers, self->numbers->len - 1));
  self->current = -1;
  if (self->game == NULL)
    return;
  count = chess_game_get_move_count (self->game);
  for (guint ply = 0; ply < count; ply++)
    append_move (self, ply);
  update_current (self);
}

static void
game_moved_cb (ChessGame         *game,
               ChessMoveInfo     *info,
               ChessMoveListView *self)
{
  /* The moves after a take-back may differ: sync by count. */
  while (self->buttons->len > info->ply)
    remove_last (self);
  append_move (self, info->ply);
  update_current (self);
}

static void
game_taken_back_cb (ChessGame         *game,
                    ChessMoveInfo     *info,
                    ChessMoveListView *self)
{
  while (self->buttons->len > chess_game_get_move_count (game))
    remove_last (self);
  update_current (self);
}

void
chess_move_list_view_set_game (ChessMoveListView *self,
                               ChessGame         *game)
{
  g_return_if_fail (CHESS_IS_MOVE_LIST_VIEW (self));

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect (game, "moved", G_CALLBACK (game_moved_cb), self);
      g_signal_connect (game, "taken-back", G_CALLBACK (game_taken_back_cb), self);
      g_signal_connect_swapped (game, "reset", G_CALLBACK (rebuild), self);
      g_signal_connect_swapped (game, "notify::view-ply", G_CALLBACK (update_current), self);
    }
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
  for (guint ply = 0; self->game != NULL && ply < self->buttons->len; ply++)
    set_button_text (self, g_ptr_array_index (self->buttons, ply), ply);
}

const char *
chess_move_list_view_get_move_text (ChessMoveListView *self,
                                    guint              ply)
{
  g_return_val_if_fail (CHESS_IS_MOVE_LIST_VIEW (self), NULL);

  if (ply >= self->buttons->len)
    return NULL;
  return gtk_button_get_label (g_ptr_array_index (self->buttons, ply));
}

const char *
chess_move_list_view_get_number_text (ChessMoveListView *self,
                                      guint              ply)
{
  guint row;

  g_return_val_if_fail (CHESS_IS_MOVE_LIST_VIEW (self), NULL);

  if (self->game == NULL || ply >= self->buttons->len)
    return NULL;
  row = (ply + start_offset (self)) / 2;
  return row < self->numbers->len ? gtk_label_get_text (g_ptr_array_index (self->numbers, row)) : NULL;
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

static void
chess_move_list_view_dispose (GObject *object)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (object);

  if (self->scroll_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_id);
  self->scroll_id = 0;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);

  G_OBJECT_CLASS (chess_move_list_view_parent_class)->dispose (object);
}

static void
chess_move_list_view_finalize (GObject *object)
{
  ChessMoveListView *self = CHESS_MOVE_LIST_VIEW (object);

  g_ptr_array_unref (self->buttons);
  g_ptr_array_unref (self->numbers);

  G_OBJECT_CLASS (chess_move_list_view_parent_class)->finalize (object);
}

static void
chess_move_list_view_class_init (ChessMoveListViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = chess_move_list_view_dispose;
  G_OBJECT_CLASS (klass)->finalize = chess_move_list_view_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
}

static void
chess_move_list_view_init (ChessMoveListView *self)
{
  self->buttons = g_ptr_array_new ();
  self->numbers = g_ptr_array_new ();
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
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->grid);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"),
                                  -1);
}

GtkWidget *
chess_move_list_view_new (void)
{
  return g_object_new (CHESS_TYPE_MOVE_LIST_VIEW, NULL);
}
