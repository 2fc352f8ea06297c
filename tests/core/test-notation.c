/* test-notation.c — writing moves and reading them back: round trips over
 * every legal move of the perft positions and two plies below, the usual
 * sloppy forms, and the errors for ambiguous and impossible moves. */
#include "config.h"

#include <string.h>

#include "chess-board.h"
#include "chess-core-private.h"
#include "chess-notation.h"
#include "core-test-util.h"

static const ChessNotation notations[] = {
  CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_UCI, CHESS_NOTATION_FIGURINE,
};

/* Every legal move of `board` in every notation reads back as itself;
 * `data` counts the moves. */
static void
check_position (const ChessBoard *board, gpointer data)
{
  guint *n_moves = data;
  ChessMoveList list;
  char texts[CHESS_MAX_MOVES][CHESS_MOVE_TEXT_MAX];

  chess_board_generate_legal (board, &list);
  for (int i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      ChessBoard after = *board;
      ChessUndo undo;
      const char *suffix;

      chess_board_make (&after, m, &undo);
      suffix = !chess_board_in_check (&after) ? ""
               : chess_board_count_legal (&after) == 0 ? "#" : "+";

      for (gsize n = 0; n < G_N_ELEMENTS (notations); n++)
        {
          char text[CHESS_MOVE_TEXT_MAX];
          g_autoptr (GError) error = NULL;
          ChessMove parsed = CHESS_MOVE_NONE;

          chess_move_format (board, m, notations[n], text);
          if (!chess_move_parse (board, text, &parsed, &error))
            {
              char fen[CHESS_FEN_MAX];
              g_error ("'%s' in %s: %s", text, chess_board_to_fen (board, fen), error->message);
            }
          g_assert_cmpint (parsed, ==, m);
          if (notations[n] != CHESS_NOTATION_UCI)
            g_assert_true (g_str_has_suffix (text, suffix)
                           && (suffix[0] != '\0' || (!g_str_has_suffix (text, "+") && !g_str_has_suffix (text, "#"))));
          if (notations[n] == CHESS_NOTATION_SAN)
            strcpy (texts[i], text);
        }
      /* The move without its check mark reads back too. */
      {
        char text[CHESS_MOVE_TEXT_MAX];
        ChessMove parsed = CHESS_MOVE_NONE;
        size_t len;

        chess_move_format (board, m, CHESS_NOTATION_SAN, text);
        len = strlen (text);
        if (len && (text[len - 1] == '+' || text[len - 1] == '#'))
          text[len - 1] = '\0';
        g_assert_true (chess_move_parse (board, text, &parsed, NULL));
        g_assert_cmpint (parsed, ==, m);
      }
      (*n_moves)++;
    }
  /* SAN names each move differently. */
  for (int i = 0; i < list.count; i++)
    for (int j = i + 1; j < list.count; j++)
      g_assert_cmpstr (texts[i], !=, texts[j]);
}

static void
test_round_trip (void)
{
  g_autoptr (GPtrArray) fens = core_test_suite_fens ();
  guint n_moves = 0;

  for (guint i = 0; i < fens->len; i++)
    {
      ChessBoard board;

      g_assert_true (chess_board_from_fen (&board, g_ptr_array_index (fens, i), NULL));
      core_test_walk (&board, 2, check_position, &n_moves);
    }
  g_assert_cmpuint (fens->len, >=, 7);
  g_assert_cmpuint (n_moves, >, 200000);
}

static ChessMove
parse_ok (const char *fen, const char *text)
{
  ChessBoard board;
  ChessMove move = CHESS_MOVE_NONE;
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  if (!chess_move_parse (&board, text, &move, &error))
    g_error ("'%s' was refused: %s", text, error->message);
  return move;
}

static void
assert_parses_as (const char *fen, const char *text, const char *uci)
{
  ChessBoard board;
  char out[CHESS_MOVE_TEXT_MAX];
  ChessMove move = parse_ok (fen, text);

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_UCI, out), ==, uci);
}

