/* chess-uci-parse.c — reading the lines a UCI GUI sends (see chess-uci-parse.h).
 *
 * Tokens are separated by any run of spaces or tabs. Unknown words before a
 * command are skipped, as the protocol asks; a malformed command is refused
 * whole, with a message, and changes nothing. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-notation.h"
#include "chess-uci-parse.h"

G_DEFINE_QUARK (chess-uci-error-quark, chess_uci_error)

/* A line longer than this is refused: no real command comes close (a
 * position with 5,000 moves is about 25,000 characters). */
#define MAX_LINE 1000000

static gboolean
parse_int (const char *word, const char *name, gint64 min, gint64 max,
           gint64 *out, GError **error)
{
  gint64 v;
  char *end = NULL;

  if (word == NULL)
    {
      g_set_error (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_NUMBER,
                   _("“%s” needs a number after it."), name);
      return FALSE;
    }
  v = g_ascii_strtoll (word, &end, 10);
  if (end == word || *end != '\0')
    {
      g_set_error (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_NUMBER,
                   _("“%s” is not a number (after “%s”)."), word, name);
      return FALSE;
    }
  /* Out-of-range values are clamped: GUIs send huge clocks or negative
   * times after a flag fall. */
  *out = v < min ? min : v > max ? max : v;
  return TRUE;
}

static gboolean
parse_position (char **w, int n, ChessUciCommand *cmd, GError **error)
{
  int i = 0;
  ChessBoard board;
  GArray *moves;

  if (i < n && strcmp (w[i], "startpos") == 0)
    {
      chess_board_set_start (&cmd->start);
      i++;
    }
  else if (i < n && strcmp (w[i], "fen") == 0)
    {
      GString *fen = g_string_new (NULL);
      g_autoptr (GError) fen_error = NULL;

      for (i++; i < n && strcmp (w[i], "moves") != 0; i++)
        {
          if (fen->len)
            g_string_append_c (fen, ' ');
          g_string_append (fen, w[i]);
        }
      if (!chess_board_from_fen (&cmd->start, fen->str, &fen_error))
        {
          g_set_error (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_FEN,
                       _("Bad FEN “%s”: %s"), fen->str, fen_error->message);
          g_string_free (fen, TRUE);
          return FALSE;
        }
      g_string_free (fen, TRUE);
    }
  else
    {
      g_set_error_literal (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_SYNTAX,
                           _("“position” must be followed by “startpos” or “fen”."));
      return FALSE;
    }

  if (i < n && strcmp (w[i], "moves") != 0)
    {
      g_set_error (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_SYNTAX,
                   _("Unexpected “%s” in “position”: expected “moves”."), w[i]);
      return FALSE;
    }
  board = cmd->start;
  moves = g_array_new (FALSE, FALSE, sizeof (ChessMove));
  for (i++; i < n; i++)
    {
      ChessMove m;
      ChessUndo undo;
      g_autoptr (GError) move_error = NULL;

      if (!chess_move_parse (&board, w[i], &m, &move_error))
        {
          g_set_error (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_MOVE,
                       _("Move %d, “%s”, cannot be played: %s"), (int) moves->len + 1, w[i],
                       move_error->message);
          g_array_free (moves, TRUE);
          return FALSE;
        }
      chess_board_make (&board, m, &undo);
      g_array_append_val (moves, m);
    }
  cmd->n_moves = moves->len;
  cmd->moves = (ChessMove *) g_array_free (moves, FALSE);
  return TRUE;
}

static gboolean
parse_go (char **w, int n, const ChessBoard *current, ChessUciCommand *cmd, GError **error)
{
  ChessSearchLimits *l = &cmd->limits;
  const gint64 max_ms = G_GINT64_CONSTANT (1) << 40;

  for (int i = 0; i < n; i++)
    {
      const char *k = w[i], *arg = i + 1 < n ? w[i + 1] : NULL;
      gint64 v;

      if (strcmp (k, "infinite") == 0)
        l->infinite = true;
      else if (strcmp (k, "ponder") == 0)
        l->ponder = true;
      else if (strcmp (k, "searchmoves") == 0)
        {
          for (i++; i < n; i++)
            {
              ChessMove m;
              if (!chess_move_parse (current, w[i], &m, NULL))
                {
                  /* The next keyword, or a bad move. */
                  i--;
                  break;
                }
              if (l->n_search_moves < CHESS_MAX_MOVES)
                l->search_moves[l->n_search_moves++] = m;
            }
          if (l->n_search_moves == 0)
            {
              g_set_error_literal (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_MOVE,
                                   _("“searchmoves” names no legal move."));
              return FALSE;
            }
        }
      else
        {
          static const char *const numeric[] = {
            "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate", "movetime",
          };
          gboolean known = FALSE;

          for (gsize j = 0; j < G_N_ELEMENTS (numeric); j++)
            if (strcmp (k, numeric[j]) == 0)
              known = TRUE;
          if (!known)
            {
              g_set_error (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_SYNTAX,
                           _("Unknown word “%s” in “go”."), k);
              return FALSE;
            }
          if (!parse_int (arg, k, strcmp (k, "wtime") == 0 || strcmp (k, "btime") == 0 ? -max_ms : 0,
                          max_ms, &v, error))
            return FALSE;
          i++;
          if (strcmp (k, "wtime") == 0)
            l->time_ms[CHESS_COLOR_WHITE] = v < 0 ? 0 : v;
          else if (strcmp (k, "btime") == 0)
            l->time_ms[CHESS_COLOR_BLACK] = v < 0 ? 0 : v;
          else if (strcmp (k, "winc") == 0)
            l->inc_ms[CHESS_COLOR_WHITE] = v;
          else if (strcmp (k, "binc") == 0)
            l->inc_ms[CHESS_COLOR_BLACK] = v;
          else if (strcmp (k, "movestogo") == 0)
            l->moves_to_go = (int) MIN (v, 10000);
          else if (strcmp (k, "depth") == 0)
            l->depth = (int) MIN (v, CHESS_ENGINE_MAX_PLY - 8);
          else if (strcmp (k, "nodes") == 0)
            l->nodes = (uint64_t) v;
          else if (strcmp (k, "mate") == 0)
            l->mate = (int) MIN (v, CHESS_ENGINE_MAX_PLY / 2);
          else
            l->move_time_ms = v;
        }
    }
  return TRUE;
}

