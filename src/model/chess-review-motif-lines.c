/* chess-review-motif-lines.c — the motif detector's board helpers, and
 * the engine's lines played forward with the material counted. */
#include "config.h"

#include <string.h>

#include "chess-review-motif-private.h"

static const int piece_values[CHESS_N_PIECE_TYPES] = { 100, 300, 300, 500, 900, 10000 };

int
chess_review_motif_value (ChessPieceType type)
{
  return type < CHESS_NO_PIECE_TYPE ? piece_values[type] : 0;
}

int
_chess_motif_balance (const ChessBoard *board,
                      ChessColor        side)
{
  return chess_board_material (board, side) - chess_board_material (board, chess_color_other (side));
}

ChessBitboard
_chess_motif_occupancy (const ChessBoard *board)
{
  return board->by_color[CHESS_COLOR_WHITE] | board->by_color[CHESS_COLOR_BLACK];
}

ChessBitboard
_chess_motif_attacks_from (ChessPieceType type,
                           ChessSquare    sq,
                           ChessColor     color,
                           ChessBitboard  occ)
{
  switch (type)
    {
    case CHESS_PAWN:
      return chess_pawn_attacks[color][sq];
    case CHESS_KNIGHT:
      return chess_knight_attacks[sq];
    case CHESS_BISHOP:
      return chess_bishop_attacks (sq, occ);
    case CHESS_ROOK:
      return chess_rook_attacks (sq, occ);
    case CHESS_QUEEN:
      return chess_bishop_attacks (sq, occ) | chess_rook_attacks (sq, occ);
    case CHESS_KING:
      return chess_king_attacks[sq];
    case CHESS_NO_PIECE_TYPE:
    default:
      return 0;
    }
}

gboolean
_chess_motif_is_defended (const ChessBoard *board,
                          ChessSquare       sq)
{
  ChessColor owner = chess_piece_color (chess_board_piece_at (board, sq));

  return chess_attackers_to (board, sq, _chess_motif_occupancy (board), owner) != 0;
}

/* The value of the cheapest piece of `by` attacking `sq`, 0 when none. */
int
_chess_motif_cheapest_attacker (const ChessBoard *board,
                                ChessSquare       sq,
                                ChessColor        by)
{
  ChessBitboard attackers = chess_attackers_to (board, sq, _chess_motif_occupancy (board), by);
  int cheapest = 0;

  while (attackers)
    {
      int value = chess_review_motif_value (chess_piece_type (chess_board_piece_at (board, chess_bb_pop (&attackers))));
      if (cheapest == 0 || value < cheapest)
        cheapest = value;
    }
  return cheapest;
}

ChessMotifPiece
_chess_motif_piece_at (const ChessBoard *board,
                       ChessSquare       sq)
{
  ChessPiece piece = chess_board_piece_at (board, sq);

  return (ChessMotifPiece) { piece == CHESS_NO_PIECE ? CHESS_NO_PIECE_TYPE : chess_piece_type (piece), sq };
}

ChessMotifPiece
_chess_motif_no_piece (void)
{
  return (ChessMotifPiece) { CHESS_NO_PIECE_TYPE, CHESS_NO_SQUARE };
}

ChessPieceType
_chess_motif_captured_type (const ChessBoard *board,
                            ChessMove         move)
{
  if (chess_move_flags (move) == CHESS_MOVE_EN_PASSANT)
    return CHESS_PAWN;
  if (!chess_move_is_capture (move))
    return CHESS_NO_PIECE_TYPE;
  return chess_piece_type (chess_board_piece_at (board, chess_move_to (move)));
}

/* Plays `n` plies of `line` on `board` (the legal start only). */
guint
_chess_motif_play (ChessBoard      *board,
                   const ChessMove *line,
                   guint            n)
{
  guint i;

  for (i = 0; i < n && chess_board_is_legal (board, line[i]); i++)
    {
      ChessUndo undo;
      chess_board_make (board, line[i], &undo);
    }
  return i;
}

