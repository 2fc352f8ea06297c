/* chess-game-status.c — where a ChessGame stands: side to move, result
 * and its words, undo/redo, draw claims and offers. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "chess-game-private.h"

ChessColor
chess_game_get_side_to_move (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), CHESS_COLOR_WHITE);
  return (ChessColor) self->position.side;
}

gboolean
chess_game_is_in_check (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  return chess_board_in_check (&self->position);
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
  return chess_game_line_length (self) > 0;
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
  return chess_game_line_claimable (self);
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

gboolean
chess_game_reason_is_positional (ChessGameReason reason)
{
  switch (reason)
    {
    case CHESS_GAME_REASON_CHECKMATE:
    case CHESS_GAME_REASON_STALEMATE:
    case CHESS_GAME_REASON_INSUFFICIENT_MATERIAL:
    case CHESS_GAME_REASON_FIVEFOLD_REPETITION:
    case CHESS_GAME_REASON_SEVENTY_FIVE_MOVES:
      return TRUE;
    default:
      return FALSE;
    }
}
