/* chess-external-client-search.c — go and stop: the position and the
 * limits of a search as each protocol wants them (UCI position and go;
 * xboard keeps its own board, so only new moves are sent, with level,
 * time and otim), and asking a searching engine for its move. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-external-client-private.h"
#include "chess-notation.h"

/* ---- go ----------------------------------------------------------------- */

/* Engines differ on null moves (UCI's "0000"; xboard has none): the
 * position after the last one is sent instead, with the moves from there.
 * The index of the first move to send. */
static size_t
first_move_after_null (const ChessLine *line)
{
  for (size_t i = line->n_moves; i-- > 0;)
    if (chess_move_is_null (line->moves[i]))
      return i + 1;
  return 0;
}

static char *
uci_position_command (const ChessLine *line)
{
  GString *s = g_string_new (NULL);
  ChessBoard start, board;
  char fen[CHESS_FEN_MAX];
  size_t first = first_move_after_null (line);

  chess_line_board_at (line, first, &board);

  chess_board_set_start (&start);
  if (start.key == board.key && strcmp (chess_board_to_fen (&board, fen), CHESS_START_FEN) == 0)
    g_string_append (s, "position startpos");
  else
    g_string_append_printf (s, "position fen %s", chess_board_to_fen (&board, fen));
  if (line->n_moves > first)
    g_string_append (s, " moves");
  for (size_t i = first; i < line->n_moves; i++)
    {
      char text[CHESS_MOVE_TEXT_MAX];
      ChessUndo undo;

      g_string_append_printf (s, " %s", chess_move_format (&board, line->moves[i], CHESS_NOTATION_UCI, text));
      chess_board_make (&board, line->moves[i], &undo);
    }
  return g_string_free (s, FALSE);
}

static char *
uci_go_command (const ChessPlayerLimits *limits)
{
  GString *s = g_string_new ("go");

  if (limits->infinite)
    g_string_append (s, " infinite");
  if (limits->white_ms >= 0)
    g_string_append_printf (s, " wtime %" G_GINT64_FORMAT, limits->white_ms);
  if (limits->black_ms >= 0)
    g_string_append_printf (s, " btime %" G_GINT64_FORMAT, limits->black_ms);
  if (limits->white_ms >= 0 && limits->white_inc_ms > 0)
    g_string_append_printf (s, " winc %" G_GINT64_FORMAT, limits->white_inc_ms);
  if (limits->black_ms >= 0 && limits->black_inc_ms > 0)
    g_string_append_printf (s, " binc %" G_GINT64_FORMAT, limits->black_inc_ms);
  if (limits->moves_to_go > 0)
    g_string_append_printf (s, " movestogo %d", limits->moves_to_go);
  if (limits->movetime_ms > 0)
    g_string_append_printf (s, " movetime %" G_GINT64_FORMAT, limits->movetime_ms);
  if (limits->depth > 0)
    g_string_append_printf (s, " depth %d", limits->depth);
  if (limits->nodes > 0)
    g_string_append_printf (s, " nodes %" G_GUINT64_FORMAT, limits->nodes);
  return g_string_free (s, FALSE);
}

static gboolean
line_extends (const ChessLine *longer, const ChessLine *prefix)
{
  if (longer->start.key != prefix->start.key || prefix->n_moves > longer->n_moves)
    return FALSE;
  return prefix->n_moves == 0
         || memcmp (longer->moves, prefix->moves, prefix->n_moves * sizeof (ChessMove)) == 0;
}

static void
xboard_send_move (ChessExternalClient *self, const ChessBoard *board, ChessMove move)
{
  char text[CHESS_MOVE_TEXT_MAX];
  const char *san = g_hash_table_lookup (self->features, "san");
  const char *usermove = g_hash_table_lookup (self->features, "usermove");

  chess_move_format (board, move,
                     san && strcmp (san, "1") == 0 ? CHESS_NOTATION_SAN : CHESS_NOTATION_UCI, text);
  if (usermove && strcmp (usermove, "1") == 0)
    chess_external_client_send_line (self, "usermove %s", text);
  else
    chess_external_client_send_line (self, "%s", text);
}

