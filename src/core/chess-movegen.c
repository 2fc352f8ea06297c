/* chess-movegen.c — make/unmake, fully legal move generation and perft.
 *
 * The generator is legal by construction: it computes the checkers and the
 * pinned pieces first, restricts every piece to the squares that answer the
 * check and to its pin line, and tests king steps and en-passant captures
 * against the occupancy after the move. One body serves both the move list
 * and the bulk count that perft uses at its last ply.
 */
#include "config.h"

#include "chess-core-private.h"

#ifdef CHESS_ENABLE_DEBUG_CHECKS
#define DEBUG_CHECK(b) g_assert (chess_board_is_ok (b))
#else
#define DEBUG_CHECK(b) ((void) 0)
#endif

static CHESS_ALWAYS_INLINE void
move_piece (ChessBoard *b, ChessPiece p, int from, int to)
{
  ChessBitboard ft = CHESS_BB (from) | CHESS_BB (to);

  b->by_type[chess_piece_type (p)] ^= ft;
  b->by_color[chess_piece_color (p)] ^= ft;
  b->squares[from] = CHESS_NO_PIECE;
  b->squares[to] = p;
}

static CHESS_ALWAYS_INLINE void
toggle_piece (ChessBoard *b, ChessPiece p, int sq)
{
  b->by_type[chess_piece_type (p)] ^= CHESS_BB (sq);
  b->by_color[chess_piece_color (p)] ^= CHESS_BB (sq);
}

static CHESS_ALWAYS_INLINE void
board_make (ChessBoard *b, ChessMove move, ChessUndo *undo)
{
  int from = chess_move_from (move), to = chess_move_to (move);
  int flags = chess_move_flags (move);
  ChessColor us = (ChessColor) b->side;
  ChessPiece piece = (ChessPiece) b->squares[from];
  ChessPiece captured = CHESS_NO_PIECE;
  uint64_t key = b->key ^ chess_zobrist_side;
  uint8_t castling;

  undo->key = b->key;
  undo->halfmove_clock = b->halfmove_clock;
  undo->fullmove_number = b->fullmove_number;
  undo->castling = b->castling;
  undo->ep_square = b->ep_square;

  if (b->ep_square != CHESS_NO_SQUARE)
    {
      if (chess_board_ep_capture_legal (b))
        key ^= chess_zobrist_ep[chess_square_file (b->ep_square)];
      b->ep_square = CHESS_NO_SQUARE;
    }
  /* Both counters saturate: a PGN file may hold a million moves. */
  if (b->halfmove_clock < UINT16_MAX)
    b->halfmove_clock++;
  if (us == CHESS_COLOR_BLACK && b->fullmove_number < UINT16_MAX)
    b->fullmove_number++;

  if (flags == CHESS_MOVE_EN_PASSANT)
    {
      int victim = us == CHESS_COLOR_WHITE ? to - 8 : to + 8;
      captured = (ChessPiece) b->squares[victim];
      toggle_piece (b, captured, victim);
      b->squares[victim] = CHESS_NO_PIECE;
      key ^= chess_zobrist_piece[captured][victim];
    }
  else if (flags & CHESS_MOVE_CAPTURE)
    {
      captured = (ChessPiece) b->squares[to];
      toggle_piece (b, captured, to);
      key ^= chess_zobrist_piece[captured][to];
    }
  undo->captured = captured;

  move_piece (b, piece, from, to);
  key ^= chess_zobrist_piece[piece][from] ^ chess_zobrist_piece[piece][to];

  if (flags & CHESS_MOVE_PROMOTION)
    {
      ChessPiece promoted = chess_piece_make (us, chess_move_promotion (move));
      b->by_type[CHESS_PAWN] ^= CHESS_BB (to);
      b->by_type[chess_piece_type (promoted)] ^= CHESS_BB (to);
      b->squares[to] = promoted;
      key ^= chess_zobrist_piece[piece][to] ^ chess_zobrist_piece[promoted][to];
    }
  else if (flags == CHESS_MOVE_KING_CASTLE || flags == CHESS_MOVE_QUEEN_CASTLE)
    {
      int rfrom = flags == CHESS_MOVE_KING_CASTLE ? to + 1 : to - 2;
      int rto = flags == CHESS_MOVE_KING_CASTLE ? to - 1 : to + 1;
      ChessPiece rook = chess_piece_make (us, CHESS_ROOK);
      move_piece (b, rook, rfrom, rto);
      key ^= chess_zobrist_piece[rook][rfrom] ^ chess_zobrist_piece[rook][rto];
    }

  if (chess_piece_type (piece) == CHESS_PAWN || captured != CHESS_NO_PIECE)
    b->halfmove_clock = 0;

  castling = b->castling & chess_castling_keep[from] & chess_castling_keep[to];
  if (castling != b->castling)
    {
      key ^= chess_zobrist_castling[b->castling] ^ chess_zobrist_castling[castling];
      b->castling = castling;
    }

  b->side = chess_color_other (us);
  if (flags == CHESS_MOVE_DOUBLE_PUSH)
    {
      b->ep_square = (uint8_t) ((from + to) / 2);
      if (chess_board_ep_capture_legal (b))
        key ^= chess_zobrist_ep[chess_square_file (b->ep_square)];
    }
  b->key = key;
}

