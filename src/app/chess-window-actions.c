/* chess-window-actions.c — the main window's actions (win.*): new game,
 * files, take-back, draws, resignation, FEN through the clipboard; the
 * title with its unsaved mark and the unsaved-changes question.
 *
 * The state lives in a ChessWindowActions attached to the window, so the
 * window's own code does not need to know about it.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-alerts.h"
#include "chess-file-dialogs.h"
#include "chess-game-chooser.h"
#include "chess-new-game-dialog.h"
#include "chess-window-actions.h"
#include "chess-window-computer.h"

#define STATE_KEY "chess-window-actions"

typedef struct
{
  ChessWindow  *window;          /* borrowed: the state is attached to it */

  ChessGame    *game;            /* the game listened to */
  GFile        *file;            /* where the game came from or went to */
  guint         file_n_games;    /* games in that file: Save rewrites only
                                  * a file of one game */
  ChessPgnSlot  slot;            /* the game's place in a file of several,
                                  * and that file's checksum as read      */
  gboolean      dirty;           /* changed since opened, saved or started */
  gboolean      closing;         /* the close was confirmed */
  GCancellable *draw_offer;      /* set while a draw offer is being asked */
} ChessWindowActions;

typedef ChessWindowActionsContinue ContinueFunc;

static void update_actions (ChessWindowActions *self);

static ChessWindowActions *
get_state (ChessWindow *window)
{
  return g_object_get_data (G_OBJECT (window), STATE_KEY);
}

/* ---- Title and action states ---- */

static char *
file_display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return g_filename_display_name (basename);
}

static char *
display_name (ChessWindowActions *self)
{
  return self->file != NULL ? file_display_name (self->file) : NULL;
}

static void
update_title (ChessWindowActions *self)
{
  g_autofree char *name = display_name (self);
  g_autofree char *title = NULL;

  if (name == NULL && !self->dirty)
    title = g_strdup (_("ThinkChess"));
  else
    /* Translators: the window title: an unsaved mark ("*" or nothing),
     * the file name (or "Unsaved Game"), and the app's name. */
    title = g_strdup_printf (_("%s%s – ThinkChess"),
                             self->dirty ? "*" : "",
                             name != NULL ? name : _("Unsaved Game"));
  gtk_window_set_title (GTK_WINDOW (self->window), title);

  /* The header bar names the file with the same mark. */
  if (name != NULL)
    {
      g_autofree char *document = g_strdup_printf ("%s%s", self->dirty ? "*" : "", name);

      chess_window_set_document_name (self->window, document);
    }
  else
    chess_window_set_document_name (self->window, NULL);
}

static void
set_dirty (ChessWindowActions *self,
           gboolean            dirty)
{
  self->dirty = dirty;
  update_title (self);
  update_actions (self);
}

static void
set_file (ChessWindowActions *self,
          GFile              *file,
          guint               n_games)
{
  g_set_object (&self->file, file);
  self->file_n_games = file != NULL ? n_games : 0;
  chess_pgn_slot_clear (&self->slot);
  update_title (self);
}

static void
update_actions (ChessWindowActions *self)
{
  GtkWidget *widget = GTK_WIDGET (self->window);
  ChessGame *game = self->game;
  gboolean over = chess_game_is_over (game);
  gboolean offered = chess_game_get_draw_offered (game, NULL);
  guint moves = chess_game_get_move_count (game);

  gtk_widget_action_set_enabled (widget, "win.save",
                                 self->dirty || (self->file == NULL && moves > 0));
  gtk_widget_action_set_enabled (widget, "win.undo", chess_game_can_undo (game));
  gtk_widget_action_set_enabled (widget, "win.redo", chess_game_can_redo (game));
  gtk_widget_action_set_enabled (widget, "win.offer-draw", !over && !offered);
  gtk_widget_action_set_enabled (widget, "win.claim-draw",
                                 !over && chess_game_get_draw_claimable (game));
  gtk_widget_action_set_enabled (widget, "win.resign", !over);
}

/* ---- Following the game ---- */

static void
game_changed_cb (ChessWindowActions *self)
{
  /* A move, a take-back or the end of the game: the file is out of date.
   * The autosave alone does not count as saved. */
  set_dirty (self, TRUE);
}

