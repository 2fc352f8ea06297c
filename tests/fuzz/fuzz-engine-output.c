/* fuzz-engine-output.c — libFuzzer target: any text read as engine output,
 * line by line, in both protocols, and as an xboard option. Whatever a line
 * is read as must be self-consistent. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "chess-external-output.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_line (const ChessExternalLine *line)
{
  switch (line->kind)
    {
    case CHESS_EXTERNAL_LINE_ID_NAME:
    case CHESS_EXTERNAL_LINE_ID_AUTHOR:
    case CHESS_EXTERNAL_LINE_ERROR:
      g_assert (line->text != NULL && g_utf8_validate (line->text, -1, NULL));
      break;
    case CHESS_EXTERNAL_LINE_OPTION:
      g_assert (line->option->name && *line->option->name);
      g_assert (line->option->type != CHESS_EXTERNAL_OPTION_SPIN || line->option->min <= line->option->max);
      break;
    case CHESS_EXTERNAL_LINE_BESTMOVE:
    case CHESS_EXTERNAL_LINE_MOVE:
      g_assert (line->move != NULL && *line->move);
      break;
    case CHESS_EXTERNAL_LINE_INFO:
      g_assert (line->info != NULL);
      g_assert (!(line->info->has & CHESS_PLAYER_INFO_HAS_PV) || (line->pv != NULL && line->pv[0] != NULL));
      g_assert (!(line->info->has & CHESS_PLAYER_INFO_HAS_DEPTH) || line->info->depth >= 0);
      break;
    case CHESS_EXTERNAL_LINE_FEATURES:
      g_assert (line->feature_names->len > 0 && line->feature_names->len == line->feature_values->len);
      break;
    case CHESS_EXTERNAL_LINE_RESULT:
      g_assert (line->text != NULL);
      break;
    default:
      break;
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  size_t start = 0;

  if (size > 1 << 20)
    return 0;
  for (size_t i = 0; i <= size; i++)
    {
      if (i < size && text[i] != '\n')
        continue;
      for (int protocol = 0; protocol < 2; protocol++)
        {
          ChessExternalLine line;

          chess_external_parse_line ((ChessExternalProtocol) protocol, text + start, i - start, &line);
          check_line (&line);
          chess_external_line_clear (&line);
        }
      {
        char *copy = g_strndup (text + start, i - start);
        ChessExternalOption *option = chess_external_parse_xboard_option (copy);

        g_assert (option == NULL || (option->name && *option->name));
        chess_external_option_free (option);
        g_free (copy);
      }
      start = i + 1;
    }
  return 0;
}
