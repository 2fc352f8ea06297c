/* chess-player-private.h — what the player implementations share
 * with the base class: their name, the signals, the pace of untimed games
 * and the throttle that keeps "thinking" from flooding the main loop. */
#pragma once

#include "chess-player.h"

G_BEGIN_DECLS

/* At most this often "thinking" is emitted for each line of the search. */
#define CHESS_PLAYER_INFO_INTERVAL_MS 100

void     chess_player_set_name      (ChessPlayer       *self,
                                     const char              *name);
void     chess_player_set_level     (ChessPlayer       *self,
                                     int                      level);
/* The name the engine gives itself (UCI id name, xboard myname). */
void     chess_player_set_engine_name (ChessPlayer     *self,
                                       const char            *engine_name);
/* Whether it honours limits->nodes (TRUE unless said). */
void     chess_player_set_counts_nodes (ChessPlayer    *self,
                                        gboolean              counts_nodes);
void     chess_player_emit_thinking (ChessPlayer       *self,
                                     const ChessPlayerInfo   *info);
void     chess_player_emit_died     (ChessPlayer       *self,
                                     const GError            *error);

/* TRUE when `limits` say nothing about how long to think (no clock,
 * movetime, depth, nodes, not infinite): an untimed game's move. */
gboolean chess_player_limits_are_open      (const ChessPlayerLimits *limits);

/* Coalesces search progress: push() from any thread keeps the newest info
 * of each line (multipv) and makes sure a flush runs on `context` within
 * CHESS_PLAYER_INFO_INTERVAL_MS; the flush emits "thinking" on the
 * owner. A bound never replaces a pending exact score of its line, so the
 * last exact score of each line is always emitted. The owner is only
 * touched on `context`'s thread. */
typedef struct _ChessInfoThrottle ChessInfoThrottle;

ChessInfoThrottle *chess_info_throttle_new    (ChessPlayer     *owner,
                                               GMainContext          *context);
void               chess_info_throttle_push   (ChessInfoThrottle     *self,
                                               const ChessPlayerInfo *info);
/* Emits what is pending now (owner's thread). */
void               chess_info_throttle_flush  (ChessInfoThrottle     *self);
/* Drops what is pending (a new think begins). */
void               chess_info_throttle_reset  (ChessInfoThrottle     *self);
/* The owner is going away: nothing is emitted any more; drops the
 * owner's reference. */
void               chess_info_throttle_detach (ChessInfoThrottle     *self);

G_END_DECLS
