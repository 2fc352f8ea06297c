/* chess-review-motif-templates.c — the review's sentence templates and the
 * recogniser built from them. Each sentence is a whole msgid; the plural
 * ones are marked for xgettext with PLURAL_NOOP (po/meson.build). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

#include "chess-review-motif-templates.h"

/* A plural msgid pair, marked only: translated by ngettext when used. */
#define PLURAL_NOOP(one, other) one, other

typedef struct
{
  const char *one;
  const char *other;            /* NULL: no plural                         */
} SentenceTemplate;

static const SentenceTemplate templates[CHESS_N_SENTENCES] = {
  /* Translators: why a move was bad: the opponent mates in %d moves. */
  [CHESS_SENTENCE_MATE_ALLOWED] = { PLURAL_NOOP ("Allows mate in %d.", "Allows mate in %d.") },
  /* Translators: why a move was bad: the opponent mates in %d moves
   * with the moves that follow ("Allows mate in 1: 4. Qxf7#."). */
  [CHESS_SENTENCE_MATE_ALLOWED_LINE] = { PLURAL_NOOP ("Allows mate in %d: %s.", "Allows mate in %d: %s.") },
  /* Translators: why a move was bad: it did not mate in %d moves with
   * the moves that follow ("Missed mate in 1: 4. Qxf7#."). */
  [CHESS_SENTENCE_MATE_MISSED] = { PLURAL_NOOP ("Missed mate in %d: %s.", "Missed mate in %d: %s.") },
  /* Translators: the opponent's move forks two pieces: "4… Nc2+ forks
   * the king on e1 and the rook on a1." */
  [CHESS_SENTENCE_FORK] = { N_("%s forks %s on %s and %s on %s."), NULL },
  /* Translators: "5. Bb5 pins the knight on c6 to the king on e8." */
  [CHESS_SENTENCE_PIN] = { N_("%s pins %s on %s to %s on %s."), NULL },
  /* Translators: "5. Bb5+ skewers the king on e8 and the rook on a4:
   * when the first moves away, the second is taken." */
  [CHESS_SENTENCE_SKEWER] = { N_("%s skewers %s on %s and %s on %s."), NULL },
  /* Translators: a move opens the line of another piece, which now
   * attacks: "6… Nd4 uncovers an attack by the rook on d8 on the queen
   * on d2." */
  [CHESS_SENTENCE_DISCOVERED] = { N_("%s uncovers an attack by %s on %s on %s on %s."), NULL },
  /* Translators: why a move was bad: "Leaves the knight on f6 hanging:
   * 4. Bxf6." (attacked and not defended well enough). */
  [CHESS_SENTENCE_HANGING] = { N_("Leaves %s on %s hanging: %s."), NULL },
  /* Translators: why a move was bad: the piece moved to where it is
   * taken: "Puts the bishop en prise on c4: 5… dxc4." */
  [CHESS_SENTENCE_EN_PRISE] = { N_("Puts %s en prise on %s: %s."), NULL },
  /* Translators: why a move was bad: a piece lost, a cheaper one
   * taken back: "Loses the queen for a rook to 38… Rxb2." */
  [CHESS_SENTENCE_LOSES_FOR] = { N_("Loses %s for %s to %s."), NULL },
  /* Translators: why a move was bad: "Loses material to 7… Bxe4." */
  [CHESS_SENTENCE_LOSES_MATERIAL] = { N_("Loses material to %s."), NULL },
  /* Translators: why a move was bad: "Loses the queen to 4… Nxg4." */
  [CHESS_SENTENCE_LOSES] = { N_("Loses %s to %s."), NULL },
  /* Translators: why a move was bad: the opponent threatened this move
   * and it was not prevented: "Ignores the threat 5… Qxh2+." */
  [CHESS_SENTENCE_THREAT_IGNORED] = { N_("Ignores the threat %s."), NULL },
  /* Translators: why a move was bad, in an ending: "Throws away the won
   * ending: 41. Kd5 kept the win." */
  [CHESS_SENTENCE_WIN_THROWN] = { N_("Throws away the won ending: %s kept the win."), NULL },
  /* Translators: why a move was bad, in an ending: "Misses the draw:
   * 52… Kg7 held." */
  [CHESS_SENTENCE_DRAW_MISSED] = { N_("Misses the draw: %s held."), NULL },
  /* Translators: the better move: "Better was 4. Qxf7+, mating in 2." */
  [CHESS_SENTENCE_BETTER_MATES] = { PLURAL_NOOP ("Better was %s, mating in %d.",
                                                 "Better was %s, mating in %d.") },
  /* Translators: the better move: "Better was 12. Nc7+, forking the
   * king on e8 and the rook on a8." */
  [CHESS_SENTENCE_BETTER_FORK] = { N_("Better was %s, forking %s on %s and %s on %s."), NULL },
  /* Translators: the better move: "Better was 12. Bb5, pinning the
   * knight on c6 to the king on e8." */
  [CHESS_SENTENCE_BETTER_PIN] = { N_("Better was %s, pinning %s on %s to %s on %s."), NULL },
  /* Translators: the better move: "Better was 30. Rh8+, skewering the
   * king on h7 and the queen on a7." */
  [CHESS_SENTENCE_BETTER_SKEWER] = { N_("Better was %s, skewering %s on %s and %s on %s."), NULL },
  /* Translators: the better move: "Better was 15. Nd5, uncovering an
   * attack by the bishop on b2 on the queen on g7." */
  [CHESS_SENTENCE_BETTER_DISCOVERED] = { N_("Better was %s, uncovering an attack by %s on %s on %s on %s."), NULL },
  /* Translators: the better move: "Better was 8. Nxe5, winning the
   * pawn on e5." */
  [CHESS_SENTENCE_BETTER_WINS] = { N_("Better was %s, winning %s on %s."), NULL },
  /* Translators: the better move: "Better was 5. g5, keeping the queen." */
  [CHESS_SENTENCE_BETTER_KEEPS] = { N_("Better was %s, keeping %s."), NULL },
  /* Translators: the better move, after a move that allowed mate:
   * "Better was 20. Kh1, stopping the mate." */
  [CHESS_SENTENCE_BETTER_STOPS_MATE] = { N_("Better was %s, stopping the mate."), NULL },
  /* Translators: why a move was bad, when no tactic explains it: White was
   * better before it and is less so after the reply (%s, then the score):
   * "Gives away part of the advantage: after 12… Nd7 White is still
   * better (+0.62)." */
  [CHESS_SENTENCE_EDGE_SHRINKS_WHITE] = { N_("Gives away part of the advantage: after %s White is still better (%s)."), NULL },
  /* Translators: as "Gives away part of the advantage …", for Black:
   * "… after 12. Nd2 Black is still better (−0.62)." */
  [CHESS_SENTENCE_EDGE_SHRINKS_BLACK] = { N_("Gives away part of the advantage: after %s Black is still better (%s)."), NULL },
  /* Translators: why a move was bad: the mover was better before it; after
   * the reply (%s) the game is level (the score): "Lets the advantage
   * slip: after 2… Nc6 the game is level (+0.12)." */
  [CHESS_SENTENCE_EDGE_SLIPS] = { N_("Lets the advantage slip: after %s the game is level (%s)."), NULL },
  /* Translators: why a move was bad: Black was better before it, White is
   * after the reply (%s): "Gives up the advantage: after 20. Nf5 White is
   * better (+0.80)." */
  [CHESS_SENTENCE_EDGE_GIVEN_WHITE] = { N_("Gives up the advantage: after %s White is better (%s)."), NULL },
  /* Translators: as "Gives up the advantage …", White's move, Black better:
   * "Gives up the advantage: after 2… Nc6 Black is better (−0.62)." */
  [CHESS_SENTENCE_EDGE_GIVEN_BLACK] = { N_("Gives up the advantage: after %s Black is better (%s)."), NULL },
  /* Translators: why a move was bad: the game was level and stays about
   * level after the reply (%s), but the mover lost ground: "Loses ground:
   * after 9… Bg4 the game is only just level (−0.45)." */
  [CHESS_SENTENCE_LEVEL_SLIPS] = { N_("Loses ground: after %s the game is only just level (%s)."), NULL },
  /* Translators: why a move was bad: the game was level, after the reply
   * (%s) White is better: "Gives up the balance: after 7. Bb5 White is
   * better (+0.70)." */
  [CHESS_SENTENCE_LEVEL_LOST_WHITE] = { N_("Gives up the balance: after %s White is better (%s)."), NULL },
  /* Translators: as "Gives up the balance …", Black better (−0.70). */
  [CHESS_SENTENCE_LEVEL_LOST_BLACK] = { N_("Gives up the balance: after %s Black is better (%s)."), NULL },
  /* Translators: why a move was bad: Black was worse already and is
   * worse still after the reply (%s): "Makes it worse: after 30. Rd7
   * White is further ahead (+2.40)." */
  [CHESS_SENTENCE_WORSE_WHITE] = { N_("Makes it worse: after %s White is further ahead (%s)."), NULL },
  /* Translators: as "Makes it worse …", White's move, Black ahead. */
  [CHESS_SENTENCE_WORSE_BLACK] = { N_("Makes it worse: after %s Black is further ahead (%s)."), NULL },
};

