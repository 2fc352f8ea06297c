/* chess-game-pgn.c — a ChessGame to and from a PGN game (tags, tree,
 * clocks as they stood when saved). */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "chess-game-private.h"

static gboolean
is_standard_start (const ChessBoard *board)
{
  ChessBoard start;
  char a[CHESS_FEN_MAX], b[CHESS_FEN_MAX];

  chess_board_set_start (&start);
  return strcmp (chess_board_to_fen (board, a), chess_board_to_fen (&start, b)) == 0;
}

/* Tags the game writes itself, from its own state. */
static gboolean
is_derived_tag (const char *name)
{
  static const char * const derived[] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result",
    "SetUp", "FEN", "Termination", "TimeControl", "PlyCount",
    "WhiteTimeLeft", "BlackTimeLeft", "WhiteTimeUsed", "BlackTimeUsed", "AutosavedBy",
    "AutosavedStudy", "AutosavedPaused",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (derived); i++)
    if (strcmp (name, derived[i]) == 0)
      return TRUE;
  return FALSE;
}

/* The Termination tag for an end the game saw itself, or NULL for one it
 * did not (a loaded game's result). The position shows mate, stalemate
 * and the like ("normal", as PGN says), but not who resigned or that a
 * draw was agreed or claimed: for those, the words chess.com writes, which
 * other programs show as they are. "normal" alone cannot say it: Lichess
 * writes it for resignations and mates alike. */
static char *
witnessed_termination (ChessGame *self)
{
  gboolean white_wins = self->result == CHESS_GAME_RESULT_WHITE_WINS;
  const char *winner;

  if (chess_game_reason_is_positional (self->reason))
    return g_strdup ("normal");
  switch (self->reason)
    {
    case CHESS_GAME_REASON_RESIGNATION:
      /* The file's words, not the reader's language. */
      winner = chess_game_get_player_name (self, white_wins ? CHESS_COLOR_WHITE : CHESS_COLOR_BLACK);
      return g_strdup_printf ("%s won by resignation",
                              winner != NULL ? winner : white_wins ? "White" : "Black");
    case CHESS_GAME_REASON_AGREEMENT:
      return g_strdup ("Game drawn by agreement");
    case CHESS_GAME_REASON_THREEFOLD_REPETITION:
      return g_strdup ("Game drawn by repetition");
    case CHESS_GAME_REASON_FIFTY_MOVES:
      return g_strdup ("Game drawn by 50-move rule");
    case CHESS_GAME_REASON_TIME_FORFEIT:
    case CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL:
      return g_strdup ("time forfeit");
    default:
      return NULL;
    }
}

