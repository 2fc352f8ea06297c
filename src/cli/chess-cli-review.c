/* chess-cli-review.c — `thinkchess-cli review`: every move of a game judged
 * by an engine; the annotated game (NAGs, [%eval], better moves as
 * variations) on standard output, a progress bar on standard error when it
 * is a terminal, and each player's accuracy and mistakes on standard error
 * at the end.
 *
 *   thinkchess-cli review GAME.pgn [--game N] [--nodes N | --time-per-move MS
 *                         | --depth N] [--engine CMD [--protocol xboard]]
 *                         [--player white|black]
 *
 * The player's mistakes and blunders go to "Your Mistakes", the puzzle
 * deck of `thinkchess-cli puzzles` and the app: the side of --player, or
 * the side that played ThinkChess's engine.
 *
 * The default budget is CHESS_REVIEW_DEFAULT_NODES a position: the same
 * output on every run, which is why the summary says who judged and with
 * what budget but not how long it took. */
#include "config.h"

#include <glib-unix.h>
#include <glib.h>
#include <glib/gi18n.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chess-cli.h"
#include "chess-cli-engine.h"
#include "chess-engine-levels.h"
#include "chess-file-read.h"
#include "chess-pgn.h"
#include "chess-practice.h"
#include "chess-review.h"

#define BAR_WIDTH 30

typedef struct
{
  ChessReview *review;
  gboolean     show_progress;
} ReviewRun;

static void
progress_cb (ChessReview *review,
             GParamSpec  *pspec,
             ReviewRun   *run)
{
  double progress = chess_review_get_progress (review);
  int filled = (int) (progress * BAR_WIDTH + 0.5);
  char bar[BAR_WIDTH + 1];

  for (int i = 0; i < BAR_WIDTH; i++)
    bar[i] = i < filled ? '#' : '.';
  bar[BAR_WIDTH] = '\0';
  fputc ('\r', stderr);
  /* TRANSLATORS: the review's progress bar: the bar, percent done, moves
   * reviewed of all. */
  fprintf (stderr, _("[%s] %3.0f %%  move %u of %u"), bar, progress * 100.0,
           chess_review_count_moves (review, chess_review_get_n_reviewed (review)),
           chess_review_count_moves (review, chess_review_get_n_moves (review)));
  fflush (stderr);
}

/* A move is judged after the search that followed it: the bar's count
 * of moves catches up. */
static void
move_reviewed_cb (ChessReview *review,
                  guint        ply,
                  ReviewRun   *run)
{
  progress_cb (review, NULL, run);
}

static gboolean
interrupt_cb (gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
  return G_SOURCE_CONTINUE;
}

/* "White (Kasparov): accuracy 87.3 %, 2 inaccuracies, 1 mistake, 0 blunders". */
static void
print_summary (const ChessPgnGame *game)
{
  g_autoptr(GArray) moves = chess_review_read_tree (game->tree, NULL);

  for (int c = CHESS_COLOR_WHITE; c <= CHESS_COLOR_BLACK; c++)
    {
      ChessReviewPlayerStats stats;
      const char *side = c == CHESS_COLOR_WHITE ? _("White") : _("Black");
      const char *name = chess_pgn_game_get_tag (game, c == CHESS_COLOR_WHITE ? "White" : "Black");
      g_autofree char *who = NULL;

      chess_review_read_player_stats (moves, (ChessColor) c, &stats);
      if (name != NULL && *name != '\0' && strcmp (name, "?") != 0)
        /* TRANSLATORS: a side and its player's name: "White (Kasparov)". */
        who = g_strdup_printf (_("%s (%s)"), side, name);
      else
        who = g_strdup (side);
      if (stats.n_moves == 0)
        {
          fprintf (stderr, _("%s: no moves reviewed\n"), who);
          continue;
        }

      guint ni = stats.counts[CHESS_REVIEW_CLASS_INACCURACY];
      guint nm = stats.counts[CHESS_REVIEW_CLASS_MISTAKE];
      guint nb = stats.counts[CHESS_REVIEW_CLASS_BLUNDER];
      g_autofree char *inaccuracies = g_strdup_printf (ngettext ("%u inaccuracy", "%u inaccuracies", ni), ni);
      g_autofree char *mistakes = g_strdup_printf (ngettext ("%u mistake", "%u mistakes", nm), nm);
      g_autofree char *blunders = g_strdup_printf (ngettext ("%u blunder", "%u blunders", nb), nb);
      /* TRANSLATORS: the review's summary of one player: who, accuracy
       * (0–100), then the counts of inaccuracies, mistakes and blunders. */
      fprintf (stderr, _("%s: accuracy %.1f %%, %s, %s, %s\n"), who, stats.accuracy,
               inaccuracies, mistakes, blunders);
    }
}

/* The name `play` and the app give the built-in engine in a game's tags:
 * "ThinkChess (Beginner)", the same in every language. */
