/* chess-comment-text.h — a comment as the move list shows it: a long one
 * cut short (whole words, "…" after), the rest a click away. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Characters of a comment that the move list shows at most: some four
 * lines of the panel. Laying out a comment of megabytes in a wrapping
 * label takes the app minutes, and nobody reads it in a side panel. */
#define CHESS_COMMENT_SHORT_CHARS 300

/* `text` cut after at most `limit` characters, at the end of a word when
 * one ends in the last quarter, with "…" after it; NULL when `text` has
 * no more than `limit` characters and is shown whole. */
char *chess_comment_text_shorten (const char *text,
                                  gsize       limit);

/* `text` with line breaks put in place of some spaces, so that no line is
 * much longer than CHESS_COMMENT_LINE_CHARS bytes: a text view lays out
 * each line whole, and a single line of megabytes takes it minutes. A
 * break goes after a sentence where one ends; a word longer than two
 * lines is broken with CHESS_COMMENT_WORD_BREAK (U+2029, a paragraph
 * separator: a text view starts a line there), which
 * chess_comment_text_join takes out again. */
#define CHESS_COMMENT_LINE_CHARS 1500
#define CHESS_COMMENT_WORD_BREAK "\u2029"
char *chess_comment_text_break_lines (const char *text);

/* `text` as PGN reads a comment: each run of white space (line breaks
 * too) one space, none at the ends; the word breaks of
 * chess_comment_text_break_lines taken out. */
char *chess_comment_text_join (const char *text);

G_END_DECLS
