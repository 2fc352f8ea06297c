/* chess-kpk.c — king and pawn against king, solved (see chess-kpk.h).
 *
 * Retrograde analysis over every placement with White owning the pawn on
 * files a–d (the others are their mirror): a position is won when White to
 * move has a move into a won one, or Black to move has only moves into won
 * ones; it is drawn when Black can take the pawn or is stalemated, or White
 * has only moves into drawn ones. What is still unknown when nothing changes
 * any more is a draw. 2 × 24 × 64 × 64 positions, some 20 ms once. */
#include "config.h"

#include <pthread.h>
#include <stdint.h>

#include "chess-bitboard.h"
#include "chess-kpk.h"

enum
{
  KPK_INVALID = 0,
  KPK_UNKNOWN = 1 << 0,
  KPK_DRAW = 1 << 1,
  KPK_WIN = 1 << 2,
};

#define KPK_PAWN_SQUARES 24    /* files a–d, ranks 2–7 */
#define KPK_SIZE (2 * KPK_PAWN_SQUARES * 64 * 64)

static uint8_t kpk_table[KPK_SIZE];
static pthread_once_t kpk_once = PTHREAD_ONCE_INIT;

static inline int
kpk_index (int black_to_move, int wk, int bk, int psq)
{
  int pawn = ((psq >> 3) - 1) * 4 + (psq & 7);

  return ((black_to_move * KPK_PAWN_SQUARES + pawn) * 64 + wk) * 64 + bk;
}

/* What a position is before any search: invalid, decided at once, or unknown. */
static uint8_t
kpk_initial (int black_to_move, int wk, int bk, int psq)
{
  ChessBitboard pawn_att = chess_pawn_attacks[CHESS_COLOR_WHITE][psq];
  int promo = psq + 8;

  if (wk == bk || wk == psq || bk == psq
      || (chess_king_attacks[wk] & CHESS_BB (bk))
      || (!black_to_move && (pawn_att & CHESS_BB (bk))))
    return KPK_INVALID;
  /* White promotes, and the new queen is not lost at once. */
  if (!black_to_move && (psq >> 3) == 6 && wk != promo && bk != promo
      && (!(chess_king_attacks[bk] & CHESS_BB (promo))
          || (chess_king_attacks[wk] & CHESS_BB (promo))))
    return KPK_WIN;
  if (black_to_move)
    {
      ChessBitboard covered = chess_king_attacks[wk] | pawn_att;

      /* Stalemate, or the pawn taken. */
      if (!(chess_king_attacks[bk] & ~covered))
        return KPK_DRAW;
      if (chess_king_attacks[bk] & ~chess_king_attacks[wk] & CHESS_BB (psq))
        return KPK_DRAW;
    }
  return KPK_UNKNOWN;
}

/* One step of the analysis: the position's value from its successors'. */
static uint8_t
kpk_classify (int black_to_move, int wk, int bk, int psq)
{
  uint8_t seen = 0;

  if (black_to_move)
    {
      ChessBitboard to = chess_king_attacks[bk];

      while (to)
        seen |= kpk_table[kpk_index (0, wk, chess_bb_pop (&to), psq)];
      /* Black escapes to a draw if any move draws, loses if all lose. */
      return seen & KPK_DRAW ? KPK_DRAW : seen & KPK_UNKNOWN ? KPK_UNKNOWN : KPK_WIN;
    }

  ChessBitboard to = chess_king_attacks[wk];

  while (to)
    seen |= kpk_table[kpk_index (1, chess_bb_pop (&to), bk, psq)];
  if ((psq >> 3) < 6)
    {
      int one = psq + 8;

      seen |= kpk_table[kpk_index (1, wk, bk, one)];
      if ((psq >> 3) == 1 && one != wk && one != bk)
        seen |= kpk_table[kpk_index (1, wk, bk, one + 8)];
    }
  return seen & KPK_WIN ? KPK_WIN : seen & KPK_UNKNOWN ? KPK_UNKNOWN : KPK_DRAW;
}

static void
kpk_build (void)
{
  bool changed = true;

  for (int stm = 0; stm < 2; stm++)
    for (int psq = 8; psq < 56; psq++)
      if ((psq & 7) < 4)
        for (int wk = 0; wk < 64; wk++)
          for (int bk = 0; bk < 64; bk++)
            kpk_table[kpk_index (stm, wk, bk, psq)] = kpk_initial (stm, wk, bk, psq);

  while (changed)
    {
      changed = false;
      for (int stm = 0; stm < 2; stm++)
        for (int psq = 8; psq < 56; psq++)
          if ((psq & 7) < 4)
            for (int wk = 0; wk < 64; wk++)
              for (int bk = 0; bk < 64; bk++)
                {
                  int i = kpk_index (stm, wk, bk, psq);

                  if (kpk_table[i] == KPK_UNKNOWN)
                    {
                      kpk_table[i] = kpk_classify (stm, wk, bk, psq);
                      changed |= kpk_table[i] != KPK_UNKNOWN;
                    }
                }
    }
}

bool
chess_kpk_wins (ChessColor strong, ChessColor side_to_move,
                int strong_king, int weak_king, int pawn)
{
  int flip = strong == CHESS_COLOR_WHITE ? 0 : 56;

  pthread_once (&kpk_once, kpk_build);
  /* Seen from the pawn's owner, with the pawn on files a–d. */
  strong_king ^= flip;
  weak_king ^= flip;
  pawn ^= flip;
  if ((pawn & 7) >= 4)
    {
      strong_king ^= 7;
      weak_king ^= 7;
      pawn ^= 7;
    }
  return kpk_table[kpk_index (side_to_move != strong, strong_king, weak_king, pawn)] == KPK_WIN;
}
