/* chess-movepick.c — move ordering and static exchange evaluation. */
#include "config.h"

#include "chess-movepick.h"

static const int see_value[CHESS_N_PIECE_TYPES + 1] = { 100, 320, 330, 500, 950, 0, 0 };

bool
chess_see_ge (const ChessBoard *b, ChessMove move, int threshold)
{
  int from = chess_move_from (move), to = chess_move_to (move);
  int flags = chess_move_flags (move);
  ChessBitboard occ, attackers, own_att, diag, orth;
  ChessColor stm;
  int swap, result = 1;

  if (flags == CHESS_MOVE_KING_CASTLE || flags == CHESS_MOVE_QUEEN_CASTLE)
    return 0 >= threshold;

  swap = (flags == CHESS_MOVE_EN_PASSANT ? see_value[CHESS_PAWN]
          : see_value[b->squares[to] == CHESS_NO_PIECE ? CHESS_NO_PIECE_TYPE
                      : chess_piece_type ((ChessPiece) b->squares[to])]) - threshold;
  if (chess_move_is_promotion (move))
    swap += see_value[chess_move_promotion (move)] - see_value[CHESS_PAWN];
  if (swap < 0)
    return false;
  swap = (chess_move_is_promotion (move) ? see_value[chess_move_promotion (move)]
          : see_value[chess_piece_type ((ChessPiece) b->squares[from])]) - swap;
  if (swap <= 0)
    return true;

  occ = (b->by_color[0] | b->by_color[1]) ^ CHESS_BB (from) ^ CHESS_BB (to);
  if (flags == CHESS_MOVE_EN_PASSANT)
    occ ^= CHESS_BB (b->side == CHESS_COLOR_WHITE ? to - 8 : to + 8);
  diag = b->by_type[CHESS_BISHOP] | b->by_type[CHESS_QUEEN];
  orth = b->by_type[CHESS_ROOK] | b->by_type[CHESS_QUEEN];
  attackers = chess_attackers_to (b, to, occ, CHESS_COLOR_WHITE)
              | chess_attackers_to (b, to, occ, CHESS_COLOR_BLACK);
  stm = (ChessColor) b->side;

  for (;;)
    {
      ChessBitboard bb;
      int t;

      stm = chess_color_other (stm);
      attackers &= occ;
      own_att = attackers & b->by_color[stm];
      if (!own_att)
        break;
      result ^= 1;

      for (t = CHESS_PAWN; t <= CHESS_KING; t++)
        if ((bb = own_att & b->by_type[t]))
          break;
      if (t == CHESS_KING)
        /* The king may take only when nothing can take it back. */
        return (attackers & ~b->by_color[stm]) ? result ^ 1 : result;

      swap = see_value[t] - swap;
      if (swap < result)
        break;
      occ ^= bb & -bb;
      if (t == CHESS_PAWN || t == CHESS_BISHOP || t == CHESS_QUEEN)
        attackers |= chess_bishop_attacks (to, occ) & diag;
      if (t == CHESS_ROOK || t == CHESS_QUEEN)
        attackers |= chess_rook_attacks (to, occ) & orth;
    }
  return result != 0;
}

static inline int
victim_value (const ChessBoard *b, ChessMove m)
{
  if (chess_move_flags (m) == CHESS_MOVE_EN_PASSANT)
    return see_value[CHESS_PAWN];
  if (!chess_move_is_capture (m))
    return 0;
  return see_value[chess_piece_type ((ChessPiece) b->squares[chess_move_to (m)])];
}

static inline int
attacker_type (const ChessBoard *b, ChessMove m)
{
  return chess_piece_type ((ChessPiece) b->squares[chess_move_from (m)]);
}

