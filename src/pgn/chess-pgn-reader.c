/* chess-pgn-reader.c — one game from PGN text: tags and the move tree
 * (main line, variations at any depth, comments, NAGs, command comments).
 * Variations are read with a stack of lines, not by recursion, and their
 * moves are checked like the main line's. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "chess-notation.h"
#include "chess-pgn-private.h"

G_DEFINE_QUARK (chess-pgn-error-quark, chess_pgn_error)

/* ---- ChessPgnGame ---------------------------------------------------- */

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
  game->tree = chess_tree_new (start);
  chess_line_init (&game->line, start);
  game->main_end = game->tree->root;
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
  chess_tree_free (game->tree);
  chess_line_clear (&game->line);
  g_free (game->result);
  g_clear_error (&game->problem);
  g_free (game);
}

void
chess_pgn_game_set_tree (ChessPgnGame *game,
                         ChessTree    *tree)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (tree != NULL);

  if (tree != game->tree)
    {
      chess_tree_free (game->tree);
      game->tree = tree;
    }
  chess_pgn_game_update_line (game);
}

void
chess_pgn_game_update_line (ChessPgnGame *game)
{
  g_return_if_fail (game != NULL);

  ChessTreeNode *node = game->tree->root;
  chess_line_clear (&game->line);
  chess_line_init (&game->line, &game->tree->start);
  while (node->n_children > 0)
    {
      node = node->children[0];
      chess_line_push (&game->line, node->move);
    }
  game->main_end = node;
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

ChessTreeNode *
chess_pgn_game_add_move (ChessPgnGame *game,
                         ChessMove     move)
{
  g_return_val_if_fail (game != NULL, NULL);

  chess_line_push (&game->line, move);
  game->main_end = chess_tree_node_append (game->main_end, move);
  return game->main_end;
}

/* ---- Reading ---------------------------------------------------------- */

typedef struct
{
  gsize start;
  gsize end;
  gboolean set;
} Range;

/* One line being read: the main line, or a variation open in it. */
typedef struct
{
  ChessTreeNode *node;       /* the line's last move, or where it starts
                              * (NULL when only replaying)                 */
  ChessUndo      undo;       /* takes that last move back (a variation of it
                              * starts before it)                          */
  ChessMove      last;       /* that move, when has_move                   */
  ChessBoard     resume;     /* a variation's: the position to go on from
                              * after its ')'                              */
  gboolean       has_move;
  gsize          open;       /* where its '(' is                           */
  char          *comment;    /* said before its first move                 */
} Frame;

typedef struct
{
  const ChessPgnSource *src;
  ChessPgnLexer         lex;
  ChessPgnGame         *game;      /* NULL when only replaying          */
  ChessBoard            board;     /* after the innermost line's last move */
  guint                 plies;     /* on the main line                  */
  GArray               *frames;    /* Frame: [0] the main line          */
  Range                 white, black, fen, setup;
  ChessPgnLocation     *where;
  GError              **error;     /* a lenient read's: the problem kept */
  gboolean              cut_short; /* a lenient read stopped early       */
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

  /* A lenient read keeps the problem it stops at, over one passed by. */
  if (r->error != NULL)
    g_clear_error (r->error);
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

/* A problem that a lenient read goes on after: a strict read fails with
 * it (FALSE); a lenient one keeps it when it has none yet (TRUE). */
static gboolean
pass_over_unexpected (Reader              *r,
                      const ChessPgnToken *t,
                      const char          *expected)
{
  if (r->src->lenient && *r->error != NULL)
    return TRUE;
  fail_unexpected (r, t, expected);
  return r->src->lenient;
}

static gboolean
pass_over (Reader     *r,
           int         code,
           gsize       pos,
           const char *what)
{
  if (r->src->lenient && *r->error != NULL)
    return TRUE;
  fail (r, code, pos, what, NULL);
  return r->src->lenient;
}

/* Whether a newline stands between data[from] and data[to]. */
static gboolean
on_later_line (const Reader *r,
               gsize         from,
               gsize         to)
{
  return to > from && memchr (r->src->data + from, '\n', to - from) != NULL;
}

/* After a broken tag (lenient reads only): skips the rest of it, up to its
 * ']' or the end of its line, leaving in `t` the token after. Tags are
 * one to a line, and what starts a later line is read again. */
static void
skip_broken_tag (Reader        *r,
                 gsize          open,
                 ChessPgnToken *t)
{
  while (t->type != CHESS_PGN_TOKEN_EOF && t->type != CHESS_PGN_TOKEN_TAG_OPEN
         && !on_later_line (r, open, t->offset))
    {
      gboolean close = t->type == CHESS_PGN_TOKEN_TAG_CLOSE;
      r->cut_short = TRUE;
      chess_pgn_lexer_next (&r->lex, t);
      if (close)
        break;
    }
}

static void
keep_tag (Reader              *r,
          const ChessPgnToken *name,
          const ChessPgnToken *value)
{
  const char *d = r->src->data;
  const char *n = d + name->start;
  gsize len = name->end - name->start;
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
      keep->start = value->start;
      keep->end = value->end;
      keep->set = TRUE;
    }
  if (r->game != NULL)
    {
      g_autofree char *tag_name = g_strndup (n, len);
      g_autofree char *tag_value = chess_pgn_unescape (d + value->start,
                                                       value->end - value->start);
      chess_pgn_game_set_tag (r->game, tag_name, tag_value);
    }
}

static gboolean
read_tags (Reader        *r,
           ChessPgnToken *t,
           gboolean      *any)
{
  while (t->type == CHESS_PGN_TOKEN_TAG_OPEN)
    {
      ChessPgnToken name, value;
      gsize open = t->offset;

      *any = TRUE;
      chess_pgn_lexer_next (&r->lex, &name);
      if (name.type != CHESS_PGN_TOKEN_SYMBOL)
        {
          if (!pass_over_unexpected (r, &name, _("a tag name")))
            return FALSE;
          *t = name;
          skip_broken_tag (r, open, t);
          continue;
        }
      chess_pgn_lexer_next (&r->lex, &value);
      if (value.type != CHESS_PGN_TOKEN_STRING)
        {
          if (!pass_over_unexpected (r, &value, _("the tag's value in quotes")))
            return FALSE;
          *t = value;
          skip_broken_tag (r, open, t);
          continue;
        }
      chess_pgn_lexer_next (&r->lex, t);
      if (t->type != CHESS_PGN_TOKEN_TAG_CLOSE)
        {
          /* Name and value are there: kept, and what follows on the
           * line (nothing, most often) is skipped. */
          if (!pass_over_unexpected (r, t, _("']' to close the tag")))
            return FALSE;
          keep_tag (r, &name, &value);
          skip_broken_tag (r, open, t);
          continue;
        }
      keep_tag (r, &name, &value);
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
      chess_tree_free (r->game->tree);
      r->game->tree = chess_tree_new (&start);
      chess_pgn_game_update_line (r->game);
    }
  return TRUE;
}

/* Resolves the move `t` names in r->board, or explains why it cannot. */
static gboolean
resolve_move (Reader              *r,
              const ChessPgnToken *t,
              ChessMove           *move)
{
  const ChessBoard *board = &r->board;
  const char *s = r->src->data + t->start;
  gsize n = t->end - t->start;

  /* Move numbers are 16-bit in a position (as in most programs): longer
   * games are not real ones. */
  if (board->fullmove_number == G_MAXUINT16 && board->side == CHESS_COLOR_BLACK)
    return fail (r, CHESS_PGN_ERROR_ILLEGAL, t->offset,
                 _("the game is too long (more than 65535 moves)"), NULL);

  if (chess_pgn_resolve_move (board, s, n, move))
    return TRUE;
  if (n == 2 && ((s[0] == '-' && s[1] == '-') || (s[0] == 'Z' && s[1] == '0')))
    return fail (r, CHESS_PGN_ERROR_ILLEGAL, t->offset,
                 board->side == CHESS_COLOR_WHITE
                 ? _("a null move ('--') for White, who is in check")
                 : _("a null move ('--') for Black, who is in check"), NULL);

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
  if (!chess_move_parse (board, text, move, &move_error))
    {
      g_autofree char *what = NULL;
      if (board->side == CHESS_COLOR_WHITE)
        what = g_strdup_printf (_("illegal move '%s' for White"), text);
      else
        what = g_strdup_printf (_("illegal move '%s' for Black"), text);
      return fail (r, CHESS_PGN_ERROR_ILLEGAL, t->offset, what, move_error->message);
    }
  return TRUE;
}

static Frame *
top_frame (Reader *r)
{
  return &g_array_index (r->frames, Frame, r->frames->len - 1);
}

static gboolean
play_move (Reader              *r,
           const ChessPgnToken *t)
{
  Frame *f = top_frame (r);
  ChessMove move;

  if (!resolve_move (r, t, &move))
    return FALSE;
  f->last = move;
  f->has_move = TRUE;
  chess_board_make (&r->board, move, &f->undo);
  if (r->frames->len == 1)
    r->plies++;
  if (r->game == NULL)
    return TRUE;

  if (r->frames->len == 1)
    f->node = chess_pgn_game_add_move (r->game, move);
  else
    f->node = chess_tree_node_append (f->node, move);
  if (f->comment != NULL)
    {
      f->node->comment_before = f->comment;
      f->comment = NULL;
    }
  return TRUE;
}

static void
add_comment (Reader              *r,
             const ChessPgnToken *t)
{
  Frame *f = top_frame (r);
  g_autofree char *text = chess_pgn_normalize_comment (r->src->data + t->start,
                                                      t->end - t->start);

  if (text == NULL)
    return;
  if (f->has_move || r->frames->len == 1)
    {
      /* After a move, or the game's comment before its first move. */
      chess_tree_node_add_comment_text (f->node, text, FALSE);
      return;
    }
  /* Before a variation's first move. */
  if (f->comment == NULL)
    f->comment = g_steal_pointer (&text);
  else
    {
      char *joined = g_strconcat (f->comment, " ", text, NULL);
      g_free (f->comment);
      f->comment = joined;
    }
}

static void
add_nag (Reader *r,
         guint   nag)
{
  Frame *f = top_frame (r);

  if (f->has_move)   /* a NAG before any move annotates nothing */
    chess_tree_node_add_nag (f->node, (guint8) nag);
}

/* Skips up to the ')' that matches the '(' just read: a variation that is
 * an alternative to no move, which nothing can hang on. */
static gboolean
skip_variation (Reader              *r,
                const ChessPgnToken *open)
{
  guint depth = 1;
  ChessPgnToken t;

  for (;;)
    {
      chess_pgn_lexer_next (&r->lex, &t);
      switch (t.type)
        {
        case CHESS_PGN_TOKEN_VARIATION_CLOSE:
          if (--depth == 0)
            return TRUE;
          break;
        case CHESS_PGN_TOKEN_VARIATION_OPEN:
          depth++;
          break;
        case CHESS_PGN_TOKEN_EOF:
        case CHESS_PGN_TOKEN_TAG_OPEN:
        case CHESS_PGN_TOKEN_TAG_CLOSE:
        case CHESS_PGN_TOKEN_STRING:
          return fail (r, CHESS_PGN_ERROR_SYNTAX, open->offset,
                       _("this variation is never closed with ')'"), NULL);
        case CHESS_PGN_TOKEN_ERROR:
          return fail_token (r, &t);
        default:
          break;
        }
    }
}

/* '(': an alternative to the last move of the line being read. */
static gboolean
open_variation (Reader              *r,
                const ChessPgnToken *t)
{
  Frame *f = top_frame (r);

  if (!f->has_move)
    return skip_variation (r, t);

  Frame v = { 0 };
  v.node = f->node != NULL ? f->node->parent : NULL;
  v.open = t->offset;
  v.resume = r->board;
  chess_board_unmake (&r->board, f->last, &f->undo);
  g_array_append_val (r->frames, v);
  return TRUE;
}

/* ')': back to the line the variation branched from. */
static gboolean
close_variation (Reader              *r,
                 const ChessPgnToken *t)
{
  if (r->frames->len == 1)
    return pass_over (r, CHESS_PGN_ERROR_SYNTAX, t->offset,
                      _("')' closes a variation that was never opened"));
  r->board = top_frame (r)->resume;
  g_array_set_size (r->frames, r->frames->len - 1);
  return TRUE;
}

static void
clear_frame (gpointer data)
{
  Frame *f = data;
  g_clear_pointer (&f->comment, g_free);
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

/* The moves, from `t` on, up to the result or the end of the text.
 * FALSE at a problem that ends the reading (the error is set). */
static gboolean
read_moves (Reader        *r,
            ChessPgnToken *t,
            gboolean      *any,
            gboolean      *result_seen)
{
  const char *d = r->src->data;

  for (;;)
    {
      switch (t->type)
        {
        case CHESS_PGN_TOKEN_EOF:
        case CHESS_PGN_TOKEN_TAG_OPEN:   /* the next game, this one had no result */
          /* A variation left open: its moves are all there. */
          if (r->frames->len > 1)
            return pass_over (r, CHESS_PGN_ERROR_SYNTAX, top_frame (r)->open,
                              _("this variation is never closed with ')'"));
          return TRUE;
        case CHESS_PGN_TOKEN_SYMBOL:
          {
            const char *s = d + t->start;
            gsize n = t->end - t->start;
            *any = TRUE;
            if (chess_pgn_is_result (s, n))
              {
                /* Inside a variation a result ends nothing. */
                if (r->frames->len > 1)
                  break;
                set_result (r, s, n);
                *result_seen = TRUE;
                return TRUE;
              }
            if (!all_digits (s, n) && !play_move (r, t))
              return FALSE;
          }
          break;
        case CHESS_PGN_TOKEN_STAR:
          if (r->frames->len > 1)
            break;
          set_result (r, "*", 1);
          *any = *result_seen = TRUE;
          return TRUE;
        case CHESS_PGN_TOKEN_PERIOD:
          break;
        case CHESS_PGN_TOKEN_NAG:
        case CHESS_PGN_TOKEN_SUFFIX:
          if (r->game != NULL)
            add_nag (r, t->value);
          break;
        case CHESS_PGN_TOKEN_COMMENT:
          if (r->game != NULL)
            add_comment (r, t);
          break;
        case CHESS_PGN_TOKEN_VARIATION_OPEN:
          if (!open_variation (r, t))
            return FALSE;
          break;
        case CHESS_PGN_TOKEN_VARIATION_CLOSE:
          if (!close_variation (r, t))
            return FALSE;
          break;
        case CHESS_PGN_TOKEN_ERROR:
          return fail_token (r, t);
        case CHESS_PGN_TOKEN_TAG_CLOSE:
        case CHESS_PGN_TOKEN_STRING:
          if (r->frames->len > 1)
            return fail (r, CHESS_PGN_ERROR_SYNTAX, top_frame (r)->open,
                         _("this variation is never closed with ')'"), NULL);
          return fail_unexpected (r, t, _("a move"));
        default:
          return fail_unexpected (r, t, _("a move"));
        }
      chess_pgn_lexer_next (&r->lex, t);
    }
}

static gboolean
read_game (Reader *r)
{
  gboolean any = FALSE;
  gboolean result_seen = FALSE;
  ChessPgnToken t;

  chess_pgn_lexer_next (&r->lex, &t);
  if (!read_tags (r, &t, &any))
    return FALSE;
  if (!set_up_start (r))
    return FALSE;

  Frame main_line = { 0 };
  main_line.node = r->game != NULL ? r->game->tree->root : NULL;
  g_array_append_val (r->frames, main_line);

  if (!read_moves (r, &t, &any, &result_seen))
    {
      /* A lenient read keeps the moves before the problem; the rest of
       * the game's text stays unread. */
      if (!r->src->lenient)
        return FALSE;
      r->cut_short = TRUE;
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
  GError *problem = NULL;
  ChessPgnLocation problem_at = { 0, 0 };

  g_return_val_if_fail (!source->lenient || game != NULL, FALSE);

  /* A byte order mark is no part of the text. */
  if (src.end - start >= 3 && memcmp (src.data + start, "\xEF\xBB\xBF", 3) == 0)
    src.start = start + 3;
  r.src = &src;
  /* A lenient read keeps its problem in the game, or fails with it when
   * there is no game. */
  r.where = src.lenient ? &problem_at : where;
  r.error = src.lenient ? &problem : error;
  chess_pgn_lexer_init (&r.lex, src.data, src.start, src.end);
  if (game != NULL)
    r.game = chess_pgn_game_new (NULL);
  r.frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_array_set_clear_func (r.frames, clear_frame);

  gboolean ok = read_game (&r);
  g_array_unref (r.frames);
  if (src.lenient && where != NULL && problem != NULL)
    *where = problem_at;
  if (!ok)
    {
      if (r.game != NULL)
        chess_pgn_game_free (r.game);
      if (problem != NULL)
        g_propagate_error (error, problem);
      return FALSE;
    }
  if (r.game != NULL && problem != NULL)
    {
      r.game->problem = problem;
      r.game->problem_at = problem_at;
      r.game->cut_short = r.cut_short;
    }
  if (game != NULL)
    *game = r.game;
  if (final != NULL)
    *final = r.game != NULL ? r.game->line.current : r.board;
  if (n_plies != NULL)
    *n_plies = r.plies;
  return TRUE;
}

/* One game from `data`: strictly (the first problem refuses the game) or
 * leniently (the game up to its first problem, which it carries). */
static ChessPgnGame *
parse_one_game (const char        *data,
                gsize              length,
                guint              first_line,
                gboolean           lenient,
                ChessPgnLocation  *where,
                GError           **error)
{
  ChessPgnSource src = { data ? data : "", 0, length, first_line ? first_line : 1, 1, 0, TRUE, lenient };
  ChessPgnGame *game = NULL;

  if (!chess_pgn_read_game (&src, &game, NULL, NULL, where, error))
    return NULL;
  return game;
}

ChessPgnGame *
chess_pgn_parse_game (const char        *data,
                      gsize              length,
                      guint              first_line,
                      ChessPgnLocation  *where,
                      GError           **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return parse_one_game (data, length, first_line, FALSE, where, error);
}

ChessPgnGame *
chess_pgn_parse_game_lenient (const char  *data,
                              gsize        length,
                              guint        first_line,
                              GError     **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return parse_one_game (data, length, first_line, TRUE, NULL, error);
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
  src->lenient = FALSE;
}

/* The game an index entry points at, strictly or leniently (see
 * parse_one_game). */
static ChessPgnGame *
parse_entry (const char               *data,
             gsize                     length,
             const ChessPgnIndexEntry *entry,
             gboolean                  lenient,
             ChessPgnLocation         *where,
             GError                  **error)
{
  ChessPgnSource src;
  ChessPgnGame *game = NULL;

  entry_source (&src, data, length, entry);
  src.lenient = lenient;
  if (!chess_pgn_read_game (&src, &game, NULL, NULL, where, error))
    return NULL;
  return game;
}

ChessPgnGame *
chess_pgn_parse_entry (const char               *data,
                       gsize                     length,
                       const ChessPgnIndexEntry *entry,
                       ChessPgnLocation         *where,
                       GError                  **error)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (entry != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return parse_entry (data, length, entry, FALSE, where, error);
}

ChessPgnGame *
chess_pgn_parse_entry_lenient (const char               *data,
                               gsize                     length,
                               const ChessPgnIndexEntry *entry,
                               GError                  **error)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (entry != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return parse_entry (data, length, entry, TRUE, NULL, error);
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
