/* chess-review-motif-templates.h — the review's sentence templates, in one
 * list: chess-review-motif-text.c writes its sentences from them, and the
 * recogniser built from them finds a sentence the review wrote at the start
 * of a comment (chess-review-why.c), in the C locale or translated, with no
 * marker in the PGN. GLib only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  CHESS_SENTENCE_MATE_ALLOWED,
  CHESS_SENTENCE_MATE_ALLOWED_LINE,
  CHESS_SENTENCE_MATE_MISSED,
  CHESS_SENTENCE_FORK,
  CHESS_SENTENCE_PIN,
  CHESS_SENTENCE_SKEWER,
  CHESS_SENTENCE_DISCOVERED,
  CHESS_SENTENCE_HANGING,
  CHESS_SENTENCE_EN_PRISE,
  CHESS_SENTENCE_LOSES_FOR,
  CHESS_SENTENCE_LOSES_MATERIAL,
  CHESS_SENTENCE_LOSES,
  CHESS_SENTENCE_THREAT_IGNORED,
  CHESS_SENTENCE_WIN_THROWN,
  CHESS_SENTENCE_DRAW_MISSED,
  CHESS_SENTENCE_BETTER_MATES,
  CHESS_SENTENCE_BETTER_FORK,
  CHESS_SENTENCE_BETTER_PIN,
  CHESS_SENTENCE_BETTER_SKEWER,
  CHESS_SENTENCE_BETTER_DISCOVERED,
  CHESS_SENTENCE_BETTER_WINS,
  CHESS_SENTENCE_BETTER_KEEPS,
  CHESS_SENTENCE_BETTER_STOPS_MATE,
  /* No motif: what the scores show (the mover's view, before → after). */
  CHESS_SENTENCE_EDGE_SHRINKS_WHITE,     /* better → still better          */
  CHESS_SENTENCE_EDGE_SHRINKS_BLACK,
  CHESS_SENTENCE_EDGE_SLIPS,             /* better → level                 */
  CHESS_SENTENCE_EDGE_GIVEN_WHITE,       /* better → worse: White better   */
  CHESS_SENTENCE_EDGE_GIVEN_BLACK,
  CHESS_SENTENCE_LEVEL_SLIPS,            /* level → still level            */
  CHESS_SENTENCE_LEVEL_LOST_WHITE,       /* level → worse: White better    */
  CHESS_SENTENCE_LEVEL_LOST_BLACK,
  CHESS_SENTENCE_WORSE_WHITE,            /* worse → worse: White further   */
  CHESS_SENTENCE_WORSE_BLACK,
  CHESS_N_SENTENCES
} ChessSentence;

/* The template translated in the current locale (the plural form for `n`
 * when the sentence has one). */
const char *chess_review_sentence_template (ChessSentence sentence,
                                            gulong        n);

/* The sentence written from its translated template with the arguments
 * that follow (the list's comments say which), newly allocated. */
char       *chess_review_sentence_printf   (ChessSentence sentence,
                                            gulong        n,
                                            ...);

/* Every template, untranslated (singular and plural forms), in a
 * NULL-terminated array the module owns. */
const char * const *chess_review_sentence_templates_c (void);

/* A recogniser for the sentences `templates` (printf templates: %s, %d,
 * %N$s, %N$d, %%) produce: matches at the start of a text, up to and with
 * the sentence's final '.'. */
GRegex     *chess_review_sentence_regex_new (const char * const *templates);

/* The length in bytes of the review's sentence at the start of `text`,
 * written from a template in the C locale or translated in the current
 * one; 0 when `text` does not start with one. */
gsize       chess_review_sentence_length    (const char *text);

G_END_DECLS
