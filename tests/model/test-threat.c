/* test-threat.c — the threat (chess-threat.h): its words for mates and
 * scores, from either side, and its search with the built-in engine: the
 * mate Scholar's attack threatens, the same answer whatever was searched
 * before, and none in check. */
#include "config.h"

#include <string.h>

#include "chess-notation.h"
#include "chess-threat.h"

#define MINUS "\xe2\x88\x92"
#define ELLIPSIS "\xe2\x80\xa6"

/* 1. e4 e5 2. Bc4 Nc6 3. Qh5, Black to move: White threatens Qxf7#. */
#define SCHOLAR_FEN "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3"

static void
init_from_fen (ChessThreat *threat,
               const char  *fen)
{
  ChessBoard board;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  g_assert_true (chess_threat_init (threat, &board));
}

static void
assert_described (const ChessThreat *threat,
                  const char        *move_text,
                  const char        *expected)
{
  g_autofree char *text = chess_threat_describe (threat, move_text);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_describe (void)
{
  ChessThreat threat;

  init_from_fen (&threat, SCHOLAR_FEN);
  g_assert_cmpint (threat.position.side, ==, CHESS_COLOR_WHITE);
  g_assert_cmpuint (threat.move, ==, CHESS_MOVE_NONE);
  threat.has_score = TRUE;
  threat.score.is_mate = TRUE;
  threat.score.mate_moves = 1;
  assert_described (&threat, "Qxf7#", "4. Qxf7#, mate in 1");
  threat.score.mate_moves = 2;
  assert_described (&threat, "Qxf7+", "4. Qxf7+, mate in 2");
  /* The threatening side would be mated: the score says so. */
  threat.score.mate_moves = -3;
  assert_described (&threat, "Qxf7+", "4. Qxf7+ (" MINUS "M3)");

  /* Black threatens, White to move at move 12: "12… ". */
  init_from_fen (&threat, "r1b2rk1/ppp2ppp/2n5/3qp3/8/2PP1N2/PP3PPP/R1BQ1RK1 w - - 0 12");
  threat.has_score = TRUE;
  threat.score.centipawns = 120;
  assert_described (&threat, "e4", "12" ELLIPSIS " e4 (+1.20)");
  threat.score.centipawns = -35;
  assert_described (&threat, "e4", "12" ELLIPSIS " e4 (" MINUS "0.35)");
  threat.score.centipawns = 0;
  assert_described (&threat, "e4", "12" ELLIPSIS " e4 (0.00)");
  /* An engine without a score: the move alone. */
  threat.has_score = FALSE;
  assert_described (&threat, "e4", "12" ELLIPSIS " e4");
}

/* The threat's line from the search, in SAN. */
static void
set_line (ChessThreat *threat,
          const char  *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  ChessBoard board = threat->position;

  threat->line_length = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      ChessUndo undo;

      g_assert_true (chess_move_parse (&board, words[i], &threat->line[threat->line_length], NULL));
      chess_board_make (&board, threat->line[threat->line_length++], &undo);
    }
}

/* What the threat wins, in the review's words, in place of its score: a
 * piece taken, a fork; a capture that is only a trade, or a quiet move,
 * keeps the score; a mate keeps "mate in N". */
static void
test_describe_what_it_wins (void)
{
  ChessThreat threat;

  /* 1. e4 e5 2. Qh5 Nc6 3. Bc4 g6, White to move: Black threatens the queen. */
  init_from_fen (&threat, "r1bqkbnr/pppp1p1p/2n3p1/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4");
  g_assert_true (chess_move_parse (&threat.position, "gxh5", &threat.move, NULL));
  threat.has_score = TRUE;
  threat.score.centipawns = 650;
  assert_described (&threat, "gxh5", "4" ELLIPSIS " gxh5, winning the queen");

  /* A knight fork of king and rook: 1. Nc7+ (Black to move, passed). */
  init_from_fen (&threat, "r3k3/8/8/1N6/8/8/8/4K3 b - - 0 1");
  g_assert_true (chess_move_parse (&threat.position, "Nc7+", &threat.move, NULL));
  set_line (&threat, "Nc7+ Kd7 Nxa8");
  threat.has_score = TRUE;
  threat.score.centipawns = 500;
  assert_described (&threat, "Nc7+", "2. Nc7+, forking the king on e8 and the rook on a8");

  /* A defended pawn taken by a knight: a trade, not a win — the score. */
  init_from_fen (&threat, "4k3/8/3p4/4p3/8/5N2/8/4K3 b - - 0 1");
  g_assert_true (chess_move_parse (&threat.position, "Nxe5", &threat.move, NULL));
  threat.has_score = TRUE;
  threat.score.centipawns = -20;
  assert_described (&threat, "Nxe5", "2. Nxe5 (" MINUS "0.20)");

  /* A mate stays a mate, whatever it takes. */
  init_from_fen (&threat, SCHOLAR_FEN);
  g_assert_true (chess_move_parse (&threat.position, "Qxf7#", &threat.move, NULL));
  threat.has_score = TRUE;
  threat.score.is_mate = TRUE;
  threat.score.mate_moves = 1;
  assert_described (&threat, "Qxf7#", "4. Qxf7#, mate in 1");
}

