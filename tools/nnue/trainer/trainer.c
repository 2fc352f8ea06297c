/* trainer.c — thinkchess-nnue-train: fits the evaluation network to the
 * positions of thinkchess-datagen and writes it in the engine's format.
 *
 *   thinkchess-nnue-train --out NET [--checkpoint FILE] [--resume FILE]
 *       [--epochs N] [--batch N] [--lr R] [--lr-drop EPOCH:FACTOR]…
 *       [--lambda L] [--decay D] [--threads N] [--val SHARE | --val-file FILE…]
 *       [--seed S] [--plain-float] [--mirror] DATA…
 *   thinkchess-nnue-train --show FEN [--net NET] [--checkpoint FILE]
 *
 * After every epoch it prints the losses and writes NET and the checkpoint
 * (NET.ckpt unless named). Training sees the weights rounded as the file
 * holds them (unless --plain-float), so that the file's integers compute
 * the net that was trained. A resumed run needs the same DATA in the same
 * order, for the same validation positions. --val-file keeps the
 * validation positions in files of their own (other games than DATA's:
 * positions of one game on both sides would flatter the loss).
 *
 * Exit status: 0 done, 1 bad usage or a file not written, 2 a data,
 * network or checkpoint file missing, unreadable or malformed.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "trainer-checkpoint.h"
#include "trainer-error.h"
#include "trainer-quant.h"
#include "trainer-run.h"

enum { EXIT_USAGE = 1, EXIT_BAD_FILE = 2 };

static int
fail (const GError *error)
{
  fprintf (stderr, "thinkchess-nnue-train: %s\n", error->message);
  return error->domain == CHESS_TRAIN_ERROR ? EXIT_BAD_FILE : EXIT_USAGE;
}

/* "10:0.3" or "10:0.3,20:0.3". */
static gboolean
parse_drops (ChessTrainOptions  *options,
             char              **texts,
             GError            **error)
{
  for (int i = 0; texts != NULL && texts[i] != NULL; i++)
    {
      g_auto (GStrv) parts = g_strsplit (texts[i], ",", -1);

      for (int j = 0; parts[j] != NULL; j++)
        {
          char *end;
          long epoch = strtol (parts[j], &end, 10);
          double factor;

          if (end == parts[j] || *end != ':' || epoch < 1
              || options->n_drops == CHESS_TRAIN_MAX_DROPS)
            goto bad;
          factor = g_ascii_strtod (end + 1, &end);
          if (*end != '\0' || !(factor > 0))
            goto bad;
          options->drops[options->n_drops].epoch = (int) epoch;
          options->drops[options->n_drops].factor = factor;
          options->n_drops++;
          continue;
        bad:
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "--lr-drop takes EPOCH:FACTOR (e.g. 10:0.3), at most %d of them, not '%s'",
                       CHESS_TRAIN_MAX_DROPS, parts[j]);
          return FALSE;
        }
    }
  return TRUE;
}

static void
print_report (const ChessTrainReport *r,
              gpointer                user_data)
{
  g_autofree char *val = isnan (r->val_loss) ? g_strdup ("no validation positions")
                                             : g_strdup_printf ("validation loss %.6f", r->val_loss);

  if (isnan (r->train_loss))
    printf ("%zu positions to train, %zu to validate; epoch %d: %s\n",
            r->n_train, r->n_val, r->epoch, val);
  else
    printf ("epoch %d: train loss %.6f, %s, %.0f positions/s, lr %g\n",
            r->epoch, r->train_loss, val, r->positions_per_second, r->lr);
  fflush (stdout);
}

