/* chess-eval-graph.h — the evaluation over a game's main line as a graph:
 * White's share as a light area from the bottom, Black's as a dark area
 * from the top, the line between them at White's winning chances (the
 * review's curve of the evaluation from White's side; a mate is the edge). The
 * positions without an evaluation yet are grey; the move viewed is marked,
 * and moves annotated ?!, ? and ?? are dots in their colours.
 *
 * The evaluations are the [%eval] of the main line's moves in the game's
 * tree (a review writes them there, a reopened annotated game has them), so
 * the graph reads the game anew on its "changed" signal, then says
 * "reloaded" (its owner reads the game then too). Clicking or dragging
 * shows the position under the pointer (the main line's node there,
 * through chess_game_select_node); with the focus, ←/→, Home/End and
 * Page Up/Down do the same by keyboard.
 *
 * Point i is the position after i moves of the main line (0: the start).
 * CSS name: evalgraph. Accessible role: slider, value = point viewed. */
#pragma once

#include <gtk/gtk.h>

#include "chess-game.h"

G_BEGIN_DECLS

#define CHESS_TYPE_EVAL_GRAPH (chess_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (ChessEvalGraph, chess_eval_graph, CHESS, EVAL_GRAPH, GtkWidget)

GtkWidget *chess_eval_graph_new             (void);
/* The game shown (a reference is kept; NULL shows nothing). */
void       chess_eval_graph_set_game        (ChessEvalGraph *self,
                                             ChessGame      *game);
ChessGame *chess_eval_graph_get_game        (ChessEvalGraph *self);

/* How many points the graph has (main-line moves + 1; 0 without a game). */
guint      chess_eval_graph_get_n_points    (ChessEvalGraph *self);
/* How many of them have an evaluation. */
guint      chess_eval_graph_get_n_known     (ChessEvalGraph *self);
/* The point marked as viewed, or -1 (a variation's move away from the
 * main line marks the main-line point it branches from). */
int        chess_eval_graph_get_marked      (ChessEvalGraph *self);

/* Geometry in widget coordinates, for the pointer and for tests: the
 * point nearest to x (clamped to the graph; -1 without points), and the
 * x of a point. */
int        chess_eval_graph_point_at        (ChessEvalGraph *self,
                                             double          x);
double     chess_eval_graph_x_of_point      (ChessEvalGraph *self,
                                             guint           point);
/* Where the line is drawn at `point`, as a share of the height from the
 * bottom (0: Black wins, 0.5: equal, 1: White wins), or -1 when the point
 * has no evaluation. */
double     chess_eval_graph_get_level       (ChessEvalGraph *self,
                                             guint           point);

/* An evaluation (White's view) as the graph's level: 0 … 1. */
double     chess_eval_graph_level_of_eval   (const ChessTreeEval *eval);

G_END_DECLS
