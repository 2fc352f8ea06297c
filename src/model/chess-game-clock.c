/* chess-game-clock.c — a ChessGame's clock: time control, start, times
 * after each move, and the clock journal beside the autosave. */

#include "config.h"

#include <string.h>

#include "chess-game-private.h"

ClockTimes
chess_game_read_clock (ChessGame *self)
{
  ClockTimes t;

  t.ms[CHESS_COLOR_WHITE] = chess_clock_get_time_ms (self->clock, CHESS_COLOR_WHITE);
  t.ms[CHESS_COLOR_BLACK] = chess_clock_get_time_ms (self->clock, CHESS_COLOR_BLACK);
  return t;
}

/* Puts the clock at `t` for the side to move, running if the game is on
 * and its clock had been started. */
void
chess_game_restore_clock (ChessGame        *self,
                          const ClockTimes *t)
{
  ChessColor side = (ChessColor) self->line.current.side;

  chess_clock_set_times (self->clock, t->ms[CHESS_COLOR_WHITE],
                         t->ms[CHESS_COLOR_BLACK], side);
  if (self->clock_started && self->result == CHESS_GAME_RESULT_ONGOING)
    chess_clock_start (self->clock, side);
  else
    chess_clock_stop (self->clock);
}

ChessClock *
chess_game_get_clock (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return self->clock;
}

void
chess_game_set_time_control (ChessGame      *self,
                             ChessClockMode  mode,
                             gint64          initial_ms,
                             gint64          increment_ms)
{
  ClockTimes t;

  g_return_if_fail (CHESS_IS_GAME (self));

  chess_clock_set_time_control (self->clock, mode, initial_ms, increment_ms);
  initial_ms = chess_clock_get_initial_ms (self->clock);
  t.ms[0] = t.ms[1] = initial_ms;
  for (guint i = 0; i < self->times->len; i++)
    g_array_index (self->times, ClockTimes, i) = t;
  for (guint i = 0; i < self->redo->len; i++)
    g_array_index (self->redo, RedoEntry, i).after = t;
  self->clock_started = FALSE;
  chess_game_forget_main_clocks (self);
  chess_clock_set_times (self->clock, initial_ms, initial_ms,
                         (ChessColor) self->line.current.side);
}

void
chess_game_start_clock (ChessGame *self)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  if (self->result != CHESS_GAME_RESULT_ONGOING)
    return;
  self->clock_started = TRUE;
  chess_clock_start (self->clock, (ChessColor) self->line.current.side);
}

gint64
chess_game_get_clock_ms_at (ChessGame *self,
                            guint      ply)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), -1);

  if (!chess_clock_is_timed (self->clock) || ply >= self->line.n_moves)
    return -1;
  return g_array_index (self->times, ClockTimes, ply + 1).ms[chess_game_mover_of_ply (self, ply)];
}

/* ---- The clocks of the lines followed ---- */

/* How many moves `a` and `b` start with alike. */
static guint
shared_moves (const ChessMove *a,
              guint            n_a,
              const ChessMove *b,
              guint            n_b)
{
  guint n = 0;

  while (n < n_a && n < n_b && a[n] == b[n])
    n++;
  return n;
}

void
chess_game_forget_main_clocks (ChessGame *self)
{
  g_array_set_size (self->main_times, 0);
  g_array_set_size (self->main_moves, 0);
}

