/* test-nnue.c — the evaluation network's runtime: a net made here from a
 * seeded generator goes through the file format and the loader; along
 * random games an accumulator updated move by move equals one computed
 * from scratch, on every kernel path the CPU has, and every path gives the
 * same score; a position and its colour-mirrored twin score the same; a
 * tiny net scores a position as computed by hand; and the loader refuses
 * damaged files with a reason; the search evaluates with a net.
 *
 * By hand: `test-nnue -m perf -p /nnue/throughput` prints updates and
 * evaluations per second for each path. */
#include "config.h"

#include <string.h>

#include "chess-board.h"
#include "chess-nnue.h"
#include "chess-engine-levels.h"
#include "chess-nnue-builtin.h"
#include "engine-test-util.h"

/* The file's arrays, before they are written out. */
typedef struct
{
  int16_t feature_weights[CHESS_NNUE_FEATURES][CHESS_NNUE_HIDDEN];
  int16_t feature_bias[CHESS_NNUE_HIDDEN];
  int16_t output_weights[2][CHESS_NNUE_HIDDEN];
  int32_t output_bias;
} NetArrays;

static int
pieces_of (const ChessBoard *b)
{
  return __builtin_popcountll (b->by_color[0] | b->by_color[1]);
}

static guint8 *
put_u32 (guint8 *p, guint32 v)
{
  for (int i = 0; i < 4; i++)
    *p++ = (guint8) (v >> (8 * i));
  return p;
}

static guint8 *
put_i16s (guint8 *p, const int16_t *v, size_t n)
{
  for (size_t i = 0; i < n; i++)
    {
      *p++ = (guint8) ((guint16) v[i] & 0xff);
      *p++ = (guint8) ((guint16) v[i] >> 8);
    }
  return p;
}

/* The bytes of the file, CHESS_NNUE_FILE_SIZE of them. */
static guint8 *
net_file (const NetArrays *a)
{
  guint8 *data = g_malloc (CHESS_NNUE_FILE_SIZE), *p = data;

  memcpy (p, CHESS_NNUE_MAGIC, 4);
  p = put_u32 (p + 4, CHESS_NNUE_VERSION);
  p = put_u32 (p, CHESS_NNUE_HIDDEN);
  p = put_i16s (p, &a->feature_weights[0][0], CHESS_NNUE_FEATURES * CHESS_NNUE_HIDDEN);
  p = put_i16s (p, a->feature_bias, CHESS_NNUE_HIDDEN);
  p = put_i16s (p, &a->output_weights[0][0], 2 * CHESS_NNUE_HIDDEN);
  p = put_u32 (p, (guint32) a->output_bias);
  g_assert_cmpint (p - data, ==, CHESS_NNUE_FILE_SIZE);
  return data;
}

static ChessNnue *
net_load (const NetArrays *a)
{
  g_autofree guint8 *data = net_file (a);
  const char *problem = "unset";
  ChessNnue *net = chess_nnue_load (data, CHESS_NNUE_FILE_SIZE, &problem);

  g_assert_nonnull (net);
  g_assert_null (problem);
  return net;
}

static int16_t
random_i16 (GRand *rand, int lo, int hi)
{
  return (int16_t) g_rand_int_range (rand, lo, hi + 1);
}

/* Weights in the ranges a trained net has: the accumulators stay well
 * inside int16, many units land on each side of the clipping, and the
 * output fits int32. */
static void
random_arrays (NetArrays *a, guint32 seed)
{
  GRand *rand = g_rand_new_with_seed (seed);

  for (int f = 0; f < CHESS_NNUE_FEATURES; f++)
    for (int i = 0; i < CHESS_NNUE_HIDDEN; i++)
      a->feature_weights[f][i] = random_i16 (rand, -64, 64);
  for (int i = 0; i < CHESS_NNUE_HIDDEN; i++)
    {
      a->feature_bias[i] = random_i16 (rand, -100, 200);
      a->output_weights[0][i] = random_i16 (rand, -2000, 2000);
      a->output_weights[1][i] = random_i16 (rand, -2000, 2000);
    }
  a->output_bias = g_rand_int_range (rand, -50000, 50000);
  g_rand_free (rand);
}

static ChessNnue *
random_net (guint32 seed)
{
  g_autofree NetArrays *a = g_new (NetArrays, 1);

  random_arrays (a, seed);
  return net_load (a);
}

/* Any int16 anywhere: accumulators and output sums overflow all the time,
 * and must wrap the same way on every path (and without undefined
 * behaviour, which the sanitizer build checks). */
