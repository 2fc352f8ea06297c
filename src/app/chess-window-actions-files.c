/* chess-window-actions-files.c — the window's game files: New Game, Open
 * (one game, or the game chooser for a file of several), Save and Save As
 * (also into a file of several games), and the unsaved-changes question
 * asked before a game is replaced or closed.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-alerts.h"
#include "chess-file-dialogs.h"
#include "chess-game-chooser.h"
#include "chess-new-game-dialog.h"
#include "chess-window-actions-private.h"

typedef ChessWindowActionsContinue ContinueFunc;

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

  _chess_window_actions_state_set_file (self, file, 1);
  _chess_window_actions_state_set_dirty (self, FALSE);
  self->cut_short = FALSE;
  return TRUE;
}

gboolean
_chess_window_actions_save_to (ChessWindow  *window,
                               GFile        *file,
                               GError      **error)
{
  ChessWindowActions *self;

  g_return_val_if_fail (CHESS_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  self = window->actions;
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
    c->func (c->window, proceed && c->window->actions != NULL,
             c->user_data);
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

static void ask_before_cutting (ChessWindowActions *self,
                                ContinueFunc        func,
                                gpointer            user_data);

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
  _chess_window_actions_state_set_file (self, file, n_games + 1);
  self->slot = slot;
  _chess_window_actions_state_set_dirty (self, FALSE);
  self->cut_short = FALSE;
  return TRUE;
}

static void
add_to_file_answered_cb (int      response,
                         gpointer user_data)
{
  AddToFile *add = user_data;
  Continuation *c = add->c;
  ChessWindowActions *self = c->window->actions;
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
  ChessWindowActions *self = c->window->actions;
  g_autoptr(GError) error = NULL;

  if (file == NULL || self == NULL)
    {
      continuation_finish (c, FALSE);
      return;
    }

  /* The file the game was cut short from: the same question as Save. */
  if (self->cut_short && self->file != NULL && g_file_equal (file, self->file))
    {
      ask_before_cutting (self, c->func, c->user_data);
      c->func = NULL;
      continuation_finish (c, FALSE);
      return;
    }

  /* The file dialog asked whether to replace the file; a file of several
   * games gets the question whether to add the game to it instead. */
  guint n_games = count_games (file);
  if (n_games > 1)
    {
      g_autofree char *name = _chess_window_actions_file_display_name (file);
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
  _chess_window_actions_state_set_dirty (self, FALSE);
  self->cut_short = FALSE;
  return TRUE;
}

