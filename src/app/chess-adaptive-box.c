/* chess-adaptive-box.c — the board-and-panel layout. */
#include "config.h"

#include "chess-adaptive-box.h"

/* The board is worth a side-by-side layout only when it gets at least this
 * much width next to the panel. */
#define MIN_WIDE_BOARD 400
#define MAX_PANEL      440
#define SPACING        12

/* The children are found through the widget tree (board first, panel
 * last), never kept in fields: a template may dispose them first. */
struct _ChessAdaptiveBox
{
  GtkWidget  parent_instance;

  gboolean   stacked;
};

#define BOARD(self) gtk_widget_get_first_child (GTK_WIDGET (self))
#define PANEL(self) gtk_widget_get_last_child (GTK_WIDGET (self))

static void chess_adaptive_box_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ChessAdaptiveBox, chess_adaptive_box, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE,
                                                      chess_adaptive_box_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

static void
chess_adaptive_box_add_child (GtkBuildable *buildable,
                              GtkBuilder   *builder,
                              GObject      *child,
                              const char   *type)
{
  ChessAdaptiveBox *self = CHESS_ADAPTIVE_BOX (buildable);

  if (GTK_IS_WIDGET (child) && BOARD (self) == PANEL (self))
    gtk_widget_set_parent (GTK_WIDGET (child), GTK_WIDGET (self));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
chess_adaptive_box_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = chess_adaptive_box_add_child;
}

static int
panel_width (ChessAdaptiveBox *self)
{
  int min = 0, nat = 0;

  gtk_widget_measure (PANEL (self), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  return MAX (min, MIN (nat, MAX_PANEL));
}

static gboolean
is_wide (ChessAdaptiveBox *self,
         int               width)
{
  return width - panel_width (self) - SPACING >= MIN_WIDE_BOARD;
}

static GtkSizeRequestMode
chess_adaptive_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
chess_adaptive_box_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  ChessAdaptiveBox *self = CHESS_ADAPTIVE_BOX (widget);
  int bmin = 0, bnat = 0, pmin = 0, pnat = 0;

  *minimum = *natural = 0;
  if (BOARD (self) == PANEL (self))
    return;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (BOARD (self), orientation, -1, &bmin, &bnat, NULL, NULL);
      gtk_widget_measure (PANEL (self), orientation, -1, &pmin, &pnat, NULL, NULL);
      /* Narrow, it stacks: as narrow as the wider of the two. */
      *minimum = MAX (bmin, pmin);
      *natural = bnat + SPACING + MIN (pnat, MAX_PANEL);
      return;
    }

  gtk_widget_measure (BOARD (self), orientation, -1, &bmin, &bnat, NULL, NULL);
  if (for_size >= 0 && !is_wide (self, for_size))
    {
      gtk_widget_measure (PANEL (self), orientation, for_size, &pmin, &pnat, NULL, NULL);
      *minimum = bmin + SPACING + pmin;
      *natural = MAX (bnat, for_size) + SPACING + pnat;
    }
  else
    {
      int pw = for_size >= 0 ? panel_width (self) : -1;

      gtk_widget_measure (PANEL (self), orientation, pw, &pmin, &pnat, NULL, NULL);
      *minimum = MAX (bmin, pmin);
      *natural = MAX (bnat, pnat);
    }
}

static void
chess_adaptive_box_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  ChessAdaptiveBox *self = CHESS_ADAPTIVE_BOX (widget);
  GtkAllocation board_alloc, panel_alloc;

  if (BOARD (self) == PANEL (self))
    return;

  self->stacked = !is_wide (self, width);
  if (!self->stacked)
    {
      int pw = panel_width (self);
      /* A board limited by the height leaves width over: the panel takes
       * some of it, the board area the rest (the board centres itself). */
      int avail = width - pw - SPACING;
      int extra = MAX (avail - height, 0);
      int board_w = avail - MIN (extra, MAX (MAX_PANEL - pw, 0));

      board_alloc = (GtkAllocation) { 0, 0, board_w, height };
      panel_alloc = (GtkAllocation) { board_w + SPACING, 0, width - board_w - SPACING, height };
    }
  else
    {
      int pmin = 0, pnat = 0, side;

      gtk_widget_measure (PANEL (self), GTK_ORIENTATION_VERTICAL, width, &pmin, &pnat, NULL, NULL);
      side = MIN (width, height - SPACING - pmin);
      side = MAX (side, 0);
      board_alloc = (GtkAllocation) { 0, 0, width, side };
      panel_alloc = (GtkAllocation) { 0, side + SPACING, width, MAX (height - side - SPACING, pmin) };
    }
  gtk_widget_size_allocate (BOARD (self), &board_alloc, -1);
  gtk_widget_size_allocate (PANEL (self), &panel_alloc, -1);
}

gboolean
chess_adaptive_box_is_stacked (ChessAdaptiveBox *self)
{
  g_return_val_if_fail (CHESS_IS_ADAPTIVE_BOX (self), FALSE);
  return self->stacked;
}

static void
chess_adaptive_box_dispose (GObject *object)
{
  ChessAdaptiveBox *self = CHESS_ADAPTIVE_BOX (object);

  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (chess_adaptive_box_parent_class)->dispose (object);
}

static void
chess_adaptive_box_class_init (ChessAdaptiveBoxClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = chess_adaptive_box_dispose;
  widget_class->get_request_mode = chess_adaptive_box_get_request_mode;
  widget_class->measure = chess_adaptive_box_measure;
  widget_class->size_allocate = chess_adaptive_box_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "adaptivebox");
}

static void
chess_adaptive_box_init (ChessAdaptiveBox *self)
{
}

GtkWidget *
chess_adaptive_box_new (void)
{
  return g_object_new (CHESS_TYPE_ADAPTIVE_BOX, NULL);
}
