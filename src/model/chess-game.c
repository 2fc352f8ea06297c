/* chess-game.c — a game of chess as a GObject. */

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
  SIGNAL_RESET,
  SIGNAL_LINE_CHANGED,
  SIGNAL_TREE_CHANGED,
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

static ChessColor
mover_of_ply (ChessGame *self,
              guint      ply)
{
  return (ChessColor) ((self->line.start.side + ply) & 1);
}

static void
compute_state (ChessGame *self,
               State     *s)
{
  const ChessBoard *b = &self->line.current;

  s->side = (ChessColor) b->side;
  s->result = self->result;
  s->reason = self->reason;
  s->can_undo = self->line.n_moves > 0;
  s->can_redo = self->redo->len > 0 && self->result == CHESS_GAME_RESULT_ONGOING;
  s->material = chess_board_material (b, CHESS_COLOR_WHITE)
                - chess_board_material (b, CHESS_COLOR_BLACK);
  s->move_count = (guint) self->line.n_moves;
  s->claimable = self->result == CHESS_GAME_RESULT_ONGOING
                 && chess_line_claimable (&self->line) != CHESS_CLAIM_NONE;
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

  compute_state (self, &s);
  self->state = s;

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
  CHANGED (view_ply, PROP_VIEW_PLY);
#undef CHANGED
  g_object_thaw_notify (object);
}

static ClockTimes
read_clock (ChessGame *self)
{
  ClockTimes t;

  t.ms[CHESS_COLOR_WHITE] = chess_clock_get_time_ms (self->clock, CHESS_COLOR_WHITE);
  t.ms[CHESS_COLOR_BLACK] = chess_clock_get_time_ms (self->clock, CHESS_COLOR_BLACK);
  return t;
}

/* Puts the clock at `t` for the side to move, running if the game is on
 * and its clock had been started. */
static void
restore_clock (ChessGame        *self,
               const ClockTimes *t)
{
  ChessColor side = (ChessColor) self->line.current.side;

  chess_clock_set_times (self->clock, t->ms[CHESS_COLOR_WHITE],
                         t->ms[CHESS_COLOR_BLACK], side);
  if (self->clock_started && self->result == CHESS_GAME_RESULT_ONGOING)
    chess_clock_start (self->clock, side);
  else
    chess_clock_stop (self->clock);
}

/* Describes `move`, legal in `before`, played as move number `ply`. */
static void
fill_move_info (const ChessBoard *before,
                ChessMove         move,
                guint             ply,
                ChessMoveInfo    *info)
{
  ChessSquare from = chess_move_from (move);
  ChessSquare to = chess_move_to (move);
  int flags = chess_move_flags (move);
  int rank = chess_square_rank (from);

  memset (info, 0, sizeof *info);
  info->move = move;
  info->ply = ply;
  info->color = (ChessColor) before->side;
  info->from = from;
  info->to = to;
  info->piece = chess_board_piece_at (before, from);
  info->captured = CHESS_NO_PIECE;
  info->captured_square = CHESS_NO_SQUARE;
  info->promotion = chess_move_promotion (move);
  info->rook_from = CHESS_NO_SQUARE;
  info->rook_to = CHESS_NO_SQUARE;

  if (flags == CHESS_MOVE_EN_PASSANT)
    {
      info->captured_square = chess_square_make (chess_square_file (to), rank);
      info->captured = chess_piece_make (chess_color_other (info->color), CHESS_PAWN);
    }
  else if (chess_move_is_capture (move))
    {
      info->captured_square = to;
      info->captured = chess_board_piece_at (before, to);
    }
  else if (flags == CHESS_MOVE_KING_CASTLE)
    {
      info->rook_from = chess_square_make (7, rank);
      info->rook_to = chess_square_make (5, rank);
    }
  else if (flags == CHESS_MOVE_QUEEN_CASTLE)
    {
      info->rook_from = chess_square_make (0, rank);
      info->rook_to = chess_square_make (3, rank);
    }

  chess_move_format (before, move, CHESS_NOTATION_SAN, info->san);
}

/* The result the position itself imposes, if any. */
static gboolean
position_result (ChessGame       *self,
                 ChessGameResult *result,
                 ChessGameReason *reason)
{
  switch (chess_line_status (&self->line))
    {
    case CHESS_STATUS_CHECKMATE:
      *result = self->line.current.side == CHESS_COLOR_WHITE
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
  const ClockTimes *after = redo != NULL ? &redo->after : NULL;
  ChessMoveInfo info;
  ChessBoard before = self->line.current;
  ChessColor mover = (ChessColor) before.side;
  ClockTimes times;
  ChessGameResult result;
  ChessGameReason reason;
  guint ply = (guint) self->line.n_moves;

  if (after != NULL)
    {
      times = *after;
    }
  else
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
      times = read_clock (self);
    }

  fill_move_info (&before, move, ply, &info);
  chess_line_push (&self->line, move);

  /* Into the tree: the node taken back, or the move there already, or a
   * new one; a game played on its main line keeps it there. */
  gboolean main_line = chess_tree_node_is_main_line (self->line_end);
  ChessTreeNode *node;
  if (redo != NULL && redo->node != NULL)
    {
      node = g_steal_pointer (&redo->node);
      chess_tree_node_attach (self->line_end, node, redo->index);
    }
  else
    node = chess_tree_node_add_move (self->line_end, move, NULL);
  if (main_line)
    chess_tree_node_make_first (node);
  self->line_end = node;
  if (chess_clock_is_timed (self->clock))
    node->clock_ms = times.ms[mover];
  g_array_set_size (self->times, ply + 1);
  g_array_append_val (self->times, times);
  self->draw_offered = FALSE;
  self->view_ply = (guint) self->line.n_moves;
  self->clock_started = TRUE;

  if (position_result (self, &result, &reason))
    end_game (self, result, reason);
  restore_clock (self, &times);

  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_MOVED], 0, &info);
  if (reason == CHESS_GAME_REASON_CHECKMATE)
    g_signal_emit (self, signals[SIGNAL_CHECKMATE], 0, (ChessColor) self->line.current.side);
  else if (result == CHESS_GAME_RESULT_DRAW)
    g_signal_emit (self, signals[SIGNAL_DRAW], 0, reason);
  else if (chess_board_in_check (&self->line.current))
    g_signal_emit (self, signals[SIGNAL_CHECK], 0, (ChessColor) self->line.current.side);
  if (result != CHESS_GAME_RESULT_ONGOING)
    emit_game_over (self);
  chess_game_sync_properties (self);
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
  if (chess_board_can_mate (&self->line.current, chess_color_other (color)))
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
static gboolean
plays_in_tree (ChessGame *self)
{
  return (self->loaded || self->result != CHESS_GAME_RESULT_ONGOING)
         && (self->view_ply < self->line.n_moves
             || !chess_tree_node_is_main_line (self->line_end));
}

