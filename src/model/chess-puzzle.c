/* chess-puzzle.c — puzzles as EPD lines, their themes, and solving one. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-notation.h"
#include "chess-puzzle.h"

G_DEFINE_QUARK (chess-puzzle-error-quark, chess_puzzle_error)

static const struct
{
  ChessPuzzleTheme theme;
  const char      *keyword;
} theme_keywords[] = {
  { CHESS_PUZZLE_THEME_MATE, "mate" },
  { CHESS_PUZZLE_THEME_FORK, "fork" },
  { CHESS_PUZZLE_THEME_PIN, "pin" },
  { CHESS_PUZZLE_THEME_SKEWER, "skewer" },
  { CHESS_PUZZLE_THEME_DISCOVERED, "discovered-attack" },
  { CHESS_PUZZLE_THEME_HANGING, "hanging-piece" },
  { CHESS_PUZZLE_THEME_PROMOTION, "promotion" },
  { CHESS_PUZZLE_THEME_SACRIFICE, "sacrifice" },
  { CHESS_PUZZLE_THEME_MATERIAL, "material" },
  { CHESS_PUZZLE_THEME_ENDGAME, "endgame" },
  { CHESS_PUZZLE_THEME_MISTAKE, "my-mistakes" },
};

const char *
chess_puzzle_theme_keyword (ChessPuzzleTheme theme)
{
  for (guint i = 0; i < G_N_ELEMENTS (theme_keywords); i++)
    if (theme_keywords[i].theme == theme)
      return theme_keywords[i].keyword;
  return NULL;
}

char *
chess_puzzle_theme_name (ChessPuzzleTheme theme,
                         int              mate_in)
{
  switch (theme)
    {
    case CHESS_PUZZLE_THEME_MATE:
      if (mate_in > 0)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Mate in %d", "Mate in %d", (gulong) mate_in),
                                mate_in);
      return g_strdup (C_("puzzle theme", "Mate"));
    case CHESS_PUZZLE_THEME_FORK:
      return g_strdup (C_("puzzle theme", "Fork"));
    case CHESS_PUZZLE_THEME_PIN:
      return g_strdup (C_("puzzle theme", "Pin"));
    case CHESS_PUZZLE_THEME_SKEWER:
      return g_strdup (C_("puzzle theme", "Skewer"));
    case CHESS_PUZZLE_THEME_DISCOVERED:
      return g_strdup (C_("puzzle theme", "Discovered Attack"));
    case CHESS_PUZZLE_THEME_HANGING:
      return g_strdup (C_("puzzle theme", "Hanging Piece"));
    case CHESS_PUZZLE_THEME_PROMOTION:
      return g_strdup (C_("puzzle theme", "Promotion"));
    case CHESS_PUZZLE_THEME_SACRIFICE:
      return g_strdup (C_("puzzle theme", "Sacrifice"));
    case CHESS_PUZZLE_THEME_MATERIAL:
      return g_strdup (C_("puzzle theme", "Winning Material"));
    case CHESS_PUZZLE_THEME_ENDGAME:
      return g_strdup (C_("puzzle theme", "Endgame"));
    case CHESS_PUZZLE_THEME_MISTAKE:
      return g_strdup (C_("puzzle theme", "Your Mistakes"));
    case CHESS_PUZZLE_N_THEMES:
    default:
      return g_strdup ("");
    }
}

ChessPuzzleTheme
chess_puzzle_theme_from_keyword (const char *keyword,
                                 int        *mate_in)
{
  if (mate_in != NULL)
    *mate_in = 0;
  if (keyword == NULL)
    return 0;
  if (g_str_has_prefix (keyword, "mate-in-"))
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (keyword + strlen ("mate-in-"), 10, 1, 99, &n, NULL))
        return 0;
      if (mate_in != NULL)
        *mate_in = (int) n;
      return CHESS_PUZZLE_THEME_MATE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (theme_keywords); i++)
    if (g_ascii_strcasecmp (theme_keywords[i].keyword, keyword) == 0)
      return theme_keywords[i].theme;
  return 0;
}

char *
chess_puzzle_theme_keywords (void)
{
  GString *out = g_string_new ("mate, mate-in-N");

  for (guint i = 1; i < G_N_ELEMENTS (theme_keywords); i++)
    g_string_append_printf (out, ", %s", theme_keywords[i].keyword);
  return g_string_free (out, FALSE);
}

gboolean
chess_puzzle_has_theme (const ChessPuzzle *puzzle,
                        ChessPuzzleTheme   theme,
                        int                mate_in)
{
  if (theme == 0)
    return TRUE;
  if ((puzzle->themes & theme) == 0)
    return FALSE;
  return theme != CHESS_PUZZLE_THEME_MATE || mate_in <= 0 || puzzle->mate_in == mate_in;
}

char *
chess_puzzle_theme_names (const ChessPuzzle *puzzle)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (theme_keywords); i++)
    if (puzzle->themes & theme_keywords[i].theme)
      {
        g_autofree char *name = chess_puzzle_theme_name (theme_keywords[i].theme, puzzle->mate_in);

        g_string_append_printf (out, "%s%s", out->len ? ", " : "", name);
      }
  return g_string_free (out, FALSE);
}

/* Reading an EPD line. */