static ChessNnue *
wild_net (guint32 seed)
{
  g_autofree NetArrays *a = g_new (NetArrays, 1);
  GRand *rand = g_rand_new_with_seed (seed);

  for (int f = 0; f < CHESS_NNUE_FEATURES; f++)
    for (int i = 0; i < CHESS_NNUE_HIDDEN; i++)
      a->feature_weights[f][i] = random_i16 (rand, INT16_MIN, INT16_MAX);
  for (int i = 0; i < CHESS_NNUE_HIDDEN; i++)
    {
      a->feature_bias[i] = random_i16 (rand, INT16_MIN, INT16_MAX);
      a->output_weights[0][i] = random_i16 (rand, INT16_MIN, INT16_MAX);
      a->output_weights[1][i] = random_i16 (rand, INT16_MIN, INT16_MAX);
    }
  a->output_bias = (int32_t) g_rand_int (rand);
  g_rand_free (rand);
  return net_load (a);
}

/* The paths this CPU runs, scalar first; returns how many. */
static int
available_simds (ChessNnueSimd simds[CHESS_NNUE_N_SIMD])
{
  int n = 0;

  for (int s = 0; s < CHESS_NNUE_N_SIMD; s++)
    if (chess_nnue_set_simd ((ChessNnueSimd) s) == (ChessNnueSimd) s)
      simds[n++] = (ChessNnueSimd) s;
  return n;
}

static void
assert_acc_equal (const ChessNnueAccumulator *a, const ChessNnueAccumulator *b,
                  const char *what, const ChessBoard *board)
{
  char fen[CHESS_FEN_MAX];

  if (memcmp (a->values, b->values, sizeof a->values) != 0)
    g_error ("%s: accumulators differ in %s", what, chess_board_to_fen (board, fen));
}

/* Positions rich in what an update must handle: castling both ways and
 * rights lost, en passant (one just possible), promotions with and
 * without capture, for both colours. */
static const char *const game_fens[] = {
  CHESS_START_FEN,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
  "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "1r2k2r/P4ppp/8/2pPp3/8/8/p1p2PPP/1R2K2R w Kk c6 0 1",
};

/* What kind of move each one was, to check that the games tried them all. */
enum { QUIET, CAPTURE, EN_PASSANT, CASTLE, PROMOTION, PROMO_CAPTURE, NULL_MOVE, N_KINDS };

static int
move_kind (ChessMove m)
{
  int flags = chess_move_flags (m);

  if (chess_move_is_null (m))
    return NULL_MOVE;
  if (chess_move_is_castle (m))
    return CASTLE;
  if (flags == CHESS_MOVE_EN_PASSANT)
    return EN_PASSANT;
  if (chess_move_is_promotion (m))
    return chess_move_is_capture (m) ? PROMO_CAPTURE : PROMOTION;
  return chess_move_is_capture (m) ? CAPTURE : QUIET;
}

/* A random legal move, now and then a null move when not in check;
 * castling and en passant whenever they are there half the time, and
 * captures and promotions more often than chance (so that the games last
 * into the endings where promotions come). NONE at the game's end. */
static ChessMove
random_move (GRand *rand, const ChessBoard *b)
{
  ChessMoveList legal, noisy;
  ChessMove special[CHESS_MAX_MOVES];
  int n_special = 0;

  if (chess_board_generate_legal (b, &legal) == 0)
    return CHESS_MOVE_NONE;
  if (!chess_board_in_check (b) && g_rand_int_range (rand, 0, 20) == 0)
    return CHESS_MOVE_NULL;
  for (int i = 0; i < legal.count; i++)
    if (chess_move_is_castle (legal.moves[i])
        || chess_move_flags (legal.moves[i]) == CHESS_MOVE_EN_PASSANT)
      special[n_special++] = legal.moves[i];
  if (n_special > 0 && g_rand_boolean (rand))
    return special[g_rand_int_range (rand, 0, n_special)];
  if (chess_board_generate_noisy (b, &noisy) > 0 && g_rand_int_range (rand, 0, 3) == 0)
    return noisy.moves[g_rand_int_range (rand, 0, noisy.count)];
  return legal.moves[g_rand_int_range (rand, 0, legal.count)];
}

/* Plays random games from each position, keeping one accumulator chain
 * per path (and one updated in place), and checks them after every move
 * against a refresh; each path's score must equal the scalar one. Returns
 * the number of positions checked; counts the kinds of move played. */
