/* chess-match-game.c — the referee of one engine game. The engines never
 * decide the result: the rules core does, or the clocks, or the referee's
 * adjudication by the scores both engines report. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "chess-match-game.h"
#include "chess-notation.h"

/* Without a clock, an engine that does not answer within this is hung. */
#define NO_CLOCK_TIMEOUT_MS 120000
/* After its clock (and margin) ran out, the engine may still answer this
 * long before it is killed; the game is lost on time either way. */
#define OVERRUN_GRACE_MS 500

void
chess_match_game_result_clear (ChessMatchGameResult *result)
{
  g_clear_pointer (&result->reason, g_free);
}

static char *
format_seconds (gint64 ms)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", ms / 1000.0));
}

char *
chess_match_limits_describe (const ChessMatchLimits *limits)
{
  if (limits->base_ms >= 0)
    {
      g_autofree char *base = format_seconds (limits->base_ms);
      g_autofree char *inc = format_seconds (limits->inc_ms);

      if (limits->moves_per_session > 0)
        return g_strdup_printf ("%d/%s+%s", limits->moves_per_session, base, inc);
      return g_strdup_printf ("%s+%s", base, inc);
    }
  if (limits->movetime_ms > 0)
    {
      g_autofree char *st = format_seconds (limits->movetime_ms);

      return g_strdup_printf ("st=%s", st);
    }
  if (limits->depth > 0)
    return g_strdup_printf ("depth=%d", limits->depth);
  if (limits->nodes > 0)
    return g_strdup_printf ("nodes=%" G_GUINT64_FORMAT, limits->nodes);
  return g_strdup ("-");
}

static const char *
color_name (ChessColor color)
{
  return color == CHESS_COLOR_WHITE ? _("White") : _("Black");
}

/* Ends the game with a loss for `loser`. */
static void
lose (ChessMatchGameResult *result, ChessColor loser, ChessMatchEnd end, char *reason)
{
  result->result = loser == CHESS_COLOR_WHITE ? -1 : 1;
  result->end = end;
  g_free (result->reason);
  result->reason = reason;
}

static void
draw (ChessMatchGameResult *result, ChessMatchEnd end, const char *reason)
{
  result->result = 0;
  result->end = end;
  g_free (result->reason);
  result->reason = g_strdup (reason);
}

/* The game over by the rules alone? */
static gboolean
judge_position (const ChessLine *line, ChessMatchGameResult *result)
{
  ChessColor mover = line->current.side;

  switch (chess_line_status (line))
    {
    case CHESS_STATUS_CHECKMATE:
      lose (result, mover, CHESS_MATCH_END_RULES,
            g_strdup (mover == CHESS_COLOR_WHITE ? _("Black mates") : _("White mates")));
      return TRUE;
    case CHESS_STATUS_STALEMATE:
      draw (result, CHESS_MATCH_END_RULES, _("Stalemate"));
      return TRUE;
    case CHESS_STATUS_INSUFFICIENT_MATERIAL:
      draw (result, CHESS_MATCH_END_RULES, _("Draw by insufficient material"));
      return TRUE;
    case CHESS_STATUS_FIVEFOLD_REPETITION:
    case CHESS_STATUS_SEVENTY_FIVE_MOVES:
    case CHESS_STATUS_ONGOING:
      break;
    }
  /* Engines would claim these; the referee does it for them. */
  switch (chess_line_claimable (line))
    {
    case CHESS_CLAIM_THREEFOLD_REPETITION:
      draw (result, CHESS_MATCH_END_RULES, _("Draw by threefold repetition"));
      return TRUE;
    case CHESS_CLAIM_FIFTY_MOVES:
      draw (result, CHESS_MATCH_END_RULES, _("Draw by the fifty-move rule"));
      return TRUE;
    case CHESS_CLAIM_NONE:
      break;
    }
  return FALSE;
}

/* The engine's view of its move, as PGN commands: [%eval] from White's
 * side with the depth, and [%emt] the time it took. */
