/* chess-review-score.h — judging the moves of a game from engine scores
 * (GLib only: no GObject, no engine): scores, winning chances, classes,
 * accuracy (chess-review-score.c), and the review written into a game tree
 * as annotations and read back from it (chess-review-tree.c: the tree is
 * the only store of a review's results).
 * ChessReview (chess-review.h) runs the engine and uses these. */
#pragma once

#include <glib.h>

#include "chess-board.h"
#include "chess-external-output.h"
#include "chess-notation.h"
#include "chess-tree.h"

G_BEGIN_DECLS

/* A score as one int: centipawns, or a mate as ±(CHESS_REVIEW_MATE − plies
 * to mate), positive when the side whose view it is mates. A checkmated
 * position is −CHESS_REVIEW_MATE for the side to move. Scores in
 * ChessReviewMove are from White's view unless the field says "mover". */
#define CHESS_REVIEW_MATE 100000
#define CHESS_REVIEW_MATE_BOUND (CHESS_REVIEW_MATE - 1000)

static inline gboolean
chess_review_score_is_mate (int score)
{
  return score >= CHESS_REVIEW_MATE_BOUND || score <= -CHESS_REVIEW_MATE_BOUND;
}

/* From an engine's "score cp N" / "score mate N" (N in moves, negative when
 * the side to move is mated; 0 = already mated). */
int    chess_review_score_from_cp         (int cp);
int    chess_review_score_from_mate_moves (int mate_moves);
/* Moves to mate as [%eval #N] and engines write it: > 0 the side of the
 * view mates, < 0 it is mated; 0 for centipawn scores and mate on the board. */
int    chess_review_score_mate_moves      (int score);
/* The other side's view. */
static inline int chess_review_score_negate (int score) { return -score; }
/* White's view of a score from `side`'s view (and back: the same). */
static inline int
chess_review_score_for (int score, ChessColor side)
{
  return side == CHESS_COLOR_WHITE ? score : -score;
}
/* As [%eval] writes it, into buf (≥ 16 bytes): "0.34", "-1.20", "#3",
 * "#-2"; a mate on the board (±CHESS_REVIEW_MATE) gives "#0" (the
 * annotations leave [%eval] out after a mating move, as other tools do).
 * Apps show "M3" / "+0.34" as they like. Returns buf. */
char  *chess_review_score_format          (int score, char *buf);

/* A score of the built-in engine on Stockfish's scale, which Lichess's
 * curve was fitted to: the same up to four pawns, beyond them growing
 * 0.3 times as fast (see chess-review-score.c). Mates are unchanged. */
int    chess_review_score_from_builtin    (int score);
/* A line's score for the review: its mate or centipawns, the built-in
 * engine's (`builtin`) on Stockfish's scale. */
int    chess_review_score_of_info         (const ChessPlayerInfo *info,
                                           gboolean               builtin);

/* Expected score (0 = lost … 0.5 … 1 = won) for the side whose view
 * `score` is: Lichess's logistic curve of the centipawns, clamped to
 * ±1000 cp (0.025 … 0.975; documented in the README), 1 or 0 for mates. */
double chess_review_win_chance            (int score);

typedef enum
{
  CHESS_REVIEW_CLASS_NONE,        /* not reviewed (yet)              */
  CHESS_REVIEW_CLASS_BEST,        /* the engine's first choice       */
  CHESS_REVIEW_CLASS_EXCELLENT,
  CHESS_REVIEW_CLASS_GOOD,
  CHESS_REVIEW_CLASS_INACCURACY,  /* ?!  $6                          */
  CHESS_REVIEW_CLASS_MISTAKE,     /* ?   $2                          */
  CHESS_REVIEW_CLASS_BLUNDER,     /* ??  $4                          */
  CHESS_REVIEW_N_CLASSES,
} ChessMoveClass;

/* The class of a move from the win-chance loss (0..1, the mover's view),
 * whether it was the engine's best move, and the judging engine's doubt
 * (chess_review_engine_doubt): a move is called a mistake only by the loss
 * the engine is sure of, so the bound of ? is that much higher (below it,
 * an inaccuracy); a blunder's (0.15) is not. */
ChessMoveClass chess_review_classify     (double   win_loss,
                                            gboolean is_best,
                                            double   doubt);
/* How much of a loss the engine that judges may see where there is none,
 * at a review's budget: the built-in engine's measured error; 0 for
 * others (whose error is not known; Stockfish's is small). */
double   chess_review_engine_doubt         (gboolean builtin);
/* "Blunder", "Mistake", … translated; "" for NONE. */
const char      *chess_review_class_name   (ChessMoveClass klass);
/* Its NAG (6, 2, 4) or 0. */
guint8           chess_review_class_nag    (ChessMoveClass klass);

/* "Only move": the best move's win chance exceeds the second best's by a
 * blunder's loss (0.15) or more — any other move would have been a blunder
 * (the mover's view, MultiPV 2); FALSE when there is one legal move only
 * (forced, not found). */
gboolean chess_review_is_only_move         (int      best_score,
                                            int      second_score,
                                            guint    n_legal_moves);

/* Accuracy of one move, 0..100, from its win-chance loss. */
double   chess_review_move_accuracy        (double win_loss);

#define CHESS_REVIEW_MAX_LINE CHESS_TREE_REVIEW_LINE
/* Room for one sentence of why (UTF-8 bytes with the terminator). */
#define CHESS_REVIEW_WHY_MAX 256

