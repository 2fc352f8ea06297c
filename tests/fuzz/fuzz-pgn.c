/* fuzz-pgn.c — libFuzzer target for the PGN reader: the index, every game
 * both ways (full parse and quick replay), and writing back what loaded:
 * the same tree (variations, comments, NAGs, commands) and the same text.
 * The lenient read of every game too: a game whenever the strict read has
 * one (the same), else a game with its problem or an error, and what it
 * keeps of a broken game writes out as a whole one. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "chess-pgn.h"
#include "../pgn/pgn-test-util.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The lenient read of entry `e`, against the strict one's outcome. */
static void
check_lenient (const char               *text,
               size_t                    size,
               const ChessPgnIndexEntry *e,
               const ChessPgnGame       *strict)
{
  GError *error = NULL;
  ChessPgnGame *game = chess_pgn_parse_entry_lenient (text, size, e, &error);

  if ((game == NULL) == (error == NULL))
    __builtin_trap ();
  if (game == NULL)
    {
      /* Only when there is nothing to show. */
      if (strict != NULL || (error->code != CHESS_PGN_ERROR_NO_GAMES && error->code != CHESS_PGN_ERROR_FEN))
        __builtin_trap ();
      g_error_free (error);
      return;
    }
  if (strict != NULL)
    {
      if (game->problem != NULL || game->cut_short || game->line.n_moves != strict->line.n_moves)
        __builtin_trap ();
      pgn_test_assert_same_tree (strict->tree, game->tree);
    }
  else if (game->problem == NULL || game->problem_at.line < e->line || game->problem_at.column < 1
           || !g_utf8_validate (game->problem->message, -1, NULL))
    __builtin_trap ();

  char *written = chess_pgn_game_to_string (game);
  ChessPgnGame *again = chess_pgn_parse_game (written, strlen (written), 1, NULL, NULL);
  if (again == NULL || again->line.n_moves != game->line.n_moves)
    __builtin_trap ();
  pgn_test_assert_same_tree (game->tree, again->tree);
  chess_pgn_game_free (again);
  g_free (written);
  chess_pgn_game_free (game);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *) data;
  GPtrArray *index = chess_pgn_index (text, size);

  for (guint i = 0; i < index->len && i < 64; i++)
    {
      const ChessPgnIndexEntry *e = g_ptr_array_index (index, i);
      GError *error = NULL;
      ChessPgnLocation where;
      ChessBoard final;
      guint plies;
      ChessPgnGame *game = chess_pgn_parse_entry (text, size, e, &where, &error);
      gboolean replayed = chess_pgn_replay_entry (text, size, e, &final, &plies, NULL, NULL);

      if ((game != NULL) != replayed)
        __builtin_trap ();
      check_lenient (text, size, e, game);
      if (game != NULL)
        {
          /* Every move read is legal (or a null move out of check), and
           * the quick replay ends where the full parse does. */
          ChessBoard board = game->line.start;
          char fen[CHESS_FEN_MAX], fen_final[CHESS_FEN_MAX];
          for (size_t m = 0; m < game->line.n_moves; m++)
            {
              ChessUndo undo;
              if (!chess_board_is_legal_or_null (&board, game->line.moves[m]))
                __builtin_trap ();
              chess_board_make (&board, game->line.moves[m], &undo);
            }
          if (!chess_board_is_ok (&board) || board.key != final.key || plies != game->line.n_moves
              || strcmp (chess_board_to_fen (&board, fen), chess_board_to_fen (&final, fen_final)) != 0)
            __builtin_trap ();

          /* What loaded writes out and reads back as the same game, node
           * by node, and writes the same text again. */
          char *written = chess_pgn_game_to_string (game);
          ChessPgnGame *again = chess_pgn_parse_game (written, strlen (written), 1, NULL, NULL);
          if (again == NULL || again->line.n_moves != game->line.n_moves)
            __builtin_trap ();
          pgn_test_assert_same_tree (game->tree, again->tree);
          char *rewritten = chess_pgn_game_to_string (again);
          if (strcmp (written, rewritten) != 0)
            __builtin_trap ();
          g_free (rewritten);
          chess_pgn_game_free (again);
          g_free (written);
          chess_pgn_game_free (game);
        }
      else
        g_error_free (error);
    }
  g_ptr_array_unref (index);

  ChessPgnGame *whole = chess_pgn_parse_game (text, size, 1, NULL, NULL);
  chess_pgn_game_free (whole);
  GError *error = NULL;
  ChessPgnGame *lenient = chess_pgn_parse_game_lenient (text, size, 1, &error);
  if ((lenient == NULL) == (error == NULL))
    __builtin_trap ();
  chess_pgn_game_free (lenient);
  g_clear_error (&error);
  return 0;
}
