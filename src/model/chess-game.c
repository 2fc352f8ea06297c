/* chess-game.c — a game of chess as a GObject: its signals and properties,
 * and playing it (moves, take-backs, draws, resignation, new games). */

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "chess-game-private.h"

enum
{
  PROP_0,
  PROP_SIDE_TO_MOVE,
  PROP_RESULT,
  PROP_REASON,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MATERIAL_BALANCE,
  PROP_MOVE_COUNT,
  PROP_DRAW_CLAIMABLE,
  PROP_IN_CHECK,
  PROP_IS_OVER,
  PROP_DRAW_OFFERED,
  PROP_VIEW_PLY,
  PROP_CLOCK,
  N_PROPS
};

enum
{
  SIGNAL_MOVED,
  SIGNAL_CHECK,
  SIGNAL_CHECKMATE,
  SIGNAL_DRAW,
  SIGNAL_GAME_OVER,
  SIGNAL_TAKEN_BACK,
  SIGNAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_ENUM_TYPE (ChessGameResult, chess_game_result,
  G_DEFINE_ENUM_VALUE (CHESS_GAME_RESULT_ONGOING, "ongoing"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_RESULT_WHITE_WINS, "white-wins"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_RESULT_BLACK_WINS, "black-wins"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_RESULT_DRAW, "draw"))

G_DEFINE_ENUM_TYPE (ChessGameReason, chess_game_reason,
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_NONE, "none"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_CHECKMATE, "checkmate"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_STALEMATE, "stalemate"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_INSUFFICIENT_MATERIAL, "insufficient-material"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_THREEFOLD_REPETITION, "threefold-repetition"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_FIVEFOLD_REPETITION, "fivefold-repetition"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_FIFTY_MOVES, "fifty-moves"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_SEVENTY_FIVE_MOVES, "seventy-five-moves"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_AGREEMENT, "agreement"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_RESIGNATION, "resignation"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_TIME_FORFEIT, "time-forfeit"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL,
                       "timeout-vs-insufficient-material"),
  G_DEFINE_ENUM_VALUE (CHESS_GAME_REASON_UNKNOWN, "unknown"))

G_DEFINE_QUARK (chess-game-error-quark, chess_game_error)

G_DEFINE_BOXED_TYPE (ChessMoveInfo, chess_move_info,
                     chess_move_info_copy, chess_move_info_free)

G_DEFINE_FINAL_TYPE (ChessGame, chess_game, G_TYPE_OBJECT)

ChessMoveInfo *
chess_move_info_copy (const ChessMoveInfo *info)
{
  return g_memdup2 (info, sizeof *info);
}

void
chess_move_info_free (ChessMoveInfo *info)
{
  g_free (info);
}

/* ---- Helpers ---- */

ChessColor
chess_game_mover_of_ply (ChessGame *self,
                         guint      ply)
{
  return (ChessColor) ((self->tree->start.side + ply) & 1);
}

ChessClaim
chess_game_line_claimable (ChessGame *self)
{
  ChessLine line;
  ChessClaim claim;

  chess_game_copy_line (self, &line);
  claim = chess_line_claimable (&line);
  chess_line_clear (&line);
  return claim;
}

static void
compute_state (ChessGame *self,
               State     *s)
{
  const ChessBoard *b = &self->position;

  s->side = (ChessColor) b->side;
  s->result = self->result;
  s->reason = self->reason;
  s->can_undo = chess_game_line_length (self) > 0;
  s->can_redo = self->redo->len > 0 && self->result == CHESS_GAME_RESULT_ONGOING;
  s->material = chess_board_material (b, CHESS_COLOR_WHITE)
                - chess_board_material (b, CHESS_COLOR_BLACK);
  s->move_count = chess_game_line_length (self);
  s->claimable = self->result == CHESS_GAME_RESULT_ONGOING
                 && chess_game_line_claimable (self) != CHESS_CLAIM_NONE;
  s->in_check = chess_board_in_check (b);
  s->is_over = self->result != CHESS_GAME_RESULT_ONGOING;
  s->draw_offered = self->draw_offered;
  s->view_ply = self->view_ply;
}

