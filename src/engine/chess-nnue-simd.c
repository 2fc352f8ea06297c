/* chess-nnue-simd.c — the network's inner loops (see chess-nnue-simd.h):
 * plain C everywhere, SSE2 and AVX2 on x86-64.
 *
 * The paths agree bit for bit because they do the same integer sums in the
 * same widths: int16 adds that wrap for the accumulator (so the order of
 * the terms does not matter either), and for the output exact int32
 * products of a clamped value (0..255) and an int16 weight, summed in
 * wrapping int32. The loads are unaligned ones, as fast as aligned ones on
 * aligned data, so callers need not align their accumulators.
 */
#include "config.h"

#include <string.h>

#include "chess-bitboard.h"
#include "chess-nnue-simd.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define NNUE_X86 1
#include <immintrin.h>
#endif

/* A move adds one column and removes one (a quiet move), removes two (a
 * capture) or adds and removes two each (castling): those shapes get loops
 * with the counts fixed, which the compiler unrolls so that each hidden
 * unit is loaded and stored once. A refresh, with up to 32 columns, takes
 * the general loop. The lists of columns are `restrict`: a store to `dst`
 * cannot change them, so the column pointers stay in registers. */
#define DEFINE_APPLY(name, attributes, loop)                            \
  static attributes void                                                \
  name (int16_t *dst, const int16_t *src,                               \
        const int16_t *const *restrict add, int n_add,                  \
        const int16_t *const *restrict sub, int n_sub)                  \
  {                                                                     \
    if (n_add == 1 && n_sub == 1)                                       \
      loop (dst, src, add, 1, sub, 1);                                  \
    else if (n_add == 1 && n_sub == 2)                                  \
      loop (dst, src, add, 1, sub, 2);                                  \
    else if (n_add == 2 && n_sub == 2)                                  \
      loop (dst, src, add, 2, sub, 2);                                  \
    else                                                                \
      loop (dst, src, add, n_add, sub, n_sub);                          \
  }

/* Plain C. */

static CHESS_ALWAYS_INLINE void
apply_loop_scalar (int16_t *dst, const int16_t *src,
                   const int16_t *const *restrict add, int n_add,
                   const int16_t *const *restrict sub, int n_sub)
{
  /* Summed in a local array, which nothing else can point into, so that
   * the compiler may vectorise the loop (NEON on ARM) without checks. */
  uint16_t sum[CHESS_NNUE_HIDDEN];

  for (int i = 0; i < CHESS_NNUE_HIDDEN; i++)
    {
      /* Unsigned, so that it wraps without undefined behaviour; GCC and
       * Clang convert back to int16_t modulo 2^16, as the vector adds do. */
      uint16_t v = (uint16_t) src[i];

      for (int k = 0; k < n_add; k++)
        v += (uint16_t) add[k][i];
      for (int k = 0; k < n_sub; k++)
        v -= (uint16_t) sub[k][i];
      sum[i] = v;
    }
  memcpy (dst, sum, sizeof sum);
}

DEFINE_APPLY (apply_scalar, , apply_loop_scalar)

static int32_t
output_scalar (const int16_t *us, const int16_t *them, const int16_t *weights)
{
  uint32_t sum = 0;

  for (int half = 0; half < 2; half++)
    {
      const int16_t *acc = half == 0 ? us : them;
      const int16_t *w = weights + half * CHESS_NNUE_HIDDEN;

      for (int i = 0; i < CHESS_NNUE_HIDDEN; i++)
        {
          int v = acc[i] < 0 ? 0 : acc[i] > CHESS_NNUE_QA ? CHESS_NNUE_QA : acc[i];

          /* The product fits an int (255 × 32768); the sum wraps. */
          sum += (uint32_t) (v * w[i]);
        }
    }
  return (int32_t) sum;
}

static const ChessNnueKernels scalar_kernels = {
  CHESS_NNUE_SIMD_SCALAR, apply_scalar, output_scalar,
};

#ifdef NNUE_X86

/* SSE2: 8 units a vector. Every x86-64 has it. */

#define SSE2 __attribute__((target ("sse2")))

static inline __attribute__((always_inline)) SSE2 void
apply_loop_sse2 (int16_t *dst, const int16_t *src,
                 const int16_t *const *restrict add, int n_add,
                 const int16_t *const *restrict sub, int n_sub)
{
  for (int i = 0; i < CHESS_NNUE_HIDDEN; i += 8)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) (src + i));

      for (int k = 0; k < n_add; k++)
        v = _mm_add_epi16 (v, _mm_loadu_si128 ((const __m128i *) (add[k] + i)));
      for (int k = 0; k < n_sub; k++)
        v = _mm_sub_epi16 (v, _mm_loadu_si128 ((const __m128i *) (sub[k] + i)));
      _mm_storeu_si128 ((__m128i *) (dst + i), v);
    }
}

DEFINE_APPLY (apply_sse2, SSE2, apply_loop_sse2)

