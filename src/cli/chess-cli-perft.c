/* chess-cli-perft.c — `thinkchess-cli perft`: counts the leaves of the legal
 * move tree, per root move with --divide, or checks an EPD file of known
 * counts. The output is read by scripts: keep its format. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess-board.h"
#include "chess-cli.h"
#include "chess-file-read.h"
#include "chess-notation.h"

#define MAX_DEPTH 32

/* A depth from 0 to MAX_DEPTH; FALSE with the range said otherwise. */
static bool
parse_depth (const char *text, int *depth)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 0, MAX_DEPTH, &v, NULL))
    {
      /* Translators: the largest depth, then what was given. */
      fprintf (stderr, _("The depth must be a number from 0 to %d, not “%s”.\n"), MAX_DEPTH, text);
      return false;
    }
  *depth = (int) v;
  return true;
}

static int
run_perft (ChessBoard *board, int depth, bool divide)
{
  uint64_t total = 0;

  if (divide && depth >= 1)
    {
      ChessMoveList list;

      chess_board_generate_legal (board, &list);
      for (int i = 0; i < list.count; i++)
        {
          ChessUndo undo;
          char uci[CHESS_MOVE_TEXT_MAX];
          uint64_t n;

          chess_move_format (board, list.moves[i], CHESS_NOTATION_UCI, uci);
          chess_board_make (board, list.moves[i], &undo);
          n = chess_perft (board, depth - 1);
          chess_board_unmake (board, list.moves[i], &undo);
          printf ("%s: %" PRIu64 "\n", uci, n);
          total += n;
        }
    }
  else
    total = chess_perft (board, depth);

  printf ("Nodes searched: %" PRIu64 "\n", total);
  return 0;
}

/* One EPD line: "FEN ;D1 20 ;D2 400 …". Adds to the tallies. */
static void
check_epd_line (const char *line, guint lineno, int max_depth, int *passed, int *failed)
{
  g_auto (GStrv) parts = g_strsplit (line, ";", -1);
  g_autoptr (GError) error = NULL;
  ChessBoard board;

  if (!chess_board_from_fen (&board, parts[0], &error))
    {
      printf (_("Line %u: %s\n"), lineno, error->message);
      (*failed)++;
      return;
    }
  for (int i = 1; parts[i]; i++)
    {
      g_autofree char *op = g_strstrip (g_strdup (parts[i]));
      guint64 depth, expected, got;
      char *end;

      if (op[0] != 'D')
        continue;
      depth = g_ascii_strtoull (op + 1, &end, 10);
      if (end == op + 1 || *end != ' ' || depth > MAX_DEPTH)
        {
          printf (_("Line %u: cannot read “%s”\n"), lineno, op);
          (*failed)++;
          continue;
        }
      expected = g_ascii_strtoull (end, NULL, 10);
      if ((int) depth > max_depth)
        continue;
      got = chess_perft (&board, (int) depth);
      if (got == expected)
        (*passed)++;
      else
        {
          char want[24], have[24];

          g_snprintf (want, sizeof want, "%" G_GUINT64_FORMAT, expected);
          g_snprintf (have, sizeof have, "%" G_GUINT64_FORMAT, got);
          printf (_("Line %u: depth %u: expected %s, got %s (%s)\n"),
                  lineno, (unsigned) depth, want, have, g_strstrip (parts[0]));
          (*failed)++;
        }
    }
}

static int
run_epd (const char *path, int max_depth)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  int passed = 0, failed = 0;

  if (!chess_file_read (path, CHESS_FILE_READ_MAX_BYTES, &contents, NULL, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_autofree char *line = g_strstrip (g_strdup (lines[i]));
      if (line[0] == '\0' || line[0] == '#')
        continue;
      check_epd_line (line, i + 1, max_depth, &passed, &failed);
    }
  printf ("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

int
chess_cli_perft (int argc, char **argv)
{
  g_autofree char *fen = NULL;
  g_autofree char *epd = NULL;
  gboolean divide = FALSE;
  g_autofree char *max_depth_text = NULL;
  int max_depth = MAX_DEPTH;
  const GOptionEntry entries[] = {
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen, N_("Start from this position"), N_("FEN") },
    { "divide", 0, 0, G_OPTION_ARG_NONE, &divide, N_("Print the count below each root move"), NULL },
    { "epd", 0, 0, G_OPTION_ARG_FILENAME, &epd, N_("Check the counts in an EPD file"), N_("FILE") },
    { "max-depth", 0, 0, G_OPTION_ARG_STRING, &max_depth_text, N_("With --epd, check depths up to N only"), N_("N") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("DEPTH — count the leaves of the move tree"));
  g_autoptr (GError) error = NULL;
  ChessBoard board;
  int depth;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }

  if (epd)
    {
      if (argc != 1)
        {
          fprintf (stderr, _("Usage: thinkchess-cli perft --epd FILE [--max-depth N]\n"));
          return 2;
        }
      if (max_depth_text != NULL && !parse_depth (max_depth_text, &max_depth))
        return 2;
      return run_epd (epd, max_depth);
    }

  if (argc != 2)
    {
      fprintf (stderr, _("Usage: thinkchess-cli perft [--fen FEN] [--divide] DEPTH\n"));
      return 2;
    }
  if (!parse_depth (argv[1], &depth))
    return 2;
  if (!chess_board_from_fen (&board, fen ? fen : CHESS_START_FEN, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  return run_perft (&board, depth, divide);
}
