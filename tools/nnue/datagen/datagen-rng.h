/* datagen-rng.h — the generator's random numbers: SplitMix64, small and
 * the same on every platform, so that a seed names the same games
 * everywhere. */
#pragma once

#include <stdint.h>

typedef struct
{
  uint64_t state;
} ChessDatagenRng;

/* SplitMix64's output function: also a good hash of one 64-bit word. */
static inline uint64_t
chess_datagen_mix (uint64_t z)
{
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Game `game` of a run gets its own stream, a hash of the run's seed and
 * its number: a game does not depend on how many numbers the ones before
 * it drew, and streams of neighbouring games do not overlap. */
static inline void
chess_datagen_rng_init (ChessDatagenRng *self,
                        uint64_t         seed,
                        uint64_t         game)
{
  self->state = chess_datagen_mix (seed ^ chess_datagen_mix (game + 1));
}

static inline uint64_t
chess_datagen_rng_next (ChessDatagenRng *self)
{
  self->state += UINT64_C (0x9e3779b97f4a7c15);
  return chess_datagen_mix (self->state);
}

/* A number in [0, n), n > 0. The modulo's bias is below n / 2^64: nothing
 * for the few hundred choices asked of it. */
static inline unsigned
chess_datagen_rng_below (ChessDatagenRng *self,
                         unsigned         n)
{
  return (unsigned) (chess_datagen_rng_next (self) % n);
}
