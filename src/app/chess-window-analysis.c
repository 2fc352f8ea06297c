/* chess-window-analysis.c — hints and analysis mode in the main window.
 *
 * The state lives in a ChessAnalysisState attached to the window. The
 * engines' callbacks hold a reference to it, not to the window: once the
 * window is disposed they find `window` NULL and do nothing.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-analysis-format.h"
#include "chess-analysis-panel.h"
#include "chess-engine-levels.h"
#include "chess-engine-player.h"
#include "chess-engine-registry.h"
#include "chess-window-analysis.h"
#include "chess-window-computer.h"

#define STATE_KEY "chess-window-analysis"

/* How long the hint thinks: long enough for a sound move at full
 * strength, short enough to feel like an answer. */
#define HINT_TIME_MS 1000
/* Past this an engine that gives no hint counts as hung. */
#define HINT_TIMEOUT_MS 15000
/* An analysis this deep already knows the hint. */
#define HINT_FROM_ANALYSIS_DEPTH 10
/* The panel follows the engine at most this often. */
#define REFRESH_MS 100
/* How long closing the window waits for a search to end (it takes a few
 * milliseconds after the stop). */
#define SHUTDOWN_WAIT_MS 5000
/* The moves of a best line kept and shown. */
#define MAX_PV 24

typedef struct
{
  gboolean       set;
  ChessEvalScore score;
  int            depth;
  ChessMove      pv[MAX_PV];
  gsize          n_pv;
} AnalysisLine;

#define CHESS_TYPE_ANALYSIS_STATE (chess_analysis_state_get_type ())
G_DECLARE_FINAL_TYPE (ChessAnalysisState, chess_analysis_state, CHESS, ANALYSIS_STATE, GObject)

struct _ChessAnalysisState
{
  GObject             parent_instance;

  /* Borrowed: the window owns them (NULL once the window is disposed) */
  ChessWindow        *window;
  ChessBoardView     *board;
  ChessAnalysisPanel *panel;
  GtkWidget          *material_box;

  /* Owned */
  GSettings          *settings;
  ChessGame          *game;            /* the game listened to */
  GSimpleAction      *hint_action;
  GSimpleAction      *analysis_action;
  GMenu              *options_menu;

  /* The hint */
  ChessEnginePlayer  *hint_player;
  GCancellable       *hint_cancellable;  /* set while a hint is sought */
  ChessMove           hint_move;         /* shown, or CHESS_MOVE_NONE */

  /* The analysis */
  gboolean            active;
  ChessEnginePlayer  *player;
  char               *player_id;         /* "" for the built-in engine */
  GCancellable       *start_cancellable; /* set while an external one starts */
  GCancellable       *think_cancellable; /* set while a search runs */
  gboolean            restart;           /* search again when this one ends */
  char               *engine_problem;    /* why the chosen engine is not used */
  ChessBoard          position;          /* the position being analysed */
  int                 multipv;
  AnalysisLine        lines[CHESS_ANALYSIS_MAX_LINES];
  guint               refresh_id;
  guint               runs;
};

G_DEFINE_FINAL_TYPE (ChessAnalysisState, chess_analysis_state, G_TYPE_OBJECT)

static void restart_analysis (ChessAnalysisState *self);
static void analyse_line     (ChessAnalysisState *self,
                              const ChessLine    *line);
static void refresh_panel    (ChessAnalysisState *self);
static void build_options_menu (ChessAnalysisState *self);

static ChessAnalysisState *
get_state (ChessWindow *window)
{
  return g_object_get_data (G_OBJECT (window), STATE_KEY);
}

/* ---- Colours ---- */

/* Violet: none of the annotation colours (green, red, yellow, blue). */
static const GdkRGBA engine_colour = { 0.56, 0.22, 0.80, 0.85 };
static const GdkRGBA other_line_colour = { 0.56, 0.22, 0.80, 0.45 };

/* ---- The position shown ---- */

static ChessNotation
user_notation (ChessAnalysisState *self)
{
  static const ChessNotation notations[] = {
    CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_FIGURINE
  };
  guint n = (guint) g_settings_get_enum (self->settings, "notation");

  return notations[MIN (n, G_N_ELEMENTS (notations) - 1)];
}

