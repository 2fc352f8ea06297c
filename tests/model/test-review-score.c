/* test-review-score.c — the review's judging without an engine: winning
 * chances, scores as [%eval] writes them, classes on known cases (a hung
 * queen, a missed mate in one, a thrown-away endgame, a 300 cp drop at +15,
 * a quiet game), only moves, accuracy, and the annotations written into a
 * game tree and read back (by us and by pgn-extract). */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "chess-review-score.h"
#include "../pgn/pgn-test-util.h"

static ChessPgnGame *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  ChessPgnGame *game = chess_pgn_parse_game (text, strlen (text), 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static ChessMove
parse_move (const ChessBoard *board,
            const char       *san)
{
  ChessMove move;
  g_autoptr(GError) error = NULL;
  g_assert_true (chess_move_parse (board, san, &move, &error));
  g_assert_no_error (error);
  return move;
}

/* A search that found `best` with `score` (the mover's view). */
static ChessReviewSearch
search_for (const ChessBoard *board,
            const char       *best,
            int               score)
{
  ChessReviewSearch s = { 0 };
  s.score = score;
  s.line[0] = parse_move (board, best);
  s.line_length = 1;
  s.depth = 12;
  return s;
}

static void
board_from_fen (ChessBoard *board,
                const char *fen)
{
  g_autoptr(GError) error = NULL;
  g_assert_true (chess_board_from_fen (board, fen, &error));
  g_assert_no_error (error);
}

static void
test_win_chance (void)
{
  g_assert_cmpfloat_with_epsilon (chess_review_win_chance (0), 0.5, 1e-9);
  /* Lichess's curve: 50 + 50 · (2 / (1 + e^(−0.00368208 · cp)) − 1) on its
   * 0–100 scale. One pawn is about 59 %, three pawns 75 %, five 86 %. */
  g_assert_cmpfloat_with_epsilon (chess_review_win_chance (100), 0.591, 0.001);
  g_assert_cmpfloat_with_epsilon (chess_review_win_chance (300), 0.752, 0.001);
  g_assert_cmpfloat_with_epsilon (chess_review_win_chance (500), 0.863, 0.001);
  for (int cp = -1000; cp < 1000; cp += 50)
    {
      g_assert_cmpfloat_with_epsilon (chess_review_win_chance (cp) + chess_review_win_chance (-cp),
                                      1.0, 1e-9);
      g_assert_cmpfloat (chess_review_win_chance (cp + 50), >, chess_review_win_chance (cp));
    }
  /* Centipawns are clamped to ±1000, as Lichess does: +10 and +30 are
   * the same 97.5 %. */
  g_assert_cmpfloat_with_epsilon (chess_review_win_chance (1000), 0.975, 0.001);
  g_assert_cmpfloat (chess_review_win_chance (3000), ==, chess_review_win_chance (1000));
  g_assert_cmpfloat (chess_review_win_chance (-3000), ==, chess_review_win_chance (-1000));
  g_assert_cmpfloat (chess_review_win_chance (chess_review_score_from_mate_moves (12)), ==, 1.0);
  g_assert_cmpfloat (chess_review_win_chance (chess_review_score_from_mate_moves (-1)), ==, 0.0);
  g_assert_cmpfloat (chess_review_win_chance (-CHESS_REVIEW_MATE), ==, 0.0);
}

/* The built-in engine's scores on Stockfish's scale: unchanged up to four
 * pawns, beyond them 0.3 of a centipawn each, symmetric and still rising;
 * mates as they are. */
static void
test_builtin_scale (void)
{
  g_assert_cmpint (chess_review_score_from_builtin (0), ==, 0);
  g_assert_cmpint (chess_review_score_from_builtin (250), ==, 250);
  g_assert_cmpint (chess_review_score_from_builtin (-400), ==, -400);
  g_assert_cmpint (chess_review_score_from_builtin (1230), ==, 649);
  g_assert_cmpint (chess_review_score_from_builtin (-861), ==, -538);
  for (int cp = -3000; cp < 3000; cp += 10)
    {
      g_assert_cmpint (chess_review_score_from_builtin (-cp), ==, -chess_review_score_from_builtin (cp));
      g_assert_cmpint (chess_review_score_from_builtin (cp + 10), >, chess_review_score_from_builtin (cp));
    }
  g_assert_cmpint (chess_review_score_from_builtin (chess_review_score_from_mate_moves (3)), ==,
                   chess_review_score_from_mate_moves (3));
  g_assert_cmpint (chess_review_score_from_builtin (-CHESS_REVIEW_MATE), ==, -CHESS_REVIEW_MATE);
  /* +4.88 → +8.61 (the opponent's move between them) was a mistake on the
   * raw scores, 0.10 lost; on Stockfish's scale (+4.91 → +5.72 there) it
   * is no longer one. */
  g_assert_cmpfloat (chess_review_win_chance (861) - chess_review_win_chance (488), >=, 0.10);
  g_assert_cmpfloat (chess_review_win_chance (chess_review_score_from_builtin (861))
                     - chess_review_win_chance (chess_review_score_from_builtin (488)), <, 0.10);
}

static void
test_scores (void)
{
  char buf[16];

  g_assert_cmpstr (chess_review_score_format (34, buf), ==, "0.34");
  g_assert_cmpstr (chess_review_score_format (-120, buf), ==, "-1.20");
  g_assert_cmpstr (chess_review_score_format (-5, buf), ==, "-0.05");
  g_assert_cmpstr (chess_review_score_format (0, buf), ==, "0.00");

  for (int n = -30; n <= 30; n++)
    {
      int score = chess_review_score_from_mate_moves (n);
      g_assert_true (chess_review_score_is_mate (score));
      g_assert_cmpint (chess_review_score_mate_moves (score), ==, n);
      /* Sooner mates are better for the side that mates. */
      if (n > 0)
        g_assert_cmpint (score, >, chess_review_score_from_mate_moves (n + 1));
    }
  g_assert_cmpint (chess_review_score_from_mate_moves (0), ==, -CHESS_REVIEW_MATE);
  g_assert_cmpstr (chess_review_score_format (chess_review_score_from_mate_moves (3), buf), ==, "#3");
  g_assert_cmpstr (chess_review_score_format (chess_review_score_from_mate_moves (-2), buf), ==, "#-2");
  /* The other side's view of "mate in 2" is "mated in 2". */
  g_assert_cmpint (chess_review_score_mate_moves (-chess_review_score_from_mate_moves (2)), ==, -2);

  g_assert_false (chess_review_score_is_mate (chess_review_score_from_cp (1000000)));
  g_assert_false (chess_review_score_is_mate (chess_review_score_from_cp (-1000000)));
  g_assert_cmpint (chess_review_score_for (50, CHESS_COLOR_WHITE), ==, 50);
  g_assert_cmpint (chess_review_score_for (50, CHESS_COLOR_BLACK), ==, -50);
}

/* 1. e4 e5 2. d4 d6 3. Qg4?? — the queen hangs to the bishop on c8. */
static void
test_hung_queen (void)
{
  ChessBoard board;
  ChessReviewMove m;
  board_from_fen (&board, "rnbqkbnr/ppp2ppp/3p4/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3");
  ChessReviewSearch s = search_for (&board, "Nf3", 35);

  chess_review_move_judge (&m, 4, &board, parse_move (&board, "Qg4"), &s, 880);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
  g_assert_cmpuint (m.ply, ==, 4);
  g_assert_cmpint (m.mover, ==, CHESS_COLOR_WHITE);
  g_assert_cmpstr (m.san, ==, "Qg4");
  g_assert_cmpstr (m.best_san, ==, "Nf3");
  g_assert_cmpint (m.eval_before, ==, 35);
  g_assert_cmpint (m.eval_after, ==, -880);
  g_assert_cmpint (m.mover_eval_after, ==, -880);
  g_assert_cmpfloat (m.win_loss, >, 0.45);
  g_assert_cmpfloat (m.accuracy, <, 5.0);
  g_assert_cmpuint (chess_review_class_nag (m.klass), ==, 4);

  /* The same for Black: scores in White's view change sign. */
  board_from_fen (&board, "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2");
  s = search_for (&board, "exd4", 0);
  chess_review_move_judge (&m, 3, &board, parse_move (&board, "Qh4"), &s, 850);
  g_assert_cmpint (m.mover, ==, CHESS_COLOR_BLACK);
  g_assert_cmpint (m.eval_before, ==, 0);
  g_assert_cmpint (m.eval_after, ==, 850);
  g_assert_cmpint (m.mover_eval_after, ==, -850);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
}

/* White mates with Re8#; after Kf1 instead the game is (say) drawn. */
static void
test_missed_mate_in_one (void)
{
  ChessBoard board;
  ChessReviewMove m;
  board_from_fen (&board, "6k1/5ppp/8/8/8/8/r4PPP/4R1K1 w - - 0 1");
  ChessReviewSearch s = search_for (&board, "Re8#", chess_review_score_from_mate_moves (1));

  chess_review_move_judge (&m, 0, &board, parse_move (&board, "Kf1"), &s, 0);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
  g_assert_cmpfloat_with_epsilon (m.win_before, 1.0, 1e-12);
  g_assert_cmpstr (m.best_san, ==, "Re8#");

  /* Playing the mate is best, and the position after it is mate. */
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "Re8"), &s, -CHESS_REVIEW_MATE);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BEST);
  g_assert_cmpfloat (m.win_loss, ==, 0.0);
  g_assert_cmpfloat (m.accuracy, ==, 100.0);
  g_assert_cmpint (chess_review_score_mate_moves (m.eval_after), ==, 0);
  g_assert_cmpint (m.eval_after, ==, CHESS_REVIEW_MATE);

  /* A slower mate instead of the fast one is no mistake at all. */
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "h3"), &s,
                           chess_review_score_from_mate_moves (-4));
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_EXCELLENT);
}

