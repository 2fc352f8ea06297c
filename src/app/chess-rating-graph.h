/* chess-rating-graph.h — the player's puzzle rating over time, as a small
 * line graph: one point per rated puzzle, oldest on the left, scaled to
 * the ratings shown. Drawn in the accent blue, which reads on light and
 * dark backgrounds alike; the highest and lowest ratings are written at
 * the left edge. CSS name: ratinggraph. */
#pragma once

#include <gtk/gtk.h>

#include "chess-practice.h"

G_BEGIN_DECLS

#define CHESS_TYPE_RATING_GRAPH (chess_rating_graph_get_type ())
G_DECLARE_FINAL_TYPE (ChessRatingGraph, chess_rating_graph, CHESS, RATING_GRAPH, GtkWidget)

GtkWidget *chess_rating_graph_new         (void);
/* The points to draw (copied); fewer than two draw a flat line. */
void       chess_rating_graph_set_history (ChessRatingGraph       *self,
                                           const ChessRatingPoint *points,
                                           guint                   n);
guint      chess_rating_graph_get_n_points (ChessRatingGraph      *self);

G_END_DECLS
