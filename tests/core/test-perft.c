/* test-perft.c — leaf counts of the standard perft positions, make/unmake
 * restoring everything, and hand-checked special moves.
 *
 * Environment: CHESS_PERFT_EPD (the EPD file), CHESS_PERFT_MIN_DEPTH and
 * CHESS_PERFT_MAX_DEPTH (the depths checked: 1–4 by default). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-board.h"
#include "chess-core-private.h"
#include "chess-notation.h"
#include "core-test-util.h"

typedef struct
{
  char    *fen;
  int      depth;
  uint64_t expected;
} PerftCase;

static void
perft_case_free (gpointer data)
{
  PerftCase *c = data;

  g_free (c->fen);
  g_free (c);
}

static void
test_perft_case (gconstpointer data)
{
  const PerftCase *c = data;
  g_autoptr (GError) error = NULL;
  ChessBoard board, before;

  g_assert_true (chess_board_from_fen (&board, c->fen, &error));
  g_assert_no_error (error);
  before = board;
  g_assert_cmpuint (chess_perft (&board, c->depth), ==, c->expected);
  /* perft leaves the board as it found it. */
  g_assert_true (memcmp (&board, &before, sizeof board) == 0);
}

static bool
boards_equal (const ChessBoard *a, const ChessBoard *b)
{
  return memcmp (a->by_type, b->by_type, sizeof a->by_type) == 0
         && memcmp (a->by_color, b->by_color, sizeof a->by_color) == 0
         && memcmp (a->squares, b->squares, sizeof a->squares) == 0
         && a->side == b->side && a->castling == b->castling
         && a->ep_square == b->ep_square && a->halfmove_clock == b->halfmove_clock
         && a->fullmove_number == b->fullmove_number && a->key == b->key;
}

/* A slow perft through the public API that checks the whole position after
 * every make and every unmake, and that the move list and the bulk count
 * agree. */
static uint64_t
checked_perft (ChessBoard *board, int depth)
{
  ChessMoveList list;
  uint64_t total = 0;

  chess_board_generate_legal (board, &list);
  g_assert_cmpint (list.count, ==, chess_board_count_legal (board));
  if (depth == 1)
    return (uint64_t) list.count;
  for (int i = 0; i < list.count; i++)
    {
      ChessBoard saved = *board;
      ChessUndo undo;

      g_assert_true (chess_board_is_legal (board, list.moves[i]));
      chess_board_make (board, list.moves[i], &undo);
      if (!chess_board_is_ok (board))
        {
          char fen[CHESS_FEN_MAX], uci[CHESS_MOVE_TEXT_MAX];
          g_error ("corrupt after %s from %s",
                   chess_move_format (&saved, list.moves[i], CHESS_NOTATION_UCI, uci),
                   chess_board_to_fen (&saved, fen));
        }
      g_assert_cmpuint (board->key, ==, chess_board_compute_key (board));
      total += checked_perft (board, depth - 1);
      chess_board_unmake (board, list.moves[i], &undo);
      g_assert_true (boards_equal (board, &saved));
    }
  return total;
}

static GPtrArray *suite_lines;

static void
test_make_unmake (void)
{
  for (guint i = 0; i < suite_lines->len; i++)
    {
      g_auto (GStrv) parts = g_strsplit (g_ptr_array_index (suite_lines, i), ";", -1);
      ChessBoard board;
      uint64_t d3 = 0;

      g_assert_true (chess_board_from_fen (&board, parts[0], NULL));
      for (int j = 1; parts[j]; j++)
        if (g_str_has_prefix (g_strstrip (parts[j]), "D3 "))
          d3 = g_ascii_strtoull (parts[j] + 3, NULL, 10);
      g_assert_cmpuint (d3, >, 0);
      g_assert_cmpuint (checked_perft (&board, 3), ==, d3);
    }
}

static int
compare_moves (const void *a, const void *b)
{
  return (int) *(const ChessMove *) a - (int) *(const ChessMove *) b;
}