ChessPgnGame *
chess_game_to_pgn (ChessGame *self)
{
  ChessPgnGame *pgn;
  const char *result;
  const char *value;
  char fen[CHESS_FEN_MAX];

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);

  pgn = chess_pgn_game_new (&self->tree->start);
  chess_pgn_game_set_tree (pgn, chess_tree_copy (self->tree));
  /* After a take-back on the main line, the alternatives to the move taken
   * back have no move to stand beside: the file's main line ends where the
   * game stands (they stay in the game for redo or the next move). */
  if (chess_tree_node_is_main_line (self->line_end) && self->line_end->n_children > 0)
    {
      ChessTreeNode *end = pgn->tree->root;
      for (guint i = 0; i < self->line_end->ply; i++)
        end = end->children[0];
      while (end->n_children > 0)
        chess_tree_node_remove (end->children[0]);
      chess_pgn_game_update_line (pgn);
    }

  result = chess_game_result_to_string (self->result);
  value = chess_game_get_tag (self, "Event");
  chess_pgn_game_set_tag (pgn, "Event", value != NULL ? value : "?");
  value = chess_game_get_tag (self, "Site");
  chess_pgn_game_set_tag (pgn, "Site", value != NULL ? value : "?");
  value = chess_game_get_tag (self, "Date");
  if (value != NULL)
    {
      chess_pgn_game_set_tag (pgn, "Date", value);
    }
  else
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

      chess_pgn_game_set_tag (pgn, "Date", date);
    }
  value = chess_game_get_tag (self, "Round");
  chess_pgn_game_set_tag (pgn, "Round", value != NULL ? value : "?");
  value = chess_game_get_player_name (self, CHESS_COLOR_WHITE);
  chess_pgn_game_set_tag (pgn, "White", value != NULL ? value : "?");
  value = chess_game_get_player_name (self, CHESS_COLOR_BLACK);
  chess_pgn_game_set_tag (pgn, "Black", value != NULL ? value : "?");
  chess_pgn_game_set_tag (pgn, "Result", result);
  g_free (pgn->result);
  pgn->result = g_strdup (result);

  if (!is_standard_start (&self->tree->start))
    {
      chess_pgn_game_set_tag (pgn, "SetUp", "1");
      chess_pgn_game_set_tag (pgn, "FEN", chess_board_to_fen (&self->tree->start, fen));
    }
  if (chess_clock_is_timed (self->clock))
    {
      g_autofree char *tc = chess_clock_to_time_control_tag (self->clock);

      chess_pgn_game_set_tag (pgn, "TimeControl", tc);
    }
  /* A game going on keeps both clocks as they stand now, the time of the
   * move being thought about included: remaining time when timed, time
   * used when not. */
  if (self->result == CHESS_GAME_RESULT_ONGOING && (self->clock_started || chess_game_line_length (self) > 0))
    {
      gboolean timed = chess_clock_is_timed (self->clock);
      for (int c = 0; c < CHESS_N_COLORS; c++)
        {
          g_autoptr(GString) value_text = g_string_new (NULL);
          chess_tree_format_time (chess_clock_get_time_ms (self->clock, (ChessColor) c), value_text);
          chess_pgn_game_set_tag (pgn, c == CHESS_COLOR_WHITE ? (timed ? "WhiteTimeLeft" : "WhiteTimeUsed")
                                                              : (timed ? "BlackTimeLeft" : "BlackTimeUsed"),
                                  value_text->str);
        }
    }
  /* Only what is known: an end the game saw, or the file's own words
   * (none when the file had none). */
  if (self->result != CHESS_GAME_RESULT_ONGOING)
    {
      g_autofree char *termination = witnessed_termination (self);

      chess_pgn_game_set_tag (pgn, "Termination",
                              termination != NULL ? termination : chess_game_get_tag (self, "Termination"));
    }

  for (guint i = 0; i < self->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (self->tag_names, i);

      if (!is_derived_tag (name))
        chess_pgn_game_set_tag (pgn, name, g_ptr_array_index (self->tag_values, i));
    }
  return pgn;
}

/* TRUE when `text` ends with `suffix`, ignoring case. */
static gboolean
ends_with_words (const char *text,
                 const char *suffix)
{
  gsize n = strlen (text), m = strlen (suffix);

  return n >= m && g_ascii_strcasecmp (text + n - m, suffix) == 0;
}

/* How a game ended, from its Termination tag and result: only what the
 * tag says ("normal" says the game ended, not how; chess.com's words say
 * more); the position has been asked already. */
static ChessGameReason
termination_reason (ChessGame       *self,
                    const char      *termination,
                    ChessGameResult  result)
{
  gboolean draw = result == CHESS_GAME_RESULT_DRAW;

  if (termination == NULL)
    return CHESS_GAME_REASON_UNKNOWN;
  if (g_ascii_strcasecmp (termination, "time forfeit") == 0
      || (!draw && ends_with_words (termination, " won on time"))
      || (draw && ends_with_words (termination, "drawn by timeout vs insufficient material")))
    {
      if (!draw)
        return CHESS_GAME_REASON_TIME_FORFEIT;
      /* The side that can no longer mate is the one that did not flag:
       * the flag fell on the side to move. */
      self->flag_color = (ChessColor) self->position.side;
      return CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL;
    }
  if (!draw && ends_with_words (termination, " won by resignation"))
    return CHESS_GAME_REASON_RESIGNATION;
  if (draw && ends_with_words (termination, "drawn by agreement"))
    return CHESS_GAME_REASON_AGREEMENT;
  if (draw && ends_with_words (termination, "drawn by repetition"))
    return CHESS_GAME_REASON_THREEFOLD_REPETITION;
  if (draw && ends_with_words (termination, "drawn by 50-move rule"))
    return CHESS_GAME_REASON_FIFTY_MOVES;
  /* A draw that ended normally where a draw can be claimed: the claim. */
  if (draw && g_ascii_strcasecmp (termination, "normal") == 0)
    {
      if (chess_game_line_claimable (self) == CHESS_CLAIM_THREEFOLD_REPETITION)
        return CHESS_GAME_REASON_THREEFOLD_REPETITION;
      if (chess_game_line_claimable (self) == CHESS_CLAIM_FIFTY_MOVES)
        return CHESS_GAME_REASON_FIFTY_MOVES;
    }
  return CHESS_GAME_REASON_UNKNOWN;
}

