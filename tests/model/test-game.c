/* test-game.c — ChessGame: signals and their order, notify, errors,
 * take-back and redo, clocks through the game, PGN and the autosave. */

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "chess-game.h"
#include "model-test-util.h"

/* ---- A recorder of everything the game emits ---- */

typedef struct
{
  ChessGame  *game;
  GString    *log;        /* "moved:e4 check:black …" */
  GHashTable *notifies;   /* property name → count    */
  GHashTable *values;     /* property name → GValue *, as last notified */
  gint64      now_us;     /* the fake time source     */
} Fixture;

static const char *
enum_nick (GType type, int value)
{
  GEnumClass *klass = g_type_class_ref (type);
  GEnumValue *v = g_enum_get_value (klass, value);
  const char *nick = v != NULL ? v->value_nick : "?";

  g_type_class_unref (klass);
  return nick;
}

static void
log_event (Fixture *f, const char *text)
{
  if (f->log->len > 0)
    g_string_append_c (f->log, ' ');
  g_string_append (f->log, text);
}

static void
moved_cb (ChessGame *game, ChessMoveInfo *info, Fixture *f)
{
  g_autofree char *s = g_strdup_printf ("moved:%s", info->san);

  /* The state is updated before the signal. */
  g_assert_cmpuint (chess_game_get_move_count (game), ==, info->ply + 1);
  log_event (f, s);
}

static void
taken_back_cb (ChessGame *game, ChessMoveInfo *info, Fixture *f)
{
  g_autofree char *s = g_strdup_printf ("taken-back:%s", info->san);

  g_assert_cmpuint (chess_game_get_move_count (game), ==, info->ply);
  log_event (f, s);
}

static void
check_cb (ChessGame *game, ChessColor color, Fixture *f)
{
  g_autofree char *s = g_strdup_printf ("check:%s", enum_nick (CHESS_TYPE_COLOR, color));
  log_event (f, s);
}

static void
checkmate_cb (ChessGame *game, ChessColor color, Fixture *f)
{
  g_autofree char *s = g_strdup_printf ("checkmate:%s", enum_nick (CHESS_TYPE_COLOR, color));
  log_event (f, s);
}

static void
draw_cb (ChessGame *game, ChessGameReason reason, Fixture *f)
{
  g_autofree char *s = g_strdup_printf ("draw:%s", enum_nick (CHESS_TYPE_GAME_REASON, reason));
  log_event (f, s);
}

static void
game_over_cb (ChessGame *game, ChessGameResult result, ChessGameReason reason, Fixture *f)
{
  g_autofree char *s = g_strdup_printf ("game-over:%s:%s",
                                        chess_game_result_to_string (result),
                                        enum_nick (CHESS_TYPE_GAME_REASON, reason));

  g_assert_true (chess_game_is_over (game));
  g_assert_false (chess_clock_is_running (chess_game_get_clock (game)));
  log_event (f, s);
}

static void
changed_cb (ChessGame *game, guint changes, Fixture *f)
{
  if (changes & CHESS_GAME_CHANGED_RESET)
    log_event (f, "reset");
}

static void
free_value (gpointer data)
{
  g_value_unset (data);
  g_free (data);
}

static GValue *
read_property (GObject *object, GParamSpec *pspec)
{
  GValue *value = g_new0 (GValue, 1);

  g_value_init (value, pspec->value_type);
  g_object_get_property (object, pspec->name, value);
  return value;
}

/* Remembers every property's value, to check notifications against. */
static void
snapshot_properties (Fixture *f)
{
  guint n;
  g_autofree GParamSpec **pspecs =
    g_object_class_list_properties (G_OBJECT_GET_CLASS (f->game), &n);

  g_hash_table_remove_all (f->values);
  for (guint i = 0; i < n; i++)
    g_hash_table_insert (f->values, (gpointer) pspecs[i]->name,
                         read_property (G_OBJECT (f->game), pspecs[i]));
}

/* Every property that changed since its last notify would have been
 * notified: nothing differs from the remembered values. */
static void
assert_properties_notified (Fixture *f)
{
  guint n;
  g_autofree GParamSpec **pspecs =
    g_object_class_list_properties (G_OBJECT_GET_CLASS (f->game), &n);

  for (guint i = 0; i < n; i++)
    {
      GValue *now = read_property (G_OBJECT (f->game), pspecs[i]);
      GValue *then = g_hash_table_lookup (f->values, pspecs[i]->name);

      if (g_param_values_cmp (pspecs[i], now, then) != 0)
        g_error ("%s changed without notify", pspecs[i]->name);
      free_value (now);
    }
}

static void
notify_cb (GObject *object, GParamSpec *pspec, Fixture *f)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (f->notifies, pspec->name));
  GValue *now = read_property (object, pspec);
  GValue *then = g_hash_table_lookup (f->values, pspec->name);

  /* A notification always comes with a new value. */
  if (g_param_values_cmp (pspec, now, then) == 0)
    g_error ("notify::%s without a change", pspec->name);
  g_hash_table_insert (f->values, (gpointer) pspec->name, now);
  g_hash_table_insert (f->notifies, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static gint64
fake_now (gpointer user_data)
{
  Fixture *f = user_data;
  return f->now_us;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->game = chess_game_new ();
  f->log = g_string_new (NULL);
  f->notifies = g_hash_table_new (g_str_hash, g_str_equal);
  f->values = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, free_value);
  snapshot_properties (f);
  f->now_us = 1000000;
  chess_clock_set_time_source (chess_game_get_clock (f->game), fake_now, f, NULL);
  g_signal_connect (f->game, "moved", G_CALLBACK (moved_cb), f);
  g_signal_connect (f->game, "taken-back", G_CALLBACK (taken_back_cb), f);
  g_signal_connect (f->game, "check", G_CALLBACK (check_cb), f);
  g_signal_connect (f->game, "checkmate", G_CALLBACK (checkmate_cb), f);
  g_signal_connect (f->game, "draw", G_CALLBACK (draw_cb), f);
  g_signal_connect (f->game, "game-over", G_CALLBACK (game_over_cb), f);
  g_signal_connect (f->game, "changed", G_CALLBACK (changed_cb), f);
  g_signal_connect (f->game, "notify", G_CALLBACK (notify_cb), f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  assert_properties_notified (f);
  g_assert_finalize_object (f->game);
  g_hash_table_unref (f->values);
  g_string_free (f->log, TRUE);
  g_hash_table_unref (f->notifies);
}

/* Forgets what was recorded so far. */
static void
clear_log (Fixture *f)
{
  assert_properties_notified (f);
  g_string_truncate (f->log, 0);
  g_hash_table_remove_all (f->notifies);
}

static guint
notified (Fixture *f, const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (f->notifies, name));
}

static void
set_fen (Fixture *f, const char *fen)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_game_set_fen (f->game, fen, &error));
  g_assert_no_error (error);
}

static void
assert_description (ChessGame *game, const char *expected)
{
  g_autofree char *text = chess_game_describe_result (game);

  g_assert_cmpstr (text, ==, expected);
}

static void
assert_fen (ChessGame *game, const char *expected)
{
  g_autofree char *fen = chess_game_get_fen (game);

  g_assert_cmpstr (fen, ==, expected);
}

/* ---- Signals after moves ---- */

static void
test_quiet_move (Fixture *f, gconstpointer data)
{
  model_test_play (f->game, "e4");
  g_assert_cmpstr (f->log->str, ==, "moved:e4");
  g_assert_cmpuint (notified (f, "side-to-move"), ==, 1);
  g_assert_cmpuint (notified (f, "move-count"), ==, 1);
  g_assert_cmpuint (notified (f, "can-undo"), ==, 1);
  g_assert_cmpuint (notified (f, "view-ply"), ==, 1);
  g_assert_cmpuint (notified (f, "can-redo"), ==, 0);
  g_assert_cmpuint (notified (f, "result"), ==, 0);
  g_assert_cmpuint (notified (f, "material-balance"), ==, 0);
  g_assert_cmpuint (notified (f, "draw-claimable"), ==, 0);
  g_assert_cmpuint (notified (f, "in-check"), ==, 0);
  g_assert_cmpint (chess_game_get_side_to_move (f->game), ==, CHESS_COLOR_BLACK);
  g_assert_false (chess_game_is_over (f->game));
  assert_description (f->game, "");
}