typedef struct
{
  const char *text;
  const char *p;
} Scanner;

static void
skip_spaces (Scanner *s)
{
  while (*s->p == ' ' || *s->p == '\t')
    s->p++;
}

static int
column (const Scanner *s)
{
  return (int) g_utf8_strlen (s->text, s->p - s->text) + 1;
}

static gboolean
fail (Scanner     *s,
      GError     **error,
      const char  *what)
{
  /* TRANSLATORS: where in a puzzle's line something is wrong, then what. */
  g_set_error (error, CHESS_PUZZLE_ERROR, CHESS_PUZZLE_ERROR_INVALID, _("column %d: %s"), column (s), what);
  return FALSE;
}

/* The next word (up to a space or ';'), or a quoted string; NULL at ';'
 * or the end. */
static char *
next_operand (Scanner  *s,
              GError  **error)
{
  const char *start;

  skip_spaces (s);
  if (*s->p == '\0' || *s->p == ';')
    return NULL;
  if (*s->p == '"')
    {
      start = ++s->p;
      while (*s->p != '\0' && *s->p != '"')
        s->p++;
      if (*s->p != '"')
        {
          fail (s, error, _("a quoted text is not closed"));
          return NULL;
        }
      return g_strndup (start, (gsize) (s->p++ - start));
    }
  start = s->p;
  while (*s->p != '\0' && *s->p != ' ' && *s->p != '\t' && *s->p != ';')
    s->p++;
  return g_strndup (start, (gsize) (s->p - start));
}

static gboolean
read_moves (Scanner     *s,
            ChessPuzzle *puzzle,
            GError     **error)
{
  ChessBoard board = puzzle->start;
  char *word;
  GError *local = NULL;

  puzzle->n_moves = 0;
  while ((word = next_operand (s, &local)) != NULL)
    {
      g_autofree char *owned = word;
      g_autoptr (GError) bad = NULL;
      ChessMove move;
      ChessUndo undo;

      if (puzzle->n_moves == CHESS_PUZZLE_MAX_MOVES)
        return fail (s, error, _("the solution is too long"));
      if (!chess_move_parse (&board, owned, &move, &bad))
        {
          g_autofree char *what = g_strdup_printf (_("“%s” is not a legal move: %s"), owned, bad->message);

          return fail (s, error, what);
        }
      puzzle->moves[puzzle->n_moves++] = move;
      chess_board_make (&board, move, &undo);
    }
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  return TRUE;
}

