/* chess-window-actions.c — the main window's actions (win.*): their
 * state (the window's `actions`); the title with its unsaved mark; which actions are
 * enabled as the game changes; setup, and the question before closing a
 * changed game. The actions themselves are in chess-window-actions-files.c
 * and chess-window-actions-play.c.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-alerts.h"
#include "chess-window-actions-private.h"

static void update_actions (ChessWindowActions *self);

/* ---- Title and action states ---- */

char *
_chess_window_actions_file_display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return g_filename_display_name (basename);
}

char *
_chess_window_actions_state_display_name (ChessWindowActions *self)
{
  return self->file != NULL ? _chess_window_actions_file_display_name (self->file) : NULL;
}

static void
update_title (ChessWindowActions *self)
{
  g_autofree char *name = _chess_window_actions_state_display_name (self);

  /* The window puts the title together, in the header bar and as its own. */
  chess_window_set_document_name (self->window, name, self->dirty);
}

void
_chess_window_actions_state_set_dirty (ChessWindowActions *self,
                                       gboolean            dirty)
{
  self->dirty = dirty;
  update_title (self);
  update_actions (self);
}

void
_chess_window_actions_state_set_file (ChessWindowActions *self,
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
  if (chess_game_is_study (game))
    {
      /* Undo and Redo browse (chess-window-actions-play.c). */
      guint view = chess_game_get_view_ply (game);

      gtk_widget_action_set_enabled (widget, "win.undo", view > 0);
      gtk_widget_action_set_enabled (widget, "win.redo", view < moves);
    }
  else
    {
      gtk_widget_action_set_enabled (widget, "win.undo", chess_game_can_undo (game));
      gtk_widget_action_set_enabled (widget, "win.redo", chess_game_can_redo (game));
    }
  gtk_widget_action_set_enabled (widget, "win.offer-draw", !over && !offered);
  gtk_widget_action_set_enabled (widget, "win.claim-draw",
                                 !over && chess_game_get_draw_claimable (game));
  gtk_widget_action_set_enabled (widget, "win.resign", !over);
}

/* ---- Following the game ---- */

/* A move, a take-back, the end of the game or an annotation: the file is
 * out of date. The autosave alone does not count as saved; a new game is
 * marked by the action that made it. */
static void
game_changed_cb (ChessWindowActions *self,
                 guint               changes)
{
  if (!(changes & CHESS_GAME_CHANGED_RESET)
      && (changes & (CHESS_GAME_CHANGED_MOVES | CHESS_GAME_CHANGED_TREE | CHESS_GAME_CHANGED_RESULT)))
    _chess_window_actions_state_set_dirty (self, TRUE);
}

/* A move instead of an answer declines the draw offer. */
static void
game_moved_cb (ChessWindowActions *self)
{
  if (self->draw_offer != NULL)
    g_cancellable_cancel (self->draw_offer);
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
  /* What was said of the last game's file is not this game's. */
  self->cut_short = FALSE;
  if (self->problem_bar != NULL)
    chess_problem_bar_dismiss (self->problem_bar);

  self->game = g_object_ref (game);
  g_signal_connect_swapped (game, "moved", G_CALLBACK (game_moved_cb), self);
  g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  g_signal_connect_swapped (game, "notify", G_CALLBACK (game_notify_cb), self);

  /* A game that arrives from elsewhere is the last game from the autosave,
   * unchanged since: not worth a question until it changes. The actions
   * that replace the game set these afterwards. */
  _chess_window_actions_state_set_file (self, NULL, 0);
  _chess_window_actions_state_set_dirty (self, FALSE);
}

/* The window shows a game that replaced the last one on purpose (new,
 * opened, pasted): follow it, from `file` (or none), as saved. */
void
_chess_window_actions_state_adopt_game (ChessWindowActions *self,
                                        GFile              *file,
                                        guint               n_games)
{
  watch_game (self);
  _chess_window_actions_state_set_file (self, file, n_games);
  _chess_window_actions_state_set_dirty (self, FALSE);
}

gboolean
_chess_window_actions_get_dirty (ChessWindow *window)
{
  ChessWindowActions *self;

  g_return_val_if_fail (CHESS_IS_WINDOW (window), FALSE);

  self = window->actions;
  return self != NULL && self->dirty;
}

GFile *
_chess_window_actions_get_file (ChessWindow *window)
{
  ChessWindowActions *self;

  g_return_val_if_fail (CHESS_IS_WINDOW (window), NULL);

  self = window->actions;
  return self != NULL ? self->file : NULL;
}

/* ---- Closing ---- */

static void
close_confirmed (ChessWindow *window,
                 gboolean     proceed,
                 gpointer     user_data)
{
  ChessWindowActions *self = window->actions;

  if (proceed && self != NULL)
    {
      self->closing = TRUE;
      gtk_window_close (GTK_WINDOW (window));
    }
}

static gboolean
close_request_cb (ChessWindow *window)
{
  ChessWindowActions *self = window->actions;

  if (self == NULL || self->closing || !self->dirty)
    return FALSE;

  chess_window_actions_check_unsaved (window, CHESS_UNSAVED_CLOSING_UNFINISHED,
                                      close_confirmed, NULL);
  return TRUE;
}

/* The keyboard shortcuts window, made for each showing and destroyed on
 * closing. GTK's own help overlay (gtk/help-overlay.ui) would stay as a
 * hidden window, and GTK 4.8 crashes when an accessibility client asks
 * the application for a window past the visible ones while the last of
 * its windows is hidden (a screen reader's count from just before a
 * dialog closed does). */
static void
show_shortcuts_activated (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (RESOURCE_BASE "/ui/shortcuts-window.ui");
  GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));

  gtk_window_set_transient_for (shortcuts, GTK_WINDOW (widget));
  gtk_window_set_hide_on_close (shortcuts, FALSE);
  gtk_window_present (shortcuts);
}

/* ---- Setup ---- */

void
_chess_window_actions_class_init (GtkWidgetClass *widget_class)
{
  _chess_window_actions_files_class_init (widget_class);
  _chess_window_actions_play_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_shortcuts_activated);
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
  ChessWindowActions *self = window->actions;

  if (self != NULL)
    watch_game (self);
}

/* Copy and paste act on the game only while the board has the focus,
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
                      gtk_named_action_new ("win.paste")));
  gtk_widget_add_controller (GTK_WIDGET (chess_window_get_board (window)), controller);
}

void
_chess_window_actions_init (ChessWindow *window)
{
  ChessWindowActions *self = g_new0 (ChessWindowActions, 1);

  self->window = window;
  window->actions = self;
  add_board_shortcuts (window);
  g_signal_connect (window, "notify::game", G_CALLBACK (window_game_changed_cb), NULL);
  g_signal_connect (window, "close-request", G_CALLBACK (close_request_cb), NULL);
  watch_game (self);
}

void
_chess_window_actions_dispose (ChessWindow *window)
{
  /* Answers that arrive later find no state and do nothing. */
  g_clear_pointer (&window->actions, chess_window_actions_free);
}

