/* chess-window-game.c — the game the main window plays: which game is
 * shown (new, opened, resumed), following its signals with the autosave
 * and the result overlay, and when it may be played (the start screen,
 * the player's pause, the clock held by dialogs). */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-window-computer.h"
#include "chess-window-practice.h"
#include "chess-window-private.h"

static void autosave (ChessWindow *self);

/* ---- Pause ---- */

static gboolean
can_pause (ChessWindow *self)
{
  return chess_clock_is_timed (self->clock) && !chess_game_is_over (self->game);
}

/* The clock stands while the player pauses or a modal dialog is open. */
static void
apply_clock_pause (ChessWindow *self)
{
  if (self->paused || self->clock_holds > 0)
    chess_clock_pause (self->clock);
  else
    chess_clock_resume (self->clock);
  /* The computer thinks only while the clock may run. */
  _chess_window_computer_update (self);
}

gboolean
chess_window_get_can_play (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), FALSE);
  return self->playing && !self->paused && self->clock_holds == 0;
}

/* The move entry is insensitive while the computer thinks, and GTK takes
 * the focus from it then. A player who types their moves gets it back
 * with their turn, unless they have put the focus somewhere else since
 * (a click on the board, the move list). */
static void
set_move_entry_sensitive (ChessWindow *self,
                          gboolean     sensitive)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (sensitive == gtk_widget_get_sensitive (self->move_entry))
    return;
  gtk_widget_set_sensitive (self->move_entry, sensitive);
  if (!sensitive)
    {
      self->entry_lent_focus = focus != NULL && (focus == self->move_entry
                                                 || gtk_widget_is_ancestor (focus, self->move_entry));
      return;
    }
  if (self->entry_lent_focus && focus == NULL)
    gtk_widget_grab_focus (self->move_entry);
  self->entry_lent_focus = FALSE;
}

/* A person moves on their own turn only. */
void
_chess_window_update_interactive (ChessWindow *self)
{
  gboolean moving = self->playing && !self->paused
                    && _chess_window_computer_human_may_move (self);

  /* Practice's puzzle is on the board: Practice says when it moves. */
  if (_chess_window_practice_is_active (self))
    return;
  chess_board_view_set_interactive (self->board, moving);
  set_move_entry_sensitive (self, moving);
}

void
_chess_window_update_pause (ChessWindow *self)
{
  gboolean pausable = can_pause (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause", pausable || self->paused);
  gtk_widget_set_visible (self->pause_button, pausable || self->paused);
  gtk_widget_set_visible (self->pause_screen, self->paused);
  _chess_window_set_css_class (self->white_clock, "paused", self->paused);
  _chess_window_set_css_class (self->black_clock, "paused", self->paused);
}

gboolean
chess_window_get_paused (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), FALSE);
  return self->paused;
}

void
chess_window_set_paused (ChessWindow *self,
                         gboolean     paused)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  paused = !!paused;
  if (paused && !can_pause (self))
    paused = FALSE;
  if (self->paused == paused)
    return;
  self->paused = paused;
  apply_clock_pause (self);
  /* Kept in the autosave: a game left paused comes back paused. */
  chess_game_set_paused (self->game, paused);
  if (chess_game_get_move_count (self->game) > 0)
    autosave (self);
  _chess_window_update_interactive (self);
  _chess_window_update_pause (self);
  _chess_window_update_status (self);
  if (!paused)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
  g_object_notify_by_pspec (G_OBJECT (self), chess_window_properties[PROP_PAUSED]);
}

static void
clock_released_cb (ChessWindow *self)
{
  g_return_if_fail (self->clock_holds > 0);
  self->clock_holds--;
  apply_clock_pause (self);
}

void
chess_window_hold_clock (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  self->clock_holds++;
  apply_clock_pause (self);
}

void
chess_window_release_clock (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  clock_released_cb (self);
}

void
chess_window_hold_clock_for (ChessWindow *self,
                             GtkWidget   *dialog)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (GTK_IS_WIDGET (dialog));

  self->clock_holds++;
  apply_clock_pause (self);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (clock_released_cb), self,
                           G_CONNECT_SWAPPED);
}

/* ---- Autosave and game end ---- */

static void
autosave (ChessWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!chess_game_autosave (self->game, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The game could not be saved: %s"),
                                               error->message);

      chess_window_show_message (self, text);
    }
}

/* Results as players write them: 1–0, 0–1, ½–½. */
static const char *
result_as_written (ChessGameResult result)
{
  switch (result)
    {
    case CHESS_GAME_RESULT_WHITE_WINS: return "1\u20130";
    case CHESS_GAME_RESULT_BLACK_WINS: return "0\u20131";
    case CHESS_GAME_RESULT_DRAW: return "\u00bd\u2013\u00bd";
    case CHESS_GAME_RESULT_ONGOING:
    default: return "";
    }
}

