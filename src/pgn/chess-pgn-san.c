/* chess-pgn-san.c — a fast move resolver for reading games in bulk.
 *
 * chess_move_parse is general and explains every mistake; reading ten
 * thousand games wants something leaner. This finds the pieces that can
 * reach the target square from the attack sets of that square, then tests
 * only those for legality. Anything it does not understand it leaves to
 * chess_move_parse (see chess_pgn_resolve_move's callers).
 */
#include "config.h"

#include <string.h>

#include "chess-core-private.h"
#include "chess-pgn-private.h"

static inline ChessBitboard
bit (int sq)
{
  return (ChessBitboard) 1 << sq;
}

/* The core's attack tables. Slider attacks here come from the rays of an
 * empty board and the table of squares between two squares: a few small,
 * cache-friendly look-ups per move, where the magic tables (large, so often
 * out of cache) would cost more. */
#define knight_attacks chess_knight_attacks
#define king_attacks chess_king_attacks
#define pawn_attacks chess_pawn_attacks

static ChessBitboard pseudo_rook[64];
static ChessBitboard pseudo_bishop[64];

static void
init_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      chess_init ();
      for (int sq = 0; sq < 64; sq++)
        {
          pseudo_rook[sq] = chess_rook_attacks (sq, 0);
          pseudo_bishop[sq] = chess_bishop_attacks (sq, 0);
        }
      g_once_init_leave (&done, 1);
    }
}

/* Of `straight` (moving like rooks) and `diagonal` (like bishops), those
 * that reach `sq` through the occupancy `occ`. */
static inline ChessBitboard
sliders_to (int           sq,
            ChessBitboard straight,
            ChessBitboard diagonal,
            ChessBitboard occ)
{
  ChessBitboard candidates = (pseudo_rook[sq] & straight) | (pseudo_bishop[sq] & diagonal);
  ChessBitboard found = 0;

  while (candidates)
    {
      int s = __builtin_ctzll (candidates);
      candidates &= candidates - 1;
      if ((chess_between[sq][s] & occ) == 0)
        found |= bit (s);
    }
  return found;
}

/* TRUE when one of `enemy` (pieces of colour `them`) attacks `sq` through
 * the occupancy `occ`. */
static inline bool
attacked_by (const ChessBoard *b,
             int               sq,
             ChessColor        them,
             ChessBitboard     enemy,
             ChessBitboard     occ)
{
  ChessBitboard queens = b->by_type[CHESS_QUEEN];

  return (knight_attacks[sq] & b->by_type[CHESS_KNIGHT] & enemy)
         || (pawn_attacks[chess_color_other (them)][sq] & b->by_type[CHESS_PAWN] & enemy)
         || (king_attacks[sq] & b->by_type[CHESS_KING] & enemy)
         || sliders_to (sq, (b->by_type[CHESS_ROOK] | queens) & enemy,
                        (b->by_type[CHESS_BISHOP] | queens) & enemy, occ);
}

/* TRUE when the king of `us` is safe after the piece on `from` goes to
 * `to` (capturing on `captured_sq`, CHESS_NO_SQUARE for none). */
static inline bool
leaves_king_safe (const ChessBoard *b,
                  ChessColor        us,
                  int               from,
                  int               to,
                  int               captured_sq)
{
  ChessColor them = chess_color_other (us);
  ChessBitboard occ = b->by_color[0] | b->by_color[1];
  ChessBitboard gone = captured_sq != CHESS_NO_SQUARE ? bit (captured_sq) : 0;
  ChessBitboard kings = b->by_type[CHESS_KING] & b->by_color[us];
  int ksq = (kings & bit (from)) ? to : __builtin_ctzll (kings);

  /* The captured piece leaves the board before the mover lands: for a
   * capture on `to`, `to` stays occupied. */
  occ = (occ & ~bit (from) & ~gone) | bit (to);
  return !attacked_by (b, ksq, them, b->by_color[them] & ~gone, occ);
}

static int
piece_letter (char c)
{
  switch (c)
    {
    case 'N': return CHESS_KNIGHT;
    case 'B': return CHESS_BISHOP;
    case 'R': return CHESS_ROOK;
    case 'Q': return CHESS_QUEEN;
    case 'K': return CHESS_KING;
    case 'P': return CHESS_PAWN;
    default: return -1;
    }
}

static int
promotion_letter (char c)
{
  switch (c)
    {
    case 'N': case 'n': return CHESS_KNIGHT;
    case 'B': case 'b': return CHESS_BISHOP;
    case 'R': case 'r': return CHESS_ROOK;
    case 'Q': case 'q': return CHESS_QUEEN;
    default: return -1;
    }
}

