/* chess-endgame.c — what the evaluation's sums cannot know about endings
 * (see chess-endgame.h). Scores here are from White's view until the end. */
#include "config.h"

#include <stdlib.h>

#include "chess-endgame.h"
#include "chess-engine-bits.h"
#include "chess-kpk.h"

/* Above anything the sums give for a pawn or two: the ending is won. */
#define KNOWN_WIN 600

/* Piece values for the balances below (not the tuned ones: these only
 * order won endings among themselves and decide which balances draw). */
enum
{
  VALUE_PAWN = 100,
  VALUE_KNIGHT = 320,
  VALUE_BISHOP = 330,
  VALUE_ROOK = 500,
  VALUE_QUEEN = 950,
};

typedef struct
{
  const ChessBoard *b;
  int pawns[2], knights[2], bishops[2], rooks[2], queens[2];
  int npm[2];                   /* material besides pawns */
  int king[2];
} Material;

static void
material_count (Material *m, const ChessBoard *b)
{
  m->b = b;
  for (int c = 0; c < 2; c++)
    {
      m->pawns[c] = chess_bb_count (chess_board_pieces (b, (ChessColor) c, CHESS_PAWN));
      m->knights[c] = chess_bb_count (chess_board_pieces (b, (ChessColor) c, CHESS_KNIGHT));
      m->bishops[c] = chess_bb_count (chess_board_pieces (b, (ChessColor) c, CHESS_BISHOP));
      m->rooks[c] = chess_bb_count (chess_board_pieces (b, (ChessColor) c, CHESS_ROOK));
      m->queens[c] = chess_bb_count (chess_board_pieces (b, (ChessColor) c, CHESS_QUEEN));
      m->npm[c] = m->knights[c] * VALUE_KNIGHT + m->bishops[c] * VALUE_BISHOP
                  + m->rooks[c] * VALUE_ROOK + m->queens[c] * VALUE_QUEEN;
      m->king[c] = chess_bb_lsb (chess_board_pieces (b, (ChessColor) c, CHESS_KING));
    }
}

static inline int
relative_rank (int sq, ChessColor c)
{
  return c == CHESS_COLOR_WHITE ? sq >> 3 : 7 - (sq >> 3);
}

static inline int
white_view (int score, ChessColor c)
{
  return c == CHESS_COLOR_WHITE ? score : -score;
}

/* 0 in the centre, 6 in a corner. */
static inline int
edge_distance (int sq)
{
  int f = sq & 7, r = sq >> 3;

  return (f < 4 ? 3 - f : f - 4) + (r < 4 ? 3 - r : r - 4);
}

/* Mating a bare king: drive it to the edge (for a bishop and knight, to a
 * corner the bishop covers) and bring the king close. */
static int
mate_drive (const Material *m, ChessColor strong)
{
  int weak_king = m->king[!strong], dist = chess_square_distance (m->king[strong], weak_king);
  int bonus = 20 * edge_distance (weak_king) + 10 * (7 - dist);

  if (m->bishops[strong] == 1 && m->knights[strong] == 1 && !m->rooks[strong] && !m->queens[strong])
    {
      bool dark = (chess_board_pieces (m->b, strong, CHESS_BISHOP) & CHESS_DARK_SQUARES) != 0;
      int c1 = dark ? 0 : 7, c2 = dark ? 63 : 56;
      int corner = chess_square_distance (weak_king, c1) < chess_square_distance (weak_king, c2)
                   ? chess_square_distance (weak_king, c1) : chess_square_distance (weak_king, c2);

      bonus += 40 * (7 - corner);
    }
  return bonus;
}

/* Enough to mate a bare king without pawns. */
static bool
can_mate (const Material *m, ChessColor c)
{
  ChessBitboard bishops = chess_board_pieces (m->b, c, CHESS_BISHOP);

  if (m->queens[c] || m->rooks[c])
    return true;
  if (m->bishops[c] && m->knights[c])
    return true;
  /* Two bishops on squares of both colours. */
  return (bishops & CHESS_DARK_SQUARES) && (bishops & ~CHESS_DARK_SQUARES);
}

