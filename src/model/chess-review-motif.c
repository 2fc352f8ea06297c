/* chess-review-motif.c — finding why a move was bad in the engine's lines:
 * the lines are played forward on boards and the pieces counted; the
 * tactics are read off the attack tables. */
#include "config.h"

#include <string.h>

#include "chess-core-private.h"
#include "chess-review-motif.h"

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

static const int piece_values[CHESS_N_PIECE_TYPES] = { 100, 300, 300, 500, 900, 10000 };

int
chess_review_motif_value (ChessPieceType type)
{
  return type < CHESS_NO_PIECE_TYPE ? piece_values[type] : 0;
}

static int
balance (const ChessBoard *board,
         ChessColor        side)
{
  return chess_board_material (board, side) - chess_board_material (board, chess_color_other (side));
}

static ChessBitboard
occupancy (const ChessBoard *board)
{
  return board->by_color[CHESS_COLOR_WHITE] | board->by_color[CHESS_COLOR_BLACK];
}

static ChessBitboard
attacks_from (ChessPieceType type,
              ChessSquare    sq,
              ChessColor     color,
              ChessBitboard  occ)
{
  switch (type)
    {
    case CHESS_PAWN:
      return chess_pawn_attacks[color][sq];
    case CHESS_KNIGHT:
      return chess_knight_attacks[sq];
    case CHESS_BISHOP:
      return chess_bishop_attacks (sq, occ);
    case CHESS_ROOK:
      return chess_rook_attacks (sq, occ);
    case CHESS_QUEEN:
      return chess_bishop_attacks (sq, occ) | chess_rook_attacks (sq, occ);
    case CHESS_KING:
      return chess_king_attacks[sq];
    case CHESS_NO_PIECE_TYPE:
    default:
      return 0;
    }
}

static gboolean
is_defended (const ChessBoard *board,
             ChessSquare       sq)
{
  ChessColor owner = chess_piece_color (chess_board_piece_at (board, sq));

  return chess_attackers_to (board, sq, occupancy (board), owner) != 0;
}

/* The value of the cheapest piece of `by` attacking `sq`, 0 when none. */
static int
cheapest_attacker (const ChessBoard *board,
                   ChessSquare       sq,
                   ChessColor        by)
{
  ChessBitboard attackers = chess_attackers_to (board, sq, occupancy (board), by);
  int cheapest = 0;

  while (attackers)
    {
      int value = chess_review_motif_value (chess_piece_type (chess_board_piece_at (board, chess_bb_pop (&attackers))));
      if (cheapest == 0 || value < cheapest)
        cheapest = value;
    }
  return cheapest;
}

static ChessMotifPiece
piece_at (const ChessBoard *board,
          ChessSquare       sq)
{
  ChessPiece piece = chess_board_piece_at (board, sq);

  return (ChessMotifPiece) { piece == CHESS_NO_PIECE ? CHESS_NO_PIECE_TYPE : chess_piece_type (piece), sq };
}

static ChessMotifPiece
no_piece (void)
{
  return (ChessMotifPiece) { CHESS_NO_PIECE_TYPE, CHESS_NO_SQUARE };
}

static ChessPieceType
captured_type (const ChessBoard *board,
               ChessMove         move)
{
  if (chess_move_flags (move) == CHESS_MOVE_EN_PASSANT)
    return CHESS_PAWN;
  if (!chess_move_is_capture (move))
    return CHESS_NO_PIECE_TYPE;
  return chess_piece_type (chess_board_piece_at (board, chess_move_to (move)));
}

/* Plays `n` plies of `line` on `board` (the legal start only). */
static guint
play (ChessBoard      *board,
      const ChessMove *line,
      guint            n)
{
  guint i;

  for (i = 0; i < n && chess_board_is_legal (board, line[i]); i++)
    {
      ChessUndo undo;
      chess_board_make (board, line[i], &undo);
    }
  return i;
}

