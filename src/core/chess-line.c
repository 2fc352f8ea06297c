/* chess-line.c — a game's moves from its start position, and the draw
 * rules that need the history. */
#include "config.h"

#include "chess-core-private.h"
#include "chess-line.h"

void
chess_line_init (ChessLine        *self,
                 const ChessBoard *start)
{
  g_return_if_fail (self != NULL && start != NULL);

  self->start = *start;
  self->current = *start;
  self->capacity = 32;
  self->n_moves = 0;
  self->moves = g_new (ChessMove, self->capacity);
  self->undos = g_new (ChessUndo, self->capacity);
  self->keys = g_new (uint64_t, self->capacity + 1);
  self->keys[0] = start->key;
}

void
chess_line_clear (ChessLine *self)
{
  g_return_if_fail (self != NULL);

  g_clear_pointer (&self->moves, g_free);
  g_clear_pointer (&self->undos, g_free);
  g_clear_pointer (&self->keys, g_free);
  self->n_moves = 0;
  self->capacity = 0;
}

void
chess_line_copy (ChessLine       *dest,
                 const ChessLine *src)
{
  g_return_if_fail (dest != NULL && src != NULL);

  *dest = *src;
  dest->moves = g_memdup2 (src->moves, src->capacity * sizeof *src->moves);
  dest->undos = g_memdup2 (src->undos, src->capacity * sizeof *src->undos);
  dest->keys = g_memdup2 (src->keys, (src->capacity + 1) * sizeof *src->keys);
}

void
chess_line_push (ChessLine *self,
                 ChessMove  move)
{
  g_return_if_fail (self != NULL && self->moves != NULL);

#ifdef CHESS_ENABLE_DEBUG_CHECKS
  g_assert (chess_board_is_legal_or_null (&self->current, move));
#endif

  if (self->n_moves == self->capacity)
    {
      self->capacity *= 2;
      self->moves = g_renew (ChessMove, self->moves, self->capacity);
      self->undos = g_renew (ChessUndo, self->undos, self->capacity);
      self->keys = g_renew (uint64_t, self->keys, self->capacity + 1);
    }
  chess_board_make (&self->current, move, &self->undos[self->n_moves]);
  self->moves[self->n_moves++] = move;
  self->keys[self->n_moves] = self->current.key;
}

ChessMove
chess_line_pop (ChessLine *self)
{
  ChessMove move;

  g_return_val_if_fail (self != NULL, CHESS_MOVE_NONE);

  if (self->n_moves == 0)
    return CHESS_MOVE_NONE;
  move = self->moves[--self->n_moves];
  chess_board_unmake (&self->current, move, &self->undos[self->n_moves]);
  return move;
}

void
chess_line_board_at (const ChessLine *self,
                     size_t           ply,
                     ChessBoard      *board)
{
  g_return_if_fail (self != NULL && board != NULL);
  g_return_if_fail (ply <= self->n_moves);

  /* Walk back from the current position with the saved undo records. */
  *board = self->current;
  for (size_t i = self->n_moves; i > ply; i--)
    chess_board_unmake (board, self->moves[i - 1], &self->undos[i - 1]);
}

/* Occurrences of `key` among keys[0..last] at the plies with the same side
 * to move as ply `last`, going back no further than `clock` plies (a
 * capture or pawn move makes the older positions unreachable). */
static int
count_key (const ChessLine *self, size_t last, uint64_t key, unsigned clock)
{
  int count = 0;

  for (size_t back = 0; back <= clock && back <= last; back += 2)
    if (self->keys[last - back] == key)
      count++;
  return count;
}

int
chess_line_repetitions (const ChessLine *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return count_key (self, self->n_moves, self->current.key, self->current.halfmove_clock);
}

ChessStatus
chess_line_status (const ChessLine *self)
{
  const ChessBoard *b;

  g_return_val_if_fail (self != NULL, CHESS_STATUS_ONGOING);

  b = &self->current;
  if (chess_board_count_legal (b) == 0)
    return chess_board_in_check (b) ? CHESS_STATUS_CHECKMATE : CHESS_STATUS_STALEMATE;
  if (!chess_board_can_mate (b, CHESS_COLOR_WHITE) && !chess_board_can_mate (b, CHESS_COLOR_BLACK))
    return CHESS_STATUS_INSUFFICIENT_MATERIAL;
  if (chess_line_repetitions (self) >= 5)
    return CHESS_STATUS_FIVEFOLD_REPETITION;
  if (b->halfmove_clock >= 150)
    return CHESS_STATUS_SEVENTY_FIVE_MOVES;
  return CHESS_STATUS_ONGOING;
}

ChessClaim
chess_line_claimable (const ChessLine *self)
{
  g_return_val_if_fail (self != NULL, CHESS_CLAIM_NONE);

  if (chess_line_repetitions (self) >= 3)
    return CHESS_CLAIM_THREEFOLD_REPETITION;
  if (self->current.halfmove_clock >= 100)
    return CHESS_CLAIM_FIFTY_MOVES;
  return CHESS_CLAIM_NONE;
}

ChessClaim
chess_line_claimable_with (const ChessLine *self,
                           ChessMove        move)
{
  ChessBoard after;
  ChessUndo undo;
  int count;

  g_return_val_if_fail (self != NULL, CHESS_CLAIM_NONE);
  g_return_val_if_fail (chess_board_is_legal_or_null (&self->current, move), CHESS_CLAIM_NONE);

  after = self->current;
  chess_board_make (&after, move, &undo);
  /* A mating move ends the game; there is nothing to claim. */
  if (chess_board_count_legal (&after) == 0 && chess_board_in_check (&after))
    return CHESS_CLAIM_NONE;

  count = 1;
  if (after.halfmove_clock > 0 && self->n_moves > 0)
    count += count_key (self, self->n_moves - 1, after.key, after.halfmove_clock - 1u);
  if (count >= 3)
    return CHESS_CLAIM_THREEFOLD_REPETITION;
  if (after.halfmove_clock >= 100)
    return CHESS_CLAIM_FIFTY_MOVES;
  return CHESS_CLAIM_NONE;
}

bool
chess_board_can_mate (const ChessBoard *board,
                      ChessColor        color)
{
  ChessColor other = chess_color_other (color);
  ChessBitboard mine, theirs, bishops;
  int knights;

  g_return_val_if_fail (board != NULL, true);

  mine = board->by_color[color] & ~board->by_type[CHESS_KING];
  theirs = board->by_color[other] & ~board->by_type[CHESS_KING];

  if (mine & (board->by_type[CHESS_PAWN] | board->by_type[CHESS_ROOK] | board->by_type[CHESS_QUEEN]))
    return true;
  if (!mine)
    return false;

  knights = __builtin_popcountll (mine & board->by_type[CHESS_KNIGHT]);
  bishops = mine & board->by_type[CHESS_BISHOP];

  if (knights && bishops)
    return true;
  if (knights)
    /* One knight mates only if the other side has a piece to block its own
     * king with; two knights can mate with the defender's help. */
    return knights >= 2 || theirs != 0;

  /* Bishops only. On one square colour they can mate only if the other side
   * has something other than bishops of that colour to block with. */
  {
    ChessBitboard all_bishops = bishops | (theirs & board->by_type[CHESS_BISHOP]);
    bool one_colour = !(all_bishops & CHESS_DARK_SQUARES) || !(all_bishops & ~CHESS_DARK_SQUARES);

    if ((bishops & CHESS_DARK_SQUARES) && (bishops & ~CHESS_DARK_SQUARES))
      return true;
    if (theirs & ~board->by_type[CHESS_BISHOP])
      return true;
    return !one_colour;
  }
}
