/* thinkchess-cli — the command-line face of ThinkChess: perft, PGN tools
 * and the terminal game. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "chess-cli.h"

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *usage;
} ChessCliCommand;

static const ChessCliCommand commands[] = {
  /* Each subcommand adds its line here. */
  { "match", chess_cli_match, "match [OPTION…] --engine KEY=VALUE… --engine KEY=VALUE…" },
  { "perft", chess_cli_perft, "perft [--fen FEN] [--divide] DEPTH | perft --epd FILE [--max-depth N]" },
  { "pgn", chess_cli_pgn, "pgn [--count | --export | --list] FILE…" },
  { "bench", chess_cli_bench, "bench [DEPTH]" },
  { "play", chess_cli_play, "play [--fen FEN] [--ascii] [FILE.pgn]" },
  { "uci", chess_cli_uci, "uci" },
  { "review", chess_cli_review, "review GAME.pgn [--game N] [--nodes N] [--engine CMD] [--player white|black]" },
  { "puzzles", chess_cli_puzzles, "puzzles [--id ID] [--theme THEME] [--mistakes] [--ascii] | puzzles --export" },
};

gboolean
chess_cli_flush_stdout (void)
{
  static gboolean said;
  gboolean flushed = fflush (stdout) == 0;
  int saved_errno = errno;

  if (flushed && !ferror (stdout))
    return TRUE;
  if (!said)
    {
      if (!flushed)
        fprintf (stderr, _("Could not write to standard output: %s\n"), g_strerror (saved_errno));
      else
        fprintf (stderr, "%s\n", _("Could not write all of the output to standard output."));
    }
  said = TRUE;
  return FALSE;
}

static void
print_usage (FILE *out)
{
  fprintf (out, _("Usage: thinkchess-cli COMMAND [ARGUMENTS…]\n\nCommands:\n"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %s\n", commands[i].usage);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("THINKCHESS_LOCALEDIR") ? g_getenv ("THINKCHESS_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      if (!chess_cli_flush_stdout ())
        return 1;
      return argc < 2 ? 2 : 0;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        int status = commands[i].run (argc - 1, argv + 1);

        /* What was printed must have arrived: a full disk is an error. */
        if (!chess_cli_flush_stdout () && status == 0)
          status = 1;
        return status;
      }

  fprintf (stderr, _("Unknown command “%s”.\n"), argv[1]);
  print_usage (stderr);
  return 2;
}
