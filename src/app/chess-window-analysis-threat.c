/* chess-window-analysis-threat.c — win.threat (Ctrl+T, the toggle in the
 * analysis panel): what the opponent would play if it were their move.
 * The built-in engine searches the position shown with the move passed
 * (chess-threat.h) within a fixed node budget, again on every change of
 * the view; the threat is an orange-red arrow and a line under the best
 * lines ("Threat: 4. Qxf7#, mate in 1").
 */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-window-analysis-private.h"

/* Orange-red: apart from the engine's violet, the review's blue and the
 * annotations' dark red. */
static const GdkRGBA threat_colour = { 0.95, 0.33, 0.10, 0.85 };

typedef struct
{
  ChessAnalysisState *self;
  ChessPlayer  *player;
  GCancellable       *cancellable;
  uint64_t            key;          /* the passed position searched */
} ThreatSearch;

static void
threat_search_free (ThreatSearch *search)
{
  g_object_unref (search->self);
  g_object_unref (search->player);
  g_object_unref (search->cancellable);
  g_free (search);
}

/* The line under the best lines, or NULL when there is nothing to say. */
static char *
describe_threat (ChessAnalysisState *self)
{
  const ChessThreat *threat = &self->threat;
  char move[CHESS_MOVE_TEXT_MAX];
  g_autofree char *words = NULL;

  /* A finished game: the panel says checkmate or stalemate. */
  if (self->threat_game_over)
    return NULL;
  /* Here threat->position is the position shown, not passed. */
  if (self->threat_in_check)
    return g_strdup (threat->position.side == CHESS_COLOR_WHITE
                     ? _("No threat shown while White is in check")
                     : _("No threat shown while Black is in check"));
  if (self->threat_problem != NULL)
    return g_strdup (self->threat_problem);
  if (threat->move == CHESS_MOVE_NONE)
    return g_strdup (_("Looking for the threat…"));
  chess_analysis_format_move (&threat->position, threat->move,
                              chess_analysis_state_notation (self), move);
  words = chess_threat_describe (threat, move);
  /* Translators: under the analysis' best lines: what the opponent would
   * play if it were their move ("4. Qxf7#, mate in 1", "15. Nxe5 (+1.20)"). */
  return g_strdup_printf (_("Threat: %s"), words);
}

void
chess_analysis_state_refresh_threat (ChessAnalysisState *self)
{
  g_autofree char *text = NULL;
  ChessBoardArrow arrow;
  const ChessThreat *threat = &self->threat;

  if (self->window == NULL)
    return;
  if (!self->threat_shown)
    {
      chess_analysis_panel_set_threat (self->panel, NULL);
      chess_analysis_state_set_arrows (self, CHESS_ARROWS_THREAT, NULL, 0);
      return;
    }
  text = describe_threat (self);
  chess_analysis_panel_set_threat (self->panel, text);
  if (!self->threat_in_check && !self->threat_game_over && threat->move != CHESS_MOVE_NONE)
    {
      arrow = (ChessBoardArrow) {
        chess_move_from (threat->move), chess_move_to (threat->move), threat_colour, 1.0
      };
      chess_analysis_state_set_arrows (self, CHESS_ARROWS_THREAT, &arrow, 1);
    }
  else
    chess_analysis_state_set_arrows (self, CHESS_ARROWS_THREAT, NULL, 0);
}

/* The search ended: its threat is shown if it is still the position's. */
static void
threat_thought_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ThreatSearch *search = user_data;
  ChessAnalysisState *self = search->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPlayerReply) reply = NULL;

  reply = chess_player_think_finish (search->player, result, &error);
  if (self->threat_cancellable == search->cancellable)
    g_clear_object (&self->threat_cancellable);
  if (self->window == NULL)
    {
      threat_search_free (search);
      return;
    }
  if (g_cancellable_is_cancelled (search->cancellable))
    {
      /* Stopped for a new position: seek its threat now. */
      if (self->threat_restart)
        {
          self->threat_restart = FALSE;
          chess_analysis_state_restart_threat (self);
        }
      threat_search_free (search);
      return;
    }
  if (reply == NULL)
    {
      g_free (self->threat_problem);
      self->threat_problem = g_strdup (error->message);
      chess_analysis_state_drop_threat_player (self);
    }
  else if (search->key == self->threat.position.key)
    chess_threat_set_reply (&self->threat, reply);
  chess_analysis_state_refresh_threat (self);
  threat_search_free (search);
}