/* A won king-and-pawn ending thrown away: Kd6 wins, Kd5?? lets Black's
 * king reach the pawn. */
static void
test_blundered_endgame (void)
{
  ChessBoard board;
  ChessReviewMove m;
  board_from_fen (&board, "8/8/3k4/8/4K3/4P3/8/8 w - - 0 1");
  ChessReviewSearch s = search_for (&board, "Kf5", 450);

  chess_review_move_judge (&m, 0, &board, parse_move (&board, "Kd4"), &s, 0);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
  g_assert_cmpfloat (m.win_loss, >, 0.3);

  /* Winning it more slowly is still excellent. */
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "Kf4"), &s, -440);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_EXCELLENT);
}

/* At +15, dropping three pawns leaves the game won: no blunder, and not
 * even an inaccuracy. The same 300 cp in a level position is a blunder. */
static void
test_drop_when_winning (void)
{
  ChessBoard board;
  ChessReviewMove m;
  chess_board_set_start (&board);
  ChessReviewSearch s = search_for (&board, "e4", 1500);

  chess_review_move_judge (&m, 0, &board, parse_move (&board, "d4"), &s, -1200);
  g_assert_cmpint (m.klass, <=, CHESS_REVIEW_CLASS_GOOD);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_EXCELLENT);
  g_assert_cmpfloat (m.win_loss, <, 0.01);

  s.score = 0;
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "d4"), &s, 300);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);

  /* And a decisive loss from +15 still counts. */
  s.score = 1500;
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "d4"), &s, 0);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
}

