/* outside-program.c — what a program outside ThinkChess can do with only
 * chess-game.h and the issue's functions: play a game, count the signals,
 * take moves back. Exits 0 when everything adds up. */

#include <stdio.h>

#include "chess-game.h"

static int moved, check, checkmate, draw, game_over, taken_back;
static int failures;

static void moved_cb (ChessGame *g, gpointer info, gpointer d) { moved++; }
static void check_cb (ChessGame *g, int color, gpointer d) { check++; }
static void checkmate_cb (ChessGame *g, int color, gpointer d) { checkmate++; }
static void draw_cb (ChessGame *g, int reason, gpointer d) { draw++; }
static void game_over_cb (ChessGame *g, int result, int reason, gpointer d) { game_over++; }
static void taken_back_cb (ChessGame *g, gpointer info, gpointer d) { taken_back++; }

static void
expect (int ok, const char *what)
{
  printf ("%s %s\n", ok ? "ok:  " : "FAIL:", what);
  if (!ok)
    failures++;
}

int
main (void)
{
  const char *moves[] = { "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#" };
  ChessGame *game = chess_game_new ();
  GError *error = NULL;
  char *fen;

  g_signal_connect (game, "moved", G_CALLBACK (moved_cb), NULL);
  g_signal_connect (game, "check", G_CALLBACK (check_cb), NULL);
  g_signal_connect (game, "checkmate", G_CALLBACK (checkmate_cb), NULL);
  g_signal_connect (game, "draw", G_CALLBACK (draw_cb), NULL);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), NULL);
  g_signal_connect (game, "taken-back", G_CALLBACK (taken_back_cb), NULL);

  for (unsigned i = 0; i < G_N_ELEMENTS (moves); i++)
    expect (chess_game_play (game, moves[i], NULL), moves[i]);
  expect (moved == 7 && checkmate == 1 && game_over == 1 && check == 0 && draw == 0,
          "signals of Scholar's mate");

  expect (!chess_game_play (game, "a6", &error) && error != NULL, "no move after mate");
  if (error != NULL)
    printf ("       (%s)\n", error->message);
  g_clear_error (&error);

  expect (chess_game_take_back (game), "take back the mate");
  expect (chess_game_take_back (game), "take back Nf6");
  expect (taken_back == 2, "two taken-back signals");
  expect (chess_game_redo (game), "redo Nf6");
  expect (chess_game_take_back (game), "take back Nf6 again");
  expect (chess_game_play (game, "Nh6", NULL), "Nh6 instead");
  expect (!chess_game_redo (game), "a new move cleared the redo list");
  expect (chess_game_play (game, "Qxf7+", NULL), "Qxf7+");
  expect (check == 1 && checkmate == 1, "one check");

  chess_game_agree_draw (game);
  expect (draw == 1 && game_over == 2, "draw and game-over after agreement");

  expect (chess_game_set_fen (game, "7k/8/8/8/8/8/8/KR6 w - - 99 80", NULL), "set_fen");
  expect (chess_game_play (game, "Rb2", NULL), "Rb2");
  expect (chess_game_claim_draw (game, NULL), "claim the fifty-move draw");
  expect (draw == 2 && game_over == 3, "draw and game-over after the claim");

  expect (chess_game_set_fen (game, "k7/8/8/8/8/8/8/KQ6 w - - 0 1", NULL), "set_fen");
  fen = chess_game_get_fen (game);
  expect (g_str_equal (fen, "k7/8/8/8/8/8/8/KQ6 w - - 0 1"), "get_fen");
  g_free (fen);
  chess_game_resign (game, CHESS_COLOR_WHITE);
  expect (game_over == 4, "game-over after resigning");

  g_object_unref (game);
  return failures == 0 ? 0 : 1;
}
