/* chess-match-pgn.h — the PGN file of `thinkchess-cli match`: each game is
 * added at the end as soon as it is over, as cutechess-cli does, so the
 * games of earlier matches in the file stay and a match that is stopped
 * keeps the games it played. */
#pragma once

#include <glib.h>

#include "chess-pgn.h"

G_BEGIN_DECLS

typedef struct _ChessMatchPgn ChessMatchPgn;

/* Opens `path` for adding games (created when missing), before the first
 * game, so that a path that cannot be written is said at once. NULL with
 * `error` set (naming the file) when it cannot be opened. */
ChessMatchPgn *chess_match_pgn_open  (const char          *path,
                                      GError             **error);
/* Adds `game` at the end, one blank line after the game before it, and
 * flushes it to the file. */
gboolean       chess_match_pgn_add   (ChessMatchPgn       *self,
                                      const ChessPgnGame  *game,
                                      GError             **error);
/* Closes the file; one created by chess_match_pgn_open that got no game is
 * removed again. FALSE when the last bytes could not be written. */
gboolean       chess_match_pgn_close (ChessMatchPgn       *self,
                                      GError             **error);

G_END_DECLS
