/* chess-window.c — the main window as a widget: its template, the
 * settings it follows, the template's callbacks, closing, and the GObject
 * plumbing. What it shows of the game is chess-window-panel.c; the game
 * it plays, chess-window-game.c. */
#include "config.h"

#include "chess-a11y.h"
#include "chess-window-private.h"
#include "chess-window-actions.h"
#include "chess-window-analysis.h"
#include "chess-analysis-panel.h"
#include "chess-adaptive-box.h"
#include "chess-board-view.h"
#include "chess-captured-view.h"
#include "chess-move-list-view.h"
#include "chess-review-panel.h"
#include "chess-practice-panel.h"
#include "chess-window-computer.h"
#include "chess-window-practice.h"
#include "chess-window-review.h"

G_DEFINE_FINAL_TYPE (ChessWindow, chess_window, ADW_TYPE_APPLICATION_WINDOW)

GParamSpec *chess_window_properties[N_PROPS];

ChessBoardView *
chess_window_get_board (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), NULL);
  return self->board;
}

void
chess_window_flip (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  self->user_flip = !self->user_flip;
  _chess_window_update_orientation (self);
}

gboolean
chess_window_get_flipped (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), FALSE);
  return self->flipped;
}

GSettings *
chess_window_get_settings (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), NULL);
  return self->settings;
}

/* ---- Template callbacks ---- */

static void
board_refused_cb (ChessWindow *self,
                  const char  *message)
{
  chess_window_show_message (self, message);
}

static void
move_entry_activate_cb (ChessWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->move_entry))));

  if (*text == '\0')
    return;
  /* Moves are played at the live position only. */
  if (!chess_game_is_viewing_live (self->game))
    chess_game_set_view_ply (self->game, chess_game_get_move_count (self->game));
  if (chess_game_play (self->game, text, &error))
    gtk_editable_set_text (GTK_EDITABLE (self->move_entry), "");
  else
    {
      chess_window_show_message (self, error->message);
      gtk_editable_select_region (GTK_EDITABLE (self->move_entry), 0, -1);
    }
  gtk_widget_grab_focus (self->move_entry);
}

static void
continue_clicked_cb (ChessWindow *self)
{
  _chess_window_continue_last_game (self);
}

static void
new_game_clicked_cb (ChessWindow *self)
{
  /* The new-game dialog when there is one (win.new-game), else straight. */
  if (!gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game", NULL))
    chess_window_new_game (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
result_view_clicked_cb (ChessWindow *self)
{
  gtk_widget_set_visible (self->result_screen, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* The button's action (win.review-game) starts the review; the card makes
 * way for the board, where its marks and arrows show. */
static void
result_review_clicked_cb (ChessWindow *self)
{
  result_view_clicked_cb (self);
}

static void
resume_clicked_cb (ChessWindow *self)
{
  chess_window_set_paused (self, FALSE);
}

static void
past_return_clicked_cb (ChessWindow *self)
{
  chess_game_set_view_ply (self->game, chess_game_get_move_count (self->game));
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* ---- Settings ---- */

static void
notation_changed_cb (ChessWindow *self)
{
  static const ChessNotation notations[] = {
    CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_FIGURINE
  };
  guint n = (guint) g_settings_get_enum (self->settings, "notation");

  chess_move_list_view_set_notation (self->move_list,
                                     notations[MIN (n, G_N_ELEMENTS (notations) - 1)]);
}

/* The captured pieces lie on the board's colours. */
static void
board_theme_changed_cb (ChessWindow *self)
{
  g_autofree char *theme = g_settings_get_string (self->settings, "board-theme");
  GdkRGBA light, dark;

  chess_board_view_get_theme_colors (theme, &light, &dark);
  chess_captured_view_set_colors (self->captured_by_white, &light, &dark);
  chess_captured_view_set_colors (self->captured_by_black, &light, &dark);
}

static void
piece_set_changed_cb (ChessWindow *self)
{
  g_autofree char *name = g_settings_get_string (self->settings, "piece-set");

  chess_captured_view_set_piece_set (self->captured_by_white, name);
  chess_captured_view_set_piece_set (self->captured_by_black, name);
}

static gboolean
close_request_cb (ChessWindow *self)
{
  int width, height;

  chess_window_keep_game (self);

  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      if (width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
    }
  return FALSE;
}

static void
map_trace_cb (ChessWindow *self)
{
  if (!self->trace_mapped)
    g_printerr ("thinkchess-trace: window-mapped %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  self->trace_mapped = TRUE;
}

/* ---- GObject ---- */

static void
chess_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ChessWindow *self = CHESS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  ChessWindow *self = CHESS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      chess_window_set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_window_dispose (GObject *object)
{
  ChessWindow *self = CHESS_WINDOW (object);

  /* First: the engines stop before the game and the board go. */
  _chess_window_analysis_dispose (self);
  /* Stops the computer first: no reply lands on a window going away. */
  _chess_window_computer_dispose (self);
  _chess_window_review_dispose (self);
  _chess_window_practice_dispose (self);
  _chess_window_actions_dispose (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  /* No gtk_widget_dispose_template: GtkWindow unparents its child and
   * titlebar itself, and in GTK 4.8 disposing the template first makes it
   * unparent the header bar twice. */
  /* A window kept alive after closing hears no more setting changes. */
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_signal_handlers_disconnect_by_data (gtk_widget_get_settings (GTK_WIDGET (self)), self);
  g_clear_object (&self->clock);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (chess_window_parent_class)->dispose (object);
}

static void
chess_window_finalize (GObject *object)
{
  ChessWindow *self = CHESS_WINDOW (object);

  g_free (self->status_text);
  g_free (self->message);
  g_free (self->document_name);

  G_OBJECT_CLASS (chess_window_parent_class)->finalize (object);
}

/* Template children the window's code never touches. */
static const char *const action_buttons[] = {
  "redo_button", "game_menu_button",
  "coach_row", "hint_button", "analysis_button", "threat_button", "review_button",
  "practice_scroller", "practice_panel",
};

static void
chess_window_class_init (ChessWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = chess_window_get_property;
  object_class->set_property = chess_window_set_property;
  object_class->dispose = chess_window_dispose;
  object_class->finalize = chess_window_finalize;

  chess_window_properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHESS_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  chess_window_properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  chess_window_properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, chess_window_properties);

  g_type_ensure (CHESS_TYPE_ADAPTIVE_BOX);
  g_type_ensure (CHESS_TYPE_BOARD_VIEW);
  g_type_ensure (CHESS_TYPE_CAPTURED_VIEW);
  g_type_ensure (CHESS_TYPE_MOVE_LIST_VIEW);
  g_type_ensure (CHESS_TYPE_REVIEW_PANEL);
  g_type_ensure (CHESS_TYPE_PRACTICE_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/chess-window.ui");
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, pause_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, pause_screen);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, resume_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, layout_box);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, board_overlay);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, board);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, start_screen);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, start_subtitle);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, start_game_label);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, continue_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, play_computer_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, start_level);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, two_players_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, start_new_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, result_screen);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, result_label);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, result_score);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, result_new_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, black_row);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, black_name);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, black_marker);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, black_clock);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, white_row);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, white_name);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, white_marker);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, white_clock);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, captured_by_black);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, captured_by_white);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, eval_label);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, analysis_panel);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, review_panel);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, game_info);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, past_return_button);
  gtk_widget_class_bind_template_child (widget_class, ChessWindow, move_entry);
  /* Looked up by name only (tests, chess-window.h): the header bar's and
   * the panel's buttons act through their action names. */
  for (guint i = 0; i < G_N_ELEMENTS (action_buttons); i++)
    gtk_widget_class_bind_template_child_full (widget_class, action_buttons[i], FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, move_entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, continue_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, new_game_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_view_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_review_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, past_return_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, resume_clicked_cb);
  /* A toggle in the header bar, Ctrl+P. */
  gtk_widget_class_install_property_action (widget_class, "win.pause", "paused");

  _chess_window_actions_class_init (widget_class);
  _chess_window_analysis_class_init (widget_class);
  _chess_window_review_class_init (widget_class);
  _chess_window_practice_class_init (widget_class);
}