static void
assert_refused (const char *fen, const char *text, ChessMoveError code, const char *message)
{
  ChessBoard board;
  ChessMove move = CHESS_MOVE_NONE;
  g_autoptr (GError) error = NULL;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  if (chess_move_parse (&board, text, &move, &error))
    g_error ("'%s' was accepted", text);
  g_assert_error (error, CHESS_MOVE_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpint (move, ==, CHESS_MOVE_NONE);
}

static void
assert_formats (const char *fen, const char *uci, const char *san, const char *lan,
                const char *figurine)
{
  ChessBoard board;
  char out[CHESS_MOVE_TEXT_MAX];
  ChessMove move;

  g_assert_true (chess_board_from_fen (&board, fen, NULL));
  g_assert_true (chess_move_parse (&board, uci, &move, NULL));
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_SAN, out), ==, san);
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_LAN, out), ==, lan);
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_UCI, out), ==, uci);
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_FIGURINE, out), ==, figurine);
}

#define FOOL "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
#define CASTLES "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define PROMO "8/4P3/k7/8/8/8/8/4K3 w - - 0 1"
#define EP "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
#define SCANDI "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
#define KNIGHTS "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1"

static void
test_format (void)
{
  assert_formats (CHESS_START_FEN, "e2e4", "e4", "e2-e4", "e4");
  assert_formats (CHESS_START_FEN, "g1f3", "Nf3", "Ng1-f3", "\u265ef3");
  assert_formats ("rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2",
                  "f3e5", "Nxe5", "Nf3xe5", "\u265exe5");
  assert_formats (SCANDI, "e4d5", "exd5", "e4xd5", "exd5");
  assert_formats (SCANDI, "f1b5", "Bb5+", "Bf1-b5+", "\u265db5+");
  assert_formats (FOOL, "d8h4", "Qh4#", "Qd8-h4#", "\u265bh4#");
  assert_formats (CASTLES, "e1g1", "O-O", "O-O", "O-O");
  assert_formats (CASTLES, "e1c1", "O-O-O", "O-O-O", "O-O-O");
  assert_formats ("r3k2r/8/8/8/8/8/8/R5K1 b kq - 0 1", "e8g8", "O-O", "O-O", "O-O");
  assert_formats ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+", "O-O+", "O-O+");
  assert_formats (PROMO, "e7e8q", "e8=Q", "e7-e8=Q", "e8=\u265b");
  assert_formats (PROMO, "e7e8n", "e8=N", "e7-e8=N", "e8=\u265e");
  assert_formats ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", "e8=R+", "e7-e8=R+", "e8=\u265c+");
  assert_formats ("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q+", "e7xd8=Q+", "exd8=\u265b+");
  assert_formats (EP, "e5d6", "exd6", "e5xd6ep", "exd6");

  /* Disambiguation only when needed: file, else rank, else both. */
  assert_formats (KNIGHTS, "b1d2", "Nbd2", "Nb1-d2", "\u265ebd2");
  assert_formats (KNIGHTS, "b1c3", "Nc3", "Nb1-c3", "\u265ec3");
  assert_formats ("4k3/8/8/R7/8/8/8/R3K3 w Q - 0 1", "a1a3", "R1a3", "Ra1-a3", "\u265c" "1a3");
  assert_formats ("4k3/8/8/R7/8/8/8/R3K3 w Q - 0 1", "a5a3", "R5a3", "Ra5-a3", "\u265c" "5a3");
  assert_formats ("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1", "Ra1-d1", "\u265c" "ad1");
  assert_formats ("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", "Rhd1", "Rh1-d1", "\u265c" "hd1");
  assert_formats ("K7/8/k7/8/4Q2Q/8/8/7Q w - - 0 1", "h4e1", "Qh4e1", "Qh4-e1", "\u265bh4e1");
  assert_formats ("K7/8/k7/8/4Q2Q/8/8/7Q w - - 0 1", "e4e1", "Qee1", "Qe4-e1", "\u265b" "ee1");
  assert_formats ("K7/8/k7/8/4Q2Q/8/8/7Q w - - 0 1", "h1e1", "Q1e1", "Qh1-e1", "\u265b" "1e1");
  /* A pinned piece does not count for disambiguation. */
  assert_formats ("4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3", "Nc3", "Nb1-c3", "\u265e" "c3");

  /* Other piece letters. */
  {
    ChessBoard board;
    char out[CHESS_MOVE_TEXT_MAX];
    ChessMove move;

    chess_board_set_start (&board);
    g_assert_true (chess_move_parse (&board, "g1f3", &move, NULL));
    g_assert_cmpstr (chess_move_format_san_letters (&board, move, "SLTDK", out), ==, "Sf3");
    g_assert_cmpstr (chess_move_format_san_letters (&board, move, NULL, out), ==, "Nf3");
    g_assert_cmpstr (chess_move_format_san_letters (&board, move, "\u041a\u0421\u041b\u0424\u041a\u0420", out), ==, "\u041a" "f3");
    g_assert_true (chess_board_from_fen (&board, FOOL, NULL));
    g_assert_true (chess_move_parse (&board, "d8h4", &move, NULL));
    g_assert_cmpstr (chess_move_format_san_letters (&board, move, "SLTDK", out), ==, "Dh4#");
  }
}

