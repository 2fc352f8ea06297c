/* chess-review-motif-text.c — a motif in one translated sentence. Each
 * sentence is a whole msgid; the piece names it takes are translated in
 * their sentence's context (C_), so that languages with cases and genders
 * can say them right. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-game.h"
#include "chess-review-motif-private.h"
#include "chess-review-motif-templates.h"

/* A sentence from a template of the list, translated (chess-review-motif-templates.c). */
#define SENTENCE(name, n, ...) \
  chess_review_sentence_printf (CHESS_SENTENCE_ ## name, (gulong) (n), __VA_ARGS__)

/* A piece as what is lost, won or kept: "Loses the queen", "winning a pawn". */
static const char *
lost_name (ChessPieceType type)
{
  switch (type)
    {
    case CHESS_QUEEN:
      return C_("piece lost or won", "the queen");
    case CHESS_ROOK:
      return C_("piece lost or won", "a rook");
    case CHESS_BISHOP:
      return C_("piece lost or won", "a bishop");
    case CHESS_KNIGHT:
      return C_("piece lost or won", "a knight");
    case CHESS_PAWN:
      return C_("piece lost or won", "a pawn");
    case CHESS_KING:
    case CHESS_NO_PIECE_TYPE:
    default:
      return C_("piece lost or won", "material");
    }
}

/* A piece standing on a square, followed by "on e4" in the sentences. */
static const char *
placed_name (ChessPieceType type)
{
  switch (type)
    {
    case CHESS_KING:
      return C_("piece on a square", "the king");
    case CHESS_QUEEN:
      return C_("piece on a square", "the queen");
    case CHESS_ROOK:
      return C_("piece on a square", "the rook");
    case CHESS_BISHOP:
      return C_("piece on a square", "the bishop");
    case CHESS_KNIGHT:
      return C_("piece on a square", "the knight");
    case CHESS_PAWN:
    case CHESS_NO_PIECE_TYPE:
    default:
      return C_("piece on a square", "the pawn");
    }
}

/* A piece the better move keeps: "keeping the queen". */
static const char *
kept_name (ChessPieceType type)
{
  switch (type)
    {
    case CHESS_QUEEN:
      return C_("piece kept", "the queen");
    case CHESS_ROOK:
      return C_("piece kept", "the rook");
    case CHESS_BISHOP:
      return C_("piece kept", "the bishop");
    case CHESS_KNIGHT:
      return C_("piece kept", "the knight");
    case CHESS_PAWN:
    case CHESS_KING:
    case CHESS_NO_PIECE_TYPE:
    default:
      return C_("piece kept", "the pawn");
    }
}

/* Moves numbered as players write them: "4… Nxg4", "4. Qxf7#", with the
 * translated piece letters. */
static char *
line_text (const ChessBoard *start,
           const ChessMove  *moves,
           guint             n)
{
  GString *out = g_string_new (NULL);
  ChessBoard board = *start;

  for (guint i = 0; i < n && chess_board_is_legal (&board, moves[i]); i++)
    {
      char text[CHESS_MOVE_TEXT_MAX];
      ChessUndo undo;

      if (out->len > 0)
        g_string_append_c (out, ' ');
      if (board.side == CHESS_COLOR_WHITE)
        g_string_append_printf (out, "%u. ", MAX (board.fullmove_number, 1));
      else if (i == 0)
        g_string_append_printf (out, "%u… ", MAX (board.fullmove_number, 1));
      chess_move_format_san_letters (&board, moves[i], chess_game_get_piece_letters (), text);
      g_string_append (out, text);
      chess_board_make (&board, moves[i], &undo);
    }
  return g_string_free (out, FALSE);
}

static void
square_name (ChessSquare sq,
             char       *buf)
{
  if (sq >= 0 && sq < 64)
    chess_square_name (sq, buf);
  else
    buf[0] = '\0';
}

char *
chess_review_motif_sentence (const ChessReviewMotif *m,
                             const ChessReviewMove  *move,
                             const ChessBoard       *before)
{
  g_autofree char *line = NULL;
  char lost_sq[3], actor_sq[3], sq0[3], sq1[3];
  char *text = NULL;

  g_return_val_if_fail (m != NULL && move != NULL && before != NULL, NULL);

  line = line_text (&m->board, m->line, m->line_length);
  square_name (m->lost.square, lost_sq);
  square_name (m->actor.square, actor_sq);
  square_name (m->targets[0].square, sq0);
  square_name (m->targets[1].square, sq1);

  switch (m->kind)
    {
    case CHESS_MOTIF_MATE_ALLOWED:
      if (*line == '\0')
        text = SENTENCE (MATE_ALLOWED, m->mate_moves, m->mate_moves);
      else
        text = SENTENCE (MATE_ALLOWED_LINE, m->mate_moves, m->mate_moves, line);
      break;
    case CHESS_MOTIF_MATE_MISSED:
      text = SENTENCE (MATE_MISSED, m->mate_moves, m->mate_moves, line);
      break;
    case CHESS_MOTIF_FORK:
      text = SENTENCE (FORK, 1, line, placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_PIN:
      text = SENTENCE (PIN, 1, line, placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_SKEWER:
      text = SENTENCE (SKEWER, 1, line, placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_DISCOVERED:
      text = SENTENCE (DISCOVERED, 1, line, placed_name (m->actor.type), actor_sq,
                              placed_name (m->targets[0].type), sq0);
      break;
    case CHESS_MOTIF_HANGING:
      text = SENTENCE (HANGING, 1, placed_name (m->lost.type), lost_sq, line);
      break;
    case CHESS_MOTIF_EN_PRISE:
      text = SENTENCE (EN_PRISE, 1, placed_name (m->lost.type), lost_sq, line);
      break;
    case CHESS_MOTIF_MATERIAL:
      if (m->lost.type != CHESS_NO_PIECE_TYPE && m->got.type != CHESS_NO_PIECE_TYPE)
        text = SENTENCE (LOSES_FOR, 1, lost_name (m->lost.type),
                                lost_name (m->got.type), line);
      else if (m->lost.type == CHESS_NO_PIECE_TYPE)
        text = SENTENCE (LOSES_MATERIAL, 1, line);
      else
        text = SENTENCE (LOSES, 1, lost_name (m->lost.type), line);
      break;
    case CHESS_MOTIF_THREAT_IGNORED:
      text = SENTENCE (THREAT_IGNORED, 1, line);
      break;
    case CHESS_MOTIF_WIN_THROWN:
      text = SENTENCE (WIN_THROWN, 1, line);
      break;
    case CHESS_MOTIF_DRAW_MISSED:
      text = SENTENCE (DRAW_MISSED, 1, line);
      break;
    case CHESS_MOTIF_BETTER_MATES:
      text = SENTENCE (BETTER_MATES, m->mate_moves, line, m->mate_moves);
      break;
    case CHESS_MOTIF_BETTER_FORK:
      text = SENTENCE (BETTER_FORK, 1, line, placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_BETTER_PIN:
      text = SENTENCE (BETTER_PIN, 1, line, placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_BETTER_SKEWER:
      text = SENTENCE (BETTER_SKEWER, 1, line, placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_BETTER_DISCOVERED:
      text = SENTENCE (BETTER_DISCOVERED, 1, line, placed_name (m->actor.type), actor_sq,
                              placed_name (m->targets[0].type), sq0);
      break;
    case CHESS_MOTIF_BETTER_WINS:
      text = SENTENCE (BETTER_WINS, 1, line, placed_name (m->lost.type), lost_sq);
      break;
    case CHESS_MOTIF_BETTER_KEEPS:
      text = SENTENCE (BETTER_KEEPS, 1, line, kept_name (m->lost.type));
      break;
    case CHESS_MOTIF_BETTER_STOPS_MATE:
      text = SENTENCE (BETTER_STOPS_MATE, 1, line);
      break;
    case CHESS_MOTIF_NONE:
    default:
      return NULL;
    }
  /* A PGN comment holds it: a translation must not end it early. */
  g_strdelimit (text, "}", ')');
  return text;
}

/* ---- The threat ---------------------------------------------------------- */

char *
chess_review_motif_threat_words (const ChessBoard *board,
                                 const ChessMove  *line,
                                 guint             n,
                                 const char       *numbered)
{
  ChessReviewMotif m;
  char sq0[3], sq1[3];

  g_return_val_if_fail (board != NULL && line != NULL && numbered != NULL, NULL);

  ChessMove move = line[0];
  if (n == 0 || !chess_board_is_legal (board, move))
    return NULL;

  /* A capture that wins: the piece is not defended, or worth more than
   * the piece that takes it. */
  ChessPieceType taken = _chess_motif_captured_type (board, move);
  ChessPiece taker = chess_board_piece_at (board, chess_move_from (move));
  if (taken != CHESS_NO_PIECE_TYPE && taken != CHESS_KING
      && (!_chess_motif_is_defended (board, chess_move_to (move))
          || chess_review_motif_value (taken) > chess_review_motif_value (chess_piece_type (taker))))
    /* Translators: the threat, a numbered move that takes a piece:
     * "4… gxh5, winning the queen". */
    return g_strdup_printf (C_("threat", "%s, winning %s"), numbered, lost_name (taken));

  memset (&m, 0, sizeof m);
  m.lost = m.got = m.actor = m.targets[0] = m.targets[1] = _chess_motif_no_piece ();
  switch (_chess_motif_find_tactic (board, line, n, 0, FALSE, &m))
    {
    case CHESS_MOTIF_FORK:
      square_name (m.targets[0].square, sq0);
      square_name (m.targets[1].square, sq1);
      /* Translators: the threat: "12. Nc7+, forking the king on e8 and the
       * rook on a8". */
      return g_strdup_printf (C_("threat", "%s, forking %s on %s and %s on %s"), numbered,
                              placed_name (m.targets[0].type), sq0,
                              placed_name (m.targets[1].type), sq1);
    case CHESS_MOTIF_PIN:
      square_name (m.targets[0].square, sq0);
      square_name (m.targets[1].square, sq1);
      /* Translators: the threat: "5. Bb5, pinning the knight on c6 to the
       * king on e8". */
      return g_strdup_printf (C_("threat", "%s, pinning %s on %s to %s on %s"), numbered,
                              placed_name (m.targets[0].type), sq0,
                              placed_name (m.targets[1].type), sq1);
    case CHESS_MOTIF_SKEWER:
      square_name (m.targets[0].square, sq0);
      square_name (m.targets[1].square, sq1);
      /* Translators: the threat: "30. Rh8+, skewering the king on h7 and
       * the queen on a7". */
      return g_strdup_printf (C_("threat", "%s, skewering %s on %s and %s on %s"), numbered,
                              placed_name (m.targets[0].type), sq0,
                              placed_name (m.targets[1].type), sq1);
    case CHESS_MOTIF_DISCOVERED:
      square_name (m.actor.square, sq0);
      square_name (m.targets[0].square, sq1);
      /* Translators: the threat: "15. Nd5, uncovering an attack by the
       * bishop on b2 on the queen on g7". */
      return g_strdup_printf (C_("threat", "%s, uncovering an attack by %s on %s on %s on %s"),
                              numbered, placed_name (m.actor.type), sq0,
                              placed_name (m.targets[0].type), sq1);
    default:
      return NULL;
    }
}

/* ---- No motif: what the scores show ------------------------------------- */

/* Scores within this of 0 (the mover's view, centipawns) are level. */
#define LEVEL_SCORE 50

typedef enum { STANDING_WORSE, STANDING_LEVEL, STANDING_BETTER } Standing;

static Standing
standing_of (int mover_score)
{
  return mover_score >= LEVEL_SCORE ? STANDING_BETTER
         : mover_score <= -LEVEL_SCORE ? STANDING_WORSE : STANDING_LEVEL;
}

/* A White's-view score as the sentences show it: "+0.62", "−0.62" (U+2212),
 * "#3", "#−3". */
static char *
score_text (int score)
{
  if (chess_review_score_is_mate (score))
    {
      int moves = chess_review_score_mate_moves (score);
      return moves < 0 ? g_strdup_printf ("#\xe2\x88\x92%d", -moves) : g_strdup_printf ("#%d", moves);
    }
  double pawns = score / 100.0;
  g_autofree char *digits = g_strdup_printf ("%.2f", ABS (pawns));
  return g_strconcat (score > 0 ? "+" : score < 0 ? "\xe2\x88\x92" : "", digits, NULL);
}

char *
chess_review_motif_score_sentence (const ChessReviewMove *move,
                                   const ChessBoard      *before)
{
  ChessBoard after = *before;
  ChessUndo undo;
  ChessSentence sentence;
  gboolean white_moved = move->mover == CHESS_COLOR_WHITE;

  g_return_val_if_fail (move != NULL && before != NULL, NULL);

  if (move->reply_line_length == 0 || !chess_board_is_legal (before, move->move))
    return NULL;
  chess_board_make (&after, move->move, &undo);
  if (!chess_board_is_legal (&after, move->reply_line[0]))
    return NULL;

  Standing was = standing_of (move->mover_eval_before);
  Standing now = standing_of (move->mover_eval_after);
  if (was == STANDING_BETTER)
    sentence = now == STANDING_BETTER ? (white_moved ? CHESS_SENTENCE_EDGE_SHRINKS_WHITE
                                                     : CHESS_SENTENCE_EDGE_SHRINKS_BLACK)
               : now == STANDING_LEVEL ? CHESS_SENTENCE_EDGE_SLIPS
               : white_moved ? CHESS_SENTENCE_EDGE_GIVEN_BLACK : CHESS_SENTENCE_EDGE_GIVEN_WHITE;
  else if (was == STANDING_LEVEL)
    sentence = now != STANDING_WORSE ? CHESS_SENTENCE_LEVEL_SLIPS
               : white_moved ? CHESS_SENTENCE_LEVEL_LOST_BLACK : CHESS_SENTENCE_LEVEL_LOST_WHITE;
  else
    sentence = white_moved ? CHESS_SENTENCE_WORSE_BLACK : CHESS_SENTENCE_WORSE_WHITE;

  g_autofree char *reply = line_text (&after, move->reply_line, 1);
  g_autofree char *score = score_text (chess_review_score_for (move->mover_eval_after, move->mover));
  char *text = chess_review_sentence_printf (sentence, 1, reply, score);
  g_strdelimit (text, "}", ')');
  return text;
}

/* Copies `text` into a CHESS_REVIEW_WHY_MAX field; a translation too long
 * for it is cut at a whole character. */
static void
set_text (char       *field,
          const char *text)
{
  if (text == NULL)
    field[0] = '\0';
  else if (strlen (text) >= CHESS_REVIEW_WHY_MAX)
    {
      const char *end = g_utf8_find_prev_char (text, text + CHESS_REVIEW_WHY_MAX);
      gsize length = end != NULL ? (gsize) (end - text) : 0;

      memcpy (field, text, length);
      field[length] = '\0';
    }
  else
    strcpy (field, text);
}

void
chess_review_motif_describe (ChessReviewMove  *move,
                             const ChessBoard *before)
{
  ChessReviewMotif why, better;
  g_autofree char *why_text = NULL;
  g_autofree char *better_text = NULL;

  g_return_if_fail (move != NULL && before != NULL);

  move->why[0] = move->better_why[0] = '\0';
  if (move->klass < CHESS_REVIEW_CLASS_INACCURACY)
    return;
  if (chess_review_motif_find (before, move, &why))
    why_text = chess_review_motif_sentence (&why, move, before);
  else
    why.kind = CHESS_MOTIF_NONE;
  /* Every marked move gets a sentence: the scores' when no motif applies. */
  if (why_text == NULL)
    why_text = chess_review_motif_score_sentence (move, before);
  if (chess_review_motif_find_better (before, move, &why, &better))
    better_text = chess_review_motif_sentence (&better, move, before);
  set_text (move->why, why_text);
  set_text (move->better_why, better_text);
}