/* A translation too long for the side panel ends in "…" rather than
 * widening the panel and taking the width from the board. */
static void
let_coach_labels_shrink (ChessWindow *self)
{
  GtkWidget *row = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), CHESS_TYPE_WINDOW,
                                                              "coach_row"));

  for (GtkWidget *button = gtk_widget_get_first_child (row); button != NULL;
       button = gtk_widget_get_next_sibling (button))
    {
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      if (GTK_IS_LABEL (label))
        gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
    }
}

/* Our own icons (the header bar's Game Actions) are in the resource.
 * GtkApplication adds its resource path to the icon theme; a window made
 * without it (the tests) adds the path here, once. */
static void
add_resource_icons (ChessWindow *self)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (self)));
  g_auto(GStrv) paths = gtk_icon_theme_get_resource_path (theme);
  const char *path = RESOURCE_BASE "/icons";

  if (paths == NULL || !g_strv_contains ((const char *const *) paths, path))
    gtk_icon_theme_add_resource_path (theme, path);
}

static void
chess_window_init (ChessWindow *self)
{
  add_resource_icons (self);
  gtk_widget_init_template (GTK_WIDGET (self));
  chess_a11y_name_mnemonic_buttons (GTK_WIDGET (self));
  let_coach_labels_shrink (self);

  self->settings = g_settings_new (APPLICATION_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
  if (g_getenv ("THINKCHESS_TRACE") != NULL)
    g_signal_connect (self, "map", G_CALLBACK (map_trace_cb), NULL);

  /* The display preferences apply live. */
  g_settings_bind (self->settings, "show-coordinates", self->board, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-legal-moves", self->board, "show-legal-moves",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "animate-moves", self->board, "animate",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "board-theme", self->board, "theme",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "piece-set", self->board, "piece-set",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->settings, "changed::notation",
                            G_CALLBACK (notation_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::piece-set",
                            G_CALLBACK (piece_set_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::board-orientation",
                            G_CALLBACK (_chess_window_update_orientation), self);
  g_signal_connect_swapped (self->settings, "changed::board-theme",
                            G_CALLBACK (board_theme_changed_cb), self);
  notation_changed_cb (self);
  piece_set_changed_cb (self);
  board_theme_changed_cb (self);

  g_signal_connect_swapped (self->board, "refused", G_CALLBACK (board_refused_cb), self);

  _chess_window_panel_init (self);
  _chess_window_start_init (self);
  _chess_window_game_init (self);
  _chess_window_keys_init (self);

  _chess_window_actions_init (self);
  _chess_window_computer_init (self);
  _chess_window_analysis_init (self);
  _chess_window_review_init (self);
  _chess_window_practice_init (self);
}

ChessWindow *
chess_window_new (GtkApplication *app)
{
  return g_object_new (CHESS_TYPE_WINDOW, "application", app, NULL);
}

