/* chess-cli-play-private.h — what the files of `thinkchess-cli play` share:
 * the session's state, and what each file offers the others (input,
 * display, commands, files, the computer). */
#pragma once

#include <glib.h>

#include "chess-cli-input.h"
#include "chess-cli-save.h"
#include "chess-player.h"
#include "chess-game.h"
#include "chess-term-board.h"

G_BEGIN_DECLS

typedef struct
{
  ChessGame     *game;
  ChessCliInput *input;           /* line editing, or plain reading        */
  ChessTermView  view;            /* fancy or plain, flipped               */
  gboolean       clear_screen;    /* a real terminal: redraw in place      */
  ChessSquare    selected;        /* picked piece, or CHESS_NO_SQUARE      */
  gboolean       redraw;          /* draw the board after this command     */
  gboolean       changed;         /* autosave after this command           */
  gboolean       quit;
  gboolean       autosaved;       /* the autosave file holds this game     */
  GString       *messages;        /* what the game said during a command   */
  ChessCliSource source;          /* the file the game lives in, if any    */

  /* The computer */
  ChessPlayer *players[CHESS_N_COLORS];   /* NULL: a person plays  */
  ChessPlayer *advisor;     /* for hint and analyse, made on demand  */
  ChessPlayer *threat_player; /* the built-in engine for threat, made
                                     * on demand                           */
  const char    *engine;          /* --engine, or NULL: the built-in one   */
  const char    *protocol;        /* --protocol, or NULL                   */
  int            level;
  gint64         movetime_ms;     /* --movetime, or 0: the level's pace    */
  gint64         computer_us;     /* the move being played took this long  */
  gboolean       computer_moving;
} ChessPlay;

/* ---- chess-cli-play-input.c: reading lines ------------------------------ */

char      *chess_play_read_line           (ChessPlay      *self,
                                           const char     *prompt,
                                           gboolean        remember);
gboolean   chess_play_line_is_acceptable  (const char     *line);
gboolean   chess_play_ask_yes_no          (ChessPlay      *self,
                                           const char     *question);
/* Tab completion (a ChessCliCompleteFunc; user_data is the ChessPlay). */
char     **chess_play_complete_cb         (const char     *line,
                                           const char     *word,
                                           gpointer        user_data);

/* ---- chess-cli-play-display.c: the board, the prompt, the game's news --- */

const char *chess_play_side_name          (ChessPlay      *self,
                                           ChessColor      color);
char      *chess_play_describe_targets    (ChessPieceType  type,
                                           const char     *square,
                                           const char     *targets);
char      *chess_play_describe_no_moves   (ChessPieceType  type,
                                           const char     *square);
const char *chess_play_claim_name         (ChessClaim      claim);
void       chess_play_append_wrapped      (GString        *out,
                                           const char *const *words,
                                           guint           n_words,
                                           guint           indent);
void       chess_play_render              (ChessPlay      *self,
                                           GString        *out);
char      *chess_play_make_prompt         (ChessPlay      *self);
/* Tells of what happens in the game (moves, check, the end …) in
 * self->messages. */
void       chess_play_watch_game          (ChessPlay      *self);

/* ---- chess-cli-play-commands.c: what the player types ------------------- */

void       chess_play_say                 (ChessPlay      *self,
                                           const char     *text);
gboolean   chess_play_refuse_when_over    (ChessPlay      *self);
void       chess_play_announce_claimable  (ChessPlay      *self);
/* The legal moves of `board` in SAN, in the order "moves" lists them and Tab
 * offers them. */
GPtrArray *chess_play_legal_sans          (const ChessBoard *board);
void       chess_play_handle_line         (ChessPlay      *self,
                                           char           *line);

/* ---- chess-cli-play-files.c: save and load ------------------------------ */

void       chess_play_save                (ChessPlay      *self,
                                           const char     *args);
void       chess_play_load                (ChessPlay      *self,
                                           const char     *args);
gboolean   chess_play_load_file           (ChessPlay      *self,
                                           const char     *path,
                                           GError        **error);

/* ---- chess-cli-play-computer.c: the computer players and the advisor ---- */

gboolean   chess_play_is_computer         (ChessPlay      *self,
                                           ChessColor      color);
void       chess_play_computer_gone       (ChessPlay      *self,
                                           ChessColor      color,
                                           const GError   *error);
void       chess_play_computer_move       (ChessPlay      *self);
void       chess_play_hint                (ChessPlay      *self);
void       chess_play_analyse             (ChessPlay      *self);
/* What the opponent would play if it were their move (chess-threat.h). */
void       chess_play_threat              (ChessPlay      *self);
gboolean   chess_play_start_computers     (ChessPlay      *self,
                                           const gboolean *computer);
void       chess_play_name_computers      (ChessPlay      *self);
void       chess_play_stop_computers      (ChessPlay      *self);

G_END_DECLS