/* The position the next move is played in. */
static const ChessBoard *
board_to_play (ChessGame  *self,
               ChessBoard *scratch)
{
  if (!plays_in_tree (self))
    return &self->line.current;
  chess_line_board_at (&self->line, self->view_ply, scratch);
  return scratch;
}

static void
set_game_over_error (GError **error)
{
  g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER,
                       _("The game is over"));
}

/* Starts afresh at `start`: no moves, clocks at the time control. */
static void
restart (ChessGame        *self,
         const ChessBoard *start)
{
  ChessGameResult result;
  ChessGameReason reason;
  ClockTimes t;
  gint64 initial = chess_clock_get_initial_ms (self->clock);

  chess_line_clear (&self->line);
  chess_line_init (&self->line, start);
  clear_redo (self);
  chess_tree_free (self->tree);
  self->tree = chess_tree_new (start);
  self->line_end = self->tree->root;
  self->loaded = FALSE;
  g_clear_pointer (&self->autosave_file, g_free);
  self->result = CHESS_GAME_RESULT_ONGOING;
  self->reason = CHESS_GAME_REASON_NONE;
  self->draw_offered = FALSE;
  self->clock_started = FALSE;
  self->view_ply = 0;

  t.ms[0] = t.ms[1] = initial;
  g_array_set_size (self->times, 0);
  g_array_append_val (self->times, t);
  chess_clock_stop (self->clock);
  chess_clock_set_times (self->clock, initial, initial, (ChessColor) start->side);

  /* A set-up position may already be over (mate, stalemate, dead). */
  if (position_result (self, &result, &reason))
    end_game (self, result, reason);
}

/* A new game keeps the players' names and drops the other tags. */
static void
keep_only_player_tags (ChessGame *self)
{
  for (guint i = self->tag_names->len; i-- > 0;)
    {
      const char *name = g_ptr_array_index (self->tag_names, i);

      if (strcmp (name, "White") != 0 && strcmp (name, "Black") != 0)
        {
          g_ptr_array_remove_index (self->tag_names, i);
          g_ptr_array_remove_index (self->tag_values, i);
        }
    }
}

static void
emit_reset (ChessGame *self)
{
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_RESET], 0);
  chess_game_sync_properties (self);
  g_object_unref (self);
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

  G_OBJECT_CLASS (chess_game_parent_class)->dispose (object);
}

static void
chess_game_finalize (GObject *object)
{
  ChessGame *self = CHESS_GAME (object);

  chess_line_clear (&self->line);
  g_array_unref (self->times);
  g_array_unref (self->redo);
  chess_tree_free (self->tree);
  g_free (self->autosave_file);
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
  signals[SIGNAL_RESET] =
    g_signal_new ("reset", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_LINE_CHANGED] =
    g_signal_new ("line-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_TREE_CHANGED] =
    g_signal_new ("tree-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

void
chess_game_emit_line_changed (ChessGame *self)
{
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_LINE_CHANGED], 0);
  /* The position shown is another even when its number is not (one
   * notification either way). */
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW_PLY]);
  chess_game_sync_properties (self);
  g_object_thaw_notify (G_OBJECT (self));
  g_object_unref (self);
}

void
chess_game_emit_tree_changed (ChessGame *self)
{
  g_signal_emit (self, signals[SIGNAL_TREE_CHANGED], 0);
}

static void
chess_game_init (ChessGame *self)
{
  ChessBoard start;

  self->clock = chess_clock_new ();
  g_signal_connect (self->clock, "flag-fall", G_CALLBACK (flag_fall_cb), self);
  self->times = g_array_new (FALSE, TRUE, sizeof (ClockTimes));
  self->redo = g_array_new (FALSE, TRUE, sizeof (RedoEntry));
  g_array_set_clear_func (self->redo, chess_game_redo_entry_clear);
  self->tag_names = g_ptr_array_new_with_free_func (g_free);
  self->tag_values = g_ptr_array_new_with_free_func (g_free);

  chess_board_set_start (&start);
  chess_line_init (&self->line, &start);
  restart (self, &start);
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
  keep_only_player_tags (self);
  restart (self, &board);
  emit_reset (self);
  return TRUE;
}

char *
chess_game_get_fen (ChessGame *self)
{
  char buf[CHESS_FEN_MAX];

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return g_strdup (chess_board_to_fen (&self->line.current, buf));
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
  const ChessBoard *board = board_to_play (self, &scratch);

  if (board == &self->line.current && !check_not_over (self, error))
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

  if (self->line.n_moves == 0)
    return FALSE;

  ply = (guint) self->line.n_moves - 1;
  chess_line_board_at (&self->line, ply, &before);
  fill_move_info (&before, self->line.moves[ply], ply, &info);

  /* Ends that are not moves (resignation, agreement, claims, flags) have
   * already cleared the redo list, so it still follows from here. */
  entry.move = chess_line_pop (&self->line);
  entry.after = g_array_index (self->times, ClockTimes, ply + 1);
  entry.node = self->line_end;
  self->line_end = entry.node->parent;
  entry.index = chess_tree_node_detach (entry.node);
  g_array_append_val (self->redo, entry);
  g_array_set_size (self->times, ply + 1);

  self->draw_offered = FALSE;
  if (!position_result (self, &self->result, &self->reason))
    {
      self->result = CHESS_GAME_RESULT_ONGOING;
      self->reason = CHESS_GAME_REASON_NONE;
    }
  self->view_ply = (guint) self->line.n_moves;
  restore_clock (self, &g_array_index (self->times, ClockTimes, ply));

  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_TAKEN_BACK], 0, &info);
  chess_game_sync_properties (self);
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
  g_return_val_if_fail (chess_board_is_legal (&self->line.current, entry.move), FALSE);
  /* The entry's node goes back into the tree: not freed with the entry. */
  g_array_index (self->redo, RedoEntry, self->redo->len - 1).node = NULL;
  g_array_set_size (self->redo, self->redo->len - 1);
  gboolean ok = do_move (self, entry.move, &entry);
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
  claim = chess_line_claimable (&self->line);
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
  keep_only_player_tags (self);
  restart (self, &start);
  emit_reset (self);
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
  if (player != (ChessColor) self->line.current.side)
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
  ChessMove m;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (from >= 0 && from < 64 && to >= 0 && to < 64, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ChessBoard scratch;
  const ChessBoard *board = board_to_play (self, &scratch);

  if (board == &self->line.current && !check_not_over (self, error))
    return FALSE;
  if (!chess_move_check_squares (board, from, to, &local))
    {
      propagate_move_error (error, local);
      return FALSE;
    }
  if (!chess_game_needs_promotion (self, from, to))
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

  m = chess_board_find_move (board, from, to, promotion);
  if (m == CHESS_MOVE_NONE)
    {
      char a[3], b[3];

      g_set_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_CANNOT_MOVE,
                   /* Translators: a move from the first square to the second */
                   _("%s to %s is not a legal move"),
                   chess_square_name (from, a), chess_square_name (to, b));
      return FALSE;
    }
  return chess_game_play_move (self, m, error);
}