void
chess_review_move_set_reply (ChessReviewMove  *move,
                             const ChessBoard *before,
                             const ChessMove  *line,
                             guint             n)
{
  ChessBoard board = *before;
  ChessUndo undo;

  g_return_if_fail (move != NULL && before != NULL);

  move->reply_line_length = 0;
  if (!chess_board_is_legal (&board, move->move))
    return;
  chess_board_make (&board, move->move, &undo);
  n = MIN (n, CHESS_REVIEW_MAX_LINE);
  for (guint i = 0; i < n && chess_board_is_legal (&board, line[i]); i++)
    {
      move->reply_line[i] = line[i];
      move->reply_line_length = i + 1;
      chess_board_make (&board, line[i], &undo);
    }
}

/* ---- What a line wins ---------------------------------------------------- */

/* Knights and bishops trade for each other. */
static ChessPieceType
trade_class (ChessPieceType type)
{
  return type == CHESS_BISHOP ? CHESS_KNIGHT : type;
}

/* The dearest piece class taken from one side more often than from the
 * other (`taken` and `given` count by trade class). */
static ChessPieceType
net_loss (const int *taken,
          const int *given)
{
  for (int t = CHESS_QUEEN; t >= CHESS_PAWN; t--)
    if (taken[t] > given[t])
      return (ChessPieceType) t;
  return CHESS_NO_PIECE_TYPE;
}

/* Plays `line` from `start` until the captures stop: once something was
 * taken, the first quiet move that neither answers nor gives check ends
 * the exchange (a trade back is not a loss). */
void
_chess_motif_line_outcome (const ChessBoard *start,
                           const ChessMove  *line,
                           guint             n,
                           ChessColor        side,
                           LineOutcome      *out)
{
  ChessBoard board = *start;
  gboolean captured = FALSE;
  int taken[2][CHESS_N_PIECE_TYPES] = { { 0 } };   /* [ours?][class] */
  ChessMotifPiece first[2][CHESS_N_PIECE_TYPES];
  guint first_ply[2][CHESS_N_PIECE_TYPES] = { { 0 } };

  out->settled = _chess_motif_balance (&board, side);
  out->lost = out->won = _chess_motif_no_piece ();
  out->lost_ply = out->won_ply = 0;
  for (guint i = 0; i < n && chess_board_is_legal (&board, line[i]); i++)
    {
      ChessMove move = line[i];
      ChessPieceType type = _chess_motif_captured_type (&board, move);
      ChessUndo undo;

      if (captured && type == CHESS_NO_PIECE_TYPE && !chess_move_is_promotion (move)
          && !chess_board_in_check (&board))
        {
          /* A check in the middle of the exchange is part of it. */
          ChessBoard next = board;
          chess_board_make (&next, move, &undo);
          if (!chess_board_in_check (&next))
            break;
        }
      if (type != CHESS_NO_PIECE_TYPE)
        {
          int ours = board.side != side;
          ChessPieceType klass = trade_class (type);

          /* The first capture of its kind starts the loss. */
          if (taken[ours][klass]++ == 0)
            {
              first[ours][klass] = (ChessMotifPiece) { type, chess_move_to (move) };
              first_ply[ours][klass] = i;
            }
          captured = TRUE;
        }
      chess_board_make (&board, move, &undo);
      out->settled = _chess_motif_balance (&board, side);
    }
  ChessPieceType lost = net_loss (taken[1], taken[0]);
  ChessPieceType won = net_loss (taken[0], taken[1]);
  if (lost != CHESS_NO_PIECE_TYPE)
    {
      out->lost = first[1][lost];
      out->lost_ply = first_ply[1][lost];
    }
  if (won != CHESS_NO_PIECE_TYPE)
    {
      out->won = first[0][won];
      out->won_ply = first_ply[0][won];
    }
}

gboolean
_chess_motif_later_takes (const ChessBoard *start,
                          const ChessMove  *line,
                          guint             n,
                          guint             from,
                          ChessColor        side,
                          ChessMotifPiece   target)
{
  ChessBoard board = *start;

  for (guint i = 0; i < n && chess_board_is_legal (&board, line[i]); i++)
    {
      ChessUndo undo;

      if (i >= from && board.side == side
          && (target.type == CHESS_NO_PIECE_TYPE || chess_move_to (line[i]) == target.square)
          && _chess_motif_captured_type (&board, line[i]) != CHESS_NO_PIECE_TYPE)
        return TRUE;
      chess_board_make (&board, line[i], &undo);
    }
  return FALSE;
}
