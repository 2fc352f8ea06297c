/* chess-analysis-panel.h — what the engine thinks of the position shown:
 * an evaluation bar with the score from White's side ("+0.35", "M3"), a
 * line with the depth and the engine's name, and its best lines in the
 * user's notation. A menu button beside the score offers the options
 * (a menu model the window gives, e.g. how many lines and which engine);
 * a toggle before it turns win.threat on and off, and the threat is a
 * line of its own under the best lines. The best line wraps over three
 * rows, the others keep one; a longer line ends in "…", has the whole in
 * its tooltip and accessible description, and Show Full Lines (a toggle
 * beside the score) shows every line whole. Collapsed, the panel's height
 * does not change with what the engine sends.
 *
 * The panel only shows what it is told (chess-window-analysis.c feeds it).
 * CSS name: analysispanel.
 */
#pragma once

#include <gtk/gtk.h>

#include "chess-analysis-format.h"

G_BEGIN_DECLS

#define CHESS_TYPE_ANALYSIS_PANEL (chess_analysis_panel_get_type ())
G_DECLARE_FINAL_TYPE (ChessAnalysisPanel, chess_analysis_panel, CHESS, ANALYSIS_PANEL, GtkWidget)

/* The most lines the panel shows. */
#define CHESS_ANALYSIS_MAX_LINES 3

GtkWidget  *chess_analysis_panel_new            (void);

/* The best line's score (White's side) on the bar and as a number; NULL: none yet (the
 * bar in the middle, the number a dash). */
void        chess_analysis_panel_set_score      (ChessAnalysisPanel   *self,
                                                 const ChessEvalScore *score);
/* The line under the bar: "Depth 18 · ThinkChess", or what is going on
 * ("Analysing…", an engine's failure). */
void        chess_analysis_panel_set_status     (ChessAnalysisPanel   *self,
                                                 const char           *text);
/* The best lines, best first (at most CHESS_ANALYSIS_MAX_LINES shown;
 * NULL entries and n = 0 clear them). */
void        chess_analysis_panel_set_lines      (ChessAnalysisPanel   *self,
                                                 const char *const    *lines,
                                                 guint                 n_lines);
/* The threat's line ("Threat: 12… Qxh2#, mate in 1"); NULL hides it. */
void        chess_analysis_panel_set_threat     (ChessAnalysisPanel   *self,
                                                 const char           *text);
/* The options menu (NULL hides the button). */
void        chess_analysis_panel_set_menu_model (ChessAnalysisPanel   *self,
                                                 GMenuModel           *model);

/* What is shown, for tests: the score's text, the status and line `i`
 * (NULL past the lines shown). */
const char *chess_analysis_panel_get_score_text (ChessAnalysisPanel   *self);
double      chess_analysis_panel_get_bar_value  (ChessAnalysisPanel   *self);
const char *chess_analysis_panel_get_status     (ChessAnalysisPanel   *self);
const char *chess_analysis_panel_get_line       (ChessAnalysisPanel   *self,
                                                 guint                 i);
/* The threat's line, NULL when hidden. */
const char *chess_analysis_panel_get_threat     (ChessAnalysisPanel   *self);

G_END_DECLS
