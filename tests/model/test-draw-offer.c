/* test-draw-offer.c — the computer's answer to a draw offer
 * (chess-draw-offer.h): the rule on scores and mates from either side,
 * and the judgement by a search of real positions — a knight down it
 * accepts, a knight up it refuses, the opening's level position it plays
 * on, a level rook ending it takes, a king against king and bishop it
 * takes without a search — the same every time, asynchronously as the window asks and
 * synchronously as the terminal does. The judgement takes no level: the
 * window and the terminal test that a Beginner and Maximum answer alike. */
#include "config.h"

#include "chess-draw-offer.h"

/* Black has no knight on g8; White to move (the person offered). */
#define BLACK_KNIGHT_DOWN "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/* After 1. e4 e5: level. */
#define OPEN_GAME "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
/* A level rook ending, White to move. */
#define ROOK_ENDING "6k1/5ppp/8/8/8/8/5PPP/5RK1 w - - 0 1"
#define ROOK_ENDING_LEVEL "5rk1/5ppp/8/8/8/8/5PPP/5RK1 w - - 0 1"
/* A king against king and bishop: nobody can mate. */
#define KING_AND_BISHOP "8/8/4k3/8/8/3BK3/8/8 w - - 0 1"

static gboolean
judge_sync (const char *fen,
            ChessColor  computer)
{
  g_autoptr(GError) error = NULL;
  ChessBoard board;
  ChessLine line;
  gboolean accepts = -1;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  chess_line_init (&line, &board);
  g_assert_true (chess_draw_offer_judge_sync (&line, computer, NULL, &accepts, &error));
  g_assert_no_error (error);
  chess_line_clear (&line);
  g_assert_true (accepts == TRUE || accepts == FALSE);
  return accepts;
}

static void
store_result_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
judge_async (const char *fen,
             ChessColor  computer)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  ChessBoard board;
  ChessLine line;
  gboolean accepts = -1;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  chess_line_init (&line, &board);
  chess_draw_offer_judge_async (&line, computer, NULL, store_result_cb, &result);
  /* The line was copied: the caller may change it at once. */
  chess_line_clear (&line);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (chess_draw_offer_judge_finish (result, &accepts, &error));
  g_assert_no_error (error);
  return accepts;
}

static gboolean
reply_accepts (const char *fen,
               ChessColor  computer,
               gboolean    is_mate,
               int         score)
{
  ChessPlayerInfo info = { 0 };
  ChessPlayerReply reply = { 0 };
  ChessBoard board;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  reply.kind = CHESS_PLAYER_REPLY_MOVE;
  info.has = CHESS_PLAYER_INFO_HAS_SCORE;
  info.score.is_mate = is_mate;
  if (is_mate)
    info.score.mate_moves = score;
  else
    info.score.centipawns = score;
  reply.last_info = &info;
  return chess_draw_offer_accepts (&board, computer, &reply);
}

static void
test_rule (void)
{
  ChessPlayerReply reply = { 0 };
  ChessBoard board;

  /* White to move: the scores are White's. */
  g_assert_true (reply_accepts (OPEN_GAME, CHESS_COLOR_WHITE, FALSE, CHESS_DRAW_OFFER_ACCEPT_CP));
  g_assert_false (reply_accepts (OPEN_GAME, CHESS_COLOR_WHITE, FALSE, CHESS_DRAW_OFFER_ACCEPT_CP + 1));
  g_assert_true (reply_accepts (OPEN_GAME, CHESS_COLOR_WHITE, FALSE, -300));
  /* Black, the computer, sees them the other way round. */
  g_assert_true (reply_accepts (OPEN_GAME, CHESS_COLOR_BLACK, FALSE, 300));
  g_assert_true (reply_accepts (OPEN_GAME, CHESS_COLOR_BLACK, FALSE, -CHESS_DRAW_OFFER_ACCEPT_CP));
  g_assert_false (reply_accepts (OPEN_GAME, CHESS_COLOR_BLACK, FALSE, -CHESS_DRAW_OFFER_ACCEPT_CP - 1));
  /* Level in a middlegame: it plays on; level in a quiet ending (no
   * queens, at most two pieces a side): it takes the draw. */
  g_assert_false (reply_accepts (OPEN_GAME, CHESS_COLOR_WHITE, FALSE, 0));
  g_assert_false (reply_accepts (OPEN_GAME, CHESS_COLOR_BLACK, FALSE, 0));
  g_assert_true (reply_accepts (ROOK_ENDING_LEVEL, CHESS_COLOR_WHITE, FALSE, 0));
  g_assert_true (reply_accepts (ROOK_ENDING_LEVEL, CHESS_COLOR_BLACK, FALSE,
                                CHESS_DRAW_OFFER_LEVEL_ENDING_CP));
  g_assert_false (reply_accepts (ROOK_ENDING_LEVEL, CHESS_COLOR_WHITE, FALSE,
                                 CHESS_DRAW_OFFER_LEVEL_ENDING_CP + 1));
  /* Mating it refuses, being mated it accepts. */
  g_assert_false (reply_accepts (OPEN_GAME, CHESS_COLOR_WHITE, TRUE, 3));
  g_assert_true (reply_accepts (OPEN_GAME, CHESS_COLOR_WHITE, TRUE, -3));
  g_assert_true (reply_accepts (OPEN_GAME, CHESS_COLOR_BLACK, TRUE, 3));
  g_assert_false (reply_accepts (OPEN_GAME, CHESS_COLOR_BLACK, TRUE, -3));
  /* No score: it plays on; a position it cannot win: it takes the draw. */
  g_assert_true (chess_board_from_fen (&board, OPEN_GAME, NULL));
  g_assert_false (chess_draw_offer_accepts (&board, CHESS_COLOR_WHITE, &reply));
  g_assert_true (chess_board_from_fen (&board, KING_AND_BISHOP, NULL));
  g_assert_true (chess_draw_offer_accepts (&board, CHESS_COLOR_WHITE, &reply));
  g_assert_true (reply_accepts (KING_AND_BISHOP, CHESS_COLOR_WHITE, FALSE, 900));
}

