/* chess-threat.h — the threat: what the opponent would play if it were
 * their move. The position shown with the move passed to them
 * (chess_board_pass), searched by the built-in engine at full strength
 * within a fixed node budget, so the answer is the same on every machine
 * and under any load; the app (win.threat, Ctrl+T) and `thinkchess-cli
 * play`'s `threat` both use it and say it in the same words.
 *
 *   ChessThreat threat;
 *   if (!chess_threat_init (&threat, board))   … in check: no threat shown
 *   chess_threat_limits_init (&limits);
 *   chess_line_init (&line, &threat.position);
 *   … think with a built-in player made by chess_threat_player_new (),
 *   chess_threat_set_reply (&threat, reply);
 *   text = chess_threat_describe (&threat, "Qxh2#");  → "12… Qxh2#, mate in 1"
 */
#pragma once

#include <glib.h>

#include "chess-board.h"
#include "chess-external-client.h"
#include "chess-player.h"

G_BEGIN_DECLS

/* The threat's search: enough for a mate in two or a won piece at full
 * strength in well under a second, and independent of the clock. */
#define CHESS_THREAT_NODES 150000

/* The moves of the threat's line kept for its words. */
#define CHESS_THREAT_LINE_MAX 6

typedef struct
{
  ChessBoard     position;   /* the position shown with the move passed  */
  ChessMove      move;       /* the threat, or CHESS_MOVE_NONE until found */
  gboolean       has_score;
  ChessEvalScore score;      /* from the threatening side's view         */
  /* The search's line from `position`, starting with `move`: what the
   * words say the threat wins (a fork shows in the capture after it). */
  ChessMove      line[CHESS_THREAT_LINE_MAX];
  guint          line_length;
} ChessThreat;

/* The position of `board` with the move passed. FALSE when the side to
 * move is in check (there is no threat to show then). */
gboolean  chess_threat_init        (ChessThreat            *self,
                                    const ChessBoard       *board);
/* The search limits: CHESS_THREAT_NODES nodes, no clock. */
void      chess_threat_limits_init (ChessPlayerLimits      *limits);
/* The built-in engine at full strength, as the threat needs it (not yet
 * started). Call chess_player_new_game before each threat so that
 * no earlier search changes the answer. */
ChessPlayer *chess_threat_player_new (void);
/* The move and score of the engine's reply (scores from the side to move
 * of self->position, the threatening side). FALSE when it has no move. */
gboolean  chess_threat_set_reply   (ChessThreat            *self,
                                    const ChessPlayerReply *reply);
/* The threat in words, without who threatens: the move numbered as a
 * move list writes it, `move_text` being the move in the caller's
 * notation ("Qxh2#"), then what it brings: "12… Qxh2#, mate in 1",
 * "15. Nxe5 (+1.20)" (the score from the threatening side's view, with a
 * U+2212 minus); where the review's motif detector can say what the move
 * wins, its words instead of the score: "4… gxh5, winning the queen",
 * "12. Nc7+, forking the king on e8 and the rook on a8". Translated. */
char     *chess_threat_describe    (const ChessThreat      *self,
                                    const char             *move_text);

G_END_DECLS
