/* test-engine-player.c — ChessPlayer: the built-in engine in its
 * worker thread (legal moves, prompt stop and cancel, two at once, dispose
 * during a think, the pace, the per-game seed, MultiPV), and external
 * engines over fake-engine that hang, crash, print garbage, play illegal
 * moves or exit while idle; a real UCI round against thinkchess-cli uci. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-engine-levels.h"
#include "chess-player.h"
#include "chess-player-private.h"
#include "chess-notation.h"

#include "model-test-util.h"

#ifndef FAKE_ENGINE_PATH
#error "FAKE_ENGINE_PATH must be defined by the build"
#endif
#ifndef CLI_PATH
#error "CLI_PATH must be defined by the build"
#endif

/* ---- helpers ------------------------------------------------------------ */

typedef struct
{
  ChessPlayerReply *reply;
  GError           *error;
  gboolean          done;
  gint64            done_us;
  guint             n_infos;
  guint             max_multipv;
  ChessPlayerInfo  *last_info;
  ChessBoard        board;      /* where the think started: for the pv     */
  gboolean          pv_ok;      /* every info's pv was legal from board,
                                 * and there when HAS_PV says so           */
} Think;

static void
think_init (Think *t, const ChessLine *line)
{
  memset (t, 0, sizeof *t);
  t->board = line->current;
  t->pv_ok = TRUE;
}

static void
think_clear (Think *t)
{
  g_clear_pointer (&t->reply, chess_player_reply_free);
  g_clear_error (&t->error);
  g_clear_pointer (&t->last_info, chess_player_info_free);
}

static void
think_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Think *t = user_data;

  t->reply = chess_player_think_finish (CHESS_PLAYER (source), result, &t->error);
  t->done = TRUE;
  t->done_us = g_get_monotonic_time ();
}

static void
thinking_cb (ChessPlayer *player, ChessPlayerInfo *info, Think *t)
{
  ChessBoard board = t->board;

  t->n_infos++;
  t->max_multipv = MAX (t->max_multipv, (guint) info->multipv);
  if (!(info->has & CHESS_PLAYER_INFO_HAS_PV) != (info->n_pv == 0))
    t->pv_ok = FALSE;
  for (guint i = 0; i < info->n_pv && t->pv_ok; i++)
    {
      ChessUndo undo;

      t->pv_ok = chess_board_is_legal (&board, info->pv[i]);
      chess_board_make (&board, info->pv[i], &undo);
    }
  chess_player_info_free (t->last_info);
  t->last_info = chess_player_info_copy (info);
}

static void
start_line (ChessLine *line)
{
  ChessBoard start;

  chess_board_set_start (&start);
  chess_line_init (line, &start);
}

static void
play (ChessLine *line, const char *san)
{
  ChessMove move;

  g_assert_true (chess_move_parse (&line->current, san, &move, NULL));
  chess_line_push (line, move);
}

static gboolean
is_legal (const ChessBoard *board, ChessMove move)
{
  ChessMoveList list;

  chess_board_generate_legal (board, &list);
  for (int i = 0; i < list.count; i++)
    if (list.moves[i] == move)
      return TRUE;
  return FALSE;
}

static void
weak_notify_cb (gpointer data, GObject *where_the_object_was)
{
  *(gboolean *) data = TRUE;
}

/* The highest nice value among the process's threads (Linux). */
static int
highest_thread_nice (void)
{
  g_autoptr (GDir) tasks = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;
  int highest = G_MININT;

  while (tasks && (tid = g_dir_read_name (tasks)))
    {
      g_autofree char *stat_path = g_build_filename ("/proc/self/task", tid, "stat", NULL);
      g_autofree char *stat = NULL;
      g_auto (GStrv) fields = NULL;
      const char *after_name;

      if (!g_file_get_contents (stat_path, &stat, NULL, NULL) || !(after_name = strrchr (stat, ')')))
        continue;
      /* After "(comm) ": state is field 3, nice field 19. */
      fields = g_strsplit (after_name + 2, " ", -1);
      if (g_strv_length (fields) > 16)
        highest = MAX (highest, atoi (fields[16]));
    }
  return highest;
}

/* ---- the built-in engine ------------------------------------------------ */

static void
test_builtin_plays_legal_moves (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  ChessLine line;
  ChessPlayerLimits limits;

  g_assert_true (chess_player_start_sync (player, NULL, NULL));
  g_assert_true (chess_player_is_alive (player));
  g_assert_true (g_str_has_prefix (chess_player_get_name (player), "ThinkChess ("));
  g_assert_cmpint (chess_player_get_level (player), ==, CHESS_ENGINE_LEVEL_MAX);
  g_assert_true (chess_player_is_builtin (player));

  start_line (&line);
  chess_player_limits_init (&limits);
  limits.depth = 4;
  /* Both sides, twelve plies: each answer is legal where it was asked. */
  for (int ply = 0; ply < 12; ply++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChessPlayerReply) reply = chess_player_think_sync (player, &line, &limits, 1, NULL, &error);
      char text[CHESS_MOVE_TEXT_MAX];

      g_assert_no_error (error);
      g_assert_cmpint (reply->kind, ==, CHESS_PLAYER_REPLY_MOVE);
      g_assert_true (is_legal (&line.current, reply->move));
      g_assert_cmpstr (reply->move_text, ==, chess_move_format (&line.current, reply->move, CHESS_NOTATION_UCI, text));
      g_assert_nonnull (reply->last_info);
      g_assert_cmpint (reply->last_info->depth, ==, 4);
      chess_line_push (&line, reply->move);
    }
  chess_line_clear (&line);
}

