/* chess-adaptive-box.c — the board, the players' bars and the panel. */
#include "config.h"

#include "chess-adaptive-box.h"

/* The wide layout's column has a fixed width, so that names, the "to move"
 * mark and the status text never take width from the board; with width to
 * spare beside a board limited by the height it grows up to MAX_PANEL. */
#define PANEL_WIDTH   320
#define MAX_PANEL     440
#define SPACING       12    /* between the board and the column */
#define GAP           8     /* between the bars, the board and the panel */
#define NATURAL_BOARD 640

/* The children are found through the widget tree (top bar, board, bottom
 * bar, panel), never kept in fields: a template may dispose them first.
 * The tree order is the visual order, for focus and screen readers. */
struct _ChessAdaptiveBox
{
  GtkWidget  parent_instance;

  gboolean   stacked;
};

typedef enum
{
  CHILD_TOP,
  CHILD_BOARD,
  CHILD_BOTTOM,
  CHILD_PANEL,
  N_CHILDREN
} ChildRole;

/* Where the board goes and how large it is, for a size of the box. */
typedef struct
{
  gboolean wide;
  int      side;
} Plan;

static void chess_adaptive_box_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (ChessAdaptiveBox, chess_adaptive_box, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE,
                                                      chess_adaptive_box_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

static GtkWidget *
child (ChessAdaptiveBox *self,
       ChildRole         role)
{
  GtkWidget *widget = gtk_widget_get_first_child (GTK_WIDGET (self));

  for (int i = 0; i < (int) role && widget != NULL; i++)
    widget = gtk_widget_get_next_sibling (widget);
  return widget;
}

static gboolean
is_complete (ChessAdaptiveBox *self)
{
  return child (self, CHILD_PANEL) != NULL;
}

static void
chess_adaptive_box_add_child (GtkBuildable *buildable,
                              GtkBuilder   *builder,
                              GObject      *object,
                              const char   *type)
{
  ChessAdaptiveBox *self = CHESS_ADAPTIVE_BOX (buildable);

  if (GTK_IS_WIDGET (object) && !is_complete (self))
    gtk_widget_set_parent (GTK_WIDGET (object), GTK_WIDGET (self));
  else
    parent_buildable_iface->add_child (buildable, builder, object, type);
}

static void
chess_adaptive_box_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = chess_adaptive_box_add_child;
}

/* ---- Sizes ---- */

static int
min_size (GtkWidget      *widget,
          GtkOrientation  orientation,
          int             for_size)
{
  int min = 0;

  gtk_widget_measure (widget, orientation, for_size, &min, NULL, NULL, NULL);
  return min;
}

static int
board_min (ChessAdaptiveBox *self)
{
  GtkWidget *board = child (self, CHILD_BOARD);

  return MAX (min_size (board, GTK_ORIENTATION_HORIZONTAL, -1),
              min_size (board, GTK_ORIENTATION_VERTICAL, -1));
}

static int
column_min_width (ChessAdaptiveBox *self)
{
  return MAX (MAX (min_size (child (self, CHILD_TOP), GTK_ORIENTATION_HORIZONTAL, -1),
                   min_size (child (self, CHILD_BOTTOM), GTK_ORIENTATION_HORIZONTAL, -1)),
              min_size (child (self, CHILD_PANEL), GTK_ORIENTATION_HORIZONTAL, -1));
}

/* Both bars get the taller one's height, so that swapping them (when the
 * board is flipped) moves nothing. */
static int
bar_height (ChessAdaptiveBox *self,
            int               width)
{
  width = MAX (width, column_min_width (self));
  return MAX (min_size (child (self, CHILD_TOP), GTK_ORIENTATION_VERTICAL, width),
              min_size (child (self, CHILD_BOTTOM), GTK_ORIENTATION_VERTICAL, width));
}

/* The two bars and the panel at its smallest, one above the other. */
static int
column_min_height (ChessAdaptiveBox *self,
                   int               width)
{
  width = MAX (width, column_min_width (self));
  return 2 * bar_height (self, width) + 2 * GAP
         + min_size (child (self, CHILD_PANEL), GTK_ORIENTATION_VERTICAL, width);
}

/* The layout that gives the larger board wins; both depend only on the
 * box's size and on the children's minimum sizes, which do not change with
 * what they show. */
static Plan
plan_layout (ChessAdaptiveBox *self,
             int               width,
             int               height)
{
  int smallest = board_min (self);
  int wide_avail = width - PANEL_WIDTH - SPACING;
  int wide_side = MIN (wide_avail, height);
  int narrow_side = MIN (width, height - column_min_height (self, width) - GAP);
  gboolean wide_fits = wide_avail >= smallest
                       && height >= MAX (smallest, column_min_height (self, PANEL_WIDTH));

  if (wide_fits && wide_side > narrow_side)
    return (Plan) { TRUE, wide_side };
  return (Plan) { FALSE, MAX (narrow_side, 0) };
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
  int smallest, min_width, width, wide_avail;

  *minimum = *natural = 0;
  if (!is_complete (self))
    return;

  smallest = board_min (self);
  min_width = MAX (smallest, column_min_width (self));
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = min_width;
      *natural = MAX (min_width, NATURAL_BOARD + SPACING + PANEL_WIDTH);
      return;
    }

  width = for_size >= 0 ? MAX (for_size, min_width) : NATURAL_BOARD + SPACING + PANEL_WIDTH;
  wide_avail = width - PANEL_WIDTH - SPACING;
  /* Narrow: the bars, the smallest board and the panel, one above the other. */
  *minimum = smallest + column_min_height (self, width) + GAP;
  *natural = MIN (width, NATURAL_BOARD) + column_min_height (self, width) + GAP;
  if (wide_avail >= smallest)
    {
      int wide_min = MAX (smallest, column_min_height (self, PANEL_WIDTH));

      *minimum = MIN (*minimum, wide_min);
      *natural = MAX (wide_min, MIN (wide_avail, NATURAL_BOARD));
    }
}