void
chess_review_move_set_reply (ChessReviewMove  *move,
                             const ChessBoard *before,
                             const ChessMove  *line,
                             guint             n)
{
  ChessBoard board = *before;
  ChessUndo undo;

  g_return_if_fail (move != NULL && before != NULL);

  move->reply_line_length = 0;
  if (!chess_board_is_legal (&board, move->move))
    return;
  chess_board_make (&board, move->move, &undo);
  n = MIN (n, CHESS_REVIEW_MAX_LINE);
  for (guint i = 0; i < n && chess_board_is_legal (&board, line[i]); i++)
    {
      move->reply_line[i] = line[i];
      move->reply_line_length = i + 1;
      chess_board_make (&board, line[i], &undo);
    }
}

/* ---- What a line wins ---------------------------------------------------- */

typedef struct
{
  int             settled;    /* `side`'s material balance where it settles */
  ChessMotifPiece lost;       /* `side`'s dearest piece lost net of trades  */
  guint           lost_ply;   /* the line's move that took it                */
  ChessMotifPiece won;        /* the other side's, the same                  */
  guint           won_ply;
} LineOutcome;

/* Knights and bishops trade for each other. */
static ChessPieceType
trade_class (ChessPieceType type)
{
  return type == CHESS_BISHOP ? CHESS_KNIGHT : type;
}

/* The dearest piece class taken from one side more often than from the
 * other (`taken` and `given` count by trade class). */
static ChessPieceType
net_loss (const int *taken,
          const int *given)
{
  for (int t = CHESS_QUEEN; t >= CHESS_PAWN; t--)
    if (taken[t] > given[t])
      return (ChessPieceType) t;
  return CHESS_NO_PIECE_TYPE;
}

/* Plays `line` from `start` until the captures stop: once something was
 * taken, the first quiet move out of check ends the exchange (a trade back
 * is not a loss). */
static void
line_outcome (const ChessBoard *start,
              const ChessMove  *line,
              guint             n,
              ChessColor        side,
              LineOutcome      *out)
{
  ChessBoard board = *start;
  gboolean captured = FALSE;
  int taken[2][CHESS_N_PIECE_TYPES] = { { 0 } };   /* [ours?][class] */
  ChessMotifPiece first[2][CHESS_N_PIECE_TYPES];
  guint first_ply[2][CHESS_N_PIECE_TYPES] = { { 0 } };

  out->settled = balance (&board, side);
  out->lost = out->won = no_piece ();
  out->lost_ply = out->won_ply = 0;
  for (guint i = 0; i < n && chess_board_is_legal (&board, line[i]); i++)
    {
      ChessMove move = line[i];
      ChessPieceType type = captured_type (&board, move);
      ChessUndo undo;

      if (captured && type == CHESS_NO_PIECE_TYPE && !chess_move_is_promotion (move)
          && !chess_board_in_check (&board))
        break;
      if (type != CHESS_NO_PIECE_TYPE)
        {
          int ours = board.side != side;
          ChessPieceType klass = trade_class (type);

          /* The first capture of its kind starts the loss. */
          if (taken[ours][klass]++ == 0)
            {
              first[ours][klass] = (ChessMotifPiece) { type, chess_move_to (move) };
              first_ply[ours][klass] = i;
            }
          captured = TRUE;
        }
      chess_board_make (&board, move, &undo);
      out->settled = balance (&board, side);
    }
  ChessPieceType lost = net_loss (taken[1], taken[0]);
  ChessPieceType won = net_loss (taken[0], taken[1]);
  if (lost != CHESS_NO_PIECE_TYPE)
    {
      out->lost = first[1][lost];
      out->lost_ply = first_ply[1][lost];
    }
  if (won != CHESS_NO_PIECE_TYPE)
    {
      out->won = first[0][won];
      out->won_ply = first_ply[0][won];
    }
}

/* Whether `side` takes on `target`'s square (anything when `target` is
 * no piece) in the line's plies from `from` on. */