static void
test_builtin_mate_score (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessPlayerReply) reply = NULL;
  ChessBoard board;
  ChessLine line;
  ChessPlayerLimits limits;
  Think t;

  /* White mates in one with Ra8#; the score says mate in 1, from White's
   * side, and the best line starts with the mate. */
  g_assert_true (chess_board_from_fen (&board, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", NULL));
  chess_line_init (&line, &board);
  think_init (&t, &line);
  g_signal_connect (player, "thinking", G_CALLBACK (thinking_cb), &t);
  chess_player_limits_init (&limits);
  limits.depth = 5;
  reply = chess_player_think_sync (player, &line, &limits, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (reply->last_info->score.is_mate);
  g_assert_cmpint (reply->last_info->score.mate_moves, ==, 1);
  g_assert_cmpstr (reply->move_text, ==, "a1a8");
  g_assert_cmpuint (t.n_infos, >, 0);
  g_assert_true (t.pv_ok);
  g_assert_cmpuint (t.last_info->n_pv, >, 0);
  g_assert_cmpuint (t.last_info->pv[0], ==, chess_board_find_move (&board, chess_square_parse ("a1"),
                                                                   chess_square_parse ("a8"),
                                                                   CHESS_NO_PIECE_TYPE));
  think_clear (&t);
  chess_line_clear (&line);
}

static void
test_builtin_stop (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  ChessLine line;
  ChessPlayerLimits limits;
  Think t;
  gint64 stop_us;
  G_GNUC_UNUSED int base_nice = 0;

  start_line (&line);
  play (&line, "e4");
  think_init (&t, &line);
  g_signal_connect (player, "thinking", G_CALLBACK (thinking_cb), &t);
  chess_player_limits_init (&limits);
  limits.infinite = TRUE;
#ifdef __linux__
  base_nice = highest_thread_nice ();
#endif
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  /* A second think while the first runs: busy. */
  {
    Think second;

    think_init (&second, &line);
    chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &second);
    g_assert_true (model_test_run_until_set (&second.done, 5000));
    g_assert_error (second.error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY);
    think_clear (&second);
  }
  model_test_run_for (400);
  g_assert_false (t.done);
#ifdef __linux__
  /* The search thread gives way to the window's: 10 nicer (at most 19). */
  g_assert_cmpint (highest_thread_nice (), ==, MIN (base_nice + 10, 19));
#endif
  stop_us = g_get_monotonic_time ();
  chess_player_stop (player);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_no_error (t.error);
  g_assert_cmpint (t.reply->kind, ==, CHESS_PLAYER_REPLY_MOVE);
  g_assert_true (is_legal (&line.current, t.reply->move));
  /* Promptly (a few ms when the machine is idle; the bound only catches a
   * search that did not stop, not a slow one on a loaded machine). */
  g_test_message ("answer %" G_GINT64_FORMAT " µs after stop", t.done_us - stop_us);
  g_assert_cmpint (t.done_us - stop_us, <, 1000 * 1000);
  g_assert_cmpuint (t.n_infos, >, 0);
  g_assert_true (t.pv_ok);
  think_clear (&t);

  /* Stopped before it began: still a legal move. */
  think_init (&t, &line);
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  chess_player_stop (player);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_no_error (t.error);
  g_assert_true (is_legal (&line.current, t.reply->move));
  think_clear (&t);
  chess_line_clear (&line);
}

static void
test_builtin_cancel (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  ChessLine line;
  ChessPlayerLimits limits;
  Think t;
  gint64 cancel_us;

  start_line (&line);
  think_init (&t, &line);
  chess_player_limits_init (&limits);
  limits.infinite = TRUE;
  chess_player_think_async (player, &line, &limits, 1, cancellable, think_cb, &t);
  model_test_run_for (300);
  cancel_us = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  /* A new game asked at once (as New Game does) is taken, for after it. */
  {
    g_autoptr (GError) error = NULL;

    g_assert_true (chess_player_new_game (player, &error));
    g_assert_no_error (error);
  }
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (t.reply);
  g_test_message ("failed %" G_GINT64_FORMAT " µs after cancel", t.done_us - cancel_us);
  g_assert_cmpint (t.done_us - cancel_us, <, 1000 * 1000);
  think_clear (&t);

  /* The analysis above used the cores but one. */
  g_assert_cmpint (_chess_player_builtin_get_threads (player), ==,
                   MAX (1, (int) g_get_num_processors () - 1));

  /* The player goes on thinking afterwards, on one thread: a move. */
  think_init (&t, &line);
  limits.infinite = FALSE;
  limits.depth = 3;
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  g_assert_true (model_test_run_until_set (&t.done, 10000));
  g_assert_no_error (t.error);
  g_assert_true (is_legal (&line.current, t.reply->move));
  g_assert_cmpint (_chess_player_builtin_get_threads (player), ==, 1);
  think_clear (&t);

  /* An analysis with the threads asked for. */
  {
    g_autoptr (GCancellable) stop = g_cancellable_new ();

    think_init (&t, &line);
    limits.depth = 0;
    limits.infinite = TRUE;
    limits.threads = 3;
    chess_player_think_async (player, &line, &limits, 1, stop, think_cb, &t);
    model_test_run_for (100);
    g_cancellable_cancel (stop);
    g_assert_true (model_test_run_until_set (&t.done, 5000));
    g_assert_cmpint (_chess_player_builtin_get_threads (player), ==, 3);
    think_clear (&t);
    limits.threads = 0;
    limits.infinite = FALSE;
    limits.depth = 3;
  }

  /* An already cancelled cancellable: no think at all. */
  think_init (&t, &line);
  chess_player_think_async (player, &line, &limits, 1, cancellable, think_cb, &t);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  think_clear (&t);
  chess_line_clear (&line);
}

static void
test_builtin_two_players (void)
{
  ChessPlayer *white = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  ChessPlayer *black = chess_player_new_builtin (0);
  ChessLine line, other;
  ChessPlayerLimits limits;
  Think a, b;

  start_line (&line);
  start_line (&other);
  play (&other, "d4");
  chess_player_limits_init (&limits);
  limits.movetime_ms = 300;
  /* Both at once, on different positions. */
  think_init (&a, &line);
  think_init (&b, &other);
  g_signal_connect (white, "thinking", G_CALLBACK (thinking_cb), &a);
  g_signal_connect (black, "thinking", G_CALLBACK (thinking_cb), &b);
  chess_player_think_async (white, &line, &limits, 1, NULL, think_cb, &a);
  chess_player_think_async (black, &other, &limits, 1, NULL, think_cb, &b);
  g_assert_true (model_test_run_until_set (&a.done, 10000));
  g_assert_true (model_test_run_until_set (&b.done, 10000));
  g_assert_no_error (a.error);
  g_assert_no_error (b.error);
  g_assert_true (is_legal (&line.current, a.reply->move));
  g_assert_true (is_legal (&other.current, b.reply->move));
  g_assert_true (a.pv_ok && b.pv_ok);
  think_clear (&a);
  think_clear (&b);
  g_signal_handlers_disconnect_by_data (white, &a);
  g_signal_handlers_disconnect_by_data (black, &b);

  /* They play a few moves against each other. */
  chess_line_clear (&line);
  start_line (&line);
  limits.movetime_ms = 0;
  limits.depth = 2;
  for (int ply = 0; ply < 8; ply++)
    {
      ChessPlayer *mover = ply % 2 ? black : white;
      g_autoptr (GError) error = NULL;
      g_autoptr (ChessPlayerReply) reply = chess_player_think_sync (mover, &line, &limits, 1, NULL, &error);

      g_assert_no_error (error);
      g_assert_true (is_legal (&line.current, reply->move));
      chess_line_push (&line, reply->move);
    }
  g_assert_finalize_object (white);
  g_assert_finalize_object (black);
  chess_line_clear (&line);
  chess_line_clear (&other);
}

static void
test_builtin_dispose_during_think (void)
{
  ChessPlayer *player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  gboolean finalized = FALSE;
  ChessLine line;
  ChessPlayerLimits limits;
  Think t;

  start_line (&line);
  think_init (&t, &line);
  g_signal_connect (player, "thinking", G_CALLBACK (thinking_cb), &t);
  chess_player_limits_init (&limits);
  limits.infinite = TRUE;
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  model_test_run_for (200);
  /* Disposed in the middle: the thread is stopped and joined right here,
   * the think fails later, from the main loop. */
  g_object_run_dispose (G_OBJECT (player));
  g_assert_false (t.done);
  g_assert_false (chess_player_is_alive (player));
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  think_clear (&t);
  g_assert_finalize_object (player);

  /* The usual way: cancel, let go; the player goes when the think ends. */
  player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  g_object_weak_ref (G_OBJECT (player), weak_notify_cb, &finalized);
  think_init (&t, &line);
  chess_player_think_async (player, &line, &limits, 1, cancellable, think_cb, &t);
  model_test_run_for (100);
  g_object_unref (player);
  g_assert_false (finalized);
  g_cancellable_cancel (cancellable);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  model_test_run_until_set (&finalized, 5000);
  g_assert_true (finalized);
  think_clear (&t);
  chess_line_clear (&line);
}

static void
test_builtin_pace (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (0);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessPlayerReply) reply = NULL;
  ChessLine line;
  ChessPlayerLimits limits;
  gint64 pace = chess_player_pace_ms (0);

  g_assert_cmpint (pace, ==, 1000);
  g_assert_cmpint (chess_player_pace_ms (CHESS_ENGINE_LEVEL_MAX), >, pace);
  /* Untimed: the beginner answers in about a second, not at once (its
   * depth-1 search takes a millisecond). */
  start_line (&line);
  chess_player_limits_init (&limits);
  reply = chess_player_think_sync (player, &line, &limits, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (is_legal (&line.current, reply->move));
  g_assert_cmpint (reply->elapsed_us, >=, pace * 1000 * 8 / 10 - 20000);
  g_assert_cmpint (reply->elapsed_us, <, pace * 1000 * 3);
  g_clear_pointer (&reply, chess_player_reply_free);

  /* Told to stop, it answers now. */
  {
    Think t;
    gint64 start;

    think_init (&t, &line);
    start = g_get_monotonic_time ();
    chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
    model_test_run_for (50);
    chess_player_stop (player);
    g_assert_true (model_test_run_until_set (&t.done, 5000));
    g_assert_no_error (t.error);
    g_assert_cmpint (t.done_us - start, <, 500 * 1000);
    think_clear (&t);
  }
  chess_line_clear (&line);
}

static void
test_builtin_seed (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (0);
  g_autoptr (GHashTable) moves = g_hash_table_new (g_direct_hash, g_direct_equal);
  ChessLine line;
  ChessPlayerLimits limits;

  /* The beginner's first move varies from game to game. */
  start_line (&line);
  chess_player_limits_init (&limits);
  limits.depth = 1;
  for (int game = 0; game < 24; game++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChessPlayerReply) reply = NULL;

      g_assert_true (chess_player_new_game (player, &error));
      reply = chess_player_think_sync (player, &line, &limits, 1, NULL, &error);
      g_assert_no_error (error);
      g_hash_table_add (moves, GUINT_TO_POINTER (reply->move));
    }
  g_assert_cmpuint (g_hash_table_size (moves), >=, 2);
  chess_line_clear (&line);
}

