/* tuner.c — Texel's method for the evaluation's weights.
 *
 * Reads PGN files, takes quiet positions from the games (after the opening,
 * side to move not in check, no winning capture on the board, the move
 * played neither a capture nor a check), records each position's term
 * counts (chess_eval_trace) and the game's result, and fits the weights so
 * that sigmoid(K × eval) predicts the results: least squares, Adam steps
 * over the whole set, starting from the hand-set weights. Writes
 * src/engine/chess-eval-weights.c.
 *
 *   thinkchess-tuner [--epochs N] [--rate R] [--output FILE] FILE.pgn…
 *   thinkchess-tuner --fens N FILE.pgn…   (every N-th position of the games
 *                                         after the opening, as FEN lines:
 *                                         the raw material of tests/data/tactics.epd)
 */
#include "config.h"

#include <glib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-eval.h"
#include "chess-movepick.h"
#include "chess-pgn.h"

#define SKIP_PLIES 16

/* The starting point: tools/tuner/handset-weights.py's values. */
extern const ChessEvalWeight chess_eval_weights_handset[CHESS_EVAL_N_PARAMS];

typedef struct
{
  uint16_t index;
  int16_t  coef;
} Term;

typedef struct
{
  uint32_t first_term;
  uint16_t n_terms;
  uint8_t  phase;
  float    result;     /* White's score: 1, 0.5, 0 */
} Position;

typedef struct
{
  GArray *positions;   /* Position */
  GArray *terms;       /* Term */
  int     fens_every;  /* >0: print FENs instead */
  long    seen;
} DataSet;

/* A capture that wins material is on the board: the static evaluation
 * would be wrong here. */
static bool
has_winning_capture (ChessBoard *b)
{
  ChessMoveList list;

  chess_board_generate_legal (b, &list);
  for (int i = 0; i < list.count; i++)
    if ((chess_move_is_capture (list.moves[i]) || chess_move_is_promotion (list.moves[i]))
        && chess_see_ge (b, list.moves[i], 1))
      return true;
  return false;
}

static void
add_position (DataSet *set, ChessBoard *b, float result)
{
  ChessEvalTrace trace;
  Position p;

  chess_eval_trace (b, NULL, &trace);
  p.first_term = set->terms->len;
  p.n_terms = 0;
  p.phase = (uint8_t) trace.phase;
  p.result = result;
  for (int i = 0; i < CHESS_EVAL_N_PARAMS; i++)
    if (trace.coef[i])
      {
        Term t = { (uint16_t) i, trace.coef[i] };
        g_array_append_val (set->terms, t);
        p.n_terms++;
      }
  g_array_append_val (set->positions, p);
}

static void
read_file (DataSet *set, const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  g_autoptr (GError) error = NULL;
  GPtrArray *index;
  guint used = 0;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      exit (1);
    }
  index = chess_pgn_index (data, length);
  for (guint g = 0; g < index->len; g++)
    {
      ChessPgnIndexEntry *entry = g_ptr_array_index (index, g);
      ChessPgnGame *game = chess_pgn_parse_entry (data, length, entry, NULL, NULL);
      ChessBoard b;
      float result;

      if (!game)
        continue;
      if (strcmp (game->result, "1-0") == 0)
        result = 1.0f;
      else if (strcmp (game->result, "0-1") == 0)
        result = 0.0f;
      else if (strcmp (game->result, "1/2-1/2") == 0)
        result = 0.5f;
      else
        {
          chess_pgn_game_free (game);
          continue;
        }
      used++;
      b = game->line.start;
      for (size_t ply = 0; ply < game->line.n_moves; ply++)
        {
          ChessMove m = game->line.moves[ply];
          ChessUndo u;
          bool quiet_move = !chess_move_is_capture (m) && !chess_move_is_promotion (m);

          if (set->fens_every > 0)
            {
              char fen[CHESS_FEN_MAX];
              if (ply >= SKIP_PLIES && ++set->seen % set->fens_every == 0)
                printf ("%s\n", chess_board_to_fen (&b, fen));
            }
          else if (ply >= SKIP_PLIES && quiet_move && !chess_board_in_check (&b))
            {
              ChessBoard after = b;
              chess_board_make (&after, m, &u);
              if (!chess_board_in_check (&after) && !has_winning_capture (&b))
                add_position (set, &b, result);
            }
          chess_board_make (&b, m, &u);
        }
      chess_pgn_game_free (game);
    }
  fprintf (stderr, "%s: %u games with a result, %u positions so far\n", path, used,
           set->positions->len);
  g_ptr_array_unref (index);
}