static void
game_moved_cb (ChessWindowActions *self)
{
  /* A move instead of an answer declines the draw offer. */
  if (self->draw_offer != NULL)
    g_cancellable_cancel (self->draw_offer);
  game_changed_cb (self);
}

static void
game_notify_cb (ChessWindowActions *self)
{
  update_actions (self);
}

static void
watch_game (ChessWindowActions *self)
{
  ChessGame *game = chess_window_get_game (self->window);

  if (game == self->game)
    return;

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_clear_object (&self->game);
    }
  if (self->draw_offer != NULL)
    g_cancellable_cancel (self->draw_offer);

  self->game = g_object_ref (game);
  g_signal_connect_swapped (game, "moved", G_CALLBACK (game_moved_cb), self);
  g_signal_connect_swapped (game, "taken-back", G_CALLBACK (game_changed_cb), self);
  g_signal_connect_swapped (game, "game-over", G_CALLBACK (game_changed_cb), self);
  /* A variation, comment, NAG, arrow or circle changed. */
  g_signal_connect_swapped (game, "tree-changed", G_CALLBACK (game_changed_cb), self);
  g_signal_connect_swapped (game, "notify", G_CALLBACK (game_notify_cb), self);

  /* A game that arrives from elsewhere is the last game from the autosave,
   * unchanged since: not worth a question until it changes. The actions
   * that replace the game set these afterwards. */
  set_file (self, NULL, 0);
  set_dirty (self, FALSE);
}

/* The window shows a game that replaced the last one on purpose (new,
 * opened, pasted): follow it, from `file` (or none), as saved. */
static void
adopt_game (ChessWindowActions *self,
            GFile              *file,
            guint               n_games)
{
  watch_game (self);
  set_file (self, file, n_games);
  set_dirty (self, FALSE);
}

/* ---- Saving ---- */

static gboolean
save_to_file (ChessWindowActions *self,
              GFile              *file,
              GError            **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(ChessPgnGame) pgn = NULL;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Could not save “%s”: only local files can be written."), uri);
      return FALSE;
    }

  pgn = chess_game_to_pgn (self->game);
  if (!chess_pgn_save_file (path, &pgn, 1, error))
    return FALSE;

  set_file (self, file, 1);
  set_dirty (self, FALSE);
  return TRUE;
}