void
chess_game_sync_properties (ChessGame *self)
{
  State s, old = self->state;
  GObject *object = G_OBJECT (self);
  guint changes = self->changes;

  compute_state (self, &s);
  self->state = s;
  if (s.view_ply != old.view_ply || (changes & CHESS_GAME_CHANGED_LINE))
    changes |= CHESS_GAME_CHANGED_VIEW;
  if (s.result != old.result || s.reason != old.reason)
    changes |= CHESS_GAME_CHANGED_RESULT;
  self->changes = 0;

  g_object_ref (self);
  g_object_freeze_notify (object);
#define CHANGED(field, prop) \
  if (s.field != old.field) \
    g_object_notify_by_pspec (object, properties[prop]);
  CHANGED (side, PROP_SIDE_TO_MOVE);
  CHANGED (result, PROP_RESULT);
  CHANGED (reason, PROP_REASON);
  CHANGED (can_undo, PROP_CAN_UNDO);
  CHANGED (can_redo, PROP_CAN_REDO);
  CHANGED (material, PROP_MATERIAL_BALANCE);
  CHANGED (move_count, PROP_MOVE_COUNT);
  CHANGED (claimable, PROP_DRAW_CLAIMABLE);
  CHANGED (in_check, PROP_IN_CHECK);
  CHANGED (is_over, PROP_IS_OVER);
  CHANGED (draw_offered, PROP_DRAW_OFFERED);
#undef CHANGED
  /* The position shown is another even when its number is not. */
  if (changes & CHESS_GAME_CHANGED_VIEW)
    g_object_notify_by_pspec (object, properties[PROP_VIEW_PLY]);
  g_object_thaw_notify (object);
  if (changes != 0)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0, changes);
  g_object_unref (self);
}

void
chess_game_emit_changed (ChessGame *self,
                         guint      changes)
{
  self->changes |= changes;
  chess_game_sync_properties (self);
}

/* The result the position itself imposes, if any. */
gboolean
chess_game_position_result (ChessGame       *self,
                            ChessGameResult *result,
                            ChessGameReason *reason)
{
  ChessLine line;
  ChessStatus status;

  chess_game_copy_line (self, &line);
  status = chess_line_status (&line);
  chess_line_clear (&line);
  switch (status)
    {
    case CHESS_STATUS_CHECKMATE:
      *result = self->position.side == CHESS_COLOR_WHITE
                ? CHESS_GAME_RESULT_BLACK_WINS : CHESS_GAME_RESULT_WHITE_WINS;
      *reason = CHESS_GAME_REASON_CHECKMATE;
      return TRUE;
    case CHESS_STATUS_STALEMATE:
      *reason = CHESS_GAME_REASON_STALEMATE;
      break;
    case CHESS_STATUS_INSUFFICIENT_MATERIAL:
      *reason = CHESS_GAME_REASON_INSUFFICIENT_MATERIAL;
      break;
    case CHESS_STATUS_FIVEFOLD_REPETITION:
      *reason = CHESS_GAME_REASON_FIVEFOLD_REPETITION;
      break;
    case CHESS_STATUS_SEVENTY_FIVE_MOVES:
      *reason = CHESS_GAME_REASON_SEVENTY_FIVE_MOVES;
      break;
    case CHESS_STATUS_ONGOING:
    default:
      *result = CHESS_GAME_RESULT_ONGOING;
      *reason = CHESS_GAME_REASON_NONE;
      return FALSE;
    }
  *result = CHESS_GAME_RESULT_DRAW;
  return TRUE;
}

/* Ends the game (the caller emits the signals). */
static void
end_game (ChessGame       *self,
          ChessGameResult  result,
          ChessGameReason  reason)
{
  self->result = result;
  self->reason = reason;
  self->draw_offered = FALSE;
  chess_clock_stop (self->clock);
}

