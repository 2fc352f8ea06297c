/* chess-notation.c — writing moves (SAN, long algebraic, UCI, figurine) and
 * reading them back, sloppy forms included, with errors a player can act on. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "chess-core-private.h"
#include "chess-notation.h"

G_DEFINE_QUARK (chess-move-error-quark, chess_move_error)

/* The solid ("black") chess symbols: drawn in the colour of the text they
 * stand in, they are as dark as the letters around them, where the outlined
 * ("white") ones look faint. Not the pawn (U+265F), which fonts draw as an
 * emoji; SAN names no pawn anyway. */
static const char *const figurines[CHESS_N_PIECE_TYPES] = {
  "", "\u265e", "\u265d", "\u265c", "\u265b", "\u265a"
};

const char *
chess_piece_type_name (ChessPieceType type)
{
  static const char *const names[CHESS_N_PIECE_TYPES] = {
    N_("pawn"), N_("knight"), N_("bishop"), N_("rook"), N_("queen"), N_("king")
  };

  g_return_val_if_fail (type >= CHESS_PAWN && type <= CHESS_KING, "");

  return _(names[type]);
}

/* "+", "#" or "" for the position after `move`. */
static const char *
check_suffix (const ChessBoard *board, ChessMove move)
{
  ChessBoard after = *board;
  ChessUndo undo;

  chess_board_make (&after, move, &undo);
  if (!chess_board_in_check (&after))
    return "";
  return chess_board_count_legal (&after) == 0 ? "#" : "+";
}

/* Appends the UTF-8 character number `index` of `letters` (or of "NBRQK"). */
static char *
append_piece_letter (char *p, ChessPieceType type, const char *letters)
{
  const char *start, *end;

  if (letters == NULL || !g_utf8_validate (letters, -1, NULL) || g_utf8_strlen (letters, -1) < 5)
    letters = "NBRQK";
  start = g_utf8_offset_to_pointer (letters, type - CHESS_KNIGHT);
  end = g_utf8_next_char (start);
  /* One character of at most 4 bytes. */
  memcpy (p, start, (size_t) (end - start));
  return p + (end - start);
}

static void
format_san (const ChessBoard *board, ChessMove move, const char *letters,
            bool figurine, bool suffix, char *buf)
{
  int from = chess_move_from (move), to = chess_move_to (move);
  ChessPieceType type = chess_piece_type ((ChessPiece) board->squares[from]);
  char *p = buf;

  if (chess_move_is_castle (move))
    {
      strcpy (p, chess_move_flags (move) == CHESS_MOVE_KING_CASTLE ? "O-O" : "O-O-O");
      p += strlen (p);
    }
  else
    {
      if (type == CHESS_PAWN)
        {
          if (chess_move_is_capture (move))
            *p++ = (char) ('a' + chess_square_file (from));
        }
      else
        {
          ChessMoveList list;
          bool others = false, same_file = false, same_rank = false;

          if (figurine)
            {
              strcpy (p, figurines[type]);
              p += strlen (p);
            }
          else
            p = append_piece_letter (p, type, letters);

          /* Disambiguate only as much as needed: file, else rank, else both.
           * Only when another piece of the kind attacks the square at all
           * (most moves) are the legal moves listed. */
          ChessColor us = (ChessColor) board->side;
          ChessBitboard occ = board->by_color[0] | board->by_color[1];
          ChessBitboard rivals = chess_attackers_to (board, to, occ, us)
                                 & chess_board_pieces (board, us, type) & ~CHESS_BB (from);
          list.count = 0;
          if (rivals != 0)
            chess_board_generate_legal (board, &list);
          for (int i = 0; i < list.count; i++)
            {
              int f = chess_move_from (list.moves[i]);
              if (chess_move_to (list.moves[i]) != to || f == from
                  || chess_piece_type ((ChessPiece) board->squares[f]) != type)
                continue;
              others = true;
              same_file |= chess_square_file (f) == chess_square_file (from);
              same_rank |= chess_square_rank (f) == chess_square_rank (from);
            }
          if (others && (!same_file || same_rank))
            *p++ = (char) ('a' + chess_square_file (from));
          if (others && same_file)
            *p++ = (char) ('1' + chess_square_rank (from));
        }
      if (chess_move_is_capture (move))
        *p++ = 'x';
      chess_square_name (to, p);
      p += 2;
      if (chess_move_is_promotion (move))
        {
          *p++ = '=';
          if (figurine)
            {
              strcpy (p, figurines[chess_move_promotion (move)]);
              p += strlen (p);
            }
          else
            p = append_piece_letter (p, chess_move_promotion (move), letters);
        }
    }
  *p = '\0';
  if (suffix)
    strcat (buf, check_suffix (board, move));
}

