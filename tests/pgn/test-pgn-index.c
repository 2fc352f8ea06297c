/* test-pgn-index.c — the game list, found from tags alone. */
#include "config.h"

#include <string.h>

#include "chess-pgn.h"

static const char file_text[] =
  "\xEF\xBB\xBF; a file comment\n"
  "[Event \"First\"]\n"
  "[White \"Smith, \\\"J\\\"\"]\n"
  "[Black \"Jones\"]\n"
  "[Result \"1-0\"]\n"
  "[Date \"2024.01.02\"]\n"
  "[Site \"Wijk aan Zee NED\"]\n"
  "[Round \"4.2\"]\n"
  "\n"
  "1. e4 {a comment with [Event \"fake\"] and 1-0 in it} e5 (1... c5 0-1) 2. Nf3 1-0\n"
  "\n"
  "some garbage between games ####\n"
  "{A comment between games: 1. e4 1-0}\n"
  "[Event \"Second\"]\n"
  "[White \"M\xFCller\"]\n"
  "\n"
  "1. d4 d5\n"                      /* no result: the next tag starts a game */
  "[Event \"Third\"]\n"
  "[Black \"Unclosed\"]\n"
  "\n"
  "1. c4 {this comment is never closed\n"
  "\n"
  "[Event \"Fourth\"]\n"
  "[Result \"*\"]\n"
  "\n"
  "1. Nf3 *\n"
  "1. e2-e4 e7-e5\n"                /* a history file's game: no tags */
  "2. Ng1-f3\n"
  "1/2-1/2\n";

static void
test_index (void)
{
  gsize length = sizeof file_text - 1;
  g_autoptr(GPtrArray) index = chess_pgn_index (file_text, length);
  const ChessPgnIndexEntry *e;

  g_assert_cmpuint (index->len, ==, 5);

  e = g_ptr_array_index (index, 0);
  g_assert_cmpuint (e->number, ==, 1);
  g_assert_cmpuint (e->line, ==, 2);
  g_assert_cmpstr (e->event, ==, "First");
  g_assert_cmpstr (e->white, ==, "Smith, \"J\"");
  g_assert_cmpstr (e->black, ==, "Jones");
  g_assert_cmpstr (e->result, ==, "1-0");
  g_assert_cmpstr (e->date, ==, "2024.01.02");
  g_assert_cmpstr (e->site, ==, "Wijk aan Zee NED");
  g_assert_cmpstr (e->round, ==, "4.2");
  g_assert_true (g_str_has_prefix (file_text + e->offset, "[Event \"First\"]"));

  e = g_ptr_array_index (index, 1);
  g_assert_cmpstr (e->event, ==, "Second");
  g_assert_cmpstr (e->white, ==, "M\xC3\xBCller");
  g_assert_cmpstr (e->black, ==, "");
  g_assert_cmpstr (e->result, ==, "");
  g_assert_cmpstr (e->site, ==, "");
  g_assert_cmpstr (e->round, ==, "");
  g_assert_cmpuint (e->line, ==, 14);

  e = g_ptr_array_index (index, 2);
  g_assert_cmpstr (e->event, ==, "Third");
  g_assert_cmpuint (e->line, ==, 18);
  e = g_ptr_array_index (index, 3);
  g_assert_cmpstr (e->event, ==, "Fourth");
  g_assert_cmpuint (e->line, ==, 23);
  e = g_ptr_array_index (index, 4);
  g_assert_cmpstr (e->event, ==, "");
  g_assert_cmpuint (e->line, ==, 27);
  g_assert_true (g_str_has_prefix (file_text + e->offset, "1. e2-e4"));

  /* The entries cover the file without overlapping. */
  for (guint i = 0; i + 1 < index->len; i++)
    {
      const ChessPgnIndexEntry *a = g_ptr_array_index (index, i);
      const ChessPgnIndexEntry *b = g_ptr_array_index (index, i + 1);
      g_assert_cmpuint (a->offset + a->length, ==, b->offset);
    }
  e = g_ptr_array_index (index, index->len - 1);
  g_assert_cmpuint (e->offset + e->length, ==, length);

  /* Each game opens on its own; the broken one fails alone, and says where. */
  const guint moves[] = { 3, 2, 0, 1, 3 };
  for (guint i = 0; i < index->len; i++)
    {
      g_autoptr(GError) error = NULL;
      ChessPgnLocation where = { 0, 0 };
      g_autoptr(ChessPgnGame) game = chess_pgn_parse_entry (file_text, length,
                                                            g_ptr_array_index (index, i),
                                                            &where, &error);
      if (i == 2)
        {
          g_assert_null (game);
          g_assert_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_SYNTAX);
          g_assert_cmpuint (where.line, ==, 21);
          g_assert_cmpuint (where.column, ==, 7);
          g_assert_nonnull (strstr (error->message, "game 3 (? – Unclosed)"));
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (game->line.n_moves, ==, moves[i]);
    }
}

