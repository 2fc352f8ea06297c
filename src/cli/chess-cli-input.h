/* chess-cli-input.h — reading the lines typed in the terminal game: with
 * GNU Readline's line editing, history and Tab completion when a person
 * types at a terminal, plain line reading otherwise. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _ChessCliInput ChessCliInput;

/* The words that may complete `word`, the word under the cursor; `line`
 * is the text before it. Returns a NULL-terminated array (g_strfreev). */
typedef char **(*ChessCliCompleteFunc) (const char *line,
                                        const char *word,
                                        gpointer    user_data);

/* Line editing is used when standard input and output are both a terminal
 * (and TERM is not "dumb") and ThinkChess was built with Readline. `echo`
 * prints each line read in plain mode, so that a transcript of piped input
 * reads like a typed session. */
ChessCliInput *chess_cli_input_new          (gboolean              echo);
void           chess_cli_input_free         (ChessCliInput        *self);

gboolean       chess_cli_input_is_editing   (ChessCliInput        *self);

void           chess_cli_input_set_complete (ChessCliInput        *self,
                                             ChessCliCompleteFunc  complete,
                                             gpointer              user_data);

/* Shows `prompt` (it may hold SGR colour sequences) and reads one line,
 * without its line ending, into a new string; NULL at the end of input.
 * Lines read with `remember` go into the session's history (↑ recalls
 * them); answers to questions do not. */
char          *chess_cli_input_read_line    (ChessCliInput        *self,
                                             const char           *prompt,
                                             gboolean              remember);

G_END_DECLS
