/* test-line.c — move history and the rules that need it: repetition
 * (identical positions only), the fifty/seventy-five move rules, mate,
 * stalemate and dead positions, and chess_board_can_mate. */
#include "config.h"

#include <string.h>

#include "chess-line.h"
#include "chess-notation.h"

static void
line_from (ChessLine *line, const char *fen)
{
  ChessBoard board;
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_board_from_fen (&board, fen, &error));
  g_assert_no_error (error);
  chess_line_init (line, &board);
}

/* Plays the space-separated moves. */
static void
play (ChessLine *line, const char *moves)
{
  g_auto (GStrv) list = g_strsplit (moves, " ", -1);

  for (int i = 0; list[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      ChessMove move;

      if (list[i][0] == '\0')
        continue;
      if (!chess_move_parse (&line->current, list[i], &move, &error))
        g_error ("%s: %s", list[i], error->message);
      chess_line_push (line, move);
      g_assert_true (chess_board_is_ok (&line->current));
    }
}

static ChessMove
parse (const ChessLine *line, const char *text)
{
  ChessMove move = CHESS_MOVE_NONE;

  g_assert_true (chess_move_parse (&line->current, text, &move, NULL));
  return move;
}

static void
test_history (void)
{
  ChessLine line, copy;
  ChessBoard board, start;
  char fen[CHESS_FEN_MAX];

  chess_board_set_start (&start);
  chess_line_init (&line, &start);
  g_assert_cmpint (chess_line_pop (&line), ==, CHESS_MOVE_NONE);
  /* Enough moves to grow the arrays. */
  play (&line, "e4 e5 Nf3 Nc6 Bb5 a6");
  chess_board_to_fen (&line.current, fen);
  g_assert_cmpstr (fen, ==, "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
  for (int i = 0; i < 10; i++)
    play (&line, "Nc3 Nf6 Nb1 Ng8");
  g_assert_cmpuint (line.n_moves, ==, 46);
  chess_board_to_fen (&line.current, fen);
  g_assert_cmpstr (fen, ==, "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 40 24");

  chess_line_board_at (&line, 0, &board);
  g_assert_cmpstr (chess_board_to_fen (&board, fen), ==, CHESS_START_FEN);
  chess_line_board_at (&line, 1, &board);
  g_assert_cmpstr (chess_board_to_fen (&board, fen), ==,
                   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  chess_line_board_at (&line, line.n_moves, &board);
  g_assert_true (memcmp (&board, &line.current, sizeof board) == 0);
  for (size_t i = 0; i <= line.n_moves; i++)
    {
      chess_line_board_at (&line, i, &board);
      g_assert_cmpuint (board.key, ==, line.keys[i]);
    }

  chess_line_copy (&copy, &line);
  g_assert_cmpint (chess_line_pop (&line), ==, copy.moves[45]);
  g_assert_cmpuint (line.n_moves, ==, 45);
  g_assert_cmpuint (copy.n_moves, ==, 46);
  while (line.n_moves > 0)
    chess_line_pop (&line);
  g_assert_true (memcmp (&line.current, &start, sizeof start) == 0);
  g_assert_cmpstr (chess_board_to_fen (&copy.current, fen), ==,
                   "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 40 24");
  play (&copy, "Nc3");
  g_assert_cmpuint (copy.n_moves, ==, 47);
  chess_line_clear (&line);
  chess_line_clear (&copy);
  g_assert_null (line.moves);
}

static void
test_repetition (void)
{
  ChessLine line;

  line_from (&line, CHESS_START_FEN);
  g_assert_cmpint (chess_line_repetitions (&line), ==, 1);
  play (&line, "Nf3 Nf6 Ng1 Ng8");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 2);
  g_assert_cmpint (chess_line_claimable (&line), ==, CHESS_CLAIM_NONE);
  play (&line, "Nf3 Nf6 Ng1");
  /* Announcing the move that repeats a third time. */
  g_assert_cmpint (chess_line_claimable_with (&line, parse (&line, "Ng8")), ==,
                   CHESS_CLAIM_THREEFOLD_REPETITION);
  g_assert_cmpint (chess_line_claimable_with (&line, parse (&line, "Nh5")), ==, CHESS_CLAIM_NONE);
  play (&line, "Ng8");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 3);
  g_assert_cmpint (chess_line_claimable (&line), ==, CHESS_CLAIM_THREEFOLD_REPETITION);
  g_assert_cmpint (chess_line_status (&line), ==, CHESS_STATUS_ONGOING);
  play (&line, "Nf3 Nf6 Ng1 Ng8");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 4);
  g_assert_cmpint (chess_line_status (&line), ==, CHESS_STATUS_ONGOING);
  play (&line, "Nf3 Nf6 Ng1 Ng8");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 5);
  g_assert_cmpint (chess_line_status (&line), ==, CHESS_STATUS_FIVEFOLD_REPETITION);
  chess_line_pop (&line);
  g_assert_cmpint (chess_line_status (&line), ==, CHESS_STATUS_ONGOING);
  chess_line_clear (&line);

  /* The same placement with the other side to move is another position. */
  line_from (&line, "k7/8/8/8/8/8/7R/4K3 w - - 0 1");
  play (&line, "Kd1 Kb8 Kd2 Ka8 Ke1");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 1);
  play (&line, "Kb8 Kd1 Ka8 Ke1");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 2);
  chess_line_clear (&line);

  /* Castling rights count: the rooks come back, the rights do not. */
  line_from (&line, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play (&line, "Rb1 Rb8 Ra1 Ra8");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 1);
  play (&line, "Rb1 Rb8 Ra1 Ra8");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 2);
  play (&line, "Rb1 Rb8 Ra1 Ra8");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 3);
  chess_line_clear (&line);

  /* A legal en-passant capture makes the position after the double step
   * different from the same placement later … */
  line_from (&line, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  play (&line, "e4 Ke7 Kf2 Ke8 Ke1");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 1);
  play (&line, "Ke7 Kf2 Ke8 Ke1");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 2);
  play (&line, "Ke7 Kf2 Ke8 Ke1");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 3);
  chess_line_clear (&line);

  /* … but an en-passant square nobody can use changes nothing. */
  line_from (&line, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  play (&line, "e4 Ke7 Kf2 Ke8 Ke1");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 2);
  chess_line_clear (&line);

  /* Nor one whose capture is illegal (the pawn is pinned). */
  line_from (&line, "8/8/8/8/k2p3R/8/4P3/K7 w - - 0 1");
  play (&line, "e4 Kb4 Kb2 Ka4 Ka1");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 2);
  chess_line_clear (&line);

  /* An irreversible move ends the count. */
  line_from (&line, CHESS_START_FEN);
  play (&line, "Nf3 Nf6 Ng1 Ng8 e4");
  g_assert_cmpint (chess_line_repetitions (&line), ==, 1);
  chess_line_clear (&line);
}