/* The line up to the position shown (so the engine sees repetitions). */
static void
viewed_line (ChessAnalysisState *self,
             ChessLine           *out)
{
  const ChessLine *line = chess_game_get_line (self->game);
  guint ply = MIN (chess_game_get_view_ply (self->game), line->n_moves);

  chess_line_init (out, &line->start);
  for (guint i = 0; i < ply; i++)
    chess_line_push (out, line->moves[i]);
}

static gboolean
has_legal_moves (const ChessBoard *board)
{
  ChessMoveList list;

  return chess_board_generate_legal (board, &list) > 0;
}

static void
set_arrows (ChessAnalysisState   *self,
            const char            *owner,
            const ChessBoardArrow *arrows,
            guint                  n)
{
  if (self->board != NULL)
    chess_board_view_set_extra_arrows (self->board, owner, arrows, n);
}

/* ---- Hint ---- */

static void
clear_hint (ChessAnalysisState *self)
{
  if (self->hint_cancellable != NULL)
    g_cancellable_cancel (self->hint_cancellable);
  self->hint_move = CHESS_MOVE_NONE;
  set_arrows (self, CHESS_ARROWS_HINT, NULL, 0);
}

static void
update_hint_action (ChessAnalysisState *self)
{
  ChessBoard board;
  gboolean possible;

  if (self->game == NULL)
    return;
  /* A hint is for a person: not on the computer's turn of the game, nor
   * while the game is paused (the board is covered). */
  possible = chess_game_get_board_at (self->game, chess_game_get_view_ply (self->game), &board)
             && has_legal_moves (&board)
             && !chess_window_get_paused (self->window)
             && (!chess_game_is_viewing_live (self->game)
                 || chess_window_computer_human_may_move (self->window));
  g_simple_action_set_enabled (self->hint_action, possible);
}

static void
show_hint (ChessAnalysisState *self,
           const ChessBoard    *board,
           ChessMove            move)
{
  ChessBoardArrow arrow = { chess_move_from (move), chess_move_to (move), engine_colour, 1.0 };
  char text[CHESS_MOVE_TEXT_MAX];
  g_autofree char *message = NULL;

  self->hint_move = move;
  set_arrows (self, CHESS_ARROWS_HINT, &arrow, 1);
  chess_analysis_format_move (board, move, user_notation (self), text);
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
  g_autoptr(ChessEngineReply) reply = NULL;

  reply = chess_engine_player_think_finish (CHESS_ENGINE_PLAYER (source), result, &error);
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
  else if (reply->kind == CHESS_ENGINE_REPLY_MOVE && reply->move != CHESS_MOVE_NONE)
    show_hint (self, &request->board, reply->move);
  hint_request_free (request);
}

