/* stall.c — how long the desktop app's main loop stalls while the built-in
 * engine searches (issue 14's target: under 10 ms).
 *
 * Runs the real application (ChessApplication, its window and its analysis
 * mode), with the board redrawn every frame and flipped every quarter of a
 * second. A timeout source asks to run every millisecond and records the
 * gaps between its runs: a gap is as long as the main loop was busy with
 * something else (drawing, the engine's reports) or kept off the CPU.
 * Two phases, in the same run: the app idle (the peer), then analysis on
 * for SECONDS (default 10) with the engine searching in its thread.
 *
 * Each gap is also charged with the CPU time the main thread used within
 * it (CLOCK_THREAD_CPUTIME_ID): the app's own work that kept the loop
 * busy. A gap much longer than that work is the scheduler's doing (on a
 * shared machine, other jobs'), not the app's.
 *
 *   thinkchess-stall [SECONDS]      (under a display: bench/stall.sh)
 */
#include "config.h"

#include <locale.h>
#include <stdlib.h>
#include <time.h>

#include <glib/gi18n.h>

#include "chess-analysis-panel.h"
#include "chess-application.h"
#include "chess-renderer.h"
#include "chess-window.h"
#include "chess-window-analysis.h"

#define IDLE_SECONDS 3
#define TARGET_MS 10.0
#define FLIP_MS 250

typedef struct
{
  const char *name;
  gint64      start_us;
  gint64      cpu_start_us; /* the main thread's CPU time then */
  gint64      wall_us, cpu_us;
  gint64      last_us, last_cpu_us;
  GArray     *gaps_us;     /* gint64 */
  GArray     *work_us;     /* gint64: the main thread's CPU time in each gap */
} Phase;

typedef struct
{
  GApplication *app;
  ChessWindow  *window;
  int           engine_seconds;
  Phase         idle, engine;
  Phase        *phase;     /* being measured, or NULL */
  guint         probe_id, flip_id, tick_id;
} Bench;

/* The CPU time the calling (main) thread has used, to the microsecond. */
static gint64
thread_cpu_us (void)
{
  struct timespec now;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now) != 0)
    return 0;
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static void
phase_end (Phase *phase)
{
  phase->wall_us = g_get_monotonic_time () - phase->start_us;
  phase->cpu_us = thread_cpu_us () - phase->cpu_start_us;
}

static void
phase_start (Bench *bench,
             Phase *phase,
             const char *name)
{
  phase->name = name;
  phase->gaps_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  phase->work_us = g_array_new (FALSE, FALSE, sizeof (gint64));
  phase->last_us = phase->start_us = g_get_monotonic_time ();
  phase->last_cpu_us = phase->cpu_start_us = thread_cpu_us ();
  if (bench->phase != NULL)
    phase_end (bench->phase);
  bench->phase = phase;
}