/* Passed pawns of colour c: no enemy pawn in front or beside in front. */
static ChessBitboard
passed_pawns (const ChessBoard *b, ChessColor c)
{
  ChessColor them = chess_color_other (c);
  ChessBitboard span = chess_bb_front_fill (chess_board_pieces (b, them, CHESS_PAWN), them);
  ChessBitboard blocked = span | ((span & ~CHESS_FILE_A) >> 1) | ((span & ~CHESS_FILE_H) << 1);
  ChessBitboard own = chess_board_pieces (b, c, CHESS_PAWN);

  return own & ~blocked & ~chess_bb_front_fill (own, them);
}

/* In a pawn ending: the plies colour c needs to promote a passed pawn the
 * enemy king cannot catch (the rule of the square) and nothing blocks, or
 * -1. */
static int
unstoppable_plies (const ChessBoard *b, const Material *m, ChessColor c)
{
  ChessBitboard passers = passed_pawns (b, c);
  ChessBitboard occ = b->by_color[0] | b->by_color[1];
  int best = -1;

  while (passers)
    {
      int sq = chess_bb_pop (&passers);
      int rank = relative_rank (sq, c);
      int promo = c == CHESS_COLOR_WHITE ? 56 + (sq & 7) : (sq & 7);
      int steps = 7 - rank - (rank == 1 ? 1 : 0);
      int king_steps = chess_square_distance (m->king[!c], promo) - (b->side != c ? 1 : 0);
      int plies = 2 * steps - (b->side == c ? 1 : 0);

      if (chess_bb_front_fill (CHESS_BB (sq), c) & occ)
        continue;
      if (king_steps > steps && (best < 0 || plies < best))
        best = plies;
    }
  return best;
}

/* King and pawn against king: exact. */
static int
kpk (const ChessBoard *b, const Material *m)
{
  ChessColor strong = m->pawns[0] ? CHESS_COLOR_WHITE : CHESS_COLOR_BLACK;
  int pawn = chess_bb_lsb (b->by_type[CHESS_PAWN]);

  if (!chess_kpk_wins (strong, (ChessColor) b->side, m->king[strong], m->king[!strong], pawn))
    return 0;
  return white_view (KNOWN_WIN + VALUE_PAWN + 10 * relative_rank (pawn, strong), strong);
}

/* How far (in files, beyond two) colour c's most outside passer stands
 * from every enemy pawn: the enemy king must go after it and leave its
 * own pawns. */
static int
outside_passer (const ChessBoard *b, ChessColor c)
{
  ChessBitboard passers = passed_pawns (b, c);
  ChessBitboard theirs = chess_board_pieces (b, chess_color_other (c), CHESS_PAWN);
  int best = 0;

  while (passers && theirs)
    {
      int file = chess_bb_pop (&passers) & 7, nearest = 8;
      ChessBitboard t = theirs;

      while (t)
        {
          int d = abs ((chess_bb_pop (&t) & 7) - file);
          if (d < nearest)
            nearest = d;
        }
      if (nearest - 2 > best)
        best = nearest - 2;
    }
  return best;
}

/* Kings and pawns only, more than one pawn. A pawn more decides more
 * often here than with pieces on the board: the sums count more. */
static int
pawn_ending (const ChessBoard *b, const Material *m, int score)
{
  int plies[2];

  score = score * 2 + 40 * (outside_passer (b, CHESS_COLOR_WHITE) - outside_passer (b, CHESS_COLOR_BLACK));

  /* A passer that runs home while the other side has none. */
  plies[0] = unstoppable_plies (b, m, CHESS_COLOR_WHITE);
  plies[1] = unstoppable_plies (b, m, CHESS_COLOR_BLACK);
  if (plies[0] >= 0 && plies[1] < 0)
    score += KNOWN_WIN - 5 * plies[0];
  else if (plies[1] >= 0 && plies[0] < 0)
    score -= KNOWN_WIN - 5 * plies[1];
  return score;
}

/* Pawns on one rook file only (and no piece but a bishop that does not
 * cover their promotion square) against a bare king: a draw when the
 * king reaches the corner. */
