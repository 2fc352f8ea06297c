/* chess-practice.h — what a player's practice keeps (GLib only): their
 * puzzle rating (Glicko-2) and its history, their streak, their tries at
 * each puzzle, and "Your Mistakes": the positions before their own
 * mistakes in reviewed games, which come back by spaced repetition until
 * each is solved twice.
 *
 * Kept in a GKeyFile, practice.ini in the user's data folder (shared by the
 * app and the terminal): written whole to a new file and renamed over the
 * old one, so a crash mid-write loses nothing; a file that cannot be read
 * is set aside (practice.ini.broken-DATE) with a message, never emptied. */
#pragma once

#include <glib.h>

#include "chess-puzzle.h"
#include "chess-tree.h"

G_BEGIN_DECLS

typedef struct _ChessPractice ChessPractice;

/* A rating in Glicko-2's terms, on the Glicko scale. */
typedef struct
{
  double rating;       /* 1500 for a new player              */
  double deviation;    /* 250 for a new player               */
  double volatility;   /* 0.06                               */
} ChessRating;

/* A point of the rating's history. */
typedef struct
{
  gint64 time;         /* seconds since 1970 (UTC)           */
  int    rating;
} ChessRatingPoint;

/* The path of practice.ini in the user's data folder. */
char          *chess_practice_default_path (void);

/* Reads `path` (a missing file: a new player). When the file cannot be
 * read, it is renamed aside, a new player starts, and `warning` (may be
 * NULL) gets a translated message that says so and where it went. NULL
 * when the file cannot be read at all or the broken file could not be set
 * aside (`error`). */
ChessPractice *chess_practice_load      (const char  *path,
                                         char       **warning,
                                         GError     **error);
/* The same from the file's contents: NULL and why when they cannot be
 * read. Nothing is renamed. */
ChessPractice *chess_practice_parse     (const char  *path,
                                         const char  *data,
                                         gsize        length,
                                         GError     **error);
void           chess_practice_free      (ChessPractice *self);
/* Writes it back, atomically. */
gboolean       chess_practice_save      (ChessPractice *self,
                                         GError       **error);

const ChessRating *chess_practice_get_rating  (ChessPractice *self);
/* The rating after each rated puzzle, oldest first (at most the last 200). */
const ChessRatingPoint *chess_practice_get_history (ChessPractice *self,
                                                    guint         *n);
guint          chess_practice_get_streak      (ChessPractice *self);
guint          chess_practice_get_best_streak (ChessPractice *self);
/* Tries and solves of one puzzle (by id). */
void           chess_practice_get_tries  (ChessPractice *self,
                                          const char    *id,
                                          guint         *tries,
                                          guint         *solved);

/* One result: the rating moves (Glicko-2 against the puzzle's rating; a
 * puzzle of the player's own deck moves the deck only), the streak, the
 * tries; a deck puzzle is due again later when solved (and leaves the deck
 * at its second solve), soon when missed. `now`: seconds since 1970.
 * Returns the rating's change (0 for the deck). */
int            chess_practice_record     (ChessPractice     *self,
                                          const ChessPuzzle *puzzle,
                                          gboolean           solved,
                                          gint64             now);

/* The next puzzle: a due one of the player's deck first (when `theme` is
 * 0 or MISTAKE), else one of `set` near the player's rating with `theme`
 * (0: any; MATE with `mate_in` > 0: that length), one not solved before
 * when there is one; `rand` picks among the nearest. NULL when none has
 * the theme. The puzzle belongs to `set` or the deck (valid until the
 * next change of the deck). */
const ChessPuzzle *chess_practice_next   (ChessPractice *self,
                                          GPtrArray     *set,
                                          ChessPuzzleTheme theme,
                                          int            mate_in,
                                          GRand         *rand,
                                          gint64         now);

/* "Your Mistakes". */
guint          chess_practice_deck_size  (ChessPractice *self);
/* How many are due at `now`. */
guint          chess_practice_deck_due   (ChessPractice *self,
                                          gint64         now);
const ChessPuzzle *chess_practice_deck_get (ChessPractice *self,
                                            guint          i);
/* Adds a puzzle to the deck, due at once; FALSE when its id is there. */
gboolean       chess_practice_deck_add     (ChessPractice     *self,
                                            const ChessPuzzle *puzzle,
                                            const char        *source,
                                            gint64             now);
/* Adds the positions before `side`'s mistakes and blunders that a review
 * wrote into `tree`'s main line (up to the first move not judged), with
 * the review's best move as the solution, each position once. `source`
 * names the game ("Kasparov – Karpov, 1985"; may be NULL). Returns how
 * many were new. */
guint          chess_practice_add_mistakes (ChessPractice *self,
                                            const ChessTree *tree,
                                            ChessColor     side,
                                            const char    *source,
                                            gint64         now);
/* Where a deck puzzle came from ("Kasparov – Karpov, 1985, move 23"), or
 * NULL for a bundled one. */
const char    *chess_practice_deck_source (ChessPractice     *self,
                                           const ChessPuzzle *puzzle);

G_END_DECLS
