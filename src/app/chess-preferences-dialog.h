/* chess-preferences-dialog.h — the app's settings in grouped rows (an
 * AdwPreferencesWindow), applied as they change. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CHESS_TYPE_PREFERENCES_DIALOG (chess_preferences_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ChessPreferencesDialog, chess_preferences_dialog, CHESS, PREFERENCES_DIALOG, AdwPreferencesWindow)

/* Every control is bound to `settings` (the app's schema): a change is
 * written at once, and whoever listens to the settings applies it. */
ChessPreferencesDialog *chess_preferences_dialog_new (GtkWindow *parent,
                                                      GSettings *settings);

G_END_DECLS
