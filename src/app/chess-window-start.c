/* chess-window-start.c — the start card: how a window begins when there
 * is no game on the go. It offers the unfinished last game (Continue Last
 * Game), a game against the built-in engine at a level shown and chosen on
 * the card (Play the Computer: the person plays White), a game for two
 * people at this screen (Two Players), and the New Game dialog for
 * anything else (Custom Game…). Both quick choices write the new-game
 * settings as the dialog does and start the game the same way. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-engine-levels.h"
#include "chess-opponents.h"
#include "chess-window-actions.h"
#include "chess-window-private.h"

/* Who plays: "Against ThinkChess (Casual)" for a person against the
 * computer, else both names. */
static char *
describe_opponents (ChessGame *game)
{
  ChessOpponent white = { 0 }, black = { 0 };
  char *text;

  chess_opponent_from_game (&white, game, CHESS_COLOR_WHITE);
  chess_opponent_from_game (&black, game, CHESS_COLOR_BLACK);
  if (white.computer != black.computer)
    /* Translators: on the start screen, %s is the computer's name, as
     * "ThinkChess (Casual)" or "Stockfish". */
    text = g_strdup_printf (_("Against %s"),
                            chess_game_get_player_display_name (game, white.computer
                                                                ? CHESS_COLOR_WHITE
                                                                : CHESS_COLOR_BLACK));
  else
    /* Translators: on the start screen, White's name and Black's. */
    text = g_strdup_printf (_("%s against %s"),
                            chess_game_get_player_display_name (game, CHESS_COLOR_WHITE),
                            chess_game_get_player_display_name (game, CHESS_COLOR_BLACK));
  chess_opponent_clear (&white);
  chess_opponent_clear (&black);
  return text;
}

/* The time control as players say it: "5 min", "3 + 2"; NULL untimed. */
static char *
describe_time_control (ChessClock *clock)
{
  gint64 initial = chess_clock_get_initial_ms (clock);
  gint64 extra_s = chess_clock_get_increment_ms (clock) / 1000;
  g_autofree char *base = initial % 60000 == 0
                          ? g_strdup_printf ("%" G_GINT64_FORMAT, initial / 60000)
                          : chess_clock_format_time (initial);

  switch (chess_clock_get_mode (clock))
    {
    case CHESS_CLOCK_SUDDEN_DEATH:
      /* Translators: a time control of so many minutes, as "5 min". */
      return g_strdup_printf (_("%s min"), base);
    case CHESS_CLOCK_FISCHER:
      /* Translators: minutes plus an increment in seconds a move, as
       * "3 + 2". */
      return g_strdup_printf (_("%s + %d"), base, (int) extra_s);
    case CHESS_CLOCK_BRONSTEIN:
      /* Translators: minutes and a delay in seconds a move, as
       * "3 min, 2 s delay". */
      return g_strdup_printf (_("%s min, %d s delay"), base, (int) extra_s);
    case CHESS_CLOCK_UNTIMED:
    default:
      return NULL;
    }
}

/* "Against ThinkChess (Casual) · 3 + 2 · move 14, White to play". */
static char *
describe_last_game (ChessGame *game)
{
  const ChessBoard *board = chess_game_get_board (game);
  g_autofree char *players = describe_opponents (game);
  g_autofree char *time_control = describe_time_control (chess_game_get_clock (game));
  g_autofree char *move = NULL;

  if (board->side == CHESS_COLOR_WHITE)
    /* Translators: on the start screen, the move the last game stopped at. */
    move = g_strdup_printf (_("move %u, White to play"), (guint) board->fullmove_number);
  else
    move = g_strdup_printf (_("move %u, Black to play"), (guint) board->fullmove_number);
  if (time_control == NULL)
    return g_strdup_printf ("%s \u00b7 %s", players, move);
  return g_strdup_printf ("%s \u00b7 %s \u00b7 %s", players, time_control, move);
}