gboolean
chess_window_actions_save_to (ChessWindow  *window,
                              GFile        *file,
                              GError      **error)
{
  ChessWindowActions *self;

  g_return_val_if_fail (CHESS_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  self = get_state (window);
  g_return_val_if_fail (self != NULL, FALSE);
  return save_to_file (self, file, error);
}

static void
show_save_error (ChessWindow *window,
                 const char  *detail)
{
  chess_alert_error (GTK_WINDOW (window), _("Game Not Saved"), detail, NULL, NULL);
}

typedef struct
{
  ChessWindow  *window;   /* owned */
  ContinueFunc  func;
  gpointer      user_data;
} Continuation;

static Continuation *
continuation_new (ChessWindow  *window,
                  ContinueFunc  func,
                  gpointer      user_data)
{
  Continuation *c = g_new0 (Continuation, 1);

  c->window = g_object_ref (window);
  c->func = func;
  c->user_data = user_data;
  return c;
}

/* Calls on and frees. */
static void
continuation_finish (Continuation *c,
                     gboolean      proceed)
{
  /* Always called, so the callback can free its data; a window that has
   * gone away does not go on. */
  if (c->func != NULL)
    c->func (c->window, proceed && get_state (c->window) != NULL, c->user_data);
  g_object_unref (c->window);
  g_free (c);
}

static char *
suggested_file_name (ChessWindowActions *self)
{
  const char *white = chess_game_get_player_name (self->game, CHESS_COLOR_WHITE);
  const char *black = chess_game_get_player_name (self->game, CHESS_COLOR_BLACK);
  g_autofree char *name = NULL;

  if (self->file != NULL)
    return g_file_get_basename (self->file);
  if (white != NULL && black != NULL)
    name = g_strdup_printf ("%s - %s.pgn", white, black);
  else
    /* Translators: the file name offered when saving a new game. */
    name = g_strdup (_("game.pgn"));
  /* No folder separators in a name made from player names. */
  g_strdelimit (name, "/", '-');
  return g_steal_pointer (&name);
}

typedef enum
{
  ADD_TO_FILE_CANCEL,
  ADD_TO_FILE_REPLACE_ALL,
  ADD_TO_FILE_APPEND,
} AddToFileResponse;

typedef struct
{
  Continuation *c;
  GFile        *file;
  guint         n_games;
} AddToFile;

/* Adds the game at the end of `file`, which holds `n_games` already. */
static gboolean
append_to_file (ChessWindowActions *self,
                GFile              *file,
                guint               n_games,
                GError            **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(ChessPgnGame) pgn = chess_game_to_pgn (self->game);
  ChessPgnSlot slot = { NULL, 0, 0 };

  if (!chess_pgn_append_game (path, &slot, pgn, error))
    return FALSE;
  set_file (self, file, n_games + 1);
  self->slot = slot;
  set_dirty (self, FALSE);
  return TRUE;
}

static void
add_to_file_answered_cb (int      response,
                         gpointer user_data)
{
  AddToFile *add = user_data;
  Continuation *c = add->c;
  ChessWindowActions *self = get_state (c->window);
  g_autoptr(GError) error = NULL;
  gboolean ok = FALSE;

  if (self != NULL && response == ADD_TO_FILE_APPEND)
    ok = append_to_file (self, add->file, add->n_games, &error);
  else if (self != NULL && response == ADD_TO_FILE_REPLACE_ALL)
    ok = save_to_file (self, add->file, &error);
  if (error != NULL)
    show_save_error (c->window, error->message);
  g_object_unref (add->file);
  g_free (add);
  continuation_finish (c, ok);
}

/* How many games the local file at `file` holds (0 when none or unreadable). */
static guint
count_games (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *data = NULL;
  gsize length = 0;

  if (path == NULL || !g_file_get_contents (path, &data, &length, NULL))
    return 0;
  g_autoptr(GPtrArray) index = chess_pgn_index (data, length);
  return index->len;
}

static void
save_as_chosen_cb (GFile    *file,
                   gpointer  user_data)
{
  Continuation *c = user_data;
  ChessWindowActions *self = get_state (c->window);
  g_autoptr(GError) error = NULL;

  if (file == NULL || self == NULL)
    {
      continuation_finish (c, FALSE);
      return;
    }

  /* The file dialog asked whether to replace the file; a file of several
   * games gets the question whether to add the game to it instead. */
  guint n_games = count_games (file);
  if (n_games > 1)
    {
      g_autofree char *name = file_display_name (file);
      g_autofree char *holds = g_strdup_printf (
        ngettext ("“%s” holds %u game", "“%s” holds %u games", n_games), name, n_games);
      /* A short heading (long ones do not fit an alert); the rest below. */
      g_autofree char *detail = g_strconcat (holds, ". ",
        _("The game can be added at the end of the file, or the file can hold this game alone, the other games being lost."),
        NULL);
      const char *buttons[] = { _("_Cancel"), _("Replace the _Whole File"), _("_Add to the File"), NULL };
      AddToFile *add = g_new0 (AddToFile, 1);

      add->c = c;
      add->file = g_object_ref (file);
      add->n_games = n_games;
      chess_alert_choose (GTK_WINDOW (c->window), TRUE, _("Add to the File?"), detail,
                          buttons, ADD_TO_FILE_CANCEL, ADD_TO_FILE_APPEND, NULL,
                          add_to_file_answered_cb, add);
      return;
    }

  if (!save_to_file (self, file, &error))
    {
      show_save_error (c->window, error->message);
      continuation_finish (c, FALSE);
      return;
    }
  continuation_finish (c, TRUE);
}

/* Asks where to save, saves, then continues (FALSE when cancelled or the
 * save failed). */
static void
save_as (ChessWindowActions *self,
         ContinueFunc        func,
         gpointer            user_data)
{
  g_autofree char *name = suggested_file_name (self);

  chess_file_dialog_save (GTK_WINDOW (self->window), self->file, name,
                          save_as_chosen_cb,
                          continuation_new (self->window, func, user_data));
}

typedef enum
{
  SAVE_INTO_CANCEL,
  SAVE_INTO_NEW_FILE,
  SAVE_INTO_REPLACE,
} SaveIntoResponse;

/* Puts the game back in its place in the file of several games. */
static gboolean
replace_in_file (ChessWindowActions *self,
                 GError            **error)
{
  g_autofree char *path = g_file_get_path (self->file);
  g_autoptr(ChessPgnGame) pgn = chess_game_to_pgn (self->game);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (self->file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Could not save “%s”: only local files can be written."), uri);
      return FALSE;
    }
  if (!chess_pgn_replace_game (path, &self->slot, pgn, error))
    return FALSE;
  set_dirty (self, FALSE);
  return TRUE;
}

static void
save_into_answered_cb (int      response,
                       gpointer user_data)
{
  Continuation *c = user_data;
  ChessWindowActions *self = get_state (c->window);
  g_autoptr(GError) error = NULL;

  if (self == NULL || response == SAVE_INTO_CANCEL)
    {
      continuation_finish (c, FALSE);
      return;
    }
  if (response == SAVE_INTO_NEW_FILE)
    {
      save_as (self, c->func, c->user_data);
      c->func = NULL;
      continuation_finish (c, FALSE);
      return;
    }
  if (!replace_in_file (self, &error))
    {
      show_save_error (c->window, error->message);
      continuation_finish (c, FALSE);
      return;
    }
  continuation_finish (c, TRUE);
}

/* Saves to the game's file, or asks for one first. */
static void
save (ChessWindowActions *self,
      ContinueFunc        func,
      gpointer            user_data)
{
  g_autoptr(GError) error = NULL;

  /* A game from a file of several: put it back in its place, or make a
   * new file; never the one game in place of all of them. */
  if (self->file != NULL && self->file_n_games > 1 && self->slot.checksum != NULL)
    {
      g_autofree char *name = file_display_name (self->file);
      g_autofree char *question = g_strdup_printf (_("Save the game into “%s”?"), name);
      g_autofree char *what = g_strdup_printf (
        ngettext ("The game came from a file of %u game. It can replace its old version there, the other games staying as they are, or go into a new file.",
                  "The game came from a file of %u games. It can replace its old version there, the other games staying as they are, or go into a new file.",
                  self->file_n_games),
        self->file_n_games);
      /* A short heading (long ones do not fit an alert); the rest below. */
      g_autofree char *detail = g_strconcat (question, " ", what, NULL);
      const char *buttons[] = { _("_Cancel"), _("Save as _New File"), _("_Replace in File"), NULL };

      chess_alert_choose (GTK_WINDOW (self->window), TRUE, _("Save into the File?"), detail, buttons,
                          SAVE_INTO_CANCEL, SAVE_INTO_REPLACE, NULL, save_into_answered_cb,
                          continuation_new (self->window, func, user_data));
      return;
    }

  /* Rewriting a file of several games would lose the others. */
  if (self->file == NULL || self->file_n_games != 1)
    {
      save_as (self, func, user_data);
      return;
    }

  if (!save_to_file (self, self->file, &error))
    {
      show_save_error (self->window, error->message);
      if (func != NULL)
        func (self->window, FALSE, user_data);
      return;
    }
  if (func != NULL)
    func (self->window, TRUE, user_data);
}

/* ---- Unsaved changes ---- */

static void
unsaved_answered_cb (int      response,
                     gpointer user_data)
{
  Continuation *c = user_data;
  ChessWindowActions *self = get_state (c->window);

  if (self == NULL || response == CHESS_UNSAVED_CANCEL)
    continuation_finish (c, FALSE);
  else if (response == CHESS_UNSAVED_DISCARD)
    continuation_finish (c, TRUE);
  else
    {
      save (self, c->func, c->user_data);
      c->func = NULL;
      continuation_finish (c, FALSE);
    }
}

void
chess_window_actions_check_unsaved (ChessWindow                 *window,
                                    ChessUnsavedCase             what_happens,
                                    ChessWindowActionsContinue   func,
                                    gpointer                     user_data)
{
  ChessWindowActions *self;
  g_autofree char *name = NULL;
  GtkWidget *dialog;

  g_return_if_fail (CHESS_IS_WINDOW (window));

  self = get_state (window);
  if (self == NULL || !self->dirty)
    {
      func (window, TRUE, user_data);
      return;
    }

  /* A finished game is not offered again at the next start. */
  if (what_happens == CHESS_UNSAVED_CLOSING_UNFINISHED && chess_game_is_over (self->game))
    what_happens = CHESS_UNSAVED_CLOSING_FINISHED;
  name = display_name (self);
  dialog = chess_alert_unsaved (GTK_WINDOW (window), name, what_happens, unsaved_answered_cb,
                                continuation_new (window, func, user_data));
  if (dialog != NULL)
    chess_window_hold_clock_for (window, dialog);
}

gboolean
chess_window_actions_get_dirty (ChessWindow *window)
{
  ChessWindowActions *self;

  g_return_val_if_fail (CHESS_IS_WINDOW (window), FALSE);

  self = get_state (window);
  return self != NULL && self->dirty;
}

GFile *
chess_window_actions_get_file (ChessWindow *window)
{
  ChessWindowActions *self;

  g_return_val_if_fail (CHESS_IS_WINDOW (window), NULL);

  self = get_state (window);
  return self != NULL ? self->file : NULL;
}

/* ---- New game ---- */

static void
new_game_start_cb (ChessNewGameDialog *dialog,
                   ChessWindow        *window)
{
  ChessWindowActions *self = get_state (window);

  if (self == NULL)
    return;
  chess_window_new_game (window);
  adopt_game (self, NULL, 0);
}

static void
new_game_confirmed (ChessWindow *window,
                    gboolean     proceed,
                    gpointer     user_data)
{
  ChessNewGameDialog *dialog;

  if (!proceed)
    return;
  dialog = chess_new_game_dialog_new (GTK_WINDOW (window),
                                      chess_window_get_settings (window));
  g_signal_connect_object (dialog, "start", G_CALLBACK (new_game_start_cb),
                           window, 0);
  chess_window_hold_clock_for (window, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  chess_window_actions_check_unsaved (CHESS_WINDOW (widget), CHESS_UNSAVED_REPLACING,
                                      new_game_confirmed, NULL);
}

/* ---- Opening ---- */

typedef struct
{
  ChessWindow *window;     /* owned */
  GFile       *file;
  char        *data;
  gsize        length;
  GPtrArray   *entries;    /* ChessPgnIndexEntry */
} OpenRequest;

static void
open_request_free (OpenRequest *request)
{
  g_object_unref (request->window);
  g_object_unref (request->file);
  g_free (request->data);
  g_clear_pointer (&request->entries, g_ptr_array_unref);
  g_free (request);
}

static void
show_open_error (ChessWindow *window,
                 GFile       *file,
                 const char  *detail)
{
  g_autofree char *parse_name = g_file_get_parse_name (file);
  g_autofree char *message = NULL;

  /* Translators: %s is a file name or path, the second %s what is wrong. */
  message = g_strdup_printf (_("“%s” could not be opened: %s"), parse_name, detail);
  chess_alert_error (GTK_WINDOW (window), _("Could Not Open the Game"), message, NULL, NULL);
}

/* Parses the game at `index` and shows it; the game on screen stays as it
 * was when anything is wrong. */
static void
open_game_at (OpenRequest *request,
              guint        index)
{
  ChessWindowActions *self = get_state (request->window);
  const ChessPgnIndexEntry *entry = g_ptr_array_index (request->entries, index);
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autoptr(ChessGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (self == NULL)
    return;

  pgn = chess_pgn_parse_game (request->data + entry->offset, entry->length,
                              entry->line, NULL, &error);
  game = chess_game_new ();
  if (pgn == NULL || !chess_game_load_pgn (game, pgn, &error))
    {
      show_open_error (request->window, request->file, error->message);
      return;
    }

  /* Show the end of the game, for study. */
  chess_game_set_view_ply (game, chess_game_get_move_count (game));
  chess_window_open_game (request->window, game);
  adopt_game (self, request->file, request->entries->len);
  if (request->entries->len > 1)
    {
      self->slot.checksum = chess_pgn_file_checksum (request->data, request->length);
      self->slot.offset = entry->offset;
      self->slot.length = entry->length;
    }
}

static void
game_chosen_cb (ChessGameChooser *chooser,
                guint             index,
                OpenRequest      *request)
{
  open_game_at (request, index);
}

static void
file_loaded_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  OpenRequest *request = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_file_load_contents_finish (G_FILE (source), result, &request->data,
                                    &request->length, NULL, &error))
    {
      show_open_error (request->window, request->file, error->message);
      open_request_free (request);
      return;
    }
  if (get_state (request->window) == NULL)
    {
      open_request_free (request);
      return;
    }

  request->entries = chess_pgn_index (request->data, request->length);
  if (request->entries->len == 0)
    {
      show_open_error (request->window, request->file,
                       _("The file holds no chess games."));
      open_request_free (request);
    }
  else if (request->entries->len == 1)
    {
      open_game_at (request, 0);
      open_request_free (request);
    }
  else
    {
      g_autofree char *name = file_display_name (request->file);
      ChessGameChooser *chooser;

      chooser = chess_game_chooser_new (GTK_WINDOW (request->window), name,
                                        request->entries);
      /* The request lives as long as the chooser. */
      g_signal_connect_data (chooser, "game-chosen", G_CALLBACK (game_chosen_cb),
                             request, (GClosureNotify) (void (*) (void)) open_request_free, 0);
      gtk_window_present (GTK_WINDOW (chooser));
    }
}

/* Reads the file; unsaved changes were dealt with already. */
static void
open_file_now (ChessWindow *window,
               GFile       *file)
{
  OpenRequest *request = g_new0 (OpenRequest, 1);

  request->window = g_object_ref (window);
  request->file = g_object_ref (file);
  g_file_load_contents_async (file, NULL, file_loaded_cb, request);
}

static void
open_file_confirmed (ChessWindow *window,
                     gboolean     proceed,
                     gpointer     user_data)
{
  g_autoptr(GFile) file = user_data;

  if (proceed)
    open_file_now (window, file);
}

void
chess_window_actions_open_file (ChessWindow *window,
                                GFile       *file)
{
  g_return_if_fail (CHESS_IS_WINDOW (window));
  g_return_if_fail (G_IS_FILE (file));

  chess_window_actions_check_unsaved (window, CHESS_UNSAVED_OPENING,
                                      open_file_confirmed, g_object_ref (file));
}

static void
open_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  ChessWindow *window = user_data;

  if (file != NULL && get_state (window) != NULL)
    open_file_now (window, file);
  g_object_unref (window);
}