static double
position_eval (const DataSet *set, const Position *p, const double *w)
{
  const Term *t = &g_array_index (set->terms, Term, p->first_term);
  double mg = 0, eg = 0;

  for (int i = 0; i < p->n_terms; i++)
    {
      mg += w[2 * t[i].index] * t[i].coef;
      eg += w[2 * t[i].index + 1] * t[i].coef;
    }
  return (mg * p->phase + eg * (CHESS_EVAL_PHASE_MAX - p->phase)) / CHESS_EVAL_PHASE_MAX;
}

static inline double
sigmoid (double k, double eval)
{
  return 1.0 / (1.0 + pow (10.0, -k * eval / 400.0));
}

static double
mean_error (const DataSet *set, const double *w, double k)
{
  double sum = 0;

  for (guint i = 0; i < set->positions->len; i++)
    {
      const Position *p = &g_array_index (set->positions, Position, i);
      double d = p->result - sigmoid (k, position_eval (set, p, w));
      sum += d * d;
    }
  return sum / set->positions->len;
}

/* The K that makes the starting weights fit best (golden section). */
static double
fit_k (const DataSet *set, const double *w)
{
  double lo = 0.2, hi = 3.0;
  const double g = (sqrt (5.0) - 1) / 2;

  for (int i = 0; i < 30; i++)
    {
      double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
      if (mean_error (set, w, a) < mean_error (set, w, b))
        hi = b;
      else
        lo = a;
    }
  return (lo + hi) / 2;
}

static void
write_weights (const char *path, const double *w, const DataSet *set, double k, double l2,
               double error, int epochs, double seconds, char **files, int n_files)
{
  FILE *f = fopen (path, "w");

  if (!f)
    {
      perror (path);
      exit (1);
    }
  fprintf (f, "/* chess-eval-weights.c — the evaluation's weights (see chess-eval.h).\n"
              " * Written by tools/tuner (tune.sh): Texel's method over %u quiet positions\n"
              " * from", set->positions->len);
  for (int i = 0; i < n_files; i++)
    fprintf (f, " %s", files[i]);
  fprintf (f, ";\n * K = %.4f, L2 pull %g, mean squared error %.6f after %d epochs (%.0f s).\n"
              " * Do not edit: re-run the tuner (tools/tuner/README.md). */\n"
              "#include \"config.h\"\n\n#include \"chess-eval.h\"\n\n"
              "const ChessEvalWeight chess_eval_weights[CHESS_EVAL_N_PARAMS] = {\n",
           k, l2, error, epochs, seconds);
  for (int s = 0; s < chess_eval_n_sections; s++)
    {
      const ChessEvalSection *sec = &chess_eval_sections[s];
      fprintf (f, "  /* %s */\n", sec->name);
      for (int i = 0; i < sec->count; i++)
        {
          int idx = sec->offset + i;
          fprintf (f, "%s{ %d, %d },%s", i % 4 == 0 ? "  " : " ",
                   (int) lround (w[2 * idx]), (int) lround (w[2 * idx + 1]),
                   i % 4 == 3 || i == sec->count - 1 ? "\n" : "");
        }
    }
  fprintf (f, "};\n");
  fclose (f);
}

