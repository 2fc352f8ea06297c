/* chess-fen.c — reading and writing Forsyth–Edwards Notation, with a
 * message naming the field and the problem for every rejected FEN. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>

#include "chess-core-private.h"

G_DEFINE_QUARK (chess-fen-error-quark, chess_fen_error)

static const char piece_letters[] = "PNBRQKpnbrqk";

#define MAX_FIELDS 7

/* Splits at runs of blanks; returns the number of fields (at most
 * MAX_FIELDS, one more than the most we accept, to report the count). */
static int
split_fields (const char *fen, char *store, size_t store_size, const char *fields[MAX_FIELDS])
{
  int n = 0;
  size_t used = 0;

  while (*fen)
    {
      while (*fen == ' ' || *fen == '\t' || *fen == '\n' || *fen == '\r')
        fen++;
      if (!*fen)
        break;
      if (n < MAX_FIELDS)
        fields[n] = store + used;
      while (*fen && *fen != ' ' && *fen != '\t' && *fen != '\n' && *fen != '\r')
        {
          if (n < MAX_FIELDS && used + 1 < store_size)
            store[used++] = *fen;
          fen++;
        }
      if (n < MAX_FIELDS && used < store_size)
        store[used++] = '\0';
      n++;
    }
  return n;
}

static gboolean
parse_placement (ChessBoard *b, const char *text, GError **error)
{
  int rank = 7, file = 0, ranks = 1;

  memset (b->squares, CHESS_NO_PIECE, sizeof b->squares);
  for (const char *c = text; *c; c++)
    {
      if (*c == '/')
        {
          if (file != 8)
            {
              g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                           _("Bad FEN: rank %d has %d squares instead of 8"), rank + 1, file);
              return FALSE;
            }
          ranks++;
          rank--;
          file = 0;
          if (rank < 0)
            {
              g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                           _("Bad FEN: the piece placement has more than 8 ranks"));
              return FALSE;
            }
        }
      else if (*c >= '1' && *c <= '8')
        {
          file += *c - '0';
          if (file > 8)
            {
              g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                           _("Bad FEN: rank %d has more than 8 squares"), rank + 1);
              return FALSE;
            }
        }
      else
        {
          const char *p = *c ? strchr (piece_letters, *c) : NULL;
          if (p == NULL)
            {
              if ((unsigned char) *c < 0x80 && g_ascii_isprint (*c))
                g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                             _("Bad FEN: bad piece letter '%c' in rank %d"), *c, rank + 1);
              else
                g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                             _("Bad FEN: bad character in rank %d"), rank + 1);
              return FALSE;
            }
          if (file >= 8)
            {
              g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                           _("Bad FEN: rank %d has more than 8 squares"), rank + 1);
              return FALSE;
            }
          b->squares[chess_square_make (file, rank)] = (uint8_t) (p - piece_letters);
          file++;
        }
    }
  if (file != 8)
    {
      g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                   _("Bad FEN: rank %d has %d squares instead of 8"), rank + 1, file);
      return FALSE;
    }
  if (ranks != 8)
    {
      g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                   _("Bad FEN: the piece placement has %d ranks instead of 8"), ranks);
      return FALSE;
    }
  chess_board_sync_bitboards (b);
  return TRUE;
}