static void
test_move_rules (void)
{
  ChessLine line;

  line_from (&line, "4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80");
  g_assert_cmpint (chess_line_claimable (&line), ==, CHESS_CLAIM_NONE);
  play (&line, "Ra2");
  g_assert_cmpint (chess_line_claimable (&line), ==, CHESS_CLAIM_NONE);
  g_assert_cmpint (chess_line_claimable_with (&line, parse (&line, "Kd7")), ==, CHESS_CLAIM_FIFTY_MOVES);
  play (&line, "Kd7");
  g_assert_cmpint (chess_line_claimable (&line), ==, CHESS_CLAIM_FIFTY_MOVES);
  g_assert_cmpint (chess_line_status (&line), ==, CHESS_STATUS_ONGOING);
  /* A pawn move starts the count again. */
  g_assert_cmpint (chess_line_claimable_with (&line, parse (&line, "e4")), ==, CHESS_CLAIM_NONE);
  play (&line, "e4");
  g_assert_cmpint (chess_line_claimable (&line), ==, CHESS_CLAIM_NONE);
  chess_line_clear (&line);

  line_from (&line, "4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80");
  g_assert_cmpint (chess_line_status (&line), ==, CHESS_STATUS_ONGOING);
  play (&line, "Ra2");
  g_assert_cmpint (chess_line_status (&line), ==, CHESS_STATUS_SEVENTY_FIVE_MOVES);
  chess_line_clear (&line);

  /* Mate on the 150th half-move is mate. */
  line_from (&line, "7k/8/6K1/8/8/8/8/R7 w - - 149 80");
  g_assert_cmpint (chess_line_claimable_with (&line, parse (&line, "Ra8#")), ==, CHESS_CLAIM_NONE);
  play (&line, "Ra8#");
  g_assert_cmpint (chess_line_status (&line), ==, CHESS_STATUS_CHECKMATE);
  chess_line_clear (&line);
}

static ChessStatus
status_of (const char *fen)
{
  ChessLine line;
  ChessStatus status;

  line_from (&line, fen);
  status = chess_line_status (&line);
  chess_line_clear (&line);
  return status;
}

