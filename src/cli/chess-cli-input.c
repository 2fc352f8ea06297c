/* chess-cli-input.c — reading the lines typed in the terminal game. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include "chess-cli-input.h"

struct _ChessCliInput
{
  gboolean             echo;
  gboolean             editing;
  ChessCliCompleteFunc complete;
  gpointer             complete_data;
};

/* Plain mode: getline() on standard input. */
static char *
read_plain (ChessCliInput *self,
            const char    *prompt)
{
  char *line = NULL;
  size_t size = 0;
  ssize_t len;
  char *copy;

  fputs (prompt, stdout);
  fflush (stdout);
  len = getline (&line, &size, stdin);
  if (len < 0)
    {
      free (line);
      return NULL;
    }
  while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
    line[--len] = '\0';
  /* A NUL byte would cut the line short unseen: make it an invalid byte
   * so that the caller refuses the line as a whole. */
  for (ssize_t i = 0; i < len; i++)
    if (line[i] == '\0')
      line[i] = (char) 0xff;

  /* getline() uses malloc(); hand out GLib memory. */
  copy = g_strndup (line, len);
  free (line);
  if (self->echo)
    {
      g_autofree char *valid = g_utf8_make_valid (copy, MIN (len, 80));

      printf ("%s\n", valid);
    }
  return copy;
}

#ifdef HAVE_READLINE

/* Readline's callbacks have no user data: the one input that reads. */
static ChessCliInput *reading;

static char *
complete_word_cb (const char *word,
                  int         state)
{
  static char **candidates;
  static guint next;

  if (state == 0)
    {
      g_autofree char *before = g_strndup (rl_line_buffer, MAX (rl_point - (int) strlen (word), 0));

      g_clear_pointer (&candidates, g_strfreev);
      candidates = reading->complete (before, word, reading->complete_data);
      next = 0;
    }
  while (candidates != NULL && candidates[next] != NULL)
    {
      const char *candidate = candidates[next++];

      if (g_str_has_prefix (candidate, word))
        return strdup (candidate);   /* Readline frees it with free() */
    }
  g_clear_pointer (&candidates, g_strfreev);
  return NULL;
}

static char **
attempt_completion_cb (const char *word,
                       int         start,
                       int         end)
{
  g_autofree char *before = g_strndup (rl_line_buffer, start);
  char **probe;

  /* NULL from the game means "a file name here" (save FILE, load FILE):
   * Readline's own completion does that. */
  probe = reading->complete (before, word, reading->complete_data);
  if (probe == NULL)
    {
      rl_attempted_completion_over = 0;
      return NULL;
    }
  g_strfreev (probe);
  rl_attempted_completion_over = 1;
  return rl_completion_matches (word, complete_word_cb);
}

/* Readline must be told which bytes of the prompt take no room on the
 * screen: the colour sequences go between \001 and \002. */
static char *
mark_invisible (const char *prompt)
{
  GString *marked = g_string_new (NULL);

  for (const char *p = prompt; *p != '\0'; p++)
    {
      if (p[0] == '\033' && p[1] == '[')
        {
          const char *end = p + 2;

          while (*end != '\0' && !g_ascii_isalpha (*end))
            end++;
          if (*end != '\0')
            {
              g_string_append_c (marked, RL_PROMPT_START_IGNORE);
              g_string_append_len (marked, p, end - p + 1);
              g_string_append_c (marked, RL_PROMPT_END_IGNORE);
              p = end;
              continue;
            }
        }
      g_string_append_c (marked, *p);
    }
  return g_string_free (marked, FALSE);
}

static char *
read_edited (ChessCliInput *self,
             const char    *prompt,
             gboolean       remember)
{
  g_autofree char *marked = mark_invisible (prompt);
  char *line;
  char *copy;

  reading = self;
  rl_attempted_completion_function = self->complete != NULL ? attempt_completion_cb : NULL;
  line = readline (marked);
  reading = NULL;
  if (line == NULL)
    return NULL;

  copy = g_strdup (line);
  free (line);
  if (remember)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (copy));
      HIST_ENTRY *last = history_get (history_base + history_length - 1);

      /* Blank lines and a line typed twice in a row are not worth ↑. */
      if (*stripped != '\0' && (last == NULL || strcmp (last->line, copy) != 0))
        add_history (copy);
    }
  return copy;
}

#endif

ChessCliInput *
chess_cli_input_new (gboolean echo)
{
  ChessCliInput *self = g_new0 (ChessCliInput, 1);

  self->echo = echo;
#ifdef HAVE_READLINE
  {
    const char *term = g_getenv ("TERM");

    self->editing = isatty (STDIN_FILENO) && isatty (STDOUT_FILENO)
                    && term != NULL && *term != '\0' && strcmp (term, "dumb") != 0;
  }
  if (self->editing)
    {
      /* "$if thinkchess" in ~/.inputrc applies to the game only. */
      rl_readline_name = "thinkchess";
      /* Moves hold '=' (e8=Q), which Readline would split words at. */
      rl_basic_word_break_characters = " \t\n";
      using_history ();
    }
#endif
  return self;
}

void
chess_cli_input_free (ChessCliInput *self)
{
  if (self == NULL)
    return;
#ifdef HAVE_READLINE
  if (self->editing)
    clear_history ();
#endif
  g_free (self);
}

gboolean
chess_cli_input_is_editing (ChessCliInput *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->editing;
}

void
chess_cli_input_set_complete (ChessCliInput        *self,
                              ChessCliCompleteFunc  complete,
                              gpointer              user_data)
{
  g_return_if_fail (self != NULL);
  self->complete = complete;
  self->complete_data = user_data;
}

char *
chess_cli_input_read_line (ChessCliInput *self,
                           const char    *prompt,
                           gboolean       remember)
{
  g_return_val_if_fail (self != NULL, NULL);

  fflush (stdout);
#ifdef HAVE_READLINE
  if (self->editing)
    return read_edited (self, prompt != NULL ? prompt : "", remember);
#endif
  return read_plain (self, prompt != NULL ? prompt : "");
}
