/* chess-window-practice.c — Practice in the main window: entering and
 * leaving it (the player's game put aside and brought back), the puzzle
 * on the board, the player's moves judged, the opponent's replies, Hint,
 * Solution, Next, the theme filter and Analyse. What the panel shows is
 * chess-practice-panel.c; the deck of the player's mistakes,
 * chess-window-practice-deck.c. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-practice-panel.h"
#include "chess-puzzle-themes.h"
#include "chess-window-actions.h"
#include "chess-window-analysis.h"
#include "chess-window-practice.h"
#include "chess-window-private.h"

/* The solution's arrow: green, the colour of a good move. */
static const GdkRGBA solution_colour = { 0.18, 0.64, 0.26, 0.85 };
/* A wrong move's arrow, while it is on the board. */
static const GdkRGBA wrong_colour = { 0.88, 0.11, 0.14, 0.85 };
/* The opponent's answer to it: orange, between the two. */
static const GdkRGBA refutation_colour = { 0.96, 0.47, 0.0, 0.85 };

/* Keys of the game put aside, caught while Practice shows its puzzle:
 * they would change that game unseen. Ctrl+H asks Practice for its hint. */
static const char *const caught_keys[] = {
  "<Control>z", "<Shift><Control>z", "<Control>p", "<Control>e", "<Control>t",
  "<Control>r", "<Control>c",
};

typedef struct _ChessWindowPractice
{
  ChessWindow        *window;          /* borrowed: it owns the state */
  ChessPracticePanel *panel;           /* borrowed (template) */

  ChessPractice      *practice;        /* NULL until loaded */
  GPtrArray          *set;             /* the bundled puzzles; NULL until loaded */
  GRand              *rand;

  gboolean            active;
  gboolean            leaving;
  ChessGame          *game;            /* the puzzle's own game */
  ChessPuzzle         puzzle;          /* a copy: the deck moves its entries */
  gboolean            has_puzzle;
  ChessPuzzleAttempt  attempt;
  gboolean            recorded;        /* the result went into the rating */
  gboolean            over;            /* solved, missed or shown */
  gboolean            solved;
  int                 change;          /* of the rating, once recorded */
  ChessMove           reply;           /* the reply on its way */
  guint               reply_id;
  guint               wrong_id;
  guint               solution_id;

  /* What the window showed before, brought back on leaving. */
  gboolean            start_was_visible;
  gboolean            result_was_visible;
  GtkEventController *keys;            /* owned by the window while active */
} Practice;

static void leave (Practice *self);
static void show_next_puzzle (Practice *self);

static GtkWidget *
window_child (ChessWindow *window,
              const char  *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), CHESS_TYPE_WINDOW, name));
}

/* ---- The player's practice ---- */

ChessPractice *
_chess_window_practice_ensure (ChessWindow *window,
                               gboolean     reload)
{
  Practice *self = window->practice;
  g_autofree char *path = NULL;
  g_autofree char *warning = NULL;
  g_autoptr(GError) error = NULL;

  if (self == NULL)
    return NULL;
  if (reload)
    g_clear_pointer (&self->practice, chess_practice_free);
  if (self->practice != NULL)
    return self->practice;
  path = chess_practice_default_path ();
  self->practice = chess_practice_load (path, &warning, &error);
  if (warning != NULL)
    chess_window_show_notice (window, warning);
  if (self->practice == NULL)
    {
      /* Translators: %s says why the practice file could not be read. */
      g_autofree char *text = g_strdup_printf (_("Your practice could not be read: %s"),
                                               error->message);

      chess_window_show_notice (window, text);
    }
  return self->practice;
}

void
_chess_window_practice_save (ChessWindow *window)
{
  Practice *self = window->practice;
  g_autoptr(GError) error = NULL;

  if (self == NULL || self->practice == NULL)
    return;
  if (!chess_practice_save (self->practice, &error))
    {
      /* Translators: %s says why the practice file could not be written. */
      g_autofree char *text = g_strdup_printf (_("Your practice could not be saved: %s"),
                                               error->message);

      chess_window_show_notice (window, text);
    }
}

