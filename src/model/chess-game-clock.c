/* chess-game-clock.c — a ChessGame's clock: time control, start, the
 * times after each move (kept on the tree's nodes), and the clock journal
 * beside the autosave. */

#include "config.h"

#include <string.h>

#include "chess-game-private.h"

void
chess_game_clocks_at (ChessGame           *self,
                      const ChessTreeNode *node,
                      gint64               ms[CHESS_N_COLORS])
{
  gboolean timed = chess_clock_is_timed (self->clock);

  for (int c = 0; c < CHESS_N_COLORS; c++)
    {
      ms[c] = -1;
      for (const ChessTreeNode *n = node; n != NULL && ms[c] < 0; n = n->parent)
        if (n->stood_ms[c] >= 0)
          ms[c] = n->stood_ms[c];
        else if (n->parent != NULL && chess_game_mover_of_ply (self, n->ply - 1) == (ChessColor) c)
          ms[c] = timed ? n->clock_ms : n->count_ms;
      if (ms[c] < 0)
        ms[c] = chess_clock_get_initial_ms (self->clock);
    }
}

void
chess_game_restore_clock (ChessGame *self)
{
  ChessColor side = (ChessColor) self->position.side;
  gint64 ms[CHESS_N_COLORS];

  chess_game_clocks_at (self, self->line_end, ms);
  chess_clock_set_times (self->clock, ms[CHESS_COLOR_WHITE], ms[CHESS_COLOR_BLACK], side);
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

/* Drops the times kept at `node` and after it. */
static void
forget_clocks (ChessTreeNode *node)
{
  node->clock_ms = node->count_ms = -1;
  node->stood_ms[0] = node->stood_ms[1] = -1;
  for (guint i = 0; i < node->n_children; i++)
    forget_clocks (node->children[i]);
}

void
chess_game_set_time_control (ChessGame      *self,
                             ChessClockMode  mode,
                             gint64          initial_ms,
                             gint64          increment_ms)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  chess_clock_set_time_control (self->clock, mode, initial_ms, increment_ms);
  /* The clocks start over: no time is kept after any move. */
  forget_clocks (self->tree->root);
  for (guint i = 0; i < self->redo->len; i++)
    forget_clocks (g_array_index (self->redo, RedoEntry, i).node);
  self->clock_started = FALSE;
  chess_game_restore_clock (self);
}

void
chess_game_start_clock (ChessGame *self)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  if (self->result != CHESS_GAME_RESULT_ONGOING)
    return;
  self->clock_started = TRUE;
  chess_clock_start (self->clock, (ChessColor) self->position.side);
}

gint64
chess_game_get_clock_ms_at (ChessGame *self,
                            guint      ply)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), -1);

  if (!chess_clock_is_timed (self->clock) || ply >= chess_game_line_length (self))
    return -1;
  gint64 ms[CHESS_N_COLORS];
  chess_game_clocks_at (self, chess_game_get_node_at (self, ply + 1), ms);
  return ms[chess_game_mover_of_ply (self, ply)];
}

void
chess_game_leave_line (ChessGame *self)
{
  if (self->line_end == NULL)
    return;   /* its node was just deleted */
  for (int c = 0; c < CHESS_N_COLORS; c++)
    self->line_end->stood_ms[c] = chess_clock_get_time_ms (self->clock, (ChessColor) c);
}

/* ---- The clock journal ---- */

void
chess_game_journal_clock (ChessGame *self)
{
  ChessClockJournalEntry entry = { 0, };

  if (self->clock_journal == NULL)
    return;
  entry.ply = chess_game_line_length (self);
  entry.key = self->position.key;
  for (int c = 0; c < CHESS_N_COLORS; c++)
    entry.ms[c] = chess_clock_get_time_ms (self->clock, (ChessColor) c);
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
  if (self->result != CHESS_GAME_RESULT_ONGOING
      || entry->ply != chess_game_line_length (self) || entry->key != self->position.key)
    return;
  self->line_end->stood_ms[CHESS_COLOR_WHITE] = entry->ms[CHESS_COLOR_WHITE];
  self->line_end->stood_ms[CHESS_COLOR_BLACK] = entry->ms[CHESS_COLOR_BLACK];
  chess_clock_set_times (self->clock, entry->ms[CHESS_COLOR_WHITE], entry->ms[CHESS_COLOR_BLACK],
                         (ChessColor) self->position.side);
}
