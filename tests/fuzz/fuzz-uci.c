/* fuzz-uci.c — libFuzzer target: any text read as lines a UCI GUI sends to
 * `thinkchess-cli uci`. Every line is either refused with a message or
 * gives a command whose position and moves are legal. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-uci-parse.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text;
  char **lines;
  ChessBoard current;

  if (size > 1 << 16)
    return 0;
  chess_board_set_start (&current);
  text = g_strndup ((const char *) data, size);
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      ChessUciCommand cmd;
      GError *error = NULL;

      if (!chess_uci_parse (lines[i], &current, &cmd, &error))
        {
          if (error == NULL || error->domain != CHESS_UCI_ERROR || error->message[0] == '\0')
            abort ();
          g_error_free (error);
          continue;
        }
      if (error != NULL)
        abort ();
      if (cmd.type == CHESS_UCI_POSITION)
        {
          ChessBoard b = cmd.start;
          if (!chess_board_is_ok (&b))
            abort ();
          for (size_t m = 0; m < cmd.n_moves; m++)
            {
              ChessUndo u;
              if (!chess_board_is_legal (&b, cmd.moves[m]))
                abort ();
              chess_board_make (&b, cmd.moves[m], &u);
            }
          current = b;
        }
      else if (cmd.type == CHESS_UCI_GO)
        for (int m = 0; m < cmd.limits.n_search_moves; m++)
          if (!chess_board_is_legal (&current, cmd.limits.search_moves[m]))
            abort ();
      if (cmd.type == CHESS_UCI_SETOPTION && (cmd.option_name == NULL || cmd.option_name[0] == '\0'))
        abort ();
      chess_uci_command_clear (&cmd);
    }
  g_strfreev (lines);
  g_free (text);
  return 0;
}