static int
play_games (const ChessNnue *net, guint32 seed, int games, int plies, int kinds[N_KINDS])
{
  ChessNnueSimd simds[CHESS_NNUE_N_SIMD];
  int n_simds = available_simds (simds);
  GRand *rand = g_rand_new_with_seed (seed);
  int positions = 0;

  for (guint f = 0; f < G_N_ELEMENTS (game_fens); f++)
    for (int game = 0; game < games; game++)
      {
        ChessBoard b = board_from (game_fens[f]);
        ChessNnueAccumulator chain[CHESS_NNUE_N_SIMD], in_place, fresh, next, reference;

        for (int s = 0; s < n_simds; s++)
          {
            chess_nnue_set_simd (simds[s]);
            chess_nnue_refresh (net, &b, &chain[s]);
          }
        in_place = chain[0];

        for (int ply = 0; ply < plies; ply++)
          {
            ChessMove m = random_move (rand, &b);
            ChessUndo u;
            int score = 0;

            if (m == CHESS_MOVE_NONE)
              break;
            kinds[move_kind (m)]++;
            for (int s = 0; s < n_simds; s++)
              {
                chess_nnue_set_simd (simds[s]);
                chess_nnue_update (net, &chain[s], &next, &b, m);
                chain[s] = next;
              }
            chess_nnue_update (net, &in_place, &in_place, &b, m);
            chess_board_make (&b, m, &u);
            positions++;

            for (int s = 0; s < n_simds; s++)
              {
                chess_nnue_set_simd (simds[s]);
                chess_nnue_refresh (net, &b, &fresh);
                assert_acc_equal (&chain[s], &fresh, chess_nnue_simd_name (simds[s]), &b);
                if (s == 0)
                  {
                    reference = fresh;
                    score = chess_nnue_evaluate (net, &fresh, (ChessColor) b.side, pieces_of (&b));
                    assert_acc_equal (&in_place, &fresh, "in place", &b);
                  }
                else
                  {
                    assert_acc_equal (&fresh, &reference, "refresh against scalar", &b);
                    g_assert_cmpint (chess_nnue_evaluate (net, &fresh, (ChessColor) b.side, pieces_of (&b)), ==, score);
                  }
              }
          }
      }
  g_rand_free (rand);
  chess_nnue_set_simd (CHESS_NNUE_SIMD_AVX2);
  return positions;
}

static void
test_games (void)
{
  ChessNnue *net = random_net (20261201);
  int kinds[N_KINDS] = { 0 };
  int positions = play_games (net, 7, 60, 160, kinds);

  g_test_message ("%d positions: %d quiet, %d captures, %d en passant, %d castling, "
                  "%d promotions, %d promotions with capture, %d null moves",
                  positions, kinds[QUIET], kinds[CAPTURE], kinds[EN_PASSANT], kinds[CASTLE],
                  kinds[PROMOTION], kinds[PROMO_CAPTURE], kinds[NULL_MOVE]);
  for (int k = 0; k < N_KINDS; k++)
    g_assert_cmpint (kinds[k], >, 50);
  chess_nnue_free (net);
}

static void
test_games_wrapping (void)
{
  ChessNnue *net = wild_net (99);
  int kinds[N_KINDS] = { 0 };
  int positions = play_games (net, 11, 6, 120, kinds);

  g_test_message ("%d positions with a net whose sums overflow", positions);
  g_assert_cmpint (positions, >, 1000);
  chess_nnue_free (net);
}

/* The paths this machine has, as the test log shows them. */
static void
test_simd_choice (void)
{
  ChessNnueSimd simds[CHESS_NNUE_N_SIMD];
  int n = available_simds (simds);
  ChessNnueSimd best = simds[n - 1];

  g_assert_cmpint (simds[0], ==, CHESS_NNUE_SIMD_SCALAR);
  /* Asking for more than the CPU has gives the best it has. */
  g_assert_cmpint (chess_nnue_set_simd (CHESS_NNUE_SIMD_AVX2), ==, best);
  g_assert_cmpint (chess_nnue_get_simd (), ==, best);
  g_assert_cmpint (chess_nnue_set_simd (CHESS_NNUE_SIMD_SCALAR), ==, CHESS_NNUE_SIMD_SCALAR);
  g_assert_cmpstr (chess_nnue_simd_name (CHESS_NNUE_SIMD_SCALAR), ==, "scalar");
  g_assert_cmpstr (chess_nnue_simd_name (CHESS_NNUE_SIMD_SSE2), ==, "sse2");
  g_assert_cmpstr (chess_nnue_simd_name (CHESS_NNUE_SIMD_AVX2), ==, "avx2");
  for (int s = 0; s < n; s++)
    g_test_message ("path available: %s", chess_nnue_simd_name (simds[s]));
  chess_nnue_set_simd (CHESS_NNUE_SIMD_AVX2);
}