static void
show_rating (Practice *self)
{
  const ChessRatingPoint *history;
  guint n;

  if (self->practice == NULL)
    return;
  history = chess_practice_get_history (self->practice, &n);
  chess_practice_panel_set_rating (self->panel, chess_practice_get_rating (self->practice),
                                   history, n,
                                   chess_practice_get_streak (self->practice),
                                   chess_practice_get_best_streak (self->practice));
  chess_practice_panel_set_deck_due (self->panel,
                                     chess_practice_deck_due (self->practice,
                                                              g_get_real_time () / G_USEC_PER_SEC));
}

/* ---- The board ---- */

/* Up to two arrows: `move` in `colour`, then `second` in `second_colour`
 * (CHESS_MOVE_NONE for none). */
static void
set_arrows (Practice      *self,
            ChessMove      move,
            const GdkRGBA *colour,
            ChessMove      second,
            const GdkRGBA *second_colour)
{
  ChessBoardView *board = chess_window_get_board (self->window);
  ChessBoardArrow arrows[2] = { { 0 } };
  guint n = 0;

  if (move != CHESS_MOVE_NONE)
    {
      arrows[n] = (ChessBoardArrow) { .from = chess_move_from (move), .to = chess_move_to (move),
                                      .color = *colour, .width = 1.0 };
      n++;
    }
  if (second != CHESS_MOVE_NONE)
    {
      arrows[n] = (ChessBoardArrow) { .from = chess_move_from (second), .to = chess_move_to (second),
                                      .color = *second_colour, .width = 1.0 };
      n++;
    }
  chess_board_view_set_extra_arrows (board, CHESS_ARROWS_PRACTICE, n > 0 ? arrows : NULL, n);
}

static void
set_arrow (Practice      *self,
           ChessMove      move,
           const GdkRGBA *colour)
{
  set_arrows (self, move, colour, CHESS_MOVE_NONE, NULL);
}

gboolean
_chess_window_practice_blocks_moves (ChessWindow *window)
{
  Practice *self = window->practice;

  return self != NULL && (self->reply_id != 0 || self->wrong_id != 0 || self->solution_id != 0);
}

/* The player moves the solver's pieces while the puzzle goes on; once it
 * is over, either side, to try things out. */
static void
update_interactive (Practice *self)
{
  gboolean moving = self->active && self->has_puzzle
                    && !_chess_window_practice_blocks_moves (self->window)
                    && (self->over
                        || chess_game_get_side_to_move (self->game) == self->puzzle.start.side);

  chess_board_view_set_interactive (chess_window_get_board (self->window), moving);
}

static void
stop_timers (Practice *self)
{
  g_clear_handle_id (&self->reply_id, g_source_remove);
  g_clear_handle_id (&self->wrong_id, g_source_remove);
  g_clear_handle_id (&self->solution_id, g_source_remove);
}

/* ---- The result ---- */

static char *
solution_text (Practice *self)
{
  ChessPuzzleAttempt from_start;

  chess_puzzle_attempt_init (&from_start, &self->puzzle);
  return chess_puzzle_attempt_solution_in (&from_start, chess_game_get_piece_letters ());
}

