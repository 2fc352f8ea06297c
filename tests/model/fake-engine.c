/* fake-engine.c — a tiny chess "engine" for the engine client's tests. It
 * speaks UCI (default), xboard protocol 2 (--xboard) or protocol 1
 * (--xboard1), plays the first legal move, and misbehaves on request:
 *
 *   --misbehave=crash-at-start  exits before the handshake
 *   --misbehave=silent          reads everything, answers nothing
 *   --misbehave=slow-features   xboard: done=0, a pause, then done=1
 *   --misbehave=late-features   xboard: a greeting, a pause, then its
 *                               features (no done=0), as Fairy-Max's
 *                               "tellics say" lines come before them
 *   --misbehave=crash           crashes (abort) when told to search
 *   --misbehave=hang            never answers a search
 *   --misbehave=garbage         prints binary junk, an endless line and
 *                               malformed info before a good move
 *   --misbehave=nonsense        answers a search with "bestmove zz99"
 *   --misbehave=illegal         answers with a well-formed illegal move
 *   --misbehave=no-info         moves without any thinking output (no score)
 *   --misbehave=refuse          xboard: calls our first move illegal
 *   --misbehave=resign          xboard: resigns instead of moving
 *   --misbehave=claim           xboard: claims a win instead of moving
 *   --misbehave=exit            exits with status 3 when told to search
 *   --misbehave=late-result     xboard: announces the end of the last game
 *                               only when told "new", as Phalanx does (a
 *                               stale line the next search must not take)
 *   --misbehave=exit-idle       answers the search, then exits (status 0)
 *                               while nobody asked it anything
 *   --misbehave=wait-stop       UCI: prints its thinking, then answers only
 *                               when told "stop" (every search, as "go
 *                               infinite" does)
 *   --misbehave=bad-pv          ends its thinking with a best line whose
 *                               third move is "zz99" (every search; xboard
 *                               writes the line's first move in SAN)
 *
 * --on-move=N delays the misbehaviour to the N-th search of each game.
 * --scores=A,B,… (UCI): the N-th search of a game reports the N-th score
 * (centipawns, the side to move's), the last one for the searches after.
 * Protocol 1 has no setboard: it takes positions in edit mode. */
#include "config.h"

#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chess-board.h"
#include "chess-notation.h"

static ChessBoard board;
static gboolean xboard, protocol1, force_mode;
static const char *misbehave = "";
static int on_move = 1, searches;
static char pending_move[CHESS_MOVE_TEXT_MAX];   /* wait-stop: the answer */
static int scores[64], n_scores;                  /* --scores */