/* The colour-mirrored position has the same pieces seen the same way from
 * the other side: the two accumulators swap, and the side to move scores
 * the same. */
static void
test_symmetry (void)
{
  ChessNnue *net = random_net (4242);
  ChessNnueSimd simds[CHESS_NNUE_N_SIMD];
  int n_simds = available_simds (simds);
  GRand *rand = g_rand_new_with_seed (314);
  int positions = 0;

  for (guint f = 0; f < G_N_ELEMENTS (game_fens); f++)
    for (int game = 0; game < 10; game++)
      {
        ChessBoard b = board_from (game_fens[f]);

        for (int ply = 0; ply < 100; ply++)
          {
            char fen[CHESS_FEN_MAX];
            g_autofree char *mirrored = mirror_fen (chess_board_to_fen (&b, fen));
            ChessBoard m = board_from (mirrored);
            ChessNnueAccumulator a, ma;
            ChessMove move;
            ChessUndo u;

            for (int s = 0; s < n_simds; s++)
              {
                chess_nnue_set_simd (simds[s]);
                chess_nnue_refresh (net, &b, &a);
                chess_nnue_refresh (net, &m, &ma);
                g_assert_cmpmem (a.values[0], sizeof a.values[0], ma.values[1], sizeof ma.values[1]);
                g_assert_cmpmem (a.values[1], sizeof a.values[1], ma.values[0], sizeof ma.values[0]);
                if (chess_nnue_evaluate (net, &a, (ChessColor) b.side, pieces_of (&b))
                    != chess_nnue_evaluate (net, &ma, (ChessColor) m.side, pieces_of (&m)))
                  g_error ("%s and its mirror %s score %d and %d", fen, mirrored,
                           chess_nnue_evaluate (net, &a, (ChessColor) b.side, pieces_of (&b)),
                           chess_nnue_evaluate (net, &ma, (ChessColor) m.side, pieces_of (&m)));
              }
            positions++;
            move = random_move (rand, &b);
            if (move == CHESS_MOVE_NONE)
              break;
            chess_board_make (&b, move, &u);
          }
      }
  g_rand_free (rand);
  g_test_message ("%d positions and their mirrors score the same", positions);
  g_assert_cmpint (positions, >, 2000);
  chess_nnue_set_simd (CHESS_NNUE_SIMD_AVX2);
  chess_nnue_free (net);
}

/* A net that is zero but for a few weights, on "4k3/8/8/8/8/8/8/3QK3":
 *
 *   White sees its own queen on d1: feature 4·64 + 3 = 259;
 *   Black sees an enemy queen on d1, its d8: 384 + 4·64 + 59 = 699;
 *   each sees the enemy king on its e8: 384 + 5·64 + 60 = 764.
 *
 *   unit 0: 100 from 259      → White 100, Black 0
 *   unit 1: 300 from 699      → White 0,   Black 300 (clipped to 255)
 *   unit 2: bias −7           → both −7 (clipped to 0)
 *   unit 3: bias 50, 20 from 764 → both 70
 *
 *   output weights, side to move's half [2, 3, 5, 1], other's [−4, 6, 5, −1]:
 *   White to move: 100·2 + 70·1 = 270 and 255·6 − 70 = 1460: 1730
 *   Black to move: 255·3 + 70·1 = 835 and 100·(−4) − 70 = −470: 365
 *
 *   bias 1000:  White (1000 + 1730) · 400 / 16320 = 66.9    → 66
 *               Black (1000 + 365) · 400 / 16320 = 33.5     → 33
 *   bias −5000: White (−5000 + 1730) · 400 / 16320 = −80.1  → −80
 *               Black (−5000 + 365) · 400 / 16320 = −113.6  → −113
 *   (C division truncates towards zero.)
 */
