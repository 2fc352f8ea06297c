/* chess-window-actions.h — the main window's actions (win.*), menus and
 * dialogs. Owned by the menus-and-dialogs part; the window calls these
 * hooks.
 *
 * Actions: win.new-game, win.open, win.save, win.save-as, win.undo,
 * win.redo, win.offer-draw, win.claim-draw, win.resign, win.flip-board,
 * win.copy-fen, win.paste (Ctrl+C / Ctrl+V while the board has the
 * focus; paste takes a position in FEN or a game in PGN). Their accelerators are set by chess_application_actions_init.
 */
#pragma once

#include <gtk/gtk.h>

#include "chess-alerts.h"
#include "chess-window.h"

G_BEGIN_DECLS

/* Called from ChessWindow's class_init: install actions and shortcuts. */
void _chess_window_actions_class_init (GtkWidgetClass *widget_class);
/* Called from ChessWindow's init, after the template is built. */
void _chess_window_actions_init       (ChessWindow    *self);
/* Called from ChessWindow's dispose: drop dialogs and references. */
void _chess_window_actions_dispose    (ChessWindow    *self);
/* Opens a game file into the window (command line, "Open With"): one game
 * opens at once, several show the game chooser, errors show in a dialog
 * and leave the game on screen as it was. */
void chess_window_actions_open_file  (ChessWindow    *self,
                                      GFile          *file);

/* Starts a fresh game as the new-game settings describe it (who plays,
 * the computer's engine and level, the time control) and follows it as a
 * new game: what the New Game dialog's Start does, and the start card's
 * choices after they wrote the settings. Asks nothing. */
void _chess_window_actions_start_new_game (ChessWindow *self);

/* Called with `proceed` FALSE when the player cancelled. */
typedef void (*ChessWindowActionsContinue) (ChessWindow *window,
                                            gboolean     proceed,
                                            gpointer     user_data);

/* Asks Save / Don't Save / Cancel when the game has changes not saved to
 * a file (the autosave does not count), saying what not saving means
 * (`what_happens`; closing an unfinished game is told apart from a finished
 * one here), then calls `func`. Without changes, calls `func` at once. The
 * clock stands while the question is open. */
void      chess_window_actions_check_unsaved (ChessWindow                *self,
                                              ChessUnsavedCase            what_happens,
                                              ChessWindowActionsContinue  func,
                                              gpointer                    user_data);
/* The game has changes not saved to a file. */
gboolean  _chess_window_actions_get_dirty     (ChessWindow    *self);
/* The file the game was opened from or saved to, or NULL (borrowed). */
GFile    *_chess_window_actions_get_file      (ChessWindow    *self);
/* Saves the game to `file` (PGN, atomically) and makes it the game's file. */
gboolean  _chess_window_actions_save_to       (ChessWindow    *self,
                                               GFile          *file,
                                               GError        **error);
/* What Paste does with the clipboard's text: a position in FEN, else a
 * game in PGN (opened as a file's game is). */
void      _chess_window_actions_paste         (ChessWindow    *self,
                                               const char     *text);

G_END_DECLS