static void
test_builtin_multipv (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  ChessLine line;
  ChessPlayerLimits limits;
  Think t;

  start_line (&line);
  think_init (&t, &line);
  g_signal_connect (player, "thinking", G_CALLBACK (thinking_cb), &t);
  chess_player_limits_init (&limits);
  limits.depth = 5;
  chess_player_think_async (player, &line, &limits, 3, NULL, think_cb, &t);
  g_assert_true (model_test_run_until_set (&t.done, 20000));
  g_assert_no_error (t.error);
  g_assert_cmpuint (t.max_multipv, ==, 3);
  g_assert_true (t.pv_ok);
  /* The reply's info is the best line's. */
  g_assert_cmpint (t.reply->last_info->multipv, ==, 1);
  think_clear (&t);
  chess_line_clear (&line);
}

static void
test_builtin_throttled (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  ChessLine line;
  ChessPlayerLimits limits;
  Think t;
  gint64 start = g_get_monotonic_time ();
  gint64 elapsed_ms;

  /* Many short iterations, few signals: at most one per line every 100 ms
   * (plus the last one before the answer). */
  start_line (&line);
  think_init (&t, &line);
  g_signal_connect (player, "thinking", G_CALLBACK (thinking_cb), &t);
  chess_player_limits_init (&limits);
  limits.movetime_ms = 700;
  chess_player_think_async (player, &line, &limits, 2, NULL, think_cb, &t);
  g_assert_true (model_test_run_until_set (&t.done, 10000));
  elapsed_ms = (g_get_monotonic_time () - start) / 1000;
  g_assert_no_error (t.error);
  g_assert_cmpuint (t.n_infos, >, 0);
  g_assert_cmpuint (t.n_infos, <=, 2 * (elapsed_ms / 100 + 2));
  think_clear (&t);
  chess_line_clear (&line);
}

