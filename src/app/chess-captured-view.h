/* chess-captured-view.h — one side's captured pieces as small pieces,
 * grouped and ordered by value on a tray in the board's colours, with the
 * material lead ("+3") beside them. Its height is fixed and, short of
 * width, the pieces overlap more: what it shows never changes the layout.
 * CSS name: capturedpieces. */
#pragma once

#include <gtk/gtk.h>

#include "chess-types.h"

G_BEGIN_DECLS

#define CHESS_TYPE_CAPTURED_VIEW (chess_captured_view_get_type ())
G_DECLARE_FINAL_TYPE (ChessCapturedView, chess_captured_view, CHESS, CAPTURED_VIEW, GtkWidget)

GtkWidget  *chess_captured_view_new        (void);
/* The pieces captured (any order; they are sorted by value) and the lead
 * in pawns of the capturing side (shown only when above 0). */
void        chess_captured_view_set        (ChessCapturedView *self,
                                            const ChessPiece  *pieces,
                                            guint              n_pieces,
                                            int                lead);
guint       chess_captured_view_get_count  (ChessCapturedView *self);
/* The lead as shown ("+3"), "" when none. */
const char *chess_captured_view_get_lead_text (ChessCapturedView *self);
void        chess_captured_view_set_piece_set (ChessCapturedView *self,
                                               const char        *name);
/* The tray's colours: the board theme's light and dark squares. */
void        chess_captured_view_set_colors (ChessCapturedView *self,
                                            const GdkRGBA     *light,
                                            const GdkRGBA     *dark);

G_END_DECLS