static void
format_lan (const ChessBoard *board, ChessMove move, bool suffix, char *buf)
{
  int from = chess_move_from (move), to = chess_move_to (move);
  ChessPieceType type = chess_piece_type ((ChessPiece) board->squares[from]);
  char *p = buf;

  if (chess_move_is_castle (move))
    {
      strcpy (p, chess_move_flags (move) == CHESS_MOVE_KING_CASTLE ? "O-O" : "O-O-O");
      p += strlen (p);
    }
  else
    {
      if (type != CHESS_PAWN)
        p = append_piece_letter (p, type, NULL);
      chess_square_name (from, p);
      p += 2;
      *p++ = chess_move_is_capture (move) ? 'x' : '-';
      chess_square_name (to, p);
      p += 2;
      if (chess_move_is_promotion (move))
        {
          *p++ = '=';
          p = append_piece_letter (p, chess_move_promotion (move), NULL);
        }
      if (chess_move_flags (move) == CHESS_MOVE_EN_PASSANT)
        {
          *p++ = 'e';
          *p++ = 'p';
        }
    }
  *p = '\0';
  if (suffix)
    strcat (buf, check_suffix (board, move));
}

static void
format_uci (ChessMove move, char *buf)
{
  chess_square_name (chess_move_from (move), buf);
  chess_square_name (chess_move_to (move), buf + 2);
  if (chess_move_is_promotion (move))
    {
      buf[4] = "pnbrqk"[chess_move_promotion (move)];
      buf[5] = '\0';
    }
}

char *
chess_move_format (const ChessBoard *board,
                   ChessMove         move,
                   ChessNotation     notation,
                   char             *buf)
{
  g_return_val_if_fail (board != NULL && buf != NULL, NULL);

  /* A null move as PGN ("--") and UCI ("0000") write it. */
  if (move == CHESS_MOVE_NULL)
    return strcpy (buf, notation == CHESS_NOTATION_UCI ? "0000" : "--");
  switch (notation)
    {
    case CHESS_NOTATION_SAN:
      format_san (board, move, NULL, false, true, buf);
      break;
    case CHESS_NOTATION_LAN:
      format_lan (board, move, true, buf);
      break;
    case CHESS_NOTATION_UCI:
      format_uci (move, buf);
      break;
    case CHESS_NOTATION_FIGURINE:
      format_san (board, move, NULL, true, true, buf);
      break;
    default:
      g_return_val_if_reached (NULL);
    }
  return buf;
}

char *
chess_move_format_san_letters (const ChessBoard *board,
                               ChessMove         move,
                               const char       *letters,
                               char             *buf)
{
  g_return_val_if_fail (board != NULL && buf != NULL, NULL);

  if (move == CHESS_MOVE_NULL)
    return strcpy (buf, "--");
  format_san (board, move, letters, false, true, buf);
  return buf;
}

/* Reading. */

static void
set_syntax_error (GError **error, const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *stripped = g_strstrip (g_strdup (valid));

  if (g_utf8_strlen (stripped, -1) > 32)
    {
      char *cut = g_utf8_offset_to_pointer (stripped, 32);
      cut[0] = '\0';
    }
  g_set_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_SYNTAX,
               _("Unrecognised move: '%s'"), stripped);
}

/* Can the piece on `from` go to `to` by its way of moving, ignoring
 * whether its own king is left in check? */
