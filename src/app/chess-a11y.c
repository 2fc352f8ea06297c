/* chess-a11y.c — accessibility fixes shared by the app's widgets. */
#include "config.h"

#include <string.h>

#include "chess-a11y.h"

/* "_New Game" → "New Game"; "__" is a real underscore. */
static char *
without_mnemonic (const char *label)
{
  GString *out = g_string_sized_new (strlen (label));

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          p++;
          if (*p == '\0')
            break;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

void
chess_a11y_name_button (GtkWidget  *button,
                        const char *name)
{
  g_autofree char *plain = NULL;
  const char *label = NULL;

  g_return_if_fail (GTK_IS_BUTTON (button) || GTK_IS_CHECK_BUTTON (button));

  if (name == NULL)
    {
      label = GTK_IS_BUTTON (button) ? gtk_button_get_label (GTK_BUTTON (button))
                                     : gtk_check_button_get_label (GTK_CHECK_BUTTON (button));
      if (label == NULL)
        return;
      name = plain = without_mnemonic (label);
    }
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

void
chess_a11y_name_mnemonic_buttons (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if ((GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root)))
      || (GTK_IS_CHECK_BUTTON (root) && gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (root))))
    chess_a11y_name_button (root, NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    chess_a11y_name_mnemonic_buttons (child);
}
