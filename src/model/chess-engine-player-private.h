/* chess-engine-player-private.h — what the player implementations share
 * with the base class: their name, the signals, the pace of untimed games
 * and the throttle that keeps "thinking" from flooding the main loop. */
#pragma once

#include "chess-engine-player.h"

G_BEGIN_DECLS

/* At most this often "thinking" is emitted for each line of the search. */
#define CHESS_ENGINE_PLAYER_INFO_INTERVAL_MS 100

void     chess_engine_player_set_name      (ChessEnginePlayer       *self,
                                            const char              *name);
void     chess_engine_player_set_level     (ChessEnginePlayer       *self,
                                            int                      level);
/* The name the engine gives itself (UCI id name, xboard myname). */
void     chess_engine_player_set_engine_name (ChessEnginePlayer     *self,
                                              const char            *engine_name);
/* Whether it honours limits->nodes (TRUE unless said). */
void     chess_engine_player_set_counts_nodes (ChessEnginePlayer    *self,
                                               gboolean              counts_nodes);
void     chess_engine_player_emit_thinking (ChessEnginePlayer       *self,
                                            const ChessEngineInfo   *info);
void     chess_engine_player_emit_died     (ChessEnginePlayer       *self,
                                            const GError            *error);

/* TRUE when `limits` say nothing about how long to think (no clock,
 * movetime, depth, nodes, not infinite): an untimed game's move. */
gboolean chess_engine_limits_are_open      (const ChessEngineLimits *limits);

/* Coalesces search progress: push() from any thread keeps the newest info
 * of each line (multipv) and makes sure a flush runs on `context` within
 * CHESS_ENGINE_PLAYER_INFO_INTERVAL_MS; the flush emits "thinking" on the
 * owner. A bound never replaces a pending exact score of its line, so the
 * last exact score of each line is always emitted. The owner is only
 * touched on `context`'s thread. */
typedef struct _ChessInfoThrottle ChessInfoThrottle;

ChessInfoThrottle *chess_info_throttle_new    (ChessEnginePlayer     *owner,
                                               GMainContext          *context);
void               chess_info_throttle_push   (ChessInfoThrottle     *self,
                                               const ChessEngineInfo *info);
/* Emits what is pending now (owner's thread). */
void               chess_info_throttle_flush  (ChessInfoThrottle     *self);
/* Drops what is pending (a new think begins). */
void               chess_info_throttle_reset  (ChessInfoThrottle     *self);
/* The owner is going away: nothing is emitted any more; drops the
 * owner's reference. */
void               chess_info_throttle_detach (ChessInfoThrottle     *self);

G_END_DECLS
