/* chess-cli-puzzles.c — `thinkchess-cli puzzles`: the bundled puzzles as
 * EPD (--export), or solved at the terminal one after another, near the
 * player's rating, "Your Mistakes" first when they are due:
 *
 *   thinkchess-cli puzzles [--id ID] [--theme THEME] [--mistakes] [--ascii]
 *   thinkchess-cli puzzles --export
 *
 * The rating, streak, tries and the deck live in practice.ini, the file the
 * desktop app keeps too; it is saved after every puzzle. This file is the
 * session: options, which puzzle comes next, what a result does to the
 * rating. Solving one is chess-cli-puzzle-solve.c. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chess-cli.h"
#include "chess-cli-puzzles-private.h"
#include "chess-puzzle-themes.h"

static int
export_set (GPtrArray *set)
{
  for (guint i = 0; i < set->len; i++)
    {
      g_autofree char *epd = chess_puzzle_to_epd (g_ptr_array_index (set, i));

      printf ("%s\n", epd);
    }
  return 0;
}

/* A puzzle of "Your Mistakes" by its id (the practice has no lookup of its
 * own), or NULL. */
static const ChessPuzzle *
find_in_deck (ChessPractice *practice,
              const char    *id)
{
  for (guint i = 0; i < chess_practice_deck_size (practice); i++)
    {
      const ChessPuzzle *puzzle = chess_practice_deck_get (practice, i);

      if (strcmp (puzzle->id, id) == 0)
        return puzzle;
    }
  return NULL;
}