static void
show_result (Practice *self)
{
  g_autofree char *verdict = NULL;
  g_autofree char *themes = chess_puzzle_theme_names (&self->puzzle);
  g_autofree char *why = chess_puzzle_explain (&self->puzzle);
  g_autofree char *solution = solution_text (self);

  if (self->solved && self->change != 0)
    /* Translators: the puzzle was solved; %+d is the rating's change ("+12"). */
    verdict = g_strdup_printf (_("Solved! %+d"), self->change);
  else if (self->solved)
    verdict = g_strdup (_("Solved!"));
  else if (self->change != 0)
    {
      /* A true minus sign, as in print. */
      g_autofree char *loss = g_strdup_printf ("\u2212%d", ABS (self->change));

      /* Translators: the puzzle was missed; %s is the rating's loss with
       * its minus sign ("−15"). */
      verdict = g_strdup_printf (_("Missed %s"), loss);
    }
  else
    verdict = g_strdup (_("Missed"));
  chess_practice_panel_show_result (self->panel, self->solved, verdict,
                                    *themes != '\0' ? themes : NULL, why, solution);
  show_rating (self);
  /* Solution stays: it plays the solution over again on the board. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self->window), "win.practice-hint", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self->window), "win.practice-analyse", TRUE);
}

/* The result counts once, and is saved at once. */
static void
record (Practice *self,
        gboolean  solved)
{
  if (self->recorded || self->practice == NULL)
    return;
  self->recorded = TRUE;
  self->solved = solved;
  self->change = chess_practice_record (self->practice, &self->puzzle, solved,
                                        g_get_real_time () / G_USEC_PER_SEC);
  _chess_window_practice_save (self->window);
}

static void
finish (Practice *self,
        gboolean  solved)
{
  self->over = TRUE;
  record (self, solved);
  show_result (self);
  update_interactive (self);
}

/* ---- The player's moves ---- */

static gboolean
play_reply_cb (gpointer user_data)
{
  Practice *self = user_data;
  ChessMove reply = self->reply;

  self->reply_id = 0;
  self->reply = CHESS_MOVE_NONE;
  if (reply != CHESS_MOVE_NONE)
    {
      g_autofree char *answer = chess_puzzle_numbered_move (chess_game_get_board (self->game),
                                                            reply, chess_game_get_piece_letters ());
      g_autofree char *text = NULL;

      chess_game_play_move (self->game, reply, NULL);
      /* Said as well as shown: a player who looked away, or hears the
       * screen, learns the reply. */
      /* Translators: after a right move in a puzzle; %s is the
       * opponent's reply ("23… Kh8"). */
      text = g_strdup_printf (_("Right — the reply was %s. Your move."), answer);
      chess_practice_panel_set_message (self->panel, text, FALSE);
    }
  update_interactive (self);
  return G_SOURCE_REMOVE;
}

static gboolean
take_back_wrong_cb (gpointer user_data)
{
  Practice *self = user_data;

  self->wrong_id = 0;
  chess_game_take_back (self->game);
  /* Where the right move went instead. */
  set_arrow (self, chess_puzzle_attempt_expected (&self->attempt), &solution_colour);
  update_interactive (self);
  return G_SOURCE_REMOVE;
}

static void
judge_move (Practice  *self,
            ChessMove  move)
{
  ChessMove reply = CHESS_MOVE_NONE;
  ChessPuzzleVerdict verdict;

  set_arrow (self, CHESS_MOVE_NONE, NULL);
  verdict = chess_puzzle_attempt_try (&self->attempt, move, &reply);
  switch (verdict)
    {
    case CHESS_PUZZLE_WRONG:
      {
        ChessMove refutation = chess_puzzle_attempt_refutation (&self->attempt, move);
        g_autofree char *why = chess_puzzle_attempt_refutation_text (&self->attempt, move,
                                                                     refutation,
                                                                     chess_game_get_piece_letters ());
        g_autofree char *text = NULL;

        /* Translators: %s says why the move fails ("23. Qd4 fails to 23… Qxd4."). */
        text = why != NULL ? g_strdup_printf (_("That is not it: %s"), why)
                           : g_strdup (_("That is not it."));
        chess_practice_panel_set_message (self->panel, text, TRUE);
        /* The wrong move and the answer to it, while it is on the board. */
        set_arrows (self, move, &wrong_colour, refutation, &refutation_colour);
      }
      self->wrong_id = g_timeout_add (CHESS_PRACTICE_WRONG_MS, take_back_wrong_cb, self);
      finish (self, FALSE);
      break;
    case CHESS_PUZZLE_RIGHT:
      chess_practice_panel_set_message (self->panel, _("Right — keep going."), FALSE);
      self->reply = reply;
      self->reply_id = g_timeout_add (CHESS_PRACTICE_REPLY_MS, play_reply_cb, self);
      update_interactive (self);
      break;
    case CHESS_PUZZLE_SOLVED:
    default:
      chess_practice_panel_set_message (self->panel, NULL, FALSE);
      finish (self, !self->attempt.missed);
      break;
    }
}

static void
puzzle_moved_cb (Practice *self)
{
  guint count = chess_game_get_move_count (self->game);

  /* Only the solver's move of the attempt is judged: not the replies
   * played here, nor moves tried out after the puzzle. */
  if (self->over || self->reply_id != 0 || count != self->attempt.ply + 1 || count == 0)
    {
      update_interactive (self);
      return;
    }
  judge_move (self, chess_game_get_move (self->game, count - 1));
}

/* ---- Showing a puzzle ---- */

static char *
describe_puzzle (Practice *self)
{
  const char *source = self->practice != NULL
                       ? chess_practice_deck_source (self->practice, &self->puzzle) : NULL;

  if (self->puzzle.themes & CHESS_PUZZLE_THEME_MISTAKE && source != NULL)
    /* Translators: a puzzle of the player's own deck; %s names the game
     * and the move ("Kasparov – Karpov, 1985, move 23"). */
    return g_strdup_printf (_("Your mistake in %s"), source);
  if (self->puzzle.themes & CHESS_PUZZLE_THEME_MISTAKE)
    return g_strdup (_("Your mistake in a reviewed game"));
  /* Translators: the puzzle's id and its difficulty on the rating scale. */
  return g_strdup_printf (_("Puzzle %s · rated %d"), self->puzzle.id, self->puzzle.rating);
}

static const char *
prompt_for (ChessColor solver)
{
  return solver == CHESS_COLOR_WHITE ? _("White to move — find the best move")
                                     : _("Black to move — find the best move");
}

static void
set_puzzle (Practice          *self,
            const ChessPuzzle *puzzle)
{
  g_autofree char *info = NULL;
  char fen[CHESS_FEN_MAX];
  g_autoptr(GError) error = NULL;

  stop_timers (self);
  set_arrow (self, CHESS_MOVE_NONE, NULL);
  self->puzzle = *puzzle;
  self->has_puzzle = TRUE;
  self->recorded = self->over = self->solved = FALSE;
  self->change = 0;
  self->reply = CHESS_MOVE_NONE;
  chess_puzzle_attempt_init (&self->attempt, &self->puzzle);

  chess_board_to_fen (&self->puzzle.start, fen);
  if (!chess_game_set_fen (self->game, fen, &error))
    g_warning ("Puzzle %s: %s", self->puzzle.id, error->message);

  info = describe_puzzle (self);
  chess_practice_panel_set_puzzle (self->panel, info, prompt_for (self->puzzle.start.side));
  chess_window_refresh_turn (self->window);
  gtk_widget_action_set_enabled (GTK_WIDGET (self->window), "win.practice-hint", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self->window), "win.practice-solution", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self->window), "win.practice-analyse", FALSE);
  update_interactive (self);
}

