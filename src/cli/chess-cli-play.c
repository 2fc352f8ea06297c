/* chess-cli-play.c — `thinkchess-cli play`: two players at one terminal,
 * or one against the computer (--white/--black computer), or the computer
 * against itself. The computer thinks while the game waits (there is
 * nothing to read meanwhile); `hint` and `analyse` ask it about the
 * position without playing.
 *
 * The game is a ChessGame, the same model the desktop app uses, so every
 * change is autosaved to the app's last-game file and can be continued
 * there. Input is read line by line; anything that is not understood is
 * explained and asked again.
 *
 * This file is the session: the options, how the game starts (a position,
 * a file, or the unfinished last game) and the loop that prints, lets the
 * computer move and reads a line. The rest is in chess-cli-play-input.c,
 * -display.c, -commands.c, -files.c and -computer.c. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chess-cli.h"
#include "chess-cli-engine.h"
#include "chess-cli-play-private.h"
#include "chess-engine-levels.h"

/* ---- The session ---- */

/* Handles what happened meanwhile (an engine that exited, say). */
static void
drain_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
flush_output (ChessPlay *self)
{
  if (self->redraw)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      chess_play_render (self, out);
      fputs (out->str, stdout);
      self->redraw = FALSE;
    }
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  if (self->changed)
    {
      g_autoptr(GError) error = NULL;

      self->changed = FALSE;
      if (!chess_game_autosave (self->game, &error))
        printf (_("Could not save the game for the desktop app: %s\n"), error->message);
      else
        self->autosaved = TRUE;
    }
}

/* An unfinished last game (the desktop app's or an earlier terminal
 * game) is offered before a new one starts; a new game autosaves to a file
 * of its own (see chess_cli_play), leaving that game as it was. FALSE when
 * the input ended. */
static gboolean
offer_last_game (ChessPlay *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessGame) last = NULL;

  if (!chess_game_autosave_is_unfinished ())
    return TRUE;
  last = chess_game_load_autosave (&error);
  if (last == NULL)
    return TRUE;

  guint plies = chess_game_get_move_count (last);
  printf (ngettext ("An unfinished game was found: %s – %s, %u move played.\n",
                    "An unfinished game was found: %s – %s, %u moves played.\n", plies),
          chess_game_get_player_display_name (last, CHESS_COLOR_WHITE),
          chess_game_get_player_display_name (last, CHESS_COLOR_BLACK), plies);
  if (!chess_play_ask_yes_no (self, _("Continue it?")))
    {
      if (self->quit)
        return FALSE;
      puts (_("A new game begins; the unfinished one stays as it was."));
      return TRUE;
    }
  if (!chess_game_continue_autosave (self->game, &error))
    {
      printf (_("The game could not be continued: %s\n"), error->message);
      return TRUE;
    }
  /* The side to move thinks on from the time it had used. */
  chess_game_start_clock (self->game);
  self->autosaved = TRUE;
  return TRUE;
}

/* --help's end: examples, and the levels with their names and strength. */
static char *
describe_computer_options (void)
{
  GString *text = g_string_new (NULL);

  g_string_append (text, _("Against the computer:\n"
                           "  thinkchess-cli play --black computer --level 2\n"
                           "  thinkchess-cli play --white computer --engine stockfish\n"
                           "  thinkchess-cli play --black computer --engine /usr/games/fairymax --protocol xboard\n"));
  g_string_append_c (text, '\n');
  g_string_append (text, _("Levels of the built-in engine:"));
  g_string_append_c (text, '\n');
  for (int level = 0; level < chess_engine_n_levels; level++)
    {
      g_autofree char *elo = g_strdup_printf (_("about %d Elo"), chess_engine_levels[level].elo);

      g_string_append_printf (text, "  %d  %s (%s)\n", level, _(chess_engine_levels[level].name), elo);
    }
  return g_string_free (text, FALSE);
}

/* The level when --level is not given: a club player, who makes a game of
 * it for most people. */
#define DEFAULT_LEVEL 3