static void
hint_think (HintRequest *request)
{
  ChessAnalysisState *self = request->self;
  ChessLine line;
  ChessEngineLimits limits;

  viewed_line (self, &line);
  chess_engine_limits_init (&limits);
  limits.movetime_ms = HINT_TIME_MS;
  limits.timeout_ms = HINT_TIMEOUT_MS;
  chess_engine_player_think_async (self->hint_player, &line, &limits, 1,
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

  if (!chess_engine_player_start_finish (CHESS_ENGINE_PLAYER (source), result, &error)
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

static void
hint_activated (GSimpleAction *action,
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
  clear_hint (self);

  request = g_new0 (HintRequest, 1);
  request->self = g_object_ref (self);
  chess_game_get_board_at (self->game, chess_game_get_view_ply (self->game), &request->board);
  if (!has_legal_moves (&request->board))
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
      self->hint_player = chess_engine_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
      fresh_player = TRUE;
    }
  if (fresh_player)
    chess_engine_player_start_async (self->hint_player, request->cancellable,
                                     hint_started_cb, request);
  else
    hint_think (request);
}

/* ---- Analysis: the engine ---- */

static void
clear_lines (ChessAnalysisState *self)
{
  memset (self->lines, 0, sizeof self->lines);
}

static void
schedule_refresh (ChessAnalysisState *self);

static void
thinking_cb (ChessEnginePlayer     *player,
             const ChessEngineInfo *info,
             ChessAnalysisState   *self)
{
  AnalysisLine *line;
  int index = 0;

  /* Only the search running now, and not one being stopped. */
  if (player != self->player || self->think_cancellable == NULL || self->restart || !self->active)
    return;
  if (info->has & CHESS_ENGINE_INFO_HAS_MULTIPV)
    index = info->multipv - 1;
  if (index < 0 || index >= self->multipv || index >= CHESS_ANALYSIS_MAX_LINES)
    return;
  if ((info->has & CHESS_ENGINE_INFO_HAS_PV) == 0 || (info->has & CHESS_ENGINE_INFO_HAS_SCORE) == 0)
    return;
  line = &self->lines[index];
  /* A bound from a failed aspiration window is not the line's score. */
  if (line->set && info->bound != CHESS_ENGINE_BOUND_EXACT)
    return;

  ChessMove moves[MAX_PV];
  gsize n = chess_engine_info_get_pv_moves (info, &self->position, moves, MAX_PV);
  if (n == 0)
    return;
  chess_eval_score_from_info (info, self->position.side, &line->score);
  memcpy (line->pv, moves, n * sizeof moves[0]);
  line->n_pv = n;
  line->depth = (info->has & CHESS_ENGINE_INFO_HAS_DEPTH) ? info->depth : 0;
  line->set = TRUE;
  schedule_refresh (self);
}

static void
drop_player (ChessAnalysisState *self)
{
  if (self->start_cancellable != NULL)
    g_cancellable_cancel (self->start_cancellable);
  g_clear_object (&self->start_cancellable);
  if (self->think_cancellable != NULL)
    g_cancellable_cancel (self->think_cancellable);
  if (self->player != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->player, self);
      chess_engine_player_stop (self->player);
      g_clear_object (&self->player);
    }
  g_clear_pointer (&self->player_id, g_free);
}

typedef struct
{
  ChessAnalysisState *self;
  ChessEnginePlayer   *player;
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
  drop_player (self);
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
  gboolean started = chess_engine_player_start_finish (call->player, result, &error);

  if (self->start_cancellable == call->cancellable)
    g_clear_object (&self->start_cancellable);
  if (self->window != NULL && call->player == self->player
      && !g_cancellable_is_cancelled (call->cancellable))
    {
      if (started)
        restart_analysis (self);
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
  g_autoptr(ChessEngineEntry) entry = NULL;
  EngineCall *call;

  /* After a failure the built-in engine stays until the choice changes. */
  if (self->engine_problem != NULL && self->player_id != NULL && *self->player_id == '\0')
    {
      g_free (wanted);
      wanted = g_strdup ("");
    }
  if (self->player != NULL && g_strcmp0 (self->player_id, wanted) == 0
      && chess_engine_player_is_alive (self->player))
    return;
  drop_player (self);

  if (*wanted != '\0')
    entry = chess_engine_registry_find (self->settings, wanted);
  if (entry != NULL)
    self->player = chess_engine_entry_new_player (entry);
  else
    {
      self->player = chess_engine_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
      g_clear_pointer (&wanted, g_free);
      wanted = g_strdup ("");
    }
  self->player_id = g_steal_pointer (&wanted);
  g_signal_connect (self->player, "thinking", G_CALLBACK (thinking_cb), self);

  self->start_cancellable = g_cancellable_new ();
  call = engine_call_new (self, self->start_cancellable);
  chess_analysis_panel_set_status (self->panel, _("Starting the engine…"));
  chess_engine_player_start_async (self->player, self->start_cancellable, engine_started_cb, call);
}

static void
analysis_thought_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  EngineCall *call = user_data;
  ChessAnalysisState *self = call->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessEngineReply) reply = NULL;

  reply = chess_engine_player_think_finish (call->player, result, &error);
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
        restart_analysis (self);
    }
  engine_call_free (call);
}

/* Analyses the position shown from scratch; a search still running is
 * stopped first and this runs again when it has ended (one search at a
 * time). */
