/* chess-game-browse.c — ChessGame's line being played, read move by move:
 * positions, the view, move descriptions and captured pieces. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "chess-game-private.h"

/* Describes `move`, legal in `before`, played as move number `ply`. */
void
chess_game_fill_move_info (const ChessBoard *before,
                           ChessMove         move,
                           guint             ply,
                           ChessMoveInfo    *info)
{
  ChessSquare from = chess_move_from (move);
  ChessSquare to = chess_move_to (move);
  int flags = chess_move_flags (move);
  int rank = chess_square_rank (from);

  memset (info, 0, sizeof *info);
  info->move = move;
  info->ply = ply;
  info->color = (ChessColor) before->side;
  info->from = from;
  info->to = to;
  info->piece = chess_board_piece_at (before, from);
  info->captured = CHESS_NO_PIECE;
  info->captured_square = CHESS_NO_SQUARE;
  info->promotion = chess_move_promotion (move);
  info->rook_from = CHESS_NO_SQUARE;
  info->rook_to = CHESS_NO_SQUARE;
  if (chess_move_is_null (move))
    {
      /* A null move (from a file) moves no piece. */
      info->from = info->to = CHESS_NO_SQUARE;
      info->piece = CHESS_NO_PIECE;
      info->promotion = CHESS_NO_PIECE_TYPE;
      chess_move_format (before, move, CHESS_NOTATION_SAN, info->san);
      return;
    }

  if (flags == CHESS_MOVE_EN_PASSANT)
    {
      info->captured_square = chess_square_make (chess_square_file (to), rank);
      info->captured = chess_piece_make (chess_color_other (info->color), CHESS_PAWN);
    }
  else if (chess_move_is_capture (move))
    {
      info->captured_square = to;
      info->captured = chess_board_piece_at (before, to);
    }
  else if (flags == CHESS_MOVE_KING_CASTLE)
    {
      info->rook_from = chess_square_make (7, rank);
      info->rook_to = chess_square_make (5, rank);
    }
  else if (flags == CHESS_MOVE_QUEEN_CASTLE)
    {
      info->rook_from = chess_square_make (0, rank);
      info->rook_to = chess_square_make (3, rank);
    }

  chess_move_format (before, move, CHESS_NOTATION_SAN, info->san);
}

const ChessBoard *
chess_game_get_board (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return &self->position;
}

gboolean
chess_game_get_board_at (ChessGame  *self,
                         guint       ply,
                         ChessBoard *out)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (ply > chess_game_line_length (self))
    return FALSE;
  if (ply == chess_game_line_length (self))
    *out = self->position;
  else
    chess_tree_board_at (self->tree, chess_game_get_node_at (self, ply), out);
  return TRUE;
}

const ChessBoard *
chess_game_get_start_board (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return &self->tree->start;
}

guint
chess_game_get_view_ply (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  return self->view_ply;
}

void
chess_game_set_view_ply (ChessGame *self,
                         guint      ply)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  self->view_ply = MIN (ply, chess_game_line_length (self));
  chess_game_sync_properties (self);
}

gboolean
chess_game_can_play_at_view (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);

  if (chess_game_plays_in_tree (self))
    return TRUE;
  return self->view_ply == chess_game_line_length (self) && self->result == CHESS_GAME_RESULT_ONGOING;
}

gboolean
chess_game_is_study (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);

  return self->loaded;
}

void
chess_game_play_on (ChessGame *self)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  self->loaded = FALSE;
}

gboolean
chess_game_is_viewing_live (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), TRUE);
  return self->view_ply == chess_game_line_length (self);
}

/* ---- The move list ---- */

guint
chess_game_get_move_count (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  return chess_game_line_length (self);
}

ChessMove
chess_game_get_move (ChessGame *self,
                     guint      ply)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), CHESS_MOVE_NONE);

  if (ply >= chess_game_line_length (self))
    return CHESS_MOVE_NONE;
  return chess_game_get_node_at (self, ply + 1)->move;
}

gboolean
chess_game_get_move_info (ChessGame     *self,
                          guint          ply,
                          ChessMoveInfo *info)
{
  ChessBoard before;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  if (ply >= chess_game_line_length (self))
    return FALSE;
  chess_game_get_board_at (self, ply, &before);
  chess_game_fill_move_info (&before, chess_game_get_move (self, ply), ply, info);
  return TRUE;
}

char *
chess_game_format_move (ChessGame     *self,
                        guint          ply,
                        ChessNotation  notation,
                        gboolean       localized,
                        char          *buf)
{
  ChessBoard before;
  ChessMove move;

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  g_return_val_if_fail (buf != NULL, NULL);

  if (ply >= chess_game_line_length (self))
    return NULL;
  move = chess_game_get_move (self, ply);
  chess_game_get_board_at (self, ply, &before);
  if (localized && notation == CHESS_NOTATION_SAN)
    return chess_move_format_san_letters (&before, move,
                                          chess_game_get_piece_letters (), buf);
  return chess_move_format (&before, move, notation, buf);
}

