/* chess-eval-graph.c — the evaluation graph. */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "chess-eval-graph.h"
#include "chess-review-score.h"

/* Room at the sides so the first and last points (and their dots) show. */
#define PAD_X 4.0
#define DOT_RADIUS 3.5
/* Tall enough that a swing of a pawn in an even game (about 9% of the
 * height on the winning-chances scale) is seen at a glance. */
#define MIN_HEIGHT 56
#define NATURAL_HEIGHT 80
#define MIN_WIDTH 120
/* Page Up / Page Down move this many points. */
#define PAGE_POINTS 10

typedef struct
{
  ChessTreeNode *node;    /* the main line's node (the root for point 0) */
  double         level;   /* 0 … 1, or -1 when unknown */
  guint8         mark;    /* NAG 6 (?!), 2 (?) or 4 (??), else 0 */
} Point;

struct _ChessEvalGraph
{
  GtkWidget  parent_instance;

  /* Owned */
  ChessGame *game;
  GArray    *points;      /* Point */
  int        marked;      /* the point viewed, or -1 */
  guint      n_known;
};

G_DEFINE_FINAL_TYPE (ChessEvalGraph, chess_eval_graph, GTK_TYPE_WIDGET)

static guint reloaded_signal;

/* The area colours match the evaluation bar's (style.css): White's share
 * light, Black's dark, both on a mid grey that stands out from the light
 * and the dark window background; the grey is also what is not known. */
static const GdkRGBA white_area = { 0.965, 0.965, 0.965, 1 };
static const GdkRGBA black_area = { 0.118, 0.118, 0.118, 1 };
static const GdkRGBA unknown_area = { 0.54, 0.54, 0.54, 1 };
static const GdkRGBA middle_line = { 0.54, 0.54, 0.54, 1 };
/* The marker of the move viewed: GNOME's blue, seen on white and black. */
static const GdkRGBA marker_color = { 0.208, 0.518, 0.894, 1 };
/* ?! yellow, ? orange, ?? red (GNOME's palette). */
static const GdkRGBA inaccuracy_color = { 0.965, 0.827, 0.176, 1 };
static const GdkRGBA mistake_color = { 1.0, 0.471, 0.0, 1 };
static const GdkRGBA blunder_color = { 0.878, 0.106, 0.141, 1 };

/* ---- Values ---- */

double
chess_eval_graph_level_of_eval (const ChessTreeEval *eval)
{
  g_return_val_if_fail (eval != NULL, -1);

  switch (eval->kind)
    {
    case CHESS_TREE_EVAL_CENTIPAWNS:
      /* White's winning chances, as the review judges moves by them:
       * ordinary swings near equality show, and +12 looks like +9. */
      return chess_review_win_chance (eval->value);
    case CHESS_TREE_EVAL_MATE:
      /* "#0" would be the mated side's own position: no winner given. */
      if (eval->value == 0)
        return -1;
      return eval->value > 0 ? 1.0 : 0.0;
    case CHESS_TREE_EVAL_NONE:
    default:
      return -1;
    }
}

/* A position where the side to move is mated needs no engine. */
static double
level_of_mate (const ChessTree     *tree,
               const ChessTreeNode *node)
{
  ChessBoard board;
  ChessMoveList list;

  chess_tree_board_at (tree, node, &board);
  if (!chess_board_in_check (&board) || chess_board_generate_legal (&board, &list) > 0)
    return -1;
  return board.side == CHESS_COLOR_WHITE ? 0.0 : 1.0;
}

static guint8
mistake_mark (const ChessTreeNode *node)
{
  /* The worst mark wins when a move has several. */
  if (chess_tree_node_has_nag (node, 4))
    return 4;
  if (chess_tree_node_has_nag (node, 2))
    return 2;
  if (chess_tree_node_has_nag (node, 6))
    return 6;
  return 0;
}

static void
update_accessible (ChessEvalGraph *self);

/* The point of the node viewed: on the main line its own, else the last
 * main-line move before its variation. */