static void
test_classes (void)
{
  g_assert_cmpint (chess_review_classify (0.3, TRUE, 0.0), ==, CHESS_REVIEW_CLASS_BEST);
  g_assert_cmpint (chess_review_classify (0.0, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_EXCELLENT);
  g_assert_cmpint (chess_review_classify (0.03, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_GOOD);
  g_assert_cmpint (chess_review_classify (0.06, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_INACCURACY);
  g_assert_cmpint (chess_review_classify (0.12, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_MISTAKE);
  g_assert_cmpint (chess_review_classify (0.25, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_BLUNDER);
  /* Lichess's thresholds: 10, 20 and 30 points of its −100..100 scale. */
  g_assert_cmpint (chess_review_classify (0.049, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_GOOD);
  g_assert_cmpint (chess_review_classify (0.05, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_INACCURACY);
  g_assert_cmpint (chess_review_classify (0.099, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_INACCURACY);
  g_assert_cmpint (chess_review_classify (0.10, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_MISTAKE);
  g_assert_cmpint (chess_review_classify (0.149, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_MISTAKE);
  g_assert_cmpint (chess_review_classify (0.15, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_BLUNDER);

  /* The built-in engine's doubt raises the bound of ?, not ?!'s or ??'s. */
  double doubt = chess_review_engine_doubt (TRUE);
  g_assert_cmpfloat (doubt, >, 0.0);
  g_assert_cmpfloat (doubt, <, 0.05);
  g_assert_cmpfloat (chess_review_engine_doubt (FALSE), ==, 0.0);
  g_assert_cmpint (chess_review_classify (0.049, FALSE, doubt), ==, CHESS_REVIEW_CLASS_GOOD);
  g_assert_cmpint (chess_review_classify (0.05, FALSE, doubt), ==, CHESS_REVIEW_CLASS_INACCURACY);
  g_assert_cmpint (chess_review_classify (0.10, FALSE, doubt), ==, CHESS_REVIEW_CLASS_INACCURACY);
  g_assert_cmpint (chess_review_classify (0.10 + doubt, FALSE, doubt), ==, CHESS_REVIEW_CLASS_MISTAKE);
  g_assert_cmpint (chess_review_classify (0.149, FALSE, doubt), ==, CHESS_REVIEW_CLASS_MISTAKE);
  g_assert_cmpint (chess_review_classify (0.15, FALSE, doubt), ==, CHESS_REVIEW_CLASS_BLUNDER);
  g_assert_cmpint (chess_review_classify (0.3, TRUE, doubt), ==, CHESS_REVIEW_CLASS_BEST);

  /* A pawn given away in a level position (0.00 → −1.00, 0.09 lost) is an
   * inaccuracy on this curve; one and a half pawns a mistake. */
  double pawn = chess_review_win_chance (0) - chess_review_win_chance (-100);
  g_assert_cmpint (chess_review_classify (pawn, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_INACCURACY);
  double pawn_and_half = chess_review_win_chance (0) - chess_review_win_chance (-150);
  g_assert_cmpint (chess_review_classify (pawn_and_half, FALSE, 0.0), ==, CHESS_REVIEW_CLASS_MISTAKE);

  g_assert_cmpuint (chess_review_class_nag (CHESS_REVIEW_CLASS_INACCURACY), ==, 6);
  g_assert_cmpuint (chess_review_class_nag (CHESS_REVIEW_CLASS_MISTAKE), ==, 2);
  g_assert_cmpuint (chess_review_class_nag (CHESS_REVIEW_CLASS_BLUNDER), ==, 4);
  g_assert_cmpuint (chess_review_class_nag (CHESS_REVIEW_CLASS_GOOD), ==, 0);
  g_assert_cmpstr (chess_review_class_name (CHESS_REVIEW_CLASS_BLUNDER), ==, "Blunder");
  g_assert_cmpstr (chess_review_class_name (CHESS_REVIEW_CLASS_NONE), ==, "");
}

/* The engine's own move is best even when its two searches disagree a
 * little; a move it did not choose that loses nothing is excellent. */
static void
test_best_move_noise (void)
{
  ChessBoard board;
  ChessReviewMove m;
  chess_board_set_start (&board);
  ChessReviewSearch s = search_for (&board, "e4", 40);

  chess_review_move_judge (&m, 0, &board, parse_move (&board, "e4"), &s, 5);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BEST);
  g_assert_cmpfloat (m.win_loss, ==, 0.0);
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "d4"), &s, -60);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_EXCELLENT);
  g_assert_cmpfloat (m.win_loss, ==, 0.0);
}

/* The Beginner's 3…Na6 (issue 22): the f6 knight, attacked by the e5 pawn,
 * is left hanging; +0.49 becomes +2.57 for White. A hung piece in a level
 * position is a blunder, as on Lichess. */
static void
test_hung_knight_is_blunder (void)
{
  ChessBoard board;
  ChessReviewMove m;
  board_from_fen (&board, "rnbqkb1r/pppp1ppp/4pn2/4P3/8/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 3");
  ChessReviewSearch s = search_for (&board, "Nd5", -49);

  /* score_after: the position after 3…Na6, White (to move) +2.57. */
  chess_review_move_judge (&m, 5, &board, parse_move (&board, "Na6"), &s, 257);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
  g_assert_cmpint (m.eval_before, ==, 49);
  g_assert_cmpint (m.eval_after, ==, 257);
  g_assert_cmpfloat_with_epsilon (m.win_loss, 0.176, 0.002);

  /* Judged by the built-in engine, with its doubt: still a blunder. A
   * loss of 0.11 (a pawn and a quarter from level) is a mistake for any
   * other engine and only an inaccuracy for the built-in one. */
  s.doubt = chess_review_engine_doubt (TRUE);
  chess_review_move_judge (&m, 5, &board, parse_move (&board, "Na6"), &s, 257);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
  s = search_for (&board, "Nd5", 0);
  chess_review_move_judge (&m, 5, &board, parse_move (&board, "Na6"), &s, 125);
  g_assert_cmpfloat (m.win_loss, >, 0.10);
  g_assert_cmpfloat (m.win_loss, <, 0.10 + chess_review_engine_doubt (TRUE));
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_MISTAKE);
  s.doubt = chess_review_engine_doubt (TRUE);
  chess_review_move_judge (&m, 5, &board, parse_move (&board, "Na6"), &s, 125);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_INACCURACY);
}

/* Mates: allowing one from a level position is a blunder, missing one for
 * a merely good position too; a slower mate loses nothing, and neither
 * does missing a mate when +10 or more (Lichess's clamp) is left. */
static void
test_mate_scores (void)
{
  ChessBoard board;
  ChessReviewMove m;
  chess_board_set_start (&board);
  ChessReviewSearch s = search_for (&board, "e4", 0);

  /* Level, then mate in 1 for the opponent (the opponent's view). */
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "f3"), &s,
                           chess_review_score_from_mate_moves (1));
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
  g_assert_cmpfloat (m.win_loss, >, 0.45);

  /* Mate in 1 found by the engine; the move played leaves +3. */
  s = search_for (&board, "e4", chess_review_score_from_mate_moves (1));
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "d4"), &s, -300);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
  /* Mate in 3 instead of mate in 1: still won. */
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "d4"), &s,
                           chess_review_score_from_mate_moves (-3));
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_EXCELLENT);
  /* +12 left instead of the mate: 0.025 lost, no mark. */
  chess_review_move_judge (&m, 0, &board, parse_move (&board, "d4"), &s, -1200);
  g_assert_cmpint (m.klass, ==, CHESS_REVIEW_CLASS_GOOD);
}

