/* chess-problem-bar.h — a bar under the header bar that tells of a
 * problem with the game on screen (a file read only up to a bad move) and
 * stays until the player dismisses it or another game replaces this one. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHESS_TYPE_PROBLEM_BAR (chess_problem_bar_get_type ())
G_DECLARE_FINAL_TYPE (ChessProblemBar, chess_problem_bar, CHESS, PROBLEM_BAR, GtkWidget)

ChessProblemBar *chess_problem_bar_new     (void);
/* Shows `text` (replacing what was shown). */
void             chess_problem_bar_show    (ChessProblemBar *self,
                                            const char      *text);
/* Hides the bar, as its Dismiss button does. */
void             chess_problem_bar_dismiss (ChessProblemBar *self);
/* The text shown, or NULL while hidden. */
const char      *chess_problem_bar_get_text (ChessProblemBar *self);

G_END_DECLS
