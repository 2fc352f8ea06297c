/* chess-move-list-view.h — the game's main line as numbered pairs, with
 * its comments and variations (indented, their moves links) on rows
 * between; NAGs as symbols. The move being viewed is highlighted and kept
 * in view; clicking any move shows the position after it, and its context
 * menu edits the comment, sets an annotation symbol, promotes or deletes
 * a variation. CSS name: movelist. "Move" indexes count main-line moves. */
#pragma once

#include <gtk/gtk.h>

#include "chess-comment-editor.h"
#include "chess-game.h"

G_BEGIN_DECLS

#define CHESS_TYPE_MOVE_LIST_VIEW (chess_move_list_view_get_type ())
G_DECLARE_FINAL_TYPE (ChessMoveListView, chess_move_list_view, CHESS, MOVE_LIST_VIEW, GtkWidget)

GtkWidget  *chess_move_list_view_new          (void);
void        chess_move_list_view_set_game     (ChessMoveListView *self,
                                               ChessGame         *game);
void        chess_move_list_view_set_notation (ChessMoveListView *self,
                                               ChessNotation      notation);
/* The text of move `ply` as shown (for tests), NULL when out of range. */
const char *chess_move_list_view_get_move_text (ChessMoveListView *self,
                                                guint              ply);
/* The move-number label of the row of move `ply` ("1."), or NULL. */
const char *chess_move_list_view_get_number_text (ChessMoveListView *self,
                                                  guint              ply);
/* The ply of the highlighted move, or -1 when none (the start position). */
int         chess_move_list_view_get_current  (ChessMoveListView *self);
/* The row of comments and variations after main-line move `ply`
 * (G_MAXUINT: the comment before the first move), or NULL (for tests). */
GtkWidget  *chess_move_list_view_get_annotation (ChessMoveListView *self,
                                                 guint              ply);
/* The editor of "Edit Comment…" (for tests). */
ChessCommentEditor *chess_move_list_view_get_comment_editor (ChessMoveListView *self);
/* Opens the context menu about `node` at (x, y) (also for tests). */
void        chess_move_list_view_popup_menu   (ChessMoveListView *self,
                                               ChessTreeNode     *node,
                                               double             x,
                                               double             y);
/* The button of move `ply` (for tests), or NULL. */
GtkWidget  *chess_move_list_view_get_move_button (ChessMoveListView *self,
                                                  guint              ply);

G_END_DECLS