static void
open_confirmed (ChessWindow *window,
                gboolean     proceed,
                gpointer     user_data)
{
  ChessWindowActions *self = get_state (window);

  if (proceed && self != NULL)
    chess_file_dialog_open (GTK_WINDOW (window), self->file, open_chosen_cb,
                            g_object_ref (window));
}

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  chess_window_actions_check_unsaved (CHESS_WINDOW (widget), CHESS_UNSAVED_OPENING,
                                      open_confirmed, NULL);
}

/* ---- Saving ---- */

static void
save_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  save (get_state (CHESS_WINDOW (widget)), NULL, NULL);
}

static void
save_as_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  save_as (get_state (CHESS_WINDOW (widget)), NULL, NULL);
}

/* ---- Moves ---- */

static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  /* Against the computer, the move pair. */
  chess_window_computer_take_back (CHESS_WINDOW (widget));
}

static void
redo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  chess_window_computer_redo (CHESS_WINDOW (widget));
}

/* ---- Draws and resignation ---- */

/* A question about one player's move in one game: the answer applies to
 * the game it was asked in. */
typedef struct
{
  ChessWindow *window;   /* owned */
  ChessGame   *game;     /* owned */
  ChessColor   side;     /* who offers the draw, or resigns */
} GameQuestion;

static GameQuestion *
game_question_new (ChessWindow *window,
                   ChessGame   *game)
{
  GameQuestion *question = g_new0 (GameQuestion, 1);

  question->window = g_object_ref (window);
  question->game = g_object_ref (game);
  question->side = chess_game_get_side_to_move (game);
  return question;
}

