/* chess-window-browse-keys.c — ← and → browse the moves wherever the focus
 * is: on the move list's moves, the header bar's buttons, the panels'
 * labels, or nowhere. Widgets that use the arrows themselves keep them:
 * the board (its cursor), text being edited, the evaluation graph,
 * sliders, and menus.
 */
#include "config.h"

#include "chess-window-private.h"

/* The focus leaves ← and → to us: a button or a label (GTK uses the arrows
 * there only to move the focus around), or no focus at all; not inside a
 * popover, whose menus step through their items with them. */
static gboolean
focus_leaves_arrows (GtkWidget *focus)
{
  if (focus == NULL)
    return TRUE;
  if (gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL)
    return FALSE;
  return GTK_IS_BUTTON (focus) || GTK_IS_LABEL (focus);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ChessWindow           *self)
{
  ChessGame *game = chess_window_get_game (self);
  guint ply, count;
  int delta;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_SHIFT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      delta = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      delta = 1;
      break;
    default:
      return FALSE;
    }
  if (game == NULL || !focus_leaves_arrows (gtk_root_get_focus (GTK_ROOT (self))))
    return FALSE;

  /* As on the board: one half-move, within the line shown. */
  count = chess_game_get_move_count (game);
  ply = chess_game_get_view_ply (game);
  if (delta < 0 && ply > 0)
    chess_game_set_view_ply (game, ply - 1);
  else if (delta > 0 && ply < count)
    chess_game_set_view_ply (game, ply + 1);
  return TRUE;
}

void
chess_window_browse_keys_init (ChessWindow *self)
{
  GtkEventController *controller = gtk_event_controller_key_new ();

  /* Before the buttons' own focus moves, which would otherwise take them. */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (controller, "chess-browse-keys");
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
