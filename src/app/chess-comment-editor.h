/* chess-comment-editor.h — the popover of "Edit Comment…": the comment in
 * a text view (a long one too: an entry holds at most 65,535 characters),
 * Enter or Save keeps it, Escape leaves it. A "}", which PGN cannot write
 * inside a comment, is refused as it is typed or pasted, with a message
 * under the text saying why: the text is never changed behind the
 * player's back. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHESS_TYPE_COMMENT_EDITOR (chess_comment_editor_get_type ())
G_DECLARE_FINAL_TYPE (ChessCommentEditor, chess_comment_editor, CHESS, COMMENT_EDITOR, GtkPopover)

GtkWidget  *chess_comment_editor_new      (void);
/* Pops up with `text` (NULL: none) to edit. */
void        chess_comment_editor_edit     (ChessCommentEditor *self,
                                           const char         *text);
/* Shows `message` under the text (NULL hides it). */
void        chess_comment_editor_set_message (ChessCommentEditor *self,
                                              const char         *message);
/* The message shown, or NULL (for tests). */
const char *chess_comment_editor_get_message (ChessCommentEditor *self);
/* The text view (for tests). */
GtkWidget  *chess_comment_editor_get_text_view (ChessCommentEditor *self);
/* As the Save button: emits "save" with the text, white space runs made
 * single spaces as PGN reads them. The handler pops the editor down. */
void        chess_comment_editor_save     (ChessCommentEditor *self);

G_END_DECLS