gboolean
chess_game_play_move (ChessGame  *self,
                      ChessMove   move,
                      GError    **error)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* In a finished or loaded game, a move in an earlier position or on a
   * variation goes into the tree. */
  if (plays_in_tree (self))
    {
      ChessBoard board;
      char a[3], b[3];

      chess_line_board_at (&self->line, self->view_ply, &board);
      if (chess_board_is_legal (&board, move))
        return chess_game_play_in_tree (self, move);
      g_set_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_CANNOT_MOVE,
                   _("%s to %s is not a legal move"),
                   chess_square_name (chess_move_from (move), a),
                   chess_square_name (chess_move_to (move), b));
      return FALSE;
    }
  if (!check_not_over (self, error))
    return FALSE;
  if (!chess_board_is_legal (&self->line.current, move))
    {
      char a[3], b[3];

      g_set_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_CANNOT_MOVE,
                   _("%s to %s is not a legal move"),
                   chess_square_name (chess_move_from (move), a),
                   chess_square_name (chess_move_to (move), b));
      return FALSE;
    }

  clear_redo (self);
  if (!do_move (self, move, NULL))
    {
      set_game_over_error (error);
      return FALSE;
    }
  return TRUE;
}

ChessBitboard
chess_game_get_legal_targets (ChessGame   *self,
                              ChessSquare  from)
{
  ChessMoveList list;
  ChessBitboard targets = 0;

  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  g_return_val_if_fail (from >= 0 && from < 64, 0);

  ChessBoard scratch;
  const ChessBoard *board = board_to_play (self, &scratch);

  if (board == &self->line.current && self->result != CHESS_GAME_RESULT_ONGOING)
    return 0;
  chess_board_generate_legal (board, &list);
  for (int i = 0; i < list.count; i++)
    if (chess_move_from (list.moves[i]) == from)
      targets |= (ChessBitboard) 1 << chess_move_to (list.moves[i]);
  return targets;
}

gboolean
chess_game_needs_promotion (ChessGame   *self,
                            ChessSquare  from,
                            ChessSquare  to)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (from >= 0 && from < 64 && to >= 0 && to < 64, FALSE);

  ChessBoard scratch;
  const ChessBoard *board = board_to_play (self, &scratch);

  if (board == &self->line.current && self->result != CHESS_GAME_RESULT_ONGOING)
    return FALSE;
  return chess_board_find_move (board, from, to, CHESS_QUEEN) != CHESS_MOVE_NONE;
}

/* ---- Positions ---- */

const ChessBoard *
chess_game_get_board (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return &self->line.current;
}

gboolean
chess_game_get_board_at (ChessGame  *self,
                         guint       ply,
                         ChessBoard *out)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (ply > self->line.n_moves)
    return FALSE;
  if (ply == self->line.n_moves)
    *out = self->line.current;
  else
    chess_line_board_at (&self->line, ply, out);
  return TRUE;
}

const ChessBoard *
chess_game_get_start_board (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return &self->line.start;
}

const ChessLine *
chess_game_get_line (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return &self->line;
}

guint
chess_game_get_view_ply (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  return self->view_ply;
}

void
chess_game_set_view_ply (ChessGame *self,
                         guint      ply)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  self->view_ply = MIN (ply, (guint) self->line.n_moves);
  chess_game_sync_properties (self);
}

gboolean
chess_game_can_play_at_view (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);

  if (plays_in_tree (self))
    return TRUE;
  return self->view_ply == self->line.n_moves && self->result == CHESS_GAME_RESULT_ONGOING;
}

gboolean
chess_game_is_viewing_live (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), TRUE);
  return self->view_ply == self->line.n_moves;
}

/* ---- The move list ---- */

guint
chess_game_get_move_count (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  return (guint) self->line.n_moves;
}

ChessMove
chess_game_get_move (ChessGame *self,
                     guint      ply)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), CHESS_MOVE_NONE);

  if (ply >= self->line.n_moves)
    return CHESS_MOVE_NONE;
  return self->line.moves[ply];
}

gboolean
chess_game_get_move_info (ChessGame     *self,
                          guint          ply,
                          ChessMoveInfo *info)
{
  ChessBoard before;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  if (ply >= self->line.n_moves)
    return FALSE;
  chess_line_board_at (&self->line, ply, &before);
  fill_move_info (&before, self->line.moves[ply], ply, info);
  return TRUE;
}

char *
chess_game_format_move (ChessGame     *self,
                        guint          ply,
                        ChessNotation  notation,
                        gboolean       localized,
                        char          *buf)
{
  ChessBoard before;
  ChessMove move;

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  g_return_val_if_fail (buf != NULL, NULL);

  if (ply >= self->line.n_moves)
    return NULL;
  move = self->line.moves[ply];
  chess_line_board_at (&self->line, ply, &before);
  if (localized && notation == CHESS_NOTATION_SAN)
    return chess_move_format_san_letters (&before, move,
                                          chess_game_get_piece_letters (), buf);
  return chess_move_format (&before, move, notation, buf);
}

const char *
chess_game_get_piece_letters (void)
{
  /* Translators: the letters for knight, bishop, rook, queen and king in
   * move notation, in that order: exactly five capital ASCII letters, all
   * different (German: "SLTDK"). Keep "NBRQK" if unsure. */
  const char *letters = C_("piece letters N B R Q K", "NBRQK");

  if (strlen (letters) != 5)
    return "NBRQK";
  for (int i = 0; i < 5; i++)
    {
      /* Distinct capitals (files are lower case), or readers get lost. */
      if (!g_ascii_isupper (letters[i]) || strchr (letters + i + 1, letters[i]) != NULL)
        return "NBRQK";
    }
  return letters;
}

gboolean
chess_game_get_last_move (ChessGame   *self,
                          ChessSquare *from,
                          ChessSquare *to)
{
  ChessMove m;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);

  if (self->line.n_moves == 0)
    return FALSE;
  m = self->line.moves[self->line.n_moves - 1];
  if (from != NULL)
    *from = chess_move_from (m);
  if (to != NULL)
    *to = chess_move_to (m);
  return TRUE;
}