/* Works out how a loaded game ended from its result and tags. */
static void
loaded_result (ChessGame          *self,
               const ChessPgnGame *pgn,
               ChessGameResult    *result,
               ChessGameReason    *reason)
{
  const char *text = pgn->result;

  if (text == NULL || g_strcmp0 (text, "*") == 0)
    text = chess_pgn_game_get_tag (pgn, "Result");

  if (chess_game_position_result (self, result, reason))
    return;
  /* Cut short: the moves loaded do not reach the result. */
  if (pgn->cut_short)
    text = NULL;

  if (g_strcmp0 (text, "1-0") == 0)
    *result = CHESS_GAME_RESULT_WHITE_WINS;
  else if (g_strcmp0 (text, "0-1") == 0)
    *result = CHESS_GAME_RESULT_BLACK_WINS;
  else if (g_strcmp0 (text, "1/2-1/2") == 0)
    *result = CHESS_GAME_RESULT_DRAW;
  else
    {
      *result = CHESS_GAME_RESULT_ONGOING;
      *reason = CHESS_GAME_REASON_NONE;
      return;
    }
  *reason = termination_reason (self, chess_pgn_game_get_tag (pgn, "Termination"), *result);
}

static gboolean
is_clock_tag (const char *name)
{
  return strcmp (name, "AutosavedBy") == 0 || strcmp (name, "AutosavedStudy") == 0
         || strcmp (name, "AutosavedPaused") == 0 || strcmp (name, "WhiteTimeLeft") == 0 || strcmp (name, "BlackTimeLeft") == 0
         || strcmp (name, "WhiteTimeUsed") == 0 || strcmp (name, "BlackTimeUsed") == 0;
}

/* "h:mm:ss[.fff]" or "m:ss" in milliseconds; -1 when it is not one. */
static gint64
parse_saved_time (const char *text)
{
  guint64 h = 0, m = 0, sec = 0, ms = 0;
  char *end;

  if (text == NULL)
    return -1;
  h = g_ascii_strtoull (text, &end, 10);
  if (*end != ':')
    return -1;
  m = g_ascii_strtoull (end + 1, &end, 10);
  if (*end == ':')
    sec = g_ascii_strtoull (end + 1, &end, 10);
  else
    {
      sec = m;
      m = h;
      h = 0;
    }
  if (*end == '.')
    {
      const char *f = end + 1;
      guint64 scale = 100;
      for (; g_ascii_isdigit (*f) && scale > 0; f++, scale /= 10)
        ms += (guint64) (*f - '0') * scale;
      end = (char *) f;
    }
  if (*end != '\0' || h > 1000 || m > 59 || sec > 59)
    return -1;
  return (gint64) (((h * 60 + m) * 60 + sec) * 1000 + ms);
}

/* The clocks as they stood when the game was saved (the WhiteTimeLeft …
 * tags), into `ms` for those there are; FALSE when there are none. */
static gboolean
saved_clock_times (const ChessPgnGame *pgn,
                   gboolean            timed,
                   gint64              ms[CHESS_N_COLORS])
{
  gint64 white = parse_saved_time (chess_pgn_game_get_tag (pgn, timed ? "WhiteTimeLeft" : "WhiteTimeUsed"));
  gint64 black = parse_saved_time (chess_pgn_game_get_tag (pgn, timed ? "BlackTimeLeft" : "BlackTimeUsed"));

  if (white >= 0)
    ms[CHESS_COLOR_WHITE] = white;
  if (black >= 0)
    ms[CHESS_COLOR_BLACK] = black;
  return white >= 0 || black >= 0;
}

/* Whether every move of the tree is legal where it stands; the ply of
 * the first that is not in *bad_ply. Walks with a stack of positions. */
