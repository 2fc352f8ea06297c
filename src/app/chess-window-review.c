/* chess-window-review.c — the window's part of the game review. */
#include "config.h"

#include "chess-review-panel.h"
#include "chess-window-review.h"

static ChessReviewPanel *
panel_of (ChessWindow *self)
{
  return CHESS_REVIEW_PANEL (gtk_widget_get_template_child (GTK_WIDGET (self), CHESS_TYPE_WINDOW,
                                                            "review_panel"));
}

static void
review_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  chess_review_panel_start (panel_of (CHESS_WINDOW (widget)), 0);
}

static void
update_action (ChessWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-game",
                                 chess_review_panel_can_start (panel_of (self)));
}

static void
notice_cb (ChessWindow *self,
           const char  *text)
{
  chess_window_show_notice (self, text);
}

/* The panel writes moves as the move list does. */
static void
notation_changed_cb (ChessWindow *self)
{
  static const ChessNotation notations[] = {
    CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_FIGURINE
  };
  guint n = (guint) g_settings_get_enum (chess_window_get_settings (self), "notation");

  chess_review_panel_set_notation (panel_of (self),
                                   notations[MIN (n, G_N_ELEMENTS (notations) - 1)]);
}

void
chess_window_review_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, review_game_action);
}

void
chess_window_review_init (ChessWindow *self)
{
  ChessReviewPanel *panel = panel_of (self);

  chess_review_panel_set_board (panel, chess_window_get_board (self));
  g_signal_connect_object (panel, "notice", G_CALLBACK (notice_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (panel, "notify::can-start", G_CALLBACK (update_action), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (chess_window_get_settings (self), "changed::notation",
                           G_CALLBACK (notation_changed_cb), self, G_CONNECT_SWAPPED);
  notation_changed_cb (self);
  update_action (self);
}
