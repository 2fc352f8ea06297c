/* chess-window-analysis.h — the engine's help in the main window.
 *
 * win.hint (Ctrl+H): the built-in engine at full strength thinks briefly
 * about the position shown and suggests a move for the side to move: an
 * arrow on the board (not part of the game, never saved) and its name in
 * the status line, in the user's notation. It is not played; the next
 * move, take-back or browse clears it.
 *
 * win.analysis (Ctrl+E, a toggle): an engine analyses whatever position
 * the board shows, also earlier ones while browsing (it starts again on
 * every change of the view). The analysis panel replaces the material bar:
 * the score from White's side on the bar and as a number ("+0.35", "M3"),
 * the depth, and the best lines (settings analysis-lines, 1–3) in the
 * user's notation; the best move is an arrow. The engine is the built-in
 * one, or the external engine of the setting analysis-engine (a registry
 * id). Turning it off, or closing the window, stops the engine; when the
 * window is disposed no search thread is left running.
 *
 * win.threat (Ctrl+T, a toggle in the analysis panel; it turns analysis on
 * too): what the opponent would play if it were their move — the built-in
 * engine's best move in the position shown with the move passed
 * (chess-threat.h), sought again on every change of the view, as an
 * orange-red arrow and a line under the best lines ("Threat: 4. Qxf7#,
 * mate in 1"). None while the side to move is in check. Turning analysis
 * off turns the threat off too.
 */
#pragma once

#include "chess-window.h"

G_BEGIN_DECLS

/* The arrows' owners on the board (chess_board_view_set_extra_arrows). */
#define CHESS_ARROWS_HINT "hint"
#define CHESS_ARROWS_ANALYSIS "analysis"
#define CHESS_ARROWS_THREAT "threat"

/* Called from ChessWindow's class_init, init (after the template is
 * built) and dispose. */
void     _chess_window_analysis_class_init (GtkWidgetClass *widget_class);
void     _chess_window_analysis_init       (ChessWindow    *window);
void     _chess_window_analysis_dispose    (ChessWindow    *window);

/* For tests and benchmarks: whether analysis is on, whether a search is
 * running now (analysis, hint or threat), and the hint's move
 * (CHESS_MOVE_NONE when none is shown). */
gboolean  _chess_window_analysis_is_active   (ChessWindow *window);
gboolean  chess_window_analysis_is_thinking (ChessWindow *window);
ChessMove _chess_window_analysis_get_hint    (ChessWindow *window);
/* How many times an analysis search was started (it restarts on every
 * change of the position shown). */
guint     _chess_window_analysis_get_runs    (ChessWindow *window);
/* How many threads the built-in engine's analysis searched with last (0:
 * none, or an external engine). */
int       _chess_window_analysis_get_threads (ChessWindow *window);

G_END_DECLS
