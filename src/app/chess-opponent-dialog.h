/* chess-opponent-dialog.h — picks who plays one side of a game going on
 * (after its engine failed): the built-in engine at a level, or an
 * external engine. The game itself is not touched here. */
#pragma once

#include <gtk/gtk.h>

#include "chess-opponents.h"

G_BEGIN_DECLS

#define CHESS_TYPE_OPPONENT_DIALOG (chess_opponent_dialog_get_type ())
G_DECLARE_FINAL_TYPE (ChessOpponentDialog, chess_opponent_dialog, CHESS, OPPONENT_DIALOG, GtkWindow)

/* Shows `current` (a computer) preselected for `color`. "Play" emits
 * `chosen`, then closes; closing otherwise emits nothing. */
ChessOpponentDialog *chess_opponent_dialog_new  (GtkWindow           *parent,
                                                 GSettings           *settings,
                                                 ChessColor           color,
                                                 const ChessOpponent *current);
/* The opponent chosen (a computer); clear it with chess_opponent_clear. */
void                 chess_opponent_dialog_get_opponent (ChessOpponentDialog *self,
                                                         ChessOpponent       *opponent);
/* What the "Play" button does (for tests and keyboard activation). */
void                 chess_opponent_dialog_choose (ChessOpponentDialog *self);

G_END_DECLS
