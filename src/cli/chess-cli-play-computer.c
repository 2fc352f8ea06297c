/* chess-cli-play-computer.c — the computer in the terminal game: the
 * engines that play a side (started from the command line, handed to the
 * person when they fail), their moves, the advisor behind "hint" and
 * "analyse", and the built-in engine behind "threat". */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "chess-cli.h"
#include "chess-cli-engine.h"
#include "chess-cli-play-private.h"
#include "chess-engine-levels.h"
#include "chess-threat.h"

/* How long hint and analyse think, unless --movetime says otherwise. */
#define HINT_MS 1000
#define ANALYSE_MS 2000

gboolean
chess_play_is_computer (ChessPlay  *self,
                        ChessColor  color)
{
  return self->players[color] != NULL;
}

/* The computer's side `color` is played by hand from now on. */
void
chess_play_computer_gone (ChessPlay    *self,
                          ChessColor    color,
                          const GError *error)
{
  g_string_append_printf (self->messages, "%s\n", error->message);
  g_string_append_printf (self->messages,
                          /* Translators: "White" or "Black", or the player's name. */
                          _("From now on the moves of %s are typed here.\n"),
                          chess_play_side_name (self, color));
  if (self->players[color])
    {
      g_signal_handlers_disconnect_by_data (self->players[color], self);
      chess_player_close_sync (self->players[color]);
      g_clear_object (&self->players[color]);
    }
}

static void
died_cb (ChessPlayer *player,
         const GError      *error,
         ChessPlay         *self)
{
  for (int color = 0; color < CHESS_N_COLORS; color++)
    if (self->players[color] == player)
      {
        chess_play_computer_gone (self, color, error);
        return;
      }
}

static void
set_limits (ChessPlay         *self,
            ChessPlayerLimits *limits,
            gint64             default_ms)
{
  chess_player_limits_init (limits);
  /* 0 leaves the pace of the level to the player. */
  limits->movetime_ms = self->movetime_ms > 0 ? self->movetime_ms : default_ms;
}

void
chess_play_computer_move (ChessPlay *self)
{
  ChessColor color = chess_game_get_side_to_move (self->game);
  ChessPlayer *player = self->players[color];
  g_autoptr(ChessPlayerReply) reply = NULL;
  g_autoptr(GError) error = NULL;
  ChessPlayerLimits limits;

  /* Tell the person what is going on before the wait. */
  g_string_append_printf (self->messages, _("%s is thinking…\n"), chess_play_side_name (self, color));
  fputs (self->messages->str, stdout);
  fflush (stdout);
  g_string_truncate (self->messages, 0);

  g_auto (ChessLine) line = { 0 };

  set_limits (self, &limits, 0);
  chess_game_copy_line (self->game, &line);
  g_object_ref (player);
  reply = chess_player_think_sync (player, &line, &limits, 1,
                                   NULL, &error);
  g_object_unref (player);
  if (reply == NULL)
    {
      chess_play_computer_gone (self, color, error);
      return;
    }
  switch (reply->kind)
    {
    case CHESS_PLAYER_REPLY_MOVE:
      self->computer_moving = TRUE;
      self->computer_us = reply->elapsed_us;
      if (!chess_game_play_move (self->game, reply->move, &error))
        {
          self->computer_moving = FALSE;
          chess_play_computer_gone (self, color, error);
          return;
        }
      self->computer_moving = FALSE;
      self->selected = CHESS_NO_SQUARE;
      chess_play_announce_claimable (self);
      break;
    case CHESS_PLAYER_REPLY_RESIGN:
      g_string_append_printf (self->messages, _("%s resigns.\n"), chess_play_side_name (self, color));
      chess_game_resign (self->game, color);
      break;
    case CHESS_PLAYER_REPLY_CLAIM:
    case CHESS_PLAYER_REPLY_NO_MOVE:
    default:
      /* A claimed draw is granted when the rules give it; any other claim
       * leaves the side to the person at the keyboard. */
      if (chess_game_claim_draw (self->game, NULL))
        break;
      {
        g_autoptr(GError) claim_error =
          g_error_new (CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_ILLEGAL_MOVE,
                       /* Translators: the engine's name and what it claimed ("1-0 {White mates}"). */
                       _("%s claimed “%s” instead of moving."),
                       chess_player_get_name (player), reply->claim ? reply->claim : "");

        chess_play_computer_gone (self, color, claim_error);
      }
      break;
    }
}

