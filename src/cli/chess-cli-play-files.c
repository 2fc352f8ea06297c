/* chess-cli-play-files.c — the terminal game's files: "save FILE" writes
 * the game as PGN (back in its place when it came from that file), and
 * "load FILE" or a file on the command line opens a game, asking which one
 * when the file holds several. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "chess-cli-play-private.h"
#include "chess-file-read.h"

/* A file name argument: the rest of the line, without surrounding quotes. */
static char *
file_argument (const char *args)
{
  gsize len = strlen (args);

  if (len >= 2 && ((args[0] == '"' && args[len - 1] == '"')
                   || (args[0] == '\'' && args[len - 1] == '\'')))
    return g_strndup (args + 1, len - 2);
  return g_strdup (args);
}

static gboolean
ask_cb (gpointer    user_data,
        const char *question)
{
  return chess_play_ask_yes_no (user_data, question);
}

void
chess_play_save (ChessPlay  *self,
                 const char *args)
{
  g_autofree char *path = file_argument (args);
  g_autoptr(ChessPgnGame) pgn = NULL;

  if (path[0] == '\0')
    {
      chess_play_say (self, _("Save where? Type “save FILE”, for example “save game.pgn”."));
      return;
    }

  /* A question about the file needs the screen up to date. */
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  g_autofree char *message = NULL;
  pgn = chess_game_to_pgn (self->game);
  chess_cli_save_game (pgn, path, &self->source, ask_cb, self, &message);
  g_string_append_printf (self->messages, "%s\n", message);
}

/* Loads the game in `path` into the game, asking which one when the file
 * holds several. Returns FALSE with a message in `error`; the game is
 * unchanged then. */
gboolean
chess_play_load_file (ChessPlay   *self,
                      const char  *path,
                      GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GPtrArray) index = NULL;
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autoptr(GError) local_error = NULL;
  ChessPgnIndexEntry *entry;
  ChessPgnLocation where = { 0, 0 };
  guint chosen = 0;

  if (!chess_file_read (path, CHESS_FILE_READ_MAX_BYTES, &data, &length, &local_error))
    {
      g_set_error_literal (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO, local_error->message);
      return FALSE;
    }

  if (chess_pgn_looks_binary (data, length))
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_NO_GAMES,
                   _("“%s” is not a PGN file: it holds binary data, not text."), path);
      return FALSE;
    }
  index = chess_pgn_index (data, length);
  if (index->len == 0)
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_NO_GAMES,
                   _("“%s” holds no chess game."), path);
      return FALSE;
    }

  if (index->len > 1)
    {
      /* Several games: the player picks one by number. */
      printf (ngettext ("“%s” holds %u game:\n", "“%s” holds %u games:\n", index->len),
              path, index->len);
      for (guint i = 0; i < index->len && i < 20; i++)
        {
          g_autoptr(GString) text = g_string_new (NULL);
          const char *fields[3];

          entry = g_ptr_array_index (index, i);
          fields[0] = entry->result;
          fields[1] = entry->date;
          fields[2] = entry->event;
          g_string_append_printf (text, "%s \u2013 %s",
                                  entry->white[0] != '\0' ? entry->white : "?",
                                  entry->black[0] != '\0' ? entry->black : "?");
          for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
            if (fields[f] != NULL && fields[f][0] != '\0')
              g_string_append_printf (text, ", %s", fields[f]);
          printf ("  %u. %s\n", entry->number, text->str);
        }
      if (index->len > 20)
        printf ("  \u2026\n");
      while (chosen == 0)
        {
          g_autofree char *line = NULL;
          guint64 n;

          g_autofree char *prompt = g_strdup_printf (_("Which game (1–%u)? "), index->len);

          line = chess_play_read_line (self, prompt, FALSE);
          if (line == NULL)
            {
              putchar ('\n');
              self->quit = TRUE;
              g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO,
                           _("No game chosen from “%s”."), path);
              return FALSE;
            }
          if (!chess_play_line_is_acceptable (line))
            continue;
          g_strstrip (line);
          if (g_ascii_string_to_unsigned (line, 10, 1, index->len, &n, NULL))
            chosen = n;
          else
            printf (_("Please type a number from 1 to %u.\n"), index->len);
        }
    }
  else
    chosen = 1;

  entry = g_ptr_array_index (index, chosen - 1);
  pgn = chess_pgn_parse_game (data + entry->offset, entry->length, entry->line,
                              &where, &local_error);
  if (pgn == NULL)
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_SYNTAX,
                   "“%s”: %s", path, local_error->message);
      return FALSE;
    }
  if (!chess_game_load_pgn (self->game, pgn, &local_error))
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_ILLEGAL,
                   "“%s”: %s", path, local_error->message);
      return FALSE;
    }
  chess_game_play_on (self->game);
  /* "save" to this file puts the game back in its place. */
  chess_cli_source_set (&self->source, path, data, length, entry);
  return TRUE;
}

void
chess_play_load (ChessPlay  *self,
                 const char *args)
{
  g_autofree char *path = file_argument (args);
  g_autoptr(GError) error = NULL;

  if (path[0] == '\0')
    {
      chess_play_say (self, _("Load what? Type “load FILE”, for example “load game.pgn”."));
      return;
    }

  /* A question about the game to pick needs the screen up to date. */
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  if (!chess_play_load_file (self, path, &error))
    {
      g_string_append_printf (self->messages, "%s\n", error->message);
      if (!self->quit)
        chess_play_say (self, _("The game on the board is unchanged."));
      return;
    }
  g_string_append_printf (self->messages, _("Loaded “%s”.\n"), path);
  if (chess_game_is_over (self->game))
    {
      g_autofree char *words = chess_game_describe_result (self->game);

      g_string_append_printf (self->messages, _("This game is over: %s.\n"), words);
    }
}
