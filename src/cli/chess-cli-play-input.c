/* chess-cli-play-input.c — reading what the player types in the terminal
 * game: lines (refused when overlong or not UTF-8), yes/no answers, and
 * Tab completion of commands and moves. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "chess-cli-play-private.h"

/* Longer input lines are refused rather than parsed. */
#define MAX_LINE_LENGTH 4096

/* Reads one line after `prompt`: see chess_cli_input_read_line. Overlong
 * lines and bytes that are not UTF-8 are returned as they are and refused
 * by the caller. */
char *
chess_play_read_line (ChessPlay  *self,
                      const char *prompt,
                      gboolean    remember)
{
  return chess_cli_input_read_line (self->input, prompt, remember);
}

/* Checks a line read from the user; on failure prints why. */
gboolean
chess_play_line_is_acceptable (const char *line)
{
  if (strlen (line) > MAX_LINE_LENGTH)
    {
      printf (ngettext ("That line is too long (more than %d character).\n",
                        "That line is too long (more than %d characters).\n",
                        MAX_LINE_LENGTH),
              MAX_LINE_LENGTH);
      return FALSE;
    }
  if (!g_utf8_validate (line, -1, NULL))
    {
      printf ("%s\n", _("That line is not valid UTF-8 text."));
      return FALSE;
    }
  return TRUE;
}

/* Asks a yes/no question until it gets an answer. End of input counts as
 * no and ends the session. */
gboolean
chess_play_ask_yes_no (ChessPlay  *self,
                       const char *question)
{
  for (;;)
    {
      g_autofree char *line = NULL;
      g_autofree char *answer = NULL;

      /* Translators: the answers a yes/no question accepts are below. */
      g_autofree char *prompt = g_strdup_printf ("%s %s ", question, _("[y/n]"));

      line = chess_play_read_line (self, prompt, FALSE);
      if (line == NULL)
        {
          putchar ('\n');
          self->quit = TRUE;
          return FALSE;
        }
      if (!chess_play_line_is_acceptable (line))
        continue;

      answer = g_utf8_strdown (g_strstrip (line), -1);
      /* English answers always work, whatever the language. */
      if (strcmp (answer, "y") == 0 || strcmp (answer, "yes") == 0
          /* Translators: a short "yes" answer (lower case). */
          || strcmp (answer, C_("answer", "y")) == 0
          /* Translators: a long "yes" answer (lower case). */
          || strcmp (answer, C_("answer", "yes")) == 0)
        return TRUE;
      if (strcmp (answer, "n") == 0 || strcmp (answer, "no") == 0
          /* Translators: a short "no" answer (lower case). */
          || strcmp (answer, C_("answer", "n")) == 0
          /* Translators: a long "no" answer (lower case). */
          || strcmp (answer, C_("answer", "no")) == 0)
        return FALSE;
      printf ("%s\n", _("Please answer “y” for yes or “n” for no."));
    }
}

/* ---- Completion ---- */

/* Tab completion: the commands and the legal moves (in SAN) as the first
 * word, the legal moves after "claim", file names after "save" and
 * "load" (NULL: the line editor's own file name completion). */
char **
chess_play_complete_cb (const char *line,
                        const char *word,
                        gpointer    user_data)
{
  static const char *const commands[] = {
    "moves", "undo", "redo", "draw", "resign", "claim", "flip", "fen",
    "save", "load", "new", "hint", "analyse", "threat", "help", "quit",
  };
  ChessPlay *self = user_data;
  g_autofree char *before = g_strstrip (g_strdup (line));
  g_auto(GStrv) words = g_strsplit_set (before, " \t", -1);
  guint n_words = *before == '\0' ? 0 : g_strv_length (words);
  g_autoptr(GStrvBuilder) candidates = g_strv_builder_new ();

  if (n_words == 1 && (strcmp (words[0], "save") == 0 || strcmp (words[0], "load") == 0))
    return NULL;
  if (n_words == 0)
    for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
      g_strv_builder_add (candidates, commands[i]);
  if (n_words == 0 || (n_words == 1 && strcmp (words[0], "claim") == 0))
    {
      if (!chess_game_is_over (self->game))
        {
          g_autoptr(GPtrArray) sans = chess_play_legal_sans (chess_game_get_board (self->game));

          for (guint i = 0; i < sans->len; i++)
            g_strv_builder_add (candidates, g_ptr_array_index (sans, i));
        }
    }
  return g_strv_builder_end (candidates);
}