static gint64
now_seconds (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

/* "+23", "-5", "+0". */
static char *
format_change (int change)
{
  return g_strdup_printf ("%+d", change);
}

/* Records the result and says what it did to the rating and the streak;
 * then why the solution works and the themes, now that they give nothing
 * away. */
static void
record_result (ChessPractice     *practice,
               const ChessPuzzle *puzzle,
               gboolean           from_deck,
               gboolean           solved)
{
  int change = chess_practice_record (practice, puzzle, solved, now_seconds ());
  int rating = (int) (chess_practice_get_rating (practice)->rating + 0.5);
  guint streak = chess_practice_get_streak (practice);
  g_autofree char *delta = format_change (change);
  g_autofree char *why = chess_puzzle_explain (puzzle);
  g_autofree char *themes = chess_puzzle_theme_names (puzzle);

  if (solved && !from_deck)
    /* Translators: the new rating, its change ("+23") and the streak. */
    printf (_("Solved! Rating %d (%s), streak %u.\n"), rating, delta, streak);
  else if (solved)
    printf (_("Solved! Streak %u. Puzzles from your own games leave the rating as it is.\n"), streak);
  else if (!from_deck)
    {
      /* Translators: the new rating and its change ("-23"). */
      printf (_("Missed. Rating %d (%s). The puzzle comes back later in Your Mistakes.\n"),
              rating, delta);
    }
  else
    printf ("%s\n", _("Missed. It comes back soon."));

  if (why != NULL)
    printf ("%s\n", why);
  if (themes != NULL && themes[0] != '\0')
    printf (_("Themes: %s\n"), themes);
}

static void
save_practice (ChessPractice *practice)
{
  g_autoptr(GError) error = NULL;

  if (!chess_practice_save (practice, &error))
    fprintf (stderr, _("Could not save your puzzle rating and progress: %s\n"), error->message);
}

/* Between two puzzles: a pause to read what was said. FALSE to stop. */
static gboolean
want_next (ChessPuzzleSession *session)
{
  g_autofree char *line = NULL;
  const char *text = _("Press Enter for the next puzzle, or type “quit”");
  g_autofree char *prompt = session->view.color ? g_strdup_printf ("\033[1m%s>\033[0m ", text)
                                                : g_strdup_printf ("%s> ", text);

  line = chess_cli_input_read_line (session->input, prompt, FALSE);
  if (line == NULL)
    {
      putchar ('\n');
      return FALSE;
    }
  g_strstrip (line);
  return g_ascii_strcasecmp (line, "quit") != 0 && g_ascii_strcasecmp (line, "q") != 0
         && g_ascii_strcasecmp (line, "exit") != 0;
}

typedef struct
{
  GPtrArray         *set;
  const ChessPuzzle *only;        /* --id, or NULL                         */
  ChessPuzzleTheme   theme;       /* --theme, MISTAKE for --mistakes, or 0 */
  int                mate_in;
  const char        *theme_text;
} Choice;

/* Puzzles until the player stops, or the one of --id. */
static int
run_session (ChessPuzzleSession *session,
             const Choice       *choice)
{
  g_autoptr(GRand) rand = g_rand_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ChessPractice *practice = session->practice;

  for (guint played = 0;; played++)
    {
      const ChessPuzzle *next = choice->only;
      ChessPuzzle puzzle;
      g_autofree char *source = NULL;
      ChessPuzzleOutcome outcome;
      gboolean from_deck;

      if (next == NULL)
        next = chess_practice_next (practice, choice->set, choice->theme, choice->mate_in,
                                    rand, now_seconds ());
      /* The deck alone gives its soonest puzzle even when it is not due:
       * once round it is enough for one session. */
      if (next != NULL && choice->theme == CHESS_PUZZLE_THEME_MISTAKE
          && g_hash_table_contains (seen, next->id))
        {
          puts (_("That is all of Your Mistakes for now."));
          return 0;
        }
      if (next == NULL)
        {
          if (choice->theme == CHESS_PUZZLE_THEME_MISTAKE)
            {
              if (played == 0)
                puts (_("Your Mistakes is empty. Review a game of yours with "
                        "“thinkchess-cli review --player white|black” to fill it."));
              else
                puts (_("That is all of Your Mistakes for now."));
              return 0;
            }
          fprintf (stderr, _("No puzzle has the theme “%s”.\n"), choice->theme_text);
          return 1;
        }

      /* A copy: recording the result may take a puzzle out of the deck. */
      puzzle = *next;
      source = g_strdup (chess_practice_deck_source (practice, next));
      from_deck = find_in_deck (practice, puzzle.id) != NULL;
      g_hash_table_add (seen, g_strdup (puzzle.id));

      outcome = chess_puzzles_solve (session, &puzzle, source);
      if (outcome == CHESS_PUZZLE_OUTCOME_SOLVED || outcome == CHESS_PUZZLE_OUTCOME_MISSED)
        {
          record_result (practice, &puzzle, from_deck, outcome == CHESS_PUZZLE_OUTCOME_SOLVED);
          save_practice (practice);
        }
      if (outcome == CHESS_PUZZLE_OUTCOME_QUIT || choice->only != NULL)
        return 0;
      if (outcome != CHESS_PUZZLE_OUTCOME_SKIPPED && !want_next (session))
        return 0;
    }
}

int
chess_cli_puzzles (int    argc,
                   char **argv)
{
  gboolean export = FALSE;
  gboolean mistakes = FALSE;
  gboolean ascii = FALSE;
  g_autofree char *id = NULL;
  g_autofree char *theme_text = NULL;
  GOptionEntry entries[] = {
    { "export", 0, 0, G_OPTION_ARG_NONE, &export,
      N_("Print every bundled puzzle as a line of EPD and stop"), NULL },
    { "id", 0, 0, G_OPTION_ARG_STRING, &id,
      N_("Solve this puzzle only"), N_("ID") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme_text,
      N_("Only puzzles with this theme (“fork”, “mate”, “mate-in-2” …)"), N_("THEME") },
    { "mistakes", 0, 0, G_OPTION_ARG_NONE, &mistakes,
      N_("Only the positions of Your Mistakes, from your reviewed games"), NULL },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &ascii,
      N_("Plain ASCII board without colours"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *keywords = chess_puzzle_theme_keywords ();
  g_autofree char *description = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) set = NULL;
  g_autofree char *path = NULL;
  g_autofree char *warning = NULL;
  ChessPuzzleSession session = { 0 };
  Choice choice = { 0 };
  int status;

  context = g_option_context_new (_("— solve chess puzzles at the terminal"));
  g_option_context_set_summary (context,
                                _("Puzzles near your rating, one after another; your own "
                                  "mistakes from reviewed games come back until you solve "
                                  "them. Type “help” during a puzzle for the commands."));
  /* Translators: the list of theme keywords follows. */
  description = g_strdup_printf (_("Themes: %s"), keywords);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (g_get_prgname () == NULL)
    g_set_prgname ("thinkchess-cli puzzles");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  if (argc > 1)
    {
      fprintf (stderr, _("Unexpected argument “%s”: puzzles takes options only.\n"), argv[1]);
      return 2;
    }
  if (export && (id != NULL || theme_text != NULL || mistakes))
    {
      fprintf (stderr, "%s\n", _("--export prints the whole set: give it alone."));
      return 2;
    }

  set = chess_puzzle_set_load_bundled (&error);
  if (set == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  if (export)
    return export_set (set);

  choice.set = set;
  choice.theme_text = theme_text;
  if (theme_text != NULL)
    {
      choice.theme = chess_puzzle_theme_from_keyword (theme_text, &choice.mate_in);
      if (choice.theme == 0)
        {
          fprintf (stderr, _("Unknown theme “%s”. The themes are: %s.\n"), theme_text, keywords);
          return 2;
        }
    }
  if (mistakes)
    {
      if (choice.theme != 0 && choice.theme != CHESS_PUZZLE_THEME_MISTAKE)
        {
          fprintf (stderr, "%s\n", _("Give either --mistakes or --theme, not both."));
          return 2;
        }
      choice.theme = CHESS_PUZZLE_THEME_MISTAKE;
    }

  path = chess_practice_default_path ();
  session.practice = chess_practice_load (path, &warning, &error);
  if (warning != NULL)
    fprintf (stderr, "%s\n", warning);
  if (session.practice == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }

  if (id != NULL)
    {
      choice.only = chess_puzzle_set_find (set, id);
      if (choice.only == NULL)
        choice.only = find_in_deck (session.practice, id);
      if (choice.only == NULL)
        {
          fprintf (stderr, _("There is no puzzle with the id “%s”. "
                             "“thinkchess-cli puzzles --export” lists them.\n"), id);
          chess_practice_free (session.practice);
          return 2;
        }
    }

  session.input = chess_cli_input_new (!isatty (STDIN_FILENO));
  chess_cli_input_set_complete (session.input, chess_puzzles_complete_cb, &session);
  chess_term_view_init (&session.view);
  if (!ascii && chess_term_fancy_possible ())
    {
      session.view.unicode = TRUE;
      session.view.color = TRUE;
      session.clear_screen = TRUE;
    }

  status = run_session (&session, &choice);

  chess_cli_input_free (session.input);
  chess_practice_free (session.practice);
  return status;
}
