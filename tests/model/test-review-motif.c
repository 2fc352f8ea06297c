/* test-review-motif.c — why a move was bad, in words, from hand-made
 * positions and lines (no engine): each motif where it applies and where
 * it must not fire (an equal trade, a defended piece, a pin the pinned
 * piece breaks by taking, a fork of a defended piece, a check that was not
 * there before, an opening that is no ending), and the review's sentence
 * in a tree's comment replaced on a second review. */

#include "config.h"

#include <string.h>

#include "chess-review-motif.h"
#include "chess-review-motif-templates.h"
#include "chess-review-why.h"

static void
parse_line (const ChessBoard *start,
            const char       *text,
            ChessMove        *moves,
            guint            *n)
{
  g_auto(GStrv) words = g_strsplit (text != NULL ? text : "", " ", -1);
  ChessBoard board = *start;

  *n = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      ChessUndo undo;

      if (*words[i] == '\0')
        continue;
      g_assert_true (chess_move_parse (&board, words[i], &moves[*n], &error));
      g_assert_no_error (error);
      chess_board_make (&board, moves[*n], &undo);
      (*n)++;
    }
}

typedef struct
{
  const char    *fen;
  const char    *played;
  const char    *reply;     /* the opponent's line after the move  */
  const char    *best;      /* the better line from before         */
  int            before;    /* the mover's view                    */
  int            after;
  ChessMoveClass klass;
} Case;

/* The review of the case's move with its sentences. */
static void
describe (const Case      *c,
          ChessReviewMove *m)
{
  g_autoptr(GError) error = NULL;
  ChessBoard before, after;
  ChessMove reply[CHESS_REVIEW_MAX_LINE];
  guint n_reply, n_played;
  ChessUndo undo;

  g_assert_true (chess_board_from_fen (&before, c->fen, &error));
  g_assert_no_error (error);
  memset (m, 0, sizeof *m);
  parse_line (&before, c->played, &m->move, &n_played);
  g_assert_cmpuint (n_played, ==, 1);
  parse_line (&before, c->best, m->best_line, &m->best_line_length);
  m->best_move = m->best_line[0];
  after = before;
  chess_board_make (&after, m->move, &undo);
  parse_line (&after, c->reply, reply, &n_reply);
  chess_review_move_set_reply (m, &before, reply, n_reply);
  g_assert_cmpuint (m->reply_line_length, ==, n_reply);
  m->mover = before.side;
  m->mover_eval_before = c->before;
  m->mover_eval_after = c->after;
  m->klass = c->klass;
  chess_review_motif_describe (m, &before);
}

/* `why` "": no motif fires, and a marked move gets the scores' sentence. */
static void
check (const Case *c,
       const char *why,
       const char *better)
{
  ChessReviewMove m;
  ChessReviewMotif motif;
  ChessBoard before;

  describe (c, &m);
  g_test_message ("%s %s: «%s» «%s»", c->fen, c->played, m.why, m.better_why);
  g_assert_true (chess_board_from_fen (&before, c->fen, NULL));
  if (*why == '\0' && c->klass >= CHESS_REVIEW_CLASS_INACCURACY)
    {
      g_autofree char *scores = chess_review_motif_score_sentence (&m, &before);

      g_assert_false (chess_review_motif_find (&before, &m, &motif));
      g_assert_nonnull (scores);
      g_assert_cmpstr (m.why, ==, scores);
    }
  else
    g_assert_cmpstr (m.why, ==, why);
  if (better != NULL)
    g_assert_cmpstr (m.better_why, ==, better);
}

#define MATED_IN_1 (-(CHESS_REVIEW_MATE - 2))
#define MATES_IN_1 (CHESS_REVIEW_MATE - 1)

static void
test_queen_en_prise (void)
{
  /* 1. e4 Nf6 2. Qg4?? Nxg4 */
  Case c = { "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
             "Qg4", "Nxg4", "e5 Nd5", 20, -900, CHESS_REVIEW_CLASS_BLUNDER };
  check (&c, "Puts the queen en prise on g4: 2… Nxg4.", "Better was 2. e5, keeping the queen.");
}

