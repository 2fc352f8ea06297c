/* test-pgn-san.c — the PGN reader's fast move resolver against the core:
 * in every position of random games and of a real file, every legal move
 * written as SAN, long algebraic and UCI resolves to itself, and castling
 * resolves exactly when the core allows it. */
#include "config.h"

#include <string.h>

#include "chess-notation.h"
#include "chess-pgn-private.h"

static guint checked;

static void
check_position (const ChessBoard *board)
{
  ChessMoveList list;
  const ChessNotation notations[] = { CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_UCI };
  char text[CHESS_MOVE_TEXT_MAX];

  chess_board_generate_legal (board, &list);
  for (int i = 0; i < list.count; i++)
    for (gsize n = 0; n < G_N_ELEMENTS (notations); n++)
      {
        ChessMove found = CHESS_MOVE_NONE;
        chess_move_format (board, list.moves[i], notations[n], text);
        if (!chess_pgn_resolve_move (board, text, strlen (text), &found) || found != list.moves[i])
          {
            char fen[CHESS_FEN_MAX];
            g_error ("%s: '%s' resolved to %04x, not %04x", chess_board_to_fen (board, fen),
                     text, found, list.moves[i]);
          }
        checked++;
      }

  /* Castling: resolved exactly when legal. */
  for (int side = 0; side < 2; side++)
    {
      ChessSquare k = board->side == CHESS_COLOR_WHITE ? 4 : 60;
      ChessMove castle = chess_move_make (k, side ? k + 2 : k - 2,
                                          side ? CHESS_MOVE_KING_CASTLE : CHESS_MOVE_QUEEN_CASTLE);
      ChessMove found = CHESS_MOVE_NONE;
      gboolean ok = chess_pgn_resolve_move (board, side ? "O-O" : "O-O-O", side ? 3 : 5, &found);
      g_assert_cmpint (ok, ==, chess_board_is_legal (board, castle));
      if (ok)
        g_assert_cmpuint (found, ==, castle);
    }

  /* A pawn push to any square resolves only to a legal move: one or two
   * squares, never through or onto a piece. */
  for (int sq = 0; sq < 64; sq++)
    {
      char name[3];
      ChessMove push;
      if (chess_pgn_resolve_move (board, chess_square_name (sq, name), 2, &push))
        g_assert_true (chess_board_is_legal (board, push));
    }

  /* Moves to squares nothing can reach resolve to nothing. */
  ChessMove none;
  g_assert_false (chess_pgn_resolve_move (board, "Qa1b8", 5, &none) && !chess_board_is_legal (board, none));
}

static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (int game = 0; game < 120; game++)
    {
      ChessBoard board;
      chess_board_set_start (&board);
      for (int ply = 0; ply < 160; ply++)
        {
          ChessMoveList list;
          ChessUndo undo;
          check_position (&board);
          if (chess_board_generate_legal (&board, &list) == 0)
            break;
          /* Prefer captures and promotions now and then, so that games
           * reach endings, promotions and en passant. */
          int pick = g_rand_int_range (rand, 0, list.count);
          for (int i = 0; i < list.count; i++)
            if (chess_move_flags (list.moves[i]) >= CHESS_MOVE_EN_PASSANT && g_rand_boolean (rand))
              pick = i;
          chess_board_make (&board, list.moves[pick], &undo);
        }
    }
  g_rand_free (rand);
  g_test_message ("%u moves resolved", checked);
}

static void
test_positions (void)
{
  const char *fens[] = {
    /* Pins, en passant that would expose the king, castling through check. */
    /* A pinned piece takes its pinner while another slider stands behind it
     * on the same line: the square taken stays occupied. */
    "4k3/8/7b/6q1/8/4B3/3K4/8 w - - 0 1",
    "2b1k1nr/r3p2p/3P1ppb/ppp3q1/1PB5/P1P1BPP1/R2K4/1N1Q2NR w k - 3 28",
    "8/8/8/8/1K1R1r1r/8/8/7k w - - 0 1",
    /* Double steps blocked on the first or the second square. */
    "4k3/pp6/N7/1n6/8/1N6/PP6/4K3 w - - 0 1",
    "4k3/pp6/N7/1n6/8/1N6/PP6/4K3 b - - 0 1",
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K1qR w KQkq - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/3q4/8/8/3R4/3K4 w - - 0 1",
    "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
    "k7/8/8/3N1N2/8/3N1N2/8/K7 w - - 0 1",
    "k7/8/8/8/1Q1Q4/8/8/1Q1K4 w - - 0 1",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      ChessBoard board;
      g_autoptr(GError) error = NULL;
      if (!chess_board_from_fen (&board, fens[i], &error))
        g_error ("%s: %s", fens[i], error->message);
      check_position (&board);
    }
}

static void
test_sloppy (void)
{
  ChessBoard board;
  ChessMove m;

  chess_board_set_start (&board);
  g_assert_true (chess_pgn_resolve_move (&board, "Nf3+!?", 6, &m));
  g_assert_cmpuint (m, ==, chess_move_make (6, 21, CHESS_MOVE_QUIET));
  g_assert_true (chess_pgn_resolve_move (&board, "Pe4", 3, &m));
  g_assert_true (chess_pgn_resolve_move (&board, "Ng1-f3", 6, &m));
  g_assert_false (chess_pgn_resolve_move (&board, "Nd2", 3, &m));   /* own piece there */
  g_assert_false (chess_pgn_resolve_move (&board, "e5", 2, &m));
  g_assert_false (chess_pgn_resolve_move (&board, "O-O", 3, &m));
  g_assert_false (chess_pgn_resolve_move (&board, "Zz9", 3, &m));
  g_assert_false (chess_pgn_resolve_move (&board, "", 0, &m));

  /* Two knights can go to d2 here: left to chess_move_parse, which says so. */
  g_assert_true (chess_board_from_fen (&board, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", NULL));
  g_assert_false (chess_pgn_resolve_move (&board, "Nd2", 3, &m));
  g_assert_true (chess_pgn_resolve_move (&board, "Nbd2", 4, &m));
  g_assert_cmpuint (chess_move_from (m), ==, 1);
  g_assert_true (chess_pgn_resolve_move (&board, "Nfd2", 4, &m));
  g_assert_cmpuint (chess_move_from (m), ==, 21);

  /* A promotion needs its piece. */
  g_assert_true (chess_board_from_fen (&board, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", NULL));
  g_assert_false (chess_pgn_resolve_move (&board, "a8", 2, &m));
  g_assert_true (chess_pgn_resolve_move (&board, "a8=N", 4, &m));
  g_assert_cmpint (chess_move_promotion (m), ==, CHESS_KNIGHT);
  g_assert_true (chess_pgn_resolve_move (&board, "a7a8q", 5, &m));
  g_assert_cmpint (chess_move_promotion (m), ==, CHESS_QUEEN);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/san/positions", test_positions);
  g_test_add_func ("/pgn/san/random-games", test_random_games);
  g_test_add_func ("/pgn/san/sloppy", test_sloppy);

  return g_test_run ();
}
