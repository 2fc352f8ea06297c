/* chess-nnue.c — the evaluation network (see chess-nnue.h): the file, the
 * feature columns a position or a move touches, and the choice of kernels
 * (chess-nnue-simd.c), which do the arithmetic. */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "chess-nnue.h"
#include "chess-nnue-simd.h"

/* The file's arrays, each row on a cache line of its own. */
struct ChessNnue
{
  _Alignas (64) int16_t feature_weights[CHESS_NNUE_FEATURES][CHESS_NNUE_HIDDEN];
  _Alignas (64) int16_t feature_bias[CHESS_NNUE_HIDDEN];
  _Alignas (64) int16_t output_weights[CHESS_NNUE_MAX_BUCKETS][2][CHESS_NNUE_HIDDEN];
  int32_t output_bias[CHESS_NNUE_MAX_BUCKETS];
  int     buckets;
};

#define HEADER_SIZE 12
#define HEADER_SIZE_BUCKETS 16

/* Little-endian, whatever the host's byte order. */
static uint32_t
read_u32 (const uint8_t *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static const uint8_t *
read_i16s (int16_t *dst, const uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++, p += 2)
    dst[i] = (int16_t) (uint16_t) (p[0] | p[1] << 8);
  return p;
}

/* Why `p` (`size` bytes) is not a net of our shape, or NULL; its output
 * buckets in `buckets` and where its weights start in `header`. */
static const char *
check_file (const uint8_t *p, size_t size, int *buckets, size_t *header)
{
  size_t expected;
  uint32_t version;

  if (size < HEADER_SIZE)
    return "too short for a network file";
  if (memcmp (p, CHESS_NNUE_MAGIC, 4) != 0)
    return "not a network file (wrong magic)";
  version = read_u32 (p + 4);
  if (version != CHESS_NNUE_VERSION && version != CHESS_NNUE_VERSION_BUCKETS)
    return "unsupported network file version";
  if (read_u32 (p + 8) != CHESS_NNUE_HIDDEN)
    return "hidden layer size differs from the engine's";
  if (version == CHESS_NNUE_VERSION)
    {
      *buckets = 1;
      *header = HEADER_SIZE;
      expected = CHESS_NNUE_FILE_SIZE;
    }
  else
    {
      uint32_t n;

      if (size < HEADER_SIZE_BUCKETS)
        return "network file truncated";
      n = read_u32 (p + 12);
      if (n < 1 || n > CHESS_NNUE_MAX_BUCKETS)
        return "unsupported number of output buckets";
      *buckets = (int) n;
      *header = HEADER_SIZE_BUCKETS;
      expected = CHESS_NNUE_FILE_SIZE_BUCKETS (n);
    }
  if (size < expected)
    return "network file truncated";
  if (size > expected)
    return "extra data after the network";
  return NULL;
}

ChessNnue *
chess_nnue_load (const void *data, size_t size, const char **problem)
{
  const uint8_t *p = data;
  const char *why;
  ChessNnue *net = NULL;
  int buckets = 1;
  size_t header = HEADER_SIZE;

  g_return_val_if_fail (data != NULL || size == 0, NULL);

  why = check_file (p, size, &buckets, &header);
  if (!why)
    {
      /* sizeof is a multiple of the alignment, as aligned_alloc wants. */
      net = aligned_alloc (_Alignof (ChessNnue), sizeof (ChessNnue));
      if (!net)
        why = "out of memory";
    }
  if (problem)
    *problem = why;
  if (why)
    return NULL;

  memset (net, 0, sizeof *net);
  net->buckets = buckets;
  p += header;
  p = read_i16s (&net->feature_weights[0][0], p, CHESS_NNUE_FEATURES * CHESS_NNUE_HIDDEN);
  p = read_i16s (net->feature_bias, p, CHESS_NNUE_HIDDEN);
  p = read_i16s (&net->output_weights[0][0][0], p, (size_t) buckets * 2 * CHESS_NNUE_HIDDEN);
  for (int b = 0; b < buckets; b++, p += 4)
    net->output_bias[b] = (int32_t) read_u32 (p);
  return net;
}

ChessNnue *
chess_nnue_load_file (const char *path, char **why)
{
  g_autofree char *data = NULL;
  gsize size = 0;
  g_autoptr (GError) error = NULL;
  const char *problem = NULL;
  ChessNnue *net;

  g_return_val_if_fail (path != NULL && why != NULL, NULL);

  *why = NULL;
  if (!g_file_get_contents (path, &data, &size, &error))
    {
      *why = g_strdup (error->message);
      return NULL;
    }
  net = chess_nnue_load (data, size, &problem);
  if (!net)
    *why = g_strdup_printf ("%s: %s", path, problem);
  return net;
}

void
chess_nnue_free (ChessNnue *net)
{
  free (net);
}

/* The kernels in use, NULL until the first call picks the best. Atomic
 * because engine threads may race to make that pick (all make the same);
 * a relaxed load costs nothing more than a plain one. */
static _Atomic (const ChessNnueKernels *) kernels_in_use;

static inline const ChessNnueKernels *
kernels (void)
{
  const ChessNnueKernels *k = atomic_load_explicit (&kernels_in_use, memory_order_relaxed);

  if (G_UNLIKELY (k == NULL))
    {
      k = _chess_nnue_kernels (_chess_nnue_best_simd ());
      atomic_store_explicit (&kernels_in_use, k, memory_order_relaxed);
    }
  return k;
}

ChessNnueSimd
chess_nnue_get_simd (void)
{
  return kernels ()->simd;
}