static void
test_builtin_no_moves (void)
{
  g_autoptr (ChessPlayer) player = chess_player_new_builtin (0);
  ChessBoard board;
  ChessLine line;
  ChessPlayerLimits limits;
  Think t;

  /* Checkmated: nothing to play; analysis waits, then says so. */
  g_assert_true (chess_board_from_fen (&board, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", NULL));
  chess_line_init (&line, &board);
  chess_player_limits_init (&limits);
  think_init (&t, &line);
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_error (t.error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED);
  think_clear (&t);

  limits.infinite = TRUE;
  think_init (&t, &line);
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  model_test_run_for (100);
  g_assert_false (t.done);
  chess_player_stop (player);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_no_error (t.error);
  g_assert_cmpint (t.reply->kind, ==, CHESS_PLAYER_REPLY_NO_MOVE);
  think_clear (&t);
  chess_line_clear (&line);
}

/* ---- external engines --------------------------------------------------- */

static ChessPlayer *
fake_player (const char *misbehave, gboolean xboard)
{
  g_autofree char *option = misbehave ? g_strdup_printf ("--misbehave=%s", misbehave) : NULL;
  const char *argv[] = { FAKE_ENGINE_PATH, xboard ? "--xboard" : "--uci", option, NULL };
  ChessPlayer *player = chess_player_new_external ("Fake", argv,
                                                   xboard ? CHESS_EXTERNAL_PROTOCOL_XBOARD
                                                                       : CHESS_EXTERNAL_PROTOCOL_UCI,
                                                                NULL);

  return player;
}

/* Drops the player and waits until its program has quit. */
static void
finish_external (ChessPlayer *player)
{
  gboolean finalized = FALSE;

  g_object_weak_ref (G_OBJECT (player), weak_notify_cb, &finalized);
  g_object_unref (player);
  g_assert_true (finalized);
  /* The client quits in the background: let it. */
  model_test_run_for (300);
}

static ChessPlayerReply *
think_once (ChessPlayer *player, const ChessLine *line, gint64 timeout_ms, GError **error)
{
  ChessPlayerLimits limits;

  chess_player_limits_init (&limits);
  limits.movetime_ms = 50;
  limits.timeout_ms = timeout_ms;
  return chess_player_think_sync (player, line, &limits, 1, NULL, error);
}

static void
test_external_plays (gconstpointer data)
{
  gboolean xboard = GPOINTER_TO_INT (data);
  ChessPlayer *player = fake_player (NULL, xboard);
  g_autoptr (GError) error = NULL;
  ChessLine line;
  Think t;

  g_assert_true (chess_player_start_sync (player, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (chess_player_get_name (player), ==, "Fake");
  g_assert_cmpint (chess_player_get_level (player), ==, -1);
  g_assert_false (chess_player_is_builtin (player));
  g_assert_true (chess_player_new_game (player, &error));
  start_line (&line);
  think_init (&t, &line);
  g_signal_connect (player, "thinking", G_CALLBACK (thinking_cb), &t);
  for (int ply = 0; ply < 6; ply++)
    {
      g_autoptr (ChessPlayerReply) reply = think_once (player, &line, 5000, &error);

      g_assert_no_error (error);
      g_assert_true (is_legal (&line.current, reply->move));
      chess_line_push (&line, reply->move);
      t.board = line.current;
    }
  g_assert_cmpuint (t.n_infos, >, 0);
  g_assert_true (chess_player_is_alive (player));
  think_clear (&t);
  finish_external (player);
  chess_line_clear (&line);
}

static void
test_external_name_from_engine (void)
{
  const char *argv[] = { FAKE_ENGINE_PATH, NULL };
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  ChessPlayer *player;
  g_autoptr (GError) error = NULL;

  g_hash_table_insert (options, "Hash", "32");
  g_hash_table_insert (options, "Style", "Risky");
  player = chess_player_new_external (NULL, argv, CHESS_EXTERNAL_PROTOCOL_UCI, options);
  g_assert_cmpstr (chess_player_get_name (player), ==, "fake-engine");
  g_assert_true (chess_player_start_sync (player, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (chess_player_get_name (player), ==, "Fake Engine 1.0");
  finish_external (player);
}

static void
test_external_unknown_option (void)
{
  const char *argv[] = { FAKE_ENGINE_PATH, NULL };
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  ChessPlayer *player;
  g_autoptr (GError) error = NULL;

  g_hash_table_insert (options, "Contempt", "20");
  player = chess_player_new_external ("Fake", argv, CHESS_EXTERNAL_PROTOCOL_UCI, options);
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*Contempt*");
  g_assert_true (chess_player_start_sync (player, NULL, &error));
  g_test_assert_expected_messages ();
  g_assert_no_error (error);
  finish_external (player);
}

static void
died_cb (ChessPlayer *player, const GError *error, GError **out)
{
  g_assert_null (*out);
  *out = g_error_copy (error);
}

typedef struct
{
  const char *misbehave;
  gboolean    xboard;
  int         code;
  const char *message;
} Misbehaviour;

static const Misbehaviour misbehaviours[] = {
  { "hang",     FALSE, CHESS_PLAYER_ERROR_TIMEOUT,      "Fake stopped responding." },
  { "hang",     TRUE,  CHESS_PLAYER_ERROR_TIMEOUT,      "Fake stopped responding." },
  { "crash",    FALSE, CHESS_PLAYER_ERROR_CRASHED,      "Fake crashed." },
  { "exit",     TRUE,  CHESS_PLAYER_ERROR_CRASHED,      "Fake crashed." },
  { "nonsense", FALSE, CHESS_PLAYER_ERROR_ILLEGAL_MOVE, "Fake played an illegal move: zz99." },
  { "illegal",  FALSE, CHESS_PLAYER_ERROR_ILLEGAL_MOVE, "Fake played an illegal move: e7e5." },
  { "illegal",  TRUE,  CHESS_PLAYER_ERROR_ILLEGAL_MOVE, "Fake played an illegal move: e7e5." },
  { "refuse",   TRUE,  CHESS_PLAYER_ERROR_REFUSED,      "Fake refused a legal move and was stopped." },
};

static void
test_external_misbehaves (gconstpointer data)
{
  const Misbehaviour *m = data;
  ChessPlayer *player = fake_player (m->misbehave, m->xboard);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessPlayerReply) reply = NULL;
  g_autoptr (GError) died = NULL;
  ChessLine line;

  g_signal_connect (player, "died", G_CALLBACK (died_cb), &died);
  g_assert_true (chess_player_start_sync (player, NULL, &error));
  g_assert_true (chess_player_new_game (player, &error));
  start_line (&line);
  /* "refuse" calls our first move illegal: give it one. */
  if (strcmp (m->misbehave, "refuse") == 0)
    play (&line, "e4");
  reply = think_once (player, &line, 400, &error);
  g_assert_null (reply);
  g_assert_error (error, CHESS_PLAYER_ERROR, m->code);
  g_assert_cmpstr (error->message, ==, m->message);
  g_assert_false (chess_player_is_alive (player));
  /* The think reported it: no "died" on top. */
  model_test_run_for (50);
  g_assert_null (died);
  g_clear_error (&error);
  /* Dead: further thinks fail at once, and the game can go on without it. */
  reply = think_once (player, &line, 400, &error);
  g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY);
  finish_external (player);
  chess_line_clear (&line);
}

static void
test_external_garbage (void)
{
  ChessPlayer *player = fake_player ("garbage", FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessPlayerReply) reply = NULL;
  ChessLine line;

  /* Junk, an endless line and broken info, then a good move: it plays. */
  g_assert_true (chess_player_start_sync (player, NULL, &error));
  start_line (&line);
  reply = think_once (player, &line, 5000, &error);
  g_assert_no_error (error);
  g_assert_true (is_legal (&line.current, reply->move));
  g_assert_true (chess_player_is_alive (player));
  finish_external (player);
  chess_line_clear (&line);
}

static void
test_external_exits_idle (void)
{
  ChessPlayer *player = fake_player ("exit-idle", FALSE);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) died = NULL;
  g_autoptr (ChessPlayerReply) reply = NULL;
  ChessLine line;

  g_signal_connect (player, "died", G_CALLBACK (died_cb), &died);
  g_assert_true (chess_player_start_sync (player, NULL, &error));
  start_line (&line);
  reply = think_once (player, &line, 5000, &error);
  g_assert_no_error (error);
  g_assert_true (is_legal (&line.current, reply->move));
  /* Then it quits while nobody asks it anything. */
  for (int i = 0; i < 50 && died == NULL; i++)
    model_test_run_for (50);
  g_assert_nonnull (died);
  g_assert_error (died, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_CRASHED);
  g_assert_cmpstr (died->message, ==, "Fake crashed.");
  g_assert_false (chess_player_is_alive (player));
  finish_external (player);
  chess_line_clear (&line);
}

static void
test_external_start_fails (void)
{
  const char *argv[] = { "/nonexistent/engine", NULL };
  ChessPlayer *player = chess_player_new_external ("Nowhere", argv, CHESS_EXTERNAL_PROTOCOL_UCI, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_player_is_alive (player));
  g_assert_false (chess_player_start_sync (player, NULL, &error));
  g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_START);
  g_assert_false (chess_player_is_alive (player));
  finish_external (player);

  /* A program that exits before the handshake. */
  player = fake_player ("crash-at-start", FALSE);
  g_clear_error (&error);
  g_assert_false (chess_player_start_sync (player, NULL, &error));
  g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_HANDSHAKE);
  finish_external (player);
}

static void
test_external_stop_and_cancel (void)
{
  ChessPlayer *player = fake_player ("wait-stop", FALSE);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  ChessPlayerLimits limits;
  ChessLine line;
  Think t;

  g_assert_true (chess_player_start_sync (player, NULL, &error));
  start_line (&line);
  chess_player_limits_init (&limits);
  limits.infinite = TRUE;
  think_init (&t, &line);
  g_signal_connect (player, "thinking", G_CALLBACK (thinking_cb), &t);
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  model_test_run_for (200);
  g_assert_false (t.done);
  /* The info came through the throttle. */
  g_assert_cmpuint (t.n_infos, ==, 1);
  chess_player_stop (player);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_no_error (t.error);
  g_assert_true (is_legal (&line.current, t.reply->move));
  think_clear (&t);
  g_signal_handlers_disconnect_by_data (player, &t);

  /* Cancelling: G_IO_ERROR_CANCELLED, and the engine lives on. */
  think_init (&t, &line);
  chess_player_think_async (player, &line, &limits, 1, cancellable, think_cb, &t);
  model_test_run_for (100);
  g_cancellable_cancel (cancellable);
  g_assert_true (chess_player_new_game (player, &error));
  g_assert_no_error (error);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  think_clear (&t);
  g_assert_true (chess_player_is_alive (player));
  model_test_run_for (100);
  {
    g_autoptr (ChessPlayerReply) reply = NULL;

    Think last;

    think_init (&last, &line);
    chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &last);
    model_test_run_for (50);
    chess_player_stop (player);
    g_assert_true (model_test_run_until_set (&last.done, 5000));
    reply = g_steal_pointer (&last.reply);
    think_clear (&last);
    g_assert_no_error (error);
    g_assert_true (is_legal (&line.current, reply->move));
  }
  finish_external (player);
  chess_line_clear (&line);
}

