/* chess-board-view-private.h — what the board widget's files share: the
 * instance struct and the functions one part of the widget calls in another.
 * Not for use outside src/app/chess-board-view*.c. */
#pragma once

#include "chess-board-view.h"
#include "chess-piece-set.h"

G_BEGIN_DECLS

/* A colour theme (chess-board-view-themes.c). */
typedef struct
{
  const char *name;
  const char *title;       /* marked with N_ in the table */
  GdkRGBA     light;
  GdkRGBA     dark;
  GdkRGBA     last_move;   /* laid over the square */
  GdkRGBA     selected;
  GdkRGBA     marker;      /* legal-move dots and rings */
} ChessBoardTheme;

/* A colour from 0–255 channels and an alpha, for the tables. */
#define RGBA(r, g, b, a) { (r) / 255.f, (g) / 255.f, (b) / 255.f, (a) }

/* A piece sliding from one place to another, in square units of the view
 * (column, row from the top left), so a resize mid-way does no harm. */
typedef struct
{
  ChessPiece piece;
  double     from_x, from_y;
  double     to_x, to_y;
  ChessSquare hide;          /* the square whose piece is drawn moving */
} ChessSlide;

/* The inputs of the static layer: while they stay the same, the same
 * render node is appended again, and GTK redraws only what moved. */
typedef struct
{
  uint8_t       squares[64];
  uint8_t       side, castling, ep_square;
  const void   *theme;
  const void   *textures;
  ChessSquare   last_from, last_to, selected, peek, cursor, dragged, hide[2];
  int           square, origin_x, origin_y, texture_size;
  gboolean      flipped, coordinates, legal_moves, cursor_visible, playable, use_cairo;
} ChessStaticKey;

struct _ChessBoardView
{
  GtkWidget       parent_instance;

  /* Owned references */
  ChessGame      *game;
  ChessPieceSet  *pieces;
  GdkTexture     *textures[12];
  cairo_surface_t *surfaces[12];         /* the same, for cairo nodes */
  int             texture_size;          /* device pixels, 0 = none */
  gboolean        use_cairo;             /* the window draws with cairo */
  PangoLayout    *coord_layouts[16];     /* files a–h, ranks 1–8 */
  int             coord_layout_size;
  char           *theme_name;

  /* What is shown */
  ChessBoard      board;
  ChessMoveList   legal;                 /* legal moves in `board` */
  ChessSquare     last_from, last_to;
  gboolean        live;                  /* showing the live position */
  gboolean        over;

  /* Options */
  const ChessBoardTheme *theme;
  gboolean        flipped;
  gboolean        interactive;
  gboolean        show_coordinates;
  gboolean        show_legal_moves;
  gboolean        animate;

  /* Geometry */
  int             square;                /* logical pixels */
  int             origin_x, origin_y;

  /* Interaction */
  ChessSquare     selected;
  gboolean        was_selected;          /* the press hit the selected piece */
  ChessSquare     press_square;
  gboolean        press_consumed;
  gboolean        drag_pending;
  gboolean        dragging;
  double          press_x, press_y;
  double          pointer_x, pointer_y;
  ChessSquare     peek;                  /* right button held on it */
  ChessSquare     mark_from, mark_to;    /* a right-button drag: an arrow */
  gint64          mark_time;             /* when the right button went down */
  ChessSquare     cursor;
  gboolean        cursor_shown;
  ChessSquare     dropped_from, dropped_to; /* a drop not to animate */

  /* Promotion chooser */
  gboolean        choosing;
  ChessSquare     promo_from, promo_to;
  int             promo_index;

  /* Animation */
  ChessSlide      slides[2];
  int             n_slides;
  gint64          anim_start;
  int             anim_ms;
  guint           tick_id;

  /* Arrows that are not part of the game (hints, analysis): owner name →
   * GArray of ChessBoardArrow */
  GHashTable     *extra_arrows;

