/* chess-cli-pgn.c — `thinkchess-cli pgn`: replay, count or re-export the
 * games of PGN files.
 *
 *   thinkchess-cli pgn FILE…           "<game number> <final FEN>" per game
 *   thinkchess-cli pgn --count FILE…   "<games> games, <plies> plies"
 *   thinkchess-cli pgn --export FILE…  every game again in PGN export format
 *   thinkchess-cli pgn --list FILE…    the game list from the tags alone:
 *                                      number, White, Black, result, date and
 *                                      event, separated by tabs
 *
 * Errors go to stderr as "FILE:LINE:COLUMN: message"; the exit status is 1
 * when any game failed, and the other games are still printed. The output
 * lines are an interface other tools read, so they are not translated.
 */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "chess-cli.h"
#include "chess-file-read.h"
#include "chess-pgn.h"

typedef enum
{
  MODE_REPLAY,
  MODE_COUNT,
  MODE_EXPORT,
  MODE_LIST,
} Mode;

/* A run of games replayed by one thread into its own buffers. */
typedef struct
{
  const char *path;
  const char *data;
  gsize       length;
  GPtrArray  *index;
  guint       first;
  guint       last;        /* one past */
  Mode        mode;
  GString    *out;
  GString    *err;
  guint64     games;
  guint64     plies;
  gboolean    failed;
} Chunk;

static void
report (GString                *err,
        const char             *path,
        const ChessPgnLocation *where,
        const GError           *error)
{
  g_string_append_printf (err, "%s:%u:%u: %s\n", path, where->line, where->column,
                          error->message);
}

static gpointer
replay_chunk (gpointer data)
{
  Chunk *c = data;
  char fen[CHESS_FEN_MAX];

  for (guint i = c->first; i < c->last; i++)
    {
      const ChessPgnIndexEntry *e = g_ptr_array_index (c->index, i);
      ChessPgnLocation where = { 0, 0 };
      g_autoptr(GError) error = NULL;
      ChessBoard final;
      guint plies = 0;

      if (!chess_pgn_replay_entry (c->data, c->length, e, &final, &plies, &where, &error))
        {
          report (c->err, c->path, &where, error);
          c->failed = TRUE;
          continue;
        }
      c->games++;
      c->plies += plies;
      if (c->mode == MODE_REPLAY)
        {
          chess_board_to_fen (&final, fen);
          g_string_append_printf (c->out, "%u %s\n", e->number, fen);
        }
    }
  return NULL;
}

/* PGN is text: a byte that no text holds (NUL and the other control
 * characters but tab, line and page breaks) means the game's bytes are not
 * PGN at all. --list reads no moves, so it checks for them here: random
 * bytes are not a list of untitled games. Returns the first such byte's
 * offset in the entry, or -1. */
static gssize
find_binary_byte (const char *data,
                  gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      guchar c = (guchar) data[i];

      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f'
           && c != 0x1a /* DOS's end of file */)
          || c == 0x7f)
        return (gssize) i;
    }
  return -1;
}

/* The 1-based line and column of data[offset], counting from `first_line`. */
static void
locate (const char       *data,
        gsize             offset,
        guint             first_line,
        ChessPgnLocation *where)
{
  where->line = first_line;
  where->column = 1;
  for (gsize i = 0; i < offset; i++)
    {
      if (data[i] == '\n')
        {
          where->line++;
          where->column = 1;
        }
      else
        where->column++;
    }
}

static gboolean
export_games (const char *path,
              const char *data,
              gsize       length,
              GPtrArray  *index,
              gboolean   *first_game)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < index->len; i++)
    {
      const ChessPgnIndexEntry *e = g_ptr_array_index (index, i);
      ChessPgnLocation where = { 0, 0 };
      g_autoptr(GError) error = NULL;
      g_autoptr(ChessPgnGame) game = chess_pgn_parse_entry (data, length, e, &where, &error);

      if (game == NULL)
        {
          g_autoptr(GString) err = g_string_new (NULL);
          report (err, path, &where, error);
          fflush (stdout);
          fputs (err->str, stderr);
          ok = FALSE;
          continue;
        }
      g_autofree char *text = chess_pgn_game_to_string (game);
      if (!*first_game)
        fputc ('\n', stdout);
      fputs (text, stdout);
      *first_game = FALSE;
    }
  return ok;
}