static gboolean
later_takes (const ChessBoard *start,
             const ChessMove  *line,
             guint             n,
             guint             from,
             ChessColor        side,
             ChessMotifPiece   target)
{
  ChessBoard board = *start;

  for (guint i = 0; i < n && chess_board_is_legal (&board, line[i]); i++)
    {
      ChessUndo undo;

      if (i >= from && board.side == side
          && (target.type == CHESS_NO_PIECE_TYPE || chess_move_to (line[i]) == target.square)
          && captured_type (&board, line[i]) != CHESS_NO_PIECE_TYPE)
        return TRUE;
      chess_board_make (&board, line[i], &undo);
    }
  return FALSE;
}

/* ---- Tactics ------------------------------------------------------------- */

/* Worth attacking: the king, a piece dearer than the attacker, or one
 * left undefended. */
static gboolean
is_target (const ChessBoard *board,
           ChessSquare       sq,
           ChessPieceType    attacker)
{
  ChessPieceType type = chess_piece_type (chess_board_piece_at (board, sq));

  return type == CHESS_KING
         || chess_review_motif_value (type) > chess_review_motif_value (attacker)
         || !is_defended (board, sq);
}

static void
sort_targets (ChessMotifPiece *targets,
              guint            n)
{
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0
         && chess_review_motif_value (targets[j].type) > chess_review_motif_value (targets[j - 1].type); j--)
      {
        ChessMotifPiece t = targets[j];
        targets[j] = targets[j - 1];
        targets[j - 1] = t;
      }
}

static gboolean
find_fork (const ChessBoard *after,
           ChessSquare       to,
           const ChessBoard *start,
           const ChessMove  *line,
           guint             n,
           guint             ply,
           ChessReviewMotif *out)
{
  ChessColor side = chess_color_other (after->side);
  ChessMotifPiece actor = piece_at (after, to);
  ChessBitboard hits = attacks_from (actor.type, to, side, occupancy (after))
                       & after->by_color[after->side];
  ChessMotifPiece targets[16];
  guint n_targets = 0;
  gboolean wins = FALSE;

  while (hits && n_targets < G_N_ELEMENTS (targets))
    {
      ChessSquare sq = chess_bb_pop (&hits);
      if (!is_target (after, sq, actor.type))
        continue;
      targets[n_targets] = piece_at (after, sq);
      if (targets[n_targets].type != CHESS_KING
          && later_takes (start, line, n, ply + 1, side, targets[n_targets]))
        wins = TRUE;
      n_targets++;
    }
  if (n_targets < 2 || !wins)
    return FALSE;
  sort_targets (targets, n_targets);
  out->actor = actor;
  out->targets[0] = targets[0];
  out->targets[1] = targets[1];
  return TRUE;
}

/* The first piece from `sq` in direction (df, dr), or CHESS_NO_SQUARE. */
static ChessSquare
next_on_ray (const ChessBoard *board,
             ChessSquare       sq,
             int               df,
             int               dr)
{
  int file = chess_square_file (sq) + df, rank = chess_square_rank (sq) + dr;

  for (; file >= 0 && file < 8 && rank >= 0 && rank < 8; file += df, rank += dr)
    if (chess_board_piece_at (board, chess_square_make (file, rank)) != CHESS_NO_PIECE)
      return chess_square_make (file, rank);
  return CHESS_NO_SQUARE;
}