  /* The static layer, cached (see ChessStaticKey) */
  GskRenderNode  *static_node;
  ChessStaticKey  static_key;

  /* Tracing (THINKCHESS_TRACE) */
  gboolean        trace;
  gboolean        first_frame_traced;
  gint64          frame_start;
  gint64          snapshot_us;
  int             traced_square;
  gulong          paint_handler, after_paint_handler;
  GdkFrameClock  *trace_clock;

  GtkGesture     *drag_gesture;
  GtkGesture     *peek_gesture;
};


/* chess-board-view.c: geometry, the refused signal. */
void          _chess_board_view_square_to_cell     (ChessBoardView *self,
                                                    ChessSquare     sq,
                                                    int            *col,
                                                    int            *row);
ChessSquare   _chess_board_view_cell_to_square     (ChessBoardView *self,
                                                    int             col,
                                                    int             row);
void          _chess_board_view_refuse             (ChessBoardView *self,
                                                    const char     *message);

/* chess-board-view-themes.c: the theme of that name, or the first. */
const ChessBoardTheme *_chess_board_view_find_theme (const char *name);

/* chess-board-view-draw.c: the snapshot and its cached pieces and labels. */
void          _chess_board_view_snapshot           (GtkWidget      *widget,
                                                    GtkSnapshot    *snapshot);
void          _chess_board_view_clear_textures     (ChessBoardView *self);
void          _chess_board_view_clear_coord_layouts (ChessBoardView *self);
void          _chess_board_view_ensure_textures    (ChessBoardView *self);

/* chess-board-view-animation.c: sliding pieces. */
void          _chess_board_view_stop_animation     (ChessBoardView *self);
void          _chess_board_view_start_animation    (ChessBoardView *self,
                                                    int             ms);
void          _chess_board_view_add_slide          (ChessBoardView *self,
                                                    ChessPiece      piece,
                                                    ChessSquare     from,
                                                    ChessSquare     to);
void          _chess_board_view_spring_back        (ChessBoardView *self,
                                                    ChessSquare     from);

/* chess-board-view-moves.c: what may move where, playing a move, the
 * promotion chooser. */
extern const ChessPieceType chess_board_view_promo_types[4];

gboolean      _chess_board_view_can_play           (ChessBoardView *self);
ChessBitboard _chess_board_view_targets_of         (ChessBoardView *self,
                                                    ChessSquare     from);
ChessBitboard _chess_board_view_peek_targets       (ChessBoardView *self,
                                                    ChessSquare     from);
gboolean      _chess_board_view_is_own_piece       (ChessBoardView *self,
                                                    ChessSquare     sq);
gboolean      _chess_board_view_try_move           (ChessBoardView *self,
                                                    ChessSquare     from,
                                                    ChessSquare     to,
                                                    gboolean        dropped);
void          _chess_board_view_chooser_cell       (ChessBoardView *self,
                                                    int             index,
                                                    int            *col,
                                                    int            *row);
int           _chess_board_view_chooser_index_at   (ChessBoardView *self,
                                                    double          x,
                                                    double          y);
void          _chess_board_view_finish_promotion   (ChessBoardView *self,
                                                    int             index);

/* chess-board-view-pointer.c: the left button (click-click, drag-and-drop). */
void          _chess_board_view_add_pointer_gesture (ChessBoardView *self);

/* chess-board-view-marks.c: the right button (peek, arrows, circles) and
 * drawing the marks and the extra arrows. */
void          _chess_board_view_add_mark_gesture   (ChessBoardView *self);
void          _chess_board_view_snapshot_marks     (ChessBoardView *self,
                                                    GtkSnapshot    *snapshot);

/* chess-board-view-keyboard.c: the keyboard cursor and the accessible
 * description. */
void          _chess_board_view_add_key_controller (ChessBoardView *self);
void          _chess_board_view_update_description (ChessBoardView *self);

G_END_DECLS
