/* chess-pgn-lexer.c — splits PGN text into tokens, and the small text
 * helpers the reader, the index and the writer share. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chess-pgn-private.h"

enum
{
  C_OTHER = 0,
  C_SPACE,
  C_SYMBOL_START,   /* letters and digits */
  C_SYMBOL_MORE,    /* _ + # = : - /      */
};

/* Character classes: the lexer's inner loops are table look-ups.
 * (Range designators are a GNU C extension that GCC and Clang share.) */
static const guint8 char_class[256] = {
  [' '] = C_SPACE, ['\t'] = C_SPACE, ['\n'] = C_SPACE, ['\r'] = C_SPACE,
  ['\v'] = C_SPACE, ['\f'] = C_SPACE,
  ['a' ... 'z'] = C_SYMBOL_START, ['A' ... 'Z'] = C_SYMBOL_START,
  ['0' ... '9'] = C_SYMBOL_START,
  ['_'] = C_SYMBOL_MORE, ['+'] = C_SYMBOL_MORE, ['#'] = C_SYMBOL_MORE,
  ['='] = C_SYMBOL_MORE, [':'] = C_SYMBOL_MORE, ['-'] = C_SYMBOL_MORE,
  ['/'] = C_SYMBOL_MORE,
};

static inline guint8
cls (char c)
{
  return char_class[(guint8) c];
}

static inline gsize
skip_line (const char *d,
           gsize       p,
           gsize       end)
{
  const char *nl = memchr (d + p, '\n', end - p);
  return nl != NULL ? (gsize) (nl - d) + 1 : end;
}

