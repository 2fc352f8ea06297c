/* chess-opponents.h — who can play a side against a person: the built-in
 * engine at one of its levels, or an external engine of the registry.
 *
 * An opponent is written into a game's tags, so a game continued from the
 * autosave (or reopened from a file) is played on by the same engine:
 * the PGN standard's WhiteType / BlackType ("human" or "program") and our
 * own WhiteEngine / BlackEngine ("builtin 2", or "external stockfish").
 */
#pragma once

#include <gtk/gtk.h>

#include "chess-player.h"
#include "chess-game.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean  computer;
  char     *engine_id;   /* NULL or "": the built-in engine */
  int       level;       /* the built-in engine's level */
} ChessOpponent;

void chess_opponent_clear (ChessOpponent *opponent);

/* What the new-game settings say for `color` (white-player, white-engine,
 * white-level, …). */
void chess_opponent_from_settings (ChessOpponent *opponent,
                                   GSettings     *settings,
                                   ChessColor     color);
/* Writes the opponent into the new-game settings for `color`: a person or
 * a computer, and a computer's engine and level (a person's name is the
 * caller's; a person keeps the engine and level last chosen). */
void chess_opponent_to_settings   (const ChessOpponent *opponent,
                                   GSettings           *settings,
                                   ChessColor           color);
/* What the game's tags say (a human when they say nothing). */
void chess_opponent_from_game     (ChessOpponent *opponent,
                                   ChessGame     *game,
                                   ChessColor     color);
/* Writes the opponent into the game's tags, and its name as the player's
 * name for a computer (a human keeps `human_name`, NULL or "" for none). */
void chess_opponent_apply_to_game (const ChessOpponent *opponent,
                                   ChessGame           *game,
                                   ChessColor           color,
                                   GSettings           *settings,
                                   const char          *human_name);

/* The name shown for a computer opponent: "ThinkChess (Beginner)", or the
 * external engine's name from the registry. */
char *chess_opponent_get_name     (const ChessOpponent *opponent,
                                   GSettings           *settings);
/* A new (not started) player for a computer opponent; NULL with a
 * translated error when its external engine is no longer known. */
ChessPlayer *chess_opponent_new_player (const ChessOpponent *opponent,
                                        GSettings           *settings,
                                        GError             **error);

/* The drop-down contents: the built-in engine first, then each external
 * engine (ChessExternalEntry of `engines`); and the levels with their Elo. */
GListModel *chess_opponents_engine_model (GPtrArray *engines);
GListModel *chess_opponents_level_model  (void);
/* The engine drop-down's position of `engine_id` (0: built in or unknown)
 * and back (NULL: built in; borrowed from `engines`). */
guint       chess_opponents_engine_position (GPtrArray  *engines,
                                             const char *engine_id);
const char *chess_opponents_engine_at       (GPtrArray  *engines,
                                             guint       position);

G_END_DECLS