static void
update_marked (ChessEvalGraph *self)
{
  ChessTreeNode *node = self->game != NULL ? chess_game_get_view_node (self->game) : NULL;
  int marked = -1;

  while (node != NULL && !chess_tree_node_is_main_line (node))
    node = node->parent;
  if (node != NULL && node->ply < self->points->len)
    marked = (int) node->ply;
  if (marked != self->marked)
    {
      self->marked = marked;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  update_accessible (self);
}

static void
reload (ChessEvalGraph *self)
{
  g_array_set_size (self->points, 0);
  self->n_known = 0;
  self->marked = -1;
  if (self->game != NULL)
    {
      const ChessTree *tree = chess_game_get_tree (self->game);

      for (ChessTreeNode *node = tree->root; node != NULL;
           node = node->n_children > 0 ? node->children[0] : NULL)
        {
          Point point = { node, chess_eval_graph_level_of_eval (&node->eval), 0 };

          if (node->parent != NULL)
            point.mark = mistake_mark (node);
          if (point.level >= 0)
            self->n_known++;
          g_array_append_val (self->points, point);
        }
      /* A game ending in mate reaches the edge once the position before
       * the mate is evaluated (a game without evaluations shows no graph,
       * and a review under way does not jump to the end). */
      if (self->points->len > 1
          && g_array_index (self->points, Point, self->points->len - 2).level >= 0)
        {
          Point *end = &g_array_index (self->points, Point, self->points->len - 1);

          if (end->level < 0)
            {
              end->level = level_of_mate (tree, end->node);
              if (end->level >= 0)
                self->n_known++;
            }
        }
    }
  update_marked (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, reloaded_signal, 0);
}

/* ---- Geometry ---- */

guint
chess_eval_graph_get_n_points (ChessEvalGraph *self)
{
  g_return_val_if_fail (CHESS_IS_EVAL_GRAPH (self), 0);
  return self->points->len;
}

guint
chess_eval_graph_get_n_known (ChessEvalGraph *self)
{
  g_return_val_if_fail (CHESS_IS_EVAL_GRAPH (self), 0);
  return self->n_known;
}

int
chess_eval_graph_get_marked (ChessEvalGraph *self)
{
  g_return_val_if_fail (CHESS_IS_EVAL_GRAPH (self), -1);
  return self->marked;
}

double
chess_eval_graph_get_level (ChessEvalGraph *self,
                            guint           point)
{
  g_return_val_if_fail (CHESS_IS_EVAL_GRAPH (self), -1);

  if (point >= self->points->len)
    return -1;
  return g_array_index (self->points, Point, point).level;
}

/* The distance between two points; a single point sits in the middle. */
static double
step (ChessEvalGraph *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD_X;

  if (self->points->len < 2)
    return 0;
  return MAX (width, 0) / (self->points->len - 1);
}

double
chess_eval_graph_x_of_point (ChessEvalGraph *self,
                             guint           point)
{
  g_return_val_if_fail (CHESS_IS_EVAL_GRAPH (self), 0);

  if (self->points->len < 2)
    return gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
  return PAD_X + point * step (self);
}

int
chess_eval_graph_point_at (ChessEvalGraph *self,
                           double          x)
{
  double s;

  g_return_val_if_fail (CHESS_IS_EVAL_GRAPH (self), -1);

  if (self->points->len == 0)
    return -1;
  s = step (self);
  if (s <= 0)
    return 0;
  return (int) CLAMP (floor ((x - PAD_X) / s + 0.5), 0, self->points->len - 1);
}

/* ---- Choosing a point ---- */

static void
show_point (ChessEvalGraph *self,
            int             point)
{
  if (self->game == NULL || point < 0 || (guint) point >= self->points->len)
    return;
  if (point == self->marked
      && chess_game_get_view_node (self->game) == g_array_index (self->points, Point, point).node)
    return;
  chess_game_select_node (self->game, g_array_index (self->points, Point, point).node);
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            ChessEvalGraph  *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  show_point (self, chess_eval_graph_point_at (self, x));
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ChessEvalGraph *self)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    show_point (self, chess_eval_graph_point_at (self, x + dx));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ChessEvalGraph        *self)
{
  int last = (int) self->points->len - 1;
  int from = self->marked >= 0 ? self->marked : last;
  int to;

  if (last < 0 || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: to = from - 1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: to = from + 1; break;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: to = from - PAGE_POINTS; break;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: to = from + PAGE_POINTS; break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: to = 0; break;
    case GDK_KEY_End: case GDK_KEY_KP_End: to = last; break;
    default: return FALSE;
    }
  show_point (self, CLAMP (to, 0, last));
  return TRUE;
}

/* ---- Accessibility ---- */

