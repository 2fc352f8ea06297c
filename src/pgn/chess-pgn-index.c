/* chess-pgn-index.c — the game list of a PGN file, from its tags alone.
 *
 * Games are found by their shape, not by reading their moves: a game starts
 * at a tag ('[Name "') or, between games, at a move number (the tutorial's
 * history files have no tags), and ends at its result or where the next
 * one starts. Comments are skipped whole, so a '[' or "1-0" inside one
 * changes nothing; a comment left open is cut short where a blank line is
 * followed by a tag, so one broken game does not swallow the file.
 */
#include "config.h"

#include <string.h>

#include "chess-pgn-private.h"

void
chess_pgn_index_entry_free (ChessPgnIndexEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->white);
  g_free (entry->black);
  g_free (entry->result);
  g_free (entry->date);
  g_free (entry->event);
  g_free (entry->site);
  g_free (entry->round);
  g_free (entry);
}

static inline gboolean
is_symbol (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '+' || c == '#' || c == '='
         || c == ':' || c == '-' || c == '/';
}

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

typedef struct
{
  const char         *d;
  gsize               n;
  GPtrArray          *games;
  ChessPgnIndexEntry *current;
} Index;

/* TRUE when d[p] starts '[Name "'. */
static gboolean
looks_like_tag (const Index *ix,
                gsize        p)
{
  const char *d = ix->d;
  gsize n = ix->n;

  if (p >= n || d[p] != '[')
    return FALSE;
  p++;
  while (p < n && is_blank (d[p]))
    p++;
  if (p >= n || !g_ascii_isalnum (d[p]))
    return FALSE;
  while (p < n && is_symbol (d[p]))
    p++;
  while (p < n && is_blank (d[p]))
    p++;
  return p < n && d[p] == '"';
}

static void
start_game (Index *ix,
            gsize  offset,
            guint  line)
{
  if (ix->current != NULL)
    ix->current->length = offset - ix->current->offset;
  ChessPgnIndexEntry *e = g_new0 (ChessPgnIndexEntry, 1);
  e->number = ix->games->len + 1;
  e->offset = offset;
  e->line = line;
  g_ptr_array_add (ix->games, e);
  ix->current = e;
}

/* Reads the tag at d[p] ('['), keeping the seven the list shows. Returns
 * where it ends. */
static gsize
read_tag (Index *ix,
          gsize  p)
{
  const char *d = ix->d;
  gsize n = ix->n;

  p++;
  while (p < n && is_blank (d[p]))
    p++;
  gsize name = p;
  while (p < n && is_symbol (d[p]))
    p++;
  gsize name_len = p - name;
  while (p < n && is_blank (d[p]))
    p++;
  if (p >= n || d[p] != '"')
    return p;
  gsize value = ++p;
  while (p < n && d[p] != '"' && d[p] != '\n')
    p += (d[p] == '\\' && p + 1 < n && d[p + 1] != '\n') ? 2 : 1;
  if (p >= n || d[p] != '"')
    return p;

  char **slot = NULL;
  const char *s = d + name;
  ChessPgnIndexEntry *e = ix->current;
  if (name_len == 5 && memcmp (s, "White", 5) == 0)
    slot = &e->white;
  else if (name_len == 5 && memcmp (s, "Black", 5) == 0)
    slot = &e->black;
  else if (name_len == 6 && memcmp (s, "Result", 6) == 0)
    slot = &e->result;
  else if (name_len == 4 && memcmp (s, "Date", 4) == 0)
    slot = &e->date;
  else if (name_len == 5 && memcmp (s, "Event", 5) == 0)
    slot = &e->event;
  else if (name_len == 4 && memcmp (s, "Site", 4) == 0)
    slot = &e->site;
  else if (name_len == 5 && memcmp (s, "Round", 5) == 0)
    slot = &e->round;
  if (slot != NULL)
    {
      g_free (*slot);
      *slot = chess_pgn_unescape (d + value, p - value);
    }
  p++;
  while (p < n && is_blank (d[p]))
    p++;
  if (p < n && d[p] == ']')
    p++;
  return p;
}

/* What ends a run of uninteresting movetext: line ends (counted), escape
 * lines, tags, comments, variations and the first characters of results. */
static const guint8 moves_stop[256] = {
  ['\n'] = 1, ['%'] = 1, ['['] = 1, ['{'] = 1, [';'] = 1, ['('] = 1, [')'] = 1,
  ['*'] = 1, ['0'] = 1, ['1'] = 1,
};

gboolean
chess_pgn_looks_binary (const char *data,
                        gsize       length)
{
  gsize n = MIN (length, 64 * 1024);
  gsize controls = 0;

  if (data == NULL)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      guchar c = (guchar) data[i];

      /* Tabs, line ends and form feeds are text; NUL, the other C0
       * controls and DEL are not, yet a stray byte in a game (which the
       * reader reports there) does not make the file binary. */
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7f)
        controls++;
    }
  return controls >= 4 && controls * 100 > n;
}