static bool
rook_pawns_draw (const Material *m, ChessColor strong)
{
  ChessBitboard pawns = chess_board_pieces (m->b, strong, CHESS_PAWN);
  ChessBitboard file = (pawns & CHESS_FILE_A) == pawns ? CHESS_FILE_A
                       : (pawns & CHESS_FILE_H) == pawns ? CHESS_FILE_H : 0;
  int promo;
  bool promo_dark, bishop_dark;

  if (!pawns || !file || (m->npm[strong] && (m->bishops[strong] != 1 || m->npm[strong] != VALUE_BISHOP)))
    return false;
  promo = (file == CHESS_FILE_A ? 0 : 7) + (strong == CHESS_COLOR_WHITE ? 56 : 0);
  if (chess_square_distance (m->king[!strong], promo) > 1)
    return false;
  if (!m->npm[strong])
    return true;
  promo_dark = (CHESS_BB (promo) & CHESS_DARK_SQUARES) != 0;
  bishop_dark = (chess_board_pieces (m->b, strong, CHESS_BISHOP) & CHESS_DARK_SQUARES) != 0;
  return promo_dark != bishop_dark;
}

/* A bishop each on squares of different colours, and nothing else but pawns. */
static bool
opposite_bishops_only (const Material *m)
{
  ChessBitboard bishops = m->b->by_type[CHESS_BISHOP];

  return m->npm[0] == VALUE_BISHOP && m->npm[1] == VALUE_BISHOP
         && m->bishops[0] == 1 && m->bishops[1] == 1
         && chess_bb_count (bishops & CHESS_DARK_SQUARES) == 1;
}

/* A bare king against colour `strong`: won, drawn, or the sums with the
 * mating drive added. */
static int
bare_king (const Material *m, ChessColor strong, int white_score)
{
  if (rook_pawns_draw (m, strong))
    return 0;
  if (!m->npm[strong])
    return pawn_ending (m->b, m, white_score);
  if (m->pawns[strong])
    return white_score + white_view (mate_drive (m, strong), strong);
  if (!can_mate (m, strong))
    return 0;
  return white_view (KNOWN_WIN + m->npm[strong] + mate_drive (m, strong), strong);
}

int
chess_endgame_adjust (const ChessBoard *b, int score)
{
  Material m;
  ChessColor side = (ChessColor) b->side, strong;
  int white_score = white_view (score, side);
  int scale = 64;

  material_count (&m, b);
  /* Pawns on both sides and pieces too: nothing to add (the common case). */
  if (m.pawns[0] && m.pawns[1] && (m.npm[0] || m.npm[1]) && !opposite_bishops_only (&m))
    return score;

  if (m.pawns[0] + m.pawns[1] == 1 && !m.npm[0] && !m.npm[1])
    return white_view (kpk (b, &m), side);
  for (int c = 0; c < 2; c++)
    if (!m.npm[!c] && !m.pawns[!c] && (m.npm[c] || m.pawns[c]))
      return white_view (bare_king (&m, (ChessColor) c, white_score), side);
  if (!m.npm[0] && !m.npm[1])
    return white_view (pawn_ending (b, &m, white_score), side);

  strong = white_score >= 0 ? CHESS_COLOR_WHITE : CHESS_COLOR_BLACK;
  /* No pawns to promote and at most a minor piece more: rarely a win. */
  if (!m.pawns[strong] && m.npm[strong] - m.npm[!strong] <= VALUE_BISHOP)
    scale = m.npm[strong] < VALUE_ROOK ? 0 : m.npm[!strong] <= VALUE_BISHOP ? 4 : 14;
  else if (opposite_bishops_only (&m))
    scale = abs (m.pawns[0] - m.pawns[1]) <= 1 ? 16 : 32;
  return white_view (white_score * scale / 64, side);
}

int
chess_endgame_scale_rook_ending (const ChessBoard *b,
                                 int               score)
{
  Material m;
  ChessColor ahead;
  int up;

  material_count (&m, b);
  if (m.npm[0] != VALUE_ROOK || m.npm[1] != VALUE_ROOK || m.rooks[0] != 1 || m.rooks[1] != 1
      || !m.pawns[0] || !m.pawns[1])
    return score;
  ahead = score >= 0 ? (ChessColor) b->side : (ChessColor) !b->side;
  up = m.pawns[ahead] - m.pawns[!ahead];
  if (up > 1)
    return score;
  /* Against a deep judge the engine scores these about twice too high
   * with equal pawns and half as much again with one pawn more (the review
   * benchmark's rook endings): the defender's rook and king hold most. */
  return score * (up <= 0 ? 32 : 40) / 64;
}
