/* chess-window-keys.c — keys the window takes before the focused widget:
 *
 * - ←, →, Home and End browse the moves wherever the focus is: on the move
 *   list's moves, the header bar's buttons, the result card, the panels'
 *   labels, or nowhere. Widgets that use these keys themselves keep them:
 *   the board (its cursor), text being edited, the evaluation graph,
 *   sliders, and menus.
 * - A move typed while the focus is on the board, the move list or a
 *   button goes into the move entry, as a search entry takes what is typed
 *   over its list: a player who types their moves need not click the entry
 *   first (after Continue Last Game the board has the focus).
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
browse_key (ChessWindow     *self,
            guint            keyval,
            GdkModifierType  state)
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

/* Widgets that take text themselves, and menus, keep the keys. */
static gboolean
focus_takes_text (GtkWidget *focus)
{
  return focus != NULL
         && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)
             || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL);
}

static gboolean
type_key (ChessWindow           *self,
          GtkEventControllerKey *controller,
          guint                  keyval,
          GdkModifierType        state)
{
  gunichar c = gdk_keyval_to_unicode (keyval);
  GtkWidget *text;

  /* Shortcuts have Ctrl; the board's own keys (arrows, Space, Enter,
   * Escape) are not letters or digits. */
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;
  if (c == 0 || !g_unichar_isgraph (c))
    return FALSE;
  if (!gtk_widget_get_mapped (self->move_entry) || !gtk_widget_is_sensitive (self->move_entry))
    return FALSE;
  if (focus_takes_text (gtk_root_get_focus (GTK_ROOT (self))))
    return FALSE;
  if (chess_board_view_is_choosing_promotion (self->board))
    return FALSE;

  /* Focused first, so the key reaches it as if typed there; without
   * selecting, so a move begun there before is continued, not replaced. */
  gtk_entry_grab_focus_without_selecting (GTK_ENTRY (self->move_entry));
  text = GTK_WIDGET (gtk_editable_get_delegate (GTK_EDITABLE (self->move_entry)));
  gtk_event_controller_key_forward (controller, text);
  return TRUE;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ChessWindow           *self)
{
  return browse_key (self, keyval, state) || type_key (self, controller, keyval, state);
}

void
_chess_window_keys_init (ChessWindow *self)
{
  GtkEventController *controller = gtk_event_controller_key_new ();

  /* Before the board's and the buttons' own keys (a button would move the
   * focus with the arrows). */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (controller, "chess-window-keys");
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