static void
test_set_reply (void)
{
  ChessThreat threat;
  ChessPlayerInfo info = { 0 };
  ChessPlayerReply reply = { 0 };

  init_from_fen (&threat, SCHOLAR_FEN);
  reply.kind = CHESS_PLAYER_REPLY_NO_MOVE;
  g_assert_false (chess_threat_set_reply (&threat, &reply));
  reply.kind = CHESS_PLAYER_REPLY_MOVE;
  reply.move = chess_board_find_move (&threat.position, chess_square_parse ("h5"),
                                      chess_square_parse ("f7"), CHESS_NO_PIECE_TYPE);
  g_assert_cmpuint (reply.move, !=, CHESS_MOVE_NONE);
  info.has = CHESS_PLAYER_INFO_HAS_SCORE;
  info.score.is_mate = TRUE;
  info.score.mate_moves = 1;
  reply.last_info = &info;
  g_assert_true (chess_threat_set_reply (&threat, &reply));
  g_assert_cmpuint (threat.move, ==, reply.move);
  g_assert_true (threat.score.is_mate);
  g_assert_cmpint (threat.score.mate_moves, ==, 1);
}

/* The threat's search, as the app and the terminal run it. */
static ChessThreat
search_threat (ChessPlayer *player,
               const char        *fen)
{
  g_autoptr(ChessPlayerReply) reply = NULL;
  g_autoptr(GError) error = NULL;
  ChessPlayerLimits limits;
  ChessThreat threat;
  ChessLine line;

  init_from_fen (&threat, fen);
  g_assert_true (chess_player_new_game (player, &error));
  chess_threat_limits_init (&limits);
  g_assert_cmpuint (limits.nodes, ==, CHESS_THREAT_NODES);
  chess_line_init (&line, &threat.position);
  reply = chess_player_think_sync (player, &line, &limits, 1, NULL, &error);
  chess_line_clear (&line);
  g_assert_no_error (error);
  g_assert_true (chess_threat_set_reply (&threat, reply));
  return threat;
}

static void
test_search (void)
{
  g_autoptr(ChessPlayer) player = chess_threat_player_new ();
  ChessThreat first, again;
  char san[CHESS_MOVE_TEXT_MAX];
  g_autofree char *text = NULL;

  g_assert_true (chess_player_start_sync (player, NULL, NULL));
  first = search_threat (player, SCHOLAR_FEN);
  chess_move_format (&first.position, first.move, CHESS_NOTATION_SAN, san);
  text = chess_threat_describe (&first, san);
  g_assert_cmpstr (text, ==, "4. Qxf7#, mate in 1");

  /* A search of another position between changes nothing. */
  search_threat (player, "r1bqkbnr/pppp1p1p/2n3p1/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4");
  again = search_threat (player, SCHOLAR_FEN);
  g_assert_cmpuint (again.move, ==, first.move);
  g_assert_cmpint (again.score.mate_moves, ==, first.score.mate_moves);
  g_assert_cmpint (again.score.centipawns, ==, first.score.centipawns);
  chess_player_close_sync (player);
}

/* In check: no position with the move passed, no threat. */
static void
test_none_in_check (void)
{
  ChessThreat threat;
  ChessBoard board;

  g_assert_true (chess_board_from_fen (&board, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", NULL));
  g_assert_false (chess_threat_init (&threat, &board));
  g_assert_cmpuint (threat.move, ==, CHESS_MOVE_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();
  g_test_add_func ("/threat/describe", test_describe);
  g_test_add_func ("/threat/describe-what-it-wins", test_describe_what_it_wins);
  g_test_add_func ("/threat/set-reply", test_set_reply);
  g_test_add_func ("/threat/search", test_search);
  g_test_add_func ("/threat/none-in-check", test_none_in_check);
  return g_test_run ();
}
