/* chess-review-panel.h — the game review in the window's side panel: the
 * evaluation graph of the game's main line (shown when any of its moves
 * has an evaluation).
 *
 * The panel never makes the board smaller: its minimum height is 0, and
 * when the side panel has less room than it needs it is cut off at the
 * bottom rather than pushing the layout. CSS name: reviewpanel.
 *
 * Children that tests may look up: chess_review_panel_get_graph. */
#pragma once

#include <gtk/gtk.h>

#include "chess-game.h"
#include "chess-eval-graph.h"

G_BEGIN_DECLS

#define CHESS_TYPE_REVIEW_PANEL (chess_review_panel_get_type ())
G_DECLARE_FINAL_TYPE (ChessReviewPanel, chess_review_panel, CHESS, REVIEW_PANEL, GtkWidget)

GtkWidget      *chess_review_panel_new       (void);
/* The game shown (a reference is kept; NULL shows nothing). */
void            chess_review_panel_set_game  (ChessReviewPanel *self,
                                              ChessGame        *game);
ChessEvalGraph *chess_review_panel_get_graph (ChessReviewPanel *self);

G_END_DECLS
