/* test-fen.c — FEN round trips and every kind of rejected FEN. */
#include "config.h"

#include <string.h>

#include "chess-board.h"
#include "core-test-util.h"

static void
assert_round_trip (const ChessBoard *board)
{
  char fen[CHESS_FEN_MAX], again[CHESS_FEN_MAX];
  g_autoptr (GError) error = NULL;
  ChessBoard parsed;

  chess_board_to_fen (board, fen);
  g_assert_true (chess_board_from_fen (&parsed, fen, &error));
  g_assert_no_error (error);
  g_assert_true (memcmp (parsed.squares, board->squares, sizeof parsed.squares) == 0);
  g_assert_true (memcmp (parsed.by_type, board->by_type, sizeof parsed.by_type) == 0);
  g_assert_cmpint (parsed.side, ==, board->side);
  g_assert_cmpint (parsed.castling, ==, board->castling);
  g_assert_cmpint (parsed.ep_square, ==, board->ep_square);
  g_assert_cmpint (parsed.halfmove_clock, ==, board->halfmove_clock);
  g_assert_cmpint (parsed.fullmove_number, ==, board->fullmove_number);
  g_assert_cmpuint (parsed.key, ==, board->key);
  g_assert_cmpstr (chess_board_to_fen (&parsed, again), ==, fen);
}

/* Every position up to two plies below each suite position round-trips. */
static void
round_trip_cb (const ChessBoard *board,
               gpointer          data)
{
  int *count = data;

  assert_round_trip (board);
  (*count)++;
}

static void
test_round_trip (void)
{
  g_autoptr (GPtrArray) fens = core_test_suite_fens ();
  int count = 0;

  g_assert_cmpuint (fens->len, >=, 7);
  for (guint i = 0; i < fens->len; i++)
    {
      ChessBoard board;
      char out[CHESS_FEN_MAX];

      g_assert_true (chess_board_from_fen (&board, g_ptr_array_index (fens, i), NULL));
      g_assert_cmpstr (chess_board_to_fen (&board, out), ==, g_ptr_array_index (fens, i));
      core_test_walk (&board, 2, round_trip_cb, &count);
    }
  g_assert_cmpint (count, >, 5000);
}