static CHESS_ALWAYS_INLINE void
board_unmake (ChessBoard *b, ChessMove move, const ChessUndo *undo)
{
  int from = chess_move_from (move), to = chess_move_to (move);
  int flags = chess_move_flags (move);
  ChessColor us = chess_color_other ((ChessColor) b->side);
  ChessPiece piece = (ChessPiece) b->squares[to];

  b->side = us;
  b->fullmove_number = undo->fullmove_number;

  if (flags & CHESS_MOVE_PROMOTION)
    {
      ChessPiece pawn = chess_piece_make (us, CHESS_PAWN);
      b->by_type[chess_piece_type (piece)] ^= CHESS_BB (to);
      b->by_type[CHESS_PAWN] ^= CHESS_BB (to);
      piece = pawn;
    }
  else if (flags == CHESS_MOVE_KING_CASTLE || flags == CHESS_MOVE_QUEEN_CASTLE)
    {
      int rfrom = flags == CHESS_MOVE_KING_CASTLE ? to + 1 : to - 2;
      int rto = flags == CHESS_MOVE_KING_CASTLE ? to - 1 : to + 1;
      move_piece (b, chess_piece_make (us, CHESS_ROOK), rto, rfrom);
    }
  move_piece (b, piece, to, from);

  if (undo->captured != CHESS_NO_PIECE)
    {
      int csq = flags == CHESS_MOVE_EN_PASSANT ? (us == CHESS_COLOR_WHITE ? to - 8 : to + 8) : to;
      toggle_piece (b, (ChessPiece) undo->captured, csq);
      b->squares[csq] = undo->captured;
    }

  b->key = undo->key;
  b->halfmove_clock = undo->halfmove_clock;
  b->castling = undo->castling;
  b->ep_square = undo->ep_square;
}

/* A null move: only the turn, the en-passant square and the counters. */
static void
board_make_null (ChessBoard *b, ChessUndo *undo)
{
  undo->key = b->key;
  undo->halfmove_clock = b->halfmove_clock;
  undo->fullmove_number = b->fullmove_number;
  undo->castling = b->castling;
  undo->ep_square = b->ep_square;
  undo->captured = CHESS_NO_PIECE;

  b->key ^= chess_zobrist_side;
  if (b->ep_square != CHESS_NO_SQUARE)
    {
      if (chess_board_ep_capture_legal (b))
        b->key ^= chess_zobrist_ep[chess_square_file (b->ep_square)];
      b->ep_square = CHESS_NO_SQUARE;
    }
  if (b->halfmove_clock < UINT16_MAX)
    b->halfmove_clock++;
  if (b->side == CHESS_COLOR_BLACK && b->fullmove_number < UINT16_MAX)
    b->fullmove_number++;
  b->side = chess_color_other ((ChessColor) b->side);
}

void
chess_board_make (ChessBoard *self, ChessMove move, ChessUndo *undo)
{
  if (G_UNLIKELY (move == CHESS_MOVE_NULL))
    board_make_null (self, undo);
  else
    board_make (self, move, undo);
  DEBUG_CHECK (self);
}