/* Castling by the rules: the right kept, the squares between king and rook
 * empty, and the king neither in check nor passing or landing on an
 * attacked square. */
static gboolean
resolve_castle (const ChessBoard *b,
                gboolean          king_side,
                ChessMove        *move)
{
  ChessColor us = b->side;
  ChessColor them = chess_color_other (us);
  int k = us == CHESS_COLOR_WHITE ? 4 : 60;
  int right = us == CHESS_COLOR_WHITE
              ? (king_side ? CHESS_CASTLE_WHITE_KING : CHESS_CASTLE_WHITE_QUEEN)
              : (king_side ? CHESS_CASTLE_BLACK_KING : CHESS_CASTLE_BLACK_QUEEN);
  int rook = king_side ? k + 3 : k - 4;
  int step = king_side ? 1 : -1;
  ChessBitboard occ = b->by_color[0] | b->by_color[1];

  if (!(b->castling & right)
      || chess_board_piece_at (b, k) != chess_piece_make (us, CHESS_KING)
      || chess_board_piece_at (b, rook) != chess_piece_make (us, CHESS_ROOK))
    return FALSE;
  for (int sq = k + step; sq != rook; sq += step)
    if (occ & bit (sq))
      return FALSE;
  for (int sq = k; sq != k + 3 * step; sq += step)
    if (attacked_by (b, sq, them, b->by_color[them], occ))
      return FALSE;
  *move = chess_move_make (k, k + 2 * step,
                           king_side ? CHESS_MOVE_KING_CASTLE : CHESS_MOVE_QUEEN_CASTLE);
  return TRUE;
}