static gboolean
check_material (const ChessBoard *b, GError **error)
{
  for (int c = 0; c < CHESS_N_COLORS; c++)
    {
      bool white = c == CHESS_COLOR_WHITE;
      int kings = __builtin_popcountll (chess_board_pieces (b, (ChessColor) c, CHESS_KING));
      int pawns = __builtin_popcountll (chess_board_pieces (b, (ChessColor) c, CHESS_PAWN));
      int all = __builtin_popcountll (b->by_color[c]);
      int extra = 0;
      static const int usual[CHESS_N_PIECE_TYPES] = { 8, 2, 2, 2, 1, 1 };

      if (kings == 0)
        {
          g_set_error_literal (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_KINGS,
                               white ? _("Bad FEN: no white king") : _("Bad FEN: no black king"));
          return FALSE;
        }
      if (kings == 2)
        {
          g_set_error_literal (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_KINGS,
                               white ? _("Bad FEN: two white kings") : _("Bad FEN: two black kings"));
          return FALSE;
        }
      if (kings > 2)
        {
          g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_KINGS,
                       white ? _("Bad FEN: %d white kings") : _("Bad FEN: %d black kings"), kings);
          return FALSE;
        }

      /* More pieces than a game can produce (this also bounds the number
       * of legal moves, which fits a ChessMoveList). */
      for (int t = CHESS_KNIGHT; t <= CHESS_QUEEN; t++)
        {
          int n = __builtin_popcountll (chess_board_pieces (b, (ChessColor) c, (ChessPieceType) t));
          if (n > usual[t])
            extra += n - usual[t];
        }
      if (pawns > 8 || all > 16 || pawns + extra > 8)
        {
          g_set_error_literal (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                               white ? _("Bad FEN: too many white pieces for one game")
                                     : _("Bad FEN: too many black pieces for one game"));
          return FALSE;
        }
    }

  if (b->by_type[CHESS_PAWN] & (CHESS_RANK_1 | CHESS_RANK_8))
    {
      int sq = chess_bb_lsb (b->by_type[CHESS_PAWN] & (CHESS_RANK_1 | CHESS_RANK_8));
      char name[3];
      g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PAWN_RANK,
                   _("Bad FEN: pawn on rank %d (%s)"), chess_square_rank (sq) + 1,
                   chess_square_name (sq, name));
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_castling (ChessBoard *b, const char *text, GError **error)
{
  static const struct
  {
    char letter;
    int right, king, rook;
    const char *rook_message, *king_message;
  } rights[4] = {
    { 'K', CHESS_CASTLE_WHITE_KING, 4, 7,
      N_("Bad FEN: castling right K but the white rook is not on h1"),
      N_("Bad FEN: castling right K but the white king is not on e1") },
    { 'Q', CHESS_CASTLE_WHITE_QUEEN, 4, 0,
      N_("Bad FEN: castling right Q but the white rook is not on a1"),
      N_("Bad FEN: castling right Q but the white king is not on e1") },
    { 'k', CHESS_CASTLE_BLACK_KING, 60, 63,
      N_("Bad FEN: castling right k but the black rook is not on h8"),
      N_("Bad FEN: castling right k but the black king is not on e8") },
    { 'q', CHESS_CASTLE_BLACK_QUEEN, 60, 56,
      N_("Bad FEN: castling right q but the black rook is not on a8"),
      N_("Bad FEN: castling right q but the black king is not on e8") },
  };

  b->castling = 0;
  if (strcmp (text, "-") == 0)
    return TRUE;
  for (const char *c = text; *c; c++)
    {
      int i;
      for (i = 0; i < 4; i++)
        if (*c == rights[i].letter && !(b->castling & rights[i].right))
          break;
      if (i == 4 || c - text >= 4)
        {
          g_autofree char *shown = g_utf8_make_valid (text, -1);
          g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_CASTLING,
                       _("Bad FEN: bad castling rights '%s' (expected - or some of KQkq)"), shown);
          return FALSE;
        }
      b->castling |= rights[i].right;
    }
  for (int i = 0; i < 4; i++)
    {
      ChessColor c = i < 2 ? CHESS_COLOR_WHITE : CHESS_COLOR_BLACK;
      if (!(b->castling & rights[i].right))
        continue;
      if (b->squares[rights[i].king] != chess_piece_make (c, CHESS_KING))
        {
          g_set_error_literal (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_CASTLING,
                               _(rights[i].king_message));
          return FALSE;
        }
      if (b->squares[rights[i].rook] != chess_piece_make (c, CHESS_ROOK))
        {
          g_set_error_literal (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_CASTLING,
                               _(rights[i].rook_message));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_en_passant (ChessBoard *b, const char *text, GError **error)
{
  ChessSquare ep;
  bool white;

  b->ep_square = CHESS_NO_SQUARE;
  if (strcmp (text, "-") == 0)
    return TRUE;
  ep = chess_square_parse (text);
  if (ep == CHESS_NO_SQUARE)
    {
      g_autofree char *shown = g_utf8_make_valid (text, -1);
      g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_EN_PASSANT,
                   _("Bad FEN: bad en passant square '%s'"), shown);
      return FALSE;
    }
  /* Behind a pawn of the side not to move that has just stepped two
   * squares from its home rank, over two empty squares. */
  white = b->side == CHESS_COLOR_WHITE;
  if (chess_square_rank (ep) != (white ? 5 : 2)
      || b->squares[white ? ep - 8 : ep + 8] != (white ? CHESS_BLACK_PAWN : CHESS_WHITE_PAWN)
      || b->squares[ep] != CHESS_NO_PIECE
      || b->squares[white ? ep + 8 : ep - 8] != CHESS_NO_PIECE)
    {
      g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_EN_PASSANT,
                   _("Bad FEN: impossible en passant square %s"), text);
      return FALSE;
    }
  b->ep_square = (uint8_t) ep;
  return TRUE;
}

/* A decimal number of at most 5 digits, no sign. */
static bool
parse_number (const char *text, unsigned *value)
{
  unsigned v = 0;
  size_t len = strlen (text);

  if (len == 0 || len > 5)
    return false;
  for (const char *c = text; *c; c++)
    {
      if (*c < '0' || *c > '9')
        return false;
      v = v * 10 + (unsigned) (*c - '0');
    }
  *value = v;
  return true;
}

