/* chess-window-analysis-search.c — analysis mode's search: the engine of
 * the setting analysis-engine (the built-in one when that is missing or
 * fails) analyses the position shown without end, restarted on every
 * change, and the analysis panel shows its score, depth and best lines,
 * the best moves as arrows on the board.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-engine-levels.h"
#include "chess-external-registry.h"
#include "chess-window-analysis-private.h"

/* The panel follows the engine at most this often. */
#define REFRESH_MS 100

static void analyse_line (ChessAnalysisState *self,
                          const ChessLine    *line);

/* ---- Analysis: the engine ---- */

static void
clear_lines (ChessAnalysisState *self)
{
  memset (self->lines, 0, sizeof self->lines);
}

static void
schedule_refresh (ChessAnalysisState *self);

static void
thinking_cb (ChessPlayer     *player,
             const ChessPlayerInfo *info,
             ChessAnalysisState   *self)
{
  AnalysisLine *line;
  int index = 0;

  /* Only the search running now, and not one being stopped. */
  if (player != self->player || self->think_cancellable == NULL || self->restart || !self->active)
    return;
  if (info->has & CHESS_PLAYER_INFO_HAS_MULTIPV)
    index = info->multipv - 1;
  if (index < 0 || index >= self->multipv || index >= CHESS_ANALYSIS_MAX_LINES)
    return;
  if ((info->has & CHESS_PLAYER_INFO_HAS_PV) == 0 || (info->has & CHESS_PLAYER_INFO_HAS_SCORE) == 0)
    return;
  line = &self->lines[index];
  /* A bound from a failed aspiration window is not the line's score. */
  if (line->set && info->bound != CHESS_SCORE_BOUND_EXACT)
    return;

  chess_eval_score_from_info (info, self->position.side, &line->score);
  line->n_pv = MIN (info->n_pv, MAX_PV);
  memcpy (line->pv, info->pv, line->n_pv * sizeof line->pv[0]);
  line->depth = (info->has & CHESS_PLAYER_INFO_HAS_DEPTH) ? info->depth : 0;
  line->set = TRUE;
  schedule_refresh (self);
}

void
chess_analysis_state_drop_player (ChessAnalysisState *self)
{
  if (self->start_cancellable != NULL)
    g_cancellable_cancel (self->start_cancellable);
  g_clear_object (&self->start_cancellable);
  if (self->think_cancellable != NULL)
    g_cancellable_cancel (self->think_cancellable);
  if (self->player != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->player, self);
      chess_player_stop (self->player);
      g_clear_object (&self->player);
    }
  g_clear_pointer (&self->player_id, g_free);
}

typedef struct
{
  ChessAnalysisState *self;
  ChessPlayer   *player;
  GCancellable        *cancellable;
} EngineCall;

static EngineCall *
engine_call_new (ChessAnalysisState *self,
                 GCancellable        *cancellable)
{
  EngineCall *call = g_new0 (EngineCall, 1);

  call->self = g_object_ref (self);
  call->player = g_object_ref (self->player);
  call->cancellable = g_object_ref (cancellable);
  return call;
}

static void
engine_call_free (EngineCall *call)
{
  g_object_unref (call->self);
  g_object_unref (call->player);
  g_object_unref (call->cancellable);
  g_free (call);
}

static void use_engine (ChessAnalysisState *self);

/* The chosen engine failed: say so, and go on with the built-in one. */
static void
engine_failed (ChessAnalysisState *self,
               const GError        *error)
{
  gboolean builtin = self->player_id != NULL && *self->player_id == '\0';

  g_free (self->engine_problem);
  self->engine_problem = g_strdup (error->message);
  chess_analysis_state_drop_player (self);
  if (builtin)
    {
      /* Nothing left to fall back on. */
      chess_analysis_panel_set_status (self->panel, self->engine_problem);
      return;
    }
  if (self->window != NULL)
    {
      /* Translators: %s says what happened to the chosen engine
       * ("Stockfish stopped responding."). */
      g_autofree char *message = g_strdup_printf (_("%s Analysing with the built-in engine instead."),
                                                  error->message);

      chess_window_show_message (self->window, message);
    }
  self->player_id = g_strdup ("");
  use_engine (self);
}

