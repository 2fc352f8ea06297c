/* chess-nnue-builtin.c — the evaluation network built into the program. */
#include "config.h"

#include <pthread.h>

#include "chess-nnue-builtin.h"

/* Written at build time by build-aux/embed-bytes.py from
 * data/nnue/thinkchess.nnue. */
extern const unsigned char chess_nnue_builtin_bytes[];
extern const size_t chess_nnue_builtin_bytes_size;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static ChessNnue *builtin;

static void
load_builtin (void)
{
  builtin = chess_nnue_load (chess_nnue_builtin_bytes, chess_nnue_builtin_bytes_size, NULL);
}

const ChessNnue *
chess_nnue_builtin (void)
{
  pthread_once (&once, load_builtin);
  return builtin;
}