static void
test_status (void)
{
  g_assert_cmpint (status_of (CHESS_START_FEN), ==, CHESS_STATUS_ONGOING);
  g_assert_cmpint (status_of ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), ==,
                   CHESS_STATUS_CHECKMATE);
  g_assert_cmpint (status_of ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), ==, CHESS_STATUS_STALEMATE);
  /* Stalemate comes before the dead position. */
  g_assert_cmpint (status_of ("k7/2K5/1B6/8/8/8/8/8 b - - 0 1"), ==, CHESS_STATUS_STALEMATE);
  g_assert_cmpint (status_of ("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), ==, CHESS_STATUS_INSUFFICIENT_MATERIAL);
  g_assert_cmpint (status_of ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"), ==, CHESS_STATUS_INSUFFICIENT_MATERIAL);
  g_assert_cmpint (status_of ("4kb2/8/8/8/8/8/8/4K3 w - - 0 1"), ==, CHESS_STATUS_INSUFFICIENT_MATERIAL);
  g_assert_cmpint (status_of ("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1"), ==, CHESS_STATUS_ONGOING);
  g_assert_cmpint (status_of ("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1"), ==, CHESS_STATUS_INSUFFICIENT_MATERIAL);
  g_assert_cmpint (status_of ("2b1kb2/8/8/8/8/8/8/B1B1KB2 w - - 0 1"), ==, CHESS_STATUS_ONGOING);
  g_assert_cmpint (status_of ("3bkb2/8/8/8/8/8/8/3BKB2 w - - 0 1"), ==, CHESS_STATUS_ONGOING);
  g_assert_cmpint (status_of ("4kb2/6b1/8/8/8/8/8/2B1KB2 w - - 0 1"), ==, CHESS_STATUS_ONGOING);
  g_assert_cmpint (status_of ("4k1b1/5b2/8/8/8/8/8/B3KB2 w - - 0 1"), ==, CHESS_STATUS_ONGOING);
  g_assert_cmpint (status_of ("b3k1b1/8/8/8/8/8/8/4KB2 w - - 0 1"), ==, CHESS_STATUS_INSUFFICIENT_MATERIAL);
  g_assert_cmpint (status_of ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"), ==, CHESS_STATUS_ONGOING);
  g_assert_cmpint (status_of ("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1"), ==, CHESS_STATUS_ONGOING);
  g_assert_cmpint (status_of ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), ==, CHESS_STATUS_ONGOING);
}

static bool
can_mate (const char *fen, ChessColor color)
{
  ChessBoard board;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  return chess_board_can_mate (&board, color);
}

static void
test_can_mate (void)
{
  const ChessColor W = CHESS_COLOR_WHITE, B = CHESS_COLOR_BLACK;

  g_assert_true (can_mate (CHESS_START_FEN, W));
  g_assert_true (can_mate (CHESS_START_FEN, B));
  g_assert_false (can_mate ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", W));
  g_assert_false (can_mate ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", B));
  /* A queen, rook or pawn always can (blocked fortresses are not judged). */
  g_assert_true (can_mate ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", W));
  g_assert_false (can_mate ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", B));
  g_assert_true (can_mate ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", W));
  g_assert_true (can_mate ("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", W));
  /* A lone knight or bishop needs something of the other side to block. */
  g_assert_false (can_mate ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", W));
  g_assert_true (can_mate ("4k3/3p4/8/8/8/8/8/3NK3 w - - 0 1", W));
  g_assert_true (can_mate ("4k3/3p4/8/8/8/8/8/3NK3 w - - 0 1", B));
  g_assert_true (can_mate ("3nk3/8/8/8/8/8/8/3NK3 w - - 0 1", W));
  g_assert_false (can_mate ("4k3/8/8/8/8/8/8/3BK3 w - - 0 1", W));
  g_assert_true (can_mate ("3nk3/8/8/8/8/8/8/3BK3 w - - 0 1", W));
  g_assert_true (can_mate ("3nk3/8/8/8/8/8/8/3BK3 w - - 0 1", B));
  g_assert_true (can_mate ("3rk3/8/8/8/8/8/8/3BK3 w - - 0 1", W));
  g_assert_true (can_mate ("4k3/7p/8/8/8/8/8/3BK3 w - - 0 1", W));
  /* Two knights, or knight and bishop, can. */
  g_assert_true (can_mate ("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", W));
  g_assert_true (can_mate ("4k3/8/8/8/8/8/8/2NBK3 w - - 0 1", W));
  /* Bishops: all on one colour, against only bishops of that colour, cannot. */
  g_assert_false (can_mate ("4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1", W));
  g_assert_true (can_mate ("4k3/8/8/8/8/8/8/BB2K3 w - - 0 1", W));
  g_assert_false (can_mate ("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", W));
  g_assert_false (can_mate ("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", B));
  g_assert_true (can_mate ("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", W));
  g_assert_true (can_mate ("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", B));
  g_assert_true (can_mate ("4kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1", W));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/line/history", test_history);
  g_test_add_func ("/line/repetition", test_repetition);
  g_test_add_func ("/line/move-rules", test_move_rules);
  g_test_add_func ("/line/status", test_status);
  g_test_add_func ("/line/can-mate", test_can_mate);
  return g_test_run ();
}
