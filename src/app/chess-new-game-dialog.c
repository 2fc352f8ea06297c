/* chess-new-game-dialog.c — players and time control for a new game. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-a11y.h"
#include "chess-engine-levels.h"
#include "chess-external-registry.h"
#include "chess-new-game-dialog.h"
#include "chess-opponents.h"

struct _ChessNewGameDialog
{
  GtkWindow parent_instance;

  /* Template widgets */
  GtkToggleButton *white_human;
  GtkToggleButton *white_computer;
  GtkEntry        *white_name;
  GtkDropDown     *white_engine;
  GtkDropDown     *white_level;
  GtkWidget       *white_label;
  GtkToggleButton *black_human;
  GtkToggleButton *black_computer;
  GtkEntry        *black_name;
  GtkDropDown     *black_engine;
  GtkDropDown     *black_level;
  GtkWidget       *black_label;
  GtkDropDown     *time_dropdown;
  GtkWidget       *custom_grid;
  GtkWidget       *time_hint;
  GtkWidget       *start_button;
  GtkSpinButton   *minutes_spin;
  GtkSpinButton   *seconds_spin;
  GtkCheckButton  *delay_check;

  /* Owned */
  GSettings       *settings;
  GPtrArray       *engines;   /* ChessExternalEntry: the external engines,
                               * after the built-in one in the drop-downs */
};

G_DEFINE_FINAL_TYPE (ChessNewGameDialog, chess_new_game_dialog, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const ChessTimePreset presets[] = {
  { 0, 0 },
  { 1, 0 },
  { 3, 2 },
  { 5, 0 },
  { 10, 0 },
  { 15, 10 },
  { 30, 0 },
  { 90, 30 },
};

/* Shown beside each preset; same order. */
static const char *const preset_labels[] = {
  N_("Untimed"),
  N_("1 + 0 (bullet)"),
  N_("3 + 2 (blitz)"),
  N_("5 + 0 (blitz)"),
  N_("10 + 0 (rapid)"),
  N_("15 + 10 (rapid)"),
  N_("30 + 0 (classical)"),
  N_("90 + 30 (classical)"),
};

#define N_PRESETS G_N_ELEMENTS (presets)
#define CUSTOM_INDEX N_PRESETS

const ChessTimePreset *
chess_new_game_dialog_get_presets (guint *n_presets)
{
  if (n_presets != NULL)
    *n_presets = N_PRESETS;
  return presets;
}

/* The seconds per move of the current choice. */
static int
current_seconds (ChessNewGameDialog *self)
{
  guint selected = gtk_drop_down_get_selected (self->time_dropdown);

  if (selected < N_PRESETS)
    return presets[selected].seconds;
  return gtk_spin_button_get_value_as_int (self->seconds_spin);
}

static void
time_control_changed_cb (ChessNewGameDialog *self)
{
  guint selected = gtk_drop_down_get_selected (self->time_dropdown);

  gtk_widget_set_visible (self->custom_grid, selected == CUSTOM_INDEX);
  /* Untimed games have no minutes or increments to explain. */
  gtk_widget_set_visible (self->time_hint, selected != 0);
  /* A delay needs seconds to delay by. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->delay_check),
                            selected != 0 && current_seconds (self) > 0);
}

/* ---- Players ---- */

/* One side's widgets, so both sides share the code. */
typedef struct
{
  GtkToggleButton *human;
  GtkToggleButton *computer;
  GtkEntry        *name;
  GtkDropDown     *engine;
  GtkDropDown     *level;
  GtkWidget       *label;
  const char      *player_key, *name_key, *engine_key, *level_key;
} Side;

static Side
get_side (ChessNewGameDialog *self,
          ChessColor          color)
{
  if (color == CHESS_COLOR_WHITE)
    return (Side) { self->white_human, self->white_computer, self->white_name, self->white_engine,
                    self->white_level, self->white_label,
                    "white-player", "white-name", "white-engine", "white-level" };
  return (Side) { self->black_human, self->black_computer, self->black_name, self->black_engine,
                  self->black_level, self->black_label,
                  "black-player", "black-name", "black-engine", "black-level" };
}

/* A human is named; a computer is an engine, and the built-in one plays
 * at a level. The label's mnemonic goes to what is shown. */
static void
players_changed_cb (ChessNewGameDialog *self)
{
  for (int c = 0; c < 2; c++)
    {
      Side side = get_side (self, c);
      gboolean computer = gtk_toggle_button_get_active (side.computer);
      gboolean builtin = gtk_drop_down_get_selected (side.engine) == 0;

      gtk_widget_set_visible (GTK_WIDGET (side.name), !computer);
      gtk_widget_set_visible (GTK_WIDGET (side.engine), computer);
      gtk_widget_set_visible (GTK_WIDGET (side.level), computer && builtin);
      gtk_label_set_mnemonic_widget (GTK_LABEL (side.label),
                                     computer ? GTK_WIDGET (side.engine) : GTK_WIDGET (side.name));
    }
}

static void
load_side (ChessNewGameDialog *self,
           ChessColor          color)
{
  Side side = get_side (self, color);
  g_autofree char *name = g_settings_get_string (self->settings, side.name_key);
  g_autofree char *engine = g_settings_get_string (self->settings, side.engine_key);
  int level = g_settings_get_int (self->settings, side.level_key);
  gboolean computer = g_settings_get_enum (self->settings, side.player_key) == 1;

  gtk_editable_set_text (GTK_EDITABLE (side.name), name);
  gtk_drop_down_set_selected (side.engine, chess_opponents_engine_position (self->engines, engine));
  gtk_drop_down_set_selected (side.level, (guint) CLAMP (level, 0, CHESS_ENGINE_LEVEL_MAX));
  gtk_toggle_button_set_active (computer ? side.computer : side.human, TRUE);
}

static void
save_side (ChessNewGameDialog *self,
           ChessColor          color)
{
  Side side = get_side (self, color);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (side.name))));
  ChessOpponent opponent = {
    .computer = gtk_toggle_button_get_active (side.computer),
    .engine_id = (char *) chess_opponents_engine_at (self->engines,
                                                     gtk_drop_down_get_selected (side.engine)),
    .level = (int) gtk_drop_down_get_selected (side.level),
  };

  chess_opponent_to_settings (&opponent, self->settings, color);
  g_settings_set_string (self->settings, side.name_key, name);
}

