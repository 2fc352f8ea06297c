/* model-test-util.h — what the model's tests and the app tests built on
 * the model share: playing moves into a game, and running the main loop
 * until something has happened, with a guard, so that a broken flow fails
 * its check instead of hanging. */
#pragma once

#include <glib.h>

#include "chess-game.h"

/* Plays space-separated SAN moves (a trailing space is fine, so texts
 * can be joined); a move that is refused ends the test. */
static inline void
model_test_play (ChessGame  *game,
                 const char *moves)
{
  g_auto(GStrv) list = g_strsplit (moves, " ", -1);

  for (guint i = 0; list[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (*list[i] == '\0')
        continue;
      if (!chess_game_play (game, list[i], &error))
        g_error ("%s: %s", list[i], error->message);
    }
}

typedef gboolean (*ModelTestCondition) (gpointer data);

static inline gboolean
model_test_timed_out_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until `condition` holds or `ms` milliseconds have
 * passed; whether it holds in the end. */
static inline gboolean
model_test_run_until (ModelTestCondition condition,
                      gpointer           data,
                      guint              ms)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (ms, model_test_timed_out_cb, &timed_out);

  while (!condition (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return condition (data);
}

static inline gboolean
model_test_flag_is_set (gpointer flag)
{
  return *(const gboolean *) flag;
}

/* Runs the main loop until *flag or `ms` pass; FALSE on timeout. */
static inline gboolean
model_test_run_until_set (const gboolean *flag,
                          guint           ms)
{
  return model_test_run_until (model_test_flag_is_set, (gpointer) flag, ms);
}

/* Runs the main loop for `ms` milliseconds, whatever happens. */
static inline void
model_test_run_for (guint ms)
{
  gboolean never = FALSE;

  model_test_run_until_set (&never, ms);
}
