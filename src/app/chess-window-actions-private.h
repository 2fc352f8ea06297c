/* chess-window-actions-private.h — what the three files of the window's
 * actions share: their state (the window's `actions`) and the calls between
 * chess-window-actions.c (the state, the title with its unsaved mark, the
 * actions' enabled states, setup and closing), chess-window-actions-files.c
 * (New Game, Open, Save, Save As and the unsaved-changes question) and
 * chess-window-actions-play.c (take-back, draws, resignation, the board
 * and FEN). */
#pragma once

#include "chess-pgn.h"
#include "chess-problem-bar.h"
#include "chess-window-actions.h"
#include "chess-window-private.h"

G_BEGIN_DECLS

struct _ChessWindowActions
{
  ChessWindow  *window;          /* borrowed: it owns the state */

  ChessGame    *game;            /* the game listened to */
  GFile        *file;            /* where the game came from or went to */
  guint         file_n_games;    /* games in that file: Save rewrites only
                                  * a file of one game */
  ChessPgnSlot  slot;            /* the game's place in a file of several,
                                  * and that file's checksum as read      */
  gboolean      dirty;           /* changed since opened, saved or started */
  gboolean      cut_short;       /* opened only up to a problem: the file's
                                  * text of the game goes on past it, and
                                  * saving there asks first              */
  ChessProblemBar *problem_bar;  /* borrowed (in the window): what went
                                  * wrong opening the game; NULL until needed */
  gboolean      closing;         /* the close was confirmed */
  GCancellable *draw_offer;      /* set while a draw offer is being asked */
};

/* The file's name as shown to the user. */
char               *_chess_window_actions_file_display_name (GFile             *file);
/* The game's file's name as shown, or NULL for a game not from a file. */
char               *_chess_window_actions_state_display_name (ChessWindowActions *self);
/* Changed since opened, saved or started: the title and Save follow. */
void                _chess_window_actions_state_set_dirty  (ChessWindowActions *self,
                                                            gboolean            dirty);
/* Where the game came from or went to (NULL for none), and how many games
 * that file holds; forgets the game's place in it. */
void                _chess_window_actions_state_set_file   (ChessWindowActions *self,
                                                            GFile              *file,
                                                            guint               n_games);
/* The window shows a game that replaced the last one on purpose (new,
 * opened, pasted): follow it, from `file` (or none), as saved. */
void                _chess_window_actions_state_adopt_game (ChessWindowActions *self,
                                                            GFile              *file,
                                                            guint               n_games);

/* Tells in the bar under the header bar, until dismissed, what went wrong
 * reading the game just shown from `file` (NULL: pasted), and notes
 * whether it was cut short. */
void                _chess_window_actions_state_show_load_problem (ChessWindowActions *self,
                                                                   GFile              *file,
                                                                   ChessGame          *game);

/* From _chess_window_actions_class_init: each file installs its actions. */
void                _chess_window_actions_files_class_init (GtkWidgetClass     *widget_class);
void                _chess_window_actions_play_class_init  (GtkWidgetClass     *widget_class);

G_END_DECLS