static gboolean
probe_cb (gpointer user_data)
{
  Bench *bench = user_data;
  gint64 now = g_get_monotonic_time ();

  if (bench->phase != NULL)
    {
      gint64 cpu = thread_cpu_us ();
      gint64 gap = now - bench->phase->last_us;
      gint64 work = cpu - bench->phase->last_cpu_us;

      g_array_append_val (bench->phase->gaps_us, gap);
      g_array_append_val (bench->phase->work_us, work);
      bench->phase->last_us = now;
      bench->phase->last_cpu_us = cpu;
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
redraw_cb (GtkWidget     *widget,
           GdkFrameClock *clock,
           gpointer       user_data)
{
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
flip_cb (gpointer user_data)
{
  Bench *bench = user_data;

  chess_window_flip (bench->window);
  return G_SOURCE_CONTINUE;
}

static int
compare_gaps (const void *a,
              const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static gint64
sorted_at (GArray *values,
           double  fraction)
{
  guint n = values->len;

  return g_array_index (values, gint64, MIN (n - 1, (guint) (n * fraction)));
}

/* Prints the phase's figures; returns its longest gap in ms and, in
 * `work`, the most CPU time the main thread spent within one gap (its own
 * work, whatever the scheduler did). */
static double
phase_report (Phase      *phase,
              const char *extra,
              double     *work)
{
  GArray *gaps = phase->gaps_us;
  guint n = gaps->len, over = 0;
  double longest;

  if (n == 0)
    {
      g_print ("%s: no measurement\n", phase->name);
      *work = 0;
      return 0;
    }
  qsort (gaps->data, n, sizeof (gint64), compare_gaps);
  qsort (phase->work_us->data, phase->work_us->len, sizeof (gint64), compare_gaps);
  for (guint i = 0; i < n; i++)
    over += g_array_index (gaps, gint64, i) > TARGET_MS * 1000;
  longest = sorted_at (gaps, 1.0) / 1000.0;
  *work = sorted_at (phase->work_us, 1.0) / 1000.0;
  g_print ("%s\n"
           "  longest stall %.2f ms, 99.9th percentile %.2f ms, median %.2f ms;"
           " %u of %u gaps over %.0f ms\n"
           "  the main thread's own work in one gap: longest %.2f ms, 99.9th percentile %.2f ms;"
           " busy %.0f%% of the time%s%s\n",
           phase->name, longest, sorted_at (gaps, 0.999) / 1000.0, sorted_at (gaps, 0.5) / 1000.0,
           over, n, TARGET_MS, *work, sorted_at (phase->work_us, 0.999) / 1000.0,
           phase->wall_us > 0 ? 100.0 * phase->cpu_us / phase->wall_us : 0.0,
           extra != NULL ? "; " : "", extra != NULL ? extra : "");
  return longest;
}

static gboolean
finish_cb (gpointer user_data)
{
  Bench *bench = user_data;
  GtkWidget *panel = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (bench->window),
                                                                CHESS_TYPE_WINDOW,
                                                                "analysis_panel"));
  g_autofree char *depth = g_strdup (chess_analysis_panel_get_status (CHESS_ANALYSIS_PANEL (panel)));
  gboolean thinking = chess_window_analysis_is_thinking (bench->window);
  double idle, engine, idle_work, engine_work;

  phase_end (bench->phase);
  bench->phase = NULL;
  idle = phase_report (&bench->idle, NULL, &idle_work);
  engine = phase_report (&bench->engine, depth, &engine_work);
  g_print ("engine searching all along: %s\n", thinking ? "yes" : "NO");
  g_print ("longest stall while the engine searched: %.2f ms, %.2f of the %.0f ms target"
           " (idle app: %.2f ms)\n", engine, engine / TARGET_MS, TARGET_MS, idle);
  g_print ("longest main-thread work in one gap while the engine searched: %.2f ms, %.2f of"
           " the target (idle app: %.2f ms)\n", engine_work, engine_work / TARGET_MS, idle_work);

  g_clear_handle_id (&bench->probe_id, g_source_remove);
  g_clear_handle_id (&bench->flip_id, g_source_remove);
  gtk_widget_remove_tick_callback (GTK_WIDGET (chess_window_get_board (bench->window)),
                                   bench->tick_id);
  g_action_group_change_action_state (G_ACTION_GROUP (bench->window), "analysis",
                                      g_variant_new_boolean (FALSE));
  gtk_window_destroy (GTK_WINDOW (bench->window));
  g_application_quit (bench->app);
  return G_SOURCE_REMOVE;
}

static gboolean
engine_phase_cb (gpointer user_data)
{
  Bench *bench = user_data;

  chess_board_view_set_extra_arrows (chess_window_get_board (bench->window), "bench", NULL, 0);
  /* The analysis starts the engine's search in its thread at once. */
  g_action_group_change_action_state (G_ACTION_GROUP (bench->window), "analysis",
                                      g_variant_new_boolean (TRUE));
  phase_start (bench, &bench->engine, "the built-in engine analysing:");
  g_timeout_add_seconds (bench->engine_seconds, finish_cb, bench);
  return G_SOURCE_REMOVE;
}

static gboolean
start_cb (gpointer user_data)
{
  Bench *bench = user_data;

  bench->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (chess_window_get_board (bench->window)),
                                                 redraw_cb, bench, NULL);
  bench->flip_id = g_timeout_add (FLIP_MS, flip_cb, bench);
  bench->probe_id = g_timeout_add (1, probe_cb, bench);
  /* The idle app draws an arrow too, as the analysis will: the phases
   * then differ only by the engine. */
  ChessBoardArrow arrow = { 11, 27, { 0.56, 0.22, 0.80, 0.85 }, 1.0 };   /* d2-d4 */
  chess_board_view_set_extra_arrows (chess_window_get_board (bench->window), "bench", &arrow, 1);
  phase_start (bench, &bench->idle, "idle app (the peer), 3 s:");
  g_timeout_add_seconds (IDLE_SECONDS, engine_phase_cb, bench);
  return G_SOURCE_REMOVE;
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window,
                 Bench          *bench)
{
  if (bench->window != NULL || !CHESS_IS_WINDOW (window))
    return;
  bench->window = CHESS_WINDOW (window);
  gtk_window_set_default_size (window, 1100, 760);
  /* Past the start-up: the window mapped and drawn. */
  g_timeout_add (1500, start_cb, bench);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(ChessApplication) app = NULL;
  Bench bench = { 0 };
  int status;

  setlocale (LC_ALL, "");
  bench.engine_seconds = argc > 1 ? atoi (argv[1]) : 10;
  if (bench.engine_seconds <= 0)
    {
      g_printerr ("usage: thinkchess-stall [SECONDS]\n");
      return 2;
    }

  chess_renderer_choose ();
  app = chess_application_new ();
  /* Beside a running ThinkChess, and without a session bus. */
  g_application_set_flags (G_APPLICATION (app),
                           G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  bench.app = G_APPLICATION (app);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), &bench);
  status = g_application_run (G_APPLICATION (app), 1, argv);

  for (Phase *phase = &bench.idle; phase <= &bench.engine; phase++)
    {
      if (phase->gaps_us != NULL)
        g_array_unref (phase->gaps_us);
      if (phase->work_us != NULL)
        g_array_unref (phase->work_us);
    }
  return status;
}
