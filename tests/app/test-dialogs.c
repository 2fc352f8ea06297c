/* test-dialogs.c — the dialogs on their own: the new-game dialog and its
 * settings, the preferences and their bindings, the game chooser's list
 * and search, and the alerts' answers. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chess-alerts.h"
#include "chess-board-view.h"
#include "chess-game-chooser.h"
#include "chess-new-game-dialog.h"
#include "chess-preferences-dialog.h"

#include "app-test-util.h"

/* ---- New game ---- */

static void
start_cb (ChessNewGameDialog *dialog,
          gpointer            user_data)
{
  (*(int *) user_data)++;
}

static void
test_new_game_defaults (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessNewGameDialog *dialog = chess_new_game_dialog_new (NULL, settings);
  GtkWidget *computer = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "white_computer");
  GtkDropDown *time = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "time_dropdown");
  GtkWidget *custom = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "custom_grid");
  GtkWidget *delay = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "delay_check");
  const ChessTimePreset *presets;
  guint n_presets;

  gtk_window_present (GTK_WINDOW (dialog));
  app_test_spin ();

  /* The computer can play either side; a person by default. */
  g_assert_true (gtk_widget_get_sensitive (computer));
  g_assert_true (gtk_widget_get_sensitive (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                           "black_computer")));
  g_assert_true (gtk_toggle_button_get_active (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                               "white_human")));

  /* The presets the issue asks for, untimed first, then Custom. */
  presets = chess_new_game_dialog_get_presets (&n_presets);
  g_assert_cmpuint (n_presets, ==, 8);
  g_assert_cmpint (presets[0].minutes, ==, 0);
  g_assert_cmpint (presets[2].minutes, ==, 3);
  g_assert_cmpint (presets[2].seconds, ==, 2);
  g_assert_cmpint (presets[7].minutes, ==, 90);
  g_assert_cmpint (presets[7].seconds, ==, 30);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (time)), ==, 9);

  /* Enter starts the game: Start Game is the default widget and has the
   * focus at first (not a toggle that Enter would flip). */
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog))
                 == app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "start_button"));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (dialog))
                 == app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "start_button"));

  /* Untimed by default: no custom fields, no delay, no increment hint. */
  g_assert_cmpuint (gtk_drop_down_get_selected (time), ==, 0);
  g_assert_false (gtk_widget_get_visible (custom));
  g_assert_false (gtk_widget_get_sensitive (delay));
  g_assert_false (gtk_widget_get_visible (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "time_hint")));

  gtk_drop_down_set_selected (time, 8);
  g_assert_true (gtk_widget_get_visible (custom));
  g_assert_true (gtk_widget_get_visible (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "time_hint")));
  gtk_drop_down_set_selected (time, 5);  /* 15 + 10 */
  g_assert_false (gtk_widget_get_visible (custom));
  g_assert_true (gtk_widget_get_sensitive (delay));
  gtk_drop_down_set_selected (time, 4);  /* 10 + 0: nothing to delay by */
  g_assert_false (gtk_widget_get_sensitive (delay));

  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_spin ();
}

