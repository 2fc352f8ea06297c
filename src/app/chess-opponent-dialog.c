/* chess-opponent-dialog.c — picks who plays one side from here on. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-a11y.h"
#include "chess-engine-levels.h"
#include "chess-external-registry.h"
#include "chess-opponent-dialog.h"

struct _ChessOpponentDialog
{
  GtkWindow    parent_instance;

  GtkDropDown *engine;
  GtkDropDown *level;
  GtkWidget   *play_button;

  GPtrArray   *engines;   /* ChessExternalEntry: the external engines */
};

G_DEFINE_FINAL_TYPE (ChessOpponentDialog, chess_opponent_dialog, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The built-in engine plays at a level; external ones at their own. */
static void
engine_changed_cb (ChessOpponentDialog *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->level),
                          gtk_drop_down_get_selected (self->engine) == 0);
}

void
chess_opponent_dialog_get_opponent (ChessOpponentDialog *self,
                                    ChessOpponent       *opponent)
{
  g_return_if_fail (CHESS_IS_OPPONENT_DIALOG (self));

  opponent->computer = TRUE;
  opponent->engine_id = g_strdup (chess_opponents_engine_at (self->engines,
                                                             gtk_drop_down_get_selected (self->engine)));
  opponent->level = (int) gtk_drop_down_get_selected (self->level);
}

void
chess_opponent_dialog_choose (ChessOpponentDialog *self)
{
  g_return_if_fail (CHESS_IS_OPPONENT_DIALOG (self));

  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_CHOSEN], 0);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
chess_opponent_dialog_dispose (GObject *object)
{
  ChessOpponentDialog *self = CHESS_OPPONENT_DIALOG (object);

  g_clear_pointer (&self->engines, g_ptr_array_unref);

  G_OBJECT_CLASS (chess_opponent_dialog_parent_class)->dispose (object);
}

static void
chess_opponent_dialog_class_init (ChessOpponentDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chess_opponent_dialog_dispose;

  /**
   * ChessOpponentDialog::chosen:
   *
   * The player chose "Play"; chess_opponent_dialog_get_opponent tells whom.
   */
  signals[SIGNAL_CHOSEN] =
    g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chess_opponent_dialog_init (ChessOpponentDialog *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);

  chess_a11y_name_button (cancel, NULL);
  gtk_window_set_title (GTK_WINDOW (self), _("Choose an Opponent"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);

  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), cancel);
  self->play_button = gtk_button_new_with_mnemonic (_("_Play"));
  chess_a11y_name_button (self->play_button, NULL);
  gtk_widget_add_css_class (self->play_button, "suggested-action");
  g_signal_connect_swapped (self->play_button, "clicked",
                            G_CALLBACK (chess_opponent_dialog_choose), self);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), self->play_button);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->play_button);

  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  self->engine = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->level = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->engine));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->level));
  gtk_window_set_child (GTK_WINDOW (self), box);
  g_signal_connect_swapped (self->engine, "notify::selected",
                            G_CALLBACK (engine_changed_cb), self);
}

ChessOpponentDialog *
chess_opponent_dialog_new (GtkWindow           *parent,
                           GSettings           *settings,
                           ChessColor           color,
                           const ChessOpponent *current)
{
  ChessOpponentDialog *self;
  g_autoptr(GListModel) engines = NULL;
  g_autoptr(GListModel) levels = NULL;
  GtkWidget *box, *label;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CHESS_TYPE_OPPONENT_DIALOG, "transient-for", parent, NULL);
  self->engines = chess_external_registry_list (settings, NULL);
  engines = chess_opponents_engine_model (self->engines);
  levels = chess_opponents_level_model ();
  gtk_drop_down_set_model (self->engine, engines);
  gtk_drop_down_set_model (self->level, levels);
  gtk_drop_down_set_selected (self->engine,
                              chess_opponents_engine_position (self->engines,
                                                               current != NULL ? current->engine_id : NULL));
  gtk_drop_down_set_selected (self->level,
                              (guint) CLAMP (current != NULL ? current->level : 0, 0,
                                             CHESS_ENGINE_LEVEL_MAX));
  engine_changed_cb (self);

  box = gtk_window_get_child (GTK_WINDOW (self));
  label = gtk_label_new_with_mnemonic (color == CHESS_COLOR_WHITE
                                       ? _("Who plays _White from here on?")
                                       : _("Who plays _Black from here on?"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->engine));
  gtk_box_prepend (GTK_BOX (box), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->engine),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Engine"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->level),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Level"), -1);
  gtk_window_set_focus (GTK_WINDOW (self), self->play_button);
  return self;
}
