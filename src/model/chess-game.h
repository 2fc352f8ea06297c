/* chess-game.h — a game of chess as a GObject: position, history, result,
 * players, clock, undo and redo (GLib/GIO only, no GTK).
 *
 * The app's widgets never touch the rules core directly: they listen to a
 * ChessGame. The game owns one ChessClock (chess_game_get_clock).
 *
 * Signals, each emitted exactly once per event, in this order:
 *
 *   After a move (chess_game_play*, and chess_game_redo which replays):
 *     1. moved     (ChessMoveInfo *info)
 *     2. at most one of:
 *          check     (ChessColor in_check)  the side to move is in check
 *                                           and has a legal move
 *          checkmate (ChessColor mated)
 *          draw      (ChessGameReason)      stalemate, insufficient
 *                                           material, fivefold repetition,
 *                                           seventy-five moves
 *     3. game-over (ChessGameResult, ChessGameReason) if the game ended.
 *   After chess_game_agree_draw and a successful chess_game_claim_draw:
 *     draw (reason), then game-over.
 *   After chess_game_resign: game-over.
 *   On flag fall: game-over (time forfeit), or draw + game-over when the
 *     opponent cannot possibly mate (CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL).
 *   After chess_game_take_back: taken-back (ChessMoveInfo *the move).
 *
 *   changed (guint ChessGameChange flags): after every change, once, last
 *     (after the property notifications), saying what changed. Widgets
 *     that show the game listen to this one signal; the ones above are
 *     for who needs the move itself (an animation, a sound, the CLI).
 *
 * The game is a tree of moves (ChessTree): the main line and variations
 * with their comments. The line being played (chess_game_copy_line, the
 * moves "moved" and "taken-back" speak of) is one path in it, usually the main
 * line. In a game being played, moves go on at its end as always; in a
 * finished or loaded game, a move played in an earlier position (or on a
 * variation) follows that move in the tree or starts a variation there,
 * and its line becomes the one being played.
 *
 * Handlers must not change the game (play, take back, …) while it is
 * emitting: defer such work with g_idle_add, or the signals of two events
 * interleave.
 *
 * The state is already updated when a signal is emitted. Property
 * notifications are queued during an event and emitted after its signals,
 * each only when the value really changed.
 *
 * Properties (read-only unless said): side-to-move (ChessColor), result,
 * reason, can-undo, can-redo, material-balance (centipawns, White minus
 * Black: Q 900 R 500 B 300 N 300 P 100), move-count (half-moves played),
 * draw-claimable, in-check, is-over, draw-offered, view-ply (read-write),
 * clock.
 */
#pragma once

#include <glib-object.h>

#include "chess-board.h"
#include "chess-notation.h"
#include "chess-line.h"
#include "chess-pgn.h"
#include "chess-clock.h"

G_BEGIN_DECLS

typedef enum
{
  CHESS_GAME_RESULT_ONGOING,
  CHESS_GAME_RESULT_WHITE_WINS,
  CHESS_GAME_RESULT_BLACK_WINS,
  CHESS_GAME_RESULT_DRAW,
} ChessGameResult;

#define CHESS_TYPE_GAME_RESULT (chess_game_result_get_type ())
GType chess_game_result_get_type (void);

typedef enum
{
  CHESS_GAME_REASON_NONE,                 /* ongoing                          */
  CHESS_GAME_REASON_CHECKMATE,
  CHESS_GAME_REASON_STALEMATE,
  CHESS_GAME_REASON_INSUFFICIENT_MATERIAL,
  CHESS_GAME_REASON_THREEFOLD_REPETITION, /* claimed                          */
  CHESS_GAME_REASON_FIVEFOLD_REPETITION,  /* automatic                        */
  CHESS_GAME_REASON_FIFTY_MOVES,          /* claimed                          */
  CHESS_GAME_REASON_SEVENTY_FIVE_MOVES,   /* automatic                        */
  CHESS_GAME_REASON_AGREEMENT,
  CHESS_GAME_REASON_RESIGNATION,
  CHESS_GAME_REASON_TIME_FORFEIT,
  CHESS_GAME_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL, /* flag fell, drawn    */
  CHESS_GAME_REASON_UNKNOWN,              /* a loaded game's result, no cause */
} ChessGameReason;