static void
engine_started_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  EngineCall *call = user_data;
  ChessAnalysisState *self = call->self;
  g_autoptr(GError) error = NULL;
  gboolean started = chess_player_start_finish (call->player, result, &error);

  if (self->start_cancellable == call->cancellable)
    g_clear_object (&self->start_cancellable);
  if (self->window != NULL && call->player == self->player
      && !g_cancellable_is_cancelled (call->cancellable))
    {
      if (started)
        chess_analysis_state_restart (self);
      else
        engine_failed (self, error);
    }
  engine_call_free (call);
}

/* Makes the player of the setting analysis-engine (or, when that is not
 * there or failed, the built-in engine) and starts it. */
static void
use_engine (ChessAnalysisState *self)
{
  g_autofree char *wanted = g_settings_get_string (self->settings, "analysis-engine");
  g_autoptr(ChessExternalEntry) entry = NULL;
  EngineCall *call;

  /* After a failure the built-in engine stays until the choice changes. */
  if (self->engine_problem != NULL && self->player_id != NULL && *self->player_id == '\0')
    {
      g_free (wanted);
      wanted = g_strdup ("");
    }
  if (self->player != NULL && g_strcmp0 (self->player_id, wanted) == 0
      && chess_player_is_alive (self->player))
    return;
  chess_analysis_state_drop_player (self);

  if (*wanted != '\0')
    entry = chess_external_registry_find (self->settings, wanted);
  if (entry != NULL)
    self->player = chess_external_entry_new_player (entry);
  else
    {
      self->player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
      g_clear_pointer (&wanted, g_free);
      wanted = g_strdup ("");
    }
  self->player_id = g_steal_pointer (&wanted);
  g_signal_connect (self->player, "thinking", G_CALLBACK (thinking_cb), self);

  self->start_cancellable = g_cancellable_new ();
  call = engine_call_new (self, self->start_cancellable);
  chess_analysis_panel_set_status (self->panel, _("Starting the engine…"));
  chess_player_start_async (self->player, self->start_cancellable, engine_started_cb, call);
}

static void
analysis_thought_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  EngineCall *call = user_data;
  ChessAnalysisState *self = call->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPlayerReply) reply = NULL;

  reply = chess_player_think_finish (call->player, result, &error);
  if (self->think_cancellable == call->cancellable)
    g_clear_object (&self->think_cancellable);

  if (self->window != NULL)
    {
      /* The next search waited for this one (perhaps of the engine used
       * before: one search at a time all the same). */
      if (call->player == self->player && reply == NULL
          && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        engine_failed (self, error);
      else if (self->restart)
        chess_analysis_state_restart (self);
    }
  engine_call_free (call);
}

/* Analyses the position shown from scratch; a search still running is
 * stopped first and this runs again when it has ended (one search at a
 * time). */
void
chess_analysis_state_restart (ChessAnalysisState *self)
{
  ChessLine line;

  if (self->window == NULL || !self->active)
    return;
  clear_lines (self);
  self->multipv = CLAMP (g_settings_get_int (self->settings, "analysis-lines"), 1,
                         CHESS_ANALYSIS_MAX_LINES);
  chess_analysis_state_viewed_line (self, &line);
  self->position = line.current;
  analyse_line (self, &line);
  chess_line_clear (&line);
}

/* chess_analysis_state_restart with the line up to the position shown. */
static void
analyse_line (ChessAnalysisState *self,
              const ChessLine    *line)
{
  ChessPlayerLimits limits;
  EngineCall *call;

  if (self->player == NULL || self->start_cancellable != NULL)
    {
      /* It starts, then comes back here. */
      if (self->player == NULL)
        use_engine (self);
      chess_analysis_state_refresh_panel (self);
      return;
    }
  if (self->think_cancellable != NULL)
    {
      self->restart = TRUE;
      g_cancellable_cancel (self->think_cancellable);
      chess_analysis_state_refresh_panel (self);
      return;
    }
  self->restart = FALSE;
  chess_analysis_state_refresh_panel (self);
  if (!chess_analysis_has_legal_moves (&self->position))
    return;

  chess_player_limits_init (&limits);
  limits.infinite = TRUE;
  limits.threads = g_settings_get_int (self->settings, "analysis-threads");
  self->think_cancellable = g_cancellable_new ();
  call = engine_call_new (self, self->think_cancellable);
  self->runs++;
  chess_player_think_async (self->player, line, &limits, self->multipv,
                            self->think_cancellable, analysis_thought_cb, call);
}

