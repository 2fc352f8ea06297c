/* chess-bitboard.c — attack tables (magic bitboards) and Zobrist keys,
 * built once by chess_init(). */
#include "config.h"

#include "chess-core-private.h"

ChessMagic    chess_rook_magics[64];
ChessMagic    chess_bishop_magics[64];
ChessBitboard chess_knight_attacks[64];
ChessBitboard chess_king_attacks[64];
ChessBitboard chess_pawn_attacks[CHESS_N_COLORS][64];
ChessBitboard chess_between[64][64];
ChessBitboard chess_line[64][64];

uint64_t chess_zobrist_piece[12][64];
uint64_t chess_zobrist_castling[16];
uint64_t chess_zobrist_ep[8];
uint64_t chess_zobrist_side;
uint8_t  chess_castling_keep[64];

/* 0x19000 rook entries and 0x1480 bishop entries with these masks. */
#define ROOK_TABLE_SIZE   102400
#define BISHOP_TABLE_SIZE 5248

static ChessBitboard slider_table[ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE];

/* A fixed seed: the magics and keys are the same on every run, so hashes
 * are reproducible in tests and bug reports. */
typedef struct
{
  uint64_t s;
} Prng;

static uint64_t
prng_next (Prng *p)
{
  /* xorshift64* */
  p->s ^= p->s >> 12;
  p->s ^= p->s << 25;
  p->s ^= p->s >> 27;
  return p->s * UINT64_C (2685821657736338717);
}

/* Magics found once by init_magics' search below (seed 0x5eed7c4e55c0ffee)
 * and kept, so start-up only fills the tables; the search still runs for
 * any square whose kept magic fails to check out. */
static const uint64_t rook_magics[64] = {
  UINT64_C (0x4900110080002040), UINT64_C (0x2040002000401008), UINT64_C (0x5080088020001000),
  UINT64_C (0x0500088c21003000), UINT64_C (0x4080080080020401), UINT64_C (0x4100020884000100),
  UINT64_C (0x0600010200608408), UINT64_C (0x0280010001a05480), UINT64_C (0x0100800040008025),
  UINT64_C (0x0020400020100040), UINT64_C (0x000080100080200c), UINT64_C (0x4040800800100080),
  UINT64_C (0x0400800800040080), UINT64_C (0x0028800400020080), UINT64_C (0x0084001044820801),
  UINT64_C (0x0001001448a10002), UINT64_C (0x4480094001600040), UINT64_C (0x5400820041002200),
  UINT64_C (0x4201050040200010), UINT64_C (0xc008010100100020), UINT64_C (0x0490828004000800),
  UINT64_C (0x8012008002040080), UINT64_C (0x2098840001500842), UINT64_C (0x003416000044218b),
  UINT64_C (0x1060400080009029), UINT64_C (0x1000400040201002), UINT64_C (0x4210001080200081),
  UINT64_C (0x0080100100200900), UINT64_C (0xc201001300180024), UINT64_C (0x0104040080020080),
  UINT64_C (0x0000108400020801), UINT64_C (0x018020460001a104), UINT64_C (0x0001400484800220),
  UINT64_C (0x8010004000c02008), UINT64_C (0x0000100080802000), UINT64_C (0x2001100284800800),
  UINT64_C (0x0214008204800800), UINT64_C (0x0802000802000410), UINT64_C (0x4811106814000211),
  UINT64_C (0x1001001041000882), UINT64_C (0x0080008040008020), UINT64_C (0x1444500420044000),
  UINT64_C (0x0082011182460020), UINT64_C (0x0c04100100210008), UINT64_C (0x0000080004008080),
  UINT64_C (0x2242000204008080), UINT64_C (0x0001004200410004), UINT64_C (0x8100004134820004),
  UINT64_C (0x0100820840250200), UINT64_C (0x000c408022010200), UINT64_C (0x0002142000490100),
  UINT64_C (0x1081406200104a00), UINT64_C (0x0008020880040080), UINT64_C (0x2454008002000480),
  UINT64_C (0x00081008412a1400), UINT64_C (0x0000206100840a00), UINT64_C (0x140121001200c482),
  UINT64_C (0x1040010424841041), UINT64_C (0x4422008040200812), UINT64_C (0x85930108500004a1),
  UINT64_C (0x0103000210080005), UINT64_C (0x2002002810610402), UINT64_C (0x4100020090082104),
  UINT64_C (0x0090040340812106),
};