void
chess_pgn_lexer_next (ChessPgnLexer *lex,
                      ChessPgnToken *t)
{
  const char *d = lex->data;
  gsize p = lex->pos;
  gsize end = lex->end;

  for (;;)
    {
      while (p < end && cls (d[p]) == C_SPACE)
        p++;
      /* An escape line: % in the first column hides the whole line. */
      if (p < end && d[p] == '%' && (p == lex->begin || d[p - 1] == '\n' || d[p - 1] == '\r'))
        {
          p = skip_line (d, p, end);
          continue;
        }
      break;
    }

  t->offset = t->start = p;
  t->value = 0;
  t->brace = FALSE;

  if (p >= end)
    {
      t->type = CHESS_PGN_TOKEN_EOF;
      t->end = p;
      lex->pos = p;
      return;
    }

  char c = d[p];

  if (cls (c) == C_SYMBOL_START)
    {
      gsize q = p + 1;
      while (q < end && cls (d[q]) >= C_SYMBOL_START)
        q++;
      t->type = CHESS_PGN_TOKEN_SYMBOL;
      t->end = q;
      /* "exd6e.p." and "exd6 e.p.": the en-passant mark is not part of the
       * move, and '.' would otherwise end the symbol. */
      if (q + 3 <= end && q - p >= 3 && d[q - 1] == 'e'
          && d[q - 2] >= '1' && d[q - 2] <= '8'
          && d[q] == '.' && d[q + 1] == 'p' && d[q + 2] == '.')
        {
          t->end = q - 1;
          q += 3;
        }
      else if (d[q - 1] >= '1' && d[q - 1] <= '8')
        {
          gsize r = q;
          while (r < end && (d[r] == ' ' || d[r] == '\t'))
            r++;
          if (r + 4 <= end && memcmp (d + r, "e.p.", 4) == 0)
            q = r + 4;
        }
      lex->pos = q;
      return;
    }

  switch (c)
    {
    case '[':
      t->type = CHESS_PGN_TOKEN_TAG_OPEN;
      p++;
      break;
    case ']':
      t->type = CHESS_PGN_TOKEN_TAG_CLOSE;
      p++;
      break;
    case '(':
      t->type = CHESS_PGN_TOKEN_VARIATION_OPEN;
      p++;
      break;
    case ')':
      t->type = CHESS_PGN_TOKEN_VARIATION_CLOSE;
      p++;
      break;
    case '*':
      t->type = CHESS_PGN_TOKEN_STAR;
      p++;
      break;
    case '.':
      t->type = CHESS_PGN_TOKEN_PERIOD;
      while (p < end && d[p] == '.')
        p++;
      break;
    case '"':
      {
        gsize q = p + 1;
        while (q < end && d[q] != '"' && d[q] != '\n')
          q += (d[q] == '\\' && q + 1 < end && d[q + 1] != '\n') ? 2 : 1;
        if (q < end && d[q] == '"')
          {
            t->type = CHESS_PGN_TOKEN_STRING;
            t->start = p + 1;
            t->end = q;
            p = q + 1;
          }
        else
          {
            t->type = CHESS_PGN_TOKEN_ERROR;
            t->value = CHESS_PGN_LEX_UNTERMINATED_STRING;
            p = q;
          }
      }
      break;
    case '{':
      {
        const char *close = memchr (d + p + 1, '}', end - p - 1);
        if (close != NULL)
          {
            t->type = CHESS_PGN_TOKEN_COMMENT;
            t->brace = TRUE;
            t->start = p + 1;
            t->end = close - d;
            p = t->end + 1;
          }
        else
          {
            t->type = CHESS_PGN_TOKEN_ERROR;
            t->value = CHESS_PGN_LEX_UNTERMINATED_COMMENT;
            p = end;
          }
      }
      break;
    case ';':
      {
        gsize q = skip_line (d, p, end);
        t->type = CHESS_PGN_TOKEN_COMMENT;
        t->start = p + 1;
        t->end = q;
        while (t->end > t->start && (d[t->end - 1] == '\n' || d[t->end - 1] == '\r'))
          t->end--;
        p = q;
      }
      break;
    case '$':
      {
        gsize q = p + 1;
        guint v = 0;
        while (q < end && d[q] >= '0' && d[q] <= '9' && q - p <= 4)
          v = v * 10 + (d[q++] - '0');
        t->end = q;
        if (q == p + 1 || v > 255 || (q < end && d[q] >= '0' && d[q] <= '9'))
          {
            while (q < end && d[q] >= '0' && d[q] <= '9')
              q++;
            t->end = q;
            t->type = CHESS_PGN_TOKEN_ERROR;
            t->value = CHESS_PGN_LEX_BAD_NAG;
          }
        else
          {
            t->type = CHESS_PGN_TOKEN_NAG;
            t->value = v;
          }
        p = q;
      }
      break;
    case '!':
    case '?':
      {
        gsize q = p;
        while (q < end && (d[q] == '!' || d[q] == '?'))
          q++;
        t->end = q;
        t->type = CHESS_PGN_TOKEN_SUFFIX;
        if (q - p == 1)
          t->value = c == '!' ? 1 : 2;
        else if (q - p == 2 && d[p] == d[p + 1])
          t->value = c == '!' ? 3 : 4;
        else if (q - p == 2)
          t->value = c == '!' ? 5 : 6;
        else
          {
            t->type = CHESS_PGN_TOKEN_ERROR;
            t->value = CHESS_PGN_LEX_BAD_SUFFIX;
          }
        p = q;
      }
      break;
    case '+':
    case '-':
    case '=':
      {
        /* Evaluation signs that some programs write instead of NAGs. */
        static const struct { const char *text; guint nag; } signs[] = {
          { "+/-", 16 }, { "-/+", 17 }, { "+/=", 14 }, { "=/+", 15 },
          { "+-", 18 }, { "-+", 19 }, { "+=", 14 }, { "=+", 15 }, { "=", 10 },
        };
        /* "--" alone is the null move: a symbol like any move. */
        if (c == '-' && p + 2 <= end && d[p + 1] == '-'
            && (p + 2 == end || cls (d[p + 2]) < C_SYMBOL_START))
          {
            t->type = CHESS_PGN_TOKEN_SYMBOL;
            t->end = p + 2;
            p += 2;
            break;
          }
        t->type = CHESS_PGN_TOKEN_ERROR;
        t->value = CHESS_PGN_LEX_BAD_CHARACTER;
        for (gsize i = 0; i < G_N_ELEMENTS (signs); i++)
          {
            gsize n = strlen (signs[i].text);
            if (p + n <= end && memcmp (d + p, signs[i].text, n) == 0
                && (p + n == end || cls (d[p + n]) < C_SYMBOL_START))
              {
                t->type = CHESS_PGN_TOKEN_SUFFIX;
                t->value = signs[i].nag;
                t->end = p + n;
                p += n;
                break;
              }
          }
        if (t->type == CHESS_PGN_TOKEN_ERROR)
          p++;
      }
      break;
    case '\xE2':
      /* "…" (U+2026) as in "12…Nf6": the three dots of a move number. */
      if (p + 3 <= end && d[p + 1] == '\x80' && d[p + 2] == '\xA6')
        {
          t->type = CHESS_PGN_TOKEN_PERIOD;
          p += 3;
          break;
        }
      G_GNUC_FALLTHROUGH;
    default:
      t->type = CHESS_PGN_TOKEN_ERROR;
      t->value = CHESS_PGN_LEX_BAD_CHARACTER;
      p++;
      break;
    }

  if (t->type != CHESS_PGN_TOKEN_STRING && t->type != CHESS_PGN_TOKEN_COMMENT
      && t->type != CHESS_PGN_TOKEN_NAG && t->type != CHESS_PGN_TOKEN_SUFFIX
      && !(t->type == CHESS_PGN_TOKEN_ERROR && t->value == CHESS_PGN_LEX_BAD_NAG))
    t->end = p;
  lex->pos = p;
}