int
chess_movepick_init (ChessMovePicker *self, ChessEngine *e, int ply, ChessMove tt_move)
{
  const ChessBoard *b = &e->board;
  ChessMoveList list;
  ChessSearchFrame *f = engine_frame (e, ply);
  ChessSearchFrame *prev1 = engine_frame (e, ply - 1), *prev2 = engine_frame (e, ply - 2);
  bool use_cont = (e->features & CHESS_ENGINE_CONTINUATION) != 0;
  const int16_t *cont1 = use_cont && prev1->piece_to >= 0 ? continuation_row (e, prev1->piece_to) : NULL;
  const int16_t *cont2 = use_cont && prev2->piece_to >= 0 ? continuation_row (e, prev2->piece_to) : NULL;
  ChessMove counter = prev1->piece_to >= 0 ? e->counter_moves[prev1->piece_to] : CHESS_MOVE_NONE;
  const int16_t *hist = e->history[b->side];

  chess_board_generate_legal (b, &list);
  self->count = list.count;
  self->next = 0;
  self->flip = b->side == CHESS_COLOR_WHITE ? 0 : 56;
  for (int i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      int s;

      self->moves[i] = m;
      if (m == tt_move)
        s = 1 << 30;
      else if (chess_move_is_capture (m) || chess_move_promotion (m) == CHESS_QUEEN)
        {
          s = victim_value (b, m) * 8 - attacker_type (b, m)
              + (chess_move_promotion (m) == CHESS_QUEEN ? 2000 : 0);
          if (chess_move_is_promotion (m) && chess_move_promotion (m) != CHESS_QUEEN)
            s = -(1 << 29);
          else
            s += chess_see_ge (b, m, 0) ? CHESS_MOVEPICK_GOOD_CAPTURE : -CHESS_MOVEPICK_GOOD_CAPTURE;
        }
      else if (chess_move_is_promotion (m))
        s = -(1 << 29);
      else if (m == f->killers[0])
        s = CHESS_MOVEPICK_KILLER + 2;
      else if (m == f->killers[1])
        s = CHESS_MOVEPICK_KILLER + 1;
      else if (m == counter)
        s = CHESS_MOVEPICK_KILLER;
      else
        {
          int pt = b->squares[chess_move_from (m)] * 64 + chess_move_to (m);
          s = hist[m & 4095];
          if (cont1)
            s += cont1[pt];
          if (cont2)
            s += cont2[pt];
        }
      self->scores[i] = s;
    }
  return list.count;
}

void
chess_movepick_init_qs (ChessMovePicker *self, ChessEngine *e, bool in_check, int *n_legal)
{
  const ChessBoard *b = &e->board;
  ChessMoveList list;

  /* Out of check only captures and promotions are searched: only they are
   * generated, and all the moves counted only when there are none (a
   * stalemate ends the line here too). */
  if (in_check)
    *n_legal = chess_board_generate_legal (b, &list);
  else if (chess_board_generate_noisy (b, &list) > 0)
    *n_legal = list.count;
  else
    *n_legal = chess_board_count_legal (b);
  self->count = 0;
  self->next = 0;
  self->flip = b->side == CHESS_COLOR_WHITE ? 0 : 56;
  for (int i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      if (in_check)
        {
          self->moves[self->count] = m;
          self->scores[self->count++] = chess_move_is_capture (m) ? victim_value (b, m) * 8 - attacker_type (b, m) + 10000 : 0;
        }
      else if (chess_move_is_capture (m) ? !chess_move_is_promotion (m) || chess_move_promotion (m) == CHESS_QUEEN
                                          : chess_move_promotion (m) == CHESS_QUEEN)
        {
          self->moves[self->count] = m;
          self->scores[self->count++] = victim_value (b, m) * 8 - attacker_type (b, m)
                                        + (chess_move_is_promotion (m) ? 5000 : 0);
        }
    }
}

ChessMove
chess_movepick_next (ChessMovePicker *self, int *score)
{
  int best;

  if (self->next >= self->count)
    return CHESS_MOVE_NONE;
  best = self->next;
  for (int i = self->next + 1; i < self->count; i++)
    if (self->scores[i] > self->scores[best]
        || (self->scores[i] == self->scores[best]
            && chess_movepick_tie_key (self->moves[i], self->flip)
               < chess_movepick_tie_key (self->moves[best], self->flip)))
      best = i;
  {
    ChessMove m = self->moves[best];
    int s = self->scores[best];
    self->moves[best] = self->moves[self->next];
    self->scores[best] = self->scores[self->next];
    self->moves[self->next] = m;
    self->scores[self->next] = s;
    self->next++;
    if (score)
      *score = s;
    return m;
  }
}
