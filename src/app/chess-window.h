/* chess-window.h — the main window: header bar (New Game, Undo, Redo, the
 * game's actions, the primary menu, Pause), the board, and the side panel
 * (the coach's buttons, players and clocks, captured pieces, evaluation,
 * move list, status line, move entry), the start screen and the result
 * overlay.
 *
 * The window owns the current ChessGame and autosaves it after every move,
 * take-back and game end. Replacing the game (new game, open file, paste
 * FEN) goes through chess_window_set_game or chess_window_new_game; the
 * "game" property notifies then, so listeners can move their signal
 * handlers to the new game.
 *
 * Template children that other code and tests may look up with
 * gtk_widget_get_template_child (widget, CHESS_TYPE_WINDOW, name):
 *   header_bar, window_title, new_game_button, undo_button, redo_button,
 *   pause_button, game_menu_button, primary_menu_button, toast_overlay,
 *   pause_screen, resume_button, board, board_overlay, side_panel,
 *   black_row, black_name, black_clock, black_marker,
 *   white_row, white_name, white_clock, white_marker,
 *   captured_by_black, captured_by_white, coach_row (hint_button,
 *   analysis_button, threat_button, review_button), eval_bar, eval_label,
 *   review_panel, analysis_panel, move_list, game_info, status_label,
 *   move_entry, start_screen, continue_button, start_new_button,
 *   result_screen, result_label, result_new_button,
 *   past_banner.
 */
#pragma once

#include <adwaita.h>

#include "chess-game.h"
#include "chess-board-view.h"

G_BEGIN_DECLS

#define CHESS_TYPE_WINDOW (chess_window_get_type ())
G_DECLARE_FINAL_TYPE (ChessWindow, chess_window, CHESS, WINDOW, AdwApplicationWindow)

ChessWindow    *chess_window_new            (GtkApplication *app);

/* The current game (borrowed; never NULL). */
ChessGame      *chess_window_get_game       (ChessWindow    *self);
/* Shows `game` (a reference is taken), hides the start screen, autosaves
 * it and shows the result overlay if it is already over. */
void            chess_window_set_game       (ChessWindow    *self,
                                             ChessGame      *game);
/* Shows an opened `game` for study: no result overlay, and not autosaved
 * until it changes, so an unfinished game in the autosave stays there for
 * later. Hides the start screen. */
void            chess_window_open_game      (ChessWindow    *self,
                                             ChessGame      *game);
/* Replaces the game with a fresh one set up from the new-game settings
 * (white-name, black-name, time-minutes, time-increment, time-delay). */
void            chess_window_new_game       (ChessWindow    *self);

/* The board widget. */
ChessBoardView *chess_window_get_board      (ChessWindow    *self);
/* Shows a refusal or an error in the status line; it stays until the next
 * move, take-back, browse or new game. */
void            chess_window_show_message   (ChessWindow    *self,
                                             const char     *message);
/* Information for the player in the status line (a hint), not styled as
 * a refusal; it stays until the next move, take-back, browse or new game. */
void            chess_window_show_info      (ChessWindow    *self,
                                             const char     *text);
/* A passing notice ("Position copied") as a toast over the window. */
void            chess_window_show_notice    (ChessWindow    *self,
                                             const char     *notice);
/* What the header bar names the game: the file, or NULL for a game not
 * from a file (then the players, when named); `unsaved` puts the unsaved
 * mark before a file's name. The window's title (what the desktop's window list and
 * Alt+Tab show) is the header bar's title and the app's name. */
void            chess_window_set_document_name (ChessWindow *self,
                                                const char  *name,
                                                gboolean     unsaved);

/* The player's pause of a timed game ("paused" property, win.pause): the
 * clocks stand and the board takes no moves. */
gboolean        chess_window_get_paused     (ChessWindow    *self);
void            chess_window_set_paused     (ChessWindow    *self,
                                             gboolean        paused);
/* The clock stands while `dialog` (a modal dialog of the app) is open: held
 * now, released when the widget is destroyed. */
void            chess_window_hold_clock_for (ChessWindow    *self,
                                             GtkWidget      *dialog);
/* The same without a dialog: each hold is released once. */
void            chess_window_hold_clock     (ChessWindow    *self);
void            chess_window_release_clock  (ChessWindow    *self);
/* Moves may be made now: the game is shown (not behind the start screen),
 * not paused, and no modal dialog holds the clock. */
gboolean        chess_window_get_can_play   (ChessWindow    *self);
/* Whose turn it is and what the computer does changed: the board's input,
 * the panel and the status line follow. */
void            chess_window_refresh_turn   (ChessWindow    *self);
/* Turns the board round (on top of the board-orientation setting). */
void            chess_window_flip           (ChessWindow    *self);
/* TRUE when Black is at the bottom. */
gboolean        chess_window_get_flipped    (ChessWindow    *self);
/* The app's settings (borrowed). */
GSettings      *chess_window_get_settings   (ChessWindow    *self);

/* The status line's text as shown now (for tests). */
const char     *chess_window_get_status_text (ChessWindow   *self);
/* Re-reads the clocks now (the clock's tick does this while running). */
void            chess_window_update_clocks  (ChessWindow    *self);

/* Autosaves a game going on with its clocks as they stand (before the
 * window goes away). */
void            chess_window_keep_game      (ChessWindow    *self);

G_END_DECLS
