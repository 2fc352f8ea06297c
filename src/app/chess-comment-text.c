/* chess-comment-text.c — long comments cut short for the move list. */
#include "config.h"

#include <string.h>

#include "chess-comment-text.h"

char *
chess_comment_text_shorten (const char *text,
                            gsize       limit)
{
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (limit > 0, NULL);

  /* Only the first `limit` characters are looked at: the text can be
   * megabytes long. */
  const char *end = text;
  const char *word_end = NULL;   /* where the last word before `end` ends */
  gsize n = 0;

  for (; *end != '\0' && n < limit; end = g_utf8_next_char (end), n++)
    if (g_unichar_isspace (g_utf8_get_char (end)) && end > text
        && !g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (end))))
      word_end = end;
  if (*end == '\0')
    return NULL;
  /* The text goes on: cut at the end of a word when that keeps at least
   * three quarters of what fits, else in the middle of the long word. */
  if (g_unichar_isspace (g_utf8_get_char (end)) && end > text
      && !g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (end))))
    word_end = end;
  if (word_end != NULL && (gsize) g_utf8_strlen (text, word_end - text) >= limit * 3 / 4)
    end = word_end;
  while (end > text && g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (end))))
    end = g_utf8_prev_char (end);
  return g_strdup_printf ("%.*s…", (int) (end - text), text);
}

char *
chess_comment_text_break_lines (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  GString *out = g_string_sized_new (strlen (text) + 16);
  gsize line = 0;   /* bytes since the last line break */

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\n')
        line = 0;
      else if (*p == ' ' && p > text
               && ((line >= CHESS_COMMENT_LINE_CHARS * 2 / 3 && strchr (".!?", p[-1]) != NULL)
                   || line >= CHESS_COMMENT_LINE_CHARS))
        {
          /* A space becomes the line break. */
          g_string_append_c (out, '\n');
          line = 0;
          continue;
        }
      else if (line >= CHESS_COMMENT_LINE_CHARS * 2 && ((guchar) *p & 0xc0) != 0x80)
        {
          /* A word too long for a line is broken where it has no space. */
          g_string_append (out, CHESS_COMMENT_WORD_BREAK);
          line = 0;
        }
      line++;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

char *
chess_comment_text_join (const char *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  GString *out = g_string_sized_new (strlen (text));
  gboolean space = FALSE;
  gsize mark = strlen (CHESS_COMMENT_WORD_BREAK);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (strncmp (p, CHESS_COMMENT_WORD_BREAK, mark) == 0)
        {
          p += mark - 1;
          continue;
        }
      if (g_ascii_isspace (*p))
        {
          space = TRUE;
          continue;
        }
      if (space && out->len > 0)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}
