/* chess-comment-viewer.c — a long comment shown whole. */
#include "config.h"

#include "chess-a11y.h"
#include "chess-comment-text.h"

#include "chess-comment-viewer.h"

struct _ChessCommentViewer
{
  GtkWindow  parent_instance;

  GtkWidget *text_view;
};

G_DEFINE_FINAL_TYPE (ChessCommentViewer, chess_comment_viewer, GTK_TYPE_WINDOW)

static void
chess_comment_viewer_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CHESS_TYPE_COMMENT_VIEWER);
  G_OBJECT_CLASS (chess_comment_viewer_parent_class)->dispose (object);
}

static void
chess_comment_viewer_class_init (ChessCommentViewerClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = chess_comment_viewer_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/thinkchess/ThinkChess/ui/chess-comment-viewer.ui");
  gtk_widget_class_bind_template_child (widget_class, ChessCommentViewer, text_view);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chess_comment_viewer_init (ChessCommentViewer *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  chess_a11y_name_mnemonic_buttons (GTK_WIDGET (self));
}

GtkWidget *
chess_comment_viewer_present (GtkWidget  *parent,
                              const char *text)
{
  g_return_val_if_fail (GTK_IS_WIDGET (parent), NULL);
  g_return_val_if_fail (text != NULL, NULL);

  ChessCommentViewer *self = g_object_new (CHESS_TYPE_COMMENT_VIEWER, NULL);
  GtkRoot *root = gtk_widget_get_root (parent);
  /* Lines of a screenful each: the view lays out only the ones shown. */
  g_autofree char *lines = chess_comment_text_break_lines (text);

  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (self), GTK_WINDOW (root));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view)), lines, -1);
  gtk_window_present (GTK_WINDOW (self));
  return GTK_WIDGET (self);
}

char *
chess_comment_viewer_get_text (ChessCommentViewer *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (CHESS_IS_COMMENT_VIEWER (self), NULL);

  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->text_view));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}
