/* fuzz-puzzle.c — libFuzzer target: any text read as a puzzle set (EPD
 * lines). A line read is a puzzle whose solution is legal from its start
 * and ends on the solver's move, that writes back to a line reading the
 * same; a line refused says why and where; a set refused names its line. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-puzzle.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_puzzle (const ChessPuzzle *puzzle)
{
  ChessBoard board = puzzle->start;
  ChessPuzzle again;
  char *epd;

  if (puzzle->n_moves == 0 || puzzle->n_moves % 2 == 0 || puzzle->n_moves > CHESS_PUZZLE_MAX_MOVES
      || puzzle->id[0] == '\0')
    abort ();
  for (guint i = 0; i < puzzle->n_moves; i++)
    {
      ChessUndo undo;

      if (!chess_board_is_legal (&board, puzzle->moves[i]))
        abort ();
      chess_board_make (&board, puzzle->moves[i], &undo);
    }
  epd = chess_puzzle_to_epd (puzzle);
  if (!chess_puzzle_parse (epd, &again, NULL) || again.n_moves != puzzle->n_moves
      || memcmp (again.moves, puzzle->moves, sizeof (ChessMove) * puzzle->n_moves) != 0
      || again.start.key != puzzle->start.key || strcmp (again.id, puzzle->id) != 0
      || again.themes != puzzle->themes || again.rating != puzzle->rating)
    abort ();
  g_free (epd);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text;
  GError *error = NULL;
  GPtrArray *set;
  ChessPuzzle puzzle;

  if (size > 8192)
    return 0;
  text = g_strndup ((const char *) data, size);
  /* The first line alone. */
  if (chess_puzzle_parse (text, &puzzle, &error))
    check_puzzle (&puzzle);
  else if (error == NULL || error->message[0] == '\0')
    abort ();
  g_clear_error (&error);

  set = chess_puzzle_set_parse ((const char *) data, size, "fuzz.epd", &error);
  if (set != NULL)
    {
      for (guint i = 0; i < set->len; i++)
        check_puzzle (g_ptr_array_index (set, i));
      g_ptr_array_unref (set);
    }
  else if (error == NULL || strncmp (error->message, "fuzz.epd", 8) != 0)
    abort ();
  g_clear_error (&error);
  g_free (text);
  return 0;
}
