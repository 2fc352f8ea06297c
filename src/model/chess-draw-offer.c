/* chess-draw-offer.c — the computer's answer to a draw offer: a search of
 * the position by the built-in engine at full strength, then the rule. */
#include "config.h"

#include "chess-draw-offer.h"
#include "chess-engine-levels.h"
#include "chess-player.h"

gboolean
chess_draw_offer_can_win (const ChessBoard *board,
                          ChessColor        computer)
{
  g_return_val_if_fail (board != NULL, FALSE);

  return chess_board_can_mate (board, computer);
}

/* No queens, and at most two knights, bishops or rooks a side. */
static gboolean
is_quiet_ending (const ChessBoard *board)
{
  ChessBitboard pieces = board->by_type[CHESS_KNIGHT] | board->by_type[CHESS_BISHOP]
                         | board->by_type[CHESS_ROOK];

  if (board->by_type[CHESS_QUEEN] != 0)
    return FALSE;
  for (int color = 0; color < CHESS_N_COLORS; color++)
    if (__builtin_popcountll (pieces & board->by_color[color]) > 2)
      return FALSE;
  return TRUE;
}

gboolean
chess_draw_offer_accepts (const ChessBoard       *board,
                          ChessColor              computer,
                          const ChessPlayerReply *reply)
{
  const ChessPlayerInfo *info;
  int sign;

  g_return_val_if_fail (board != NULL && reply != NULL, FALSE);

  if (!chess_draw_offer_can_win (board, computer))
    return TRUE;
  info = reply->last_info;
  /* No judgement at all: it plays on, as it would without the offer. */
  if (info == NULL || !(info->has & CHESS_PLAYER_INFO_HAS_SCORE))
    return FALSE;
  sign = board->side == computer ? 1 : -1;
  /* Mating: never; being mated: always. */
  if (info->score.is_mate)
    return sign * info->score.mate_moves < 0;
  if (sign * info->score.centipawns <= CHESS_DRAW_OFFER_ACCEPT_CP)
    return TRUE;
  return is_quiet_ending (board) && ABS (info->score.centipawns) <= CHESS_DRAW_OFFER_LEVEL_ENDING_CP;
}

typedef struct
{
  ChessPlayer *player;
  ChessBoard         board;
  ChessColor         computer;
} Judgement;

static void
judgement_free (Judgement *judgement)
{
  g_clear_object (&judgement->player);
  g_free (judgement);
}

static void
judged_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  Judgement *judgement = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessPlayerReply) reply = NULL;

  reply = chess_player_think_finish (judgement->player, result, &error);
  if (reply == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_int (task, chess_draw_offer_accepts (&judgement->board, judgement->computer, reply));
}

void
chess_draw_offer_judge_async (const ChessLine     *line,
                              ChessColor           computer,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  Judgement *judgement;
  ChessPlayerLimits limits;

  g_return_if_fail (line != NULL);
  g_return_if_fail (computer == CHESS_COLOR_WHITE || computer == CHESS_COLOR_BLACK);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, chess_draw_offer_judge_async);
  judgement = g_new0 (Judgement, 1);
  judgement->board = line->current;
  judgement->computer = computer;
  g_task_set_task_data (task, judgement, (GDestroyNotify) judgement_free);

  if (!chess_draw_offer_can_win (&line->current, computer))
    {
      g_task_return_int (task, TRUE);
      return;
    }
  /* A fresh player: nothing searched before changes the answer, and the
   * level of the computer that was offered the draw plays no part. */
  judgement->player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  chess_player_limits_init (&limits);
  limits.nodes = CHESS_DRAW_OFFER_NODES;
  chess_player_think_async (judgement->player, line, &limits, 1, cancellable,
                            judged_cb, g_steal_pointer (&task));
}

gboolean
chess_draw_offer_judge_finish (GAsyncResult  *result,
                               gboolean      *accepts,
                               GError       **error)
{
  g_autoptr (GError) local_error = NULL;
  gssize answer;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (accepts != NULL, FALSE);

  answer = g_task_propagate_int (G_TASK (result), &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  *accepts = answer != 0;
  return TRUE;
}

static void
store_result_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

gboolean
chess_draw_offer_judge_sync (const ChessLine  *line,
                             ChessColor        computer,
                             GCancellable     *cancellable,
                             gboolean         *accepts,
                             GError          **error)
{
  g_autoptr (GAsyncResult) result = NULL;
  GMainContext *context = g_main_context_get_thread_default ();

  chess_draw_offer_judge_async (line, computer, cancellable, store_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  return chess_draw_offer_judge_finish (result, accepts, error);
}