static void
test_by_hand (void)
{
  static const int16_t stm_weights[4] = { 2, 3, 5, 1 }, other_weights[4] = { -4, 6, 5, -1 };
  static const int16_t white_acc[4] = { 100, 0, -7, 70 }, black_acc[4] = { 0, 300, -7, 70 };
  static const struct { int32_t bias; int white, black; } cases[] = {
    { 1000, 66, 33 },
    { -5000, -80, -113 },
  };
  g_autofree NetArrays *a = g_new0 (NetArrays, 1);
  ChessBoard w = board_from ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  ChessBoard b = board_from ("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
  ChessNnueSimd simds[CHESS_NNUE_N_SIMD];
  int n_simds = available_simds (simds);

  g_assert_cmpint (chess_nnue_feature (CHESS_COLOR_WHITE, CHESS_WHITE_QUEEN, 3), ==, 259);
  g_assert_cmpint (chess_nnue_feature (CHESS_COLOR_BLACK, CHESS_WHITE_QUEEN, 3), ==, 699);
  g_assert_cmpint (chess_nnue_feature (CHESS_COLOR_WHITE, CHESS_BLACK_KING, 60), ==, 764);
  g_assert_cmpint (chess_nnue_feature (CHESS_COLOR_BLACK, CHESS_WHITE_KING, 4), ==, 764);

  a->feature_weights[259][0] = 100;
  a->feature_weights[699][1] = 300;
  a->feature_bias[2] = -7;
  a->feature_bias[3] = 50;
  a->feature_weights[764][3] = 20;
  memcpy (a->output_weights[0], stm_weights, sizeof stm_weights);
  memcpy (a->output_weights[1], other_weights, sizeof other_weights);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      ChessNnue *net;

      a->output_bias = cases[c].bias;
      net = net_load (a);
      for (int s = 0; s < n_simds; s++)
        {
          ChessNnueAccumulator acc;

          chess_nnue_set_simd (simds[s]);
          chess_nnue_refresh (net, &w, &acc);
          g_assert_cmpmem (acc.values[CHESS_COLOR_WHITE], sizeof white_acc, white_acc, sizeof white_acc);
          g_assert_cmpmem (acc.values[CHESS_COLOR_BLACK], sizeof black_acc, black_acc, sizeof black_acc);
          for (int i = 4; i < CHESS_NNUE_HIDDEN; i++)
            g_assert_true (acc.values[0][i] == 0 && acc.values[1][i] == 0);
          g_assert_cmpint (chess_nnue_evaluate (net, &acc, CHESS_COLOR_WHITE, 3), ==, cases[c].white);
          g_assert_cmpint (chess_nnue_evaluate (net, &acc, CHESS_COLOR_BLACK, 3), ==, cases[c].black);
          chess_nnue_refresh (net, &b, &acc);
          g_assert_cmpint (chess_nnue_evaluate (net, &acc, (ChessColor) b.side, pieces_of (&b)), ==, cases[c].black);
        }
      chess_nnue_free (net);
    }
  chess_nnue_set_simd (CHESS_NNUE_SIMD_AVX2);
}

static void
assert_refused (const guint8 *data, size_t size, const char *reason_part)
{
  const char *problem = NULL;

  g_assert_null (chess_nnue_load (data, size, &problem));
  g_assert_nonnull (problem);
  g_test_message ("refused: %s", problem);
  g_assert_nonnull (strstr (problem, reason_part));
  /* The reason is optional. */
  g_assert_null (chess_nnue_load (data, size, NULL));
}

static void
test_load_refuses (void)
{
  g_autofree NetArrays *a = g_new0 (NetArrays, 1);
  g_autofree guint8 *good = net_file (a);
  g_autofree guint8 *bad = g_malloc (CHESS_NNUE_FILE_SIZE + 1);
  const size_t size = CHESS_NNUE_FILE_SIZE;
  const char *problem = "unset";
  ChessNnue *net;

  net = chess_nnue_load (good, size, &problem);
  g_assert_nonnull (net);
  g_assert_null (problem);
  chess_nnue_free (net);

  memcpy (bad, good, size);
  bad[3] = 'X';
  assert_refused (bad, size, "magic");

  memcpy (bad, good, size);
  put_u32 (bad + 4, 3);
  assert_refused (bad, size, "version");

  memcpy (bad, good, size);
  put_u32 (bad + 8, 512);
  assert_refused (bad, size, "hidden");

  assert_refused (good, size - 1, "truncated");
  assert_refused (good, size / 2, "truncated");
  assert_refused (good, 12, "truncated");
  assert_refused (good, 7, "short");
  assert_refused (good, 0, "short");

  memcpy (bad, good, size);
  bad[size] = 0;
  assert_refused (bad, size + 1, "extra");
}

/* A version 2 file of `buckets` output buckets: the feature layer of `a`,
 * and bucket k's output weights those of `a` with its bias `biases[k]`. */
