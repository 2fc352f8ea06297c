/* thinkchess.c — the desktop app's entry point. */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "chess-application.h"
#include "chess-crash-trace.h"
#include "chess-renderer.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(ChessApplication) app = NULL;
  const char *localedir = g_getenv ("THINKCHESS_LOCALEDIR");

  if (g_getenv ("THINKCHESS_TRACE") != NULL)
    g_printerr ("thinkchess-trace: main %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());

  chess_crash_trace_install ();
  setlocale (LC_ALL, "");
  /* The uninstalled app (meson devenv) finds its translations here. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  chess_renderer_choose ();
  app = chess_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
