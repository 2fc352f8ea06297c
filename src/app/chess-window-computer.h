/* chess-window-computer.h — the computer players of the main window.
 *
 * Each side of the window's game is a person or a ChessPlayer (the
 * game's tags say which: see chess-opponents.h). On a computer's turn it
 * is asked for a move asynchronously, with the clocks as its limits (in an
 * untimed game, at a pace that fits its level), while its clock runs; the
 * reply is played through the ChessGame. Anything that changes the game
 * (a move, a take-back, a new, opened or pasted game), the end of the
 * game, a pause or a modal dialog stops the search, and a reply that
 * arrives after such a change is dropped. An engine that fails leaves the
 * game as it was and asks the person how to go on.
 *
 * The state is a field of the window, like the window's actions.
 */
#pragma once

#include "chess-player.h"
#include "chess-window.h"

G_BEGIN_DECLS

/* From ChessWindow's init (after its game is set) and dispose. */
void     _chess_window_computer_init       (ChessWindow *window);
void     _chess_window_computer_dispose    (ChessWindow *window);

/* Sets up a fresh game's players from the new-game settings (names and
 * tags); the window then follows the tags. */
void     _chess_window_computer_prepare_game (GSettings *settings,
                                              ChessGame *game);

/* The engine playing `color` now, or NULL for a person (borrowed). */
ChessPlayer *_chess_window_computer_get_player (ChessWindow *window,
                                                ChessColor   color);
/* A person may move now: the side to move is not the computer's (or the
 * game is over, when moves start variations). */
gboolean _chess_window_computer_human_may_move (ChessWindow *window);
/* A computer is searching for its move now. */
gboolean _chess_window_computer_is_thinking  (ChessWindow *window);
/* The window's state changed (pause, a dialog, the start screen): stop a
 * search that may not go on, start one that may. */
void     _chess_window_computer_update       (ChessWindow *window);

/* Undo and redo: against the computer, by move pairs (the person's move
 * and the computer's answer), so it is the person's turn again. */
void     _chess_window_computer_take_back    (ChessWindow *window);
void     _chess_window_computer_redo         (ChessWindow *window);
/* The person resigning when it is the computer's turn: the side a
 * resignation is for (the person's, when one side is the computer). */
ChessColor _chess_window_computer_resigning_side (ChessWindow *window);

G_END_DECLS
