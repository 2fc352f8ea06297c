/* fuzz-fen.c — libFuzzer target: any text read as a FEN. An accepted FEN
 * must give a consistent board that writes back to a FEN reading the same,
 * and whose legal moves all format and parse back. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-board.h"
#include "chess-notation.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const ChessNotation notations[] = {
    CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_UCI, CHESS_NOTATION_FIGURINE,
  };
  char *text;
  GError *error = NULL;
  ChessBoard board, again;
  ChessMoveList list;
  char fen[CHESS_FEN_MAX], fen2[CHESS_FEN_MAX];

  if (size > 4096)
    return 0;
  text = g_strndup ((const char *) data, size);
  if (!chess_board_from_fen (&board, text, &error))
    {
      if (error == NULL || error->domain != CHESS_FEN_ERROR || error->message[0] == '\0')
        abort ();
      g_error_free (error);
      g_free (text);
      return 0;
    }
  g_free (text);

  if (!chess_board_is_ok (&board))
    abort ();
  chess_board_to_fen (&board, fen);
  if (!chess_board_from_fen (&again, fen, NULL))
    abort ();
  if (strcmp (chess_board_to_fen (&again, fen2), fen) != 0 || again.key != board.key)
    abort ();

  chess_board_generate_legal (&board, &list);
  for (int i = 0; i < list.count; i++)
    {
      ChessBoard after = board;
      ChessUndo undo;

      for (size_t n = 0; n < G_N_ELEMENTS (notations); n++)
        {
          char move_text[CHESS_MOVE_TEXT_MAX];
          ChessMove parsed;

          chess_move_format (&board, list.moves[i], notations[n], move_text);
          if (!chess_move_parse (&board, move_text, &parsed, NULL) || parsed != list.moves[i])
            abort ();
        }
      chess_board_make (&after, list.moves[i], &undo);
      if (!chess_board_is_ok (&after))
        abort ();
      chess_board_unmake (&after, list.moves[i], &undo);
      if (memcmp (&after, &board, sizeof after) != 0)
        abort ();
    }
  chess_perft (&board, 2);
  return 0;
}
