/* chess-review-words.c — the game review in words. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-game.h"
#include "chess-review-words.h"

#define MINUS "\xe2\x88\x92"   /* U+2212 */
/* The better line in words: its first moves only. */
#define LINE_IN_WORDS 6

char *
chess_review_words_score (int score)
{
  if (chess_review_score_is_mate (score))
    {
      int moves = chess_review_score_mate_moves (score);

      if (moves > 0)
        /* Translators: an evaluation: White mates in %d moves. */
        return g_strdup_printf (ngettext ("White mates in %d move",
                                             "White mates in %d moves", moves), moves);
      if (moves < 0)
        /* Translators: an evaluation: Black mates in %d moves. */
        return g_strdup_printf (ngettext ("Black mates in %d move",
                                             "Black mates in %d moves", -moves), -moves);
      /* Translators: the evaluation of a position where a king is mated. */
      return g_strdup (_("Checkmate"));
    }
  return g_strdup_printf ("%s%d.%02d", score > 0 ? "+" : score < 0 ? MINUS : "",
                          ABS (score) / 100, ABS (score) % 100);
}

static void
append_move (GString          *out,
             const ChessBoard *board,
             ChessMove         move,
             gboolean          number,
             ChessNotation     notation)
{
  char text[CHESS_MOVE_TEXT_MAX];

  if (out->len > 0)
    g_string_append_c (out, ' ');
  if (board->side == CHESS_COLOR_WHITE)
    g_string_append_printf (out, "%u. ", MAX (board->fullmove_number, 1));
  else if (number)
    g_string_append_printf (out, "%u… ", MAX (board->fullmove_number, 1));
  if (notation == CHESS_NOTATION_SAN)
    chess_move_format_san_letters (board, move, chess_game_get_piece_letters (), text);
  else
    chess_move_format (board, move, notation, text);
  g_string_append (out, text);
}

char *
chess_review_words_line (const ChessBoard *before,
                         const ChessMove  *moves,
                         guint             n_moves,
                         ChessNotation     notation)
{
  GString *out = g_string_new (NULL);
  ChessBoard board = *before;

  for (guint i = 0; i < n_moves && chess_board_is_legal (&board, moves[i]); i++)
    {
      ChessUndo undo;

      append_move (out, &board, moves[i], i == 0, notation);
      chess_board_make (&board, moves[i], &undo);
    }
  return g_string_free (out, FALSE);
}

/* The better move's sentence ("Better was 5… dxe5, winning the pawn on
 * e5.") with its evaluation and the line after it folded in, so that
 * "Better was" is said once: "Better was 5… dxe5, winning the pawn on e5
 * (+1.72), then 6. Qxg4 Nf6." */
static void
append_better_sentence (GString    *out,
                        const char *sentence,
                        const char *score,
                        const char *rest)
{
  gboolean has_rest = rest != NULL && *rest != '\0';
  gsize length = strlen (sentence);

  if (score == NULL && !has_rest)
    {
      g_string_append (out, sentence);
      return;
    }
  /* Without its full stop: the score and the line end the sentence. */
  g_autofree char *opening = g_strndup (sentence, length > 0 && sentence[length - 1] == '.'
                                                  ? length - 1 : length);
  if (score != NULL && has_rest)
    /* Translators: the better move's sentence without its full stop, its
     * evaluation, and the line that follows: "Better was 5… dxe5, winning
     * the pawn on e5 (+1.72), then 6. Qxg4 Nf6." */
    g_string_append_printf (out, _("%s (%s), then %s."), opening, score, rest);
  else if (score != NULL)
    /* Translators: the better move's sentence without its full stop and
     * its evaluation: "Better was 5. g5, keeping the queen (+0.16)." */
    g_string_append_printf (out, _("%s (%s)."), opening, score);
  else
    /* Translators: the better move's sentence without its full stop and
     * the line that follows: "Better was 5. g5, keeping the queen, then
     * 5… Nc6 6. d3." */
    g_string_append_printf (out, _("%s, then %s."), opening, rest);
}

