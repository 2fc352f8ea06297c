/* chess-window-computer.c — the computer players of the main window.
 *
 * One search at a time (`pending`); every change of the game bumps
 * `generation`, and a reply is only played when it was asked for in the
 * generation still current, for the player still in place. A change also
 * cancels the search, so the CPU is free at once; the cancelled reply
 * arrives later and is dropped.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-alerts.h"
#include "chess-opponent-dialog.h"
#include "chess-opponents.h"
#include "chess-window-computer.h"
#include "chess-window-private.h"

/* On the clock the built-in engine's weaker levels would answer at once,
 * which looks like a machine gun: a reply is held back until this much
 * has passed since the question, at most a hundredth of its time left.
 * (Untimed, the player itself answers at its level's pace.) */
#define PACE_MIN_BASE_MS 300
#define PACE_MIN_PER_LEVEL_MS 100
#define PACE_CLOCK_SHARE 100

typedef struct _Request Request;

typedef struct _ChessWindowComputer
{
  ChessWindow       *window;          /* borrowed: it owns the state */
  ChessGame         *game;            /* the game listened to */
  ChessOpponent      opponents[2];
  ChessPlayer *players[2];      /* NULL: a person, or an engine that failed */
  gboolean           started[2];
  Request           *pending;         /* the start or search under way */
  guint              generation;
  guint              idle_id;
  ChessPlayerReply  *held_reply;      /* a reply held back for the pace */
  guint              pace_id;
  GCancellable      *failure;         /* closes the failure question */
} Computer;

struct _Request
{
  ChessWindow       *window;          /* owned */
  ChessPlayer *player;          /* owned */
  GCancellable      *cancellable;
  guint              generation;
  ChessColor         side;
  gboolean           thinking;        /* a search, not a start */
  gint64             asked_us;
};

static void schedule       (Computer *self);
static void report_failure (Computer *self, ChessColor side, const GError *error);

static Request *
request_new (Computer          *self,
             ChessColor         side,
             gboolean           thinking)
{
  Request *request = g_new0 (Request, 1);

  request->window = g_object_ref (self->window);
  request->player = g_object_ref (self->players[side]);
  request->cancellable = g_cancellable_new ();
  request->generation = self->generation;
  request->side = side;
  request->thinking = thinking;
  request->asked_us = g_get_monotonic_time ();
  return request;
}

static void
request_free (Request *request)
{
  g_object_unref (request->window);
  g_object_unref (request->player);
  g_object_unref (request->cancellable);
  g_free (request);
}

/* ---- Players ---- */

static void
player_died_cb (ChessPlayer *player,
                const GError      *error,
                Computer          *self)
{
  for (int c = 0; c < 2; c++)
    {
      /* A search under way fails by itself and is reported then. */
      if (self->players[c] != player
          || (self->pending != NULL && self->pending->player == player))
        continue;
      report_failure (self, c, error);
      return;
    }
}

static void
drop_player (Computer   *self,
             ChessColor  side)
{
  ChessPlayer *player = self->players[side];

  if (player == NULL)
    return;
  if (self->pending != NULL && self->pending->player == player)
    g_cancellable_cancel (self->pending->cancellable);
  g_signal_handlers_disconnect_by_data (player, self);
  self->players[side] = NULL;
  self->started[side] = FALSE;
  /* A search still under way holds its own reference: the engine stops
   * when its cancelled reply has come back. */
  g_object_unref (player);
}

static gboolean
same_opponent (const ChessOpponent *a,
               const ChessOpponent *b)
{
  if (a->computer != b->computer)
    return FALSE;
  if (!a->computer)
    return TRUE;
  return g_strcmp0 (a->engine_id != NULL ? a->engine_id : "",
                    b->engine_id != NULL ? b->engine_id : "") == 0
         && ((a->engine_id != NULL && *a->engine_id != '\0') || a->level == b->level);
}

/* `side` is played by `opponent` from now on. The same engine, still
 * alive and idle, is kept (told that a new game starts when `new_game`). */