static const uint64_t bishop_magics[64] = {
  UINT64_C (0x0014080200640700), UINT64_C (0x0004880084009001), UINT64_C (0x20210104008040a0),
  UINT64_C (0x40c404088010088a), UINT64_C (0x4004030800000208), UINT64_C (0x0102020220c20011),
  UINT64_C (0x0000420804408200), UINT64_C (0x1200240c02015002), UINT64_C (0x2004845012082522),
  UINT64_C (0x0088029445260201), UINT64_C (0x0e20700904650400), UINT64_C (0x9000040400890103),
  UINT64_C (0x0000040504041a13), UINT64_C (0x00c0020104209001), UINT64_C (0x0006220801080804),
  UINT64_C (0x45008a82444a2020), UINT64_C (0x1042800802183200), UINT64_C (0x18024010c2080512),
  UINT64_C (0x0808000908030115), UINT64_C (0x00240808014410c0), UINT64_C (0x0104004611200c00),
  UINT64_C (0x880080011000a000), UINT64_C (0x03ca001100a22044), UINT64_C (0x0002080094410805),
  UINT64_C (0xa010100814341085), UINT64_C (0x8204200010410102), UINT64_C (0x40a60a4028028c00),
  UINT64_C (0x2120080001040488), UINT64_C (0x800084800c002000), UINT64_C (0x4000808031006001),
  UINT64_C (0x000250810404010a), UINT64_C (0x0000810204840080), UINT64_C (0x8464822082404400),
  UINT64_C (0x244404206144614c), UINT64_C (0x0144024400080032), UINT64_C (0x4001040402080210),
  UINT64_C (0xc054040400001010), UINT64_C (0x0260008880210048), UINT64_C (0x9448010400204210),
  UINT64_C (0x0009285080010400), UINT64_C (0x480888080800c118), UINT64_C (0x0006821010005210),
  UINT64_C (0x2023148401003004), UINT64_C (0x1000222011000808), UINT64_C (0x1800a81104010040),
  UINT64_C (0x80a0008114410a02), UINT64_C (0x0020840400810840), UINT64_C (0x020204004202808e),
  UINT64_C (0xa000640220100000), UINT64_C (0xa002248248200c04), UINT64_C (0x4040282201100900),
  UINT64_C (0x040a080020880021), UINT64_C (0x0090050410440000), UINT64_C (0x1010400801110400),
  UINT64_C (0x401002080810a0c0), UINT64_C (0x0502a40802004040), UINT64_C (0x0012010412010400),
  UINT64_C (0x400000240a480400), UINT64_C (0x4831010104110400), UINT64_C (0x0072010000840422),
  UINT64_C (0x08001002d0020211), UINT64_C (0x0921400444486208), UINT64_C (0x403150100a480840),
  UINT64_C (0x80a0204900608082),
};

