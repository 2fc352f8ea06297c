/* chess-pgn.h — reading and writing PGN game files (no GTK). */
#pragma once

#include <glib.h>

#include "chess-line.h"
#include "chess-tree.h"

G_BEGIN_DECLS

#define CHESS_PGN_ERROR (chess_pgn_error_quark ())

typedef enum
{
  CHESS_PGN_ERROR_IO,         /* the file could not be read or written   */
  CHESS_PGN_ERROR_SYNTAX,     /* a token that does not belong there       */
  CHESS_PGN_ERROR_ILLEGAL,    /* a move that is not legal or unreadable   */
  CHESS_PGN_ERROR_FEN,        /* a bad SetUp/FEN tag                      */
  CHESS_PGN_ERROR_NO_GAMES,   /* nothing that looks like a game           */
  CHESS_PGN_ERROR_CHANGED,    /* the file changed since it was read        */
} ChessPgnError;

GQuark chess_pgn_error_quark (void);

/* Where a problem is: 1-based line and column in the file. */
typedef struct
{
  guint line;
  guint column;
} ChessPgnLocation;

/* One game's list entry: found by scanning tags only. */
typedef struct
{
  guint   number;      /* 1-based game number in the file          */
  gsize   offset;      /* byte offset of the game's first tag/move  */
  gsize   length;      /* bytes up to the next game                 */
  guint   line;        /* line of `offset`                          */
  char   *white;       /* tag values (UTF-8), "" when missing       */
  char   *black;
  char   *result;
  char   *date;
  char   *event;
  char   *site;
  char   *round;
} ChessPgnIndexEntry;

void       chess_pgn_index_entry_free (ChessPgnIndexEntry *entry);

/* Whether `data` is not text at all (a program, an image, an archive …):
 * more than 1% control characters (NUL included) in its first 64 KiB. PGN text
 * in any 8-bit encoding (UTF-8, Latin-1) is not binary. Callers say "not
 * a PGN file" rather than naming the first byte the reader trips over. */
gboolean   chess_pgn_looks_binary (const char *data,
                                   gsize       length);

/* Scans `data` for its games without parsing moves. Returns a GPtrArray of
 * ChessPgnIndexEntry (free function set). Never fails: garbage between
 * games is skipped. */
GPtrArray *chess_pgn_index (const char *data,
                            gsize       length);

/* A game: its tags and its moves as a tree. `line` is the main line
 * (children[0] from the root), derived from the tree: the reader and
 * chess_pgn_game_add_move keep it up to date; whoever edits the tree
 * otherwise calls chess_pgn_game_update_line. */
typedef struct
{
  GPtrArray     *tag_names;  /* char *, in file order                       */
  GPtrArray     *tag_values; /* char *, UTF-8, unescaped                    */
  ChessTree     *tree;       /* moves, variations, comments, NAGs, commands */
  ChessLine      line;       /* start position and main line (derived)      */
  char          *result;     /* "1-0", "0-1", "1/2-1/2" or "*"              */
  ChessTreeNode *main_end;   /* the main line's last node (derived)         */

  /* Set by a lenient read only (chess_pgn_parse_game_lenient …): the
   * problem met in the game's text (CHESS_PGN_ERROR, the message as the
   * strict read gives it) and its place; `cut_short` when reading stopped
   * there, so the text after it (moves, or a tag that could not be read)
   * is not in the game and writing the game back would lose it. */
  GError           *problem;
  ChessPgnLocation  problem_at;
  gboolean          cut_short;
} ChessPgnGame;

ChessPgnGame *chess_pgn_game_new      (const ChessBoard *start); /* NULL: standard */
void          chess_pgn_game_free     (ChessPgnGame     *game);
const char   *chess_pgn_game_get_tag  (const ChessPgnGame *game,
                                       const char         *name); /* NULL if absent */
void          chess_pgn_game_set_tag  (ChessPgnGame     *game,
                                       const char       *name,
                                       const char       *value);   /* NULL removes */
/* Appends a move (legal in game->line.current) to the main line; returns
 * its node, for its comment, NAGs and clock. */
ChessTreeNode *chess_pgn_game_add_move (ChessPgnGame    *game,
                                        ChessMove        move);
/* Takes `tree` (its start is the game's) in place of the game's tree. */
void          chess_pgn_game_set_tree (ChessPgnGame     *game,
                                       ChessTree        *tree);