static void
test_hanging (void)
{
  Case hanging = { "4k3/8/5n2/6B1/8/8/8/4K3 b - - 0 1",
                   "Kd7", "Bxf6", "Nd5", 0, -300, CHESS_REVIEW_CLASS_BLUNDER };
  /* Defended by the g-pawn: bishop for knight is a trade, no loss. */
  Case defended = { "4k3/6p1/5n2/6B1/8/8/8/4K3 b - - 0 1",
                    "Kd7", "Bxf6 gxf6", "Ke7", 0, -30, CHESS_REVIEW_CLASS_INACCURACY };

  check (&hanging, "Leaves the knight on f6 hanging: 2. Bxf6.", "Better was 1… Nd5, keeping the knight.");
  check (&defended, "", "");
}

static void
test_material (void)
{
  /* Two attackers against one defender, none cheaper than the knight. */
  Case lost = { "6k1/1b3ppp/5n2/8/8/2N1N3/5PPP/6K1 w - - 0 1",
                "Ned5", "Nxd5 Nxd5 Bxd5", "h3", 0, -300, CHESS_REVIEW_CLASS_BLUNDER };
  /* An equal trade is not "loses". */
  Case trade = { "6k1/5ppp/5n2/8/8/2N1N3/5PPP/6K1 w - - 0 1",
                 "Ned5", "Nxd5 Nxd5", "h3", 0, -30, CHESS_REVIEW_CLASS_INACCURACY };

  /* The queen for a rook: less than the queen is lost. */
  Case for_rook = { "1r4k1/8/8/8/8/8/2Q5/K7 w - - 0 1",
                    "Qb2", "Rxb2 Kxb2", "Qc3", 400, 0, CHESS_REVIEW_CLASS_BLUNDER };
  /* The better line loses the knight as well: not why the move was bad. */
  Case both_lose = { "6k1/1b3ppp/5n2/8/8/2N1N3/5PPP/6K1 w - - 0 1",
                     "Ned5", "Nxd5 Nxd5 Bxd5", "Ncd5 Nxd5 Nxd5 Bxd5", -300, -320,
                     CHESS_REVIEW_CLASS_INACCURACY };

  check (&lost, "Loses a knight to 1… Nxd5.", "Better was 1. h3, keeping the knight.");
  check (&trade, "", "");
  check (&for_rook, "Loses the queen for a rook to 1… Rxb2.", "Better was 1. Qc3, keeping the queen.");
  check (&both_lose, "", "");
}

static void
test_mate_allowed (void)
{
  /* 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# */
  Case c = { "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
             "Nf6", "Qxf7#", "g6", -50, MATED_IN_1, CHESS_REVIEW_CLASS_BLUNDER };
  check (&c, "Allows mate in 1: 4. Qxf7#.", "Better was 3… g6, stopping the mate.");
}

static void
test_mate_missed (void)
{
  Case c = { "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
             "Qf3", "Nd4", "Qxf7#", MATES_IN_1, -150, CHESS_REVIEW_CLASS_BLUNDER };
  /* The better move is the mate: said once. */
  check (&c, "Missed mate in 1: 4. Qxf7#.", "");
}

static void
test_fork (void)
{
  Case fork = { "r3kbnr/pp1qpppp/2n5/1N6/8/8/PPPP1PPP/R1BQKBNR b KQkq - 0 1",
                "Qf5", "Nc7+ Kd7 Nxa8", "a6", 0, -500, CHESS_REVIEW_CLASS_BLUNDER };
  Case loose = { "4k2r/5ppp/b7/3N4/8/8/5PPP/4K2R b Kk - 0 1",
                 "h6", "Nc7+ Kd7 Nxa6", "Bb7", 0, -300, CHESS_REVIEW_CLASS_BLUNDER };
  /* The bishop is defended by the b-pawn: a check and a trade, no fork. */
  Case defended = { "4k2r/1p3ppp/b7/3N4/8/8/5PPP/4K2R b Kk - 0 1",
                    "h6", "Nc7+ Kd7 Nxa6 bxa6", "Kf8", 0, -20, CHESS_REVIEW_CLASS_INACCURACY };

  check (&fork, "2. Nc7+ forks the king on e8 and the rook on a8.", NULL);
  check (&loose, "2. Nc7+ forks the king on e8 and the bishop on a6.", NULL);
  check (&defended, "", "");
}

