/* chess-cli-puzzle-solve.c — one puzzle at the terminal: the board from
 * the solver's side, the solver's moves read as `thinkchess-cli play` reads
 * them, the opponent's replies, and hint, solution, next, quit and help.
 * What a result does to the rating is the caller's (chess-cli-puzzles.c). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "chess-cli-play-private.h"
#include "chess-cli-puzzles-private.h"
#include "chess-game.h"
#include "chess-notation.h"

/* The terminal writes its moves in English SAN, as `play` does. */
#define PIECE_LETTERS "NBRQK"

/* One puzzle being solved: the attempt and what the screen shows. */
typedef struct
{
  ChessPuzzleSession *session;
  ChessPuzzleAttempt  attempt;
  const char         *source;
  char               *last_move;     /* "23… Kh8", or NULL before any      */
  ChessSquare         last_from;
  ChessSquare         last_to;
  GString            *messages;      /* said after the board               */
  gboolean            redraw;
} Solving;

static const char *
side_name (ChessColor color)
{
  return color == CHESS_COLOR_WHITE ? _("White") : _("Black");
}

static void
say (Solving    *self,
     const char *text)
{
  g_string_append (self->messages, text);
  g_string_append_c (self->messages, '\n');
}

/* `move` becomes the last move the board marks and the panel names (the
 * attempt has played it already); `before` is the position before it. */
static void
note_move (Solving          *self,
           const ChessBoard *before,
           ChessMove         move)
{
  g_free (self->last_move);
  self->last_move = chess_puzzle_numbered_move (before, move, PIECE_LETTERS);
  self->last_from = chess_move_from (move);
  self->last_to = chess_move_to (move);
  self->redraw = TRUE;
}

/* ---- Drawing ---- */

static char *
status_line (const ChessPuzzleAttempt *attempt)
{
  const ChessBoard *board = &attempt->board;

  if (attempt->over && !attempt->missed)
    return g_strdup (_("Solved"));
  if (chess_board_in_check (board))
    return g_strdup_printf (_("%s to move, in check"), side_name (board->side));
  return g_strdup_printf (_("%s to move"), side_name (board->side));
}

static void
render (Solving *self,
        GString *out)
{
  ChessPuzzleSession *session = self->session;
  const ChessPuzzle *puzzle = self->attempt.puzzle;
  const ChessBoard *board = &self->attempt.board;
  const ChessRating *rating = chess_practice_get_rating (session->practice);
  ChessTermView view = session->view;
  /* Before the end the themes would give the answer away: the id and the
   * difficulty only. */
  g_autofree char *title = g_strdup_printf (_("Puzzle %s"), puzzle->id);
  g_autofree char *difficulty = NULL;
  g_autofree char *last = NULL;
  g_autofree char *status = status_line (&self->attempt);
  g_autofree char *mine = NULL;
  const char *panel[CHESS_TERM_BOARD_LINES] = { NULL };

  if (self->source != NULL)
    difficulty = g_strdup (_("From one of your games"));
  else
    difficulty = g_strdup_printf (_("Difficulty: %d"), puzzle->rating);
  if (self->last_move != NULL)
    last = g_strdup_printf (_("Last move: %s"), self->last_move);
  mine = g_strdup_printf (_("Your rating: %d, streak %u"), (int) (rating->rating + 0.5),
                          chess_practice_get_streak (session->practice));

  view.last_from = self->last_from;
  view.last_to = self->last_to;
  if (chess_board_in_check (board))
    view.check = chess_board_king_square (board, board->side);

  panel[1] = title;
  panel[2] = difficulty;
  panel[4] = last;
  panel[5] = status;
  panel[8] = mine;

  if (session->clear_screen)
    g_string_append (out, "\033[H\033[2J");
  g_string_append_c (out, '\n');
  chess_term_render_board (out, board, &view, panel, G_N_ELEMENTS (panel));
  g_string_append_c (out, '\n');
}

static void
flush_output (Solving *self)
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
}

static char *
make_prompt (Solving *self)
{
  g_autofree char *text = status_line (&self->attempt);

  if (self->session->view.color)
    return g_strdup_printf ("\033[1m%s>\033[0m ", text);
  return g_strdup_printf ("%s> ", text);
}

/* ---- What the solver types ---- */

static void
cmd_help (Solving *self)
{
  say (self, _("Find the best move and type it in any notation: “Nf3”, “exd5”, “O-O”,\n"
               "“e7e8q” or “e2 e4” (UCI), “Ng1-f3” (long algebraic). The opponent\n"
               "answers; go on until the puzzle is solved.\n"
               "\n"
               "Commands:\n"
               "  hint         which piece to move\n"
               "  solution     give up and see the solution (counts as a miss)\n"
               "  next         skip this puzzle (not counted)\n"
               "  moves        list every legal move\n"
               "  flip         turn the board around\n"
               "  fen          show the position in FEN\n"
               "  help         show this help\n"
               "  quit         leave"));
  if (chess_cli_input_is_editing (self->session->input))
    say (self, _("\n"
                 "Keys: ↑ and ↓ bring back earlier lines; Tab completes a move or a\n"
                 "command (twice: lists them); Ctrl+D leaves."));
}