/* --white / --black: "human" or "computer" (NULL: human). */
static gboolean
parse_player_option (const char *option,
                     const char *value,
                     gboolean   *computer)
{
  *computer = FALSE;
  if (value == NULL || g_ascii_strcasecmp (value, "human") == 0)
    return TRUE;
  if (g_ascii_strcasecmp (value, "computer") == 0)
    {
      *computer = TRUE;
      return TRUE;
    }
  /* Translators: the option (--white or --black) and what was given. */
  fprintf (stderr, _("%s wants “human” or “computer”, not “%s”.\n"), option, value);
  return FALSE;
}

int
chess_cli_play (int    argc,
                char **argv)
{
  g_autofree char *fen = NULL;
  gboolean ascii = FALSE;
  g_auto(GStrv) files = NULL;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  g_autofree char *engine = NULL;
  g_autofree char *protocol = NULL;
  g_autofree char *level_text = NULL;
  guint64 level = DEFAULT_LEVEL;
  int movetime_ms = 0;
  gboolean computer[CHESS_N_COLORS] = { FALSE, FALSE };
  GOptionEntry entries[] = {
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen,
      N_("Start from this position"), N_("FEN") },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &ascii,
      N_("Plain ASCII board without colours"), NULL },
    { "white", 0, 0, G_OPTION_ARG_STRING, &white,
      N_("Who plays White: “human” (default) or “computer”"), N_("PLAYER") },
    { "black", 0, 0, G_OPTION_ARG_STRING, &black,
      N_("Who plays Black: “human” or “computer” (default when --level or --engine is given)"),
      N_("PLAYER") },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text,
      N_("The built-in engine’s strength, 0 (beginner) to 9 (full strength); default 3"), N_("N") },
    { "engine", 0, 0, G_OPTION_ARG_STRING, &engine,
      N_("Play an external engine instead: an installed one by name (“stockfish”) or a command"),
      N_("CMD") },
    { "protocol", 0, 0, G_OPTION_ARG_STRING, &protocol,
      N_("How to talk to the --engine command: “uci” (default) or “xboard”"), N_("PROTOCOL") },
    { "movetime", 0, 0, G_OPTION_ARG_INT, &movetime_ms,
      N_("How long the computer thinks per move (default: a pace that fits its level)"),
      N_("MS") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files,
      NULL, N_("[FILE.pgn]") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *description = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessGame) game = NULL;
  ChessPlay play = { 0 };
  ChessPlay *self = &play;

  context = g_option_context_new (_("— play chess at the terminal"));
  g_option_context_set_summary (context,
                                _("Two players at one terminal, or a game against the "
                                  "computer. Type “help” during the game for the commands."));
  description = describe_computer_options ();
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* So that --help and the option errors say "thinkchess-cli play". */
  if (g_get_prgname () == NULL)
    g_set_prgname ("thinkchess-cli play");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  if (files != NULL && g_strv_length (files) > 1)
    {
      fprintf (stderr, "%s\n", _("Give at most one game file."));
      return 2;
    }
  if (files != NULL && fen != NULL)
    {
      fprintf (stderr, "%s\n", _("Give either a position (--fen) or a game file, not both."));
      return 2;
    }
  if (!parse_player_option ("--white", white, &computer[CHESS_COLOR_WHITE])
      || !parse_player_option ("--black", black, &computer[CHESS_COLOR_BLACK]))
    return 2;
  /* Read here rather than by GOption, so that every number outside the
   * range (-1 included) gets the same message. */
  if (level_text != NULL
      && !g_ascii_string_to_unsigned (level_text, 10, 0, CHESS_ENGINE_LEVEL_MAX, &level, NULL))
    {
      fprintf (stderr, _("The level must be a number from 0 to %d.\n"), CHESS_ENGINE_LEVEL_MAX);
      return 2;
    }
  if (movetime_ms < 0)
    {
      fprintf (stderr, "%s\n", _("The move time must be a positive number of milliseconds."));
      return 2;
    }
  if (protocol != NULL)
    {
      ChessExternalProtocol parsed;

      if (!chess_cli_engine_parse_protocol (protocol, &parsed, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 2;
        }
    }
  /* --level or --engine alone: the computer plays Black. */
  if (white == NULL && black == NULL && (level_text != NULL || engine != NULL))
    computer[CHESS_COLOR_BLACK] = TRUE;
  self->engine = engine;
  self->protocol = protocol;
  self->level = (int) level;
  self->movetime_ms = movetime_ms;
  /* The engines first: a wrong --engine is said before anything else. */
  if (!chess_play_start_computers (self, computer))
    {
      chess_play_stop_computers (self);
      return 1;
    }

  game = chess_game_new ();
  self->game = game;
  self->selected = CHESS_NO_SQUARE;
  self->input = chess_cli_input_new (!isatty (STDIN_FILENO));
  chess_cli_input_set_complete (self->input, chess_play_complete_cb, self);
  self->messages = g_string_new (NULL);
  chess_term_view_init (&self->view);
  if (!ascii && chess_term_fancy_possible ())
    {
      self->view.unicode = TRUE;
      self->view.color = TRUE;
      self->clear_screen = TRUE;
    }

  /* No game of this session, whether from a position, a file or the
   * start, ever replaces an unfinished game (the desktop app's or an
   * earlier terminal game's, offered or not, however often declined): the
   * player ends those by playing them to the end. */
  chess_game_keep_unfinished_games ();

  if (fen != NULL && !chess_game_set_fen (game, fen, &error))
    {
      fprintf (stderr, _("Cannot start from that position: %s\n"), error->message);
      chess_play_stop_computers (self);
      g_string_free (self->messages, TRUE);
      chess_cli_input_free (self->input);
      return 2;
    }
  if (files != NULL && files[0] != NULL && !chess_play_load_file (self, files[0], &error))
    {
      fprintf (stderr, "%s\n", error->message);
      chess_play_stop_computers (self);
      g_string_free (self->messages, TRUE);
      chess_cli_input_free (self->input);
      return self->quit ? 0 : 1;
    }

  if (fen == NULL && files == NULL && !offer_last_game (self))
    {
      chess_play_stop_computers (self);
      g_string_free (self->messages, TRUE);
      chess_cli_input_free (self->input);
      return 0;
    }

  chess_play_name_computers (self);
  chess_play_watch_game (self);

  chess_play_say (self, _("Welcome to ThinkChess. Type a move (“e4”), a square (“e2”) or “help”."));
  if (chess_game_is_over (game))
    {
      g_autofree char *words = chess_game_describe_result (game);

      g_string_append_printf (self->messages, _("This game is over: %s.\n"), words);
    }
  self->redraw = TRUE;

  while (!self->quit)
    {
      g_autofree char *line = NULL;
      g_autofree char *prompt = NULL;

      flush_output (self);
      if (self->quit)
        break;
      drain_events ();
      if (!chess_game_is_over (game) && chess_play_is_computer (self, chess_game_get_side_to_move (game)))
        {
          chess_play_computer_move (self);
          continue;
        }
      flush_output (self);
      prompt = chess_play_make_prompt (self);
      line = chess_play_read_line (self, prompt, TRUE);
      if (line == NULL)
        {
          /* Ctrl+D. */
          putchar ('\n');
          break;
        }
      if (!chess_play_line_is_acceptable (line))
        continue;
      chess_play_handle_line (self, line);
    }
  flush_output (self);

  if (chess_game_is_over (game))
    {
      g_autofree char *words = chess_game_describe_result (game);

      printf (_("Result: %s (%s)\n"), words,
              chess_game_result_to_string (chess_game_get_result (game)));
    }
  if (self->autosaved)
    {
      g_autofree char *path = chess_game_autosave_path ();

      printf (_("The game is saved in “%s”; the desktop app can continue it.\n"), path);
    }

  chess_play_stop_computers (self);
  g_signal_handlers_disconnect_by_data (game, self);
  chess_cli_source_clear (&self->source);
  g_string_free (self->messages, TRUE);
  chess_cli_input_free (self->input);
  return 0;
}