/* `got` holds exactly the `wanted` moves, in any order. */
static void
assert_same_moves (ChessMove *got, int n_got, ChessMove *wanted, int n_wanted)
{
  g_assert_cmpint (n_got, ==, n_wanted);
  qsort (wanted, (size_t) n_wanted, sizeof *wanted, compare_moves);
  qsort (got, (size_t) n_got, sizeof *got, compare_moves);
  g_assert_cmpmem (got, n_got * sizeof *got, wanted, n_wanted * sizeof *wanted);
}

/* In `board` and every position `depth` plies below it, the noisy moves are
 * exactly the legal captures and promotions; chess_board_is_legal accepts
 * every legal move and refuses the moves of the position before (`before`,
 * `n_before`) that are not. */
static void
check_noisy_and_is_legal (ChessBoard *board, int depth, const ChessMove *before, int n_before)
{
  ChessMoveList legal, noisy;
  ChessMove wanted_noisy[CHESS_MAX_MOVES];
  int n_noisy = 0;

  chess_board_generate_legal (board, &legal);
  chess_board_generate_noisy (board, &noisy);
  for (int i = 0; i < legal.count; i++)
    {
      ChessMove m = legal.moves[i];

      if (chess_move_is_capture (m) || chess_move_is_promotion (m))
        wanted_noisy[n_noisy++] = m;
      g_assert_true (chess_board_is_legal (board, m));
    }
  for (int i = 0; i < n_before; i++)
    {
      bool listed = false;

      for (int j = 0; j < legal.count; j++)
        listed |= legal.moves[j] == before[i];
      g_assert_cmpint (chess_board_is_legal (board, before[i]), ==, listed);
    }
  assert_same_moves (noisy.moves, noisy.count, wanted_noisy, n_noisy);
  if (depth == 0)
    return;
  for (int i = 0; i < legal.count; i++)
    {
      ChessUndo undo;
      chess_board_make (board, legal.moves[i], &undo);
      check_noisy_and_is_legal (board, depth - 1, legal.moves, legal.count);
      chess_board_unmake (board, legal.moves[i], &undo);
    }
}

static void
test_noisy_and_is_legal (void)
{
  for (guint i = 0; i < suite_lines->len; i++)
    {
      g_auto (GStrv) parts = g_strsplit (g_ptr_array_index (suite_lines, i), ";", -1);
      ChessBoard board;

      g_assert_true (chess_board_from_fen (&board, parts[0], NULL));
      check_noisy_and_is_legal (&board, 3, NULL, 0);
    }
}

static int
count_moves (const char *fen)
{
  ChessBoard board;
  ChessMoveList list;
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_board_from_fen (&board, fen, &error));
  g_assert_no_error (error);
  return chess_board_generate_legal (&board, &list);
}

static bool
has_move (const char *fen, const char *uci)
{
  ChessBoard board;
  ChessMoveList list;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  chess_board_generate_legal (&board, &list);
  for (int i = 0; i < list.count; i++)
    {
      char text[CHESS_MOVE_TEXT_MAX];
      if (strcmp (chess_move_format (&board, list.moves[i], CHESS_NOTATION_UCI, text), uci) == 0)
        return true;
    }
  return false;
}