static void
clear_redo (ChessGame *self)
{
  g_array_set_size (self->redo, 0);
}

/* The nodes of the moves taken back go back into the tree after the line
 * being played (which stays where it is); the redo list is emptied. */
static void
put_back_taken_back (ChessGame *self)
{
  ChessTreeNode *parent = self->line_end;

  for (guint i = self->redo->len; i-- > 0;)
    {
      RedoEntry *entry = &g_array_index (self->redo, RedoEntry, i);
      ChessTreeNode *node = g_steal_pointer (&entry->node);

      if (node == NULL)
        break;
      chess_tree_node_attach (parent, node, entry->index);
      parent = node;
    }
  clear_redo (self);
}

void
chess_game_redo_entry_clear (gpointer data)
{
  RedoEntry *entry = data;
  g_clear_pointer (&entry->node, chess_tree_node_free);
}

static void
emit_game_over (ChessGame *self)
{
  g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0, self->result, self->reason);
}

/* Plays `move` (legal, game ongoing). `redo` is the move taken back that
 * comes again (its clocks and its node), or NULL to press the clock. Emits
 * the signals; FALSE only when the mover's flag fell first (the game is
 * then over). */
static gboolean
do_move (ChessGame *self,
         ChessMove  move,
         RedoEntry *redo)
{
  ChessMoveInfo info;
  ChessBoard before = self->position;
  ChessColor mover = (ChessColor) before.side;
  ChessGameResult result;
  ChessGameReason reason;
  guint ply = chess_game_line_length (self);

  if (redo == NULL)
    {
      /* The clock runs for the mover from the first move on even if the
       * app never started it (the first move itself is free then). */
      if (chess_clock_get_active_color (self->clock) != mover)
        chess_clock_set_times (self->clock,
                               chess_clock_get_time_ms (self->clock, CHESS_COLOR_WHITE),
                               chess_clock_get_time_ms (self->clock, CHESS_COLOR_BLACK),
                               mover);
      if (!chess_clock_press (self->clock))
        return FALSE;  /* flag-fall ended the game */
    }

  chess_game_fill_move_info (&before, move, ply, &info);

  /* Into the tree: the node taken back, or the move there already, or a
   * new one; a game played on its main line keeps it there. */
  gboolean main_line = chess_tree_node_is_main_line (self->line_end);
  ChessTreeNode *node;
  if (redo != NULL)
    {
      node = g_steal_pointer (&redo->node);
      chess_tree_node_attach (self->line_end, node, redo->index);
    }
  else
    node = chess_tree_node_add_move (self->line_end, move, NULL);
  if (main_line)
    chess_tree_node_make_first (node);
  chess_game_set_line_end (self, node);
  if (redo == NULL)
    {
      /* The time after the move: [%clk] when timed, else the count. */
      *(chess_clock_is_timed (self->clock) ? &node->clock_ms : &node->count_ms)
        = chess_clock_get_time_ms (self->clock, mover);
      node->stood_ms[CHESS_COLOR_WHITE] = node->stood_ms[CHESS_COLOR_BLACK] = -1;
    }
  self->draw_offered = FALSE;
  self->paused = FALSE;
  self->view_ply = chess_game_line_length (self);
  self->clock_started = TRUE;

  if (chess_game_position_result (self, &result, &reason))
    end_game (self, result, reason);
  chess_game_restore_clock (self);

  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_MOVED], 0, &info);
  if (reason == CHESS_GAME_REASON_CHECKMATE)
    g_signal_emit (self, signals[SIGNAL_CHECKMATE], 0, (ChessColor) self->position.side);
  else if (result == CHESS_GAME_RESULT_DRAW)
    g_signal_emit (self, signals[SIGNAL_DRAW], 0, reason);
  else if (chess_board_in_check (&self->position))
    g_signal_emit (self, signals[SIGNAL_CHECK], 0, (ChessColor) self->position.side);
  if (result != CHESS_GAME_RESULT_ONGOING)
    emit_game_over (self);
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_MOVES);
  g_object_unref (self);
  return TRUE;
}