const char *
chess_game_get_piece_letters (void)
{
  /* Translators: the letters for knight, bishop, rook, queen and king in
   * move notation, in that order: exactly five capital ASCII letters, all
   * different (German: "SLTDK"). Keep "NBRQK" if unsure. */
  const char *letters = C_("piece letters N B R Q K", "NBRQK");

  if (strlen (letters) != 5)
    return "NBRQK";
  for (int i = 0; i < 5; i++)
    {
      /* Distinct capitals (files are lower case), or readers get lost. */
      if (!g_ascii_isupper (letters[i]) || strchr (letters + i + 1, letters[i]) != NULL)
        return "NBRQK";
    }
  return letters;
}

gboolean
chess_game_get_last_move (ChessGame   *self,
                          ChessSquare *from,
                          ChessSquare *to)
{
  ChessMove m;

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);

  if (chess_game_line_length (self) == 0)
    return FALSE;
  m = self->line_end->move;
  if (chess_move_is_null (m))
    return FALSE;
  if (from != NULL)
    *from = chess_move_from (m);
  if (to != NULL)
    *to = chess_move_to (m);
  return TRUE;
}

guint
chess_game_get_captured (ChessGame  *self,
                         ChessColor  color,
                         ChessPiece *out)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  return chess_game_get_captured_at (self, G_MAXUINT, color, out);
}

guint
chess_game_get_captured_at (ChessGame  *self,
                            guint       ply,
                            ChessColor  color,
                            ChessPiece *out)
{
  guint counts[CHESS_N_PIECE_TYPES] = { 0, };
  guint n = 0;

  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  g_return_val_if_fail (out != NULL, 0);

  /* Replays the line to `ply`, counting what each move takes. */
  guint length = MIN (ply, chess_game_line_length (self));
  g_autofree ChessMove *moves = g_new (ChessMove, chess_game_line_length (self) + 1);
  ChessBoard board = self->tree->start;

  if (self->line_end != NULL)
    chess_tree_path (self->line_end, moves);
  for (guint i = 0; i < length; i++)
    {
      ChessUndo undo;
      ChessPiece p;

      chess_board_make (&board, moves[i], &undo);
      if (!chess_move_is_capture (moves[i]) || chess_game_mover_of_ply (self, i) == color)
        continue;
      if (chess_move_flags (moves[i]) == CHESS_MOVE_EN_PASSANT)
        p = chess_piece_make (color, CHESS_PAWN);
      else
        p = (ChessPiece) undo.captured;
      if (p == CHESS_NO_PIECE || chess_piece_color (p) != color)
        continue;
      counts[chess_piece_type (p)]++;
    }

  for (int t = CHESS_PAWN; t < CHESS_KING && n < 16; t++)
    for (guint k = 0; k < counts[t] && n < 16; k++)
      out[n++] = chess_piece_make (color, (ChessPieceType) t);
  return n;
}

int
chess_game_get_material_balance (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  return chess_board_material (&self->position, CHESS_COLOR_WHITE)
         - chess_board_material (&self->position, CHESS_COLOR_BLACK);
}

int
chess_game_get_material_balance_at (ChessGame *self,
                                    guint      ply)
{
  ChessBoard board;

  g_return_val_if_fail (CHESS_IS_GAME (self), 0);

  if (!chess_game_get_board_at (self, MIN (ply, chess_game_line_length (self)), &board))
    return 0;
  return chess_board_material (&board, CHESS_COLOR_WHITE)
         - chess_board_material (&board, CHESS_COLOR_BLACK);
}

ChessBitboard
chess_game_get_legal_targets (ChessGame   *self,
                              ChessSquare  from)
{
  ChessMoveList list;
  ChessBitboard targets = 0;

  g_return_val_if_fail (CHESS_IS_GAME (self), 0);
  g_return_val_if_fail (from >= 0 && from < 64, 0);

  ChessBoard scratch;
  const ChessBoard *board = chess_game_board_to_play (self, &scratch);

  if (board == &self->position && self->result != CHESS_GAME_RESULT_ONGOING)
    return 0;
  chess_board_generate_legal (board, &list);
  for (int i = 0; i < list.count; i++)
    if (chess_move_from (list.moves[i]) == from)
      targets |= (ChessBitboard) 1 << chess_move_to (list.moves[i]);
  return targets;
}

gboolean
chess_game_needs_promotion (ChessGame   *self,
                            ChessSquare  from,
                            ChessSquare  to)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (from >= 0 && from < 64 && to >= 0 && to < 64, FALSE);

  ChessBoard scratch;
  const ChessBoard *board = chess_game_board_to_play (self, &scratch);

  if (board == &self->position && self->result != CHESS_GAME_RESULT_ONGOING)
    return FALSE;
  return chess_board_find_move (board, from, to, CHESS_QUEEN) != CHESS_MOVE_NONE;
}
