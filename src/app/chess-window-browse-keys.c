/* chess-window-browse-keys.c — ←, →, Home and End browse the moves wherever
 * the focus is: on the move list's moves, the header bar's buttons, the
 * result card, the panels' labels, or nowhere. Widgets that use these
 * keys themselves keep them: the board (its cursor), text being edited,
 * the evaluation graph, sliders, and menus.
 */
#include "config.h"

#include "chess-window-private.h"

/* The focus leaves the keys to us: a button or a label (GTK uses the arrows
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

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_SHIFT_MASK))
    return FALSE;
  if (game == NULL)
    return FALSE;

  /* As on the board: one half-move, or either end, within the line shown. */
  count = chess_game_get_move_count (game);
  ply = chess_game_get_view_ply (game);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      ply = ply > 0 ? ply - 1 : 0;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      ply = ply < count ? ply + 1 : count;
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      ply = 0;
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      ply = count;
      break;
    default:
      return FALSE;
    }
  if (!focus_leaves_arrows (gtk_root_get_focus (GTK_ROOT (self))))
    return FALSE;
  if (ply != chess_game_get_view_ply (game))
    chess_game_set_view_ply (game, ply);
  return TRUE;
}

void
_chess_window_browse_keys_init (ChessWindow *self)
{
  GtkEventController *controller = gtk_event_controller_key_new ();

  /* Before the buttons' own focus moves, which would otherwise take them. */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (controller, "chess-browse-keys");
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