/* German players write S L T D K for N B R Q K. */
static void
test_parse_letters (void)
{
  ChessBoard board;
  ChessMove move;
  GError *error = NULL;
  char uci[CHESS_MOVE_TEXT_MAX];

  g_assert_true (chess_board_from_fen (&board, CHESS_START_FEN, NULL));
  g_assert_true (chess_move_parse_letters (&board, "Sf3", "SLTDK", &move, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_UCI, uci), ==, "g1f3");
  /* English letters that mean nothing else still work. */
  g_assert_true (chess_move_parse_letters (&board, "Nc3", "SLTDK", &move, NULL));
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_UCI, uci), ==, "b1c3");
  g_assert_true (chess_move_parse_letters (&board, "e4", "SLTDK", &move, NULL));
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_UCI, uci), ==, "e2e4");
  /* With English letters it is plain parsing: S is no piece there. */
  g_assert_false (chess_move_parse_letters (&board, "Sf3", "NBRQK", &move, &error));
  g_assert_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_SYNTAX);
  g_clear_error (&error);
  /* The error speaks of the move in the player's letters: "Df4" is a queen. */
  g_assert_false (chess_move_parse_letters (&board, "Df4", "SLTDK", &move, &error));
  g_assert_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_CANNOT_MOVE);
  g_clear_error (&error);

  /* French: R is the king (roi), T the rook (tour). */
  g_assert_true (chess_board_from_fen (&board, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", NULL));
  g_assert_true (chess_move_parse_letters (&board, "Rf1", "CFTDR", &move, NULL));
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_UCI, uci), ==, "e1f1");
  g_assert_true (chess_move_parse_letters (&board, "Ta2", "CFTDR", &move, NULL));
  g_assert_cmpstr (chess_move_format (&board, move, CHESS_NOTATION_UCI, uci), ==, "a1a2");
}