void
chess_board_unmake (ChessBoard *self, ChessMove move, const ChessUndo *undo)
{
  if (G_UNLIKELY (move == CHESS_MOVE_NULL))
    {
      self->side = chess_color_other ((ChessColor) self->side);
      self->key = undo->key;
      self->halfmove_clock = undo->halfmove_clock;
      self->fullmove_number = undo->fullmove_number;
      self->ep_square = undo->ep_square;
    }
  else
    board_unmake (self, move, undo);
  DEBUG_CHECK (self);
}

/* Adding moves: in counting mode nothing is written, only popcounts. */
#define ADD(from, to, flag) \
  do { if (!count_only) *list++ = chess_move_make ((from), (to), (flag)); } while (0)

static CHESS_ALWAYS_INLINE ChessMove *
add_targets (ChessMove *list, int from, ChessBitboard targets, ChessBitboard opp)
{
  while (targets)
    {
      int to = chess_bb_pop (&targets);
      *list++ = chess_move_make (from, to, (opp & CHESS_BB (to)) ? CHESS_MOVE_CAPTURE : CHESS_MOVE_QUIET);
    }
  return list;
}

static CHESS_ALWAYS_INLINE ChessMove *
add_pawn_moves (ChessMove *list, ChessBitboard targets, int delta, int flag)
{
  while (targets)
    {
      int to = chess_bb_pop (&targets);
      *list++ = chess_move_make (to - delta, to, flag);
    }
  return list;
}

static CHESS_ALWAYS_INLINE ChessMove *
add_promotions (ChessMove *list, int from, int to, bool capture)
{
  int base = capture ? CHESS_MOVE_PROMO_CAPTURE : CHESS_MOVE_PROMOTION;

  *list++ = chess_move_make (from, to, base + 3);
  *list++ = chess_move_make (from, to, base + 0);
  *list++ = chess_move_make (from, to, base + 2);
  *list++ = chess_move_make (from, to, base + 1);
  return list;
}

static CHESS_ALWAYS_INLINE ChessBitboard
shift_up (ChessBitboard b, ChessColor c)
{
  return c == CHESS_COLOR_WHITE ? b << 8 : b >> 8;
}

/* Pawn captures towards the a-file and towards the h-file. */
static CHESS_ALWAYS_INLINE ChessBitboard
shift_west (ChessBitboard b, ChessColor c)
{
  b &= ~CHESS_FILE_A;
  return c == CHESS_COLOR_WHITE ? b << 7 : b >> 9;
}

static CHESS_ALWAYS_INLINE ChessBitboard
shift_east (ChessBitboard b, ChessColor c)
{
  b &= ~CHESS_FILE_H;
  return c == CHESS_COLOR_WHITE ? b << 9 : b >> 7;
}

#define POP(b) ((int) __builtin_popcountll (b))

/* Which legal moves gen_legal makes: all, or the noisy ones (captures and
 * promotions). */
typedef enum
{
  GEN_ALL,
  GEN_NOISY,
} GenKind;

/* Legal moves of the side to move of the `kind` asked for, by the pieces
 * on `from_mask`: written to `list` and counted, or (count_only) just
 * counted. Must be inlined so each caller gets its own specialised copy. */