static void
restart_analysis (ChessAnalysisState *self)
{
  ChessLine line;

  if (self->window == NULL || !self->active)
    return;
  clear_lines (self);
  self->multipv = CLAMP (g_settings_get_int (self->settings, "analysis-lines"), 1,
                         CHESS_ANALYSIS_MAX_LINES);
  viewed_line (self, &line);
  self->position = line.current;
  analyse_line (self, &line);
  chess_line_clear (&line);
}

/* restart_analysis with the line up to the position shown. */
static void
analyse_line (ChessAnalysisState *self,
              const ChessLine    *line)
{
  ChessEngineLimits limits;
  EngineCall *call;

  if (self->player == NULL || self->start_cancellable != NULL)
    {
      /* It starts, then comes back here. */
      if (self->player == NULL)
        use_engine (self);
      refresh_panel (self);
      return;
    }
  if (self->think_cancellable != NULL)
    {
      self->restart = TRUE;
      g_cancellable_cancel (self->think_cancellable);
      refresh_panel (self);
      return;
    }
  self->restart = FALSE;
  refresh_panel (self);
  if (!has_legal_moves (&self->position))
    return;

  chess_engine_limits_init (&limits);
  limits.infinite = TRUE;
  self->think_cancellable = g_cancellable_new ();
  call = engine_call_new (self, self->think_cancellable);
  self->runs++;
  chess_engine_player_think_async (self->player, line, &limits, self->multipv,
                                   self->think_cancellable, analysis_thought_cb, call);
}

static void
stop_analysis (ChessAnalysisState *self)
{
  self->restart = FALSE;
  if (self->think_cancellable != NULL)
    g_cancellable_cancel (self->think_cancellable);
  if (self->player != NULL)
    chess_engine_player_stop (self->player);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  clear_lines (self);
  set_arrows (self, CHESS_ARROWS_ANALYSIS, NULL, 0);
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
  if (has_legal_moves (&self->position))
    return FALSE;
  memset (score, 0, sizeof *score);
  if (chess_board_in_check (&self->position))
    {
      score->is_mate = TRUE;
      score->white_mates = self->position.side == CHESS_COLOR_BLACK;
    }
  return TRUE;
}

static void
refresh_panel (ChessAnalysisState *self)
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
  notation = user_notation (self);
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
        i == 0 ? engine_colour : other_line_colour, i == 0 ? 1.0 : 0.7
      };
    }

  if (n > 0)
    /* Translators: under the evaluation bar: how many moves deep the engine
     * has looked, and its name ("Depth 18 · ThinkChess"). */
    status = g_strdup_printf (_("Depth %d · %s"), self->lines[0].depth,
                              self->player != NULL ? chess_engine_player_get_name (self->player) : "");
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
  set_arrows (self, CHESS_ARROWS_ANALYSIS, arrows, n_arrows);
  for (guint i = 0; i < n; i++)
    g_free (texts[i]);
}

