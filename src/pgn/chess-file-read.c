/* chess-file-read.c — files from outside, read only when they are regular
 * files and only up to a limit (see chess-file-read.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "chess-file-read.h"

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif

static gboolean
system_error (GError    **error,
              const char *path,
              int         saved_errno)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               /* Translators: a file name, then the system's reason. */
               _("Could not read “%s”: %s"), name, g_strerror (saved_errno));
  return FALSE;
}

/* Opens `path` for reading when it is a regular file; -1 with the error
 * set otherwise. O_NONBLOCK: opening a pipe must not wait for a writer
 * (it changes nothing for a regular file). */
static int
open_regular_file (const char  *path,
                   struct stat *st,
                   GError     **error)
{
  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);

  if (fd < 0)
    {
      system_error (error, path, errno);
      return -1;
    }
  if (fstat (fd, st) != 0)
    {
      int saved_errno = errno;

      close (fd);
      system_error (error, path, saved_errno);
      return -1;
    }
  if (!S_ISREG (st->st_mode))
    {
      g_autofree char *name = g_filename_display_name (path);

      close (fd);
      if (S_ISDIR (st->st_mode))
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR,
                     /* Translators: a file name. */
                     _("“%s” is a folder, not a file."), name);
      else
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                     /* Translators: a file name; only regular files are read. */
                     _("“%s” is not a file but a device, a pipe or a socket."), name);
      return -1;
    }
  return fd;
}

static gboolean
too_large (GError    **error,
           const char *path,
           guint64     size,
           gsize       max_bytes)
{
  g_autofree char *name = g_filename_display_name (path);
  g_autofree char *have = g_format_size_full (size, G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *most = g_format_size_full (max_bytes, G_FORMAT_SIZE_IEC_UNITS);

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
               /* Translators: a file name, its size ("80.0 MiB") and the
                * largest size that is read ("64.0 MiB"). */
               _("“%s” is too large: %s, and at most %s are read."), name, have, most);
  return FALSE;
}

gboolean
chess_file_read (const char  *path,
                 gsize        max_bytes,
                 char       **contents,
                 gsize       *length,
                 GError     **error)
{
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (contents != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  fd = open_regular_file (path, &st, error);
  if (fd < 0)
    return FALSE;
  if (st.st_size > 0 && (guint64) st.st_size > max_bytes)
    {
      close (fd);
      return too_large (error, path, (guint64) st.st_size, max_bytes);
    }

  /* The size is a hint only: a file may grow while it is read, and some
   * (under /proc) say 0; the limit is kept on what is really read. */
  gsize capacity = MAX ((gsize) st.st_size, 4096) + 1;
  gsize used = 0;
  char *data = g_malloc (capacity);

  for (;;)
    {
      if (used + 1 >= capacity)
        {
          capacity = MIN (capacity * 2, max_bytes + 2);
          data = g_realloc (data, capacity);
        }
      ssize_t n = read (fd, data + used, capacity - 1 - used);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          g_free (data);
          close (fd);
          return system_error (error, path, saved_errno);
        }
      if (n == 0)
        break;
      used += (gsize) n;
      if (used > max_bytes)
        {
          g_free (data);
          close (fd);
          return too_large (error, path, used, max_bytes);
        }
    }
  close (fd);
  data[used] = '\0';
  *contents = data;
  if (length != NULL)
    *length = used;
  return TRUE;
}

GMappedFile *
chess_file_map (const char  *path,
                GError     **error)
{
  struct stat st;
  g_autoptr(GError) local_error = NULL;
  GMappedFile *file;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  fd = open_regular_file (path, &st, error);
  if (fd < 0)
    return NULL;
  /* The mapping stays valid once the descriptor is closed. */
  file = g_mapped_file_new_from_fd (fd, FALSE, &local_error);
  close (fd);
  if (file == NULL)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, local_error->code,
                   _("Could not read “%s”: %s"), name, local_error->message);
    }
  return file;
}