#define CHESS_TYPE_GAME_REASON (chess_game_reason_get_type ())
GType chess_game_reason_get_type (void);

/* What a "changed" signal says changed (several at once may be set). */
typedef enum
{
  CHESS_GAME_CHANGED_MOVES  = 1 << 0, /* moves played or taken back           */
  CHESS_GAME_CHANGED_LINE   = 1 << 1, /* another line of the tree is played   */
  CHESS_GAME_CHANGED_TREE   = 1 << 2, /* a variation, comment, NAG, arrow … */
  CHESS_GAME_CHANGED_VIEW   = 1 << 3, /* another position viewed (also with
                                       * LINE when its number stays)        */
  CHESS_GAME_CHANGED_RESET  = 1 << 4, /* a new game: set_fen, reset, a load  */
  CHESS_GAME_CHANGED_RESULT = 1 << 5, /* the result or its reason            */
} ChessGameChange;

/* Errors of chess_game_play and friends. The move codes mirror
 * ChessMoveError (the core writes those messages). */
#define CHESS_GAME_ERROR (chess_game_error_quark ())
GQuark chess_game_error_quark (void);

typedef enum
{
  CHESS_GAME_ERROR_SYNTAX,         /* "Unrecognised move: 'xyz'"                 */
  CHESS_GAME_ERROR_NO_PIECE,       /* "There is no piece on e3"                  */
  CHESS_GAME_ERROR_NOT_YOUR_TURN,  /* "It's not your turn"                       */
  CHESS_GAME_ERROR_CANNOT_MOVE,    /* "The knight on g1 can't move to g3"        */
  CHESS_GAME_ERROR_KING_IN_CHECK,  /* "That move would leave your king in check" */
  CHESS_GAME_ERROR_CASTLING,       /* "Castling is not allowed: the king has moved" */
  CHESS_GAME_ERROR_AMBIGUOUS,      /* "Nd2 is ambiguous: Nb1-d2 or Nf3-d2"       */
  CHESS_GAME_ERROR_PROMOTION,      /* promotion piece missing or not allowed     */
  CHESS_GAME_ERROR_GAME_OVER,      /* "The game is over"                         */
  CHESS_GAME_ERROR_NO_CLAIM,       /* claim_draw when no draw can be claimed     */
  CHESS_GAME_ERROR_INVALID,        /* load_pgn: the game does not replay         */
  CHESS_GAME_ERROR_COMMENT,        /* a comment PGN cannot write: it holds "}"   */
} ChessGameError;

/* One move as the board widget animates it and the move list shows it.
 * Squares are CHESS_NO_SQUARE and pieces CHESS_NO_PIECE when not used. */
typedef struct
{
  ChessMove      move;
  guint          ply;              /* 0 = the first move of the game       */
  ChessColor     color;            /* the side that moved                  */
  ChessSquare    from;
  ChessSquare    to;
  ChessPiece     piece;            /* the piece that moved (a pawn when it
                                    * promotes)                            */
  ChessPiece     captured;
  ChessSquare    captured_square;  /* differs from `to` for en passant     */
  ChessPieceType promotion;        /* CHESS_NO_PIECE_TYPE when none        */
  ChessSquare    rook_from;        /* castling: the rook's move            */
  ChessSquare    rook_to;
  char           san[CHESS_MOVE_TEXT_MAX];  /* English SAN with + or #     */
} ChessMoveInfo;

#define CHESS_TYPE_MOVE_INFO (chess_move_info_get_type ())
GType          chess_move_info_get_type (void);
ChessMoveInfo *chess_move_info_copy     (const ChessMoveInfo *info);
void           chess_move_info_free     (ChessMoveInfo       *info);

#define CHESS_TYPE_GAME (chess_game_get_type ())
G_DECLARE_FINAL_TYPE (ChessGame, chess_game, CHESS, GAME, GObject)

/* ---- The API (outside programs compile against these) ---- */