/* What the engine found in one position: the best line and its score and
 * the second best line's score (MultiPV 2), from the side to move's view. */
typedef struct
{
  int       score;
  gboolean  has_second;            /* FALSE: one legal move, or not known */
  int       second_score;
  ChessMove second_move;           /* the second line's first move        */
  ChessMove line[CHESS_REVIEW_MAX_LINE];
  guint     line_length;           /* 0: no move known                    */
  int       depth;
  double    doubt;                 /* chess_review_engine_doubt           */
} ChessReviewSearch;

/* The review of one move of the main line. */
typedef struct
{
  guint            ply;
  ChessColor       mover;
  ChessMove        move;
  char             san[CHESS_MOVE_TEXT_MAX];  /* English SAN with +/#      */

  int              eval_before;        /* White's view, the position before */
  int              eval_after;         /* White's view, the position after  */
  int              mover_eval_before;  /* the same from the mover's view    */
  int              mover_eval_after;
  double           win_before;         /* the mover's expected score, 0..1  */
  double           win_after;
  double           win_loss;           /* max (0, win_before − win_after)   */
  double           accuracy;           /* 0..100                            */
  ChessMoveClass klass;
  gboolean         only_move;          /* one move alone held (see above)   */

  ChessMove        best_move;          /* CHESS_MOVE_NONE when unknown      */
  char             best_san[CHESS_MOVE_TEXT_MAX];
  ChessMove        best_line[CHESS_REVIEW_MAX_LINE]; /* from the position
                                        * before; best_line[0] = best_move  */
  guint            best_line_length;
  int              best_eval;          /* White's view, after the best move  */
  int              depth;              /* of the search before the move      */

  ChessMove        reply_line[CHESS_REVIEW_MAX_LINE]; /* the opponent's best
                                        * line from the position after       */
  guint            reply_line_length;
  /* Why, in words (chess-review-motif.h): what the move did and what the
   * better move does, one translated sentence each, or "". */
  char             why[CHESS_REVIEW_WHY_MAX];
  char             better_why[CHESS_REVIEW_WHY_MAX];
} ChessReviewMove;

/* Judges `move` (legal in `before`, the ply-th move of the line) from the
 * search of the position before it and the score of the position after it
 * from the view of the side to move there (the opponent): a search's
 * score, or −CHESS_REVIEW_MATE when the move mates, 0 when it stalemates
 * or ends the game drawn. Fills every field of `out`. */
void     chess_review_move_judge           (ChessReviewMove         *out,
                                            guint                    ply,
                                            const ChessBoard        *before,
                                            ChessMove                move,
                                            const ChessReviewSearch *search,
                                            int                      score_after);

/* Per player, over the moves reviewed so far. */
typedef struct
{
  guint  n_moves;
  double accuracy;                       /* 0..100; -1 when n_moves is 0 */
  guint  counts[CHESS_REVIEW_N_CLASSES]; /* by ChessMoveClass          */
} ChessReviewPlayerStats;

/* The per-player summary of `n` reviewed moves (NONE ones are skipped). */
void     chess_review_player_stats         (const ChessReviewMove  *moves,
                                            guint                   n,
                                            ChessColor              player,
                                            ChessReviewPlayerStats *out);

/* ---- In the tree (chess-review-tree.c) ---- */

/* Writes the review into the main line of `tree` (moves[i] goes on the
 * main line's (moves[i].ply + 1)-th node, only while the moves match):
 * [%eval] after each move and on the start (the comment before the first
 * move), NAG $6/$2/$4 (replacing any 1–6 NAG) on
 * inaccuracies, mistakes and blunders, and the best line as a variation on
 * them (an existing variation with the same first move is reused); what
 * PGN has no words for (the class, the loss, the best line of every move)
 * in the node's review record. Comments, clocks, arrows and other
 * variations are kept. Returns how many moves were annotated. */
guint    chess_review_annotate_tree        (ChessTree              *tree,
                                            const ChessReviewMove  *moves,
                                            guint                   n);
/* The same for one move, `move`->ply of them before it in `line`: FALSE
 * when the main line does not start with them and it. */
gboolean chess_review_annotate_move        (ChessTree              *tree,
                                            const ChessMove        *line,
                                            const ChessReviewMove  *move);

/* A score a move read from a tree does not have: eval_before or
 * eval_after without [%eval], best_eval when the better line has none. */
#define CHESS_REVIEW_UNKNOWN G_MININT

/* The review of the main line as the tree holds it, one entry per move
 * (main-line length of them, into a new array of ChessReviewMove). A move
 * with its review record (whose mark the user has not changed since) reads
 * back as the review judged it, and is `judged`. Else: klass from the
 * marks (GOOD for a move with both scores, NONE without), scores from the
 * [%eval]s (a checkmate on the board counts without one;
 * CHESS_REVIEW_UNKNOWN when missing, and then no win chances or accuracy),
 * the better line from the first variation, and `judged` when marked.
 * Why in words comes from the comments (chess-review-why.h). `judged`
 * (may be NULL) gets a gboolean per move. */
GArray  *chess_review_read_tree            (const ChessTree        *tree,
                                            GArray                **judged);
/* A player's accuracy and counts over what chess_review_read_tree read:
 * accuracy over the moves with both scores, counts from the marks too
 * (a mark without scores still counts). */
void     chess_review_read_player_stats    (GArray                 *moves,
                                            ChessColor              player,
                                            ChessReviewPlayerStats *out);

G_END_DECLS

