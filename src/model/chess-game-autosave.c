/* chess-game-autosave.c — the unfinished game in the autosave files the
 * desktop app and the terminal game share. */

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "chess-game-private.h"

/* The desktop app and the terminal game share these files. A game goes on
 * in the file it came from; a new game takes the first file that holds no
 * unfinished game, so that neither program overwrites the other's. */
#define N_AUTOSAVE_FILES 8

static char *
autosave_file_path (guint i)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "thinkchess", NULL);
  g_autofree char *name = i == 0 ? g_strdup ("last-game.pgn")
                                 : g_strdup_printf ("last-game-%u.pgn", i + 1);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_debug ("Cannot create %s: %s", dir, g_strerror (errno));
  return g_build_filename (dir, name, NULL);
}

char *
chess_game_autosave_path (void)
{
  return autosave_file_path (0);
}

static ChessPgnGame *
read_game_file (const char *path,
                GError    **error)
{
  g_autofree char *data = NULL;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  return chess_pgn_parse_game (data, length, 1, NULL, error);
}

/* Tags of autosave files only: the game was opened from a file (a study,
 * never offered as the last game), the player had paused it. */
#define STUDY_TAG "AutosavedStudy"
#define PAUSED_TAG "AutosavedPaused"

/* An unfinished game being played, with at least one move. */
static gboolean
pgn_is_unfinished (const ChessPgnGame *pgn)
{
  return pgn != NULL && pgn->line.n_moves > 0 && strcmp (pgn->result, "*") == 0
         && chess_pgn_game_get_tag (pgn, STUDY_TAG) == NULL;
}

/* When the file was last written, in microseconds (several saves can fall
 * in one second). */
static gint64
modified_time (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                  G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return G_MININT64;
  return (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
         + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

/* Which program wrote an autosave file ([AutosavedBy], in autosave files
 * only): a program may replace its own unfinished game, never another's. */
static gboolean
written_by_us (const ChessPgnGame *pgn)
{
  const char *by = chess_pgn_game_get_tag (pgn, "AutosavedBy");
  return by != NULL && g_strcmp0 (by, g_get_prgname ()) == 0;
}

static ChessPgnGame *read_autosave (char   **path_out,
                                    GError **error);

/* Files whose unfinished game was offered and declined in this process:
 * kept as they are. */
static GHashTable *kept_files;

static void
keep_file (char *path)
{
  if (kept_files == NULL)
    kept_files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (kept_files, path);
}

void
chess_game_keep_last_game (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ChessPgnGame) pgn = read_autosave (&path, NULL);

  if (pgn == NULL || path == NULL)
    return;
  keep_file (g_steal_pointer (&path));
}

void
chess_game_keep_unfinished_games (void)
{
  for (guint i = 0; i < N_AUTOSAVE_FILES; i++)
    {
      g_autofree char *path = autosave_file_path (i);
      g_autoptr (ChessPgnGame) pgn = read_game_file (path, NULL);

      if (pgn_is_unfinished (pgn))
        keep_file (g_steal_pointer (&path));
    }
}

/* The file for a game that has none yet. A game played here may replace
 * our own unfinished game (a new game replaces the last); a study never
 * replaces an unfinished game: NULL when every file holds one. */
static char *
choose_autosave_file (gboolean study)
{
  char *oldest = NULL;
  gint64 oldest_time = G_MAXINT64;

  for (guint i = 0; i < N_AUTOSAVE_FILES; i++)
    {
      char *path = autosave_file_path (i);
      g_autoptr(ChessPgnGame) pgn = read_game_file (path, NULL);

      gboolean kept = kept_files != NULL && g_hash_table_contains (kept_files, path);
      if (!pgn_is_unfinished (pgn) || (!study && written_by_us (pgn) && !kept))
        {
          g_free (oldest);
          return path;
        }
      if (study)
        {
          g_free (path);
          continue;
        }
      if (modified_time (path) < oldest_time)
        {
          oldest_time = modified_time (path);
          g_free (oldest);
          oldest = g_steal_pointer (&path);
        }
      g_free (path);
    }
  return oldest;
}

gboolean
chess_game_autosave (ChessGame  *self,
                     GError    **error)
{
  g_autoptr (ChessPgnGame) pgn = NULL;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->autosave_file == NULL)
    self->autosave_file = choose_autosave_file (self->loaded);
  if (self->autosave_file == NULL)
    return TRUE;   /* a study, and every file holds an unfinished game */
  pgn = chess_game_to_pgn (self);
  if (g_get_prgname () != NULL)
    chess_pgn_game_set_tag (pgn, "AutosavedBy", g_get_prgname ());
  if (self->loaded)
    chess_pgn_game_set_tag (pgn, STUDY_TAG, "yes");
  if (self->paused)
    chess_pgn_game_set_tag (pgn, PAUSED_TAG, "yes");
  if (!chess_pgn_save_file (self->autosave_file, &pgn, 1, error))
    return FALSE;
  /* From here on the journal keeps the running clock between saves. */
  chess_game_set_clock_journal (self, self->autosave_file);
  chess_game_journal_clock (self);
  return TRUE;
}