int
main (int argc, char **argv)
{
  int epochs = 400;
  const char *output = "src/engine/chess-eval-weights.c";
  double rate = 1.0, l2 = 0;
  DataSet set = { 0 };
  double *w, *w0, *m, *v, *grad, k, start, err;
  int first_file = 1;

  for (; first_file < argc && argv[first_file][0] == '-'; first_file++)
    {
      if (strcmp (argv[first_file], "--epochs") == 0 && first_file + 1 < argc)
        epochs = atoi (argv[++first_file]);
      else if (strcmp (argv[first_file], "--output") == 0 && first_file + 1 < argc)
        output = argv[++first_file];
      else if (strcmp (argv[first_file], "--fens") == 0 && first_file + 1 < argc)
        set.fens_every = atoi (argv[++first_file]);
      else if (strcmp (argv[first_file], "--l2") == 0 && first_file + 1 < argc)
        l2 = g_ascii_strtod (argv[++first_file], NULL);
      else if (strcmp (argv[first_file], "--rate") == 0 && first_file + 1 < argc)
        rate = g_ascii_strtod (argv[++first_file], NULL);
      else
        {
          fprintf (stderr, "Usage: %s [--epochs N] [--rate R] [--l2 L] [--output FILE] FILE.pgn…\n", argv[0]);
          return 2;
        }
    }
  if (first_file >= argc)
    {
      fprintf (stderr, "Usage: %s [--epochs N] [--rate R] [--output FILE] FILE.pgn…\n", argv[0]);
      return 2;
    }

  chess_init ();
  start = g_get_monotonic_time () / 1e6;
  set.positions = g_array_new (FALSE, FALSE, sizeof (Position));
  set.terms = g_array_new (FALSE, FALSE, sizeof (Term));
  for (int i = first_file; i < argc; i++)
    read_file (&set, argv[i]);
  if (set.fens_every > 0)
    return 0;
  if (set.positions->len == 0)
    {
      fprintf (stderr, "No positions.\n");
      return 1;
    }

  w = g_new0 (double, 2 * CHESS_EVAL_N_PARAMS);
  w0 = g_new0 (double, 2 * CHESS_EVAL_N_PARAMS);
  m = g_new0 (double, 2 * CHESS_EVAL_N_PARAMS);
  v = g_new0 (double, 2 * CHESS_EVAL_N_PARAMS);
  grad = g_new0 (double, 2 * CHESS_EVAL_N_PARAMS);
  for (int i = 0; i < CHESS_EVAL_N_PARAMS; i++)
    {
      w[2 * i] = chess_eval_weights_handset[i].mg;
      w[2 * i + 1] = chess_eval_weights_handset[i].eg;
    }
  memcpy (w0, w, 2 * CHESS_EVAL_N_PARAMS * sizeof (double));
  k = fit_k (&set, w);
  err = mean_error (&set, w, k);
  fprintf (stderr, "%u positions, K = %.4f, starting error %.6f\n", set.positions->len, k, err);

  for (int epoch = 1; epoch <= epochs; epoch++)
    {
      const double b1 = 0.9, b2 = 0.999;
      memset (grad, 0, 2 * CHESS_EVAL_N_PARAMS * sizeof (double));
      for (guint i = 0; i < set.positions->len; i++)
        {
          const Position *p = &g_array_index (set.positions, Position, i);
          const Term *t = &g_array_index (set.terms, Term, p->first_term);
          double s = sigmoid (k, position_eval (&set, p, w));
          double d = (s - p->result) * s * (1 - s);
          double dmg = d * p->phase / CHESS_EVAL_PHASE_MAX;
          double deg = d * (CHESS_EVAL_PHASE_MAX - p->phase) / CHESS_EVAL_PHASE_MAX;
          for (int j = 0; j < p->n_terms; j++)
            {
              grad[2 * t[j].index] += dmg * t[j].coef;
              grad[2 * t[j].index + 1] += deg * t[j].coef;
            }
        }
      for (int i = 0; i < 2 * CHESS_EVAL_N_PARAMS; i++)
        {
          /* The L2 pull towards the starting weights keeps rare terms,
           * which few positions show, from running away. */
          double gi = grad[i] / set.positions->len + l2 * (w[i] - w0[i]);
          m[i] = b1 * m[i] + (1 - b1) * gi;
          v[i] = b2 * v[i] + (1 - b2) * gi * gi;
          {
            double mh = m[i] / (1 - pow (b1, epoch)), vh = v[i] / (1 - pow (b2, epoch));
            w[i] -= rate * mh / (sqrt (vh) + 1e-12);
          }
        }
      if (epoch % 50 == 0 || epoch == epochs)
        fprintf (stderr, "epoch %d: error %.6f\n", epoch, mean_error (&set, w, k));
    }
  err = mean_error (&set, w, k);
  write_weights (output, w, &set, k, l2, err, epochs, g_get_monotonic_time () / 1e6 - start,
                 argv + first_file, argc - first_file);
  fprintf (stderr, "wrote %s (%.0f s)\n", output, g_get_monotonic_time () / 1e6 - start);
  g_free (w);
  g_free (w0);
  g_free (m);
  g_free (v);
  g_free (grad);
  g_array_free (set.positions, TRUE);
  g_array_free (set.terms, TRUE);
  return 0;
}