static void
test_only_move (void)
{
  /* Everything else loses a piece: one move holds. */
  g_assert_true (chess_review_is_only_move (0, -350, 30));
  /* Everything else is merely worse. */
  g_assert_false (chess_review_is_only_move (0, -80, 30));
  /* Winning either way. */
  g_assert_false (chess_review_is_only_move (1500, 900, 30));
  g_assert_true (chess_review_is_only_move (chess_review_score_from_mate_moves (2), 100, 30));
  /* A forced move is no discovery. */
  g_assert_false (chess_review_is_only_move (0, -900, 1));

  ChessBoard board;
  ChessReviewMove m;
  board_from_fen (&board, "rnbqkbnr/ppp2ppp/3p4/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3");
  ChessReviewSearch s = search_for (&board, "Nf3", 35);
  s.has_second = TRUE;
  s.second_score = -400;
  chess_review_move_judge (&m, 4, &board, parse_move (&board, "Nf3"), &s, -30);
  g_assert_true (m.only_move);
  s.second_score = 20;
  chess_review_move_judge (&m, 4, &board, parse_move (&board, "Nf3"), &s, -30);
  g_assert_false (m.only_move);
}

static void
test_accuracy (void)
{
  g_assert_cmpfloat (chess_review_move_accuracy (0.0), ==, 100.0);
  g_assert_cmpfloat (chess_review_move_accuracy (-0.1), ==, 100.0);
  double last = 100.0;
  for (double loss = 0.01; loss <= 1.0; loss += 0.01)
    {
      double a = chess_review_move_accuracy (loss);
      g_assert_cmpfloat (a, <, last);
      g_assert_cmpfloat (a, >=, 0.0);
      last = a;
    }
  /* An inaccuracy scores about 70 or less, a mistake about 50, a blunder
   * about 37 or less. */
  g_assert_cmpfloat_with_epsilon (chess_review_move_accuracy (0.05), 71.7, 0.1);
  g_assert_cmpfloat_with_epsilon (chess_review_move_accuracy (0.10), 51.3, 0.1);
  g_assert_cmpfloat_with_epsilon (chess_review_move_accuracy (0.15), 36.8, 0.1);
}