void
chess_game_set_paused (ChessGame *self,
                       gboolean   paused)
{
  g_return_if_fail (CHESS_IS_GAME (self));
  self->paused = !!paused;
}

gboolean
chess_game_get_paused (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  return self->paused;
}

const char *
chess_game_get_autosave_file (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return self->autosave_file;
}

/* The last game: the most recently saved unfinished one, else the one in
 * the first file. */
static ChessPgnGame *
read_autosave (char   **path_out,
               GError **error)
{
  ChessPgnGame *best = NULL;
  char *best_path = NULL;
  gint64 best_time = G_MININT64;

  for (guint i = 0; i < N_AUTOSAVE_FILES; i++)
    {
      g_autofree char *path = autosave_file_path (i);
      ChessPgnGame *pgn = read_game_file (path, NULL);

      if (pgn_is_unfinished (pgn) && modified_time (path) > best_time)
        {
          chess_pgn_game_free (best);
          g_free (best_path);
          best = pgn;
          best_path = g_steal_pointer (&path);
          best_time = modified_time (best_path);
        }
      else
        chess_pgn_game_free (pgn);
    }
  if (best == NULL)
    {
      best_path = autosave_file_path (0);
      best = read_game_file (best_path, error);
    }
  if (best != NULL && path_out != NULL)
    *path_out = g_steal_pointer (&best_path);
  g_free (best_path);
  return best;
}

gboolean
chess_game_continue_autosave (ChessGame  *self,
                              GError    **error)
{
  g_autoptr (ChessPgnGame) pgn = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  pgn = read_autosave (&path, error);
  if (pgn == NULL)
    return FALSE;
  /* Read before loading: the game's reset may autosave over it. */
  g_autofree char *journal_path = chess_clock_journal_path_for (path);
  ChessClockJournalEntry journal;
  gboolean has_journal = chess_clock_journal_read (journal_path, &journal);
  if (!chess_game_load_pgn (self, pgn, error))
    return FALSE;
  /* An unfinished game continues as the game being played, in its file,
   * with the clocks where a crash may have left them. */
  self->loaded = chess_game_is_over (self);
  self->paused = !self->loaded && chess_pgn_game_get_tag (pgn, PAUSED_TAG) != NULL;
  if (has_journal)
    chess_game_apply_clock_journal (self, &journal);
  g_free (self->autosave_file);
  self->autosave_file = g_steal_pointer (&path);
  chess_game_set_clock_journal (self, self->autosave_file);
  chess_game_journal_clock (self);
  return TRUE;
}

ChessGame *
chess_game_load_autosave (GError **error)
{
  g_autoptr (ChessGame) game = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  game = chess_game_new ();
  if (!chess_game_continue_autosave (game, error))
    return NULL;
  return g_steal_pointer (&game);
}

gboolean
chess_game_autosave_is_unfinished (void)
{
  g_autoptr (ChessPgnGame) pgn = read_autosave (NULL, NULL);
  g_autoptr (ChessGame) game = NULL;

  if (!pgn_is_unfinished (pgn))
    return FALSE;
  game = chess_game_new ();
  if (!chess_game_load_pgn (game, pgn, NULL))
    return FALSE;
  return !chess_game_is_over (game);
}

gboolean
chess_game_remove_autosave (GError **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < N_AUTOSAVE_FILES; i++)
    {
      g_autofree char *path = autosave_file_path (i);
      g_autofree char *journal = chess_clock_journal_path_for (path);
      int saved_errno;

      if (g_unlink (journal) != 0 && errno != ENOENT)
        g_debug ("Cannot delete %s: %s", journal, g_strerror (errno));
      if (g_unlink (path) == 0)
        continue;
      saved_errno = errno;
      if (saved_errno == ENOENT)
        continue;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   /* Translators: %s is a file name, then the system's reason */
                   _("Could not delete “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}