/* A position for an engine without setboard, in CECP's older edit mode,
 * after "new" and "force". Edit mode keeps the side to move (so Black's
 * turn is reached by a first move, as xboard does it) and takes castling
 * as allowed for every king and rook on their home squares; FALSE, with
 * nothing sent, when the position's castling rights differ from that.
 * (It knows no en-passant square either: the engine then only misses
 * that one capture.) */
static gboolean
xboard_edit_position (ChessExternalClient *self, const ChessBoard *board)
{
  static const char letters[CHESS_N_PIECE_TYPES] = { 'P', 'N', 'B', 'R', 'Q', 'K' };
  static const struct { ChessSquare king, rook; ChessPiece k, r; unsigned right; } homes[] = {
    { 4, 7, CHESS_WHITE_KING, CHESS_WHITE_ROOK, CHESS_CASTLE_WHITE_KING },
    { 4, 0, CHESS_WHITE_KING, CHESS_WHITE_ROOK, CHESS_CASTLE_WHITE_QUEEN },
    { 60, 63, CHESS_BLACK_KING, CHESS_BLACK_ROOK, CHESS_CASTLE_BLACK_KING },
    { 60, 56, CHESS_BLACK_KING, CHESS_BLACK_ROOK, CHESS_CASTLE_BLACK_QUEEN },
  };
  unsigned implied = 0;

  for (gsize i = 0; i < G_N_ELEMENTS (homes); i++)
    if (chess_board_piece_at (board, homes[i].king) == homes[i].k
        && chess_board_piece_at (board, homes[i].rook) == homes[i].r)
      implied |= homes[i].right;
  if (implied != board->castling)
    return FALSE;

  if (board->side == CHESS_COLOR_BLACK)
    {
      ChessBoard start;

      chess_board_set_start (&start);
      xboard_send_move (self, &start,
                        chess_board_find_move (&start, chess_square_parse ("a2"),
                                               chess_square_parse ("a3"), CHESS_NO_PIECE_TYPE));
    }
  chess_external_client_send_line (self, "edit");
  chess_external_client_send_line (self, "#");
  for (int color = CHESS_COLOR_WHITE; color <= CHESS_COLOR_BLACK; color++)
    {
      if (color == CHESS_COLOR_BLACK)
        chess_external_client_send_line (self, "c");
      for (ChessSquare sq = 0; sq < 64; sq++)
        {
          ChessPiece piece = chess_board_piece_at (board, sq);
          char name[3];

          if (piece != CHESS_NO_PIECE && (int) chess_piece_color (piece) == color)
            chess_external_client_send_line (self, "%c%s", letters[chess_piece_type (piece)],
                                             chess_square_name (sq, name));
        }
    }
  chess_external_client_send_line (self, ".");
  return TRUE;
}

/* Brings the engine's board to `line` (in force mode). */
static gboolean
xboard_sync_position (ChessExternalClient *self, const ChessLine *line, GError **error)
{
  ChessBoard board;
  size_t from;
  size_t first = first_move_after_null (line);

  if (first > 0)
    {
      /* After a null move the engine gets the position it led to. */
      ChessLine after_null;
      gboolean ok;

      chess_line_board_at (line, first, &board);
      chess_line_init (&after_null, &board);
      for (size_t i = first; i < line->n_moves; i++)
        chess_line_push (&after_null, line->moves[i]);
      ok = xboard_sync_position (self, &after_null, error);
      chess_line_clear (&after_null);
      return ok;
    }

  chess_external_client_send_line (self, "force");
  if (!self->synced_valid || !line_extends (line, &self->synced))
    {
      ChessBoard start;
      char fen[CHESS_FEN_MAX];
      const char *setboard = g_hash_table_lookup (self->features, "setboard");

      chess_board_set_start (&start);
      chess_external_client_send_line (self, "new");
      chess_external_client_send_line (self, "force");
      chess_external_client_send_line (self, "post");
      chess_external_client_send_line (self, "easy");
      g_clear_pointer (&self->level_sent, g_free);
      if (start.key != line->start.key)
        {
          if (setboard != NULL && strcmp (setboard, "1") == 0)
            chess_external_client_send_line (self, "setboard %s", chess_board_to_fen (&line->start, fen));
          else if (!xboard_edit_position (self, &line->start))
            {
              g_set_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED,
                           /* Translators: the engine's name. */
                           _("The engine “%s” cannot start from a set-up position."),
                           chess_external_client_display_name (self));
              return FALSE;
            }
        }
      chess_line_clear (&self->synced);
      chess_line_init (&self->synced, &line->start);
      self->synced_valid = TRUE;
    }

  from = self->synced.n_moves;
  chess_line_board_at (line, from, &board);
  for (size_t i = from; i < line->n_moves; i++)
    {
      ChessUndo undo;

      xboard_send_move (self, &board, line->moves[i]);
      chess_board_make (&board, line->moves[i], &undo);
      chess_line_push (&self->synced, line->moves[i]);
    }
  return TRUE;
}