static void
set_opponent (Computer            *self,
              ChessColor           side,
              const ChessOpponent *opponent,
              gboolean             new_game)
{
  ChessPlayer *player = self->players[side];
  g_autoptr(GError) error = NULL;

  /* (One still busy with a cancelled search is not told of the new game:
   * a new one is made.) */
  if (player != NULL && same_opponent (&self->opponents[side], opponent)
      && chess_player_is_alive (player)
      && (self->pending == NULL || self->pending->player != player))
    {
      if (new_game && self->started[side] && !chess_player_new_game (player, &error))
        report_failure (self, side, error);
      return;
    }

  drop_player (self, side);
  chess_opponent_clear (&self->opponents[side]);
  self->opponents[side].computer = opponent->computer;
  self->opponents[side].engine_id = g_strdup (opponent->engine_id);
  self->opponents[side].level = opponent->level;
  if (!opponent->computer)
    return;

  player = chess_opponent_new_player (opponent, chess_window_get_settings (self->window), &error);
  if (player == NULL)
    {
      report_failure (self, side, error);
      return;
    }
  self->players[side] = player;
  g_signal_connect (player, "died", G_CALLBACK (player_died_cb), self);
}

/* ---- Asking for a move ---- */

static gboolean
is_builtin (Computer   *self,
            ChessColor  side)
{
  return self->players[side] != NULL && chess_player_is_builtin (self->players[side]);
}

static gint64
least_answer_ms (Computer   *self,
                 ChessColor  side)
{
  ChessClock *clock = chess_game_get_clock (self->game);

  if (!is_builtin (self, side) || !chess_clock_is_timed (clock))
    return 0;
  return MIN (PACE_MIN_BASE_MS + PACE_MIN_PER_LEVEL_MS
              * (gint64) chess_player_get_level (self->players[side]),
              chess_clock_get_time_ms (clock, side) / PACE_CLOCK_SHARE);
}

/* The clocks as they stand; none in an untimed game, where the player
 * answers at its level's pace. Past its time (plus a grace) an external
 * engine counts as hung. */
static void
fill_limits (Computer          *self,
             ChessPlayerLimits *limits)
{
  ChessClock *clock = chess_game_get_clock (self->game);
  gint64 increment;

  chess_player_limits_init (limits);
  if (!chess_clock_is_timed (clock))
    return;
  /* A Bronstein delay gives back at most what was used: for planning,
   * close enough to an increment of the same size. */
  increment = chess_clock_get_mode (clock) == CHESS_CLOCK_SUDDEN_DEATH
              ? 0 : chess_clock_get_increment_ms (clock);
  limits->white_ms = chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE);
  limits->black_ms = chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK);
  limits->white_inc_ms = increment;
  limits->black_inc_ms = increment;
  limits->base_ms = chess_clock_get_initial_ms (clock);
}

/* The side to move is the computer's and it may think now. */
static gboolean
may_think (Computer   *self,
           ChessColor *side)
{
  *side = chess_game_get_side_to_move (self->game);
  return self->players[*side] != NULL
         && self->failure == NULL
         && !chess_game_is_over (self->game)
         && chess_window_get_can_play (self->window);
}

static void thought_cb (GObject *source, GAsyncResult *result, gpointer user_data);
static void started_cb (GObject *source, GAsyncResult *result, gpointer user_data);

static void
evaluate (Computer *self)
{
  ChessPlayerLimits limits;
  ChessColor side;
  Request *request;

  if (self->pending != NULL || self->held_reply != NULL || !may_think (self, &side))
    return;

  if (!self->started[side])
    {
      request = request_new (self, side, FALSE);
      self->pending = request;
      chess_player_start_async (request->player, request->cancellable,
                                started_cb, request);
      return;
    }

  fill_limits (self, &limits);
  /* The computer's clock runs while it thinks (also for White's first
   * move, which a person's clock would not count). */
  chess_game_start_clock (self->game);
  request = request_new (self, side, TRUE);
  self->pending = request;
  g_auto (ChessLine) line = { 0 };
  chess_game_copy_line (self->game, &line);
  chess_player_think_async (request->player, &line, &limits, 1,
                            request->cancellable, thought_cb, request);
  chess_window_refresh_turn (self->window);
}

