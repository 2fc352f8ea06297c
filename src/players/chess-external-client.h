/* chess-external-client.h — drives an external chess engine (UCI or
 * xboard/CECP) as a child process.
 *
 * Everything is asynchronous on the thread-default GMainContext of the
 * thread that created the client; each async call has a _sync twin for
 * command-line programs, which runs that context until the call finishes.
 * One call at a time: a second one while another is pending fails with
 * CHESS_PLAYER_ERROR_BUSY.
 *
 *   client = chess_external_client_new (argv, CHESS_EXTERNAL_PROTOCOL_UCI);
 *   chess_external_client_start_sync (client, NULL, &error);   // handshake
 *   chess_external_client_set_option (client, "Hash", "64", &error);
 *   chess_external_client_new_game (client, &error);
 *   reply = chess_external_client_go_sync (client, &line, &limits, NULL, &error);
 *   chess_external_client_quit_sync (client);
 *
 * An engine that crashes, hangs past a deadline, prints nonsense where an
 * answer is needed or plays an illegal move makes the pending call fail with
 * a translated CHESS_PLAYER_ERROR; a hung engine is killed. After CRASHED or
 * TIMEOUT the client is dead: make a new one to go on.
 */
#pragma once

#include <gio/gio.h>

#include "chess-external-output.h"
#include "chess-line.h"

G_BEGIN_DECLS

/* The parser's structs as boxed types, for signals and properties. */
#define CHESS_TYPE_PLAYER_INFO (chess_player_info_get_type ())
GType chess_player_info_get_type (void);
#define CHESS_TYPE_EXTERNAL_OPTION (chess_external_option_get_type ())
GType chess_external_option_get_type (void);

#define CHESS_PLAYER_ERROR (chess_player_error_quark ())

typedef enum
{
  CHESS_PLAYER_ERROR_START,         /* the program could not be run          */
  CHESS_PLAYER_ERROR_HANDSHAKE,     /* it does not answer as an engine of
                                     * that protocol does                    */
  CHESS_PLAYER_ERROR_CRASHED,       /* it exited while in use                */
  CHESS_PLAYER_ERROR_TIMEOUT,       /* no answer before the deadline          */
  CHESS_PLAYER_ERROR_ILLEGAL_MOVE,  /* it played a move that is not legal or
                                     * not a move                             */
  CHESS_PLAYER_ERROR_REFUSED,       /* it refused one of our moves            */
  CHESS_PLAYER_ERROR_UNSUPPORTED,   /* the engine cannot do what was asked
                                     * (an unknown option, a position without
                                     * setboard, a node limit in xboard)      */
  CHESS_PLAYER_ERROR_BUSY,          /* another call is pending, or the engine
                                     * is not started or already dead         */
} ChessPlayerError;

GQuark chess_player_error_quark (void);

/* How long the engine may think. Clock times are remaining times; -1 (or 0
 * for the others) means "not given". Set either the clocks, or movetime,
 * depth, nodes, or infinite (until chess_external_client_stop). */
typedef struct
{
  gint64   white_ms, black_ms;      /* remaining on each clock, -1 none     */
  gint64   white_inc_ms, black_inc_ms;
  gint64   base_ms;                 /* the time control's starting time
                                     * (xboard's "level" needs it)          */
  int      moves_to_go;             /* 0: sudden death or increment          */
  gint64   movetime_ms;
  int      depth;
  guint64  nodes;
  gboolean infinite;
  int      threads;                 /* an infinite search by the built-in
                                     * engine: its threads, 0 the cores but
                                     * one (external engines take theirs
                                     * from their options)                  */
  gint64   timeout_ms;              /* hard deadline for the reply from the
                                     * moment the search starts; 0: none.
                                     * Past it the engine is killed.         */
  gboolean judging;                 /* a review's search: the built-in
                                     * engine scores for judging, not for
                                     * play (chess_engine_set_judging);
                                     * external engines have no such mode   */
} ChessPlayerLimits;

void chess_player_limits_init (ChessPlayerLimits *limits);

typedef enum
{
  CHESS_PLAYER_REPLY_MOVE,          /* move (and maybe ponder)               */
  CHESS_PLAYER_REPLY_RESIGN,        /* xboard "resign"                        */
  CHESS_PLAYER_REPLY_CLAIM,         /* xboard result claim instead of a move:
                                     * claim. Only from engines that answer
                                     * ping: others' result lines may be the
                                     * late end of the last game, and are
                                     * ignored                                */
  CHESS_PLAYER_REPLY_NO_MOVE,       /* an infinite analysis stopped before
                                     * the engine had a move                  */
} ChessPlayerReplyKind;