GPtrArray *
chess_pgn_index (const char *data,
                 gsize       length)
{
  enum { BETWEEN, TAGS, MOVES } state = BETWEEN;
  Index ix = { data, length, g_ptr_array_new_with_free_func ((GDestroyNotify) chess_pgn_index_entry_free), NULL };
  const char *d = data;
  gsize n = data != NULL ? length : 0;
  gsize p = 0;
  guint line = 1;
  guint depth = 0;   /* of variations: a result inside one ends nothing */

  if (n >= 3 && memcmp (d, "\xEF\xBB\xBF", 3) == 0)
    p = 3;
  gsize begin = p;

  while (p < n)
    {
      /* In movetext only a few characters matter: skip the rest fast. */
      if (state == MOVES)
        while (p < n && !moves_stop[(guchar) d[p]])
          p++;
      if (p >= n)
        break;

      char c = d[p];

      if (c == '\n')
        {
          line++;
          p++;
          continue;
        }
      if (is_blank (c))
        {
          p++;
          continue;
        }
      if (c == '%' && (p == begin || d[p - 1] == '\n' || d[p - 1] == '\r'))
        {
          const char *nl = memchr (d + p, '\n', n - p);
          p = nl != NULL ? (gsize) (nl - d) : n;
          continue;
        }

      switch (state)
        {
        case BETWEEN:
          if (c == '[' && looks_like_tag (&ix, p))
            {
              start_game (&ix, p, line);
              state = TAGS;
              depth = 0;
              p = read_tag (&ix, p);
            }
          else if (c == '{' || c == ';')
            {
              /* A comment between games belongs to none: skip it whole, so
               * that the numbers in it start no game. */
              char close = c == '{' ? '}' : '\n';
              gsize q = p + 1;
              while (q < n && d[q] != close)
                {
                  if (d[q] == '\n')
                    line++;
                  q++;
                }
              p = c == '{' && q < n ? q + 1 : q;
            }
          else if (g_ascii_isdigit (c))
            {
              start_game (&ix, p, line);
              state = MOVES;
              depth = 0;
            }
          else
            p++;   /* garbage between games */
          break;

        case TAGS:
          if (c == '[')
            {
              if (looks_like_tag (&ix, p))
                p = read_tag (&ix, p);
              else
                p++;
            }
          else
            state = MOVES;
          break;

        case MOVES:
          if (c == '[' && looks_like_tag (&ix, p))
            {
              /* A new game where this one had no result. */
              start_game (&ix, p, line);
              state = TAGS;
              depth = 0;
              p = read_tag (&ix, p);
            }
          else if (c == '{')
            {
              /* Skip the comment; an unclosed one ends at a blank line
               * followed by a tag. */
              gsize q = p + 1;
              gboolean blank = FALSE;
              while (q < n && d[q] != '}')
                {
                  if (d[q] == '\n')
                    {
                      line++;
                      if (blank && looks_like_tag (&ix, q + 1))
                        {
                          q++;
                          break;
                        }
                      blank = TRUE;
                    }
                  else if (!is_blank (d[q]))
                    blank = FALSE;
                  q++;
                }
              if (q < n && d[q] == '}')
                q++;
              p = q;
            }
          else if (c == ';')
            {
              const char *nl = memchr (d + p, '\n', n - p);
              p = nl != NULL ? (gsize) (nl - d) : n;
            }
          else if (c == '(' || c == ')')
            {
              depth = c == '(' ? depth + 1 : MAX (depth, 1) - 1;
              p++;
            }
          else if (c == '*' && depth == 0)
            {
              state = BETWEEN;
              p++;
            }
          else if ((c == '0' || c == '1') && (p == 0 || !is_symbol (d[p - 1])))
            {
              gsize q = p;
              while (q < n && is_symbol (d[q]))
                q++;
              if (depth == 0 && chess_pgn_is_result (d + p, q - p))
                state = BETWEEN;
              p = q;
            }
          else
            p++;
          break;
        }
    }

  if (ix.current != NULL)
    ix.current->length = n - ix.current->offset;

  for (guint i = 0; i < ix.games->len; i++)
    {
      ChessPgnIndexEntry *e = g_ptr_array_index (ix.games, i);
      char **fields[] = { &e->white, &e->black, &e->result, &e->date, &e->event,
                          &e->site, &e->round };
      for (gsize f = 0; f < G_N_ELEMENTS (fields); f++)
        if (*fields[f] == NULL)
          *fields[f] = g_strdup ("");
    }
  return ix.games;
}
