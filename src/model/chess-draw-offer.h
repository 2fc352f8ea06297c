/* chess-draw-offer.h — how the computer answers a draw offer, in the
 * window and in `thinkchess-cli play` alike: on a real evaluation of the
 * position on the board, whatever its level and whatever engine plays.
 *
 * The built-in engine searches the current position at full strength
 * within a fixed node budget (so the answer is the same on every machine,
 * under any load, and at every level: a Beginner a knight down takes the
 * draw as Maximum does). An external engine's own last score is not used:
 * it judged the position before the person's last move, which may have
 * been the blunder that makes the offer one to refuse.
 *
 *   chess_draw_offer_judge_async (line, computer, cancellable, judged, self);
 *   …  if (!chess_draw_offer_judge_finish (result, &accepts, &error)) …
 */
#pragma once

#include <gio/gio.h>

#include "chess-external-client.h"
#include "chess-line.h"

G_BEGIN_DECLS

/* The judgement's search: a piece won or lost and short tactics are seen
 * at full strength in a fraction of a second. */
#define CHESS_DRAW_OFFER_NODES 150000

/* The computer takes the draw when its score is at most this (centipawns,
 * its own view): clearly worse, as a person would. In a level middlegame
 * it plays on, as engines and people at a club do: otherwise anyone could
 * draw the strongest level in two moves. */
#define CHESS_DRAW_OFFER_ACCEPT_CP (-50)

/* In a level ending, within this of equality, it takes the draw too: no
 * queens and at most two pieces a side (pawns aside) leave little to play
 * for. */
#define CHESS_DRAW_OFFER_LEVEL_ENDING_CP 30

/* Whether the computer, playing `computer` in `board`, takes the draw on
 * `reply`, the search of `board` (scores from its side to move). */
gboolean chess_draw_offer_accepts      (const ChessBoard        *board,
                                        ChessColor               computer,
                                        const ChessPlayerReply  *reply);

/* Whether the computer can still win at all: FALSE when it cannot
 * checkmate by any series of legal moves (then it takes the draw without
 * a search: a lost flag of the opponent is a draw too). */
gboolean chess_draw_offer_can_win      (const ChessBoard        *board,
                                        ChessColor               computer);

/* Judges an offer to the computer playing `computer` in the current
 * position of `line` (copied). Searches in a thread of its own; the
 * callback runs on the thread-default main context of the caller. */
void     chess_draw_offer_judge_async  (const ChessLine         *line,
                                        ChessColor               computer,
                                        GCancellable            *cancellable,
                                        GAsyncReadyCallback      callback,
                                        gpointer                 user_data);
/* FALSE with `error` set when the search failed or was cancelled;
 * otherwise TRUE with the answer in `accepts`. */
gboolean chess_draw_offer_judge_finish (GAsyncResult            *result,
                                        gboolean                *accepts,
                                        GError                 **error);
/* For the terminal game: runs the thread-default main context until the
 * judgement is made. */
gboolean chess_draw_offer_judge_sync   (const ChessLine         *line,
                                        ChessColor               computer,
                                        GCancellable            *cancellable,
                                        gboolean                *accepts,
                                        GError                 **error);

G_END_DECLS