/* The engine for hint and analyse: the one given, at full strength. */
static ChessPlayer *
get_advisor (ChessPlay *self)
{
  g_autoptr(GError) error = NULL;

  if (self->advisor && chess_player_is_alive (self->advisor))
    return self->advisor;
  g_clear_object (&self->advisor);
  self->advisor = chess_cli_engine_player_new (self->engine, self->protocol,
                                               CHESS_ENGINE_LEVEL_MAX, &error);
  if (self->advisor == NULL)
    g_string_append_printf (self->messages, "%s\n", error->message);
  return self->advisor;
}

static ChessPlayerReply *
ask_advisor (ChessPlay *self,
             gint64     default_ms)
{
  ChessPlayer *advisor;
  g_autoptr(GError) error = NULL;
  ChessPlayerReply *reply;
  ChessPlayerLimits limits;

  if (chess_play_refuse_when_over (self))
    return NULL;
  advisor = get_advisor (self);
  if (advisor == NULL)
    return NULL;
  g_auto (ChessLine) line = { 0 };

  set_limits (self, &limits, default_ms);
  chess_game_copy_line (self->game, &line);
  reply = chess_player_think_sync (advisor, &line, &limits, 1,
                                   NULL, &error);
  if (reply == NULL)
    {
      g_string_append_printf (self->messages, "%s\n", error->message);
      g_clear_object (&self->advisor);
    }
  return reply;
}

void
chess_play_hint (ChessPlay *self)
{
  g_autoptr(ChessPlayerReply) reply = ask_advisor (self, HINT_MS);
  const ChessBoard *board = chess_game_get_board (self->game);
  char san[CHESS_MOVE_TEXT_MAX];

  if (reply == NULL || reply->kind != CHESS_PLAYER_REPLY_MOVE)
    return;
  /* Translators: a suggested move, "Nf3". */
  g_string_append_printf (self->messages, _("Hint: %s\n"),
                          chess_move_format (board, reply->move, CHESS_NOTATION_SAN, san));
}

void
chess_play_analyse (ChessPlay *self)
{
  g_autoptr(ChessPlayerReply) reply = ask_advisor (self, ANALYSE_MS);
  const ChessBoard *board = chess_game_get_board (self->game);
  g_autofree char *score = NULL;
  g_autofree char *line = NULL;
  const ChessPlayerInfo *info;

  if (reply == NULL)
    return;
  info = reply->last_info;
  if (info == NULL || !(info->has & CHESS_PLAYER_INFO_HAS_SCORE))
    {
      char san[CHESS_MOVE_TEXT_MAX];

      if (reply->kind == CHESS_PLAYER_REPLY_MOVE)
        g_string_append_printf (self->messages, _("Best move: %s\n"),
                                chess_move_format (board, reply->move, CHESS_NOTATION_SAN, san));
      return;
    }
  score = chess_cli_format_score (info, board->side);
  line = chess_cli_format_pv (info, board, 12);
  /* Translators: the score ("+0.35", "-M3": Black mates in three) and the
   * search depth. */
  g_string_append_printf (self->messages, _("Evaluation: %s (depth %d; + favours White)\n"),
                          score, info->depth);
  if (line)
    g_string_append_printf (self->messages, _("Best line: %s\n"), line);
}

/* The built-in engine whatever --engine says: the threat is searched
 * within a node budget, the same on every run. */
