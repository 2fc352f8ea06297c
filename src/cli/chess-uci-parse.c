/* chess-uci-parse.c — reading the lines a UCI GUI sends (see chess-uci-parse.h).
 *
 * Tokens are separated by any run of spaces or tabs. Unknown words before a
 * command are skipped, as the protocol asks; a malformed command is refused
 * whole, with a message, and changes nothing. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "chess-notation.h"
#include "chess-uci-parse.h"

G_DEFINE_QUARK (chess-uci-error-quark, chess_uci_error)

/* A line longer than this is refused: no real command comes close (a
 * position with 5,000 moves is about 25,000 characters). */
#define MAX_LINE 1000000

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

/* The words of `go`. Anything else in it is ignored, with a note. */
static const char *const go_words[] = {
  "searchmoves", "ponder", "infinite", "wtime", "btime", "winc", "binc", "movestogo",
  "depth", "nodes", "mate", "movetime",
};

static gboolean
is_go_word (const char *word)
{
  for (gsize i = 0; i < G_N_ELEMENTS (go_words); i++)
    if (strcmp (word, go_words[i]) == 0)
      return TRUE;
  return FALSE;
}

static void
add_note (ChessUciCommand *cmd, char *message)
{
  if (!cmd->notes)
    cmd->notes = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (cmd->notes, message);
}

/* A number after a word of `go`: a whole one, or a decimal one such as
 * "100.5" or "1e3", which some GUIs send, cut to a whole one (`*whole`
 * FALSE). FALSE when the word is no number. */
static gboolean
read_go_number (const char *word, gint64 *out, gboolean *whole)
{
  char *end = NULL;
  gint64 v = g_ascii_strtoll (word, &end, 10);
  double d;

  *whole = TRUE;
  if (end != word && *end == '\0')
    {
      *out = v;
      return TRUE;
    }
  d = g_ascii_strtod (word, &end);
  if (end == word || *end != '\0' || !isfinite (d))
    return FALSE;
  *whole = FALSE;
  *out = d >= 9e18 ? G_GINT64_CONSTANT (9000000000000000000)
         : d <= -9e18 ? -G_GINT64_CONSTANT (9000000000000000000) : (gint64) d;
  return TRUE;
}

static void
parse_searchmoves (char **w, int n, int *i, const ChessBoard *current, ChessUciCommand *cmd)
{
  ChessSearchLimits *l = &cmd->limits;

  for ((*i)++; *i < n && !is_go_word (w[*i]); (*i)++)
    {
      ChessMove m;

      if (!chess_move_parse (current, w[*i], &m, NULL))
        add_note (cmd, g_strdup_printf (_("“%s” after “searchmoves” is not a legal move here; it is ignored."),
                                        w[*i]));
      else if (l->n_search_moves < CHESS_MAX_MOVES)
        l->search_moves[l->n_search_moves++] = m;
    }
  (*i)--;
  if (l->n_search_moves == 0)
    add_note (cmd, g_strdup (_("“searchmoves” names no legal move; all moves are searched.")));
}

/* Reads `go` leniently, as other engines do: a word it does not know, or
 * a number it cannot read, is left out with a note, so that every `go` is
 * answered. A limit that asks for less than the least search gets the
 * least, and a clock for the opponent alone means ours has run out: an
 * explicit limit never means "think forever". */