static guint8 *
bucket_file (const NetArrays *a, guint32 buckets, const int32_t *biases)
{
  size_t size = CHESS_NNUE_FILE_SIZE_BUCKETS (buckets);
  guint8 *data = g_malloc (size), *p = data;

  memcpy (p, CHESS_NNUE_MAGIC, 4);
  p = put_u32 (p + 4, CHESS_NNUE_VERSION_BUCKETS);
  p = put_u32 (p, CHESS_NNUE_HIDDEN);
  p = put_u32 (p, buckets);
  p = put_i16s (p, &a->feature_weights[0][0], CHESS_NNUE_FEATURES * CHESS_NNUE_HIDDEN);
  p = put_i16s (p, a->feature_bias, CHESS_NNUE_HIDDEN);
  for (guint32 k = 0; k < buckets; k++)
    p = put_i16s (p, &a->output_weights[0][0], 2 * CHESS_NNUE_HIDDEN);
  for (guint32 k = 0; k < buckets; k++)
    p = put_u32 (p, (guint32) biases[k]);
  g_assert_cmpint (p - data, ==, size);
  return data;
}

/* Output buckets: the piece count picks the bucket (2–4 pieces the first
 * of eight, 29–32 the last); a one-bucket version 2 file scores as the
 * version 1 file; bad bucket counts and sizes are refused. */
static void
test_buckets (void)
{
  static const struct { const char *fen; int pieces, bucket; } positions[] = {
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 2, 0 },
    { "4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1", 4, 0 },
    { "4k3/4p3/8/8/8/8/3P4/3QK3 b - - 0 1", 5, 1 },
    { "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 32, 7 },
  };
  g_autofree NetArrays *a = g_new0 (NetArrays, 1);
  int32_t biases[CHESS_NNUE_MAX_BUCKETS];
  const int qab = CHESS_NNUE_QA * CHESS_NNUE_QB;

  for (int k = 0; k < CHESS_NNUE_MAX_BUCKETS; k++)
    biases[k] = (k + 1) * qab;                 /* bucket k: (k + 1) × 400 cp */
  {
    g_autofree guint8 *data = bucket_file (a, CHESS_NNUE_MAX_BUCKETS, biases);
    const char *problem = "unset";
    ChessNnue *net = chess_nnue_load (data, CHESS_NNUE_FILE_SIZE_BUCKETS (CHESS_NNUE_MAX_BUCKETS), &problem);

    g_assert_nonnull (net);
    g_assert_null (problem);
    g_assert_cmpint (chess_nnue_buckets (net), ==, CHESS_NNUE_MAX_BUCKETS);
    for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
      {
        ChessBoard b = board_from (positions[i].fen);
        ChessNnueAccumulator acc;

        g_assert_cmpint (pieces_of (&b), ==, positions[i].pieces);
        g_assert_cmpint (chess_nnue_bucket (positions[i].pieces, CHESS_NNUE_MAX_BUCKETS), ==, positions[i].bucket);
        chess_nnue_refresh (net, &b, &acc);
        g_assert_cmpint (chess_nnue_evaluate (net, &acc, (ChessColor) b.side, pieces_of (&b)),
                         ==, (positions[i].bucket + 1) * CHESS_NNUE_SCALE);
      }
    chess_nnue_free (net);
  }
  /* One bucket, in either version, is the same net. */
  {
    GRand *rand = g_rand_new_with_seed (6);
    g_autofree NetArrays *r = g_new (NetArrays, 1);
    g_autofree guint8 *v1 = NULL, *v2 = NULL;
    ChessNnue *one, *two;
    ChessBoard b = board_from ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");

    random_arrays (r, 5);
    v1 = net_file (r);
    v2 = bucket_file (r, 1, &r->output_bias);
    one = chess_nnue_load (v1, CHESS_NNUE_FILE_SIZE, NULL);
    two = chess_nnue_load (v2, CHESS_NNUE_FILE_SIZE_BUCKETS (1), NULL);
    g_assert_nonnull (one);
    g_assert_nonnull (two);
    g_assert_cmpint (chess_nnue_buckets (one), ==, 1);
    g_assert_cmpint (chess_nnue_buckets (two), ==, 1);
    for (int ply = 0; ply < 40; ply++)
      {
        ChessNnueAccumulator acc1, acc2;
        ChessMove move;
        ChessUndo u;

        chess_nnue_refresh (one, &b, &acc1);
        chess_nnue_refresh (two, &b, &acc2);
        g_assert_cmpint (chess_nnue_evaluate (one, &acc1, (ChessColor) b.side, pieces_of (&b)),
                         ==, chess_nnue_evaluate (two, &acc2, (ChessColor) b.side, pieces_of (&b)));
        move = random_move (rand, &b);
        if (move == CHESS_MOVE_NONE)
          break;
        chess_board_make (&b, move, &u);
      }
    g_rand_free (rand);
    chess_nnue_free (one);
    chess_nnue_free (two);
  }
  /* Refused: no buckets, too many, a file cut short or too long. */
  {
    g_autofree guint8 *data = bucket_file (a, 2, biases);
    size_t size = CHESS_NNUE_FILE_SIZE_BUCKETS (2);
    g_autofree guint8 *bad = g_memdup2 (data, size);

    put_u32 (bad + 12, 0);
    assert_refused (bad, size, "buckets");
    put_u32 (bad + 12, CHESS_NNUE_MAX_BUCKETS + 1);
    assert_refused (bad, size, "buckets");
    put_u32 (bad + 12, 3);
    assert_refused (bad, size, "truncated");
    put_u32 (bad + 12, 1);
    assert_refused (bad, size, "extra");
    assert_refused (data, 14, "truncated");
    assert_refused (data, size - 1, "truncated");
  }
}