static void
test_external_dispose_quits (void)
{
  ChessPlayer *player = fake_player ("wait-stop", FALSE);
  g_autoptr (GError) error = NULL;
  ChessPlayerLimits limits;
  ChessLine line;
  Think t;

  /* Disposed during an endless think: the think fails and the program is
   * told to quit (the test's leak check proves the client went too). */
  g_assert_true (chess_player_start_sync (player, NULL, &error));
  start_line (&line);
  chess_player_limits_init (&limits);
  limits.infinite = TRUE;
  think_init (&t, &line);
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  model_test_run_for (100);
  g_object_run_dispose (G_OBJECT (player));
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  think_clear (&t);
  finish_external (player);
  model_test_run_for (1200);
  chess_line_clear (&line);
}

static void
test_close_sync (void)
{
  ChessPlayer *players[2] = { chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX),
                                    fake_player ("wait-stop", FALSE) };
  ChessPlayerLimits limits;
  ChessLine line;

  /* Closed during an endless think: the think fails, the engine is gone
   * when the call returns, and further thinks fail at once. */
  start_line (&line);
  chess_player_limits_init (&limits);
  limits.infinite = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (players); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (ChessPlayerReply) reply = NULL;
      Think t;

      g_assert_true (chess_player_start_sync (players[i], NULL, &error));
      think_init (&t, &line);
      chess_player_think_async (players[i], &line, &limits, 1, NULL, think_cb, &t);
      model_test_run_for (100);
      chess_player_close_sync (players[i]);
      g_assert_false (chess_player_is_alive (players[i]));
      g_assert_true (model_test_run_until_set (&t.done, 5000));
      g_assert_error (t.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      think_clear (&t);
      reply = chess_player_think_sync (players[i], &line, &limits, 1, NULL, &error);
      g_assert_null (reply);
      g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY);
      g_assert_finalize_object (players[i]);
    }
  chess_line_clear (&line);
}