static void
parse_go (char **w, int n, const ChessBoard *current, ChessUciCommand *cmd)
{
  ChessSearchLimits *l = &cmd->limits;
  const gint64 max_ms = G_GINT64_CONSTANT (1) << 40;
  ChessColor us = (ChessColor) current->side, them = (ChessColor) !current->side;

  for (int i = 0; i < n; i++)
    {
      const char *k = w[i], *arg = i + 1 < n ? w[i + 1] : NULL;
      gint64 v;
      gboolean whole;

      if (strcmp (k, "infinite") == 0)
        l->infinite = true;
      else if (strcmp (k, "ponder") == 0)
        l->ponder = true;
      else if (strcmp (k, "searchmoves") == 0)
        parse_searchmoves (w, n, &i, current, cmd);
      else if (!is_go_word (k))
        add_note (cmd, g_strdup_printf (_("Unknown word “%s” in “go”; it is ignored."), k));
      else if (arg == NULL || is_go_word (arg))
        add_note (cmd, g_strdup_printf (_("“%s” needs a number after it; it is ignored."), k));
      else if (i++, !read_go_number (arg, &v, &whole))
        add_note (cmd, g_strdup_printf (_("“%s” after “%s” is not a number; both are ignored."), arg, k));
      else
        {
          if (!whole)
            {
              char text[32];
              g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, v);
              add_note (cmd, g_strdup_printf (_("“%s” after “%s” is not a whole number; %s is used."),
                                              arg, k, text));
            }
          /* Huge values are cut; a negative clock is a fallen flag. */
          v = CLAMP (v, -max_ms, max_ms);
          if ((strcmp (k, "depth") == 0 || strcmp (k, "movetime") == 0 || strcmp (k, "nodes") == 0)
              && v < 1)
            {
              add_note (cmd, g_strdup_printf (_("“%s %s” asks for less than the least search; %s 1 is used."),
                                              k, arg, k));
              v = 1;
            }
          if (strcmp (k, "wtime") == 0)
            l->time_ms[CHESS_COLOR_WHITE] = MAX (v, 0);
          else if (strcmp (k, "btime") == 0)
            l->time_ms[CHESS_COLOR_BLACK] = MAX (v, 0);
          else if (strcmp (k, "winc") == 0)
            l->inc_ms[CHESS_COLOR_WHITE] = MAX (v, 0);
          else if (strcmp (k, "binc") == 0)
            l->inc_ms[CHESS_COLOR_BLACK] = MAX (v, 0);
          else if (strcmp (k, "movestogo") == 0)
            l->moves_to_go = (int) CLAMP (v, 0, 10000);
          else if (strcmp (k, "depth") == 0)
            l->depth = (int) MIN (v, CHESS_ENGINE_MAX_PLY - 8);
          else if (strcmp (k, "nodes") == 0)
            l->nodes = (uint64_t) v;
          else if (strcmp (k, "mate") == 0)
            l->mate = (int) CLAMP (v, 0, CHESS_ENGINE_MAX_PLY / 2);
          else
            l->move_time_ms = v;
        }
    }
  if (l->time_ms[us] < 0 && l->time_ms[them] >= 0)
    {
      /* As Stockfish does: our clock is taken to be at zero. */
      l->time_ms[us] = 0;
      if (l->move_time_ms == 0 && !l->infinite)
        add_note (cmd, g_strdup (_("Only the opponent's clock was given; the move is made at once, "
                                   "as with no time left.")));
    }
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

static const struct
{
  const char         *word;
  ChessUciCommandType type;
} commands[] = {
  { "uci", CHESS_UCI_UCI }, { "debug", CHESS_UCI_DEBUG }, { "isready", CHESS_UCI_ISREADY },
  { "register", CHESS_UCI_REGISTER }, { "ucinewgame", CHESS_UCI_UCINEWGAME },
  { "stop", CHESS_UCI_STOP }, { "ponderhit", CHESS_UCI_PONDERHIT }, { "quit", CHESS_UCI_QUIT },
  { "setoption", CHESS_UCI_SETOPTION }, { "position", CHESS_UCI_POSITION }, { "go", CHESS_UCI_GO },
};

static gboolean
find_command (const char *word, size_t length, ChessUciCommandType *type)
{
  for (gsize j = 0; j < G_N_ELEMENTS (commands); j++)
    if (strlen (commands[j].word) == length && memcmp (word, commands[j].word, length) == 0)
      {
        *type = commands[j].type;
        return TRUE;
      }
  return FALSE;
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

gboolean
chess_uci_command_type (const char *line, ChessUciCommandType *type)
{
  const char *p = line;
  gboolean any_word = FALSE;

  *type = CHESS_UCI_EMPTY;
  for (;;)
    {
      const char *word;

      while (is_blank (*p))
        p++;
      if (!*p)
        return !any_word;
      word = p;
      while (*p && !is_blank (*p))
        p++;
      /* Unknown words before the command are skipped, as in chess_uci_parse(). */
      if (find_command (word, (size_t) (p - word), type))
        return TRUE;
      any_word = TRUE;
    }
}

gboolean
chess_uci_parse (const char *line, const ChessBoard *current,
                 ChessUciCommand *cmd, GError **error)
{
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
      if (find_command (w[first], strlen (w[first]), &cmd->type))
        goto found;
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
      parse_go (w, n, current, cmd);
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
  g_clear_pointer (&cmd->notes, g_ptr_array_unref);
  cmd->n_moves = 0;
}
