/* chess-uci-server.h — the built-in engine behind the UCI protocol, fed one
 * line at a time: `thinkchess-cli uci` feeds it standard input, the fuzz
 * target a buffer.
 *
 * Commands run in the order they are read, in a worker thread: a `position`,
 * `go`, `setoption` or `ucinewgame` read during a search waits for it to end,
 * so searches written at once are all answered, each in its own position.
 * `stop`, `ponderhit`, `isready` and `quit` act when read: `stop` and
 * `ponderhit` on every `go` read before them (the running one and those
 * still waiting), `isready` at once during a search, otherwise once the
 * commands before it are done. Every `go` gets exactly one `bestmove`. */
#pragma once

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

G_BEGIN_DECLS

typedef struct ChessUciServer ChessUciServer;

/* Sends one line (without its newline). Called from the server's threads,
 * one line at a time. */
typedef void (*ChessUciWriteFunc) (const char *line,
                                   void       *user_data);

typedef struct
{
  int      hash_mb;       /* the table's size at start */
  int      max_hash_mb;   /* the most "setoption name Hash" offers */
  uint64_t max_nodes;     /* caps every search (0: no cap); for fuzzing */
} ChessUciServerConfig;

/* NULL when out of memory. */
ChessUciServer *chess_uci_server_new   (const ChessUciServerConfig *config,
                                        ChessUciWriteFunc           write,
                                        void                       *user_data);
/* One line from the GUI: `length` bytes, which may hold NULs, with a NUL
 * after them. FALSE once it was `quit`: read no more. */
gboolean        chess_uci_server_input (ChessUciServer             *self,
                                        const char                 *line,
                                        size_t                      length);
/* The end of the input (or after `quit`): stops the searches, answers each
 * `go` still waiting at once, and frees the server. */
void            chess_uci_server_free  (ChessUciServer             *self);

G_END_DECLS
