/* chess-tree-comment.c — a move's comment: the PGN command comments
 * ([%clk 0:03:10], [%emt 0:00:04], [%eval -0.35,18], [%cal Ge2e4,Rd8d1],
 * [%csl Ye4]) read into fields and written back, and NAG symbols. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-tree.h"

/* "h:mm:ss" or "m:ss", with an optional fraction, up to `end`; -1 when it
 * is not one. */
static gint64
parse_time (const char *s,
            const char *end)
{
  gint64 parts[3] = { 0 };
  int n = 0;
  const char *p = s;

  for (;;)
    {
      if (p >= end || !g_ascii_isdigit (*p) || n == 3)
        return -1;
      gint64 v = 0;
      int digits = 0;
      while (p < end && g_ascii_isdigit (*p) && digits < 9)
        {
          v = v * 10 + (*p++ - '0');
          digits++;
        }
      parts[n++] = v;
      if (p >= end || *p != ':')
        break;
      p++;
    }
  if (n < 2)
    return -1;

  gint64 ms = 0;
  if (p < end && *p == '.')
    {
      gint64 scale = 100;
      p++;
      if (p >= end || !g_ascii_isdigit (*p))
        return -1;
      while (p < end && g_ascii_isdigit (*p))
        {
          ms += (*p++ - '0') * scale;
          scale /= 10;
        }
    }
  if (p != end)
    return -1;
  gint64 h = n == 3 ? parts[0] : 0;
  gint64 m = n == 3 ? parts[1] : parts[0];
  gint64 sec = n == 3 ? parts[2] : parts[1];
  return ((h * 60 + m) * 60 + sec) * 1000 + ms;
}

void
chess_tree_format_time (gint64   ms,
                        GString *out)
{
  gint64 s = ms / 1000;
  int frac = (int) (ms % 1000);

  g_string_append_printf (out, "%" G_GINT64_FORMAT ":%02d:%02d",
                          s / 3600, (int) (s / 60 % 60), (int) (s % 60));
  if (frac % 100 == 0 && frac != 0)
    g_string_append_printf (out, ".%d", frac / 100);
  else if (frac % 10 == 0 && frac != 0)
    g_string_append_printf (out, ".%02d", frac / 10);
  else if (frac != 0)
    g_string_append_printf (out, ".%03d", frac);
}

/* A number of at most 9 digits; FALSE when [s, end) is not one. */
static gboolean
parse_int (const char *s,
           const char *end,
           gint32     *value)
{
  gboolean negative = s < end && *s == '-';
  gint32 v = 0;

  if (negative)
    s++;
  if (s >= end || end - s > 9)
    return FALSE;
  for (; s < end; s++)
    {
      if (!g_ascii_isdigit (*s))
        return FALSE;
      v = v * 10 + (*s - '0');
    }
  *value = negative ? -v : v;
  return TRUE;
}

/* "0.17", "-1.5", "3", "#-4", each with an optional ",depth". Only what
 * writes back the same is read: more than two decimals stay unknown. */
static gboolean
parse_eval (const char    *s,
            const char    *end,
            ChessTreeEval *eval)
{
  const char *comma = memchr (s, ',', end - s);
  ChessTreeEval e = { CHESS_TREE_EVAL_CENTIPAWNS, 0, -1 };

  if (comma != NULL)
    {
      if (!parse_int (comma + 1, end, &e.depth) || e.depth < 0)
        return FALSE;
      end = comma;
    }
  if (s < end && *s == '#')
    {
      e.kind = CHESS_TREE_EVAL_MATE;
      if (!parse_int (s + 1, end, &e.value))
        return FALSE;
      *eval = e;
      return TRUE;
    }

  gboolean negative = s < end && *s == '-';
  if (negative || (s < end && *s == '+'))
    s++;
  const char *dot = memchr (s, '.', end - s);
  gint32 whole, frac = 0;
  if (!parse_int (s, dot != NULL ? dot : end, &whole) || whole < 0 || whole > 1000000)
    return FALSE;
  if (dot != NULL)
    {
      gsize digits = end - dot - 1;
      if (digits < 1 || digits > 2 || !parse_int (dot + 1, end, &frac) || frac < 0)
        return FALSE;
      if (digits == 1)
        frac *= 10;
    }
  e.value = whole * 100 + frac;
  if (negative)
    e.value = -e.value;
  *eval = e;
  return TRUE;
}

static gboolean
parse_square (const char *s,
              guint8     *square)
{
  if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
    return FALSE;
  *square = (guint8) chess_square_make (s[0] - 'a', s[1] - '1');
  return TRUE;
}