/* By hand only: updates plus evaluations per second along random games,
 * each position's accumulator made from the previous one as a search does. */
static void
test_throughput (void)
{
  enum { N_MOVES = 4096, SECONDS_PER_PATH = 1 };
  ChessNnue *net = random_net (1);
  ChessNnueSimd simds[CHESS_NNUE_N_SIMD];
  int n_simds = available_simds (simds);
  GRand *rand = g_rand_new_with_seed (5);
  ChessBoard *boards = g_new (ChessBoard, N_MOVES);
  ChessMove *moves = g_new (ChessMove, N_MOVES);
  ChessNnueAccumulator *accs = g_aligned_alloc0 (2, sizeof (ChessNnueAccumulator),
                                                 _Alignof (ChessNnueAccumulator));
  int n = 0;

  while (n < N_MOVES)
    {
      ChessBoard b;

      chess_board_set_start (&b);
      for (int ply = 0; ply < 200 && n < N_MOVES; ply++)
        {
          ChessMove m = random_move (rand, &b);
          ChessUndo u;

          if (m == CHESS_MOVE_NONE)
            break;
          boards[n] = b;
          moves[n++] = m;
          chess_board_make (&b, m, &u);
        }
    }

  for (int s = 0; s < n_simds; s++)
    {
      GTimer *timer = g_timer_new ();
      guint64 done = 0;
      volatile unsigned sink = 0;

      chess_nnue_set_simd (simds[s]);
      while (g_timer_elapsed (timer, NULL) < SECONDS_PER_PATH)
        {
          for (int i = 0; i < N_MOVES; i++)
            {
              const ChessNnueAccumulator *before = &accs[i & 1];
              ChessNnueAccumulator *after = &accs[(i + 1) & 1];

              chess_nnue_update (net, before, after, &boards[i], moves[i]);
              sink += (unsigned) chess_nnue_evaluate (net, after, chess_color_other ((ChessColor) boards[i].side), 32);
            }
          done += N_MOVES;
        }
      g_test_message ("%s: %.2f M updates+evaluations/s (%.1f ns each)",
                      chess_nnue_simd_name (simds[s]),
                      done / g_timer_elapsed (timer, NULL) / 1e6,
                      g_timer_elapsed (timer, NULL) / done * 1e9);
      g_timer_destroy (timer);
      (void) sink;
    }
  chess_nnue_set_simd (CHESS_NNUE_SIMD_AVX2);
  g_aligned_free (accs);
  g_free (moves);
  g_free (boards);
  g_rand_free (rand);
  chess_nnue_free (net);
}

/* A net that counts material: in each perspective, one unit per piece
 * type sums that side's own pieces; the output weighs the side to move's
 * units up and the other side's down, P 100, N 300, B 300, R 500, Q 900. */
static ChessNnue *
material_net (void)
{
  static const int per_piece[5] = { 25, 60, 60, 60, 120 };
  static const int centipawns[5] = { 100, 300, 300, 500, 900 };
  g_autofree NetArrays *a = g_new0 (NetArrays, 1);

  for (int type = CHESS_PAWN; type <= CHESS_QUEEN; type++)
    {
      int weight = centipawns[type] * CHESS_NNUE_QA * CHESS_NNUE_QB
                   / CHESS_NNUE_SCALE / per_piece[type];

      for (ChessSquare sq = 0; sq < 64; sq++)
        a->feature_weights[chess_nnue_feature (CHESS_COLOR_WHITE,
                                               chess_piece_make (CHESS_COLOR_WHITE, type), sq)][type]
          = (int16_t) per_piece[type];
      a->output_weights[0][type] = (int16_t) weight;
      a->output_weights[1][type] = (int16_t) -weight;
    }
  return net_load (a);
}

/* The search evaluates with a net when given one: with a net that counts
 * material, it takes a hanging queen and scores the result as a rook up,
 * alone and with helper threads (which must use the net too), and a net
 * that is taken away leaves the hand-written evaluation as it was. (Pawns
 * on both sides: the endgame knowledge, applied to the net's score too,
 * has nothing to add.) */
