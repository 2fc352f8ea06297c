/* chess-board-view-pointer.c — moving with the left mouse button: a click
 * on a piece and one on its target (click-click), or drag-and-drop; a drop
 * that is refused or lands off the board springs back. */
#include "config.h"

#include <math.h>

#include "chess-board-view-private.h"

#define DRAG_THRESHOLD   4.0

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ChessBoardView *self)
{
  ChessSquare sq = chess_board_view_square_at (self, x, y);

  self->press_consumed = TRUE;
  self->drag_pending = FALSE;
  self->dragging = FALSE;
  self->press_x = self->pointer_x = x;
  self->press_y = self->pointer_y = y;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The mouse takes over from the keyboard: the cursor goes, and ←/→
   * browse the moves again. */
  if (self->cursor_shown)
    {
      self->cursor_shown = FALSE;
      _chess_board_view_update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  if (self->choosing)
    {
      _chess_board_view_finish_promotion (self, _chess_board_view_chooser_index_at (self, x, y));
      return;
    }
  if (self->game != NULL && !self->live)
    {
      /* A click while looking at the past goes back to the game. */
      chess_game_set_view_ply (self->game, chess_game_get_move_count (self->game));
      return;
    }
  if (!_chess_board_view_can_play (self) || sq == CHESS_NO_SQUARE)
    {
      self->selected = CHESS_NO_SQUARE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  if (self->selected != CHESS_NO_SQUARE && self->selected != sq
      && !_chess_board_view_is_own_piece (self, sq))
    {
      ChessSquare from = self->selected;

      self->selected = CHESS_NO_SQUARE;
      _chess_board_view_try_move (self, from, sq, FALSE);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (_chess_board_view_is_own_piece (self, sq))
    {
      self->was_selected = self->selected == sq;
      self->selected = sq;
      self->press_square = sq;
      self->drag_pending = TRUE;
      self->press_consumed = FALSE;
      _chess_board_view_stop_animation (self);
    }
  else
    self->selected = CHESS_NO_SQUARE;
  _chess_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ChessBoardView *self)
{
  if (self->press_consumed || !self->drag_pending)
    return;
  self->pointer_x = self->press_x + dx;
  self->pointer_y = self->press_y + dy;
  if (!self->dragging && hypot (dx, dy) >= DRAG_THRESHOLD)
    self->dragging = TRUE;
  if (self->dragging)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ChessBoardView *self)
{
  ChessSquare from = self->press_square, to;

  if (self->press_consumed || !self->drag_pending)
    return;
  self->drag_pending = FALSE;
  self->pointer_x = self->press_x + dx;
  self->pointer_y = self->press_y + dy;

  if (!self->dragging)
    {
      /* A click: a second click on the selected piece puts it down. */
      if (self->was_selected)
        self->selected = CHESS_NO_SQUARE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  self->dragging = FALSE;
  to = chess_board_view_square_at (self, self->pointer_x, self->pointer_y);
  if (to == CHESS_NO_SQUARE || to == from)
    {
      _chess_board_view_spring_back (self, from);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  self->selected = CHESS_NO_SQUARE;
  if (!_chess_board_view_try_move (self, from, to, TRUE))
    _chess_board_view_spring_back (self, from);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                ChessBoardView   *self)
{
  if (self->dragging)
    _chess_board_view_spring_back (self, self->press_square);
  self->dragging = FALSE;
  self->drag_pending = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_chess_board_view_add_pointer_gesture (ChessBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->drag_gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag_gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (self->drag_gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (self->drag_gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (self->drag_gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (self->drag_gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (self->drag_gesture));
}
