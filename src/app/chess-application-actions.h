/* chess-application-actions.h — the application's actions (app.*).
 * Owned by the menus-and-dialogs part; the application calls the hook. */
#pragma once

#include "chess-application.h"

G_BEGIN_DECLS

/* Called from ChessApplication's startup: add app actions and accels. */
void chess_application_actions_init (ChessApplication *app);

G_END_DECLS