static void
test_check (Fixture *f, gconstpointer data)
{
  model_test_play (f->game, "e4 f6");
  clear_log (f);
  model_test_play (f->game, "Qh5+");
  g_assert_cmpstr (f->log->str, ==, "moved:Qh5+ check:black");
  g_assert_true (chess_game_is_in_check (f->game));
  g_assert_cmpuint (notified (f, "in-check"), ==, 1);
  g_assert_false (chess_game_is_over (f->game));
}

static void
test_scholars_mate (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  model_test_play (f->game, "e4 e5 Bc4 Nc6 Qh5 Nf6");
  clear_log (f);
  model_test_play (f->game, "Qxf7#");
  g_assert_cmpstr (f->log->str, ==,
                   "moved:Qxf7# checkmate:black game-over:1-0:checkmate");
  g_assert_cmpint (chess_game_get_result (f->game), ==, CHESS_GAME_RESULT_WHITE_WINS);
  g_assert_cmpint (chess_game_get_reason (f->game), ==, CHESS_GAME_REASON_CHECKMATE);
  g_assert_cmpuint (notified (f, "result"), ==, 1);
  g_assert_cmpuint (notified (f, "is-over"), ==, 1);
  g_assert_cmpuint (notified (f, "material-balance"), ==, 1);
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, 100);
  assert_description (f->game, "White wins by checkmate");
  g_assert_cmpuint (chess_game_get_legal_targets (f->game, chess_square_parse ("e8")), ==, 0);

  clear_log (f);
  g_assert_false (chess_game_play (f->game, "Ke7", &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER);
  g_assert_cmpstr (error->message, ==, "The game is over");
  g_assert_cmpstr (f->log->str, ==, "");
  g_assert_cmpuint (g_hash_table_size (f->notifies), ==, 0);
}

static void
test_stalemate (Fixture *f, gconstpointer data)
{
  set_fen (f, "k7/8/8/8/8/8/2Q5/7K w - - 0 1");
  clear_log (f);
  model_test_play (f->game, "Qc7");
  g_assert_cmpstr (f->log->str, ==,
                   "moved:Qc7 draw:stalemate game-over:1/2-1/2:stalemate");
  assert_description (f->game, "Draw by stalemate");
}

static void
test_insufficient_material (Fixture *f, gconstpointer data)
{
  ChessPiece captured[16];

  set_fen (f, "k7/8/8/8/8/8/1r6/K7 w - - 0 1");
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, -500);
  clear_log (f);
  model_test_play (f->game, "Kxb2");
  g_assert_cmpstr (f->log->str, ==,
                   "moved:Kxb2 draw:insufficient-material "
                   "game-over:1/2-1/2:insufficient-material");
  assert_description (f->game, "Draw by insufficient material");
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, 0);
  g_assert_cmpuint (notified (f, "material-balance"), ==, 1);
  g_assert_cmpuint (chess_game_get_captured (f->game, CHESS_COLOR_BLACK, captured), ==, 1);
  g_assert_cmpint (captured[0], ==, CHESS_BLACK_ROOK);
  g_assert_cmpuint (chess_game_get_captured (f->game, CHESS_COLOR_WHITE, captured), ==, 0);
}

/* Browsing shows the captures and the balance of the position viewed. */
static void
test_captured_at_ply (Fixture *f, gconstpointer data)
{
  ChessPiece captured[16];

  model_test_play (f->game, "e4 d5 exd5 Qxd5 Nc3 Qa5 Nf3 Bg4 h3 Bxf3");
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, -300);
  g_assert_cmpint (chess_game_get_material_balance_at (f->game, 10), ==, -300);
  g_assert_cmpint (chess_game_get_material_balance_at (f->game, 3), ==, 100);
  g_assert_cmpint (chess_game_get_material_balance_at (f->game, 4), ==, 0);
  g_assert_cmpint (chess_game_get_material_balance_at (f->game, 0), ==, 0);
  g_assert_cmpint (chess_game_get_material_balance_at (f->game, 99), ==, -300);

  g_assert_cmpuint (chess_game_get_captured_at (f->game, 3, CHESS_COLOR_BLACK, captured), ==, 1);
  g_assert_cmpint (captured[0], ==, CHESS_BLACK_PAWN);
  g_assert_cmpuint (chess_game_get_captured_at (f->game, 3, CHESS_COLOR_WHITE, captured), ==, 0);
  g_assert_cmpuint (chess_game_get_captured_at (f->game, 9, CHESS_COLOR_WHITE, captured), ==, 1);
  g_assert_cmpuint (chess_game_get_captured_at (f->game, 10, CHESS_COLOR_WHITE, captured), ==, 2);
  g_assert_cmpint (captured[0], ==, CHESS_WHITE_PAWN);
  g_assert_cmpint (captured[1], ==, CHESS_WHITE_KNIGHT);
  g_assert_cmpuint (chess_game_get_captured_at (f->game, 0, CHESS_COLOR_WHITE, captured), ==, 0);
  g_assert_cmpuint (chess_game_get_captured_at (f->game, 99, CHESS_COLOR_WHITE, captured), ==, 2);
}

#define KNIGHTS_CYCLE "Nf3 Nf6 Ng1 Ng8 "

