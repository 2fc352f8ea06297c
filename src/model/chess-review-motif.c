/* chess-review-motif.c — why a move was bad, and what the better move
 * does, decided by priority from what the lines show (material in
 * chess-review-motif-lines.c, tactics in chess-review-motif-tactics.c). */
#include "config.h"

#include <string.h>

#include "chess-review-motif-private.h"

/* The smallest material loss named: a pawn. */
#define MATERIAL_NAMED 100
/* Net losses this close to the lost piece's value count as losing it
 * (a pawn picked up on the way does not make it "material"). */
#define LOSS_SLACK 100
/* Material explains a move's score drop when it is at least half of it
 * (drops counted up to a queen): a pawn lost is not why a won ending was
 * thrown away. */
#define DROP_EXPLAINED_CAP 900
/* An ending: at most this many pieces besides kings and pawns. */
#define ENDING_PIECES 4
/* Won, and drawn, as the ending motifs read the scores (mover's view). */
#define WON_SCORE 200
#define DRAWN_SCORE 50
/* The tactics are looked for in a line's first two moves of the side that
 * plays them (plies 0 and 2). */
#define TACTIC_PLIES 3

/* ---- The played move ----------------------------------------------------- */

static gboolean
is_ending (const ChessBoard *board)
{
  ChessBitboard pieces = _chess_motif_occupancy (board) & ~board->by_type[CHESS_PAWN] & ~board->by_type[CHESS_KING];

  return __builtin_popcountll (pieces) <= ENDING_PIECES;
}

static gboolean
is_mated_score (int score)
{
  return chess_review_score_is_mate (score) && score < 0;
}

static gboolean
is_mating_score (int score)
{
  return chess_review_score_is_mate (score) && score > 0;
}

/* The mating line: `line` from `board`, up to the mating move. */
static void
set_line (ChessReviewMotif *out,
          const ChessBoard *board,
          const ChessMove  *line,
          guint             n)
{
  ChessBoard check = *board;

  out->board = *board;
  out->line_length = _chess_motif_play (&check, line, MIN (n, CHESS_REVIEW_MAX_LINE));
  memcpy (out->line, line, out->line_length * sizeof *line);
}

/* The opponent's reply was there to play before the move too: a null move
 * in the position before, and the same first move of the reply is legal
 * and takes or checks. */
static gboolean
was_threatened (const ChessBoard      *before,
                const ChessReviewMove *move)
{
  ChessBoard passed = *before;
  ChessUndo undo;
  ChessMove reply = move->reply_line[0];

  if (move->reply_line_length == 0 || chess_board_in_check (before))
    return FALSE;
  chess_board_make (&passed, CHESS_MOVE_NULL, &undo);
  if (!chess_board_is_legal (&passed, reply))
    return FALSE;
  if (_chess_motif_captured_type (&passed, reply) != CHESS_NO_PIECE_TYPE)
    return TRUE;
  chess_board_make (&passed, reply, &undo);
  return chess_board_in_check (&passed);
}

