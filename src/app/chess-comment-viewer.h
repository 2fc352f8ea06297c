/* chess-comment-viewer.h — a comment's whole text in a window of its own,
 * for one too long for the move list (read-only, scrolled, Escape closes). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHESS_TYPE_COMMENT_VIEWER (chess_comment_viewer_get_type ())
G_DECLARE_FINAL_TYPE (ChessCommentViewer, chess_comment_viewer, CHESS, COMMENT_VIEWER, GtkWindow)

/* Shows `text` in a new viewer over `parent`'s window; returns it. */
GtkWidget *chess_comment_viewer_present (GtkWidget  *parent,
                                         const char *text);
/* The text as shown (line breaks added, for tests). */
char      *chess_comment_viewer_get_text (ChessCommentViewer *self);

G_END_DECLS