/* "+0.34", "−1.20", "mate in 3 for White" (U+2212 minus). */
static char *
describe_eval (const ChessTreeEval *eval)
{
  int value = eval->value;

  if (eval->kind == CHESS_TREE_EVAL_MATE && value > 0)
    /* Translators: an evaluation: White mates in %d moves. */
    return g_strdup_printf (ngettext ("White mates in %d move",
                                         "White mates in %d moves", value), value);
  if (eval->kind == CHESS_TREE_EVAL_MATE && value < 0)
    /* Translators: an evaluation: Black mates in %d moves. */
    return g_strdup_printf (ngettext ("Black mates in %d move",
                                         "Black mates in %d moves", -value), -value);
  if (eval->kind == CHESS_TREE_EVAL_CENTIPAWNS)
    return g_strdup_printf ("%s%d.%02d", value > 0 ? "+" : value < 0 ? "\xe2\x88\x92" : "",
                            ABS (value) / 100, ABS (value) % 100);
  return NULL;
}

/* "Move 12, White: +0.34" for the point viewed. */
static void
update_accessible (ChessEvalGraph *self)
{
  g_autofree char *text = NULL;
  g_autofree char *value = NULL;

  if (self->marked < 0)
    text = g_strdup (_("No position shown"));
  else
    {
      const Point *point = &g_array_index (self->points, Point, self->marked);
      const ChessBoard *start = chess_game_get_start_board (self->game);
      guint index = self->marked - 1 + (start->side == CHESS_COLOR_BLACK ? 1 : 0);
      g_autofree char *where = NULL;

      if (self->marked == 0)
        where = g_strdup (_("Starting position"));
      else if (index % 2 == 0)
        /* Translators: the position after White's move %u. */
        where = g_strdup_printf (_("Move %u, White"), MAX (start->fullmove_number, 1) + index / 2);
      else
        /* Translators: the position after Black's move %u. */
        where = g_strdup_printf (_("Move %u, Black"), MAX (start->fullmove_number, 1) + index / 2);
      value = describe_eval (&point->node->eval);
      if (value != NULL)
        /* Translators: the evaluation graph's point: where, then the evaluation. */
        text = g_strdup_printf (_("%s: %s"), where, value);
      else
        /* Translators: a point of the evaluation graph not evaluated (yet). */
        text = g_strdup_printf (_("%s: not evaluated"), where);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX,
                                  (double) MAX ((int) self->points->len - 1, 0),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) MAX (self->marked, 0),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

/* ---- Drawing ---- */

static double
y_of_level (double level,
            double height)
{
  return (1.0 - level) * height;
}

static void
set_source (cairo_t       *cr,
            const GdkRGBA *color)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}

static const GdkRGBA *
mark_color (guint8 mark)
{
  switch (mark)
    {
    case 4: return &blunder_color;
    case 2: return &mistake_color;
    case 6: return &inaccuracy_color;
    default: return NULL;
    }
}

/* The line through the known points, from the first to the last (an
 * unknown point between two known ones is passed over), reaching the
 * widget's edges when the first or last point is known, and closed along
 * the bottom: White's area. Its left and right ends go to *x0 and *x1;
 * FALSE when no point is known. */
static gboolean
trace_white_area (ChessEvalGraph *self,
                  cairo_t        *cr,
                  double          width,
                  double          height,
                  double         *x0,
                  double         *x1)
{
  int first = -1, last = -1;
  double last_y = 0;

  cairo_new_path (cr);
  for (guint i = 0; i < self->points->len; i++)
    {
      double level = g_array_index (self->points, Point, i).level;
      double x = chess_eval_graph_x_of_point (self, i);
      double y = y_of_level (level, height);

      if (level < 0)
        continue;
      if (first < 0)
        {
          first = (int) i;
          /* The start edge, or a narrow band before a point on its own. */
          *x0 = i == 0 ? 0 : x - 1.5;
          cairo_move_to (cr, *x0, y);
        }
      cairo_line_to (cr, x, y);
      last = (int) i;
      last_y = y;
    }
  if (first < 0)
    return FALSE;
  *x1 = (guint) last + 1 == self->points->len ? width
        : chess_eval_graph_x_of_point (self, last) + (first == last ? 1.5 : 0);
  cairo_line_to (cr, *x1, last_y);
  cairo_line_to (cr, *x1, height);
  cairo_line_to (cr, *x0, height);
  cairo_close_path (cr);
  return TRUE;
}