static gboolean
is_builtin_engine (const char *name)
{
  return name != NULL && g_str_has_prefix (name, "ThinkChess (");
}

/* Whose mistakes go to the deck: --player's side, or the one who played
 * against the built-in engine. FALSE when that cannot be told. */
static gboolean
find_player_side (const char         *player,
                  const ChessPgnGame *game,
                  ChessColor         *side)
{
  gboolean white_engine, black_engine;

  if (player != NULL)
    {
      *side = g_ascii_strcasecmp (player, "black") == 0 ? CHESS_COLOR_BLACK : CHESS_COLOR_WHITE;
      return TRUE;
    }
  white_engine = is_builtin_engine (chess_pgn_game_get_tag (game, "White"));
  black_engine = is_builtin_engine (chess_pgn_game_get_tag (game, "Black"));
  if (white_engine == black_engine)
    return FALSE;
  *side = white_engine ? CHESS_COLOR_BLACK : CHESS_COLOR_WHITE;
  return TRUE;
}

/* A tag worth showing: PGN writes "?" for the unknown ("????.??.??"). */
static const char *
known_tag (const ChessPgnGame *game,
           const char         *name)
{
  const char *value = chess_pgn_game_get_tag (game, name);

  if (value == NULL || value[0] == '\0' || value[0] == '?')
    return NULL;
  return value;
}

/* "Anna – Bruno, Club Championship, 2026.11.25": the game, for the deck. */
static char *
describe_game (const ChessPgnGame *game)
{
  const char *white = known_tag (game, "White");
  const char *black = known_tag (game, "Black");
  const char *event = known_tag (game, "Event");
  const char *date = known_tag (game, "Date");
  GString *text = g_string_new (NULL);

  /* TRANSLATORS: the players of a game: "Kasparov – Karpov". */
  g_string_printf (text, _("%s – %s"), white != NULL ? white : _("White"),
                   black != NULL ? black : _("Black"));
  if (event != NULL)
    g_string_append_printf (text, ", %s", event);
  if (date != NULL)
    g_string_append_printf (text, ", %s", date);
  return g_string_free (text, FALSE);
}

/* The player's mistakes into "Your Mistakes" (practice.ini), and a line
 * that says how many. FALSE when the practice file could not be written. */
static gboolean
add_to_deck (const ChessPgnGame *game,
             ChessColor          side)
{
  g_autofree char *path = chess_practice_default_path ();
  g_autofree char *warning = NULL;
  g_autofree char *source = describe_game (game);
  g_autoptr(GError) error = NULL;
  ChessPractice *practice;
  guint added;

  practice = chess_practice_load (path, &warning, &error);
  if (warning != NULL)
    fprintf (stderr, "%s\n", warning);
  if (practice == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
  added = chess_practice_add_mistakes (practice, game->tree, side, source,
                                       g_get_real_time () / G_USEC_PER_SEC);
  if (added > 0 && !chess_practice_save (practice, &error))
    {
      fprintf (stderr, _("Could not add the mistakes to Your Mistakes: %s\n"), error->message);
      chess_practice_free (practice);
      return FALSE;
    }
  chess_practice_free (practice);
  fprintf (stderr, ngettext ("Added %u position to Your Mistakes.\n",
                             "Added %u positions to Your Mistakes.\n", added), added);
  return TRUE;
}

static ChessPgnGame *
read_game (const char *path,
           guint       number)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!chess_file_read (path, CHESS_FILE_READ_MAX_BYTES, &data, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return NULL;
    }
  if (chess_pgn_looks_binary (data, length))
    {
      fprintf (stderr, "%s: %s\n", path, _("not a PGN file: it holds binary data, not text"));
      return NULL;
    }
  g_autoptr(GPtrArray) index = chess_pgn_index (data, length);
  if (index->len == 0)
    {
      fprintf (stderr, "%s:1:1: %s\n", path, _("no games found"));
      return NULL;
    }
  if (number < 1 || number > index->len)
    {
      fprintf (stderr, "%s: ", path);
      fprintf (stderr, ngettext ("there is no game %u: the file holds %u game\n",
                                 "there is no game %u: the file holds %u games\n", index->len),
               number, index->len);
      return NULL;
    }

  ChessPgnLocation where = { 0, 0 };
  ChessPgnGame *game = chess_pgn_parse_entry (data, length, g_ptr_array_index (index, number - 1),
                                              &where, &error);
  if (game == NULL)
    fprintf (stderr, "%s:%u:%u: %s\n", path, where.line, where.column, error->message);
  return game;
}

