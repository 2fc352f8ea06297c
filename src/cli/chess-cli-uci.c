/* chess-cli-uci.c — `thinkchess-cli uci`: the built-in engine behind the
 * UCI protocol, for any chess GUI. Standard input feeds the server (see
 * chess-uci-server.h) line by line; its lines go to standard output. The
 * end of the input is taken as `quit`. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "chess-cli.h"
#include "chess-engine.h"
#include "chess-uci-server.h"

static void
write_stdout (const char *line, void *user_data)
{
  (void) user_data;
  fputs (line, stdout);
  putchar ('\n');
  fflush (stdout);
}

int
chess_cli_uci (int argc, char **argv)
{
  const ChessUciServerConfig config = {
    .hash_mb = CHESS_ENGINE_DEFAULT_HASH_MB,
    .max_hash_mb = CHESS_ENGINE_MAX_HASH_MB,
    .max_nodes = 0,
  };
  ChessUciServer *server;
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;

  (void) argc;
  (void) argv;
  server = chess_uci_server_new (&config, write_stdout, NULL);
  if (!server)
    {
      fprintf (stderr, "%s\n", _("Not enough memory for the engine."));
      return 1;
    }
  setvbuf (stdout, NULL, _IOFBF, 1 << 16);
  while ((len = getline (&line, &cap, stdin)) >= 0)
    if (!chess_uci_server_input (server, line, (size_t) len))
      break;
  chess_uci_server_free (server);
  free (line);
  return 0;
}
