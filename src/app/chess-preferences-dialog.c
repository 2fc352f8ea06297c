/* chess-preferences-dialog.c — the app's settings, applied as they change. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-board-view.h"
#include "chess-engines-page.h"
#include "chess-piece-set.h"
#include "chess-preferences-dialog.h"

struct _ChessPreferencesDialog
{
  AdwPreferencesWindow parent_instance;

  /* Template widgets */
  AdwComboRow *orientation_row;
  AdwComboRow *theme_row;
  AdwComboRow *pieces_row;
  GtkSwitch   *coordinates_switch;
  GtkSwitch   *legal_moves_switch;
  GtkSwitch   *animate_switch;
  AdwComboRow *notation_row;

  /* Owned */
  GSettings   *settings;
};

G_DEFINE_FINAL_TYPE (ChessPreferencesDialog, chess_preferences_dialog, ADW_TYPE_PREFERENCES_WINDOW)

/* Settings values and what the dropdowns show for them, same order. */
static const char *const orientation_ids[] = {
  "white", "black", "side-to-move", "human-side", NULL
};
static const char *const orientation_labels[] = {
  N_("White at the bottom"), N_("Black at the bottom"),
  N_("Side to move at the bottom"), N_("Human player at the bottom"),
};

static const char *const notation_ids[] = {
  "san", "long-algebraic", "figurine", NULL
};
static const char *const notation_labels[] = {
  N_("Standard algebraic (Nf3)"), N_("Long algebraic (Ng1-f3)"),
  N_("Figurine (♞f3)"),
};

/* The settings string → the dropdown position; an unknown value (a piece
 * set that was removed) shows the first entry. */
static gboolean
string_to_position (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char *const *ids = user_data;
  const char *id = g_variant_get_string (variant, NULL);
  guint position = 0;

  for (guint i = 0; ids[i] != NULL; i++)
    if (g_str_equal (ids[i], id))
      position = i;
  g_value_set_uint (value, position);
  return TRUE;
}

static GVariant *
position_to_string (const GValue       *value,
                    const GVariantType *expected_type,
                    gpointer            user_data)
{
  const char *const *ids = user_data;
  guint position = g_value_get_uint (value);

  if (position >= g_strv_length ((char **) ids))
    return NULL;
  return g_variant_new_string (ids[position]);
}

/* Fills `row` with `labels` and binds its position to `key`. */
static void
bind_dropdown (ChessPreferencesDialog *self,
               AdwComboRow            *row,
               const char             *key,
               const char *const      *ids,
               const char *const      *labels,
               gboolean                translate)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  guint n = g_strv_length ((char **) ids);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, translate ? _(labels[i]) : labels[i]);
  adw_combo_row_set_model (row, G_LIST_MODEL (list));
  g_settings_bind_with_mapping (self->settings, key, row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                string_to_position, position_to_string,
                                g_strdupv ((char **) ids),
                                (GDestroyNotify) g_strfreev);
}

/* The board widget knows its themes and their names. */
static void
bind_themes (ChessPreferencesDialog *self)
{
  const char *const *themes = chess_board_view_list_themes ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  for (guint i = 0; themes[i] != NULL; i++)
    g_ptr_array_add (labels, (gpointer) chess_board_view_get_theme_title (themes[i]));
  bind_dropdown (self, self->theme_row, "board-theme", themes,
                 (const char *const *) labels->pdata, FALSE);
}

static void
bind_piece_sets (ChessPreferencesDialog *self)
{
  g_auto(GStrv) names = chess_piece_set_list_names ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  for (guint i = 0; names[i] != NULL; i++)
    g_ptr_array_add (labels, (gpointer) chess_piece_set_get_title (names[i]));
  bind_dropdown (self, self->pieces_row, "piece-set",
                 (const char *const *) names,
                 (const char *const *) labels->pdata, FALSE);
}

static void
chess_preferences_dialog_dispose (GObject *object)
{
  ChessPreferencesDialog *self = CHESS_PREFERENCES_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CHESS_TYPE_PREFERENCES_DIALOG);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (chess_preferences_dialog_parent_class)->dispose (object);
}

static void
chess_preferences_dialog_class_init (ChessPreferencesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chess_preferences_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/chess-preferences-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ChessPreferencesDialog, orientation_row);
  gtk_widget_class_bind_template_child (widget_class, ChessPreferencesDialog, theme_row);
  gtk_widget_class_bind_template_child (widget_class, ChessPreferencesDialog, pieces_row);
  gtk_widget_class_bind_template_child (widget_class, ChessPreferencesDialog, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, ChessPreferencesDialog, legal_moves_switch);
  gtk_widget_class_bind_template_child (widget_class, ChessPreferencesDialog, animate_switch);
  gtk_widget_class_bind_template_child (widget_class, ChessPreferencesDialog, notation_row);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chess_preferences_dialog_init (ChessPreferencesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

ChessPreferencesDialog *
chess_preferences_dialog_new (GtkWindow *parent,
                              GSettings *settings)
{
  ChessPreferencesDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CHESS_TYPE_PREFERENCES_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->settings = g_object_ref (settings);

  bind_dropdown (self, self->orientation_row, "board-orientation",
                 orientation_ids, orientation_labels, TRUE);
  bind_themes (self);
  bind_piece_sets (self);
  bind_dropdown (self, self->notation_row, "notation",
                 notation_ids, notation_labels, TRUE);
  g_settings_bind (settings, "show-coordinates",
                   self->coordinates_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-legal-moves",
                   self->legal_moves_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "animate-moves",
                   self->animate_switch, "active", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (chess_engines_page_new (settings)));
  return self;
}
