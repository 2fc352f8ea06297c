/* chess-review-panel.c — the game review in the side panel. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-review-panel.h"

struct _ChessReviewPanel
{
  GtkWidget       parent_instance;

  /* Children */
  GtkWidget      *box;
  ChessEvalGraph *graph;

  /* Owned */
  ChessGame      *game;
};

G_DEFINE_FINAL_TYPE (ChessReviewPanel, chess_review_panel, GTK_TYPE_WIDGET)

/* Shown while there is something to show. */
static void
update_visibility (ChessReviewPanel *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), chess_eval_graph_get_n_known (self->graph) > 0);
}

void
chess_review_panel_set_game (ChessReviewPanel *self,
                             ChessGame        *game)
{
  g_return_if_fail (CHESS_IS_REVIEW_PANEL (self));
  g_return_if_fail (game == NULL || CHESS_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  chess_eval_graph_set_game (self->graph, game);
  if (game != NULL)
    {
      /* Connected after the graph: it has read the tree by then. */
      g_signal_connect_swapped (game, "reset", G_CALLBACK (update_visibility), self);
      g_signal_connect_swapped (game, "tree-changed", G_CALLBACK (update_visibility), self);
      g_signal_connect_swapped (game, "line-changed", G_CALLBACK (update_visibility), self);
      g_signal_connect_swapped (game, "moved", G_CALLBACK (update_visibility), self);
      g_signal_connect_swapped (game, "taken-back", G_CALLBACK (update_visibility), self);
    }
  update_visibility (self);
}

ChessEvalGraph *
chess_review_panel_get_graph (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), NULL);
  return self->graph;
}

/* ---- Size: never more than the room there is ---- */

static void
chess_review_panel_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  ChessReviewPanel *self = CHESS_REVIEW_PANEL (widget);

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, NULL, NULL);
  /* The layout keeps the board's size whatever the panel shows. */
  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = 0;
}

static void
chess_review_panel_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  ChessReviewPanel *self = CHESS_REVIEW_PANEL (widget);
  int minimum = 0;

  /* Short of room, the box keeps its own minimum and is cut off. */
  gtk_widget_measure (self->box, GTK_ORIENTATION_VERTICAL, width, &minimum, NULL, NULL, NULL);
  gtk_widget_allocate (self->box, width, MAX (height, minimum), -1, NULL);
}

/* ---- GObject ---- */

static void
chess_review_panel_dispose (GObject *object)
{
  ChessReviewPanel *self = CHESS_REVIEW_PANEL (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (chess_review_panel_parent_class)->dispose (object);
}

static void
chess_review_panel_class_init (ChessReviewPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = chess_review_panel_dispose;
  widget_class->measure = chess_review_panel_measure;
  widget_class->size_allocate = chess_review_panel_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "reviewpanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
chess_review_panel_init (ChessReviewPanel *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game review"),
                                  -1);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->graph = CHESS_EVAL_GRAPH (chess_eval_graph_new ());
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->graph));
  update_visibility (self);
}

GtkWidget *
chess_review_panel_new (void)
{
  return g_object_new (CHESS_TYPE_REVIEW_PANEL, NULL);
}