static gboolean
tree_is_legal (const ChessTree *tree,
               guint           *bad_ply)
{
  typedef struct { const ChessTreeNode *node; ChessBoard board; } Item;
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (Item));
  Item first = { tree->root, tree->start };
  gboolean ok = TRUE;

  g_array_append_val (stack, first);
  while (ok && stack->len > 0)
    {
      Item item = g_array_index (stack, Item, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      for (guint i = 0; i < item.node->n_children; i++)
        {
          const ChessTreeNode *child = item.node->children[i];
          Item next = { child, item.board };
          ChessUndo undo;

          if (!chess_board_is_legal_or_null (&item.board, child->move))
            {
              *bad_ply = child->ply - 1;
              ok = FALSE;
              break;
            }
          chess_board_make (&next.board, child->move, &undo);
          g_array_append_val (stack, next);
        }
    }
  g_array_unref (stack);
  return ok;
}

gboolean
chess_game_load_pgn (ChessGame           *self,
                     const ChessPgnGame  *pgn,
                     GError             **error)
{
  guint bad_ply = 0;
  ChessClockMode mode = CHESS_CLOCK_UNTIMED;
  gint64 initial = 0, increment = 0;
  const char *tc;
  ChessGameResult result;
  ChessGameReason reason;
  gint64 ms[CHESS_N_COLORS];

  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  g_return_val_if_fail (pgn != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Check everything before touching the game: every move of every
   * variation is legal where it stands. */
  if (!chess_board_is_ok (&pgn->tree->start))
    {
      g_set_error_literal (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_INVALID,
                           _("The game’s start position is not valid"));
      return FALSE;
    }
  if (!tree_is_legal (pgn->tree, &bad_ply))
    {
      g_set_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_INVALID,
                   _("Move %u of the game is not legal"), bad_ply / 2 + 1);
      return FALSE;
    }
  tc = chess_pgn_game_get_tag (pgn, "TimeControl");
  if (tc != NULL && !chess_clock_parse_time_control_tag (tc, &mode, &initial,
                                                         &increment, NULL))
    {
      /* A time control we do not support: keep the moves, play untimed. */
      mode = CHESS_CLOCK_UNTIMED;
      initial = increment = 0;
    }

  /* Replace the game. */
  g_ptr_array_set_size (self->tag_names, 0);
  g_ptr_array_set_size (self->tag_values, 0);
  for (guint i = 0; i < pgn->tag_names->len; i++)
    {
      const char *name = g_ptr_array_index (pgn->tag_names, i);

      if (strcmp (name, "Result") != 0 && strcmp (name, "SetUp") != 0
          && strcmp (name, "FEN") != 0 && strcmp (name, "TimeControl") != 0
          && strcmp (name, "PlyCount") != 0 && !is_clock_tag (name))
        chess_game_set_tag (self, name, g_ptr_array_index (pgn->tag_values, i));
    }

  chess_clock_stop (self->clock);
  chess_clock_set_time_control (self->clock, mode, initial, increment);
  chess_game_restart (self, &pgn->tree->start);
  chess_tree_free (self->tree);
  self->tree = chess_tree_copy (pgn->tree);
  self->loaded = TRUE;
  self->line_end = NULL;   /* freed with the tree */
  chess_game_set_line_end (self, chess_tree_main_end (self->tree));
  self->view_ply = chess_game_line_length (self);
  self->clock_started = FALSE;
  /* The moves' [%clk] times, and the clocks as they stood at the end. */
  chess_game_clocks_at (self, self->line_end, ms);
  if (saved_clock_times (pgn, mode != CHESS_CLOCK_UNTIMED, ms))
    memcpy (self->line_end->stood_ms, ms, sizeof ms);
  chess_clock_set_times (self->clock, ms[CHESS_COLOR_WHITE], ms[CHESS_COLOR_BLACK],
                         (ChessColor) self->position.side);

  loaded_result (self, pgn, &result, &reason);
  self->result = result;
  self->reason = reason;
  if (pgn->problem != NULL)
    self->load_problem = g_error_copy (pgn->problem);
  self->cut_short = pgn->problem != NULL && pgn->cut_short;

  chess_game_emit_changed (self, CHESS_GAME_CHANGED_RESET);
  return TRUE;
}

const GError *
chess_game_get_load_problem (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  return self->load_problem;
}

gboolean
chess_game_is_cut_short (ChessGame *self)
{
  g_return_val_if_fail (CHESS_IS_GAME (self), FALSE);
  return self->cut_short;
}