static void
chess_eval_graph_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  ChessEvalGraph *self = CHESS_EVAL_GRAPH (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  cairo_t *cr;
  double x0, x1;

  if (width <= 0 || height <= 0)
    return;
  gtk_snapshot_append_color (snapshot, &unknown_area, &bounds);
  if (self->points->len == 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &bounds);

  /* Black's area over the known range, then White's from the bottom up
   * to the line: their border is the evaluation. */
  if (trace_white_area (self, cr, width, height, &x0, &x1))
    {
      cairo_path_t *area = cairo_copy_path (cr);

      cairo_new_path (cr);
      set_source (cr, &black_area);
      cairo_rectangle (cr, x0, 0, x1 - x0, height);
      cairo_fill (cr);
      cairo_append_path (cr, area);
      set_source (cr, &white_area);
      cairo_fill (cr);
      cairo_path_destroy (area);
    }

  /* The even line. */
  set_source (cr, &middle_line);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, floor (height / 2) + 0.5);
  cairo_line_to (cr, width, floor (height / 2) + 0.5);
  cairo_stroke (cr);

  /* The move viewed. */
  if (self->marked >= 0)
    {
      double x = chess_eval_graph_x_of_point (self, self->marked);

      set_source (cr, &marker_color);
      cairo_set_line_width (cr, 2);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, height);
      cairo_stroke (cr);
    }

  /* Inaccuracies, mistakes and blunders on the line, outlined so the
   * yellow shows on white too. */
  for (guint i = 0; i < self->points->len; i++)
    {
      const Point *point = &g_array_index (self->points, Point, i);
      const GdkRGBA *color = mark_color (point->mark);

      if (color == NULL || point->level < 0)
        continue;
      cairo_new_path (cr);
      /* A dot at the edge (a mate) is kept whole. */
      cairo_arc (cr, chess_eval_graph_x_of_point (self, i),
                 CLAMP (y_of_level (point->level, height), DOT_RADIUS + 1, height - DOT_RADIUS - 1),
                 DOT_RADIUS, 0, 2 * G_PI);
      set_source (cr, color);
      cairo_fill_preserve (cr);
      set_source (cr, &black_area);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);

  /* A ring while the keys move along the graph (also after a click:
   * it says where the arrow keys go). */
  if (gtk_widget_has_focus (widget))
    {
      GskRoundedRect outline;
      float widths[4] = { 2, 2, 2, 2 };
      GdkRGBA colors[4] = { marker_color, marker_color, marker_color, marker_color };

      gsk_rounded_rect_init_from_rect (&outline, &bounds, 0);
      gtk_snapshot_append_border (snapshot, &outline, widths, colors);
    }
}

static void
chess_eval_graph_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MIN_WIDTH;
      *natural = MIN_WIDTH;
    }
  else
    {
      *minimum = MIN_HEIGHT;
      *natural = NATURAL_HEIGHT;
    }
}

/* ---- Game ---- */

void
chess_eval_graph_set_game (ChessEvalGraph *self,
                           ChessGame      *game)
{
  g_return_if_fail (CHESS_IS_EVAL_GRAPH (self));
  g_return_if_fail (game == NULL || CHESS_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect_swapped (game, "changed", G_CALLBACK (reload), self);
  reload (self);
}

ChessGame *
chess_eval_graph_get_game (ChessEvalGraph *self)
{
  g_return_val_if_fail (CHESS_IS_EVAL_GRAPH (self), NULL);
  return self->game;
}

/* ---- GObject ---- */

static void
chess_eval_graph_dispose (GObject *object)
{
  ChessEvalGraph *self = CHESS_EVAL_GRAPH (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (chess_eval_graph_parent_class)->dispose (object);
}

static void
chess_eval_graph_finalize (GObject *object)
{
  ChessEvalGraph *self = CHESS_EVAL_GRAPH (object);

  g_array_unref (self->points);

  G_OBJECT_CLASS (chess_eval_graph_parent_class)->finalize (object);
}

static void
chess_eval_graph_class_init (ChessEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chess_eval_graph_dispose;
  object_class->finalize = chess_eval_graph_finalize;
  widget_class->measure = chess_eval_graph_measure;
  widget_class->snapshot = chess_eval_graph_snapshot;

  reloaded_signal = g_signal_new ("reloaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
chess_eval_graph_init (ChessEvalGraph *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *click, *drag;
  GtkEventController *keys, *focus;

  self->points = g_array_new (FALSE, FALSE, sizeof (Point));
  self->marked = -1;

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_tooltip_text (widget, _("Evaluation: click a point to see the position"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation graph"),
                                  -1);

  click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_add_controller (widget, focus);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (widget, keys);

  update_accessible (self);
}

GtkWidget *
chess_eval_graph_new (void)
{
  return g_object_new (CHESS_TYPE_EVAL_GRAPH, NULL);
}
