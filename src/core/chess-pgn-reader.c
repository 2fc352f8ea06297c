/* chess-pgn-reader.c — one game from PGN text: tags, the main line, comments,
 * NAGs, clock comments and variations (kept as text). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chess-notation.h"
#include "chess-pgn-private.h"

G_DEFINE_QUARK (chess-pgn-error-quark, chess_pgn_error)

/* ---- ChessPgnGame ---------------------------------------------------- */

static void
clear_nag_array (gpointer data)
{
  GArray **a = data;
  g_clear_pointer (a, g_array_unref);
}

static void
variation_free (gpointer data)
{
  ChessPgnVariation *v = data;
  g_free (v->text);
  g_free (v);
}

/* The standard start, set up once: most games begin there. */
static const ChessBoard *
standard_start (void)
{
  static ChessBoard start;
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      chess_board_set_start (&start);
      g_once_init_leave (&done, 1);
    }
  return &start;
}

ChessPgnGame *
chess_pgn_game_new (const ChessBoard *start)
{
  ChessPgnGame *game = g_new0 (ChessPgnGame, 1);

  if (start == NULL)
    start = standard_start ();
  game->tag_names = g_ptr_array_new_with_free_func (g_free);
  game->tag_values = g_ptr_array_new_with_free_func (g_free);
  chess_line_init (&game->line, start);
  game->comments = g_ptr_array_new_with_free_func (g_free);
  game->nags = g_array_new (FALSE, FALSE, sizeof (GArray *));
  g_array_set_clear_func (game->nags, clear_nag_array);
  game->clock_ms = g_array_new (FALSE, FALSE, sizeof (gint64));
  game->variations = g_ptr_array_new_with_free_func (variation_free);
  game->result = g_strdup ("*");
  return game;
}

void
chess_pgn_game_free (ChessPgnGame *game)
{
  if (game == NULL)
    return;
  g_ptr_array_unref (game->tag_names);
  g_ptr_array_unref (game->tag_values);
  chess_line_clear (&game->line);
  g_free (game->comment_start);
  g_ptr_array_unref (game->comments);
  g_array_unref (game->nags);
  g_array_unref (game->clock_ms);
  g_ptr_array_unref (game->variations);
  g_free (game->result);
  g_free (game);
}

static int
find_tag (const ChessPgnGame *game,
          const char         *name)
{
  for (guint i = 0; i < game->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (game->tag_names, i), name) == 0)
      return (int) i;
  return -1;
}

const char *
chess_pgn_game_get_tag (const ChessPgnGame *game,
                        const char         *name)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  int i = find_tag (game, name);
  return i < 0 ? NULL : g_ptr_array_index (game->tag_values, i);
}

void
chess_pgn_game_set_tag (ChessPgnGame *game,
                        const char   *name,
                        const char   *value)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (name != NULL);

  int i = find_tag (game, name);
  if (value == NULL)
    {
      if (i >= 0)
        {
          g_ptr_array_remove_index (game->tag_names, i);
          g_ptr_array_remove_index (game->tag_values, i);
        }
      return;
    }
  if (i >= 0)
    {
      g_free (g_ptr_array_index (game->tag_values, i));
      g_ptr_array_index (game->tag_values, i) = g_strdup (value);
      return;
    }
  g_ptr_array_add (game->tag_names, g_strdup (name));
  g_ptr_array_add (game->tag_values, g_strdup (value));
}

void
chess_pgn_game_add_move (ChessPgnGame *game,
                         ChessMove     move)
{
  g_return_if_fail (game != NULL);

  GArray *no_nags = NULL;
  gint64 no_clock = -1;

  chess_line_push (&game->line, move);
  g_ptr_array_add (game->comments, NULL);
  g_array_append_val (game->nags, no_nags);
  g_array_append_val (game->clock_ms, no_clock);
}

/* ---- Reading ---------------------------------------------------------- */

typedef struct
{
  gsize start;
  gsize end;
  gboolean set;
} Range;

typedef struct
{
  const ChessPgnSource *src;
  ChessPgnLexer         lex;
  ChessPgnGame         *game;      /* NULL when only replaying */
  ChessBoard            board;     /* the replay's position    */
  guint                 plies;
  Range                 white, black, fen, setup;
  ChessPgnLocation     *where;
  GError              **error;
} Reader;