static gboolean
find_pin_or_skewer (const ChessBoard *after,
                    ChessSquare       to,
                    const ChessBoard *start,
                    const ChessMove  *line,
                    guint             n,
                    guint             ply,
                    gboolean          must_win,
                    ChessMotifKind   *kind,
                    ChessReviewMotif *out)
{
  static const int dirs[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
                                  { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
  ChessColor side = chess_color_other (after->side);
  ChessMotifPiece actor = piece_at (after, to);
  int actor_value = chess_review_motif_value (actor.type);

  if (actor.type != CHESS_BISHOP && actor.type != CHESS_ROOK && actor.type != CHESS_QUEEN)
    return FALSE;
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      gboolean diagonal = d >= 4;
      if ((diagonal && actor.type == CHESS_ROOK) || (!diagonal && actor.type == CHESS_BISHOP))
        continue;
      ChessSquare s1 = next_on_ray (after, to, dirs[d][0], dirs[d][1]);
      if (s1 == CHESS_NO_SQUARE || chess_piece_color (chess_board_piece_at (after, s1)) == side)
        continue;
      ChessSquare s2 = next_on_ray (after, s1, dirs[d][0], dirs[d][1]);
      if (s2 == CHESS_NO_SQUARE || chess_piece_color (chess_board_piece_at (after, s2)) == side)
        continue;
      ChessMotifPiece front = piece_at (after, s1), back = piece_at (after, s2);
      int front_value = chess_review_motif_value (front.type);
      int back_value = chess_review_motif_value (back.type);

      /* A pin: the front piece cannot move without exposing a dearer one —
       * unless it simply takes the pinning piece. */
      if (front.type != CHESS_KING
          && (back.type == CHESS_KING
              || (back_value > front_value && is_target (after, s2, actor.type)))
          && !((attacks_from (front.type, s1, after->side, occupancy (after)) & CHESS_BB (to))
               && (!is_defended (after, to) || front_value <= actor_value))
          && ((back.type == CHESS_KING && !must_win && front.type != CHESS_PAWN)
              || later_takes (start, line, n, ply + 1, side, front)
              || later_takes (start, line, n, ply + 1, side, back)))
        {
          *kind = CHESS_MOTIF_PIN;
          out->actor = actor;
          out->targets[0] = front;
          out->targets[1] = back;
          return TRUE;
        }
      /* A skewer: the dearer front piece moves away and the one behind it
       * is taken. */
      if ((front.type == CHESS_KING || front_value > back_value)
          && back.type != CHESS_KING && is_target (after, s2, actor.type)
          && later_takes (start, line, n, ply + 1, side, back))
        {
          *kind = CHESS_MOTIF_SKEWER;
          out->actor = actor;
          out->targets[0] = front;
          out->targets[1] = back;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
find_discovered (const ChessBoard *board,
                 const ChessBoard *after,
                 ChessMove         move,
                 const ChessBoard *start,
                 const ChessMove  *line,
                 guint             n,
                 guint             ply,
                 ChessReviewMotif *out)
{
  ChessColor side = board->side;
  ChessBitboard sliders = (after->by_type[CHESS_BISHOP] | after->by_type[CHESS_ROOK]
                           | after->by_type[CHESS_QUEEN]) & after->by_color[side]
                          & ~CHESS_BB (chess_move_to (move));

  if (chess_move_is_castle (move))
    return FALSE;
  while (sliders)
    {
      ChessSquare sq = chess_bb_pop (&sliders);
      ChessPieceType type = chess_piece_type (chess_board_piece_at (after, sq));
      ChessBitboard opened = attacks_from (type, sq, side, occupancy (after))
                             & ~attacks_from (type, sq, side, occupancy (board))
                             & after->by_color[after->side];

      while (opened)
        {
          ChessSquare target_sq = chess_bb_pop (&opened);
          ChessMotifPiece target = piece_at (after, target_sq);

          if (!is_target (after, target_sq, type))
            continue;
          /* A discovered check wins whatever is taken meanwhile. */
          if (!later_takes (start, line, n, ply + 1, side,
                            target.type == CHESS_KING ? no_piece () : target))
            continue;
          out->actor = piece_at (after, sq);
          out->targets[0] = target;
          out->targets[1] = no_piece ();
          return TRUE;
        }
    }
  return FALSE;
}

/* A fork, pin, skewer or discovered attack played at ply 0 or 2 (up to
 * `last_ply`) of `line` from `start`: its kind, and in `out` the pieces
 * and the move (the board before it and the move). A pin to the king
 * counts without winning anything later unless `must_win`. */
static ChessMotifKind
find_tactic (const ChessBoard *start,
             const ChessMove  *line,
             guint             n,
             guint             last_ply,
             gboolean          must_win,
             ChessReviewMotif *out)
{
  ChessBoard board = *start;

  for (guint ply = 0; ply < n && ply <= last_ply; ply++)
    {
      ChessMove move = line[ply];
      ChessBoard after = board;
      ChessUndo undo;
      ChessMotifKind kind = CHESS_MOTIF_NONE;

      if (!chess_board_is_legal (&board, move))
        break;
      chess_board_make (&after, move, &undo);
      if (ply % 2 == 0)
        {
          if (find_fork (&after, chess_move_to (move), start, line, n, ply, out))
            kind = CHESS_MOTIF_FORK;
          else if (!find_pin_or_skewer (&after, chess_move_to (move), start, line, n, ply,
                                        must_win, &kind, out)
                   && find_discovered (&board, &after, move, start, line, n, ply, out))
            kind = CHESS_MOTIF_DISCOVERED;
          if (kind != CHESS_MOTIF_NONE)
            {
              out->board = board;
              out->line[0] = move;
              out->line_length = 1;
              return kind;
            }
        }
      board = after;
    }
  return CHESS_MOTIF_NONE;
}

/* ---- The played move ----------------------------------------------------- */

static gboolean
is_ending (const ChessBoard *board)
{
  ChessBitboard pieces = occupancy (board) & ~board->by_type[CHESS_PAWN] & ~board->by_type[CHESS_KING];

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
  out->line_length = play (&check, line, MIN (n, CHESS_REVIEW_MAX_LINE));
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
  if (captured_type (&passed, reply) != CHESS_NO_PIECE_TYPE)
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
  out->lost = out->actor = out->targets[0] = out->targets[1] = no_piece ();
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

  line_outcome (&after, move->reply_line, move->reply_line_length, mover, &outcome);
  out->loss = balance (before, mover) - outcome.settled;
  int drop = CLAMP (before_eval - after_eval, 0, DROP_EXPLAINED_CAP);
  if (out->loss >= MATERIAL_NAMED && 2 * out->loss >= drop)
    {
      ChessMotifKind kind = find_tactic (&after, move->reply_line, move->reply_line_length,
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
      play (&out->board, move->reply_line, outcome.lost_ply);
      out->line[0] = move->reply_line[outcome.lost_ply];
      out->line_length = 1;

      ChessMotifPiece standing = piece_at (&after, outcome.lost.square);
      gboolean still_there = standing.type == outcome.lost.type
                             && chess_piece_color (chess_board_piece_at (&after, outcome.lost.square)) == mover;
      int cheapest = still_there ? cheapest_attacker (&after, outcome.lost.square, after.side) : 0;
      gboolean attacked_badly = cheapest > 0
                                && (!is_defended (&after, outcome.lost.square)
                                    || cheapest < chess_review_motif_value (outcome.lost.type));

      if (outcome.lost.type != CHESS_NO_PIECE_TYPE && attacked_badly
          && out->loss + LOSS_SLACK >= chess_review_motif_value (outcome.lost.type))
        out->kind = outcome.lost.square == chess_move_to (move->move)
                    ? CHESS_MOTIF_EN_PRISE : CHESS_MOTIF_HANGING;
      else
        out->kind = CHESS_MOTIF_MATERIAL;
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
  out->lost = out->actor = out->targets[0] = out->targets[1] = no_piece ();
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

  kind = find_tactic (before, move->best_line, move->best_line_length, 0, FALSE, out);
  if (kind != CHESS_MOTIF_NONE)
    {
      out->kind = kind == CHESS_MOTIF_FORK ? CHESS_MOTIF_BETTER_FORK
                  : kind == CHESS_MOTIF_PIN ? CHESS_MOTIF_BETTER_PIN
                  : kind == CHESS_MOTIF_SKEWER ? CHESS_MOTIF_BETTER_SKEWER
                  : CHESS_MOTIF_BETTER_DISCOVERED;
      return TRUE;
    }

  line_outcome (before, move->best_line, move->best_line_length, mover, &outcome);
  int gain = outcome.settled - balance (before, mover);
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
