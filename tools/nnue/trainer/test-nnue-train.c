/* test-nnue-train.c — thinkchess-nnue-train end to end: it learns material
 * from positions of random games scored by material, writes a network
 * file the engine can read, agrees with itself in integers and floats,
 * resumes from its checkpoint, refuses bad data, trains a net of output
 * buckets and starts from another net. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "trainer-checkpoint.h"
#include "trainer-data.h"
#include "trainer-quant.h"

#define N_POSITIONS 60000
#define EPOCHS      3
#define MORE_EPOCHS 2

/* The queen-up start position and its colour mirror. */
#define QUEEN_UP        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define QUEEN_UP_MIRROR "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1"

static char *tmp_dir;
static char *data_path, *net_path, *checkpoint_path;
static double last_val_loss = NAN;   /* where the first training stopped */

static char *
tmp_file (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

/* Positions from random games, scored by material (White's view) and
 * given the result its sign says. */
static void
write_random_positions (const char *path, int count, uint32_t seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  g_autofree ChessNnueRecord *records = g_new (ChessNnueRecord, count);
  g_autoptr (GError) error = NULL;
  int n = 0;

  while (n < count)
    {
      ChessBoard board;
      int length = g_rand_int_range (rand, 4, 200);

      chess_board_set_start (&board);
      for (int ply = 0; ply < length && n < count; ply++)
        {
          ChessMoveList list;
          ChessUndo undo;
          int score;

          if (chess_board_generate_legal (&board, &list) == 0)
            break;
          chess_board_make (&board, list.moves[g_rand_int_range (rand, 0, list.count)], &undo);
          score = chess_board_material (&board, CHESS_COLOR_WHITE)
                  - chess_board_material (&board, CHESS_COLOR_BLACK);
          chess_nnue_record_pack (&records[n++], &board, score,
                                  score > 0 ? CHESS_NNUE_WHITE_WON
                                  : score < 0 ? CHESS_NNUE_BLACK_WON : CHESS_NNUE_DRAW);
        }
    }
  g_rand_free (rand);
  g_assert_true (g_file_set_contents (path, (const char *) records,
                                      (gssize) (count * sizeof *records), &error));
  g_assert_no_error (error);
}

/* Runs the trainer with `args` (NULL-terminated); returns its exit status. */
static int
run_trainer (char **out, char **err, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *program = g_getenv ("CHESS_NNUE_TRAIN");
  int status;
  va_list ap;

  g_assert_nonnull (program);
  g_ptr_array_add (argv, (char *) program);
  va_start (ap, err);
  for (const char *arg; (arg = va_arg (ap, const char *)) != NULL;)
    g_ptr_array_add (argv, (char *) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* The validation losses of the trainer's output, in order. */
static GArray *
validation_losses (const char *output)
{
  GArray *losses = g_array_new (FALSE, FALSE, sizeof (double));

  for (const char *p = output; (p = strstr (p, "validation loss ")) != NULL;)
    {
      double loss;

      p += strlen ("validation loss ");
      loss = g_ascii_strtod (p, NULL);
      g_array_append_val (losses, loss);
    }
  return losses;
}

static void
test_train (void)
{
  g_autofree char *out = NULL, *err = NULL, *epochs = g_strdup_printf ("%d", EPOCHS);
  g_autoptr (GArray) losses = NULL;
  double first_val_loss;

  g_assert_cmpint (run_trainer (&out, &err, "--out", net_path, "--checkpoint", checkpoint_path,
                                "--epochs", epochs, "--batch", "1024", "--lr", "0.002",
                                "--threads", "2", "--val", "0.05", "--seed", "7",
                                data_path, NULL), ==, 0);
  g_test_message ("%s", out);
  losses = validation_losses (out);
  g_assert_cmpuint (losses->len, ==, EPOCHS + 1);
  first_val_loss = g_array_index (losses, double, 0);
  last_val_loss = g_array_index (losses, double, EPOCHS);
  /* Material is all there is to learn: most of the error goes. */
  g_assert_cmpfloat (last_val_loss, <, 0.3 * first_val_loss);
}

static int
le16 (const char *p)
{
  return (int16_t) (uint16_t) ((uint8_t) p[0] | (uint8_t) p[1] << 8);
}

/* The file's layout, read by hand against the float net it came from. */
static void
test_net_file (void)
{
  enum { H = CHESS_NNUE_HIDDEN, FT_B = 12 + 2 * CHESS_NNUE_FEATURES * H, OUT_W = FT_B + 2 * H };
  g_autofree ChessTrainNet *net = g_new (ChessTrainNet, 1);
  g_autofree char *contents = NULL;
  const double qab = CHESS_NNUE_QA * CHESS_NNUE_QB;
  gsize length;
  int32_t out_b;

  g_assert_true (g_file_get_contents (net_path, &contents, &length, NULL));
  g_assert_cmpuint (length, ==, CHESS_NNUE_FILE_SIZE);
  g_assert_cmpmem (contents, 4, CHESS_NNUE_MAGIC, 4);
  g_assert_cmpint (le16 (contents + 4), ==, CHESS_NNUE_VERSION);
  g_assert_cmpint (le16 (contents + 8), ==, H);

  g_assert_true (chess_train_checkpoint_load (checkpoint_path, net, NULL, NULL, NULL));
  for (int k = 0; k < 50; k++)
    {
      int f = g_test_rand_int_range (0, CHESS_NNUE_FEATURES), i = g_test_rand_int_range (0, H);

      g_assert_cmpint (le16 (contents + 12 + 2 * (f * H + i)), ==,
                       (int) lround (net->ft_w[f][i] * CHESS_NNUE_QA));
      g_assert_cmpint (le16 (contents + FT_B + 2 * i), ==, (int) lround (net->ft_b[i] * CHESS_NNUE_QA));
      g_assert_cmpint (le16 (contents + OUT_W + 2 * i), ==, (int) lround (net->out_w[0][0][i] * CHESS_NNUE_QB));
      g_assert_cmpint (le16 (contents + OUT_W + 2 * (H + i)), ==,
                       (int) lround (net->out_w[0][1][i] * CHESS_NNUE_QB));
    }
  memcpy (&out_b, contents + length - 4, 4);
  g_assert_cmpint (GINT32_FROM_LE (out_b), ==, (int) lround (net->out_b[0] * qab));
}

static int
show_net (const char *fen)
{
  g_autofree ChessTrainQuant *quant = g_new (ChessTrainQuant, 1);
  g_autoptr (GError) error = NULL;
  ChessBoard board;

  g_assert_true (chess_train_quant_load (quant, net_path, &error));
  g_assert_no_error (error);
  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  return chess_train_quant_evaluate (quant, &board);
}

static void
test_queen_up (void)
{
  g_autofree char *out = NULL, *err = NULL;
  int cp = show_net (QUEEN_UP), cp_cli;
  double float_cli;
  const char *line;

  g_test_message ("queen up: %d cp", cp);
  g_assert_cmpint (cp, >, 300);
  g_assert_cmpint (show_net (QUEEN_UP_MIRROR), ==, cp);

  /* The command line prints the same number, and the float net's. */
  g_assert_cmpint (run_trainer (&out, &err, "--show", QUEEN_UP_MIRROR, "--net", net_path,
                                "--checkpoint", checkpoint_path, NULL), ==, 0);
  g_assert_cmpint (sscanf (out, "net: %d cp", &cp_cli), ==, 1);
  g_assert_cmpint (cp_cli, ==, cp);
  line = strstr (out, "float: ");
  g_assert_nonnull (line);
  float_cli = g_ascii_strtod (line + strlen ("float: "), NULL);
  g_assert_cmpfloat (fabs (float_cli - cp), <, 1.01);
}

/* The integer net of `net_file` computes the float net of `checkpoint`
 * (trained on the rounded weights) up to the division's truncation to
 * whole centipawns. Returns the checkpoint's buckets. */
static int
assert_quantised_matches_float (const char *net_file,
                                const char *checkpoint)
{
  g_autofree ChessTrainQuant *quant = g_new (ChessTrainQuant, 1);
  g_autofree ChessTrainNet *net = g_new (ChessTrainNet, 1);
  ChessTrainData data = { 0 };
  ChessTrainProgress progress;
  double sum = 0, worst = 0;
  size_t n;

  g_assert_true (chess_train_quant_load (quant, net_file, NULL));
  g_assert_true (chess_train_checkpoint_load (checkpoint, net, NULL, &progress, NULL));
  g_assert_cmpuint (progress.rounded, ==, 1);
  g_assert_cmpint (quant->buckets, ==, progress.buckets);
  chess_train_quant_round (net, net);
  g_assert_true (chess_train_data_load (&data, data_path, NULL));
  n = MIN (data.count, 3000);
  for (size_t i = 0; i < n; i++)
    {
      ChessTrainFeatures features;
      ChessTrainActivations act;
      double exact, diff;

      chess_train_record_features (&data.records[i], (int) progress.buckets, &features);
      exact = CHESS_NNUE_SCALE * chess_train_net_forward (net, &features, &act);
      diff = fabs (chess_train_quant_evaluate_features (quant, &features) - exact);
      sum += diff;
      worst = MAX (worst, diff);
    }
  g_test_message ("integer vs float: mean %.2f cp, worst %.2f cp", sum / (double) n, worst);
  g_assert_cmpfloat (worst, <, 1.01);
  chess_train_data_clear (&data);
  return (int) progress.buckets;
}

static void
test_quantised_matches_float (void)
{
  g_assert_cmpint (assert_quantised_matches_float (net_path, checkpoint_path), ==, 1);
}

static void
test_resume (void)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *epochs = g_strdup_printf ("%d", EPOCHS + MORE_EPOCHS);
  g_autofree char *net2 = tmp_file ("resumed.nnue"), *checkpoint2 = tmp_file ("resumed.ckpt");
  g_autoptr (GArray) losses = NULL;

  g_assert_cmpint (run_trainer (&out, &err, "--out", net2, "--checkpoint", checkpoint2,
                                "--resume", checkpoint_path, "--epochs", epochs,
                                "--batch", "1024", "--lr", "0.002", "--threads", "2",
                                "--val", "0.05", data_path, NULL), ==, 0);
  g_test_message ("%s", out);
  losses = validation_losses (out);
  g_assert_cmpuint (losses->len, ==, MORE_EPOCHS + 1);
  /* The same net on the same validation positions: where it stopped. */
  g_assert_cmpfloat (fabs (g_array_index (losses, double, 0) - last_val_loss), <, 2e-6);
  /* It goes on from the checkpoint's epoch, not from the start. */
  g_assert_nonnull (strstr (out, "epoch 3: validation loss"));
  g_assert_null (strstr (out, "epoch 1:"));
  g_assert_cmpfloat (g_array_index (losses, double, MORE_EPOCHS), <=, last_val_loss * 1.02);
  g_assert_true (g_file_test (net2, G_FILE_TEST_EXISTS));
  g_unlink (net2);
  g_unlink (checkpoint2);
}

/* A file whose size is not a whole number of records, one with a record
 * that is no position and one that is not there: refused with status 2,
 * naming the file. */
static void
test_bad_data (void)
{
  g_autofree char *odd = tmp_file ("odd.data"), *invalid = tmp_file ("invalid.data");
  g_autofree char *missing = tmp_file ("missing.data"), *net = tmp_file ("bad.nnue");
  g_autofree char *good = NULL;
  gsize length;
  const char *paths[] = { odd, invalid, missing };

  g_assert_true (g_file_get_contents (data_path, &good, &length, NULL));
  g_assert_true (g_file_set_contents (odd, good, 33, NULL));
  /* A valid record, then one with no kings. */
  memset (good + 32, 0, 32);
  g_assert_true (g_file_set_contents (invalid, good, 64, NULL));

  for (int i = 0; i < 3; i++)
    {
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (run_trainer (&out, &err, "--out", net, "--epochs", "1",
                                    data_path, paths[i], NULL), ==, 2);
      g_test_message ("%s", err);
      g_assert_nonnull (strstr (err, paths[i]));
      g_assert_false (g_file_test (net, G_FILE_TEST_EXISTS));
      g_unlink (paths[i]);
    }
}

/* A record's files mirrored: valid, its position each rank read backwards,
 * and mirrored again the same bytes; --mirror trains on both. */
static void
test_mirror (void)
{
  g_autofree char *data = tmp_file ("mirror.bin");
  g_autofree char *net = tmp_file ("mirror.nnue");
  g_autofree char *checkpoint = tmp_file ("mirror.nnue.ckpt");
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL, *err = NULL;
  gsize size;

  write_random_positions (data, 500, 7);
  g_assert_true (g_file_get_contents (data, &contents, &size, NULL));
  for (gsize i = 0; i < size / sizeof (ChessNnueRecord); i++)
    {
      const ChessNnueRecord *record = (const ChessNnueRecord *) contents + i;
      ChessNnueRecord mirrored, back;
      char fen[CHESS_FEN_MAX], mirrored_fen[CHESS_FEN_MAX];
      g_auto (GStrv) ranks = NULL, mirrored_ranks = NULL;

      chess_nnue_record_mirror_files (record, &mirrored);
      g_assert_true (chess_nnue_record_valid (&mirrored));
      chess_nnue_record_mirror_files (&mirrored, &back);
      g_assert_cmpmem (&back, sizeof back, record, sizeof *record);
      ranks = g_strsplit_set (chess_nnue_record_fen (record, fen), "/ ", -1);
      mirrored_ranks = g_strsplit_set (chess_nnue_record_fen (&mirrored, mirrored_fen), "/ ", -1);
      for (int r = 0; r < 8; r++)
        {
          g_autofree char *reversed = g_strreverse (g_strdup (ranks[r]));
          g_assert_cmpstr (mirrored_ranks[r], ==, reversed);
        }
      g_assert_cmpstr (mirrored_ranks[8], ==, ranks[8]);
    }
  g_assert_cmpint (run_trainer (&out, &err, "--out", net, "--epochs", "1", "--threads", "1",
                                "--mirror", data, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "990 positions to train"));
  g_unlink (data);
  g_unlink (net);
  g_unlink (checkpoint);
}

/* --val-file: the file's positions, all of them and only them, are the
 * validation positions; the training keeps every one of DATA's (and the
 * mirrors', which are not validated on); the loss on them falls. */
static void
test_val_file (void)
{
  g_autofree char *small = tmp_file ("val-train.bin");
  g_autofree char *held = tmp_file ("val-held.bin");
  g_autofree char *net = tmp_file ("val.nnue");
  g_autofree char *checkpoint = tmp_file ("val.nnue.ckpt");
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GArray) losses = NULL;

  write_random_positions (small, 20000, 21);
  write_random_positions (held, 3000, 22);
  g_assert_cmpint (run_trainer (&out, &err, "--out", net, "--epochs", "2", "--batch", "1024",
                                "--lr", "0.002", "--threads", "2", "--mirror",
                                "--val-file", held, small, NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_nonnull (strstr (out, "40000 positions to train, 3000 to validate"));
  losses = validation_losses (out);
  g_assert_cmpuint (losses->len, ==, 3);
  g_assert_cmpfloat (g_array_index (losses, double, 2), <, 0.5 * g_array_index (losses, double, 0));
  /* A validation file that is not one is refused, naming it. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_trainer (&out, &err, "--out", net, "--epochs", "1",
                                "--val-file", net, small, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "val.nnue"));
  g_unlink (small);
  g_unlink (held);
  g_unlink (net);
  g_unlink (checkpoint);
}

/* --buckets 8: a version 2 file with eight output buckets, which learn
 * apart (the random games' positions have every number of pieces) and
 * which the integers compute as the floats do; 0 and 9 are refused as a
 * usage error. */
static void
test_buckets (void)
{
  g_autofree char *net = tmp_file ("buckets.nnue"), *checkpoint = tmp_file ("buckets.ckpt");
  g_autofree char *out = NULL, *err = NULL, *contents = NULL;
  g_autofree ChessTrainQuant *quant = g_new (ChessTrainQuant, 1);
  gsize length;
  int differ = 0;

  g_assert_cmpint (run_trainer (&out, &err, "--out", net, "--checkpoint", checkpoint,
                                "--epochs", "2", "--batch", "1024", "--lr", "0.002",
                                "--threads", "2", "--val", "0.05", "--buckets", "8",
                                data_path, NULL), ==, 0);
  g_assert_true (g_file_get_contents (net, &contents, &length, NULL));
  g_assert_cmpuint (length, ==, CHESS_NNUE_FILE_SIZE_BUCKETS (8));
  g_assert_cmpint (le16 (contents + 4), ==, CHESS_NNUE_VERSION_BUCKETS);
  g_assert_cmpint (le16 (contents + 12), ==, 8);
  g_assert_cmpint (assert_quantised_matches_float (net, checkpoint), ==, 8);
  g_assert_true (chess_train_quant_load (quant, net, NULL));
  for (int b = 1; b < 8; b++)
    differ += memcmp (quant->out_w[b], quant->out_w[0], sizeof quant->out_w[0]) != 0;
  g_assert_cmpint (differ, >=, 6);
  for (int i = 0; i < 2; i++)
    {
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (run_trainer (&out, &err, "--out", net, "--epochs", "1",
                                    "--buckets", i == 0 ? "0" : "9", data_path, NULL), ==, 1);
      g_assert_nonnull (strstr (err, "--buckets"));
    }
  g_unlink (net);
  g_unlink (checkpoint);
}

/* --init: training starts from a net's weights. At a rate too small to
 * move them it writes the same file back; with eight buckets, every
 * bucket is the net's one output, so every position scores the same. */
static void
test_init (void)
{
  g_autofree char *same = tmp_file ("init.nnue"), *eight = tmp_file ("init8.nnue");
  g_autofree char *same_ckpt = tmp_file ("init.ckpt"), *eight_ckpt = tmp_file ("init8.ckpt");
  g_autofree char *original = NULL, *copy = NULL, *out = NULL, *err = NULL;
  g_autofree ChessTrainQuant *a = g_new (ChessTrainQuant, 1), *b = g_new (ChessTrainQuant, 1);
  ChessTrainData data = { 0 };
  gsize length_original, length_copy;

  g_assert_cmpint (run_trainer (&out, &err, "--out", same, "--checkpoint", same_ckpt, "--init", net_path,
                                "--epochs", "1", "--lr", "1e-12", "--val", "0.05", data_path, NULL), ==, 0);
  g_assert_true (g_file_get_contents (net_path, &original, &length_original, NULL));
  g_assert_true (g_file_get_contents (same, &copy, &length_copy, NULL));
  g_assert_cmpmem (copy, length_copy, original, length_original);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_trainer (&out, &err, "--out", eight, "--checkpoint", eight_ckpt, "--init", net_path,
                                "--buckets", "8", "--epochs", "1", "--lr", "1e-12", "--val", "0.05",
                                data_path, NULL), ==, 0);
  g_assert_true (chess_train_quant_load (a, net_path, NULL));
  g_assert_true (chess_train_quant_load (b, eight, NULL));
  g_assert_cmpint (b->buckets, ==, 8);
  g_assert_true (chess_train_data_load (&data, data_path, NULL));
  for (size_t i = 0; i < MIN (data.count, 2000); i++)
    {
      ChessTrainFeatures features;

      chess_train_record_features (&data.records[i], 1, &features);
      g_assert_cmpint (chess_train_quant_evaluate_features (b, &features), ==,
                       chess_train_quant_evaluate_features (a, &features));
    }
  chess_train_data_clear (&data);

  /* Not with --resume: one start or the other. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_trainer (&out, &err, "--out", same, "--init", net_path, "--resume", same_ckpt,
                                "--epochs", "2", data_path, NULL), ==, 1);
  g_unlink (same);
  g_unlink (eight);
  g_unlink (same_ckpt);
  g_unlink (eight_ckpt);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  chess_init ();
  tmp_dir = g_dir_make_tmp ("nnue-train-XXXXXX", &error);
  g_assert_no_error (error);
  data_path = tmp_file ("random.data");
  net_path = tmp_file ("net.nnue");
  checkpoint_path = tmp_file ("net.ckpt");
  write_random_positions (data_path, N_POSITIONS, 12345);

  /* In order: the later tests read the net the first one trains. */
  g_test_add_func ("/nnue-train/train", test_train);
  g_test_add_func ("/nnue-train/net-file", test_net_file);
  g_test_add_func ("/nnue-train/queen-up", test_queen_up);
  g_test_add_func ("/nnue-train/quantised-matches-float", test_quantised_matches_float);
  g_test_add_func ("/nnue-train/resume", test_resume);
  g_test_add_func ("/nnue-train/bad-data", test_bad_data);
  g_test_add_func ("/nnue-train/mirror", test_mirror);
  g_test_add_func ("/nnue-train/val-file", test_val_file);
  g_test_add_func ("/nnue-train/buckets", test_buckets);
  g_test_add_func ("/nnue-train/init", test_init);
  status = g_test_run ();

  g_unlink (data_path);
  g_unlink (net_path);
  g_unlink (checkpoint_path);
  g_rmdir (tmp_dir);
  g_free (data_path);
  g_free (net_path);
  g_free (checkpoint_path);
  g_free (tmp_dir);
  return status;
}