static char *
range_text (const Reader *r,
            const Range  *range)
{
  if (!range->set)
    return NULL;
  return chess_pgn_unescape (r->src->data + range->start, range->end - range->start);
}

/* " in game 12 (Smith – Jones)", or as much of it as is known. */
static char *
game_context (const Reader *r)
{
  g_autofree char *white = range_text (r, &r->white);
  g_autofree char *black = range_text (r, &r->black);
  gboolean names = (white != NULL && *white) || (black != NULL && *black);
  const char *w = white != NULL && *white ? white : "?";
  const char *b = black != NULL && *black ? black : "?";

  if (r->src->game_number > 0 && names)
    /* Translators: the end of an error message: game number, White, Black. */
    return g_strdup_printf (_(" in game %u (%s – %s)"), r->src->game_number, w, b);
  if (r->src->game_number > 0)
    return g_strdup_printf (_(" in game %u"), r->src->game_number);
  if (names)
    return g_strdup_printf (_(" (%s – %s)"), w, b);
  return g_strdup ("");
}

/* Sets the error at data[pos]: "<what><context>[: <detail>]". */
static gboolean
fail (Reader     *r,
      int         code,
      gsize       pos,
      const char *what,
      const char *detail)
{
  ChessPgnLocation loc;
  g_autofree char *context = game_context (r);
  g_autofree char *message = NULL;

  chess_pgn_locate (r->src->data, r->src->start, pos, r->src->first_line,
                    r->src->first_column, &loc);
  if (r->where != NULL)
    *r->where = loc;
  if (detail != NULL)
    message = g_strdup_printf ("%s%s: %s", what, context, detail);
  else
    message = g_strdup_printf ("%s%s", what, context);
  if (r->src->prefix_location)
    g_set_error (r->error, CHESS_PGN_ERROR, code, _("line %u, column %u: %s"),
                 loc.line, loc.column, message);
  else
    g_set_error_literal (r->error, CHESS_PGN_ERROR, code, message);
  return FALSE;
}

static gboolean
fail_token (Reader              *r,
            const ChessPgnToken *t)
{
  g_autofree char *what = chess_pgn_lex_error_message (&r->lex, t);
  return fail (r, CHESS_PGN_ERROR_SYNTAX, t->offset, what, NULL);
}

static gboolean
fail_unexpected (Reader              *r,
                 const ChessPgnToken *t,
                 const char          *expected)
{
  g_autofree char *what = NULL;

  switch (t->type)
    {
    case CHESS_PGN_TOKEN_ERROR:
      return fail_token (r, t);
    case CHESS_PGN_TOKEN_EOF:
      what = g_strdup_printf (_("the text ends where %s was expected"), expected);
      break;
    default:
      {
        /* Show the closing quote or brace too, never past the text. */
        gsize end = t->end;
        if (t->type == CHESS_PGN_TOKEN_STRING || (t->type == CHESS_PGN_TOKEN_COMMENT && t->brace))
          end++;
        gsize n = MIN (MIN (end, r->src->end) - t->offset, 20);
        g_autofree char *text = chess_pgn_to_utf8 (r->src->data + t->offset, n);
        what = g_strdup_printf (_("found '%s' where %s was expected"), text, expected);
      }
      break;
    }
  return fail (r, CHESS_PGN_ERROR_SYNTAX, t->offset, what, NULL);
}

static gboolean
range_is (const Reader *r,
          const Range  *range,
          const char   *text)
{
  gsize n = strlen (text);
  return range->set && range->end - range->start == n
         && memcmp (r->src->data + range->start, text, n) == 0;
}

