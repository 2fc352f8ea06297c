/* chess-cli-play-commands.c — what the player types in the terminal game:
 * a line is read as a command (help, moves, undo, draw, claim …), a square
 * (pick a piece, or move the picked one there) or a move, and anything
 * else is explained. The computer's and the files' commands live in
 * chess-cli-play-computer.c and chess-cli-play-files.c. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "chess-cli-play-private.h"
#include "chess-draw-offer.h"

void
chess_play_say (ChessPlay  *self,
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

gboolean
chess_play_refuse_when_over (ChessPlay *self)
{
  if (!chess_game_is_over (self->game))
    return FALSE;
  chess_play_say (self, _("The game is over. Type “undo” to take back moves or “new” for a new game."));
  return TRUE;
}

/* After a move: tell the player to move about a draw they may claim. */
void
chess_play_announce_claimable (ChessPlay *self)
{
  ChessClaim claim;

  if (chess_game_is_over (self->game) || !chess_game_get_draw_claimable (self->game))
    return;
  claim = chess_game_get_claim (self->game);
  g_string_append_printf (self->messages,
                          _("%s may claim a draw by %s: type “claim”.\n"),
                          chess_play_side_name (self, chess_game_get_side_to_move (self->game)),
                          chess_play_claim_name (claim));
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
  chess_play_announce_claimable (self);
}

