/* chess-review-motif-tactics.c — forks, pins, skewers and discovered
 * attacks in an engine's line, read off the attack tables; each counts only
 * when the line goes on to take what it attacks. */
#include "config.h"

#include "chess-review-motif-private.h"

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
         || !_chess_motif_is_defended (board, sq);
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
  ChessMotifPiece actor = _chess_motif_piece_at (after, to);
  ChessBitboard hits = _chess_motif_attacks_from (actor.type, to, side, _chess_motif_occupancy (after))
                       & after->by_color[after->side];
  ChessMotifPiece targets[16];
  guint n_targets = 0;
  gboolean wins = FALSE;

  while (hits && n_targets < G_N_ELEMENTS (targets))
    {
      ChessSquare sq = chess_bb_pop (&hits);
      if (!is_target (after, sq, actor.type))
        continue;
      targets[n_targets] = _chess_motif_piece_at (after, sq);
      if (targets[n_targets].type != CHESS_KING
          && _chess_motif_later_takes (start, line, n, ply + 1, side, targets[n_targets]))
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
  ChessMotifPiece actor = _chess_motif_piece_at (after, to);
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
      ChessMotifPiece front = _chess_motif_piece_at (after, s1), back = _chess_motif_piece_at (after, s2);
      int front_value = chess_review_motif_value (front.type);
      int back_value = chess_review_motif_value (back.type);

      /* A pin: the front piece cannot move without exposing a dearer one —
       * unless it simply takes the pinning piece. */
      if (front.type != CHESS_KING
          && (back.type == CHESS_KING
              || (back_value > front_value && is_target (after, s2, actor.type)))
          && !((_chess_motif_attacks_from (front.type, s1, after->side, _chess_motif_occupancy (after)) & CHESS_BB (to))
               && (!_chess_motif_is_defended (after, to) || front_value <= actor_value))
          && ((back.type == CHESS_KING && !must_win && front.type != CHESS_PAWN)
              || _chess_motif_later_takes (start, line, n, ply + 1, side, front)
              || _chess_motif_later_takes (start, line, n, ply + 1, side, back)))
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
          && _chess_motif_later_takes (start, line, n, ply + 1, side, back))
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
      ChessBitboard opened = _chess_motif_attacks_from (type, sq, side, _chess_motif_occupancy (after))
                             & ~_chess_motif_attacks_from (type, sq, side, _chess_motif_occupancy (board))
                             & after->by_color[after->side];

      while (opened)
        {
          ChessSquare target_sq = chess_bb_pop (&opened);
          ChessMotifPiece target = _chess_motif_piece_at (after, target_sq);

          if (!is_target (after, target_sq, type))
            continue;
          /* A discovered check wins whatever is taken meanwhile. */
          if (!_chess_motif_later_takes (start, line, n, ply + 1, side,
                                         target.type == CHESS_KING ? _chess_motif_no_piece () : target))
            continue;
          out->actor = _chess_motif_piece_at (after, sq);
          out->targets[0] = target;
          out->targets[1] = _chess_motif_no_piece ();
          return TRUE;
        }
    }
  return FALSE;
}

ChessMotifKind
_chess_motif_find_tactic (const ChessBoard *start,
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