static bool
pseudo_reaches (const ChessBoard *b, int from, int to)
{
  ChessPiece piece = (ChessPiece) b->squares[from];
  ChessColor us = chess_piece_color (piece);
  ChessBitboard occ = b->by_color[0] | b->by_color[1];
  ChessBitboard to_bb = CHESS_BB (to);

  if (b->by_color[us] & to_bb)
    return false;
  switch (chess_piece_type (piece))
    {
    case CHESS_PAWN:
      {
        int up = us == CHESS_COLOR_WHITE ? 8 : -8;
        int home = us == CHESS_COLOR_WHITE ? 1 : 6;
        if (chess_pawn_attacks[us][from] & to_bb)
          return (b->by_color[chess_color_other (us)] & to_bb) || to == b->ep_square;
        if (to == from + up)
          return !(occ & to_bb);
        if (to == from + 2 * up && chess_square_rank (from) == home)
          return !(occ & (to_bb | CHESS_BB (from + up)));
        return false;
      }
    case CHESS_KNIGHT:
      return (chess_knight_attacks[from] & to_bb) != 0;
    case CHESS_BISHOP:
      return (chess_bishop_attacks (from, occ) & to_bb) != 0;
    case CHESS_ROOK:
      return (chess_rook_attacks (from, occ) & to_bb) != 0;
    case CHESS_QUEEN:
      return ((chess_bishop_attacks (from, occ) | chess_rook_attacks (from, occ)) & to_bb) != 0;
    case CHESS_KING:
      return (chess_king_attacks[from] & to_bb) != 0;
    default:
      return false;
    }
}

/* Why castling towards `king_side` is not legal here. */
static void
set_castling_error (const ChessBoard *b, bool king_side, GError **error)
{
  ChessColor us = (ChessColor) b->side, them = chess_color_other (us);
  int base = us == CHESS_COLOR_WHITE ? 0 : 56;
  int both = us == CHESS_COLOR_WHITE ? 3 : 12;
  int right = king_side ? (us == CHESS_COLOR_WHITE ? CHESS_CASTLE_WHITE_KING : CHESS_CASTLE_BLACK_KING)
                        : (us == CHESS_COLOR_WHITE ? CHESS_CASTLE_WHITE_QUEEN : CHESS_CASTLE_BLACK_QUEEN);
  ChessBitboard occ = b->by_color[0] | b->by_color[1];
  ChessBitboard path = king_side ? CHESS_BB (base + 5) | CHESS_BB (base + 6)
                                 : CHESS_BB (base + 1) | CHESS_BB (base + 2) | CHESS_BB (base + 3);
  int pass = king_side ? base + 5 : base + 3;
  int land = king_side ? base + 6 : base + 2;
  const char *msg;

  if (!(b->castling & both))
    msg = _("Castling is not allowed: the king has moved");
  else if (!(b->castling & right))
    msg = _("Castling is not allowed: the rook has moved");
  else if (chess_board_in_check (b))
    msg = _("Castling is not allowed: the king is in check");
  else if (occ & path)
    msg = _("Castling is not allowed: there are pieces in the way");
  else if (chess_attackers_to (b, pass, occ, them))
    msg = _("Castling is not allowed: the king would pass through an attacked square");
  else if (chess_attackers_to (b, land, occ, them))
    msg = _("Castling is not allowed: the king would end up in check");
  else
    msg = _("Castling is not allowed here");
  g_set_error_literal (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_CASTLING, msg);
}

/* One message per piece type, so translators can inflect each noun; a
 * switch keeps the format strings literal for the compiler's checks. */
#define SWITCH_TYPE(type, call, pawn, knight, bishop, rook, queen, king, ...) \
  switch (type)                                                         \
    {                                                                   \
    case CHESS_PAWN: call (pawn, __VA_ARGS__); break;                   \
    case CHESS_KNIGHT: call (knight, __VA_ARGS__); break;               \
    case CHESS_BISHOP: call (bishop, __VA_ARGS__); break;               \
    case CHESS_ROOK: call (rook, __VA_ARGS__); break;                   \
    case CHESS_QUEEN: call (queen, __VA_ARGS__); break;                 \
    default: call (king, __VA_ARGS__); break;                           \
    }

#define SET_NO_PIECE(msg, ...) \
  g_set_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_NO_PIECE, msg, __VA_ARGS__)
#define SET_CANNOT_MOVE(msg, ...) \
  g_set_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_CANNOT_MOVE, msg, __VA_ARGS__)

