/* chess-window-private.h — what the files of ChessWindow share: the
 * instance struct and the calls between chess-window.c (the widget, its
 * template and settings), chess-window-panel.c (what the window shows of
 * the game: status line, side panel, header bar) and chess-window-game.c
 * (the game it plays: following the game, autosave, result, pause). The
 * window's parts (actions, computer, analysis, review, practice) reach
 * their own state and the template's widgets through the struct; for the
 * rest they call each other through their own headers. */
#pragma once

#include "chess-window.h"
#include "chess-captured-view.h"
#include "chess-move-list-view.h"
#include "chess-review-panel.h"

G_BEGIN_DECLS

/* Two of the window's parts (see the struct), defined in their files. */
typedef struct _ChessWindowActions ChessWindowActions;
typedef struct _ChessAnalysisState ChessAnalysisState;

struct _ChessWindow
{
  AdwApplicationWindow parent_instance;

  /* Template widgets */
  GtkWidget         *header_bar;
  AdwWindowTitle    *window_title;
  GtkWidget         *new_game_button;
  GtkWidget         *undo_button;
  GtkWidget         *pause_button;
  AdwToastOverlay   *toast_overlay;
  GtkWidget         *pause_screen;
  GtkWidget         *resume_button;
  GtkWidget         *primary_menu_button;
  GtkWidget         *layout_box;
  GtkWidget         *board_overlay;
  ChessBoardView    *board;
  GtkWidget         *start_screen;
  GtkWidget         *start_subtitle;
  GtkWidget         *start_game_label;
  GtkWidget         *continue_button;
  GtkWidget         *play_computer_button;
  GtkWidget         *start_level;
  GtkWidget         *two_players_button;
  GtkWidget         *start_new_button;
  GtkWidget         *result_screen;
  GtkWidget         *result_label;
  GtkWidget         *result_score;
  GtkWidget         *result_new_button;
  GtkWidget         *side_panel;
  GtkWidget         *black_row;
  GtkWidget         *black_name;
  GtkWidget         *black_marker;
  GtkWidget         *black_clock;
  GtkWidget         *white_row;
  GtkWidget         *white_name;
  GtkWidget         *white_marker;
  GtkWidget         *white_clock;
  ChessCapturedView *captured_by_black;
  ChessCapturedView *captured_by_white;
  GtkWidget         *eval_bar;
  GtkWidget         *eval_label;
  GtkWidget         *analysis_panel;
  ChessMoveListView *move_list;
  ChessReviewPanel  *review_panel;
  GtkWidget         *game_info;
  GtkWidget         *status_label;
  GtkWidget         *past_return_button;
  GtkWidget         *move_entry;

  /* Owned */
  GSettings         *settings;
  ChessGame         *game;
  ChessClock        *clock;
  char              *status_text;
  char              *message;          /* a refusal shown until the next action */
  char              *document_name;    /* the file's name, or NULL */
  gboolean           document_unsaved; /* changed since opened or saved */

  guint              clock_holds;      /* open modal dialogs */
  gboolean           paused;           /* the player's pause */
  gboolean           playing;          /* not behind the start screen */
  gboolean           user_flip;
  gboolean           flipped;
  gboolean           trace_mapped;
  gboolean           entry_lent_focus; /* the move entry had the focus when it
                                        * was made insensitive */
  gint64             clock_saved_us;   /* when the running clock was last autosaved */

  /* The window's parts: each made by its part's _init and freed by its
   * _dispose, both called from chess-window.c; NULL after the dispose, so
   * an answer that comes later finds none and does nothing. */
  ChessWindowActions          *actions;      /* chess-window-actions*.c */
  struct _ChessWindowComputer *computer;     /* chess-window-computer.c */
  ChessAnalysisState          *analysis;     /* chess-window-analysis*.c; a
                                              * reference, searches hold others */
  struct _ChessWindowPractice *practice;     /* chess-window-practice.c */
  struct _ChessWindowDeck     *deck;         /* chess-window-practice-deck.c */
  GCancellable                *review_start; /* chess-window-review.c: an external
                                              * engine starting for a review */
};

enum
{
  PROP_0,
  PROP_GAME,
  PROP_FLIPPED,
  PROP_PAUSED,
  N_PROPS
};

/* Defined in chess-window.c, notified from all three files. */
extern GParamSpec *chess_window_properties[N_PROPS];

/* GTK 4.8 has no call that sets a CSS class on or off. */
static inline void
_chess_window_set_css_class (GtkWidget  *widget,
                             const char *css_class,
                             gboolean    present)
{
  if (present)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/* chess-window-panel.c */

/* From init, after the template is built: the status line's height and
 * the material bar. */
void _chess_window_panel_init          (ChessWindow *self);
/* Everything shown follows the game, the clock and the pause. */
void _chess_window_update_all          (ChessWindow *self);
void _chess_window_update_status       (ChessWindow *self);
/* The next action replaces a refusal with the game's status. */
void _chess_window_clear_message       (ChessWindow *self);
/* Which side is at the bottom: the setting, then the user's flips. */
void _chess_window_update_orientation  (ChessWindow *self);

/* chess-window-start.c */

/* From init, before the game: the card's level list and its choices. */
void _chess_window_start_init          (ChessWindow *self);

/* Shows the start card over the window's game (not playing): with
 * `resume`, that game is the unfinished last one, offered first; else the
 * card asks who plays a fresh game. */
void _chess_window_start_show          (ChessWindow *self,
                                        gboolean     resume);
/* Hides the start card; the focus it held goes to the board. */
void _chess_window_start_hide          (ChessWindow *self);
/* The start card's Continue Last Game: played on where it was left,
 * paused if it was paused. */
void _chess_window_continue_last_game  (ChessWindow *self);

/* chess-window-keys.c */

/* ← and → browse the moves wherever the focus is (but where the arrows
 * have a job: the board, text, the graph, menus); a move typed with the
 * focus on the board or a button goes into the move entry. */
void _chess_window_keys_init           (ChessWindow *self);

/* chess-window-game.c */

/* From init, after the panel: the unfinished last game on the start
 * card, or a fresh game behind the card. */
void _chess_window_game_init           (ChessWindow *self);
/* Behind the start screen (FALSE) or playing (TRUE). */
void _chess_window_set_playing         (ChessWindow *self,
                                        gboolean     playing);
/* A person moves on their own turn only. */
void _chess_window_update_interactive  (ChessWindow *self);
void _chess_window_update_pause        (ChessWindow *self);
/* How the game ended, in words: to the person against the computer ("You
 * resigned — ThinkChess (Beginner) wins"), else by names or colours. */
char *_chess_window_describe_result    (ChessWindow *self);

G_END_DECLS