static CHESS_ALWAYS_INLINE int
gen_legal (const ChessBoard *b, ChessMove *list, bool count_only, GenKind kind,
           ChessBitboard from_mask)
{
  bool noisy_only = kind == GEN_NOISY;
  ChessMove *start = list;
  int n = 0;
  ChessColor us = (ChessColor) b->side, them = chess_color_other (us);
  ChessBitboard own = b->by_color[us], opp = b->by_color[them];
  ChessBitboard occ = own | opp;
  ChessBitboard kbb = b->by_type[CHESS_KING] & own;
  int ksq = chess_bb_lsb (kbb);
  ChessBitboard checkers = chess_attackers_to (b, ksq, occ, them);
  ChessBitboard target, piece_target, pinned = 0, snipers, bb;
  ChessBitboard opp_diag = (b->by_type[CHESS_BISHOP] | b->by_type[CHESS_QUEEN]) & opp;
  ChessBitboard opp_orth = (b->by_type[CHESS_ROOK] | b->by_type[CHESS_QUEEN]) & opp;

  /* King steps, tested with the king off the board so it cannot hide
   * behind itself along a slider's ray. */
  {
    ChessBitboard steps = chess_king_attacks[ksq] & (noisy_only ? opp : ~own);

    if (!(kbb & from_mask))
      steps = 0;
    ChessBitboard occ_nok = occ ^ kbb;
    while (steps)
      {
        int to = chess_bb_pop (&steps);
        if ((chess_pawn_attacks[us][to] & b->by_type[CHESS_PAWN] & opp)
            || (chess_knight_attacks[to] & b->by_type[CHESS_KNIGHT] & opp)
            || (chess_king_attacks[to] & b->by_type[CHESS_KING] & opp)
            || (chess_bishop_attacks (to, occ_nok) & opp_diag)
            || (chess_rook_attacks (to, occ_nok) & opp_orth))
          continue;
        if (count_only)
          n++;
        else
          *list++ = chess_move_make (ksq, to, (opp & CHESS_BB (to)) ? CHESS_MOVE_CAPTURE : CHESS_MOVE_QUIET);
      }
  }

  if (chess_bb_several (checkers))
    return count_only ? n : (int) (list - start);

  target = checkers ? (chess_between[ksq][chess_bb_lsb (checkers)] | checkers) : ~own;
  /* The pieces' moves: only captures when only the noisy ones are wanted. */
  piece_target = noisy_only ? target & opp : target;

  snipers = ((chess_rook_attacks (ksq, opp) & opp_orth)
             | (chess_bishop_attacks (ksq, opp) & opp_diag));
  while (snipers)
    {
      int s = chess_bb_pop (&snipers);
      ChessBitboard between = chess_between[ksq][s] & own;
      if (between && !chess_bb_several (between))
        pinned |= between;
    }

  /* Knights: a pinned knight never moves. */
  bb = b->by_type[CHESS_KNIGHT] & own & ~pinned & from_mask;
  while (bb)
    {
      int from = chess_bb_pop (&bb);
      ChessBitboard t = chess_knight_attacks[from] & piece_target;
      if (count_only)
        n += POP (t);
      else
        list = add_targets (list, from, t, opp);
    }

  /* Sliders; a pinned one stays on the line through its king. When in
   * check a pinned piece has no legal move at all. */
  bb = (b->by_type[CHESS_BISHOP] | b->by_type[CHESS_QUEEN]) & own & from_mask;
  if (checkers)
    bb &= ~pinned;
  while (bb)
    {
      int from = chess_bb_pop (&bb);
      ChessBitboard t = chess_bishop_attacks (from, occ) & piece_target;
      if (pinned & CHESS_BB (from))
        t &= chess_line[ksq][from];
      if (count_only)
        n += POP (t);
      else
        list = add_targets (list, from, t, opp);
    }
  bb = (b->by_type[CHESS_ROOK] | b->by_type[CHESS_QUEEN]) & own & from_mask;
  if (checkers)
    bb &= ~pinned;
  while (bb)
    {
      int from = chess_bb_pop (&bb);
      ChessBitboard t = chess_rook_attacks (from, occ) & piece_target;
      if (pinned & CHESS_BB (from))
        t &= chess_line[ksq][from];
      if (count_only)
        n += POP (t);
      else
        list = add_targets (list, from, t, opp);
    }

  /* Pawns. */
  {
    ChessBitboard pawns = b->by_type[CHESS_PAWN] & own & from_mask;
    ChessBitboard free_pawns = pawns & ~pinned;
    ChessBitboard empty = ~occ;
    ChessBitboard last = us == CHESS_COLOR_WHITE ? CHESS_RANK_8 : CHESS_RANK_1;
    ChessBitboard third = us == CHESS_COLOR_WHITE ? CHESS_RANK_3 : CHESS_RANK_6;
    int up = us == CHESS_COLOR_WHITE ? 8 : -8;
    int west = us == CHESS_COLOR_WHITE ? 7 : -9;
    int east = us == CHESS_COLOR_WHITE ? 9 : -7;
    ChessBitboard single = shift_up (free_pawns, us) & empty;
    ChessBitboard dbl = shift_up (single & third, us) & empty & target;
    ChessBitboard capw = shift_west (free_pawns, us) & opp & target;
    ChessBitboard cape = shift_east (free_pawns, us) & opp & target;

    single &= target;
    /* Noisy pushes are promotions. */
    if (noisy_only)
      {
        single &= last;
        dbl = 0;
      }
    if (count_only)
      {
        n += POP (single & ~last) + POP (dbl)
             + POP (capw & ~last) + POP (cape & ~last)
             + 4 * (POP (single & last) + POP (capw & last) + POP (cape & last));
      }
    else
      {
        ChessBitboard p;
        list = add_pawn_moves (list, single & ~last, up, CHESS_MOVE_QUIET);
        list = add_pawn_moves (list, dbl, 2 * up, CHESS_MOVE_DOUBLE_PUSH);
        list = add_pawn_moves (list, capw & ~last, west, CHESS_MOVE_CAPTURE);
        list = add_pawn_moves (list, cape & ~last, east, CHESS_MOVE_CAPTURE);
        p = single & last;
        while (p)
          {
            int to = chess_bb_pop (&p);
            list = add_promotions (list, to - up, to, false);
          }
        p = capw & last;
        while (p)
          {
            int to = chess_bb_pop (&p);
            list = add_promotions (list, to - west, to, true);
          }
        p = cape & last;
        while (p)
          {
            int to = chess_bb_pop (&p);
            list = add_promotions (list, to - east, to, true);
          }
      }

    /* Pinned pawns move along their pin line only (never when in check). */
    if (!checkers)
      {
        ChessBitboard pp = pawns & pinned;
        while (pp)
          {
            int from = chess_bb_pop (&pp);
            ChessBitboard line = chess_line[ksq][from];
            ChessBitboard t = 0, fbb = CHESS_BB (from);
            ChessBitboard one = shift_up (fbb, us) & empty;

            t |= one;
            t |= shift_up (one & third, us) & empty;
            t |= chess_pawn_attacks[us][from] & opp;
            t &= line;
            if (noisy_only)
              t &= opp | last;
            if (count_only)
              n += (t & last) ? 4 * POP (t) : POP (t);
            else
              while (t)
                {
                  int to = chess_bb_pop (&t);
                  bool cap = (opp & CHESS_BB (to)) != 0;
                  if (CHESS_BB (to) & last)
                    list = add_promotions (list, from, to, cap);
                  else if (to - from == 2 * up)
                    ADD (from, to, CHESS_MOVE_DOUBLE_PUSH);
                  else
                    ADD (from, to, cap ? CHESS_MOVE_CAPTURE : CHESS_MOVE_QUIET);
                }
          }
      }

    /* En passant: rare, so tested exactly with the occupancy after it. */
    if (b->ep_square != CHESS_NO_SQUARE)
      {
        int ep = b->ep_square;
        int victim = ep - up;
        ChessBitboard capturers = chess_pawn_attacks[them][ep] & pawns;
        while (capturers)
          {
            int from = chess_bb_pop (&capturers);
            ChessBitboard after = (occ ^ CHESS_BB (from) ^ CHESS_BB (victim)) | CHESS_BB (ep);
            if ((chess_attackers_to (b, ksq, after, them) & ~CHESS_BB (victim)) == 0)
              {
                if (count_only)
                  n++;
                else
                  ADD (from, ep, CHESS_MOVE_EN_PASSANT);
              }
          }
      }
  }

  /* Castling: the king is not in check, the squares between are empty and
   * the squares it crosses and lands on are not attacked. */
  if (!noisy_only && !checkers && (kbb & from_mask)
      && (b->castling & (us == CHESS_COLOR_WHITE ? 3 : 12)))
    {
      int base = us == CHESS_COLOR_WHITE ? 0 : 56;
      int kright = us == CHESS_COLOR_WHITE ? CHESS_CASTLE_WHITE_KING : CHESS_CASTLE_BLACK_KING;
      int qright = us == CHESS_COLOR_WHITE ? CHESS_CASTLE_WHITE_QUEEN : CHESS_CASTLE_BLACK_QUEEN;

      if ((b->castling & kright)
          && !(occ & (CHESS_BB (base + 5) | CHESS_BB (base + 6)))
          && !chess_attackers_to (b, base + 5, occ, them)
          && !chess_attackers_to (b, base + 6, occ, them))
        {
          if (count_only)
            n++;
          else
            ADD (base + 4, base + 6, CHESS_MOVE_KING_CASTLE);
        }
      if ((b->castling & qright)
          && !(occ & (CHESS_BB (base + 1) | CHESS_BB (base + 2) | CHESS_BB (base + 3)))
          && !chess_attackers_to (b, base + 3, occ, them)
          && !chess_attackers_to (b, base + 2, occ, them))
        {
          if (count_only)
            n++;
          else
            ADD (base + 4, base + 2, CHESS_MOVE_QUEEN_CASTLE);
        }
    }

  return count_only ? n : (int) (list - start);
}

