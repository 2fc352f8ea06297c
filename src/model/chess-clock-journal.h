/* chess-clock-journal.h — the clocks of a game being played, written in
 * place about ten times a second into a small file beside its autosave,
 * so that a crash (even SIGKILL) loses under a tenth of a second of the
 * move in progress without rewriting the PGN that often. GLib only.
 *
 * The journal holds one fixed-size record: the number of moves played,
 * the position's key and both clocks. It belongs to the autosave it sits
 * beside only while both describe the same position: Continue applies it
 * when the ply and the key match the autosaved game's. */
#pragma once

#include <glib.h>

#include "chess-types.h"

G_BEGIN_DECLS

typedef struct
{
  guint    ply;                     /* moves played                       */
  guint64  key;                     /* the position's Zobrist key         */
  gint64   ms[CHESS_N_COLORS];      /* both clocks when recorded          */
  /* Whether `active`'s clock runs on from there in real time (up when
   * untimed, down when timed): the journal carries it on by itself. */
  gboolean counting;
  gboolean count_up;
  ChessColor active;
} ChessClockJournalEntry;

typedef struct _ChessClockJournal ChessClockJournal;

/* "…/last-game.pgn" → "…/last-game.clock". */
char              *chess_clock_journal_path_for (const char *autosave_path);

/* Opens (creating) the journal at `path`; NULL with `error` when it
 * cannot be written. A thread of its own keeps a counting clock's record
 * up to date, whatever the caller's main loop is doing (the terminal game
 * waits in its line editor). */
ChessClockJournal *chess_clock_journal_open   (const char   *path,
                                               GError      **error);
const char        *chess_clock_journal_get_path (ChessClockJournal *self);
/* Writes `entry` now (as of this moment) and goes on from it. */
void               chess_clock_journal_record (ChessClockJournal            *self,
                                               const ChessClockJournalEntry *entry);
/* Stops the thread and closes the file (which stays). */
void               chess_clock_journal_close  (ChessClockJournal *self);

/* Reads the record at `path`: FALSE when there is none or it is damaged.
 * `entry->counting` is FALSE: the times are as they stood when written. */
gboolean           chess_clock_journal_read   (const char             *path,
                                               ChessClockJournalEntry *entry);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChessClockJournal, chess_clock_journal_close)

G_END_DECLS