static void
cmd_help (ChessPlay *self)
{
  chess_play_say (self, _("Type a move in any notation: “e4”, “Nf3”, “O-O”, “e7e8q” or “e2 e4”\n"
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
  chess_play_say (self, _("\n"
                          "Asking the computer (it thinks for a moment):\n"
                          "  hint         suggest a move for the side to move\n"
                          "  analyse      the evaluation (+ favours White) and the best line\n"
                          "  threat       what the opponent would play if it were their move"));
  if (chess_cli_input_is_editing (self->input))
    chess_play_say (self, _("\n"
                            "Keys: ↑ and ↓ bring back earlier lines; ← and →, Home and End move\n"
                            "in the line; Tab completes a move or a command (twice: lists them);\n"
                            "Ctrl+R searches the earlier lines; Ctrl+D leaves."));
}

/* Legal moves in the order they are listed (user_data is the board). */
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

GPtrArray *
chess_play_legal_sans (const ChessBoard *board)
{
  ChessMoveList list;
  GPtrArray *sans = g_ptr_array_new_with_free_func (g_free);

  chess_board_generate_legal (board, &list);
  g_qsort_with_data (list.moves, list.count, sizeof (ChessMove), compare_moves,
                     (gpointer) board);
  for (int i = 0; i < list.count; i++)
    {
      char san[CHESS_MOVE_TEXT_MAX];

      chess_move_format (board, list.moves[i], CHESS_NOTATION_SAN, san);
      g_ptr_array_add (sans, g_strdup (san));
    }
  return sans;
}

static void
cmd_moves (ChessPlay *self)
{
  const ChessBoard *board = chess_game_get_board (self->game);
  g_autoptr(GPtrArray) words = NULL;
  int count;

  if (chess_play_refuse_when_over (self))
    return;

  words = chess_play_legal_sans (board);
  count = (int) words->len;
  g_string_append_printf (self->messages,
                          ngettext ("%s has %d legal move:\n",
                                    "%s has %d legal moves:\n", count),
                          chess_play_side_name (self, board->side), count);
  chess_play_append_wrapped (self->messages, (const char *const *) words->pdata, words->len, 2);
}

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
    chess_play_say (self, _("There is no move to take back."));
  else if (computer_to_move (self) && chess_game_get_move_count (self->game) > 0)
    chess_game_take_back (self->game);
  self->selected = CHESS_NO_SQUARE;
}

static void
cmd_redo (ChessPlay *self)
{
  if (!chess_game_can_redo (self->game) || !chess_game_redo (self->game))
    {
      chess_play_say (self, _("There is no move to redo."));
      return;
    }
  if (computer_to_move (self) && chess_game_can_redo (self->game))
    chess_game_redo (self->game);
  self->selected = CHESS_NO_SQUARE;
  chess_play_announce_claimable (self);
}

static void
cmd_draw (ChessPlay *self)
{
  ChessColor side = chess_game_get_side_to_move (self->game);
  g_autofree char *question = NULL;

  if (chess_play_refuse_when_over (self))
    return;

  /* The offer and the answer are printed at once: the question needs the
   * messages so far on screen first. */
  chess_game_offer_draw (self->game, side);
  question = g_strdup_printf (_("%s offers a draw. %s, do you accept?"),
                              chess_play_side_name (self, side),
                              chess_play_side_name (self, chess_color_other (side)));
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  if (self->players[chess_color_other (side)] != NULL)
    {
      ChessColor computer = chess_color_other (side);
      g_autoptr(GError) error = NULL;
      gboolean accepts = FALSE;
      g_auto (ChessLine) line = { 0 };

      /* The computer answers on a search of the position, as in the
       * window, whatever its level or engine (chess-draw-offer.h). */
      fflush (stdout);
      chess_game_copy_line (self->game, &line);
      if (!chess_draw_offer_judge_sync (&line, computer,
                                        NULL, &accepts, &error))
        g_debug ("The draw offer was not judged: %s", error->message);
      if (accepts)
        {
          g_string_append_printf (self->messages, _("%s accepts the draw.\n"),
                                  chess_play_side_name (self, computer));
          chess_game_agree_draw (self->game);
        }
      else
        {
          chess_game_decline_draw (self->game);
          g_string_append_printf (self->messages, _("%s declines the draw.\n"),
                                  chess_play_side_name (self, computer));
        }
    }
  else if (chess_play_ask_yes_no (self, question))
    chess_game_agree_draw (self->game);
  else
    {
      chess_game_decline_draw (self->game);
      g_string_append_printf (self->messages, _("%s declines the draw.\n"),
                              chess_play_side_name (self, chess_color_other (side)));
    }
}

static void
cmd_resign (ChessPlay *self)
{
  ChessColor side = chess_game_get_side_to_move (self->game);
  g_autofree char *question = NULL;

  if (chess_play_refuse_when_over (self))
    return;

  question = g_strdup_printf (_("%s, do you really want to resign?"),
                              chess_play_side_name (self, side));
  fputs (self->messages->str, stdout);
  g_string_truncate (self->messages, 0);

  if (chess_play_ask_yes_no (self, question))
    chess_game_resign (self->game, side);
  else
    chess_play_say (self, _("The game goes on."));
}

static void
cmd_claim (ChessPlay  *self,
           const char *args)
{
  g_autoptr(GError) error = NULL;

  if (chess_play_refuse_when_over (self))
    return;

  /* "claim MOVE": the move about to be played completes the repetition or
   * the fifty moves (FIDE 9.2 and 9.3); it is played, then claimed. */
  if (args[0] != '\0')
    {
      const ChessBoard *board = chess_game_get_board (self->game);
      ChessMove move;
      g_auto (ChessLine) line = { 0 };

      if (!chess_move_parse (board, args, &move, &error))
        {
          g_string_append_printf (self->messages, "%s\n", error->message);
          return;
        }
      chess_game_copy_line (self->game, &line);
      if (chess_line_claimable_with (&line, move) == CHESS_CLAIM_NONE)
        {
          chess_play_say (self, _("That move does not give a draw to claim: the position would not "
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
        chess_play_say (self, _("No draw can be claimed now: the position has not occurred three "
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

  chess_play_say (self, fen);
}

static void
cmd_new (ChessPlay *self)
{
  chess_game_reset (self->game);
  chess_cli_source_clear (&self->source);
  for (int color = 0; color < CHESS_N_COLORS; color++)
    {
      g_autoptr(GError) error = NULL;

      if (self->players[color] && !chess_player_new_game (self->players[color], &error))
        chess_play_computer_gone (self, color, error);
    }
  chess_play_say (self, _("A new game begins."));
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
          chess_play_announce_claimable (self);
        }
      return;
    }

  if (piece != CHESS_NO_PIECE && chess_piece_color (piece) == board->side)
    {
      ChessBitboard targets = chess_game_get_legal_targets (self->game, sq);
      g_autofree char *sentence = NULL;

      if (chess_game_is_over (self->game))
        {
          chess_play_refuse_when_over (self);
          return;
        }

      if (targets == 0)
        {
          sentence = chess_play_describe_no_moves (chess_piece_type (piece), name);
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
          sentence = chess_play_describe_targets (chess_piece_type (piece), name, list->str);
          self->selected = sq;
        }
      self->redraw = TRUE;
      chess_play_say (self, sentence);
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
                              name, chess_play_side_name (self, chess_piece_color (piece)),
                              chess_play_side_name (self, board->side));
      return;
    }

  /* An empty square: a pawn move such as "e4", or nothing at all. */
  {
    ChessMove move;

    if (chess_game_is_over (self->game))
      {
        chess_play_refuse_when_over (self);
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

void
chess_play_handle_line (ChessPlay *self,
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
        chess_play_hint (self);
    }
  else if (strcmp (command, "threat") == 0)
    {
      if (!refuse_arguments (self, command, args))
        chess_play_threat (self);
    }
  else if (strcmp (command, "analyse") == 0 || strcmp (command, "analyze") == 0)
    {
      if (!refuse_arguments (self, command, args))
        chess_play_analyse (self);
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
    chess_play_save (self, args);
  else if (strcmp (command, "load") == 0)
    chess_play_load (self, args);
  else if (args[0] != '\0' && chess_square_parse (command) != CHESS_NO_SQUARE
           && strlen (args) <= 4 && strchr (args, ' ') == NULL)
    {
      /* "e2 e4": from and to, as UCI with a space. */
      g_autofree char *uci = g_strconcat (command, args, NULL);

      if (!chess_play_refuse_when_over (self))
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
  else if (!chess_play_refuse_when_over (self))
    play_move (self, line);
}