int
chess_board_generate_legal (const ChessBoard *self, ChessMoveList *list)
{
  g_return_val_if_fail (self != NULL && list != NULL, 0);

  list->count = gen_legal (self, list->moves, false, GEN_ALL, ~(ChessBitboard) 0);
  g_assert (list->count <= CHESS_MAX_MOVES);
  return list->count;
}

int
chess_board_generate_noisy (const ChessBoard *self, ChessMoveList *list)
{
  g_return_val_if_fail (self != NULL && list != NULL, 0);

  list->count = gen_legal (self, list->moves, false, GEN_NOISY, ~(ChessBitboard) 0);
  return list->count;
}

/* The number of legal moves, without listing them. */
int
chess_board_count_legal (const ChessBoard *self)
{
  return gen_legal (self, NULL, true, GEN_ALL, ~(ChessBitboard) 0);
}

bool
chess_board_is_legal (const ChessBoard *self, ChessMove move)
{
  ChessMoveList list;

  g_return_val_if_fail (self != NULL, false);

  /* Only the moves of the piece on the move's square. */
  list.count = gen_legal (self, list.moves, false, GEN_ALL, CHESS_BB (chess_move_from (move)));
  for (int i = 0; i < list.count; i++)
    if (list.moves[i] == move)
      return true;
  return false;
}

