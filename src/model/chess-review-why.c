/* chess-review-why.c — the review's sentences in a tree's comments. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chess-review-motif-templates.h"
#include "chess-review-score.h"
#include "chess-review-why.h"

#define MARK "[%why "

/* The first well-formed [%why N] command in `commands` (N > 0): where it
 * starts and ends, and N. */
static gboolean
find_mark (const char  *commands,
           const char **start,
           const char **end,
           glong       *length)
{
  for (const char *open = commands != NULL ? strstr (commands, MARK) : NULL; open != NULL;
       open = strstr (open + 1, MARK))
    {
      const char *digits = open + strlen (MARK);
      char *number_end = NULL;

      if (!g_ascii_isdigit (*digits))
        continue;
      *length = strtol (digits, &number_end, 10);
      if (*number_end != ']' || *length <= 0)
        continue;
      *start = open;
      *end = number_end + 1;
      return TRUE;
    }
  return FALSE;
}

/* The length in bytes of the sentence an old [%why N] command marks at the
 * start of the comment: 0 when there is none, or when the comment was
 * edited so that it no longer holds a whole sentence there. */
static gsize
marked_length (const ChessTreeNode *node)
{
  const char *mark_start, *mark_end;
  glong length;

  if (!find_mark (node->commands, &mark_start, &mark_end, &length))
    return 0;
  if (g_utf8_strlen (node->comment, -1) < length)
    return 0;
  const char *end = g_utf8_offset_to_pointer (node->comment, length);
  if (end == node->comment || end[-1] != '.' || (*end != '\0' && *end != ' '))
    return 0;
  return end - node->comment;
}

/* The length in bytes of the review's sentence at the start of `node`'s
 * comment, 0 when there is none. */
static gsize
why_length (const ChessTreeNode *node)
{
  if (node->comment == NULL)
    return 0;

  gsize length = marked_length (node);
  if (length == 0)
    length = chess_review_sentence_length (node->comment);
  /* The review's sentences fit in a ChessReviewMove. */
  return length < CHESS_REVIEW_WHY_MAX ? length : 0;
}

char *
chess_review_why_get (const ChessTreeNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);

  gsize length = why_length (node);
  return length > 0 ? g_strndup (node->comment, length) : NULL;
}

/* Takes every [%why …] command out of the node's commands (a game edited
 * elsewhere may hold several, or broken ones). */
static void
remove_marks (ChessTreeNode *node)
{
  const char *open;

  while (node->commands != NULL && (open = strstr (node->commands, MARK)) != NULL)
    {
      const char *close = strchr (open, ']');
      if (close == NULL)
        break;
      /* The whole command it stands in ("[%why[%why 3]" is one), so that
       * no broken start of one is left. */
      const char *begin = open;
      for (const char *p = open; p > node->commands && p[-1] != ']'; p--)
        if (p[-1] == '[' && p[0] == '%')
          begin = p - 1;
      GString *rest = g_string_new_len (node->commands, begin - node->commands);
      g_string_append (rest, close + 1);
      /* Two commands around the one taken out keep one space between. */
      char *doubled;
      while ((doubled = strstr (rest->str, "  ")) != NULL)
        g_string_erase (rest, doubled - rest->str, 1);
      g_autofree char *tidied = g_strstrip (g_string_free (rest, FALSE));
      g_free (node->commands);
      node->commands = *tidied != '\0' ? g_strdup (tidied) : NULL;
    }
}

void
chess_review_why_set (ChessTreeNode *node,
                      const char    *text)
{
  g_autofree char *rest = NULL;

  g_return_if_fail (node != NULL);

  gsize old = why_length (node);
  if (node->comment != NULL)
    rest = g_strchug (g_strdup (node->comment + old));
  remove_marks (node);

  if (text == NULL || *text == '\0')
    {
      chess_tree_node_set_comment (node, rest);
      return;
    }
  g_autofree char *comment = rest != NULL && *rest != '\0'
                             ? g_strconcat (text, " ", rest, NULL)
                             : g_strdup (text);
  chess_tree_node_set_comment (node, comment);
}
