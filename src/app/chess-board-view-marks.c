/* chess-board-view-marks.c — the right mouse button and what it draws:
 * held on a piece it shows where that piece can go (a peek); a click
 * circles a square and a drag draws an arrow, both kept in the game's tree
 * as [%csl]/[%cal] marks. Also draws those marks and the arrows others
 * set (hints, analysis) above the pieces. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chess-board-view-private.h"

/* A right-button click shorter than this circles the square; held longer
 * on a piece, it only shows where the piece can go. */
#define MARK_CLICK_US (350 * G_TIME_SPAN_MILLISECOND)

static void
peek_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ChessBoardView *self)
{
  ChessSquare sq = chess_board_view_square_at (self, x, y);

  if (sq != CHESS_NO_SQUARE && chess_board_piece_at (&self->board, sq) != CHESS_NO_PIECE)
    self->peek = sq;
  self->mark_from = self->mark_to = sq;
  self->mark_time = g_get_monotonic_time ();
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
peek_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ChessBoardView *self)
{
  double x, y;

  if (self->mark_from == CHESS_NO_SQUARE || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  ChessSquare sq = chess_board_view_square_at (self, x + dx, y + dy);
  if (sq == CHESS_NO_SQUARE || sq == self->mark_to)
    return;
  /* Drawing an arrow: no more peeking. */
  self->mark_to = sq;
  self->peek = CHESS_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The colour of a mark drawn with these keys held, as Lichess has them. */
static guint8
mark_color (GdkModifierType state)
{
  if (state & GDK_SHIFT_MASK)
    return 'R';
  if (state & GDK_ALT_MASK)
    return 'B';
  if (state & GDK_CONTROL_MASK)
    return 'Y';
  return 'G';
}

static void
peek_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ChessBoardView *self)
{
  ChessSquare from = self->mark_from, to = self->mark_to;
  gboolean quick = g_get_monotonic_time () - self->mark_time < MARK_CLICK_US;
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  self->peek = CHESS_NO_SQUARE;
  self->mark_from = self->mark_to = CHESS_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->game == NULL || from == CHESS_NO_SQUARE || (from == to && !quick))
    return;

  ChessTreeMark mark = { mark_color (state), (guint8) from, (guint8) to };
  chess_game_toggle_mark (self->game, chess_game_get_view_node (self->game), mark);
}

