/* test-engine-client.c — the engine output parser on known lines, and
 * ChessExternalClient against fake-engine: the UCI and xboard (protocol 1 and
 * 2) dialogues, and every way an engine can misbehave. */
#include "config.h"

#include <string.h>

#include "chess-external-client.h"
#include "chess-notation.h"
#include "model-test-util.h"

#ifndef FAKE_ENGINE_PATH
#error "FAKE_ENGINE_PATH must be defined by the build"
#endif

/* ---- parser ------------------------------------------------------------- */

static void
parse (ChessExternalProtocol protocol, const char *text, ChessExternalLine *line)
{
  chess_external_parse_line (protocol, text, strlen (text), line);
}

static void
test_parse_uci (void)
{
  ChessExternalLine line;

  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "id name  Stockfish 15.1 ", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_ID_NAME);
  g_assert_cmpstr (line.text, ==, "Stockfish 15.1");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "option name Clear Hash type button", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_OPTION);
  g_assert_cmpstr (line.option->name, ==, "Clear Hash");
  g_assert_cmpint (line.option->type, ==, CHESS_EXTERNAL_OPTION_BUTTON);
  g_assert_null (line.option->default_value);
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "option name Hash type spin default 16 min 1 max 33554432", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_OPTION);
  g_assert_cmpstr (line.option->default_value, ==, "16");
  g_assert_cmpint (line.option->max, ==, 33554432);
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "option name Style type combo default Normal var Solid var Normal var Risky", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_OPTION);
  g_assert_cmpuint (g_strv_length (line.option->choices), ==, 3);
  g_assert_cmpstr (line.option->choices[2], ==, "Risky");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "option name Debug Log File type string default <empty>", &line);
  g_assert_cmpstr (line.option->name, ==, "Debug Log File");
  g_assert_cmpstr (line.option->default_value, ==, "");
  chess_external_line_clear (&line);

  /* A spin without bounds, an unknown type: not options. */
  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "option name broken type spin default 3", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_UNKNOWN);
  chess_external_line_clear (&line);
  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "option name x type colour default red", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_UNKNOWN);
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_UCI,
         "info depth 18 seldepth 25 multipv 1 score cp -31 upperbound nodes 1203311 nps 912000 "
         "hashfull 273 tbhits 0 time 1319 pv e7e5 g1f3 b8c6", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_INFO);
  g_assert_cmpint (line.info->depth, ==, 18);
  g_assert_cmpint (line.info->seldepth, ==, 25);
  g_assert_cmpint (line.info->score.centipawns, ==, -31);
  g_assert_false (line.info->score.is_mate);
  g_assert_cmpint (line.info->bound, ==, CHESS_SCORE_BOUND_UPPER);
  g_assert_cmpuint (line.info->nodes, ==, 1203311);
  g_assert_cmpint (line.info->time_ms, ==, 1319);
  g_assert_cmpint (line.info->hashfull, ==, 273);
  g_assert_cmpuint (g_strv_length (line.pv), ==, 3);
  g_assert_cmpstr (line.pv[2], ==, "b8c6");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "info depth 5 score mate -3 pv h7h8", &line);
  g_assert_true (line.info->score.is_mate);
  g_assert_cmpint (line.info->score.mate_moves, ==, -3);
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "info string  NNUE evaluation enabled", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_INFO);
  g_assert_cmpstr (line.info->string, ==, "NNUE evaluation enabled");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "bestmove e2e4 ponder e7e5", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_BESTMOVE);
  g_assert_cmpstr (line.move, ==, "e2e4");
  g_assert_cmpstr (line.ponder, ==, "e7e5");
  chess_external_line_clear (&line);

  /* Malformed numbers and missing values make the whole line unknown. */
  for (guint i = 0; i < 5; i++)
    {
      static const char *const bad[] = {
        "info depth banana", "info score", "info nodes -5", "bestmove", "bestmove e2e4 please e7e5",
      };

      parse (CHESS_EXTERNAL_PROTOCOL_UCI, bad[i], &line);
      g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_UNKNOWN);
      chess_external_line_clear (&line);
    }
  parse (CHESS_EXTERNAL_PROTOCOL_UCI, "uciok\r", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_UCIOK);
  chess_external_line_clear (&line);
}

