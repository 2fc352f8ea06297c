/* chess-window-analysis.c — the engine's help in the main window: the
 * state (the window's `analysis`), turning analysis mode on and off,
 * following the game and the settings, the analysis panel's options menu,
 * setup, and a shutdown that leaves no search running. The hint is in
 * chess-window-analysis-hint.c; the analysis search and its panel in
 * chess-window-analysis-search.c; the threat in
 * chess-window-analysis-threat.c.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-engine.h"
#include "chess-external-registry.h"
#include "chess-window-analysis-private.h"

/* How long closing the window waits for a search to end (it takes a few
 * milliseconds after the stop). */
#define SHUTDOWN_WAIT_MS 5000

G_DEFINE_FINAL_TYPE (ChessAnalysisState, chess_analysis_state, G_TYPE_OBJECT)

static void build_options_menu (ChessAnalysisState *self);

/* ---- Colours ---- */

/* Violet: none of the annotation colours (green, red, yellow, blue). */
const GdkRGBA chess_analysis_engine_colour = { 0.56, 0.22, 0.80, 0.85 };
/* Cyan: the hint is not the analysis, and none of the annotations either. */
const GdkRGBA chess_analysis_hint_colour = { 0.0, 0.66, 0.78, 0.85 };
const GdkRGBA chess_analysis_other_line_colour = { 0.56, 0.22, 0.80, 0.45 };

/* ---- The position shown ---- */

ChessNotation
chess_analysis_state_notation (ChessAnalysisState *self)
{
  static const ChessNotation notations[] = {
    CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_FIGURINE
  };
  guint n = (guint) g_settings_get_enum (self->settings, "notation");

  return notations[MIN (n, G_N_ELEMENTS (notations) - 1)];
}

/* The line up to the position shown (so the engine sees repetitions). */
void
chess_analysis_state_viewed_line (ChessAnalysisState *self,
                                  ChessLine           *out)
{
  guint ply = chess_game_get_view_ply (self->game);

  chess_game_copy_line (self->game, out);
  while (out->n_moves > ply)
    chess_line_pop (out);
}

gboolean
chess_analysis_has_legal_moves (const ChessBoard *board)
{
  ChessMoveList list;

  return chess_board_generate_legal (board, &list) > 0;
}

void
chess_analysis_state_set_arrows (ChessAnalysisState   *self,
                                 const char            *owner,
                                 const ChessBoardArrow *arrows,
                                 guint                  n)
{
  if (self->board != NULL)
    chess_board_view_set_extra_arrows (self->board, owner, arrows, n);
}

/* ---- Analysis on and off ---- */

void
chess_analysis_state_set_active (ChessAnalysisState *self,
                                 gboolean             active)
{
  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  g_simple_action_set_state (self->analysis_action, g_variant_new_boolean (active));
  gtk_widget_set_visible (GTK_WIDGET (self->panel), active);
  gtk_widget_set_visible (self->material_box, !active);
  if (active)
    {
      g_clear_pointer (&self->engine_problem, g_free);
      build_options_menu (self);
      chess_analysis_state_restart (self);
    }
  else
    {
      chess_analysis_state_stop (self);
      /* An engine kept idle costs nothing but an external one's memory. */
      chess_analysis_state_drop_player (self);
      /* The threat is part of the analysis. */
      chess_analysis_state_hide_threat (self);
      chess_analysis_state_drop_threat_player (self);
    }
}

static void
analysis_change_state (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  chess_analysis_state_set_active (user_data, g_variant_get_boolean (state));
}

/* ---- Following the game and the settings ---- */

static void
position_changed_cb (ChessAnalysisState *self)
{
  chess_analysis_state_clear_hint (self);
  chess_analysis_state_update_hint_action (self);
  if (self->active)
    chess_analysis_state_restart (self);
  chess_analysis_state_restart_threat (self);
}

/* Another position, or the game's end (a resignation, a flag, an agreed
 * draw: the position stays, with no hint on the board: there is no move
 * to find). */
static void
game_changed_cb (ChessAnalysisState *self,
                 guint               changes)
{
  if (changes & ~(CHESS_GAME_CHANGED_TREE | CHESS_GAME_CHANGED_RESULT))
    position_changed_cb (self);
  else if ((changes & CHESS_GAME_CHANGED_RESULT) && chess_game_is_over (self->game))
    {
      chess_analysis_state_clear_hint (self);
      chess_analysis_state_update_hint_action (self);
    }
}

