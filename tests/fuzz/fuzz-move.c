/* fuzz-move.c — libFuzzer target: any text read as a move in a few
 * positions (the first byte picks one). An accepted move must be legal and
 * format back to text that parses to the same move; a refused one must say
 * why. The next two bytes also go to chess_move_check_squares. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-board.h"
#include "chess-notation.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const positions[] = {
  CHESS_START_FEN,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
  "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
  "K7/8/k7/8/4Q2Q/8/8/7Q w - - 0 1",
  "4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1",
  "8/4P3/k7/8/8/8/8/4K3 w - - 0 1",
};

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const ChessNotation notations[] = {
    CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_UCI, CHESS_NOTATION_FIGURINE,
  };
  ChessBoard board;
  ChessMove move = CHESS_MOVE_NONE;
  GError *error = NULL;
  char *text;

  if (size < 1 || size > 1024)
    return 0;
  if (!chess_board_from_fen (&board, positions[data[0] % G_N_ELEMENTS (positions)], NULL))
    abort ();

  if (size >= 3)
    {
      bool ok = chess_move_check_squares (&board, data[1] % 64, data[2] % 64, &error);
      if (ok != (error == NULL))
        abort ();
      g_clear_error (&error);
    }

  text = g_strndup ((const char *) data + 1, size - 1);
  if (chess_move_parse (&board, text, &move, &error))
    {
      if (error != NULL || !chess_board_is_legal (&board, move))
        abort ();
      for (size_t n = 0; n < G_N_ELEMENTS (notations); n++)
        {
          char out[CHESS_MOVE_TEXT_MAX];
          ChessMove again;

          chess_move_format (&board, move, notations[n], out);
          if (!chess_move_parse (&board, out, &again, NULL) || again != move)
            abort ();
        }
    }
  else
    {
      if (error == NULL || error->domain != CHESS_MOVE_ERROR || error->message[0] == '\0'
          || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      g_error_free (error);
    }
  g_free (text);
  return 0;
}
