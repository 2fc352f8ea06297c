/* chess-application.h — the AdwApplication: one main window, opens PGN
 * files given on the command line. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CHESS_TYPE_APPLICATION (chess_application_get_type ())
G_DECLARE_FINAL_TYPE (ChessApplication, chess_application, CHESS, APPLICATION, AdwApplication)

ChessApplication *chess_application_new (void);

G_END_DECLS
