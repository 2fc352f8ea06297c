/* chess-threat.c — the threat: the position with the move passed, its
 * search's limits and player, and the threat in words. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "chess-engine-levels.h"
#include "chess-review-motif.h"
#include "chess-threat.h"

#define MINUS_SIGN "\xe2\x88\x92"   /* U+2212, as the analysis panel writes it */
#define ELLIPSIS "\xe2\x80\xa6"     /* U+2026: "12… Qxh2" */

gboolean
chess_threat_init (ChessThreat      *self,
                   const ChessBoard *board)
{
  g_return_val_if_fail (self != NULL && board != NULL, FALSE);

  memset (self, 0, sizeof *self);
  self->move = CHESS_MOVE_NONE;
  return chess_board_pass (board, &self->position);
}

void
chess_threat_limits_init (ChessPlayerLimits *limits)
{
  chess_player_limits_init (limits);
  limits->nodes = CHESS_THREAT_NODES;
}

ChessPlayer *
chess_threat_player_new (void)
{
  return chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
}

/* The start of the search's line, when it starts with the move. */
static void
set_line (ChessThreat           *self,
          const ChessPlayerInfo *info)
{
  self->line_length = 0;
  if (info == NULL || info->n_pv == 0 || info->pv[0] != self->move)
    return;
  self->line_length = MIN (info->n_pv, CHESS_THREAT_LINE_MAX);
  memcpy (self->line, info->pv, self->line_length * sizeof self->line[0]);
}

gboolean
chess_threat_set_reply (ChessThreat            *self,
                        const ChessPlayerReply *reply)
{
  const ChessPlayerInfo *info;

  g_return_val_if_fail (self != NULL && reply != NULL, FALSE);

  if (reply->kind != CHESS_PLAYER_REPLY_MOVE || reply->move == CHESS_MOVE_NONE)
    return FALSE;
  self->move = reply->move;
  info = reply->last_info;
  self->has_score = info != NULL && (info->has & CHESS_PLAYER_INFO_HAS_SCORE);
  if (self->has_score)
    self->score = info->score;
  else
    memset (&self->score, 0, sizeof self->score);
  set_line (self, info);
  return TRUE;
}

/* "+1.20", "−0.35", "0.00" in the user's locale; "−M3" when mated. */
static char *
format_score (const ChessThreat *self)
{
  g_autofree char *number = NULL;

  if (self->score.is_mate)
    {
      /* Translators: being mated in %d moves, as engines show it ("M3"). */
      number = g_strdup_printf (_("M%d"), abs (self->score.mate_moves));
      return g_strconcat (MINUS_SIGN, number, NULL);
    }
  number = g_strdup_printf ("%.2f", abs (self->score.centipawns) / 100.0);
  if (self->score.centipawns > 0)
    return g_strconcat ("+", number, NULL);
  if (self->score.centipawns < 0)
    return g_strconcat (MINUS_SIGN, number, NULL);
  return g_steal_pointer (&number);
}

char *
chess_threat_describe (const ChessThreat *self,
                       const char        *move_text)
{
  g_autofree char *numbered = NULL;
  g_autofree char *score = NULL;
  guint number;

  g_return_val_if_fail (self != NULL && move_text != NULL, NULL);

  number = MAX (self->position.fullmove_number, 1);
  if (self->position.side == CHESS_COLOR_WHITE)
    numbered = g_strdup_printf ("%u. %s", number, move_text);
  else
    numbered = g_strdup_printf ("%u" ELLIPSIS " %s", number, move_text);

  if (self->score.is_mate && self->score.mate_moves > 0)
    /* Translators: the threat: a numbered move ("12… Qxh2#") and the mate
     * it leads to. */
    return g_strdup_printf (ngettext ("%s, mate in %d", "%s, mate in %d", self->score.mate_moves),
                            numbered, self->score.mate_moves);
  /* What it wins, as the review says it, in place of a score. */
  gboolean has_line = self->line_length > 0 && self->line[0] == self->move;
  g_autofree char *wins = self->move != CHESS_MOVE_NONE
                          ? chess_review_motif_threat_words (&self->position,
                                                             has_line ? self->line : &self->move,
                                                             has_line ? self->line_length : 1,
                                                             numbered)
                          : NULL;
  if (wins != NULL)
    return g_steal_pointer (&wins);
  if (!self->has_score)
    return g_steal_pointer (&numbered);
  score = format_score (self);
  /* Translators: the threat: a numbered move ("15. Nxe5") and the score of
   * the position after it from the threatening side ("+1.20"). */
  return g_strdup_printf (_("%s (%s)"), numbered, score);
}