static void
test_knight_down_accepts (void)
{
  g_assert_true (judge_sync (BLACK_KNIGHT_DOWN, CHESS_COLOR_BLACK));
  g_assert_true (judge_async (BLACK_KNIGHT_DOWN, CHESS_COLOR_BLACK));
}

static void
test_knight_up_refuses (void)
{
  /* The same position, the computer White, asked while it is to move. */
  g_assert_false (judge_sync (BLACK_KNIGHT_DOWN, CHESS_COLOR_WHITE));
  g_assert_false (judge_async (BLACK_KNIGHT_DOWN, CHESS_COLOR_WHITE));
  /* And with the person to move: White's knight is missing. */
  g_assert_false (judge_sync ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
                              CHESS_COLOR_BLACK));
}

/* A level opening: it plays on, either side, every time; a level rook
 * ending it takes, a rook up it refuses. */
static void
test_level_positions (void)
{
  for (int i = 0; i < 2; i++)
    {
      g_assert_false (judge_sync (OPEN_GAME, CHESS_COLOR_BLACK));
      g_assert_false (judge_async (OPEN_GAME, CHESS_COLOR_WHITE));
    }
  g_assert_true (judge_sync (ROOK_ENDING_LEVEL, CHESS_COLOR_BLACK));
  g_assert_true (judge_async (ROOK_ENDING_LEVEL, CHESS_COLOR_WHITE));
  g_assert_false (judge_sync (ROOK_ENDING, CHESS_COLOR_WHITE));
  g_assert_true (judge_sync (ROOK_ENDING, CHESS_COLOR_BLACK));
}

static void
test_dead_draw_accepts (void)
{
  ChessBoard board;

  g_assert_true (chess_board_from_fen (&board, KING_AND_BISHOP, NULL));
  g_assert_false (chess_draw_offer_can_win (&board, CHESS_COLOR_WHITE));
  g_assert_false (chess_draw_offer_can_win (&board, CHESS_COLOR_BLACK));
  g_assert_true (judge_sync (KING_AND_BISHOP, CHESS_COLOR_WHITE));
  g_assert_true (judge_async (KING_AND_BISHOP, CHESS_COLOR_BLACK));
}

static void
test_cancelled (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  ChessBoard board;
  ChessLine line;
  gboolean accepts = -1;

  g_assert_true (chess_board_from_fen (&board, BLACK_KNIGHT_DOWN, NULL));
  chess_line_init (&line, &board);
  g_cancellable_cancel (cancellable);
  g_assert_false (chess_draw_offer_judge_sync (&line, CHESS_COLOR_BLACK, cancellable, &accepts, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (accepts, ==, -1);
  chess_line_clear (&line);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();
  g_test_add_func ("/draw-offer/rule", test_rule);
  g_test_add_func ("/draw-offer/knight-down-accepts", test_knight_down_accepts);
  g_test_add_func ("/draw-offer/knight-up-refuses", test_knight_up_refuses);
  g_test_add_func ("/draw-offer/level-positions", test_level_positions);
  g_test_add_func ("/draw-offer/dead-draw-accepts", test_dead_draw_accepts);
  g_test_add_func ("/draw-offer/cancelled", test_cancelled);
  return g_test_run ();
}