static void
test_exact (void)
{
  static const char *const fens[] = {
    CHESS_START_FEN,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "4k3/8/8/8/8/8/8/4K3 w - - 99 120",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 40",
    "8/8/8/8/8/8/8/K6k w - - 0 9999",
    /* The most the board counts (a long PGN game gets there). */
    "8/8/8/8/8/8/8/K6k b - - 65535 65535",
  };
  ChessBoard board;
  char out[CHESS_FEN_MAX];

  for (gsize i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_true (chess_board_from_fen (&board, fens[i], &error));
      g_assert_no_error (error);
      g_assert_cmpstr (chess_board_to_fen (&board, out), ==, fens[i]);
      g_assert_true (chess_board_is_ok (&board));
    }

  /* Four fields: the clocks default to 0 and 1; blanks are forgiven. */
  g_assert_true (chess_board_from_fen (&board, "  4k3/8/8/8/8/8/8/4K3   b  -  - ", NULL));
  g_assert_cmpstr (chess_board_to_fen (&board, out), ==, "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  /* Move number 0, which some programs write, means 1. */
  g_assert_true (chess_board_from_fen (&board, "4k3/8/8/8/8/8/8/4K3 w - - 0 0", NULL));
  g_assert_cmpint (board.fullmove_number, ==, 1);

  chess_board_set_start (&board);
  g_assert_cmpstr (chess_board_to_fen (&board, out), ==, CHESS_START_FEN);
}

typedef struct
{
  const char   *fen;
  ChessFenError code;
  const char   *message;
} BadFen;

static const BadFen bad_fens[] = {
  { "", CHESS_FEN_ERROR_FIELD_COUNT, "0 fields instead of 6" },
  { "8/8/8/8/8/8/8/8", CHESS_FEN_ERROR_FIELD_COUNT, "1 field instead of 6" },
  { "4k3/8/8/8/8/8/8/4K3 w - - 0", CHESS_FEN_ERROR_FIELD_COUNT, "5 fields instead of 6" },
  { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", CHESS_FEN_ERROR_FIELD_COUNT, "7 fields instead of 6" },
  { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 a b c d", CHESS_FEN_ERROR_FIELD_COUNT, "fields instead of 6" },
  { "4k3/8/8/8/8/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "7 ranks instead of 8" },
  { "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "more than 8 ranks" },
  { "4k3/8/8/8/8/8/8/4K4 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "rank 1 has more than 8 squares" },
  { "4k3/8/8/8/8/4X3/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "bad piece letter 'X' in rank 3" },
  { "4k3/8/8/3X4/8/8/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "bad piece letter 'X' in rank 5" },
  { "4k3/8/8/8/8/8/8/4K3x w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "bad piece letter 'x' in rank 1" },
  { "4k3/8/8/8/8/9/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "bad piece letter '9' in rank 3" },
  { "4k3/8/8/8/8/0/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "bad piece letter '0' in rank 3" },
  { "4k3/8/8/8/8/ppppppppp/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "rank 3 has more than 8 squares" },
  { "4k3/8/8/8/8/54/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "rank 3 has more than 8 squares" },
  { "4k3/8/8/8/8/7/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "rank 3 has 7 squares instead of 8" },
  { "4k3/8/8/8/8/8/8/4K2 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "rank 1 has 7 squares instead of 8" },
  { "4k3/8//8/8/8/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "rank 6 has 0 squares" },
  { "4k3/8/8/8/8/8/8/4K3/ w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "more than 8 ranks" },
  { "4k3/8/8/8/8/8/8/4\xc3\xa9K2 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "bad character in rank 1" },
  { "4k3/8/8/8/8/8/8/8 w - - 0 1", CHESS_FEN_ERROR_KINGS, "no white king" },
  { "8/8/8/8/8/8/8/4K3 w - - 0 1", CHESS_FEN_ERROR_KINGS, "no black king" },
  { "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", CHESS_FEN_ERROR_KINGS, "two white kings" },
  { "4k2k/8/8/8/8/8/8/4K3 w - - 0 1", CHESS_FEN_ERROR_KINGS, "two black kings" },
  { "4k3/8/8/8/8/8/8/2KKK3 w - - 0 1", CHESS_FEN_ERROR_KINGS, "3 white kings" },
  { "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", CHESS_FEN_ERROR_PAWN_RANK, "pawn on rank 1 (a1)" },
  { "4k2p/8/8/8/8/8/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PAWN_RANK, "pawn on rank 8 (h8)" },
  { "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "too many black pieces" },
  { "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", CHESS_FEN_ERROR_PLACEMENT, "too many white pieces" },
  { "4k3/8/8/8/8/8/8/4K3 x - - 0 1", CHESS_FEN_ERROR_SIDE, "the side to move is 'x' instead of w or b" },
  { "4k3/8/8/8/8/8/8/4K3 W - - 0 1", CHESS_FEN_ERROR_SIDE, "'W'" },
  { "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", CHESS_FEN_ERROR_OPPONENT_IN_CHECK, "the side not to move is in check" },
  { "4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", CHESS_FEN_ERROR_OPPONENT_IN_CHECK, "the side not to move is in check" },
  { "4k3/8/8/8/8/8/8/4K3 w K - 0 1", CHESS_FEN_ERROR_CASTLING, "castling right K but the white rook is not on h1" },
  { "4k3/8/8/8/8/8/8/4K3 w Q - 0 1", CHESS_FEN_ERROR_CASTLING, "castling right Q but the white rook is not on a1" },
  { "4k3/8/8/8/8/8/8/4K3 w k - 0 1", CHESS_FEN_ERROR_CASTLING, "castling right k but the black rook is not on h8" },
  { "4k3/8/8/8/8/8/8/4K3 w q - 0 1", CHESS_FEN_ERROR_CASTLING, "castling right q but the black rook is not on a8" },
  { "4k3/8/8/8/8/8/8/3K3R w K - 0 1", CHESS_FEN_ERROR_CASTLING, "castling right K but the white king is not on e1" },
  { "r2k4/8/8/8/8/8/8/4K3 w q - 0 1", CHESS_FEN_ERROR_CASTLING, "castling right q but the black king is not on e8" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1", CHESS_FEN_ERROR_CASTLING, "bad castling rights 'KKq'" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1", CHESS_FEN_ERROR_CASTLING, "bad castling rights" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", CHESS_FEN_ERROR_CASTLING, "bad castling rights 'HAha'" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w -K - 0 1", CHESS_FEN_ERROR_CASTLING, "bad castling rights" },
  { "4k3/8/8/8/4P3/8/8/4K3 b - e9 0 1", CHESS_FEN_ERROR_EN_PASSANT, "bad en passant square 'e9'" },
  { "4k3/8/8/8/4P3/8/8/4K3 b - e3e 0 1", CHESS_FEN_ERROR_EN_PASSANT, "bad en passant square 'e3e'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", CHESS_FEN_ERROR_EN_PASSANT, "impossible en passant square e3" },
  { "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", CHESS_FEN_ERROR_EN_PASSANT, "impossible en passant square e3" },
  { "4k3/8/8/8/4P3/8/8/4K3 b - d3 0 1", CHESS_FEN_ERROR_EN_PASSANT, "impossible en passant square d3" },
  { "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1", CHESS_FEN_ERROR_EN_PASSANT, "impossible en passant square e3" },
  { "4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1", CHESS_FEN_ERROR_EN_PASSANT, "impossible en passant square e3" },
  { "4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", CHESS_FEN_ERROR_EN_PASSANT, "impossible en passant square e4" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - x 1", CHESS_FEN_ERROR_CLOCK, "bad half-move clock 'x'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - -1 1", CHESS_FEN_ERROR_CLOCK, "bad half-move clock '-1'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - 99999 1", CHESS_FEN_ERROR_CLOCK, "bad half-move clock '99999'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - 65536 1", CHESS_FEN_ERROR_CLOCK, "bad half-move clock '65536'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - 0 65536", CHESS_FEN_ERROR_CLOCK, "bad full-move number '65536'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - 1.5 1", CHESS_FEN_ERROR_CLOCK, "bad half-move clock '1.5'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - 0 one", CHESS_FEN_ERROR_CLOCK, "bad full-move number 'one'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - 0 +3", CHESS_FEN_ERROR_CLOCK, "bad full-move number '+3'" },
  { "4k3/8/8/8/4P3/8/8/4K3 w - - 0 123456", CHESS_FEN_ERROR_CLOCK, "bad full-move number '123456'" },
};

static void
test_invalid (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bad_fens); i++)
    {
      g_autoptr (GError) error = NULL;
      ChessBoard board;

      chess_board_set_start (&board);
      g_test_message ("%s", bad_fens[i].fen);
      g_assert_false (chess_board_from_fen (&board, bad_fens[i].fen, &error));
      g_assert_error (error, CHESS_FEN_ERROR, (int) bad_fens[i].code);
      if (strstr (error->message, bad_fens[i].message) == NULL)
        g_error ("“%s”: message “%s” lacks “%s”", bad_fens[i].fen, error->message, bad_fens[i].message);
      /* A failed parse leaves the board alone. */
      g_assert_true (chess_board_is_ok (&board));
      g_assert_cmpint (board.squares[0], ==, CHESS_WHITE_ROOK);
    }

  /* A very long text is refused, not overflowed. */
  {
    g_autofree char *long_fen = g_strnfill (10000, '8');
    g_autoptr (GError) error = NULL;
    ChessBoard board;
    g_assert_false (chess_board_from_fen (&board, long_fen, &error));
    g_assert_nonnull (error);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fen/round-trip", test_round_trip);
  g_test_add_func ("/fen/exact", test_exact);
  g_test_add_func ("/fen/invalid", test_invalid);
  return g_test_run ();
}