static void
annotate_move (ChessTreeNode *node, ChessColor mover, const ChessPlayerReply *reply)
{
  const ChessPlayerInfo *info = reply->last_info;
  int sign = mover == CHESS_COLOR_WHITE ? 1 : -1;

  node->emt_ms = reply->elapsed_us / 1000;
  if (info && info->has & CHESS_PLAYER_INFO_HAS_SCORE)
    {
      node->eval.kind = info->score.is_mate ? CHESS_TREE_EVAL_MATE : CHESS_TREE_EVAL_CENTIPAWNS;
      node->eval.value = sign * (info->score.is_mate ? info->score.mate_moves : info->score.centipawns);
      node->eval.depth = info->has & CHESS_PLAYER_INFO_HAS_DEPTH ? info->depth : -1;
    }
}

/* The engine's score in centipawns from its own side; mates count big. */
static gboolean
reply_score (const ChessPlayerReply *reply, int *score)
{
  const ChessPlayerInfo *info = reply->last_info;

  if (info == NULL || !(info->has & CHESS_PLAYER_INFO_HAS_SCORE))
    return FALSE;
  if (info->score.is_mate)
    *score = info->score.mate_moves > 0 ? 100000 : -100000;
  else
    *score = info->score.centipawns;
  return TRUE;
}

typedef struct
{
  int resign_streak[2];       /* consecutive own moves with score <= -R    */
  int winning_streak[2];      /* … with score >= R                          */
  int draw_streak[2];         /* … with |score| <= D                        */
} Adjudication;

static gboolean
adjudicate (const ChessMatchRules *rules, Adjudication *adj, ChessColor mover,
            const ChessPlayerReply *reply, const ChessLine *line, ChessMatchGameResult *result)
{
  int score;
  ChessColor other = chess_color_other (mover);
  gboolean has_score = reply_score (reply, &score);

  if (rules->resign_moves > 0)
    {
      adj->resign_streak[mover] = has_score && score <= -rules->resign_score ? adj->resign_streak[mover] + 1 : 0;
      adj->winning_streak[mover] = has_score && score >= rules->resign_score ? adj->winning_streak[mover] + 1 : 0;
      for (int c = 0; c < 2; c++)
        if (adj->resign_streak[c] >= rules->resign_moves
            && adj->winning_streak[chess_color_other (c)] >= rules->resign_moves)
          {
            lose (result, (ChessColor) c, CHESS_MATCH_END_ADJUDICATION,
                  /* Translators: White or Black. */
                  g_strdup_printf (_("%s's position is lost by both engines' scores"),
                                   color_name ((ChessColor) c)));
            return TRUE;
          }
    }
  if (rules->draw_moves > 0)
    {
      int move_number = (int) (line->n_moves / 2) + 1;

      adj->draw_streak[mover] = has_score && abs (score) <= rules->draw_score
                                && move_number >= rules->draw_move_number
                                ? adj->draw_streak[mover] + 1 : 0;
      if (adj->draw_streak[mover] >= rules->draw_moves && adj->draw_streak[other] >= rules->draw_moves)
        {
          draw (result, CHESS_MATCH_END_ADJUDICATION, _("Draw by both engines' scores"));
          return TRUE;
        }
    }
  if (rules->max_moves > 0 && line->n_moves >= (size_t) rules->max_moves * 2)
    {
      draw (result, CHESS_MATCH_END_ADJUDICATION, _("Draw by the move limit"));
      return TRUE;
    }
  return FALSE;
}