static gboolean
evaluate_cb (gpointer user_data)
{
  Computer *self = user_data;

  self->idle_id = 0;
  evaluate (self);
  return G_SOURCE_REMOVE;
}

/* Decides in an idle: a take-back of a move pair, or a redo of one, is
 * two changes, and only the position after both matters. */
static void
schedule (Computer *self)
{
  if (self->idle_id == 0)
    self->idle_id = g_idle_add (evaluate_cb, self);
}

static void
drop_held_reply (Computer *self)
{
  g_clear_handle_id (&self->pace_id, g_source_remove);
  g_clear_pointer (&self->held_reply, chess_player_reply_free);
}

/* The game changed: what is being thought about no longer fits. */
static void
game_changed (Computer *self)
{
  self->generation++;
  drop_held_reply (self);
  if (self->pending != NULL && self->pending->thinking)
    g_cancellable_cancel (self->pending->cancellable);
  schedule (self);
  chess_window_refresh_turn (self->window);
}

static void
started_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Request *request = user_data;
  g_autoptr(GError) error = NULL;
  gboolean started = chess_player_start_finish (CHESS_PLAYER (source), result, &error);
  Computer *self = request->window->computer;

  if (self != NULL && self->pending == request)
    {
      self->pending = NULL;
      if (self->players[request->side] == request->player)
        {
          if (started)
            self->started[request->side] = TRUE;
          else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            report_failure (self, request->side, error);
        }
      schedule (self);
    }
  request_free (request);
}

static char *
player_name (Computer   *self,
             ChessColor  side)
{
  return chess_opponent_get_name (&self->opponents[side], chess_window_get_settings (self->window));
}

static void
fail_with (Computer   *self,
           ChessColor  side,
           const char *message)
{
  g_autoptr(GError) error = g_error_new_literal (CHESS_PLAYER_ERROR,
                                                 CHESS_PLAYER_ERROR_ILLEGAL_MOVE, message);

  report_failure (self, side, error);
}

/* Plays the computer's reply through the game, as a person's move is. */
static void
play_reply (Computer         *self,
            ChessColor        side,
            ChessPlayerReply *reply)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = player_name (self, side);
  g_autofree char *message = NULL;

  switch (reply->kind)
    {
    case CHESS_PLAYER_REPLY_MOVE:
      if (chess_game_play_move (self->game, reply->move, &error))
        return;
      /* Translators: an engine's name, the move it sent, and why the
       * game refused it. */
      message = g_strdup_printf (_("%s played a move that is not legal here (%s): %s"),
                                 name, reply->move_text != NULL ? reply->move_text : "?",
                                 error->message);
      break;
    case CHESS_PLAYER_REPLY_RESIGN:
      chess_game_resign (self->game, side);
      return;
    case CHESS_PLAYER_REPLY_CLAIM:
      if (chess_game_claim_draw (self->game, NULL))
        return;
      /* Translators: %s is an engine's name; %s its claim, e.g. "1-0". */
      message = g_strdup_printf (_("%s claimed a result (%s) instead of moving."), name,
                                 reply->claim != NULL ? reply->claim : "?");
      break;
    case CHESS_PLAYER_REPLY_NO_MOVE:
    default:
      /* Translators: %s is an engine's name. */
      message = g_strdup_printf (_("%s did not answer with a move."), name);
      break;
    }
  fail_with (self, side, message);
}

static gboolean
pace_cb (gpointer user_data)
{
  Computer *self = user_data;
  ChessPlayerReply *reply = g_steal_pointer (&self->held_reply);

  self->pace_id = 0;
  play_reply (self, chess_game_get_side_to_move (self->game), reply);
  chess_player_reply_free (reply);
  schedule (self);
  chess_window_refresh_turn (self->window);
  return G_SOURCE_REMOVE;
}