static int
show (const char *fen,
      const char *net_path,
      const char *checkpoint_path)
{
  g_autoptr (GError) error = NULL;
  ChessBoard board;

  if (!chess_board_from_fen (&board, fen, &error))
    {
      fprintf (stderr, "thinkchess-nnue-train: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (net_path != NULL)
    {
      g_autofree ChessTrainQuant *quant = g_new (ChessTrainQuant, 1);

      if (!chess_train_quant_load (quant, net_path, &error))
        return fail (error);
      printf ("net: %d cp\n", chess_train_quant_evaluate (quant, &board));
    }
  if (checkpoint_path != NULL)
    {
      g_autofree ChessTrainNet *net = g_new (ChessTrainNet, 1);
      ChessTrainProgress progress;

      if (!chess_train_checkpoint_load (checkpoint_path, net, NULL, &progress, &error))
        return fail (error);
      /* The net as training saw it. */
      if (progress.rounded)
        chess_train_quant_round (net, net);
      printf ("float: %.2f cp\n", chess_train_net_evaluate (net, &board, (int) progress.buckets));
    }
  return 0;
}

int
main (int argc, char **argv)
{
  ChessTrainOptions options;
  g_autofree char *out = NULL, *checkpoint = NULL, *resume = NULL, *fen = NULL, *net = NULL;
  g_autofree char *init = NULL;
  g_auto (GStrv) drops = NULL;
  g_auto (GStrv) val_files = NULL;
  gint64 seed = -1;
  g_autoptr (GError) error = NULL;
  g_autoptr (GOptionContext) context = g_option_context_new ("DATA... - train the evaluation network");
  ChessTrainData data = { 0 };
  gboolean ok, mirror = FALSE;

  chess_train_options_init (&options);
  {
    GOptionEntry entries[] = {
      { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "The network file to write after every epoch", "NET" },
      { "checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &checkpoint,
        "The float checkpoint to write (default NET.ckpt), or to read with --show", "FILE" },
      { "resume", 0, 0, G_OPTION_ARG_FILENAME, &resume, "Go on from this checkpoint", "FILE" },
      { "init", 0, 0, G_OPTION_ARG_FILENAME, &init,
        "Start from this network's weights instead of random ones (a one-bucket net's output in every bucket)", "NET" },
      { "epochs", 0, 0, G_OPTION_ARG_INT, &options.epochs,
        "Train up to this epoch, counting a resumed checkpoint's (10)", "N" },
      { "batch", 0, 0, G_OPTION_ARG_INT, &options.batch, "Positions per step (16384)", "N" },
      { "lr", 0, 0, G_OPTION_ARG_DOUBLE, &options.lr, "Learning rate (0.001)", "R" },
      { "lr-drop", 0, 0, G_OPTION_ARG_STRING_ARRAY, &drops,
        "From EPOCH on, multiply the rate by FACTOR (repeatable)", "EPOCH:FACTOR" },
      { "lambda", 0, 0, G_OPTION_ARG_DOUBLE, &options.lambda,
        "The game result's share of the target, the score's is the rest (0.7)", "L" },
      { "decay", 0, 0, G_OPTION_ARG_DOUBLE, &options.decay, "Decoupled weight decay (0)", "D" },
      { "buckets", 0, 0, G_OPTION_ARG_INT, &options.buckets,
        "Output buckets by the number of pieces, 1 to 8 (1; a resumed checkpoint keeps its own)", "N" },
      { "threads", 0, 0, G_OPTION_ARG_INT, &options.threads, "Threads (2)", "N" },
      { "val", 0, 0, G_OPTION_ARG_DOUBLE, &options.val_share,
        "Share of the positions kept for validation (0.01)", "SHARE" },
      { "val-file", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &val_files,
        "Validate on the positions of FILE instead, none of DATA's kept apart (repeatable)", "FILE" },
      { "seed", 0, 0, G_OPTION_ARG_INT64, &seed,
        "Seed of the start, the split and the shuffles (1; a resumed checkpoint keeps its own)", "S" },
      { "plain-float", 0, 0, G_OPTION_ARG_NONE, &options.plain_float,
        "Train the float weights as they are, not rounded as the network file holds them "
        "(the file's integers then differ from them by some centipawns)", NULL },
      { "mirror", 0, 0, G_OPTION_ARG_NONE, &mirror,
        "Train on each position and its twin with the files mirrored (a-h)", NULL },
      { "show", 0, 0, G_OPTION_ARG_STRING, &fen,
        "Print the evaluation of FEN by --net and --checkpoint, and exit", "FEN" },
      { "net", 0, 0, G_OPTION_ARG_FILENAME, &net, "The network file for --show", "NET" },
      { NULL }
    };
    g_option_context_add_main_entries (context, entries, NULL);
    if (!g_option_context_parse (context, &argc, &argv, &error)
        || !parse_drops (&options, drops, &error))
      {
        fprintf (stderr, "thinkchess-nnue-train: %s\n", error->message);
        return EXIT_USAGE;
      }
  }

  chess_init ();
  if (fen != NULL)
    {
      if (net == NULL && checkpoint == NULL)
        {
          fprintf (stderr, "thinkchess-nnue-train: --show needs --net or --checkpoint\n");
          return EXIT_USAGE;
        }
      return show (fen, net, checkpoint);
    }
  if (out == NULL || argc < 2 || options.epochs < 0 || options.batch < 1
      || options.threads < 1 || options.threads > 256 || !(options.lambda >= 0 && options.lambda <= 1)
      || options.buckets < 1 || options.buckets > CHESS_NNUE_MAX_BUCKETS || (init && resume)
      || !(options.val_share >= 0 && options.val_share < 1) || !(options.lr > 0)
      || seed < -1 || seed > G_MAXUINT32)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

      fprintf (stderr, "%s", help);
      return EXIT_USAGE;
    }
  if (seed >= 0)
    options.seed = (uint32_t) seed;
  if (checkpoint == NULL)
    checkpoint = g_strconcat (out, ".ckpt", NULL);
  options.out_path = out;
  options.checkpoint_path = checkpoint;
  options.resume_path = resume;
  options.init_path = init;

  for (int i = 1; i < argc; i++)
    if (!chess_train_data_load (&data, argv[i], &error))
      {
        chess_train_data_clear (&data);
        return fail (error);
      }
  if (mirror)
    chess_train_data_add_mirrors (&data);
  /* After the training positions and their mirrors: the last val_count. */
  for (int i = 0; val_files != NULL && val_files[i] != NULL; i++)
    {
      size_t before = data.count;

      if (!chess_train_data_load (&data, val_files[i], &error))
        {
          chess_train_data_clear (&data);
          return fail (error);
        }
      options.val_count += data.count - before;
    }
  if (val_files != NULL && options.val_count == 0)
    {
      fprintf (stderr, "thinkchess-nnue-train: no positions in the --val-file files\n");
      chess_train_data_clear (&data);
      return EXIT_USAGE;
    }
  ok = chess_train_run (&options, &data, print_report, NULL, &error);
  chess_train_data_clear (&data);
  return ok ? 0 : fail (error);
}