static void
flag_fall_cb (ChessClock *clock,
              ChessColor  color,
              ChessGame  *self)
{
  if (self->result != CHESS_GAME_RESULT_ONGOING)
    return;

  self->flag_color = color;
  clear_redo (self);
  g_object_ref (self);
  if (chess_board_can_mate (&self->position, chess_color_other (color)))
    {
      end_game (self, color == CHESS_COLOR_WHITE ? CHESS_GAME_RESULT_BLACK_WINS
                                                 : CHESS_GAME_RESULT_WHITE_WINS,
                CHESS_GAME_REASON_TIME_FORFEIT);
    }
  else
    {
      end_game (self, CHESS_GAME_RESULT_DRAW,
                CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL);
      g_signal_emit (self, signals[SIGNAL_DRAW], 0, self->reason);
    }
  emit_game_over (self);
  chess_game_sync_properties (self);
  g_object_unref (self);
}

/* Copies a core move error into CHESS_GAME_ERROR, keeping its message. */
static void
propagate_move_error (GError **dest,
                      GError  *src)
{
  ChessGameError code = CHESS_GAME_ERROR_SYNTAX;

  if (src->domain == CHESS_MOVE_ERROR)
    {
      switch ((ChessMoveError) src->code)
        {
        case CHESS_MOVE_ERROR_SYNTAX: code = CHESS_GAME_ERROR_SYNTAX; break;
        case CHESS_MOVE_ERROR_NO_PIECE: code = CHESS_GAME_ERROR_NO_PIECE; break;
        case CHESS_MOVE_ERROR_WRONG_SIDE: code = CHESS_GAME_ERROR_NOT_YOUR_TURN; break;
        case CHESS_MOVE_ERROR_CANNOT_MOVE: code = CHESS_GAME_ERROR_CANNOT_MOVE; break;
        case CHESS_MOVE_ERROR_KING_IN_CHECK: code = CHESS_GAME_ERROR_KING_IN_CHECK; break;
        case CHESS_MOVE_ERROR_CASTLING: code = CHESS_GAME_ERROR_CASTLING; break;
        case CHESS_MOVE_ERROR_AMBIGUOUS: code = CHESS_GAME_ERROR_AMBIGUOUS; break;
        case CHESS_MOVE_ERROR_PROMOTION: code = CHESS_GAME_ERROR_PROMOTION; break;
        default: break;
        }
    }
  g_set_error_literal (dest, CHESS_GAME_ERROR, code, src->message);
  g_error_free (src);
}

static gboolean
check_not_over (ChessGame  *self,
                GError    **error)
{
  /* A flag may have fallen since the last tick. */
  chess_clock_update (self->clock);
  if (self->result == CHESS_GAME_RESULT_ONGOING)
    return TRUE;
  g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER,
                       _("The game is over"));
  return FALSE;
}

/* In a finished or loaded game, a move in an earlier position or on a
 * variation goes into the tree (a game being played only goes on). */
gboolean
chess_game_plays_in_tree (ChessGame *self)
{
  return (self->loaded || self->result != CHESS_GAME_RESULT_ONGOING)
         && (self->view_ply < chess_game_line_length (self)
             || !chess_tree_node_is_main_line (self->line_end));
}

/* The position the next move is played in. */
const ChessBoard *
chess_game_board_to_play (ChessGame  *self,
                          ChessBoard *scratch)
{
  if (!chess_game_plays_in_tree (self))
    return &self->position;
  chess_game_get_board_at (self, self->view_ply, scratch);
  return scratch;
}

static void
set_game_over_error (GError **error)
{
  g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER,
                       _("The game is over"));
}