/* A new game from the standard start position. */
ChessGame  *chess_game_new          (void);
/* Starts a new game at `fen` (keeps the players' names and the time
 * control, drops other tags); on error the game is unchanged. */
gboolean    chess_game_set_fen      (ChessGame   *self,
                                     const char  *fen,
                                     GError     **error);
/* The live position's FEN (free with g_free). */
char       *chess_game_get_fen      (ChessGame   *self);
/* Plays a move in SAN, long algebraic or UCI; on error the game is
 * unchanged and `error` (CHESS_GAME_ERROR) says why. Clears the redo list
 * and declines a pending draw offer. */
gboolean    chess_game_play         (ChessGame   *self,
                                     const char  *move,
                                     GError     **error);
/* Takes back one half-move (reopens a finished game). FALSE if none. */
gboolean    chess_game_take_back    (ChessGame   *self);
/* Replays the last move taken back. FALSE if none, or the game is over. */
gboolean    chess_game_redo         (ChessGame   *self);
/* Claims a draw by threefold repetition or the fifty-move rule for the
 * side to move. */
gboolean    chess_game_claim_draw   (ChessGame   *self,
                                     GError     **error);
/* Ends the game drawn by agreement (no-op when over). */
void        chess_game_agree_draw   (ChessGame   *self);
/* `loser` resigns (no-op when over). */
void        chess_game_resign       (ChessGame   *self,
                                     ChessColor   loser);

/* ---- Playing ---- */

/* A new game from the standard position (as chess_game_set_fen). */
void        chess_game_reset        (ChessGame   *self);
/* Like chess_game_play, but fails with "It's not your turn" unless
 * `player` is to move (for the human side in a game against the computer). */
gboolean    chess_game_play_as      (ChessGame   *self,
                                     ChessColor   player,
                                     const char  *move,
                                     GError     **error);
/* Plays from → to; `promotion` is CHESS_NO_PIECE_TYPE unless the move
 * promotes (see chess_game_needs_promotion). Same errors as play. */
gboolean    chess_game_play_squares (ChessGame     *self,
                                     ChessSquare    from,
                                     ChessSquare    to,
                                     ChessPieceType promotion,
                                     GError       **error);
/* Plays a move in the core's encoding (from an engine, for instance). */
gboolean    chess_game_play_move    (ChessGame   *self,
                                     ChessMove    move,
                                     GError     **error);
/* The squares the piece on `from` may legally move to now (0 when the
 * square is empty, not the mover's, or the game is over). */
ChessBitboard chess_game_get_legal_targets (ChessGame   *self,
                                            ChessSquare  from);
/* TRUE when from → to is a legal pawn promotion (ask for the piece). */
gboolean    chess_game_needs_promotion (ChessGame   *self,
                                        ChessSquare  from,
                                        ChessSquare  to);

/* ---- Positions ---- */

/* The live position (valid until the game changes). */
const ChessBoard *chess_game_get_board    (ChessGame   *self);
/* The position before move `ply` (0 = start, move-count = live) into
 * `out`, without changing the game. FALSE when `ply` is out of range. */
gboolean    chess_game_get_board_at (ChessGame   *self,
                                     guint        ply,
                                     ChessBoard  *out);
/* The start position of the game. */
const ChessBoard *chess_game_get_start_board (ChessGame *self);
/* The line being played (start, moves, live position) into `out`, read
 * from the tree: the caller owns it and frees it with chess_line_clear. */
void        chess_game_copy_line    (ChessGame   *self,
                                     ChessLine   *out);
/* The position shown while browsing: the board before move `view-ply`.
 * It follows the live position (view-ply = move-count) after every move,
 * take-back, redo and reset. Setting it never changes the game. */
guint       chess_game_get_view_ply  (ChessGame   *self);
void        chess_game_set_view_ply  (ChessGame   *self,
                                      guint        ply);
gboolean    chess_game_is_viewing_live (ChessGame *self);
/* A game being studied rather than played: opened from a file (or a
 * finished game from the autosave). Its moves are kept: Undo and Redo
 * browse it, and its autosave never takes the place of an unfinished game.
 * A game played here stays a played game when it ends, so that Undo can
 * take back the move that ended it. */