gboolean
chess_puzzle_parse (const char   *line,
                    ChessPuzzle  *puzzle,
                    GError      **error)
{
  Scanner s = { line, line };
  g_autofree char *fen = NULL;
  g_autoptr (GError) bad = NULL;
  ChessMove bm = CHESS_MOVE_NONE;
  gboolean has_pv = FALSE;

  g_return_val_if_fail (line != NULL && puzzle != NULL, FALSE);

  memset (puzzle, 0, sizeof *puzzle);
  if (!g_utf8_validate (line, -1, NULL))
    return fail (&s, error, _("the line is not UTF-8 text"));
  /* The position: EPD's four fields. */
  for (int f = 0; f < 4; f++)
    {
      skip_spaces (&s);
      while (*s.p != '\0' && *s.p != ' ' && *s.p != '\t')
        s.p++;
      if (s.p == line || (*s.p == '\0' && f < 3))
        return fail (&s, error, _("the position needs four fields (pieces, side, castling, en passant)"));
    }
  fen = g_strdup_printf ("%.*s 0 1", (int) (s.p - line), line);
  if (!chess_board_from_fen (&puzzle->start, g_strstrip (fen), &bad))
    {
      Scanner at = { line, line };

      return fail (&at, error, bad->message);
    }

  /* The operations: opcode operand… ; */
  for (;;)
    {
      const char *start;
      g_autofree char *opcode = NULL;
      g_autofree char *operand = NULL;
      GError *local = NULL;

      skip_spaces (&s);
      if (*s.p == '\0' || *s.p == '\n' || *s.p == '\r')
        break;
      start = s.p;
      while (g_ascii_isalnum (*s.p) || *s.p == '_')
        s.p++;
      if (s.p == start)
        return fail (&s, error, _("an operation’s name was expected"));
      opcode = g_strndup (start, (gsize) (s.p - start));

      if (strcmp (opcode, "pv") == 0)
        {
          if (!read_moves (&s, puzzle, error))
            return FALSE;
          has_pv = TRUE;
        }
      else if (strcmp (opcode, "bm") == 0)
        {
          g_autoptr (GError) move_error = NULL;

          operand = next_operand (&s, &local);
          if (operand == NULL && local == NULL)
            return fail (&s, error, _("bm names no move"));
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          if (!chess_move_parse (&puzzle->start, operand, &bm, &move_error))
            {
              g_autofree char *what = g_strdup_printf (_("“%s” is not a legal move: %s"), operand,
                                                       move_error->message);

              return fail (&s, error, what);
            }
        }
      else if (strcmp (opcode, "id") == 0)
        {
          operand = next_operand (&s, &local);
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          if (operand == NULL || *operand == '\0' || strlen (operand) >= CHESS_PUZZLE_ID_MAX)
            return fail (&s, error, _("the id is empty or too long"));
          /* Ids are written quoted and used as keys of practice.ini. */
          for (const char *c = operand; *c; c++)
            if (!g_ascii_isalnum (*c) && *c != '-' && *c != '_' && *c != '.')
              return fail (&s, error, _("an id may hold only letters, digits, “-”, “_” and “.”"));
          g_strlcpy (puzzle->id, operand, sizeof puzzle->id);
        }
      else if (strcmp (opcode, "fmvn") == 0 || strcmp (opcode, "hmvc") == 0)
        {
          guint64 n;
          gboolean full = opcode[0] == 'f';

          operand = next_operand (&s, &local);
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          if (operand == NULL || !g_ascii_string_to_unsigned (operand, 10, full ? 1 : 0, 9999, &n, NULL))
            return fail (&s, error, full ? _("fmvn is not a move number") : _("hmvc is not a number of moves"));
          if (full)
            puzzle->start.fullmove_number = (guint16) n;
          else
            puzzle->start.halfmove_clock = (guint16) n;
        }
      else if (strcmp (opcode, "rating") == 0)
        {
          guint64 rating;

          operand = next_operand (&s, &local);
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          if (operand == NULL || !g_ascii_string_to_unsigned (operand, 10, 100, 4000, &rating, NULL))
            return fail (&s, error, _("the rating is not a number from 100 to 4000"));
          puzzle->rating = (int) rating;
        }
      else if (strcmp (opcode, "themes") == 0)
        {
          g_auto (GStrv) words = NULL;

          operand = next_operand (&s, &local);
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          words = g_strsplit (operand ? operand : "", " ", -1);
          for (guint i = 0; words[i]; i++)
            {
              int mate_in;
              ChessPuzzleTheme theme = chess_puzzle_theme_from_keyword (words[i], &mate_in);

              if (*words[i] == '\0')
                continue;
              if (theme == 0)
                {
                  g_autofree char *what = g_strdup_printf (_("unknown theme “%s”"), words[i]);

                  return fail (&s, error, what);
                }
              puzzle->themes |= theme;
              if (mate_in > 0)
                puzzle->mate_in = mate_in;
            }
        }
      else
        {
          /* Other operations (a comment, a source) are skipped. */
          char *word;

          while ((word = next_operand (&s, &local)) != NULL)
            g_free (word);
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
        }
      skip_spaces (&s);
      if (*s.p != ';')
        return fail (&s, error, _("“;” was expected after the operation"));
      s.p++;
    }

  if (!has_pv)
    {
      if (bm == CHESS_MOVE_NONE)
        return fail (&s, error, _("the puzzle has no solution (pv or bm)"));
      puzzle->moves[0] = bm;
      puzzle->n_moves = 1;
    }
  if (puzzle->n_moves % 2 == 0)
    return fail (&s, error, _("the solution must end with the solver’s move"));
  if (bm != CHESS_MOVE_NONE && bm != puzzle->moves[0])
    return fail (&s, error, _("bm is not the solution’s first move"));
  if (puzzle->id[0] == '\0')
    return fail (&s, error, _("the puzzle has no id"));
  if (puzzle->rating == 0)
    puzzle->rating = 1500;
  return TRUE;
}

