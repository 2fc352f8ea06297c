/* chess-review-motif-private.h — what the motif detector's files share:
 * board helpers and the lines played forward (chess-review-motif-lines.c),
 * the tactics (chess-review-motif-tactics.c); chess-review-motif.c decides. */
#pragma once

#include "chess-bitboard.h"
#include "chess-review-motif.h"

G_BEGIN_DECLS

/* `side`'s material minus the other side's, centipawns. */
int             _chess_motif_balance           (const ChessBoard *board,
                                                ChessColor        side);
ChessBitboard   _chess_motif_occupancy         (const ChessBoard *board);
/* The squares a piece of `type` and `color` on `sq` attacks. */
ChessBitboard   _chess_motif_attacks_from      (ChessPieceType    type,
                                                ChessSquare       sq,
                                                ChessColor        color,
                                                ChessBitboard     occ);
/* Whether the piece on `sq` is defended by its own side. */
gboolean        _chess_motif_is_defended       (const ChessBoard *board,
                                                ChessSquare       sq);
/* The value of the cheapest piece of `by` attacking `sq`, 0 when none. */
int             _chess_motif_cheapest_attacker (const ChessBoard *board,
                                                ChessSquare       sq,
                                                ChessColor        by);
ChessMotifPiece _chess_motif_piece_at          (const ChessBoard *board,
                                                ChessSquare       sq);
ChessMotifPiece _chess_motif_no_piece          (void);
/* The type `move` takes, CHESS_NO_PIECE_TYPE for a quiet move. */
ChessPieceType  _chess_motif_captured_type     (const ChessBoard *board,
                                                ChessMove         move);
/* Plays `n` plies of `line` on `board` (the legal start only); returns
 * how many it played. */
guint           _chess_motif_play              (ChessBoard       *board,
                                                const ChessMove  *line,
                                                guint             n);

typedef struct
{
  int             settled;    /* `side`'s material balance where it settles */
  ChessMotifPiece lost;       /* `side`'s dearest piece lost net of trades  */
  guint           lost_ply;   /* the line's move that took it                */
  ChessMotifPiece won;        /* the other side's, the same                  */
  guint           won_ply;
} LineOutcome;

void            _chess_motif_line_outcome      (const ChessBoard *start,
                                                const ChessMove  *line,
                                                guint             n,
                                                ChessColor        side,
                                                LineOutcome      *out);
/* Whether `side` takes on `target`'s square (anything when `target` is
 * no piece) in the line's plies from `from` on. */
gboolean        _chess_motif_later_takes       (const ChessBoard *start,
                                                const ChessMove  *line,
                                                guint             n,
                                                guint             from,
                                                ChessColor        side,
                                                ChessMotifPiece   target);

/* A fork, pin, skewer or discovered attack played at ply 0 or 2 (up to
 * `last_ply`) of `line` from `start`: its kind (FORK, PIN, SKEWER,
 * DISCOVERED or NONE), and in `out` the pieces, the board before the move
 * and the move. A pin to the king counts without winning anything later
 * unless `must_win`. */
ChessMotifKind  _chess_motif_find_tactic       (const ChessBoard *start,
                                                const ChessMove  *line,
                                                guint             n,
                                                guint             last_ply,
                                                gboolean          must_win,
                                                ChessReviewMotif *out);

G_END_DECLS