static void
set_no_piece_of_type (GError **error, ChessPieceType type, int sq)
{
  char name[3];

  chess_square_name (sq, name);
  SWITCH_TYPE (type, SET_NO_PIECE,
               _("There is no pawn on %s"), _("There is no knight on %s"),
               _("There is no bishop on %s"), _("There is no rook on %s"),
               _("There is no queen on %s"), _("There is no king on %s"), name)
}

static void
set_cannot_move (GError **error, ChessPieceType type, int from, int to)
{
  char a[3], b[3];

  chess_square_name (from, a);
  chess_square_name (to, b);
  SWITCH_TYPE (type, SET_CANNOT_MOVE,
               _("The pawn on %s can't move to %s"), _("The knight on %s can't move to %s"),
               _("The bishop on %s can't move to %s"), _("The rook on %s can't move to %s"),
               _("The queen on %s can't move to %s"), _("The king on %s can't move to %s"),
               a, b)
}

static void
set_none_can_move (GError **error, ChessPieceType type, int to)
{
  char name[3];

  chess_square_name (to, name);
  SWITCH_TYPE (type, SET_CANNOT_MOVE,
               _("No pawn can move to %s"), _("No knight can move to %s"),
               _("No bishop can move to %s"), _("No rook can move to %s"),
               _("No queen can move to %s"), _("The king can't move to %s"), name)
}

static void
set_king_in_check (GError **error)
{
  g_set_error_literal (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_KING_IN_CHECK,
                       _("That move would leave your king in check"));
}

gboolean
chess_move_check_squares (const ChessBoard *board,
                          ChessSquare       from,
                          ChessSquare       to,
                          GError          **error)
{
  ChessPiece piece;
  ChessMoveList list;
  char name[3];

  g_return_val_if_fail (board != NULL, FALSE);
  g_return_val_if_fail (from >= 0 && from < 64 && to >= 0 && to < 64, FALSE);

  piece = (ChessPiece) board->squares[from];
  if (piece == CHESS_NO_PIECE)
    {
      g_set_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_NO_PIECE,
                   _("There is no piece on %s"), chess_square_name (from, name));
      return FALSE;
    }
  if (chess_piece_color (piece) != board->side)
    {
      g_set_error_literal (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_WRONG_SIDE,
                           _("It's not your turn"));
      return FALSE;
    }

  chess_board_generate_legal (board, &list);
  for (int i = 0; i < list.count; i++)
    if (chess_move_from (list.moves[i]) == from && chess_move_to (list.moves[i]) == to)
      return TRUE;

  if (chess_piece_type (piece) == CHESS_KING
      && from == (board->side == CHESS_COLOR_WHITE ? 4 : 60)
      && (to == from + 2 || to == from - 2))
    {
      set_castling_error (board, to == from + 2, error);
      return FALSE;
    }
  if (pseudo_reaches (board, from, to))
    set_king_in_check (error);
  else
    set_cannot_move (error, chess_piece_type (piece), from, to);
  return FALSE;
}

/* What the text names, once the decorations are gone. */
typedef struct
{
  ChessPieceType piece;      /* CHESS_NO_PIECE_TYPE when not given */
  int            from_file;  /* -1 when not given */
  int            from_rank;
  int            to;
  ChessPieceType promotion;  /* CHESS_NO_PIECE_TYPE when not given */
  bool           bad_promotion;  /* =K or =P */
  int            castle;     /* 0, 1 king side, 2 queen side */
} ParsedMove;

static ChessPieceType
piece_from_letter (char c)
{
  switch (c)
    {
    case 'N': case 'n': return CHESS_KNIGHT;
    case 'B': case 'b': return CHESS_BISHOP;
    case 'R': case 'r': return CHESS_ROOK;
    case 'Q': case 'q': return CHESS_QUEEN;
    case 'K': case 'k': return CHESS_KING;
    case 'P': case 'p': return CHESS_PAWN;
    default: return CHESS_NO_PIECE_TYPE;
    }
}

static bool
ends_with (const char *s, size_t len, const char *suffix)
{
  size_t n = strlen (suffix);
  return len >= n && memcmp (s + len - n, suffix, n) == 0;
}

/* Turns the text into plain ASCII: figurines become letters, × becomes x,
 * dashes become '-'. FALSE when something else is not ASCII. */
