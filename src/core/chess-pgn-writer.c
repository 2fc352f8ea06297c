/* chess-pgn-writer.c — PGN export format, and saving files atomically. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "chess-notation.h"
#include "chess-pgn-private.h"

/* The standard asks for import-friendly lines of at most 79 characters;
 * that also keeps every line within 80 columns. */
#define PGN_LINE_WIDTH 79

static const char *const seven_tags[] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
static const char *const seven_defaults[] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

static void
append_tag (GString    *out,
            const char *name,
            const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  for (const char *p = value; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      /* A tag is one line: control characters become spaces. */
      g_string_append_c (out, (guchar) *p < 0x20 ? ' ' : *p);
    }
  g_string_append (out, "\"]\n");
}

static gboolean
is_written_apart (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (seven_tags); i++)
    if (strcmp (name, seven_tags[i]) == 0)
      return TRUE;
  return strcmp (name, "TimeControl") == 0 || strcmp (name, "SetUp") == 0
         || strcmp (name, "FEN") == 0 || strcmp (name, "Termination") == 0;
}

typedef struct
{
  GString *out;
  gsize    column;   /* characters on the current line */
} Movetext;

static void
put (Movetext   *mt,
     const char *word,
     gsize       length)
{
  /* A word starting with % must not begin a line: it would make the line
   * an escape line, hidden from every reader. */
  if (mt->column > 0 && mt->column + 1 + length > PGN_LINE_WIDTH && word[0] != '%')
    {
      g_string_append_c (mt->out, '\n');
      mt->column = 0;
    }
  else if (mt->column > 0)
    {
      g_string_append_c (mt->out, ' ');
      mt->column++;
    }
  g_string_append_len (mt->out, word, length);
  mt->column += g_utf8_strlen (word, length);
}

static void
put_str (Movetext   *mt,
         const char *word)
{
  put (mt, word, strlen (word));
}

/* Writes text wrapped between `open` and `close` ("{…}", "(…)"), broken at
 * its spaces so that lines stay short; `close` characters inside become
 * `replacement`. */