static void
test_sloppy (void)
{
  assert_parses_as (CHESS_START_FEN, "e4", "e2e4");
  assert_parses_as (CHESS_START_FEN, "Pe4", "e2e4");
  assert_parses_as (CHESS_START_FEN, "e2e4", "e2e4");
  assert_parses_as (CHESS_START_FEN, "e2-e4", "e2e4");
  assert_parses_as (CHESS_START_FEN, "Pe2-e4", "e2e4");
  assert_parses_as (CHESS_START_FEN, " e4 ", "e2e4");
  assert_parses_as (CHESS_START_FEN, "e4!?", "e2e4");
  assert_parses_as (CHESS_START_FEN, "e4!!", "e2e4");
  assert_parses_as (CHESS_START_FEN, "e4?", "e2e4");
  assert_parses_as (CHESS_START_FEN, "e4+", "e2e4");
  assert_parses_as (CHESS_START_FEN, "e4#", "e2e4");
  assert_parses_as (CHESS_START_FEN, "Nf3", "g1f3");
  assert_parses_as (CHESS_START_FEN, "nf3", "g1f3");
  assert_parses_as (CHESS_START_FEN, "Ngf3", "g1f3");
  assert_parses_as (CHESS_START_FEN, "N1f3", "g1f3");
  assert_parses_as (CHESS_START_FEN, "Ng1f3", "g1f3");
  assert_parses_as (CHESS_START_FEN, "Ng1-f3", "g1f3");
  assert_parses_as (CHESS_START_FEN, "\u2658f3", "g1f3");
  assert_parses_as (CHESS_START_FEN, "\u265ef3", "g1f3");
  assert_parses_as (CHESS_START_FEN, "Nf3+", "g1f3");

  assert_parses_as (SCANDI, "exd5", "e4d5");
  assert_parses_as (SCANDI, "ed5", "e4d5");
  assert_parses_as (SCANDI, "e4xd5", "e4d5");
  assert_parses_as (SCANDI, "e4:d5", "e4d5");
  assert_parses_as (SCANDI, "e4\u00d7d5", "e4d5");
  assert_parses_as (SCANDI, "e4d5", "e4d5");
  assert_parses_as (SCANDI, "Bb5", "f1b5");
  assert_parses_as (SCANDI, "Bb5+", "f1b5");
  assert_parses_as (SCANDI, "Bb5#", "f1b5");
  assert_parses_as (SCANDI, "Bf1-b5+", "f1b5");
  assert_parses_as (SCANDI, "Bfb5", "f1b5");

  assert_parses_as (CASTLES, "O-O", "e1g1");
  assert_parses_as (CASTLES, "0-0", "e1g1");
  assert_parses_as (CASTLES, "o-o", "e1g1");
  assert_parses_as (CASTLES, "O-O+", "e1g1");
  assert_parses_as (CASTLES, "O-O-O", "e1c1");
  assert_parses_as (CASTLES, "0-0-0", "e1c1");
  assert_parses_as (CASTLES, "e1g1", "e1g1");
  assert_parses_as (CASTLES, "e1c1", "e1c1");
  assert_parses_as (CASTLES, "Ke1-g1", "e1g1");
  assert_parses_as (CASTLES, "Kf1", "e1f1");

  assert_parses_as (PROMO, "e8=Q", "e7e8q");
  assert_parses_as (PROMO, "e8Q", "e7e8q");
  assert_parses_as (PROMO, "e8q", "e7e8q");
  assert_parses_as (PROMO, "e8(Q)", "e7e8q");
  assert_parses_as (PROMO, "e8/Q", "e7e8q");
  assert_parses_as (PROMO, "e8=Q+", "e7e8q");
  assert_parses_as (PROMO, "e7e8q", "e7e8q");
  assert_parses_as (PROMO, "e7-e8=Q", "e7e8q");
  assert_parses_as (PROMO, "e8=\u2655", "e7e8q");
  assert_parses_as (PROMO, "e8=N", "e7e8n");
  assert_parses_as (PROMO, "e8b", "e7e8b");
  assert_parses_as (PROMO, "e7e8r", "e7e8r");

  assert_parses_as (EP, "exd6", "e5d6");
  assert_parses_as (EP, "exd6 e.p.", "e5d6");
  assert_parses_as (EP, "exd6e.p.", "e5d6");
  assert_parses_as (EP, "exd6 ep", "e5d6");
  assert_parses_as (EP, "e5xd6ep", "e5d6");
  assert_parses_as (EP, "e5xd6 (ep)", "e5d6");
  assert_parses_as (EP, "ed6", "e5d6");
  assert_parses_as (EP, "e5d6", "e5d6");

  /* A capital B is a bishop, a small b a file. */
  assert_parses_as ("4k3/8/8/B7/8/2p5/1P6/4K3 w - - 0 1", "Bxc3", "a5c3");
  assert_parses_as ("4k3/8/8/B7/8/2p5/1P6/4K3 w - - 0 1", "bxc3", "b2c3");
}