static gboolean
read_tags (Reader        *r,
           ChessPgnToken *t,
           gboolean      *any)
{
  const char *d = r->src->data;

  while (t->type == CHESS_PGN_TOKEN_TAG_OPEN)
    {
      ChessPgnToken name, value;

      *any = TRUE;
      chess_pgn_lexer_next (&r->lex, &name);
      if (name.type != CHESS_PGN_TOKEN_SYMBOL)
        return fail_unexpected (r, &name, _("a tag name"));
      chess_pgn_lexer_next (&r->lex, &value);
      if (value.type != CHESS_PGN_TOKEN_STRING)
        return fail_unexpected (r, &value, _("the tag's value in quotes"));
      chess_pgn_lexer_next (&r->lex, t);
      if (t->type != CHESS_PGN_TOKEN_TAG_CLOSE)
        return fail_unexpected (r, t, _("']' to close the tag"));

      const char *n = d + name.start;
      gsize len = name.end - name.start;
      Range *keep = NULL;
      if (len == 5 && memcmp (n, "White", 5) == 0)
        keep = &r->white;
      else if (len == 5 && memcmp (n, "Black", 5) == 0)
        keep = &r->black;
      else if (len == 3 && memcmp (n, "FEN", 3) == 0)
        keep = &r->fen;
      else if (len == 5 && memcmp (n, "SetUp", 5) == 0)
        keep = &r->setup;
      if (keep != NULL)
        {
          keep->start = value.start;
          keep->end = value.end;
          keep->set = TRUE;
        }
      if (r->game != NULL)
        {
          g_autofree char *tag_name = g_strndup (n, len);
          g_autofree char *tag_value = chess_pgn_unescape (d + value.start,
                                                           value.end - value.start);
          chess_pgn_game_set_tag (r->game, tag_name, tag_value);
        }
      chess_pgn_lexer_next (&r->lex, t);
    }
  return TRUE;
}

static gboolean
set_up_start (Reader *r)
{
  ChessBoard start;

  if (!r->fen.set || range_is (r, &r->setup, "0"))
    {
      r->board = *standard_start ();
      return TRUE;
    }

  g_autofree char *fen = range_text (r, &r->fen);
  g_autoptr(GError) fen_error = NULL;
  if (!chess_board_from_fen (&start, fen, &fen_error))
    return fail (r, CHESS_PGN_ERROR_FEN, r->fen.start,
                 _("the FEN tag does not describe a valid position"),
                 fen_error->message);
  r->board = start;
  if (r->game != NULL)
    {
      chess_line_clear (&r->game->line);
      chess_line_init (&r->game->line, &start);
    }
  return TRUE;
}

/* Parses "h:mm:ss" or "m:ss", with an optional fraction; -1 when it is not one. */
static gint64
parse_clock (const char *s,
             const char **end)
{
  gint64 parts[3] = { 0 };
  int n = 0;
  const char *p = s;

  for (;;)
    {
      if (!g_ascii_isdigit (*p) || n == 3)
        return -1;
      gint64 v = 0;
      int digits = 0;
      while (g_ascii_isdigit (*p) && digits < 9)
        {
          v = v * 10 + (*p++ - '0');
          digits++;
        }
      parts[n++] = v;
      if (*p != ':')
        break;
      p++;
    }
  if (n < 2)
    return -1;

  gint64 ms = 0;
  if (*p == '.')
    {
      gint64 scale = 100;
      p++;
      if (!g_ascii_isdigit (*p))
        return -1;
      while (g_ascii_isdigit (*p))
        {
          ms += (*p++ - '0') * scale;
          scale /= 10;
        }
    }
  *end = p;
  gint64 h = n == 3 ? parts[0] : 0;
  gint64 m = n == 3 ? parts[1] : parts[0];
  gint64 sec = n == 3 ? parts[2] : parts[1];
  return ((h * 60 + m) * 60 + sec) * 1000 + ms;
}

/* Takes "[%clk h:mm:ss]" out of a normalized comment into *clock_ms;
 * returns what is left (NULL when nothing). Consumes `comment`. */
static char *
take_clock (char   *comment,
            gint64 *clock_ms)
{
  char *at = strstr (comment, "[%clk ");
  if (at == NULL)
    return comment;

  const char *end;
  gint64 ms = parse_clock (at + 6, &end);
  if (ms < 0 || *end != ']')
    return comment;
  *clock_ms = ms;
  memmove (at, end + 1, strlen (end + 1) + 1);
  char *rest = chess_pgn_normalize_comment (comment, strlen (comment));
  g_free (comment);
  return rest == NULL ? NULL : take_clock (rest, clock_ms);
}

static void
add_comment (Reader              *r,
             const ChessPgnToken *t)
{
  ChessPgnGame *game = r->game;
  char *text = chess_pgn_normalize_comment (r->src->data + t->start, t->end - t->start);
  guint n = game->line.n_moves;

  if (text == NULL)
    return;
  if (n > 0)
    {
      gint64 ms = -1;
      text = take_clock (text, &ms);
      if (ms >= 0)
        g_array_index (game->clock_ms, gint64, n - 1) = ms;
      if (text == NULL)
        return;
    }

  /* The comment before the first move, or the one after move n. (The
   * array holds gpointers: it is read and written as such, never through
   * a char ** cast, which strict aliasing forbids.) */
  char *old = n == 0 ? game->comment_start : g_ptr_array_index (game->comments, n - 1);
  if (old != NULL)
    {
      char *joined = g_strconcat (old, " ", text, NULL);
      g_free (old);
      g_free (text);
      text = joined;
    }
  if (n == 0)
    game->comment_start = text;
  else
    g_ptr_array_index (game->comments, n - 1) = text;
}