/* Forty moves each, every one within the engine's noise: no mistakes, no
 * blunders, high accuracy — and one blunder among them shows. */
static void
test_quiet_game (void)
{
  ChessReviewMove moves[80];
  ChessReviewPlayerStats white, black;
  const double small[] = { 0.0, 0.004, 0.0, 0.012, 0.0, 0.021, 0.0, 0.008, 0.031, 0.0 };

  memset (moves, 0, sizeof moves);
  for (guint i = 0; i < 80; i++)
    {
      moves[i].ply = i;
      moves[i].mover = i % 2 == 0 ? CHESS_COLOR_WHITE : CHESS_COLOR_BLACK;
      moves[i].win_loss = small[i % G_N_ELEMENTS (small)];
      moves[i].accuracy = chess_review_move_accuracy (moves[i].win_loss);
      moves[i].klass = chess_review_classify (moves[i].win_loss, moves[i].win_loss == 0.0, 0.0);
    }
  chess_review_player_stats (moves, 80, CHESS_COLOR_WHITE, &white);
  chess_review_player_stats (moves, 80, CHESS_COLOR_BLACK, &black);
  g_assert_cmpuint (white.n_moves, ==, 40);
  g_assert_cmpuint (black.n_moves, ==, 40);
  for (int c = CHESS_REVIEW_CLASS_INACCURACY; c < CHESS_REVIEW_N_CLASSES; c++)
    {
      g_assert_cmpuint (white.counts[c], ==, 0);
      g_assert_cmpuint (black.counts[c], ==, 0);
    }
  g_assert_cmpfloat (white.accuracy, >, 90.0);
  g_assert_cmpfloat (black.accuracy, >, 90.0);
  g_assert_cmpuint (white.counts[CHESS_REVIEW_CLASS_BEST] + white.counts[CHESS_REVIEW_CLASS_EXCELLENT]
                    + white.counts[CHESS_REVIEW_CLASS_GOOD], ==, 40);

  /* Black hangs a rook on move 30. */
  double before = black.accuracy;
  moves[59].win_loss = 0.45;
  moves[59].klass = chess_review_classify (0.45, FALSE, 0.0);
  chess_review_player_stats (moves, 80, CHESS_COLOR_BLACK, &black);
  g_assert_cmpuint (black.counts[CHESS_REVIEW_CLASS_BLUNDER], ==, 1);
  g_assert_cmpfloat (black.accuracy, <, before - 5.0);
  chess_review_player_stats (moves, 80, CHESS_COLOR_WHITE, &white);
  g_assert_cmpuint (white.counts[CHESS_REVIEW_CLASS_BLUNDER], ==, 0);

  /* Moves not reviewed yet do not count; nothing reviewed: -1. */
  chess_review_player_stats (moves, 0, CHESS_COLOR_WHITE, &white);
  g_assert_cmpuint (white.n_moves, ==, 0);
  g_assert_cmpfloat (white.accuracy, ==, -1.0);
}