/* Starts afresh at `start`: no moves, clocks at the time control. */
void
chess_game_restart (ChessGame        *self,
                    const ChessBoard *start)
{
  ChessGameResult result;
  ChessGameReason reason;
  gint64 initial = chess_clock_get_initial_ms (self->clock);

  clear_redo (self);
  chess_tree_free (self->tree);
  self->tree = chess_tree_new (start);
  self->line_end = NULL;   /* freed with the tree */
  chess_game_set_line_end (self, self->tree->root);
  self->loaded = FALSE;
  g_clear_error (&self->load_problem);
  self->cut_short = FALSE;
  g_clear_pointer (&self->autosave_file, g_free);
  chess_game_set_clock_journal (self, NULL);
  self->result = CHESS_GAME_RESULT_ONGOING;
  self->reason = CHESS_GAME_REASON_NONE;
  self->draw_offered = FALSE;
  self->paused = FALSE;
  self->clock_started = FALSE;
  self->view_ply = 0;

  chess_clock_stop (self->clock);
  chess_clock_set_times (self->clock, initial, initial, (ChessColor) start->side);

  /* A set-up position may already be over (mate, stalemate, dead). */
  if (chess_game_position_result (self, &result, &reason))
    end_game (self, result, reason);
}

/* ---- GObject ---- */

static void
chess_game_dispose (GObject *object)
{
  ChessGame *self = CHESS_GAME (object);

  if (self->clock != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->clock, self);
      chess_clock_stop (self->clock);
    }
  g_clear_object (&self->clock);
  chess_game_set_clock_journal (self, NULL);

  G_OBJECT_CLASS (chess_game_parent_class)->dispose (object);
}

static void
chess_game_finalize (GObject *object)
{
  ChessGame *self = CHESS_GAME (object);

  g_array_unref (self->redo);
  chess_tree_free (self->tree);
  g_free (self->autosave_file);
  g_clear_error (&self->load_problem);
  g_ptr_array_unref (self->tag_names);
  g_ptr_array_unref (self->tag_values);

  G_OBJECT_CLASS (chess_game_parent_class)->finalize (object);
}

