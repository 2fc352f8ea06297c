/* datagen.c — thinkchess-datagen: self-play games of the built-in engine
 * at fixed nodes, written as training positions for the evaluation network
 * (tools/nnue/chess-nnue-data.h).
 *
 *   thinkchess-datagen --games N --nodes N --seed S --out FILE
 *                      [--random-plies K] [--openings PGN] [--hash MB]
 *                      [--net FILE]
 *
 * The same arguments give the same file, byte for byte: one thread, no
 * clock, every game's random moves from its own stream of the seed. A
 * game's positions are appended only once it has ended, in one write, so
 * a run stopped at any moment leaves whole games; running again with
 * another seed adds to the file. Exit status 2 for bad arguments (an
 * unreadable book, an output file that is not training positions), 1 when
 * the run itself fails. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "chess-engine.h"
#include "chess-nnue.h"
#include "chess-nnue-data.h"
#include "datagen-game.h"
#include "datagen-opening.h"

#define PROGRAM "thinkchess-datagen"
#define DEFAULT_RANDOM_PLIES 8
#define MAX_RANDOM_PLIES 100
#define PROGRESS_EVERY_GAMES 10
/* The quick search of the openings needs no more. */
#define CHECKER_HASH_MB 1

typedef struct
{
  guint64     games;
  guint64     nodes;
  guint64     seed;
  char       *out;
  int         random_plies;
  char       *openings;         /* NULL: random moves from the start */
  guint64     hash_mb;
  ChessNnue  *net;              /* NULL: the hand-written evaluation */
} Settings;

