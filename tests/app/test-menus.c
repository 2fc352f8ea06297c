/* test-menus.c — where the window's actions are (issue 27, finding 4;
 * suite 'app'): the primary menu keeps to about a dozen items of the app
 * and its files, the game's actions are in the header bar's Game Actions
 * menu, Undo and Redo are buttons beside New Game, the coach's actions
 * are buttons in the side panel, and every action with a shortcut can
 * also be reached with the mouse. The e2e scenario menus
 * (e2e-part2-flows.py) clicks them in the real app. */
#include "config.h"

#include <gtk/gtk.h>

#include "chess-window.h"

#include "app-test-util.h"

static GPtrArray *
menu_actions (ChessWindow *window,
              const char  *button)
{
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);
  GMenuModel *model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (app_test_window_child (window, button)));

  g_assert_nonnull (model);
  app_test_menu_attributes (model, G_MENU_ATTRIBUTE_ACTION, actions);
  return actions;
}

static gboolean
has_action (GPtrArray  *actions,
            const char *action)
{
  for (guint i = 0; i < actions->len; i++)
    if (g_strcmp0 (g_ptr_array_index (actions, i), action) == 0)
      return TRUE;
  return FALSE;
}

/* The buttons that carry an action, and the action. */
static const struct
{
  const char *button;
  const char *action;
} action_buttons[] = {
  { "new_game_button", "win.new-game" },
  { "undo_button",     "win.undo" },
  { "redo_button",     "win.redo" },
  { "pause_button",    "win.pause" },
  { "hint_button",     "win.hint" },
  { "analysis_button", "win.analysis" },
  { "threat_button",   "win.threat" },
  { "review_button",   "win.review-game" },
};

static void
test_primary_menu (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(GPtrArray) actions = menu_actions (window, "primary_menu_button");
  /* Moved to the header bar and the side panel; Quit is Ctrl+Q and the
   * window's close button (GNOME HIG). */
  static const char *const moved[] = {
    "win.new-game", "win.undo", "win.redo", "win.offer-draw", "win.claim-draw",
    "win.resign", "win.pause", "win.hint", "win.analysis", "win.threat",
    "win.review-game", "app.quit",
  };
  static const char *const kept[] = {
    "win.open", "win.save", "win.save-as", "win.flip-board", "win.copy-fen",
    "win.paste", "app.preferences", "win.show-help-overlay", "app.about",
  };

  g_test_message ("the primary menu has %u items", actions->len);
  g_assert_cmpuint (actions->len, <=, 12);
  for (guint i = 0; i < G_N_ELEMENTS (moved); i++)
    if (has_action (actions, moved[i]))
      g_error ("%s is still in the primary menu", moved[i]);
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    if (!has_action (actions, kept[i]))
      g_error ("%s is missing from the primary menu", kept[i]);
  app_test_destroy_window (window);
}

static void
test_game_menu (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(GPtrArray) actions = menu_actions (window, "game_menu_button");
  GtkWidget *button = app_test_window_child (window, "game_menu_button");

  g_assert_cmpuint (actions->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (actions, 0), ==, "win.offer-draw");
  g_assert_cmpstr (g_ptr_array_index (actions, 1), ==, "win.claim-draw");
  g_assert_cmpstr (g_ptr_array_index (actions, 2), ==, "win.resign");
  g_assert_true (gtk_widget_is_ancestor (button, app_test_window_child (window, "header_bar")));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Game Actions");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Game Actions");
  app_test_destroy_window (window);
}

/* Each button carries its action, sits where it is used, and its icon is
 * in the icon theme of this system (Adwaita or our resource). */
static void
test_buttons (void)
{
  ChessWindow *window = app_test_new_window ();
  GtkWidget *header_bar = app_test_window_child (window, "header_bar");
  GtkWidget *coach_row = app_test_window_child (window, "coach_row");
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));
  static const char *const header_buttons[] = {
    "new_game_button", "undo_button", "redo_button", "pause_button",
    "game_menu_button", "primary_menu_button",
  };

  for (guint i = 0; i < G_N_ELEMENTS (action_buttons); i++)
    {
      GtkWidget *button = app_test_window_child (window, action_buttons[i].button);

      g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==,
                       action_buttons[i].action);
      g_assert_nonnull (gtk_widget_get_tooltip_text (button));
    }
  for (guint i = 0; i < G_N_ELEMENTS (header_buttons); i++)
    {
      GtkWidget *button = app_test_window_child (window, header_buttons[i]);
      const char *icon = GTK_IS_MENU_BUTTON (button)
                         ? gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (button))
                         : gtk_button_get_icon_name (GTK_BUTTON (button));

      g_assert_true (gtk_widget_is_ancestor (button, header_bar));
      g_assert_nonnull (icon);
      if (!gtk_icon_theme_has_icon (theme, icon))
        g_error ("%s: no icon %s in the icon theme", header_buttons[i], icon);
    }
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (app_test_window_child (window, "redo_button")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Redo Move");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (app_test_window_child (window, "new_game_button")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "New Game");

  /* The coach's buttons: above the evaluation, in the panel; the two
   * modes are toggles that show their state. */
  g_assert_true (gtk_widget_is_ancestor (coach_row, app_test_window_child (window, "side_panel")));
  g_assert_true (gtk_widget_get_first_child (app_test_window_child (window, "side_panel")) == coach_row);
  g_assert_true (GTK_IS_TOGGLE_BUTTON (app_test_window_child (window, "analysis_button")));
  g_assert_true (GTK_IS_TOGGLE_BUTTON (app_test_window_child (window, "threat_button")));
  app_test_destroy_window (window);
}

/* The buttons follow the game: Redo once a move is taken back, Analysis
 * pressed while it is on (from Ctrl+E as from the button). */
static void
test_buttons_follow_state (void)
{
  ChessWindow *window = app_test_new_window ();
  ChessGame *game = chess_window_get_game (window);
  GtkWidget *redo = app_test_window_child (window, "redo_button");
  GtkToggleButton *analysis = GTK_TOGGLE_BUTTON (app_test_window_child (window, "analysis_button"));

  model_test_play (game, "e4 e5");
  app_test_spin ();
  g_assert_false (gtk_widget_get_sensitive (redo));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  app_test_spin ();
  g_assert_true (gtk_widget_get_sensitive (redo));
  g_signal_emit_by_name (redo, "clicked");
  app_test_spin ();
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 2);
  g_assert_false (gtk_widget_get_sensitive (redo));

  g_assert_false (gtk_toggle_button_get_active (analysis));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  app_test_spin ();
  g_assert_true (gtk_toggle_button_get_active (analysis));
  g_signal_emit_by_name (analysis, "clicked");
  app_test_spin ();
  g_assert_false (gtk_toggle_button_get_active (analysis));
  g_assert_false (gtk_widget_get_visible (app_test_window_child (window, "analysis_panel")));
  app_test_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-menus-XXXXXX", APP_TEST_ENGLISH))
    return 0;

  g_test_add_func ("/menus/primary", test_primary_menu);
  g_test_add_func ("/menus/game", test_game_menu);
  g_test_add_func ("/menus/buttons", test_buttons);
  g_test_add_func ("/menus/buttons-follow-state", test_buttons_follow_state);

  return app_test_end (g_test_run ());
}
