/* chess-match-pgn.c — the match's games added one by one at the end of its
 * PGN file (see chess-match-pgn.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "chess-match-pgn.h"

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

struct _ChessMatchPgn
{
  char    *path;
  int      fd;
  gboolean created;     /* the file did not exist before the match      */
  guint    n_games;     /* added by this match                         */
  guint    newlines;    /* newlines the file ends with, up to two      */
  gboolean empty;       /* nothing in the file yet                     */
};

static gboolean
write_failed (GError    **error,
              const char *path,
              int         saved_errno)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               /* Translators: a file name, then the system's reason. */
               _("Could not write the games to “%s”: %s"), name, g_strerror (saved_errno));
  return FALSE;
}

/* How many newlines (up to two) a regular file ends with, and whether it
 * is empty: the next game follows one blank line. Read through a second
 * descriptor, the first being open for writing only. */
static void
read_tail (ChessMatchPgn *self)
{
  struct stat st;
  char tail[2];
  int fd;

  self->empty = TRUE;
  self->newlines = 0;
  if (fstat (self->fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size == 0)
    return;
  self->empty = FALSE;
  fd = g_open (self->path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0)
    return;
  gsize n = MIN ((gsize) st.st_size, sizeof tail);
  if (pread (fd, tail, n, st.st_size - (off_t) n) == (ssize_t) n)
    {
      if (tail[n - 1] == '\n')
        self->newlines = n == 2 && tail[0] == '\n' ? 2 : 1;
    }
  close (fd);
}

ChessMatchPgn *
chess_match_pgn_open (const char  *path,
                      GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ChessMatchPgn *self = g_new0 (ChessMatchPgn, 1);
  self->path = g_strdup (path);
  self->fd = g_open (path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  self->created = self->fd >= 0;
  if (self->fd < 0 && errno == EEXIST)
    self->fd = g_open (path, O_WRONLY | O_APPEND | O_CLOEXEC, 0);
  if (self->fd < 0)
    {
      write_failed (error, path, errno);
      g_free (self->path);
      g_free (self);
      return NULL;
    }
  read_tail (self);
  return self;
}

static gboolean
write_all (ChessMatchPgn *self,
           const char    *text,
           gsize          length,
           GError       **error)
{
  while (length > 0)
    {
      ssize_t n = write (self->fd, text, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return write_failed (error, self->path, errno);
      text += n;
      length -= (gsize) n;
    }
  return TRUE;
}

gboolean
chess_match_pgn_add (ChessMatchPgn       *self,
                     const ChessPgnGame  *game,
                     GError             **error)
{
  g_return_val_if_fail (self != NULL && game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autofree char *one = chess_pgn_game_to_string (game);
  g_autoptr(GString) text = g_string_new (NULL);

  /* One blank line after what the file holds. */
  if (!self->empty)
    for (guint i = self->newlines; i < 2; i++)
      g_string_append_c (text, '\n');
  g_string_append (text, one);
  if (!write_all (self, text->str, text->len, error))
    return FALSE;
  self->empty = FALSE;
  self->newlines = text->len >= 2 && text->str[text->len - 2] == '\n' ? 2
                   : text->len >= 1 && text->str[text->len - 1] == '\n' ? 1 : 0;
  self->n_games++;
  return TRUE;
}

gboolean
chess_match_pgn_close (ChessMatchPgn  *self,
                       GError        **error)
{
  gboolean ok = TRUE;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  if (self == NULL)
    return TRUE;
  if (close (self->fd) != 0 && errno != EINTR)
    ok = write_failed (error, self->path, errno);
  if (self->created && self->n_games == 0)
    g_unlink (self->path);
  g_free (self->path);
  g_free (self);
  return ok;
}