gboolean    chess_game_is_study     (ChessGame *self);
/* The game loaded from a file is played on rather than studied (the
 * terminal game's `play FILE`): moves go on at its end, and its autosave is
 * an unfinished game like any other, offered again at the next start. */
void        chess_game_play_on      (ChessGame *self);
/* Whether a move can be played in the position viewed now: at the end of
 * a game going on, or anywhere in a finished or loaded game. */
gboolean    chess_game_can_play_at_view (ChessGame *self);

/* ---- The tree ---- */

/* Every move, variation and comment (read-only: change it through the
 * functions below, which emit the signals). */
const ChessTree *chess_game_get_tree      (ChessGame     *self);
/* The node after `ply` moves of the line being played (the root for 0),
 * NULL past its end; the node viewed. */
ChessTreeNode   *chess_game_get_node_at   (ChessGame     *self,
                                           guint          ply);
ChessTreeNode   *chess_game_get_view_node (ChessGame     *self);
/* Shows the position after `node`: on the line being played, by moving
 * the view; else (finished or loaded games only) by making its line, on
 * along its main continuation, the one being played. FALSE when refused. */
gboolean    chess_game_select_node       (ChessGame     *self,
                                          ChessTreeNode *node);
/* Moves the variation `node` is in one place up, or makes its line the
 * main line. FALSE when nothing changed (it is on the main line). */
gboolean    chess_game_promote_variation (ChessGame     *self,
                                          ChessTreeNode *node,
                                          gboolean       to_main_line);
/* Deletes the variation `node` is in (from its first move). FALSE on the
 * main line, which is shortened by taking moves back. */
gboolean    chess_game_delete_variation  (ChessGame     *self,
                                          ChessTreeNode *node);
/* Deletes `node`'s move and every move after it (its variations too), on
 * the main line or in a variation. On the line of a game played here the
 * moves are taken back (the clocks go back with them, "taken-back" for
 * each); otherwise the line being played ends before `node`. FALSE for
 * the root. */
gboolean    chess_game_delete_from       (ChessGame     *self,
                                          ChessTreeNode *node);
/* TRUE when `comment` can be a move's comment. PGN writes comments between
 * braces and has no escape for "}": a comment holding one is refused
 * (FALSE, `error` CHESS_GAME_ERROR_COMMENT says so), never changed. */
gboolean    chess_game_check_comment     (const char    *comment,
                                          GError       **error);
/* The comment after `node`'s move (the root: before the first move);
 * NULL or "" removes it. FALSE, the comment unchanged, when
 * chess_game_check_comment refuses it. */
gboolean    chess_game_set_comment       (ChessGame     *self,
                                          ChessTreeNode *node,
                                          const char    *comment,
                                          GError       **error);
/* Adds `nag` to the move (replacing one of the same kind: "!" replaces
 * "?", "±" replaces "="), or removes it when it is there. */
void        chess_game_toggle_nag        (ChessGame     *self,
                                          ChessTreeNode *node,
                                          guint8         nag);
/* Adds, recolours or removes an arrow (from ≠ to) or circled square. */
void        chess_game_toggle_mark       (ChessGame     *self,
                                          ChessTreeNode *node,
                                          ChessTreeMark  mark);

/* Lets `func` write annotations into the tree: comments, NAGs, [%…]
 * fields and new variations — never the moves of the line being played
 * (game review). Emits "changed" (TREE) once when `func` returns TRUE. */
typedef gboolean (*ChessGameAnnotateFunc) (ChessTree *tree,
                                           gpointer   user_data);
void        chess_game_annotate          (ChessGame             *self,
                                          ChessGameAnnotateFunc  func,
                                          gpointer               user_data);

/* ---- The move list ---- */

/* Half-moves played (the move-count property). */
guint       chess_game_get_move_count (ChessGame *self);
/* Move `ply` (0-based) in the core's encoding, or CHESS_MOVE_NONE. */
ChessMove   chess_game_get_move     (ChessGame   *self,
                                     guint        ply);
/* Fills `info` for move `ply`; FALSE when out of range. */
gboolean    chess_game_get_move_info (ChessGame     *self,
                                      guint          ply,
                                      ChessMoveInfo *info);