static void
save_into_answered_cb (int      response,
                       gpointer user_data)
{
  Continuation *c = user_data;
  ChessWindowActions *self = c->window->actions;
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

  /* Opened only up to a problem: the file's text goes on past it. */
  if (self->cut_short && self->file != NULL)
    {
      ask_before_cutting (self, func, user_data);
      return;
    }

  /* A game from a file of several: put it back in its place, or make a
   * new file; never the one game in place of all of them. */
  if (self->file != NULL && self->file_n_games > 1 && self->slot.checksum != NULL)
    {
      g_autofree char *name = _chess_window_actions_file_display_name (self->file);
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

/* ---- Saving a game cut short ---- */

typedef enum
{
  CUT_SHORT_CANCEL,
  CUT_SHORT_NEW_FILE,
  CUT_SHORT_REPLACE,
} CutShortResponse;

static void
cut_short_answered_cb (int      response,
                       gpointer user_data)
{
  Continuation *c = user_data;
  ChessWindowActions *self = c->window->actions;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self == NULL || response == CUT_SHORT_CANCEL)
    {
      continuation_finish (c, FALSE);
      return;
    }
  if (response == CUT_SHORT_NEW_FILE || self->file == NULL
      || (self->file_n_games != 1 && self->slot.checksum == NULL))
    {
      save_as (self, c->func, c->user_data);
      c->func = NULL;
      continuation_finish (c, FALSE);
      return;
    }
  /* In its place: in the file of several games, or as the file. */
  if (self->file_n_games > 1)
    ok = replace_in_file (self, &error);
  else
    ok = save_to_file (self, self->file, &error);
  if (!ok)
    show_save_error (c->window, error->message);
  continuation_finish (c, ok);
}

/* Saving in its file a game opened only up to a problem would lose the
 * rest of the file's text of the game: asks first, offering a new file. */
static void
ask_before_cutting (ChessWindowActions *self,
                    ContinueFunc        func,
                    gpointer            user_data)
{
  const GError *problem = chess_game_get_load_problem (self->game);
  g_autofree char *name = _chess_window_actions_file_display_name (self->file);
  g_autofree char *detail = NULL;
  const char *buttons[] = { _("_Cancel"), _("Save as _New File"), _("_Replace Anyway"), NULL };

  detail = g_strdup_printf (
    /* Translators: %s is the file name, then what was wrong in it. */
    _("The game in “%s” goes on past the moves shown: its text could not be read after this problem: %s. Saving it there replaces that text with the moves shown, and the rest is lost. A new file keeps the original as it is."),
    name, problem != NULL ? problem->message : "?");
  chess_alert_choose (GTK_WINDOW (self->window), TRUE, _("Save the Shortened Game?"), detail, buttons,
                      CUT_SHORT_CANCEL, CUT_SHORT_NEW_FILE, NULL, cut_short_answered_cb,
                      continuation_new (self->window, func, user_data));
}

/* ---- Unsaved changes ---- */

static void
unsaved_answered_cb (int      response,
                     gpointer user_data)
{
  Continuation *c = user_data;
  ChessWindowActions *self = c->window->actions;

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

  self = window->actions;
  if (self == NULL || !self->dirty)
    {
      func (window, TRUE, user_data);
      return;
    }

  /* An unfinished game being played keeps its autosave when another game
   * is opened, and is offered again at the next start; a finished game or
   * a study is not offered again. */
  if (what_happens == CHESS_UNSAVED_CLOSING_UNFINISHED && chess_game_is_study (self->game))
    what_happens = CHESS_UNSAVED_CLOSING_FINISHED;
  else if (what_happens == CHESS_UNSAVED_OPENING && !chess_game_is_study (self->game))
    what_happens = CHESS_UNSAVED_CLOSING_UNFINISHED;
  name = _chess_window_actions_state_display_name (self);
  dialog = chess_alert_unsaved (GTK_WINDOW (window), name, what_happens, unsaved_answered_cb,
                                continuation_new (window, func, user_data));
  if (dialog != NULL)
    chess_window_hold_clock_for (window, dialog);
}

/* ---- New game ---- */

void
_chess_window_actions_start_new_game (ChessWindow *window)
{
  ChessWindowActions *self = window->actions;

  if (self == NULL)
    return;
  chess_window_new_game (window);
  _chess_window_actions_state_adopt_game (self, NULL, 0);
}

static void
new_game_start_cb (ChessNewGameDialog *dialog,
                   ChessWindow        *window)
{
  _chess_window_actions_start_new_game (window);
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

/* The bar under the header bar, made the first time it is needed. */
static ChessProblemBar *
problem_bar (ChessWindowActions *self)
{
  if (self->problem_bar == NULL)
    {
      GtkWidget *header = self->window->header_bar;
      GtkWidget *content = gtk_widget_get_parent (header);

      self->problem_bar = chess_problem_bar_new ();
      gtk_box_insert_child_after (GTK_BOX (content), GTK_WIDGET (self->problem_bar), header);
    }
  return self->problem_bar;
}

void
_chess_window_actions_state_show_load_problem (ChessWindowActions *self,
                                               GFile              *file,
                                               ChessGame          *game)
{
  const GError *problem = chess_game_get_load_problem (game);
  g_autofree char *name = NULL;
  g_autofree char *what = g_strdup (problem->message);
  g_autofree char *text = NULL;

  /* The message ends the sentence. */
  if (g_str_has_suffix (what, "."))
    what[strlen (what) - 1] = '\0';
  self->cut_short = chess_game_is_cut_short (game);
  if (file == NULL)
    {
      if (self->cut_short)
        /* Translators: %s is what is wrong in the game pasted from the
         * clipboard, with its line and column. */
        text = g_strdup_printf (_("The pasted game could be read only up to a problem: %s. The game stops before it."), what);
      else
        /* Translators: %s is what is wrong in the pasted game, with its
         * line and column. */
        text = g_strdup_printf (_("The pasted game has a problem that was passed over: %s."), what);
      chess_problem_bar_show (problem_bar (self), text);
      return;
    }
  name = _chess_window_actions_file_display_name (file);
  if (self->cut_short)
    /* Translators: %s is the file name, then what is wrong in it, with its
     * line and column. */
    text = g_strdup_printf (_("“%s” could be read only up to a problem: %s. The game stops before it; the rest of its text is not shown."),
                            name, what);
  else
    /* Translators: %s is the file name, then what is wrong in it, with its
     * line and column. */
    text = g_strdup_printf (_("“%s” has a problem that was passed over: %s."), name, what);
  chess_problem_bar_show (problem_bar (self), text);
}

/* Parses the game at `index` and shows it; the game on screen stays as it
 * was when anything is wrong. */
static void
open_game_at (OpenRequest *request,
              guint        index)
{
  ChessWindowActions *self = request->window->actions;
  const ChessPgnIndexEntry *entry = g_ptr_array_index (request->entries, index);
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autoptr(ChessGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (self == NULL)
    return;

  /* As other programs do, a problem in the text keeps the game up to it. */
  pgn = chess_pgn_parse_game_lenient (request->data + entry->offset, entry->length,
                                      entry->line, &error);
  game = chess_game_new ();
  if (pgn == NULL || !chess_game_load_pgn (game, pgn, &error))
    {
      show_open_error (request->window, request->file, error->message);
      return;
    }

  /* Show the end of the game, for study. */
  chess_game_set_view_ply (game, chess_game_get_move_count (game));
  chess_window_open_game (request->window, game);
  _chess_window_actions_state_adopt_game (self, request->file, request->entries->len);
  if (request->entries->len > 1)
    {
      self->slot.checksum = chess_pgn_file_checksum (request->data, request->length);
      self->slot.offset = entry->offset;
      self->slot.length = entry->length;
    }
  if (chess_game_get_load_problem (game) != NULL)
    _chess_window_actions_state_show_load_problem (self, request->file, game);
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
  if (request->window->actions == NULL)
    {
      open_request_free (request);
      return;
    }

  if (chess_pgn_looks_binary (request->data, request->length))
    {
      show_open_error (request->window, request->file,
                       _("This is not a PGN file: it holds binary data, not text."));
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
      g_autofree char *name = _chess_window_actions_file_display_name (request->file);
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

  if (file != NULL && window->actions != NULL)
    open_file_now (window, file);
  g_object_unref (window);
}

static void
open_confirmed (ChessWindow *window,
                gboolean     proceed,
                gpointer     user_data)
{
  ChessWindowActions *self = window->actions;

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
  save (CHESS_WINDOW (widget)->actions, NULL, NULL);
}

static void
save_as_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  save_as (CHESS_WINDOW (widget)->actions, NULL, NULL);
}

void
_chess_window_actions_files_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_activated);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_activated);
}