static void
watch_game (ChessAnalysisState *self)
{
  ChessGame *game = chess_window_get_game (self->window);

  if (game == self->game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  position_changed_cb (self);
}

static void
engine_setting_changed_cb (ChessAnalysisState *self)
{
  g_clear_pointer (&self->engine_problem, g_free);
  if (!self->active)
    return;
  chess_analysis_state_stop (self);
  chess_analysis_state_drop_player (self);
  chess_analysis_state_restart (self);
}

/* The lines or threads asked for: analysed again with them. */
static void
search_setting_changed_cb (ChessAnalysisState *self)
{
  if (self->active)
    chess_analysis_state_restart (self);
}

static void
notation_changed_cb (ChessAnalysisState *self)
{
  chess_analysis_state_refresh_panel (self);
  chess_analysis_state_refresh_threat (self);
}

/* The built-in engine's threads: Automatic (the cores but one), or one to
 * as many as there are cores. */
static void
append_thread_items (GMenu *menu)
{
  int cores = MIN ((int) g_get_num_processors (), CHESS_ENGINE_MAX_THREADS);
  int automatic = MAX (1, cores - 1);
  g_autofree char *label = g_strdup_printf (ngettext ("Automatic (%d Thread)", "Automatic (%d Threads)",
                                                      automatic), automatic);
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, "analysis.analysis-threads", g_variant_new_int32 (0));
  g_menu_append_item (menu, item);
  for (int n = 1; n <= cores; n++)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%d Thread", "%d Threads", n), n);
      g_autoptr(GMenuItem) choice = g_menu_item_new (text, NULL);

      g_menu_item_set_action_and_target_value (choice, "analysis.analysis-threads",
                                               g_variant_new_int32 (n));
      g_menu_append_item (menu, choice);
    }
}

/* The options: how many lines, and which engine (the built-in one and
 * the external ones installed or added in the Preferences). Built again
 * each time analysis is turned on, so a newly added engine is offered. */
static void
build_options_menu (ChessAnalysisState *self)
{
  g_autoptr(GMenu) lines = g_menu_new ();
  g_autoptr(GMenu) threads = g_menu_new ();
  g_autoptr(GMenu) engines = g_menu_new ();
  g_autoptr(GPtrArray) entries = chess_external_registry_list (self->settings, NULL);
  g_autoptr(GMenuItem) builtin = NULL;

  g_menu_remove_all (self->options_menu);
  for (int n = 1; n <= CHESS_ANALYSIS_MAX_LINES; n++)
    {
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = g_strdup_printf (ngettext ("%d Line", "%d Lines", n), n);

      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "analysis.analysis-lines", g_variant_new_int32 (n));
      g_menu_append_item (lines, item);
    }
  append_thread_items (threads);
  builtin = g_menu_item_new (_("ThinkChess (Built-in)"), NULL);
  g_menu_item_set_action_and_target_value (builtin, "analysis.analysis-engine", g_variant_new_string (""));
  g_menu_append_item (engines, builtin);
  for (guint i = 0; i < entries->len; i++)
    {
      const ChessExternalEntry *entry = g_ptr_array_index (entries, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (entry->name, NULL);

      g_menu_item_set_action_and_target_value (item, "analysis.analysis-engine",
                                               g_variant_new_string (entry->id));
      g_menu_append_item (engines, item);
    }
  g_menu_append_section (self->options_menu, _("Best Lines"), G_MENU_MODEL (lines));
  g_menu_append_section (self->options_menu, _("Engine"), G_MENU_MODEL (engines));
  /* Translators: how many threads the built-in engine analyses with. */
  g_menu_append_section (self->options_menu, _("Threads"), G_MENU_MODEL (threads));
}

/* ---- Public ---- */

gboolean
_chess_window_analysis_is_active (ChessWindow *window)
{
  ChessAnalysisState *self = window->analysis;

  return self != NULL && self->active;
}

gboolean
chess_window_analysis_is_thinking (ChessWindow *window)
{
  ChessAnalysisState *self = window->analysis;

  return self != NULL && (self->think_cancellable != NULL || self->hint_cancellable != NULL
                          || self->threat_cancellable != NULL);
}

ChessMove
_chess_window_analysis_get_hint (ChessWindow *window)
{
  ChessAnalysisState *self = window->analysis;

  return self != NULL ? self->hint_move : CHESS_MOVE_NONE;
}

guint
_chess_window_analysis_get_runs (ChessWindow *window)
{
  ChessAnalysisState *self = window->analysis;

  return self != NULL ? self->runs : 0;
}

int
_chess_window_analysis_get_threads (ChessWindow *window)
{
  ChessAnalysisState *self = window->analysis;

  return self != NULL && self->player != NULL ? _chess_player_builtin_get_threads (self->player) : 0;
}

void
_chess_window_analysis_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CHESS_TYPE_ANALYSIS_PANEL);
}

