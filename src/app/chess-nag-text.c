/* chess-nag-text.c — annotation symbols as the user's fonts can show them. */
#include "config.h"

#include <pango/pangocairo.h>

#include "chess-nag-text.h"
#include "chess-tree.h"

/* Whether the interface font draws all of `text` (the fonts do not change
 * while the app runs, so each symbol is looked at once). */
static gboolean
fonts_show (const char *text)
{
  PangoContext *context;
  PangoLayout *layout;
  gboolean all_drawn;
  g_autofree char *font_name = NULL;
  GtkSettings *settings = gtk_settings_get_default ();
  PangoFontDescription *font;

  context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  if (settings != NULL)
    g_object_get (settings, "gtk-font-name", &font_name, NULL);
  font = pango_font_description_from_string (font_name != NULL ? font_name : "Sans 11");
  pango_context_set_font_description (context, font);
  pango_font_description_free (font);
  layout = pango_layout_new (context);
  pango_layout_set_text (layout, text, -1);
  all_drawn = pango_layout_get_unknown_glyphs_count (layout) == 0;
  g_object_unref (layout);
  g_object_unref (context);
  return all_drawn;
}

const char *
chess_nag_text_symbol (guint8 nag)
{
  /* 0: not looked at yet, 1: the symbol shows, 2: it does not. */
  static guint8 shows[256];
  const char *symbol = chess_tree_nag_symbol (nag);

  if (symbol == NULL)
    return NULL;
  if (shows[nag] == 0)
    shows[nag] = fonts_show (symbol) ? 1 : 2;
  return shows[nag] == 1 ? symbol : chess_tree_nag_ascii (nag);
}
