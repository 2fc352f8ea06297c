/* chess-adaptive-box.h — lays out the board, the two players' bars and the
 * panel. Wide: the board on the left, a column of fixed width on the right
 * with one bar at its top, the panel and the other bar at its bottom.
 * Narrow: bar, board across the full width, bar, then the panel below.
 * The board's size depends only on the box's size, never on what the bars
 * and the panel show. Takes four children from a .ui file, in this order:
 * the top bar, the board, the bottom bar, the panel. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHESS_TYPE_ADAPTIVE_BOX (chess_adaptive_box_get_type ())
G_DECLARE_FINAL_TYPE (ChessAdaptiveBox, chess_adaptive_box, CHESS, ADAPTIVE_BOX, GtkWidget)

GtkWidget *chess_adaptive_box_new         (void);
/* TRUE while the panel is below the board (after the last allocation). */
gboolean   chess_adaptive_box_is_stacked  (ChessAdaptiveBox *self);
/* Puts `top` above the board's top edge and `bottom` at its bottom edge;
 * both must be the box's bars (they swap when the board is flipped). */
void       chess_adaptive_box_set_bars    (ChessAdaptiveBox *self,
                                           GtkWidget        *top,
                                           GtkWidget        *bottom);
GtkWidget *chess_adaptive_box_get_top_bar    (ChessAdaptiveBox *self);
GtkWidget *chess_adaptive_box_get_bottom_bar (ChessAdaptiveBox *self);

G_END_DECLS