char *
chess_review_words_verdict (const ChessBoard      *before,
                            const ChessReviewMove *move,
                            gboolean               judged,
                            ChessNotation          notation)
{
  g_autoptr(GString) played = g_string_new (NULL);
  g_autofree char *after = NULL;
  g_autofree char *was = NULL;
  GString *out;
  guint8 nag;

  g_return_val_if_fail (before != NULL && move != NULL, NULL);

  if (move->klass == CHESS_REVIEW_CLASS_NONE)
    return NULL;
  append_move (played, before, move->move, TRUE, notation);
  nag = chess_review_class_nag (move->klass);
  if (nag != 0)
    g_string_append (played, chess_tree_nag_symbol (nag));
  if (move->eval_after != CHESS_REVIEW_UNKNOWN)
    after = chess_review_words_score (move->eval_after);
  if (move->eval_before != CHESS_REVIEW_UNKNOWN)
    was = chess_review_words_score (move->eval_before);

  out = g_string_new (NULL);
  if (after == NULL || was == NULL)
    {
      if (!judged)
        {
          g_string_free (out, TRUE);
          return NULL;
        }
      /* Translators: a move and its class: "5… Bxd1⁇ Blunder." */
      g_string_append_printf (out, _("%s %s."), played->str, chess_review_class_name (move->klass));
    }
  else if (!judged)
    /* Translators: a move and how the evaluation changed with it:
     * "3. Bc4: +0.53 → +0.37." */
    g_string_append_printf (out, _("%s: %s → %s."), played->str, was, after);
  else if (move->klass == CHESS_REVIEW_CLASS_BEST && move->only_move)
    /* Translators: "27. Rd1 is the best move, and the only good one (+0.20)." */
    g_string_append_printf (out, _("%s is the best move, and the only good one (%s)."),
                            played->str, after);
  else if (move->klass == CHESS_REVIEW_CLASS_BEST)
    /* Translators: "5. Nxe5 is the best move (+1.72)." */
    g_string_append_printf (out, _("%s is the best move (%s)."), played->str, after);
  else
    /* Translators: a move, its class (Blunder, Good move …) and how the
     * evaluation changed: "5… Bxd1⁇ Blunder: +1.72 → White mates in 2." */
    g_string_append_printf (out, _("%s %s: %s → %s."), played->str,
                            chess_review_class_name (move->klass), was, after);

  /* Why, in words: the sentence under the verdict. */
  if (judged && move->why[0] != '\0')
    g_string_append_printf (out, "\n%s", move->why);

  if (judged && move->klass != CHESS_REVIEW_CLASS_BEST && move->best_move != CHESS_MOVE_NONE
      && move->best_move != move->move && chess_board_is_legal (before, move->best_move))
    {
      gboolean worse = move->klass >= CHESS_REVIEW_CLASS_INACCURACY;
      g_autofree char *best = chess_review_words_line (before, &move->best_move, 1, notation);
      g_autofree char *rest = NULL;
      g_autofree char *score = NULL;
      ChessBoard board = *before;
      ChessUndo undo;

      chess_board_make (&board, move->best_move, &undo);
      if (move->best_line_length > 1 && move->best_line[0] == move->best_move)
        rest = chess_review_words_line (&board, move->best_line + 1,
                                        MIN (move->best_line_length - 1, LINE_IN_WORDS), notation);
      if (move->best_eval != CHESS_REVIEW_UNKNOWN)
        score = chess_review_words_score (move->best_eval);
      g_string_append_c (out, '\n');
      if (worse && move->better_why[0] != '\0')
        append_better_sentence (out, move->better_why, score, rest);
      else if (score != NULL && rest != NULL && *rest != '\0')
        g_string_append_printf (out, worse
                                /* Translators: the better move, its evaluation, and the
                                 * line that follows: "Better was 5… dxe5 (+1.72), then
                                 * 6. Qxg4 Nf6." */
                                ? _("Better was %s (%s), then %s.")
                                /* Translators: as "Better was …", for a good move. */
                                : _("Best was %s (%s), then %s."), best, score, rest);
      else if (score != NULL)
        g_string_append_printf (out, worse ? _("Better was %s (%s).") : _("Best was %s (%s)."),
                                best, score);
      else if (rest != NULL && *rest != '\0')
        g_string_append_printf (out, worse ? _("Better was %s, then %s.") : _("Best was %s, then %s."),
                                best, rest);
      else
        g_string_append_printf (out, worse ? _("Better was %s.") : _("Best was %s."), best);
    }
  return g_string_free (out, FALSE);
}

char *
chess_review_words_summary (const ChessReviewPlayerStats *stats)
{
  guint inaccuracies = stats->counts[CHESS_REVIEW_CLASS_INACCURACY];
  guint mistakes = stats->counts[CHESS_REVIEW_CLASS_MISTAKE];
  guint blunders = stats->counts[CHESS_REVIEW_CLASS_BLUNDER];
  g_autofree char *accuracy = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  if (stats->n_moves == 0 || stats->accuracy < 0)
    return g_strdup (_("No moves reviewed"));
  /* Translators: a player's accuracy in a game review, 0 to 100. */
  accuracy = g_strdup_printf (_("Accuracy %.0f%%"), stats->accuracy);
  /* Translators: counts in a game review. */
  a = g_strdup_printf (ngettext ("%u inaccuracy", "%u inaccuracies", inaccuracies),
                       inaccuracies);
  b = g_strdup_printf (ngettext ("%u mistake", "%u mistakes", mistakes), mistakes);
  c = g_strdup_printf (ngettext ("%u blunder", "%u blunders", blunders), blunders);
  /* Translators: a player's line in the review: the accuracy, then the
   * counts of inaccuracies, mistakes and blunders. */
  return g_strdup_printf (_("%s · %s, %s, %s"), accuracy, a, b, c);
}

char *
chess_review_words_figures (const ChessReviewPlayerStats *stats)
{
  g_autofree char *accuracy = NULL;

  if (stats->n_moves == 0 || stats->accuracy < 0)
    accuracy = g_strdup ("–");
  else
    /* Translators: an accuracy in percent, as in "92%". */
    accuracy = g_strdup_printf (_("%.0f%%"), stats->accuracy);
  return g_strdup_printf ("%s · ⁈ %u · ? %u · ⁇ %u", accuracy,
                          stats->counts[CHESS_REVIEW_CLASS_INACCURACY],
                          stats->counts[CHESS_REVIEW_CLASS_MISTAKE],
                          stats->counts[CHESS_REVIEW_CLASS_BLUNDER]);
}
