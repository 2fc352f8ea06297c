/* chess-board-view-animation.c — pieces sliding on the board: a move, a
 * take-back, or a refused drop springing back to its square. The
 * snapshot draws them; this keeps the clock ticking until they arrive. */
#include "config.h"

#include "chess-board-view-private.h"

#define SPRING_BACK_MS   120

void
_chess_board_view_stop_animation (ChessBoardView *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->n_slides = 0;
}

static gboolean
animation_tick_cb (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  gtk_widget_queue_draw (widget);
  if (now - self->anim_start >= (gint64) self->anim_ms * 1000)
    {
      self->tick_id = 0;
      self->n_slides = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
_chess_board_view_start_animation (ChessBoardView *self,
                                   int             ms)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock == NULL || self->n_slides == 0)
    {
      self->n_slides = 0;
      return;
    }
  self->anim_start = gdk_frame_clock_get_frame_time (clock);
  self->anim_ms = ms;
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick_cb,
                                                  NULL, NULL);
}

void
_chess_board_view_add_slide (ChessBoardView *self,
                             ChessPiece      piece,
                             ChessSquare     from,
                             ChessSquare     to)
{
  ChessSlide *slide;
  int col, row;

  if (self->n_slides >= 2 || piece >= CHESS_NO_PIECE)
    return;
  slide = &self->slides[self->n_slides++];
  slide->piece = piece;
  _chess_board_view_square_to_cell (self, from, &col, &row);
  slide->from_x = col;
  slide->from_y = row;
  _chess_board_view_square_to_cell (self, to, &col, &row);
  slide->to_x = col;
  slide->to_y = row;
  slide->hide = to;
}

void
_chess_board_view_spring_back (ChessBoardView *self,
                               ChessSquare     from)
{
  ChessPiece piece = chess_board_piece_at (&self->board, from);
  ChessSlide *slide;
  int col, row;

  _chess_board_view_stop_animation (self);
  if (!self->animate || piece == CHESS_NO_PIECE || self->square <= 0)
    return;
  slide = &self->slides[0];
  self->n_slides = 1;
  slide->piece = piece;
  slide->from_x = (self->pointer_x - self->origin_x) / self->square - 0.5;
  slide->from_y = (self->pointer_y - self->origin_y) / self->square - 0.5;
  _chess_board_view_square_to_cell (self, from, &col, &row);
  slide->to_x = col;
  slide->to_y = row;
  slide->hide = from;
  _chess_board_view_start_animation (self, SPRING_BACK_MS);
}