guint
chess_game_get_captured (ChessGame  *self,
                         ChessColor  color,
                         ChessPiece *out)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  return chess_game_get_captured_at (self, G_MAXUINT, color, out);
}

guint
chess_game_get_captured_at (ChessGame  *self,
                            guint       ply,
                            ChessColor  color,
                            ChessPiece *out)
{
  guint counts[CHESS_N_PIECE_TYPES] = { 0, };
  guint n = 0;

  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  g_return_val_if_fail (out != NULL, 0);

  for (size_t i = 0; i < MIN (ply, self->line.n_moves); i++)
    {
      ChessMove m = self->line.moves[i];
      ChessPiece p;

      if (!chess_move_is_capture (m) || mover_of_ply (self, (guint) i) == color)
        continue;
      if (chess_move_flags (m) == CHESS_MOVE_EN_PASSANT)
        p = chess_piece_make (color, CHESS_PAWN);
      else
        p = (ChessPiece) self->line.undos[i].captured;
      if (p == CHESS_NO_PIECE || chess_piece_color (p) != color)
        continue;
      counts[chess_piece_type (p)]++;
    }

  for (int t = CHESS_PAWN; t < CHESS_KING && n < 16; t++)
    for (guint k = 0; k < counts[t] && n < 16; k++)
      out[n++] = chess_piece_make (color, (ChessPieceType) t);
  return n;
}

int
chess_game_get_material_balance (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  return chess_board_material (&self->line.current, CHESS_COLOR_WHITE)
         - chess_board_material (&self->line.current, CHESS_COLOR_BLACK);
}

int
chess_game_get_material_balance_at (ChessGame *self,
                                    guint      ply)
{
  ChessBoard board;

  g_return_val_if_fail (CHESS_IS_GAME (self), 0);

  if (!chess_game_get_board_at (self, MIN (ply, self->line.n_moves), &board))
    return 0;
  return chess_board_material (&board, CHESS_COLOR_WHITE)
         - chess_board_material (&board, CHESS_COLOR_BLACK);
}

/* ---- Status ---- */

ChessColor
chess_game_get_side_to_move (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), CHESS_COLOR_WHITE);
  return (ChessColor) self->line.current.side;
}

gboolean
chess_game_is_in_check (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  return chess_board_in_check (&self->line.current);
}

gboolean
chess_game_is_over (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  return self->result != CHESS_GAME_RESULT_ONGOING;
}

ChessGameResult
chess_game_get_result (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), CHESS_GAME_RESULT_ONGOING);
  return self->result;
}

ChessGameReason
chess_game_get_reason (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), CHESS_GAME_REASON_NONE);
  return self->reason;
}

const char *
chess_game_result_to_string (ChessGameResult result)
{
  switch (result)
    {
    case CHESS_GAME_RESULT_WHITE_WINS: return "1-0";
    case CHESS_GAME_RESULT_BLACK_WINS: return "0-1";
    case CHESS_GAME_RESULT_DRAW: return "1/2-1/2";
    case CHESS_GAME_RESULT_ONGOING:
    default: return "*";
    }
}

/* The result with the players' names, or NULL where the names change
 * nothing. */
static char *
describe_result_named (ChessGame *self)
{
  const char *white = chess_game_get_player_name (self, CHESS_COLOR_WHITE);
  const char *black = chess_game_get_player_name (self, CHESS_COLOR_BLACK);
  gboolean white_wins = self->result == CHESS_GAME_RESULT_WHITE_WINS;
  const char *winner = white_wins ? white : black;
  const char *loser = white_wins ? black : white;

  switch (self->reason)
    {
    case CHESS_GAME_REASON_CHECKMATE:
      /* Translators: %s is the winner's name. */
      return g_strdup_printf (_("%s wins by checkmate"), winner);
    case CHESS_GAME_REASON_RESIGNATION:
      /* Translators: the first %s resigned, the second wins (names). */
      return g_strdup_printf (_("%s resigned — %s wins"), loser, winner);
    case CHESS_GAME_REASON_TIME_FORFEIT:
      /* Translators: %s is the winner's name. */
      return g_strdup_printf (_("%s wins on time"), winner);
    case CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL:
      /* Translators: the first %s ran out of time, the second cannot
       * checkmate (names). */
      return g_strdup_printf (_("Draw: %s ran out of time, but %s cannot checkmate"),
                              self->flag_color == CHESS_COLOR_WHITE ? white : black,
                              self->flag_color == CHESS_COLOR_WHITE ? black : white);
    case CHESS_GAME_REASON_UNKNOWN:
      if (self->result == CHESS_GAME_RESULT_WHITE_WINS || self->result == CHESS_GAME_RESULT_BLACK_WINS)
        /* Translators: %s is the winner's name. */
        return g_strdup_printf (_("%s wins"), winner);
      return NULL;
    default:
      return NULL;
    }
}

char *
chess_game_describe_result (ChessGame *self)
{
  gboolean white_wins;

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);

  white_wins = self->result == CHESS_GAME_RESULT_WHITE_WINS;
  /* With both players named, the names; the colours' sentences otherwise
   * (they are not words a name can replace in every language). */
  if (chess_game_get_player_name (self, CHESS_COLOR_WHITE) != NULL
      && chess_game_get_player_name (self, CHESS_COLOR_BLACK) != NULL)
    {
      g_autofree char *named = describe_result_named (self);

      if (named != NULL)
        return g_steal_pointer (&named);
    }
  switch (self->reason)
    {
    case CHESS_GAME_REASON_NONE:
      return g_strdup ("");
    case CHESS_GAME_REASON_CHECKMATE:
      return g_strdup (white_wins ? _("White wins by checkmate")
                                  : _("Black wins by checkmate"));
    case CHESS_GAME_REASON_STALEMATE:
      return g_strdup (_("Draw by stalemate"));
    case CHESS_GAME_REASON_INSUFFICIENT_MATERIAL:
      return g_strdup (_("Draw by insufficient material"));
    case CHESS_GAME_REASON_THREEFOLD_REPETITION:
      return g_strdup (_("Draw by threefold repetition"));
    case CHESS_GAME_REASON_FIVEFOLD_REPETITION:
      return g_strdup (_("Draw by fivefold repetition"));
    case CHESS_GAME_REASON_FIFTY_MOVES:
      return g_strdup (_("Draw by the fifty-move rule"));
    case CHESS_GAME_REASON_SEVENTY_FIVE_MOVES:
      return g_strdup (_("Draw by the seventy-five-move rule"));
    case CHESS_GAME_REASON_AGREEMENT:
      return g_strdup (_("Draw agreed"));
    case CHESS_GAME_REASON_RESIGNATION:
      return g_strdup (white_wins ? _("Black resigned — White wins")
                                  : _("White resigned — Black wins"));
    case CHESS_GAME_REASON_TIME_FORFEIT:
      return g_strdup (white_wins ? _("White wins on time")
                                  : _("Black wins on time"));
    case CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL:
      return g_strdup (self->flag_color == CHESS_COLOR_WHITE
                       ? _("Draw: White ran out of time, but Black cannot checkmate")
                       : _("Draw: Black ran out of time, but White cannot checkmate"));
    case CHESS_GAME_REASON_UNKNOWN:
    default:
      break;
    }
  switch (self->result)
    {
    case CHESS_GAME_RESULT_WHITE_WINS: return g_strdup (_("White wins"));
    case CHESS_GAME_RESULT_BLACK_WINS: return g_strdup (_("Black wins"));
    case CHESS_GAME_RESULT_DRAW: return g_strdup (_("Draw"));
    case CHESS_GAME_RESULT_ONGOING:
    default: return g_strdup ("");
    }
}