static SSE2 int32_t
output_sse2 (const int16_t *us, const int16_t *them, const int16_t *weights)
{
  const __m128i zero = _mm_setzero_si128 ();
  const __m128i qa = _mm_set1_epi16 (CHESS_NNUE_QA);
  __m128i sum = zero;

  for (int half = 0; half < 2; half++)
    {
      const int16_t *acc = half == 0 ? us : them;
      const int16_t *w = weights + half * CHESS_NNUE_HIDDEN;

      for (int i = 0; i < CHESS_NNUE_HIDDEN; i += 8)
        {
          __m128i v = _mm_loadu_si128 ((const __m128i *) (acc + i));

          v = _mm_min_epi16 (_mm_max_epi16 (v, zero), qa);
          sum = _mm_add_epi32 (sum, _mm_madd_epi16 (v, _mm_loadu_si128 ((const __m128i *) (w + i))));
        }
    }
  sum = _mm_add_epi32 (sum, _mm_shuffle_epi32 (sum, _MM_SHUFFLE (1, 0, 3, 2)));
  sum = _mm_add_epi32 (sum, _mm_shuffle_epi32 (sum, _MM_SHUFFLE (2, 3, 0, 1)));
  return _mm_cvtsi128_si32 (sum);
}

static const ChessNnueKernels sse2_kernels = {
  CHESS_NNUE_SIMD_SSE2, apply_sse2, output_sse2,
};

/* AVX2: 16 units a vector. */

#define AVX2 __attribute__((target ("avx2")))

static inline __attribute__((always_inline)) AVX2 void
apply_loop_avx2 (int16_t *dst, const int16_t *src,
                 const int16_t *const *restrict add, int n_add,
                 const int16_t *const *restrict sub, int n_sub)
{
  for (int i = 0; i < CHESS_NNUE_HIDDEN; i += 16)
    {
      __m256i v = _mm256_loadu_si256 ((const __m256i *) (src + i));

      for (int k = 0; k < n_add; k++)
        v = _mm256_add_epi16 (v, _mm256_loadu_si256 ((const __m256i *) (add[k] + i)));
      for (int k = 0; k < n_sub; k++)
        v = _mm256_sub_epi16 (v, _mm256_loadu_si256 ((const __m256i *) (sub[k] + i)));
      _mm256_storeu_si256 ((__m256i *) (dst + i), v);
    }
}

DEFINE_APPLY (apply_avx2, AVX2, apply_loop_avx2)

static AVX2 int32_t
output_avx2 (const int16_t *us, const int16_t *them, const int16_t *weights)
{
  const __m256i zero = _mm256_setzero_si256 ();
  const __m256i qa = _mm256_set1_epi16 (CHESS_NNUE_QA);
  __m256i sum = zero;
  __m128i s;

  for (int half = 0; half < 2; half++)
    {
      const int16_t *acc = half == 0 ? us : them;
      const int16_t *w = weights + half * CHESS_NNUE_HIDDEN;

      for (int i = 0; i < CHESS_NNUE_HIDDEN; i += 16)
        {
          __m256i v = _mm256_loadu_si256 ((const __m256i *) (acc + i));

          v = _mm256_min_epi16 (_mm256_max_epi16 (v, zero), qa);
          sum = _mm256_add_epi32 (sum, _mm256_madd_epi16 (v, _mm256_loadu_si256 ((const __m256i *) (w + i))));
        }
    }
  s = _mm_add_epi32 (_mm256_castsi256_si128 (sum), _mm256_extracti128_si256 (sum, 1));
  s = _mm_add_epi32 (s, _mm_shuffle_epi32 (s, _MM_SHUFFLE (1, 0, 3, 2)));
  s = _mm_add_epi32 (s, _mm_shuffle_epi32 (s, _MM_SHUFFLE (2, 3, 0, 1)));
  return _mm_cvtsi128_si32 (s);
}

static const ChessNnueKernels avx2_kernels = {
  CHESS_NNUE_SIMD_AVX2, apply_avx2, output_avx2,
};

#endif /* NNUE_X86 */

ChessNnueSimd
_chess_nnue_best_simd (void)
{
#ifdef NNUE_X86
  __builtin_cpu_init ();
  /* This also checks that the system saves the AVX registers. */
  if (__builtin_cpu_supports ("avx2"))
    return CHESS_NNUE_SIMD_AVX2;
  return CHESS_NNUE_SIMD_SSE2;
#else
  return CHESS_NNUE_SIMD_SCALAR;
#endif
}

const ChessNnueKernels *
_chess_nnue_kernels (ChessNnueSimd simd)
{
  switch (simd)
    {
#ifdef NNUE_X86
    case CHESS_NNUE_SIMD_AVX2:
      return &avx2_kernels;
    case CHESS_NNUE_SIMD_SSE2:
      return &sse2_kernels;
#endif
    default:
      return &scalar_kernels;
    }
}