typedef struct
{
  ChessPlayerReplyKind  kind;
  ChessMove             move;
  ChessMove             ponder;       /* CHESS_MOVE_NONE when none          */
  char                 *move_text;    /* as the engine wrote it             */
  char                 *claim;        /* "1-0 {White mates}"                */
  gboolean              offers_draw;  /* xboard "offer draw" during the search */
  gint64                elapsed_us;   /* from sending the search command to
                                       * reading the reply                   */
  ChessPlayerInfo      *last_info;    /* the last info with a score, or NULL;
                                       * scores from the mover's side        */
} ChessPlayerReply;

void chess_player_reply_free (ChessPlayerReply *reply);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChessPlayerReply, chess_player_reply_free)

#define CHESS_TYPE_EXTERNAL_CLIENT (chess_external_client_get_type ())
G_DECLARE_FINAL_TYPE (ChessExternalClient, chess_external_client, CHESS, EXTERNAL_CLIENT, GObject)

/* `argv` is the program and its arguments (argv[0] is looked up in PATH). */
ChessExternalClient *chess_external_client_new (const char *const   *argv,
                                                ChessExternalProtocol  protocol);

/* Where the engine runs (some engines write files there); NULL: ours.
 * Before start only. */
void        chess_external_client_set_working_directory (ChessExternalClient *self,
                                                         const char        *path);
/* How long the handshake may take (default 10 s), and how long an xboard
 * engine gets to send its features before it counts as protocol 1
 * (default 2 s, as the protocol says). Before start only. */
void        chess_external_client_set_start_timeout   (ChessExternalClient *self,
                                                       guint              ms);
void        chess_external_client_set_feature_timeout (ChessExternalClient *self,
                                                       guint              ms);

ChessExternalProtocol chess_external_client_get_protocol (ChessExternalClient *self);
/* The engine's name (UCI "id name", xboard myname) or the program's name. */
const char *chess_external_client_get_name   (ChessExternalClient *self);
const char *chess_external_client_get_author (ChessExternalClient *self);   /* or NULL */
/* ChessExternalOption *, in the engine's order. */
GPtrArray  *chess_external_client_get_options (ChessExternalClient *self);
/* An xboard feature the engine sent (after start), or NULL. */
const char *chess_external_client_get_feature (ChessExternalClient *self,
                                               const char        *name);
gboolean    chess_external_client_is_running  (ChessExternalClient *self);

/* Runs the program and does the handshake (UCI: uci … uciok; xboard: xboard,
 * protover 2, features). */
void        chess_external_client_start_async  (ChessExternalClient   *self,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
gboolean    chess_external_client_start_finish (ChessExternalClient   *self,
                                                GAsyncResult        *result,
                                                GError             **error);
gboolean    chess_external_client_start_sync   (ChessExternalClient   *self,
                                                GCancellable        *cancellable,
                                                GError             **error);

/* Sets an option the engine announced (a button takes value NULL). Fails
 * with UNSUPPORTED when the engine has no such option or the value does not
 * fit it. */
gboolean    chess_external_client_set_option (ChessExternalClient *self,
                                              const char        *name,
                                              const char        *value,
                                              GError           **error);

/* Tells the engine a new game starts (UCI ucinewgame, xboard new). */
gboolean    chess_external_client_new_game   (ChessExternalClient *self,
                                              GError           **error);

/* Searches the current position of `line` (its start position and moves are
 * sent as the protocol wants) and replies with a move that is legal there.
 * "info" is emitted while it thinks. */
void        chess_external_client_go_async  (ChessExternalClient       *self,
                                             const ChessLine         *line,
                                             const ChessPlayerLimits *limits,
                                             GCancellable            *cancellable,
                                             GAsyncReadyCallback      callback,
                                             gpointer                 user_data);
ChessPlayerReply *chess_external_client_go_finish (ChessExternalClient *self,
                                                   GAsyncResult      *result,
                                                   GError           **error);
ChessPlayerReply *chess_external_client_go_sync   (ChessExternalClient       *self,
                                                   const ChessLine         *line,
                                                   const ChessPlayerLimits *limits,
                                                   GCancellable            *cancellable,
                                                   GError                 **error);

/* Asks a searching engine to answer now (UCI stop, xboard "?" or the end of
 * analysis); the pending go call then finishes with its move. */
void        chess_external_client_stop (ChessExternalClient *self);

/* Says quit, waits up to a second for the engine to exit, then kills it. */
void        chess_external_client_quit_async  (ChessExternalClient   *self,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
void        chess_external_client_quit_finish (ChessExternalClient   *self,
                                               GAsyncResult        *result);
void        chess_external_client_quit_sync   (ChessExternalClient   *self);

G_END_DECLS
