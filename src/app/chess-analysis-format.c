/* chess-analysis-format.c — scores and best lines as text. */
#include "config.h"

#include <stdlib.h>

#include <glib/gi18n.h>

#include "chess-analysis-format.h"
#include "chess-game.h"

#define MINUS_SIGN "\xe2\x88\x92"   /* U+2212, as the material bar writes it */

gboolean
chess_eval_score_from_info (const ChessPlayerInfo *info,
                            ChessColor             side_to_move,
                            ChessEvalScore        *score)
{
  g_return_val_if_fail (info != NULL, FALSE);
  g_return_val_if_fail (score != NULL, FALSE);

  if ((info->has & CHESS_PLAYER_INFO_HAS_SCORE) == 0)
    return FALSE;
  *score = info->score;
  if (side_to_move == CHESS_COLOR_BLACK)
    chess_eval_score_flip (score);
  return TRUE;
}

char *
chess_eval_score_format (const ChessEvalScore *score)
{
  g_autofree char *number = NULL;
  int cp;

  g_return_val_if_fail (score != NULL, NULL);

  if (score->is_mate && score->mate_moves == 0)
    /* Mated on the board: the result. */
    return g_strdup (score->mating ? "1\u20130" : "0\u20131");
  if (score->is_mate)
    {
      /* Translators: a forced mate in %d moves, as engines show it
       * ("M3"); a minus sign goes before it when Black mates. */
      number = g_strdup_printf (_("M%d"), abs (score->mate_moves));
      return g_strconcat (score->mating ? "" : MINUS_SIGN, number, NULL);
    }
  cp = score->centipawns;
  /* Pawns with two decimals in the user's locale ("0,35" in German). */
  number = g_strdup_printf ("%.2f", abs (cp) / 100.0);
  if (cp > 0)
    return g_strconcat ("+", number, NULL);
  if (cp < 0)
    return g_strconcat (MINUS_SIGN, number, NULL);
  return g_steal_pointer (&number);
}

double
chess_eval_score_bar_value (const ChessEvalScore *score)
{
  double pawns;

  g_return_val_if_fail (score != NULL, CHESS_EVAL_BAR_MAX / 2);

  if (score->is_mate)
    return score->mating ? CHESS_EVAL_BAR_MAX : 0.0;
  pawns = CLAMP (score->centipawns / 100.0, -CHESS_EVAL_BAR_PAWNS, CHESS_EVAL_BAR_PAWNS);
  return (pawns + CHESS_EVAL_BAR_PAWNS) * CHESS_EVAL_BAR_MAX / (2 * CHESS_EVAL_BAR_PAWNS);
}

char *
chess_analysis_format_move (const ChessBoard *board,
                            ChessMove         move,
                            ChessNotation     notation,
                            char             *buf)
{
  /* As the move list writes its moves. */
  if (notation == CHESS_NOTATION_SAN)
    return chess_move_format_san_letters (board, move, chess_game_get_piece_letters (), buf);
  return chess_move_format (board, move, notation, buf);
}

char *
chess_analysis_format_line (const ChessBoard *board,
                            const ChessMove  *moves,
                            gsize             n_moves,
                            ChessNotation     notation)
{
  GString *text = g_string_new (NULL);
  ChessBoard position;

  g_return_val_if_fail (board != NULL, NULL);
  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);

  position = *board;
  for (gsize i = 0; i < n_moves; i++)
    {
      char move[CHESS_MOVE_TEXT_MAX];
      ChessUndo undo;
      guint number = MAX (position.fullmove_number, 1);

      if (i > 0)
        g_string_append_c (text, ' ');
      if (position.side == CHESS_COLOR_WHITE)
        g_string_append_printf (text, "%u. ", number);
      else if (i == 0)
        g_string_append_printf (text, "%u\xe2\x80\xa6 ", number);   /* U+2026 … */
      g_string_append (text, chess_analysis_format_move (&position, moves[i], notation, move));
      chess_board_make (&position, moves[i], &undo);
    }
  return g_string_free (text, FALSE);
}
