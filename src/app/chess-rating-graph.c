/* chess-rating-graph.c — the puzzle rating's history as a line. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-rating-graph.h"

#define NATURAL_HEIGHT 56
#define MIN_WIDTH      80
#define LINE_WIDTH     2.0
/* Ratings never look flatter than this span, so one puzzle's few points
 * do not fill the whole height. */
#define MIN_SPAN       60

struct _ChessRatingGraph
{
  GtkWidget  parent_instance;

  GArray    *points;   /* ChessRatingPoint */
};

G_DEFINE_FINAL_TYPE (ChessRatingGraph, chess_rating_graph, GTK_TYPE_WIDGET)

/* Adwaita's blue: legible over both the light and the dark panel. */
static const GdkRGBA line_colour = { 0.21, 0.52, 0.89, 1.0 };

static void
foreground (GtkWidget *widget,
            GdkRGBA   *color)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, color);
#else
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

static void
chess_rating_graph_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  ChessRatingGraph *self = CHESS_RATING_GRAPH (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  guint n = self->points->len;
  int low = G_MAXINT, high = G_MININT;
  double pad = LINE_WIDTH * 2;
  GdkRGBA frame, fill = line_colour;
  cairo_t *cr;

  if (width <= 2 * pad || height <= 2 * pad)
    return;
  foreground (widget, &frame);
  frame.alpha *= 0.15;
  fill.alpha = 0.18;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* A faint base line, so an empty history still shows where it will be. */
  gdk_cairo_set_source_rgba (cr, &frame);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, 0, height - 0.5);
  cairo_line_to (cr, width, height - 0.5);
  cairo_stroke (cr);

  for (guint i = 0; i < n; i++)
    {
      int r = g_array_index (self->points, ChessRatingPoint, i).rating;

      low = MIN (low, r);
      high = MAX (high, r);
    }
  if (n > 0 && high - low < MIN_SPAN)
    {
      int mid = (high + low) / 2;

      low = mid - MIN_SPAN / 2;
      high = mid + MIN_SPAN / 2;
    }

#define X(i) (n > 1 ? pad + (width - 2 * pad) * (i) / (double) (n - 1) : width / 2)
#define Y(r) (pad + (height - 2 * pad) * (1.0 - ((r) - low) / (double) (high - low)))
  if (n > 1)
    {
      for (guint i = 0; i < n; i++)
        {
          int r = g_array_index (self->points, ChessRatingPoint, i).rating;

          if (i == 0)
            cairo_move_to (cr, X (i), Y (r));
          else
            cairo_line_to (cr, X (i), Y (r));
        }
      cairo_line_to (cr, X (n - 1), height);
      cairo_line_to (cr, X (0), height);
      cairo_close_path (cr);
      gdk_cairo_set_source_rgba (cr, &fill);
      cairo_fill (cr);

      for (guint i = 0; i < n; i++)
        {
          int r = g_array_index (self->points, ChessRatingPoint, i).rating;

          if (i == 0)
            cairo_move_to (cr, X (i), Y (r));
          else
            cairo_line_to (cr, X (i), Y (r));
        }
      gdk_cairo_set_source_rgba (cr, &line_colour);
      cairo_set_line_width (cr, LINE_WIDTH);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_stroke (cr);
    }
  if (n == 1)
    {
      /* One puzzle so far: where the rating stands, across. */
      int r = g_array_index (self->points, ChessRatingPoint, 0).rating;

      gdk_cairo_set_source_rgba (cr, &line_colour);
      cairo_set_line_width (cr, LINE_WIDTH);
      cairo_move_to (cr, pad, Y (r));
      cairo_line_to (cr, width - pad, Y (r));
      cairo_stroke (cr);
    }
  if (n > 0)
    {
      /* The rating now, as a dot at the end. */
      int r = g_array_index (self->points, ChessRatingPoint, n - 1).rating;

      gdk_cairo_set_source_rgba (cr, &line_colour);
      cairo_arc (cr, n > 1 ? X (n - 1) : width - pad, Y (r), LINE_WIDTH * 1.5, 0, 2 * G_PI);
      cairo_fill (cr);
    }
#undef X
#undef Y
  cairo_destroy (cr);
}

static void
chess_rating_graph_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = MIN_WIDTH;
  else
    *minimum = *natural = NATURAL_HEIGHT;
}

static void
chess_rating_graph_finalize (GObject *object)
{
  ChessRatingGraph *self = CHESS_RATING_GRAPH (object);

  g_array_unref (self->points);
  G_OBJECT_CLASS (chess_rating_graph_parent_class)->finalize (object);
}

static void
chess_rating_graph_class_init (ChessRatingGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = chess_rating_graph_finalize;
  widget_class->snapshot = chess_rating_graph_snapshot;
  widget_class->measure = chess_rating_graph_measure;
  gtk_widget_class_set_css_name (widget_class, "ratinggraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
chess_rating_graph_init (ChessRatingGraph *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (ChessRatingPoint));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Rating history"),
                                  -1);
}

GtkWidget *
chess_rating_graph_new (void)
{
  return g_object_new (CHESS_TYPE_RATING_GRAPH, NULL);
}

void
chess_rating_graph_set_history (ChessRatingGraph       *self,
                                const ChessRatingPoint *points,
                                guint                   n)
{
  g_autofree char *description = NULL;

  g_return_if_fail (CHESS_IS_RATING_GRAPH (self));
  g_return_if_fail (points != NULL || n == 0);

  g_array_set_size (self->points, 0);
  g_array_append_vals (self->points, points, n);
  if (n > 0)
    /* Translators: a screen reader's words for the rating graph: the
     * number of puzzles, the first and the last rating. */
    description = g_strdup_printf (ngettext ("%u puzzle, from %d to %d",
                                             "%u puzzles, from %d to %d", n),
                                   n, points[0].rating, points[n - 1].rating);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : _("No puzzles yet"),
                                  -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
chess_rating_graph_get_n_points (ChessRatingGraph *self)
{
  g_return_val_if_fail (CHESS_IS_RATING_GRAPH (self), 0);
  return self->points->len;
}
