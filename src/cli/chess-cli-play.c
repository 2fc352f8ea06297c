/* chess-cli-play.c — `thinkchess-cli play`: two players at one terminal,
 * or one against the computer (--white/--black computer), or the computer
 * against itself. The computer thinks while the game waits (there is
 * nothing to read meanwhile); `hint` and `analyse` ask it about the
 * position without playing.
 *
 * The game is a ChessGame, the same model the desktop app uses, so every
 * change is autosaved to the app's last-game file and can be continued
 * there. Input is read line by line; anything that is not understood is
 * explained and asked again. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chess-cli.h"
#include "chess-cli-engine.h"
#include "chess-engine-levels.h"
#include "chess-cli-input.h"
#include "chess-cli-save.h"
#include "chess-game.h"
#include "chess-term-board.h"

/* Longer input lines are refused rather than parsed. */
#define MAX_LINE_LENGTH 4096
/* Columns for the wrapped move history and move lists. */
#define WRAP_COLUMNS 78

typedef struct
{
  ChessGame     *game;
  ChessCliInput *input;           /* line editing, or plain reading        */
  ChessTermView  view;            /* fancy or plain, flipped               */
  gboolean       clear_screen;    /* a real terminal: redraw in place      */
  ChessSquare    selected;        /* picked piece, or CHESS_NO_SQUARE      */
  gboolean       redraw;          /* draw the board after this command     */
  gboolean       changed;         /* autosave after this command           */
  gboolean       quit;
  gboolean       autosaved;       /* the autosave file holds this game     */
  GString       *messages;        /* what the game said during a command   */
  ChessCliSource source;          /* the file the game lives in, if any    */

  /* The computer */
  ChessEnginePlayer *players[CHESS_N_COLORS];   /* NULL: a person plays  */
  ChessEnginePlayer *advisor;     /* for hint and analyse, made on demand  */
  const char    *engine;          /* --engine, or NULL: the built-in one   */
  const char    *protocol;        /* --protocol, or NULL                   */
  int            level;
  gint64         movetime_ms;     /* --movetime, or 0: the level's pace    */
  gint64         computer_us;     /* the move being played took this long  */
  gboolean       computer_moving;
  int            last_score[CHESS_N_COLORS];   /* its own view, centipawns */
} ChessPlay;

/* How long hint and analyse think, unless --movetime says otherwise. */
#define HINT_MS 1000
#define ANALYSE_MS 2000

/* ---- Input ---- */

/* Reads one line after `prompt`: see chess_cli_input_read_line. Overlong
 * lines and bytes that are not UTF-8 are returned as they are and refused
 * by the caller. */
static char *
read_line (ChessPlay  *self,
           const char *prompt,
           gboolean    remember)
{
  return chess_cli_input_read_line (self->input, prompt, remember);
}

/* Checks a line read from the user; on failure prints why. */
static gboolean
line_is_acceptable (const char *line)
{
  if (strlen (line) > MAX_LINE_LENGTH)
    {
      printf (ngettext ("That line is too long (more than %d character).\n",
                        "That line is too long (more than %d characters).\n",
                        MAX_LINE_LENGTH),
              MAX_LINE_LENGTH);
      return FALSE;
    }
  if (!g_utf8_validate (line, -1, NULL))
    {
      printf ("%s\n", _("That line is not valid UTF-8 text."));
      return FALSE;
    }
  return TRUE;
}

/* Asks a yes/no question until it gets an answer. End of input counts as
 * no and ends the session. */
static gboolean
ask_yes_no (ChessPlay  *self,
            const char *question)
{
  for (;;)
    {
      g_autofree char *line = NULL;
      g_autofree char *answer = NULL;

      /* Translators: the answers a yes/no question accepts are below. */
      g_autofree char *prompt = g_strdup_printf ("%s %s ", question, _("[y/n]"));

      line = read_line (self, prompt, FALSE);
      if (line == NULL)
        {
          putchar ('\n');
          self->quit = TRUE;
          return FALSE;
        }
      if (!line_is_acceptable (line))
        continue;

      answer = g_utf8_strdown (g_strstrip (line), -1);
      /* English answers always work, whatever the language. */
      if (strcmp (answer, "y") == 0 || strcmp (answer, "yes") == 0
          /* Translators: a short "yes" answer (lower case). */
          || strcmp (answer, C_("answer", "y")) == 0
          /* Translators: a long "yes" answer (lower case). */
          || strcmp (answer, C_("answer", "yes")) == 0)
        return TRUE;
      if (strcmp (answer, "n") == 0 || strcmp (answer, "no") == 0
          /* Translators: a short "no" answer (lower case). */
          || strcmp (answer, C_("answer", "n")) == 0
          /* Translators: a long "no" answer (lower case). */
          || strcmp (answer, C_("answer", "no")) == 0)
        return FALSE;
      printf ("%s\n", _("Please answer “y” for yes or “n” for no."));
    }
}

/* ---- Words for things ---- */

static const char *
side_name (ChessPlay  *self,
           ChessColor  color)
{
  return chess_game_get_player_display_name (self->game, color);
}

/* "12. Nf3" or "12… Nc6" for move `ply`. */
static char *
numbered_move (ChessPlay *self,
               guint      ply)
{
  const ChessBoard *start = chess_game_get_start_board (self->game);
  guint offset = start->side == CHESS_COLOR_BLACK ? 1 : 0;
  guint number = start->fullmove_number + (ply + offset) / 2;
  char san[CHESS_MOVE_TEXT_MAX];

  if (chess_game_format_move (self->game, ply, CHESS_NOTATION_SAN, FALSE, san) == NULL)
    return g_strdup ("");
  if ((ply + offset) % 2 == 0)
    return g_strdup_printf ("%u. %s", number, san);
  return g_strdup_printf ("%u\u2026 %s", number, san);
}

/* "Knight on g1" and friends, as whole sentences for the translators. */
static char *
describe_targets (ChessPieceType type,
                  const char    *square,
                  const char    *targets)
{
  switch (type)
    {
    case CHESS_PAWN:
      return g_strdup_printf (_("Pawn on %s can move to %s."), square, targets);
    case CHESS_KNIGHT:
      return g_strdup_printf (_("Knight on %s can move to %s."), square, targets);
    case CHESS_BISHOP:
      return g_strdup_printf (_("Bishop on %s can move to %s."), square, targets);
    case CHESS_ROOK:
      return g_strdup_printf (_("Rook on %s can move to %s."), square, targets);
    case CHESS_QUEEN:
      return g_strdup_printf (_("Queen on %s can move to %s."), square, targets);
    case CHESS_KING:
    default:
      return g_strdup_printf (_("King on %s can move to %s."), square, targets);
    }
}

static char *
describe_no_moves (ChessPieceType type,
                   const char    *square)
{
  switch (type)
    {
    case CHESS_PAWN:
      return g_strdup_printf (_("Pawn on %s has no legal moves."), square);
    case CHESS_KNIGHT:
      return g_strdup_printf (_("Knight on %s has no legal moves."), square);
    case CHESS_BISHOP:
      return g_strdup_printf (_("Bishop on %s has no legal moves."), square);
    case CHESS_ROOK:
      return g_strdup_printf (_("Rook on %s has no legal moves."), square);
    case CHESS_QUEEN:
      return g_strdup_printf (_("Queen on %s has no legal moves."), square);
    case CHESS_KING:
    default:
      return g_strdup_printf (_("King on %s has no legal moves."), square);
    }
}