static void
test_pin (void)
{
  Case pin = { "4k3/8/2n5/8/8/8/8/4KB2 w - - 0 1",
               "Kd2", "Ke7", "Bb5 Kd7", 100, 0, CHESS_REVIEW_CLASS_INACCURACY };
  /* The rook takes the queen that "pins" it. */
  Case broken = { "4k3/4r3/8/8/7Q/8/8/6K1 w - - 0 1",
                  "Kh2", "Kd8", "Qe4 Kd8", 50, 0, CHESS_REVIEW_CLASS_INACCURACY };

  check (&pin, "", "Better was 1. Bb5, pinning the knight on c6 to the king on e8.");
  check (&broken, "", "");
}

static void
test_skewer (void)
{
  Case c = { "4b2k/8/8/8/8/3K4/6Q1/8 w - - 0 1",
             "Ke4", "Bc6+ Kf4 Bxg2", "Kd4", 900, 0, CHESS_REVIEW_CLASS_BLUNDER };
  check (&c, "1… Bc6+ skewers the king on e4 and the queen on g2.", NULL);
}

static void
test_discovered (void)
{
  Case c = { "3r2k1/8/8/3b4/8/8/8/Q4K2 w - - 0 1",
             "Qd1", "Bc4+ Kg1 Rxd1+", "Qa8", 0, -900, CHESS_REVIEW_CLASS_BLUNDER };
  check (&c, "1… Bc4+ uncovers an attack by the rook on d8 on the queen on d1.", NULL);
}

static void
test_threat_ignored (void)
{
  /* The checks were there before the move: a perpetual. */
  Case ignored = { "6k1/8/8/8/8/8/q5PP/3R2K1 w - - 0 1",
                   "g3", "Qa7+ Kf1 Qa6+ Kg1 Qa7+", "h3", 300, 0, CHESS_REVIEW_CLASS_BLUNDER };
  /* The move itself walked into the check: no threat was there. */
  Case made = { "6k1/8/8/8/8/8/q5PP/3R2K1 w - - 0 1",
                "Kf1", "Qa6+ Kg1 Qa7+", "h3", 100, 0, CHESS_REVIEW_CLASS_MISTAKE };

  check (&ignored, "Ignores the threat 1… Qa7+.", NULL);
  check (&made, "", NULL);
}

static void
test_endings (void)
{
  Case thrown = { "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
                  "Kf1", "Kd4", "Kd2 Kd4", 500, 0, CHESS_REVIEW_CLASS_BLUNDER };
  Case missed = { "8/8/8/8/8/3k4/3p4/5K2 w - - 0 1",
                  "Kg2", "Ke2", "Kf2 Kc2", 0, -500, CHESS_REVIEW_CLASS_BLUNDER };
  /* The pawn it loses later is not what matters: the win is gone. */
  Case pawn = { "4k3/8/3KP3/8/8/8/8/8 w - - 2 3",
                "Kc7", "Ke7 Kc6 Kxe6", "e7 Kf7", 1187, 0, CHESS_REVIEW_CLASS_BLUNDER };
  /* The opening is no ending. */
  Case opening = { CHESS_START_FEN, "a3", "e5", "e4 e5", 300, 0, CHESS_REVIEW_CLASS_BLUNDER };

  check (&thrown, "Throws away the won ending: 1. Kd2 kept the win.", "");
  check (&missed, "Misses the draw: 1. Kf2 held.", "");
  check (&pawn, "Throws away the won ending: 3. e7 kept the win.", "");
  check (&opening, "", "");
}