static void
xboard_send_clocks (ChessExternalClient *self, const ChessLine *line, const ChessPlayerLimits *limits)
{
  ChessColor us = line->current.side;
  gint64 own = us == CHESS_COLOR_WHITE ? limits->white_ms : limits->black_ms;
  gint64 other = us == CHESS_COLOR_WHITE ? limits->black_ms : limits->white_ms;
  gint64 inc = us == CHESS_COLOR_WHITE ? limits->white_inc_ms : limits->black_inc_ms;
  gint64 base = limits->base_ms > 0 ? limits->base_ms : own;
  g_autofree char *level = NULL;
  char inc_text[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (inc_text, sizeof inc_text, "%g", inc / 1000.0);
  /* Base as minutes:seconds, rounded up to a whole second. */
  level = g_strdup_printf ("level %d %" G_GINT64_FORMAT ":%02" G_GINT64_FORMAT " %s",
                           limits->moves_to_go > 0 ? limits->moves_to_go : 0,
                           (base + 999) / 1000 / 60, (base + 999) / 1000 % 60, inc_text);
  if (g_strcmp0 (level, self->level_sent) != 0)
    {
      chess_external_client_send_line (self, "%s", level);
      g_free (self->level_sent);
      self->level_sent = g_steal_pointer (&level);
    }
  chess_external_client_send_line (self, "time %" G_GINT64_FORMAT, MAX (own, 0) / 10);
  if (other >= 0)
    chess_external_client_send_line (self, "otim %" G_GINT64_FORMAT, MAX (other, 0) / 10);
}

void
chess_external_client_go_async (ChessExternalClient       *self,
                                const ChessLine         *line,
                                const ChessPlayerLimits *limits,
                                GCancellable            *cancellable,
                                GAsyncReadyCallback      callback,
                                gpointer                 user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (GError) error = NULL;
  ChessMoveList legal;

  g_return_if_fail (CHESS_IS_EXTERNAL_CLIENT (self));
  g_return_if_fail (line != NULL && limits != NULL);
  g_task_set_source_tag (task, chess_external_client_go_async);

  if (!chess_external_client_check_ready (self, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (chess_board_generate_legal (&line->current, &legal) == 0 && !limits->infinite)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED,
                               _("The game is over: there is no move to search for."));
      return;
    }
  if (self->protocol == CHESS_EXTERNAL_PROTOCOL_XBOARD && limits->nodes > 0)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED,
                               /* Translators: the engine's name. */
                               _("The engine “%s” cannot search a fixed number of nodes."),
                               chess_external_client_display_name (self));
      return;
    }
  /* A UCI engine first answers isready, within the start timeout; the
   * search's own deadline starts with "go". */
  if (!chess_external_client_begin_call (self, task, self->protocol == CHESS_EXTERNAL_PROTOCOL_UCI
                                 ? self->start_timeout_ms
                                 : (guint) CLAMP (limits->timeout_ms, 0, G_MAXUINT)))
    return;
  self->go_timeout_ms = limits->timeout_ms;

  self->search_board = line->current;
  g_clear_pointer (&self->last_info, chess_player_info_free);
  self->draw_offered = FALSE;
  self->stop_requested = FALSE;
  self->analysing = limits->infinite && self->protocol == CHESS_EXTERNAL_PROTOCOL_XBOARD;
  self->search_started_us = g_get_monotonic_time ();

  if (self->protocol == CHESS_EXTERNAL_PROTOCOL_UCI)
    {
      g_autofree char *position = uci_position_command (line);

      chess_external_client_send_line (self, "%s", position);
      g_free (self->go_command);
      self->go_command = uci_go_command (limits);
      /* isready first, so the deadline does not count the engine's setup. */
      self->state = STATE_SYNCING;
      chess_external_client_send_line (self, "isready");
      return;
    }

  if (!xboard_sync_position (self, line, &error))
    {
      chess_external_client_fail_call (self, g_steal_pointer (&error));
      return;
    }
  self->state = STATE_THINKING;
  if (self->analysing)
    {
      chess_external_client_send_line (self, "post");
      chess_external_client_send_line (self, "analyze");
      return;
    }
  if (limits->movetime_ms > 0)
    chess_external_client_send_line (self, "st %" G_GINT64_FORMAT,
                                     MAX ((limits->movetime_ms + 999) / 1000, 1));
  if (limits->depth > 0)
    chess_external_client_send_line (self, "sd %d", limits->depth);
  if (limits->white_ms >= 0 || limits->black_ms >= 0)
    xboard_send_clocks (self, line, limits);
  if (chess_external_client_feature_on (self, "ping"))
    {
      self->awaited_pong = ++self->pings_sent;
      chess_external_client_send_line (self, "ping %u", self->awaited_pong);
    }
  self->search_started_us = g_get_monotonic_time ();
  chess_external_client_send_line (self, "go");
}