static void
threat_think (ThreatSearch *search)
{
  ChessAnalysisState *self = search->self;
  ChessPlayerLimits limits;
  ChessLine line;

  /* Nothing learnt in an earlier search may change the answer (the
   * terminal's `threat` gives the same). Only the new game's table is
   * cleared: the player is idle here. */
  chess_player_new_game (search->player, NULL);
  chess_threat_limits_init (&limits);
  chess_line_init (&line, &self->threat.position);
  chess_player_think_async (search->player, &line, &limits, 1,
                            search->cancellable, threat_thought_cb, search);
  chess_line_clear (&line);
}

static void
threat_started_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ThreatSearch *search = user_data;
  ChessAnalysisState *self = search->self;
  g_autoptr(GError) error = NULL;
  gboolean started = chess_player_start_finish (search->player, result, &error);

  if (self->window != NULL && !g_cancellable_is_cancelled (search->cancellable)
      && search->key == self->threat.position.key)
    {
      if (started)
        {
          threat_think (search);
          return;
        }
      g_free (self->threat_problem);
      self->threat_problem = g_strdup (error->message);
      chess_analysis_state_drop_threat_player (self);
      chess_analysis_state_refresh_threat (self);
    }
  if (self->threat_cancellable == search->cancellable)
    g_clear_object (&self->threat_cancellable);
  if (self->window != NULL && self->threat_restart)
    {
      self->threat_restart = FALSE;
      chess_analysis_state_restart_threat (self);
    }
  threat_search_free (search);
}

void
chess_analysis_state_restart_threat (ChessAnalysisState *self)
{
  ChessBoard board;
  ThreatSearch *search;
  gboolean fresh_player = FALSE;

  if (self->window == NULL || !self->threat_shown || self->game == NULL)
    return;
  if (!chess_game_get_board_at (self->game, chess_game_get_view_ply (self->game), &board))
    return;
  self->threat_game_over = !chess_analysis_has_legal_moves (&board);
  self->threat_in_check = !chess_threat_init (&self->threat, &board);
  if (self->threat_in_check)
    /* The position itself, for the side named in the panel. */
    self->threat.position = board;
  g_clear_pointer (&self->threat_problem, g_free);
  chess_analysis_state_refresh_threat (self);

  /* One search at a time: this one ends, then comes back here. */
  if (self->threat_cancellable != NULL)
    {
      self->threat_restart = TRUE;
      g_cancellable_cancel (self->threat_cancellable);
      return;
    }
  self->threat_restart = FALSE;
  if (self->threat_in_check || self->threat_game_over)
    return;

  if (self->threat_player == NULL)
    {
      self->threat_player = chess_threat_player_new ();
      fresh_player = TRUE;
    }
  search = g_new0 (ThreatSearch, 1);
  search->self = g_object_ref (self);
  search->player = g_object_ref (self->threat_player);
  search->cancellable = g_cancellable_new ();
  search->key = self->threat.position.key;
  self->threat_cancellable = g_object_ref (search->cancellable);
  if (fresh_player)
    chess_player_start_async (search->player, search->cancellable,
                              threat_started_cb, search);
  else
    threat_think (search);
}

void
chess_analysis_state_drop_threat_player (ChessAnalysisState *self)
{
  if (self->threat_cancellable != NULL)
    g_cancellable_cancel (self->threat_cancellable);
  if (self->threat_player != NULL)
    chess_player_stop (self->threat_player);
  g_clear_object (&self->threat_player);
}

void
chess_analysis_state_hide_threat (ChessAnalysisState *self)
{
  self->threat_restart = FALSE;
  if (self->threat_cancellable != NULL)
    g_cancellable_cancel (self->threat_cancellable);
  self->threat_shown = FALSE;
  g_simple_action_set_state (self->threat_action, g_variant_new_boolean (FALSE));
  chess_analysis_state_refresh_threat (self);
}

static void
threat_change_state (GSimpleAction *action,
                     GVariant      *state,
                     gpointer       user_data)
{
  ChessAnalysisState *self = user_data;
  gboolean shown = g_variant_get_boolean (state);

  if (self->window == NULL || shown == self->threat_shown)
    return;
  if (!shown)
    {
      chess_analysis_state_hide_threat (self);
      return;
    }
  /* The threat is shown in the analysis panel: Ctrl+T brings both. */
  chess_analysis_state_set_active (self, TRUE);
  self->threat_shown = TRUE;
  g_simple_action_set_state (action, state);
  chess_analysis_state_restart_threat (self);
}

void
chess_analysis_state_init_threat (ChessAnalysisState *self)
{
  self->threat.move = CHESS_MOVE_NONE;
  self->threat_action = g_simple_action_new_stateful ("threat", NULL,
                                                      g_variant_new_boolean (FALSE));
  g_signal_connect (self->threat_action, "change-state", G_CALLBACK (threat_change_state), self);
  g_action_map_add_action (G_ACTION_MAP (self->window), G_ACTION (self->threat_action));
}