gboolean
chess_game_can_undo (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  return self->line.n_moves > 0;
}

gboolean
chess_game_can_redo (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  return self->redo->len > 0 && self->result == CHESS_GAME_RESULT_ONGOING;
}

gboolean
chess_game_get_draw_claimable (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  return chess_game_get_claim (self) != CHESS_CLAIM_NONE;
}

ChessClaim
chess_game_get_claim (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), CHESS_CLAIM_NONE);

  if (self->result != CHESS_GAME_RESULT_ONGOING)
    return CHESS_CLAIM_NONE;
  return chess_line_claimable (&self->line);
}

/* ---- Draw offers ---- */

void
chess_game_offer_draw (ChessGame  *self,
                       ChessColor  by)
{
  g_return_if_fail (CHESS_IS_GAME (self));
  g_return_if_fail (by == CHESS_COLOR_WHITE || by == CHESS_COLOR_BLACK);

  if (self->result != CHESS_GAME_RESULT_ONGOING)
    return;
  self->draw_offered = TRUE;
  self->draw_offer_by = by;
  chess_game_sync_properties (self);
}

void
chess_game_decline_draw (ChessGame *self)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  self->draw_offered = FALSE;
  chess_game_sync_properties (self);
}

gboolean
chess_game_get_draw_offered (ChessGame  *self,
                             ChessColor *by)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);

  if (self->draw_offered && by != NULL)
    *by = self->draw_offer_by;
  return self->draw_offered;
}

/* ---- Players and tags ---- */

static int
find_tag (ChessGame  *self,
          const char *name)
{
  for (guint i = 0; i < self->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (self->tag_names, i), name) == 0)
      return (int) i;
  return -1;
}

void
chess_game_set_tag (ChessGame  *self,
                    const char *name,
                    const char *value)
{
  int i;

  g_return_if_fail (CHESS_IS_GAME (self));
  g_return_if_fail (name != NULL && *name != '\0');

  i = find_tag (self, name);
  if (value == NULL)
    {
      if (i >= 0)
        {
          g_ptr_array_remove_index (self->tag_names, (guint) i);
          g_ptr_array_remove_index (self->tag_values, (guint) i);
        }
      return;
    }
  if (i >= 0)
    {
      g_free (self->tag_values->pdata[i]);
      self->tag_values->pdata[i] = g_strdup (value);
      return;
    }
  g_ptr_array_add (self->tag_names, g_strdup (name));
  g_ptr_array_add (self->tag_values, g_strdup (value));
}

const char *
chess_game_get_tag (ChessGame  *self,
                    const char *name)
{
  int i;

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  i = find_tag (self, name);
  return i >= 0 ? g_ptr_array_index (self->tag_values, i) : NULL;
}

void
chess_game_set_player_name (ChessGame  *self,
                            ChessColor  color,
                            const char *name)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  chess_game_set_tag (self, color == CHESS_COLOR_WHITE ? "White" : "Black",
                      name != NULL && *name != '\0' ? name : NULL);
}

const char *
chess_game_get_player_name (ChessGame  *self,
                            ChessColor  color)
{
  const char *name;

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);

  name = chess_game_get_tag (self, color == CHESS_COLOR_WHITE ? "White" : "Black");
  /* "?" is PGN for "unknown". */
  if (name == NULL || *name == '\0' || strcmp (name, "?") == 0)
    return NULL;
  return name;
}

const char *
chess_game_get_player_display_name (ChessGame  *self,
                                    ChessColor  color)
{
  const char *name = chess_game_get_player_name (self, color);

  if (name != NULL)
    return name;
  return color == CHESS_COLOR_WHITE ? _("White") : _("Black");
}

/* ---- Clock ---- */

ChessClock *
chess_game_get_clock (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return self->clock;
}

void
chess_game_set_time_control (ChessGame      *self,
                             ChessClockMode  mode,
                             gint64          initial_ms,
                             gint64          increment_ms)
{
  ClockTimes t;

  g_return_if_fail (CHESS_IS_GAME (self));

  chess_clock_set_time_control (self->clock, mode, initial_ms, increment_ms);
  initial_ms = chess_clock_get_initial_ms (self->clock);
  t.ms[0] = t.ms[1] = initial_ms;
  for (guint i = 0; i < self->times->len; i++)
    g_array_index (self->times, ClockTimes, i) = t;
  for (guint i = 0; i < self->redo->len; i++)
    g_array_index (self->redo, RedoEntry, i).after = t;
  self->clock_started = FALSE;
  chess_clock_set_times (self->clock, initial_ms, initial_ms,
                         (ChessColor) self->line.current.side);
}

void
chess_game_start_clock (ChessGame *self)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  if (self->result != CHESS_GAME_RESULT_ONGOING)
    return;
  self->clock_started = TRUE;
  chess_clock_start (self->clock, (ChessColor) self->line.current.side);
}

gint64
chess_game_get_clock_ms_at (ChessGame *self,
                            guint      ply)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), -1);

  if (!chess_clock_is_timed (self->clock) || ply >= self->line.n_moves)
    return -1;
  return g_array_index (self->times, ClockTimes, ply + 1).ms[mover_of_ply (self, ply)];
}

/* ---- PGN ---- */