static void
add_nag (Reader *r,
         guint   nag)
{
  ChessPgnGame *game = r->game;
  guint n = game->line.n_moves;

  if (n == 0)
    return;   /* a NAG before any move annotates nothing */
  GArray **a = &g_array_index (game->nags, GArray *, n - 1);
  if (*a == NULL)
    *a = g_array_new (FALSE, FALSE, sizeof (guint8));
  guint8 v = nag;
  g_array_append_val (*a, v);
}

/* Reads up to the ')' that matches the '(' just read, keeping the text in
 * the game when there is one. */
static gboolean
read_variation (Reader              *r,
                const ChessPgnToken *open)
{
  const char *d = r->src->data;
  GString *text = r->game != NULL ? g_string_new (NULL) : NULL;
  gboolean space = FALSE;
  ChessPgnTokenType previous = CHESS_PGN_TOKEN_VARIATION_OPEN;
  guint depth = 1;
  ChessPgnToken t;

  for (;;)
    {
      chess_pgn_lexer_next (&r->lex, &t);
      switch (t.type)
        {
        case CHESS_PGN_TOKEN_VARIATION_CLOSE:
          depth--;
          if (depth == 0)
            goto done;
          if (text)
            g_string_append_c (text, ')');
          space = TRUE;
          previous = t.type;
          continue;
        case CHESS_PGN_TOKEN_VARIATION_OPEN:
          depth++;
          if (text)
            g_string_append (text, space ? " (" : "(");
          space = FALSE;
          previous = t.type;
          continue;
        case CHESS_PGN_TOKEN_EOF:
        case CHESS_PGN_TOKEN_TAG_OPEN:
        case CHESS_PGN_TOKEN_TAG_CLOSE:
        case CHESS_PGN_TOKEN_STRING:
          if (text)
            g_string_free (text, TRUE);
          return fail (r, CHESS_PGN_ERROR_SYNTAX, open->offset,
                       _("this variation is never closed with ')'"), NULL);
        case CHESS_PGN_TOKEN_ERROR:
          if (text)
            g_string_free (text, TRUE);
          return fail_token (r, &t);
        default:
          break;
        }
      if (text == NULL)
        continue;
      switch (t.type)
        {
        case CHESS_PGN_TOKEN_PERIOD:
          g_string_append_len (text, d + t.start, t.end - t.start);
          break;
        case CHESS_PGN_TOKEN_SUFFIX:
          /* Right after its move; anywhere else apart, or "!" "?" read
           * apart would join into one unknown annotation. */
          if (space && (previous != CHESS_PGN_TOKEN_SYMBOL
                        || (d[t.start] != '!' && d[t.start] != '?')))
            g_string_append_c (text, ' ');
          g_string_append_len (text, d + t.start, t.end - t.start);
          break;
        case CHESS_PGN_TOKEN_NAG:
          g_string_append_printf (text, space ? " $%u" : "$%u", t.value);
          break;
        case CHESS_PGN_TOKEN_COMMENT:
          {
            g_autofree char *c = chess_pgn_normalize_comment (d + t.start, t.end - t.start);
            if (c == NULL)
              continue;
            /* A ; comment becomes a {…} one: the text is kept on one line. */
            g_strdelimit (c, "}", ')');
            g_string_append_printf (text, space ? " {%s}" : "{%s}", c);
          }
          break;
        default:
          if (space)
            g_string_append_c (text, ' ');
          g_string_append_len (text, d + t.start, t.end - t.start);
          break;
        }
      space = TRUE;
      previous = t.type;
    }

done:
  if (text == NULL)
    return TRUE;
  if (r->game->line.n_moves == 0)
    {
      /* An alternative to no move: nothing to hang it on. */
      g_string_free (text, TRUE);
      return TRUE;
    }
  ChessPgnVariation *v = g_new0 (ChessPgnVariation, 1);
  v->ply = r->game->line.n_moves - 1;
  v->text = g_string_free (text, FALSE);
  g_ptr_array_add (r->game->variations, v);
  return TRUE;
}