static void
chess_game_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  ChessGame *self = CHESS_GAME (object);
  State s;

  compute_state (self, &s);
  switch (prop_id)
    {
    case PROP_SIDE_TO_MOVE: g_value_set_enum (value, s.side); break;
    case PROP_RESULT: g_value_set_enum (value, s.result); break;
    case PROP_REASON: g_value_set_enum (value, s.reason); break;
    case PROP_CAN_UNDO: g_value_set_boolean (value, s.can_undo); break;
    case PROP_CAN_REDO: g_value_set_boolean (value, s.can_redo); break;
    case PROP_MATERIAL_BALANCE: g_value_set_int (value, s.material); break;
    case PROP_MOVE_COUNT: g_value_set_uint (value, s.move_count); break;
    case PROP_DRAW_CLAIMABLE: g_value_set_boolean (value, s.claimable); break;
    case PROP_IN_CHECK: g_value_set_boolean (value, s.in_check); break;
    case PROP_IS_OVER: g_value_set_boolean (value, s.is_over); break;
    case PROP_DRAW_OFFERED: g_value_set_boolean (value, s.draw_offered); break;
    case PROP_VIEW_PLY: g_value_set_uint (value, s.view_ply); break;
    case PROP_CLOCK: g_value_set_object (value, self->clock); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_game_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  ChessGame *self = CHESS_GAME (object);

  switch (prop_id)
    {
    case PROP_VIEW_PLY:
      chess_game_set_view_ply (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_game_class_init (ChessGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GType info_type = CHESS_TYPE_MOVE_INFO | G_SIGNAL_TYPE_STATIC_SCOPE;

  object_class->dispose = chess_game_dispose;
  object_class->finalize = chess_game_finalize;
  object_class->get_property = chess_game_get_property;
  object_class->set_property = chess_game_set_property;

  properties[PROP_SIDE_TO_MOVE] =
    g_param_spec_enum ("side-to-move", NULL, NULL, CHESS_TYPE_COLOR,
                       CHESS_COLOR_WHITE, ro);
  properties[PROP_RESULT] =
    g_param_spec_enum ("result", NULL, NULL, CHESS_TYPE_GAME_RESULT,
                       CHESS_GAME_RESULT_ONGOING, ro);
  properties[PROP_REASON] =
    g_param_spec_enum ("reason", NULL, NULL, CHESS_TYPE_GAME_REASON,
                       CHESS_GAME_REASON_NONE, ro);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_MATERIAL_BALANCE] =
    g_param_spec_int ("material-balance", NULL, NULL, G_MININT, G_MAXINT, 0, ro);
  properties[PROP_MOVE_COUNT] =
    g_param_spec_uint ("move-count", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_DRAW_CLAIMABLE] =
    g_param_spec_boolean ("draw-claimable", NULL, NULL, FALSE, ro);
  properties[PROP_IN_CHECK] =
    g_param_spec_boolean ("in-check", NULL, NULL, FALSE, ro);
  properties[PROP_IS_OVER] =
    g_param_spec_boolean ("is-over", NULL, NULL, FALSE, ro);
  properties[PROP_DRAW_OFFERED] =
    g_param_spec_boolean ("draw-offered", NULL, NULL, FALSE, ro);
  properties[PROP_VIEW_PLY] =
    g_param_spec_uint ("view-ply", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, CHESS_TYPE_CLOCK,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_MOVED] =
    g_signal_new ("moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, info_type);
  signals[SIGNAL_CHECK] =
    g_signal_new ("check", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CHESS_TYPE_COLOR);
  signals[SIGNAL_CHECKMATE] =
    g_signal_new ("checkmate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CHESS_TYPE_COLOR);
  signals[SIGNAL_DRAW] =
    g_signal_new ("draw", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CHESS_TYPE_GAME_REASON);
  signals[SIGNAL_GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                  CHESS_TYPE_GAME_RESULT, CHESS_TYPE_GAME_REASON);
  signals[SIGNAL_TAKEN_BACK] =
    g_signal_new ("taken-back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, info_type);
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
chess_game_init (ChessGame *self)
{
  ChessBoard start;

  self->clock = chess_clock_new ();
  g_signal_connect (self->clock, "flag-fall", G_CALLBACK (flag_fall_cb), self);
  /* The journal follows the clock: each tick, start, stop and pause. */
  g_signal_connect_swapped (self->clock, "tick", G_CALLBACK (chess_game_journal_clock), self);
  g_signal_connect_swapped (self->clock, "notify::running", G_CALLBACK (chess_game_journal_clock), self);
  g_signal_connect_swapped (self->clock, "notify::paused", G_CALLBACK (chess_game_journal_clock), self);
  self->redo = g_array_new (FALSE, TRUE, sizeof (RedoEntry));
  g_array_set_clear_func (self->redo, chess_game_redo_entry_clear);
  self->tag_names = g_ptr_array_new_with_free_func (g_free);
  self->tag_values = g_ptr_array_new_with_free_func (g_free);

  chess_board_set_start (&start);
  chess_game_restart (self, &start);
  compute_state (self, &self->state);
}

/* ---- The API ---- */

ChessGame *
chess_game_new (void)
{
  return g_object_new (CHESS_TYPE_GAME, NULL);
}

gboolean
chess_game_set_fen (ChessGame   *self,
                    const char  *fen,
                    GError     **error)
{
  ChessBoard board;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!chess_board_from_fen (&board, fen, error))
    return FALSE;
  chess_game_keep_only_player_tags (self);
  chess_game_restart (self, &board);
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_RESET);
  return TRUE;
}

char *
chess_game_get_fen (ChessGame *self)
{
  char buf[CHESS_FEN_MAX];

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return g_strdup (chess_board_to_fen (&self->position, buf));
}

gboolean
chess_game_play (ChessGame   *self,
                 const char  *move,
                 GError     **error)
{
  GError *local = NULL;
  ChessMove m;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ChessBoard scratch;
  const ChessBoard *board = chess_game_board_to_play (self, &scratch);

  if (board == &self->position && !check_not_over (self, error))
    return FALSE;
  if (!chess_move_parse_letters (board, move,
                                 chess_game_get_piece_letters (), &m, &local))
    {
      propagate_move_error (error, local);
      return FALSE;
    }
  return chess_game_play_move (self, m, error);
}

gboolean
chess_game_take_back (ChessGame *self)
{
  ChessMoveInfo info;
  RedoEntry entry;
  ChessBoard before;
  guint ply;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);

  if (chess_game_line_length (self) == 0)
    return FALSE;

  ply = chess_game_line_length (self) - 1;
  chess_game_get_board_at (self, ply, &before);
  chess_game_fill_move_info (&before, self->line_end->move, ply, &info);

  /* Ends that are not moves (resignation, agreement, claims, flags) have
   * already cleared the redo list, so it still follows from here. */
  entry.node = self->line_end;
  chess_game_set_line_end (self, entry.node->parent);
  entry.index = chess_tree_node_detach (entry.node);
  g_array_append_val (self->redo, entry);

  self->draw_offered = FALSE;
  if (!chess_game_position_result (self, &self->result, &self->reason))
    {
      self->result = CHESS_GAME_RESULT_ONGOING;
      self->reason = CHESS_GAME_REASON_NONE;
    }
  self->view_ply = chess_game_line_length (self);
  chess_game_restore_clock (self);

  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_TAKEN_BACK], 0, &info);
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_MOVES);
  g_object_unref (self);
  return TRUE;
}