static void
thought_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Request *request = user_data;
  g_autoptr(GError) error = NULL;
  ChessPlayerReply *reply = chess_player_think_finish (CHESS_PLAYER (source),
                                                       result, &error);
  Computer *self = request->window->computer;

  if (self == NULL || self->pending != request)
    goto out;
  self->pending = NULL;
  if (request->generation != self->generation
      || self->players[request->side] != request->player)
    ;  /* asked about a position that is gone, or by a player replaced */
  else if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        report_failure (self, request->side, error);
    }
  else
    {
      gint64 used_ms = (g_get_monotonic_time () - request->asked_us) / 1000;
      gint64 least_ms = least_answer_ms (self, request->side);

      if (used_ms < least_ms)
        {
          self->held_reply = g_steal_pointer (&reply);
          self->pace_id = g_timeout_add ((guint) (least_ms - used_ms), pace_cb, self);
          goto out;
        }
      play_reply (self, request->side, reply);
    }
  schedule (self);
  chess_window_refresh_turn (self->window);

out:
  g_clear_pointer (&reply, chess_player_reply_free);
  request_free (request);
}

/* ---- When an engine fails ---- */

typedef struct
{
  ChessWindow  *window;          /* owned */
  ChessGame    *game;            /* owned: answers apply to this game only */
  GCancellable *cancellable;     /* owned */
  ChessColor    side;
  gboolean      chosen;
} Failure;

static void
failure_free (Failure *failure)
{
  g_object_unref (failure->window);
  g_object_unref (failure->game);
  g_object_unref (failure->cancellable);
  g_free (failure);
}

/* The side is played by `opponent` from here on: its tags and name too. */
static void
change_opponent (Computer            *self,
                 ChessColor           side,
                 const ChessOpponent *opponent)
{
  GSettings *settings = chess_window_get_settings (self->window);
  g_autofree char *human = g_settings_get_string (settings, side == CHESS_COLOR_WHITE
                                                            ? "white-name" : "black-name");

  set_opponent (self, side, opponent, FALSE);
  chess_opponent_apply_to_game (&self->opponents[side], self->game, side, settings, human);
  chess_window_refresh_turn (self->window);
  schedule (self);
}

static void
opponent_chosen_cb (ChessOpponentDialog *dialog,
                    Failure             *failure)
{
  Computer *self = failure->window->computer;
  ChessOpponent opponent = { 0 };

  failure->chosen = TRUE;
  if (self == NULL || self->game != failure->game)
    return;
  chess_opponent_dialog_get_opponent (dialog, &opponent);
  change_opponent (self, failure->side, &opponent);
  chess_opponent_clear (&opponent);
}

/* Closed without a choice: the person plays on for that side. */
static void
opponent_dialog_closed_cb (Failure *failure)
{
  Computer *self = failure->window->computer;
  ChessOpponent human = { 0 };

  if (!failure->chosen && self != NULL && self->game == failure->game)
    change_opponent (self, failure->side, &human);
  failure_free (failure);
}

enum
{
  FAILURE_PLAY_AS_HUMAN,
  FAILURE_CHOOSE_OPPONENT,
  FAILURE_TRY_AGAIN,
};

static void
failure_answered_cb (int      response,
                     gpointer user_data)
{
  Failure *failure = user_data;
  Computer *self = failure->window->computer;
  ChessOpponent opponent = { 0 };
  ChessOpponentDialog *dialog;

  if (self == NULL || self->failure != failure->cancellable || self->game != failure->game)
    {
      failure_free (failure);
      return;
    }
  g_clear_object (&self->failure);
  chess_window_release_clock (failure->window);

  switch (response)
    {
    case FAILURE_CHOOSE_OPPONENT:
      /* The built-in engine is offered first: it does not fail that way. */
      opponent.computer = TRUE;
      opponent.level = self->opponents[failure->side].engine_id == NULL
                       ? self->opponents[failure->side].level
                       : g_settings_get_int (chess_window_get_settings (failure->window),
                                             failure->side == CHESS_COLOR_WHITE
                                             ? "white-level" : "black-level");
      dialog = chess_opponent_dialog_new (GTK_WINDOW (failure->window),
                                          chess_window_get_settings (failure->window),
                                          failure->side, &opponent);
      g_signal_connect (dialog, "chosen", G_CALLBACK (opponent_chosen_cb), failure);
      g_signal_connect_swapped (dialog, "destroy", G_CALLBACK (opponent_dialog_closed_cb), failure);
      chess_window_hold_clock_for (failure->window, GTK_WIDGET (dialog));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    case FAILURE_TRY_AGAIN:
      opponent.computer = TRUE;
      opponent.engine_id = g_strdup (self->opponents[failure->side].engine_id);
      opponent.level = self->opponents[failure->side].level;
      change_opponent (self, failure->side, &opponent);
      chess_opponent_clear (&opponent);
      break;
    case FAILURE_PLAY_AS_HUMAN:
    default:
      change_opponent (self, failure->side, &opponent);
      break;
    }
  failure_free (failure);
}