static void
settings_clear (Settings *settings)
{
  g_clear_pointer (&settings->out, g_free);
  g_clear_pointer (&settings->openings, g_free);
  g_clear_pointer (&settings->net, chess_nnue_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Settings, settings_clear)

typedef struct
{
  guint64 games;
  guint64 positions;
  guint64 plies;        /* searched by the engine, the openings' not counted */
  guint64 wins[3];      /* indexed by CHESS_NNUE_* result */
  gint64  start_us;
} Tally;

static gboolean
parse_number (const char *option,
              const char *text,
              guint64     min,
              guint64     max,
              guint64    *out)
{
  g_autoptr (GError) error = NULL;

  if (g_ascii_string_to_unsigned (text, 10, min, max, out, &error))
    return TRUE;
  g_printerr ("%s: %s: %s\n", PROGRAM, option, error->message);
  return FALSE;
}

/* Fills `settings` from the command line; FALSE after saying what is
 * wrong. */
static gboolean
parse_arguments (int       argc,
                 char    **argv,
                 Settings *settings)
{
  g_autofree char *games = NULL, *nodes = NULL, *seed = NULL, *random_plies = NULL, *hash = NULL;
  g_autofree char *out = NULL, *openings = NULL, *net = NULL;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_STRING, &games, "Games to play", "N" },
    { "nodes", 0, 0, G_OPTION_ARG_STRING, &nodes, "Nodes searched a move", "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, "Seed of the random openings", "S" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "Training positions file (appended to)", "FILE" },
    { "random-plies", 0, 0, G_OPTION_ARG_STRING, &random_plies,
      "Random moves that open a game (default 8; half after a book position)", "K" },
    { "openings", 0, 0, G_OPTION_ARG_FILENAME, &openings,
      "Start from a position at ply 8-20 of a game of this PGN file", "PGN" },
    { "hash", 0, 0, G_OPTION_ARG_STRING, &hash, "Transposition table size (default 16)", "MB" },
    { "net", 0, 0, G_OPTION_ARG_FILENAME, &net,
      "Evaluate with this network (default: the hand-written evaluation)", "FILE" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- self-play training positions");
  g_autoptr (GError) error = NULL;
  guint64 value;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s: %s\n", PROGRAM, error->message);
      return FALSE;
    }
  if (argc > 1)
    {
      g_printerr ("%s: unexpected argument '%s'\n", PROGRAM, argv[1]);
      return FALSE;
    }
  if (!games || !nodes || !seed || !out)
    {
      g_printerr ("%s: --games, --nodes, --seed and --out are required (see --help)\n", PROGRAM);
      return FALSE;
    }
  if (!parse_number ("--games", games, 1, G_MAXUINT32, &settings->games)
      || !parse_number ("--nodes", nodes, 1, G_MAXUINT32, &settings->nodes)
      || !parse_number ("--seed", seed, 0, G_MAXUINT64, &settings->seed))
    return FALSE;
  settings->random_plies = DEFAULT_RANDOM_PLIES;
  if (random_plies)
    {
      if (!parse_number ("--random-plies", random_plies, 0, MAX_RANDOM_PLIES, &value))
        return FALSE;
      settings->random_plies = (int) value;
    }
  settings->hash_mb = CHESS_ENGINE_DEFAULT_HASH_MB;
  if (hash && !parse_number ("--hash", hash, 1, CHESS_ENGINE_MAX_HASH_MB, &settings->hash_mb))
    return FALSE;
  if (settings->random_plies == 0 && !openings)
    {
      g_printerr ("%s: --random-plies 0 without --openings would play the same game every time\n", PROGRAM);
      return FALSE;
    }
  if (net)
    {
      g_autofree char *why = NULL;

      if (!(settings->net = chess_nnue_load_file (net, &why)))
        {
          g_printerr ("%s: --net: %s\n", PROGRAM, why);
          return FALSE;
        }
    }
  settings->out = g_steal_pointer (&out);
  settings->openings = g_steal_pointer (&openings);
  return TRUE;
}

/* Opens `path` for appending whole records. An existing file must look
 * like training records; a torn record at its end (a write cut short by a
 * crash) is dropped, so that the records after it stay aligned. Returns
 * the descriptor, or -1 after saying why. */
static int
open_output (const char *path)
{
  int fd = g_open (path, O_RDWR | O_CREAT | O_APPEND, 0666);
  GStatBuf st;
  ChessNnueRecord first;

  if (fd < 0 || fstat (fd, &st) != 0)
    {
      g_printerr ("%s: cannot open %s: %s\n", PROGRAM, path, g_strerror (errno));
      if (fd >= 0)
        close (fd);
      return -1;
    }
  if (st.st_size == 0)
    return fd;
  if (pread (fd, &first, sizeof first, 0) == (ssize_t) sizeof first && chess_nnue_record_valid (&first))
    {
      off_t whole = st.st_size - st.st_size % (off_t) sizeof (ChessNnueRecord);

      if (whole != st.st_size && ftruncate (fd, whole) != 0)
        {
          g_printerr ("%s: cannot drop the torn record at the end of %s: %s\n", PROGRAM, path, g_strerror (errno));
          close (fd);
          return -1;
        }
      g_printerr ("%s: appending to %s, which holds %" G_GUINT64_FORMAT " positions%s\n", PROGRAM, path,
                  (guint64) (whole / (off_t) sizeof (ChessNnueRecord)),
                  whole != st.st_size ? " (a torn record at its end dropped)" : "");
      return fd;
    }
  g_printerr ("%s: %s does not hold training positions; not appending to it\n", PROGRAM, path);
  close (fd);
  return -1;
}

static gboolean
write_all (int         fd,
           const void *data,
           size_t      length)
{
  const char *p = data;

  while (length > 0)
    {
      ssize_t n = write (fd, p, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n;
      length -= (size_t) n;
    }
  return TRUE;
}

static void
report (const Tally *tally,
        const char  *prefix)
{
  double seconds = (double) (g_get_monotonic_time () - tally->start_us) / G_USEC_PER_SEC;
  double games = tally->games ? (double) tally->games : 1.0;

  g_printerr ("%s: %s%" G_GUINT64_FORMAT " games (%.0f plies a game), %" G_GUINT64_FORMAT " positions (%.1f a game), "
              "%.0f positions/s, %.1f s, White won %" G_GUINT64_FORMAT ", drawn %" G_GUINT64_FORMAT
              ", Black won %" G_GUINT64_FORMAT "\n",
              PROGRAM, prefix, tally->games, (double) tally->plies / games, tally->positions,
              (double) tally->positions / games,
              seconds > 0 ? (double) tally->positions / seconds : 0.0, seconds,
              tally->wins[CHESS_NNUE_WHITE_WON], tally->wins[CHESS_NNUE_DRAW],
              tally->wins[CHESS_NNUE_BLACK_WON]);
}

/* Plays the games and appends them to `fd`; FALSE after saying why. */
static gboolean
generate (const Settings         *settings,
          const ChessDatagenBook *book,
          int                     fd)
{
  ChessEngine *engine = chess_engine_new (settings->hash_mb);
  ChessEngine *checker = chess_engine_new (CHECKER_HASH_MB);
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (ChessNnueRecord));
  Tally tally = { .start_us = g_get_monotonic_time () };
  gboolean ok = TRUE;

  if (!engine || !checker)
    {
      g_printerr ("%s: out of memory for a %" G_GUINT64_FORMAT " MB table\n", PROGRAM, settings->hash_mb);
      ok = FALSE;
    }
  /* The hand-written evaluation unless --net names a network, never the
   * built-in one: the same arguments then make the same positions whatever
   * net the program carries. The openings are always checked by hand. */
  if (ok)
    {
      chess_engine_set_net (engine, settings->net);
      chess_engine_set_net (checker, NULL);
    }
  for (guint64 g = 0; ok && g < settings->games; g++)
    {
      g_auto (ChessLine) line = { 0 };
      ChessDatagenRng rng;
      size_t opening_plies;
      int result;

      chess_datagen_rng_init (&rng, settings->seed, g);
      if (!chess_datagen_opening (&rng, book, settings->random_plies, checker, &line))
        {
          g_printerr ("%s: no balanced opening found for game %" G_GUINT64_FORMAT
                      " (too many random plies, or too few usable games in the book)\n", PROGRAM, g + 1);
          ok = FALSE;
          break;
        }
      /* Each game starts from nothing learnt, so it depends on its
       * opening and the settings alone. */
      chess_engine_clear (engine);
      chess_engine_set_seed (engine, chess_datagen_rng_next (&rng));
      g_array_set_size (records, 0);
      opening_plies = line.n_moves;
      result = chess_datagen_play_game (engine, settings->nodes, &line, records);
      if (!write_all (fd, records->data, records->len * sizeof (ChessNnueRecord)))
        {
          g_printerr ("%s: cannot write to %s: %s\n", PROGRAM, settings->out, g_strerror (errno));
          ok = FALSE;
          break;
        }
      tally.games++;
      tally.positions += records->len;
      tally.plies += line.n_moves - opening_plies;
      tally.wins[result]++;
      if (tally.games % PROGRESS_EVERY_GAMES == 0 && tally.games < settings->games)
        report (&tally, "");
    }
  if (ok)
    {
      g_autofree char *done = g_strdup_printf ("done, written to %s: ", settings->out);
      report (&tally, done);
    }
  chess_engine_free (engine);
  chess_engine_free (checker);
  return ok;
}

int
main (int    argc,
      char **argv)
{
  g_auto (Settings) settings = { 0 };
  g_autoptr (ChessDatagenBook) book = NULL;
  g_autoptr (GError) error = NULL;
  int fd;
  gboolean ok;

  if (!parse_arguments (argc, argv, &settings))
    return 2;
  chess_init ();
  if (settings.openings && !(book = chess_datagen_book_load (settings.openings, &error)))
    {
      g_printerr ("%s: --openings: %s\n", PROGRAM, error->message);
      return 2;
    }
  fd = open_output (settings.out);
  if (fd < 0)
    return 2;
  ok = generate (&settings, book, fd);
  if (close (fd) != 0)
    {
      g_printerr ("%s: cannot write to %s: %s\n", PROGRAM, settings.out, g_strerror (errno));
      ok = FALSE;
    }
  return ok ? 0 : 1;
}
