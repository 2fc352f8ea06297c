/* chess-comment-editor.c — editing a move's comment. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-a11y.h"
#include "chess-comment-text.h"
#include "chess-game.h"

#include "chess-comment-editor.h"

/* The text view's size: a few lines, then it scrolls. */
#define EDITOR_WIDTH       300
#define EDITOR_MAX_HEIGHT  160

struct _ChessCommentEditor
{
  GtkPopover  parent_instance;

  GtkWidget  *text_view;
  GtkWidget  *message;
};

enum
{
  SIGNAL_SAVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (ChessCommentEditor, chess_comment_editor, GTK_TYPE_POPOVER)

/* Typed or pasted text: refused whole when it holds a character PGN
 * cannot write in a comment, so the player sees nothing changed and why. */
static void
insert_text_cb (GtkTextBuffer      *buffer,
                GtkTextIter        *where,
                const char         *text,
                int                 length,
                ChessCommentEditor *self)
{
  g_autofree char *inserted = g_strndup (text, length);
  g_autoptr(GError) error = NULL;

  if (chess_game_check_comment (inserted, &error))
    {
      chess_comment_editor_set_message (self, NULL);
      return;
    }
  g_signal_stop_emission_by_name (buffer, "insert-text");
  chess_comment_editor_set_message (self, error->message);
  gtk_widget_error_bell (self->text_view);
}

/* Enter keeps the comment (as the entry it replaces did); Shift+Enter
 * starts a new line. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ChessCommentEditor    *self)
{
  if ((keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter)
      || (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  chess_comment_editor_save (self);
  return TRUE;
}

void
chess_comment_editor_save (ChessCommentEditor *self)
{
  GtkTextIter start, end;

  g_return_if_fail (CHESS_IS_COMMENT_EDITOR (self));

  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  g_autofree char *text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_autofree char *joined = chess_comment_text_join (text);
  g_signal_emit (self, signals[SIGNAL_SAVE], 0, joined);
}

void
chess_comment_editor_edit (ChessCommentEditor *self,
                           const char         *text)
{
  g_return_if_fail (CHESS_IS_COMMENT_EDITOR (self));

  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  GtkTextIter end;
  /* Lines of a screenful each: the view lays out only the ones shown. */
  g_autofree char *lines = chess_comment_text_break_lines (text != NULL ? text : "");

  g_signal_handlers_block_by_func (buffer, insert_text_cb, self);
  gtk_text_buffer_set_text (buffer, lines, -1);
  g_signal_handlers_unblock_by_func (buffer, insert_text_cb, self);
  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_place_cursor (buffer, &end);
  chess_comment_editor_set_message (self, NULL);
  gtk_popover_popup (GTK_POPOVER (self));
  gtk_widget_grab_focus (self->text_view);
}

void
chess_comment_editor_set_message (ChessCommentEditor *self,
                                  const char         *message)
{
  g_return_if_fail (CHESS_IS_COMMENT_EDITOR (self));

  gtk_label_set_text (GTK_LABEL (self->message), message != NULL ? message : "");
  gtk_widget_set_visible (self->message, message != NULL);
}

const char *
chess_comment_editor_get_message (ChessCommentEditor *self)
{
  g_return_val_if_fail (CHESS_IS_COMMENT_EDITOR (self), NULL);
  return gtk_widget_get_visible (self->message) ? gtk_label_get_text (GTK_LABEL (self->message)) : NULL;
}

GtkWidget *
chess_comment_editor_get_text_view (ChessCommentEditor *self)
{
  g_return_val_if_fail (CHESS_IS_COMMENT_EDITOR (self), NULL);
  return self->text_view;
}

static void
chess_comment_editor_class_init (ChessCommentEditorClass *klass)
{
  /* The text, white space made single spaces. */
  signals[SIGNAL_SAVE] = g_signal_new ("save", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
chess_comment_editor_init (ChessCommentEditor *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *save = gtk_button_new_with_mnemonic (_("_Save"));

  chess_a11y_name_button (save, NULL);
  self->text_view = gtk_text_view_new ();
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (self->text_view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (self->text_view), 6);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (self->text_view), 6);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self->text_view), 4);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self->text_view), 4);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->text_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Comment"), -1);
  g_signal_connect (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view)), "insert-text",
                    G_CALLBACK (insert_text_cb), self);
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (self->text_view, keys);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), EDITOR_MAX_HEIGHT);
  gtk_widget_set_size_request (scroller, EDITOR_WIDTH, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->text_view);
  gtk_frame_set_child (GTK_FRAME (frame), scroller);
  gtk_box_append (GTK_BOX (box), frame);

  self->message = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->message), 0.0);
  gtk_label_set_max_width_chars (GTK_LABEL (self->message), 30);
  gtk_widget_add_css_class (self->message, "error");
  gtk_widget_set_visible (self->message, FALSE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->text_view),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->message, NULL, -1);
  gtk_box_append (GTK_BOX (box), self->message);

  gtk_widget_set_halign (save, GTK_ALIGN_END);
  gtk_widget_add_css_class (save, "suggested-action");
  g_signal_connect_swapped (save, "clicked", G_CALLBACK (chess_comment_editor_save), self);
  gtk_box_append (GTK_BOX (box), save);

  gtk_popover_set_child (GTK_POPOVER (self), box);
}

GtkWidget *
chess_comment_editor_new (void)
{
  return g_object_new (CHESS_TYPE_COMMENT_EDITOR, NULL);
}