gboolean
chess_pgn_resolve_move (const ChessBoard *b,
                        const char       *s,
                        gsize             n,
                        ChessMove        *move)
{
  init_tables ();

  /* Check, mate and annotation marks say nothing about which move it is. */
  while (n > 0 && (s[n - 1] == '+' || s[n - 1] == '#' || s[n - 1] == '!' || s[n - 1] == '?'))
    n--;
  if (n >= 4 && s[n - 1] == 'p' && s[n - 2] == 'e' && s[n - 3] >= '1' && s[n - 3] <= '8')
    n -= 2;
  if (n < 2)
    return FALSE;

  /* The null move: "--" (most programs) or "Z0" (some databases). */
  if (n == 2 && ((s[0] == '-' && s[1] == '-') || (s[0] == 'Z' && s[1] == '0')))
    {
      *move = CHESS_MOVE_NULL;
      return chess_board_is_legal_or_null (b, CHESS_MOVE_NULL);
    }

  if (s[0] == 'O' || s[0] == '0' || s[0] == 'o')
    {
      if (n == 3 && s[1] == '-' && s[2] == s[0])
        return resolve_castle (b, TRUE, move);
      if (n == 5 && s[1] == '-' && s[2] == s[0] && s[3] == '-' && s[4] == s[0])
        return resolve_castle (b, FALSE, move);
      return FALSE;
    }

  int promo = CHESS_NO_PIECE_TYPE;
  if (n >= 3 && promotion_letter (s[n - 1]) >= 0
      && (s[n - 2] == '=' || (s[n - 2] >= '1' && s[n - 2] <= '8')))
    {
      promo = promotion_letter (s[n - 1]);
      n -= s[n - 2] == '=' ? 2 : 1;
    }
  if (n < 2 || s[n - 2] < 'a' || s[n - 2] > 'h' || s[n - 1] < '1' || s[n - 1] > '8')
    return FALSE;
  int to = chess_square_make (s[n - 2] - 'a', s[n - 1] - '1');
  n -= 2;

  /* What is left names the piece and where it comes from. */
  gsize i = 0;
  int type = -1;
  if (i < n && piece_letter (s[i]) >= 0)
    type = piece_letter (s[i++]);
  if (n > i && (s[n - 1] == 'x' || s[n - 1] == '-' || s[n - 1] == ':'))
    n--;
  int from_file = -1, from_rank = -1;
  if (i < n && s[i] >= 'a' && s[i] <= 'h')
    from_file = s[i++] - 'a';
  if (i < n && s[i] >= '1' && s[i] <= '8')
    from_rank = s[i++] - '1';
  if (i != n)
    return FALSE;

  ChessColor us = b->side;
  ChessColor them = chess_color_other (us);
  ChessBitboard own = b->by_color[us];
  ChessBitboard occ = own | b->by_color[them];

  if (own & bit (to))
    return FALSE;

  if (type < 0)
    {
      /* "g1f3" names a square, not a piece: take whatever stands there. */
      if (from_file >= 0 && from_rank >= 0)
        {
          int p = chess_board_piece_at (b, chess_square_make (from_file, from_rank));
          if (p == CHESS_NO_PIECE || chess_piece_color (p) != us)
            return FALSE;
          type = chess_piece_type (p);
        }
      else
        type = CHESS_PAWN;
    }

  ChessBitboard candidates;
  ChessBitboard mine = own & b->by_type[type];
  switch (type)
    {
    case CHESS_KNIGHT:
      candidates = knight_attacks[to] & mine;
      break;
    case CHESS_BISHOP:
      candidates = sliders_to (to, 0, mine, occ);
      break;
    case CHESS_ROOK:
      candidates = sliders_to (to, mine, 0, occ);
      break;
    case CHESS_QUEEN:
      candidates = sliders_to (to, mine, mine, occ);
      break;
    case CHESS_KING:
      /* Castling written as the king's move: e1g1, Ke1-c1. (`mine` is
       * tested first: __builtin_ctzll (0) is undefined.) */
      if (mine && (from_file < 0 || from_file == 4))
        {
          int k = __builtin_ctzll (mine);
          if (chess_square_file (k) == 4 && (to == k + 2 || to == k - 2))
            return resolve_castle (b, to == k + 2, move);
        }
      candidates = king_attacks[to] & mine;
      break;
    case CHESS_PAWN:
    default:
      if ((occ & bit (to)) || to == b->ep_square)
        candidates = pawn_attacks[them][to] & mine;
      else
        {
          /* A push: one square, or two onto the fourth rank (the fifth for
           * Black) over an empty square. Shifting the target's bit by a
           * constant never leaves the 64 bits, where square arithmetic
           * would need range checks. */
          ChessBitboard target = bit (to);
          ChessBitboard one = us == CHESS_COLOR_WHITE ? target >> 8 : target << 8;
          ChessBitboard two = us == CHESS_COLOR_WHITE ? target >> 16 : target << 16;
          ChessBitboard fourth = us == CHESS_COLOR_WHITE ? CHESS_RANK_4 : CHESS_RANK_5;
          if (mine & one)
            candidates = one;
          else if (!(occ & one) && (target & fourth))
            candidates = mine & two;
          else
            candidates = 0;
        }
      break;
    }

  if (from_file >= 0)
    candidates &= (ChessBitboard) 0x0101010101010101ULL << from_file;
  if (from_rank >= 0)
    candidates &= (ChessBitboard) 0xffULL << (8 * from_rank);

  /* A pawn must promote on the last rank, and only there. */
  gboolean last_rank = chess_square_rank (to) == (us == CHESS_COLOR_WHITE ? 7 : 0);
  if (type == CHESS_PAWN)
    {
      if (last_rank != (promo != CHESS_NO_PIECE_TYPE))
        return FALSE;
    }
  else if (promo != CHESS_NO_PIECE_TYPE)
    return FALSE;

  ChessMove found = CHESS_MOVE_NONE;
  while (candidates)
    {
      int from = __builtin_ctzll (candidates);
      candidates &= candidates - 1;

      int flags = CHESS_MOVE_QUIET;
      int captured = CHESS_NO_SQUARE;
      if (occ & bit (to))
        {
          flags = CHESS_MOVE_CAPTURE;
          captured = to;
        }
      if (type == CHESS_PAWN)
        {
          if (to == b->ep_square && chess_square_file (from) != chess_square_file (to)
              && !(occ & bit (to)))
            {
              flags = CHESS_MOVE_EN_PASSANT;
              captured = to + (us == CHESS_COLOR_WHITE ? -8 : 8);
            }
          else if (to - from == 16 || from - to == 16)
            flags = CHESS_MOVE_DOUBLE_PUSH;
          if (promo != CHESS_NO_PIECE_TYPE)
            flags |= CHESS_MOVE_PROMOTION | (promo - CHESS_KNIGHT);
        }
      if (!leaves_king_safe (b, us, from, to, captured))
        continue;
      if (found != CHESS_MOVE_NONE)
        return FALSE;   /* ambiguous: chess_move_parse says so */
      found = chess_move_make (from, to, flags);
    }

  if (found == CHESS_MOVE_NONE)
    return FALSE;
  *move = found;
  return TRUE;
}