static void
put_wrapped (Movetext   *mt,
             char        open,
             const char *text,
             char        close,
             char        replacement)
{
  GString *word = g_string_new (NULL);
  gboolean first = TRUE;
  const char *p = text;

  /* Word by word (a plain loop: text can be long, and sanitizers make
   * g_strsplit's repeated searches slow). */
  for (;;)
    {
      while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      g_string_truncate (word, 0);
      if (first)
        g_string_append_c (word, open);
      first = FALSE;
      for (; *p && *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t'; p++)
        g_string_append_c (word, replacement != 0 && *p == close ? replacement : *p);
      const char *rest = p;
      while (*rest == ' ' || *rest == '\n' || *rest == '\r' || *rest == '\t')
        rest++;
      if (*rest == '\0')
        g_string_append_c (word, close);
      put (mt, word->str, word->len);
    }
  if (first)
    {
      char empty[3] = { open, close, 0 };
      put_str (mt, empty);
    }
  g_string_free (word, TRUE);
}

static void
format_clock (gint64  ms,
              GString *out)
{
  gint64 s = ms / 1000;
  int frac = (int) (ms % 1000);

  g_string_append_printf (out, "[%%clk %" G_GINT64_FORMAT ":%02d:%02d",
                          s / 3600, (int) (s / 60 % 60), (int) (s % 60));
  if (frac % 100 == 0 && frac != 0)
    g_string_append_printf (out, ".%d", frac / 100);
  else if (frac % 10 == 0 && frac != 0)
    g_string_append_printf (out, ".%02d", frac / 10);
  else if (frac != 0)
    g_string_append_printf (out, ".%03d", frac);
  g_string_append_c (out, ']');
}

char *
chess_pgn_game_to_string (const ChessPgnGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  GString *out = g_string_new (NULL);
  const ChessLine *line = &game->line;
  const char *result = game->result != NULL ? game->result : "*";
  char fen[CHESS_FEN_MAX];

  /* Tags: the Seven Tag Roster in its order, then the ones the standard
   * places next, then the rest as they came. */
  for (gsize i = 0; i < G_N_ELEMENTS (seven_tags); i++)
    {
      const char *v = i == 6 ? result : chess_pgn_game_get_tag (game, seven_tags[i]);
      append_tag (out, seven_tags[i], v != NULL && *v ? v : seven_defaults[i]);
    }
  const char *tc = chess_pgn_game_get_tag (game, "TimeControl");
  if (tc != NULL)
    append_tag (out, "TimeControl", tc);
  chess_board_to_fen (&line->start, fen);
  if (strcmp (fen, CHESS_START_FEN) != 0)
    {
      append_tag (out, "SetUp", "1");
      append_tag (out, "FEN", fen);
    }
  const char *termination = chess_pgn_game_get_tag (game, "Termination");
  if (termination != NULL)
    append_tag (out, "Termination", termination);
  for (guint i = 0; i < game->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (game->tag_names, i);
      if (!is_written_apart (name))
        append_tag (out, name, g_ptr_array_index (game->tag_values, i));
    }
  g_string_append_c (out, '\n');

  /* Movetext. */
  Movetext mt = { out, 0 };
  ChessBoard board = line->start;
  gboolean need_number = TRUE;
  GString *clock = g_string_new (NULL);
  char buf[CHESS_MOVE_TEXT_MAX + 16];
  guint *n_variations = g_new0 (guint, line->n_moves + 1);

  for (guint v = 0; v < game->variations->len; v++)
    {
      const ChessPgnVariation *var = g_ptr_array_index (game->variations, v);
      if (var->ply < line->n_moves)
        n_variations[var->ply]++;
    }

  if (game->comment_start != NULL)
    put_wrapped (&mt, '{', game->comment_start, '}', ')');

  for (gsize i = 0; i < line->n_moves; i++)
    {
      ChessMove move = line->moves[i];
      guint number = board.fullmove_number;
      ChessUndo undo;

      if (board.side == CHESS_COLOR_WHITE)
        {
          g_snprintf (buf, sizeof buf, "%u.", number);
          put_str (&mt, buf);
        }
      else if (need_number)
        {
          g_snprintf (buf, sizeof buf, "%u...", number);
          put_str (&mt, buf);
        }
      need_number = FALSE;

      chess_move_format (&board, move, CHESS_NOTATION_SAN, buf);
      put_str (&mt, buf);
      chess_board_make (&board, move, &undo);

      GArray *nags = i < game->nags->len ? g_array_index (game->nags, GArray *, i) : NULL;
      for (guint k = 0; nags != NULL && k < nags->len; k++)
        {
          g_snprintf (buf, sizeof buf, "$%u", g_array_index (nags, guint8, k));
          put_str (&mt, buf);
        }

      const char *comment = i < game->comments->len ? g_ptr_array_index (game->comments, i) : NULL;
      gint64 ms = i < game->clock_ms->len ? g_array_index (game->clock_ms, gint64, i) : -1;
      if (ms >= 0 || comment != NULL)
        {
          g_string_truncate (clock, 0);
          if (ms >= 0)
            format_clock (ms, clock);
          if (ms >= 0 && comment != NULL)
            g_string_append_c (clock, ' ');
          if (comment != NULL)
            g_string_append (clock, comment);
          put_wrapped (&mt, '{', clock->str, '}', ')');
          need_number = TRUE;
        }

      if (n_variations[i] > 0)
        {
          for (guint v = 0; v < game->variations->len; v++)
            {
              const ChessPgnVariation *var = g_ptr_array_index (game->variations, v);
              if (var->ply == i)
                put_wrapped (&mt, '(', var->text != NULL ? var->text : "", ')', 0);
            }
          need_number = TRUE;
        }
    }

  put_str (&mt, result);
  g_string_append_c (out, '\n');

  g_free (n_variations);
  g_string_free (clock, TRUE);
  return g_string_free (out, FALSE);
}

gboolean
chess_pgn_save_file (const char          *path,
                     ChessPgnGame *const *games,
                     guint                n_games,
                     GError             **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (games != NULL || n_games == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  GString *text = g_string_new (NULL);
  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *one = chess_pgn_game_to_string (games[i]);
      if (i > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, one);
    }

  /* g_file_set_contents_full writes a temporary file in the same folder
   * and renames it over the old one: the old file stays whole until the
   * new one is complete. */
  g_autoptr(GError) local = NULL;
  gboolean ok = g_file_set_contents_full (path, text->str, text->len,
                                          G_FILE_SET_CONTENTS_CONSISTENT,
                                          0666, &local);
  g_string_free (text, TRUE);
  if (!ok)
    {
      g_autofree char *name = g_filename_display_name (path);
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO,
                   _("Could not save “%s”: %s"), name, local->message);
      return FALSE;
    }
  return TRUE;
}
