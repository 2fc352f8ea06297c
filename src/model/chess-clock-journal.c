/* chess-clock-journal.c — the running clocks, kept in a small file written
 * in place (pwrite) by a thread of its own. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "chess-clock-journal.h"

/* A tenth of a second is what the clock shows under ten seconds. */
#define INTERVAL_US (100 * 1000)
/* Every record has this size (padded), so that each write replaces the
 * whole of the last one. */
#define RECORD_SIZE 120
#define RECORD_PREFIX "ThinkChess clock 1 "

struct _ChessClockJournal
{
  char                   *path;
  int                     fd;
  GThread                *thread;
  GMutex                  mutex;
  GCond                   cond;
  gboolean                quit;
  ChessClockJournalEntry  entry;      /* as recorded                      */
  gint64                  entry_us;   /* when, on the monotonic clock     */
};

char *
chess_clock_journal_path_for (const char *autosave_path)
{
  g_return_val_if_fail (autosave_path != NULL, NULL);

  if (g_str_has_suffix (autosave_path, ".pgn"))
    {
      g_autofree char *base = g_strndup (autosave_path, strlen (autosave_path) - 4);
      return g_strconcat (base, ".clock", NULL);
    }
  return g_strconcat (autosave_path, ".clock", NULL);
}

/* FNV-1a: tells a damaged record from a good one. */
static guint32
checksum (const char *text,
          gsize       length)
{
  guint32 h = 2166136261u;

  for (gsize i = 0; i < length; i++)
    {
      h ^= (guchar) text[i];
      h *= 16777619u;
    }
  return h;
}

/* The record for the clocks `now_us`, with the mutex held. */
static void
write_locked (ChessClockJournal *self,
              gint64             now_us)
{
  const ChessClockJournalEntry *e = &self->entry;
  gint64 ms[CHESS_N_COLORS] = { e->ms[CHESS_COLOR_WHITE], e->ms[CHESS_COLOR_BLACK] };
  char record[RECORD_SIZE + 1];
  int n;

  if (e->counting)
    {
      gint64 elapsed = MAX (now_us - self->entry_us, 0) / 1000;
      ms[e->active] = e->count_up ? ms[e->active] + elapsed : MAX (ms[e->active] - elapsed, 0);
    }
  n = g_snprintf (record, sizeof record,
                  RECORD_PREFIX "ply=%u key=%016" G_GINT64_MODIFIER "x white=%" G_GINT64_FORMAT
                  " black=%" G_GINT64_FORMAT,
                  e->ply, e->key, ms[CHESS_COLOR_WHITE], ms[CHESS_COLOR_BLACK]);
  n += g_snprintf (record + n, sizeof record - (gsize) n, " check=%08x",
                   checksum (record, (gsize) n));
  memset (record + n, ' ', RECORD_SIZE - 1 - (gsize) n);
  record[RECORD_SIZE - 1] = '\n';

  if (pwrite (self->fd, record, RECORD_SIZE, 0) != RECORD_SIZE)
    g_debug ("Cannot write %s: %s", self->path, g_strerror (errno));
}

static gpointer
journal_thread (gpointer data)
{
  ChessClockJournal *self = data;

  g_mutex_lock (&self->mutex);
  while (!self->quit)
    {
      g_cond_wait_until (&self->cond, &self->mutex, g_get_monotonic_time () + INTERVAL_US);
      if (!self->quit && self->entry.counting)
        write_locked (self, g_get_monotonic_time ());
    }
  g_mutex_unlock (&self->mutex);
  return NULL;
}

ChessClockJournal *
chess_clock_journal_open (const char  *path,
                          GError     **error)
{
  ChessClockJournal *self;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   /* Translators: %s is a file name, then the system's reason */
                   _("Could not open “%s”: %s"), path, g_strerror (saved_errno));
      return NULL;
    }

  self = g_new0 (ChessClockJournal, 1);
  self->path = g_strdup (path);
  self->fd = fd;
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  self->thread = g_thread_new ("thinkchess-clock-journal", journal_thread, self);
  return self;
}

const char *
chess_clock_journal_get_path (ChessClockJournal *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

void
chess_clock_journal_record (ChessClockJournal            *self,
                            const ChessClockJournalEntry *entry)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (entry != NULL);

  g_mutex_lock (&self->mutex);
  self->entry = *entry;
  self->entry_us = g_get_monotonic_time ();
  write_locked (self, self->entry_us);
  g_mutex_unlock (&self->mutex);
}

void
chess_clock_journal_close (ChessClockJournal *self)
{
  if (self == NULL)
    return;

  g_mutex_lock (&self->mutex);
  self->quit = TRUE;
  g_cond_signal (&self->cond);
  g_mutex_unlock (&self->mutex);
  g_thread_join (self->thread);

  g_close (self->fd, NULL);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);
  g_free (self->path);
  g_free (self);
}

gboolean
chess_clock_journal_read (const char             *path,
                          ChessClockJournalEntry *entry)
{
  g_autofree char *data = NULL;
  gsize length;
  guint ply;
  guint64 key;
  gint64 white, black;
  guint32 check;
  const char *check_at;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);

  if (!g_file_get_contents (path, &data, &length, NULL)
      || length != RECORD_SIZE || !g_str_has_prefix (data, RECORD_PREFIX))
    return FALSE;
  data[RECORD_SIZE - 1] = '\0';
  check_at = strstr (data, " check=");
  if (check_at == NULL
      || sscanf (data, RECORD_PREFIX "ply=%u key=%" G_GINT64_MODIFIER "x white=%" G_GINT64_FORMAT
                 " black=%" G_GINT64_FORMAT " check=%x",
                 &ply, &key, &white, &black, &check) != 5
      || check != checksum (data, (gsize) (check_at - data))
      || white < 0 || black < 0)
    return FALSE;

  memset (entry, 0, sizeof *entry);
  entry->ply = ply;
  entry->key = key;
  entry->ms[CHESS_COLOR_WHITE] = white;
  entry->ms[CHESS_COLOR_BLACK] = black;
  return TRUE;
}