static gboolean
process_file (const char *path,
              Mode        mode,
              guint64    *games,
              guint64    *plies,
              gboolean   *first_game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) file = NULL;

  file = chess_file_map (path, &error);
  if (file == NULL)
    {
      fflush (stdout);
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }

  const char *data = g_mapped_file_get_contents (file);
  gsize length = g_mapped_file_get_length (file);
  if (data == NULL)
    data = "";
  if (chess_pgn_looks_binary (data, length))
    {
      fflush (stdout);
      fprintf (stderr, "%s: %s\n", path, _("not a PGN file: it holds binary data, not text"));
      return FALSE;
    }
  g_autoptr(GPtrArray) index = chess_pgn_index (data, length);

  if (index->len == 0)
    {
      fflush (stdout);
      fprintf (stderr, "%s:1:1: %s\n", path, _("no games found"));
      return FALSE;
    }

  if (mode == MODE_LIST)
    {
      GString *out = g_string_sized_new (index->len * 80);
      g_autoptr(GString) err = g_string_new (NULL);
      for (guint i = 0; i < index->len; i++)
        {
          const ChessPgnIndexEntry *e = g_ptr_array_index (index, i);
          gssize bad = find_binary_byte (data + e->offset, e->length);

          if (bad >= 0)
            {
              ChessPgnLocation where;

              locate (data + e->offset, (gsize) bad, e->line, &where);
              g_string_append_printf (err, "%s:%u:%u: ", path, where.line, where.column);
              /* Translators: a byte's value ("0x00"), then the game's number. */
              g_string_append_printf (err, _("byte 0x%02X is not PGN text: game %u is not a chess game"),
                                      (guchar) data[e->offset + (gsize) bad], e->number);
              g_string_append_c (err, '\n');
              continue;
            }
          g_string_append_printf (out, "%u\t%s\t%s\t%s\t%s\t%s\n", e->number, e->white,
                                  e->black, e->result, e->date, e->event);
          *games += 1;
        }
      fwrite (out->str, 1, out->len, stdout);
      g_string_free (out, TRUE);
      if (err->len > 0)
        {
          fflush (stdout);
          fputs (err->str, stderr);
        }
      return err->len == 0;
    }

  if (mode == MODE_EXPORT)
    {
      gboolean ok = export_games (path, data, length, index, first_game);
      *games += index->len;
      return ok;
    }

  /* Large files are split between the processors; each part is printed
   * in order once all are done. */
  guint n_threads = MIN (g_get_num_processors (), 8);
  if (index->len < 64 * n_threads)
    n_threads = 1;
  Chunk *chunks = g_new0 (Chunk, n_threads);
  GThread **threads = g_new0 (GThread *, n_threads);
  for (guint t = 0; t < n_threads; t++)
    {
      Chunk *c = &chunks[t];
      c->path = path;
      c->data = data;
      c->length = length;
      c->index = index;
      c->first = (guint) ((guint64) index->len * t / n_threads);
      c->last = (guint) ((guint64) index->len * (t + 1) / n_threads);
      c->mode = mode;
      c->out = g_string_sized_new (mode == MODE_REPLAY ? (c->last - c->first) * 80 : 0);
      c->err = g_string_new (NULL);
      if (t > 0)
        threads[t] = g_thread_new ("pgn", replay_chunk, c);
    }
  replay_chunk (&chunks[0]);

  gboolean ok = TRUE;
  for (guint t = 0; t < n_threads; t++)
    {
      Chunk *c = &chunks[t];
      if (t > 0)
        g_thread_join (threads[t]);
      fwrite (c->out->str, 1, c->out->len, stdout);
      if (c->err->len > 0)
        {
          fflush (stdout);
          fwrite (c->err->str, 1, c->err->len, stderr);
        }
      *games += c->games;
      *plies += c->plies;
      ok = ok && !c->failed;
      g_string_free (c->out, TRUE);
      g_string_free (c->err, TRUE);
    }
  g_free (threads);
  g_free (chunks);
  return ok;
}

int
chess_cli_pgn (int    argc,
               char **argv)
{
  Mode mode = MODE_REPLAY;
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  gboolean options_done = FALSE;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (!options_done && strcmp (a, "--") == 0)
        options_done = TRUE;
      else if (!options_done && strcmp (a, "--count") == 0)
        mode = MODE_COUNT;
      else if (!options_done && strcmp (a, "--export") == 0)
        mode = MODE_EXPORT;
      else if (!options_done && strcmp (a, "--list") == 0)
        mode = MODE_LIST;
      else if (!options_done && (strcmp (a, "--help") == 0 || strcmp (a, "-h") == 0))
        {
          printf ("%s\n", _("Usage: thinkchess-cli pgn [--count | --export | --list] FILE…"));
          printf ("%s\n", _("Replays every game and prints its number and final position (FEN);\n"
                            "--count prints the number of games and plies, --export writes the\n"
                            "games again in PGN export format, --list prints the game list\n"
                            "(number, White, Black, result, date, event) without reading the moves."));
          return 0;
        }
      else if (!options_done && a[0] == '-' && a[1] != '\0')
        {
          fprintf (stderr, _("Unknown option “%s”.\n"), a);
          return 2;
        }
      else
        g_ptr_array_add (files, argv[i]);
    }
  if (files->len == 0)
    {
      fprintf (stderr, "%s\n", _("Usage: thinkchess-cli pgn [--count | --export | --list] FILE…"));
      return 2;
    }

  guint64 games = 0, plies = 0;
  gboolean first_game = TRUE;
  gboolean ok = TRUE;
  for (guint i = 0; i < files->len; i++)
    if (!process_file (g_ptr_array_index (files, i), mode, &games, &plies, &first_game))
      ok = FALSE;

  if (mode == MODE_COUNT)
    printf ("%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " plies\n", games, plies);
  return ok ? 0 : 1;
}
