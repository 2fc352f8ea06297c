/* chess-cli-save.h — the terminal game's "save FILE": a game from a file
 * of several goes back in its own place, and no file of games is ever
 * replaced by one game without the player saying so. */
#pragma once

#include <glib.h>

#include "chess-pgn.h"

G_BEGIN_DECLS

/* Where the game on the board lives in a file (loaded from there or saved
 * there), or nowhere (path NULL). */
typedef struct
{
  char         *path;
  ChessPgnSlot  slot;
} ChessCliSource;

void     chess_cli_source_clear (ChessCliSource           *source);
/* The game is game `entry` of `path`, whose contents are `data`. */
void     chess_cli_source_set   (ChessCliSource           *source,
                                 const char               *path,
                                 const char               *data,
                                 gsize                     length,
                                 const ChessPgnIndexEntry *entry);

/* Asks the player a yes/no question; FALSE for no (or no answer). */
typedef gboolean (*ChessCliAskFunc) (gpointer    user_data,
                                     const char *question);

/* Saves `game` to `path`: in its own place when `path` is where it lives,
 * as a new file when there is none, otherwise only as the player chooses
 * (added at the end, or the whole file replaced). `source` then names the
 * game's place. Returns what to tell the player; FALSE when nothing was
 * saved. */
gboolean chess_cli_save_game    (const ChessPgnGame *game,
                                 const char         *path,
                                 ChessCliSource     *source,
                                 ChessCliAskFunc     ask,
                                 gpointer            ask_data,
                                 char              **message);

G_END_DECLS