static void
allocate (GtkWidget *widget,
          int        x,
          int        y,
          int        width,
          int        height)
{
  GtkAllocation alloc = { x, y, MAX (width, 0), MAX (height, 0) };

  gtk_widget_size_allocate (widget, &alloc, -1);
}

static void
allocate_wide (ChessAdaptiveBox *self,
               int               width,
               int               height,
               int               side)
{
  /* A board limited by the height leaves width over: the column takes some
   * of it, and the board and the column stay together in the middle. */
  int spare = width - PANEL_WIDTH - SPACING - side;
  int panel_w = PANEL_WIDTH + CLAMP (spare, 0, MAX_PANEL - PANEL_WIDTH);
  int x = (width - side - SPACING - panel_w) / 2;
  int board_y = (height - side) / 2;
  int column_x = x + side + SPACING;
  int bar_h = bar_height (self, panel_w);
  int column_y = 0, column_h = height;

  /* The bars line up with the board's edges when the column fits there. */
  if (side >= column_min_height (self, panel_w))
    {
      column_y = board_y;
      column_h = side;
    }
  allocate (child (self, CHILD_BOARD), x, board_y, side, side);
  allocate (child (self, CHILD_TOP), column_x, column_y, panel_w, bar_h);
  allocate (child (self, CHILD_PANEL), column_x, column_y + bar_h + GAP,
            panel_w, column_h - 2 * bar_h - 2 * GAP);
  allocate (child (self, CHILD_BOTTOM), column_x, column_y + column_h - bar_h, panel_w, bar_h);
}

static void
allocate_narrow (ChessAdaptiveBox *self,
                 int               width,
                 int               height,
                 int               side)
{
  int bar_h = bar_height (self, width);
  int panel_min = min_size (child (self, CHILD_PANEL), GTK_ORIENTATION_VERTICAL,
                            MAX (width, column_min_width (self)));
  int y = 0;

  allocate (child (self, CHILD_TOP), 0, y, width, bar_h);
  y += bar_h + GAP;
  /* The board takes the full width; it centres its squares itself. */
  allocate (child (self, CHILD_BOARD), 0, y, width, side);
  y += side + GAP;
  allocate (child (self, CHILD_BOTTOM), 0, y, width, bar_h);
  y += bar_h + GAP;
  allocate (child (self, CHILD_PANEL), 0, y, width, MAX (height - y, panel_min));
}

static void
chess_adaptive_box_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  ChessAdaptiveBox *self = CHESS_ADAPTIVE_BOX (widget);
  Plan plan;

  if (!is_complete (self))
    return;

  plan = plan_layout (self, width, height);
  self->stacked = !plan.wide;
  if (plan.wide)
    allocate_wide (self, width, height, plan.side);
  else
    allocate_narrow (self, width, height, plan.side);
}

/* ---- Public ---- */

gboolean
chess_adaptive_box_is_stacked (ChessAdaptiveBox *self)
{
  g_return_val_if_fail (CHESS_IS_ADAPTIVE_BOX (self), FALSE);
  return self->stacked;
}

void
chess_adaptive_box_set_bars (ChessAdaptiveBox *self,
                             GtkWidget        *top,
                             GtkWidget        *bottom)
{
  GtkWidget *old_top, *old_bottom, *board;

  g_return_if_fail (CHESS_IS_ADAPTIVE_BOX (self));
  g_return_if_fail (is_complete (self));

  old_top = child (self, CHILD_TOP);
  old_bottom = child (self, CHILD_BOTTOM);
  g_return_if_fail ((top == old_top && bottom == old_bottom)
                    || (top == old_bottom && bottom == old_top));

  if (top == old_top)
    return;
  board = child (self, CHILD_BOARD);
  gtk_widget_insert_after (top, GTK_WIDGET (self), NULL);
  gtk_widget_insert_after (bottom, GTK_WIDGET (self), board);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

GtkWidget *
chess_adaptive_box_get_top_bar (ChessAdaptiveBox *self)
{
  g_return_val_if_fail (CHESS_IS_ADAPTIVE_BOX (self), NULL);
  return is_complete (self) ? child (self, CHILD_TOP) : NULL;
}

GtkWidget *
chess_adaptive_box_get_bottom_bar (ChessAdaptiveBox *self)
{
  g_return_val_if_fail (CHESS_IS_ADAPTIVE_BOX (self), NULL);
  return is_complete (self) ? child (self, CHILD_BOTTOM) : NULL;
}

/* ---- GObject ---- */

static void
chess_adaptive_box_dispose (GObject *object)
{
  GtkWidget *widget;

  while ((widget = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (widget);

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
