/* chess-puzzle-bundled.c — the puzzle set built into the program
 * (data/puzzles/puzzles.epd, a GResource of the model library). */
#include "config.h"

#include <gio/gio.h>

#include "chess-puzzle.h"
#include "chess-puzzle-resources.h"

#define BUNDLED_PATH "/io/github/thinkchess/ThinkChess/puzzles/puzzles.epd"

GPtrArray *
chess_puzzle_set_load_bundled (GError **error)
{
  g_autoptr (GBytes) bytes = g_resource_lookup_data (chess_puzzles_get_resource (), BUNDLED_PATH,
                                                           G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return chess_puzzle_set_parse (data, length, "puzzles.epd", error);
}
