/* chess-external-registry.h — the external engines a user can play against:
 * the well-known ones found installed (on PATH and in /usr/games:
 * stockfish, ethereal-chess, toga2, glaurung, gnuchess, fairymax, phalanx,
 * crafty, sjeng, hoichess) and the ones added by hand, which are kept in
 * GSettings (key "external-engines" of io.github.thinkchess.ThinkChess,
 * type a(ssasia{ss}): id, name, argv, protocol (0 UCI, 1 xboard),
 * options).
 *
 * Well-known engines get the id of their program ("stockfish", "gnuchess"),
 * the ones added by hand "user-" and a random part. An entry whose program
 * is gone is still listed (the Preferences can show and remove it).
 */
#pragma once

#include <gio/gio.h>

#include "chess-player.h"

G_BEGIN_DECLS

typedef struct
{
  char                *id;          /* stable: "stockfish", or "user-…"      */
  char                *name;        /* to show: "Stockfish"                  */
  char               **argv;        /* program (absolute path) and arguments */
  ChessExternalProtocol  protocol;
  GHashTable          *options;     /* name → value, may be empty            */
  gboolean             added_by_user;
} ChessExternalEntry;

ChessExternalEntry *chess_external_entry_copy (const ChessExternalEntry *entry);
void              chess_external_entry_free (ChessExternalEntry       *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChessExternalEntry, chess_external_entry_free)

/* A new player for the entry (not started). */
ChessPlayer *chess_external_entry_new_player (const ChessExternalEntry *entry);

/* Found installed plus added by hand (from `settings`, may be NULL), in
 * that order, each once. ChessExternalEntry *, owned by the array. `path`
 * NULL: $PATH plus /usr/games (tests pass their own). */
GPtrArray *chess_external_registry_list        (GSettings              *settings,
                                                const char             *path);
ChessExternalEntry *chess_external_registry_find (GSettings              *settings,
                                                  const char             *id);
/* Adds or replaces (same id) a hand-added engine; gives it an id when it
 * has none. */
void       chess_external_registry_save        (GSettings              *settings,
                                                ChessExternalEntry       *entry);
void       chess_external_registry_remove      (GSettings              *settings,
                                                const char             *id);

/* Runs the program's handshake to check it is an engine of that protocol
 * and learn its name and options (for the Preferences' "Add Engine"). */
void       chess_external_registry_probe_async  (const char *const   *argv,
                                                 ChessExternalProtocol  protocol,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
/* The client is running and started: read its name and options, then
 * chess_external_client_quit_async() it. */
ChessExternalClient *chess_external_registry_probe_finish (GAsyncResult  *result,
                                                           GError       **error);

G_END_DECLS