static void
test_better_wins (void)
{
  Case c = { "r3k3/8/8/8/8/8/6B1/4K3 w - - 0 1",
             "Kd2", "Kd7", "Bxa8 Kd7", 500, 0, CHESS_REVIEW_CLASS_BLUNDER };
  check (&c, "Throws away the won ending: 1. Bxa8 kept the win.",
         "Better was 1. Bxa8, winning the rook on a8.");
}

static void
test_good_moves_say_nothing (void)
{
  Case c = { "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2",
             "Qg4", "Nxg4", "e5 Nd5", 20, -900, CHESS_REVIEW_CLASS_GOOD };
  check (&c, "", "");
}

/* The review's sentence opens the comment after [%eval]; a second review
 * replaces it and keeps the player's own words; the game read back finds
 * it. */
static void
test_comment_replaced (void)
{
  g_autoptr(ChessTree) tree = NULL;
  ChessBoard start;
  ChessTreeNode *node;

  chess_board_set_start (&start);
  tree = chess_tree_new (&start);
  node = chess_tree_node_append (tree->root, chess_board_find_move (&start, 12, 28, CHESS_NO_PIECE_TYPE));
  chess_tree_node_set_comment (node, "My own words.");
  chess_review_why_set (node, "Loses the queen to 4… Nxg4.");
  g_assert_cmpstr (node->comment, ==, "Loses the queen to 4… Nxg4. My own words.");
  chess_review_why_set (node, "Allows mate in 1: 4. Qxf7#.");
  g_assert_cmpstr (node->comment, ==, "Allows mate in 1: 4. Qxf7#. My own words.");
  g_autofree char *why = chess_review_why_get (node);
  g_assert_cmpstr (why, ==, "Allows mate in 1: 4. Qxf7#.");

  /* Written and read back as PGN. */
  g_autofree char *text = chess_tree_node_format_comment (node);
  ChessTreeNode *copy = chess_tree_node_append (tree->root, chess_board_find_move (&start, 11, 27, CHESS_NO_PIECE_TYPE));
  chess_tree_node_add_comment_text (copy, text, FALSE);
  g_autofree char *read = chess_review_why_get (copy);
  g_assert_cmpstr (read, ==, "Allows mate in 1: 4. Qxf7#.");
  chess_review_why_set (copy, "Loses a pawn to 1… exd4.");
  g_assert_cmpstr (copy->comment, ==, "Loses a pawn to 1… exd4. My own words.");

  /* No marker is written: the sentence alone says it is the review's. */
  g_assert_null (strstr (text, "[%why"));

  /* Taken out: the player's words stay. */
  chess_review_why_set (node, NULL);
  g_assert_cmpstr (node->comment, ==, "My own words.");
  g_assert_null (node->commands);
  g_assert_null (chess_review_why_get (node));

  /* A comment edited by hand so that it no longer starts with the review's
   * sentence is left alone. */
  chess_review_why_set (node, "Loses a pawn to 1… exd4.");
  chess_tree_node_set_comment (node, "Rewritten");
  g_assert_null (chess_review_why_get (node));
  chess_review_why_set (node, "Loses a pawn to 1… exd4.");
  g_assert_cmpstr (node->comment, ==, "Loses a pawn to 1… exd4. Rewritten");
}

/* No motif: a sentence from the scores before and after (the mover's view)
 * and the reply, for White's moves and Black's. */
