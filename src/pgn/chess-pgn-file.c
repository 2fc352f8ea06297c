/* chess-pgn-file.c — saving one game into a file of many: replacing it in
 * place (every other byte as it was) or appending it, atomically, and
 * never over changes someone else made to the file since it was read. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chess-file-read.h"
#include "chess-pgn-private.h"

char *
chess_pgn_file_checksum (const char *data,
                         gsize       length)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);

  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) (data ? data : ""),
                                      length);
}

static gboolean
io_error (GError    **error,
          const char *path,
          GError     *cause)
{
  g_autofree char *name = g_filename_display_name (path);
  g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO,
               _("Could not save “%s”: %s"), name, cause->message);
  g_error_free (cause);
  return FALSE;
}

/* The file could not be read before the game was put into it (its
 * message names the file). */
static gboolean
read_error (GError **error,
            GError  *cause)
{
  g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO,
               /* Translators: %s says why a file could not be read, and names it. */
               _("%s The game was not saved."), cause->message);
  g_error_free (cause);
  return FALSE;
}

/* Writes `text` over `path` atomically and fills the slot from it. */
static gboolean
write_whole (const char     *path,
             GString        *text,
             gsize           game_offset,
             gsize           game_length,
             ChessPgnSlot   *slot,
             GError        **error)
{
  GError *local = NULL;

  /* A temporary file in the same folder, renamed over the old one: the
   * old file stays whole until the new one is complete. */
  if (!g_file_set_contents_full (path, text->str, text->len, G_FILE_SET_CONTENTS_CONSISTENT,
                                 0666, &local))
    return io_error (error, path, local);
  g_free (slot->checksum);
  slot->checksum = chess_pgn_file_checksum (text->str, text->len);
  slot->offset = game_offset;
  slot->length = game_length;
  return TRUE;
}

gboolean
chess_pgn_replace_game (const char         *path,
                        ChessPgnSlot       *slot,
                        const ChessPgnGame *game,
                        GError            **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (slot != NULL && slot->checksum != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autofree char *data = NULL;
  gsize length = 0;
  GError *local = NULL;

  if (!chess_file_read (path, CHESS_FILE_READ_MAX_BYTES, &data, &length, &local))
    return read_error (error, local);
  g_autofree char *now = chess_pgn_file_checksum (data, length);
  if (strcmp (now, slot->checksum) != 0 || slot->offset > length
      || slot->length > length - slot->offset)
    {
      g_autofree char *name = g_filename_display_name (path);
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_CHANGED,
                   _("“%s” has changed since the game was opened, so the game was not "
                     "put back into it: the changes in the file would be lost. Save the "
                     "game as a new file instead."), name);
      return FALSE;
    }

  /* The old game's white space at its end (the blank line before the next
   * game) stays as it was. */
  gsize end = slot->offset + slot->length;
  gsize kept = end;
  while (kept > slot->offset && g_ascii_isspace (data[kept - 1]))
    kept--;

  g_autofree char *one = chess_pgn_game_to_string (game);
  gsize one_length = strlen (one);
  if (kept < end)
    one_length--;   /* its final newline: the old white space follows */
  GString *text = g_string_sized_new (length + one_length + 1);
  g_string_append_len (text, data, slot->offset);
  g_string_append_len (text, one, one_length);
  g_string_append_len (text, data + kept, end - kept);
  gsize new_length = text->len - slot->offset;
  g_string_append_len (text, data + end, length - end);

  gboolean ok = write_whole (path, text, slot->offset, new_length, slot, error);
  g_string_free (text, TRUE);
  return ok;
}

gboolean
chess_pgn_append_game (const char         *path,
                       ChessPgnSlot       *slot,
                       const ChessPgnGame *game,
                       GError            **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (slot != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autofree char *data = NULL;
  gsize length = 0;
  GError *local = NULL;

  if (!chess_file_read (path, CHESS_FILE_READ_MAX_BYTES, &data, &length, &local))
    {
      if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return read_error (error, local);
      g_clear_error (&local);
    }

  GString *text = g_string_new_len (data, length);
  /* One blank line between the games. */
  if (text->len > 0 && text->str[text->len - 1] != '\n')
    g_string_append_c (text, '\n');
  if (text->len > 0 && (text->len < 2 || text->str[text->len - 2] != '\n'))
    g_string_append_c (text, '\n');
  gsize offset = text->len;
  g_autofree char *one = chess_pgn_game_to_string (game);
  g_string_append (text, one);

  gboolean ok = write_whole (path, text, offset, text->len - offset, slot, error);
  g_string_free (text, TRUE);
  return ok;
}

void
chess_pgn_slot_clear (ChessPgnSlot *slot)
{
  g_return_if_fail (slot != NULL);

  g_clear_pointer (&slot->checksum, g_free);
  slot->offset = slot->length = 0;
}