static void
peek_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                ChessBoardView   *self)
{
  self->peek = CHESS_NO_SQUARE;
  self->mark_from = self->mark_to = CHESS_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_chess_board_view_add_mark_gesture (ChessBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->peek_gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->peek_gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (self->peek_gesture, "drag-begin", G_CALLBACK (peek_begin_cb), self);
  g_signal_connect (self->peek_gesture, "drag-update", G_CALLBACK (peek_update_cb), self);
  g_signal_connect (self->peek_gesture, "drag-end", G_CALLBACK (peek_end_cb), self);
  g_signal_connect (self->peek_gesture, "cancel", G_CALLBACK (peek_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (self->peek_gesture));
}

/* The centre of `sq` in widget coordinates. */
static void
square_center (ChessBoardView *self,
               ChessSquare     sq,
               double         *x,
               double         *y)
{
  int col, row;

  _chess_board_view_square_to_cell (self, sq, &col, &row);
  *x = self->origin_x + (col + 0.5) * self->square;
  *y = self->origin_y + (row + 0.5) * self->square;
}

static void
set_mark_color (cairo_t *cr,
                guint8   color)
{
  switch (color)
    {
    case 'R': cairo_set_source_rgba (cr, 0.53, 0.13, 0.13, 0.8); break;
    case 'Y': cairo_set_source_rgba (cr, 0.90, 0.56, 0.0, 0.8); break;
    case 'B': cairo_set_source_rgba (cr, 0.0, 0.19, 0.53, 0.8); break;
    default:  cairo_set_source_rgba (cr, 0.08, 0.47, 0.11, 0.8); break;
    }
}

/* An arrow from the centre of `from` to that of `to` in the current
 * source colour; `scale` widens or narrows it (1: an annotation's). */
static void
draw_arrow_path (ChessBoardView *self,
                 cairo_t        *cr,
                 ChessSquare     from,
                 ChessSquare     to,
                 double          scale)
{
  double x0, y0, x1, y1;
  double width = self->square * 0.16 * scale, head = self->square * 0.42 * MIN (scale, 1.2);

  square_center (self, from, &x0, &y0);
  square_center (self, to, &x1, &y1);
  double length = hypot (x1 - x0, y1 - y0);
  if (length < 1)
    return;
  double ux = (x1 - x0) / length, uy = (y1 - y0) / length;
  /* The head's tip stops short of the centre, the shaft under the head. */
  double tip_x = x1 - ux * self->square * 0.15, tip_y = y1 - uy * self->square * 0.15;
  double base_x = tip_x - ux * head, base_y = tip_y - uy * head;

  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_move_to (cr, x0 + ux * self->square * 0.25, y0 + uy * self->square * 0.25);
  cairo_line_to (cr, base_x, base_y);
  cairo_stroke (cr);
  cairo_move_to (cr, tip_x, tip_y);
  cairo_line_to (cr, base_x - uy * head * 0.55, base_y + ux * head * 0.55);
  cairo_line_to (cr, base_x + uy * head * 0.55, base_y - ux * head * 0.55);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
draw_arrow (ChessBoardView *self,
            cairo_t        *cr,
            ChessTreeMark   mark)
{
  set_mark_color (cr, mark.color);
  draw_arrow_path (self, cr, mark.from, mark.to, 1.0);
}

static void
draw_circle (ChessBoardView *self,
             cairo_t        *cr,
             ChessTreeMark   mark)
{
  double x, y;

  square_center (self, mark.from, &x, &y);
  set_mark_color (cr, mark.color);
  cairo_set_line_width (cr, self->square * 0.07);
  cairo_arc (cr, x, y, self->square * 0.45, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static gboolean
has_extra_arrows (ChessBoardView *self)
{
  GHashTableIter iter;
  GArray *arrows;

  g_hash_table_iter_init (&iter, self->extra_arrows);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &arrows))
    if (arrows->len > 0)
      return TRUE;
  return FALSE;
}

static int
compare_owners (const void *a,
                const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The other owners' arrows, in a fixed order (by owner name) so that a
 * redraw never changes which lies on top. */
static void
draw_extra_arrows (ChessBoardView *self,
                   cairo_t        *cr)
{
  g_autofree gpointer *owners = NULL;
  guint n_owners = 0;

  owners = g_hash_table_get_keys_as_array (self->extra_arrows, &n_owners);
  qsort (owners, n_owners, sizeof (gpointer), compare_owners);
  for (guint o = 0; o < n_owners; o++)
    {
      GArray *arrows = g_hash_table_lookup (self->extra_arrows, owners[o]);

      /* The first arrow (the best move) is drawn last, on top. */
      for (guint i = arrows->len; i-- > 0;)
        {
          const ChessBoardArrow *arrow = &g_array_index (arrows, ChessBoardArrow, i);

          gdk_cairo_set_source_rgba (cr, &arrow->color);
          draw_arrow_path (self, cr, arrow->from, arrow->to, arrow->width > 0 ? arrow->width : 1.0);
        }
    }
}

/* The arrows and circled squares of the position shown, the arrow being
 * drawn, then the arrows of hints and analysis. */
void
_chess_board_view_snapshot_marks (ChessBoardView *self,
                                  GtkSnapshot    *snapshot)
{
  const ChessTreeNode *node = self->game != NULL ? chess_game_get_view_node (self->game) : NULL;
  gboolean drawing = self->mark_from != CHESS_NO_SQUARE && self->mark_to != self->mark_from;
  gboolean extra = has_extra_arrows (self);

  if (!drawing && !extra && (node == NULL || (node->arrows == NULL && node->squares == NULL)))
    return;

  graphene_rect_t bounds;
  graphene_rect_init (&bounds, 0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                      gtk_widget_get_height (GTK_WIDGET (self)));
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  for (guint i = 0; node != NULL && node->squares != NULL && i < node->squares->len; i++)
    draw_circle (self, cr, g_array_index (node->squares, ChessTreeMark, i));
  for (guint i = 0; node != NULL && node->arrows != NULL && i < node->arrows->len; i++)
    draw_arrow (self, cr, g_array_index (node->arrows, ChessTreeMark, i));
  if (drawing)
    {
      ChessTreeMark preview = { 'G', (guint8) self->mark_from, (guint8) self->mark_to };
      draw_arrow (self, cr, preview);
    }
  if (extra)
    draw_extra_arrows (self, cr);
  cairo_destroy (cr);
}

static gboolean
same_arrows (GArray                *list,
             const ChessBoardArrow *arrows,
             guint                  n_arrows)
{
  if (list->len != n_arrows)
    return FALSE;
  for (guint i = 0; i < n_arrows; i++)
    {
      const ChessBoardArrow *a = &g_array_index (list, ChessBoardArrow, i);

      if (a->from != arrows[i].from || a->to != arrows[i].to || a->width != arrows[i].width
          || !gdk_rgba_equal (&a->color, &arrows[i].color))
        return FALSE;
    }
  return TRUE;
}

void
chess_board_view_set_extra_arrows (ChessBoardView        *self,
                                   const char            *owner,
                                   const ChessBoardArrow *arrows,
                                   guint                  n_arrows)
{
  GArray *list;

  g_return_if_fail (CHESS_IS_BOARD_VIEW (self));
  g_return_if_fail (owner != NULL);
  g_return_if_fail (arrows != NULL || n_arrows == 0);

  list = g_hash_table_lookup (self->extra_arrows, owner);
  if (list == NULL && n_arrows == 0)
    return;
  if (list != NULL && same_arrows (list, arrows, n_arrows))
    return;
  if (list == NULL)
    {
      list = g_array_new (FALSE, FALSE, sizeof (ChessBoardArrow));
      g_hash_table_insert (self->extra_arrows, g_strdup (owner), list);
    }
  g_array_set_size (list, 0);
  for (guint i = 0; i < n_arrows; i++)
    if (arrows[i].from < 64 && arrows[i].to < 64 && arrows[i].from != arrows[i].to)
      g_array_append_val (list, arrows[i]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
chess_board_view_get_extra_arrows (ChessBoardView         *self,
                                   const char             *owner,
                                   const ChessBoardArrow **arrows)
{
  GArray *list;

  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail (owner != NULL, 0);

  list = g_hash_table_lookup (self->extra_arrows, owner);
  if (arrows != NULL)
    *arrows = list != NULL && list->len > 0 ? (const ChessBoardArrow *) list->data : NULL;
  return list != NULL ? list->len : 0;
}