static ChessPlayer *
get_threat_player (ChessPlay *self)
{
  g_autoptr(GError) error = NULL;

  if (self->threat_player && chess_player_is_alive (self->threat_player))
    return self->threat_player;
  g_clear_object (&self->threat_player);
  self->threat_player = chess_threat_player_new ();
  if (!chess_player_start_sync (self->threat_player, NULL, &error))
    {
      g_string_append_printf (self->messages, "%s\n", error->message);
      g_clear_object (&self->threat_player);
    }
  return self->threat_player;
}

void
chess_play_threat (ChessPlay *self)
{
  const ChessBoard *board = chess_game_get_board (self->game);
  ChessColor threatening = chess_color_other ((ChessColor) board->side);
  g_autoptr(ChessPlayerReply) reply = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *words = NULL;
  ChessPlayer *player;
  ChessPlayerLimits limits;
  ChessThreat threat;
  ChessLine line;
  char san[CHESS_MOVE_TEXT_MAX];

  if (chess_play_refuse_when_over (self))
    return;
  if (!chess_threat_init (&threat, board))
    {
      g_string_append_printf (self->messages,
                              /* Translators: "White" or "Black", or the player's name. */
                              _("%s is in check: no threat is shown.\n"),
                              chess_play_side_name (self, board->side));
      return;
    }
  player = get_threat_player (self);
  if (player == NULL)
    return;
  /* Nothing learnt in an earlier search may change the answer. */
  if (!chess_player_new_game (player, &error))
    {
      g_string_append_printf (self->messages, "%s\n", error->message);
      return;
    }
  chess_threat_limits_init (&limits);
  chess_line_init (&line, &threat.position);
  reply = chess_player_think_sync (player, &line, &limits, 1, NULL, &error);
  chess_line_clear (&line);
  if (reply == NULL)
    {
      g_string_append_printf (self->messages, "%s\n", error->message);
      g_clear_object (&self->threat_player);
      return;
    }
  if (!chess_threat_set_reply (&threat, reply))
    return;
  words = chess_threat_describe (&threat, chess_move_format (&threat.position, threat.move,
                                                             CHESS_NOTATION_SAN, san));
  g_string_append_printf (self->messages,
                          /* Translators: who threatens ("Black", or the player's
                           * name) and the threat ("12… Qxh2#, mate in 1"). */
                          _("%s threatens %s.\n"),
                          chess_play_side_name (self, threatening), words);
}

/* Starts the computer players the command line asked for. */
gboolean
chess_play_start_computers (ChessPlay      *self,
                            const gboolean *computer)
{
  for (int color = 0; color < CHESS_N_COLORS; color++)
    {
      g_autoptr(GError) error = NULL;

      if (!computer[color])
        continue;
      self->players[color] = chess_cli_engine_player_new (self->engine, self->protocol,
                                                          self->level, &error);
      if (self->players[color] == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return FALSE;
        }
      g_signal_connect (self->players[color], "died", G_CALLBACK (died_cb), self);
    }
  return TRUE;
}

/* The computer players' names go into the game (and its PGN). */
void
chess_play_name_computers (ChessPlay *self)
{
  for (int color = 0; color < CHESS_N_COLORS; color++)
    if (self->players[color])
      chess_game_set_player_name (self->game, color,
                                  chess_player_get_name (self->players[color]));
}

void
chess_play_stop_computers (ChessPlay *self)
{
  for (int color = 0; color < CHESS_N_COLORS; color++)
    if (self->players[color])
      {
        g_signal_handlers_disconnect_by_data (self->players[color], self);
        chess_player_close_sync (self->players[color]);
        g_clear_object (&self->players[color]);
      }
  if (self->advisor)
    {
      chess_player_close_sync (self->advisor);
      g_clear_object (&self->advisor);
    }
  if (self->threat_player)
    {
      chess_player_close_sync (self->threat_player);
      g_clear_object (&self->threat_player);
    }
}