static void
cmd_moves (Solving *self)
{
  g_autoptr(GPtrArray) words = chess_play_legal_sans (&self->attempt.board);

  g_string_append_printf (self->messages,
                          ngettext ("%s has %u legal move:\n", "%s has %u legal moves:\n", words->len),
                          side_name (self->attempt.board.side), words->len);
  chess_play_append_wrapped (self->messages, (const char *const *) words->pdata, words->len, 2);
}

static void
cmd_fen (Solving *self)
{
  char fen[CHESS_FEN_MAX];

  say (self, chess_board_to_fen (&self->attempt.board, fen));
}

static void
show_whole_solution (Solving *self)
{
  ChessPuzzleAttempt from_start;
  g_autofree char *line = NULL;

  chess_puzzle_attempt_init (&from_start, self->attempt.puzzle);
  line = chess_puzzle_attempt_solution_in (&from_start, PIECE_LETTERS);
  g_string_append_printf (self->messages, _("The solution: %s\n"), line);
}

/* A move of the solver's: right, wrong, or the last one. */
static ChessPuzzleOutcome
try_move (Solving   *self,
          ChessMove  move)
{
  ChessBoard before = self->attempt.board;
  ChessBoard after_move = before;
  g_autofree char *played = chess_puzzle_numbered_move (&before, move, PIECE_LETTERS);
  ChessMove expected = chess_puzzle_attempt_expected (&self->attempt);
  ChessMove reply = CHESS_MOVE_NONE;
  ChessUndo undo;

  switch (chess_puzzle_attempt_try (&self->attempt, move, &reply))
    {
    case CHESS_PUZZLE_WRONG:
      {
        g_autofree char *solution = chess_puzzle_numbered_move (&before, expected, PIECE_LETTERS);
        ChessMove refutation = chess_puzzle_attempt_refutation (&self->attempt, move);
        g_autofree char *why = chess_puzzle_attempt_refutation_text (&self->attempt, move,
                                                                     refutation, PIECE_LETTERS);

        /* Translators: the solution's move, then the move played. */
        g_string_append_printf (self->messages, _("Wrong: the solution was %s, not %s.\n"),
                                solution, played);
        if (why != NULL)
          g_string_append_printf (self->messages, "%s\n", why);
        show_whole_solution (self);
        return CHESS_PUZZLE_OUTCOME_MISSED;
      }
    case CHESS_PUZZLE_RIGHT:
      {
        g_autofree char *answer = NULL;

        chess_board_make (&after_move, move, &undo);
        answer = chess_puzzle_numbered_move (&after_move, reply, PIECE_LETTERS);
        g_string_append_printf (self->messages, _("%s is right.\n"), played);
        /* Translators: the side ("Black") and its move ("23… Kh8"). */
        g_string_append_printf (self->messages, _("%s replies %s.\n"),
                                side_name (after_move.side), answer);
        note_move (self, &after_move, reply);
        return CHESS_PUZZLE_OUTCOME_GOING_ON;
      }
    case CHESS_PUZZLE_SOLVED:
    default:
      g_string_append_printf (self->messages, _("%s is right.\n"), played);
      note_move (self, &before, move);
      return CHESS_PUZZLE_OUTCOME_SOLVED;
    }
}

/* A line that is not a command: a move as `play` reads it (any notation,
 * the language's piece letters, "e2 e4"). */
static ChessPuzzleOutcome
handle_move (Solving    *self,
             const char *text)
{
  g_autoptr(GError) error = NULL;
  ChessMove move;

  if (!chess_move_parse_letters (&self->attempt.board, text, chess_game_get_piece_letters (),
                                 &move, &error))
    {
      /* A plain word is a mistyped command rather than a move. */
      if (strspn (text, "abcdefghijklmnopqrstuvwxyz") == strlen (text) && strlen (text) >= 3)
        g_string_append_printf (self->messages,
                                _("Unknown command “%s”. Type “help” for the list of commands.\n"),
                                text);
      else
        g_string_append_printf (self->messages, "%s\n", error->message);
      return CHESS_PUZZLE_OUTCOME_GOING_ON;
    }
  return try_move (self, move);
}