char *
chess_pgn_lex_error_message (const ChessPgnLexer *lex,
                             const ChessPgnToken *t)
{
  const char *d = lex->data;

  switch ((ChessPgnLexError) t->value)
    {
    case CHESS_PGN_LEX_UNTERMINATED_STRING:
      return g_strdup (_("the string has no closing quote on its line"));
    case CHESS_PGN_LEX_UNTERMINATED_COMMENT:
      return g_strdup (_("the comment opened here has no closing brace"));
    case CHESS_PGN_LEX_BAD_NAG:
      {
        g_autofree char *text = chess_pgn_to_utf8 (d + t->offset, MIN (t->end - t->offset, 16));
        return g_strdup_printf (_("bad annotation '%s' (expected $0 to $255)"), text);
      }
    case CHESS_PGN_LEX_BAD_SUFFIX:
      {
        g_autofree char *text = chess_pgn_to_utf8 (d + t->offset, MIN (t->end - t->offset, 16));
        return g_strdup_printf (_("unknown annotation '%s'"), text);
      }
    case CHESS_PGN_LEX_BAD_CHARACTER:
    default:
      {
        guchar b = d[t->offset];
        if (b >= 0x20 && b < 0x7f)
          return g_strdup_printf (_("unexpected character '%c'"), b);
        if (b >= 0x80)
          {
            gunichar u = g_utf8_get_char_validated (d + t->offset, lex->end - t->offset);
            if (u != (gunichar) -1 && u != (gunichar) -2 && g_unichar_isprint (u))
              {
                char buf[8] = { 0 };
                g_unichar_to_utf8 (u, buf);
                return g_strdup_printf (_("unexpected character '%s'"), buf);
              }
          }
        return g_strdup_printf (_("unexpected byte 0x%02X"), b);
      }
    }
}

void
chess_pgn_locate (const char       *data,
                  gsize             start,
                  gsize             pos,
                  guint             first_line,
                  guint             first_column,
                  ChessPgnLocation *where)
{
  guint line = first_line;
  gsize line_start = start;
  gsize p = start;

  for (;;)
    {
      const char *nl = memchr (data + p, '\n', pos - p);
      if (nl == NULL)
        break;
      line++;
      p = line_start = (gsize) (nl - data) + 1;
    }

  const char *s = data + line_start;
  gsize n = pos - line_start;
  gsize column;
  if (g_utf8_validate_len (s, n, NULL))
    column = g_utf8_strlen (s, n);
  else
    column = n;
  where->line = line;
  where->column = (guint) column + (line_start == start ? first_column : 1);
}

char *
chess_pgn_to_utf8 (const char *text,
                   gsize       length)
{
  if (g_utf8_validate_len (text, length, NULL))
    return g_strndup (text, length);

  /* Valid UTF-8 sequences are kept; every other byte is read as Latin-1,
   * so a file that mixes both still shows every name right. */
  GString *out = g_string_sized_new (length + length / 4 + 1);
  gsize i = 0;
  while (i < length)
    {
      guchar b = text[i];
      if (b == 0)
        i++;
      else if (b < 0x80)
        {
          g_string_append_c (out, b);
          i++;
        }
      else
        {
          gunichar u = g_utf8_get_char_validated (text + i, length - i);
          if (u != (gunichar) -1 && u != (gunichar) -2)
            {
              const char *next = g_utf8_next_char (text + i);
              g_string_append_len (out, text + i, next - (text + i));
              i = next - text;
            }
          else
            {
              g_string_append_unichar (out, b);
              i++;
            }
        }
    }
  return g_string_free (out, FALSE);
}

char *
chess_pgn_unescape (const char *text,
                    gsize       length)
{
  if (memchr (text, '\\', length) == NULL)
    return chess_pgn_to_utf8 (text, length);

  g_autofree char *raw = g_malloc (length + 1);
  gsize n = 0;
  for (gsize i = 0; i < length; i++)
    {
      if (text[i] == '\\' && i + 1 < length && (text[i + 1] == '"' || text[i + 1] == '\\'))
        i++;
      raw[n++] = text[i];
    }
  return chess_pgn_to_utf8 (raw, n);
}

char *
chess_pgn_normalize_comment (const char *text,
                             gsize       length)
{
  g_autofree char *raw = g_malloc (length + 1);
  gsize n = 0;
  gboolean space = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      /* NUL bytes are dropped (as chess_pgn_to_utf8 would): skipping them
       * here keeps the spaces around them collapsed into one. */
      if (text[i] == '\0')
        continue;
      if (cls (text[i]) == C_SPACE)
        space = TRUE;
      else
        {
          if (space && n > 0)
            raw[n++] = ' ';
          space = FALSE;
          /* Only a rest-of-line comment can hold '}', and no PGN comment
           * can write it back: read it as the ')' the writer would put. */
          raw[n++] = text[i] == '}' ? ')' : text[i];
        }
    }
  if (n == 0)
    return NULL;
  char *s = chess_pgn_to_utf8 (raw, n);
  if (*s == '\0')
    {
      g_free (s);
      return NULL;
    }
  return s;
}

gboolean
chess_pgn_is_result (const char *text,
                     gsize       length)
{
  switch (length)
    {
    case 1:
      return text[0] == '*';
    case 3:
      return memcmp (text, "1-0", 3) == 0 || memcmp (text, "0-1", 3) == 0;
    case 7:
      return memcmp (text, "1/2-1/2", 7) == 0;
    default:
      return FALSE;
    }
}