static gboolean
play_move (Reader              *r,
           const ChessPgnToken *t)
{
  const ChessBoard *board = r->game != NULL ? &r->game->line.current : &r->board;
  const char *s = r->src->data + t->start;
  gsize n = t->end - t->start;
  ChessMove move;

  /* Move numbers are 16-bit in a position (as in most programs): longer
   * games are not real ones. */
  if (board->fullmove_number == G_MAXUINT16 && board->side == CHESS_COLOR_BLACK)
    return fail (r, CHESS_PGN_ERROR_ILLEGAL, t->offset,
                 _("the game is too long (more than 65535 moves)"), NULL);

  if (!chess_pgn_resolve_move (board, s, n, &move))
    {
      char text[CHESS_MOVE_TEXT_MAX * 2];
      g_autoptr(GError) move_error = NULL;

      if (n >= sizeof text)
        {
          g_autofree char *shown = g_strndup (s, 20);
          g_autofree char *what = g_strdup_printf (_("unreadable move '%s…'"), shown);
          return fail (r, CHESS_PGN_ERROR_ILLEGAL, t->offset, what, NULL);
        }
      memcpy (text, s, n);
      text[n] = '\0';
      if (!chess_move_parse (board, text, &move, &move_error))
        {
          g_autofree char *what = NULL;
          if (board->side == CHESS_COLOR_WHITE)
            what = g_strdup_printf (_("illegal move '%s' for White"), text);
          else
            what = g_strdup_printf (_("illegal move '%s' for Black"), text);
          return fail (r, CHESS_PGN_ERROR_ILLEGAL, t->offset, what, move_error->message);
        }
    }

  if (r->game != NULL)
    chess_pgn_game_add_move (r->game, move);
  else
    {
      ChessUndo undo;
      chess_board_make (&r->board, move, &undo);
    }
  r->plies++;
  return TRUE;
}

static gboolean
all_digits (const char *s,
            gsize       n)
{
  for (gsize i = 0; i < n; i++)
    if (s[i] < '0' || s[i] > '9')
      return FALSE;
  return TRUE;
}

static void
set_result (Reader     *r,
            const char *s,
            gsize       n)
{
  if (r->game == NULL)
    return;
  g_free (r->game->result);
  r->game->result = g_strndup (s, n);
}

static gboolean
read_game (Reader *r)
{
  const char *d = r->src->data;
  gboolean any = FALSE;
  gboolean result_seen = FALSE;
  ChessPgnToken t;

  chess_pgn_lexer_next (&r->lex, &t);
  if (!read_tags (r, &t, &any))
    return FALSE;
  if (!set_up_start (r))
    return FALSE;

  for (gboolean more = TRUE; more; )
    {
      switch (t.type)
        {
        case CHESS_PGN_TOKEN_EOF:
        case CHESS_PGN_TOKEN_TAG_OPEN:   /* the next game, this one had no result */
          more = FALSE;
          continue;
        case CHESS_PGN_TOKEN_SYMBOL:
          {
            const char *s = d + t.start;
            gsize n = t.end - t.start;
            any = TRUE;
            if (chess_pgn_is_result (s, n))
              {
                set_result (r, s, n);
                result_seen = TRUE;
                more = FALSE;
                continue;
              }
            if (!all_digits (s, n) && !play_move (r, &t))
              return FALSE;
          }
          break;
        case CHESS_PGN_TOKEN_STAR:
          set_result (r, "*", 1);
          any = result_seen = TRUE;
          more = FALSE;
          continue;
        case CHESS_PGN_TOKEN_PERIOD:
          break;
        case CHESS_PGN_TOKEN_NAG:
        case CHESS_PGN_TOKEN_SUFFIX:
          if (r->game != NULL)
            add_nag (r, t.value);
          break;
        case CHESS_PGN_TOKEN_COMMENT:
          if (r->game != NULL)
            add_comment (r, &t);
          break;
        case CHESS_PGN_TOKEN_VARIATION_OPEN:
          if (!read_variation (r, &t))
            return FALSE;
          break;
        case CHESS_PGN_TOKEN_VARIATION_CLOSE:
          return fail (r, CHESS_PGN_ERROR_SYNTAX, t.offset,
                       _("')' closes a variation that was never opened"), NULL);
        case CHESS_PGN_TOKEN_ERROR:
          return fail_token (r, &t);
        case CHESS_PGN_TOKEN_TAG_CLOSE:
        case CHESS_PGN_TOKEN_STRING:
        default:
          return fail_unexpected (r, &t, _("a move"));
        }
      chess_pgn_lexer_next (&r->lex, &t);
    }

  if (!any)
    return fail (r, CHESS_PGN_ERROR_NO_GAMES, t.offset, _("there is no game here"), NULL);

  /* No result in the moves: the tag's, when it is a result. */
  if (!result_seen && r->game != NULL)
    {
      const char *tag = chess_pgn_game_get_tag (r->game, "Result");
      if (tag != NULL && chess_pgn_is_result (tag, strlen (tag)))
        set_result (r, tag, strlen (tag));
    }
  return TRUE;
}