static void
set_limits (ChessPlayerLimits *out, const ChessMatchLimits *mine, ChessColor mover,
            const gint64 remaining[2], const ChessMatchLimits *limits[2], int moves_to_go,
            gint64 margin_ms)
{
  chess_player_limits_init (out);
  if (mine->base_ms >= 0)
    {
      out->white_ms = remaining[CHESS_COLOR_WHITE];
      out->black_ms = remaining[CHESS_COLOR_BLACK];
      out->white_inc_ms = limits[CHESS_COLOR_WHITE]->base_ms >= 0 ? limits[CHESS_COLOR_WHITE]->inc_ms : 0;
      out->black_inc_ms = limits[CHESS_COLOR_BLACK]->base_ms >= 0 ? limits[CHESS_COLOR_BLACK]->inc_ms : 0;
      /* An opponent without a clock: tell ours it has as much. */
      if (limits[chess_color_other (mover)]->base_ms < 0)
        {
          if (mover == CHESS_COLOR_WHITE)
            out->black_ms = out->white_ms;
          else
            out->white_ms = out->black_ms;
        }
      out->base_ms = mine->base_ms;
      out->moves_to_go = moves_to_go;
      out->timeout_ms = MAX (remaining[mover], 0) + margin_ms + OVERRUN_GRACE_MS;
    }
  else
    {
      out->movetime_ms = mine->movetime_ms;
      out->depth = mine->depth;
      out->nodes = mine->nodes;
      out->timeout_ms = mine->movetime_ms > 0 ? mine->movetime_ms * 2 + 5000 : NO_CLOCK_TIMEOUT_MS;
    }
}

/* An engine error as the way the game ended. */
static void
fault (ChessMatchGameResult *result, ChessColor mover, const GError *error)
{
  const char *who = color_name (mover);

  switch (error->code)
    {
    case CHESS_PLAYER_ERROR_TIMEOUT:
      /* Translators: White or Black. */
      lose (result, mover, CHESS_MATCH_END_TIME, g_strdup_printf (_("%s loses on time (the engine hung)"), who));
      break;
    case CHESS_PLAYER_ERROR_ILLEGAL_MOVE:
      /* Translators: White or Black, and the engine's message. */
      lose (result, mover, CHESS_MATCH_END_ILLEGAL_MOVE, g_strdup_printf (_("%s makes an illegal move: %s"), who, error->message));
      break;
    case CHESS_PLAYER_ERROR_REFUSED:
      lose (result, mover, CHESS_MATCH_END_FALSE_CLAIM, g_strdup_printf (_("%s refuses a legal move: %s"), who, error->message));
      break;
    default:
      /* Translators: White or Black, and the engine's message. */
      lose (result, mover, CHESS_MATCH_END_CRASH, g_strdup_printf (_("%s's engine failed: %s"), who, error->message));
      break;
    }
  /* The client kills an engine on every one of these errors. */
  result->dead[mover] = TRUE;
}