static bool
normalise (const char *text, char *out, size_t out_size)
{
  static const struct { const char *utf8; char ascii; } map[] = {
    { "\u2654", 'K' }, { "\u2655", 'Q' }, { "\u2656", 'R' }, { "\u2657", 'B' },
    { "\u2658", 'N' }, { "\u2659", 'P' }, { "\u265a", 'K' }, { "\u265b", 'Q' },
    { "\u265c", 'R' }, { "\u265d", 'B' }, { "\u265e", 'N' }, { "\u265f", 'P' },
    { "\u00d7", 'x' }, { "\u2013", '-' }, { "\u2014", '-' }, { "\u2011", '-' },
    { "\u2012", '-' }, { "\u2212", '-' },
  };
  size_t n = 0;
  const char *p = text;

  while (*p)
    {
      if (n + 1 >= out_size)
        return false;
      if ((unsigned char) *p < 0x80)
        {
          out[n++] = *p++;
          continue;
        }
      {
        size_t i;
        for (i = 0; i < G_N_ELEMENTS (map); i++)
          if (strncmp (p, map[i].utf8, strlen (map[i].utf8)) == 0)
            break;
        if (i == G_N_ELEMENTS (map))
          return false;
        out[n++] = map[i].ascii;
        p += strlen (map[i].utf8);
      }
    }
  out[n] = '\0';
  return true;
}

static bool
parse_text (const char *text, ParsedMove *pm)
{
  char buf[64], clean[64];
  size_t len, n = 0;
  const char *p;

  memset (pm, 0, sizeof *pm);
  pm->piece = CHESS_NO_PIECE_TYPE;
  pm->promotion = CHESS_NO_PIECE_TYPE;
  pm->from_file = pm->from_rank = -1;
  pm->to = CHESS_NO_SQUARE;

  if (!normalise (text, buf, sizeof buf))
    return false;
  g_strstrip (buf);
  len = strlen (buf);

  /* Annotations and check marks at the end: !, ?, +, #, e.p., ep. */
  for (;;)
    {
      if (len > 0 && strchr ("!?+#", buf[len - 1]))
        len--;
      else if (len > 0 && buf[len - 1] == ' ')
        len--;
      else if (ends_with (buf, len, "e.p."))
        len -= 4;
      else if (ends_with (buf, len, "(ep)"))
        len -= 4;
      else if (len > 2 && ends_with (buf, len, "ep")
               && (g_ascii_isdigit (buf[len - 3]) || buf[len - 3] == ' '))
        len -= 2;
      else
        break;
    }
  buf[len] = '\0';
  if (len == 0)
    return false;

  /* Castling, with letter O, lower-case o or digit 0. */
  {
    size_t k = 0;
    bool castle_like = len <= 5;
    for (size_t i = 0; castle_like && i < len; i++)
      {
        if (buf[i] == 'O' || buf[i] == 'o' || buf[i] == '0')
          k++;
        else if (buf[i] != '-')
          castle_like = false;
      }
    if (castle_like && k == 2)
      {
        pm->castle = 1;
        return true;
      }
    if (castle_like && k == 3)
      {
        pm->castle = 2;
        return true;
      }
  }

  /* Drop the characters that only decorate: =, /, (, ), blanks. */
  for (p = buf; *p; p++)
    if (!strchr ("=/() ", *p))
      clean[n++] = *p;
  clean[n] = '\0';
  len = n;
  if (len < 2)
    return false;

  /* A promotion piece after the destination square. */
  if (len >= 3 && g_ascii_isdigit (clean[len - 2]) && piece_from_letter (clean[len - 1]) != CHESS_NO_PIECE_TYPE)
    {
      ChessPieceType t = piece_from_letter (clean[len - 1]);
      if (t == CHESS_KING || t == CHESS_PAWN)
        pm->bad_promotion = true;
      else
        pm->promotion = t;
      len--;
    }
  if (len < 2 || clean[len - 2] < 'a' || clean[len - 2] > 'h' || clean[len - 1] < '1' || clean[len - 1] > '8')
    return false;
  pm->to = chess_square_make (clean[len - 2] - 'a', clean[len - 1] - '1');
  len -= 2;

  /* What comes before: [piece] [file] [rank] [x - :]. A lower-case b is a
   * file, never a bishop. */
  p = clean;
  if (len > 0 && *p != 'b' && piece_from_letter (*p) != CHESS_NO_PIECE_TYPE)
    {
      if (g_ascii_islower (*p) && *p == 'p')
        return false;
      pm->piece = piece_from_letter (*p);
      p++;
      len--;
    }
  if (len > 0 && *p >= 'a' && *p <= 'h')
    {
      pm->from_file = *p - 'a';
      p++;
      len--;
    }
  if (len > 0 && *p >= '1' && *p <= '8')
    {
      pm->from_rank = *p - '1';
      p++;
      len--;
    }
  if (len > 0 && (*p == 'x' || *p == '-' || *p == ':'))
    {
      p++;
      len--;
    }
  return len == 0;
}