static void
test_parse_xboard (void)
{
  ChessExternalLine line;
  ChessExternalOption *option;

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "feature myname=\"Fairy-Max 5.0b\" setboard=0 done=0", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_FEATURES);
  g_assert_cmpstr (chess_external_line_get_feature (&line, "myname"), ==, "Fairy-Max 5.0b");
  g_assert_cmpstr (chess_external_line_get_feature (&line, "done"), ==, "0");
  g_assert_null (chess_external_line_get_feature (&line, "san"));
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "feature myname=\"unterminated", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_UNKNOWN);
  chess_external_line_clear (&line);

  option = chess_external_parse_xboard_option ("Resign Threshold -spin 800 100 1200");
  g_assert_nonnull (option);
  g_assert_cmpstr (option->name, ==, "Resign Threshold");
  g_assert_cmpint (option->type, ==, CHESS_EXTERNAL_OPTION_SPIN);
  g_assert_cmpstr (option->default_value, ==, "800");
  g_assert_cmpint (option->min, ==, 100);
  chess_external_option_free (option);
  option = chess_external_parse_xboard_option ("Style -combo Solid /// *Normal /// Risky");
  g_assert_cmpstr (option->default_value, ==, "Normal");
  g_assert_cmpuint (g_strv_length (option->choices), ==, 3);
  chess_external_option_free (option);
  option = chess_external_parse_xboard_option ("Clear Hash -button");
  g_assert_cmpint (option->type, ==, CHESS_EXTERNAL_OPTION_BUTTON);
  chess_external_option_free (option);
  g_assert_null (chess_external_parse_xboard_option ("Hash -spin 16 1"));
  g_assert_null (chess_external_parse_xboard_option ("no type here"));

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "move O-O", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_MOVE);
  g_assert_cmpstr (line.move, ==, "O-O");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "1. ... e7e5", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_MOVE);
  g_assert_cmpstr (line.move, ==, "e7e5");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "My move is: Nf3", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_MOVE);
  g_assert_cmpstr (line.move, ==, "Nf3");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, " 9 -35 140 122041 Nf3 Nc6 2. Bb5", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_INFO);
  g_assert_cmpint (line.info->depth, ==, 9);
  g_assert_cmpint (line.info->score.centipawns, ==, -35);
  g_assert_cmpint (line.info->time_ms, ==, 1400);
  g_assert_cmpuint (g_strv_length (line.pv), ==, 3);
  g_assert_cmpstr (line.pv[2], ==, "Bb5");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "12 100003 5 900 Qh5", &line);
  g_assert_true (line.info->score.is_mate);
  g_assert_cmpint (line.info->score.mate_moves, ==, 3);
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "0-1 {Black mates}", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_RESULT);
  g_assert_cmpstr (line.text, ==, "0-1");
  g_assert_cmpstr (line.move, ==, "Black mates");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "Illegal move (not your turn): e2e4", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_ILLEGAL_MOVE);
  g_assert_cmpstr (line.move, ==, "e2e4");
  chess_external_line_clear (&line);

  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "pong 7", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_PONG);
  g_assert_cmpuint (line.number, ==, 7);
  chess_external_line_clear (&line);

  /* Statistics lines and chatter are not moves or thinking. */
  for (guint i = 0; i < 6; i++)
    {
      static const char *const chatter[] = {
        "Move ordering : 90%", "move", "move e2e4 now", "12 cheese 3 4 e2e4",
        "tellics say hello", "My move is e4",
      };

      parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, chatter[i], &line);
      g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_UNKNOWN);
      chess_external_line_clear (&line);
    }

  /* Bad UTF-8 is survived; an over-long line is ignored. */
  parse (CHESS_EXTERNAL_PROTOCOL_XBOARD, "move \xff\xfe", &line);
  g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_UNKNOWN);
  chess_external_line_clear (&line);
  {
    g_autofree char *huge = g_strnfill (CHESS_EXTERNAL_LINE_MAX + 1, 'x');

    chess_external_parse_line (CHESS_EXTERNAL_PROTOCOL_UCI, huge, strlen (huge), &line);
    g_assert_cmpint (line.kind, ==, CHESS_EXTERNAL_LINE_UNKNOWN);
    chess_external_line_clear (&line);
  }
}

