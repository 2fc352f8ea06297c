/* chess-application-actions.c — the application's actions: preferences,
 * about, quit, and every accelerator of the app and its windows. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-application-actions.h"
#include "chess-preferences-dialog.h"
#include "chess-window.h"
#include "chess-window-actions.h"

/* Accelerators, also listed in data/ui/shortcuts-window.ui. Copy and
 * paste FEN are on the board only (see chess-window-actions.c). */
static const struct
{
  const char *action;
  const char *accels[3];
} accels[] = {
  { "win.new-game",   { "<Control>n", NULL } },
  { "win.open",       { "<Control>o", NULL } },
  { "win.save",       { "<Control>s", NULL } },
  { "win.save-as",    { "<Shift><Control>s", NULL } },
  { "win.undo",       { "<Control>z", NULL } },
  { "win.redo",       { "<Shift><Control>z", NULL } },
  { "win.flip-board", { "<Control>f", NULL } },
  { "win.review-game", { "<Control>r", NULL } },
  { "win.pause",      { "<Control>p", NULL } },
  { "win.hint",       { "<Control>h", NULL } },
  { "win.analysis",   { "<Control>e", NULL } },
  { "win.threat",     { "<Control>t", NULL } },
  { "win.practice",   { "<Shift><Control>p", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "app.quit",       { "<Control>q", NULL } },
};

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *parent = gtk_application_get_active_window (app);
  g_autoptr(GSettings) settings = NULL;
  ChessPreferencesDialog *dialog;

  if (CHESS_IS_WINDOW (parent))
    settings = g_object_ref (chess_window_get_settings (CHESS_WINDOW (parent)));
  else
    settings = g_settings_new (APPLICATION_ID);
  dialog = chess_preferences_dialog_new (parent, settings);
  if (CHESS_IS_WINDOW (parent))
    chess_window_hold_clock_for (CHESS_WINDOW (parent), GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *parent = gtk_application_get_active_window (app);
  const char *developers[] = { _("The ThinkChess developers"), NULL };
  /* Everything in the app is drawn for it: nothing is taken from others. */
  const char *artists[] = { _("The ThinkChess developers (piece sets, board themes and icons, drawn for ThinkChess)"), NULL };
  const char *translators = _("translator-credits");
  GObject *about;

  /* AdwAboutDialog sits inside the window from libadwaita 1.5; before,
   * AdwAboutWindow is a window of its own. */
#if ADW_CHECK_VERSION (1, 5, 0)
  about = G_OBJECT (adw_about_dialog_new ());
#else
  about = G_OBJECT (adw_about_window_new ());
#endif
  g_object_set (about,
                "application-name", _("ThinkChess"),
                "application-icon", APPLICATION_ID,
                "version", PACKAGE_VERSION,
                "developer-name", _("The ThinkChess developers"),
                "developers", developers,
                "artists", artists,
                "website", PACKAGE_URL,
                "issue-url", PACKAGE_BUGREPORT,
                "comments", _("Play chess on your desktop"),
                "license-type", GTK_LICENSE_GPL_3_0,
                "copyright", _("© The ThinkChess developers"),
                NULL);
  /* Only a translation has credits to give (libadwaita refuses NULL). */
  if (!g_str_equal (translators, "translator-credits"))
    g_object_set (about, "translator-credits", translators, NULL);
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (parent));
#else
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

static void quit_next (GtkApplication *app);

static void
quit_window_confirmed (ChessWindow *window,
                       gboolean     proceed,
                       gpointer     user_data)
{
  GtkApplication *app = user_data;

  if (proceed)
    {
      chess_window_keep_game (window);
      gtk_window_destroy (GTK_WINDOW (window));
      quit_next (app);
    }
  g_object_unref (app);
}

/* Closes the windows one by one, each after its unsaved-changes question;
 * a "Cancel" stops quitting. */
static void
quit_next (GtkApplication *app)
{
  GList *windows = gtk_application_get_windows (app);

  for (GList *l = windows; l != NULL; l = l->next)
    if (CHESS_IS_WINDOW (l->data))
      {
        chess_window_actions_check_unsaved (l->data, CHESS_UNSAVED_CLOSING_UNFINISHED,
                                            quit_window_confirmed,
                                            g_object_ref (app));
        return;
      }
  g_application_quit (G_APPLICATION (app));
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  quit_next (GTK_APPLICATION (user_data));
}

static const GActionEntry app_entries[] = {
  { "preferences", preferences_activated },
  { "about", about_activated },
  { "quit", quit_activated },
};

void
chess_application_actions_init (ChessApplication *app)
{
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries,
                                   G_N_ELEMENTS (app_entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);
}