static gboolean
refresh_timeout_cb (gpointer user_data)
{
  ChessAnalysisState *self = user_data;

  self->refresh_id = 0;
  refresh_panel (self);
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

static void
set_active (ChessAnalysisState *self,
            gboolean             active)
{
  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  g_simple_action_set_state (self->analysis_action, g_variant_new_boolean (active));
  gtk_widget_set_visible (GTK_WIDGET (self->panel), active);
  gtk_widget_set_visible (self->material_box, !active);
  if (active)
    {
      g_clear_pointer (&self->engine_problem, g_free);
      build_options_menu (self);
      restart_analysis (self);
    }
  else
    {
      stop_analysis (self);
      /* An engine kept idle costs nothing but an external one's memory. */
      drop_player (self);
    }
}

static void
analysis_change_state (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  set_active (user_data, g_variant_get_boolean (state));
}

/* ---- Following the game and the settings ---- */

static void
position_changed_cb (ChessAnalysisState *self)
{
  clear_hint (self);
  update_hint_action (self);
  if (self->active)
    restart_analysis (self);
}

static void
watch_game (ChessAnalysisState *self)
{
  ChessGame *game = chess_window_get_game (self->window);

  if (game == self->game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_signal_connect_swapped (game, "moved", G_CALLBACK (position_changed_cb), self);
  g_signal_connect_swapped (game, "taken-back", G_CALLBACK (position_changed_cb), self);
  g_signal_connect_swapped (game, "reset", G_CALLBACK (position_changed_cb), self);
  g_signal_connect_swapped (game, "line-changed", G_CALLBACK (position_changed_cb), self);
  g_signal_connect_swapped (game, "notify::view-ply", G_CALLBACK (position_changed_cb), self);
  position_changed_cb (self);
}

static void
engine_setting_changed_cb (ChessAnalysisState *self)
{
  g_clear_pointer (&self->engine_problem, g_free);
  if (!self->active)
    return;
  stop_analysis (self);
  drop_player (self);
  restart_analysis (self);
}

static void
lines_setting_changed_cb (ChessAnalysisState *self)
{
  if (self->active)
    restart_analysis (self);
}

static void
notation_changed_cb (ChessAnalysisState *self)
{
  refresh_panel (self);
}

/* The options: how many lines, and which engine (the built-in one and
 * the external ones installed or added in the Preferences). Built again
 * each time analysis is turned on, so a newly added engine is offered. */
static void
build_options_menu (ChessAnalysisState *self)
{
  g_autoptr(GMenu) lines = g_menu_new ();
  g_autoptr(GMenu) engines = g_menu_new ();
  g_autoptr(GPtrArray) entries = chess_engine_registry_list (self->settings, NULL);
  g_autoptr(GMenuItem) builtin = NULL;

  g_menu_remove_all (self->options_menu);
  for (int n = 1; n <= CHESS_ANALYSIS_MAX_LINES; n++)
    {
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = g_strdup_printf (ngettext ("%d Line", "%d Lines", n), n);

      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, "analysis.analysis-lines", g_variant_new_int32 (n));
      g_menu_append_item (lines, item);
    }
  builtin = g_menu_item_new (_("ThinkChess (Built-in)"), NULL);
  g_menu_item_set_action_and_target_value (builtin, "analysis.analysis-engine", g_variant_new_string (""));
  g_menu_append_item (engines, builtin);
  for (guint i = 0; i < entries->len; i++)
    {
      const ChessEngineEntry *entry = g_ptr_array_index (entries, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (entry->name, NULL);

      g_menu_item_set_action_and_target_value (item, "analysis.analysis-engine",
                                               g_variant_new_string (entry->id));
      g_menu_append_item (engines, item);
    }
  g_menu_append_section (self->options_menu, _("Best Lines"), G_MENU_MODEL (lines));
  g_menu_append_section (self->options_menu, _("Engine"), G_MENU_MODEL (engines));
}

/* ---- Public ---- */

gboolean
chess_window_analysis_is_active (ChessWindow *window)
{
  ChessAnalysisState *self = get_state (window);

  return self != NULL && self->active;
}

gboolean
chess_window_analysis_is_thinking (ChessWindow *window)
{
  ChessAnalysisState *self = get_state (window);

  return self != NULL && (self->think_cancellable != NULL || self->hint_cancellable != NULL);
}

ChessMove
chess_window_analysis_get_hint (ChessWindow *window)
{
  ChessAnalysisState *self = get_state (window);

  return self != NULL ? self->hint_move : CHESS_MOVE_NONE;
}

guint
chess_window_analysis_get_runs (ChessWindow *window)
{
  ChessAnalysisState *self = get_state (window);

  return self != NULL ? self->runs : 0;
}

void
chess_window_analysis_class_init (GtkWidgetClass *widget_class)
{
  g_type_ensure (CHESS_TYPE_ANALYSIS_PANEL);
}

void
chess_window_analysis_init (ChessWindow *window)
{
  ChessAnalysisState *self = g_object_new (CHESS_TYPE_ANALYSIS_STATE, NULL);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GAction) lines_action = NULL;
  g_autoptr(GAction) engine_action = NULL;

  self->window = window;
  self->board = chess_window_get_board (window);
  self->panel = CHESS_ANALYSIS_PANEL (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                     CHESS_TYPE_WINDOW,
                                                                     "analysis_panel"));
  self->material_box = gtk_widget_get_parent (GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                                                         CHESS_TYPE_WINDOW,
                                                                                         "eval_bar")));
  self->settings = g_object_ref (chess_window_get_settings (window));
  self->hint_move = CHESS_MOVE_NONE;
  g_object_set_data_full (G_OBJECT (window), STATE_KEY, self, g_object_unref);

  self->hint_action = g_simple_action_new ("hint", NULL);
  g_signal_connect (self->hint_action, "activate", G_CALLBACK (hint_activated), self);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (self->hint_action));
  self->analysis_action = g_simple_action_new_stateful ("analysis", NULL,
                                                        g_variant_new_boolean (FALSE));
  g_signal_connect (self->analysis_action, "change-state", G_CALLBACK (analysis_change_state), self);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (self->analysis_action));

  /* The panel's options act on the settings directly (actions named as
   * the keys: analysis.analysis-lines, analysis.analysis-engine). */
  lines_action = g_settings_create_action (self->settings, "analysis-lines");
  engine_action = g_settings_create_action (self->settings, "analysis-engine");
  g_action_map_add_action (G_ACTION_MAP (group), lines_action);
  g_action_map_add_action (G_ACTION_MAP (group), engine_action);
  gtk_widget_insert_action_group (GTK_WIDGET (window), "analysis", G_ACTION_GROUP (group));
  self->options_menu = g_menu_new ();
  chess_analysis_panel_set_menu_model (self->panel, G_MENU_MODEL (self->options_menu));
  build_options_menu (self);

  g_signal_connect_swapped (self->settings, "changed::analysis-engine",
                            G_CALLBACK (engine_setting_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::analysis-lines",
                            G_CALLBACK (lines_setting_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::notation",
                            G_CALLBACK (notation_changed_cb), self);
  g_signal_connect_swapped (window, "notify::game", G_CALLBACK (watch_game), self);
  g_signal_connect_swapped (window, "notify::paused", G_CALLBACK (update_hint_action), self);
  watch_game (self);
}

static gboolean
wait_done_cb (gpointer user_data)
{
  gboolean *done = user_data;

  *done = TRUE;
  return G_SOURCE_REMOVE;
}

void
chess_window_analysis_dispose (ChessWindow *window)
{
  ChessAnalysisState *self = get_state (window);
  gboolean timed_out = FALSE;
  guint timeout_id;

  if (self == NULL || self->window == NULL)
    return;
  g_object_ref (self);
  g_signal_handlers_disconnect_by_data (window, self);
  g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  clear_hint (self);
  stop_analysis (self);
  drop_player (self);
  if (self->hint_player != NULL)
    chess_engine_player_stop (self->hint_player);
  g_clear_object (&self->hint_player);
  self->window = NULL;
  self->board = NULL;
  self->panel = NULL;

  /* The searches end a few milliseconds after the stop, and their players
   * with them: wait for that, so no search thread outlives the window. */
  timeout_id = g_timeout_add (SHUTDOWN_WAIT_MS, wait_done_cb, &timed_out);
  while ((self->think_cancellable != NULL || self->hint_cancellable != NULL
          || self->start_cancellable != NULL) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout_id);
  g_object_unref (self);
}

/* ---- GObject ---- */

static void
chess_analysis_state_finalize (GObject *object)
{
  ChessAnalysisState *self = CHESS_ANALYSIS_STATE (object);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_clear_object (&self->player);
  g_clear_object (&self->hint_player);
  g_clear_object (&self->hint_cancellable);
  g_clear_object (&self->think_cancellable);
  g_clear_object (&self->start_cancellable);
  g_clear_object (&self->hint_action);
  g_clear_object (&self->analysis_action);
  g_clear_object (&self->options_menu);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_free (self->player_id);
  g_free (self->engine_problem);

  G_OBJECT_CLASS (chess_analysis_state_parent_class)->finalize (object);
}

static void
chess_analysis_state_class_init (ChessAnalysisStateClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chess_analysis_state_finalize;
}

static void
chess_analysis_state_init (ChessAnalysisState *self)
{
}
