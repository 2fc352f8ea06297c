/* chess-figurine-label.c — move text whose chess figurines match the letters. */
#include "config.h"

#include "chess-figurine-label.h"

/* In printed chess books a figurine stands a little taller than a capital
 * letter; never smaller. */
#define FIGURINE_HEIGHT_PER_CAPITAL 1.1
#define MAX_SCALE 2.0

static gboolean
is_figurine (gunichar c)
{
  return c >= 0x2654 && c <= 0x265F;
}

/* The height of the ink of `text` in the label's font, in Pango units. */
static int
ink_height (GtkWidget  *label,
            const char *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, text);
  PangoRectangle ink;

  pango_layout_get_extents (layout, &ink, NULL);
  return ink.height;
}

double
chess_figurine_label_get_scale (GtkLabel *label)
{
  int capital, knight;
  double scale;

  g_return_val_if_fail (GTK_IS_LABEL (label), 1.0);

  /* The knight and an H: both sit on the baseline, neither has a dot or
   * an overshoot that would skew the comparison. */
  capital = ink_height (GTK_WIDGET (label), "H");
  knight = ink_height (GTK_WIDGET (label), "\u265e");
  if (capital <= 0 || knight <= 0)
    return 1.0;
  scale = FIGURINE_HEIGHT_PER_CAPITAL * capital / knight;
  return CLAMP (scale, 1.0, MAX_SCALE);
}

void
chess_figurine_label_fit (GtkLabel *label)
{
  g_autoptr(PangoAttrList) attributes = NULL;
  const char *text;
  double scale = 0;

  g_return_if_fail (GTK_IS_LABEL (label));

  text = gtk_label_get_text (label);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      const char *next = g_utf8_next_char (p);
      PangoAttribute *attribute;

      if (!is_figurine (g_utf8_get_char (p)))
        continue;
      if (scale == 0)
        scale = chess_figurine_label_get_scale (label);
      if (scale == 1.0)
        break;
      if (attributes == NULL)
        attributes = pango_attr_list_new ();
      attribute = pango_attr_scale_new (scale);
      attribute->start_index = p - text;
      attribute->end_index = next - text;
      pango_attr_list_insert (attributes, attribute);
    }
  gtk_label_set_attributes (label, attributes);
}