/* Starts `player`, the project's own engine behind some protocol, plays
 * `first` from the start and has it think to `depth` with `multipv` lines:
 * its legal answer is in `t`, still connected to its "thinking". */
static void
first_think_of_our_engine (ChessPlayer *player,
                           const char        *first,
                           int                depth,
                           int                multipv,
                           ChessLine         *line,
                           ChessPlayerLimits *limits,
                           Think             *t)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_player_start_sync (player, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (chess_player_get_name (player), "ThinkChess"));
  g_assert_true (chess_player_new_game (player, &error));
  start_line (line);
  play (line, first);
  think_init (t, line);
  g_signal_connect (player, "thinking", G_CALLBACK (thinking_cb), t);
  chess_player_limits_init (limits);
  limits->depth = depth;
  chess_player_think_async (player, line, limits, multipv, NULL, think_cb, t);
  g_assert_true (model_test_run_until_set (&t->done, 30000));
  g_assert_no_error (t->error);
  g_assert_true (is_legal (&line->current, t->reply->move));
}

/* A real UCI engine: the project's own, as `thinkchess-cli uci`. */
static void
test_external_real_uci (void)
{
  const char *argv[] = { CLI_PATH, "uci", NULL };
  ChessPlayer *player = chess_player_new_external (NULL, argv, CHESS_EXTERNAL_PROTOCOL_UCI, NULL);
  ChessPlayerLimits limits;
  ChessLine line;
  Think t;

  first_think_of_our_engine (player, "e4", 6, 2, &line, &limits, &t);
  g_assert_cmpuint (t.max_multipv, ==, 2);
  g_assert_true (t.pv_ok);
  think_clear (&t);
  finish_external (player);
  chess_line_clear (&line);
}