/* One line; GOING_ON until the puzzle is over or left. */
static ChessPuzzleOutcome
handle_line (Solving *self,
             char    *line)
{
  g_autofree char *command = NULL;
  const char *args;
  char *space;

  g_strstrip (line);
  if (line[0] == '\0')
    return CHESS_PUZZLE_OUTCOME_GOING_ON;
  space = strpbrk (line, " \t");
  command = g_ascii_strdown (line, space != NULL ? space - line : -1);
  args = space != NULL ? g_strchug (space) : "";

  if (args[0] != '\0' && chess_square_parse (command) != CHESS_NO_SQUARE
      && strlen (args) <= 4 && strchr (args, ' ') == NULL)
    {
      /* "e2 e4": from and to, as UCI with a space. */
      g_autofree char *uci = g_strconcat (command, args, NULL);

      return handle_move (self, uci);
    }
  if (args[0] != '\0' && strspn (command, "abcdefghijklmnopqrstuvwxyz") == strlen (command))
    {
      g_string_append_printf (self->messages, _("“%s” takes no arguments.\n"), command);
      return CHESS_PUZZLE_OUTCOME_GOING_ON;
    }

  if (strcmp (command, "help") == 0 || strcmp (command, "?") == 0)
    cmd_help (self);
  else if (strcmp (command, "quit") == 0 || strcmp (command, "exit") == 0)
    return CHESS_PUZZLE_OUTCOME_QUIT;
  else if (strcmp (command, "next") == 0 || strcmp (command, "skip") == 0)
    {
      say (self, _("Skipped; it does not count."));
      return CHESS_PUZZLE_OUTCOME_SKIPPED;
    }
  else if (strcmp (command, "solution") == 0 || strcmp (command, "show") == 0)
    {
      show_whole_solution (self);
      return CHESS_PUZZLE_OUTCOME_MISSED;
    }
  else if (strcmp (command, "hint") == 0)
    {
      g_autofree char *hint = chess_puzzle_attempt_hint (&self->attempt);

      g_string_append_printf (self->messages, _("Hint: %s\n"), hint);
    }
  else if (strcmp (command, "moves") == 0)
    cmd_moves (self);
  else if (strcmp (command, "fen") == 0)
    cmd_fen (self);
  else if (strcmp (command, "flip") == 0)
    {
      self->session->view.flipped = !self->session->view.flipped;
      self->redraw = TRUE;
    }
  else
    return handle_move (self, line);
  return CHESS_PUZZLE_OUTCOME_GOING_ON;
}

ChessPuzzleOutcome
chess_puzzles_solve (ChessPuzzleSession *session,
                     const ChessPuzzle  *puzzle,
                     const char         *source)
{
  Solving solving = { 0 };
  Solving *self = &solving;
  ChessPuzzleOutcome outcome = CHESS_PUZZLE_OUTCOME_GOING_ON;

  self->session = session;
  self->source = source;
  self->last_from = self->last_to = CHESS_NO_SQUARE;
  self->messages = g_string_new (NULL);
  self->redraw = TRUE;
  chess_puzzle_attempt_init (&self->attempt, puzzle);
  session->board = &self->attempt.board;
  /* The solver plays up the board. */
  session->view.flipped = puzzle->start.side == CHESS_COLOR_BLACK;

  if (source != NULL)
    g_string_append_printf (self->messages, _("From your game %s.\n"), source);
  if (puzzle->start.side == CHESS_COLOR_WHITE)
    say (self, _("White to play: find the best move."));
  else
    say (self, _("Black to play: find the best move."));

  while (outcome == CHESS_PUZZLE_OUTCOME_GOING_ON)
    {
      g_autofree char *line = NULL;
      g_autofree char *prompt = NULL;

      flush_output (self);
      prompt = make_prompt (self);
      line = chess_cli_input_read_line (session->input, prompt, TRUE);
      if (line == NULL)
        {
          /* Ctrl+D. */
          putchar ('\n');
          outcome = CHESS_PUZZLE_OUTCOME_QUIT;
          break;
        }
      if (!chess_play_line_is_acceptable (line))
        continue;
      outcome = handle_line (self, line);
    }
  flush_output (self);

  session->board = NULL;
  g_free (self->last_move);
  g_string_free (self->messages, TRUE);
  return outcome;
}

char **
chess_puzzles_complete_cb (const char *line,
                           const char *word,
                           gpointer    user_data)
{
  static const char *const commands[] = {
    "hint", "solution", "next", "moves", "flip", "fen", "help", "quit",
  };
  ChessPuzzleSession *self = user_data;
  g_autofree char *before = g_strstrip (g_strdup (line));
  g_autoptr(GStrvBuilder) candidates = g_strv_builder_new ();

  if (*before != '\0')
    return g_strv_builder_end (candidates);
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    g_strv_builder_add (candidates, commands[i]);
  if (self->board != NULL)
    {
      g_autoptr(GPtrArray) sans = chess_play_legal_sans (self->board);

      for (guint i = 0; i < sans->len; i++)
        g_strv_builder_add (candidates, g_ptr_array_index (sans, i));
    }
  return g_strv_builder_end (candidates);
}
