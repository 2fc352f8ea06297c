/* chess-external-client-replies.c — what the engine says: each line of its
 * output is parsed and acted on (identity and options during the
 * handshake, progress while it thinks), and a search ends in a reply with
 * a legal move, a resignation, a claim, or no move. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-external-client-private.h"
#include "chess-notation.h"

/* ---- moves -------------------------------------------------------------- */

/* "e2e4", "e7e8q" (also "e7e8Q"): the UCI and xboard coordinate form. */
static ChessMove
parse_coordinate_move (const ChessBoard *board, const char *text)
{
  gsize len = strlen (text);
  char from_text[3] = { 0 }, to_text[3] = { 0 };
  ChessPieceType promotion = CHESS_NO_PIECE_TYPE;
  ChessSquare from, to;

  if (len != 4 && len != 5)
    return CHESS_MOVE_NONE;
  memcpy (from_text, text, 2);
  memcpy (to_text, text + 2, 2);
  from = chess_square_parse (from_text);
  to = chess_square_parse (to_text);
  if (from == CHESS_NO_SQUARE || to == CHESS_NO_SQUARE)
    return CHESS_MOVE_NONE;
  if (len == 5)
    switch (g_ascii_tolower (text[4]))
      {
      case 'n': promotion = CHESS_KNIGHT; break;
      case 'b': promotion = CHESS_BISHOP; break;
      case 'r': promotion = CHESS_ROOK; break;
      case 'q': promotion = CHESS_QUEEN; break;
      default: return CHESS_MOVE_NONE;
      }
  return chess_board_find_move (board, from, to, promotion);
}

/* The engine's move `text` in `board`, or CHESS_MOVE_NONE. UCI engines
 * write coordinates only; xboard engines may also write SAN. */
static ChessMove
parse_move (ChessExternalClient *self, const ChessBoard *board, const char *text)
{
  ChessMove move = parse_coordinate_move (board, text);

  if (move == CHESS_MOVE_NONE && self->protocol == CHESS_EXTERNAL_PROTOCOL_XBOARD)
    {
      g_autoptr (GError) error = NULL;

      if (!chess_move_parse (board, text, &move, &error))
        move = CHESS_MOVE_NONE;
    }
  return move;
}

static GError *
illegal_move_error (ChessExternalClient *self, const ChessBoard *board, const char *text)
{
  char fen[CHESS_FEN_MAX];

  return g_error_new (CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_ILLEGAL_MOVE,
                      /* Translators: the engine's name, its move as it wrote
                       * it, and the position as FEN. */
                      _("The engine “%s” played an illegal move “%s” in the position %s."),
                      chess_external_client_display_name (self), text,
                      chess_board_to_fen (board, fen));
}

void
chess_external_client_reply_with_move (ChessExternalClient *self,
                                       ChessMove          move,
                                       const char        *text,
                                       const char        *ponder_text)
{
  g_autoptr (ChessPlayerReply) reply = g_new0 (ChessPlayerReply, 1);
  g_autoptr (GTask) task = NULL;

  reply->elapsed_us = g_get_monotonic_time () - self->search_started_us;
  reply->move = move;
  reply->kind = CHESS_PLAYER_REPLY_MOVE;
  reply->move_text = g_strdup (text);
  reply->offers_draw = self->draw_offered;
  reply->last_info = g_steal_pointer (&self->last_info);
  if (ponder_text)
    {
      ChessBoard after = self->search_board;
      ChessUndo undo;

      chess_board_make (&after, reply->move, &undo);
      reply->ponder = parse_coordinate_move (&after, ponder_text);
    }
  /* The xboard engine has made the move on its board too. */
  if (self->protocol == CHESS_EXTERNAL_PROTOCOL_XBOARD && self->synced_valid && !self->analysing)
    chess_line_push (&self->synced, reply->move);

  self->state = STATE_READY;
  task = chess_external_client_take_task (self);
  if (task)
    g_task_return_pointer (task, g_steal_pointer (&reply), (GDestroyNotify) chess_player_reply_free);
}

/* The engine's answer `text`: a legal move ends the search, anything else
 * kills the engine. */
static void
reply_with_text (ChessExternalClient *self,
                 const char        *text,
                 const char        *ponder_text)
{
  ChessMove move = parse_move (self, &self->search_board, text);

  if (move == CHESS_MOVE_NONE)
    chess_external_client_die (self, illegal_move_error (self, &self->search_board, text));
  else
    chess_external_client_reply_with_move (self, move, text, ponder_text);
}

void
chess_external_client_reply_without_move (ChessExternalClient    *self,
                                          ChessPlayerReplyKind  kind,
                                          const char           *claim)
{
  g_autoptr (ChessPlayerReply) reply = g_new0 (ChessPlayerReply, 1);
  g_autoptr (GTask) task = NULL;

  reply->kind = kind;
  reply->elapsed_us = g_get_monotonic_time () - self->search_started_us;
  reply->claim = g_strdup (claim);
  reply->offers_draw = self->draw_offered;
  reply->last_info = g_steal_pointer (&self->last_info);
  /* After resigning or claiming, the engine's board is not ours any more. */
  self->synced_valid = FALSE;
  self->state = STATE_READY;
  task = chess_external_client_take_task (self);
  if (task)
    g_task_return_pointer (task, g_steal_pointer (&reply), (GDestroyNotify) chess_player_reply_free);
}

/* ---- lines -------------------------------------------------------------- */

/* The best line the engine wrote, as moves from the position searched, up
 * to the first that is not legal there (or not a move at all). */
