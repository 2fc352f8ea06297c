/* chess-new-game-dialog.h — players and time control for a new game: each
 * side a human (with a name) or the computer (the built-in engine at a
 * level, or an external engine of the registry). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHESS_TYPE_NEW_GAME_DIALOG (chess_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ChessNewGameDialog, chess_new_game_dialog, CHESS, NEW_GAME_DIALOG, GtkWindow)

/* A time-control preset: minutes per player + seconds per move. */
typedef struct
{
  int minutes;   /* 0: untimed */
  int seconds;
} ChessTimePreset;

/* The presets in the order shown (untimed first); the entry after the last
 * is "Custom". */
const ChessTimePreset *chess_new_game_dialog_get_presets (guint *n_presets);

/* Shows the choices remembered in `settings` (the app's schema; the
 * external engines are the registry's, from the same settings). "Start"
 * writes them back to `settings`, emits `start`, then closes the dialog;
 * the caller builds the game from the settings. */
ChessNewGameDialog *chess_new_game_dialog_new   (GtkWindow          *parent,
                                                 GSettings          *settings);
/* What the "Start Game" button does (for tests and keyboard activation). */
void                chess_new_game_dialog_start (ChessNewGameDialog *self);

G_END_DECLS