static void
cancel_clicked_cb (ChessNewGameDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

/* Shows what the settings remember. */
static void
load_settings (ChessNewGameDialog *self)
{
  int minutes = g_settings_get_int (self->settings, "time-minutes");
  int increment = g_settings_get_int (self->settings, "time-increment");
  int delay = g_settings_get_int (self->settings, "time-delay");
  int seconds = delay > 0 ? delay : increment;
  guint selected = CUSTOM_INDEX;

  load_side (self, CHESS_COLOR_WHITE);
  load_side (self, CHESS_COLOR_BLACK);
  players_changed_cb (self);

  if (minutes == 0)
    selected = 0;
  else
    for (guint i = 1; i < N_PRESETS; i++)
      if (presets[i].minutes == minutes && presets[i].seconds == seconds)
        selected = i;

  if (minutes > 0)
    gtk_spin_button_set_value (self->minutes_spin, minutes);
  gtk_spin_button_set_value (self->seconds_spin, seconds);
  gtk_check_button_set_active (self->delay_check, delay > 0);
  gtk_drop_down_set_selected (self->time_dropdown, selected);
  time_control_changed_cb (self);
}

static void
save_settings (ChessNewGameDialog *self)
{
  guint selected = gtk_drop_down_get_selected (self->time_dropdown);
  int minutes, seconds;
  gboolean delay;

  if (selected < N_PRESETS)
    {
      minutes = presets[selected].minutes;
      seconds = presets[selected].seconds;
    }
  else
    {
      minutes = gtk_spin_button_get_value_as_int (self->minutes_spin);
      seconds = gtk_spin_button_get_value_as_int (self->seconds_spin);
    }
  if (minutes == 0)
    seconds = 0;
  delay = seconds > 0 && gtk_check_button_get_active (self->delay_check);

  g_settings_delay (self->settings);
  save_side (self, CHESS_COLOR_WHITE);
  save_side (self, CHESS_COLOR_BLACK);
  g_settings_set_int (self->settings, "time-minutes", minutes);
  g_settings_set_int (self->settings, "time-increment", delay ? 0 : seconds);
  g_settings_set_int (self->settings, "time-delay", delay ? seconds : 0);
  g_settings_apply (self->settings);
}

void
chess_new_game_dialog_start (ChessNewGameDialog *self)
{
  g_return_if_fail (CHESS_IS_NEW_GAME_DIALOG (self));

  save_settings (self);
  /* The handler may replace the game; keep the dialog alive through it. */
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_START], 0);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
chess_new_game_dialog_dispose (GObject *object)
{
  ChessNewGameDialog *self = CHESS_NEW_GAME_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CHESS_TYPE_NEW_GAME_DIALOG);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->engines, g_ptr_array_unref);

  G_OBJECT_CLASS (chess_new_game_dialog_parent_class)->dispose (object);
}