/* "Ge2e4,Rd8d1" (arrows) or "Ye4,Rd5" (squares) into a new array. */
static GArray *
parse_marks (const char *s,
             const char *end,
             gboolean    arrows)
{
  gsize item = arrows ? 5 : 3;
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (ChessTreeMark));

  while (s < end)
    {
      ChessTreeMark m;
      if ((gsize) (end - s) < item || strchr ("RGYB", *s) == NULL || *s == '\0'
          || !parse_square (s + 1, &m.from))
        break;
      m.color = (guint8) *s;
      m.to = m.from;
      if (arrows && (!parse_square (s + 3, &m.to) || m.to == m.from))
        break;
      g_array_append_val (marks, m);
      s += item;
      if (s == end)
        return marks;
      if (*s != ',')
        break;
      s++;
    }
  g_array_unref (marks);
  return NULL;
}

static void
append_marks (ChessTreeNode *node,
              GArray        *marks,
              gboolean       arrows)
{
  for (guint i = 0; i < marks->len; i++)
    {
      ChessTreeMark m = g_array_index (marks, ChessTreeMark, i);
      GArray **field = arrows ? &node->arrows : &node->squares;
      gboolean present = FALSE;
      for (guint k = 0; *field != NULL && k < (*field)->len; k++)
        {
          ChessTreeMark *old = &g_array_index (*field, ChessTreeMark, k);
          if (old->from == m.from && old->to == m.to)
            {
              old->color = m.color;
              present = TRUE;
            }
        }
      if (present)
        continue;
      if (*field == NULL)
        *field = g_array_new (FALSE, FALSE, sizeof (ChessTreeMark));
      g_array_append_val (*field, m);
    }
  g_array_unref (marks);
}

/* Reads one command, "[%name args]" from `s` to `end` (the ']' excluded),
 * into the node; FALSE when it is not one the node knows. */
static gboolean
read_command (ChessTreeNode *node,
              const char    *s,
              const char    *end)
{
  const char *name = s + 2;
  const char *p = name;

  while (p < end && (g_ascii_isalnum (*p) || *p == '_'))
    p++;
  gsize name_length = p - name;
  if (p >= end || *p != ' ')
    return FALSE;
  while (p < end && *p == ' ')
    p++;
  const char *args = p;
  const char *args_end = end;
  while (args_end > args && args_end[-1] == ' ')
    args_end--;
  if (args == args_end)
    return FALSE;

#define IS(word) (name_length == strlen (word) && memcmp (name, word, name_length) == 0)
  if (IS ("clk") || IS ("emt"))
    {
      gint64 ms = parse_time (args, args_end);
      if (ms < 0)
        return FALSE;
      if (IS ("clk"))
        node->clock_ms = ms;
      else
        node->emt_ms = ms;
      return TRUE;
    }
  if (IS ("eval"))
    return parse_eval (args, args_end, &node->eval);
  if (IS ("cal") || IS ("csl"))
    {
      gboolean arrows = IS ("cal");
      GArray *marks = parse_marks (args, args_end, arrows);
      if (marks == NULL)
        return FALSE;
      append_marks (node, marks, arrows);
      return TRUE;
    }
#undef IS
  return FALSE;
}

static void
join (char      **field,
      const char *text)
{
  if (text == NULL || *text == '\0')
    return;
  if (*field == NULL)
    {
      *field = g_strdup (text);
      return;
    }
  char *joined = g_strconcat (*field, " ", text, NULL);
  g_free (*field);
  *field = joined;
}