char *
chess_puzzle_to_epd (const ChessPuzzle *puzzle)
{
  GString *out = g_string_new (NULL);
  char fen[CHESS_FEN_MAX], san[CHESS_MOVE_TEXT_MAX];
  ChessBoard board = puzzle->start;
  g_auto (GStrv) fields = g_strsplit (chess_board_to_fen (&puzzle->start, fen), " ", -1);

  g_string_append_printf (out, "%s %s %s %s bm %s; id \"%s\"; pv", fields[0], fields[1], fields[2], fields[3],
                          chess_move_format (&board, puzzle->moves[0], CHESS_NOTATION_SAN, san), puzzle->id);
  for (guint i = 0; i < puzzle->n_moves; i++)
    {
      ChessUndo undo;

      g_string_append_printf (out, " %s", chess_move_format (&board, puzzle->moves[i], CHESS_NOTATION_SAN, san));
      chess_board_make (&board, puzzle->moves[i], &undo);
    }
  g_string_append (out, "; themes \"");
  for (guint i = 0, n = 0; i < G_N_ELEMENTS (theme_keywords); i++)
    if (puzzle->themes & theme_keywords[i].theme)
      {
        if (theme_keywords[i].theme == CHESS_PUZZLE_THEME_MATE && puzzle->mate_in > 0)
          g_string_append_printf (out, "%smate-in-%d", n++ ? " " : "", puzzle->mate_in);
        else
          g_string_append_printf (out, "%s%s", n++ ? " " : "", theme_keywords[i].keyword);
      }
  g_string_append_printf (out, "\"; rating %d; hmvc %d; fmvn %d;", puzzle->rating,
                          puzzle->start.halfmove_clock, puzzle->start.fullmove_number);
  return g_string_free (out, FALSE);
}

GPtrArray *
chess_puzzle_set_parse (const char  *text,
                        gsize        length,
                        const char  *name,
                        GError     **error)
{
  g_autoptr (GPtrArray) set = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *copy = g_strndup (text, length);
  g_auto (GStrv) lines = NULL;
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  if (memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, CHESS_PUZZLE_ERROR, CHESS_PUZZLE_ERROR_INVALID,
                   /* TRANSLATORS: %s is a file's name. */
                   _("%s is not a text file"), name);
      return NULL;
    }
  lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_autoptr (GError) bad = NULL;
      g_autofree ChessPuzzle *puzzle = g_new0 (ChessPuzzle, 1);
      char *line = g_strstrip (lines[i]);

      if (*line == '\0' || *line == '#')
        continue;
      if (!chess_puzzle_parse (line, puzzle, &bad))
        {
          g_set_error (error, CHESS_PUZZLE_ERROR, CHESS_PUZZLE_ERROR_INVALID,
                       /* TRANSLATORS: a file's name, a line number, what is wrong there. */
                       _("%s, line %u: %s"), name, i + 1, bad->message);
          return NULL;
        }
      if (g_hash_table_contains (ids, puzzle->id))
        {
          g_set_error (error, CHESS_PUZZLE_ERROR, CHESS_PUZZLE_ERROR_INVALID,
                       _("%s, line %u: the id “%s” is used twice"), name, i + 1, puzzle->id);
          return NULL;
        }
      g_ptr_array_add (set, g_steal_pointer (&puzzle));
      g_hash_table_add (ids, ((ChessPuzzle *) set->pdata[set->len - 1])->id);
    }
  return g_steal_pointer (&set);
}

const ChessPuzzle *
chess_puzzle_set_find (GPtrArray  *set,
                       const char *id)
{
  for (guint i = 0; i < set->len; i++)
    {
      const ChessPuzzle *puzzle = g_ptr_array_index (set, i);

      if (g_strcmp0 (puzzle->id, id) == 0)
        return puzzle;
    }
  return NULL;
}

/* Solving. */

