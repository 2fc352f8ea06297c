/* chess-cli-play-display.c — what the terminal game shows: the board with
 * its side panel and the numbered move history, the prompt, sentences for
 * pieces and moves, and the game's news (moves, check, the end) told in
 * the messages printed after each command. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-cli-play-private.h"

/* Columns for the wrapped move history and move lists. */
#define WRAP_COLUMNS 78

/* ---- Words for things ---- */

const char *
chess_play_side_name (ChessPlay  *self,
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
char *
chess_play_describe_targets (ChessPieceType type,
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

char *
chess_play_describe_no_moves (ChessPieceType type,
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

const char *
chess_play_claim_name (ChessClaim claim)
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
void
chess_play_append_wrapped (GString           *out,
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
    return g_strdup_printf (_("%s to move, in check"), chess_play_side_name (self, side));
  return g_strdup_printf (_("%s to move"), chess_play_side_name (self, side));
}

void
chess_play_render (ChessPlay *self,
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
      chess_play_append_wrapped (out, (const char *const *) words->pdata, words->len, 1);
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
                              chess_play_side_name (self, info->color), text, seconds);
    }
  else
    g_string_append_printf (self->messages, _("%s played %s.\n"),
                            chess_play_side_name (self, info->color), text);
  self->changed = TRUE;
  self->redraw = TRUE;
}

static void
check_cb (ChessGame  *game,
          ChessColor  in_check,
          ChessPlay  *self)
{
  g_string_append_printf (self->messages, _("Check! %s is in check.\n"),
                          chess_play_side_name (self, in_check));
}

static void
checkmate_cb (ChessGame  *game,
              ChessColor  mated,
              ChessPlay  *self)
{
  g_string_append_printf (self->messages, _("Checkmate! %s is checkmated.\n"),
                          chess_play_side_name (self, mated));
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
changed_cb (ChessGame *game,
            guint      changes,
            ChessPlay *self)
{
  if (!(changes & CHESS_GAME_CHANGED_RESET))
    return;
  self->selected = CHESS_NO_SQUARE;
  self->changed = TRUE;
  self->redraw = TRUE;
}

void
chess_play_watch_game (ChessPlay *self)
{
  g_signal_connect (self->game, "moved", G_CALLBACK (moved_cb), self);
  g_signal_connect (self->game, "check", G_CALLBACK (check_cb), self);
  g_signal_connect (self->game, "checkmate", G_CALLBACK (checkmate_cb), self);
  g_signal_connect (self->game, "draw", G_CALLBACK (draw_cb), self);
  g_signal_connect (self->game, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect (self->game, "taken-back", G_CALLBACK (taken_back_cb), self);
  g_signal_connect (self->game, "changed", G_CALLBACK (changed_cb), self);
}

/* ---- The prompt ---- */

/* The prompt of the main loop: whose move it is, and what is going on. */
char *
chess_play_make_prompt (ChessPlay *self)
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

      prompt = g_strdup_printf (_("%s to move (%s)"), chess_play_side_name (self, side), what);
    }
  else if (chess_game_is_in_check (self->game))
    prompt = g_strdup_printf (_("%s to move, in check"), chess_play_side_name (self, side));
  else
    prompt = g_strdup_printf (_("%s to move"), chess_play_side_name (self, side));

  if (self->view.color)
    return g_strdup_printf ("\033[1m%s>\033[0m ", prompt);
  return g_strdup_printf ("%s> ", prompt);
}