static void
test_new_game_remembered (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessNewGameDialog *dialog;
  GtkDropDown *time;
  int started = 0;
  g_autofree char *name = NULL;

  /* Custom time with a delay. */
  dialog = chess_new_game_dialog_new (NULL, settings);
  g_signal_connect (dialog, "start", G_CALLBACK (start_cb), &started);
  gtk_editable_set_text (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "black_name"), "Bruno");
  gtk_drop_down_set_selected (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "time_dropdown"), 8);
  gtk_spin_button_set_value (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "minutes_spin"), 25);
  gtk_spin_button_set_value (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "seconds_spin"), 7);
  gtk_check_button_set_active (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "delay_check"), TRUE);
  chess_new_game_dialog_start (dialog);
  app_test_spin ();
  g_assert_cmpint (started, ==, 1);
  name = g_settings_get_string (settings, "black-name");
  g_assert_cmpstr (name, ==, "Bruno");
  g_assert_cmpint (g_settings_get_int (settings, "time-minutes"), ==, 25);
  g_assert_cmpint (g_settings_get_int (settings, "time-increment"), ==, 0);
  g_assert_cmpint (g_settings_get_int (settings, "time-delay"), ==, 7);
  g_assert_cmpint (g_settings_get_enum (settings, "white-player"), ==, 0);

  /* The next dialog shows the same choices. */
  dialog = chess_new_game_dialog_new (NULL, settings);
  time = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "time_dropdown");
  g_assert_cmpuint (gtk_drop_down_get_selected (time), ==, 8);
  g_assert_cmpstr (gtk_editable_get_text (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "black_name")),
                   ==, "Bruno");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                                     "minutes_spin")), ==, 25);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                                     "seconds_spin")), ==, 7);
  g_assert_true (gtk_check_button_get_active (app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG,
                                                              "delay_check")));

  /* A preset is found again as that preset; cancelling changes nothing. */
  gtk_drop_down_set_selected (time, 6);  /* 30 + 0 */
  chess_new_game_dialog_start (dialog);
  dialog = chess_new_game_dialog_new (NULL, settings);
  g_signal_connect (dialog, "start", G_CALLBACK (start_cb), &started);
  time = app_test_child (dialog, CHESS_TYPE_NEW_GAME_DIALOG, "time_dropdown");
  g_assert_cmpuint (gtk_drop_down_get_selected (time), ==, 6);
  g_assert_cmpint (g_settings_get_int (settings, "time-delay"), ==, 0);
  gtk_drop_down_set_selected (time, 1);
  gtk_window_close (GTK_WINDOW (dialog));
  app_test_spin ();
  g_assert_cmpint (started, ==, 1);
  g_assert_cmpint (g_settings_get_int (settings, "time-minutes"), ==, 30);
}

/* ---- Preferences ---- */

/* Picks an item in a drop-down and checks the string setting it writes. */
static void
select_and_check (AdwComboRow *row,
                  guint        position,
                  GSettings   *settings,
                  const char  *key,
                  const char  *expected)
{
  g_autofree char *value = NULL;

  adw_combo_row_set_selected (row, position);
  value = g_settings_get_string (settings, key);
  g_assert_cmpstr (value, ==, expected);
}