static void
show_no_puzzle (Practice         *self,
                ChessPuzzleTheme  theme)
{
  stop_timers (self);
  set_arrow (self, CHESS_MOVE_NONE, NULL);
  self->has_puzzle = FALSE;
  chess_game_reset (self->game);
  chess_practice_panel_set_puzzle (self->panel, NULL,
                                   theme == CHESS_PUZZLE_THEME_MISTAKE
                                   ? _("Your Mistakes is empty. Review a game you played: the positions before your mistakes come here.")
                                   : _("No puzzle has this theme yet."));
  gtk_widget_action_set_enabled (GTK_WIDGET (self->window), "win.practice-hint", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self->window), "win.practice-solution", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self->window), "win.practice-analyse", FALSE);
  update_interactive (self);
}

static void
show_next_puzzle (Practice *self)
{
  ChessPuzzleTheme theme;
  int mate_in;
  const ChessPuzzle *next;

  /* A puzzle left after a move counts as missed; one left untouched, not. */
  if (self->has_puzzle && !self->over && self->attempt.ply > 0)
    record (self, FALSE);
  chess_practice_panel_get_theme (self->panel, &theme, &mate_in);
  next = self->practice != NULL
         ? chess_practice_next (self->practice, self->set, theme, mate_in, self->rand,
                                g_get_real_time () / G_USEC_PER_SEC)
         : NULL;
  if (next == NULL)
    show_no_puzzle (self, theme);
  else
    set_puzzle (self, next);
  show_rating (self);
}