void
_chess_window_analysis_init (ChessWindow *window)
{
  ChessAnalysisState *self = g_object_new (CHESS_TYPE_ANALYSIS_STATE, NULL);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GAction) lines_action = NULL;
  g_autoptr(GAction) threads_action = NULL;
  g_autoptr(GAction) engine_action = NULL;

  self->window = window;
  self->board = window->board;
  self->panel = CHESS_ANALYSIS_PANEL (window->analysis_panel);
  self->material_box = gtk_widget_get_parent (window->eval_bar);
  self->settings = g_object_ref (window->settings);
  self->hint_move = CHESS_MOVE_NONE;
  window->analysis = self;

  self->hint_action = g_simple_action_new ("hint", NULL);
  g_signal_connect (self->hint_action, "activate",
                    G_CALLBACK (chess_analysis_state_hint_activated), self);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (self->hint_action));
  self->analysis_action = g_simple_action_new_stateful ("analysis", NULL,
                                                        g_variant_new_boolean (FALSE));
  g_signal_connect (self->analysis_action, "change-state", G_CALLBACK (analysis_change_state), self);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (self->analysis_action));
  chess_analysis_state_init_threat (self);

  /* The panel's options act on the settings directly (actions named as
   * the keys: analysis.analysis-lines, analysis.analysis-engine). */
  lines_action = g_settings_create_action (self->settings, "analysis-lines");
  threads_action = g_settings_create_action (self->settings, "analysis-threads");
  engine_action = g_settings_create_action (self->settings, "analysis-engine");
  g_action_map_add_action (G_ACTION_MAP (group), lines_action);
  g_action_map_add_action (G_ACTION_MAP (group), threads_action);
  g_action_map_add_action (G_ACTION_MAP (group), engine_action);
  gtk_widget_insert_action_group (GTK_WIDGET (window), "analysis", G_ACTION_GROUP (group));
  self->options_menu = g_menu_new ();
  chess_analysis_panel_set_menu_model (self->panel, G_MENU_MODEL (self->options_menu));
  build_options_menu (self);

  g_signal_connect_swapped (self->settings, "changed::analysis-engine",
                            G_CALLBACK (engine_setting_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::analysis-lines",
                            G_CALLBACK (search_setting_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::analysis-threads",
                            G_CALLBACK (search_setting_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::notation",
                            G_CALLBACK (notation_changed_cb), self);
  g_signal_connect_swapped (window, "notify::game", G_CALLBACK (watch_game), self);
  g_signal_connect_swapped (window, "notify::paused",
                            G_CALLBACK (chess_analysis_state_update_hint_action), self);
  watch_game (self);
}

static gboolean
wait_done_cb (gpointer user_data)
{
  gboolean *done = user_data;

  *done = TRUE;
  return G_SOURCE_REMOVE;
}

void
_chess_window_analysis_dispose (ChessWindow *window)
{
  /* From here on the window has no analysis; the searches still under
   * way hold the state and find its `window` NULL. */
  g_autoptr(ChessAnalysisState) self = g_steal_pointer (&window->analysis);
  gboolean timed_out = FALSE;
  guint timeout_id;

  if (self == NULL)
    return;
  g_signal_handlers_disconnect_by_data (window, self);
  g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  chess_analysis_state_clear_hint (self);
  chess_analysis_state_stop (self);
  chess_analysis_state_drop_player (self);
  chess_analysis_state_hide_threat (self);
  chess_analysis_state_drop_threat_player (self);
  if (self->hint_player != NULL)
    chess_player_stop (self->hint_player);
  g_clear_object (&self->hint_player);
  self->window = NULL;
  self->board = NULL;
  self->panel = NULL;

  /* The searches end a few milliseconds after the stop, and their players
   * with them: wait for that, so no search thread outlives the window. */
  timeout_id = g_timeout_add (SHUTDOWN_WAIT_MS, wait_done_cb, &timed_out);
  while ((self->think_cancellable != NULL || self->hint_cancellable != NULL
          || self->start_cancellable != NULL || self->threat_cancellable != NULL) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout_id);
}

/* ---- GObject ---- */

static void
chess_analysis_state_finalize (GObject *object)
{
  ChessAnalysisState *self = CHESS_ANALYSIS_STATE (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_object (&self->player);
  g_clear_object (&self->hint_player);
  g_clear_object (&self->hint_cancellable);
  g_clear_object (&self->threat_player);
  g_clear_object (&self->threat_cancellable);
  g_clear_object (&self->threat_action);
  g_clear_object (&self->think_cancellable);
  g_clear_object (&self->start_cancellable);
  g_clear_object (&self->hint_action);
  g_clear_object (&self->analysis_action);
  g_clear_object (&self->options_menu);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_free (self->player_id);
  g_free (self->engine_problem);
  g_free (self->threat_problem);

  G_OBJECT_CLASS (chess_analysis_state_parent_class)->finalize (object);
}

static void
chess_analysis_state_class_init (ChessAnalysisStateClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chess_analysis_state_finalize;
}

static void
chess_analysis_state_init (ChessAnalysisState *self)
{
}