static void
test_index_empty (void)
{
  g_autoptr(GPtrArray) none = chess_pgn_index ("", 0);
  g_autoptr(GPtrArray) null = chess_pgn_index (NULL, 0);
  g_autoptr(GPtrArray) garbage = chess_pgn_index ("hello world\n\x01\x02\xff ]]] {", 20);

  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (null->len, ==, 0);
  g_assert_cmpuint (garbage->len, ==, 0);
}

static void
test_index_real_file (void)
{
  const char *dir = g_getenv ("PGN_TEST_DATA");
  g_autofree char *path = NULL;
  g_autoptr(GMappedFile) file = NULL;

  if (dir == NULL)
    {
      g_test_skip ("PGN_TEST_DATA not set");
      return;
    }
  path = g_build_filename (dir, "Korchnoi.pgn", NULL);
  file = g_mapped_file_new (path, FALSE, NULL);
  g_assert_nonnull (file);

  g_autoptr(GPtrArray) index = chess_pgn_index (g_mapped_file_get_contents (file),
                                                g_mapped_file_get_length (file));
  g_assert_cmpuint (index->len, ==, 4567);
  const ChessPgnIndexEntry *e = g_ptr_array_index (index, 0);
  g_assert_cmpstr (e->white, ==, "Kortschnoj, Viktor");
  g_assert_cmpstr (e->black, ==, "Zhukhovitsky, Samuel");
  g_assert_cmpstr (e->result, ==, "1-0");
  g_assert_cmpstr (e->date, ==, "1950.??.??");
  g_assert_cmpstr (e->event, ==, "URS-ch sf");
}

/* A program or an image is "not a PGN file"; text in any encoding is. */
static void
test_looks_binary (void)
{
  static const char utf8[] = "[White \"Åke\"]\n\n1. e4 {Schön} e5 *\n";
  static const char latin1[] = "[White \"\xC5ke\"]\r\n\r\n1. e4 {Sch\xF6n}\f e5\t*\r\n";
  static const char one_stray[] = "1. e4 \x1A e5 *\n";
  static const char elf[] = "\x7F" "ELF\x02\x01\x01\0\0\0\0";
  char noise[4096];
  guint32 state = 12345;

  g_assert_false (chess_pgn_looks_binary (utf8, strlen (utf8)));
  g_assert_false (chess_pgn_looks_binary (latin1, strlen (latin1)));
  g_assert_false (chess_pgn_looks_binary (one_stray, strlen (one_stray)));
  g_assert_false (chess_pgn_looks_binary ("", 0));
  /* A NUL inside a game is that game's problem, not the file's. */
  g_assert_false (chess_pgn_looks_binary ("[White \"X\"]\n\n1. e4 \0 *\n\n[White \"Y\"]\n\n1. d4 *\n", 40));
  g_assert_true (chess_pgn_looks_binary (elf, sizeof elf - 1));
  /* Random bytes with no NUL among them: the control characters tell. */
  for (gsize i = 0; i < sizeof noise; i++)
    {
      state = state * 1103515245 + 12345;
      noise[i] = (char) ((state >> 16) % 255 + 1);
    }
  g_assert_true (chess_pgn_looks_binary (noise, sizeof noise));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pgn/index/games", test_index);
  g_test_add_func ("/pgn/index/empty", test_index_empty);
  g_test_add_func ("/pgn/index/real-file", test_index_real_file);
  g_test_add_func ("/pgn/index/looks-binary", test_looks_binary);

  return g_test_run ();
}