/* A real xboard dialogue: thinkchess-cli uci behind PolyGlot's adapter. */
static void
test_external_real_xboard (void)
{
  const char *polyglot = "/usr/games/polyglot";
  const char *argv[] = { polyglot, "-noini", "-ec", CLI_PATH " uci", NULL };
  ChessPlayer *player;
  ChessPlayerLimits limits;
  ChessLine line;
  Think t;

  if (!g_file_test (polyglot, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("PolyGlot is not installed (build-aux/install-deps.sh --test)");
      return;
    }
  player = chess_player_new_external (NULL, argv, CHESS_EXTERNAL_PROTOCOL_XBOARD, NULL);
  first_think_of_our_engine (player, "d4", 4, 1, &line, &limits, &t);
  chess_line_push (&line, t.reply->move);
  think_clear (&t);

  /* Analysis mode: thinks until stopped, answers with its best line's move. */
  think_init (&t, &line);
  limits.depth = 0;
  limits.infinite = TRUE;
  chess_player_think_async (player, &line, &limits, 1, NULL, think_cb, &t);
  model_test_run_for (500);
  g_assert_false (t.done);
  chess_player_stop (player);
  g_assert_true (model_test_run_until_set (&t.done, 5000));
  g_assert_no_error (t.error);
  g_assert_cmpuint (t.n_infos, >, 0);
  g_assert_true (t.pv_ok);
  g_assert_cmpint (t.reply->kind, ==, CHESS_PLAYER_REPLY_MOVE);
  g_assert_true (is_legal (&line.current, t.reply->move));
  think_clear (&t);
  g_signal_handlers_disconnect_by_data (player, &t);
  chess_player_close_sync (player);
  g_assert_finalize_object (player);
  chess_line_clear (&line);
}

static void
keep_info_cb (ChessPlayer *player,
              ChessPlayerInfo   *info,
              GPtrArray         *seen)
{
  g_ptr_array_add (seen, chess_player_info_copy (info));
}

/* The throttle coalesces a line's infos, but a bound (reported by engines
 * only after a while, so by the clock) never hides the exact score before
 * it: the review keeps each line's last exact score. */
static void
test_throttle_keeps_exact_scores (void)
{
  g_autoptr(ChessPlayer) player = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func ((GDestroyNotify) chess_player_info_free);
  ChessInfoThrottle *throttle = chess_info_throttle_new (player, g_main_context_default ());
  ChessPlayerInfo info = { 0 };

  g_signal_connect (player, "thinking", G_CALLBACK (keep_info_cb), seen);
  info.has = CHESS_PLAYER_INFO_HAS_SCORE | CHESS_PLAYER_INFO_HAS_DEPTH | CHESS_PLAYER_INFO_HAS_MULTIPV;
  info.multipv = 1;
  info.depth = 11;
  info.score.centipawns = 40;
  info.bound = CHESS_SCORE_BOUND_EXACT;
  chess_info_throttle_push (throttle, &info);
  info.depth = 12;
  info.score.centipawns = 15;
  info.bound = CHESS_SCORE_BOUND_UPPER;
  chess_info_throttle_push (throttle, &info);
  chess_info_throttle_flush (throttle);
  g_assert_cmpuint (seen->len, ==, 1);
  g_assert_cmpint (((ChessPlayerInfo *) seen->pdata[0])->depth, ==, 11);
  g_assert_cmpint (((ChessPlayerInfo *) seen->pdata[0])->bound, ==, CHESS_SCORE_BOUND_EXACT);

  /* With no exact score waiting, a bound is shown (the analysis panel's
   * progress), and a newer exact score replaces it. */
  chess_info_throttle_push (throttle, &info);
  chess_info_throttle_flush (throttle);
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_cmpint (((ChessPlayerInfo *) seen->pdata[1])->bound, ==, CHESS_SCORE_BOUND_UPPER);
  chess_info_throttle_push (throttle, &info);
  info.score.centipawns = 20;
  info.bound = CHESS_SCORE_BOUND_EXACT;
  chess_info_throttle_push (throttle, &info);
  chess_info_throttle_flush (throttle);
  g_assert_cmpuint (seen->len, ==, 3);
  g_assert_cmpint (((ChessPlayerInfo *) seen->pdata[2])->score.centipawns, ==, 20);
  g_assert_cmpint (((ChessPlayerInfo *) seen->pdata[2])->bound, ==, CHESS_SCORE_BOUND_EXACT);
  chess_info_throttle_detach (throttle);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/engine-player/throttle/exact-scores", test_throttle_keeps_exact_scores);
  g_test_add_func ("/engine-player/builtin/legal-moves", test_builtin_plays_legal_moves);
  g_test_add_func ("/engine-player/builtin/mate-score", test_builtin_mate_score);
  g_test_add_func ("/engine-player/builtin/stop", test_builtin_stop);
  g_test_add_func ("/engine-player/builtin/cancel", test_builtin_cancel);
  g_test_add_func ("/engine-player/builtin/two-players", test_builtin_two_players);
  g_test_add_func ("/engine-player/builtin/dispose-during-think", test_builtin_dispose_during_think);
  g_test_add_func ("/engine-player/builtin/pace", test_builtin_pace);
  g_test_add_func ("/engine-player/builtin/seed", test_builtin_seed);
  g_test_add_func ("/engine-player/builtin/multipv", test_builtin_multipv);
  g_test_add_func ("/engine-player/builtin/throttled", test_builtin_throttled);
  g_test_add_func ("/engine-player/builtin/no-moves", test_builtin_no_moves);
  g_test_add_data_func ("/engine-player/external/plays-uci", GINT_TO_POINTER (FALSE), test_external_plays);
  g_test_add_data_func ("/engine-player/external/plays-xboard", GINT_TO_POINTER (TRUE), test_external_plays);
  g_test_add_func ("/engine-player/external/name-from-engine", test_external_name_from_engine);
  g_test_add_func ("/engine-player/external/unknown-option", test_external_unknown_option);
  for (gsize i = 0; i < G_N_ELEMENTS (misbehaviours); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine-player/external/misbehaves/%s-%s",
                                               misbehaviours[i].misbehave,
                                               misbehaviours[i].xboard ? "xboard" : "uci");

      g_test_add_data_func (path, &misbehaviours[i], test_external_misbehaves);
    }
  g_test_add_func ("/engine-player/external/garbage", test_external_garbage);
  g_test_add_func ("/engine-player/external/exits-idle", test_external_exits_idle);
  g_test_add_func ("/engine-player/external/start-fails", test_external_start_fails);
  g_test_add_func ("/engine-player/external/stop-and-cancel", test_external_stop_and_cancel);
  g_test_add_func ("/engine-player/external/dispose-quits", test_external_dispose_quits);
  g_test_add_func ("/engine-player/external/real-uci", test_external_real_uci);
  g_test_add_func ("/engine-player/external/real-xboard", test_external_real_xboard);
  g_test_add_func ("/engine-player/close-sync", test_close_sync);
  return g_test_run ();
}