static gboolean
is_standard_start (const ChessBoard *board)
{
  ChessBoard start;
  char a[CHESS_FEN_MAX], b[CHESS_FEN_MAX];

  chess_board_set_start (&start);
  return strcmp (chess_board_to_fen (board, a), chess_board_to_fen (&start, b)) == 0;
}

/* Tags the game writes itself, from its own state. */
static gboolean
is_derived_tag (const char *name)
{
  static const char * const derived[] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result",
    "SetUp", "FEN", "Termination", "TimeControl", "PlyCount",
    "WhiteTimeLeft", "BlackTimeLeft", "WhiteTimeUsed", "BlackTimeUsed", "AutosavedBy",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (derived); i++)
    if (strcmp (name, derived[i]) == 0)
      return TRUE;
  return FALSE;
}

ChessPgnGame *
chess_game_to_pgn (ChessGame *self)
{
  ChessPgnGame *pgn;
  const char *result;
  const char *value;
  char fen[CHESS_FEN_MAX];

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);

  pgn = chess_pgn_game_new (&self->line.start);
  chess_pgn_game_set_tree (pgn, chess_tree_copy (self->tree));
  /* After a take-back on the main line, the alternatives to the move taken
   * back have no move to stand beside: the file's main line ends where the
   * game stands (they stay in the game for redo or the next move). */
  if (chess_tree_node_is_main_line (self->line_end) && self->line_end->n_children > 0)
    {
      ChessTreeNode *end = pgn->tree->root;
      for (guint i = 0; i < self->line_end->ply; i++)
        end = end->children[0];
      while (end->n_children > 0)
        chess_tree_node_remove (end->children[0]);
      chess_pgn_game_update_line (pgn);
    }

  result = chess_game_result_to_string (self->result);
  value = chess_game_get_tag (self, "Event");
  chess_pgn_game_set_tag (pgn, "Event", value != NULL ? value : "?");
  value = chess_game_get_tag (self, "Site");
  chess_pgn_game_set_tag (pgn, "Site", value != NULL ? value : "?");
  value = chess_game_get_tag (self, "Date");
  if (value != NULL)
    {
      chess_pgn_game_set_tag (pgn, "Date", value);
    }
  else
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

      chess_pgn_game_set_tag (pgn, "Date", date);
    }
  value = chess_game_get_tag (self, "Round");
  chess_pgn_game_set_tag (pgn, "Round", value != NULL ? value : "?");
  value = chess_game_get_player_name (self, CHESS_COLOR_WHITE);
  chess_pgn_game_set_tag (pgn, "White", value != NULL ? value : "?");
  value = chess_game_get_player_name (self, CHESS_COLOR_BLACK);
  chess_pgn_game_set_tag (pgn, "Black", value != NULL ? value : "?");
  chess_pgn_game_set_tag (pgn, "Result", result);
  g_free (pgn->result);
  pgn->result = g_strdup (result);

  if (!is_standard_start (&self->line.start))
    {
      chess_pgn_game_set_tag (pgn, "SetUp", "1");
      chess_pgn_game_set_tag (pgn, "FEN", chess_board_to_fen (&self->line.start, fen));
    }
  if (chess_clock_is_timed (self->clock))
    {
      g_autofree char *tc = chess_clock_to_time_control_tag (self->clock);

      chess_pgn_game_set_tag (pgn, "TimeControl", tc);
    }
  /* A game going on keeps both clocks as they stand now, the time of the
   * move being thought about included: remaining time when timed, time
   * used when not. */
  if (self->result == CHESS_GAME_RESULT_ONGOING && (self->clock_started || self->line.n_moves > 0))
    {
      gboolean timed = chess_clock_is_timed (self->clock);
      for (int c = 0; c < CHESS_N_COLORS; c++)
        {
          g_autoptr(GString) value_text = g_string_new (NULL);
          chess_tree_format_time (chess_clock_get_time_ms (self->clock, (ChessColor) c), value_text);
          chess_pgn_game_set_tag (pgn, c == CHESS_COLOR_WHITE ? (timed ? "WhiteTimeLeft" : "WhiteTimeUsed")
                                                              : (timed ? "BlackTimeLeft" : "BlackTimeUsed"),
                                  value_text->str);
        }
    }
  if (self->result != CHESS_GAME_RESULT_ONGOING)
    {
      gboolean on_time = self->reason == CHESS_GAME_REASON_TIME_FORFEIT
                         || self->reason == CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL;

      if (self->reason != CHESS_GAME_REASON_UNKNOWN || chess_game_get_tag (self, "Termination") == NULL)
        chess_pgn_game_set_tag (pgn, "Termination", on_time ? "time forfeit" : "normal");
      else
        chess_pgn_game_set_tag (pgn, "Termination", chess_game_get_tag (self, "Termination"));
    }

  for (guint i = 0; i < self->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (self->tag_names, i);

      if (!is_derived_tag (name))
        chess_pgn_game_set_tag (pgn, name, g_ptr_array_index (self->tag_values, i));
    }
  return pgn;
}

/* Works out how a loaded game ended from its result and tags. */
static void
loaded_result (ChessGame          *self,
               const ChessPgnGame *pgn,
               ChessGameResult    *result,
               ChessGameReason    *reason)
{
  const char *text = pgn->result;
  const char *termination = chess_pgn_game_get_tag (pgn, "Termination");

  if (text == NULL || g_strcmp0 (text, "*") == 0)
    text = chess_pgn_game_get_tag (pgn, "Result");

  if (position_result (self, result, reason))
    return;

  if (g_strcmp0 (text, "1-0") == 0)
    *result = CHESS_GAME_RESULT_WHITE_WINS;
  else if (g_strcmp0 (text, "0-1") == 0)
    *result = CHESS_GAME_RESULT_BLACK_WINS;
  else if (g_strcmp0 (text, "1/2-1/2") == 0)
    *result = CHESS_GAME_RESULT_DRAW;
  else
    {
      *result = CHESS_GAME_RESULT_ONGOING;
      *reason = CHESS_GAME_REASON_NONE;
      return;
    }

  *reason = CHESS_GAME_REASON_UNKNOWN;
  if (termination == NULL)
    return;
  if (g_ascii_strcasecmp (termination, "time forfeit") == 0)
    {
      if (*result == CHESS_GAME_RESULT_DRAW)
        {
          *reason = CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL;
          /* The side that can no longer mate is the one that did not flag:
           * the flag fell on the side to move. */
          self->flag_color = (ChessColor) self->line.current.side;
        }
      else
        {
          *reason = CHESS_GAME_REASON_TIME_FORFEIT;
        }
    }
  else if (g_ascii_strcasecmp (termination, "normal") == 0)
    {
      if (*result != CHESS_GAME_RESULT_DRAW)
        *reason = CHESS_GAME_REASON_RESIGNATION;
      else if (chess_line_claimable (&self->line) == CHESS_CLAIM_THREEFOLD_REPETITION)
        *reason = CHESS_GAME_REASON_THREEFOLD_REPETITION;
      else if (chess_line_claimable (&self->line) == CHESS_CLAIM_FIFTY_MOVES)
        *reason = CHESS_GAME_REASON_FIFTY_MOVES;
      else
        *reason = CHESS_GAME_REASON_AGREEMENT;
    }
}

