/* chess-pgn-writer.c — PGN export format, and saving files atomically. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "chess-notation.h"
#include "chess-pgn-private.h"

/* The standard asks for import-friendly lines of at most 79 characters;
 * that also keeps every line within 80 columns. */
#define PGN_LINE_WIDTH 79

static const char *const seven_tags[] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
static const char *const seven_defaults[] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

static void
append_tag (GString    *out,
            const char *name,
            const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  for (const char *p = value; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      /* A tag is one line: control characters become spaces. */
      g_string_append_c (out, (guchar) *p < 0x20 ? ' ' : *p);
    }
  g_string_append (out, "\"]\n");
}

static gboolean
is_written_apart (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (seven_tags); i++)
    if (strcmp (name, seven_tags[i]) == 0)
      return TRUE;
  return strcmp (name, "TimeControl") == 0 || strcmp (name, "SetUp") == 0
         || strcmp (name, "FEN") == 0 || strcmp (name, "Termination") == 0;
}

typedef struct
{
  GString *out;
  gsize    column;   /* characters on the current line             */
  gboolean glue;     /* the next word follows without a space: "("  */
} Movetext;

static void
put (Movetext   *mt,
     const char *word,
     gsize       length)
{
  gsize glued = mt->glue ? 1 : 0;

  /* A word starting with % must not begin a line: it would make the line
   * an escape line, hidden from every reader. */
  if (mt->column > glued && mt->column + (glued ? 0 : 1) + length > PGN_LINE_WIDTH
      && word[0] != '%')
    {
      /* An open parenthesis moves to the next line with its word. */
      if (glued)
        {
          g_string_truncate (mt->out, mt->out->len - 1);
          while (mt->out->len > 0 && mt->out->str[mt->out->len - 1] == ' ')
            g_string_truncate (mt->out, mt->out->len - 1);
        }
      g_string_append (mt->out, glued ? "\n(" : "\n");
      mt->column = glued;
    }
  else if (mt->column > 0 && !glued)
    {
      g_string_append_c (mt->out, ' ');
      mt->column++;
    }
  mt->glue = FALSE;
  g_string_append_len (mt->out, word, length);
  mt->column += g_utf8_strlen (word, length);
}

/* ")" right after the last word (up to the 80th column), or on the next
 * line when this one is full. */
static void
put_close (Movetext *mt)
{
  if (mt->column + 1 > PGN_LINE_WIDTH + 1)
    {
      g_string_append_c (mt->out, '\n');
      mt->column = 0;
    }
  g_string_append_c (mt->out, ')');
  mt->column++;
}

/* "(" before the next word. */
static void
put_open (Movetext *mt)
{
  if (mt->column > 0)
    {
      g_string_append_c (mt->out, ' ');
      mt->column++;
    }
  g_string_append_c (mt->out, '(');
  mt->column++;
  mt->glue = TRUE;
}

static void
put_str (Movetext   *mt,
         const char *word)
{
  put (mt, word, strlen (word));
}

/* Writes text wrapped between `open` and `close` ("{…}"), broken at its
 * spaces so that lines stay short. The text holds no `close`. */