/* For the prompt: "knight on g1". */
static char *
describe_selection (ChessPieceType type,
                    const char    *square)
{
  switch (type)
    {
    case CHESS_PAWN:
      return g_strdup_printf (_("pawn on %s selected"), square);
    case CHESS_KNIGHT:
      return g_strdup_printf (_("knight on %s selected"), square);
    case CHESS_BISHOP:
      return g_strdup_printf (_("bishop on %s selected"), square);
    case CHESS_ROOK:
      return g_strdup_printf (_("rook on %s selected"), square);
    case CHESS_QUEEN:
      return g_strdup_printf (_("queen on %s selected"), square);
    case CHESS_KING:
    default:
      return g_strdup_printf (_("king on %s selected"), square);
    }
}

static const char *
claim_name (ChessClaim claim)
{
  switch (claim)
    {
    case CHESS_CLAIM_THREEFOLD_REPETITION:
      return _("threefold repetition");
    case CHESS_CLAIM_FIFTY_MOVES:
      return _("the fifty-move rule");
    case CHESS_CLAIM_NONE:
    default:
      return "";
    }
}

/* Appends `words` to `out` separated by spaces, wrapped at WRAP_COLUMNS with
 * `indent` spaces before each line. */
static void
append_wrapped (GString           *out,
                const char *const *words,
                guint              n_words,
                guint              indent)
{
  guint column = 0;

  for (guint i = 0; i < n_words; i++)
    {
      guint width = g_utf8_strlen (words[i], -1);

      if (column > indent && column + 1 + width > WRAP_COLUMNS)
        {
          g_string_append_c (out, '\n');
          column = 0;
        }
      if (column == 0)
        {
          g_string_append_printf (out, "%*s", indent, "");
          column = indent;
        }
      else
        {
          g_string_append_c (out, ' ');
          column++;
        }
      g_string_append (out, words[i]);
      column += width;
    }
  if (column > 0)
    g_string_append_c (out, '\n');
}

/* ---- Drawing ---- */

static char *
format_captured (ChessPlay  *self,
                 ChessColor  taker)
{
  ChessPiece pieces[32];
  guint n = chess_game_get_captured (self->game, chess_color_other (taker), pieces);
  int balance = chess_game_get_material_balance (self->game);
  g_autoptr(GString) text = g_string_new (NULL);

  chess_term_append_pieces (text, pieces, MIN (n, G_N_ELEMENTS (pieces)),
                            self->view.unicode, self->view.color);
  if (n == 0)
    g_string_append (text, "-");

  /* The side ahead in material shows by how much, in pawns. */
  if (taker == CHESS_COLOR_BLACK)
    balance = -balance;
  if (balance > 0)
    g_string_append_printf (text, "  +%d", (balance + 50) / 100);

  if (taker == CHESS_COLOR_WHITE)
    return g_strdup_printf (_("Captured by White: %s"), text->str);
  return g_strdup_printf (_("Captured by Black: %s"), text->str);
}

static char *
status_line (ChessPlay *self)
{
  ChessColor side = chess_game_get_side_to_move (self->game);

  if (chess_game_is_over (self->game))
    {
      g_autofree char *words = chess_game_describe_result (self->game);
      return g_strdup_printf ("%s (%s)", words,
                              chess_game_result_to_string (chess_game_get_result (self->game)));
    }
  if (chess_game_is_in_check (self->game))
    return g_strdup_printf (_("%s to move, in check"), side_name (self, side));
  return g_strdup_printf (_("%s to move"), side_name (self, side));
}

static void
render (ChessPlay *self,
        GString   *out)
{
  const ChessBoard *board = chess_game_get_board (self->game);
  ChessTermView view = self->view;
  ChessColor top = view.flipped ? CHESS_COLOR_WHITE : CHESS_COLOR_BLACK;
  guint n_moves = chess_game_get_move_count (self->game);
  g_autofree char *top_captured = format_captured (self, top);
  g_autofree char *bottom_captured = format_captured (self, chess_color_other (top));
  g_autofree char *last = NULL;
  g_autofree char *last_line = NULL;
  g_autofree char *status = status_line (self);
  const char *panel[CHESS_TERM_BOARD_LINES] = { NULL };

  view.selected = self->selected;
  if (self->selected != CHESS_NO_SQUARE)
    view.targets = chess_game_get_legal_targets (self->game, self->selected);
  if (!chess_game_get_last_move (self->game, &view.last_from, &view.last_to))
    view.last_from = view.last_to = CHESS_NO_SQUARE;
  if (chess_game_is_in_check (self->game))
    view.check = chess_board_king_square (board, board->side);

  if (n_moves > 0)
    {
      last = numbered_move (self, n_moves - 1);
      last_line = g_strdup_printf (_("Last move: %s"), last);
    }

  panel[1] = top_captured;
  panel[4] = last_line;
  panel[5] = status;
  panel[8] = bottom_captured;

  if (self->clear_screen)
    g_string_append (out, "\033[H\033[2J");
  g_string_append_c (out, '\n');
  chess_term_render_board (out, board, &view, panel, G_N_ELEMENTS (panel));

  /* The numbered move history, below the board. */
  if (n_moves > 0)
    {
      g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
      guint offset = chess_game_get_start_board (self->game)->side == CHESS_COLOR_BLACK;

      for (guint ply = 0; ply < n_moves; ply++)
        {
          char san[CHESS_MOVE_TEXT_MAX];

          /* Numbers before White's moves, and before the first one. */
          if (ply == 0 || (ply + offset) % 2 == 0)
            g_ptr_array_add (words, numbered_move (self, ply));
          else
            g_ptr_array_add (words, g_strdup (chess_game_format_move (self->game, ply,
                                                                      CHESS_NOTATION_SAN,
                                                                      FALSE, san)));
        }
      if (chess_game_is_over (self->game))
        g_ptr_array_add (words, g_strdup (chess_game_result_to_string (chess_game_get_result (self->game))));
      g_string_append_c (out, '\n');
      append_wrapped (out, (const char *const *) words->pdata, words->len, 1);
    }
  g_string_append_c (out, '\n');
}

/* ---- The game's signals ---- */

static void
moved_cb (ChessGame     *game,
          ChessMoveInfo *info,
          ChessPlay     *self)
{
  g_autofree char *text = numbered_move (self, info->ply);

  if (self->computer_moving)
    {
      char seconds[G_ASCII_DTOSTR_BUF_SIZE];

      /* Translators: "1.4" seconds; written with the locale's decimal sign. */
      g_snprintf (seconds, sizeof seconds, "%.1f", self->computer_us / 1e6);
      /* Translators: the player, the move ("12… Nc6") and the seconds it took. */
      g_string_append_printf (self->messages, _("%s played %s in %s s.\n"),
                              side_name (self, info->color), text, seconds);
    }
  else
    g_string_append_printf (self->messages, _("%s played %s.\n"),
                            side_name (self, info->color), text);
  self->changed = TRUE;
  self->redraw = TRUE;
}

static void
check_cb (ChessGame  *game,
          ChessColor  in_check,
          ChessPlay  *self)
{
  g_string_append_printf (self->messages, _("Check! %s is in check.\n"),
                          side_name (self, in_check));
}

static void
checkmate_cb (ChessGame  *game,
              ChessColor  mated,
              ChessPlay  *self)
{
  g_string_append_printf (self->messages, _("Checkmate! %s is checkmated.\n"),
                          side_name (self, mated));
}