void
chess_analysis_state_stop (ChessAnalysisState *self)
{
  self->restart = FALSE;
  if (self->think_cancellable != NULL)
    g_cancellable_cancel (self->think_cancellable);
  if (self->player != NULL)
    chess_player_stop (self->player);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  clear_lines (self);
  chess_analysis_state_set_arrows (self, CHESS_ARROWS_ANALYSIS, NULL, 0);
}

/* ---- Analysis: the panel ---- */

/* What the panel says when no line is known: why not, or what happens. */
static char *
describe_waiting (ChessAnalysisState *self)
{
  ChessMoveList list;

  if (chess_board_generate_legal (&self->position, &list) == 0)
    return g_strdup (chess_board_in_check (&self->position) ? _("Checkmate.") : _("Stalemate."));
  if (self->engine_problem != NULL && self->player == NULL)
    return g_strdup (self->engine_problem);
  if (self->start_cancellable != NULL)
    return g_strdup (_("Starting the engine…"));
  return g_strdup (_("Analysing…"));
}

/* The score of a position without moves: mate or stalemate. */
static gboolean
final_score (ChessAnalysisState *self,
             ChessEvalScore      *score)
{
  if (chess_analysis_has_legal_moves (&self->position))
    return FALSE;
  memset (score, 0, sizeof *score);
  if (chess_board_in_check (&self->position))
    {
      score->is_mate = TRUE;
      score->mating = self->position.side == CHESS_COLOR_BLACK;
    }
  return TRUE;
}

void
chess_analysis_state_refresh_panel (ChessAnalysisState *self)
{
  const char *lines[CHESS_ANALYSIS_MAX_LINES] = { NULL };
  char *texts[CHESS_ANALYSIS_MAX_LINES] = { NULL };
  ChessBoardArrow arrows[CHESS_ANALYSIS_MAX_LINES];
  ChessNotation notation;
  g_autofree char *status = NULL;
  guint n = 0, n_arrows = 0;
  ChessEvalScore final;

  if (self->window == NULL || !self->active)
    return;
  notation = chess_analysis_state_notation (self);
  for (guint i = 0; i < CHESS_ANALYSIS_MAX_LINES; i++)
    {
      const AnalysisLine *line = &self->lines[i];
      g_autofree char *moves = NULL;

      if (!line->set)
        break;
      moves = chess_analysis_format_line (&self->position, line->pv, line->n_pv, notation);
      if (self->multipv > 1)
        {
          g_autofree char *score = chess_eval_score_format (&line->score);

          /* Translators: one of several best lines: its score, then its moves. */
          texts[i] = g_strdup_printf (_("%s: %s"), score, moves);
        }
      else
        texts[i] = g_steal_pointer (&moves);
      lines[i] = texts[i];
      n = i + 1;
      arrows[n_arrows++] = (ChessBoardArrow) {
        chess_move_from (line->pv[0]), chess_move_to (line->pv[0]),
        i == 0 ? chess_analysis_engine_colour : chess_analysis_other_line_colour, i == 0 ? 1.0 : 0.7
      };
    }

  if (n > 0)
    /* Translators: under the evaluation bar: how many moves deep the engine
     * has looked, and its name ("Depth 18 · ThinkChess"). */
    status = g_strdup_printf (_("Depth %d · %s"), self->lines[0].depth,
                              self->player != NULL ? chess_player_get_name (self->player) : "");
  else
    status = describe_waiting (self);

  if (n > 0)
    chess_analysis_panel_set_score (self->panel, &self->lines[0].score);
  else if (final_score (self, &final))
    chess_analysis_panel_set_score (self->panel, &final);
  else
    chess_analysis_panel_set_score (self->panel, NULL);
  chess_analysis_panel_set_status (self->panel, status);
  chess_analysis_panel_set_lines (self->panel, lines, n);
  chess_analysis_state_set_arrows (self, CHESS_ARROWS_ANALYSIS, arrows, n_arrows);
  for (guint i = 0; i < n; i++)
    g_free (texts[i]);
}

static gboolean
refresh_timeout_cb (gpointer user_data)
{
  ChessAnalysisState *self = user_data;

  self->refresh_id = 0;
  chess_analysis_state_refresh_panel (self);
  return G_SOURCE_REMOVE;
}

/* The engine reports each depth and each line: the panel shows them at
 * most every REFRESH_MS, so a fast engine cannot keep the window busy. */
static void
schedule_refresh (ChessAnalysisState *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add (REFRESH_MS, refresh_timeout_cb, self);
}