/* ---- Actions ---- */

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  Practice *self = CHESS_WINDOW (widget)->practice;
  g_autofree char *hint = NULL;

  if (self == NULL || !self->active || !self->has_puzzle || self->over)
    return;
  hint = chess_puzzle_attempt_hint (&self->attempt);
  chess_practice_panel_set_message (self->panel, hint, FALSE);
}

static gboolean
solution_step_cb (gpointer user_data)
{
  Practice *self = user_data;
  guint count = chess_game_get_move_count (self->game);

  if (count >= self->puzzle.n_moves
      || !chess_game_play_move (self->game, self->puzzle.moves[count], NULL))
    {
      self->solution_id = 0;
      update_interactive (self);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* Shows the solution from the puzzle's start, move by move (a miss when
 * the puzzle was not over). */
static void
solution_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  Practice *self = CHESS_WINDOW (widget)->practice;
  char fen[CHESS_FEN_MAX];

  if (self == NULL || !self->active || !self->has_puzzle)
    return;
  stop_timers (self);
  set_arrow (self, CHESS_MOVE_NONE, NULL);
  if (!self->over)
    finish (self, FALSE);
  chess_board_to_fen (&self->puzzle.start, fen);
  chess_game_set_fen (self->game, fen, NULL);
  self->solution_id = g_timeout_add (CHESS_PRACTICE_SOLUTION_STEP_MS, solution_step_cb, self);
  update_interactive (self);
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  Practice *self = CHESS_WINDOW (widget)->practice;

  if (self != NULL && self->active)
    show_next_puzzle (self);
}

/* The finished puzzle with its whole solution, as a game to study. */
static char *
puzzle_as_pgn (Practice *self)
{
  g_autoptr(ChessGame) game = chess_game_new ();
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autofree char *event = NULL;
  char fen[CHESS_FEN_MAX];

  chess_board_to_fen (&self->puzzle.start, fen);
  if (!chess_game_set_fen (game, fen, NULL))
    return NULL;
  /* Translators: the Event of a puzzle opened for analysis; %s is its id. */
  event = g_strdup_printf (_("Puzzle %s"), self->puzzle.id);
  chess_game_set_tag (game, "Event", event);
  for (guint i = 0; i < self->puzzle.n_moves; i++)
    if (!chess_game_play_move (game, self->puzzle.moves[i], NULL))
      break;
  pgn = chess_game_to_pgn (game);
  return chess_pgn_game_to_string (pgn);
}

static void
analyse_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  ChessWindow *window = CHESS_WINDOW (widget);
  Practice *self = window->practice;
  g_autofree char *text = NULL;
  ChessGame *before;

  if (self == NULL || !self->active || !self->has_puzzle || !self->over)
    return;
  text = puzzle_as_pgn (self);
  leave (self);
  if (text == NULL)
    return;
  /* Opened as a pasted game is, after the question about unsaved changes
   * of the game that came back. */
  before = chess_window_get_game (window);
  _chess_window_actions_paste (window, text);
  if (chess_window_get_game (window) != before)
    {
      chess_game_set_view_ply (chess_window_get_game (window), 0);
      if (!_chess_window_analysis_is_active (window))
        gtk_widget_activate_action (widget, "win.analysis", NULL);
    }
}