static gboolean
parse_setoption (char **w, int n, ChessUciCommand *cmd, GError **error)
{
  int i = 0;
  GString *name = g_string_new (NULL);

  if (n == 0 || strcmp (w[0], "name") != 0)
    {
      g_string_free (name, TRUE);
      g_set_error_literal (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_SYNTAX,
                           _("“setoption” must be followed by “name”."));
      return FALSE;
    }
  for (i = 1; i < n && strcmp (w[i], "value") != 0; i++)
    {
      if (name->len)
        g_string_append_c (name, ' ');
      g_string_append (name, w[i]);
    }
  if (name->len == 0)
    {
      g_string_free (name, TRUE);
      g_set_error_literal (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_SYNTAX,
                           _("“setoption name” needs an option name."));
      return FALSE;
    }
  cmd->option_name = g_string_free (name, FALSE);
  if (i < n)
    {
      GString *value = g_string_new (NULL);
      for (i++; i < n; i++)
        {
          if (value->len)
            g_string_append_c (value, ' ');
          g_string_append (value, w[i]);
        }
      cmd->option_value = g_string_free (value, FALSE);
    }
  return TRUE;
}

gboolean
chess_uci_parse (const char *line, const ChessBoard *current,
                 ChessUciCommand *cmd, GError **error)
{
  static const struct { const char *word; ChessUciCommandType type; } simple[] = {
    { "uci", CHESS_UCI_UCI }, { "debug", CHESS_UCI_DEBUG }, { "isready", CHESS_UCI_ISREADY },
    { "register", CHESS_UCI_REGISTER }, { "ucinewgame", CHESS_UCI_UCINEWGAME },
    { "stop", CHESS_UCI_STOP }, { "ponderhit", CHESS_UCI_PONDERHIT }, { "quit", CHESS_UCI_QUIT },
    { "setoption", CHESS_UCI_SETOPTION }, { "position", CHESS_UCI_POSITION }, { "go", CHESS_UCI_GO },
  };
  g_auto (GStrv) words = NULL;
  char **w;
  int n = 0, first;
  gboolean ok = TRUE;

  memset (cmd, 0, sizeof *cmd);
  chess_search_limits_init (&cmd->limits);
  cmd->type = CHESS_UCI_EMPTY;

  if (strlen (line) > MAX_LINE || !g_utf8_validate (line, -1, NULL))
    {
      g_set_error_literal (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_SYNTAX,
                           _("The line is too long or not valid UTF-8."));
      return FALSE;
    }
  {
    /* Split on runs of blanks. */
    char *copy = g_strdup (line);
    GPtrArray *a = g_ptr_array_new ();
    for (char *p = copy; *p; p++)
      if (*p == '\t' || *p == '\r' || *p == '\n')
        *p = ' ';
    {
      char **parts = g_strsplit (copy, " ", -1);
      for (int i = 0; parts[i]; i++)
        if (parts[i][0])
          g_ptr_array_add (a, g_strdup (parts[i]));
      g_strfreev (parts);
    }
    g_ptr_array_add (a, NULL);
    words = (GStrv) g_ptr_array_free (a, FALSE);
    g_free (copy);
  }
  w = words;
  while (w[n])
    n++;
  if (n == 0)
    return TRUE;

  /* The protocol says: skip unknown words until a command. */
  for (first = 0; first < n; first++)
    {
      for (gsize j = 0; j < G_N_ELEMENTS (simple); j++)
        if (strcmp (w[first], simple[j].word) == 0)
          {
            cmd->type = simple[j].type;
            goto found;
          }
    }
  g_set_error (error, CHESS_UCI_ERROR, CHESS_UCI_ERROR_UNKNOWN_COMMAND,
               _("Unknown command “%s”."), w[0]);
  return FALSE;

found:
  w += first + 1;
  n -= first + 1;
  switch (cmd->type)
    {
    case CHESS_UCI_SETOPTION:
      ok = parse_setoption (w, n, cmd, error);
      break;
    case CHESS_UCI_POSITION:
      ok = parse_position (w, n, cmd, error);
      break;
    case CHESS_UCI_GO:
      ok = parse_go (w, n, current, cmd, error);
      break;
    default:
      break;
    }
  if (!ok)
    {
      chess_uci_command_clear (cmd);
      cmd->type = CHESS_UCI_EMPTY;
    }
  return ok;
}

void
chess_uci_command_clear (ChessUciCommand *cmd)
{
  g_clear_pointer (&cmd->option_name, g_free);
  g_clear_pointer (&cmd->option_value, g_free);
  g_clear_pointer (&cmd->moves, g_free);
  cmd->n_moves = 0;
}