gboolean
chess_board_from_fen (ChessBoard  *self,
                      const char  *fen,
                      GError     **error)
{
  ChessBoard b;
  char store[256];
  const char *fields[MAX_FIELDS];
  int n;
  unsigned halfmove = 0, fullmove = 1;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  chess_init ();
  memset (&b, 0, sizeof b);

  if (strlen (fen) >= sizeof store - MAX_FIELDS)
    {
      g_set_error_literal (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_PLACEMENT,
                           _("Bad FEN: it is too long"));
      return FALSE;
    }
  n = split_fields (fen, store, sizeof store, fields);
  if (n != 6 && n != 4)
    {
      g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_FIELD_COUNT,
                   ngettext ("Bad FEN: %d field instead of 6 (or 4 without the clocks)",
                             "Bad FEN: %d fields instead of 6 (or 4 without the clocks)", n),
                   n);
      return FALSE;
    }

  if (!parse_placement (&b, fields[0], error))
    return FALSE;

  if (strcmp (fields[1], "w") == 0)
    b.side = CHESS_COLOR_WHITE;
  else if (strcmp (fields[1], "b") == 0)
    b.side = CHESS_COLOR_BLACK;
  else
    {
      g_autofree char *shown = g_utf8_make_valid (fields[1], -1);
      g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_SIDE,
                   _("Bad FEN: the side to move is '%s' instead of w or b"), shown);
      return FALSE;
    }

  if (!check_material (&b, error))
    return FALSE;
  if (!parse_castling (&b, fields[2], error))
    return FALSE;
  if (!parse_en_passant (&b, fields[3], error))
    return FALSE;

  /* Up to 65535, where the board's counters stop: every FEN that
   * chess_board_to_fen writes reads back. */
  if (n == 6)
    {
      if (!parse_number (fields[4], &halfmove) || halfmove > G_MAXUINT16)
        {
          g_autofree char *shown = g_utf8_make_valid (fields[4], -1);
          g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_CLOCK,
                       _("Bad FEN: bad half-move clock '%s'"), shown);
          return FALSE;
        }
      if (!parse_number (fields[5], &fullmove) || fullmove > G_MAXUINT16)
        {
          g_autofree char *shown = g_utf8_make_valid (fields[5], -1);
          g_set_error (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_CLOCK,
                       _("Bad FEN: bad full-move number '%s'"), shown);
          return FALSE;
        }
      /* Some programs write move number 0; it means the first move. */
      if (fullmove == 0)
        fullmove = 1;
    }
  b.halfmove_clock = (uint16_t) halfmove;
  b.fullmove_number = (uint16_t) fullmove;

  if (chess_attackers_to (&b, chess_board_king_square (&b, chess_color_other ((ChessColor) b.side)),
                          b.by_color[0] | b.by_color[1], (ChessColor) b.side))
    {
      g_set_error_literal (error, CHESS_FEN_ERROR, CHESS_FEN_ERROR_OPPONENT_IN_CHECK,
                           _("Bad FEN: the side not to move is in check"));
      return FALSE;
    }

  b.key = chess_board_compute_key (&b);
  *self = b;
  return TRUE;
}

char *
chess_board_to_fen (const ChessBoard *self,
                    char             *buf)
{
  char *p = buf;

  g_return_val_if_fail (self != NULL && buf != NULL, NULL);

  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < 8; file++)
        {
          ChessPiece piece = (ChessPiece) self->squares[chess_square_make (file, rank)];
          if (piece == CHESS_NO_PIECE)
            {
              empty++;
              continue;
            }
          if (empty)
            *p++ = (char) ('0' + empty);
          empty = 0;
          *p++ = piece_letters[piece];
        }
      if (empty)
        *p++ = (char) ('0' + empty);
      if (rank)
        *p++ = '/';
    }
  *p++ = ' ';
  *p++ = self->side == CHESS_COLOR_WHITE ? 'w' : 'b';
  *p++ = ' ';
  if (!self->castling)
    *p++ = '-';
  if (self->castling & CHESS_CASTLE_WHITE_KING)
    *p++ = 'K';
  if (self->castling & CHESS_CASTLE_WHITE_QUEEN)
    *p++ = 'Q';
  if (self->castling & CHESS_CASTLE_BLACK_KING)
    *p++ = 'k';
  if (self->castling & CHESS_CASTLE_BLACK_QUEEN)
    *p++ = 'q';
  *p++ = ' ';
  chess_square_name (self->ep_square, p);
  p += strlen (p);
  snprintf (p, (size_t) (CHESS_FEN_MAX - (p - buf)), " %u %u",
            (unsigned) self->halfmove_clock, (unsigned) self->fullmove_number);
  return buf;
}