static void
theme_changed_cb (Practice *self)
{
  ChessPuzzleTheme theme;
  int mate_in;

  chess_practice_panel_get_theme (self->panel, &theme, &mate_in);
  /* Kept for the next time: the keyword, "mate-in-2", or "" for all. */
  if (theme == 0)
    g_settings_set_string (chess_window_get_settings (self->window), "practice-theme", "");
  else if (theme == CHESS_PUZZLE_THEME_MATE && mate_in > 0)
    {
      g_autofree char *keyword = g_strdup_printf ("mate-in-%d", mate_in);

      g_settings_set_string (chess_window_get_settings (self->window), "practice-theme", keyword);
    }
  else
    g_settings_set_string (chess_window_get_settings (self->window), "practice-theme",
                           chess_puzzle_theme_keyword (theme));
  if (self->active)
    show_next_puzzle (self);
}

static void
restore_theme (Practice *self)
{
  g_autofree char *keyword = g_settings_get_string (chess_window_get_settings (self->window),
                                                    "practice-theme");
  int mate_in = 0;
  ChessPuzzleTheme theme = *keyword != '\0' ? chess_puzzle_theme_from_keyword (keyword, &mate_in) : 0;

  chess_practice_panel_set_theme (self->panel, theme, mate_in);
}

/* ---- Entering and leaving ---- */

static void
set_practice_view (Practice *self,
                   gboolean  practising)
{
  ChessWindow *window = self->window;
  static const char *const game_buttons[] = {
    "undo_button", "redo_button", "game_menu_button", "pause_button",
  };

  gtk_widget_set_visible (window_child (window, "side_panel"), !practising);
  gtk_widget_set_visible (window_child (window, "practice_scroller"), practising);
  /* The players' bars keep their place, so the board stays where it is,
   * but show nothing of the game put aside. */
  gtk_widget_set_child_visible (window_child (window, "black_row"), !practising);
  gtk_widget_set_child_visible (window_child (window, "white_row"), !practising);
  /* The header bar's buttons of the game put aside do nothing meanwhile. */
  for (guint i = 0; i < G_N_ELEMENTS (game_buttons); i++)
    gtk_widget_set_sensitive (window_child (window, game_buttons[i]), !practising);
  if (practising)
    {
      self->start_was_visible = gtk_widget_get_visible (window_child (window, "start_screen"));
      self->result_was_visible = gtk_widget_get_visible (window_child (window, "result_screen"));
      gtk_widget_set_visible (window_child (window, "start_screen"), FALSE);
      gtk_widget_set_visible (window_child (window, "result_screen"), FALSE);
    }
  else
    {
      gtk_widget_set_visible (window_child (window, "start_screen"), self->start_was_visible);
      gtk_widget_set_visible (window_child (window, "result_screen"), self->result_was_visible);
    }
}

static gboolean
caught_key_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  return TRUE;
}

static GtkEventController *
make_key_catcher (void)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_name (controller, "chess-practice-keys");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>h"),
                      gtk_named_action_new ("win.practice-hint")));
  for (guint i = 0; i < G_N_ELEMENTS (caught_keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
      gtk_shortcut_new (gtk_shortcut_trigger_parse_string (caught_keys[i]),
                        gtk_callback_action_new (caught_key_cb, NULL, NULL)));
  return controller;
}

static void
enter (Practice *self)
{
  ChessWindow *window = self->window;
  ChessBoardView *board = chess_window_get_board (window);

  if (self->active)
    return;
  if (self->set == NULL)
    {
      g_autoptr(GError) error = NULL;

      self->set = chess_puzzle_set_load_bundled (&error);
      if (self->set == NULL)
        {
          chess_window_show_notice (window, error->message);
          return;
        }
    }
  if (_chess_window_practice_ensure (window, TRUE) == NULL)
    return;

  /* The game on screen stands still, saved as it is: a timed game
   * paused, the computer stopped, and the engine's help put away. */
  if (_chess_window_analysis_is_active (window))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  chess_window_set_paused (window, TRUE);
  chess_window_hold_clock (window);
  chess_window_keep_game (window);
  chess_board_view_set_extra_arrows (board, CHESS_ARROWS_HINT, NULL, 0);
  chess_board_view_set_extra_arrows (board, "review", NULL, 0);

  self->active = TRUE;
  self->game = chess_game_new ();
  g_signal_connect_swapped (self->game, "moved", G_CALLBACK (puzzle_moved_cb), self);
  chess_board_view_set_game (board, self->game);
  set_practice_view (self, TRUE);
  self->keys = make_key_catcher ();
  gtk_widget_add_controller (GTK_WIDGET (window), self->keys);

  restore_theme (self);
  show_next_puzzle (self);
  gtk_widget_grab_focus (GTK_WIDGET (board));
}

