/* chess-player.h — a computer player: given a game's line and the
 * clocks it chooses a move, and while it thinks it reports its depth, score
 * and best line. The window, the terminal game and the game review all use
 * it, whether the engine is the built-in one (searching in a worker thread,
 * never on the caller's thread) or an external UCI or xboard/CECP program
 * (through ChessExternalClient).
 *
 * Everything is asynchronous on the thread-default GMainContext of the
 * thread that created the player; "thinking" is emitted there too. One
 * think at a time: a second one while another is pending fails with
 * CHESS_PLAYER_ERROR_BUSY.
 *
 *   player = chess_player_new_builtin (level);
 *   chess_player_start_async (player, NULL, started, self);
 *   …
 *   chess_player_think_async (player, line, &limits, 1, cancellable,
 *                                    thought, self);
 *   …  reply = chess_player_think_finish (player, result, &error);
 *
 * An external engine that crashes, hangs past limits->timeout_ms, prints
 * garbage where a move is needed or plays an illegal move makes the pending
 * think fail with a translated CHESS_PLAYER_ERROR whose message names the
 * engine ("Stockfish stopped responding"); the player is then dead
 * (chess_player_is_alive is FALSE) and the caller makes a new one or
 * picks another opponent. Cancelling a think stops the search and fails it
 * with G_IO_ERROR_CANCELLED. Dropping the last reference stops any search
 * and joins its thread (built-in) before returning: no thread outlives its
 * player. An external program is told to quit and is killed if it has not
 * exited within a second (its client lives on the main context until
 * then). A pending think holds a reference to the player, as GIO calls
 * do: cancel it (or stop it) before letting go of the player;
 * g_object_run_dispose() during a think stops it and fails it with
 * G_IO_ERROR_CANCELLED.
 *
 * Untimed games: when the limits give no clock, movetime, depth or nodes
 * and are not infinite, the player answers at the pace of its level, not
 * at once and not after a long think (± 20 % per move, so it does not feel
 * mechanical):
 *
 *   level  0 Beginner  1.0 s    5 Advanced          2.0 s
 *          1 Novice    1.0 s    6 Expert            2.5 s
 *          2 Casual    1.2 s    7 Candidate master  3.0 s
 *          3 Club      1.5 s    8 Master            3.5 s
 *          4 Intermed. 1.8 s    9 Maximum           4.0 s
 *   external engines: 3.0 s (as movetime)
 *
 * Each built-in player varies its play per game (a seed drawn at creation
 * and at every chess_player_new_game), so the same position does not
 * always get the same move from the weaker levels.
 *
 * limits->timeout_ms 0 means: the engine's own time (movetime, or the
 * mover's clock plus increment) plus CHESS_PLAYER_GRACE_MS (10 s);
 * none for infinite, depth or node searches. The built-in engine is never
 * killed: at its deadline it is told to stop and answers.
 */
#pragma once

#include <gio/gio.h>

#include "chess-external-client.h"
#include "chess-line.h"

G_BEGIN_DECLS

#define CHESS_TYPE_PLAYER (chess_player_get_type ())
G_DECLARE_DERIVABLE_TYPE (ChessPlayer, chess_player,
                          CHESS, PLAYER, GObject)

struct _ChessPlayerClass
{
  GObjectClass parent_class;

  void              (*start_async)  (ChessPlayer       *self,
                                     GCancellable            *cancellable,
                                     GAsyncReadyCallback      callback,
                                     gpointer                 user_data);
  gboolean          (*start_finish) (ChessPlayer       *self,
                                     GAsyncResult            *result,
                                     GError                 **error);
  gboolean          (*new_game)     (ChessPlayer       *self,
                                     GError                 **error);
  void              (*think_async)  (ChessPlayer       *self,
                                     const ChessLine         *line,
                                     const ChessPlayerLimits *limits,
                                     int                      multipv,
                                     GCancellable            *cancellable,
                                     GAsyncReadyCallback      callback,
                                     gpointer                 user_data);
  ChessPlayerReply *(*think_finish) (ChessPlayer       *self,
                                     GAsyncResult            *result,
                                     GError                 **error);
  void              (*stop)         (ChessPlayer       *self);
  gboolean          (*is_alive)     (ChessPlayer       *self);
  void              (*close_sync)   (ChessPlayer       *self);

  gpointer padding[7];
};

/* The most lines (multipv) a think reports. */
#define CHESS_PLAYER_MAX_MULTIPV_LINES 16