static void
draw_cb (ChessGame       *game,
         ChessGameReason  reason,
         ChessPlay       *self)
{
  const char *text = NULL;

  switch (reason)
    {
    case CHESS_GAME_REASON_STALEMATE:
      text = _("Stalemate! The side to move has no legal move and is not in check.");
      break;
    case CHESS_GAME_REASON_INSUFFICIENT_MATERIAL:
      text = _("Neither side has enough material left to checkmate.");
      break;
    case CHESS_GAME_REASON_FIVEFOLD_REPETITION:
      text = _("The same position has occurred five times.");
      break;
    case CHESS_GAME_REASON_SEVENTY_FIVE_MOVES:
      text = _("Seventy-five moves have been played without a capture or a pawn move.");
      break;
    default:
      break;
    }
  if (text != NULL)
    g_string_append_printf (self->messages, "%s\n", text);
}

static void
game_over_cb (ChessGame       *game,
              ChessGameResult  result,
              ChessGameReason  reason,
              ChessPlay       *self)
{
  g_autofree char *words = chess_game_describe_result (game);

  g_string_append_printf (self->messages, _("Game over: %s. Result: %s\n"),
                          words, chess_game_result_to_string (result));
  self->changed = TRUE;
  self->redraw = TRUE;
}

static void
taken_back_cb (ChessGame     *game,
               ChessMoveInfo *info,
               ChessPlay     *self)
{
  g_string_append_printf (self->messages, _("Took back %s.\n"), info->san);
  self->changed = TRUE;
  self->redraw = TRUE;
}

static void
reset_cb (ChessGame *game,
          ChessPlay *self)
{
  self->selected = CHESS_NO_SQUARE;
  self->changed = TRUE;
  self->redraw = TRUE;
}

/* ---- Commands ---- */

static void
say (ChessPlay  *self,
     const char *text)
{
  g_string_append (self->messages, text);
  g_string_append_c (self->messages, '\n');
}

static gboolean
refuse_arguments (ChessPlay  *self,
                  const char *command,
                  const char *args)
{
  if (args[0] == '\0')
    return FALSE;
  g_string_append_printf (self->messages, _("“%s” takes no arguments.\n"), command);
  return TRUE;
}

static gboolean
refuse_when_over (ChessPlay *self)
{
  if (!chess_game_is_over (self->game))
    return FALSE;
  say (self, _("The game is over. Type “undo” to take back moves or “new” for a new game."));
  return TRUE;
}

/* After a move: tell the player to move about a draw they may claim. */
static void
announce_claimable (ChessPlay *self)
{
  ChessClaim claim;

  if (chess_game_is_over (self->game) || !chess_game_get_draw_claimable (self->game))
    return;
  claim = chess_game_get_claim (self->game);
  g_string_append_printf (self->messages,
                          _("%s may claim a draw by %s: type “claim”.\n"),
                          side_name (self, chess_game_get_side_to_move (self->game)),
                          claim_name (claim));
}

static void
play_move (ChessPlay  *self,
           const char *text)
{
  g_autoptr(GError) error = NULL;

  if (!chess_game_play (self->game, text, &error))
    {
      g_string_append_printf (self->messages, "%s\n", error->message);
      return;
    }
  self->selected = CHESS_NO_SQUARE;
  announce_claimable (self);
}

static void
cmd_help (ChessPlay *self)
{
  say (self, _("Type a move in any notation: “e4”, “Nf3”, “O-O”, “e7e8q” or “e2 e4”\n"
               "(UCI), “Ng1-f3” (long algebraic). Type a square such as “e2” to pick\n"
               "the piece there and see where it can go; then type one of those\n"
               "squares to move it there. An empty line drops the piece again.\n"
               "\n"
               "Commands:\n"
               "  moves        list every legal move of the side to move\n"
               "  undo, redo   take back a move, or play it again\n"
               "  draw         offer a draw (the opponent answers y or n)\n"
               "  resign       give up the game (asks to confirm)\n"
               "  claim        claim a draw by threefold repetition or fifty moves\n"
               "  claim MOVE   play MOVE and claim the draw it brings about\n"
               "  flip         turn the board around\n"
               "  fen          show the position in FEN\n"
               "  save FILE    save the game as PGN\n"
               "  load FILE    open a game from a PGN file\n"
               "  new          start a new game\n"
               "  help         show this help\n"
               "  quit         leave (the game is kept for the desktop app)"));
  say (self, _("\n"
               "Asking the computer (it thinks for a moment):\n"
               "  hint         suggest a move for the side to move\n"
               "  analyse      the evaluation (+ favours White) and the best line"));
  if (chess_cli_input_is_editing (self->input))
    say (self, _("\n"
                 "Keys: ↑ and ↓ bring back earlier lines; ← and →, Home and End move\n"
                 "in the line; Tab completes a move or a command (twice: lists them);\n"
                 "Ctrl+R searches the earlier lines; Ctrl+D leaves."));
}

static int
compare_moves (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const ChessBoard *board = user_data;
  ChessMove ma = *(const ChessMove *) a;
  ChessMove mb = *(const ChessMove *) b;
  int ta = chess_piece_type (chess_board_piece_at (board, chess_move_from (ma)));
  int tb = chess_piece_type (chess_board_piece_at (board, chess_move_from (mb)));

  /* Pawns first, then knights … king; by square within each. */
  if (ta != tb)
    return ta - tb;
  if (chess_move_from (ma) != chess_move_from (mb))
    return chess_move_from (ma) - chess_move_from (mb);
  if (chess_move_to (ma) != chess_move_to (mb))
    return chess_move_to (ma) - chess_move_to (mb);
  return (int) ma - (int) mb;
}

static void
cmd_moves (ChessPlay *self)
{
  const ChessBoard *board = chess_game_get_board (self->game);
  ChessMoveList list;
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  if (refuse_when_over (self))
    return;

  chess_board_generate_legal (board, &list);
  g_qsort_with_data (list.moves, list.count, sizeof (ChessMove), compare_moves,
                     (gpointer) board);
  for (int i = 0; i < list.count; i++)
    {
      char san[CHESS_MOVE_TEXT_MAX];

      chess_move_format (board, list.moves[i], CHESS_NOTATION_SAN, san);
      g_ptr_array_add (words, g_strdup (san));
    }

  g_string_append_printf (self->messages,
                          ngettext ("%s has %d legal move:\n",
                                    "%s has %d legal moves:\n", list.count),
                          side_name (self, board->side), list.count);
  append_wrapped (self->messages, (const char *const *) words->pdata, words->len, 2);
}

static void computer_gone (ChessPlay    *self,
                           ChessColor    color,
                           const GError *error);

/* Against the computer, undo and redo go by pairs: back to the person's
 * move, not to the computer's (which it would play again at once). */
static gboolean
computer_to_move (ChessPlay *self)
{
  ChessColor side = chess_game_get_side_to_move (self->game);

  return self->players[side] != NULL && self->players[chess_color_other (side)] == NULL;
}

static void
cmd_undo (ChessPlay *self)
{
  if (!chess_game_take_back (self->game))
    say (self, _("There is no move to take back."));
  else if (computer_to_move (self) && chess_game_get_move_count (self->game) > 0)
    chess_game_take_back (self->game);
  self->selected = CHESS_NO_SQUARE;
}

static void
cmd_redo (ChessPlay *self)
{
  if (!chess_game_can_redo (self->game) || !chess_game_redo (self->game))
    {
      say (self, _("There is no move to redo."));
      return;
    }
  if (computer_to_move (self) && chess_game_can_redo (self->game))
    chess_game_redo (self->game);
  self->selected = CHESS_NO_SQUARE;
  announce_claimable (self);
}