/* Collapses the runs of spaces that taking commands out leaves. */
static char *
tidy (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p; p++)
    {
      if (*p == ' ')
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

void
chess_tree_node_add_comment_text (ChessTreeNode *node,
                                  const char    *text,
                                  gboolean       before)
{
  g_return_if_fail (node != NULL);
  g_return_if_fail (text != NULL);

  if (before)
    {
      join (&node->comment_before, text);
      return;
    }

  /* The comment so far and the new text are read as one: a command can
   * start in one PGN comment and end in the next, and reading the written
   * game back (one comment) must find the same commands. */
  g_autofree char *whole = node->comment != NULL
                           ? g_strconcat (node->comment, " ", text, NULL)
                           : g_strdup (text);
  g_clear_pointer (&node->comment, g_free);

  GString *rest = g_string_new (NULL);
  const char *p = whole;
  for (;;)
    {
      const char *open = strstr (p, "[%");
      const char *close = open != NULL ? strchr (open, ']') : NULL;
      if (close == NULL)
        {
          g_string_append (rest, p);
          break;
        }
      g_string_append_len (rest, p, open - p);
      if (!read_command (node, open, close))
        {
          g_autofree char *raw = g_strndup (open, close + 1 - open);
          join (&node->commands, raw);
        }
      g_string_append_c (rest, ' ');
      p = close + 1;
    }
  g_autofree char *tidied = tidy (rest->str);
  join (&node->comment, tidied);
  g_string_free (rest, TRUE);
}

static void
format_marks (GString    *out,
              const char *name,
              GArray     *marks)
{
  if (marks == NULL || marks->len == 0)
    return;
  g_string_append_printf (out, "[%%%s ", name);
  for (guint i = 0; i < marks->len; i++)
    {
      ChessTreeMark m = g_array_index (marks, ChessTreeMark, i);
      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append_printf (out, "%c%c%c", m.color, 'a' + chess_square_file (m.from),
                              '1' + chess_square_rank (m.from));
      if (m.to != m.from)
        g_string_append_printf (out, "%c%c", 'a' + chess_square_file (m.to),
                                '1' + chess_square_rank (m.to));
    }
  g_string_append (out, "] ");
}

gboolean
chess_tree_comment_is_writable (const char *text)
{
  return text == NULL || strchr (text, '}') == NULL;
}

char *
chess_tree_node_format_comment (const ChessTreeNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);

  GString *out = g_string_new (NULL);

  if (node->clock_ms >= 0)
    {
      g_string_append (out, "[%clk ");
      chess_tree_format_time (node->clock_ms, out);
      g_string_append (out, "] ");
    }
  if (node->emt_ms >= 0)
    {
      g_string_append (out, "[%emt ");
      chess_tree_format_time (node->emt_ms, out);
      g_string_append (out, "] ");
    }
  if (node->eval.kind == CHESS_TREE_EVAL_MATE)
    g_string_append_printf (out, "[%%eval #%d", node->eval.value);
  else if (node->eval.kind == CHESS_TREE_EVAL_CENTIPAWNS)
    g_string_append_printf (out, "[%%eval %s%d.%02d", node->eval.value < 0 ? "-" : "",
                            abs (node->eval.value) / 100, abs (node->eval.value) % 100);
  if (node->eval.kind != CHESS_TREE_EVAL_NONE)
    {
      if (node->eval.depth >= 0)
        g_string_append_printf (out, ",%d", node->eval.depth);
      g_string_append (out, "] ");
    }
  format_marks (out, "cal", node->arrows);
  format_marks (out, "csl", node->squares);
  if (node->commands != NULL)
    g_string_append_printf (out, "%s ", node->commands);
  if (node->comment != NULL)
    g_string_append (out, node->comment);
  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

const char *
chess_tree_nag_symbol (guint8 nag)
{
  switch (nag)
    {
    case 1: return "!";
    case 2: return "?";
    case 3: return "‼";
    case 4: return "⁇";
    case 5: return "⁉";
    case 6: return "⁈";
    case 7: return "□";
    case 10: return "=";
    case 13: return "∞";
    case 14: return "⩲";
    case 15: return "⩱";
    case 16: return "±";
    case 17: return "∓";
    case 18: return "+−";
    case 19: return "−+";
    case 22: case 23: return "⨀";
    case 32: case 33: return "⟳";
    case 36: case 37: return "↑";
    case 40: case 41: return "→";
    case 132: case 133: return "⇆";
    case 138: case 139: return "⊕";
    case 140: return "∆";
    case 146: return "N";
    default: return NULL;
    }
}

const char *
chess_tree_nag_ascii (guint8 nag)
{
  switch (nag)
    {
    case 1: return "!";
    case 2: return "?";
    case 3: return "!!";
    case 4: return "??";
    case 5: return "!?";
    case 6: return "?!";
    case 7: return "[]";
    case 10: return "=";
    case 13: return "~~";
    case 14: return "+=";
    case 15: return "=+";
    case 16: return "+/-";
    case 17: return "-/+";
    case 18: return "+-";
    case 19: return "-+";
    case 22: case 23: return "(.)";
    case 32: case 33: return "@";
    case 36: case 37: return "^";
    case 40: case 41: return "->";
    case 132: case 133: return "<=>";
    case 138: case 139: return "(+)";
    case 140: return "/\\";
    case 146: return "N";
    default: return NULL;
    }
}