static void
test_preferences (void)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  g_autofree char *user_set = g_build_filename (app_test_data_home (), "thinkchess", "pieces", "Zebra", NULL);
  ChessPreferencesDialog *dialog;
  AdwComboRow *orientation, *notation, *pieces, *theme;
  GtkSwitch *legal, *animate;
  GListModel *piece_names;

  /* An extra piece set dropped into the user data folder is offered. */
  g_assert_cmpint (g_mkdir_with_parents (user_set, 0700), ==, 0);

  dialog = chess_preferences_dialog_new (NULL, settings);
  gtk_window_present (GTK_WINDOW (dialog));
  app_test_spin ();
  orientation = app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG, "orientation_row");
  notation = app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG, "notation_row");
  pieces = app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG, "pieces_row");
  theme = app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG, "theme_row");
  legal = app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG, "legal_moves_switch");
  animate = app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG, "animate_switch");

  /* The dialog shows the settings… */
  g_assert_cmpuint (adw_combo_row_get_selected (orientation), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (notation), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (pieces), ==, 0);
  g_assert_true (gtk_switch_get_active (legal));
  g_assert_true (gtk_switch_get_active (animate));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (orientation)), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (notation)), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (theme)), >=, 4);
  piece_names = adw_combo_row_get_model (pieces);
  g_assert_cmpuint (g_list_model_get_n_items (piece_names), ==, 4);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (piece_names), 0), ==, "ThinkChess");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (piece_names), 1), ==, "Classic Wood");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (piece_names), 2), ==, "Geometric");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (piece_names), 3), ==, "Zebra");

  /* …writes every change at once… */
  select_and_check (orientation, 2, settings, "board-orientation", "side-to-move");
  select_and_check (notation, 2, settings, "notation", "figurine");
  select_and_check (pieces, 1, settings, "piece-set", "classic");
  select_and_check (pieces, 2, settings, "piece-set", "geometric");
  select_and_check (pieces, 3, settings, "piece-set", "Zebra");
  select_and_check (theme, 3, settings, "board-theme", chess_board_view_list_themes ()[3]);
  gtk_switch_set_active (legal, FALSE);
  g_assert_false (g_settings_get_boolean (settings, "show-legal-moves"));
  gtk_switch_set_active (animate, FALSE);
  g_assert_false (g_settings_get_boolean (settings, "animate-moves"));

  /* …and follows changes made elsewhere. */
  g_settings_set_string (settings, "board-orientation", "human-side");
  g_settings_set_string (settings, "notation", "long-algebraic");
  g_settings_set_boolean (settings, "show-legal-moves", TRUE);
  g_assert_cmpuint (adw_combo_row_get_selected (orientation), ==, 3);
  g_assert_cmpuint (adw_combo_row_get_selected (notation), ==, 1);
  g_assert_true (gtk_switch_get_active (legal));
  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_spin ();

  /* Remembered: a new dialog shows the same. */
  dialog = chess_preferences_dialog_new (NULL, settings);
  g_assert_cmpuint (adw_combo_row_get_selected (app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG,
                                                                "pieces_row")), ==, 3);
  g_assert_cmpuint (adw_combo_row_get_selected (app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG,
                                                                "theme_row")), ==, 3);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* A piece set that went away shows as ours. */
  g_assert_cmpint (g_rmdir (user_set), ==, 0);
  dialog = chess_preferences_dialog_new (NULL, settings);
  g_assert_cmpuint (adw_combo_row_get_selected (app_test_child (dialog, CHESS_TYPE_PREFERENCES_DIALOG,
                                                                "pieces_row")), ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_spin ();
}

/* ---- Game chooser ---- */

static void
chosen_cb (ChessGameChooser *chooser,
           guint             index,
           gpointer          user_data)
{
  *(guint *) user_data = index;
}

static ChessPgnIndexEntry *
entry_new (const char *white,
           const char *black,
           const char *result,
           const char *date,
           const char *event)
{
  ChessPgnIndexEntry *entry = g_new0 (ChessPgnIndexEntry, 1);

  entry->white = g_strdup (white);
  entry->black = g_strdup (black);
  entry->result = g_strdup (result);
  entry->date = g_strdup (date);
  entry->event = g_strdup (event);
  return entry;
}