/* The engine of `side` failed: the game stays as it was (nothing of the
 * engine's was played), the message stays in the status line, and the
 * person chooses how to go on while the clock stands. */
static void
report_failure (Computer     *self,
                ChessColor    side,
                const GError *error)
{
  const char *buttons[] = { _("Play On as _Human"), _("Choose _Another Opponent…"),
                            _("_Try Again"), NULL };
  g_autofree char *detail = NULL;
  Failure *failure;

  g_debug ("engine of %s failed: %s", side == CHESS_COLOR_WHITE ? "White" : "Black",
           error->message);
  drop_player (self, side);
  chess_window_show_message (self->window, error->message);
  if (self->failure != NULL)
    return;  /* one question at a time; the other side is asked after */

  failure = g_new0 (Failure, 1);
  failure->window = g_object_ref (self->window);
  failure->game = g_object_ref (self->game);
  failure->side = side;
  failure->cancellable = g_cancellable_new ();
  self->failure = g_object_ref (failure->cancellable);
  chess_window_hold_clock (self->window);
  detail = g_strdup_printf ("%s\n\n%s", error->message,
                            side == CHESS_COLOR_WHITE
                            ? _("The game is as it was. Who plays White from here on?")
                            : _("The game is as it was. Who plays Black from here on?"));
  chess_alert_choose (GTK_WINDOW (self->window), TRUE,
                      side == CHESS_COLOR_WHITE ? _("White’s Engine Failed")
                                                : _("Black’s Engine Failed"),
                      detail, buttons, FAILURE_PLAY_AS_HUMAN, FAILURE_CHOOSE_OPPONENT,
                      failure->cancellable, failure_answered_cb, failure);
}

/* ---- Following the window's game ---- */

/* Whose turn it is may have changed: a move, a take-back, the end, another
 * line or a new game. A pasted position starts a new game in the same
 * ChessGame, without our tags: the same players play on, and say so again. */
static void
game_changed_cb (Computer *self,
                 guint     changes)
{
  GSettings *settings = chess_window_get_settings (self->window);

  for (int c = 0; c < 2 && (changes & CHESS_GAME_CHANGED_RESET); c++)
    {
      ChessOpponent tagged = { 0 };

      chess_opponent_from_game (&tagged, self->game, c);
      if (tagged.computer)
        set_opponent (self, c, &tagged, TRUE);
      else if (self->opponents[c].computer)
        {
          g_autofree char *name = g_strdup (chess_game_get_player_name (self->game, c));

          chess_opponent_apply_to_game (&self->opponents[c], self->game, c, settings, name);
        }
      chess_opponent_clear (&tagged);
    }
  if (changes & (CHESS_GAME_CHANGED_MOVES | CHESS_GAME_CHANGED_LINE | CHESS_GAME_CHANGED_RESULT
                 | CHESS_GAME_CHANGED_RESET))
    game_changed (self);
}

static void
stop_everything (Computer *self)
{
  self->generation++;
  drop_held_reply (self);
  if (self->pending != NULL)
    g_cancellable_cancel (self->pending->cancellable);
  if (self->failure != NULL)
    {
      /* The question is about the old game: it closes, unanswered. */
      g_cancellable_cancel (self->failure);
      g_clear_object (&self->failure);
      chess_window_release_clock (self->window);
    }
}

