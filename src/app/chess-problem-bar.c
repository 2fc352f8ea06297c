/* chess-problem-bar.c — the problem bar: a label that wraps and a Dismiss
 * button, in the theme's warning colours (libadwaita 1.2 has no AdwBanner,
 * and GtkInfoBar is deprecated). */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-a11y.h"
#include "chess-problem-bar.h"

struct _ChessProblemBar
{
  GtkWidget  parent_instance;

  /* Children */
  GtkWidget *box;
  GtkWidget *label;
  GtkWidget *dismiss_button;
};

G_DEFINE_FINAL_TYPE (ChessProblemBar, chess_problem_bar, GTK_TYPE_WIDGET)

static void
dismiss_clicked_cb (ChessProblemBar *self)
{
  chess_problem_bar_dismiss (self);
}

static void
chess_problem_bar_dispose (GObject *object)
{
  ChessProblemBar *self = CHESS_PROBLEM_BAR (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (chess_problem_bar_parent_class)->dispose (object);
}

static void
chess_problem_bar_class_init (ChessProblemBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = chess_problem_bar_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "problembar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
chess_problem_bar_init (ChessProblemBar *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (self->label), 0);
  gtk_label_set_selectable (GTK_LABEL (self->label), TRUE);
  gtk_widget_set_hexpand (self->label, TRUE);
  gtk_widget_set_focusable (self->label, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->label);

  self->dismiss_button = gtk_button_new_with_mnemonic (_("_Dismiss"));
  chess_a11y_name_button (self->dismiss_button, NULL);
  gtk_widget_set_valign (self->dismiss_button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->dismiss_button, "clicked", G_CALLBACK (dismiss_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->box), self->dismiss_button);

  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

ChessProblemBar *
chess_problem_bar_new (void)
{
  return g_object_new (CHESS_TYPE_PROBLEM_BAR, NULL);
}

void
chess_problem_bar_show (ChessProblemBar *self,
                        const char      *text)
{
  g_return_if_fail (CHESS_IS_PROBLEM_BAR (self));
  g_return_if_fail (text != NULL);

  gtk_label_set_text (GTK_LABEL (self->label), text);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

void
chess_problem_bar_dismiss (ChessProblemBar *self)
{
  g_return_if_fail (CHESS_IS_PROBLEM_BAR (self));

  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  gtk_label_set_text (GTK_LABEL (self->label), "");
}

const char *
chess_problem_bar_get_text (ChessProblemBar *self)
{
  g_return_val_if_fail (CHESS_IS_PROBLEM_BAR (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->label));
}