#define GAME \
  "[Event \"Review test\"]\n[Site \"?\"]\n[Date \"2026.11.25\"]\n[Round \"1\"]\n" \
  "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n" \
  "{Before the game.} 1. e4 {[%clk 0:05:00] Kings pawn.} e5 {[%clk 0:05:00]} " \
  "2. d4 {[%clk 0:04:58]} d6 3. Qg4 $1 (3. Nf3 {Also good.}) Bxg4 *\n"

/* Reviews the moves of GAME from made-up searches: 3. Qg4 blunders (best
 * 3. Nf3), 2... d6 is an inaccuracy (best 2... exd4 3. Qxd4), the rest best. */
static guint
review_game (const ChessPgnGame *game,
             ChessReviewMove    *moves)
{
  const char *best[] = { "e4", "e5", "d4", "exd4", "Nf3", "Bxg4" };
  const int score[] = { 30, -30, 35, -30, 110, 870 };   /* the mover's view */
  const int after[] = { -30, 30, -30, 110, 870, -880 }; /* the opponent's view */
  ChessBoard board = game->line.start;
  ChessUndo undo;

  for (guint i = 0; i < game->line.n_moves; i++)
    {
      ChessReviewSearch s = search_for (&board, best[i], score[i]);
      if (i == 3)
        {
          ChessBoard b = board;
          chess_board_make (&b, s.line[0], &undo);
          s.line[1] = parse_move (&b, "Qxd4");
          s.line_length = 2;
        }
      chess_review_move_judge (&moves[i], i, &board, game->line.moves[i], &s, after[i]);
      chess_board_make (&board, game->line.moves[i], &undo);
    }
  return game->line.n_moves;
}

static void
test_annotate (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (GAME);
  ChessReviewMove moves[6];
  g_assert_cmpuint (review_game (game, moves), ==, 6);
  g_assert_cmpint (moves[3].klass, ==, CHESS_REVIEW_CLASS_INACCURACY);
  g_assert_cmpint (moves[4].klass, ==, CHESS_REVIEW_CLASS_BLUNDER);

  g_assert_cmpuint (chess_review_annotate_tree (game->tree, moves, 6), ==, 6);
  g_autofree char *text = chess_pgn_game_to_string (game);
  g_autofree char *flat = g_strdelimit (g_strdup (text), "\n", ' ');

  /* As other tools write them: NAGs on the moves, [%eval] in front of the
   * comment, the better move as a variation; comments and clocks kept. */
  /* The start's evaluation goes before the comment on the game. */
  g_assert_nonnull (strstr (flat, "{[%eval 0.30] Before the game.}"));
  g_assert_nonnull (strstr (flat, "1. e4 {[%clk 0:05:00] [%eval 0.30] Kings pawn.}"));
  g_assert_nonnull (strstr (flat, "1... e5 {[%clk 0:05:00] [%eval 0.30]}"));
  g_assert_nonnull (strstr (flat, "2... d6 $6 {[%eval 1.10]} (2... exd4 {[%eval 0.30]} 3. Qxd4)"));
  /* The blunder's NAG replaces the "!" it had; the variation it had (3. Nf3)
   * is the better move, kept with its comment. */
  g_assert_nonnull (strstr (flat, "3. Qg4 $4 {[%eval -8.70]} (3. Nf3 {Also good.})"));
  g_assert_null (strstr (flat, "$1"));
  g_assert_nonnull (strstr (flat, "3... Bxg4 {[%eval -8.80]}"));

  /* Reading it back gives the same tree; annotating again changes nothing. */
  g_autoptr(ChessPgnGame) back = parse_ok (text);
  pgn_test_assert_equal (game, back);
  g_assert_cmpuint (chess_review_annotate_tree (back->tree, moves, 6), ==, 6);
  pgn_test_assert_same_tree (game->tree, back->tree);

  /* A line that differs from the review stops the annotations there. */
  g_autoptr(ChessPgnGame) other = parse_ok ("1. e4 e5 2. Nc3 *\n");
  g_assert_cmpuint (chess_review_annotate_tree (other->tree, moves, 6), ==, 2);
  g_assert_cmpint (other->tree->root->children[0]->eval.kind, ==, CHESS_TREE_EVAL_CENTIPAWNS);
  g_assert_cmpint (other->tree->root->children[0]->children[0]->children[0]->eval.kind, ==,
                   CHESS_TREE_EVAL_NONE);
}

