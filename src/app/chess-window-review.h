/* chess-window-review.h — the window's part of the game review: the
 * action win.review-game (menu "Review Game", Ctrl+R), and the review
 * panel tied to the board (the better move's arrow), to the notation
 * setting and to the window's notices. Called from ChessWindow. */
#pragma once

#include <gtk/gtk.h>

#include "chess-window.h"

G_BEGIN_DECLS

/* From ChessWindow's class_init: installs win.review-game. */
void _chess_window_review_class_init (GtkWidgetClass *widget_class);
/* From ChessWindow's init, after the template is built, and dispose. */
void _chess_window_review_init       (ChessWindow    *self);
void _chess_window_review_dispose    (ChessWindow    *self);

G_END_DECLS
