/* chess-cli-engine.c — the computer at the terminal: players from the
 * command line, and scores and best lines written for people. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "chess-cli-engine.h"
#include "chess-external-registry.h"
#include "chess-notation.h"

gboolean
chess_cli_engine_parse_protocol (const char          *text,
                                 ChessExternalProtocol *protocol,
                                 GError             **error)
{
  if (g_ascii_strcasecmp (text, "uci") == 0)
    *protocol = CHESS_EXTERNAL_PROTOCOL_UCI;
  else if (g_ascii_strcasecmp (text, "xboard") == 0 || g_ascii_strcasecmp (text, "cecp") == 0)
    *protocol = CHESS_EXTERNAL_PROTOCOL_XBOARD;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: the value given to --protocol. */
                   _("Unknown engine protocol “%s”: give “uci” or “xboard”."), text);
      return FALSE;
    }
  return TRUE;
}

ChessPlayer *
chess_cli_engine_player_new (const char  *engine,
                             const char  *protocol,
                             int          level,
                             GError     **error)
{
  g_autoptr (ChessPlayer) player = NULL;

  if (engine == NULL)
    player = chess_player_new_builtin (level);
  else
    {
      g_autoptr (ChessExternalEntry) entry = chess_external_registry_find (NULL, engine);
      ChessExternalProtocol chosen = CHESS_EXTERNAL_PROTOCOL_UCI;

      if (protocol && !chess_cli_engine_parse_protocol (protocol, &chosen, error))
        return NULL;
      if (entry)
        {
          /* An installed engine by its id: its own arguments and protocol. */
          if (protocol)
            entry->protocol = chosen;
          player = chess_external_entry_new_player (entry);
        }
      else
        {
          g_auto (GStrv) argv = NULL;
          g_autoptr (GError) parse_error = NULL;

          if (!g_shell_parse_argv (engine, NULL, &argv, &parse_error))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           /* Translators: the --engine value and the reason. */
                           _("Cannot read the engine command “%s”: %s"), engine, parse_error->message);
              return NULL;
            }
          player = chess_player_new_external (NULL, (const char *const *) argv, chosen, NULL);
        }
    }
  if (!chess_player_start_sync (player, NULL, error))
    return NULL;
  if (!chess_player_new_game (player, error))
    return NULL;
  return g_steal_pointer (&player);
}

char *
chess_cli_format_score (const ChessPlayerInfo *info,
                        ChessColor             side_to_move)
{
  int sign = side_to_move == CHESS_COLOR_WHITE ? 1 : -1;

  if (!(info->has & CHESS_PLAYER_INFO_HAS_SCORE))
    return g_strdup ("?");
  if (info->score.is_mate)
    {
      int moves = info->score.mate_moves * sign;

      /* Mate 0: the side to move is mated already. */
      if (moves == 0)
        return g_strdup (side_to_move == CHESS_COLOR_WHITE ? "-M0" : "+M0");
      return g_strdup_printf ("%sM%d", moves > 0 ? "+" : "-", abs (moves));
    }
  {
    int cp = info->score.centipawns * sign;

    if (cp == 0)
      return g_strdup ("0.00");
    return g_strdup_printf ("%s%d.%02d", cp > 0 ? "+" : "-", abs (cp) / 100, abs (cp) % 100);
  }
}

char *
chess_cli_format_pv (const ChessPlayerInfo *info,
                     const ChessBoard      *board,
                     guint                  max_moves)
{
  const ChessMove *moves = info->pv;
  gsize n = MIN (max_moves, info->n_pv);
  GString *text;
  ChessBoard position = *board;

  if (n == 0)
    return NULL;
  text = g_string_new (NULL);
  for (gsize i = 0; i < n; i++)
    {
      char san[CHESS_MOVE_TEXT_MAX];
      ChessUndo undo;

      if (i > 0)
        g_string_append_c (text, ' ');
      if (position.side == CHESS_COLOR_WHITE)
        g_string_append_printf (text, "%d. ", position.fullmove_number);
      else if (i == 0)
        g_string_append_printf (text, "%d\u2026 ", position.fullmove_number);
      g_string_append (text, chess_move_format (&position, moves[i], CHESS_NOTATION_SAN, san));
      chess_board_make (&position, moves[i], &undo);
    }
  return g_string_free (text, FALSE);
}