/* The result said to the person who played the computer: "You resigned —
 * ThinkChess (Beginner) wins"; NULL when no computer played, or when the
 * person has no part in the words (draws). */
static char *
describe_result_to_person (ChessWindow *self)
{
  ChessGameResult result = chess_game_get_result (self->game);
  ChessColor computer;
  const char *name;
  gboolean person_wins;

  if ((_chess_window_computer_get_player (self, CHESS_COLOR_WHITE) != NULL)
      == (_chess_window_computer_get_player (self, CHESS_COLOR_BLACK) != NULL))
    return NULL;
  if (result != CHESS_GAME_RESULT_WHITE_WINS && result != CHESS_GAME_RESULT_BLACK_WINS)
    return NULL;
  computer = _chess_window_computer_get_player (self, CHESS_COLOR_WHITE) != NULL
             ? CHESS_COLOR_WHITE : CHESS_COLOR_BLACK;
  name = chess_game_get_player_display_name (self->game, computer);
  person_wins = (result == CHESS_GAME_RESULT_WHITE_WINS) != (computer == CHESS_COLOR_WHITE);

  switch (chess_game_get_reason (self->game))
    {
    case CHESS_GAME_REASON_CHECKMATE:
      /* Translators: in the second sentence, %s is the computer's name
       * ("ThinkChess (Beginner)"). */
      return person_wins ? g_strdup (_("You win by checkmate"))
                         : g_strdup_printf (_("%s wins by checkmate"), name);
    case CHESS_GAME_REASON_RESIGNATION:
      /* Translators: %s is the computer's name. */
      return person_wins ? g_strdup_printf (_("%s resigned — you win"), name)
                         : g_strdup_printf (_("You resigned — %s wins"), name);
    case CHESS_GAME_REASON_TIME_FORFEIT:
      /* Translators: %s is the computer's name. */
      return person_wins ? g_strdup_printf (_("%s ran out of time — you win"), name)
                         : g_strdup_printf (_("You ran out of time — %s wins"), name);
    default:
      /* Translators: in the second sentence, %s is the computer's name. */
      return person_wins ? g_strdup (_("You win"))
                         : g_strdup_printf (_("%s wins"), name);
    }
}

char *
_chess_window_describe_result (ChessWindow *self)
{
  char *text = describe_result_to_person (self);

  return text != NULL ? text : chess_game_describe_result (self->game);
}

static void
show_result (ChessWindow *self)
{
  g_autofree char *text = _chess_window_describe_result (self);

  gtk_label_set_text (GTK_LABEL (self->result_label), text);
  gtk_label_set_text (GTK_LABEL (self->result_score),
                      result_as_written (chess_game_get_result (self->game)));
  _chess_window_start_hide (self);
  gtk_widget_set_visible (self->result_screen, TRUE);
}

/* A move, a take-back, a new game, another line or position, the game's
 * end: the window shows it; what is kept (not just viewed) is saved. */
static void
game_changed_cb (ChessWindow *self,
                 guint        changes)
{
  gboolean ended = (changes & CHESS_GAME_CHANGED_RESULT) && !(changes & CHESS_GAME_CHANGED_RESET)
                   && chess_game_is_over (self->game);

  if (changes & ~CHESS_GAME_CHANGED_TREE)
    {
      _chess_window_clear_message (self);
      if (ended)
        chess_window_set_paused (self, FALSE);
      _chess_window_update_all (self);
    }
  if (ended || ((changes & CHESS_GAME_CHANGED_RESET) && chess_game_is_over (self->game)))
    show_result (self);
  /* The card lies over the board, after it in no focus chain: bring the
   * keyboard to it, on its suggested button, as a dialog would. */
  if (ended)
    gtk_widget_grab_focus (self->result_new_button);
  if (changes & (CHESS_GAME_CHANGED_MOVES | CHESS_GAME_CHANGED_RESET | CHESS_GAME_CHANGED_TREE
                 | CHESS_GAME_CHANGED_RESULT))
    autosave (self);
}

/* While a move is being thought about, the game is autosaved now and
 * then, so that even a crash loses little of its clock time. */
#define CLOCK_AUTOSAVE_US (10 * G_USEC_PER_SEC)

static void
clock_changed_cb (ChessWindow *self)
{
  gint64 now = g_get_monotonic_time ();

  chess_window_update_clocks (self);
  if (!chess_clock_is_running (self->clock))
    return;
  if (self->clock_saved_us == 0)
    self->clock_saved_us = now;
  else if (now - self->clock_saved_us > CLOCK_AUTOSAVE_US)
    {
      self->clock_saved_us = now;
      if (chess_game_get_move_count (self->game) > 0)
        autosave (self);
    }
}