void
chess_game_clocks_for_line (ChessGame           *self,
                            const ChessTreeNode *end)
{
  guint n_moves = end->ply;
  g_autofree ChessMove *moves = g_new (ChessMove, n_moves + 1);
  g_autofree const ChessTreeNode **path = g_new (const ChessTreeNode *, n_moves + 1);
  guint n_old = (guint) self->line.n_moves;
  gboolean timed = chess_clock_is_timed (self->clock);
  GArray *times = g_array_sized_new (FALSE, TRUE, sizeof (ClockTimes), n_moves + 1);
  guint with_old, with_main;
  ClockTimes t;

  for (const ChessTreeNode *n = end; n->parent != NULL; n = n->parent)
    {
      path[n->ply - 1] = n;
      moves[n->ply - 1] = n->move;
    }
  /* The clock stands at the end of the line being played: what it reads
   * there (a flag fallen, a move's time after the game ended) is the
   * clocks' last word on that position. */
  g_array_index (self->times, ClockTimes, n_old) = chess_game_read_clock (self);
  /* Playing the tree's main line, whole (line_end is NULL when its node
   * was just deleted). */
  if (self->line_end != NULL && self->line_end->n_children == 0
      && chess_tree_node_is_main_line (self->line_end))
    {
      g_array_set_size (self->main_times, 0);
      g_array_append_vals (self->main_times, self->times->data, self->times->len);
      g_array_set_size (self->main_moves, 0);
      g_array_append_vals (self->main_moves, self->line.moves, n_old);
    }
  with_old = shared_moves (self->line.moves, n_old, moves, n_moves);
  with_main = self->main_times->len == 0 ? 0
              : shared_moves ((const ChessMove *) self->main_moves->data,
                              self->main_moves->len, moves, n_moves);

  t = g_array_index (self->times, ClockTimes, 0);
  g_array_append_val (times, t);
  for (guint i = 0; i < n_moves; i++)
    {
      if (i + 1 <= with_old)
        t = g_array_index (self->times, ClockTimes, i + 1);
      else if (i + 1 <= with_main)
        t = g_array_index (self->main_times, ClockTimes, i + 1);
      else if (timed && path[i]->clock_ms >= 0)
        t.ms[chess_game_mover_of_ply (self, i)] = path[i]->clock_ms;
      g_array_append_val (times, t);
    }
  g_array_unref (self->times);
  self->times = times;
}

/* ---- The clock journal ---- */

void
chess_game_journal_clock (ChessGame *self)
{
  ChessClockJournalEntry entry = { 0, };
  ClockTimes t;

  if (self->clock_journal == NULL)
    return;
  t = chess_game_read_clock (self);
  entry.ply = (guint) self->line.n_moves;
  entry.key = self->line.current.key;
  entry.ms[CHESS_COLOR_WHITE] = t.ms[CHESS_COLOR_WHITE];
  entry.ms[CHESS_COLOR_BLACK] = t.ms[CHESS_COLOR_BLACK];
  entry.active = chess_clock_get_active_color (self->clock);
  /* Only a real clock runs on by itself (tests drive theirs by hand). */
  entry.counting = chess_clock_is_running (self->clock) && !chess_clock_is_paused (self->clock)
                   && chess_clock_is_real_time (self->clock);
  entry.count_up = !chess_clock_is_timed (self->clock);
  chess_clock_journal_record (self->clock_journal, &entry);
}

void
chess_game_set_clock_journal (ChessGame  *self,
                              const char *autosave_path)
{
  g_autofree char *path = autosave_path != NULL ? chess_clock_journal_path_for (autosave_path) : NULL;
  g_autoptr(GError) error = NULL;

  if (self->clock_journal != NULL && path != NULL
      && strcmp (chess_clock_journal_get_path (self->clock_journal), path) == 0)
    return;
  g_clear_pointer (&self->clock_journal, chess_clock_journal_close);
  if (path == NULL)
    return;
  self->clock_journal = chess_clock_journal_open (path, &error);
  if (self->clock_journal == NULL)
    g_debug ("No clock journal: %s", error->message);
}

void
chess_game_apply_clock_journal (ChessGame                    *self,
                                const ChessClockJournalEntry *entry)
{
  ClockTimes t;

  if (self->result != CHESS_GAME_RESULT_ONGOING
      || entry->ply != self->line.n_moves || entry->key != self->line.current.key)
    return;
  t.ms[CHESS_COLOR_WHITE] = entry->ms[CHESS_COLOR_WHITE];
  t.ms[CHESS_COLOR_BLACK] = entry->ms[CHESS_COLOR_BLACK];
  g_array_index (self->times, ClockTimes, self->times->len - 1) = t;
  chess_clock_set_times (self->clock, t.ms[CHESS_COLOR_WHITE], t.ms[CHESS_COLOR_BLACK],
                         (ChessColor) self->line.current.side);
}
