/* datagen-opening.h — where thinkchess-datagen's games start: a few
 * random legal moves from the standard position, or from a position early
 * in a game of a PGN file, kept only when it is still a game (a quick
 * search finds neither side clearly winning). */
#pragma once

#include <glib.h>

#include "chess-engine.h"
#include "chess-line.h"
#include "datagen-rng.h"

/* The games of a PGN file, parsed one at a time when picked. */
typedef struct ChessDatagenBook ChessDatagenBook;

/* NULL with a message naming the file when it cannot be read or holds no
 * games. */
ChessDatagenBook *chess_datagen_book_load (const char  *path,
                                           GError     **error);
void              chess_datagen_book_free (ChessDatagenBook *book);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChessDatagenBook, chess_datagen_book_free)

/* Fills `line` (uninitialised) with a game's opening: from `book`'s
 * positions at ply 8–20 followed by random_plies / 2 random moves, or,
 * without a book, random_plies random moves from the standard start.
 * `checker` makes the quick search. FALSE (line left empty) when no
 * balanced opening turned up in many tries. */
gboolean chess_datagen_opening (ChessDatagenRng        *rng,
                                const ChessDatagenBook *book,
                                int                     random_plies,
                                ChessEngine            *checker,
                                ChessLine              *line);