static void
game_question_free (GameQuestion *question)
{
  g_object_unref (question->window);
  g_object_unref (question->game);
  g_free (question);
}

static void
draw_offer_answered_cb (int      response,
                        gpointer user_data)
{
  GameQuestion *offer = user_data;
  ChessWindowActions *self = get_state (offer->window);

  if (self != NULL)
    g_clear_object (&self->draw_offer);

  if (chess_game_get_draw_offered (offer->game, NULL))
    {
      if (response == CHESS_DRAW_OFFER_ACCEPT)
        chess_game_agree_draw (offer->game);
      else
        chess_game_decline_draw (offer->game);
    }

  game_question_free (offer);
}

static void
offer_draw_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ChessWindow *window = CHESS_WINDOW (widget);
  ChessWindowActions *self = get_state (window);
  ChessGame *game = self->game;
  GameQuestion *offer;

  if (chess_game_is_over (game) || self->draw_offer != NULL)
    return;
  /* The computer answers for itself. */
  if (chess_window_computer_offer_draw (window, chess_game_get_side_to_move (game))
      || chess_window_computer_offer_draw (window, chess_color_other (chess_game_get_side_to_move (game))))
    return;

  offer = game_question_new (window, game);
  self->draw_offer = g_cancellable_new ();
  chess_game_offer_draw (game, offer->side);
  chess_alert_draw_offer (GTK_WINDOW (window),
                          chess_game_get_player_display_name (game, offer->side),
                          chess_game_get_player_display_name (game, chess_color_other (offer->side)),
                          self->draw_offer, draw_offer_answered_cb, offer);
}