static void
cmd_draw (ChessPlay *self)
{
  ChessColor side = chess_game_get_side_to_move (self->game);
  g_autofree char *question = NULL;

  if (refuse_when_over (self))
    return;

  /* The offer and the answer are printed at once: the question needs the
   * messages so far on screen first. */
  chess_game_offer_draw (self->game, side);
  question = g_strdup_printf (_("%s offers a draw. %s, do you accept?"),
                              side_name (self, side),
                              side_name (self, chess_color_other (side)));
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  if (self->players[chess_color_other (side)] != NULL)
    {
      ChessColor computer = chess_color_other (side);

      /* The computer takes a draw only when it thinks it is losing. */
      if (self->last_score[computer] <= -200)
        {
          g_string_append_printf (self->messages, _("%s accepts the draw.\n"),
                                  side_name (self, computer));
          chess_game_agree_draw (self->game);
        }
      else
        {
          chess_game_decline_draw (self->game);
          g_string_append_printf (self->messages, _("%s declines the draw.\n"),
                                  side_name (self, computer));
        }
    }
  else if (ask_yes_no (self, question))
    chess_game_agree_draw (self->game);
  else
    {
      chess_game_decline_draw (self->game);
      g_string_append_printf (self->messages, _("%s declines the draw.\n"),
                              side_name (self, chess_color_other (side)));
    }
}

static void
cmd_resign (ChessPlay *self)
{
  ChessColor side = chess_game_get_side_to_move (self->game);
  g_autofree char *question = NULL;

  if (refuse_when_over (self))
    return;

  question = g_strdup_printf (_("%s, do you really want to resign?"),
                              side_name (self, side));
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  if (ask_yes_no (self, question))
    chess_game_resign (self->game, side);
  else
    say (self, _("The game goes on."));
}

static void
cmd_claim (ChessPlay  *self,
           const char *args)
{
  g_autoptr(GError) error = NULL;

  if (refuse_when_over (self))
    return;

  /* "claim MOVE": the move about to be played completes the repetition or
   * the fifty moves (FIDE 9.2 and 9.3); it is played, then claimed. */
  if (args[0] != '\0')
    {
      const ChessBoard *board = chess_game_get_board (self->game);
      ChessMove move;

      if (!chess_move_parse (board, args, &move, &error))
        {
          g_string_append_printf (self->messages, "%s\n", error->message);
          return;
        }
      if (chess_line_claimable_with (chess_game_get_line (self->game), move) == CHESS_CLAIM_NONE)
        {
          say (self, _("That move does not give a draw to claim: the position would not "
                       "occur for the third time and the fifty moves would not be complete."));
          return;
        }
      if (!chess_game_play_move (self->game, move, &error))
        {
          g_string_append_printf (self->messages, "%s\n", error->message);
          return;
        }
      self->selected = CHESS_NO_SQUARE;
    }

  if (!chess_game_claim_draw (self->game, &error))
    {
      if (g_error_matches (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_NO_CLAIM))
        say (self, _("No draw can be claimed now: the position has not occurred three "
                     "times and fifty moves have not passed without a capture or a pawn "
                     "move."));
      else
        g_string_append_printf (self->messages, "%s\n", error->message);
    }
}

static void
cmd_fen (ChessPlay *self)
{
  g_autofree char *fen = chess_game_get_fen (self->game);

  say (self, fen);
}

static void
cmd_new (ChessPlay *self)
{
  chess_game_reset (self->game);
  chess_cli_source_clear (&self->source);
  for (int color = 0; color < CHESS_N_COLORS; color++)
    {
      g_autoptr(GError) error = NULL;

      self->last_score[color] = 0;
      if (self->players[color] && !chess_engine_player_new_game (self->players[color], &error))
        computer_gone (self, color, error);
    }
  say (self, _("A new game begins."));
}

/* A file name argument: the rest of the line, without surrounding quotes. */
static char *
file_argument (const char *args)
{
  gsize len = strlen (args);

  if (len >= 2 && ((args[0] == '"' && args[len - 1] == '"')
                   || (args[0] == '\'' && args[len - 1] == '\'')))
    return g_strndup (args + 1, len - 2);
  return g_strdup (args);
}

static gboolean
ask_cb (gpointer    user_data,
        const char *question)
{
  return ask_yes_no (user_data, question);
}

static void
cmd_save (ChessPlay  *self,
          const char *args)
{
  g_autofree char *path = file_argument (args);
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autoptr(GError) error = NULL;

  if (path[0] == '\0')
    {
      say (self, _("Save where? Type “save FILE”, for example “save game.pgn”."));
      return;
    }

  /* A question about the file needs the screen up to date. */
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  g_autofree char *message = NULL;
  pgn = chess_game_to_pgn (self->game);
  chess_cli_save_game (pgn, path, &self->source, ask_cb, self, &message);
  g_string_append_printf (self->messages, "%s\n", message);
}

/* Loads game `number` (1-based; 0 asks when the file holds several) from
 * `path` into the game. Returns FALSE with a message in `error`; the game
 * is unchanged then. */
static gboolean
load_file (ChessPlay   *self,
           const char  *path,
           GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GPtrArray) index = NULL;
  g_autoptr(ChessPgnGame) pgn = NULL;
  g_autoptr(GError) local_error = NULL;
  ChessPgnIndexEntry *entry;
  ChessPgnLocation where = { 0, 0 };
  guint chosen = 0;

  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO,
                   _("Could not read “%s”: %s"), path, local_error->message);
      return FALSE;
    }

  index = chess_pgn_index (data, length);
  if (index->len == 0)
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_NO_GAMES,
                   _("“%s” holds no chess game."), path);
      return FALSE;
    }

  if (index->len > 1)
    {
      /* Several games: the player picks one by number. */
      printf (ngettext ("“%s” holds %u game:\n", "“%s” holds %u games:\n", index->len),
              path, index->len);
      for (guint i = 0; i < index->len && i < 20; i++)
        {
          g_autoptr(GString) text = g_string_new (NULL);
          const char *fields[3];

          entry = g_ptr_array_index (index, i);
          fields[0] = entry->result;
          fields[1] = entry->date;
          fields[2] = entry->event;
          g_string_append_printf (text, "%s \u2013 %s",
                                  entry->white[0] != '\0' ? entry->white : "?",
                                  entry->black[0] != '\0' ? entry->black : "?");
          for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
            if (fields[f] != NULL && fields[f][0] != '\0')
              g_string_append_printf (text, ", %s", fields[f]);
          printf ("  %u. %s\n", entry->number, text->str);
        }
      if (index->len > 20)
        printf ("  \u2026\n");
      while (chosen == 0)
        {
          g_autofree char *line = NULL;
          guint64 n;

          g_autofree char *prompt = g_strdup_printf (_("Which game (1–%u)? "), index->len);

          line = read_line (self, prompt, FALSE);
          if (line == NULL)
            {
              putchar ('\n');
              self->quit = TRUE;
              g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_IO,
                           _("No game chosen from “%s”."), path);
              return FALSE;
            }
          if (!line_is_acceptable (line))
            continue;
          g_strstrip (line);
          if (g_ascii_string_to_unsigned (line, 10, 1, index->len, &n, NULL))
            chosen = n;
          else
            printf (_("Please type a number from 1 to %u.\n"), index->len);
        }
    }
  else
    chosen = 1;

  entry = g_ptr_array_index (index, chosen - 1);
  pgn = chess_pgn_parse_game (data + entry->offset, entry->length, entry->line,
                              &where, &local_error);
  if (pgn == NULL)
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_SYNTAX,
                   "“%s”: %s", path, local_error->message);
      return FALSE;
    }
  if (!chess_game_load_pgn (self->game, pgn, &local_error))
    {
      g_set_error (error, CHESS_PGN_ERROR, CHESS_PGN_ERROR_ILLEGAL,
                   "“%s”: %s", path, local_error->message);
      return FALSE;
    }
  /* "save" to this file puts the game back in its place. */
  chess_cli_source_set (&self->source, path, data, length, entry);
  return TRUE;
}

