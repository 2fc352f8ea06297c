/* datagen-game.c — playing a self-play game and choosing its positions. */
#include "config.h"

#include <stdlib.h>

#include "chess-nnue-data.h"
#include "datagen-game.h"

/* A game is won when the search gives one side this much on this many
 * plies in a row (both sides' searches agree): self-play at fixed nodes
 * rarely throws such a lead away, and playing it out costs many plies of
 * positions the net learns little from. */
#define WIN_SCORE 1500
#define WIN_PLIES 4

/* A game is drawn once past DRAW_FIRST_PLY when the score has stayed
 * within DRAW_SCORE for DRAW_PLIES plies: dead-level endgames would
 * otherwise run to the fifty-move rule. */
#define DRAW_FIRST_PLY 80
#define DRAW_SCORE 10
#define DRAW_PLIES 10

/* And drawn outright at this length, counted from the game's start. */
#define MAX_PLIES 400

/* Scores beyond this say "won" more than "how good": the net is not asked
 * to learn them. */
#define KEEP_MAX_SCORE 3000

static gboolean
is_mate_score (int score)
{
  return abs (score) >= CHESS_SCORE_MATE_BOUND;
}

/* Whether the search's score describes the position itself: not when the
 * side to move is in check, nor when the best move is a capture or a
 * promotion (the score is then the exchange's outcome, which the net
 * should not have to see in a position where it is still to come). */
static gboolean
keep_position (const ChessBoard        *board,
               const ChessSearchResult *result)
{
  return !chess_board_in_check (board)
         && !chess_move_is_capture (result->best)
         && !chess_move_is_promotion (result->best)
         && !is_mate_score (result->score)
         && abs (result->score) < KEEP_MAX_SCORE;
}

/* The result the rules give at the current position, or -1 while the game
 * goes on. A draw the side to move may claim is taken at once. */
static int
rules_result (const ChessLine *line)
{
  switch (chess_line_status (line))
    {
    case CHESS_STATUS_ONGOING:
      break;
    case CHESS_STATUS_CHECKMATE:
      return line->current.side == CHESS_COLOR_WHITE ? CHESS_NNUE_BLACK_WON : CHESS_NNUE_WHITE_WON;
    default:
      return CHESS_NNUE_DRAW;
    }
  if (chess_line_claimable (line) != CHESS_CLAIM_NONE || line->n_moves >= MAX_PLIES)
    return CHESS_NNUE_DRAW;
  return -1;
}

int
chess_datagen_play_game (ChessEngine *engine,
                         uint64_t     nodes,
                         ChessLine   *line,
                         GArray      *records)
{
  guint first = records->len;
  int result;
  int lead_plies = 0;    /* > 0: White has led by WIN_SCORE for this many
                          * plies in a row, < 0: Black */
  int level_plies = 0;   /* plies in a row within DRAW_SCORE */

  while ((result = rules_result (line)) < 0)
    {
      ChessSearchLimits limits;
      ChessSearchResult found;
      int white_score;

      chess_engine_set_position (engine, &line->start, line->moves, line->n_moves);
      chess_search_limits_init (&limits);
      limits.nodes = nodes;
      found = chess_engine_search (engine, &limits, NULL, NULL);
      g_assert (chess_board_is_legal (&line->current, found.best));
      white_score = line->current.side == CHESS_COLOR_WHITE ? found.score : -found.score;

      if (keep_position (&line->current, &found))
        {
          ChessNnueRecord record;

          /* The result is filled in once known. */
          chess_nnue_record_pack (&record, &line->current, white_score, CHESS_NNUE_DRAW);
          g_array_append_val (records, record);
        }

      /* A mate the search has found is as good as played. */
      if (is_mate_score (white_score))
        {
          result = white_score > 0 ? CHESS_NNUE_WHITE_WON : CHESS_NNUE_BLACK_WON;
          break;
        }
      if (white_score >= WIN_SCORE)
        lead_plies = lead_plies > 0 ? lead_plies + 1 : 1;
      else if (white_score <= -WIN_SCORE)
        lead_plies = lead_plies < 0 ? lead_plies - 1 : -1;
      else
        lead_plies = 0;
      if (abs (lead_plies) >= WIN_PLIES)
        {
          result = lead_plies > 0 ? CHESS_NNUE_WHITE_WON : CHESS_NNUE_BLACK_WON;
          break;
        }
      level_plies = abs (white_score) <= DRAW_SCORE ? level_plies + 1 : 0;
      if (level_plies >= DRAW_PLIES && line->n_moves >= DRAW_FIRST_PLY)
        {
          result = CHESS_NNUE_DRAW;
          break;
        }

      chess_line_push (line, found.best);
    }

  for (guint i = first; i < records->len; i++)
    g_array_index (records, ChessNnueRecord, i).result = (uint8_t) result;
  return result;
}