static void
claim_draw_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  ChessWindow *window = CHESS_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (!chess_game_claim_draw (chess_window_get_game (window), &error))
    chess_window_show_message (window, error->message);
}

static void
resign_answered_cb (int      response,
                    gpointer user_data)
{
  GameQuestion *resignation = user_data;

  if (response == CHESS_RESIGN_CONFIRM)
    chess_game_resign (resignation->game, resignation->side);

  game_question_free (resignation);
}

static void
resign_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ChessWindow *window = CHESS_WINDOW (widget);
  ChessGame *game = chess_window_get_game (window);
  GameQuestion *resignation;

  if (chess_game_is_over (game))
    return;

  /* Two people at one board: the one to move resigns; against the
   * computer, the person. */
  resignation = game_question_new (window, game);
  resignation->side = chess_window_computer_resigning_side (window);
  chess_alert_resign (GTK_WINDOW (window),
                      chess_game_get_player_display_name (game, resignation->side),
                      chess_game_get_player_display_name (game, chess_color_other (resignation->side)),
                      resign_answered_cb, resignation);
}

/* ---- Board and FEN ---- */

static void
flip_board_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  chess_window_flip (CHESS_WINDOW (widget));
}

static void
copy_fen_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ChessGame *game = chess_window_get_game (CHESS_WINDOW (widget));
  ChessBoard board;
  char fen[CHESS_FEN_MAX];

  /* The position on the board, also while looking at an earlier move. */
  if (!chess_game_get_board_at (game, chess_game_get_view_ply (game), &board))
    board = *chess_game_get_board (game);
  chess_board_to_fen (&board, fen);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), fen);
  chess_window_show_notice (CHESS_WINDOW (widget), _("Position copied as FEN"));
}

