/* chess-external-client-private.h — what the files of ChessExternalClient
 * share: the instance struct, its states, and the steps each file offers
 * the others (the process, the engine's lines, the calls). */
#pragma once

#include "chess-external-client.h"

G_BEGIN_DECLS

typedef enum
{
  STATE_NEW,
  STATE_STARTING,
  STATE_READY,
  STATE_SYNCING,          /* UCI: waiting for readyok before "go"           */
  STATE_THINKING,
  STATE_QUITTING,
  STATE_DEAD,
} ChessExternalClientState;

struct _ChessExternalClient
{
  GObject parent_instance;

  /* Settings */
  GStrv                argv;
  ChessExternalProtocol  protocol;
  char                *working_directory;
  guint                start_timeout_ms;
  guint                feature_timeout_ms;

  /* What the engine told us */
  char                *name;
  char                *author;
  GPtrArray           *options;          /* ChessExternalOption *              */
  GHashTable          *features;         /* char * → char *                  */
  gboolean             features_done;

  /* The process */
  GSubprocess         *process;
  GOutputStream       *stdin_pipe;
  GInputStream        *stdout_pipe;
  GCancellable        *io_cancellable;   /* reads and the exit wait           */
  guint                io_pending;       /* reads and waits not yet called back */
  GTask               *quit_task;        /* done when the process and our I/O
                                          * on it are over                    */
  GString             *pending_text;     /* output not yet ending in newline  */
  gboolean             discarding;       /* inside an over-long line           */
  ChessExternalClientState state;

  /* The call in progress */
  GTask               *task;
  guint                timeout_id;
  guint                feature_timeout_id;
  gulong               cancel_id;

  /* The search in progress */
  ChessBoard           search_board;     /* the position being searched       */
  gint64               search_started_us;
  ChessPlayerInfo     *last_info;
  gboolean             draw_offered;
  gboolean             analysing;        /* xboard analyze mode               */
  gboolean             stop_requested;
  char                *go_command;       /* UCI: sent after readyok           */
  gint64               go_timeout_ms;    /* the search's deadline, from "go"   */
  GMainContext        *context;          /* where the client lives             */

  /* xboard: what the engine's board holds, to send only new moves */
  ChessLine            synced;
  guint                pings_sent;
  guint                awaited_pong;     /* 0: none; else output before it is
                                          * stale (from an earlier game)      */
  gboolean             synced_valid;
  char                *level_sent;
};


/* ---- chess-external-client.c: the object ---------------------------------- */

/* The engine's name once it told us, else the program's. */
const char *chess_external_client_display_name      (ChessExternalClient     *self);
void        chess_external_client_notify_name       (ChessExternalClient     *self);
void        chess_external_client_emit_info          (ChessExternalClient     *self,
                                                      ChessPlayerInfo       *info);
void        chess_external_client_emit_line_sent     (ChessExternalClient     *self,
                                                      const char            *text);
void        chess_external_client_emit_line_received (ChessExternalClient     *self,
                                                      const char            *text);
void        chess_external_client_emit_terminated    (ChessExternalClient     *self,
                                                      GError                *error);

/* ---- chess-external-client-process.c: the child process and the call ------ */

/* Runs the program with pipes to it, reads its output and waits for its
 * exit (state STARTING). FALSE with the system's error when it cannot run. */
gboolean    chess_external_client_spawn             (ChessExternalClient     *self,
                                                     GError               **error);
/* Writes one line to the engine (and emits ::line-sent). */
void        chess_external_client_send_line         (ChessExternalClient     *self,
                                                     const char            *format,
                                                     ...) G_GNUC_PRINTF (2, 3);
/* A timer in the client's own context, as the I/O runs there. */
guint       chess_external_client_add_timeout       (ChessExternalClient     *self,
                                                     guint                  ms,
                                                     GSourceFunc            func);
/* The same at `priority`: below G_PRIORITY_DEFAULT, output already there
 * is read before the timer is judged. */
guint       chess_external_client_add_timeout_full  (ChessExternalClient     *self,
                                                     int                    priority,
                                                     guint                  ms,
                                                     GSourceFunc            func);
/* The deadline of the call in progress (or of a quit) has passed. */
gboolean    chess_external_client_timeout_cb        (gpointer               user_data);
/* Makes `task` the call in progress, with its deadline and cancellation;
 * FALSE (and `task` returned) when busy or already cancelled. */
gboolean    chess_external_client_begin_call        (ChessExternalClient     *self,
                                                     GTask                 *task,
                                                     guint                  timeout_ms);
/* FALSE with BUSY when the engine cannot take a command now. */
gboolean    chess_external_client_check_ready       (ChessExternalClient     *self,
                                                     GError               **error);
/* Drops the call's timers and cancellation handler. */
void        chess_external_client_clear_call        (ChessExternalClient     *self);
/* Ends the call in progress: its task, to return (or NULL). */
GTask      *chess_external_client_take_task         (ChessExternalClient     *self);
/* Ends the call in progress with `error` (taken). */
void        chess_external_client_fail_call         (ChessExternalClient     *self,
                                                     GError                *error);
/* Kills the engine and ends the call in progress with `error` (taken). */
void        chess_external_client_die               (ChessExternalClient     *self,
                                                     GError                *error);
/* Returns the quit task once the process and our I/O on it are over. */
void        chess_external_client_maybe_finish_quit (ChessExternalClient     *self);
/* The _sync calls: the callback stores the result in the GAsyncResult *
 * that user_data points to, and wait_for runs the thread-default context
 * until it is there. */
void        chess_external_client_store_result_cb   (GObject               *source,
                                                     GAsyncResult          *result,
                                                     gpointer               user_data);
GAsyncResult *chess_external_client_wait_for        (GAsyncResult         **slot);

/* ---- chess-external-client-replies.c: what the engine says ---------------- */

/* One line of the engine's output, without its newline. */
void        chess_external_client_handle_line       (ChessExternalClient     *self,
                                                     const char            *text,
                                                     gsize                  length);
/* Ends the search with the engine's move (legal in the position searched;
 * `text` as the engine wrote it, `ponder_text` its expected reply or
 * NULL), or with a reply without a move. */
void        chess_external_client_reply_with_move    (ChessExternalClient    *self,
                                                      ChessMove             move,
                                                      const char           *text,
                                                      const char           *ponder_text);
void        chess_external_client_reply_without_move (ChessExternalClient    *self,
                                                      ChessPlayerReplyKind  kind,
                                                      const char           *claim);

/* ---- chess-external-client-setup.c: handshake, options, games, quit ------- */

/* The handshake is over: the engine is ready. */
void        chess_external_client_finish_start      (ChessExternalClient     *self);
/* xboard "feature …": records and answers each one. */
void        chess_external_client_handle_features   (ChessExternalClient     *self,
                                                     ChessExternalLine       *line);
/* Whether the xboard engine sent feature `name`=1. */
gboolean    chess_external_client_feature_on        (ChessExternalClient     *self,
                                                     const char            *name);

G_END_DECLS