static void
test_game_chooser (void)
{
  g_autoptr(GPtrArray) entries =
    g_ptr_array_new_with_free_func ((GDestroyNotify) chess_pgn_index_entry_free);
  ChessGameChooser *chooser;
  GtkLabel *summary;
  guint chosen = G_MAXUINT;

  g_ptr_array_add (entries, entry_new ("Anna", "Bruno", "1-0", "2024.03.01", "Club"));
  g_ptr_array_add (entries, entry_new ("Carla", "Dieter", "1/2-1/2", "2024.??.??", "Open"));
  g_ptr_array_add (entries, entry_new ("", "?", "*", "????.??.??", "?"));
  g_ptr_array_add (entries, entry_new ("Émile", "Anna", "0-1", "2023.12.31", "Winter Cup"));

  chooser = chess_game_chooser_new (NULL, "games.pgn", entries);
  g_signal_connect (chooser, "game-chosen", G_CALLBACK (chosen_cb), &chosen);
  gtk_window_present (GTK_WINDOW (chooser));
  app_test_spin ();

  summary = app_test_child (chooser, CHESS_TYPE_GAME_CHOOSER, "summary_label");
  g_assert_nonnull (strstr (gtk_label_get_text (summary), "“games.pgn” holds 4 games"));
  g_assert_cmpuint (chess_game_chooser_get_n_shown (chooser), ==, 4);

  /* Case-insensitive search over players, result, date and event. */
  chess_game_chooser_set_search (chooser, "ANNA");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (chooser), ==, 2);
  chess_game_chooser_set_search (chooser, "émile");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (chooser), ==, 1);
  chess_game_chooser_set_search (chooser, "1/2");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (chooser), ==, 1);
  chess_game_chooser_set_search (chooser, "2023");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (chooser), ==, 1);
  /* Unknown tags ("?") are not text to find. */
  chess_game_chooser_set_search (chooser, "?");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (chooser), ==, 0);
  g_assert_false (chess_game_chooser_choose (chooser, 0));
  chess_game_chooser_set_search (chooser, "winter");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (chooser), ==, 1);

  /* Choosing reports the index in the file, not in the filtered list. */
  g_object_ref (chooser);
  g_assert_true (chess_game_chooser_choose (chooser, 0));
  g_assert_cmpuint (chosen, ==, 3);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (chooser)));
  g_assert_finalize_object (chooser);
}

/* ---- Alerts ---- */

static void
answered_cb (int      response,
             gpointer user_data)
{
  *(int *) user_data = response;
}

/* The button labelled `label` anywhere below `widget`. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A libadwaita window with its size, drawn once. */
static GtkWidget *
new_parent (void)
{
  GtkWidget *parent = adw_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (parent), 600, 400);
  gtk_window_present (GTK_WINDOW (parent));
  gtk_test_widget_wait_for_draw (parent);
  return parent;
}

static void
test_alerts (void)
{
  const char *buttons[] = { "_One", "_Two", "_Three", NULL };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  GtkWidget *parent;
  GtkWindow *window;
  int response = -100;

  /* Answered with a button. */
  /* The app's windows are libadwaita windows the questions sit in. */
  window = GTK_WINDOW (new_parent ());
  chess_alert_choose (window, TRUE, "Question", "Detail", buttons, 0, 2,
                      NULL, answered_cb, &response);
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 1);
  g_assert_cmpstr (chess_alert_get_message (), ==, "Question");
  g_assert_cmpstr (chess_alert_get_detail (), ==, "Detail");
  g_assert_true (chess_alert_respond (1));
  g_assert_cmpint (response, ==, 1);
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  g_assert_false (chess_alert_respond (1));

  /* Clicked, as a person answers: the dialog closes. */
  response = -100;
  parent = new_parent ();
  chess_alert_choose (GTK_WINDOW (parent), TRUE, "Question", NULL, buttons, 0, 2,
                      NULL, answered_cb, &response);
  app_test_spin ();
  g_assert_nonnull (chess_alert_get_dialog ());
  g_assert_true (gtk_widget_get_mapped (chess_alert_get_dialog ()));
  g_signal_emit_by_name (find_button (chess_alert_get_dialog (), "_Three"), "clicked");
  app_test_spin ();
  g_assert_cmpint (response, ==, 2);
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  gtk_window_destroy (GTK_WINDOW (parent));
  app_test_spin ();

  /* Cancelled: answered with the cancel button. */
  response = -100;
  chess_alert_choose (window, FALSE, "Question", NULL, buttons, 2, 0,
                      cancellable, answered_cb, &response);
  g_cancellable_cancel (cancellable);
  g_assert_cmpint (response, ==, 2);
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);

  /* Already cancelled: answered at once, nothing shown. */
  response = -100;
  chess_alert_choose (window, FALSE, "Question", NULL, buttons, 1, 0,
                      cancellable, answered_cb, &response);
  g_assert_cmpint (response, ==, 1);
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);

  /* The parent window goes away: answered with the cancel button. */
  parent = new_parent ();
  response = -100;
  chess_alert_resign (GTK_WINDOW (parent), "White", "Black", answered_cb, &response);
  g_assert_cmpstr (chess_alert_get_message (), ==, "Resign the Game?");
  g_assert_cmpstr (chess_alert_get_detail (), ==, "If White resigns, Black wins the game.");
  gtk_window_destroy (GTK_WINDOW (parent));
  app_test_spin ();
  g_assert_cmpint (response, ==, CHESS_RESIGN_CANCEL);
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);

  /* The texts of the others. */
  chess_alert_draw_offer (window, "White", "Black", NULL, answered_cb, &response);
  g_assert_cmpstr (chess_alert_get_message (), ==, "Accept the Draw?");
  g_assert_cmpstr (chess_alert_get_detail (), ==,
                   "White offers a draw. Black, do you accept? If you accept, the game ends in a draw.");
  chess_alert_respond (CHESS_DRAW_OFFER_ACCEPT);
  g_assert_cmpint (response, ==, CHESS_DRAW_OFFER_ACCEPT);

  chess_alert_unsaved (window, "game.pgn", CHESS_UNSAVED_CLOSING_UNFINISHED, answered_cb, &response);
  g_assert_cmpstr (chess_alert_get_detail (), ==,
                   "The changes to “game.pgn” are not saved. If you don’t save it, the game stays in the "
                   "autosave and is offered again at the next start.");
  g_assert_cmpstr (chess_alert_get_message (), ==, "Save Changes?");
  chess_alert_respond (CHESS_UNSAVED_SAVE);
  g_assert_cmpint (response, ==, CHESS_UNSAVED_SAVE);

  chess_alert_error (window, "Could Not Open the Game", "line 3, column 1: oops", NULL, NULL);
  g_assert_cmpstr (chess_alert_get_detail (), ==, "line 3, column 1: oops");
  chess_alert_respond (0);
  app_test_spin ();
  gtk_window_destroy (window);
  app_test_spin ();
}

