/* chess-window-analysis-hint.c — win.hint (Ctrl+H): the built-in engine
 * at full strength thinks briefly about the position shown and suggests
 * a move for the person to move, as an arrow and in the status line; an
 * analysis that has looked deep enough at the position answers at once.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-engine-levels.h"
#include "chess-window-analysis-private.h"
#include "chess-window-computer.h"

/* How long the hint thinks: long enough for a sound move at full
 * strength, short enough to feel like an answer. */
#define HINT_TIME_MS 1000
/* Past this an engine that gives no hint counts as hung. */
#define HINT_TIMEOUT_MS 15000
/* An analysis this deep already knows the hint. */
#define HINT_FROM_ANALYSIS_DEPTH 10

void
chess_analysis_state_clear_hint (ChessAnalysisState *self)
{
  if (self->hint_cancellable != NULL)
    g_cancellable_cancel (self->hint_cancellable);
  self->hint_move = CHESS_MOVE_NONE;
  chess_analysis_state_set_arrows (self, CHESS_ARROWS_HINT, NULL, 0);
}

void
chess_analysis_state_update_hint_action (ChessAnalysisState *self)
{
  ChessBoard board;
  gboolean possible;

  if (self->game == NULL)
    return;
  /* A hint is for a person: not on the computer's turn of the game, nor
   * while the game is paused (the board is covered), nor at the end of a
   * game that is over (resigned, agreed drawn): an earlier position may be
   * looked into. */
  possible = chess_game_get_board_at (self->game, chess_game_get_view_ply (self->game), &board)
             && chess_analysis_has_legal_moves (&board)
             && !chess_window_get_paused (self->window)
             && (!chess_game_is_viewing_live (self->game)
                 || (!chess_game_is_over (self->game)
                     && _chess_window_computer_human_may_move (self->window)));
  g_simple_action_set_enabled (self->hint_action, possible);
}

static void
show_hint (ChessAnalysisState *self,
           const ChessBoard    *board,
           ChessMove            move)
{
  ChessBoardArrow arrow = {
    chess_move_from (move), chess_move_to (move), chess_analysis_hint_colour, 1.0
  };
  char text[CHESS_MOVE_TEXT_MAX];
  g_autofree char *message = NULL;

  self->hint_move = move;
  chess_analysis_state_set_arrows (self, CHESS_ARROWS_HINT, &arrow, 1);
  chess_analysis_format_move (board, move, chess_analysis_state_notation (self), text);
  /* Translators: the status line after Hint; %s is the suggested move
   * ("Nf3"). */
  message = g_strdup_printf (_("Hint: %s"), text);
  chess_window_show_info (self->window, message);
}

typedef struct
{
  ChessAnalysisState *self;
  ChessBoard           board;
  GCancellable        *cancellable;
} HintRequest;

static void
hint_request_free (HintRequest *request)
{
  g_object_unref (request->self);
  g_object_unref (request->cancellable);
  g_free (request);
}

static void
hint_thought_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  HintRequest *request = user_data;
  ChessAnalysisState *self = request->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPlayerReply) reply = NULL;

  reply = chess_player_think_finish (CHESS_PLAYER (source), result, &error);
  if (self->hint_cancellable == request->cancellable)
    g_clear_object (&self->hint_cancellable);
  if (self->window == NULL || g_cancellable_is_cancelled (request->cancellable))
    {
      hint_request_free (request);
      return;
    }
  if (reply == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("No hint: %s"), error->message);

      chess_window_show_message (self->window, message);
      g_clear_object (&self->hint_player);
    }
  else if (reply->kind == CHESS_PLAYER_REPLY_MOVE && reply->move != CHESS_MOVE_NONE)
    show_hint (self, &request->board, reply->move);
  hint_request_free (request);
}

static void
hint_think (HintRequest *request)
{
  ChessAnalysisState *self = request->self;
  ChessLine line;
  ChessPlayerLimits limits;

  chess_analysis_state_viewed_line (self, &line);
  chess_player_limits_init (&limits);
  limits.movetime_ms = HINT_TIME_MS;
  limits.timeout_ms = HINT_TIMEOUT_MS;
  chess_player_think_async (self->hint_player, &line, &limits, 1,
                            request->cancellable, hint_thought_cb, request);
  chess_line_clear (&line);
}

static void
hint_started_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  HintRequest *request = user_data;
  ChessAnalysisState *self = request->self;
  g_autoptr(GError) error = NULL;

  if (!chess_player_start_finish (CHESS_PLAYER (source), result, &error)
      || self->window == NULL || g_cancellable_is_cancelled (request->cancellable))
    {
      if (self->hint_cancellable == request->cancellable)
        g_clear_object (&self->hint_cancellable);
      if (error != NULL && self->window != NULL
          && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        chess_window_show_message (self->window, error->message);
      hint_request_free (request);
      return;
    }
  hint_think (request);
}

void
chess_analysis_state_hint_activated (GSimpleAction *action,
                                     GVariant      *parameter,
                                     gpointer       user_data)
{
  ChessAnalysisState *self = user_data;
  HintRequest *request;
  const AnalysisLine *best = &self->lines[0];
  gboolean fresh_player = FALSE;

  if (self->window == NULL || self->hint_cancellable != NULL
      || !g_action_get_enabled (G_ACTION (self->hint_action)))
    return;
  chess_analysis_state_clear_hint (self);

  request = g_new0 (HintRequest, 1);
  request->self = g_object_ref (self);
  chess_game_get_board_at (self->game, chess_game_get_view_ply (self->game), &request->board);
  if (!chess_analysis_has_legal_moves (&request->board))
    {
      hint_request_free (request);
      return;
    }

  /* The analysis of this very position already knows. */
  if (self->active && best->set && best->n_pv > 0 && best->depth >= HINT_FROM_ANALYSIS_DEPTH
      && self->position.key == request->board.key)
    {
      show_hint (self, &request->board, best->pv[0]);
      hint_request_free (request);
      return;
    }

  request->cancellable = g_cancellable_new ();
  self->hint_cancellable = g_object_ref (request->cancellable);
  chess_window_show_info (self->window, _("Looking for a good move…"));
  if (self->hint_player == NULL)
    {
      self->hint_player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
      fresh_player = TRUE;
    }
  if (fresh_player)
    chess_player_start_async (self->hint_player, request->cancellable,
                              hint_started_cb, request);
  else
    hint_think (request);
}

