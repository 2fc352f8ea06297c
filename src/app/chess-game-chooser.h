/* chess-game-chooser.h — picking one game out of a file with several. */
#pragma once

#include <gtk/gtk.h>

#include "chess-pgn.h"

G_BEGIN_DECLS

#define CHESS_TYPE_GAME_CHOOSER (chess_game_chooser_get_type ())
G_DECLARE_FINAL_TYPE (ChessGameChooser, chess_game_chooser, CHESS, GAME_CHOOSER, GtkWindow)

/* Lists `entries` (ChessPgnIndexEntry *, from chess_pgn_index; the chooser
 * keeps a reference) as White – Black, result, date, event, site and round,
 * with a search that finds the games holding every word typed, ignoring
 * case and accents, and a "No Games Found" page when none does. Choosing one emits `game-chosen` with its index
 * in `entries`, then closes the chooser. */
ChessGameChooser *chess_game_chooser_new           (GtkWindow        *parent,
                                                    const char       *file_name,
                                                    GPtrArray        *entries);

/* For tests and keyboard use: the search text, how many games it leaves
 * in the list, and opening the game at `position` in the filtered list. */
void              chess_game_chooser_set_search    (ChessGameChooser *self,
                                                    const char       *text);
guint             chess_game_chooser_get_n_shown   (ChessGameChooser *self);
gboolean          chess_game_chooser_get_showing_no_games (ChessGameChooser *self);
/* The index in `entries` of the game at `position` in the filtered list,
 * G_MAXUINT past its end. */
guint             chess_game_chooser_get_game_at   (ChessGameChooser *self,
                                                    guint             position);
gboolean          chess_game_chooser_choose        (ChessGameChooser *self,
                                                    guint             position);

G_END_DECLS