/* A mate in the review: #N in [%eval], nothing after the mating move. */
static void
test_annotate_mate (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok ("[FEN \"6k1/5ppp/8/8/8/8/r4PPP/4R1K1 w - - 0 1\"]\n"
                                          "[SetUp \"1\"]\n\n1. h3 Rb2 2. Re8# 1-0\n");
  ChessReviewMove moves[3];
  ChessBoard board = game->line.start;
  ChessUndo undo;
  const int after[] = { chess_review_score_from_mate_moves (-1), chess_review_score_from_mate_moves (1),
                        -CHESS_REVIEW_MATE };
  const int score[] = { chess_review_score_from_mate_moves (1), chess_review_score_from_mate_moves (-1),
                        chess_review_score_from_mate_moves (1) };
  const char *best[] = { "Re8", "Rb2", "Re8" };

  for (guint i = 0; i < 3; i++)
    {
      ChessReviewSearch s = search_for (&board, best[i], score[i]);
      chess_review_move_judge (&moves[i], i, &board, game->line.moves[i], &s, after[i]);
      chess_board_make (&board, game->line.moves[i], &undo);
    }
  /* 1. h3 keeps the mate (a move later): excellent, not a mistake. */
  g_assert_cmpint (moves[0].klass, ==, CHESS_REVIEW_CLASS_EXCELLENT);
  chess_review_annotate_tree (game->tree, moves, 3);
  g_autofree char *text = chess_pgn_game_to_string (game);
  g_autofree char *flat = g_strdelimit (g_strdup (text), "\n", ' ');
  g_assert_nonnull (strstr (flat, "1. h3 {[%eval #1]} 1... Rb2 {[%eval #1]} 2. Re8# 1-0"));
  g_autoptr(ChessPgnGame) back = parse_ok (text);
  pgn_test_assert_equal (game, back);
}

/* The tree is the review's only store: read back, every move is as judged
 * (the best moves and the good ones too, which have no mark); from PGN,
 * the marks and scores alone; a mark of the review's taken away, the
 * move's judgement with it. */