static void
set_ambiguous (GError **error, const ChessBoard *board, const char *text,
               const ChessMove *moves, int n)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *shown = g_strstrip (g_strdup (valid));
  g_autofree char *list = NULL;
  char lan[CHESS_MOVE_TEXT_MAX];

  format_lan (board, moves[0], false, lan);
  list = g_strdup (lan);
  for (int i = 1; i < n; i++)
    {
      char *longer;
      format_lan (board, moves[i], false, lan);
      /* TRANSLATORS: joins the moves an ambiguous move could mean. */
      longer = g_strdup_printf (i == n - 1 ? _("%s or %s") : _("%s, %s"), list, lan);
      g_free (list);
      list = longer;
    }
  g_set_error (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_AMBIGUOUS,
               _("%s is ambiguous: %s"), shown, list);
}

gboolean
chess_move_parse (const ChessBoard *board,
                  const char       *text,
                  ChessMove        *move,
                  GError          **error)
{
  ParsedMove pm;
  ChessMoveList list;
  ChessMove found[CHESS_MAX_MOVES];
  int n_found = 0, n_promo = 0, n_plain = 0;
  bool full_from;
  ChessPieceType wanted;

  g_return_val_if_fail (board != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!parse_text (text, &pm))
    {
      set_syntax_error (error, text);
      return FALSE;
    }

  chess_board_generate_legal (board, &list);

  if (pm.castle)
    {
      int flag = pm.castle == 1 ? CHESS_MOVE_KING_CASTLE : CHESS_MOVE_QUEEN_CASTLE;
      for (int i = 0; i < list.count; i++)
        if (chess_move_flags (list.moves[i]) == flag)
          {
            if (move)
              *move = list.moves[i];
            return TRUE;
          }
      set_castling_error (board, pm.castle == 1, error);
      return FALSE;
    }

  full_from = pm.from_file >= 0 && pm.from_rank >= 0;
  /* No letter means a pawn, unless a whole from-square is given (UCI and
   * long algebraic name the square, not the piece). */
  wanted = pm.piece != CHESS_NO_PIECE_TYPE ? pm.piece : (full_from ? CHESS_NO_PIECE_TYPE : CHESS_PAWN);

  if (full_from)
    {
      int from = chess_square_make (pm.from_file, pm.from_rank);
      ChessPiece piece = (ChessPiece) board->squares[from];
      if (piece != CHESS_NO_PIECE && chess_piece_color (piece) == board->side
          && wanted != CHESS_NO_PIECE_TYPE && chess_piece_type (piece) != wanted)
        {
          set_no_piece_of_type (error, wanted, from);
          return FALSE;
        }
      if (!chess_move_check_squares (board, from, pm.to, error))
        return FALSE;
    }

  for (int i = 0; i < list.count; i++)
    {
      ChessMove m = list.moves[i];
      int from = chess_move_from (m);
      if (chess_move_to (m) != pm.to
          || (pm.from_file >= 0 && chess_square_file (from) != pm.from_file)
          || (pm.from_rank >= 0 && chess_square_rank (from) != pm.from_rank)
          || (wanted != CHESS_NO_PIECE_TYPE
              && chess_piece_type ((ChessPiece) board->squares[from]) != wanted))
        continue;
      if (chess_move_is_promotion (m))
        n_promo++;
      else
        n_plain++;
      if (chess_move_promotion (m) == pm.promotion || !chess_move_is_promotion (m))
        found[n_found++] = m;
    }

  if (n_promo > 0 && (pm.bad_promotion || pm.promotion == CHESS_NO_PIECE_TYPE))
    {
      if (pm.bad_promotion)
        g_set_error_literal (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_PROMOTION,
                             _("A pawn can only promote to a queen, rook, bishop or knight"));
      else
        g_set_error_literal (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_PROMOTION,
                             _("Say which piece the pawn promotes to: add =Q, =R, =B or =N"));
      return FALSE;
    }
  if (n_plain > 0 && (pm.promotion != CHESS_NO_PIECE_TYPE || pm.bad_promotion))
    {
      g_set_error_literal (error, CHESS_MOVE_ERROR, CHESS_MOVE_ERROR_PROMOTION,
                           _("Only a pawn reaching the last rank can promote"));
      return FALSE;
    }

  if (n_found == 1)
    {
      if (move)
        *move = found[0];
      return TRUE;
    }
  if (n_found > 1)
    {
      /* List the candidates in board order, whatever the generator's. */
      for (int i = 1; i < n_found; i++)
        for (int j = i; j > 0 && chess_move_from (found[j]) < chess_move_from (found[j - 1]); j--)
          {
            ChessMove t = found[j];
            found[j] = found[j - 1];
            found[j - 1] = t;
          }
      set_ambiguous (error, board, text, found, n_found);
      return FALSE;
    }

  /* Nothing legal: is there a piece that could go there if its king
   * allowed it? */
  {
    ChessColor us = (ChessColor) board->side;
    ChessBitboard candidates = board->by_color[us];
    ChessPieceType type = wanted != CHESS_NO_PIECE_TYPE ? wanted : CHESS_PAWN;

    candidates &= board->by_type[type];
    while (candidates)
      {
        int from = chess_bb_pop (&candidates);
        if ((pm.from_file >= 0 && chess_square_file (from) != pm.from_file)
            || (pm.from_rank >= 0 && chess_square_rank (from) != pm.from_rank))
          continue;
        if (type == CHESS_KING && from == (us == CHESS_COLOR_WHITE ? 4 : 60)
            && (pm.to == from + 2 || pm.to == from - 2))
          {
            set_castling_error (board, pm.to == from + 2, error);
            return FALSE;
          }
        if (pseudo_reaches (board, from, pm.to))
          {
            set_king_in_check (error);
            return FALSE;
          }
      }
    set_none_can_move (error, type, pm.to);
    return FALSE;
  }
}