bool
chess_board_is_legal_or_null (const ChessBoard *self, ChessMove move)
{
  g_return_val_if_fail (self != NULL, false);

  if (move == CHESS_MOVE_NULL)
    return !chess_board_in_check (self);
  return chess_board_is_legal (self, move);
}

ChessMove
chess_board_find_move (const ChessBoard *self,
                       ChessSquare       from,
                       ChessSquare       to,
                       ChessPieceType    promotion)
{
  ChessMoveList list;

  g_return_val_if_fail (self != NULL, CHESS_MOVE_NONE);

  chess_board_generate_legal (self, &list);
  for (int i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      if (chess_move_from (m) == from && chess_move_to (m) == to
          && chess_move_promotion (m) == promotion)
        return m;
    }
  return CHESS_MOVE_NONE;
}

/* Perft: make/unmake down to the last ply, which is counted in bulk. The
 * body is compiled twice, once for CPUs with the POPCNT instruction (the
 * baseline x86-64 target of distribution builds lacks it) and once
 * without; the choice is made at run time. */
#define DEFINE_PERFT(name, attr)                                        \
  attr static uint64_t                                                  \
  name (ChessBoard *b, int depth)                                       \
  {                                                                     \
    ChessMove moves[CHESS_MAX_MOVES];                                   \
    ChessUndo undo;                                                     \
    uint64_t total = 0;                                                 \
    int n;                                                              \
                                                                        \
    if (depth <= 1)                                                     \
      return depth == 1 ? (uint64_t) gen_legal (b, NULL, true, GEN_ALL, ~(ChessBitboard) 0) : 1; \
    n = gen_legal (b, moves, false, GEN_ALL, ~(ChessBitboard) 0);       \
    for (int i = 0; i < n; i++)                                         \
      {                                                                 \
        board_make (b, moves[i], &undo);                                \
        DEBUG_CHECK (b);                                                \
        total += name (b, depth - 1);                                   \
        board_unmake (b, moves[i], &undo);                              \
      }                                                                 \
    return total;                                                       \
  }

DEFINE_PERFT (perft_plain, )

#if defined(__x86_64__) && defined(__GNUC__)
DEFINE_PERFT (perft_popcnt, __attribute__((target ("popcnt"))))

static bool
have_popcnt (void)
{
  __builtin_cpu_init ();
  return __builtin_cpu_supports ("popcnt");
}
#endif

uint64_t
chess_perft (ChessBoard *self, int depth)
{
  g_return_val_if_fail (self != NULL, 0);

#if defined(__x86_64__) && defined(__GNUC__)
  if (have_popcnt ())
    return perft_popcnt (self, depth);
#endif
  return perft_plain (self, depth);
}
