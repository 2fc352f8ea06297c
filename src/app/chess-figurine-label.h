/* chess-figurine-label.h — move text whose chess figurines match the letters. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Fits the chess figurines (U+2654 to U+265F) in the text of `label`:
 * scales them so they stand as tall as the label's capital letters: the
 * interface font usually lacks them, and the fallback font that draws them
 * has its own, often smaller, proportions. */
void   chess_figurine_label_fit      (GtkLabel   *label);

/* The scale the figurines of `label` get (1.0 when its font already draws
 * them as tall as its letters). */
double chess_figurine_label_get_scale (GtkLabel *label);

G_END_DECLS