static gboolean
is_clock_tag (const char *name)
{
  return strcmp (name, "AutosavedBy") == 0 || strcmp (name, "WhiteTimeLeft") == 0 || strcmp (name, "BlackTimeLeft") == 0
         || strcmp (name, "WhiteTimeUsed") == 0 || strcmp (name, "BlackTimeUsed") == 0;
}

/* "h:mm:ss[.fff]" or "m:ss" in milliseconds; -1 when it is not one. */
static gint64
parse_saved_time (const char *text)
{
  guint64 h = 0, m = 0, sec = 0, ms = 0;
  char *end;

  if (text == NULL)
    return -1;
  h = g_ascii_strtoull (text, &end, 10);
  if (*end != ':')
    return -1;
  m = g_ascii_strtoull (end + 1, &end, 10);
  if (*end == ':')
    sec = g_ascii_strtoull (end + 1, &end, 10);
  else
    {
      sec = m;
      m = h;
      h = 0;
    }
  if (*end == '.')
    {
      const char *f = end + 1;
      guint64 scale = 100;
      for (; g_ascii_isdigit (*f) && scale > 0; f++, scale /= 10)
        ms += (guint64) (*f - '0') * scale;
      end = (char *) f;
    }
  if (*end != '\0' || h > 1000 || m > 59 || sec > 59)
    return -1;
  return (gint64) (((h * 60 + m) * 60 + sec) * 1000 + ms);
}

/* The clocks as they stood when the game was saved (the WhiteTimeLeft …
 * tags), into `t` when there are any. */
static void
saved_clock_times (const ChessPgnGame *pgn,
                   gboolean            timed,
                   ClockTimes         *t)
{
  gint64 white = parse_saved_time (chess_pgn_game_get_tag (pgn, timed ? "WhiteTimeLeft" : "WhiteTimeUsed"));
  gint64 black = parse_saved_time (chess_pgn_game_get_tag (pgn, timed ? "BlackTimeLeft" : "BlackTimeUsed"));

  if (white >= 0)
    t->ms[CHESS_COLOR_WHITE] = white;
  if (black >= 0)
    t->ms[CHESS_COLOR_BLACK] = black;
}

/* Whether every move of the tree is legal where it stands; the ply of
 * the first that is not in *bad_ply. Walks with a stack of positions. */
static gboolean
tree_is_legal (const ChessTree *tree,
               guint           *bad_ply)
{
  typedef struct { const ChessTreeNode *node; ChessBoard board; } Item;
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (Item));
  Item first = { tree->root, tree->start };
  gboolean ok = TRUE;

  g_array_append_val (stack, first);
  while (ok && stack->len > 0)
    {
      Item item = g_array_index (stack, Item, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      for (guint i = 0; i < item.node->n_children; i++)
        {
          const ChessTreeNode *child = item.node->children[i];
          Item next = { child, item.board };
          ChessUndo undo;

          if (!chess_board_is_legal (&item.board, child->move))
            {
              *bad_ply = child->ply - 1;
              ok = FALSE;
              break;
            }
          chess_board_make (&next.board, child->move, &undo);
          g_array_append_val (stack, next);
        }
    }
  g_array_unref (stack);
  return ok;
}

gboolean
chess_game_load_pgn (ChessGame           *self,
                     const ChessPgnGame  *pgn,
                     GError             **error)
{
  guint bad_ply = 0;
  ChessClockMode mode = CHESS_CLOCK_UNTIMED;
  gint64 initial = 0, increment = 0;
  const char *tc;
  ChessGameResult result;
  ChessGameReason reason;
  ClockTimes t;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (pgn != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Check everything before touching the game: every move of every
   * variation is legal where it stands. */
  if (!chess_board_is_ok (&pgn->tree->start))
    {
      g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_INVALID,
                           _("The game’s start position is not valid"));
      return FALSE;
    }
  if (!tree_is_legal (pgn->tree, &bad_ply))
    {
      g_set_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_INVALID,
                   _("Move %u of the game is not legal"), bad_ply / 2 + 1);
      return FALSE;
    }
  tc = chess_pgn_game_get_tag (pgn, "TimeControl");
  if (tc != NULL && !chess_clock_parse_time_control_tag (tc, &mode, &initial,
                                                         &increment, NULL))
    {
      /* A time control we do not support: keep the moves, play untimed. */
      mode = CHESS_CLOCK_UNTIMED;
      initial = increment = 0;
    }

  /* Replace the game. */
  g_ptr_array_set_size (self->tag_names, 0);
  g_ptr_array_set_size (self->tag_values, 0);
  for (guint i = 0; i < pgn->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (pgn->tag_names, i);

      if (strcmp (name, "Result") != 0 && strcmp (name, "SetUp") != 0
          && strcmp (name, "FEN") != 0 && strcmp (name, "TimeControl") != 0
          && strcmp (name, "PlyCount") != 0 && !is_clock_tag (name))
        chess_game_set_tag (self, name, g_ptr_array_index (pgn->tag_values, i));
    }

  chess_clock_stop (self->clock);
  chess_clock_set_time_control (self->clock, mode, initial, increment);
  restart (self, &pgn->tree->start);
  chess_tree_free (self->tree);
  self->tree = chess_tree_copy (pgn->tree);
  self->line_end = self->tree->root;
  self->loaded = TRUE;
  t = g_array_index (self->times, ClockTimes, 0);
  while (self->line_end->n_children > 0)
    {
      ChessColor mover = mover_of_ply (self, (guint) self->line.n_moves);
      gint64 ms;

      self->line_end = self->line_end->children[0];
      ms = self->line_end->clock_ms;
      if (ms >= 0 && mode != CHESS_CLOCK_UNTIMED)
        t.ms[mover] = ms;
      chess_line_push (&self->line, self->line_end->move);
      g_array_append_val (self->times, t);
    }
  self->view_ply = (guint) self->line.n_moves;
  self->clock_started = FALSE;
  saved_clock_times (pgn, mode != CHESS_CLOCK_UNTIMED, &t);
  g_array_index (self->times, ClockTimes, self->times->len - 1) = t;
  chess_clock_set_times (self->clock, t.ms[CHESS_COLOR_WHITE], t.ms[CHESS_COLOR_BLACK],
                         (ChessColor) self->line.current.side);

  loaded_result (self, pgn, &result, &reason);
  self->result = result;
  self->reason = reason;

  emit_reset (self);
  return TRUE;
}