typedef struct
{
  ChessWindow *window;   /* owned */
  char        *fen;
} PasteRequest;

static void
paste_confirmed (ChessWindow *window,
                 gboolean     proceed,
                 gpointer     user_data)
{
  PasteRequest *request = user_data;
  ChessWindowActions *self = get_state (window);
  g_autoptr(GError) error = NULL;

  if (proceed && self != NULL)
    {
      if (chess_game_set_fen (chess_window_get_game (window), request->fen, &error))
        adopt_game (self, NULL, 0);
      else
        chess_alert_error (GTK_WINDOW (window), _("Position Not Pasted"),
                           error->message, NULL, NULL);
    }

  g_object_unref (request->window);
  g_free (request->fen);
  g_free (request);
}

/* Checks the FEN first: an invalid one is reported and changes nothing;
 * a valid one replaces the game once unsaved changes are dealt with. */
void
chess_window_actions_paste_fen (ChessWindow *window,
                                const char  *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *fen = NULL;
  ChessBoard board;
  PasteRequest *request;

  g_return_if_fail (CHESS_IS_WINDOW (window));

  fen = g_strstrip (g_strdup (text != NULL ? text : ""));
  if (*fen == '\0')
    {
      chess_alert_error (GTK_WINDOW (window), _("Position Not Pasted"),
                         _("The clipboard holds no text. Copy a position in FEN first."),
                         NULL, NULL);
      return;
    }
  if (!chess_board_from_fen (&board, fen, &error))
    {
      g_autofree char *detail = NULL;

      /* The text pasted (cut short), then what is wrong with it. */
      /* Translators: the text pasted (cut short), then what is wrong with it. */
      detail = g_strdup_printf (_("The clipboard does not hold a valid position: “%.100s”\n%s"),
                                fen, error->message);
      chess_alert_error (GTK_WINDOW (window), _("Position Not Pasted"), detail, NULL, NULL);
      return;
    }

  request = g_new0 (PasteRequest, 1);
  request->window = g_object_ref (window);
  request->fen = g_steal_pointer (&fen);
  chess_window_actions_check_unsaved (window, CHESS_UNSAVED_REPLACING, paste_confirmed, request);
}

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ChessWindow *window = user_data;
  g_autofree char *text = NULL;

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (get_state (window) != NULL)
    chess_window_actions_paste_fen (window, text);
  g_object_unref (window);
}

