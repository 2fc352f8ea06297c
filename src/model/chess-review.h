/* chess-review.h — a game review: every move of a game's main line judged
 * by an engine (ChessPlayer: the built-in engine or an external one),
 * with progress, each judgement written into the game's tree as it comes.
 * The tree is the only store of what the review concluded (read it with
 * chess_review_read_tree); the review keeps only its searches in flight.
 * The judging itself is in chess-review-score.h.
 *
 * Usage (app):
 *   review = chess_review_new (game);                  // the main line as it is now
 *   chess_review_set_nodes (review, 100000);           // optional budget
 *   chess_review_set_engine (review, player);          // optional, NULL: built-in
 *   g_signal_connect (review, "move-reviewed", G_CALLBACK (move_reviewed_cb), self);
 *   g_signal_connect (review, "notify::progress", …);
 *   chess_review_run_async (review, cancellable, review_done_cb, self);
 *   …  in review_done_cb: chess_review_run_finish (review, result, &error);
 *   Each move judged is in the game's tree at once (NAGs, [%eval],
 *      variations, the node's review record), with the game's "changed"
 *      (TREE), while the main line still starts with the reviewed moves.
 *   Cancel: g_cancellable_cancel (cancellable) → finishes with
 *      G_IO_ERROR_CANCELLED; the moves reviewed so far stay in the tree.
 *
 * Everything happens on the thread-default main context of the thread that
 * called run_async (signals too); the engine searches in its own thread (the
 * built-in one) or process (external), so the UI never blocks.
 *
 * Plies: `ply` is 0-based, the index of a move in the reviewed main line
 * (0 = White's first move when the game starts from the standard position).
 */
#pragma once

#include <gio/gio.h>

#include "chess-game.h"
#include "chess-player.h"
#include "chess-review-score.h"

G_BEGIN_DECLS

/* The default budget: this many nodes a position, searched by one thread
 * with the hash cleared when the review starts, so that one game gets
 * byte-identical judgement on every run and every machine (a clock would
 * make the depth reached, and so the marks, depend on the machine's
 * load). About 31 s of processor time for a 40-move game (81 positions,
 * MultiPV 2), half the minute a review may take (measured with
 * bench/review.sh; the README's review section). External UCI engines get
 * the same budget (`go nodes`). */
#define CHESS_REVIEW_DEFAULT_NODES 400000
/* The time a position when asked for a clock (--time-per-move's default),
 * and for engines that cannot count nodes (xboard has no node limit). */
#define CHESS_REVIEW_DEFAULT_TIME_PER_MOVE_MS 300

#define CHESS_TYPE_REVIEW (chess_review_get_type ())
G_DECLARE_FINAL_TYPE (ChessReview, chess_review, CHESS, REVIEW, GObject)

/* A review of `game`'s main line as it is now (the game may be browsed
 * and changed while the review runs), written into the game's tree. */
ChessReview *chess_review_new                (ChessGame   *game);
/* The same for a game read from PGN (the CLI), written into `tree`, which
 * must outlive the review. */
ChessReview *chess_review_new_for_tree       (ChessTree   *tree);

/* Settings, before run_async. The budget a position is the depth when
 * set, else the nodes when set (an xboard engine: the time instead), else
 * the time. Setting the time sets the nodes to 0. */
void         chess_review_set_time_per_move  (ChessReview *self,
                                              guint        ms);   /* property time-per-move */
guint        chess_review_get_time_per_move  (ChessReview *self);
/* Nodes a position (0: the time; property nodes); default
 * CHESS_REVIEW_DEFAULT_NODES. */
void         chess_review_set_nodes          (ChessReview *self,
                                              guint64      nodes);
guint64      chess_review_get_nodes          (ChessReview *self);
/* An engine player, already started by the caller
 * (chess_player_start_*; the review keeps a reference and calls its
 * new_game), or NULL: the review makes the built-in engine at full
 * strength. The player must not think for anyone else while the review
 * runs. */
void         chess_review_set_engine         (ChessReview       *self,
                                              ChessPlayer *engine);
ChessPlayer *chess_review_get_engine   (ChessReview       *self);
/* A fixed search depth per position instead (0: nodes or time; property
 * depth): fast reviews for tests. */
void         chess_review_set_depth          (ChessReview *self,
                                              guint        depth);
guint        chess_review_get_depth          (ChessReview *self);

/* Who judged and with what budget, translated, for the panel and the
 * CLI's summary: "ThinkChess 0.1.0, 400,000 nodes a position" (the
 * built-in engine at full strength by the program's version; an external
 * one by its name; numbers grouped as the locale does), "Stockfish 15.1,
 * 300 ms a position", "ThinkChess 0.1.0, depth 12". The engine is the one
 * set, or the built-in one once the review started. */
char        *chess_review_describe_judge     (ChessReview *self);

/* Reviews every move of the line: "move-reviewed" per move as results come
 * (in order of ply), progress rising to 1. Finishes TRUE when all moves are
 * reviewed; FALSE with G_IO_ERROR_CANCELLED when cancelled, or with the
 * engine's CHESS_PLAYER_ERROR when it failed. Once only per review. */
void         chess_review_run_async          (ChessReview         *self,
                                              GCancellable        *cancellable,
                                              GAsyncReadyCallback  callback,
                                              gpointer             user_data);
gboolean     chess_review_run_finish         (ChessReview         *self,
                                              GAsyncResult        *result,
                                              GError             **error);
/* Runs the thread-default main context until it finishes (the CLI). */
gboolean     chess_review_run_sync           (ChessReview         *self,
                                              GCancellable        *cancellable,
                                              GError             **error);

/* 0..1 (property "progress", notified as positions are searched). */
double       chess_review_get_progress       (ChessReview *self);
/* TRUE from run_async until it finishes (property "running"). */
gboolean     chess_review_is_running         (ChessReview *self);
/* TRUE when every move was reviewed (property "complete"). */
gboolean     chess_review_is_complete        (ChessReview *self);

/* Moves in the line, and how many have their review so far. */
guint        chess_review_get_n_moves        (ChessReview *self);
guint        chess_review_get_n_reviewed     (ChessReview *self);
/* How many moves as players count them (move numbers: White's and
 * Black's together) the first `plies` half-moves of the line take: the
 * progress and the summary speak of these, "11 of 40 moves". */
guint        chess_review_count_moves      (ChessReview *self,
                                            guint        plies);
/* Signals:
 *   move-reviewed (guint ply): the review of move `ply` is in the tree
 *     (its node, and the [%eval] of the position after it).
 * Properties (read-only unless said): progress (double), running,
 *   complete (gboolean), time-per-move (guint, read-write), nodes (guint64,
 *   read-write), depth (guint, read-write), engine (ChessPlayer,
 *   read-write), n-moves (guint). */

G_END_DECLS
