/* chess-practice-panel.h — Practice in the window's side panel: the
 * player's puzzle rating ("Rating 1523 ± 80") with its history as a small
 * graph and their streak, the theme filter (All, Your Mistakes with how
 * many are due, Mate, Mate in 1–3, Fork, …), the puzzle (its id and
 * rating or the game it came from, who is to move), the buttons Hint,
 * Solution and Next, and after the puzzle its verdict ("Solved! +12",
 * "Missed −15"), its themes, why the solution works, the solution, and
 * Analyse.
 *
 * The panel shows what it is told; its buttons act through the window's
 * actions win.practice (leave), win.practice-hint, win.practice-solution,
 * win.practice-next and win.practice-analyse. Signal: theme-changed — the
 * player chose another theme. CSS name: practicepanel. */
#pragma once

#include <gtk/gtk.h>

#include "chess-practice.h"

G_BEGIN_DECLS

#define CHESS_TYPE_PRACTICE_PANEL (chess_practice_panel_get_type ())
G_DECLARE_FINAL_TYPE (ChessPracticePanel, chess_practice_panel, CHESS, PRACTICE_PANEL, GtkWidget)

GtkWidget  *chess_practice_panel_new          (void);

void        chess_practice_panel_set_rating   (ChessPracticePanel     *self,
                                               const ChessRating      *rating,
                                               const ChessRatingPoint *history,
                                               guint                   n_history,
                                               guint                   streak,
                                               guint                   best_streak);
/* How many puzzles of Your Mistakes are due now, for the filter's item. */
void        chess_practice_panel_set_deck_due (ChessPracticePanel *self,
                                               guint               due);
/* The theme chosen (0: all; CHESS_PUZZLE_THEME_MISTAKE: Your Mistakes;
 * MATE with `mate_in` 0 for any mate). */
void        chess_practice_panel_get_theme    (ChessPracticePanel *self,
                                               ChessPuzzleTheme   *theme,
                                               int                *mate_in);
/* Chooses the theme without emitting theme-changed (an unknown one: All). */
void        chess_practice_panel_set_theme    (ChessPracticePanel *self,
                                               ChessPuzzleTheme    theme,
                                               int                 mate_in);

/* The puzzle: where it comes from ("Puzzle 9079fcc9 · rated 2370") and
 * what to do ("White to move — find the best move"). Hides the result
 * and the message. */
void        chess_practice_panel_set_puzzle   (ChessPracticePanel *self,
                                               const char         *info,
                                               const char         *prompt);
/* A passing word on the attempt (a hint, "Right — keep going"); NULL
 * hides it. `warning` styles it as a mistake. */
void        chess_practice_panel_set_message  (ChessPracticePanel *self,
                                               const char         *text,
                                               gboolean            warning);
/* After the puzzle: the verdict ("Solved! +12"), its themes, why the
 * solution works (may be NULL) and the solution (may be NULL). */
void        chess_practice_panel_show_result  (ChessPracticePanel *self,
                                               gboolean            solved,
                                               const char         *verdict,
                                               const char         *themes,
                                               const char         *why,
                                               const char         *solution);

/* The texts shown now, for tests ("" when hidden). */
const char *chess_practice_panel_get_rating_text  (ChessPracticePanel *self);
const char *chess_practice_panel_get_puzzle_text  (ChessPracticePanel *self);
const char *chess_practice_panel_get_prompt_text  (ChessPracticePanel *self);
const char *chess_practice_panel_get_verdict_text (ChessPracticePanel *self);
const char *chess_practice_panel_get_message_text (ChessPracticePanel *self);

G_END_DECLS
