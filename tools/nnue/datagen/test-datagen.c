/* test-datagen.c — thinkchess-datagen as its users run it: tiny runs
 * (a few games at a few hundred nodes) whose files are compared byte for
 * byte and read back record by record.
 *
 *   test-datagen PATH-OF-thinkchess-datagen PATH-OF-A-NET */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-nnue-data.h"

static const char *datagen_path;
static const char *net_path;
static char *tmp_dir;

/* Morphy's Opera game: long enough for a book position at ply 8–20. */
static const char opera_game[] =
  "[Event \"Paris\"]\n[Site \"Paris\"]\n[Date \"1858.??.??\"]\n[Round \"?\"]\n"
  "[White \"Morphy\"]\n[Black \"Duke Karl / Count Isouard\"]\n[Result \"1-0\"]\n\n"
  "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n"
  "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n"
  "14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* Runs the generator with `args` (NULL-terminated); returns its exit
 * status and, when `err` is not NULL, what it wrote on stderr. */
static int
run_datagen (const char *const *args,
             char              **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL, *errors = NULL;
  int wait_status;

  g_ptr_array_add (argv, (char *) datagen_path);
  for (int i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, &errors, &wait_status, &error))
    g_error ("cannot run %s: %s", datagen_path, error->message);
  g_test_message ("stderr: %s", errors);
  if (err)
    *err = g_steal_pointer (&errors);
  if (g_spawn_check_wait_status (wait_status, &error))
    return 0;
  g_assert_true (g_error_matches (error, G_SPAWN_EXIT_ERROR, error->code));
  return error->code;
}

/* A small run of `games` games into `path`; returns the exit status. */
static int
generate (const char *path,
          const char *games,
          const char *seed,
          const char *openings)
{
  const char *args[] = { "--games", games, "--nodes", "300", "--seed", seed, "--out", path,
                         "--hash", "2", openings ? "--openings" : NULL, openings, NULL };

  return run_datagen (args, NULL);
}

static GBytes *
read_bytes (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *data;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, &error))
    g_error ("cannot read %s: %s", path, error->message);
  return g_bytes_new_take (data, length);
}

/* Every record is well formed and what the generator promises: a legal
 * position whose side to move is not in check, a score the net is meant
 * to learn, a result; packing its position again gives the same bytes. */
static void
check_records (GBytes *bytes)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  guint results[3] = { 0, 0, 0 };

  g_assert_cmpuint (size, >, 0);
  g_assert_cmpuint (size % sizeof (ChessNnueRecord), ==, 0);
  for (gsize offset = 0; offset < size; offset += sizeof (ChessNnueRecord))
    {
      ChessNnueRecord record, again;
      ChessBoard board;
      char fen[CHESS_FEN_MAX];
      g_autoptr (GError) error = NULL;

      memcpy (&record, data + offset, sizeof record);
      g_assert_true (chess_nnue_record_valid (&record));
      g_assert_cmpuint (record.result, <=, CHESS_NNUE_WHITE_WON);
      g_assert_cmpint (abs (record.score), <, 3000);
      chess_nnue_record_fen (&record, fen);
      if (!chess_board_from_fen (&board, fen, &error))
        g_error ("record %" G_GSIZE_FORMAT ": %s: %s", offset / sizeof record, fen, error->message);
      g_assert_false (chess_board_in_check (&board));
      chess_nnue_record_pack (&again, &board, record.score, record.result);
      g_assert_cmpmem (&again, sizeof again, &record, sizeof record);
      results[record.result]++;
    }
  g_test_message ("%" G_GSIZE_FORMAT " records: %u Black won, %u drawn, %u White won",
                  size / sizeof (ChessNnueRecord), results[0], results[1], results[2]);
}

static void
test_same_seed_same_file (void)
{
  g_autofree char *a = tmp_path ("same-a.bin"), *b = tmp_path ("same-b.bin"), *c = tmp_path ("other.bin");
  g_autoptr (GBytes) bytes_a = NULL, bytes_b = NULL, bytes_c = NULL;

  g_assert_cmpint (generate (a, "3", "11", NULL), ==, 0);
  g_assert_cmpint (generate (b, "3", "11", NULL), ==, 0);
  g_assert_cmpint (generate (c, "3", "12", NULL), ==, 0);
  bytes_a = read_bytes (a);
  bytes_b = read_bytes (b);
  bytes_c = read_bytes (c);
  check_records (bytes_a);
  check_records (bytes_c);
  g_assert_true (g_bytes_equal (bytes_a, bytes_b));
  g_assert_false (g_bytes_equal (bytes_a, bytes_c));
}

/* --net: the engine evaluates with that network, which gives other games
 * (the openings are the same), as repeatable as by hand. */
static void
test_net (void)
{
  g_autofree char *a = tmp_path ("net-a.bin"), *b = tmp_path ("net-b.bin"), *hand = tmp_path ("hand.bin");
  g_autoptr (GBytes) bytes_a = NULL, bytes_b = NULL, bytes_hand = NULL;
  const char *with_net_a[] = { "--games", "2", "--nodes", "300", "--seed", "21", "--out", a,
                               "--hash", "2", "--net", net_path, NULL };
  const char *with_net_b[] = { "--games", "2", "--nodes", "300", "--seed", "21", "--out", b,
                               "--hash", "2", "--net", net_path, NULL };

  g_assert_cmpint (run_datagen (with_net_a, NULL), ==, 0);
  g_assert_cmpint (run_datagen (with_net_b, NULL), ==, 0);
  g_assert_cmpint (generate (hand, "2", "21", NULL), ==, 0);
  bytes_a = read_bytes (a);
  bytes_b = read_bytes (b);
  bytes_hand = read_bytes (hand);
  check_records (bytes_a);
  g_assert_true (g_bytes_equal (bytes_a, bytes_b));
  g_assert_false (g_bytes_equal (bytes_a, bytes_hand));
}

