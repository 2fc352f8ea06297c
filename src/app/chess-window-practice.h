/* chess-window-practice.h — Practice in the main window (issue 26).
 *
 * win.practice (Shift+Ctrl+P, the primary menu's Practice) puts the game
 * on screen aside — autosaved as it stands, a running clock paused — and
 * shows puzzles on the board in its place, one at a time, the solver at
 * the bottom; the practice panel takes the side panel's place. The puzzle
 * is a ChessGame of its own, never autosaved. The player moves as in a
 * game: a right move is answered by the opponent's reply after a moment;
 * a wrong one is shown, taken back, and the solution's move drawn as an
 * arrow. Each result moves the player's rating (chess-practice.h), saved
 * in practice.ini at once. win.practice again (or the panel's back
 * button) brings the game back as it was: its file, its unsaved changes,
 * its start card.
 *
 * win.practice-hint, win.practice-solution, win.practice-next and
 * win.practice-analyse are the panel's buttons; Analyse leaves Practice
 * and opens the finished puzzle with its solution as a game for study,
 * with the engine's analysis on.
 *
 * Your Mistakes (chess-window-practice-deck.c): a finished review adds the
 * positions before the person's own mistakes to the deck — the person's
 * side against the computer, else the side chosen under the review
 * ("These are my moves"). */
#pragma once

#include "chess-window.h"
#include "chess-practice.h"

G_BEGIN_DECLS

/* How long the opponent's reply waits, so the player sees it come. */
#define CHESS_PRACTICE_REPLY_MS 300
/* How long a wrong move stays on the board, with the arrow of the answer
 * to it, before it is taken back. */
#define CHESS_PRACTICE_WRONG_MS 1200
/* Between the moves of a solution shown. */
#define CHESS_PRACTICE_SOLUTION_STEP_MS 600

/* The board's arrows of Practice (chess_board_view_set_extra_arrows). */
#define CHESS_ARROWS_PRACTICE "practice"

/* Called from ChessWindow's class_init, init (after the template is
 * built, before the window's actions) and dispose. */
void     _chess_window_practice_class_init (GtkWidgetClass *widget_class);
void     _chess_window_practice_init       (ChessWindow    *window);
void     _chess_window_practice_dispose    (ChessWindow    *window);

/* Practice shows its puzzle now (the window's game is the puzzle's). */
gboolean _chess_window_practice_is_active  (ChessWindow    *window);
/* The board takes no move now: the opponent's reply or a wrong move's
 * take-back is on its way. */
gboolean _chess_window_practice_blocks_moves (ChessWindow  *window);
/* The side that solves the puzzle shown (it goes at the bottom); FALSE
 * outside Practice. */
gboolean _chess_window_practice_get_solver (ChessWindow    *window,
                                            ChessColor     *solver);

/* For tests: the puzzle shown (NULL outside Practice) and the player's
 * practice (NULL until loaded). */
const ChessPuzzle *_chess_window_practice_get_puzzle (ChessWindow *window);
ChessPractice     *_chess_window_practice_get_state  (ChessWindow *window);

/* chess-window-practice-deck.c: the review's mistakes into the deck. */
void     _chess_window_practice_deck_init    (ChessWindow *window);
void     _chess_window_practice_deck_dispose (ChessWindow *window);
/* The player's practice, loaded from practice.ini when not yet or when
 * `reload` (the terminal's practice may have changed the file); a warning
 * about a broken file is shown as a toast. NULL when it cannot be read at
 * all (said in a toast too). */
ChessPractice *_chess_window_practice_ensure (ChessWindow *window,
                                              gboolean     reload);
/* Writes it back; a failure is said in a toast. */
void     _chess_window_practice_save         (ChessWindow *window);

G_END_DECLS