/* Derives `line` and `main_end` from the tree again. */
void          chess_pgn_game_update_line (ChessPgnGame  *game);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChessPgnGame, chess_pgn_game_free)

/* Parses one game (the bytes of an index entry, or a whole one-game text).
 * `first_line` is the line number of data[0] in its file, for messages.
 * Latin-1 text is converted to UTF-8; a BOM is skipped. On error returns
 * NULL with a message such as "line 214, column 9: illegal move 'Nxe5' for
 * White (Smith – Jones)" and fills `where` when not NULL. */
ChessPgnGame *chess_pgn_parse_game (const char        *data,
                                    gsize              length,
                                    guint              first_line,
                                    ChessPgnLocation  *where,
                                    GError           **error);

/* Like chess_pgn_parse_game, but a problem does not lose the game (as
 * Lichess, ChessBase and En Croissant read): a bad move, token or variation
 * ends the reading there, keeping the tags and the moves before it; a tag
 * without its ']', a ')' that closes nothing or a variation left open are
 * passed over. The game's `problem` then says what and where (the first
 * problem, or the one reading stopped at), and `cut_short` whether text
 * was left unread. Returns NULL (with the error) only when there is no
 * game to show: no tags or moves at all, or a FEN tag that is not a
 * position. */
ChessPgnGame *chess_pgn_parse_game_lenient (const char  *data,
                                            gsize        length,
                                            guint        first_line,
                                            GError     **error);

/* Parses the game `entry` (from chess_pgn_index (data, length)) of a whole
 * file's text. The message names the game number and the players but not
 * the place, which is in `where` only: the caller shows it as it likes
 * ("FILE:LINE:COLUMN: message", "line L, column C: message"). */
ChessPgnGame *chess_pgn_parse_entry (const char               *data,
                                     gsize                     length,
                                     const ChessPgnIndexEntry *entry,
                                     ChessPgnLocation         *where,
                                     GError                  **error);

/* chess_pgn_parse_entry, read as leniently as chess_pgn_parse_game_lenient
 * reads; the problem's message leaves out the place, which is in
 * problem_at. */
ChessPgnGame *chess_pgn_parse_entry_lenient (const char               *data,
                                             gsize                     length,
                                             const ChessPgnIndexEntry *entry,
                                             GError                  **error);

/* Like chess_pgn_parse_entry, but only plays the moves, keeping nothing:
 * fills `final` (the last position) and `n_plies`. For checking and
 * counting whole files quickly; reports the same errors. */
gboolean      chess_pgn_replay_entry (const char               *data,
                                      gsize                     length,
                                      const ChessPgnIndexEntry *entry,
                                      ChessBoard               *final,
                                      guint                    *n_plies,
                                      ChessPgnLocation         *where,
                                      GError                  **error);

/* Writes the game in PGN export format (Seven Tag Roster first, lines of at
 * most 80 characters, comments, NAGs, [%clk], result), ending in "\n". */
char         *chess_pgn_game_to_string (const ChessPgnGame *game);

/* Writes the games atomically (temporary file + rename), one blank line
 * between games. */
gboolean      chess_pgn_save_file (const char          *path,
                                   ChessPgnGame *const *games,
                                   guint                n_games,
                                   GError             **error);

/* Where one game of a file is, and what the whole file was when it was
 * read or last written (so that a save never overwrites someone else's
 * changes). */
typedef struct
{
  char  *checksum;   /* chess_pgn_file_checksum of the whole file */
  gsize  offset;     /* the game's bytes: an index entry's offset  */
  gsize  length;     /* and length                                */
} ChessPgnSlot;

void          chess_pgn_slot_clear     (ChessPgnSlot *slot);   /* frees the checksum */

/* SHA-256 of a file's contents, in hex. */
char         *chess_pgn_file_checksum  (const char   *data,
                                        gsize         length);

/* Puts `game` in place of the one in `slot`, keeping every other byte of
 * the file as it was, atomically. Refuses (CHESS_PGN_ERROR_CHANGED) when
 * the file is no longer what slot->checksum says. Updates the slot to the
 * file as written. */
gboolean      chess_pgn_replace_game   (const char         *path,
                                        ChessPgnSlot       *slot,
                                        const ChessPgnGame *game,
                                        GError            **error);
/* Adds `game` at the end of the file (created when missing), atomically;
 * the slot then names it. */
gboolean      chess_pgn_append_game    (const char         *path,
                                        ChessPgnSlot       *slot,
                                        const ChessPgnGame *game,
                                        GError            **error);

G_END_DECLS