/* A second run appends; a torn record left by a crash is dropped first. */
static void
test_append (void)
{
  g_autofree char *once = tmp_path ("once.bin"), *twice = tmp_path ("twice.bin");
  g_autoptr (GBytes) one = NULL, two = NULL;
  g_autoptr (GByteArray) expected = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { "--games", "1", "--nodes", "300", "--seed", "5", "--out", twice, "--hash", "2", NULL };
  gsize size;
  const guint8 *data;

  g_assert_cmpint (generate (once, "1", "5", NULL), ==, 0);
  one = read_bytes (once);
  data = g_bytes_get_data (one, &size);
  g_assert_true (g_file_set_contents (twice, (const char *) data, (gssize) size, &error));
  g_assert_no_error (error);
  {
    FILE *f = g_fopen (twice, "ab");
    g_assert_nonnull (f);
    g_assert_cmpint (fwrite ("torn", 1, 4, f), ==, 4);
    g_assert_cmpint (fclose (f), ==, 0);
  }
  g_assert_cmpint (run_datagen (args, &err), ==, 0);
  g_assert_nonnull (strstr (err, "appending"));
  g_assert_nonnull (strstr (err, "torn record"));
  two = read_bytes (twice);
  g_byte_array_append (expected, data, (guint) size);
  g_byte_array_append (expected, data, (guint) size);
  g_assert_cmpmem (g_bytes_get_data (two, NULL), g_bytes_get_size (two), expected->data, expected->len);
}

static void
test_openings (void)
{
  g_autofree char *pgn = tmp_path ("opera.pgn"), *out = tmp_path ("book.bin");
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;

  g_assert_true (g_file_set_contents (pgn, opera_game, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (generate (out, "2", "3", pgn), ==, 0);
  bytes = read_bytes (out);
  check_records (bytes);
}

/* Each of these is refused with status 2 and a message, writing nothing. */
static void
test_bad_arguments (void)
{
  g_autofree char *out = tmp_path ("bad.bin"), *pgn = tmp_path ("not-records.pgn");
  g_autofree char *missing = tmp_path ("missing.pgn");
  g_autoptr (GError) error = NULL;
  const char *const cases[][12] = {
    { NULL },
    { "--games", "1", "--nodes", "300", "--seed", "1", NULL },
    { "--games", "0", "--nodes", "300", "--seed", "1", "--out", out, NULL },
    { "--games", "1", "--nodes", "lots", "--seed", "1", "--out", out, NULL },
    { "--games", "1", "--nodes", "300", "--seed", "-1", "--out", out, NULL },
    { "--games", "1", "--nodes", "300", "--seed", "1", "--out", out, "--hash", "0", NULL },
    { "--games", "1", "--nodes", "300", "--seed", "1", "--out", out, "--random-plies", "0", NULL },
    { "--games", "1", "--nodes", "300", "--seed", "1", "--out", out, "--openings", missing, NULL },
    { "--games", "1", "--nodes", "300", "--seed", "1", "--out", out, "--colour", "red", NULL },
    { "--games", "1", "--nodes", "300", "--seed", "1", "--out", out, "extra", NULL },
    { "--games", "1", "--nodes", "300", "--seed", "1", "--out", out, "--net", missing, NULL },
    { "--games", "1", "--nodes", "300", "--seed", "1", "--out", out, "--net", pgn, NULL },
    /* An existing file that is not training positions is left alone. */
    { "--games", "1", "--nodes", "300", "--seed", "1", "--out", pgn, NULL },
  };

  g_assert_true (g_file_set_contents (pgn, opera_game, -1, &error));
  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_test_message ("case %" G_GSIZE_FORMAT, i);
      g_assert_cmpint (run_datagen (cases[i], &err), ==, 2);
      g_assert_nonnull (strstr (err, "thinkchess-datagen: "));
    }
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  {
    g_autoptr (GBytes) bytes = read_bytes (pgn);
    g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), opera_game, strlen (opera_game));
  }
}

static void
remove_tmp_dir (void)
{
  g_autoptr (GDir) dir = g_dir_open (tmp_dir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = tmp_path (name);
      g_remove (path);
    }
  g_rmdir (tmp_dir);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc != 3)
    g_error ("usage: %s PATH-OF-thinkchess-datagen PATH-OF-A-NET", argv[0]);
  datagen_path = argv[1];
  net_path = argv[2];
  chess_init ();
  tmp_dir = g_dir_make_tmp ("test-datagen-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/datagen/same-seed-same-file", test_same_seed_same_file);
  g_test_add_func ("/datagen/net", test_net);
  g_test_add_func ("/datagen/append", test_append);
  g_test_add_func ("/datagen/openings", test_openings);
  g_test_add_func ("/datagen/bad-arguments", test_bad_arguments);
  status = g_test_run ();
  remove_tmp_dir ();
  g_free (tmp_dir);
  return status;
}
