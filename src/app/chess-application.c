/* chess-application.c — the application object. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-application.h"
#include "chess-application-actions.h"
#include "chess-window.h"
#include "chess-window-actions.h"

struct _ChessApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (ChessApplication, chess_application, ADW_TYPE_APPLICATION)

static ChessWindow *
get_window (ChessApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (CHESS_IS_WINDOW (window))
    return CHESS_WINDOW (window);
  return chess_window_new (GTK_APPLICATION (self));
}

static void
chess_application_startup (GApplication *app)
{
  /* AdwApplication sets up libadwaita: the style manager (the system's
   * dark preference) and the resource base path's style.css. */
  G_APPLICATION_CLASS (chess_application_parent_class)->startup (app);

  g_set_application_name (_("ThinkChess"));
  gtk_window_set_default_icon_name (APPLICATION_ID);
  chess_application_actions_init (CHESS_APPLICATION (app));
}

static void
chess_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (CHESS_APPLICATION (app))));
}

static void
chess_application_open (GApplication  *app,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  ChessWindow *window = get_window (CHESS_APPLICATION (app));

  gtk_window_present (GTK_WINDOW (window));
  /* One game at a time: the first file. */
  if (n_files > 0)
    chess_window_actions_open_file (window, files[0]);
}

static void
chess_application_class_init (ChessApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = chess_application_startup;
  app_class->activate = chess_application_activate;
  app_class->open = chess_application_open;
}

static void
chess_application_init (ChessApplication *self)
{
}

ChessApplication *
chess_application_new (void)
{
  return g_object_new (CHESS_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}