static void
test_errors (void)
{
  assert_refused (CHESS_START_FEN, "xyz", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: 'xyz'");
  assert_refused (CHESS_START_FEN, "", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: ''");
  assert_refused (CHESS_START_FEN, "  ", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: ''");
  assert_refused (CHESS_START_FEN, "e9", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: 'e9'");
  assert_refused (CHESS_START_FEN, "Zf3", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: 'Zf3'");
  assert_refused (CHESS_START_FEN, "Nf3 please", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: 'Nf3 please'");
  assert_refused (CHESS_START_FEN, "\u00e9\u00e9", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: '\u00e9\u00e9'");
  assert_refused (CHESS_START_FEN, "pe4", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: 'pe4'");
  assert_refused (CHESS_START_FEN, "O-O-O-O", CHESS_MOVE_ERROR_SYNTAX, "Unrecognised move: 'O-O-O-O'");

  assert_refused (KNIGHTS, "Nd2", CHESS_MOVE_ERROR_AMBIGUOUS, "Nd2 is ambiguous: Nb1-d2 or Nf3-d2");
  assert_refused ("K7/8/k7/8/4Q2Q/8/8/7Q w - - 0 1", "Qe1", CHESS_MOVE_ERROR_AMBIGUOUS,
                  "Qe1 is ambiguous: Qh1-e1, Qe4-e1 or Qh4-e1");
  assert_refused ("K7/8/k7/8/4Q2Q/8/8/7Q w - - 0 1", "Qhe1", CHESS_MOVE_ERROR_AMBIGUOUS,
                  "Qhe1 is ambiguous: Qh1-e1 or Qh4-e1");
  assert_parses_as ("K7/8/k7/8/4Q2Q/8/8/7Q w - - 0 1", "Qh4e1", "h4e1");

  assert_refused (CHESS_START_FEN, "e3e4", CHESS_MOVE_ERROR_NO_PIECE, "There is no piece on e3");
  assert_refused (CHESS_START_FEN, "Ne2e4", CHESS_MOVE_ERROR_NO_PIECE, "There is no knight on e2");
  assert_refused (CHESS_START_FEN, "e7e5", CHESS_MOVE_ERROR_WRONG_SIDE, "It's not your turn");
  assert_refused (CHESS_START_FEN, "Ng1g3", CHESS_MOVE_ERROR_CANNOT_MOVE, "The knight on g1 can't move to g3");
  assert_refused (CHESS_START_FEN, "g1g3", CHESS_MOVE_ERROR_CANNOT_MOVE, "The knight on g1 can't move to g3");
  assert_refused (CHESS_START_FEN, "e2e5", CHESS_MOVE_ERROR_CANNOT_MOVE, "The pawn on e2 can't move to e5");
  assert_refused (CHESS_START_FEN, "Ne5", CHESS_MOVE_ERROR_CANNOT_MOVE, "No knight can move to e5");
  assert_refused (CHESS_START_FEN, "e5", CHESS_MOVE_ERROR_CANNOT_MOVE, "No pawn can move to e5");
  assert_refused (CHESS_START_FEN, "Bc4", CHESS_MOVE_ERROR_CANNOT_MOVE, "No bishop can move to c4");
  assert_refused (CHESS_START_FEN, "Nd2", CHESS_MOVE_ERROR_CANNOT_MOVE, "No knight can move to d2");
  assert_refused (CHESS_START_FEN, "Kf3", CHESS_MOVE_ERROR_CANNOT_MOVE, "The king can't move to f3");

  assert_refused ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", CHESS_MOVE_ERROR_KING_IN_CHECK,
                  "That move would leave your king in check");
  assert_refused ("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", CHESS_MOVE_ERROR_KING_IN_CHECK,
                  "That move would leave your king in check");
  assert_refused ("4k3/3r4/8/8/8/8/8/4K3 w - - 0 1", "Kd2", CHESS_MOVE_ERROR_KING_IN_CHECK,
                  "That move would leave your king in check");
  assert_refused ("4k3/4r3/8/8/8/8/8/R3K3 w - - 0 1", "Ra2", CHESS_MOVE_ERROR_KING_IN_CHECK,
                  "That move would leave your king in check");

  assert_refused ("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: the king has moved");
  assert_refused ("r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1", "O-O", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: the rook has moved");
  assert_refused ("r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: the rook has moved");
  assert_refused ("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: the king is in check");
  assert_refused ("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "O-O", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: there are pieces in the way");
  assert_refused ("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "O-O-O", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: there are pieces in the way");
  assert_refused ("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: the king would pass through an attacked square");
  assert_refused ("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: the king would end up in check");
  assert_refused ("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kg1", CHESS_MOVE_ERROR_CASTLING,
                  "Castling is not allowed: the king would end up in check");

  assert_refused (PROMO, "e8", CHESS_MOVE_ERROR_PROMOTION,
                  "Say which piece the pawn promotes to: add =Q, =R, =B or =N");
  assert_refused (PROMO, "e7e8", CHESS_MOVE_ERROR_PROMOTION,
                  "Say which piece the pawn promotes to: add =Q, =R, =B or =N");
  assert_refused (PROMO, "e8=K", CHESS_MOVE_ERROR_PROMOTION,
                  "A pawn can only promote to a queen, rook, bishop or knight");
  assert_refused (PROMO, "e8=P", CHESS_MOVE_ERROR_PROMOTION,
                  "A pawn can only promote to a queen, rook, bishop or knight");
  assert_refused (CHESS_START_FEN, "e4=Q", CHESS_MOVE_ERROR_PROMOTION,
                  "Only a pawn reaching the last rank can promote");
}

static void
test_check_squares (void)
{
  ChessBoard board;
  GError *error = NULL;

  chess_board_set_start (&board);
  g_assert_true (chess_move_check_squares (&board, 12, 28, &error));
  g_assert_no_error (error);
  g_assert_false (chess_move_check_squares (&board, 20, 28, &error));
  g_assert_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_NO_PIECE);
  g_assert_cmpstr (error->message, ==, "There is no piece on e3");
  g_clear_error (&error);
  g_assert_false (chess_move_check_squares (&board, 52, 36, &error));
  g_assert_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_WRONG_SIDE);
  g_clear_error (&error);
  g_assert_false (chess_move_check_squares (&board, 6, 22, &error));
  g_assert_cmpstr (error->message, ==, "The knight on g1 can't move to g3");
  g_clear_error (&error);
  g_assert_false (chess_move_check_squares (&board, 4, 6, NULL));

  g_assert_cmpstr (chess_piece_type_name (CHESS_KNIGHT), ==, "knight");
  g_assert_cmpstr (chess_piece_type_name (CHESS_PAWN), ==, "pawn");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/notation/format", test_format);
  g_test_add_func ("/notation/sloppy", test_sloppy);
  g_test_add_func ("/notation/parse-letters", test_parse_letters);
  g_test_add_func ("/notation/errors", test_errors);
  g_test_add_func ("/notation/check-squares", test_check_squares);
  g_test_add_func ("/notation/round-trip", test_round_trip);
  return g_test_run ();
}