/* Move `ply` as text in `notation` into `buf` (CHESS_MOVE_TEXT_MAX bytes);
 * with `localized`, SAN uses the translated piece letters. Returns buf, or
 * NULL when `ply` is out of range. */
char       *chess_game_format_move  (ChessGame    *self,
                                     guint         ply,
                                     ChessNotation notation,
                                     gboolean      localized,
                                     char         *buf);
/* The translated piece letters for N, B, R, Q, K ("NBRQK"; "SLTDK" in
 * German); always five ASCII letters. */
const char *chess_game_get_piece_letters (void);
/* Squares of the last move played (for highlighting). FALSE when none. */
gboolean    chess_game_get_last_move (ChessGame   *self,
                                      ChessSquare *from,
                                      ChessSquare *to);
/* The pieces of `color` captured so far, cheapest first (pawns, knights,
 * bishops, rooks, queens), into `out` (at least 16 entries); returns how
 * many. */
guint       chess_game_get_captured (ChessGame   *self,
                                     ChessColor   color,
                                     ChessPiece  *out);
/* The same before move `ply` (the position shown while browsing); `ply`
 * past the last move counts them all. */
guint       chess_game_get_captured_at (ChessGame   *self,
                                        guint        ply,
                                        ChessColor   color,
                                        ChessPiece  *out);
/* Centipawns, White minus Black (material-balance). */
int         chess_game_get_material_balance (ChessGame *self);
/* The same in the position before move `ply`. */
int         chess_game_get_material_balance_at (ChessGame *self,
                                                guint      ply);

/* ---- Status ---- */

ChessColor      chess_game_get_side_to_move (ChessGame *self);
gboolean        chess_game_is_in_check      (ChessGame *self);
gboolean        chess_game_is_over          (ChessGame *self);
ChessGameResult chess_game_get_result       (ChessGame *self);
ChessGameReason chess_game_get_reason       (ChessGame *self);
/* "1-0", "0-1", "1/2-1/2" or "*". */
const char     *chess_game_result_to_string (ChessGameResult result);
/* The translated sentence: "Black wins by checkmate", "Draw by stalemate",
 * "White resigned — Black wins", "White wins on time", "Draw agreed", …;
 * "" while the game goes on. Free with g_free. */
char           *chess_game_describe_result  (ChessGame *self);
gboolean        chess_game_can_undo         (ChessGame *self);
gboolean        chess_game_can_redo         (ChessGame *self);
/* The side to move may claim a draw now (draw-claimable). */
gboolean        chess_game_get_draw_claimable (ChessGame *self);
/* What chess_game_claim_draw would claim now. */
ChessClaim      chess_game_get_claim        (ChessGame *self);

/* ---- Draw offers (U11) ---- */

/* `by` offers a draw; the offer stands until accepted
 * (chess_game_agree_draw), declined, or a move is played. */
void        chess_game_offer_draw   (ChessGame   *self,
                                     ChessColor   by);
void        chess_game_decline_draw (ChessGame   *self);
/* TRUE and the offering side in `by` (may be NULL) while an offer stands. */
gboolean    chess_game_get_draw_offered (ChessGame  *self,
                                         ChessColor *by);

/* ---- Players and tags ---- */

/* Sets the White or Black tag (NULL or "" removes it). */
void        chess_game_set_player_name (ChessGame  *self,
                                        ChessColor  color,
                                        const char *name);
/* The tag, or NULL when unset. */
const char *chess_game_get_player_name (ChessGame  *self,
                                        ChessColor  color);
/* The tag, or the translated "White" / "Black" when unset. */
const char *chess_game_get_player_display_name (ChessGame  *self,
                                                ChessColor  color);
/* Any PGN tag (Event, Site, Date, Round, …): NULL removes. Result, FEN,
 * SetUp, Termination, TimeControl and PlyCount are written by
 * chess_game_to_pgn from the game itself. */
void        chess_game_set_tag      (ChessGame   *self,
                                     const char  *name,
                                     const char  *value);
const char *chess_game_get_tag      (ChessGame   *self,
                                     const char  *name);

