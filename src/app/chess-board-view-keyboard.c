/* chess-board-view-keyboard.c — the board without a mouse: a cursor moved
 * with the arrow keys, Enter/Space to pick up and put down, the chooser's
 * keys, and keys that browse the moves; and the accessible description
 * that tells a screen reader the square under the cursor. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-board-view-private.h"

static void
browse (ChessBoardView *self,
        int             delta,
        gboolean        absolute)
{
  guint count, ply;

  if (self->game == NULL)
    return;
  count = chess_game_get_move_count (self->game);
  ply = chess_game_get_view_ply (self->game);
  if (absolute)
    ply = delta < 0 ? 0 : count;
  else if (delta < 0)
    ply = ply > 0 ? ply - 1 : 0;
  else
    ply = MIN (ply + 1, count);
  chess_game_set_view_ply (self->game, ply);
}

/* Enter or Space on the cursor square: like a click there. */
static void
activate_cursor (ChessBoardView *self)
{
  ChessSquare sq = self->cursor;

  if (!_chess_board_view_can_play (self))
    return;
  if (self->selected == sq)
    self->selected = CHESS_NO_SQUARE;
  else if (_chess_board_view_is_own_piece (self, sq))
    self->selected = sq;
  else if (self->selected != CHESS_NO_SQUARE)
    {
      ChessSquare from = self->selected;

      self->selected = CHESS_NO_SQUARE;
      _chess_board_view_try_move (self, from, sq, FALSE);
    }
  _chess_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ChessBoardView        *self)
{
  gboolean alt = (state & GDK_ALT_MASK) != 0;
  int dx = 0, dy = 0;

  if (state & (GDK_CONTROL_MASK | GDK_SUPER_MASK))
    return FALSE;

  if (self->choosing)
    {
      switch (keyval)
        {
        case GDK_KEY_Escape:
          _chess_board_view_finish_promotion (self, -1);
          return TRUE;
        case GDK_KEY_Up:
        case GDK_KEY_Left:
          self->promo_index = (self->promo_index + 3) % 4;
          break;
        case GDK_KEY_Down:
        case GDK_KEY_Right:
          self->promo_index = (self->promo_index + 1) % 4;
          break;
        case GDK_KEY_Return:
        case GDK_KEY_KP_Enter:
        case GDK_KEY_space:
          _chess_board_view_finish_promotion (self, self->promo_index);
          return TRUE;
        default:
          return TRUE;
        }
      _chess_board_view_update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }

  switch (keyval)
    {
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      browse (self, -1, TRUE);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      browse (self, 1, TRUE);
      return TRUE;
    case GDK_KEY_Page_Up:
      browse (self, -1, FALSE);
      return TRUE;
    case GDK_KEY_Page_Down:
      browse (self, 1, FALSE);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (alt || !self->cursor_shown)
        {
          browse (self, -1, FALSE);
          return TRUE;
        }
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (alt || !self->cursor_shown)
        {
          browse (self, 1, FALSE);
          return TRUE;
        }
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;
    case GDK_KEY_Escape:
      if (self->selected != CHESS_NO_SQUARE)
        self->selected = CHESS_NO_SQUARE;
      else if (self->cursor_shown)
        self->cursor_shown = FALSE;
      else
        return FALSE;
      _chess_board_view_update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      break;
    default:
      /* Any other key while looking at the past returns to the game. */
      if (self->game != NULL && !self->live && gdk_keyval_to_unicode (keyval) != 0)
        {
          browse (self, 1, TRUE);
          return TRUE;
        }
      return FALSE;
    }

  if (self->game != NULL && !self->live)
    {
      browse (self, 1, TRUE);
      return TRUE;
    }

  if (!self->cursor_shown)
    {
      /* The first key shows the cursor, on the selected piece or on the
       * king's pawn of the side to move. */
      self->cursor_shown = TRUE;
      if (self->selected != CHESS_NO_SQUARE)
        self->cursor = self->selected;
      else if (self->cursor == CHESS_NO_SQUARE)
        self->cursor = self->board.side == CHESS_COLOR_WHITE ? 12 : 52;
    }
  else if (dx != 0 || dy != 0)
    {
      int col, row;

      _chess_board_view_square_to_cell (self, self->cursor, &col, &row);
      col = CLAMP (col + dx, 0, 7);
      row = CLAMP (row + dy, 0, 7);
      self->cursor = _chess_board_view_cell_to_square (self, col, row);
    }
  else
    activate_cursor (self);

  _chess_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

void
_chess_board_view_add_key_controller (ChessBoardView *self)
{
  GtkEventController *keys;

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* ---- Accessibility ---- */

static const char *
piece_description (ChessPiece piece)
{
  switch (piece)
    {
    case CHESS_WHITE_PAWN: return _("white pawn");
    case CHESS_WHITE_KNIGHT: return _("white knight");
    case CHESS_WHITE_BISHOP: return _("white bishop");
    case CHESS_WHITE_ROOK: return _("white rook");
    case CHESS_WHITE_QUEEN: return _("white queen");
    case CHESS_WHITE_KING: return _("white king");
    case CHESS_BLACK_PAWN: return _("black pawn");
    case CHESS_BLACK_KNIGHT: return _("black knight");
    case CHESS_BLACK_BISHOP: return _("black bishop");
    case CHESS_BLACK_ROOK: return _("black rook");
    case CHESS_BLACK_QUEEN: return _("black queen");
    case CHESS_BLACK_KING: return _("black king");
    default: return _("empty");
    }
}

void
_chess_board_view_update_description (ChessBoardView *self)
{
  g_autofree char *text = NULL;
  char name[3];
  ChessSquare sq = self->cursor != CHESS_NO_SQUARE ? self->cursor : 12;

  if (self->choosing)
    {
      static const char *const names[4] = { N_("Queen"), N_("Rook"), N_("Bishop"), N_("Knight") };

      /* Translators: the promotion chooser; %s is a piece name. */
      text = g_strdup_printf (_("Promote to: %s"), _(names[self->promo_index]));
    }
  else
    {
      chess_square_name (sq, name);
      /* Translators: the square under the keyboard cursor and its piece,
       * e.g. "e2: white pawn". */
      text = g_strdup_printf (_("%s: %s"), name,
                              piece_description (chess_board_piece_at (&self->board, sq)));
      if (self->selected != CHESS_NO_SQUARE)
        {
          char sel[3];
          char *with = g_strdup_printf (_("%s, selected: %s"), text, chess_square_name (self->selected, sel));

          g_free (text);
          text = with;
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}