static void
destroy_parent_cb (int      response,
                   gpointer user_data)
{
  GtkWindow **parent = user_data;

  gtk_window_destroy (*parent);
}

/* An answer that closes the window the question is over (Quit, then Don't
 * Save) while the dialog is still held, as by the click that answered it:
 * the dialog must not point at the freed window, whose last unref then
 * touched freed memory on GTK 4.8 (a crash at quit, now and then). */
static void
test_alert_answer_closes_parent (void)
{
  const char *buttons[] = { "_Cancel", "_Quit", NULL };
  GtkWidget *parent = new_parent ();
  GtkWidget *dialog;

  g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &parent);
  chess_alert_choose (GTK_WINDOW (parent), TRUE, "Quit?", NULL, buttons, 0, 1,
                      NULL, destroy_parent_cb, &parent);
  app_test_spin ();
  dialog = g_object_ref (chess_alert_get_dialog ());
  g_signal_emit_by_name (find_button (dialog, "_Quit"), "clicked");
  app_test_spin ();
  g_assert_cmpuint (chess_alert_get_n_open (), ==, 0);
  /* Before libadwaita 1.5 the question is a window of its own. */
  if (GTK_IS_WINDOW (dialog))
    {
      g_assert_null (parent);
      g_assert_null (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
    }
  g_object_unref (dialog);
  app_test_spin ();
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-dialogs-XXXXXX",
                       APP_TEST_DEFAULT))
    return 0;

  g_test_add_func ("/dialogs/new-game/defaults", test_new_game_defaults);
  g_test_add_func ("/dialogs/new-game/remembered", test_new_game_remembered);
  g_test_add_func ("/dialogs/preferences", test_preferences);
  g_test_add_func ("/dialogs/game-chooser", test_game_chooser);
  g_test_add_func ("/dialogs/alerts", test_alerts);
  g_test_add_func ("/dialogs/alerts/answer-closes-parent", test_alert_answer_closes_parent);

  return app_test_end (g_test_run ());
}
