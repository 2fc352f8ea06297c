/* chess-cli-save.c — "save FILE" in the terminal game, without losing the
 * other games of a file. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "chess-cli-save.h"
#include "chess-file-read.h"

void
chess_cli_source_clear (ChessCliSource *source)
{
  g_clear_pointer (&source->path, g_free);
  chess_pgn_slot_clear (&source->slot);
  source->slot.offset = source->slot.length = 0;
}

void
chess_cli_source_set (ChessCliSource           *source,
                      const char               *path,
                      const char               *data,
                      gsize                     length,
                      const ChessPgnIndexEntry *entry)
{
  chess_cli_source_clear (source);
  source->path = g_strdup (path);
  source->slot.checksum = chess_pgn_file_checksum (data, length);
  source->slot.offset = entry->offset;
  source->slot.length = entry->length;
}

/* The file's games; -1 when it cannot be read (`error` names the file and
 * says why: a device such as /dev/full is not read, nor written over), 0
 * for a missing or empty file or one without games. */
static int
count_games (const char *path,
             gboolean   *exists,
             GError    **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) local_error = NULL;

  *exists = TRUE;
  if (!chess_file_read (path, CHESS_FILE_READ_MAX_BYTES, &data, &length, &local_error))
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        {
          *exists = FALSE;
          return 0;
        }
      g_propagate_error (error, g_steal_pointer (&local_error));
      return -1;
    }
  if (length == 0)
    *exists = FALSE;
  g_autoptr(GPtrArray) index = chess_pgn_index (data, length);
  return (int) index->len;
}

/* Whether two names are one file (links and "./" included). */
static gboolean
same_file (const char *a,
           const char *b)
{
  char ra[PATH_MAX], rb[PATH_MAX];

  if (realpath (a, ra) != NULL && realpath (b, rb) != NULL)
    return strcmp (ra, rb) == 0;
  g_autofree char *ca = g_canonicalize_filename (a, NULL);
  g_autofree char *cb = g_canonicalize_filename (b, NULL);
  return strcmp (ca, cb) == 0;
}

/* After the whole file was written with the game alone: it lives there. */
static void
source_is_whole_file (ChessCliSource *source,
                      const char     *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  chess_cli_source_clear (source);
  if (!chess_file_read (path, CHESS_FILE_READ_MAX_BYTES, &data, &length, NULL))
    return;
  g_autoptr(GPtrArray) index = chess_pgn_index (data, length);
  if (index->len == 1)
    chess_cli_source_set (source, path, data, length, g_ptr_array_index (index, 0));
}

/* `error` says what failed and names the file: the PGN module's "Could
 * not save “…”: …", or why the file could not be read first. */
static gboolean
failed (GError  *error,
        char   **message)
{
  *message = g_strdup (error->message);
  g_error_free (error);
  return FALSE;
}

gboolean
chess_cli_save_game (const ChessPgnGame *game,
                     const char         *path,
                     ChessCliSource     *source,
                     ChessCliAskFunc     ask,
                     gpointer            ask_data,
                     char              **message)
{
  GError *error = NULL;
  gboolean exists;
  int n_games;

  g_return_val_if_fail (game != NULL && path != NULL && source != NULL, FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  n_games = count_games (path, &exists, &error);
  if (n_games < 0)
    {
      /* Translators: %s says why the file could not be read, naming it. */
      *message = g_strdup_printf (_("%s The game was not saved."), error->message);
      g_error_free (error);
      return FALSE;
    }

  /* Where the game lives: its own place, every other game as it was. */
  if (exists && source->path != NULL && same_file (source->path, path))
    {
      if (!chess_pgn_replace_game (path, &source->slot, game, &error))
        return failed (error, message);
      if (n_games > 1)
        *message = g_strdup_printf (ngettext ("Saved the game in its place in “%s”; the other game is as it was.",
                                              "Saved the game in its place in “%s”; the other %u games are as they were.",
                                              n_games - 1),
                                    path, n_games - 1);
      else
        *message = g_strdup_printf (_("Saved the game to “%s”."), path);
      return TRUE;
    }

  /* A new file. */
  if (!exists)
    {
      chess_cli_source_clear (source);
      if (!chess_pgn_save_file (path, (ChessPgnGame *const *) &game, 1, &error))
        return failed (error, message);
      source_is_whole_file (source, path);
      *message = g_strdup_printf (_("Saved the game to “%s”."), path);
      return TRUE;
    }

  /* Someone's file: added to, or replaced only when the player says so. */
  g_autofree char *add = NULL;
  g_autofree char *replace = NULL;
  if (n_games > 0)
    {
      add = g_strdup_printf (ngettext ("“%s” already holds %u game. Add this game at the end of the file?",
                                       "“%s” already holds %u games. Add this game at the end of the file?",
                                       n_games),
                             path, n_games);
      replace = g_strdup_printf (ngettext ("Replace the whole of “%s”, with its %u game, by this game?",
                                           "Replace the whole of “%s”, with its %u games, by this game?",
                                           n_games),
                                 path, n_games);
    }
  else
    replace = g_strdup_printf (_("“%s” holds no chess game. Replace it by this game?"), path);

  if (add != NULL && ask (ask_data, add))
    {
      chess_cli_source_clear (source);
      source->path = g_strdup (path);
      if (!chess_pgn_append_game (path, &source->slot, game, &error))
        {
          chess_cli_source_clear (source);
          return failed (error, message);
        }
      *message = g_strdup_printf (ngettext ("Added the game to “%s”, which now holds %u game.",
                                            "Added the game to “%s”, which now holds %u games.",
                                            n_games + 1),
                                  path, n_games + 1);
      return TRUE;
    }
  if (ask (ask_data, replace))
    {
      chess_cli_source_clear (source);
      if (!chess_pgn_save_file (path, (ChessPgnGame *const *) &game, 1, &error))
        return failed (error, message);
      source_is_whole_file (source, path);
      *message = g_strdup_printf (_("Saved the game to “%s”."), path);
      return TRUE;
    }
  *message = g_strdup_printf (_("Not saved: “%s” is as it was. Type “save” with another file name to keep the game."),
                              path);
  return FALSE;
}