/* Shows `game` without saving it. */
static void
attach_game (ChessWindow *self,
             ChessGame   *game)
{
  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_set_object (&self->game, game);
  g_set_object (&self->clock, chess_game_get_clock (game));
  _chess_window_clear_message (self);
  /* A new game is not paused, but an open dialog still holds its clock. */
  if (self->paused)
    {
      self->paused = FALSE;
      _chess_window_update_interactive (self);
      g_object_notify_by_pspec (G_OBJECT (self), chess_window_properties[PROP_PAUSED]);
    }
  apply_clock_pause (self);

  g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  g_signal_connect_swapped (game, "notify::draw-offered", G_CALLBACK (_chess_window_update_status), self);
  g_signal_connect_swapped (self->clock, "tick", G_CALLBACK (clock_changed_cb), self);
  g_signal_connect_swapped (self->clock, "notify::running", G_CALLBACK (clock_changed_cb), self);
  g_signal_connect_swapped (self->clock, "notify::active-color", G_CALLBACK (clock_changed_cb), self);

  chess_board_view_set_game (self->board, game);
  chess_move_list_view_set_game (self->move_list, game);
  chess_review_panel_set_game (self->review_panel, game);
  gtk_widget_set_visible (self->result_screen, FALSE);
  _chess_window_update_all (self);
  g_object_notify_by_pspec (G_OBJECT (self), chess_window_properties[PROP_GAME]);
}

void
_chess_window_set_playing (ChessWindow *self,
                           gboolean     playing)
{
  self->playing = playing;
  _chess_window_update_interactive (self);
  _chess_window_computer_update (self);
}

ChessGame *
chess_window_get_game (ChessWindow *self)
{
  g_return_val_if_fail (CHESS_IS_WINDOW (self), NULL);
  return self->game;
}

void
chess_window_set_game (ChessWindow *self,
                       ChessGame   *game)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (CHESS_IS_GAME (game));

  attach_game (self, game);
  _chess_window_start_hide (self);
  _chess_window_set_playing (self, TRUE);
  if (chess_game_is_over (game))
    show_result (self);
  autosave (self);
}

void
chess_window_open_game (ChessWindow *self,
                        ChessGame   *game)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));
  g_return_if_fail (CHESS_IS_GAME (game));

  attach_game (self, game);
  _chess_window_start_hide (self);
  _chess_window_set_playing (self, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* A fresh game as the new-game settings describe it. */
static ChessGame *
create_game (ChessWindow *self)
{
  ChessGame *game = chess_game_new ();
  int minutes = g_settings_get_int (self->settings, "time-minutes");
  int increment = g_settings_get_int (self->settings, "time-increment");
  int delay = g_settings_get_int (self->settings, "time-delay");

  /* The players' names, and which of them the computer plays. */
  _chess_window_computer_prepare_game (self->settings, game);
  if (minutes > 0)
    {
      ChessClockMode mode = delay > 0 ? CHESS_CLOCK_BRONSTEIN
                            : increment > 0 ? CHESS_CLOCK_FISCHER : CHESS_CLOCK_SUDDEN_DEATH;

      chess_game_set_time_control (game, mode, (gint64) minutes * 60000,
                                   (gint64) (delay > 0 ? delay : increment) * 1000);
    }
  return game;
}

void
chess_window_new_game (ChessWindow *self)
{
  g_autoptr(ChessGame) game = NULL;

  g_return_if_fail (CHESS_IS_WINDOW (self));

  game = create_game (self);
  self->user_flip = FALSE;
  chess_window_set_game (self, game);
}

void
chess_window_keep_game (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  /* Quitting in the middle of a move keeps the time already used on it. */
  if (self->game != NULL && chess_game_get_move_count (self->game) > 0
      && !chess_game_is_over (self->game))
    autosave (self);
}

void
_chess_window_game_init (ChessWindow *self)
{
  g_autoptr(ChessGame) game = NULL;
  gboolean resume = FALSE;

  /* An unfinished last game is offered on the start card; otherwise the
   * card asks who plays, the fresh board behind it. */
  if (chess_game_autosave_is_unfinished ())
    {
      g_autoptr(GError) error = NULL;

      game = chess_game_load_autosave (&error);
      if (game == NULL)
        g_debug ("The last game could not be loaded: %s", error->message);
      resume = game != NULL;
    }
  if (game == NULL)
    game = create_game (self);
  attach_game (self, game);
  _chess_window_start_show (self, resume);
}