static void
test_score_sentences (void)
{
  const char *white_fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  const char *black_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  const struct { const char *fen, *played, *reply; int before, after; const char *why; } cases[] = {
    { white_fen, "Qh5", "Nc6", 120, 60,
      "Gives away part of the advantage: after 2… Nc6 White is still better (+0.60)." },
    { white_fen, "Qh5", "Nc6", 120, 10, "Lets the advantage slip: after 2… Nc6 the game is level (+0.10)." },
    { white_fen, "Qh5", "Nc6", 120, -80, "Gives up the advantage: after 2… Nc6 Black is better (−0.80)." },
    { white_fen, "Qh5", "Nc6", 20, -30, "Loses ground: after 2… Nc6 the game is only just level (−0.30)." },
    { white_fen, "Qh5", "Nc6", 20, -90, "Gives up the balance: after 2… Nc6 Black is better (−0.90)." },
    { white_fen, "Qh5", "Nc6", -100, -250, "Makes it worse: after 2… Nc6 Black is further ahead (−2.50)." },
    { black_fen, "f6", "d4", 100, 60,
      "Gives away part of the advantage: after 2. d4 Black is still better (−0.60)." },
    { black_fen, "f6", "d4", 100, -80, "Gives up the advantage: after 2. d4 White is better (+0.80)." },
    { black_fen, "f6", "d4", 0, -90, "Gives up the balance: after 2. d4 White is better (+0.90)." },
    { black_fen, "f6", "d4", -60, -200, "Makes it worse: after 2. d4 White is further ahead (+2.00)." },
    /* No reply to name: nothing to say from the scores. */
    { white_fen, "Qh5", "", 120, 10, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Case c = { cases[i].fen, cases[i].played, cases[i].reply,
                 cases[i].fen == black_fen ? "Nc6" : "Nf3",
                 cases[i].before, cases[i].after, CHESS_REVIEW_CLASS_INACCURACY };
      ChessReviewMove m;

      describe (&c, &m);
      g_test_message ("%s: «%s»", cases[i].played, m.why);
      g_assert_cmpstr (m.why, ==, cases[i].why);
      /* The sentence written is one the review recognises as its own. */
      if (*cases[i].why != '\0')
        g_assert_cmpuint (chess_review_sentence_length (m.why), ==, strlen (m.why));
    }
}

/* The recogniser, from the templates: the review's sentences and nothing
 * else at the start of a comment. */
static void
test_sentence_recognised (void)
{
  const struct { const char *text; const char *sentence; } cases[] = {
    { "Loses the queen to 4… Nxg4.", "Loses the queen to 4… Nxg4." },
    { "Loses the queen to 4… Nxg4. My own words.", "Loses the queen to 4… Nxg4." },
    { "Allows mate in 2: 4… Qh4+ 5. g3 Qxg3#. Ouch. 3. x", "Allows mate in 2: 4… Qh4+ 5. g3 Qxg3#." },
    { "Allows mate in 3. Then more.", "Allows mate in 3." },
    { "4… Nc2+ forks the king on e1 and the rook on a1. Mine.", "4… Nc2+ forks the king on e1 and the rook on a1." },
    { "Gives up the balance: after 2… d6 Black is better (−0.62). Hm.",
      "Gives up the balance: after 2… d6 Black is better (−0.62)." },
    /* A player's words that start like a sentence of the review's. */
    { "Loses time. I want to see more.", NULL },
    { "Ignores the threat.", NULL },
    { "Better was hard to find here.", NULL },
    { "Loses the queen to 4… Nxg4", NULL },
    { "Allows mate in 1: 4.", NULL },
    { "", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize length = chess_review_sentence_length (cases[i].text);

      g_test_message ("«%s»: %" G_GSIZE_FORMAT, cases[i].text, length);
      if (cases[i].sentence == NULL)
        g_assert_cmpuint (length, ==, 0);
      else
        {
          g_assert_cmpuint (length, ==, strlen (cases[i].sentence));
          g_assert_true (strncmp (cases[i].text, cases[i].sentence, length) == 0);
        }
    }
}

/* Translated templates (German, as a translator would write them, the
 * order of the arguments changed too) are recognised the same way. */
static void
test_sentence_translated (void)
{
  const char *german[] = { "Verliert %s an %s.", "Lässt Matt in %d zu: %s.",
                           "Am besten war %2$s, mit Gewinn von %1$s.", NULL };
  g_autoptr(GRegex) regex = chess_review_sentence_regex_new (german);
  const struct { const char *text; const char *sentence; } cases[] = {
    { "Verliert die Dame an 4… Sxg4. Schade.", "Verliert die Dame an 4… Sxg4." },
    { "Lässt Matt in 1 zu: 4. Dxf7#.", "Lässt Matt in 1 zu: 4. Dxf7#." },
    { "Am besten war 8. Sxe5, mit Gewinn von dem Bauern. Gut.",
      "Am besten war 8. Sxe5, mit Gewinn von dem Bauern." },
    { "Verliert Zeit. Ich will mehr.", NULL },
    { "Loses the queen to 4… Nxg4.", NULL },
  };

  g_assert_nonnull (regex);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GMatchInfo) match = NULL;
      gint start = -1, end = -1;

      if (g_regex_match (regex, cases[i].text, 0, &match))
        g_match_info_fetch_pos (match, 0, &start, &end);
      g_test_message ("«%s»: %d", cases[i].text, end);
      if (cases[i].sentence == NULL)
        g_assert_cmpint (end, ==, -1);
      else
        g_assert_cmpint (end, ==, (gint) strlen (cases[i].sentence));
    }
}

