/* chess-game-private.h — what the model's files share about ChessGame. */
#pragma once

#include "chess-clock-journal.h"
#include "chess-game.h"

G_BEGIN_DECLS

/* A move taken back: its node (with its comments, its clocks and what
 * followed it) taken out of the tree. */
typedef struct
{
  ChessTreeNode *node;
  guint          index;   /* among its parent's children */
} RedoEntry;

/* The values behind the properties, to notify only on change. */
typedef struct
{
  ChessColor      side;
  ChessGameResult result;
  ChessGameReason reason;
  gboolean        can_undo;
  gboolean        can_redo;
  int             material;
  guint           move_count;
  gboolean        claimable;
  gboolean        in_check;
  gboolean        is_over;
  gboolean        draw_offered;
  guint           view_ply;
} State;

struct _ChessGame
{
  GObject          parent_instance;

  /* Owned references */
  ChessClock      *clock;

  ChessTree       *tree;          /* every move, variation and comment     */
  ChessTreeNode   *line_end;      /* the line being played ends here       */
  ChessBoard       position;      /* the position at line_end, set by
                                   * chess_game_set_line_end only; the moves
                                   * and their history stay in the tree    */
  gboolean         loaded;        /* from a file: a move played in an
                                   * earlier position starts a variation   */
  GError          *load_problem;  /* the file's text had a problem here   */
  gboolean         cut_short;     /* and the game stops there: the file's
                                   * text goes on past its moves           */
  char            *autosave_file; /* where this game autosaves, once chosen */
  gboolean         paused;        /* the player paused it (autosaved)      */
  ChessClockJournal *clock_journal; /* the clocks beside autosave_file    */
  GArray          *redo;          /* RedoEntry, last taken back at the end */
  GPtrArray       *tag_names;
  GPtrArray       *tag_values;

  ChessGameResult  result;
  ChessGameReason  reason;
  ChessColor       flag_color;    /* who ran out of time, for the message */
  gboolean         clock_started;
  gboolean         draw_offered;
  ChessColor       draw_offer_by;
  guint            view_ply;

  State            state;         /* as last notified */
  guint            changes;       /* ChessGameChange: for the next "changed" */
};

/* Emits notify for every property whose value changed since the last
 * call, then "changed" with what changed (`changes` pending included). */
void chess_game_sync_properties (ChessGame *self);
/* Adds `changes` (ChessGameChange) to the next "changed", and syncs. */
void chess_game_emit_changed    (ChessGame *self,
                                 guint      changes);
/* Makes the tree's path to `end` the line being played, and `position`
 * the position there (a move on plays one move; anything else replays the
 * path from the start). */
void chess_game_set_line_end (ChessGame     *self,
                              ChessTreeNode *end);
/* Plays `move` (legal after the viewed position) into the tree: follows
 * the move there or starts a variation, and makes its line the one being
 * played, viewed at the move. */
gboolean chess_game_play_in_tree (ChessGame *self,
                                  ChessMove  move);
/* Frees a redo entry's node. */
void chess_game_redo_entry_clear (gpointer data);

/* How many moves the line being played has. */
static inline guint
chess_game_line_length (ChessGame *self)
{
  return self->line_end != NULL ? self->line_end->ply : 0;
}
/* A draw the side to move may claim now (the line read from the tree). */
ChessClaim chess_game_line_claimable (ChessGame *self);
/* Who plays move number `ply` of the line being played. */
ChessColor chess_game_mover_of_ply (ChessGame *self,
                                    guint      ply);
/* Describes `move`, legal in `before`, played as move number `ply`. */
void chess_game_fill_move_info (const ChessBoard *before,
                                ChessMove         move,
                                guint             ply,
                                ChessMoveInfo    *info);
/* Whether an end of this kind is shown by the final position itself
 * (checkmate, stalemate, a dead position, the automatic draws), rather than
 * said by a player or a clock. */
gboolean chess_game_reason_is_positional (ChessGameReason reason);
/* The result the position itself imposes, if any. */
gboolean chess_game_position_result (ChessGame       *self,
                                     ChessGameResult *result,
                                     ChessGameReason *reason);
/* Whether a move now goes into the tree (a finished or loaded game viewed
 * in an earlier position or on a variation) rather than on. */
gboolean chess_game_plays_in_tree (ChessGame *self);
/* The position the next move is played in (`scratch` when it is not the
 * current one). */
const ChessBoard *chess_game_board_to_play (ChessGame  *self,
                                            ChessBoard *scratch);
/* Starts afresh at `start`: no moves, clocks at the time control. */
void chess_game_restart (ChessGame        *self,
                         const ChessBoard *start);
/* A new game keeps the players' names and drops the other tags. */
void chess_game_keep_only_player_tags (ChessGame *self);
/* Both clocks at `node` (ms by ChessColor), from the tree: as they stood
 * when the game left there, else each side's time after its last move
 * up to there ([%clk] when timed, the count when not), else the start. */
void chess_game_clocks_at (ChessGame           *self,
                           const ChessTreeNode *node,
                           gint64               ms[CHESS_N_COLORS]);
/* Puts the clock at the clocks of the line's end for the side to move,
 * running if the game is on and its clock had been started. */
void chess_game_restore_clock (ChessGame *self);
/* Writes the clocks as they stand into the clock journal (when the game
 * has one: it autosaves). */
void chess_game_journal_clock (ChessGame *self);
/* Opens the clock journal beside the autosave file (after a save), or
 * closes it (`path` NULL). */
void chess_game_set_clock_journal (ChessGame  *self,
                                   const char *autosave_path);
/* Before another line of the tree is followed: the clocks as they stand
 * are the last word on the end of the line left (a flag fallen, a move's
 * time run after the game ended), kept on its node for a return there
 * (nothing when line_end is NULL: its node was just deleted). */
void chess_game_leave_line (ChessGame *self);
/* After the game was continued from an autosave: the clocks from its
 * journal when it tells of this very position (a crash left them there). */
void chess_game_apply_clock_journal (ChessGame                    *self,
                                     const ChessClockJournalEntry *entry);

G_END_DECLS