static void
chess_new_game_dialog_class_init (ChessNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = chess_new_game_dialog_dispose;

  /**
   * ChessNewGameDialog::start:
   *
   * The player chose "Start Game"; the choices are in the settings.
   */
  signals[SIGNAL_START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/chess-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, white_human);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, white_computer);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, white_name);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, white_engine);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, white_level);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, white_label);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, black_human);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, black_computer);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, black_name);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, black_engine);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, black_level);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, black_label);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, time_dropdown);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, custom_grid);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, time_hint);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, seconds_spin);
  gtk_widget_class_bind_template_child (widget_class, ChessNewGameDialog, delay_check);
  gtk_widget_class_bind_template_callback (widget_class, time_control_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, players_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, chess_new_game_dialog_start);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
chess_new_game_dialog_init (ChessNewGameDialog *self)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  chess_a11y_name_mnemonic_buttons (GTK_WIDGET (self));

  /* Newer GTK names a button after its label child ("labelled-by"), which
   * outranks the template's accessible labels: a screen reader would hear
   * "Computer" for both sides. Drop the relation so the labels that say
   * which side each toggle is for are the names. */
  GtkToggleButton *toggles[] = { self->white_human, self->white_computer,
                                 self->black_human, self->black_computer };
  for (guint i = 0; i < G_N_ELEMENTS (toggles); i++)
    gtk_accessible_reset_relation (GTK_ACCESSIBLE (toggles[i]),
                                   GTK_ACCESSIBLE_RELATION_LABELLED_BY);

  for (guint i = 0; i < N_PRESETS; i++)
    gtk_string_list_append (labels, _(preset_labels[i]));
  gtk_string_list_append (labels, _("Custom"));
  gtk_drop_down_set_model (self->time_dropdown, G_LIST_MODEL (labels));
}

ChessNewGameDialog *
chess_new_game_dialog_new (GtkWindow *parent,
                           GSettings *settings)
{
  ChessNewGameDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CHESS_TYPE_NEW_GAME_DIALOG,
                       "transient-for", parent,
                       NULL);
  self->settings = g_object_ref (settings);
  self->engines = chess_external_registry_list (settings, NULL);
  for (int c = 0; c < 2; c++)
    {
      Side side = get_side (self, c);
      g_autoptr(GListModel) engines = chess_opponents_engine_model (self->engines);
      g_autoptr(GListModel) levels = chess_opponents_level_model ();

      gtk_drop_down_set_model (side.engine, engines);
      gtk_drop_down_set_model (side.level, levels);
    }
  load_settings (self);
  /* Enter starts the game: the first focus is not a toggle Enter would flip. */
  gtk_window_set_focus (GTK_WINDOW (self), self->start_button);
  return self;
}