ChessPlayerReply *
chess_external_client_go_finish (ChessExternalClient  *self,
                                 GAsyncResult       *result,
                                 GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

ChessPlayerReply *
chess_external_client_go_sync (ChessExternalClient        *self,
                               const ChessLine          *line,
                               const ChessPlayerLimits  *limits,
                               GCancellable             *cancellable,
                               GError                  **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  chess_external_client_go_async (self, line, limits, cancellable,
                                  chess_external_client_store_result_cb, &result);
  return chess_external_client_go_finish (self, chess_external_client_wait_for (&result), error);
}

void
chess_external_client_stop (ChessExternalClient *self)
{
  g_return_if_fail (CHESS_IS_EXTERNAL_CLIENT (self));

  if (self->state == STATE_SYNCING)
    {
      /* Not searching yet: start and stop at once. */
      g_free (self->go_command);
      self->go_command = g_strdup ("go depth 1");
      self->stop_requested = TRUE;
      return;
    }
  if (self->state != STATE_THINKING || self->stop_requested)
    return;
  self->stop_requested = TRUE;
  if (self->protocol == CHESS_EXTERNAL_PROTOCOL_UCI)
    chess_external_client_send_line (self, "stop");
  else if (self->analysing)
    {
      /* Analysis gives no move: the answer is the best line's first move. */
      ChessMove move = self->last_info && self->last_info->n_pv > 0 ? self->last_info->pv[0]
                                                                     : CHESS_MOVE_NONE;

      chess_external_client_send_line (self, "exit");
      self->synced_valid = FALSE;
      self->analysing = FALSE;
      if (move != CHESS_MOVE_NONE)
        {
          char text[CHESS_MOVE_TEXT_MAX];

          chess_external_client_reply_with_move (self, move,
                                                 chess_move_format (&self->search_board, move,
                                                                  CHESS_NOTATION_UCI, text),
                                               NULL);
        }
      else
        chess_external_client_reply_without_move (self, CHESS_PLAYER_REPLY_NO_MOVE, NULL);
    }
  else
    chess_external_client_send_line (self, "?");
}