static void
test_threefold_claimed (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  model_test_play (f->game, KNIGHTS_CYCLE);
  g_assert_false (chess_game_get_draw_claimable (f->game));
  g_assert_false (chess_game_claim_draw (f->game, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_NO_CLAIM);
  g_clear_error (&error);

  clear_log (f);
  model_test_play (f->game, KNIGHTS_CYCLE);
  /* The start position is on the board for the third time. */
  g_assert_cmpstr (f->log->str, ==, "moved:Nf3 moved:Nf6 moved:Ng1 moved:Ng8");
  g_assert_true (chess_game_get_draw_claimable (f->game));
  g_assert_cmpint (chess_game_get_claim (f->game), ==, CHESS_CLAIM_THREEFOLD_REPETITION);
  g_assert_cmpuint (notified (f, "draw-claimable"), ==, 1);
  g_assert_false (chess_game_is_over (f->game));

  clear_log (f);
  g_assert_true (chess_game_claim_draw (f->game, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (f->log->str, ==,
                   "draw:threefold-repetition game-over:1/2-1/2:threefold-repetition");
  g_assert_cmpuint (notified (f, "draw-claimable"), ==, 1);
  g_assert_cmpuint (notified (f, "result"), ==, 1);
  g_assert_false (chess_game_get_draw_claimable (f->game));
  assert_description (f->game, "Draw by threefold repetition");

  g_assert_false (chess_game_claim_draw (f->game, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER);
}

static void
test_fivefold (Fixture *f, gconstpointer data)
{
  model_test_play (f->game, KNIGHTS_CYCLE KNIGHTS_CYCLE KNIGHTS_CYCLE "Nf3 Nf6 Ng1");
  g_assert_false (chess_game_is_over (f->game));
  clear_log (f);
  model_test_play (f->game, "Ng8");
  g_assert_cmpstr (f->log->str, ==,
                   "moved:Ng8 draw:fivefold-repetition "
                   "game-over:1/2-1/2:fivefold-repetition");
  assert_description (f->game, "Draw by fivefold repetition");
  g_assert_false (chess_game_get_draw_claimable (f->game));
}

static void
test_fifty_moves (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  set_fen (f, "7k/8/8/8/8/8/8/KR6 w - - 99 80");
  g_assert_false (chess_game_get_draw_claimable (f->game));
  clear_log (f);
  model_test_play (f->game, "Rb2");
  g_assert_cmpstr (f->log->str, ==, "moved:Rb2");
  g_assert_true (chess_game_get_draw_claimable (f->game));
  g_assert_cmpint (chess_game_get_claim (f->game), ==, CHESS_CLAIM_FIFTY_MOVES);
  g_assert_cmpuint (notified (f, "draw-claimable"), ==, 1);

  clear_log (f);
  g_assert_true (chess_game_claim_draw (f->game, &error));
  g_assert_cmpstr (f->log->str, ==, "draw:fifty-moves game-over:1/2-1/2:fifty-moves");
  assert_description (f->game, "Draw by the fifty-move rule");
}

static void
test_seventy_five_moves (Fixture *f, gconstpointer data)
{
  set_fen (f, "7k/8/8/8/8/8/8/KR6 w - - 149 120");
  clear_log (f);
  model_test_play (f->game, "Rb2");
  g_assert_cmpstr (f->log->str, ==,
                   "moved:Rb2 draw:seventy-five-moves "
                   "game-over:1/2-1/2:seventy-five-moves");
  assert_description (f->game, "Draw by the seventy-five-move rule");
}

/* ---- Ends that are not moves ---- */

static void
test_resignation (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  model_test_play (f->game, "e4");
  clear_log (f);
  chess_game_resign (f->game, CHESS_COLOR_WHITE);
  g_assert_cmpstr (f->log->str, ==, "game-over:0-1:resignation");
  assert_description (f->game, "White resigned — Black wins");
  g_assert_cmpuint (notified (f, "result"), ==, 1);

  /* With both players named, the names. */
  chess_game_set_player_name (f->game, CHESS_COLOR_WHITE, "Anna");
  assert_description (f->game, "White resigned — Black wins");
  chess_game_set_player_name (f->game, CHESS_COLOR_BLACK, "Bruno");
  assert_description (f->game, "Anna resigned — Bruno wins");
  chess_game_set_player_name (f->game, CHESS_COLOR_WHITE, NULL);
  chess_game_set_player_name (f->game, CHESS_COLOR_BLACK, NULL);

  /* A second resignation or agreement changes nothing. */
  chess_game_resign (f->game, CHESS_COLOR_BLACK);
  chess_game_agree_draw (f->game);
  g_assert_cmpstr (f->log->str, ==, "game-over:0-1:resignation");
  g_assert_false (chess_game_play (f->game, "e5", &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER);

  /* Taking back reopens the game. */
  clear_log (f);
  g_assert_true (chess_game_take_back (f->game));
  g_assert_cmpstr (f->log->str, ==, "taken-back:e4");
  g_assert_false (chess_game_is_over (f->game));
  g_assert_cmpuint (notified (f, "result"), ==, 1);
  g_assert_true (chess_game_can_redo (f->game));

  set_fen (f, CHESS_START_FEN);
  chess_game_resign (f->game, CHESS_COLOR_BLACK);
  assert_description (f->game, "Black resigned — White wins");
  g_assert_cmpstr (chess_game_result_to_string (chess_game_get_result (f->game)), ==, "1-0");
}

static void
test_agreed_draw (Fixture *f, gconstpointer data)
{
  ChessColor by = CHESS_COLOR_BLACK;

  model_test_play (f->game, "e4");
  clear_log (f);

  /* A move declines an offer. */
  chess_game_offer_draw (f->game, CHESS_COLOR_WHITE);
  g_assert_true (chess_game_get_draw_offered (f->game, &by));
  g_assert_cmpint (by, ==, CHESS_COLOR_WHITE);
  g_assert_cmpuint (notified (f, "draw-offered"), ==, 1);
  chess_game_offer_draw (f->game, CHESS_COLOR_WHITE);
  g_assert_cmpuint (notified (f, "draw-offered"), ==, 1);
  model_test_play (f->game, "e5");
  g_assert_false (chess_game_get_draw_offered (f->game, NULL));
  g_assert_cmpuint (notified (f, "draw-offered"), ==, 2);

  chess_game_offer_draw (f->game, CHESS_COLOR_BLACK);
  chess_game_decline_draw (f->game);
  g_assert_false (chess_game_get_draw_offered (f->game, NULL));

  chess_game_offer_draw (f->game, CHESS_COLOR_BLACK);
  clear_log (f);
  chess_game_agree_draw (f->game);
  g_assert_cmpstr (f->log->str, ==, "draw:agreement game-over:1/2-1/2:agreement");
  g_assert_false (chess_game_get_draw_offered (f->game, NULL));
  assert_description (f->game, "Draw agreed");
  g_assert_cmpint (chess_game_get_result (f->game), ==, CHESS_GAME_RESULT_DRAW);
}

static void
test_time_forfeit (Fixture *f, gconstpointer data)
{
  ChessClock *clock = chess_game_get_clock (f->game);
  g_autoptr (GError) error = NULL;

  chess_game_set_time_control (f->game, CHESS_CLOCK_SUDDEN_DEATH, 60000, 0);
  model_test_play (f->game, "e4");
  g_assert_true (chess_clock_is_running (clock));
  g_assert_cmpint (chess_clock_get_active_color (clock), ==, CHESS_COLOR_BLACK);
  clear_log (f);

  f->now_us += 59 * G_USEC_PER_SEC;
  g_assert_false (chess_clock_update (clock));
  g_assert_cmpstr (f->log->str, ==, "");
  f->now_us += 2 * G_USEC_PER_SEC;
  g_assert_true (chess_clock_update (clock));
  g_assert_cmpstr (f->log->str, ==, "game-over:1-0:time-forfeit");
  g_assert_false (chess_clock_is_running (clock));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 0);
  assert_description (f->game, "White wins on time");

  /* Only once. */
  g_assert_true (chess_clock_update (clock));
  g_assert_cmpstr (f->log->str, ==, "game-over:1-0:time-forfeit");
  g_assert_false (chess_game_play (f->game, "e5", &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER);

  /* Taking back e4 reopens the game with the clocks as before it. */
  clear_log (f);
  g_assert_true (chess_game_take_back (f->game));
  g_assert_cmpstr (f->log->str, ==, "taken-back:e4");
  g_assert_false (chess_game_is_over (f->game));
  g_assert_true (chess_clock_is_running (clock));
  g_assert_false (chess_clock_has_flag_fallen (clock, CHESS_COLOR_BLACK));
  g_assert_cmpint (chess_clock_get_active_color (clock), ==, CHESS_COLOR_WHITE);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 60000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 60000);
  g_assert_true (chess_game_can_redo (f->game));
}

static void
test_time_forfeit_on_move (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  /* The flag falls between ticks: the late move is refused. */
  chess_game_set_time_control (f->game, CHESS_CLOCK_FISCHER, 10000, 2000);
  model_test_play (f->game, "e4");
  clear_log (f);
  f->now_us += 11 * G_USEC_PER_SEC;
  g_assert_false (chess_game_play (f->game, "e5", &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER);
  g_assert_cmpstr (f->log->str, ==, "game-over:1-0:time-forfeit");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 1);
}

static void
test_flag_fall_lone_king (Fixture *f, gconstpointer data)
{
  ChessClock *clock = chess_game_get_clock (f->game);

  /* White runs out of time, but Black has only a king. */
  set_fen (f, "k7/8/8/8/8/8/8/KQ6 w - - 0 1");
  chess_game_set_time_control (f->game, CHESS_CLOCK_SUDDEN_DEATH, 5000, 0);
  chess_game_start_clock (f->game);
  clear_log (f);
  f->now_us += 6 * G_USEC_PER_SEC;
  chess_clock_update (clock);
  g_assert_cmpstr (f->log->str, ==,
                   "draw:timeout-vs-insufficient-material "
                   "game-over:1/2-1/2:timeout-vs-insufficient-material");
  assert_description (f->game, "Draw: White ran out of time, but Black cannot checkmate");
}

/* ---- Take-back and redo ---- */

static void
test_take_back_castling (Fixture *f, gconstpointer data)
{
  const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  ChessMoveInfo info;
  ChessSquare from, to;

  set_fen (f, fen);
  clear_log (f);
  model_test_play (f->game, "O-O");
  g_assert_true (chess_game_get_move_info (f->game, 0, &info));
  g_assert_cmpint (info.from, ==, chess_square_parse ("e1"));
  g_assert_cmpint (info.to, ==, chess_square_parse ("g1"));
  g_assert_cmpint (info.rook_from, ==, chess_square_parse ("h1"));
  g_assert_cmpint (info.rook_to, ==, chess_square_parse ("f1"));
  g_assert_cmpint (info.piece, ==, CHESS_WHITE_KING);
  g_assert_cmpint (info.captured, ==, CHESS_NO_PIECE);
  g_assert_true (chess_game_get_last_move (f->game, &from, &to));
  g_assert_cmpint (from, ==, chess_square_parse ("e1"));
  model_test_play (f->game, "O-O-O");
  g_assert_true (chess_game_get_move_info (f->game, 1, &info));
  g_assert_cmpint (info.rook_from, ==, chess_square_parse ("a8"));
  g_assert_cmpint (info.rook_to, ==, chess_square_parse ("d8"));
  assert_fen (f->game, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");

  clear_log (f);
  g_assert_true (chess_game_take_back (f->game));
  g_assert_true (chess_game_take_back (f->game));
  g_assert_false (chess_game_take_back (f->game));
  g_assert_cmpstr (f->log->str, ==, "taken-back:O-O-O taken-back:O-O");
  assert_fen (f->game, fen);
  g_assert_cmpuint (notified (f, "can-redo"), ==, 1);
  g_assert_cmpuint (notified (f, "can-undo"), ==, 1);
  g_assert_false (chess_game_get_last_move (f->game, NULL, NULL));

  clear_log (f);
  g_assert_true (chess_game_redo (f->game));
  g_assert_true (chess_game_redo (f->game));
  g_assert_false (chess_game_redo (f->game));
  g_assert_cmpstr (f->log->str, ==, "moved:O-O moved:O-O-O");
  assert_fen (f->game, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

static void
test_take_back_en_passant (Fixture *f, gconstpointer data)
{
  ChessMoveInfo info;
  ChessPiece captured[16];
  g_autofree char *before = NULL;

  model_test_play (f->game, "e4 a6 e5 d5");
  before = chess_game_get_fen (f->game);
  clear_log (f);
  model_test_play (f->game, "exd6");
  g_assert_cmpstr (f->log->str, ==, "moved:exd6");
  g_assert_true (chess_game_get_move_info (f->game, 4, &info));
  g_assert_cmpint (info.captured, ==, CHESS_BLACK_PAWN);
  g_assert_cmpint (info.captured_square, ==, chess_square_parse ("d5"));
  g_assert_cmpint (info.to, ==, chess_square_parse ("d6"));
  g_assert_cmpuint (chess_game_get_captured (f->game, CHESS_COLOR_BLACK, captured), ==, 1);
  g_assert_cmpint (captured[0], ==, CHESS_BLACK_PAWN);
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, 100);

  clear_log (f);
  g_assert_true (chess_game_take_back (f->game));
  g_assert_cmpstr (f->log->str, ==, "taken-back:exd6");
  assert_fen (f->game, before);
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, 0);
  g_assert_cmpuint (notified (f, "material-balance"), ==, 1);
  g_assert_cmpuint (chess_game_get_captured (f->game, CHESS_COLOR_BLACK, captured), ==, 0);
  /* The en-passant capture is still possible. */
  g_assert_true (chess_game_get_legal_targets (f->game, chess_square_parse ("e5"))
                 & ((ChessBitboard) 1 << chess_square_parse ("d6")));

  clear_log (f);
  g_assert_true (chess_game_redo (f->game));
  g_assert_cmpstr (f->log->str, ==, "moved:exd6");
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, 100);
}

static void
test_take_back_promotion (Fixture *f, gconstpointer data)
{
  const char *fen = "1n5k/P7/8/8/8/8/8/K7 w - - 0 1";
  ChessMoveInfo info;
  ChessPiece captured[16];

  set_fen (f, fen);
  g_assert_true (chess_game_needs_promotion (f->game, chess_square_parse ("a7"),
                                             chess_square_parse ("b8")));
  g_assert_false (chess_game_needs_promotion (f->game, chess_square_parse ("a1"),
                                              chess_square_parse ("a2")));
  clear_log (f);
  g_assert_true (chess_game_play_squares (f->game, chess_square_parse ("a7"),
                                          chess_square_parse ("b8"), CHESS_QUEEN, NULL));
  g_assert_cmpstr (f->log->str, ==, "moved:axb8=Q+ check:black");
  g_assert_true (chess_game_get_move_info (f->game, 0, &info));
  g_assert_cmpint (info.piece, ==, CHESS_WHITE_PAWN);
  g_assert_cmpint (info.captured, ==, CHESS_BLACK_KNIGHT);
  g_assert_cmpint (info.promotion, ==, CHESS_QUEEN);
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, 900);
  g_assert_cmpuint (chess_game_get_captured (f->game, CHESS_COLOR_BLACK, captured), ==, 1);

  clear_log (f);
  g_assert_true (chess_game_take_back (f->game));
  g_assert_cmpstr (f->log->str, ==, "taken-back:axb8=Q+");
  assert_fen (f->game, fen);
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, -200);
  g_assert_cmpuint (notified (f, "in-check"), ==, 1);
  g_assert_false (chess_game_is_in_check (f->game));

  clear_log (f);
  g_assert_true (chess_game_redo (f->game));
  g_assert_cmpstr (f->log->str, ==, "moved:axb8=Q+ check:black");
  g_assert_cmpint (chess_game_get_material_balance (f->game), ==, 900);
}

static void
test_take_back_mate (Fixture *f, gconstpointer data)
{
  model_test_play (f->game, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
  clear_log (f);
  g_assert_true (chess_game_take_back (f->game));
  g_assert_cmpstr (f->log->str, ==, "taken-back:Qxf7#");
  g_assert_false (chess_game_is_over (f->game));
  g_assert_cmpint (chess_game_get_result (f->game), ==, CHESS_GAME_RESULT_ONGOING);
  g_assert_cmpuint (notified (f, "result"), ==, 1);
  g_assert_cmpuint (notified (f, "reason"), ==, 1);
  g_assert_cmpuint (notified (f, "is-over"), ==, 1);
  g_assert_true (chess_game_can_redo (f->game));

  clear_log (f);
  g_assert_true (chess_game_redo (f->game));
  g_assert_cmpstr (f->log->str, ==,
                   "moved:Qxf7# checkmate:black game-over:1-0:checkmate");
  g_assert_false (chess_game_can_redo (f->game));

  /* A different move clears the redo list. */
  g_assert_true (chess_game_take_back (f->game));
  g_assert_true (chess_game_take_back (f->game));
  g_assert_true (chess_game_can_redo (f->game));
  clear_log (f);
  model_test_play (f->game, "d6");
  g_assert_false (chess_game_can_redo (f->game));
  g_assert_false (chess_game_redo (f->game));
  g_assert_cmpuint (notified (f, "can-redo"), ==, 1);
}

/* ---- Errors ---- */

static void
assert_play_error (Fixture *f, const char *move, ChessGameError code, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = chess_game_get_fen (f->game);
  guint count = chess_game_get_move_count (f->game);

  clear_log (f);
  g_assert_false (chess_game_play (f->game, move, &error));
  g_assert_error (error, CHESS_GAME_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, message);
  /* Nothing changed, nothing was said. */
  assert_fen (f->game, before);
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, count);
  g_assert_cmpstr (f->log->str, ==, "");
  g_assert_cmpuint (g_hash_table_size (f->notifies), ==, 0);
}

static void
test_errors (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  assert_play_error (f, "e7e5", CHESS_GAME_ERROR_NOT_YOUR_TURN, "It's not your turn");
  assert_play_error (f, "e3e4", CHESS_GAME_ERROR_NO_PIECE, "There is no piece on e3");
  assert_play_error (f, "Ng1-g3", CHESS_GAME_ERROR_CANNOT_MOVE,
                     "The knight on g1 can't move to g3");
  assert_play_error (f, "xyz", CHESS_GAME_ERROR_SYNTAX, "Unrecognised move: 'xyz'");

  g_assert_false (chess_game_play_as (f->game, CHESS_COLOR_BLACK, "e5", &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_NOT_YOUR_TURN);
  g_assert_cmpstr (error->message, ==, "It's not your turn");
  g_clear_error (&error);
  g_assert_true (chess_game_play_as (f->game, CHESS_COLOR_WHITE, "e4", &error));
  g_assert_no_error (error);

  /* From the board: squares. */
  g_assert_false (chess_game_play_squares (f->game, chess_square_parse ("e3"),
                                           chess_square_parse ("e4"),
                                           CHESS_NO_PIECE_TYPE, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_NO_PIECE);
  g_assert_cmpstr (error->message, ==, "There is no piece on e3");
  g_clear_error (&error);
  g_assert_false (chess_game_play_squares (f->game, chess_square_parse ("d2"),
                                           chess_square_parse ("d4"),
                                           CHESS_NO_PIECE_TYPE, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_NOT_YOUR_TURN);
  g_assert_cmpstr (error->message, ==, "It's not your turn");
  g_clear_error (&error);

  set_fen (f, "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
  assert_play_error (f, "Bd3", CHESS_GAME_ERROR_KING_IN_CHECK,
                     "That move would leave your king in check");

  set_fen (f, CHESS_START_FEN);
  model_test_play (f->game, "e4 e5 Nf3 Nc6 Bc4 Bc5 Ke2 Ke7 Ke1 Ke8");
  assert_play_error (f, "O-O", CHESS_GAME_ERROR_CASTLING,
                     "Castling is not allowed: the king has moved");

  set_fen (f, CHESS_START_FEN);
  model_test_play (f->game, "Nf3 d5 d4 e6");
  assert_play_error (f, "Nd2", CHESS_GAME_ERROR_AMBIGUOUS,
                     "Nd2 is ambiguous: Nb1-d2 or Nf3-d2");

  chess_game_resign (f->game, CHESS_COLOR_BLACK);
  assert_play_error (f, "e4", CHESS_GAME_ERROR_GAME_OVER, "The game is over");
  assert_play_error (f, "xyz", CHESS_GAME_ERROR_GAME_OVER, "The game is over");
  g_assert_false (chess_game_play_squares (f->game, chess_square_parse ("e2"),
                                           chess_square_parse ("e4"),
                                           CHESS_NO_PIECE_TYPE, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_GAME_OVER);
  g_clear_error (&error);

  /* A bad FEN leaves the game as it was. */
  g_assert_false (chess_game_set_fen (f->game, "not a fen", &error));
  g_assert_nonnull (error);
  g_assert_true (chess_game_is_over (f->game));
}

static void
test_promotion_errors (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  set_fen (f, "7k/P7/8/8/8/8/1P6/K7 w - - 0 1");
  g_assert_false (chess_game_play_squares (f->game, chess_square_parse ("a7"),
                                           chess_square_parse ("a8"),
                                           CHESS_NO_PIECE_TYPE, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_PROMOTION);
  g_clear_error (&error);
  g_assert_false (chess_game_play_squares (f->game, chess_square_parse ("a7"),
                                           chess_square_parse ("a8"),
                                           CHESS_KING, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_PROMOTION);
  g_clear_error (&error);
  g_assert_false (chess_game_play (f->game, "a8", &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_PROMOTION);
  g_clear_error (&error);
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 0);
  clear_log (f);
  g_assert_true (chess_game_play_squares (f->game, chess_square_parse ("a7"),
                                          chess_square_parse ("a8"), CHESS_KNIGHT, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (f->log->str, ==, "moved:a8=N");
  /* A promotion piece on an ordinary move is ignored. */
  g_assert_true (chess_game_play_squares (f->game, chess_square_parse ("h8"),
                                          chess_square_parse ("h7"), CHESS_QUEEN, &error));
}

/* ---- Browsing and the move list ---- */

static void
test_browse (Fixture *f, gconstpointer data)
{
  ChessBoard board;
  char buf[CHESS_MOVE_TEXT_MAX];
  char fen[CHESS_FEN_MAX], live[CHESS_FEN_MAX];
  ChessBitboard targets;

  targets = chess_game_get_legal_targets (f->game, chess_square_parse ("g1"));
  g_assert_cmpuint (targets, ==, ((ChessBitboard) 1 << chess_square_parse ("f3"))
                                 | ((ChessBitboard) 1 << chess_square_parse ("h3")));
  g_assert_cmpuint (chess_game_get_legal_targets (f->game, chess_square_parse ("g8")), ==, 0);
  g_assert_cmpuint (chess_game_get_legal_targets (f->game, chess_square_parse ("e4")), ==, 0);

  model_test_play (f->game, "e4 e5 Nf3");
  g_assert_true (chess_game_get_board_at (f->game, 0, &board));
  g_assert_cmpstr (chess_board_to_fen (&board, fen), ==, CHESS_START_FEN);
  g_assert_true (chess_game_get_board_at (f->game, 3, &board));
  g_assert_cmpstr (chess_board_to_fen (&board, fen), ==,
                   chess_board_to_fen (chess_game_get_board (f->game), live));
  g_assert_false (chess_game_get_board_at (f->game, 4, &board));

  g_assert_cmpuint (chess_game_get_view_ply (f->game), ==, 3);
  clear_log (f);
  chess_game_set_view_ply (f->game, 1);
  g_assert_cmpuint (chess_game_get_view_ply (f->game), ==, 1);
  g_assert_false (chess_game_is_viewing_live (f->game));
  g_assert_cmpuint (notified (f, "view-ply"), ==, 1);
  chess_game_set_view_ply (f->game, 1);
  g_assert_cmpuint (notified (f, "view-ply"), ==, 1);
  g_object_set (f->game, "view-ply", 99, NULL);
  g_assert_cmpuint (chess_game_get_view_ply (f->game), ==, 3);
  g_assert_cmpstr (f->log->str, ==, "");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 3);

  g_assert_cmpstr (chess_game_format_move (f->game, 2, CHESS_NOTATION_SAN, FALSE, buf), ==, "Nf3");
  g_assert_cmpstr (chess_game_format_move (f->game, 2, CHESS_NOTATION_LAN, FALSE, buf), ==, "Ng1-f3");
  g_assert_cmpstr (chess_game_format_move (f->game, 0, CHESS_NOTATION_UCI, FALSE, buf), ==, "e2e4");
  g_assert_cmpstr (chess_game_format_move (f->game, 2, CHESS_NOTATION_FIGURINE, FALSE, buf), ==, "♞f3");
  /* Untranslated here: the English letters. */
  g_assert_cmpstr (chess_game_get_piece_letters (), ==, "NBRQK");
  g_assert_cmpstr (chess_game_format_move (f->game, 2, CHESS_NOTATION_SAN, TRUE, buf), ==, "Nf3");
  g_assert_null (chess_game_format_move (f->game, 3, CHESS_NOTATION_SAN, FALSE, buf));
  g_assert_cmpint (chess_game_get_move (f->game, 0), ==,
                   chess_move_make (chess_square_parse ("e2"), chess_square_parse ("e4"),
                                    CHESS_MOVE_DOUBLE_PUSH));
  g_assert_cmpint (chess_game_get_move (f->game, 3), ==, CHESS_MOVE_NONE);
}

static void
test_players (Fixture *f, gconstpointer data)
{
  g_assert_null (chess_game_get_player_name (f->game, CHESS_COLOR_WHITE));
  g_assert_cmpstr (chess_game_get_player_display_name (f->game, CHESS_COLOR_WHITE), ==, "White");
  g_assert_cmpstr (chess_game_get_player_display_name (f->game, CHESS_COLOR_BLACK), ==, "Black");
  chess_game_set_player_name (f->game, CHESS_COLOR_BLACK, "Ada");
  g_assert_cmpstr (chess_game_get_player_display_name (f->game, CHESS_COLOR_BLACK), ==, "Ada");
  g_assert_cmpstr (chess_game_get_tag (f->game, "Black"), ==, "Ada");
  chess_game_set_player_name (f->game, CHESS_COLOR_BLACK, "");
  g_assert_null (chess_game_get_player_name (f->game, CHESS_COLOR_BLACK));
  chess_game_set_tag (f->game, "Event", "Club");
  chess_game_set_tag (f->game, "Event", "Club night");
  g_assert_cmpstr (chess_game_get_tag (f->game, "Event"), ==, "Club night");
  chess_game_set_tag (f->game, "Event", NULL);
  g_assert_null (chess_game_get_tag (f->game, "Event"));

  /* A new game keeps the names only. */
  chess_game_set_player_name (f->game, CHESS_COLOR_WHITE, "Bo");
  chess_game_set_tag (f->game, "Round", "3");
  chess_game_reset (f->game);
  g_assert_cmpstr (chess_game_get_player_name (f->game, CHESS_COLOR_WHITE), ==, "Bo");
  g_assert_null (chess_game_get_tag (f->game, "Round"));
}

/* ---- Clocks through the game ---- */

static void
test_clock_take_back (Fixture *f, gconstpointer data)
{
  ChessClock *clock = chess_game_get_clock (f->game);

  chess_game_set_time_control (f->game, CHESS_CLOCK_FISCHER, 60000, 1000);
  chess_game_start_clock (f->game);
  f->now_us += 5 * G_USEC_PER_SEC;
  model_test_play (f->game, "e4");                        /* White: 60 - 5 + 1 = 56 s */
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 56000);
  g_assert_cmpint (chess_game_get_clock_ms_at (f->game, 0), ==, 56000);
  f->now_us += 10 * G_USEC_PER_SEC;
  model_test_play (f->game, "e5");                        /* Black: 60 - 10 + 1 = 51 s */
  g_assert_cmpint (chess_game_get_clock_ms_at (f->game, 1), ==, 51000);
  f->now_us += 3 * G_USEC_PER_SEC;
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 53000);

  /* Back to the state before Black's move: White 56, Black 60, Black to move. */
  g_assert_true (chess_game_take_back (f->game));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 56000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 60000);
  g_assert_cmpint (chess_clock_get_active_color (clock), ==, CHESS_COLOR_BLACK);
  g_assert_true (chess_clock_is_running (clock));

  /* Redo gives back the clocks as they were after the move. */
  g_assert_true (chess_game_redo (f->game));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 51000);
  g_assert_cmpint (chess_clock_get_active_color (clock), ==, CHESS_COLOR_WHITE);

  /* The game's end stops the clock; taking back restarts it. */
  chess_game_resign (f->game, CHESS_COLOR_WHITE);
  g_assert_false (chess_clock_is_running (clock));
  g_assert_true (chess_game_take_back (f->game));
  g_assert_true (chess_clock_is_running (clock));
  g_assert_cmpint (chess_clock_get_active_color (clock), ==, CHESS_COLOR_BLACK);
}

static void
test_untimed_counts_up (Fixture *f, gconstpointer data)
{
  ChessClock *clock = chess_game_get_clock (f->game);

  g_assert_false (chess_clock_is_timed (clock));
  chess_game_start_clock (f->game);
  f->now_us += 7 * G_USEC_PER_SEC;
  model_test_play (f->game, "e4");
  f->now_us += 2 * G_USEC_PER_SEC;
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 7000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 2000);
  g_assert_cmpint (chess_game_get_clock_ms_at (f->game, 0), ==, -1);

  /* Taken back and played again: the counts as they were then, and none
   * of them written as [%clk]. */
  g_assert_true (chess_game_take_back (f->game));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 0);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 0);
  g_assert_true (chess_game_redo (f->game));
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_WHITE), ==, 7000);
  g_assert_cmpint (chess_clock_get_time_ms (clock, CHESS_COLOR_BLACK), ==, 0);
  g_assert_cmpint (chess_clock_get_active_color (clock), ==, CHESS_COLOR_BLACK);
  g_autoptr(ChessPgnGame) pgn = chess_game_to_pgn (f->game);
  g_assert_cmpint (pgn->tree->root->children[0]->clock_ms, ==, -1);
}

/* ---- PGN ---- */

static void
test_to_pgn (Fixture *f, gconstpointer data)
{
  g_autoptr (ChessPgnGame) pgn = NULL;
  g_autoptr (ChessPgnGame) pgn2 = NULL;

  chess_game_set_player_name (f->game, CHESS_COLOR_WHITE, "Ann");
  chess_game_set_tag (f->game, "Annotator", "Bob");
  chess_game_set_time_control (f->game, CHESS_CLOCK_FISCHER, 300000, 2000);
  chess_game_start_clock (f->game);
  f->now_us += 4 * G_USEC_PER_SEC;
  model_test_play (f->game, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");

  pgn = chess_game_to_pgn (f->game);
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn, "White"), ==, "Ann");
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn, "Black"), ==, "?");
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn, "Result"), ==, "1-0");
  g_assert_cmpstr (pgn->result, ==, "1-0");
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn, "Termination"), ==, "normal");
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn, "TimeControl"), ==, "300+2");
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn, "Annotator"), ==, "Bob");
  g_assert_nonnull (chess_pgn_game_get_tag (pgn, "Date"));
  g_assert_null (chess_pgn_game_get_tag (pgn, "FEN"));
  g_assert_cmpuint (pgn->line.n_moves, ==, 7);
  g_assert_cmpint (pgn->tree->root->children[0]->clock_ms, ==, 298000);
  g_assert_cmpint (pgn->tree->root->children[0]->children[0]->clock_ms, ==, 302000);
  g_assert_cmpint (pgn->main_end->clock_ms, >, 0);

  set_fen (f, "7k/8/8/8/8/8/8/KR6 w - - 0 1");
  pgn2 = chess_game_to_pgn (f->game);
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn2, "SetUp"), ==, "1");
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn2, "FEN"), ==, "7k/8/8/8/8/8/8/KR6 w - - 0 1");
  g_assert_cmpstr (chess_pgn_game_get_tag (pgn2, "Result"), ==, "*");
  g_assert_null (chess_pgn_game_get_tag (pgn2, "Termination"));
}