static void
cmd_load (ChessPlay  *self,
          const char *args)
{
  g_autofree char *path = file_argument (args);
  g_autoptr(GError) error = NULL;

  if (path[0] == '\0')
    {
      say (self, _("Load what? Type “load FILE”, for example “load game.pgn”."));
      return;
    }

  /* A question about the game to pick needs the screen up to date. */
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  if (!load_file (self, path, &error))
    {
      g_string_append_printf (self->messages, "%s\n", error->message);
      if (!self->quit)
        say (self, _("The game on the board is unchanged."));
      return;
    }
  g_string_append_printf (self->messages, _("Loaded “%s”.\n"), path);
  if (chess_game_is_over (self->game))
    {
      g_autofree char *words = chess_game_describe_result (self->game);

      g_string_append_printf (self->messages, _("This game is over: %s.\n"), words);
    }
}

/* Text that has the shape of a square, like "e9" or "k2" (a letter and a
 * number), but is not one. */
static gboolean
looks_like_square (const char *text)
{
  if (!g_ascii_isalpha (text[0]) || text[1] == '\0')
    return FALSE;
  for (const char *p = text + 1; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

/* A plain lower-case word (no digits, no piece letters): meant as a
 * command, whatever it would be as a move. */
static gboolean
is_command_word (const char *text)
{
  gsize len = strlen (text);

  return len >= 3
         && strspn (text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == len
         && strpbrk (text, "KQRBNP") == NULL;
}

/* A square typed on its own: picks a piece, or moves the picked one. */
static void
cmd_square (ChessPlay   *self,
            ChessSquare  sq,
            const char  *text)
{
  const ChessBoard *board = chess_game_get_board (self->game);
  ChessPiece piece = chess_board_piece_at (board, sq);
  char name[3];

  chess_square_name (sq, name);

  /* The picked piece goes to a square it can reach (click-click). */
  if (self->selected != CHESS_NO_SQUARE && self->selected != sq
      && (chess_game_get_legal_targets (self->game, self->selected) >> sq) & 1)
    {
      g_autoptr(GError) error = NULL;

      if (chess_game_needs_promotion (self->game, self->selected, sq))
        {
          g_string_append_printf (self->messages,
                                  _("Which piece should the pawn become? Type, for example, "
                                    "“%s=Q” or “%s=N”.\n"), name, name);
          return;
        }
      if (!chess_game_play_squares (self->game, self->selected, sq,
                                    CHESS_NO_PIECE_TYPE, &error))
        g_string_append_printf (self->messages, "%s\n", error->message);
      else
        {
          self->selected = CHESS_NO_SQUARE;
          announce_claimable (self);
        }
      return;
    }

  if (piece != CHESS_NO_PIECE && chess_piece_color (piece) == board->side)
    {
      ChessBitboard targets = chess_game_get_legal_targets (self->game, sq);
      g_autofree char *sentence = NULL;

      if (chess_game_is_over (self->game))
        {
          refuse_when_over (self);
          return;
        }

      if (targets == 0)
        {
          sentence = describe_no_moves (chess_piece_type (piece), name);
          self->selected = CHESS_NO_SQUARE;
        }
      else
        {
          g_autoptr(GString) list = g_string_new (NULL);

          for (ChessSquare t = 0; t < 64; t++)
            if ((targets >> t) & 1)
              {
                char target_name[3];

                if (list->len > 0)
                  g_string_append (list, ", ");
                g_string_append (list, chess_square_name (t, target_name));
              }
          sentence = describe_targets (chess_piece_type (piece), name, list->str);
          self->selected = sq;
        }
      self->redraw = TRUE;
      say (self, sentence);
      return;
    }

  if (piece != CHESS_NO_PIECE)
    {
      /* Maybe a pawn capture written as its target ("d5"): let the move
       * parser decide, and explain in the player's terms if it cannot. */
      ChessMove move;

      if (!chess_game_is_over (self->game)
          && chess_move_parse (board, text, &move, NULL))
        {
          play_move (self, text);
          return;
        }
      g_string_append_printf (self->messages,
                              _("The piece on %s belongs to %s, and it is %s’s turn.\n"),
                              name, side_name (self, chess_piece_color (piece)),
                              side_name (self, board->side));
      return;
    }

  /* An empty square: a pawn move such as "e4", or nothing at all. */
  {
    ChessMove move;

    if (chess_game_is_over (self->game))
      {
        refuse_when_over (self);
        return;
      }
    if (chess_move_parse (board, text, &move, NULL))
      {
        play_move (self, text);
        return;
      }
    g_string_append_printf (self->messages,
                            _("There is no piece on %s, and no pawn can move there.\n"),
                            name);
  }
}

/* ---- The computer ---- */

static gboolean
is_computer (ChessPlay  *self,
             ChessColor  color)
{
  return self->players[color] != NULL;
}

/* The computer's side `color` is played by hand from now on. */
static void
computer_gone (ChessPlay    *self,
               ChessColor    color,
               const GError *error)
{
  g_string_append_printf (self->messages, "%s\n", error->message);
  g_string_append_printf (self->messages,
                          /* Translators: "White" or "Black", or the player's name. */
                          _("From now on the moves of %s are typed here.\n"),
                          side_name (self, color));
  if (self->players[color])
    {
      g_signal_handlers_disconnect_by_data (self->players[color], self);
      chess_engine_player_close_sync (self->players[color]);
      g_clear_object (&self->players[color]);
    }
}

static void
died_cb (ChessEnginePlayer *player,
         const GError      *error,
         ChessPlay         *self)
{
  for (int color = 0; color < CHESS_N_COLORS; color++)
    if (self->players[color] == player)
      {
        computer_gone (self, color, error);
        return;
      }
}

/* Handles what happened meanwhile (an engine that exited, say). */
static void
drain_events (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
set_limits (ChessPlay         *self,
            ChessEngineLimits *limits,
            gint64             default_ms)
{
  chess_engine_limits_init (limits);
  /* 0 leaves the pace of the level to the player. */
  limits->movetime_ms = self->movetime_ms > 0 ? self->movetime_ms : default_ms;
}

static void
computer_move (ChessPlay *self)
{
  ChessColor color = chess_game_get_side_to_move (self->game);
  ChessEnginePlayer *player = self->players[color];
  g_autoptr(ChessEngineReply) reply = NULL;
  g_autoptr(GError) error = NULL;
  ChessEngineLimits limits;

  /* Tell the person what is going on before the wait. */
  g_string_append_printf (self->messages, _("%s is thinking…\n"), side_name (self, color));
  fputs (self->messages->str, stdout);
  fflush (stdout);
  g_string_truncate (self->messages, 0);

  set_limits (self, &limits, 0);
  g_object_ref (player);
  reply = chess_engine_player_think_sync (player, chess_game_get_line (self->game), &limits, 1,
                                          NULL, &error);
  g_object_unref (player);
  if (reply == NULL)
    {
      computer_gone (self, color, error);
      return;
    }
  if (reply->last_info && (reply->last_info->has & CHESS_ENGINE_INFO_HAS_SCORE))
    self->last_score[color] = reply->last_info->is_mate
                              ? (reply->last_info->score_mate > 0 ? 10000 : -10000)
                              : reply->last_info->score_cp;

  switch (reply->kind)
    {
    case CHESS_ENGINE_REPLY_MOVE:
      self->computer_moving = TRUE;
      self->computer_us = reply->elapsed_us;
      if (!chess_game_play_move (self->game, reply->move, &error))
        {
          self->computer_moving = FALSE;
          computer_gone (self, color, error);
          return;
        }
      self->computer_moving = FALSE;
      self->selected = CHESS_NO_SQUARE;
      announce_claimable (self);
      break;
    case CHESS_ENGINE_REPLY_RESIGN:
      g_string_append_printf (self->messages, _("%s resigns.\n"), side_name (self, color));
      chess_game_resign (self->game, color);
      break;
    case CHESS_ENGINE_REPLY_CLAIM:
    case CHESS_ENGINE_REPLY_NO_MOVE:
    default:
      /* A claimed draw is granted when the rules give it; any other claim
       * leaves the side to the person at the keyboard. */
      if (chess_game_claim_draw (self->game, NULL))
        break;
      {
        g_autoptr(GError) claim_error =
          g_error_new (CHESS_ENGINE_ERROR, CHESS_ENGINE_ERROR_ILLEGAL_MOVE,
                       /* Translators: the engine's name and what it claimed ("1-0 {White mates}"). */
                       _("%s claimed “%s” instead of moving."),
                       chess_engine_player_get_name (player), reply->claim ? reply->claim : "");

        computer_gone (self, color, claim_error);
      }
      break;
    }
}

/* The engine for hint and analyse: the one given, at full strength. */
static ChessEnginePlayer *
get_advisor (ChessPlay *self)
{
  g_autoptr(GError) error = NULL;

  if (self->advisor && chess_engine_player_is_alive (self->advisor))
    return self->advisor;
  g_clear_object (&self->advisor);
  self->advisor = chess_cli_engine_player_new (self->engine, self->protocol,
                                               CHESS_ENGINE_LEVEL_MAX, &error);
  if (self->advisor == NULL)
    g_string_append_printf (self->messages, "%s\n", error->message);
  return self->advisor;
}

static ChessEngineReply *
ask_advisor (ChessPlay *self,
             gint64     default_ms)
{
  ChessEnginePlayer *advisor;
  g_autoptr(GError) error = NULL;
  ChessEngineReply *reply;
  ChessEngineLimits limits;

  if (refuse_when_over (self))
    return NULL;
  advisor = get_advisor (self);
  if (advisor == NULL)
    return NULL;
  set_limits (self, &limits, default_ms);
  reply = chess_engine_player_think_sync (advisor, chess_game_get_line (self->game), &limits, 1,
                                          NULL, &error);
  if (reply == NULL)
    {
      g_string_append_printf (self->messages, "%s\n", error->message);
      g_clear_object (&self->advisor);
    }
  return reply;
}

static void
cmd_hint (ChessPlay *self)
{
  g_autoptr(ChessEngineReply) reply = ask_advisor (self, HINT_MS);
  const ChessBoard *board = chess_game_get_board (self->game);
  char san[CHESS_MOVE_TEXT_MAX];

  if (reply == NULL || reply->kind != CHESS_ENGINE_REPLY_MOVE)
    return;
  /* Translators: a suggested move, "Nf3". */
  g_string_append_printf (self->messages, _("Hint: %s\n"),
                          chess_move_format (board, reply->move, CHESS_NOTATION_SAN, san));
}

static void
cmd_analyse (ChessPlay *self)
{
  g_autoptr(ChessEngineReply) reply = ask_advisor (self, ANALYSE_MS);
  const ChessBoard *board = chess_game_get_board (self->game);
  g_autofree char *score = NULL;
  g_autofree char *line = NULL;
  const ChessEngineInfo *info;

  if (reply == NULL)
    return;
  info = reply->last_info;
  if (info == NULL || !(info->has & CHESS_ENGINE_INFO_HAS_SCORE))
    {
      char san[CHESS_MOVE_TEXT_MAX];

      if (reply->kind == CHESS_ENGINE_REPLY_MOVE)
        g_string_append_printf (self->messages, _("Best move: %s\n"),
                                chess_move_format (board, reply->move, CHESS_NOTATION_SAN, san));
      return;
    }
  score = chess_cli_format_score (info, board->side);
  line = chess_cli_format_pv (info, board, 12);
  /* Translators: the score ("+0.35", "-M3": Black mates in three) and the
   * search depth. */
  g_string_append_printf (self->messages, _("Evaluation: %s (depth %d; + favours White)\n"),
                          score, info->depth);
  if (line)
    g_string_append_printf (self->messages, _("Best line: %s\n"), line);
}

static void
handle_line (ChessPlay *self,
             char      *line)
{
  g_autofree char *command = NULL;
  const char *args;
  char *space;
  ChessSquare sq;

  g_strstrip (line);
  if (line[0] == '\0')
    {
      /* An empty line drops the picked piece. */
      if (self->selected != CHESS_NO_SQUARE)
        {
          self->selected = CHESS_NO_SQUARE;
          self->redraw = TRUE;
        }
      return;
    }

  space = strpbrk (line, " \t");
  command = g_ascii_strdown (line, space != NULL ? space - line : -1);
  args = space != NULL ? g_strchug (space) : "";

  if (strcmp (command, "help") == 0 || strcmp (command, "?") == 0)
    cmd_help (self);
  else if (strcmp (command, "quit") == 0 || strcmp (command, "exit") == 0)
    {
      if (!refuse_arguments (self, command, args))
        self->quit = TRUE;
    }
  else if (strcmp (command, "moves") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_moves (self);
    }
  else if (strcmp (command, "hint") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_hint (self);
    }
  else if (strcmp (command, "analyse") == 0 || strcmp (command, "analyze") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_analyse (self);
    }
  else if (strcmp (command, "undo") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_undo (self);
    }
  else if (strcmp (command, "redo") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_redo (self);
    }
  else if (strcmp (command, "draw") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_draw (self);
    }
  else if (strcmp (command, "resign") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_resign (self);
    }
  else if (strcmp (command, "claim") == 0)
    cmd_claim (self, args);
  else if (strcmp (command, "flip") == 0)
    {
      if (!refuse_arguments (self, command, args))
        {
          self->view.flipped = !self->view.flipped;
          self->redraw = TRUE;
        }
    }
  else if (strcmp (command, "fen") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_fen (self);
    }
  else if (strcmp (command, "new") == 0)
    {
      if (!refuse_arguments (self, command, args))
        cmd_new (self);
    }
  else if (strcmp (command, "save") == 0)
    cmd_save (self, args);
  else if (strcmp (command, "load") == 0)
    cmd_load (self, args);
  else if (args[0] != '\0' && chess_square_parse (command) != CHESS_NO_SQUARE
           && strlen (args) <= 4 && strchr (args, ' ') == NULL)
    {
      /* "e2 e4": from and to, as UCI with a space. */
      g_autofree char *uci = g_strconcat (command, args, NULL);

      if (!refuse_when_over (self))
        play_move (self, uci);
    }
  else if (args[0] != '\0')
    g_string_append_printf (self->messages,
                            _("Unknown command “%s”. Type “help” for the list of commands.\n"),
                            command);
  else if ((sq = chess_square_parse (line)) != CHESS_NO_SQUARE)
    cmd_square (self, sq, line);
  else if (looks_like_square (line))
    g_string_append_printf (self->messages,
                            _("“%s” is not a square: files go from a to h and ranks from 1 to 8.\n"),
                            line);
  else if (is_command_word (line))
    g_string_append_printf (self->messages,
                            _("Unknown command “%s”. Type “help” for the list of commands.\n"),
                            line);
  else if (!refuse_when_over (self))
    play_move (self, line);
}

/* ---- The session ---- */

static void
flush_output (ChessPlay *self)
{
  if (self->redraw)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      render (self, out);
      fputs (out->str, stdout);
      self->redraw = FALSE;
    }
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  if (self->changed)
    {
      g_autoptr(GError) error = NULL;

      self->changed = FALSE;
      if (!chess_game_autosave (self->game, &error))
        printf (_("Could not save the game for the desktop app: %s\n"), error->message);
      else
        self->autosaved = TRUE;
    }
}

/* Tab completion: the commands and the legal moves (in SAN) as the first
 * word, the legal moves after "claim", file names after "save" and
 * "load" (NULL: the line editor's own file name completion). */
static char **
complete_cb (const char *line,
             const char *word,
             gpointer    user_data)
{
  static const char *const commands[] = {
    "moves", "undo", "redo", "draw", "resign", "claim", "flip", "fen",
    "save", "load", "new", "hint", "analyse", "help", "quit",
  };
  ChessPlay *self = user_data;
  g_autofree char *before = g_strstrip (g_strdup (line));
  g_auto(GStrv) words = g_strsplit_set (before, " \t", -1);
  guint n_words = *before == '\0' ? 0 : g_strv_length (words);
  g_autoptr(GStrvBuilder) candidates = g_strv_builder_new ();

  if (n_words == 1 && (strcmp (words[0], "save") == 0 || strcmp (words[0], "load") == 0))
    return NULL;
  if (n_words == 0)
    for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
      g_strv_builder_add (candidates, commands[i]);
  if (n_words == 0 || (n_words == 1 && strcmp (words[0], "claim") == 0))
    {
      const ChessBoard *board = chess_game_get_board (self->game);
      ChessMoveList list;

      if (!chess_game_is_over (self->game))
        {
          chess_board_generate_legal (board, &list);
          g_qsort_with_data (list.moves, list.count, sizeof (ChessMove), compare_moves,
                             (gpointer) board);
          for (int i = 0; i < list.count; i++)
            {
              char san[CHESS_MOVE_TEXT_MAX];

              chess_move_format (board, list.moves[i], CHESS_NOTATION_SAN, san);
              g_strv_builder_add (candidates, san);
            }
        }
    }
  return g_strv_builder_end (candidates);
}

/* An unfinished last game (the desktop app's or an earlier terminal
 * game) is offered before a new one starts; a new game then autosaves to a
 * file of its own, leaving that game as it was. FALSE when the input ended. */
static gboolean
offer_last_game (ChessPlay *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessGame) last = NULL;

  if (!chess_game_autosave_is_unfinished ())
    return TRUE;
  last = chess_game_load_autosave (&error);
  if (last == NULL)
    return TRUE;

  guint plies = chess_game_get_move_count (last);
  printf (ngettext ("An unfinished game was found: %s – %s, %u move played.\n",
                    "An unfinished game was found: %s – %s, %u moves played.\n", plies),
          chess_game_get_player_display_name (last, CHESS_COLOR_WHITE),
          chess_game_get_player_display_name (last, CHESS_COLOR_BLACK), plies);
  if (!ask_yes_no (self, _("Continue it?")))
    {
      if (self->quit)
        return FALSE;
      chess_game_keep_last_game ();
      puts (_("A new game begins; the unfinished one stays as it was."));
      return TRUE;
    }
  if (!chess_game_continue_autosave (self->game, &error))
    {
      printf (_("The game could not be continued: %s\n"), error->message);
      return TRUE;
    }
  /* The side to move thinks on from the time it had used. */
  chess_game_start_clock (self->game);
  self->autosaved = TRUE;
  return TRUE;
}

/* The prompt of the main loop: whose move it is, and what is going on. */
static char *
make_prompt (ChessPlay *self)
{
  ChessColor side = chess_game_get_side_to_move (self->game);
  g_autofree char *prompt = NULL;

  if (chess_game_is_over (self->game))
    prompt = g_strdup_printf (_("Game over (%s)"),
                              chess_game_result_to_string (chess_game_get_result (self->game)));
  else if (self->selected != CHESS_NO_SQUARE)
    {
      const ChessBoard *board = chess_game_get_board (self->game);
      char name[3];
      g_autofree char *what = describe_selection (
          chess_piece_type (chess_board_piece_at (board, self->selected)),
          chess_square_name (self->selected, name));

      prompt = g_strdup_printf (_("%s to move (%s)"), side_name (self, side), what);
    }
  else if (chess_game_is_in_check (self->game))
    prompt = g_strdup_printf (_("%s to move, in check"), side_name (self, side));
  else
    prompt = g_strdup_printf (_("%s to move"), side_name (self, side));

  if (self->view.color)
    return g_strdup_printf ("\033[1m%s>\033[0m ", prompt);
  return g_strdup_printf ("%s> ", prompt);
}

/* --help's end: examples, and the levels with their names and strength. */
static char *
describe_computer_options (void)
{
  GString *text = g_string_new (NULL);

  g_string_append (text, _("Against the computer:\n"
                           "  thinkchess-cli play --black computer --level 2\n"
                           "  thinkchess-cli play --white computer --engine stockfish\n"
                           "  thinkchess-cli play --black computer --engine /usr/games/fairymax --protocol xboard\n"));
  g_string_append_c (text, '\n');
  g_string_append (text, _("Levels of the built-in engine:"));
  g_string_append_c (text, '\n');
  for (int level = 0; level < chess_engine_n_levels; level++)
    {
      g_autofree char *elo = g_strdup_printf (_("about %d Elo"), chess_engine_levels[level].elo);

      g_string_append_printf (text, "  %d  %s (%s)\n", level, _(chess_engine_levels[level].name), elo);
    }
  return g_string_free (text, FALSE);
}

/* The level when --level is not given: a club player, who makes a game of
 * it for most people. */
#define DEFAULT_LEVEL 3

/* --white / --black: "human" or "computer" (NULL: human). */
static gboolean
parse_player_option (const char *option,
                     const char *value,
                     gboolean   *computer)
{
  *computer = FALSE;
  if (value == NULL || g_ascii_strcasecmp (value, "human") == 0)
    return TRUE;
  if (g_ascii_strcasecmp (value, "computer") == 0)
    {
      *computer = TRUE;
      return TRUE;
    }
  /* Translators: the option (--white or --black) and what was given. */
  fprintf (stderr, _("%s wants “human” or “computer”, not “%s”.\n"), option, value);
  return FALSE;
}

/* Starts the computer players the command line asked for. */
static gboolean
start_computers (ChessPlay      *self,
                 const gboolean *computer)
{
  for (int color = 0; color < CHESS_N_COLORS; color++)
    {
      g_autoptr(GError) error = NULL;

      if (!computer[color])
        continue;
      self->players[color] = chess_cli_engine_player_new (self->engine, self->protocol,
                                                          self->level, &error);
      if (self->players[color] == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return FALSE;
        }
      g_signal_connect (self->players[color], "died", G_CALLBACK (died_cb), self);
    }
  return TRUE;
}

/* The computer players' names go into the game (and its PGN). */
static void
name_computers (ChessPlay *self)
{
  for (int color = 0; color < CHESS_N_COLORS; color++)
    if (self->players[color])
      chess_game_set_player_name (self->game, color,
                                  chess_engine_player_get_name (self->players[color]));
}

static void
stop_computers (ChessPlay *self)
{
  for (int color = 0; color < CHESS_N_COLORS; color++)
    if (self->players[color])
      {
        g_signal_handlers_disconnect_by_data (self->players[color], self);
        chess_engine_player_close_sync (self->players[color]);
        g_clear_object (&self->players[color]);
      }
  if (self->advisor)
    {
      chess_engine_player_close_sync (self->advisor);
      g_clear_object (&self->advisor);
    }
}

static gboolean
fancy_output_possible (void)
{
  const char *no_color = g_getenv ("NO_COLOR");
  const char *term = g_getenv ("TERM");

  /* NO_COLOR counts when set to anything but the empty string
   * (no-color.org). */
  if (no_color != NULL && no_color[0] != '\0')
    return FALSE;
  if (term != NULL && strcmp (term, "dumb") == 0)
    return FALSE;
  return isatty (STDOUT_FILENO);
}

int
chess_cli_play (int    argc,
                char **argv)
{
  g_autofree char *fen = NULL;
  gboolean ascii = FALSE;
  g_auto(GStrv) files = NULL;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  g_autofree char *engine = NULL;
  g_autofree char *protocol = NULL;
  int level = -1;
  int movetime_ms = 0;
  gboolean computer[CHESS_N_COLORS] = { FALSE, FALSE };
  GOptionEntry entries[] = {
    { "fen", 0, 0, G_OPTION_ARG_STRING, &fen,
      N_("Start from this position"), N_("FEN") },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &ascii,
      N_("Plain ASCII board without colours"), NULL },
    { "white", 0, 0, G_OPTION_ARG_STRING, &white,
      N_("Who plays White: “human” (default) or “computer”"), N_("PLAYER") },
    { "black", 0, 0, G_OPTION_ARG_STRING, &black,
      N_("Who plays Black: “human” or “computer” (default when --level or --engine is given)"),
      N_("PLAYER") },
    { "level", 0, 0, G_OPTION_ARG_INT, &level,
      N_("The built-in engine’s strength, 0 (beginner) to 9 (full strength); default 3"), N_("N") },
    { "engine", 0, 0, G_OPTION_ARG_STRING, &engine,
      N_("Play an external engine instead: an installed one by name (“stockfish”) or a command"),
      N_("CMD") },
    { "protocol", 0, 0, G_OPTION_ARG_STRING, &protocol,
      N_("How to talk to the --engine command: “uci” (default) or “xboard”"), N_("PROTOCOL") },
    { "movetime", 0, 0, G_OPTION_ARG_INT, &movetime_ms,
      N_("How long the computer thinks per move (default: a pace that fits its level)"),
      N_("MS") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files,
      NULL, N_("[FILE.pgn]") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *description = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessGame) game = NULL;
  ChessPlay play = { 0 };
  ChessPlay *self = &play;

  context = g_option_context_new (_("— play chess at the terminal"));
  g_option_context_set_summary (context,
                                _("Two players at one terminal, or a game against the "
                                  "computer. Type “help” during the game for the commands."));
  description = describe_computer_options ();
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  /* So that --help and the option errors say "thinkchess-cli play". */
  if (g_get_prgname () == NULL)
    g_set_prgname ("thinkchess-cli play");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  if (files != NULL && g_strv_length (files) > 1)
    {
      fprintf (stderr, "%s\n", _("Give at most one game file."));
      return 2;
    }
  if (files != NULL && fen != NULL)
    {
      fprintf (stderr, "%s\n", _("Give either a position (--fen) or a game file, not both."));
      return 2;
    }
  if (!parse_player_option ("--white", white, &computer[CHESS_COLOR_WHITE])
      || !parse_player_option ("--black", black, &computer[CHESS_COLOR_BLACK]))
    return 2;
  if (level != -1 && (level < 0 || level > CHESS_ENGINE_LEVEL_MAX))
    {
      fprintf (stderr, _("The level must be a number from 0 to %d.\n"), CHESS_ENGINE_LEVEL_MAX);
      return 2;
    }
  if (movetime_ms < 0)
    {
      fprintf (stderr, "%s\n", _("The move time must be a positive number of milliseconds."));
      return 2;
    }
  if (protocol != NULL)
    {
      ChessEngineProtocol parsed;

      if (!chess_cli_engine_parse_protocol (protocol, &parsed, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 2;
        }
    }
  /* --level or --engine alone: the computer plays Black. */
  if (white == NULL && black == NULL && (level != -1 || engine != NULL))
    computer[CHESS_COLOR_BLACK] = TRUE;
  self->engine = engine;
  self->protocol = protocol;
  self->level = level != -1 ? level : DEFAULT_LEVEL;
  self->movetime_ms = movetime_ms;
  /* The engines first: a wrong --engine is said before anything else. */
  if (!start_computers (self, computer))
    {
      stop_computers (self);
      return 1;
    }

  game = chess_game_new ();
  self->game = game;
  self->selected = CHESS_NO_SQUARE;
  self->input = chess_cli_input_new (!isatty (STDIN_FILENO));
  chess_cli_input_set_complete (self->input, complete_cb, self);
  self->messages = g_string_new (NULL);
  chess_term_view_init (&self->view);
  if (!ascii && fancy_output_possible ())
    {
      self->view.unicode = TRUE;
      self->view.color = TRUE;
      self->clear_screen = TRUE;
    }

  if (fen != NULL && !chess_game_set_fen (game, fen, &error))
    {
      fprintf (stderr, _("Cannot start from that position: %s\n"), error->message);
      stop_computers (self);
      g_string_free (self->messages, TRUE);
      chess_cli_input_free (self->input);
      return 2;
    }
  if (files != NULL && files[0] != NULL && !load_file (self, files[0], &error))
    {
      fprintf (stderr, "%s\n", error->message);
      stop_computers (self);
      g_string_free (self->messages, TRUE);
      chess_cli_input_free (self->input);
      return self->quit ? 0 : 1;
    }

  if (fen == NULL && files == NULL && !offer_last_game (self))
    {
      stop_computers (self);
      g_string_free (self->messages, TRUE);
      chess_cli_input_free (self->input);
      return 0;
    }

  name_computers (self);
  g_signal_connect (game, "moved", G_CALLBACK (moved_cb), self);
  g_signal_connect (game, "check", G_CALLBACK (check_cb), self);
  g_signal_connect (game, "checkmate", G_CALLBACK (checkmate_cb), self);
  g_signal_connect (game, "draw", G_CALLBACK (draw_cb), self);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect (game, "taken-back", G_CALLBACK (taken_back_cb), self);
  g_signal_connect (game, "reset", G_CALLBACK (reset_cb), self);

  say (self, _("Welcome to ThinkChess. Type a move (“e4”), a square (“e2”) or “help”."));
  if (chess_game_is_over (game))
    {
      g_autofree char *words = chess_game_describe_result (game);

      g_string_append_printf (self->messages, _("This game is over: %s.\n"), words);
    }
  self->redraw = TRUE;

  while (!self->quit)
    {
      g_autofree char *line = NULL;
      g_autofree char *prompt = NULL;

      flush_output (self);
      if (self->quit)
        break;
      drain_events ();
      if (!chess_game_is_over (game) && is_computer (self, chess_game_get_side_to_move (game)))
        {
          computer_move (self);
          continue;
        }
      flush_output (self);
      prompt = make_prompt (self);
      line = read_line (self, prompt, TRUE);
      if (line == NULL)
        {
          /* Ctrl+D. */
          putchar ('\n');
          break;
        }
      if (!line_is_acceptable (line))
        continue;
      handle_line (self, line);
    }
  flush_output (self);

  if (chess_game_is_over (game))
    {
      g_autofree char *words = chess_game_describe_result (game);

      printf (_("Result: %s (%s)\n"), words,
              chess_game_result_to_string (chess_game_get_result (game)));
    }
  if (self->autosaved)
    {
      g_autofree char *path = chess_game_autosave_path ();

      printf (_("The game is saved in “%s”; the desktop app can continue it.\n"), path);
    }

  stop_computers (self);
  g_signal_handlers_disconnect_by_data (game, self);
  chess_cli_source_clear (&self->source);
  g_string_free (self->messages, TRUE);
  chess_cli_input_free (self->input);
  return 0;
}
