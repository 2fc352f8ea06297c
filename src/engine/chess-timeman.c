/* chess-timeman.c — time management (see chess-timeman.h). */
#include "config.h"

#include <time.h>

#include "chess-timeman.h"

int64_t
chess_timeman_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
chess_timeman_init (ChessTimeman *self, const ChessSearchLimits *limits, ChessColor us)
{
  int64_t overhead = limits->move_overhead_ms > 0 ? limits->move_overhead_ms : 0;

  self->managed = false;
  self->soft_ms = self->hard_ms = INT64_MAX;

  if (limits->infinite)
    return;
  if (limits->move_time_ms > 0)
    {
      int64_t t = limits->move_time_ms - overhead;
      self->managed = true;
      self->soft_ms = self->hard_ms = t > 1 ? t : 1;
      return;
    }
  if (limits->time_ms[us] >= 0)
    {
      int64_t left = limits->time_ms[us], inc = limits->inc_ms[us] > 0 ? limits->inc_ms[us] : 0;
      int mtg = limits->moves_to_go > 0 ? limits->moves_to_go : 0;
      /* Keep back the overhead, and a little more when the clock is short,
       * so that 1 s + 0.01 s never loses on time. */
      int64_t avail = left - overhead - (left < 2000 ? left / 20 : 0);
      int64_t soft, hard;

      if (avail < 1)
        avail = 1;
      if (mtg > 0)
        {
          int m = mtg < 40 ? mtg : 40;
          soft = avail / m + inc * 3 / 4;
          hard = m == 1 ? avail * 9 / 10 : avail / 2 < soft * 4 ? avail / 2 : soft * 4;
        }
      else
        {
          /* Sudden death: plan for about 25 more moves. */
          soft = avail / 25 + inc * 3 / 4;
          hard = avail / 4 < soft * 5 ? avail / 4 : soft * 5;
          if (hard < soft)
            hard = soft;
        }
      if (soft > avail)
        soft = avail;
      if (hard > avail)
        hard = avail;
      if (soft > hard)
        soft = hard;
      self->managed = true;
      self->soft_ms = soft > 1 ? soft : 1;
      self->hard_ms = hard > 1 ? hard : 1;
    }
}

int64_t
chess_timeman_soft (const ChessTimeman *self, int changes, int drop)
{
  /* Settled: 0.6×; each recent change and a falling score give more time. */
  int64_t scale = 60 + 30 * (changes < 4 ? changes : 4);

  if (drop > 20)
    scale += drop > 100 ? 60 : 30;
  if (!self->managed)
    return INT64_MAX;
  {
    int64_t t = self->soft_ms * scale / 100;
    return t < self->hard_ms ? t : self->hard_ms;
  }
}