int
chess_cli_review (int    argc,
                  char **argv)
{
  int game_number = 1;
  int time_per_move = 0;
  gint64 nodes = 0;
  int depth = 0;
  g_autofree char *engine_command = NULL;
  g_autofree char *protocol = NULL;
  g_autofree char *player = NULL;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_INT, &game_number,
      N_("Review game N of the file (default: the first)"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes,
      N_("Search this many nodes in each position (default: 400000; the same review every time)"),
      N_("N") },
    { "time-per-move", 0, 0, G_OPTION_ARG_INT, &time_per_move,
      N_("Think this long about each position instead"), N_("MS") },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth,
      N_("Search each position to this depth instead"), N_("N") },
    { "engine", 0, 0, G_OPTION_ARG_STRING, &engine_command,
      N_("Use this engine (an installed one's name, or a command) instead of the built-in one"),
      N_("CMD") },
    { "protocol", 0, 0, G_OPTION_ARG_STRING, &protocol,
      N_("The engine's protocol: uci (default) or xboard"), N_("PROTOCOL") },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player,
      N_("Your side in the game, whose mistakes go to Your Mistakes (default: the side "
         "that played ThinkChess's engine)"), N_("white|black") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files,
      NULL, N_("GAME.pgn") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;

  context = g_option_context_new (_("— review a game: every move judged by the engine"));
  g_option_context_set_summary (context,
                                _("Writes the game with the engine's judgement to standard "
                                  "output: [%eval] after every move, ?!, ? and ?? on "
                                  "inaccuracies, mistakes and blunders with a sentence that "
                                  "says why, and the better move as a variation. Each "
                                  "player's accuracy follows on "
                                  "standard error."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (g_get_prgname () == NULL)
    g_set_prgname ("thinkchess-cli review");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  if (files == NULL || g_strv_length (files) != 1)
    {
      fprintf (stderr, "%s\n", _("Give one game file to review."));
      return 2;
    }
  if (game_number < 1)
    {
      fprintf (stderr, "%s\n", _("The game number (--game) starts at 1."));
      return 2;
    }
  if (time_per_move < 0 || nodes < 0 || depth < 0 || depth > 100)
    {
      fprintf (stderr, "%s\n", _("The time per move and the nodes must be positive, the depth 1 to 100."));
      return 2;
    }
  if (player != NULL && g_ascii_strcasecmp (player, "white") != 0
      && g_ascii_strcasecmp (player, "black") != 0)
    {
      fprintf (stderr, _("--player wants “white” or “black”, not “%s”.\n"), player);
      return 2;
    }
  if ((time_per_move > 0) + (nodes > 0) + (depth > 0) > 1)
    {
      fprintf (stderr, "%s\n", _("Give one budget: --nodes, --time-per-move or --depth."));
      return 2;
    }

  g_autoptr(ChessPgnGame) game = read_game (files[0], (guint) game_number);
  if (game == NULL)
    return 1;

  /* An installed engine by its name ("stockfish", with the settings the
   * registry gives it) or any command line; the built-in engine at full
   * strength is the review's own. */
  g_autoptr(ChessPlayer) engine = NULL;
  if (engine_command != NULL)
    {
      engine = chess_cli_engine_player_new (engine_command, protocol, CHESS_ENGINE_LEVEL_MAX, &error);
      if (engine == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
    }

  g_autoptr(ChessReview) review = chess_review_new_for_tree (game->tree);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  ReviewRun run = { review, isatty (STDERR_FILENO) };

  if (time_per_move > 0)
    {
      chess_review_set_time_per_move (review, (guint) time_per_move);
      chess_review_set_nodes (review, 0);
    }
  if (nodes > 0)
    chess_review_set_nodes (review, (guint64) nodes);
  chess_review_set_depth (review, (guint) depth);
  chess_review_set_engine (review, engine);
  if (run.show_progress)
    {
      g_signal_connect (review, "notify::progress", G_CALLBACK (progress_cb), &run);
      g_signal_connect (review, "move-reviewed", G_CALLBACK (move_reviewed_cb), &run);
    }
  guint sigint_id = g_unix_signal_add (SIGINT, interrupt_cb, cancellable);

  gboolean ok = chess_review_run_sync (review, cancellable, &error);
  g_source_remove (sigint_id);
  if (run.show_progress)
    fputs ("\r\033[K", stderr);
  if (!ok)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fprintf (stderr, "%s\n", _("Review interrupted."));
      else
        fprintf (stderr, "%s\n", error->message);
      return 1;
    }

  g_autofree char *text = chess_pgn_game_to_string (game);
  fputs (text, stdout);
  /* No summary for a game that did not arrive. */
  if (!chess_cli_flush_stdout ())
    return 1;
  guint n = chess_review_count_moves (review, chess_review_get_n_moves (review));
  g_autofree char *judge = chess_review_describe_judge (review);
  /* TRANSLATORS: the review's summary: moves reviewed, then who judged
   * with what budget ("ThinkChess 0.1.0, 400,000 nodes a position"). */
  fprintf (stderr, ngettext ("Reviewed %u move with %s.\n", "Reviewed %u moves with %s.\n", n),
           n, judge);
  print_summary (game);

  ChessColor side;
  if (find_player_side (player, game, &side) && !add_to_deck (game, side))
    return 1;
  return 0;
}
