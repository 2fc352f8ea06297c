/* chess-a11y.h — accessibility fixes shared by the app's widgets. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* GTK 4.8 gives a button with a mnemonic label ("_New Game") both that
 * raw text as its accessible label and its label child as labelled-by, so
 * screen readers say "_New Game New Game". Names every such button under
 * `root` (root included) by its label without the mnemonic marks alone,
 * the same on every GTK version. Call once the buttons are built (and
 * again after changing one's label). */
void chess_a11y_name_mnemonic_buttons (GtkWidget *root);
/* The same for one button (or check button), named `name`, or by its
 * label without the mnemonic marks when `name` is NULL. */
void chess_a11y_name_button           (GtkWidget  *button,
                                       const char *name);

G_END_DECLS