void
chess_puzzle_attempt_init (ChessPuzzleAttempt *attempt,
                           const ChessPuzzle  *puzzle)
{
  memset (attempt, 0, sizeof *attempt);
  attempt->puzzle = puzzle;
  attempt->board = puzzle->start;
}

static gboolean
mates (const ChessBoard *board,
       ChessMove         move)
{
  ChessBoard after = *board;
  ChessMoveList replies;
  ChessUndo undo;

  chess_board_make (&after, move, &undo);
  return chess_board_in_check (&after) && chess_board_generate_legal (&after, &replies) == 0;
}

ChessPuzzleVerdict
chess_puzzle_attempt_try (ChessPuzzleAttempt *attempt,
                          ChessMove           move,
                          ChessMove          *reply)
{
  const ChessPuzzle *puzzle = attempt->puzzle;
  ChessUndo undo;

  if (reply != NULL)
    *reply = CHESS_MOVE_NONE;
  g_return_val_if_fail (!attempt->over, CHESS_PUZZLE_WRONG);
  if (!chess_board_is_legal (&attempt->board, move)
      || (move != puzzle->moves[attempt->ply] && !mates (&attempt->board, move)))
    {
      attempt->missed = TRUE;
      attempt->over = TRUE;
      return CHESS_PUZZLE_WRONG;
    }
  chess_board_make (&attempt->board, move, &undo);
  attempt->ply++;
  if (attempt->ply >= puzzle->n_moves || move != puzzle->moves[attempt->ply - 1])
    {
      /* The solution's end, or a mate of the solver's own. */
      attempt->over = TRUE;
      return CHESS_PUZZLE_SOLVED;
    }
  if (reply != NULL)
    *reply = puzzle->moves[attempt->ply];
  chess_board_make (&attempt->board, puzzle->moves[attempt->ply], &undo);
  attempt->ply++;
  return CHESS_PUZZLE_RIGHT;
}

ChessMove
chess_puzzle_attempt_expected (const ChessPuzzleAttempt *attempt)
{
  if (attempt->ply >= attempt->puzzle->n_moves)
    return CHESS_MOVE_NONE;
  return attempt->puzzle->moves[attempt->ply];
}

char *
chess_puzzle_attempt_hint (const ChessPuzzleAttempt *attempt)
{
  ChessMove move = chess_puzzle_attempt_expected (attempt);
  ChessSquare from;
  char square[3];

  if (move == CHESS_MOVE_NONE)
    return g_strdup ("");
  from = chess_move_from (move);
  square[0] = (char) ('a' + chess_square_file (from));
  square[1] = (char) ('1' + chess_square_rank (from));
  square[2] = '\0';
  switch (chess_piece_type (chess_board_piece_at (&attempt->board, from)))
    {
    case CHESS_KING:
      return g_strdup (_("Move your king."));
    case CHESS_QUEEN:
      return g_strdup_printf (_("Move the queen on %s."), square);
    case CHESS_ROOK:
      return g_strdup_printf (_("Move the rook on %s."), square);
    case CHESS_BISHOP:
      return g_strdup_printf (_("Move the bishop on %s."), square);
    case CHESS_KNIGHT:
      return g_strdup_printf (_("Move the knight on %s."), square);
    case CHESS_PAWN:
    default:
      return g_strdup_printf (_("Move the pawn on %s."), square);
    }
}

char *
chess_puzzle_attempt_solution_in (const ChessPuzzleAttempt *attempt,
                                  const char               *letters)
{
  const ChessPuzzle *puzzle = attempt->puzzle;
  ChessBoard board = attempt->board;
  GString *out = g_string_new (NULL);

  for (guint i = attempt->ply; i < puzzle->n_moves; i++)
    {
      char san[CHESS_MOVE_TEXT_MAX];
      ChessUndo undo;

      if (board.side == CHESS_COLOR_WHITE)
        g_string_append_printf (out, "%s%d. ", out->len ? " " : "", board.fullmove_number);
      else if (out->len == 0)
        g_string_append_printf (out, "%d… ", board.fullmove_number);
      else
        g_string_append_c (out, ' ');
      if (letters != NULL)
        chess_move_format_san_letters (&board, puzzle->moves[i], letters, san);
      else
        chess_move_format (&board, puzzle->moves[i], CHESS_NOTATION_FIGURINE, san);
      g_string_append (out, san);
      chess_board_make (&board, puzzle->moves[i], &undo);
    }
  return g_string_free (out, FALSE);
}