const char *
chess_review_sentence_template (ChessSentence sentence,
                                gulong        n)
{
  g_return_val_if_fail (sentence < CHESS_N_SENTENCES, "");

  const SentenceTemplate *t = &templates[sentence];
  return t->other != NULL ? ngettext (t->one, t->other, n) : _(t->one);
}

char *
chess_review_sentence_printf (ChessSentence sentence,
                              gulong        n,
                              ...)
{
  va_list args;

  va_start (args, n);
  /* The format is a template of the list above, not a literal here; the
   * tests write every sentence with its arguments. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  char *text = g_strdup_vprintf (chess_review_sentence_template (sentence, n), args);
#pragma GCC diagnostic pop
  va_end (args);
  return text;
}

const char * const *
chess_review_sentence_templates_c (void)
{
  static const char *all[2 * CHESS_N_SENTENCES + 1];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      guint n = 0;

      for (guint i = 0; i < CHESS_N_SENTENCES; i++)
        {
          all[n++] = templates[i].one;
          if (templates[i].other != NULL && strcmp (templates[i].other, templates[i].one) != 0)
            all[n++] = templates[i].other;
        }
      all[n] = NULL;
      g_once_init_leave (&done, 1);
    }
  return all;
}

/* A move number's '.': "4. Qxf7#", after digits at the start or a space. */
#define MOVE_NUMBER_DOT "(?<=^\\d|^\\d\\d|^\\d\\d\\d|\\s\\d|\\s\\d\\d|\\s\\d\\d\\d)\\."
/* The end of a sentence whose last part is a line of moves: a '.' that is
 * not a move number's, followed by a space or the end. */
#define LINE_END "(?<![\\s\\d]\\d)(?<!^\\d)\\.(?=\\s|$)"
#define SENTENCE_END "\\.(?=\\s|$)"
/* What a %s stands for: a lazy run of text that does not cross the end of
 * a sentence (a '.' before a space or the end, unless a move number's). */
#define TEXT_PART "(?:[^.]|\\.(?!\\s|$)|" MOVE_NUMBER_DOT ")+?"

/* One template as a pattern: literal parts escaped, %s a lazy run of
 * text within one sentence, %d a number, up to its final '.'. */
static void
append_pattern (GString    *out,
                const char *template)
{
  const char *end = strrchr (template, '.');
  gboolean after_text = FALSE;

  if (end == NULL)
    end = template + strlen (template);
  for (const char *p = template; p < end; )
    {
      if (*p == '%')
        {
          const char *q = p + 1;

          while (g_ascii_isdigit (*q))
            q++;
          if (*q == '$')
            q++;
          else
            q = p + 1;
          if (*q == 's')
            {
              g_string_append (out, TEXT_PART);
              after_text = TRUE;
              p = q + 1;
              continue;
            }
          if (*q == 'd')
            {
              g_string_append (out, "\\d+");
              after_text = FALSE;
              p = q + 1;
              continue;
            }
          if (p[1] == '%')
            p++;
        }
      const char *next = p + 1;
      while (next < end && *next != '%')
        next++;
      g_autofree char *literal = g_regex_escape_string (p, next - p);
      g_string_append (out, literal);
      after_text = FALSE;
      p = next;
    }
  if (*end == '.')
    g_string_append (out, after_text ? LINE_END : SENTENCE_END);
  else
    g_string_append (out, "(?=\\s|$)");
}

GRegex *
chess_review_sentence_regex_new (const char * const *list)
{
  GString *pattern = g_string_new ("^(?:");

  g_return_val_if_fail (list != NULL, NULL);

  for (guint i = 0; list[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (pattern, '|');
      append_pattern (pattern, list[i]);
    }
  g_string_append_c (pattern, ')');
  GRegex *regex = g_regex_new (pattern->str, G_REGEX_DOTALL | G_REGEX_OPTIMIZE,
                               G_REGEX_MATCH_NOTEMPTY, NULL);
  g_string_free (pattern, TRUE);
  return regex;
}

/* The templates in the C locale and translated in the current one. */
static GPtrArray *
current_templates (void)
{
  GPtrArray *list = g_ptr_array_new ();

  for (const char * const *t = chess_review_sentence_templates_c (); *t != NULL; t++)
    g_ptr_array_add (list, (gpointer) *t);
  for (guint i = 0; i < CHESS_N_SENTENCES; i++)
    {
      const SentenceTemplate *t = &templates[i];
      /* Both forms of a plural: a language's forms for 1 and for many. */
      const char *forms[] = { chess_review_sentence_template (i, 1),
                              t->other != NULL ? chess_review_sentence_template (i, 2) : NULL,
                              t->other != NULL ? chess_review_sentence_template (i, 5) : NULL };
      for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
        if (forms[f] != NULL && forms[f] != t->one && forms[f] != t->other)
          g_ptr_array_add (list, (gpointer) forms[f]);
    }
  g_ptr_array_add (list, NULL);
  return list;
}

gsize
chess_review_sentence_length (const char *text)
{
  static GMutex lock;
  static GRegex *regex;
  static char *regex_key;
  g_autoptr(GMatchInfo) match = NULL;
  gint start, end;

  if (text == NULL || *text == '\0')
    return 0;

  /* Built again when the translations change (another locale). */
  g_autoptr(GPtrArray) list = current_templates ();
  g_autofree char *key = g_strjoinv ("\n", (char **) list->pdata);
  g_mutex_lock (&lock);
  if (regex == NULL || g_strcmp0 (key, regex_key) != 0)
    {
      g_clear_pointer (&regex, g_regex_unref);
      g_free (regex_key);
      regex_key = g_steal_pointer (&key);
      regex = chess_review_sentence_regex_new ((const char * const *) list->pdata);
    }
  GRegex *current = regex != NULL ? g_regex_ref (regex) : NULL;
  g_mutex_unlock (&lock);
  if (current == NULL)
    return 0;

  gboolean found = g_regex_match (current, text, 0, &match)
                   && g_match_info_fetch_pos (match, 0, &start, &end);
  g_regex_unref (current);
  return found ? (gsize) end : 0;
}