static void
paste_fen_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL,
                                 clipboard_read_cb, g_object_ref (widget));
}

/* ---- Closing ---- */

static void
close_confirmed (ChessWindow *window,
                 gboolean     proceed,
                 gpointer     user_data)
{
  ChessWindowActions *self = get_state (window);

  if (proceed && self != NULL)
    {
      self->closing = TRUE;
      gtk_window_close (GTK_WINDOW (window));
    }
}

static gboolean
close_request_cb (ChessWindow *window)
{
  ChessWindowActions *self = get_state (window);

  if (self == NULL || self->closing || !self->dirty)
    return FALSE;

  chess_window_actions_check_unsaved (window, CHESS_UNSAVED_CLOSING_UNFINISHED,
                                      close_confirmed, NULL);
  return TRUE;
}

/* ---- Setup ---- */

void
chess_window_actions_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_activated);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.offer-draw", NULL, offer_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.claim-draw", NULL, claim_draw_activated);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_activated);
  gtk_widget_class_install_action (widget_class, "win.flip-board", NULL, flip_board_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_activated);
  gtk_widget_class_install_action (widget_class, "win.paste-fen", NULL, paste_fen_activated);
}

static void
chess_window_actions_free (ChessWindowActions *self)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->file);
  chess_pgn_slot_clear (&self->slot);
  if (self->draw_offer != NULL)
    g_cancellable_cancel (self->draw_offer);
  g_clear_object (&self->draw_offer);
  g_free (self);
}

static void
window_game_changed_cb (ChessWindow *window)
{
  ChessWindowActions *self = get_state (window);

  if (self != NULL)
    watch_game (self);
}

/* Copy and paste act on the position only while the board has the focus,
 * so they never take Ctrl+C and Ctrl+V from the text fields. */
static void
add_board_shortcuts (ChessWindow *window)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (controller, "chess-fen-shortcuts");
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>c"),
                      gtk_named_action_new ("win.copy-fen")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>v"),
                      gtk_named_action_new ("win.paste-fen")));
  gtk_widget_add_controller (GTK_WIDGET (chess_window_get_board (window)), controller);
}

void
chess_window_actions_init (ChessWindow *window)
{
  ChessWindowActions *self = g_new0 (ChessWindowActions, 1);

  self->window = window;
  g_object_set_data_full (G_OBJECT (window), STATE_KEY, self,
                          (GDestroyNotify) chess_window_actions_free);
  add_board_shortcuts (window);
  g_signal_connect (window, "notify::game", G_CALLBACK (window_game_changed_cb), NULL);
  g_signal_connect (window, "close-request", G_CALLBACK (close_request_cb), NULL);
  watch_game (self);
}

void
chess_window_actions_dispose (ChessWindow *window)
{
  /* Answers that arrive later find no state and do nothing. */
  g_object_set_data (G_OBJECT (window), STATE_KEY, NULL);
}