/* How long an external engine may take beyond its own time before it
 * counts as hung, when the caller gave no timeout. */
#define CHESS_PLAYER_GRACE_MS 10000

/* The untimed pace of a level (-1: external engines), in milliseconds. */
gint64             chess_player_pace_ms      (int                  level);

/* The built-in engine at a level of chess-engine-levels.h. */
ChessPlayer *chess_player_new_builtin  (int                  level);
/* For tests: how many threads the built-in player's engine searched with
 * last; 0 when it is not running or `player` is another kind. */
int          _chess_player_builtin_get_threads (ChessPlayer *player);
/* An external program: argv[0] looked up in PATH; `options` (NULL or
 * name → value strings) are set after the handshake, unknown ones ignored
 * with a warning. */
ChessPlayer *chess_player_new_external (const char          *display_name,
                                        const char *const   *argv,
                                        ChessExternalProtocol  protocol,
                                        GHashTable          *options);

/* The name to show: "ThinkChess (Beginner)", or the external engine's
 * display name ("Stockfish"; when NULL was given, the name the engine
 * tells in its handshake, "Stockfish 15.1"). Notified as "name". */
const char *chess_player_get_name     (ChessPlayer   *self);
/* The name the engine gives itself once started ("Stockfish 15.1" where
 * the display name is "Stockfish"); the display name until then and for
 * the built-in engine. */
const char *chess_player_get_engine_name (ChessPlayer *self);
/* Whether a think can be limited by nodes (limits->nodes): the built-in
 * engine and UCI ones; xboard has no node limit. */
gboolean    chess_player_counts_nodes (ChessPlayer   *self);
/* The built-in engine's level, or -1 for external engines. */
int         chess_player_get_level    (ChessPlayer   *self);
/* Whether this is the built-in engine (it has a level). */
gboolean    chess_player_is_builtin   (ChessPlayer   *self);
gboolean    chess_player_is_alive     (ChessPlayer   *self);

/* Runs an external program and does the handshake; the built-in engine
 * is ready at once (the call still completes asynchronously). */
void        chess_player_start_async  (ChessPlayer   *self,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
gboolean    chess_player_start_finish (ChessPlayer   *self,
                                       GAsyncResult        *result,
                                       GError             **error);
gboolean    chess_player_start_sync   (ChessPlayer   *self,
                                       GCancellable        *cancellable,
                                       GError             **error);

/* Forget the last game (hash, histories; UCI ucinewgame, xboard new).
 * Asked during a think (best cancelled or stopped first), it takes effect
 * when that think ends. */
gboolean    chess_player_new_game     (ChessPlayer   *self,
                                       GError             **error);

/* Searches the current position of `line` (copied: the caller may change
 * it at once) within `limits`, reporting `multipv` best lines through
 * "thinking". For analysis set limits->infinite and call
 * chess_player_stop (the reply then holds the best move so far, or
 * is CHESS_PLAYER_REPLY_NO_MOVE). The reply's move is legal in the line's
 * position. */
void        chess_player_think_async  (ChessPlayer       *self,
                                       const ChessLine         *line,
                                       const ChessPlayerLimits *limits,
                                       int                      multipv,
                                       GCancellable            *cancellable,
                                       GAsyncReadyCallback      callback,
                                       gpointer                 user_data);
ChessPlayerReply *chess_player_think_finish (ChessPlayer  *self,
                                             GAsyncResult       *result,
                                             GError            **error);
/* For the terminal game and the review: runs the thread-default main
 * context until the think finishes. */
ChessPlayerReply *chess_player_think_sync   (ChessPlayer       *self,
                                             const ChessLine         *line,
                                             const ChessPlayerLimits *limits,
                                             int                      multipv,
                                             GCancellable            *cancellable,
                                             GError                 **error);

/* Asks a thinking engine to answer now with its best move so far. */
void        chess_player_stop         (ChessPlayer   *self);

/* For command-line programs before they exit: ends a pending think
 * (G_IO_ERROR_CANCELLED), then stops the engine and waits until it is
 * gone (the built-in one's thread joined; an external program quit, or
 * killed after a second), running the thread-default main context
 * meanwhile. The player is dead afterwards. */
void        chess_player_close_sync   (ChessPlayer   *self);

/* Signals:
 *   thinking (ChessPlayerInfo *info): progress of the running think, scores
 *     from the point of view of the side to move, pv as moves from the
 *     position searched.
 *   died (GError *error): an external engine exited or was killed outside
 *     a think (e.g. while idle); the same message a think would give. */

G_END_DECLS