ChessPgnGame *
chess_match_play_game (ChessExternalClient       *engines[2],
                       const ChessMatchLimits  *limits[2],
                       const ChessMatchRules   *rules,
                       const ChessLine         *opening,
                       ChessMatchGameResult    *result,
                       GError                 **error)
{
  g_autoptr (ChessPgnGame) game = chess_pgn_game_new (&opening->start);
  gint64 remaining[2];
  int moves_in_session[2] = { 0, 0 };
  Adjudication adj = { { 0 } };
  g_autofree char *tc = NULL;
  static const char *const results[] = { "0-1", "1/2-1/2", "1-0" };
  static const char *const terminations[] = {
    "normal", "adjudication", "normal", "time forfeit", "rules infraction", "abandoned", "rules infraction",
  };

  memset (result, 0, sizeof *result);
  for (int c = 0; c < 2; c++)
    {
      remaining[c] = limits[c]->base_ms;
      if (!chess_external_client_new_game (engines[c], error))
        return NULL;
    }
  for (size_t i = 0; i < opening->n_moves; i++)
    {
      ChessTreeNode *node = chess_pgn_game_add_move (game, opening->moves[i]);

      if (i + 1 == opening->n_moves)
        chess_tree_node_set_comment (node, "book");
    }

  while (!judge_position (&game->line, result))
    {
      ChessColor mover = game->line.current.side;
      const ChessMatchLimits *mine = limits[mover];
      g_autoptr (ChessPlayerReply) reply = NULL;
      g_autoptr (GError) local_error = NULL;
      ChessPlayerLimits go;
      ChessTreeNode *node;
      int moves_to_go = 0;

      if (mine->moves_per_session > 0)
        moves_to_go = mine->moves_per_session - moves_in_session[mover];
      set_limits (&go, mine, mover, remaining, limits, moves_to_go, rules->time_margin_ms);
      reply = chess_external_client_go_sync (engines[mover], &game->line, &go, NULL, &local_error);
      if (reply == NULL)
        {
          if (local_error->code == CHESS_PLAYER_ERROR_UNSUPPORTED)
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return NULL;
            }
          fault (result, mover, local_error);
          break;
        }

      if (mine->base_ms >= 0)
        {
          remaining[mover] -= reply->elapsed_us / 1000;
          if (remaining[mover] < -rules->time_margin_ms)
            {
              lose (result, mover, CHESS_MATCH_END_TIME,
                    /* Translators: White or Black. */
                    g_strdup_printf (_("%s loses on time"), color_name (mover)));
              break;
            }
        }

      if (reply->kind == CHESS_PLAYER_REPLY_RESIGN)
        {
          lose (result, mover, CHESS_MATCH_END_RESIGNATION,
                /* Translators: White or Black. */
                g_strdup_printf (_("%s resigns"), color_name (mover)));
          break;
        }
      if (reply->kind != CHESS_PLAYER_REPLY_MOVE)
        {
          lose (result, mover, CHESS_MATCH_END_FALSE_CLAIM,
                /* Translators: White or Black, and what the engine claimed. */
                g_strdup_printf (_("%s makes a false claim: %s"), color_name (mover),
                                 reply->claim ? reply->claim : "?"));
          break;
        }
      /* The client checked the move; the referee checks again. */
      if (!chess_board_is_legal (&game->line.current, reply->move))
        {
          lose (result, mover, CHESS_MATCH_END_ILLEGAL_MOVE,
                g_strdup_printf (_("%s makes an illegal move: %s"), color_name (mover), reply->move_text));
          break;
        }

      node = chess_pgn_game_add_move (game, reply->move);
      annotate_move (node, mover, reply);
      if (mine->base_ms >= 0)
        {
          remaining[mover] += mine->inc_ms;
          if (mine->moves_per_session > 0 && ++moves_in_session[mover] == mine->moves_per_session)
            {
              remaining[mover] += mine->base_ms;
              moves_in_session[mover] = 0;
            }
          node->clock_ms = MAX (remaining[mover], 0);
        }
      if (adjudicate (rules, &adj, mover, reply, &game->line, result))
        break;
    }

  chess_pgn_game_set_tag (game, "White", chess_external_client_get_name (engines[CHESS_COLOR_WHITE]));
  chess_pgn_game_set_tag (game, "Black", chess_external_client_get_name (engines[CHESS_COLOR_BLACK]));
  chess_pgn_game_set_tag (game, "Result", results[result->result + 1]);
  g_free (game->result);
  game->result = g_strdup (results[result->result + 1]);
  chess_pgn_game_set_tag (game, "Termination", terminations[result->end]);
  tc = chess_match_limits_describe (limits[CHESS_COLOR_WHITE]);
  chess_pgn_game_set_tag (game, "TimeControl", limits[0]->base_ms >= 0 ? tc : "-");
  {
    g_autofree char *plies = g_strdup_printf ("%zu", game->line.n_moves);

    chess_pgn_game_set_tag (game, "PlyCount", plies);
  }
  /* The reason closes the last comment (the root's when no move was made). */
  {
    ChessTreeNode *last = game->main_end ? game->main_end : game->tree->root;
    g_autofree char *text = last->comment && *last->comment
                            ? g_strdup_printf ("%s, %s", last->comment, result->reason)
                            : g_strdup (result->reason);

    chess_tree_node_set_comment (last, text);
  }
  return g_steal_pointer (&game);
}