static void
test_search (void)
{
  ChessNnue *net = material_net ();
  ChessEngine *e = chess_engine_new (4);
  ChessBoard b = board_from ("4k3/pp6/8/3q4/8/8/PP1R4/4K3 w - - 0 1");
  ChessSearchLimits limits;
  ChessSearchResult plain, r;

  chess_search_limits_init (&limits);
  limits.depth = 6;
  chess_engine_set_position (e, &b, NULL, 0);
  chess_engine_set_net (e, NULL);
  plain = chess_engine_search (e, &limits, NULL, NULL);

  chess_engine_set_net (e, net);
  for (int threads = 1; threads <= 2; threads++)
    {
      chess_engine_clear (e);
      g_assert_true (chess_engine_set_threads (e, threads));
      r = chess_engine_search (e, &limits, NULL, NULL);
      g_assert_cmpuint (r.best, ==, move_from (&b, "Rxd5"));
      g_assert_cmpint (r.score, >=, 480);
      g_assert_cmpint (r.score, <=, 520);
    }
  g_assert_true (chess_engine_set_threads (e, 1));

  chess_engine_set_net (e, NULL);
  chess_engine_clear (e);
  r = chess_engine_search (e, &limits, NULL, NULL);
  g_assert_cmpuint (r.best, ==, plain.best);
  g_assert_cmpint (r.score, ==, plain.score);
  g_assert_cmpuint (r.nodes, ==, plain.nodes);
  chess_engine_free (e);
  chess_nnue_free (net);
}

static ChessSearchResult
search_with (const ChessNnue *net, bool default_net, int level, const ChessBoard *b)
{
  ChessEngine *e = chess_engine_new (4);
  ChessSearchLimits limits;
  ChessSearchResult r;

  chess_search_limits_init (&limits);
  limits.depth = 7;
  if (!default_net)
    chess_engine_set_net (e, net);
  chess_engine_set_level (e, level);
  chess_engine_set_position (e, b, NULL, 0);
  r = chess_engine_search (e, &limits, NULL, NULL);
  chess_engine_free (e);
  return r;
}

/* The program carries a net, and a new engine evaluates with it at full
 * strength and at Master; the levels below keep the hand-written
 * evaluation they were measured with, whatever net is set. */
static void
test_builtin (void)
{
  const ChessNnue *net = chess_nnue_builtin ();
  ChessBoard b = board_from ("r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9");
  int max = CHESS_ENGINE_LEVEL_MAX, master = CHESS_ENGINE_LEVEL_MAX - 1;
  int candidate = CHESS_ENGINE_LEVEL_MAX - 2;
  ChessSearchResult by_default, with_net, by_hand;

  g_assert_nonnull (net);
  g_assert_true (chess_nnue_builtin () == net);

  by_default = search_with (NULL, true, max, &b);
  with_net = search_with (net, false, max, &b);
  by_hand = search_with (NULL, false, max, &b);
  g_assert_cmpint (by_default.score, ==, with_net.score);
  g_assert_cmpuint (by_default.nodes, ==, with_net.nodes);
  g_assert_true (by_default.score != by_hand.score || by_default.nodes != by_hand.nodes);

  g_assert_true (chess_engine_levels[master].network);
  by_default = search_with (NULL, true, master, &b);
  by_hand = search_with (NULL, false, master, &b);
  g_assert_true (by_default.score != by_hand.score || by_default.nodes != by_hand.nodes);

  for (int level = 0; level <= candidate; level++)
    g_assert_false (chess_engine_levels[level].network);
  by_default = search_with (NULL, true, candidate, &b);
  by_hand = search_with (NULL, false, candidate, &b);
  g_assert_cmpint (by_default.score, ==, by_hand.score);
  g_assert_cmpuint (by_default.nodes, ==, by_hand.nodes);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/nnue/simd-choice", test_simd_choice);
  g_test_add_func ("/nnue/by-hand", test_by_hand);
  g_test_add_func ("/nnue/load-refuses", test_load_refuses);
  g_test_add_func ("/nnue/buckets", test_buckets);
  g_test_add_func ("/nnue/games", test_games);
  g_test_add_func ("/nnue/games-wrapping", test_games_wrapping);
  g_test_add_func ("/nnue/symmetry", test_symmetry);
  g_test_add_func ("/nnue/search", test_search);
  g_test_add_func ("/nnue/builtin", test_builtin);
  if (g_test_perf ())
    g_test_add_func ("/nnue/throughput", test_throughput);
  return g_test_run ();
}