static void
leave (Practice *self)
{
  ChessWindow *window = self->window;
  ChessBoardView *board = chess_window_get_board (window);

  if (!self->active)
    return;
  stop_timers (self);
  /* A puzzle left after a move counts as missed. */
  if (self->has_puzzle && !self->over && self->attempt.ply > 0)
    record (self, FALSE);
  self->active = FALSE;
  self->has_puzzle = FALSE;
  set_arrow (self, CHESS_MOVE_NONE, NULL);
  gtk_widget_remove_controller (GTK_WIDGET (window), self->keys);
  self->keys = NULL;
  g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  chess_board_view_set_game (board, chess_window_get_game (window));
  set_practice_view (self, FALSE);
  chess_window_release_clock (window);
  chess_window_refresh_turn (window);
  gtk_widget_grab_focus (GTK_WIDGET (board));
}

static void
practice_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  Practice *self = CHESS_WINDOW (widget)->practice;

  if (self == NULL)
    return;
  if (self->active)
    leave (self);
  else
    enter (self);
}

/* Another game took the window's place (New Game, Open, Paste): Practice
 * makes way for it. */
static void
window_game_changed_cb (ChessWindow *window)
{
  Practice *self = window->practice;

  if (self != NULL && self->active)
    leave (self);
}

/* ---- For the window and tests ---- */

gboolean
_chess_window_practice_is_active (ChessWindow *window)
{
  Practice *self = window->practice;

  return self != NULL && self->active;
}

gboolean
_chess_window_practice_get_solver (ChessWindow *window,
                                   ChessColor  *solver)
{
  Practice *self = window->practice;

  if (self == NULL || !self->active || !self->has_puzzle)
    return FALSE;
  *solver = self->puzzle.start.side;
  return TRUE;
}

const ChessPuzzle *
_chess_window_practice_get_puzzle (ChessWindow *window)
{
  Practice *self = window->practice;

  return self != NULL && self->active && self->has_puzzle ? &self->puzzle : NULL;
}

ChessPractice *
_chess_window_practice_get_state (ChessWindow *window)
{
  Practice *self = window->practice;

  return self != NULL ? self->practice : NULL;
}

/* ---- Setup ---- */

void
_chess_window_practice_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.practice", NULL, practice_action);
  gtk_widget_class_install_action (widget_class, "win.practice-hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.practice-solution", NULL, solution_action);
  gtk_widget_class_install_action (widget_class, "win.practice-next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "win.practice-analyse", NULL, analyse_action);
}

static void
practice_free (Practice *self)
{
  stop_timers (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->practice, chess_practice_free);
  g_clear_pointer (&self->set, g_ptr_array_unref);
  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self);
}

void
_chess_window_practice_init (ChessWindow *window)
{
  Practice *self = g_new0 (Practice, 1);

  self->window = window;
  self->panel = CHESS_PRACTICE_PANEL (window_child (window, "practice_panel"));
  self->rand = g_rand_new ();
  window->practice = self;
  g_signal_connect_swapped (self->panel, "theme-changed", G_CALLBACK (theme_changed_cb), self);
  g_signal_connect (window, "notify::game", G_CALLBACK (window_game_changed_cb), NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.practice-hint", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.practice-solution", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.practice-next", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (window), "win.practice-analyse", FALSE);
  _chess_window_practice_deck_init (window);
}

void
_chess_window_practice_dispose (ChessWindow *window)
{
  Practice *self = window->practice;

  if (self != NULL)
    {
      stop_timers (self);
      g_signal_handlers_disconnect_by_data (self->panel, self);
    }
  _chess_window_practice_deck_dispose (window);
  /* Timers and answers that come later find no state. */
  g_clear_pointer (&window->practice, practice_free);
}