/* ---- Autosave ---- */

/* The desktop app and the terminal game share these files. A game goes on
 * in the file it came from; a new game takes the first file that holds no
 * unfinished game, so that neither program overwrites the other's. */
#define N_AUTOSAVE_FILES 8

static char *
autosave_file_path (guint i)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "thinkchess", NULL);
  g_autofree char *name = i == 0 ? g_strdup ("last-game.pgn")
                                 : g_strdup_printf ("last-game-%u.pgn", i + 1);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_debug ("Cannot create %s: %s", dir, g_strerror (errno));
  return g_build_filename (dir, name, NULL);
}

char *
chess_game_autosave_path (void)
{
  return autosave_file_path (0);
}

static ChessPgnGame *
read_game_file (const char *path,
                GError    **error)
{
  g_autofree char *data = NULL;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, error))
    return NULL;
  return chess_pgn_parse_game (data, length, 1, NULL, error);
}

/* An unfinished game with at least one move. */
static gboolean
pgn_is_unfinished (const ChessPgnGame *pgn)
{
  return pgn != NULL && pgn->line.n_moves > 0 && strcmp (pgn->result, "*") == 0;
}

/* When the file was last written, in microseconds (several saves can fall
 * in one second). */
static gint64
modified_time (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                                                  G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                                  G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return G_MININT64;
  return (gint64) g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
         + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

/* Which program wrote an autosave file ([AutosavedBy], in autosave files
 * only): a program may replace its own unfinished game, never another's. */
static gboolean
written_by_us (const ChessPgnGame *pgn)
{
  const char *by = chess_pgn_game_get_tag (pgn, "AutosavedBy");
  return by != NULL && g_strcmp0 (by, g_get_prgname ()) == 0;
}

static ChessPgnGame *read_autosave (char   **path_out,
                                    GError **error);

/* Files whose unfinished game was offered and declined in this process:
 * kept as they are. */
static GHashTable *kept_files;

void
chess_game_keep_last_game (void)
{
  g_autofree char *path = NULL;
  g_autoptr (ChessPgnGame) pgn = read_autosave (&path, NULL);

  if (pgn == NULL || path == NULL)
    return;
  if (kept_files == NULL)
    kept_files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (kept_files, g_steal_pointer (&path));
}

/* The file for a game that has none yet. */
static char *
choose_autosave_file (void)
{
  char *oldest = NULL;
  gint64 oldest_time = G_MAXINT64;

  for (guint i = 0; i < N_AUTOSAVE_FILES; i++)
    {
      char *path = autosave_file_path (i);
      g_autoptr(ChessPgnGame) pgn = read_game_file (path, NULL);

      gboolean kept = kept_files != NULL && g_hash_table_contains (kept_files, path);
      if (!pgn_is_unfinished (pgn) || (written_by_us (pgn) && !kept))
        {
          g_free (oldest);
          return path;
        }
      if (modified_time (path) < oldest_time)
        {
          oldest_time = modified_time (path);
          g_free (oldest);
          oldest = g_steal_pointer (&path);
        }
      g_free (path);
    }
  return oldest;
}

gboolean
chess_game_autosave (ChessGame  *self,
                     GError    **error)
{
  g_autoptr (ChessPgnGame) pgn = NULL;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->autosave_file == NULL)
    self->autosave_file = choose_autosave_file ();
  pgn = chess_game_to_pgn (self);
  if (g_get_prgname () != NULL)
    chess_pgn_game_set_tag (pgn, "AutosavedBy", g_get_prgname ());
  return chess_pgn_save_file (self->autosave_file, &pgn, 1, error);
}

const char *
chess_game_get_autosave_file (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return self->autosave_file;
}

/* The last game: the most recently saved unfinished one, else the one in
 * the first file. */
static ChessPgnGame *
read_autosave (char   **path_out,
               GError **error)
{
  ChessPgnGame *best = NULL;
  char *best_path = NULL;
  gint64 best_time = G_MININT64;

  for (guint i = 0; i < N_AUTOSAVE_FILES; i++)
    {
      g_autofree char *path = autosave_file_path (i);
      ChessPgnGame *pgn = read_game_file (path, NULL);

      if (pgn_is_unfinished (pgn) && modified_time (path) > best_time)
        {
          chess_pgn_game_free (best);
          g_free (best_path);
          best = pgn;
          best_path = g_steal_pointer (&path);
          best_time = modified_time (best_path);
        }
      else
        chess_pgn_game_free (pgn);
    }
  if (best == NULL)
    {
      best_path = autosave_file_path (0);
      best = read_game_file (best_path, error);
    }
  if (best != NULL && path_out != NULL)
    *path_out = g_steal_pointer (&best_path);
  g_free (best_path);
  return best;
}

gboolean
chess_game_continue_autosave (ChessGame  *self,
                              GError    **error)
{
  g_autoptr (ChessPgnGame) pgn = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  pgn = read_autosave (&path, error);
  if (pgn == NULL || !chess_game_load_pgn (self, pgn, error))
    return FALSE;
  /* An unfinished game continues as the game being played, in its file. */
  self->loaded = chess_game_is_over (self);
  g_free (self->autosave_file);
  self->autosave_file = g_steal_pointer (&path);
  return TRUE;
}

ChessGame *
chess_game_load_autosave (GError **error)
{
  g_autoptr (ChessGame) game = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  game = chess_game_new ();
  if (!chess_game_continue_autosave (game, error))
    return NULL;
  return g_steal_pointer (&game);
}

gboolean
chess_game_autosave_is_unfinished (void)
{
  g_autoptr (ChessPgnGame) pgn = read_autosave (NULL, NULL);
  g_autoptr (ChessGame) game = NULL;

  if (!pgn_is_unfinished (pgn))
    return FALSE;
  game = chess_game_new ();
  if (!chess_game_load_pgn (game, pgn, NULL))
    return FALSE;
  return !chess_game_is_over (game);
}

gboolean
chess_game_remove_autosave (GError **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < N_AUTOSAVE_FILES; i++)
    {
      g_autofree char *path = autosave_file_path (i);
      int saved_errno;

      if (g_unlink (path) == 0)
        continue;
      saved_errno = errno;
      if (saved_errno == ENOENT)
        continue;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   /* Translators: %s is a file name, then the system's reason */
                   _("Could not delete “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}
