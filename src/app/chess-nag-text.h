/* chess-nag-text.h — annotation symbols as the user's fonts can show them.
 *
 * Some NAG symbols (⩲ and ⩱ above all) are missing from common fonts,
 * Debian's DejaVu among them, and would be drawn as boxes; where the fonts
 * lack a glyph, the ASCII that players write instead ("+=", "=+") is used.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The symbol of `nag` for display: chess_tree_nag_symbol's when the
 * interface font (with its fallbacks) has every glyph of it, else
 * chess_tree_nag_ascii's; NULL for a NAG without a symbol. */
const char *chess_nag_text_symbol (guint8 nag);

G_END_DECLS