static void
test_load_pgn (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessPgnGame) pgn = NULL;
  g_autoptr (ChessPgnGame) bad = NULL;

  /* A game built by hand: 1. d4 d5 2. c4, Black resigned. */
  pgn = chess_pgn_game_new (NULL);
  chess_pgn_game_add_move (pgn, chess_board_find_move (&pgn->line.current,
                                                       chess_square_parse ("d2"),
                                                       chess_square_parse ("d4"),
                                                       CHESS_NO_PIECE_TYPE));
  chess_pgn_game_add_move (pgn, chess_board_find_move (&pgn->line.current,
                                                       chess_square_parse ("d7"),
                                                       chess_square_parse ("d5"),
                                                       CHESS_NO_PIECE_TYPE));
  chess_pgn_game_add_move (pgn, chess_board_find_move (&pgn->line.current,
                                                       chess_square_parse ("c2"),
                                                       chess_square_parse ("c4"),
                                                       CHESS_NO_PIECE_TYPE));
  chess_pgn_game_set_tag (pgn, "White", "Kim");
  chess_pgn_game_set_tag (pgn, "Result", "1-0");
  chess_pgn_game_set_tag (pgn, "Termination", "Kim won by resignation");
  g_free (pgn->result);
  pgn->result = g_strdup ("1-0");

  model_test_play (f->game, "e4");
  clear_log (f);
  g_assert_true (chess_game_load_pgn (f->game, pgn, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (f->log->str, ==, "reset");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 3);
  g_assert_cmpuint (notified (f, "move-count"), ==, 1);
  g_assert_cmpuint (notified (f, "result"), ==, 1);
  g_assert_cmpint (chess_game_get_reason (f->game), ==, CHESS_GAME_REASON_RESIGNATION);
  assert_description (f->game, "Black resigned — White wins");
  g_assert_cmpstr (chess_game_get_player_display_name (f->game, CHESS_COLOR_WHITE), ==, "Kim");
  g_assert_cmpuint (chess_game_get_view_ply (f->game), ==, 3);

  /* An illegal move anywhere: refused, game unchanged. */
  bad = chess_pgn_game_new (NULL);
  chess_pgn_game_add_move (bad, pgn->line.moves[0]);
  chess_pgn_game_add_move (bad, pgn->line.moves[1]);
  bad->line.moves[1] = pgn->line.moves[2];   /* a White move on Black's turn */
  bad->main_end->move = pgn->line.moves[2];
  clear_log (f);
  g_assert_false (chess_game_load_pgn (f->game, bad, &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_INVALID);
  g_assert_cmpstr (f->log->str, ==, "");
  g_assert_cmpuint (chess_game_get_move_count (f->game), ==, 3);
  g_assert_cmpstr (chess_game_get_player_name (f->game, CHESS_COLOR_WHITE), ==, "Kim");
}

/* Writes the game as PGN text, reads it back into a new game. */
static ChessGame *
round_trip (ChessGame *game)
{
  g_autoptr (ChessPgnGame) out = chess_game_to_pgn (game);
  g_autofree char *text = chess_pgn_game_to_string (out);
  g_autoptr (ChessPgnGame) in = NULL;
  g_autoptr (GError) error = NULL;
  ChessGame *copy = chess_game_new ();

  in = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (copy, in, &error));
  g_assert_no_error (error);
  return copy;
}

