/* chess-renderer.c — which of GTK's renderers draws the app. */
#include "config.h"

#include <gtk/gtk.h>

#include "chess-renderer.h"

/* TRUE when the machine has a GPU render node. */
static gboolean
have_render_node (void)
{
  GDir *dir = g_dir_open ("/dev/dri", 0, NULL);
  const char *name;
  gboolean found = FALSE;

  if (dir == NULL)
    return FALSE;
  while (!found && (name = g_dir_read_name (dir)) != NULL)
    found = g_str_has_prefix (name, "renderD");
  g_dir_close (dir);
  return found;
}

/* The variable and value that switch OpenGL off. */
static void
gl_off_variable (const char **name,
                                const char **value)
{
  /* The GTK the program runs with, not the one it was built against: the
   * variables are read by the library. */
  if (gtk_get_major_version () > 4
      || (gtk_get_major_version () == 4 && gtk_get_minor_version () >= 16))
    {
      *name = "GDK_DISABLE";
      *value = "gl";
    }
  else
    {
      *name = "GDK_DEBUG";
      *value = "gl-disable";
    }
}

void
chess_renderer_choose (void)
{
  const char *name;
  const char *value;

  if (g_getenv ("GSK_RENDERER") != NULL || g_getenv ("GDK_DEBUG") != NULL
      || g_getenv ("GDK_DISABLE") != NULL || have_render_node ())
    return;
  gl_off_variable (&name, &value);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv (name, value, FALSE);
}