static void
test_read_tree (void)
{
  g_autoptr(ChessPgnGame) game = parse_ok (GAME);
  ChessReviewMove moves[6];
  g_autoptr(GArray) judged = NULL;
  g_autoptr(GArray) read = NULL;

  review_game (game, moves);
  chess_review_annotate_tree (game->tree, moves, 6);
  read = chess_review_read_tree (game->tree, &judged);
  g_assert_cmpuint (read->len, ==, 6);
  for (guint i = 0; i < 6; i++)
    {
      const ChessReviewMove *m = &g_array_index (read, ChessReviewMove, i);

      g_assert_true (g_array_index (judged, gboolean, i));
      g_assert_cmpint (m->klass, ==, moves[i].klass);
      g_assert_cmpint (m->only_move, ==, moves[i].only_move);
      g_assert_cmpfloat (m->win_loss, ==, moves[i].win_loss);
      g_assert_cmpint (m->eval_after, ==, moves[i].eval_after);
      g_assert_cmpuint (m->best_move, ==, moves[i].best_move);
      g_assert_cmpuint (m->best_line_length, ==, moves[i].best_line_length);
      g_assert_cmpint (m->best_eval, ==, moves[i].best_eval);
      g_assert_cmpstr (m->why, ==, moves[i].why);
    }
  g_assert_cmpint (g_array_index (read, ChessReviewMove, 0).klass, ==, CHESS_REVIEW_CLASS_BEST);
  for (int c = CHESS_COLOR_WHITE; c <= CHESS_COLOR_BLACK; c++)
    {
      ChessReviewPlayerStats ours, theirs;

      chess_review_player_stats (moves, 6, (ChessColor) c, &theirs);
      chess_review_read_player_stats (read, (ChessColor) c, &ours);
      g_assert_cmpmem (&ours, sizeof ours, &theirs, sizeof theirs);
    }

  /* From PGN: the unmarked moves are good, and not judged. */
  g_autofree char *text = chess_pgn_game_to_string (game);
  g_autoptr(ChessPgnGame) back = parse_ok (text);
  g_autoptr(GArray) back_judged = NULL;
  g_autoptr(GArray) back_read = chess_review_read_tree (back->tree, &back_judged);
  g_assert_cmpint (g_array_index (back_read, ChessReviewMove, 0).klass, ==, CHESS_REVIEW_CLASS_GOOD);
  g_assert_false (g_array_index (back_judged, gboolean, 0));
  g_assert_cmpint (g_array_index (back_read, ChessReviewMove, 4).klass, ==, CHESS_REVIEW_CLASS_BLUNDER);
  g_assert_true (g_array_index (back_judged, gboolean, 4));
  g_assert_cmpuint (g_array_index (back_read, ChessReviewMove, 4).best_move, ==, moves[4].best_move);

  /* The blunder's mark taken away: the review's word on it goes too. */
  ChessTreeNode *qg4 = game->tree->root->children[0]->children[0]->children[0]
                       ->children[0]->children[0];
  g_assert_nonnull (qg4->review);
  chess_tree_node_remove_nag (qg4, 4);
  g_autoptr(GArray) edited_judged = NULL;
  g_autoptr(GArray) edited = chess_review_read_tree (game->tree, &edited_judged);
  g_assert_cmpint (g_array_index (edited, ChessReviewMove, 4).klass, ==, CHESS_REVIEW_CLASS_GOOD);
  g_assert_false (g_array_index (edited_judged, gboolean, 4));

  /* A copy of the tree keeps the judgements. */
  ChessTree *copy = chess_tree_copy (game->tree);
  g_autoptr(GArray) copied = chess_review_read_tree (copy, NULL);
  g_assert_cmpint (g_array_index (copied, ChessReviewMove, 0).klass, ==, CHESS_REVIEW_CLASS_BEST);
  chess_tree_free (copy);
}

static void
test_pgn_extract (void)
{
  g_autofree char *pe = pgn_test_find_pgn_extract ();
  if (pe == NULL)
    {
      g_test_skip ("pgn-extract is not installed");
      return;
    }

  g_autoptr(ChessPgnGame) game = parse_ok (GAME);
  ChessReviewMove moves[6];
  review_game (game, moves);
  chess_review_annotate_tree (game->tree, moves, 6);
  g_autofree char *text = chess_pgn_game_to_string (game);

  int status;
  g_autofree char *theirs = pgn_test_pgn_extract_rewrite (pe, text, -1, 0, &status, NULL);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (theirs, "[%eval -8.70]"));
  g_assert_nonnull (strstr (theirs, "$4"));
  g_autoptr(ChessPgnGame) back = parse_ok (theirs);
  pgn_test_assert_equal (game, back);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/review/score/win-chance", test_win_chance);
  g_test_add_func ("/review/score/scores", test_scores);
  g_test_add_func ("/review/score/builtin-scale", test_builtin_scale);
  g_test_add_func ("/review/score/hung-queen", test_hung_queen);
  g_test_add_func ("/review/score/missed-mate-in-one", test_missed_mate_in_one);
  g_test_add_func ("/review/score/blundered-endgame", test_blundered_endgame);
  g_test_add_func ("/review/score/drop-when-winning", test_drop_when_winning);
  g_test_add_func ("/review/score/classes", test_classes);
  g_test_add_func ("/review/score/best-move-noise", test_best_move_noise);
  g_test_add_func ("/review/score/hung-knight", test_hung_knight_is_blunder);
  g_test_add_func ("/review/score/mate-scores", test_mate_scores);
  g_test_add_func ("/review/score/only-move", test_only_move);
  g_test_add_func ("/review/score/accuracy", test_accuracy);
  g_test_add_func ("/review/score/quiet-game", test_quiet_game);
  g_test_add_func ("/review/score/annotate", test_annotate);
  g_test_add_func ("/review/score/annotate-mate", test_annotate_mate);
  g_test_add_func ("/review/score/read-tree", test_read_tree);
  g_test_add_func ("/review/score/pgn-extract", test_pgn_extract);

  return g_test_run ();
}