gboolean
chess_game_redo (ChessGame *self)
{
  RedoEntry entry;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);

  if (self->redo->len == 0 || self->result != CHESS_GAME_RESULT_ONGOING)
    return FALSE;

  entry = g_array_index (self->redo, RedoEntry, self->redo->len - 1);
  g_return_val_if_fail (chess_board_is_legal_or_null (&self->position, entry.node->move), FALSE);
  /* The entry's node goes back into the tree: not freed with the entry. */
  g_array_index (self->redo, RedoEntry, self->redo->len - 1).node = NULL;
  g_array_set_size (self->redo, self->redo->len - 1);
  gboolean ok = do_move (self, entry.node->move, &entry);
  chess_tree_node_free (entry.node);   /* when the flag fell first */
  return ok;
}

gboolean
chess_game_claim_draw (ChessGame  *self,
                       GError    **error)
{
  ChessClaim claim;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_not_over (self, error))
    return FALSE;
  claim = chess_game_line_claimable (self);
  if (claim == CHESS_CLAIM_NONE)
    {
      g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_NO_CLAIM,
                           _("No draw can be claimed: the position has not "
                             "occurred three times and fifty moves have not "
                             "passed without a capture or pawn move"));
      return FALSE;
    }

  clear_redo (self);
  end_game (self, CHESS_GAME_RESULT_DRAW,
            claim == CHESS_CLAIM_THREEFOLD_REPETITION
            ? CHESS_GAME_REASON_THREEFOLD_REPETITION
            : CHESS_GAME_REASON_FIFTY_MOVES);
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_DRAW], 0, self->reason);
  emit_game_over (self);
  chess_game_sync_properties (self);
  g_object_unref (self);
  return TRUE;
}

void
chess_game_agree_draw (ChessGame *self)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  if (!check_not_over (self, NULL))
    return;
  clear_redo (self);
  end_game (self, CHESS_GAME_RESULT_DRAW, CHESS_GAME_REASON_AGREEMENT);
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_DRAW], 0, self->reason);
  emit_game_over (self);
  chess_game_sync_properties (self);
  g_object_unref (self);
}