gboolean
chess_review_motif_find (const ChessBoard      *before,
                         const ChessReviewMove *move,
                         ChessReviewMotif      *out)
{
  ChessBoard after = *before;
  ChessColor mover = before->side;
  LineOutcome outcome;
  ChessUndo undo;
  int before_eval = move->mover_eval_before, after_eval = move->mover_eval_after;

  g_return_val_if_fail (before != NULL && move != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->lost = out->got = out->actor = out->targets[0] = out->targets[1] = _chess_motif_no_piece ();
  if (!chess_board_is_legal (before, move->move))
    return FALSE;
  chess_board_make (&after, move->move, &undo);

  if (is_mated_score (after_eval) && !is_mated_score (before_eval))
    {
      out->kind = CHESS_MOTIF_MATE_ALLOWED;
      out->mate_moves = -chess_review_score_mate_moves (after_eval);
      set_line (out, &after, move->reply_line,
                MIN (move->reply_line_length, (guint) MAX (2 * out->mate_moves - 1, 0)));
      return TRUE;
    }
  if (is_mating_score (before_eval) && !is_mating_score (after_eval)
      && move->best_line_length > 0)
    {
      out->kind = CHESS_MOTIF_MATE_MISSED;
      out->mate_moves = chess_review_score_mate_moves (before_eval);
      set_line (out, before, move->best_line,
                MIN (move->best_line_length, (guint) MAX (2 * out->mate_moves - 1, 0)));
      return TRUE;
    }

  _chess_motif_line_outcome (&after, move->reply_line, move->reply_line_length, mover, &outcome);
  out->loss = _chess_motif_balance (before, mover) - outcome.settled;
  int drop = CLAMP (before_eval - after_eval, 0, DROP_EXPLAINED_CAP);
  /* Material the better line loses as well is not why the move was bad. */
  LineOutcome best_outcome;
  _chess_motif_line_outcome (before, move->best_line, move->best_line_length, mover, &best_outcome);
  gboolean best_loses = move->best_line_length > 0
                        && _chess_motif_balance (before, mover) - best_outcome.settled >= MATERIAL_NAMED;
  if (out->loss >= MATERIAL_NAMED && 2 * out->loss >= drop && !best_loses)
    {
      ChessMotifKind kind = _chess_motif_find_tactic (&after, move->reply_line, move->reply_line_length,
                                                      TACTIC_PLIES - 1, TRUE, out);
      if (kind != CHESS_MOTIF_NONE)
        {
          out->kind = kind;
          out->lost = outcome.lost;
          return TRUE;
        }
      out->lost = outcome.lost;
      /* The move that takes the piece lost, from the board where it is played. */
      out->board = after;
      _chess_motif_play (&out->board, move->reply_line, outcome.lost_ply);
      out->line[0] = move->reply_line[outcome.lost_ply];
      out->line_length = 1;

      ChessMotifPiece standing = _chess_motif_piece_at (&after, outcome.lost.square);
      gboolean still_there = standing.type == outcome.lost.type
                             && chess_piece_color (chess_board_piece_at (&after, outcome.lost.square)) == mover;
      int cheapest = still_there ? _chess_motif_cheapest_attacker (&after, outcome.lost.square, after.side) : 0;
      gboolean attacked_badly = cheapest > 0
                                && (!_chess_motif_is_defended (&after, outcome.lost.square)
                                    || cheapest < chess_review_motif_value (outcome.lost.type));

      gboolean whole = out->loss + LOSS_SLACK >= chess_review_motif_value (outcome.lost.type);

      /* Hanging: taken at once, where the move left it. */
      if (outcome.lost.type != CHESS_NO_PIECE_TYPE && attacked_badly && whole
          && outcome.lost_ply == 0)
        out->kind = outcome.lost.square == chess_move_to (move->move)
                    ? CHESS_MOTIF_EN_PRISE : CHESS_MOTIF_HANGING;
      else
        {
          out->kind = CHESS_MOTIF_MATERIAL;
          /* Less than the piece is lost: what came back for it is said. */
          if (!whole)
            out->got = outcome.won;
        }
      return TRUE;
    }

  if (move->klass >= CHESS_REVIEW_CLASS_MISTAKE && was_threatened (before, move))
    {
      out->kind = CHESS_MOTIF_THREAT_IGNORED;
      set_line (out, &after, move->reply_line, 1);
      return TRUE;
    }

  if (is_ending (before) && move->best_line_length > 0)
    {
      gboolean won = before_eval >= WON_SCORE;
      gboolean drawn = ABS (before_eval) < DRAWN_SCORE;

      if ((won && ABS (after_eval) < DRAWN_SCORE) || (drawn && after_eval <= -WON_SCORE))
        {
          out->kind = won ? CHESS_MOTIF_WIN_THROWN : CHESS_MOTIF_DRAW_MISSED;
          set_line (out, before, move->best_line, 1);
          return TRUE;
        }
    }
  return FALSE;
}

/* ---- The better move ----------------------------------------------------- */

gboolean
chess_review_motif_find_better (const ChessBoard       *before,
                                const ChessReviewMove  *move,
                                const ChessReviewMotif *why,
                                ChessReviewMotif       *out)
{
  ChessColor mover = before->side;
  LineOutcome outcome;
  ChessMotifKind kind;

  g_return_val_if_fail (before != NULL && move != NULL && why != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  out->lost = out->got = out->actor = out->targets[0] = out->targets[1] = _chess_motif_no_piece ();
  if (move->best_line_length == 0 || move->best_line[0] == move->move
      || !chess_board_is_legal (before, move->best_line[0]))
    return FALSE;
  set_line (out, before, move->best_line, 1);

  if (is_mating_score (move->mover_eval_before))
    {
      if (why->kind == CHESS_MOTIF_MATE_MISSED)
        return FALSE;   /* said already */
      out->kind = CHESS_MOTIF_BETTER_MATES;
      out->mate_moves = chess_review_score_mate_moves (move->mover_eval_before);
      return TRUE;
    }

  kind = _chess_motif_find_tactic (before, move->best_line, move->best_line_length, 0, FALSE, out);
  if (kind != CHESS_MOTIF_NONE)
    {
      out->kind = kind == CHESS_MOTIF_FORK ? CHESS_MOTIF_BETTER_FORK
                  : kind == CHESS_MOTIF_PIN ? CHESS_MOTIF_BETTER_PIN
                  : kind == CHESS_MOTIF_SKEWER ? CHESS_MOTIF_BETTER_SKEWER
                  : CHESS_MOTIF_BETTER_DISCOVERED;
      return TRUE;
    }

  _chess_motif_line_outcome (before, move->best_line, move->best_line_length, mover, &outcome);
  int gain = outcome.settled - _chess_motif_balance (before, mover);
  if (gain >= MATERIAL_NAMED && outcome.won.type != CHESS_NO_PIECE_TYPE
      && gain + LOSS_SLACK >= chess_review_motif_value (outcome.won.type))
    {
      out->kind = CHESS_MOTIF_BETTER_WINS;
      out->lost = outcome.won;
      return TRUE;
    }
  if (why->kind == CHESS_MOTIF_MATE_ALLOWED)
    {
      out->kind = CHESS_MOTIF_BETTER_STOPS_MATE;
      return TRUE;
    }
  if (why->lost.type != CHESS_NO_PIECE_TYPE && why->lost.type != CHESS_PAWN && -gain < why->loss)
    {
      out->kind = CHESS_MOTIF_BETTER_KEEPS;
      out->lost = why->lost;
      return TRUE;
    }
  return FALSE;
}