gboolean
chess_move_parse_letters (const ChessBoard *board,
                          const char       *text,
                          const char       *letters,
                          ChessMove        *move,
                          GError          **error)
{
  static const char english[] = "NBRQK";
  g_autofree char *mapped = NULL;
  GError *mapped_error = NULL;
  GError *plain_error = NULL;

  g_return_val_if_fail (text != NULL, FALSE);

  if (letters == NULL || strlen (letters) != 5 || strcmp (letters, english) == 0)
    return chess_move_parse (board, text, move, error);

  /* Only capitals name pieces (files are lower case). */
  mapped = g_strdup (text);
  for (char *c = mapped; *c != '\0'; c++)
    {
      const char *hit = g_ascii_isupper (*c) ? strchr (letters, *c) : NULL;
      if (hit != NULL)
        *c = english[hit - letters];
    }

  if (strcmp (mapped, text) != 0)
    {
      if (chess_move_parse (board, mapped, move, &mapped_error))
        return TRUE;
    }
  if (chess_move_parse (board, text, move, &plain_error))
    {
      g_clear_error (&mapped_error);
      return TRUE;
    }

  /* Say what was wrong with the reading the player most likely meant: the
   * one in their letters, unless that could not even be read. */
  if (mapped_error != NULL && !g_error_matches (mapped_error, CHESS_MOVE_ERROR,
                                                CHESS_MOVE_ERROR_SYNTAX))
    {
      g_propagate_error (error, mapped_error);
      g_clear_error (&plain_error);
    }
  else
    {
      g_propagate_error (error, plain_error);
      g_clear_error (&mapped_error);
    }
  return FALSE;
}