gboolean
chess_pgn_read_game (const ChessPgnSource *source,
                     ChessPgnGame        **game,
                     ChessBoard           *final,
                     guint                *n_plies,
                     ChessPgnLocation     *where,
                     GError              **error)
{
  Reader r = { 0 };
  gsize start = source->start;
  ChessPgnSource src = *source;

  /* A byte order mark is no part of the text. */
  if (src.end - start >= 3 && memcmp (src.data + start, "\xEF\xBB\xBF", 3) == 0)
    src.start = start + 3;
  r.src = &src;
  r.where = where;
  r.error = error;
  chess_pgn_lexer_init (&r.lex, src.data, src.start, src.end);
  if (game != NULL)
    r.game = chess_pgn_game_new (NULL);

  if (!read_game (&r))
    {
      if (r.game != NULL)
        chess_pgn_game_free (r.game);
      return FALSE;
    }
  if (game != NULL)
    *game = r.game;
  if (final != NULL)
    *final = r.game != NULL ? r.game->line.current : r.board;
  if (n_plies != NULL)
    *n_plies = r.plies;
  return TRUE;
}

ChessPgnGame *
chess_pgn_parse_game (const char        *data,
                      gsize              length,
                      guint              first_line,
                      ChessPgnLocation  *where,
                      GError           **error)
{
  ChessPgnSource src = { data, 0, length, first_line ? first_line : 1, 1, 0, TRUE };
  ChessPgnGame *game = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (data == NULL)
    src.data = "";
  if (!chess_pgn_read_game (&src, &game, NULL, NULL, where, error))
    return NULL;
  return game;
}

/* The column of data[offset]: characters since the line's start, plus one. */
static guint
column_of (const char *data,
           gsize       offset)
{
  gsize line_start = offset;
  while (line_start > 0 && data[line_start - 1] != '\n')
    line_start--;
  const char *s = data + line_start;
  gsize n = offset - line_start;
  gsize chars = g_utf8_validate_len (s, n, NULL) ? (gsize) g_utf8_strlen (s, n) : n;
  return (guint) chars + 1;
}

static void
entry_source (ChessPgnSource           *src,
              const char               *data,
              gsize                     length,
              const ChessPgnIndexEntry *entry)
{
  gsize start = MIN (entry->offset, length);
  src->data = data;
  src->start = start;
  src->end = start + MIN (entry->length, length - start);
  src->first_line = entry->line ? entry->line : 1;
  src->first_column = column_of (data, start);
  src->game_number = entry->number;
  src->prefix_location = FALSE;
}

ChessPgnGame *
chess_pgn_parse_entry (const char               *data,
                       gsize                     length,
                       const ChessPgnIndexEntry *entry,
                       ChessPgnLocation         *where,
                       GError                  **error)
{
  ChessPgnSource src;
  ChessPgnGame *game = NULL;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (entry != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  entry_source (&src, data, length, entry);
  if (!chess_pgn_read_game (&src, &game, NULL, NULL, where, error))
    return NULL;
  return game;
}

gboolean
chess_pgn_replay_entry (const char               *data,
                        gsize                     length,
                        const ChessPgnIndexEntry *entry,
                        ChessBoard               *final,
                        guint                    *n_plies,
                        ChessPgnLocation         *where,
                        GError                  **error)
{
  ChessPgnSource src;

  g_return_val_if_fail (data != NULL, FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  entry_source (&src, data, length, entry);
  return chess_pgn_read_game (&src, NULL, final, n_plies, where, error);
}
