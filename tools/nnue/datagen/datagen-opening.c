/* datagen-opening.c — random, balanced starts for the self-play games. */
#include "config.h"

#include <stdlib.h>

#include "chess-pgn.h"
#include "datagen-opening.h"

/* A book position is taken from this stretch of its game: past the first
 * moves every game shares, before the middlegame has decided much. */
#define BOOK_FIRST_PLY 8
#define BOOK_LAST_PLY 20

/* The quick search that judges an opening: a few thousand nodes see a
 * hanging piece or a mate, which is all it is for. */
#define CHECK_NODES 4000
#define CHECK_MAX_SCORE 300

/* Random moves from the standard start are kept about nine times in ten;
 * a book of mostly unusable games (too short, bad moves) may need many
 * picks. Past this many tries the book or the settings are to blame. */
#define MAX_TRIES 10000

struct ChessDatagenBook
{
  char      *data;
  gsize      length;
  GPtrArray *index;   /* ChessPgnIndexEntry */
};

ChessDatagenBook *
chess_datagen_book_load (const char  *path,
                         GError     **error)
{
  g_autoptr (ChessDatagenBook) book = g_new0 (ChessDatagenBook, 1);

  if (!g_file_get_contents (path, &book->data, &book->length, error))
    return NULL;
  if (chess_pgn_looks_binary (book->data, book->length))
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_NO_GAMES,
                   "%s is not a PGN file", path);
      return NULL;
    }
  book->index = chess_pgn_index (book->data, book->length);
  if (book->index->len == 0)
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_NO_GAMES,
                   "%s holds no games", path);
      return NULL;
    }
  return g_steal_pointer (&book);
}

void
chess_datagen_book_free (ChessDatagenBook *book)
{
  if (!book)
    return;
  g_clear_pointer (&book->index, g_ptr_array_unref);
  g_free (book->data);
  g_free (book);
}

/* Starts `line` at a random ply of a random game of `book`; FALSE when the
 * game picked is unreadable or too short. */
static gboolean
start_from_book (ChessDatagenRng        *rng,
                 const ChessDatagenBook *book,
                 ChessLine              *line)
{
  const ChessPgnIndexEntry *entry = g_ptr_array_index (book->index, chess_datagen_rng_below (rng, book->index->len));
  g_autoptr (ChessPgnGame) game = chess_pgn_parse_entry (book->data, book->length, entry, NULL, NULL);
  unsigned last, ply;

  if (!game || game->line.n_moves < BOOK_FIRST_PLY)
    return FALSE;
  last = MIN (BOOK_LAST_PLY, (unsigned) game->line.n_moves);
  ply = BOOK_FIRST_PLY + chess_datagen_rng_below (rng, last - BOOK_FIRST_PLY + 1);
  chess_line_init (line, &game->line.start);
  for (unsigned i = 0; i < ply; i++)
    {
      /* A null move ("--") is in a record, but no real game passes. */
      if (chess_move_is_null (game->line.moves[i]))
        {
          chess_line_clear (line);
          return FALSE;
        }
      chess_line_push (line, game->line.moves[i]);
    }
  return TRUE;
}

/* Plays `plies` moves chosen uniformly among the legal ones; FALSE when
 * the game ends on the way or at the end. */
static gboolean
play_random (ChessDatagenRng *rng,
             ChessLine       *line,
             int              plies)
{
  for (int i = 0; i < plies; i++)
    {
      ChessMoveList list;

      if (chess_board_generate_legal (&line->current, &list) == 0)
        return FALSE;
      chess_line_push (line, list.moves[chess_datagen_rng_below (rng, (unsigned) list.count)]);
    }
  return chess_line_status (line) == CHESS_STATUS_ONGOING
         && chess_line_claimable (line) == CHESS_CLAIM_NONE;
}

/* Whether neither side is clearly winning, by a quick search that starts
 * from nothing, so that the verdict depends on the position alone. */
static gboolean
is_balanced (ChessEngine     *checker,
             const ChessLine *line)
{
  ChessSearchLimits limits;
  ChessSearchResult result;

  chess_engine_clear (checker);
  chess_engine_set_position (checker, &line->start, line->moves, line->n_moves);
  chess_search_limits_init (&limits);
  limits.nodes = CHECK_NODES;
  result = chess_engine_search (checker, &limits, NULL, NULL);
  return abs (result.score) <= CHECK_MAX_SCORE;
}

gboolean
chess_datagen_opening (ChessDatagenRng        *rng,
                       const ChessDatagenBook *book,
                       int                     random_plies,
                       ChessEngine            *checker,
                       ChessLine              *line)
{
  /* A book position is already varied: half the random moves will do. */
  int plies = book ? random_plies / 2 : random_plies;

  for (int tries = 0; tries < MAX_TRIES; tries++)
    {
      if (book)
        {
          if (!start_from_book (rng, book, line))
            continue;
        }
      else
        {
          ChessBoard start;

          chess_board_set_start (&start);
          chess_line_init (line, &start);
        }
      if (play_random (rng, line, plies) && is_balanced (checker, line))
        return TRUE;
      chess_line_clear (line);
    }
  return FALSE;
}