static void
test_special_moves (void)
{
  /* En passant would expose the king along the rank. */
  g_assert_false (has_move ("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "b5c6"));
  g_assert_false (has_move ("8/8/8/1KPp3r/8/8/8/7k w - d6 0 2", "c5d6"));
  g_assert_false (has_move ("8/8/8/K1Pp3r/8/8/8/7k w - d6 0 2", "c5d6"));
  /* …but not when another pawn stays between. */
  g_assert_true (has_move ("8/8/8/KPpP3r/8/8/8/7k w - c6 0 2", "b5c6"));
  /* En passant that takes the checking pawn. */
  g_assert_true (has_move ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4d3"));
  /* A pinned pawn may take en passant along its pin line only. */
  g_assert_true (has_move ("8/7k/8/8/3Pp3/8/8/1B2K3 b - d3 0 1", "e4d3"));
  g_assert_false (has_move ("B7/8/8/8/3Pp3/8/6k1/4K3 b - d3 0 1", "e4d3"));
  g_assert_false (has_move ("7b/8/8/3pP3/8/8/1K6/7k w - d6 0 1", "e5d6"));
  /* Only right after the double step. */
  g_assert_true (has_move ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"));
  g_assert_false (has_move ("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5d6"));

  /* Castling: not through or into attacked squares, not out of check. */
  g_assert_true (has_move ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
  g_assert_true (has_move ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  g_assert_false (has_move ("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1g1"));
  g_assert_false (has_move ("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
  g_assert_true (has_move ("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  g_assert_false (has_move ("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"));
  g_assert_false (has_move ("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "e1g1"));
  g_assert_false (has_move ("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  /* b1 may be attacked for queen-side castling, only c1 and d1 count. */
  g_assert_true (has_move ("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  g_assert_false (has_move ("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  g_assert_false (has_move ("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"));
  /* A piece in the way, also on b1. */
  g_assert_false (has_move ("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1c1"));

  /* Promotions to all four pieces, quiet and capturing. */
  g_assert_cmpint (count_moves ("1n5k/P7/8/8/8/8/8/7K w - - 0 1"), ==, 3 + 8);
  g_assert_true (has_move ("1n5k/P7/8/8/8/8/8/7K w - - 0 1", "a7b8n"));
  g_assert_true (has_move ("1n5k/P7/8/8/8/8/8/7K w - - 0 1", "a7a8r"));

  /* Double check: only king moves. */
  g_assert_cmpint (count_moves ("4k3/8/8/8/8/3n4/8/R3K2r w Q - 0 1"), ==, 2);

  /* Checkmate and stalemate have no moves. */
  g_assert_cmpint (count_moves ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), ==, 0);
  g_assert_cmpint (count_moves ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), ==, 0);
}

static void
test_queries (void)
{
  ChessBoard board;

  chess_board_set_start (&board);
  g_assert_true (chess_board_is_ok (&board));
  g_assert_false (chess_board_in_check (&board));
  g_assert_cmpint (chess_board_king_square (&board, CHESS_COLOR_WHITE), ==, 4);
  g_assert_cmpint (chess_board_king_square (&board, CHESS_COLOR_BLACK), ==, 60);
  g_assert_cmpint (chess_board_material (&board, CHESS_COLOR_WHITE), ==, 3900);
  g_assert_true (chess_board_square_attacked (&board, chess_square_parse ("f3"), CHESS_COLOR_WHITE));
  g_assert_false (chess_board_square_attacked (&board, chess_square_parse ("e4"), CHESS_COLOR_WHITE));
  g_assert_cmpint (chess_board_piece_at (&board, 3), ==, CHESS_WHITE_QUEEN);

  g_assert_cmpint (chess_square_parse ("a1"), ==, 0);
  g_assert_cmpint (chess_square_parse ("h8"), ==, 63);
  g_assert_cmpint (chess_square_parse ("i1"), ==, CHESS_NO_SQUARE);
  g_assert_cmpint (chess_square_parse ("e45"), ==, CHESS_NO_SQUARE);
  g_assert_cmpint (chess_square_parse ("e"), ==, CHESS_NO_SQUARE);
  g_assert_cmpint (chess_square_parse (""), ==, CHESS_NO_SQUARE);

  g_assert_cmpint (chess_board_find_move (&board, 12, 28, CHESS_NO_PIECE_TYPE), ==,
                   chess_move_make (12, 28, CHESS_MOVE_DOUBLE_PUSH));
  g_assert_cmpint (chess_board_find_move (&board, 12, 36, CHESS_NO_PIECE_TYPE), ==, CHESS_MOVE_NONE);
  g_assert_false (chess_board_is_legal (&board, CHESS_MOVE_NONE));
  g_assert_false (chess_board_is_legal (&board, 0xffff));

  /* Corruption is noticed. */
  board.key ^= 1;
  g_assert_false (chess_board_is_ok (&board));
  chess_board_set_start (&board);
  board.squares[20] = CHESS_WHITE_KNIGHT;
  g_assert_false (chess_board_is_ok (&board));
}

/* Keys hash the en-passant file only when the capture is legal. */
static void
test_ep_key (void)
{
  ChessBoard a, b;

  g_assert_true (chess_board_from_fen (&a, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", NULL));
  g_assert_true (chess_board_from_fen (&b, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", NULL));
  g_assert_cmpuint (a.key, ==, b.key);
  g_assert_true (chess_board_from_fen (&a, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", NULL));
  g_assert_true (chess_board_from_fen (&b, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1", NULL));
  g_assert_cmpuint (a.key, !=, b.key);
  /* The capture is there but illegal (the pawn is pinned): same key. */
  g_assert_true (chess_board_from_fen (&a, "8/8/8/8/k2pP2R/8/8/K7 b - e3 0 1", NULL));
  g_assert_true (chess_board_from_fen (&b, "8/8/8/8/k2pP2R/8/8/K7 b - - 0 1", NULL));
  g_assert_cmpuint (a.key, ==, b.key);
}

/* chess_init from several threads at once, in a fresh process so the
 * tables are not built yet. */
static gpointer
init_thread (gpointer data)
{
  ChessBoard board;

  chess_board_set_start (&board);
  return GSIZE_TO_POINTER ((gsize) chess_perft (&board, 3));
}

static void
test_init_threads (void)
{
  if (g_test_subprocess ())
    {
      GThread *threads[4];

      for (int i = 0; i < 4; i++)
        threads[i] = g_thread_new ("init", init_thread, NULL);
      for (int i = 0; i < 4; i++)
        g_assert_cmpuint (GPOINTER_TO_SIZE (g_thread_join (threads[i])), ==, 8902);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  const char *min_env = g_getenv ("CHESS_PERFT_MIN_DEPTH");
  const char *max_env = g_getenv ("CHESS_PERFT_MAX_DEPTH");
  int min_depth = min_env ? atoi (min_env) : 1;
  int max_depth = max_env ? atoi (max_env) : 4;

  g_test_init (&argc, &argv, NULL);

  suite_lines = core_test_suite_lines ();
  for (guint i = 0; i < suite_lines->len; i++)
    {
      g_auto (GStrv) parts = g_strsplit (g_ptr_array_index (suite_lines, i), ";", -1);

      for (int j = 1; parts[j]; j++)
        {
          PerftCase *c;
          char *path;
          int depth;

          g_strstrip (parts[j]);
          if (parts[j][0] != 'D')
            continue;
          depth = atoi (parts[j] + 1);
          if (depth < min_depth || depth > max_depth)
            continue;
          c = g_new0 (PerftCase, 1);
          c->fen = g_strstrip (g_strdup (parts[0]));
          c->depth = depth;
          c->expected = g_ascii_strtoull (strchr (parts[j], ' '), NULL, 10);
          path = g_strdup_printf ("/perft/position-%u/depth-%d", i + 1, depth);
          g_test_add_data_func_full (path, c, test_perft_case, perft_case_free);
          g_free (path);
        }
    }

  if (min_depth <= 1)
    {
      g_test_add_func ("/perft/make-unmake", test_make_unmake);
      g_test_add_func ("/perft/noisy-and-is-legal", test_noisy_and_is_legal);
      g_test_add_func ("/perft/special-moves", test_special_moves);
      g_test_add_func ("/perft/queries", test_queries);
      g_test_add_func ("/perft/ep-key", test_ep_key);
      g_test_add_func ("/perft/init-threads", test_init_threads);
    }

  {
    int status = g_test_run ();
    g_ptr_array_unref (suite_lines);
    return status;
  }
}
