/* chess-adaptive-box.h — lays out the board and the side panel: side by
 * side when the window is wide enough, the panel below the board when it is
 * narrow. Takes exactly two children (the board first) from a .ui file. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHESS_TYPE_ADAPTIVE_BOX (chess_adaptive_box_get_type ())
G_DECLARE_FINAL_TYPE (ChessAdaptiveBox, chess_adaptive_box, CHESS, ADAPTIVE_BOX, GtkWidget)

GtkWidget *chess_adaptive_box_new         (void);
/* TRUE while the panel is below the board (after the last allocation). */
gboolean   chess_adaptive_box_is_stacked  (ChessAdaptiveBox *self);

G_END_DECLS
