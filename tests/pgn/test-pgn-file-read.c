/* test-pgn-file-read.c — chess_file_read and chess_file_map, the one way
 * files from outside are read: regular files only, never past the limit,
 * nothing that blocks (a pipe without a writer). */
#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "chess-file-read.h"

static char *
temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("thinkchess-file-read-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
write_file (const char *path, const char *text, gsize length)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, (gssize) length, &error));
  g_assert_no_error (error);
}

static void
test_limit (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "ten.pgn", NULL);
  g_autoptr (GError) error = NULL;
  char *data = NULL;
  gsize length = 99;

  write_file (path, "0123456789", 10);
  /* Exactly the limit is read, NUL-terminated. */
  g_assert_true (chess_file_read (path, 10, &data, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, 10);
  g_assert_cmpstr (data, ==, "0123456789");
  g_free (data);
  data = NULL;
  /* One byte more is refused, naming the file. */
  g_assert_false (chess_file_read (path, 9, &data, &length, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "ten.pgn"));
  g_assert_null (data);
  g_clear_error (&error);
  /* An empty file is an empty string. */
  write_file (path, "", 0);
  g_assert_true (chess_file_read (path, 10, &data, &length, &error));
  g_assert_cmpuint (length, ==, 0);
  g_assert_cmpstr (data, ==, "");
  g_free (data);
  g_unlink (path);
  g_rmdir (dir);
}

/* Files that say they are empty but are not (/proc) are read to the limit
 * all the same. */
static void
test_size_is_only_a_hint (void)
{
  g_autoptr (GError) error = NULL;
  char *data = NULL;
  gsize length = 0;

  if (!g_file_test ("/proc/self/status", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /proc");
      return;
    }
  g_assert_true (chess_file_read ("/proc/self/status", CHESS_FILE_READ_MAX_BYTES, &data,
                                  &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 0);
  g_assert_nonnull (strstr (data, "Name:"));
  g_free (data);
  g_assert_false (chess_file_read ("/proc/self/status", 8, &data, &length, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
}

static void
test_not_regular (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.pgn", NULL);
  g_autoptr (GError) error = NULL;
  char *data = NULL;

  g_assert_false (chess_file_read (dir, 100, &data, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);
  g_assert_false (chess_file_read (missing, 100, &data, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "missing.pgn"));
  g_clear_error (&error);
  /* A pipe nobody writes to: refused at once, not waited on. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (chess_file_read (fifo, 100, &data, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_clear_error (&error);
  g_assert_null (chess_file_map (fifo, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_clear_error (&error);
  if (g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_assert_false (chess_file_read ("/dev/zero", CHESS_FILE_READ_MAX_BYTES, &data, NULL, &error));
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
      g_assert_nonnull (strstr (error->message, "/dev/zero"));
      g_clear_error (&error);
    }
  g_assert_null (data);
  g_unlink (fifo);
  g_rmdir (dir);
}

static void
test_map (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.pgn", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GMappedFile) file = NULL;

  write_file (path, "1. e4 *\n", 8);
  file = chess_file_map (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_mapped_file_get_length (file), ==, 8);
  g_assert_cmpmem (g_mapped_file_get_contents (file), 8, "1. e4 *\n", 8);
  g_assert_null (chess_file_map (dir, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/file-read/limit", test_limit);
  g_test_add_func ("/file-read/size-is-only-a-hint", test_size_is_only_a_hint);
  g_test_add_func ("/file-read/not-regular", test_not_regular);
  g_test_add_func ("/file-read/map", test_map);
  return g_test_run ();
}