/* ---- client ------------------------------------------------------------- */

static ChessExternalClient *
fake (const char *protocol_arg, const char *misbehave, const char *on_move)
{
  const char *argv[5] = { FAKE_ENGINE_PATH, NULL, NULL, NULL, NULL };
  int n = 1;
  ChessExternalClient *client;

  if (protocol_arg)
    argv[n++] = protocol_arg;
  if (misbehave)
    argv[n++] = misbehave;
  if (on_move)
    argv[n++] = on_move;
  client = chess_external_client_new (argv, protocol_arg ? CHESS_EXTERNAL_PROTOCOL_XBOARD
                                                       : CHESS_EXTERNAL_PROTOCOL_UCI);
  chess_external_client_set_start_timeout (client, 3000);
  chess_external_client_set_feature_timeout (client, 300);
  return client;
}

static void
clock_limits (ChessPlayerLimits *limits)
{
  chess_player_limits_init (limits);
  limits->white_ms = limits->black_ms = limits->base_ms = 10000;
  limits->white_inc_ms = limits->black_inc_ms = 100;
  limits->timeout_ms = 3000;
}

static void
count_info_cb (ChessExternalClient *client, ChessPlayerInfo *info, int *count)
{
  (*count)++;
}

/* The fake engine plays the first legal move. */
static ChessMove
first_legal (const ChessLine *line)
{
  ChessMoveList list;

  chess_board_generate_legal (&line->current, &list);
  return list.moves[0];
}

static void
finish (ChessExternalClient *client)
{
  chess_external_client_quit_sync (client);
  g_assert_false (chess_external_client_is_running (client));
  g_assert_finalize_object (client);
}