/* Games written with the old [%why N] command are still read: the marked
 * sentence (here one no template makes) is the review's; setting a new
 * one drops the command and keeps the player's words. */
static void
test_old_mark_read (void)
{
  g_autoptr(ChessTree) tree = NULL;
  ChessBoard start;

  chess_board_set_start (&start);
  tree = chess_tree_new (&start);
  ChessTreeNode *node = chess_tree_node_append (tree->root,
                                                chess_board_find_move (&start, 12, 28, CHESS_NO_PIECE_TYPE));
  chess_tree_node_add_comment_text (node, "[%eval 0.30] [%why 13] Perd la dame. Mine.", FALSE);
  g_autofree char *old = chess_review_why_get (node);
  g_assert_cmpstr (old, ==, "Perd la dame.");

  chess_review_why_set (node, "Loses the queen to 4… Nxg4.");
  g_assert_cmpstr (node->comment, ==, "Loses the queen to 4… Nxg4. Mine.");
  g_autofree char *written = chess_tree_node_format_comment (node);
  g_assert_null (strstr (written, "[%why"));
  g_assert_nonnull (strstr (written, "[%eval 0.30]"));
  g_autofree char *now = chess_review_why_get (node);
  g_assert_cmpstr (now, ==, "Loses the queen to 4… Nxg4.");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/review-motif/queen-en-prise", test_queen_en_prise);
  g_test_add_func ("/review-motif/hanging", test_hanging);
  g_test_add_func ("/review-motif/material", test_material);
  g_test_add_func ("/review-motif/mate-allowed", test_mate_allowed);
  g_test_add_func ("/review-motif/mate-missed", test_mate_missed);
  g_test_add_func ("/review-motif/fork", test_fork);
  g_test_add_func ("/review-motif/pin", test_pin);
  g_test_add_func ("/review-motif/skewer", test_skewer);
  g_test_add_func ("/review-motif/discovered", test_discovered);
  g_test_add_func ("/review-motif/threat-ignored", test_threat_ignored);
  g_test_add_func ("/review-motif/endings", test_endings);
  g_test_add_func ("/review-motif/better-wins", test_better_wins);
  g_test_add_func ("/review-motif/good-moves-say-nothing", test_good_moves_say_nothing);
  g_test_add_func ("/review-motif/comment-replaced", test_comment_replaced);
  g_test_add_func ("/review-motif/score-sentences", test_score_sentences);
  g_test_add_func ("/review-motif/sentence-recognised", test_sentence_recognised);
  g_test_add_func ("/review-motif/sentence-translated", test_sentence_translated);
  g_test_add_func ("/review-motif/old-mark-read", test_old_mark_read);
  return g_test_run ();
}
