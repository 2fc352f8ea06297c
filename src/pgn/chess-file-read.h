/* chess-file-read.h — reading files that come from outside (games,
 * openings, test positions) safely: only regular files, and never more
 * than a limit, so that a device (/dev/zero), a pipe or a huge file can
 * neither fill memory nor hang the program. Every reader of outside files
 * goes through here. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most that is read of one file: 64 MiB, some 60,000 games of PGN,
 * far more than a game collection a person opens; anything larger is
 * refused with a message rather than read into memory. */
#define CHESS_FILE_READ_MAX_BYTES ((gsize) 64 * 1024 * 1024)

/* Reads the whole of `path`, NUL-terminated, into *contents (free with
 * g_free) and its length (without the NUL) into *length, when it is a
 * regular file of at most `max_bytes`. Errors are in G_FILE_ERROR and
 * name the file: G_FILE_ERROR_ISDIR for a folder, G_FILE_ERROR_INVAL for
 * anything else that is not a regular file (a device, a pipe, a socket),
 * G_FILE_ERROR_FAILED when it holds more than `max_bytes`, and the
 * system's reason otherwise (G_FILE_ERROR_NOENT for a missing file). */
gboolean     chess_file_read (const char  *path,
                              gsize        max_bytes,
                              char       **contents,
                              gsize       *length,
                              GError     **error);

/* Maps `path` into memory read-only when it is a regular file, with the
 * errors of chess_file_read. For files that are read piece by piece and
 * may be large (a database of a million games): nothing is copied, the
 * system pages the file in as it is read, so no size limit applies. */
GMappedFile *chess_file_map  (const char  *path,
                              GError     **error);

G_END_DECLS