static void
read_pv (ChessExternalClient *self, ChessPlayerInfo *info, char **texts)
{
  ChessBoard board = self->search_board;

  info->n_pv = 0;
  for (guint i = 0; texts != NULL && texts[i] != NULL && info->n_pv < CHESS_PLAYER_INFO_PV_MAX; i++)
    {
      ChessMove move = parse_move (self, &board, texts[i]);
      ChessUndo undo;

      if (move == CHESS_MOVE_NONE)
        break;
      info->pv[info->n_pv++] = move;
      chess_board_make (&board, move, &undo);
    }
  if (info->n_pv == 0)
    info->has &= ~(guint) CHESS_PLAYER_INFO_HAS_PV;
}

static void
handle_info (ChessExternalClient *self, ChessPlayerInfo *info, char **pv)
{
  if (self->state != STATE_THINKING)
    return;
  read_pv (self, info, pv);
  chess_external_client_emit_info (self, info);
  if (info->has & CHESS_PLAYER_INFO_HAS_SCORE
      && !(info->has & CHESS_PLAYER_INFO_HAS_MULTIPV && info->multipv > 1))
    {
      chess_player_info_free (self->last_info);
      self->last_info = chess_player_info_copy (info);
    }
}

void
chess_external_client_handle_line (ChessExternalClient *self, const char *text, gsize length)
{
  ChessExternalLine line;

  chess_external_client_emit_line_received (self, text);
  chess_external_parse_line (self->protocol, text, length, &line);

  if (self->awaited_pong && line.kind != CHESS_EXTERNAL_LINE_ILLEGAL_MOVE)
    {
      /* What comes before our pong answers something older than the
       * search, except a refusal of the moves we just sent. */
      if (line.kind == CHESS_EXTERNAL_LINE_PONG && line.number == self->awaited_pong)
        self->awaited_pong = 0;
      chess_external_line_clear (&line);
      return;
    }

  switch (line.kind)
    {
    case CHESS_EXTERNAL_LINE_ID_NAME:
      if (self->state == STATE_STARTING)
        {
          g_free (self->name);
          self->name = g_steal_pointer (&line.text);
          chess_external_client_notify_name (self);
        }
      break;
    case CHESS_EXTERNAL_LINE_ID_AUTHOR:
      if (self->state == STATE_STARTING)
        {
          g_free (self->author);
          self->author = g_steal_pointer (&line.text);
        }
      break;
    case CHESS_EXTERNAL_LINE_OPTION:
      if (self->state == STATE_STARTING)
        g_ptr_array_add (self->options, g_steal_pointer (&line.option));
      break;
    case CHESS_EXTERNAL_LINE_UCIOK:
      if (self->state == STATE_STARTING)
        chess_external_client_finish_start (self);
      break;
    case CHESS_EXTERNAL_LINE_READYOK:
      if (self->state == STATE_SYNCING)
        {
          self->state = STATE_THINKING;
          g_clear_handle_id (&self->timeout_id, g_source_remove);
          if (self->go_timeout_ms > 0)
            self->timeout_id =
              chess_external_client_add_timeout (self, (guint) MIN (self->go_timeout_ms, G_MAXUINT),
                                                 chess_external_client_timeout_cb);
          self->search_started_us = g_get_monotonic_time ();
          chess_external_client_send_line (self, "%s", self->go_command);
        }
      break;
    case CHESS_EXTERNAL_LINE_INFO:
      handle_info (self, line.info, line.pv);
      break;
    case CHESS_EXTERNAL_LINE_BESTMOVE:
      if (self->state == STATE_THINKING)
        {
          if (self->analysing && self->stop_requested
              && (strcmp (line.move, "(none)") == 0 || strcmp (line.move, "0000") == 0))
            chess_external_client_reply_without_move (self, CHESS_PLAYER_REPLY_NO_MOVE, NULL);
          else
            reply_with_text (self, line.move, line.ponder);
        }
      break;
    case CHESS_EXTERNAL_LINE_FEATURES:
      chess_external_client_handle_features (self, &line);
      break;
    case CHESS_EXTERNAL_LINE_MOVE:
      if (self->state == STATE_THINKING && !self->analysing)
        reply_with_text (self, line.move, NULL);
      break;
    case CHESS_EXTERNAL_LINE_RESIGN:
      if (self->state == STATE_THINKING && !self->analysing)
        chess_external_client_reply_without_move (self, CHESS_PLAYER_REPLY_RESIGN, NULL);
      break;
    case CHESS_EXTERNAL_LINE_OFFER_DRAW:
      if (self->state == STATE_THINKING)
        self->draw_offered = TRUE;
      break;
    case CHESS_EXTERNAL_LINE_RESULT:
      /* Without ping, a result line may be the end of the last game
       * arriving late: only an engine that answers pings is believed. */
      if (self->state == STATE_THINKING && !self->analysing
          && chess_external_client_feature_on (self, "ping"))
        {
          g_autofree char *claim = line.move ? g_strdup_printf ("%s {%s}", line.text, line.move)
                                             : g_strdup (line.text);

          chess_external_client_reply_without_move (self, CHESS_PLAYER_REPLY_CLAIM, claim);
        }
      break;
    case CHESS_EXTERNAL_LINE_ILLEGAL_MOVE:
      if (self->state == STATE_THINKING && self->task)
        chess_external_client_die (self,
                                   g_error_new (CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_REFUSED,
                                              /* Translators: the engine's name and the move it refused. */
                                              _("The engine “%s” refused the legal move “%s”."),
                                              chess_external_client_display_name (self),
                                              line.move ? line.move : "?"));
      break;
    case CHESS_EXTERNAL_LINE_PONG:
    case CHESS_EXTERNAL_LINE_ERROR:
    case CHESS_EXTERNAL_LINE_UNKNOWN:
      break;
    }
  chess_external_line_clear (&line);
}