static void
test_client_uci (void)
{
  ChessExternalClient *client = fake (NULL, NULL, NULL);
  g_autoptr (GError) error = NULL;
  ChessPlayerLimits limits;
  ChessLine line;
  ChessBoard start;
  int infos = 0;

  g_assert_true (chess_external_client_start_sync (client, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (chess_external_client_get_name (client), ==, "Fake Engine 1.0");
  g_assert_cmpstr (chess_external_client_get_author (client), ==, "The ThinkChess tests");
  /* The malformed option was left out. */
  g_assert_cmpuint (chess_external_client_get_options (client)->len, ==, 5);

  g_assert_true (chess_external_client_set_option (client, "Hash", "64", &error));
  g_assert_true (chess_external_client_set_option (client, "clear hash", NULL, &error));
  g_assert_true (chess_external_client_set_option (client, "Style", "Risky", &error));
  g_assert_no_error (error);
  g_assert_false (chess_external_client_set_option (client, "Hash", "5000", &error));
  g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED);
  g_clear_error (&error);
  g_assert_false (chess_external_client_set_option (client, "Style", "Wild", &error));
  g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED);
  g_clear_error (&error);
  g_assert_false (chess_external_client_set_option (client, "Contempt", "10", &error));
  g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "Contempt"));
  g_clear_error (&error);

  g_assert_true (chess_external_client_new_game (client, &error));
  g_signal_connect (client, "info", G_CALLBACK (count_info_cb), &infos);
  chess_board_from_fen (&start, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", NULL);
  chess_line_init (&line, &start);
  clock_limits (&limits);
  for (int ply = 0; ply < 6; ply++)
    {
      g_autoptr (ChessPlayerReply) reply = chess_external_client_go_sync (client, &line, &limits, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpint (reply->kind, ==, CHESS_PLAYER_REPLY_MOVE);
      g_assert_cmpuint (reply->move, ==, first_legal (&line));
      g_assert_nonnull (reply->last_info);
      g_assert_cmpint (reply->last_info->depth, ==, 2);
      g_assert_cmpint (reply->last_info->score.centipawns, ==, 23);
      g_assert_cmpint (reply->elapsed_us, >=, 0);
      chess_line_push (&line, reply->move);
    }
  /* Two scored lines and a string per move. */
  g_assert_cmpint (infos, ==, 18);
  chess_line_clear (&line);
  finish (client);
}

static void
test_client_xboard (gconstpointer data)
{
  const char *protocol_arg = data;
  ChessExternalClient *client = fake (protocol_arg, NULL, NULL);
  g_autoptr (GError) error = NULL;
  ChessPlayerLimits limits;
  ChessLine line;
  ChessBoard start;
  gboolean protocol1 = strcmp (protocol_arg, "--xboard1") == 0;

  g_assert_true (chess_external_client_start_sync (client, NULL, &error));
  g_assert_no_error (error);
  if (protocol1)
    {
      g_assert_cmpstr (chess_external_client_get_name (client), ==, "fake-engine");
      g_assert_cmpuint (chess_external_client_get_options (client)->len, ==, 0);
    }
  else
    {
      g_assert_cmpstr (chess_external_client_get_name (client), ==, "Fake Board 2");
      g_assert_cmpstr (chess_external_client_get_feature (client, "usermove"), ==, "1");
      g_assert_cmpuint (chess_external_client_get_options (client)->len, ==, 3);
      g_assert_true (chess_external_client_set_option (client, "Hash", "32", &error));
      g_assert_no_error (error);
    }
  g_assert_true (chess_external_client_new_game (client, &error));

  /* We play the first legal move for one side, the engine for the other:
   * the engine's board must follow both. */
  chess_board_set_start (&start);
  chess_line_init (&line, &start);
  clock_limits (&limits);
  for (int ply = 0; ply < 8; ply++)
    {
      if (ply % 2 == 0)
        chess_line_push (&line, first_legal (&line));
      else
        {
          g_autoptr (ChessPlayerReply) reply = chess_external_client_go_sync (client, &line, &limits, NULL, &error);

          g_assert_no_error (error);
          g_assert_cmpint (reply->kind, ==, CHESS_PLAYER_REPLY_MOVE);
          g_assert_cmpuint (reply->move, ==, first_legal (&line));
          g_assert_nonnull (reply->last_info);
          g_assert_cmpint (reply->last_info->score.centipawns, ==, 23);
          chess_line_push (&line, reply->move);
        }
    }
  /* A different game: the client starts the engine's board again (by
   * setboard, or in edit mode without it, Black to move included). */
  chess_line_clear (&line);
  chess_board_from_fen (&start, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", NULL);
  chess_line_init (&line, &start);
  {
    g_autoptr (ChessPlayerReply) reply = chess_external_client_go_sync (client, &line, &limits, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (reply->move, ==, first_legal (&line));
  }
  /* Edit mode lets kings and rooks on their home squares castle: castling
   * rights that say otherwise cannot be sent without setboard. */
  chess_line_clear (&line);
  chess_board_from_fen (&start, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", NULL);
  chess_line_init (&line, &start);
  {
    g_autoptr (ChessPlayerReply) reply = chess_external_client_go_sync (client, &line, &limits, NULL, &error);

    if (protocol1)
      {
        g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED);
        g_assert_null (reply);
        g_clear_error (&error);
      }
    else
      {
        g_assert_no_error (error);
        g_assert_cmpuint (reply->move, ==, first_legal (&line));
      }
  }
  chess_line_clear (&line);
  finish (client);
}

/* The best line is read once, into moves: up to the first that is not a
 * legal move (SAN too from xboard engines). */
static void
test_client_pv (gconstpointer data)
{
  ChessExternalClient *client = fake (data, "--misbehave=bad-pv", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (ChessPlayerReply) reply = NULL;
  ChessPlayerLimits limits;
  ChessLine line;
  ChessBoard start;

  g_assert_true (chess_external_client_start_sync (client, NULL, &error));
  g_assert_true (chess_external_client_new_game (client, &error));
  g_assert_no_error (error);
  chess_board_set_start (&start);
  chess_line_init (&line, &start);
  clock_limits (&limits);
  reply = chess_external_client_go_sync (client, &line, &limits, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reply->last_info);
  g_assert_cmpint (reply->last_info->depth, ==, 3);
  g_assert_true (reply->last_info->has & CHESS_PLAYER_INFO_HAS_PV);
  g_assert_cmpuint (reply->last_info->n_pv, ==, 2);
  g_assert_cmpuint (reply->last_info->pv[0], ==, first_legal (&line));
  chess_line_push (&line, reply->last_info->pv[0]);
  g_assert_cmpuint (reply->last_info->pv[1], ==, first_legal (&line));
  chess_line_clear (&line);
  finish (client);
}

typedef struct
{
  const char *protocol_arg;
  const char *misbehave;
  const char *on_move;
  gboolean    start_fails;
  int         code;          /* the error of the failing call, -1: a reply */
  int         reply_kind;
} Misbehaviour;

static const Misbehaviour misbehaviours[] = {
  { NULL, "--misbehave=crash-at-start", NULL, TRUE, CHESS_PLAYER_ERROR_HANDSHAKE, 0 },
  { NULL, "--misbehave=silent", NULL, TRUE, CHESS_PLAYER_ERROR_HANDSHAKE, 0 },
  { NULL, "--misbehave=crash", NULL, FALSE, CHESS_PLAYER_ERROR_CRASHED, 0 },
  { NULL, "--misbehave=crash", "--on-move=3", FALSE, CHESS_PLAYER_ERROR_CRASHED, 0 },
  { NULL, "--misbehave=exit", NULL, FALSE, CHESS_PLAYER_ERROR_CRASHED, 0 },
  { NULL, "--misbehave=hang", NULL, FALSE, CHESS_PLAYER_ERROR_TIMEOUT, 0 },
  { NULL, "--misbehave=garbage", NULL, FALSE, -1, CHESS_PLAYER_REPLY_MOVE },
  { NULL, "--misbehave=nonsense", NULL, FALSE, CHESS_PLAYER_ERROR_ILLEGAL_MOVE, 0 },
  { NULL, "--misbehave=illegal", "--on-move=2", FALSE, CHESS_PLAYER_ERROR_ILLEGAL_MOVE, 0 },
  { "--xboard", "--misbehave=slow-features", NULL, FALSE, -1, CHESS_PLAYER_REPLY_MOVE },
  { "--xboard", "--misbehave=crash", NULL, FALSE, CHESS_PLAYER_ERROR_CRASHED, 0 },
  { "--xboard", "--misbehave=hang", NULL, FALSE, CHESS_PLAYER_ERROR_TIMEOUT, 0 },
  { "--xboard", "--misbehave=garbage", NULL, FALSE, -1, CHESS_PLAYER_REPLY_MOVE },
  { "--xboard", "--misbehave=nonsense", NULL, FALSE, CHESS_PLAYER_ERROR_ILLEGAL_MOVE, 0 },
  { "--xboard", "--misbehave=illegal", NULL, FALSE, CHESS_PLAYER_ERROR_ILLEGAL_MOVE, 0 },
  { "--xboard", "--misbehave=refuse", NULL, FALSE, CHESS_PLAYER_ERROR_REFUSED, 0 },
  { "--xboard", "--misbehave=resign", NULL, FALSE, -1, CHESS_PLAYER_REPLY_RESIGN },
  { "--xboard", "--misbehave=claim", NULL, FALSE, -1, CHESS_PLAYER_REPLY_CLAIM },
  { "--xboard1", "--misbehave=illegal", NULL, FALSE, CHESS_PLAYER_ERROR_ILLEGAL_MOVE, 0 },
  { "--xboard", "--misbehave=late-result", NULL, FALSE, -1, CHESS_PLAYER_REPLY_MOVE },
  { "--xboard1", "--misbehave=late-result", NULL, FALSE, -1, CHESS_PLAYER_REPLY_MOVE },
};

static void
terminated_cb (ChessExternalClient *client, GError *error, int *count)
{
  g_assert_nonnull (error);
  (*count)++;
}

static void
test_client_misbehaviour (gconstpointer data)
{
  const Misbehaviour *m = data;
  ChessExternalClient *client = fake (m->protocol_arg, m->misbehave, m->on_move);
  g_autoptr (GError) error = NULL;
  ChessPlayerLimits limits;
  ChessLine line;
  ChessBoard start;
  int terminated = 0;

  g_signal_connect (client, "terminated", G_CALLBACK (terminated_cb), &terminated);
  /* Short waits only where the engine is meant to stay silent: elsewhere a
   * loaded machine (sanitizers, parallel tests) must not turn into a
   * timeout. */
  chess_external_client_set_start_timeout (client, m->code == CHESS_PLAYER_ERROR_HANDSHAKE ? 500 : 10000);
  if (m->start_fails)
    {
      g_assert_false (chess_external_client_start_sync (client, NULL, &error));
      g_assert_error (error, CHESS_PLAYER_ERROR, m->code);
      g_assert_false (chess_external_client_is_running (client));
      g_assert_cmpint (terminated, ==, 1);
      finish (client);
      return;
    }
  g_assert_true (chess_external_client_start_sync (client, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (chess_external_client_new_game (client, &error));

  chess_board_set_start (&start);
  chess_line_init (&line, &start);
  /* One move of ours first, so that the engine is sent a move. */
  chess_line_push (&line, first_legal (&line));
  clock_limits (&limits);
  limits.timeout_ms = m->code == CHESS_PLAYER_ERROR_TIMEOUT ? 400 : 10000;
  while (TRUE)
    {
      g_autoptr (ChessPlayerReply) reply = chess_external_client_go_sync (client, &line, &limits, NULL, &error);

      if (m->code >= 0 && error == NULL && line.n_moves < 10)
        {
          /* The misbehaviour comes at a later move: play on. */
          g_assert_cmpint (reply->kind, ==, CHESS_PLAYER_REPLY_MOVE);
          chess_line_push (&line, reply->move);
          continue;
        }
      if (m->code >= 0)
        {

          g_assert_error (error, CHESS_PLAYER_ERROR, m->code);
          g_assert_null (reply);
          if (m->code == CHESS_PLAYER_ERROR_ILLEGAL_MOVE)
            g_assert_nonnull (strstr (error->message, "/"));     /* the FEN */
          /* The engine is gone and says so. */
          g_assert_false (chess_external_client_is_running (client));
          g_assert_cmpint (terminated, ==, 1);
          g_clear_error (&error);
          g_assert_false (chess_external_client_new_game (client, &error));
          g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_cmpint (reply->kind, ==, m->reply_kind);
          if (m->reply_kind == CHESS_PLAYER_REPLY_MOVE)
            g_assert_cmpuint (reply->move, ==, first_legal (&line));
          if (m->reply_kind == CHESS_PLAYER_REPLY_MOVE && line.n_moves < 6)
            {
              /* Play on, and from move 4 in a new game: later searches must
               * not be confused by anything left from earlier ones. */
              chess_line_push (&line, reply->move);
              if (line.n_moves == 4)
                g_assert_true (chess_external_client_new_game (client, &error));
              continue;
            }
          if (m->reply_kind == CHESS_PLAYER_REPLY_CLAIM)
            g_assert_cmpstr (reply->claim, ==, "0-1 {I say so}");
          g_assert_true (chess_external_client_is_running (client));
        }
      break;
    }
  chess_line_clear (&line);
  finish (client);
}

static void
started_cb (GObject *client, GAsyncResult *result, gpointer user_data)
{
  gboolean *started = user_data;

  g_assert_true (chess_external_client_start_finish (CHESS_EXTERNAL_CLIENT (client), result, NULL));
  *started = TRUE;
}

/* A main loop too busy to read while the features arrive finds them and
 * their deadline ready together: the features sent in time count, and the
 * engine keeps its own name. */
static void
test_client_features_behind_a_busy_loop (void)
{
  g_autoptr (ChessExternalClient) client = fake ("--xboard", "--misbehave=late-features", NULL);
  gboolean started = FALSE;
  gint64 until;

  chess_external_client_start_async (client, NULL, started_cb, &started);
  /* The greeting is read, and the next read waits... */
  until = g_get_monotonic_time () + 100 * 1000;
  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_false (started);
  /* ...while the loop is busy past the 300 ms deadline; the features came
   * at 150 ms. */
  g_usleep (600 * 1000);
  g_assert_true (model_test_run_until_set (&started, 5000));
  g_assert_cmpstr (chess_external_client_get_name (client), ==, "Fake Board 2");
  g_assert_cmpstr (chess_external_client_get_feature (client, "setboard"), ==, "1");
}

static void
test_client_not_found (void)
{
  const char *argv[] = { "/nonexistent/engine", NULL };
  ChessExternalClient *client = chess_external_client_new (argv, CHESS_EXTERNAL_PROTOCOL_UCI);
  g_autoptr (GError) error = NULL;

  g_assert_false (chess_external_client_start_sync (client, NULL, &error));
  g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_START);
  g_assert_nonnull (strstr (error->message, "/nonexistent/engine"));
  finish (client);
}

typedef struct
{
  GAsyncResult *first, *second;
} TwoResults;

static void
first_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ((TwoResults *) data)->first = g_object_ref (result);
}

static void
second_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  ((TwoResults *) data)->second = g_object_ref (result);
}

static void
test_client_busy_and_cancel (void)
{
  ChessExternalClient *client = fake (NULL, "--misbehave=hang", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  ChessPlayerLimits limits;
  TwoResults results = { NULL, NULL };
  ChessLine line;
  ChessBoard start;
  ChessPlayerReply *reply;

  g_assert_true (chess_external_client_start_sync (client, NULL, &error));
  chess_board_set_start (&start);
  chess_line_init (&line, &start);
  clock_limits (&limits);
  limits.timeout_ms = 500;
  chess_external_client_go_async (client, &line, &limits, cancellable, first_cb, &results);
  chess_external_client_go_async (client, &line, &limits, NULL, second_cb, &results);
  while (results.second == NULL)
    g_main_context_iteration (NULL, TRUE);
  reply = chess_external_client_go_finish (client, results.second, &error);
  g_assert_null (reply);
  g_assert_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY);
  g_clear_error (&error);

  /* Cancelling asks the engine to stop; this one never does, so the
   * deadline ends the call, which reports the cancellation. */
  g_cancellable_cancel (cancellable);
  while (results.first == NULL)
    g_main_context_iteration (NULL, TRUE);
  reply = chess_external_client_go_finish (client, results.first, &error);
  g_assert_null (reply);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_object_unref (results.first);
  g_object_unref (results.second);
  chess_line_clear (&line);
  finish (client);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/engine-output/uci", test_parse_uci);
  g_test_add_func ("/engine-output/xboard", test_parse_xboard);
  g_test_add_func ("/engine-client/uci", test_client_uci);
  g_test_add_data_func ("/engine-client/xboard", "--xboard", test_client_xboard);
  g_test_add_data_func ("/engine-client/xboard-protocol-1", "--xboard1", test_client_xboard);
  g_test_add_data_func ("/engine-client/pv/uci", NULL, test_client_pv);
  g_test_add_data_func ("/engine-client/pv/xboard", "--xboard", test_client_pv);
  g_test_add_func ("/engine-client/not-found", test_client_not_found);
  g_test_add_func ("/engine-client/features-behind-a-busy-loop",
                   test_client_features_behind_a_busy_loop);
  g_test_add_func ("/engine-client/busy-and-cancel", test_client_busy_and_cancel);
  for (guint i = 0; i < G_N_ELEMENTS (misbehaviours); i++)
    {
      const Misbehaviour *m = &misbehaviours[i];
      g_autofree char *path = g_strdup_printf ("/engine-client/misbehaviour/%s/%s%s%s",
                                               m->protocol_arg ? m->protocol_arg + 2 : "uci",
                                               m->misbehave + strlen ("--misbehave="),
                                               m->on_move ? "-" : "",
                                               m->on_move ? m->on_move + 2 : "");

      g_test_add_data_func (path, m, test_client_misbehaviour);
    }
  return g_test_run ();
}
