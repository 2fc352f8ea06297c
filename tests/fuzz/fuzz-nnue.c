/* fuzz-nnue.c — libFuzzer target: any bytes read as an evaluation network
 * file (UCI's EvalFile names one). A refused file must say why; an
 * accepted one must evaluate any position without a fault, whatever its
 * weights (sums that overflow wrap, as the format says).
 *
 * Each input is tried as it is, and then "grown": followed by copies of
 * itself up to the size its header asks for, so that inputs of a few
 * bytes reach the weights as well as the header checks. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-board.h"
#include "chess-nnue.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const fens[] = {
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
};

static uint32_t
le32 (const uint8_t *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16 | (uint32_t) p[3] << 24;
}

static void
try_file (const uint8_t *data, size_t size)
{
  const char *problem = NULL;
  ChessNnue *net = chess_nnue_load (data, size, &problem);

  if (net == NULL)
    {
      if (problem == NULL || problem[0] == '\0')
        abort ();
      return;
    }
  if (chess_nnue_buckets (net) < 1 || chess_nnue_buckets (net) > CHESS_NNUE_MAX_BUCKETS)
    abort ();
  for (size_t i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      ChessBoard board;
      ChessNnueAccumulator acc, after;
      ChessMoveList list;

      if (!chess_board_from_fen (&board, fens[i], NULL))
        abort ();
      chess_nnue_refresh (net, &board, &acc);
      (void) chess_nnue_evaluate (net, &acc, (ChessColor) board.side,
                                  __builtin_popcountll (board.by_color[0] | board.by_color[1]));
      chess_board_generate_legal (&board, &list);
      for (int m = 0; m < list.count; m++)
        {
          ChessBoard next = board;
          ChessUndo undo;

          chess_nnue_update (net, &acc, &after, &board, list.moves[m]);
          chess_board_make (&next, list.moves[m], &undo);
          (void) chess_nnue_evaluate (net, &after, (ChessColor) next.side,
                                      __builtin_popcountll (next.by_color[0] | next.by_color[1]));
        }
    }
  chess_nnue_free (net);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  size_t wanted = 0;
  uint8_t *grown;

  if (size > (size_t) CHESS_NNUE_FILE_SIZE_BUCKETS (CHESS_NNUE_MAX_BUCKETS))
    return 0;
  try_file (data, size);

  if (size < 12 || size == 0)
    return 0;
  if (le32 (data + 4) == CHESS_NNUE_VERSION)
    wanted = CHESS_NNUE_FILE_SIZE;
  else if (size >= 16 && le32 (data + 12) >= 1 && le32 (data + 12) <= CHESS_NNUE_MAX_BUCKETS)
    wanted = CHESS_NNUE_FILE_SIZE_BUCKETS (le32 (data + 12));
  if (wanted <= size)
    return 0;
  grown = malloc (wanted);
  if (grown == NULL)
    abort ();
  for (size_t done = 0; done < wanted; done += size)
    memcpy (grown + done, data, MIN (size, wanted - done));
  try_file (grown, wanted);
  free (grown);
  return 0;
}
