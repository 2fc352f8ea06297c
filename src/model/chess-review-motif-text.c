/* chess-review-motif-text.c — a motif in one translated sentence. Each
 * sentence is a whole msgid; the piece names it takes are translated in
 * their sentence's context (C_), so that languages with cases and genders
 * can say them right. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-game.h"
#include "chess-review-motif.h"

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
        /* Translators: why a move was bad: the opponent mates in %d moves. */
        text = g_strdup_printf (ngettext ("Allows mate in %d.", "Allows mate in %d.",
                                          m->mate_moves), m->mate_moves);
      else
        /* Translators: why a move was bad: the opponent mates in %d moves
         * with the moves that follow ("Allows mate in 1: 4. Qxf7#."). */
        text = g_strdup_printf (ngettext ("Allows mate in %d: %s.", "Allows mate in %d: %s.",
                                          m->mate_moves), m->mate_moves, line);
      break;
    case CHESS_MOTIF_MATE_MISSED:
      /* Translators: why a move was bad: it did not mate in %d moves with
       * the moves that follow ("Missed mate in 1: 4. Qxf7#."). */
      text = g_strdup_printf (ngettext ("Missed mate in %d: %s.", "Missed mate in %d: %s.",
                                        m->mate_moves), m->mate_moves, line);
      break;
    case CHESS_MOTIF_FORK:
      /* Translators: the opponent's move forks two pieces: "4… Nc2+ forks
       * the king on e1 and the rook on a1." */
      text = g_strdup_printf (_("%s forks %s on %s and %s on %s."), line,
                              placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_PIN:
      /* Translators: "5. Bb5 pins the knight on c6 to the king on e8." */
      text = g_strdup_printf (_("%s pins %s on %s to %s on %s."), line,
                              placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_SKEWER:
      /* Translators: "5. Bb5+ skewers the king on e8 and the rook on a4:
       * when the first moves away, the second is taken." */
      text = g_strdup_printf (_("%s skewers %s on %s and %s on %s."), line,
                              placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_DISCOVERED:
      /* Translators: a move opens the line of another piece, which now
       * attacks: "6… Nd4 uncovers an attack by the rook on d8 on the queen
       * on d2." */
      text = g_strdup_printf (_("%s uncovers an attack by %s on %s on %s on %s."), line,
                              placed_name (m->actor.type), actor_sq,
                              placed_name (m->targets[0].type), sq0);
      break;
    case CHESS_MOTIF_HANGING:
      /* Translators: why a move was bad: "Leaves the knight on f6 hanging:
       * 4. Bxf6." (attacked and not defended well enough). */
      text = g_strdup_printf (_("Leaves %s on %s hanging: %s."),
                              placed_name (m->lost.type), lost_sq, line);
      break;
    case CHESS_MOTIF_EN_PRISE:
      /* Translators: why a move was bad: the piece moved to where it is
       * taken: "Puts the bishop en prise on c4: 5… dxc4." */
      text = g_strdup_printf (_("Puts %s en prise on %s: %s."),
                              placed_name (m->lost.type), lost_sq, line);
      break;
    case CHESS_MOTIF_MATERIAL:
      if (m->lost.type != CHESS_NO_PIECE_TYPE && m->got.type != CHESS_NO_PIECE_TYPE)
        /* Translators: why a move was bad: a piece lost, a cheaper one
         * taken back: "Loses the queen for a rook to 38… Rxb2." */
        text = g_strdup_printf (_("Loses %s for %s to %s."), lost_name (m->lost.type),
                                lost_name (m->got.type), line);
      else if (m->lost.type == CHESS_NO_PIECE_TYPE)
        /* Translators: why a move was bad: "Loses material to 7… Bxe4." */
        text = g_strdup_printf (_("Loses material to %s."), line);
      else
        /* Translators: why a move was bad: "Loses the queen to 4… Nxg4." */
        text = g_strdup_printf (_("Loses %s to %s."), lost_name (m->lost.type), line);
      break;
    case CHESS_MOTIF_THREAT_IGNORED:
      /* Translators: why a move was bad: the opponent threatened this move
       * and it was not prevented: "Ignores the threat 5… Qxh2+." */
      text = g_strdup_printf (_("Ignores the threat %s."), line);
      break;
    case CHESS_MOTIF_WIN_THROWN:
      /* Translators: why a move was bad, in an ending: "Throws away the won
       * ending: 41. Kd5 kept the win." */
      text = g_strdup_printf (_("Throws away the won ending: %s kept the win."), line);
      break;
    case CHESS_MOTIF_DRAW_MISSED:
      /* Translators: why a move was bad, in an ending: "Misses the draw:
       * 52… Kg7 held." */
      text = g_strdup_printf (_("Misses the draw: %s held."), line);
      break;
    case CHESS_MOTIF_BETTER_MATES:
      /* Translators: the better move: "Better was 4. Qxf7+, mating in 2." */
      text = g_strdup_printf (ngettext ("Better was %s, mating in %d.",
                                        "Better was %s, mating in %d.", m->mate_moves),
                              line, m->mate_moves);
      break;
    case CHESS_MOTIF_BETTER_FORK:
      /* Translators: the better move: "Better was 12. Nc7+, forking the
       * king on e8 and the rook on a8." */
      text = g_strdup_printf (_("Better was %s, forking %s on %s and %s on %s."), line,
                              placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_BETTER_PIN:
      /* Translators: the better move: "Better was 12. Bb5, pinning the
       * knight on c6 to the king on e8." */
      text = g_strdup_printf (_("Better was %s, pinning %s on %s to %s on %s."), line,
                              placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_BETTER_SKEWER:
      /* Translators: the better move: "Better was 30. Rh8+, skewering the
       * king on h7 and the queen on a7." */
      text = g_strdup_printf (_("Better was %s, skewering %s on %s and %s on %s."), line,
                              placed_name (m->targets[0].type), sq0,
                              placed_name (m->targets[1].type), sq1);
      break;
    case CHESS_MOTIF_BETTER_DISCOVERED:
      /* Translators: the better move: "Better was 15. Nd5, uncovering an
       * attack by the bishop on b2 on the queen on g7." */
      text = g_strdup_printf (_("Better was %s, uncovering an attack by %s on %s on %s on %s."),
                              line, placed_name (m->actor.type), actor_sq,
                              placed_name (m->targets[0].type), sq0);
      break;
    case CHESS_MOTIF_BETTER_WINS:
      /* Translators: the better move: "Better was 8. Nxe5, winning the
       * pawn on e5." */
      text = g_strdup_printf (_("Better was %s, winning %s on %s."), line,
                              placed_name (m->lost.type), lost_sq);
      break;
    case CHESS_MOTIF_BETTER_KEEPS:
      /* Translators: the better move: "Better was 5. g5, keeping the queen." */
      text = g_strdup_printf (_("Better was %s, keeping %s."), line, kept_name (m->lost.type));
      break;
    case CHESS_MOTIF_BETTER_STOPS_MATE:
      /* Translators: the better move, after a move that allowed mate:
       * "Better was 20. Kh1, stopping the mate." */
      text = g_strdup_printf (_("Better was %s, stopping the mate."), line);
      break;
    case CHESS_MOTIF_NONE:
    default:
      return NULL;
    }
  /* A PGN comment holds it: a translation must not end it early. */
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
  if (chess_review_motif_find_better (before, move, &why, &better))
    better_text = chess_review_motif_sentence (&better, move, before);
  set_text (move->why, why_text);
  set_text (move->better_why, better_text);
}
