/* chess-cli-engine.h — the computer at the terminal: making a player from
 * the command line's --engine/--protocol/--level, and writing what it
 * thinks (scores, best lines) for people. */
#pragma once

#include "chess-player.h"

G_BEGIN_DECLS

/* A started player. `engine` NULL: the built-in engine at `level`; else the
 * id of an installed engine ("stockfish") or a command line, spoken to in
 * `protocol` ("uci", "xboard" or NULL: the installed engine's, else UCI). */
ChessPlayer *chess_cli_engine_player_new (const char  *engine,
                                          const char  *protocol,
                                          int          level,
                                          GError     **error);

/* Parses --protocol; FALSE with a message for anything else. */
gboolean chess_cli_engine_parse_protocol (const char          *text,
                                          ChessExternalProtocol *protocol,
                                          GError             **error);

/* The score from White's point of view: "+0.35", "-1.20", "0.00", mates
 * as "+M3" (White mates in three) or "-M2". `side_to_move` is the side the
 * info's score belongs to. */
char *chess_cli_format_score (const ChessPlayerInfo *info,
                              ChessColor             side_to_move);

/* The info's best line from `board` in numbered SAN ("12… Nc6 13. Bb5 a6"),
 * up to `max_moves` moves; NULL when it has none that is legal. */
char *chess_cli_format_pv    (const ChessPlayerInfo *info,
                              const ChessBoard      *board,
                              guint                  max_moves);

G_END_DECLS