/* ---- Clock ---- */

/* The game's clock (owned by the game; never NULL). */
ChessClock *chess_game_get_clock    (ChessGame   *self);
/* Sets the clock's time control and resets it (use before the first move). */
void        chess_game_set_time_control (ChessGame     *self,
                                         ChessClockMode mode,
                                         gint64         initial_ms,
                                         gint64         increment_ms);
/* Starts the side to move's clock (it also starts by itself with the first
 * move). No-op when the game is over. */
void        chess_game_start_clock  (ChessGame   *self);
/* Remaining time of the side that played move `ply` after it ([%clk]), or
 * -1 when untimed or unknown. */
gint64      chess_game_get_clock_ms_at (ChessGame *self,
                                        guint      ply);

/* ---- PGN and autosave ---- */

/* The game as PGN: Seven Tag Roster (Date today if unset, Result),
 * Termination, TimeControl and [%clk] when timed, SetUp/FEN when not from
 * the standard position. Free with chess_pgn_game_free. */
ChessPgnGame *chess_game_to_pgn     (ChessGame          *self);
/* Replaces the game with `pgn` (moves, tags, result, clock times) only when
 * it all replays; then emits "changed" (RESET). */
gboolean    chess_game_load_pgn     (ChessGame          *self,
                                     const ChessPgnGame *pgn,
                                     GError            **error);
/* For a game loaded from a lenient read (chess_pgn_parse_game_lenient)
 * that met a problem: the problem (CHESS_PGN_ERROR, its message naming
 * the place when the read did), else NULL. Kept until the game is
 * replaced (set_fen, reset, another load). */
const GError *chess_game_get_load_problem (ChessGame *self);
/* Whether the loaded game stops where its file's text could not be read:
 * the text goes on past the moves loaded, and saving the game in its
 * place loses that text. Such a game is going on (unless its last
 * position ends it): the result in the file is not reached by its moves. */
gboolean    chess_game_is_cut_short  (ChessGame   *self);
/* $XDG_DATA_HOME/thinkchess/last-game.pgn, the first of the autosave
 * files the desktop app and the terminal game share (last-game-2.pgn …
 * follow); creates the folder. */
char       *chess_game_autosave_path (void);
/* Writes the game atomically to its autosave file: the one it was
 * continued from, or else the first that holds no unfinished game (a new
 * game never overwrites another program's unfinished one). A game opened
 * from a file (chess_game_is_study) never takes the file of an unfinished
 * game, ours included, and is not saved when every file holds one; its
 * autosave is marked as a study, never offered as the last game. The
 * clocks are saved as they stand, the move being thought about included. */
gboolean    chess_game_autosave     (ChessGame   *self,
                                     GError     **error);
/* The file the game autosaves to, or NULL before its first autosave. */
const char *chess_game_get_autosave_file (ChessGame *self);
/* A new game loaded from the last game (the most recently saved
 * unfinished one, else last-game.pgn); its clock stays stopped until
 * chess_game_start_clock or the next move. It autosaves to that file. */
ChessGame  *chess_game_load_autosave (GError    **error);
/* The same into `self`. */
gboolean    chess_game_continue_autosave (ChessGame *self,
                                          GError   **error);
/* The last game was offered and declined: new games of this process
 * autosave to other files, keeping it as it is. */
void        chess_game_keep_last_game (void);
/* Every unfinished game in the autosave files stays as it is: new games of
 * this process autosave to other files, even over their own program's
 * unfinished games (the terminal game, which replaces none). */
void        chess_game_keep_unfinished_games (void);
/* The player paused the game: kept in its autosave, so that a game
 * paused when the app was left comes back paused. A move unpauses it. */
void        chess_game_set_paused   (ChessGame *self,
                                     gboolean   paused);
gboolean    chess_game_get_paused   (ChessGame *self);
/* TRUE when an autosave file holds an unfinished game with at least one
 * move ("Continue Last Game"). */
gboolean    chess_game_autosave_is_unfinished (void);
/* Deletes the autosave files (TRUE if they are gone). */
gboolean    chess_game_remove_autosave (GError  **error);

G_END_DECLS