static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_dirs[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static bool
on_board (int f, int r)
{
  return f >= 0 && f < 8 && r >= 0 && r < 8;
}

static ChessBitboard
slide (int sq, ChessBitboard occ, const int dirs[4][2])
{
  ChessBitboard att = 0;

  for (int d = 0; d < 4; d++)
    {
      int f = chess_square_file (sq) + dirs[d][0];
      int r = chess_square_rank (sq) + dirs[d][1];
      while (on_board (f, r))
        {
          att |= CHESS_BB (chess_square_make (f, r));
          if (occ & CHESS_BB (chess_square_make (f, r)))
            break;
          f += dirs[d][0];
          r += dirs[d][1];
        }
    }
  return att;
}

/* The occupancy bits that matter: the rays without their last square. */
static ChessBitboard
relevant_mask (int sq, const int dirs[4][2])
{
  ChessBitboard mask = 0;

  for (int d = 0; d < 4; d++)
    {
      int f = chess_square_file (sq) + dirs[d][0];
      int r = chess_square_rank (sq) + dirs[d][1];
      while (on_board (f + dirs[d][0], r + dirs[d][1]))
        {
          mask |= CHESS_BB (chess_square_make (f, r));
          f += dirs[d][0];
          r += dirs[d][1];
        }
    }
  return mask;
}

static ChessBitboard *
init_magics (ChessMagic *magics, const int dirs[4][2], const uint64_t known[64],
             ChessBitboard *table, Prng *prng)
{
  ChessBitboard occs[4096], refs[4096];
  int epoch[4096] = { 0 }, cur = 0;

  for (int sq = 0; sq < 64; sq++)
    {
      ChessMagic *m = &magics[sq];
      ChessBitboard b = 0;
      int size = 0, bits;

      m->mask = relevant_mask (sq, dirs);
      bits = __builtin_popcountll (m->mask);
      m->shift = 64 - bits;
      m->attacks = table;

      /* Every subset of the mask (carry-rippler) and its attacks. */
      do
        {
          occs[size] = b;
          refs[size] = slide (sq, b, dirs);
          size++;
          b = (b - m->mask) & m->mask;
        }
      while (b);

      /* The kept magic, else sparse random numbers until one maps the
       * subsets without harmful collisions. */
      for (bool first = true;; first = false)
        {
          int i;

          if (first)
            m->magic = known[sq];
          else
            do
              m->magic = prng_next (prng) & prng_next (prng) & prng_next (prng);
            while (__builtin_popcountll ((m->magic * m->mask) >> 56) < 6);

          cur++;
          for (i = 0; i < size; i++)
            {
              unsigned idx = (unsigned) ((occs[i] * m->magic) >> m->shift);
              if (epoch[idx] < cur)
                {
                  epoch[idx] = cur;
                  table[idx] = refs[i];
                }
              else if (table[idx] != refs[i])
                break;
            }
          if (i == size)
            break;
        }
      table += (size_t) 1 << bits;
    }
  return table;
}

static void
init_leapers (void)
{
  static const int knight[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 },
                                    { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
  static const int king[8][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 },
                                  { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };

  for (int sq = 0; sq < 64; sq++)
    {
      int f = chess_square_file (sq), r = chess_square_rank (sq);

      for (int i = 0; i < 8; i++)
        {
          if (on_board (f + knight[i][0], r + knight[i][1]))
            chess_knight_attacks[sq] |= CHESS_BB (chess_square_make (f + knight[i][0], r + knight[i][1]));
          if (on_board (f + king[i][0], r + king[i][1]))
            chess_king_attacks[sq] |= CHESS_BB (chess_square_make (f + king[i][0], r + king[i][1]));
        }
      for (int df = -1; df <= 1; df += 2)
        {
          if (on_board (f + df, r + 1))
            chess_pawn_attacks[CHESS_COLOR_WHITE][sq] |= CHESS_BB (chess_square_make (f + df, r + 1));
          if (on_board (f + df, r - 1))
            chess_pawn_attacks[CHESS_COLOR_BLACK][sq] |= CHESS_BB (chess_square_make (f + df, r - 1));
        }
    }
}

static void
init_lines (void)
{
  for (int a = 0; a < 64; a++)
    for (int b = 0; b < 64; b++)
      {
        if (a == b)
          continue;
        if (slide (a, 0, rook_dirs) & CHESS_BB (b))
          {
            chess_between[a][b] = slide (a, CHESS_BB (b), rook_dirs) & slide (b, CHESS_BB (a), rook_dirs);
            chess_line[a][b] = (slide (a, 0, rook_dirs) & slide (b, 0, rook_dirs)) | CHESS_BB (a) | CHESS_BB (b);
          }
        else if (slide (a, 0, bishop_dirs) & CHESS_BB (b))
          {
            chess_between[a][b] = slide (a, CHESS_BB (b), bishop_dirs) & slide (b, CHESS_BB (a), bishop_dirs);
            chess_line[a][b] = (slide (a, 0, bishop_dirs) & slide (b, 0, bishop_dirs)) | CHESS_BB (a) | CHESS_BB (b);
          }
      }
}

static void
init_zobrist (Prng *prng)
{
  for (int p = 0; p < 12; p++)
    for (int sq = 0; sq < 64; sq++)
      chess_zobrist_piece[p][sq] = prng_next (prng);
  /* No rights hash to 0, so keys differ only by what changed. */
  chess_zobrist_castling[0] = 0;
  for (int i = 1; i < 16; i++)
    chess_zobrist_castling[i] = prng_next (prng);
  for (int f = 0; f < 8; f++)
    chess_zobrist_ep[f] = prng_next (prng);
  chess_zobrist_side = prng_next (prng);

  for (int sq = 0; sq < 64; sq++)
    chess_castling_keep[sq] = 15;
  chess_castling_keep[4] &= ~(CHESS_CASTLE_WHITE_KING | CHESS_CASTLE_WHITE_QUEEN);
  chess_castling_keep[7] &= ~CHESS_CASTLE_WHITE_KING;
  chess_castling_keep[0] &= ~CHESS_CASTLE_WHITE_QUEEN;
  chess_castling_keep[60] &= ~(CHESS_CASTLE_BLACK_KING | CHESS_CASTLE_BLACK_QUEEN);
  chess_castling_keep[63] &= ~CHESS_CASTLE_BLACK_KING;
  chess_castling_keep[56] &= ~CHESS_CASTLE_BLACK_QUEEN;
}

static gpointer
init_once (gpointer data)
{
  Prng prng = { UINT64_C (0x5eed7c4e55c0ffee) };
  ChessBitboard *next;

  init_leapers ();
  init_lines ();
  next = init_magics (chess_rook_magics, rook_dirs, rook_magics, slider_table, &prng);
  next = init_magics (chess_bishop_magics, bishop_dirs, bishop_magics, next, &prng);
  g_assert (next == slider_table + G_N_ELEMENTS (slider_table));
  init_zobrist (&prng);
  return NULL;
}

void
chess_init (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, init_once, NULL);
}
