/* chess-window-analysis-private.h — what the four files of the window's
 * engine help share: their state (the window's `analysis`) and the calls
 * between chess-window-analysis.c (the state, following the game and the
 * settings, the panel's options menu, setup and shutdown),
 * chess-window-analysis-hint.c (win.hint),
 * chess-window-analysis-search.c (analysis mode: the engine's search and
 * the panel that shows it) and chess-window-analysis-threat.c (win.threat:
 * what the opponent would play if it were their move).
 *
 * The engines' callbacks hold a reference to the state, not to the
 * window: once the window is disposed they find `window` NULL and do
 * nothing.
 */
#pragma once

#include "chess-analysis-format.h"
#include "chess-analysis-panel.h"
#include "chess-board-view.h"
#include "chess-player.h"
#include "chess-threat.h"
#include "chess-window-analysis.h"
#include "chess-window-private.h"

G_BEGIN_DECLS

/* The moves of a best line kept and shown. */
#define MAX_PV 24

typedef struct
{
  gboolean       set;
  ChessEvalScore score;
  int            depth;
  ChessMove      pv[MAX_PV];
  gsize          n_pv;
} AnalysisLine;

#define CHESS_TYPE_ANALYSIS_STATE (chess_analysis_state_get_type ())
G_DECLARE_FINAL_TYPE (ChessAnalysisState, chess_analysis_state, CHESS, ANALYSIS_STATE, GObject)

struct _ChessAnalysisState
{
  GObject             parent_instance;

  /* Borrowed: the window owns them (NULL once the window is disposed) */
  ChessWindow        *window;
  ChessBoardView     *board;
  ChessAnalysisPanel *panel;
  GtkWidget          *material_box;

  /* Owned */
  GSettings          *settings;
  ChessGame          *game;            /* the game listened to */
  GSimpleAction      *hint_action;
  GSimpleAction      *analysis_action;
  GMenu              *options_menu;

  /* The hint */
  ChessPlayer  *hint_player;
  GCancellable       *hint_cancellable;  /* set while a hint is sought */
  ChessMove           hint_move;         /* shown, or CHESS_MOVE_NONE */

  /* The analysis */
  gboolean            active;
  ChessPlayer  *player;
  char               *player_id;         /* "" for the built-in engine */
  GCancellable       *start_cancellable; /* set while an external one starts */
  GCancellable       *think_cancellable; /* set while a search runs */
  gboolean            restart;           /* search again when this one ends */
  char               *engine_problem;    /* why the chosen engine is not used */
  ChessBoard          position;          /* the position being analysed */
  int                 multipv;
  AnalysisLine        lines[CHESS_ANALYSIS_MAX_LINES];
  guint               refresh_id;
  guint               runs;

  /* The threat */
  GSimpleAction      *threat_action;
  gboolean            threat_shown;
  ChessPlayer  *threat_player;
  GCancellable       *threat_cancellable; /* set while a threat is sought */
  gboolean            threat_restart;     /* seek again when this one ends */
  gboolean            threat_in_check;    /* none: the side to move is in check */
  gboolean            threat_game_over;   /* none: no legal move in the position */
  char               *threat_problem;     /* why the search failed */
  ChessThreat         threat;             /* of the position shown; its move is
                                           * CHESS_MOVE_NONE while sought */
};

/* Violet: none of the annotation colours (green, red, yellow, blue). */
extern const GdkRGBA chess_analysis_engine_colour;
/* The hint's arrow: cyan, told apart from the analysis' violet. */
extern const GdkRGBA chess_analysis_hint_colour;
extern const GdkRGBA chess_analysis_other_line_colour;

/* chess-window-analysis.c: analysis on and off */

void          chess_analysis_state_set_active    (ChessAnalysisState    *self,
                                                  gboolean               active);

/* chess-window-analysis.c: the position shown */

/* The move notation of the user's setting. */
ChessNotation chess_analysis_state_notation      (ChessAnalysisState    *self);
/* The line up to the position shown (so the engine sees repetitions). */
void          chess_analysis_state_viewed_line   (ChessAnalysisState    *self,
                                                  ChessLine             *out);
gboolean      chess_analysis_has_legal_moves     (const ChessBoard      *board);
/* The arrows of `owner` (CHESS_ARROWS_HINT, CHESS_ARROWS_ANALYSIS or
 * CHESS_ARROWS_THREAT). */
void          chess_analysis_state_set_arrows    (ChessAnalysisState    *self,
                                                  const char            *owner,
                                                  const ChessBoardArrow *arrows,
                                                  guint                  n);

/* chess-window-analysis-hint.c */

/* Stops a hint being sought and takes a hint shown off the board. */
void chess_analysis_state_clear_hint         (ChessAnalysisState *self);
/* A hint is possible for the position shown and the person to move. */
void chess_analysis_state_update_hint_action (ChessAnalysisState *self);
/* win.hint's "activate" (user_data is the state). */
void chess_analysis_state_hint_activated     (GSimpleAction      *action,
                                              GVariant           *parameter,
                                              gpointer            user_data);

/* chess-window-analysis-search.c */

/* Analyses the position shown from scratch; a search still running is
 * stopped first and this runs again when it has ended (one search at a
 * time). */
void chess_analysis_state_restart            (ChessAnalysisState *self);
/* Stops the search and clears its lines and arrows. */
void chess_analysis_state_stop               (ChessAnalysisState *self);
/* Stops and drops the engine (the next search starts one again). */
void chess_analysis_state_drop_player        (ChessAnalysisState *self);
/* Shows the lines known now in the panel and as arrows. */
void chess_analysis_state_refresh_panel      (ChessAnalysisState *self);

/* chess-window-analysis-threat.c */

/* Adds win.threat to the window. */
void chess_analysis_state_init_threat        (ChessAnalysisState *self);
/* Seeks the threat of the position shown again (when shown); a search
 * still running is stopped first and this runs again when it has ended. */
void chess_analysis_state_restart_threat     (ChessAnalysisState *self);
/* Turns the threat off: its search stopped, its line and arrow gone, and
 * win.threat's state FALSE. */
void chess_analysis_state_hide_threat        (ChessAnalysisState *self);
/* Stops and drops the threat's engine (the next threat starts one). */
void chess_analysis_state_drop_threat_player (ChessAnalysisState *self);
/* Shows the threat known now (in the user's notation) in the panel. */
void chess_analysis_state_refresh_threat     (ChessAnalysisState *self);

G_END_DECLS