ChessNnueSimd
chess_nnue_set_simd (ChessNnueSimd wanted)
{
  ChessNnueSimd best = _chess_nnue_best_simd ();

  g_return_val_if_fail (wanted >= 0 && wanted < CHESS_NNUE_N_SIMD, chess_nnue_get_simd ());

  if (wanted > best)
    wanted = best;
  atomic_store_explicit (&kernels_in_use, _chess_nnue_kernels (wanted), memory_order_relaxed);
  return wanted;
}

const char *
chess_nnue_simd_name (ChessNnueSimd simd)
{
  static const char *const names[CHESS_NNUE_N_SIMD] = { "scalar", "sse2", "avx2" };

  g_return_val_if_fail (simd >= 0 && simd < CHESS_NNUE_N_SIMD, "unknown");
  return names[simd];
}

static inline const int16_t *
column (const ChessNnue *net, ChessColor perspective, ChessPiece piece, ChessSquare square)
{
  return net->feature_weights[chess_nnue_feature (perspective, piece, square)];
}

void
chess_nnue_refresh (const ChessNnue *net, const ChessBoard *board, ChessNnueAccumulator *acc)
{
  const ChessNnueKernels *k = kernels ();

  for (int c = 0; c < CHESS_N_COLORS; c++)
    {
      const int16_t *add[64];
      int n = 0;

      for (ChessSquare sq = 0; sq < 64; sq++)
        if (board->squares[sq] != CHESS_NO_PIECE)
          add[n++] = column (net, (ChessColor) c, (ChessPiece) board->squares[sq], sq);
      k->apply (acc->values[c], net->feature_bias, add, n, NULL, 0);
    }
}

/* What a move changes on the board, the same for both perspectives: the
 * pieces it puts on squares and takes off them, at most two of each
 * (castling moves two pieces; a capture takes off two). */
typedef struct
{
  ChessPiece  add_piece[2], sub_piece[2];
  ChessSquare add_square[2], sub_square[2];
  int         n_add, n_sub;
} MoveChange;

static inline void
change_add (MoveChange *c, ChessPiece piece, ChessSquare square)
{
  c->add_piece[c->n_add] = piece;
  c->add_square[c->n_add++] = square;
}

static inline void
change_sub (MoveChange *c, ChessPiece piece, ChessSquare square)
{
  c->sub_piece[c->n_sub] = piece;
  c->sub_square[c->n_sub++] = square;
}

/* The squares as chess_board_make moves them. */
static void
move_change (const ChessBoard *b, ChessMove move, MoveChange *c)
{
  ChessSquare from = chess_move_from (move), to = chess_move_to (move);
  int flags = chess_move_flags (move);
  ChessColor us = (ChessColor) b->side;
  ChessPiece piece = (ChessPiece) b->squares[from];

  c->n_add = c->n_sub = 0;
  change_sub (c, piece, from);
  change_add (c, chess_move_is_promotion (move)
                 ? chess_piece_make (us, chess_move_promotion (move)) : piece, to);

  if (flags == CHESS_MOVE_EN_PASSANT)
    change_sub (c, chess_piece_make (chess_color_other (us), CHESS_PAWN),
                us == CHESS_COLOR_WHITE ? to - 8 : to + 8);
  else if (chess_move_is_capture (move))
    change_sub (c, (ChessPiece) b->squares[to], to);
  else if (chess_move_is_castle (move))
    {
      ChessPiece rook = chess_piece_make (us, CHESS_ROOK);
      bool king_side = flags == CHESS_MOVE_KING_CASTLE;

      change_sub (c, rook, king_side ? to + 1 : to - 2);
      change_add (c, rook, king_side ? to - 1 : to + 1);
    }
}

void
chess_nnue_update (const ChessNnue *net, const ChessNnueAccumulator *before,
                   ChessNnueAccumulator *after, const ChessBoard *board_before,
                   ChessMove move)
{
  const ChessNnueKernels *k;
  MoveChange change;

  if (move == CHESS_MOVE_NULL)
    {
      if (after != before)
        *after = *before;
      return;
    }

  k = kernels ();
  move_change (board_before, move, &change);
  for (int c = 0; c < CHESS_N_COLORS; c++)
    {
      const int16_t *add[2], *sub[2];

      for (int i = 0; i < change.n_add; i++)
        add[i] = column (net, (ChessColor) c, change.add_piece[i], change.add_square[i]);
      for (int i = 0; i < change.n_sub; i++)
        sub[i] = column (net, (ChessColor) c, change.sub_piece[i], change.sub_square[i]);
      k->apply (after->values[c], before->values[c], add, change.n_add, sub, change.n_sub);
    }
}

int
chess_nnue_buckets (const ChessNnue *net)
{
  return net->buckets;
}

int
chess_nnue_evaluate (const ChessNnue *net, const ChessNnueAccumulator *acc,
                     ChessColor side_to_move, int pieces)
{
  int bucket = chess_nnue_bucket (pieces, net->buckets);
  int32_t sum = kernels ()->output (acc->values[side_to_move],
                                    acc->values[chess_color_other (side_to_move)],
                                    &net->output_weights[bucket][0][0]);
  /* Wrapping, as the kernels' sums do. */
  int32_t out = (int32_t) ((uint32_t) net->output_bias[bucket] + (uint32_t) sum);

  return (int) ((int64_t) out * CHESS_NNUE_SCALE / (CHESS_NNUE_QA * CHESS_NNUE_QB));
}