static void
test_round_trip (Fixture *f, gconstpointer data)
{
  struct {
    const char      *fen;
    const char      *moves;
    ChessGameReason  end;   /* how to end it: agreement, claim, resignation */
    ChessGameReason  reason;
  } cases[] = {
    { CHESS_START_FEN, "e4 e5", CHESS_GAME_REASON_AGREEMENT, CHESS_GAME_REASON_AGREEMENT },
    { CHESS_START_FEN, KNIGHTS_CYCLE KNIGHTS_CYCLE, CHESS_GAME_REASON_THREEFOLD_REPETITION,
      CHESS_GAME_REASON_THREEFOLD_REPETITION },
    { "7k/8/8/8/8/8/8/KR6 w - - 99 80", "Rb2", CHESS_GAME_REASON_FIFTY_MOVES,
      CHESS_GAME_REASON_FIFTY_MOVES },
    { "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O O-O", CHESS_GAME_REASON_RESIGNATION,
      CHESS_GAME_REASON_RESIGNATION },
    { "k7/8/8/8/8/8/2Q5/7K w - - 0 1", "Qc7", CHESS_GAME_REASON_NONE,
      CHESS_GAME_REASON_STALEMATE },
    { CHESS_START_FEN, "f3 e5 g4 Qh4#", CHESS_GAME_REASON_NONE, CHESS_GAME_REASON_CHECKMATE },
    { CHESS_START_FEN, "d4", CHESS_GAME_REASON_NONE, CHESS_GAME_REASON_NONE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (ChessGame) copy = NULL;
      g_autofree char *a = NULL, *b = NULL;
      char s1[CHESS_FEN_MAX], s2[CHESS_FEN_MAX];

      set_fen (f, cases[i].fen);
      model_test_play (f->game, cases[i].moves);
      if (cases[i].end == CHESS_GAME_REASON_AGREEMENT)
        chess_game_agree_draw (f->game);
      else if (cases[i].end == CHESS_GAME_REASON_RESIGNATION)
        chess_game_resign (f->game, chess_game_get_side_to_move (f->game));
      else if (cases[i].end != CHESS_GAME_REASON_NONE)
        g_assert_true (chess_game_claim_draw (f->game, NULL));
      g_assert_cmpint (chess_game_get_reason (f->game), ==, cases[i].reason);

      copy = round_trip (f->game);
      a = chess_game_get_fen (f->game);
      b = chess_game_get_fen (copy);
      g_assert_cmpstr (a, ==, b);
      g_assert_cmpstr (chess_board_to_fen (chess_game_get_start_board (f->game), s1), ==,
                       chess_board_to_fen (chess_game_get_start_board (copy), s2));
      g_assert_cmpuint (chess_game_get_move_count (copy), ==,
                        chess_game_get_move_count (f->game));
      g_assert_cmpint (chess_game_get_result (copy), ==, chess_game_get_result (f->game));
      g_assert_cmpint (chess_game_get_reason (copy), ==, cases[i].reason);
      g_clear_pointer (&a, g_free);
      g_clear_pointer (&b, g_free);
      a = chess_game_describe_result (f->game);
      b = chess_game_describe_result (copy);
      g_assert_cmpstr (a, ==, b);
      g_assert_finalize_object (g_steal_pointer (&copy));
    }
}

static void
test_set_fen_mated (Fixture *f, gconstpointer data)
{
  /* A set-up position that is already mate is over at once. */
  set_fen (f, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
  g_assert_cmpstr (f->log->str, ==, "reset");
  g_assert_true (chess_game_is_over (f->game));
  g_assert_cmpint (chess_game_get_result (f->game), ==, CHESS_GAME_RESULT_WHITE_WINS);
  chess_game_reset (f->game);
  g_assert_false (chess_game_is_over (f->game));
  assert_fen (f->game, CHESS_START_FEN);
}

/* ---- Autosave ---- */

static void
test_autosave (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessGame) loaded = NULL;
  g_autofree char *path = chess_game_autosave_path ();
  g_autofree char *dir = g_path_get_dirname (path);

  /* The test runs with its own XDG_DATA_HOME. */
  g_assert_true (g_str_has_prefix (path, g_get_user_data_dir ()));
  g_assert_true (g_str_has_suffix (path, "/thinkchess/last-game.pgn"));
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_assert_true (chess_game_remove_autosave (&error));
  g_assert_false (chess_game_autosave_is_unfinished ());
  g_assert_null (chess_game_load_autosave (&error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  chess_game_set_player_name (f->game, CHESS_COLOR_WHITE, "Zoë");
  chess_game_set_time_control (f->game, CHESS_CLOCK_SUDDEN_DEATH, 180000, 0);
  chess_game_start_clock (f->game);
  f->now_us += 12 * G_USEC_PER_SEC;
  model_test_play (f->game, "e4 c5 Nf3");
  g_assert_true (chess_game_autosave (f->game, &error));
  g_assert_no_error (error);
  g_assert_true (chess_game_autosave_is_unfinished ());

  loaded = chess_game_load_autosave (&error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  {
    g_autofree char *a = chess_game_get_fen (f->game);
    g_autofree char *b = chess_game_get_fen (loaded);

    g_assert_cmpstr (a, ==, b);
  }
  g_assert_cmpuint (chess_game_get_move_count (loaded), ==, 3);
  g_assert_cmpstr (chess_game_get_player_name (loaded, CHESS_COLOR_WHITE), ==, "Zoë");
  g_assert_false (chess_game_is_over (loaded));
  g_assert_cmpint (chess_clock_get_mode (chess_game_get_clock (loaded)), ==,
                   CHESS_CLOCK_SUDDEN_DEATH);
  g_assert_cmpint (chess_game_get_clock_ms_at (loaded, 0), ==, 168000);
  g_assert_cmpint (chess_clock_get_time_ms (chess_game_get_clock (loaded), CHESS_COLOR_WHITE),
                   ==, 168000);
  g_assert_false (chess_clock_is_running (chess_game_get_clock (loaded)));
  g_assert_finalize_object (g_steal_pointer (&loaded));

  /* A finished game is not offered for continuing. */
  chess_game_resign (f->game, CHESS_COLOR_BLACK);
  g_assert_true (chess_game_autosave (f->game, &error));
  g_assert_false (chess_game_autosave_is_unfinished ());
  loaded = chess_game_load_autosave (&error);
  g_assert_no_error (error);
  g_assert_cmpint (chess_game_get_reason (loaded), ==, CHESS_GAME_REASON_RESIGNATION);
  g_assert_cmpint (chess_game_get_result (loaded), ==, CHESS_GAME_RESULT_WHITE_WINS);
  g_assert_finalize_object (g_steal_pointer (&loaded));

  /* A flag fall survives the round trip too. */
  g_assert_true (chess_game_take_back (f->game));
  f->now_us += 1000 * G_USEC_PER_SEC;
  chess_clock_update (chess_game_get_clock (f->game));
  g_assert_cmpint (chess_game_get_reason (f->game), ==, CHESS_GAME_REASON_TIME_FORFEIT);
  g_assert_true (chess_game_autosave (f->game, &error));
  loaded = chess_game_load_autosave (&error);
  g_assert_no_error (error);
  g_assert_cmpint (chess_game_get_reason (loaded), ==, CHESS_GAME_REASON_TIME_FORFEIT);
  assert_description (loaded, "Black wins on time");
  g_assert_finalize_object (g_steal_pointer (&loaded));

  g_assert_true (chess_game_remove_autosave (&error));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* A game opened from a file never takes the unfinished game's file, nor
 * is it offered as the last game; the player's pause is kept. */
static void
test_autosave_study_and_pause (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessGame) study = chess_game_new ();
  g_autoptr (ChessGame) loaded = NULL;
  g_autoptr (ChessPgnGame) pgn = NULL;
  g_autofree char *path = chess_game_autosave_path ();
  g_autofree char *text = NULL;

  g_assert_true (chess_game_remove_autosave (&error));
  chess_game_set_time_control (f->game, CHESS_CLOCK_FISCHER, 180000, 2000);
  model_test_play (f->game, "e4 c5");
  chess_game_set_paused (f->game, TRUE);
  g_assert_true (chess_game_autosave (f->game, &error));
  g_assert_cmpstr (chess_game_get_autosave_file (f->game), ==, path);

  /* An opened, unfinished game with a move played in it. */
  model_test_play (study, "d4 d5");
  pgn = chess_game_to_pgn (study);
  g_assert_true (chess_game_load_pgn (study, pgn, &error));
  g_assert_true (chess_game_is_study (study));
  chess_game_set_view_ply (study, 0);
  model_test_play (study, "c4");
  g_assert_true (chess_game_autosave (study, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (chess_game_get_autosave_file (study), !=, path);

  /* The last game is still the one being played, paused. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "c5"));
  g_assert_null (strstr (text, "d4"));
  g_assert_true (chess_game_autosave_is_unfinished ());
  loaded = chess_game_load_autosave (&error);
  g_assert_no_error (error);
  g_assert_cmpuint (chess_game_get_move_count (loaded), ==, 2);
  g_assert_cmpint (chess_game_get_move (loaded, 0), ==, chess_game_get_move (f->game, 0));
  g_assert_true (chess_game_get_paused (loaded));
  g_assert_false (chess_game_is_study (loaded));
  /* The tags of the autosave stay out of the game's own. */
  g_assert_null (chess_game_get_tag (loaded, "AutosavedPaused"));

  /* A move unpauses it. */
  model_test_play (loaded, "Nf3");
  g_assert_false (chess_game_get_paused (loaded));
  g_assert_finalize_object (g_steal_pointer (&loaded));
  g_assert_true (chess_game_remove_autosave (&error));
}

static void
test_finalize (void)
{
  ChessGame *game = chess_game_new ();
  ChessClock *clock = g_object_ref (chess_game_get_clock (game));

  chess_game_start_clock (game);
  g_assert_true (chess_clock_is_running (clock));
  g_assert_finalize_object (game);
  /* The game let go of its clock and stopped it. */
  g_assert_false (chess_clock_is_running (clock));
  g_assert_finalize_object (clock);
}

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char **argv)
{
  g_autofree char *data_home = NULL;
  g_autofree char *app_dir = NULL;
  int status;

  /* A private XDG_DATA_HOME for the autosave, set before GLib reads it.
   * (G_TEST_OPTION_ISOLATE_DIRS would do this, but leaks in GLib 2.74.) */
  data_home = g_dir_make_tmp ("thinkchess-test-game-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  ADD ("/game/signals/quiet-move", test_quiet_move);
  ADD ("/game/signals/check", test_check);
  ADD ("/game/signals/scholars-mate", test_scholars_mate);
  ADD ("/game/signals/stalemate", test_stalemate);
  ADD ("/game/signals/insufficient-material", test_insufficient_material);
  ADD ("/game/captured-at-ply", test_captured_at_ply);
  ADD ("/game/signals/threefold-claimed", test_threefold_claimed);
  ADD ("/game/signals/fivefold", test_fivefold);
  ADD ("/game/signals/fifty-moves", test_fifty_moves);
  ADD ("/game/signals/seventy-five-moves", test_seventy_five_moves);
  ADD ("/game/signals/resignation", test_resignation);
  ADD ("/game/signals/agreed-draw", test_agreed_draw);
  ADD ("/game/signals/time-forfeit", test_time_forfeit);
  ADD ("/game/signals/time-forfeit-on-move", test_time_forfeit_on_move);
  ADD ("/game/signals/flag-fall-lone-king", test_flag_fall_lone_king);
  ADD ("/game/take-back/castling", test_take_back_castling);
  ADD ("/game/take-back/en-passant", test_take_back_en_passant);
  ADD ("/game/take-back/promotion-capture", test_take_back_promotion);
  ADD ("/game/take-back/mate", test_take_back_mate);
  ADD ("/game/errors/moves", test_errors);
  ADD ("/game/errors/promotion", test_promotion_errors);
  ADD ("/game/browse", test_browse);
  ADD ("/game/players", test_players);
  ADD ("/game/clock/take-back", test_clock_take_back);
  ADD ("/game/clock/untimed", test_untimed_counts_up);
  ADD ("/game/pgn/to-pgn", test_to_pgn);
  ADD ("/game/pgn/load", test_load_pgn);
  ADD ("/game/pgn/round-trip", test_round_trip);
  ADD ("/game/set-fen-mated", test_set_fen_mated);
  ADD ("/game/autosave", test_autosave);
  ADD ("/game/autosave-study-and-pause", test_autosave_study_and_pause);
  g_test_add_func ("/game/finalize", test_finalize);

  status = g_test_run ();

  app_dir = g_build_filename (data_home, "thinkchess", NULL);
  g_rmdir (app_dir);
  g_rmdir (data_home);
  return status;
}
