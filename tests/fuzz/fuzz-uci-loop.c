/* fuzz-uci-loop.c — libFuzzer target: any text fed, line by line, to the
 * real UCI server loop (chess-uci-server.c), threads and searches included,
 * with searches capped in nodes and the hash kept small. Checks that every
 * `go` is answered by exactly one `bestmove`, however the commands around
 * it go, and that every line sent is one valid UTF-8 line. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-uci-parse.h"
#include "chess-uci-server.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
count_bestmoves (const char *line, void *user_data)
{
  int *bestmoves = user_data;

  if (strchr (line, '\n') || !g_utf8_validate (line, -1, NULL))
    abort ();
  if (g_str_has_prefix (line, "bestmove "))
    (*bestmoves)++;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const ChessUciServerConfig config = { .hash_mb = 1, .max_hash_mb = 2, .max_nodes = 2000 };
  ChessUciServer *server;
  int bestmoves = 0, gos = 0;
  size_t start = 0;

  if (size > 1 << 14)
    return 0;
  server = chess_uci_server_new (&config, count_bestmoves, &bestmoves);
  if (!server)
    abort ();
  while (start < size)
    {
      const uint8_t *newline = memchr (data + start, '\n', size - start);
      size_t end = newline ? (size_t) (newline - data) + 1 : size;
      char *line = g_strndup ((const char *) data + start, end - start);
      ChessUciCommandType type;
      gboolean more;

      /* g_strndup stops at a NUL; the server is given the bytes as read. */
      memcpy (line, data + start, end - start);
      if (chess_uci_command_type (line, &type) && type == CHESS_UCI_GO)
        gos++;
      more = chess_uci_server_input (server, line, end - start);
      g_free (line);
      start = end;
      if (!more)
        break;
    }
  chess_uci_server_free (server);
  /* The writer is called from the server's threads, all joined by now. */
  if (bestmoves != gos)
    abort ();
  return 0;
}