void
_chess_window_continue_last_game (ChessWindow *self)
{
  g_return_if_fail (CHESS_IS_WINDOW (self));

  _chess_window_start_hide (self);
  _chess_window_set_playing (self, TRUE);
  /* Paused before its clock starts, so that no time runs. */
  if (chess_game_get_paused (self->game))
    chess_window_set_paused (self, TRUE);
  chess_game_start_clock (self->game);
  gtk_widget_grab_focus (GTK_WIDGET (self->paused ? self->resume_button
                                                  : GTK_WIDGET (self->board)));
}

/* ---- The quick choices ---- */

/* Writes who plays into the new-game settings, at once (the time control
 * and the names stay as last chosen), and starts that game. */
static void
start_game_with (ChessWindow         *self,
                 const ChessOpponent *white,
                 const ChessOpponent *black)
{
  g_settings_delay (self->settings);
  chess_opponent_to_settings (white, self->settings, CHESS_COLOR_WHITE);
  chess_opponent_to_settings (black, self->settings, CHESS_COLOR_BLACK);
  g_settings_apply (self->settings);
  _chess_window_actions_start_new_game (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
play_computer_clicked_cb (ChessWindow *self)
{
  ChessOpponent person = { .computer = FALSE };
  ChessOpponent computer = {
    .computer = TRUE,
    .engine_id = NULL,   /* the built-in engine */
    .level = (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (self->start_level)),
  };

  start_game_with (self, &person, &computer);
}

static void
two_players_clicked_cb (ChessWindow *self)
{
  ChessOpponent person = { .computer = FALSE };

  start_game_with (self, &person, &person);
}

/* The level the card suggests: the one the built-in engine last played
 * Black at (the settings' default, Casual, on a first start). */
static guint
suggested_level (ChessWindow *self)
{
  int level = g_settings_get_int (self->settings, "black-level");

  return (guint) CLAMP (level, 0, CHESS_ENGINE_LEVEL_MAX);
}

/* The Play the Computer button tells a screen reader its level too. */
static void
level_changed_cb (ChessWindow *self)
{
  GtkDropDown *level = GTK_DROP_DOWN (self->start_level);
  GtkStringObject *item = gtk_drop_down_get_selected_item (level);

  if (item == NULL)
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_computer_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  gtk_string_object_get_string (item), -1);
}

void
_chess_window_start_init (ChessWindow *self)
{
  g_autoptr(GListModel) levels = chess_opponents_level_model ();

  gtk_drop_down_set_model (GTK_DROP_DOWN (self->start_level), levels);
  g_signal_connect_swapped (self->start_level, "notify::selected",
                            G_CALLBACK (level_changed_cb), self);
  g_signal_connect_swapped (self->play_computer_button, "clicked",
                            G_CALLBACK (play_computer_clicked_cb), self);
  g_signal_connect_swapped (self->two_players_button, "clicked",
                            G_CALLBACK (two_players_clicked_cb), self);
}

void
_chess_window_start_hide (ChessWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean had_focus = focus != NULL && gtk_widget_is_ancestor (focus, self->start_screen);

  gtk_widget_set_visible (self->start_screen, FALSE);
  /* The focus does not stay on a hidden card's button: the game goes on
   * on the board. */
  if (had_focus)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

void
_chess_window_start_show (ChessWindow *self,
                          gboolean     resume)
{
  GtkDropDown *level = GTK_DROP_DOWN (self->start_level);
  GtkWidget *suggested = resume ? self->continue_button : self->play_computer_button;

  gtk_drop_down_set_selected (level, suggested_level (self));
  level_changed_cb (self);

  if (resume)
    {
      g_autofree char *details = describe_last_game (self->game);

      gtk_label_set_text (GTK_LABEL (self->start_game_label), details);
    }
  gtk_widget_set_visible (self->start_subtitle, resume);
  gtk_widget_set_visible (self->start_game_label, resume);
  gtk_widget_set_visible (self->continue_button, resume);
  /* One suggested choice: the game left unfinished, else the computer. */
  _chess_window_set_css_class (self->continue_button, "suggested-action", resume);
  _chess_window_set_css_class (self->play_computer_button, "suggested-action", !resume);

  gtk_widget_set_visible (self->start_screen, TRUE);
  _chess_window_set_playing (self, FALSE);
  gtk_widget_grab_focus (suggested);
}
