/* thinkchess.c — the desktop app's entry point. */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "chess-application.h"

/* TRUE when the machine has a GPU render node (/dev/dri/renderD*). */
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

/* Without a GPU, OpenGL runs on the CPU (llvmpipe): it costs half a second
 * of start-up and about 100 MB, for nothing a flat board needs. Then GTK's
 * cairo renderer draws it, unless the user chose a renderer. */
static void
choose_renderer (void)
{
  if (g_getenv ("GSK_RENDERER") != NULL || g_getenv ("GDK_DEBUG") != NULL
      || have_render_node ())
    return;
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(ChessApplication) app = NULL;
  const char *localedir = g_getenv ("THINKCHESS_LOCALEDIR");

  if (g_getenv ("THINKCHESS_TRACE") != NULL)
    g_printerr ("thinkchess-trace: main %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());

  setlocale (LC_ALL, "");
  /* The uninstalled app (meson devenv) finds its translations here. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  choose_renderer ();
  app = chess_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
