/* chess-application.h — the GtkApplication: one main window, opens PGN
 * files given on the command line. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CHESS_TYPE_APPLICATION (chess_application_get_type ())
G_DECLARE_FINAL_TYPE (ChessApplication, chess_application, CHESS, APPLICATION, GtkApplication)

ChessApplication *chess_application_new (void);

G_END_DECLS