static void
watch_game (Computer *self)
{
  ChessGame *game = chess_window_get_game (self->window);

  if (game == self->game)
    return;
  stop_everything (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);

  for (int c = 0; c < 2; c++)
    {
      ChessOpponent opponent = { 0 };

      chess_opponent_from_game (&opponent, game, c);
      set_opponent (self, c, &opponent, TRUE);
      chess_opponent_clear (&opponent);
    }
  schedule (self);
  chess_window_refresh_turn (self->window);
}

static void
window_game_changed_cb (ChessWindow *window)
{
  Computer *self = window->computer;

  if (self != NULL)
    watch_game (self);
}

/* ---- Public ---- */

void
_chess_window_computer_prepare_game (GSettings *settings,
                                     ChessGame *game)
{
  for (int c = 0; c < 2; c++)
    {
      ChessOpponent opponent = { 0 };
      g_autofree char *name = g_settings_get_string (settings, c == CHESS_COLOR_WHITE
                                                               ? "white-name" : "black-name");

      chess_opponent_from_settings (&opponent, settings, c);
      chess_opponent_apply_to_game (&opponent, game, c, settings, name);
      chess_opponent_clear (&opponent);
    }
}

ChessPlayer *
_chess_window_computer_get_player (ChessWindow *window,
                                   ChessColor   color)
{
  Computer *self = window->computer;

  return self != NULL ? self->players[color] : NULL;
}

gboolean
_chess_window_computer_human_may_move (ChessWindow *window)
{
  Computer *self = window->computer;

  if (self == NULL || self->game == NULL || chess_game_is_over (self->game))
    return TRUE;
  return self->players[chess_game_get_side_to_move (self->game)] == NULL;
}

gboolean
_chess_window_computer_is_thinking (ChessWindow *window)
{
  Computer *self = window->computer;

  return self != NULL && ((self->pending != NULL && self->pending->thinking
                           && self->pending->generation == self->generation)
                          || self->held_reply != NULL);
}

void
_chess_window_computer_update (ChessWindow *window)
{
  Computer *self = window->computer;
  ChessColor side;

  if (self == NULL || self->game == NULL)
    return;
  if (!may_think (self, &side)
      && ((self->pending != NULL && self->pending->thinking) || self->held_reply != NULL))
    game_changed (self);
  else
    schedule (self);
}

/* Against the computer it is the person's turn again after a take-back
 * (when there are moves enough); otherwise one move. */
void
_chess_window_computer_take_back (ChessWindow *window)
{
  Computer *self = window->computer;
  ChessGame *game = chess_window_get_game (window);

  if (!chess_game_take_back (game) || self == NULL)
    return;
  if (self->players[chess_game_get_side_to_move (game)] != NULL
      && self->players[chess_color_other (chess_game_get_side_to_move (game))] == NULL)
    chess_game_take_back (game);
}

void
_chess_window_computer_redo (ChessWindow *window)
{
  Computer *self = window->computer;
  ChessGame *game = chess_window_get_game (window);

  if (!chess_game_redo (game) || self == NULL)
    return;
  if (self->players[chess_game_get_side_to_move (game)] != NULL
      && self->players[chess_color_other (chess_game_get_side_to_move (game))] == NULL)
    chess_game_redo (game);
}

ChessColor
_chess_window_computer_resigning_side (ChessWindow *window)
{
  Computer *self = window->computer;
  ChessColor side = chess_game_get_side_to_move (chess_window_get_game (window));

  if (self != NULL && self->players[side] != NULL && self->players[chess_color_other (side)] == NULL)
    return chess_color_other (side);
  return side;
}

static void
computer_free (Computer *self)
{
  stop_everything (self);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  for (int c = 0; c < 2; c++)
    {
      drop_player (self, c);
      chess_opponent_clear (&self->opponents[c]);
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_free (self);
}

void
_chess_window_computer_init (ChessWindow *window)
{
  Computer *self = g_new0 (Computer, 1);

  self->window = window;
  window->computer = self;
  g_signal_connect (window, "notify::game", G_CALLBACK (window_game_changed_cb), NULL);
  watch_game (self);
}

void
_chess_window_computer_dispose (ChessWindow *window)
{
  /* Replies that arrive later find no state and are dropped. */
  g_clear_pointer (&window->computer, computer_free);
}