void
chess_game_resign (ChessGame  *self,
                   ChessColor  loser)
{
  g_return_if_fail (CHESS_IS_GAME (self));
  g_return_if_fail (loser == CHESS_COLOR_WHITE || loser == CHESS_COLOR_BLACK);

  if (!check_not_over (self, NULL))
    return;
  clear_redo (self);
  end_game (self, loser == CHESS_COLOR_WHITE ? CHESS_GAME_RESULT_BLACK_WINS
                                             : CHESS_GAME_RESULT_WHITE_WINS,
            CHESS_GAME_REASON_RESIGNATION);
  g_object_ref (self);
  emit_game_over (self);
  chess_game_sync_properties (self);
  g_object_unref (self);
}

/* ---- Playing ---- */

void
chess_game_reset (ChessGame *self)
{
  ChessBoard start;

  g_return_if_fail (CHESS_IS_GAME (self));

  chess_board_set_start (&start);
  chess_game_keep_only_player_tags (self);
  chess_game_restart (self, &start);
  chess_game_emit_changed (self, CHESS_GAME_CHANGED_RESET);
}

gboolean
chess_game_play_as (ChessGame   *self,
                    ChessColor   player,
                    const char  *move,
                    GError     **error)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_not_over (self, error))
    return FALSE;
  if (player != (ChessColor) self->position.side)
    {
      g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_NOT_YOUR_TURN,
                           _("It's not your turn"));
      return FALSE;
    }
  return chess_game_play (self, move, error);
}

gboolean
chess_game_play_squares (ChessGame      *self,
                         ChessSquare     from,
                         ChessSquare     to,
                         ChessPieceType  promotion,
                         GError        **error)
{
  GError *local = NULL;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (from >= 0 && from < 64 && to >= 0 && to < 64, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ChessBoard scratch;
  const ChessBoard *board = chess_game_board_to_play (self, &scratch);

  if (board == &self->position && !check_not_over (self, error))
    return FALSE;
  if (!chess_move_check_squares (board, from, to, &local))
    {
      propagate_move_error (error, local);
      return FALSE;
    }
  if (chess_board_find_move (board, from, to, CHESS_QUEEN) == CHESS_MOVE_NONE)
    promotion = CHESS_NO_PIECE_TYPE;
  else if (promotion == CHESS_NO_PIECE_TYPE)
    {
      g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_PROMOTION,
                           _("Choose the piece the pawn becomes"));
      return FALSE;
    }
  else if (promotion < CHESS_KNIGHT || promotion > CHESS_QUEEN)
    {
      g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_PROMOTION,
                           _("A pawn can only become a queen, rook, bishop or knight"));
      return FALSE;
    }

  return chess_game_play_move (self, chess_board_find_move (board, from, to, promotion), error);
}

gboolean
chess_game_play_move (ChessGame  *self,
                      ChessMove   move,
                      GError    **error)
{
  ChessBoard scratch;
  const ChessBoard *board;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  board = chess_game_board_to_play (self, &scratch);
  if (board == &self->position && !check_not_over (self, error))
    return FALSE;
  if (!chess_board_is_legal (board, move))
    {
      char a[3], b[3];

      g_set_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_CANNOT_MOVE,
                   /* Translators: a move from the first square to the second */
                   _("%s to %s is not a legal move"),
                   chess_square_name (chess_move_from (move), a),
                   chess_square_name (chess_move_to (move), b));
      return FALSE;
    }
  /* In a finished or loaded game, a move in an earlier position or on a
   * variation goes into the tree. */
  if (board != &self->position)
    return chess_game_play_in_tree (self, move);

  /* In a game opened from a file, the moves taken back stay in it: the
   * new move starts a variation beside them. */
  if (self->loaded && self->redo->len > 0)
    {
      put_back_taken_back (self);
      return chess_game_play_in_tree (self, move);
    }
  clear_redo (self);
  if (!do_move (self, move, NULL))
    {
      set_game_over_error (error);
      return FALSE;
    }
  return TRUE;
}