static void
say (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
say (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
}

static gboolean
misbehaving (const char *what)
{
  return strcmp (misbehave, what) == 0 && searches == on_move;
}

static void
play_text_move (const char *text)
{
  ChessMove move;
  ChessUndo undo;

  if (!chess_move_parse (&board, text, &move, NULL))
    {
      say ("Illegal move: %s", text);
      return;
    }
  chess_board_make (&board, move, &undo);
}

/* --misbehave=bad-pv: the move, the first reply to it, then nonsense. */
static void
say_bad_pv (ChessMove first)
{
  ChessBoard after = board;
  ChessMoveList replies;
  char one[CHESS_MOVE_TEXT_MAX], two[CHESS_MOVE_TEXT_MAX] = "a1a1";
  ChessUndo undo;

  chess_move_format (&board, first, xboard ? CHESS_NOTATION_SAN : CHESS_NOTATION_UCI, one);
  chess_board_make (&after, first, &undo);
  if (chess_board_generate_legal (&after, &replies) > 0)
    chess_move_format (&after, replies.moves[0], CHESS_NOTATION_UCI, two);
  say (xboard ? "3 29 1 99 %s %s zz99 %s" : "info depth 3 score cp 29 pv %s %s zz99 %s",
       one, two, one);
}

static void
search (void)
{
  ChessMoveList list;
  char text[CHESS_MOVE_TEXT_MAX];
  ChessUndo undo;

  searches++;
  if (misbehaving ("crash"))
    abort ();
  if (misbehaving ("exit"))
    exit (3);
  if (misbehaving ("hang"))
    return;
  if (misbehaving ("garbage"))
    {
      static const char junk[] = { 'b', 'e', 's', 't', (char) 0xff, (char) 0xfe, 0x01, '\n', 0 };

      fputs (junk, stdout);
      for (int i = 0; i < 100000; i++)
        putchar ('x');
      putchar ('\n');
      say ("info depth banana score cp");
      say ("info score mate");
      say ("bestmove");
      say ("move");
      say ("12 cheese 3 4 e2e4");
      say ("\tMove ordering : 90%%");
    }
  if (misbehaving ("nonsense"))
    {
      say (xboard ? "move zz99" : "bestmove zz99");
      return;
    }
  if (misbehaving ("illegal"))
    {
      /* A move of the side not to move: well-formed, never legal. */
      say (xboard ? "move %s" : "bestmove %s", board.side == CHESS_COLOR_WHITE ? "e7e5" : "e2e4");
      return;
    }
  if (misbehaving ("resign"))
    {
      say ("resign");
      return;
    }
  if (misbehaving ("claim"))
    {
      say ("%s {I say so}", board.side == CHESS_COLOR_WHITE ? "1-0" : "0-1");
      return;
    }
  if (misbehaving ("no-info") && chess_board_generate_legal (&board, &list) > 0)
    {
      chess_move_format (&board, list.moves[0], CHESS_NOTATION_UCI, text);
      say (xboard ? "move %s" : "bestmove %s", text);
      if (xboard)
        chess_board_make (&board, list.moves[0], &undo);
      return;
    }

  if (chess_board_generate_legal (&board, &list) == 0)
    {
      say (xboard ? "1/2-1/2 {no moves}" : "bestmove (none)");
      return;
    }
  chess_move_format (&board, list.moves[0], CHESS_NOTATION_UCI, text);
  if (strcmp (misbehave, "wait-stop") == 0 && !xboard)
    {
      say ("info depth 1 seldepth 1 score cp 5 nodes 20 nps 20000 time 1 pv %s", text);
      g_strlcpy (pending_move, text, sizeof pending_move);
      return;
    }
  if (xboard)
    {
      say ("1 17 0 20 %s", text);
      say ("2 23 1 57 %s", text);
      if (strcmp (misbehave, "bad-pv") == 0)
        say_bad_pv (list.moves[0]);
      say ("move %s", text);
      chess_board_make (&board, list.moves[0], &undo);
    }
  else
    {
      say ("info depth 1 seldepth 1 score cp %d nodes 20 nps 20000 time 1 pv %s",
           n_scores > 0 ? scores[MIN (searches, n_scores) - 1] : 17, text);
      say ("info string thinking about %s", text);
      say ("info depth 2 seldepth 3 multipv 1 score cp 23 lowerbound nodes 57 nps 57000 time 1 hashfull 1 pv %s", text);
      if (strcmp (misbehave, "bad-pv") == 0)
        say_bad_pv (list.moves[0]);
      say ("bestmove %s", text);
    }
  if (misbehaving ("exit-idle"))
    {
      /* Long enough for the client to take the move first. */
      g_usleep (100 * 1000);
      exit (0);
    }
}

static void
uci_position (char **t)
{
  guint i = 1;

  if (t[1] && strcmp (t[1], "startpos") == 0)
    {
      chess_board_set_start (&board);
      i = 2;
    }
  else if (t[1] && strcmp (t[1], "fen") == 0)
    {
      GString *fen = g_string_new (NULL);
      guint j = 2;

      for (; t[j] && strcmp (t[j], "moves") != 0; j++)
        g_string_append_printf (fen, "%s%s", j > 2 ? " " : "", t[j]);
      if (!chess_board_from_fen (&board, fen->str, NULL))
        chess_board_set_start (&board);
      g_string_free (fen, TRUE);
      i = j;
    }
  if (t[i] && strcmp (t[i], "moves") == 0)
    for (i++; t[i]; i++)
      play_text_move (t[i]);
}

static void
uci_command (char **t)
{
  if (strcmp (t[0], "uci") == 0)
    {
      if (strcmp (misbehave, "silent") == 0)
        return;
      say ("id name Fake Engine 1.0");
      say ("id author The ThinkChess tests");
      say ("option name Hash type spin default 16 min 1 max 1024");
      say ("option name Ponder type check default false");
      say ("option name Style type combo default Normal var Solid var Normal var Risky");
      say ("option name Clear Hash type button");
      say ("option name Book File type string default <empty>");
      say ("option name broken type spin default 3");
      say ("uciok");
    }
  else if (strcmp (t[0], "ucinewgame") == 0)
    searches = 0;
  else if (strcmp (t[0], "isready") == 0)
    say ("readyok");
  else if (strcmp (t[0], "position") == 0)
    uci_position (t);
  else if (strcmp (t[0], "go") == 0)
    search ();
  else if (strcmp (t[0], "stop") == 0 && pending_move[0])
    {
      say ("bestmove %s", pending_move);
      pending_move[0] = '\0';
    }
  else if (strcmp (t[0], "quit") == 0)
    exit (0);
}

/* CECP's edit mode, for positions sent to engines without setboard: "#"
 * empties the board, "c" changes the colour of the pieces placed next,
 * "Pe4" places one, "." leaves; the side to move stays, castling is
 * allowed to kings and rooks on their home squares. */
static gboolean edit_mode;
static char edit_squares[64];
static gboolean edit_black;

static void
edit_start (void)
{
  static const char letters[] = "PNBRQKpnbrqk";

  edit_mode = TRUE;
  edit_black = FALSE;
  for (ChessSquare sq = 0; sq < 64; sq++)
    {
      ChessPiece p = chess_board_piece_at (&board, sq);
      edit_squares[sq] = p == CHESS_NO_PIECE ? 0 : letters[p];
    }
}

static void
edit_command (const char *t)
{
  if (strcmp (t, "#") == 0)
    memset (edit_squares, 0, sizeof edit_squares);
  else if (strcmp (t, "c") == 0)
    edit_black = !edit_black;
  else if (strlen (t) == 3 && strchr ("PNBRQK", t[0]) && chess_square_parse (t + 1) != CHESS_NO_SQUARE)
    edit_squares[chess_square_parse (t + 1)] = edit_black ? g_ascii_tolower (t[0]) : t[0];
  else if (strcmp (t, ".") == 0)
    {
      GString *fen = g_string_new (NULL);

      for (int rank = 7; rank >= 0; rank--)
        {
          int empty = 0;
          for (int file = 0; file < 8; file++)
            {
              char c = edit_squares[chess_square_make (file, rank)];
              if (c == 0)
                {
                  empty++;
                  continue;
                }
              if (empty)
                g_string_append_printf (fen, "%d", empty);
              empty = 0;
              g_string_append_c (fen, c);
            }
          if (empty)
            g_string_append_printf (fen, "%d", empty);
          if (rank > 0)
            g_string_append_c (fen, '/');
        }
      g_string_append (fen, board.side == CHESS_COLOR_WHITE ? " w " : " b ");
      gsize rights = fen->len;
      if (edit_squares[4] == 'K' && edit_squares[7] == 'R')
        g_string_append_c (fen, 'K');
      if (edit_squares[4] == 'K' && edit_squares[0] == 'R')
        g_string_append_c (fen, 'Q');
      if (edit_squares[60] == 'k' && edit_squares[63] == 'r')
        g_string_append_c (fen, 'k');
      if (edit_squares[60] == 'k' && edit_squares[56] == 'r')
        g_string_append_c (fen, 'q');
      if (fen->len == rights)
        g_string_append_c (fen, '-');
      g_string_append (fen, " - 0 1");
      if (!chess_board_from_fen (&board, fen->str, NULL))
        say ("tellusererror Illegal position");
      g_string_free (fen, TRUE);
      edit_mode = FALSE;
    }
}

static void
xboard_command (char **t, const char *line)
{
  if (edit_mode)
    edit_command (t[0]);
  else if (strcmp (t[0], "edit") == 0)
    edit_start ();
  else if (strcmp (t[0], "protover") == 0)
    {
      if (protocol1 || strcmp (misbehave, "silent") == 0)
        return;
      if (strcmp (misbehave, "slow-features") == 0)
        {
          say ("feature done=0");
          g_usleep (300 * 1000);
        }
      if (strcmp (misbehave, "late-features") == 0)
        {
          say ("tellics say Fake Board 2, late");
          g_usleep (150 * 1000);
        }
      say ("feature myname=\"Fake Board 2\" setboard=1 usermove=1 ping=1 sigint=0 colors=0");
      say ("feature option=\"Hash -spin 16 1 1024\" option=\"Clear Hash -button\" option=\"Style -combo Solid /// *Normal /// Risky\"");
      say ("feature done=1");
    }
  else if (strcmp (t[0], "new") == 0)
    {
      if (strcmp (misbehave, "late-result") == 0 && searches > 0)
        say ("0-1 {Black mates}");
      chess_board_set_start (&board);
      force_mode = FALSE;
      searches = 0;
    }
  else if (strcmp (t[0], "force") == 0)
    force_mode = TRUE;
  else if (strcmp (t[0], "setboard") == 0)
    {
      if (!chess_board_from_fen (&board, line + strlen ("setboard "), NULL))
        say ("tellusererror Illegal position");
    }
  else if (strcmp (t[0], "usermove") == 0 && t[1])
    {
      if (strcmp (misbehave, "refuse") == 0)
        say ("Illegal move: %s", t[1]);
      else
        play_text_move (t[1]);
    }
  else if (strcmp (t[0], "go") == 0)
    {
      force_mode = FALSE;
      search ();
    }
  else if (strcmp (t[0], "ping") == 0 && t[1])
    say ("pong %s", t[1]);
  else if (strcmp (t[0], "quit") == 0)
    exit (0);
  else if (protocol1 && strlen (t[0]) >= 4 && g_ascii_isdigit (t[0][1]))
    {
      play_text_move (t[0]);
      if (!force_mode)
        search ();
    }
}

int
main (int argc, char **argv)
{
  char buffer[65536];

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--xboard") == 0)
        xboard = TRUE;
      else if (strcmp (argv[i], "--xboard1") == 0)
        xboard = protocol1 = TRUE;
      else if (g_str_has_prefix (argv[i], "--misbehave="))
        misbehave = argv[i] + strlen ("--misbehave=");
      else if (g_str_has_prefix (argv[i], "--on-move="))
        on_move = atoi (argv[i] + strlen ("--on-move="));
      else if (g_str_has_prefix (argv[i], "--scores="))
        {
          g_auto (GStrv) list = g_strsplit (argv[i] + strlen ("--scores="), ",", G_N_ELEMENTS (scores));
          for (n_scores = 0; list[n_scores] != NULL; n_scores++)
            scores[n_scores] = atoi (list[n_scores]);
        }
    }
  if (strcmp (misbehave, "crash-at-start") == 0)
    return 1;

  chess_board_set_start (&board);
  while (fgets (buffer, sizeof buffer, stdin))
    {
      g_auto (GStrv) tokens = NULL;

      buffer[strcspn (buffer, "\r\n")] = '\0';
      tokens = g_strsplit_set (buffer, " ", -1);
      if (tokens[0] == NULL || tokens[0][0] == '\0')
        continue;
      if (xboard)
        xboard_command (tokens, buffer);
      else
        uci_command (tokens);
    }
  return 0;
}