static void
put_wrapped (Movetext   *mt,
             char        open,
             const char *text,
             char        close)
{
  GString *word = g_string_new (NULL);
  gboolean first = TRUE;
  const char *p = text;
  /* A "[%" opens a command only with a "]" after it: found once, not at
   * every "[%" (a huge comment of them would take quadratic time). */
  const char *last_close = strrchr (text, ']');

  /* Word by word (a plain loop: text can be long, and sanitizers make
   * g_strsplit's repeated searches slow). */
  for (;;)
    {
      while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      g_string_truncate (word, 0);
      if (first)
        g_string_append_c (word, open);
      first = FALSE;
      /* A command ("[%clk 0:03:00]") stays on one line: readers that
       * look for "[%clk " find it whole. The word goes on after it up to
       * a space, as it was ("[%clk 1:558:]9" gains no space). */
      gboolean command = FALSE;
      for (; *p; p++)
        {
          if (!command && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
            break;
          if (!command && p[0] == '[' && p[1] == '%' && last_close != NULL && p < last_close)
            command = TRUE;
          g_string_append_c (word, *p);
          if (command && *p == ']')
            command = FALSE;
        }
      const char *rest = p;
      while (*rest == ' ' || *rest == '\n' || *rest == '\r' || *rest == '\t')
        rest++;
      if (*rest == '\0')
        g_string_append_c (word, close);
      put (mt, word->str, word->len);
    }
  if (first)
    {
      char empty[3] = { open, close, 0 };
      put_str (mt, empty);
    }
  g_string_free (word, TRUE);
}

/* One line being written: the main line or a variation inside it. */
typedef struct
{
  const ChessTreeNode *node;     /* the move to write, or just written     */
  ChessBoard           before;   /* the position before node's move        */
  guint                next;     /* 0: node not written yet; else the next
                                  * sibling to write as a variation        */
  gboolean             first;    /* node starts a variation: its siblings
                                  * belong to the line around it           */
} WriteFrame;

typedef struct
{
  Movetext  mt;
  gboolean  need_number;
} Writer;

/* A comment that holds "}" cannot go between braces, and PGN has no escape
 * for it (the model refuses such comments; one can still be put into a
 * tree by hand). Rather than change its text, it is written as
 * rest-of-line comments: ";" up to the end of the line, as many lines as
 * it takes, which a reader joins with spaces again. */
static void
put_line_comment (Movetext   *mt,
                  const char *text)
{
  const char *p = text;
  gboolean line_open = FALSE;

  for (;;)
    {
      while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      const char *end = p;
      while (*end != '\0' && *end != ' ' && *end != '\n' && *end != '\r' && *end != '\t')
        end++;
      gsize width = g_utf8_strlen (p, end - p);
      if (line_open && mt->column + 1 + width > PGN_LINE_WIDTH)
        {
          g_string_append_c (mt->out, '\n');
          mt->column = 0;
          line_open = FALSE;
        }
      if (!line_open)
        {
          if (mt->column > 0 && !mt->glue)
            {
              g_string_append_c (mt->out, ' ');
              mt->column++;
            }
          mt->glue = FALSE;
          g_string_append_c (mt->out, ';');
          mt->column++;
          line_open = TRUE;
        }
      g_string_append_c (mt->out, ' ');
      g_string_append_len (mt->out, p, end - p);
      mt->column += 1 + width;
      p = end;
    }
  if (line_open)
    {
      g_string_append_c (mt->out, '\n');
      mt->column = 0;
    }
}

static void
put_comment (Writer     *w,
             const char *text)
{
  if (chess_tree_comment_is_writable (text))
    put_wrapped (&w->mt, '{', text, '}');
  else
    put_line_comment (&w->mt, text);
  w->need_number = TRUE;
}

/* The move number when it is due, the move, its NAGs and its comment. */
static void
write_move (Writer              *w,
            const ChessTreeNode *node,
            const ChessBoard    *before)
{
  char text[CHESS_MOVE_TEXT_MAX + 16];

  if (node->comment_before != NULL)
    put_comment (w, node->comment_before);
  if (before->side == CHESS_COLOR_WHITE)
    {
      g_snprintf (text, sizeof text, "%u.", before->fullmove_number);
      put_str (&w->mt, text);
    }
  else if (w->need_number)
    {
      g_snprintf (text, sizeof text, "%u...", before->fullmove_number);
      put_str (&w->mt, text);
    }
  w->need_number = FALSE;

  chess_move_format (before, node->move, CHESS_NOTATION_SAN, text);
  put_str (&w->mt, text);
  for (guint k = 0; node->nags != NULL && k < node->nags->len; k++)
    {
      g_snprintf (text, sizeof text, "$%u", node->nags->data[k]);
      put_str (&w->mt, text);
    }
  g_autofree char *comment = chess_tree_node_format_comment (node);
  if (comment != NULL)
    put_comment (w, comment);
}

/* The whole tree, variations in parentheses after the move they replace,
 * with a stack of lines instead of recursion. */
static void
write_tree (Writer          *w,
            const ChessTree *tree)
{
  g_autofree char *opening = chess_tree_node_format_comment (tree->root);
  if (opening != NULL)
    put_comment (w, opening);
  if (tree->root->n_children == 0)
    return;

  GArray *stack = g_array_new (FALSE, FALSE, sizeof (WriteFrame));
  WriteFrame main_line = { tree->root->children[0], tree->start, 0, FALSE };
  g_array_append_val (stack, main_line);

  while (stack->len > 0)
    {
      WriteFrame *f = &g_array_index (stack, WriteFrame, stack->len - 1);
      const ChessTreeNode *parent = f->node->parent;

      if (f->next == 0)
        {
          write_move (w, f->node, &f->before);
          f->next = 1;
        }
      if (!f->first && f->next < parent->n_children)
        {
          WriteFrame v = { parent->children[f->next++], f->before, 0, TRUE };
          put_open (&w->mt);
          w->need_number = TRUE;
          g_array_append_val (stack, v);
          continue;
        }
      if (f->node->n_children > 0)
        {
          ChessUndo undo;
          chess_board_make (&f->before, f->node->move, &undo);
          f->node = f->node->children[0];
          f->next = 0;
          f->first = FALSE;
          continue;
        }
      g_array_set_size (stack, stack->len - 1);
      if (stack->len > 0)
        {
          put_close (&w->mt);
          w->need_number = TRUE;
        }
    }
  g_array_unref (stack);
}

char *
chess_pgn_game_to_string (const ChessPgnGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  GString *out = g_string_new (NULL);
  const char *result = game->result != NULL ? game->result : "*";
  char fen[CHESS_FEN_MAX];

  /* Tags: the Seven Tag Roster in its order, then the ones the standard
   * places next, then the rest as they came. */
  for (gsize i = 0; i < G_N_ELEMENTS (seven_tags); i++)
    {
      const char *v = i == 6 ? result : chess_pgn_game_get_tag (game, seven_tags[i]);
      append_tag (out, seven_tags[i], v != NULL && *v ? v : seven_defaults[i]);
    }
  const char *tc = chess_pgn_game_get_tag (game, "TimeControl");
  if (tc != NULL)
    append_tag (out, "TimeControl", tc);
  chess_board_to_fen (&game->tree->start, fen);
  if (strcmp (fen, CHESS_START_FEN) != 0)
    {
      append_tag (out, "SetUp", "1");
      append_tag (out, "FEN", fen);
    }
  const char *termination = chess_pgn_game_get_tag (game, "Termination");
  if (termination != NULL)
    append_tag (out, "Termination", termination);
  for (guint i = 0; i < game->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (game->tag_names, i);
      if (!is_written_apart (name))
        append_tag (out, name, g_ptr_array_index (game->tag_values, i));
    }
  g_string_append_c (out, '\n');

  /* Movetext. */
  Writer w = { { out, 0, FALSE }, TRUE };
  write_tree (&w, game->tree);
  put_str (&w.mt, result);
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}
gboolean
chess_pgn_save_file (const char          *path,
                     ChessPgnGame *const *games,
                     guint                n_games,
                     GError             **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (games != NULL || n_games == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  GString *text = g_string_new (NULL);
  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *one = chess_pgn_game_to_string (games[i]);
      if (i > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, one);
    }

  /* g_file_set_contents_full writes a temporary file in the same folder
   * and renames it over the old one: the old file stays whole until the
   * new one is complete. */
  g_autoptr(GError) local = NULL;
  gboolean ok = g_file_set_contents_full (path, text->str, text->len,
                                          G_FILE_SET_CONTENTS_CONSISTENT,
                                          0666, &local);
  g_string_free (text, TRUE);
  if (!ok)
    {
      g_autofree char *name = g_filename_display_name (path);
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO,
                   _("Could not save “%s”: %s"), name, local->message);
      return FALSE;
    }
  return TRUE;
}
