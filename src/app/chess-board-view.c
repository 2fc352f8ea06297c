/* chess-board-view.c — the chessboard widget: drawing, geometry, input. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "chess-board-view.h"
#include "chess-piece-set.h"

#define ANIMATION_MS     150
#define SPRING_BACK_MS   120
#define DRAG_THRESHOLD   4.0
#define MIN_SQUARE       28

typedef struct
{
  const char *name;
  const char *title;       /* N_() */
  GdkRGBA     light;
  GdkRGBA     dark;
  GdkRGBA     last_move;   /* laid over the square */
  GdkRGBA     selected;
  GdkRGBA     marker;      /* legal-move dots and rings */
} ChessBoardTheme;

#define RGBA(r, g, b, a) { (r) / 255.f, (g) / 255.f, (b) / 255.f, (a) }

static const ChessBoardTheme themes[] = {
  { "wood", N_("Wood"),
    RGBA (236, 211, 167, 1), RGBA (169, 122, 82, 1),
    RGBA (222, 200, 40, 0.45f), RGBA (60, 140, 60, 0.50f), RGBA (40, 30, 20, 0.28f) },
  { "green", N_("Green"),
    RGBA (232, 236, 208, 1), RGBA (111, 154, 90, 1),
    RGBA (240, 220, 60, 0.45f), RGBA (40, 100, 170, 0.45f), RGBA (20, 40, 20, 0.28f) },
  { "blue", N_("Blue"),
    RGBA (223, 231, 239, 1), RGBA (122, 151, 181, 1),
    RGBA (120, 200, 230, 0.50f), RGBA (40, 150, 80, 0.45f), RGBA (10, 30, 60, 0.28f) },
  { "grey", N_("Grey"),
    RGBA (220, 220, 220, 1), RGBA (154, 154, 154, 1),
    RGBA (230, 200, 80, 0.50f), RGBA (60, 130, 200, 0.45f), RGBA (0, 0, 0, 0.25f) },
  { "purple", N_("Purple"),
    RGBA (235, 226, 240, 1), RGBA (140, 112, 165, 1),
    RGBA (240, 190, 90, 0.50f), RGBA (60, 150, 120, 0.45f), RGBA (30, 10, 40, 0.28f) },
};

static const char *const theme_names[] = { "wood", "green", "blue", "grey", "purple", NULL };

static const GdkRGBA check_color = RGBA (230, 40, 30, 0.55f);
static const GdkRGBA mate_color = RGBA (200, 0, 0, 0.85f);
static const GdkRGBA cursor_color = RGBA (30, 110, 230, 1);
static const GdkRGBA chooser_dim = RGBA (0, 0, 0, 0.45f);
static const GdkRGBA chooser_bg = RGBA (250, 250, 250, 1);
static const GdkRGBA chooser_hover = RGBA (255, 210, 120, 1);

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

G_DEFINE_FINAL_TYPE (ChessBoardView, chess_board_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_FLIPPED,
  PROP_INTERACTIVE,
  PROP_SHOW_COORDINATES,
  PROP_SHOW_LEGAL_MOVES,
  PROP_ANIMATE,
  PROP_THEME,
  PROP_PIECE_SET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update_description (ChessBoardView *self);

/* ---- Themes ---- */

const char *const *
chess_board_view_list_themes (void)
{
  return theme_names;
}

static const ChessBoardTheme *
find_theme (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    if (g_strcmp0 (themes[i].name, name) == 0)
      return &themes[i];
  return &themes[0];
}

const char *
chess_board_view_get_theme_title (const char *theme)
{
  return _(find_theme (theme)->title);
}

void
chess_board_view_get_theme_colors (const char *theme,
                                   GdkRGBA    *light,
                                   GdkRGBA    *dark)
{
  const ChessBoardTheme *found = find_theme (theme);

  if (light != NULL)
    *light = found->light;
  if (dark != NULL)
    *dark = found->dark;
}

/* ---- Geometry ---- */

/* Column and row on screen (0,0 top left) of a square. */
static void
square_to_cell (ChessBoardView *self,
                ChessSquare     sq,
                int            *col,
                int            *row)
{
  int file = chess_square_file (sq), rank = chess_square_rank (sq);

  *col = self->flipped ? 7 - file : file;
  *row = self->flipped ? rank : 7 - rank;
}

static ChessSquare
cell_to_square (ChessBoardView *self,
                int             col,
                int             row)
{
  if (col < 0 || col > 7 || row < 0 || row > 7)
    return CHESS_NO_SQUARE;
  return self->flipped ? chess_square_make (7 - col, row)
                       : chess_square_make (col, 7 - row);
}

ChessSquare
chess_board_view_square_at (ChessBoardView *self,
                            double          x,
                            double          y)
{
  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), CHESS_NO_SQUARE);

  if (self->square <= 0)
    return CHESS_NO_SQUARE;
  x -= self->origin_x;
  y -= self->origin_y;
  if (x < 0 || y < 0)
    return CHESS_NO_SQUARE;
  return cell_to_square (self, (int) (x / self->square), (int) (y / self->square));
}

gboolean
chess_board_view_get_square_bounds (ChessBoardView  *self,
                                    ChessSquare      square,
                                    graphene_rect_t *bounds)
{
  int col, row;

  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (square >= 0 && square < 64, FALSE);

  if (self->square <= 0)
    return FALSE;
  square_to_cell (self, square, &col, &row);
  graphene_rect_init (bounds, self->origin_x + col * self->square,
                      self->origin_y + row * self->square,
                      self->square, self->square);
  return TRUE;
}

static void
cell_rect (ChessBoardView  *self,
           double           col,
           double           row,
           graphene_rect_t *rect)
{
  graphene_rect_init (rect, self->origin_x + col * self->square,
                      self->origin_y + row * self->square,
                      self->square, self->square);
}

/* ---- Cached drawings ---- */

static void
clear_textures (ChessBoardView *self)
{
  for (int i = 0; i < 12; i++)
    {
      g_clear_object (&self->textures[i]);
      g_clear_pointer (&self->surfaces[i], cairo_surface_destroy);
    }
  self->texture_size = 0;
}

static void
clear_coord_layouts (ChessBoardView *self)
{
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->coord_layouts[i]);
  self->coord_layout_size = 0;
}

/* Renders the piece textures for the current square size and scale; only
 * when one of them changed. */
static void
ensure_textures (ChessBoardView *self)
{
  int size = self->square * gtk_widget_get_scale_factor (GTK_WIDGET (self));

  if (size <= 0 || size == self->texture_size)
    return;
  clear_textures (self);
  if (self->pieces == NULL)
    self->pieces = chess_piece_set_get (NULL);
  for (int i = 0; i < 12; i++)
    {
      self->surfaces[i] = chess_piece_set_render_surface (self->pieces, i, size);
      cairo_surface_set_device_scale (self->surfaces[i], (double) size / self->square,
                                      (double) size / self->square);
      self->textures[i] = chess_piece_set_render (self->pieces, i, size);
    }
  self->texture_size = size;
}

static void
ensure_coord_layouts (ChessBoardView *self)
{
  PangoFontDescription *font;

  if (self->coord_layout_size == self->square)
    return;
  clear_coord_layouts (self);
  font = pango_font_description_new ();
  pango_font_description_set_family (font, "sans-serif");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (7, self->square / 6) * PANGO_SCALE);
  for (int i = 0; i < 16; i++)
    {
      char text[2] = { i < 8 ? 'a' + i : '1' + (i - 8), 0 };

      self->coord_layouts[i] = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      pango_layout_set_font_description (self->coord_layouts[i], font);
    }
  pango_font_description_free (font);
  self->coord_layout_size = self->square;
}

/* ---- Following the game ---- */

static void
stop_animation (ChessBoardView *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->n_slides = 0;
}

static gboolean
animation_tick_cb (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  gtk_widget_queue_draw (widget);
  if (now - self->anim_start >= (gint64) self->anim_ms * 1000)
    {
      self->tick_id = 0;
      self->n_slides = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
start_animation (ChessBoardView *self,
                 int            ms)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock == NULL || self->n_slides == 0)
    {
      self->n_slides = 0;
      return;
    }
  self->anim_start = gdk_frame_clock_get_frame_time (clock);
  self->anim_ms = ms;
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick_cb,
                                                  NULL, NULL);
}

static void
add_slide (ChessBoardView *self,
           ChessPiece      piece,
           ChessSquare     from,
           ChessSquare     to)
{
  ChessSlide *slide;
  int col, row;

  if (self->n_slides >= 2 || piece >= CHESS_NO_PIECE)
    return;
  slide = &self->slides[self->n_slides++];
  slide->piece = piece;
  square_to_cell (self, from, &col, &row);
  slide->from_x = col;
  slide->from_y = row;
  square_to_cell (self, to, &col, &row);
  slide->to_x = col;
  slide->to_y = row;
  slide->hide = to;
}

static void
reset_interaction (ChessBoardView *self)
{
  self->selected = CHESS_NO_SQUARE;
  self->drag_pending = FALSE;
  self->dragging = FALSE;
  self->choosing = FALSE;
  self->peek = CHESS_NO_SQUARE;
  self->mark_from = self->mark_to = CHESS_NO_SQUARE;
}

/* Reads the position being viewed from the game. */
static void
sync_position (ChessBoardView *self)
{
  ChessSquare from, to;
  gboolean have_last = FALSE;

  if (self->game == NULL)
    {
      chess_board_set_start (&self->board);
      self->live = FALSE;
      self->over = FALSE;
      self->last_from = self->last_to = CHESS_NO_SQUARE;
    }
  else
    {
      guint ply = chess_game_get_view_ply (self->game);
      ChessMoveInfo info;

      chess_game_get_board_at (self->game, ply, &self->board);
      /* In a finished or loaded game any position shown takes moves: they
       * go into the game's tree as variations. */
      gboolean here = chess_game_can_play_at_view (self->game);
      self->live = chess_game_is_viewing_live (self->game) || here;
      self->over = !here && chess_game_is_over (self->game);
      if (ply > 0 && chess_game_get_move_info (self->game, ply - 1, &info))
        {
          from = info.from;
          to = info.to;
          have_last = TRUE;
        }
      self->last_from = have_last ? from : CHESS_NO_SQUARE;
      self->last_to = have_last ? to : CHESS_NO_SQUARE;
    }
  chess_board_generate_legal (&self->board, &self->legal);
  if (!self->live || self->over)
    reset_interaction (self);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
game_moved_cb (ChessGame     *game,
               ChessMoveInfo *info,
               gpointer       user_data)
{
  ChessBoardView *self = user_data;
  gboolean dropped = info->from == self->dropped_from && info->to == self->dropped_to;

  self->dropped_from = self->dropped_to = CHESS_NO_SQUARE;
  reset_interaction (self);
  stop_animation (self);
  sync_position (self);
  if (self->animate && !dropped && info->from != CHESS_NO_SQUARE
      && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      ChessPiece shown = chess_board_piece_at (&self->board, info->to);

      add_slide (self, shown, info->from, info->to);
      if (info->rook_from != CHESS_NO_SQUARE)
        add_slide (self, chess_piece_make (info->color, CHESS_ROOK),
                   info->rook_from, info->rook_to);
      start_animation (self, ANIMATION_MS);
    }
}

static void
game_taken_back_cb (ChessGame     *game,
                    ChessMoveInfo *info,
                    gpointer       user_data)
{
  ChessBoardView *self = user_data;

  reset_interaction (self);
  stop_animation (self);
  sync_position (self);
  /* A null move (from a file) has nothing to slide. */
  if (self->animate && info->from != CHESS_NO_SQUARE && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      add_slide (self, info->piece, info->to, info->from);
      if (info->rook_from != CHESS_NO_SQUARE)
        add_slide (self, chess_piece_make (info->color, CHESS_ROOK),
                   info->rook_to, info->rook_from);
      start_animation (self, ANIMATION_MS);
    }
}

static void
game_changed_cb (gpointer user_data)
{
  ChessBoardView *self = user_data;
  uint64_t shown = self->board.key;

  sync_position (self);
  /* A move's own notifications (view-ply, game-over) follow "moved": its
   * slide goes on while the position shown stays the same. */
  if (self->board.key != shown)
    stop_animation (self);
}

void
chess_board_view_set_game (ChessBoardView *self,
                           ChessGame      *game)
{
  g_return_if_fail (CHESS_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || CHESS_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect (game, "moved", G_CALLBACK (game_moved_cb), self);
      g_signal_connect (game, "taken-back", G_CALLBACK (game_taken_back_cb), self);
      g_signal_connect_swapped (game, "reset", G_CALLBACK (game_changed_cb), self);
      g_signal_connect_swapped (game, "game-over", G_CALLBACK (game_changed_cb), self);
      g_signal_connect_swapped (game, "notify::view-ply", G_CALLBACK (game_changed_cb), self);
      g_signal_connect_swapped (game, "tree-changed", G_CALLBACK (gtk_widget_queue_draw), self);
    }
  reset_interaction (self);
  stop_animation (self);
  sync_position (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

ChessGame *
chess_board_view_get_game (ChessBoardView *self)
{
  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), NULL);
  return self->game;
}

/* ---- Moves ---- */

static gboolean
can_play (ChessBoardView *self)
{
  return self->game != NULL && self->interactive && self->live && !self->over;
}

static ChessBitboard
targets_of (ChessBoardView *self,
            ChessSquare     from)
{
  ChessBitboard targets = 0;

  for (int i = 0; i < self->legal.count; i++)
    if (chess_move_from (self->legal.moves[i]) == from)
      targets |= (ChessBitboard) 1 << chess_move_to (self->legal.moves[i]);
  return targets;
}

/* The moves of a piece of the side not to move, as if it were its turn
 * (the right button's peek). Nothing when the side to move is in check:
 * the swapped position would not be legal. */
static ChessBitboard
peek_targets (ChessBoardView *self,
              ChessSquare     from)
{
  ChessPiece piece = chess_board_piece_at (&self->board, from);
  ChessBoard copy;
  ChessMoveList list;
  ChessBitboard targets = 0;

  if (piece == CHESS_NO_PIECE)
    return 0;
  if (chess_piece_color (piece) == self->board.side)
    return targets_of (self, from);
  if (chess_board_in_check (&self->board))
    return 0;
  copy = self->board;
  copy.side = chess_piece_color (piece);
  copy.ep_square = CHESS_NO_SQUARE;
  chess_board_generate_legal (&copy, &list);
  for (int i = 0; i < list.count; i++)
    if (chess_move_from (list.moves[i]) == from)
      targets |= (ChessBitboard) 1 << chess_move_to (list.moves[i]);
  return targets;
}

static gboolean
is_own_piece (ChessBoardView *self,
              ChessSquare     sq)
{
  ChessPiece piece;

  if (sq == CHESS_NO_SQUARE)
    return FALSE;
  piece = chess_board_piece_at (&self->board, sq);
  return piece != CHESS_NO_PIECE && chess_piece_color (piece) == self->board.side;
}

static void
refuse (ChessBoardView *self,
        const char     *message)
{
  g_signal_emit (self, signals[SIGNAL_REFUSED], 0, message);
}

static void
spring_back (ChessBoardView *self,
             ChessSquare     from)
{
  ChessPiece piece = chess_board_piece_at (&self->board, from);
  ChessSlide *slide;
  int col, row;

  stop_animation (self);
  if (!self->animate || piece == CHESS_NO_PIECE || self->square <= 0)
    return;
  slide = &self->slides[0];
  self->n_slides = 1;
  slide->piece = piece;
  slide->from_x = (self->pointer_x - self->origin_x) / self->square - 0.5;
  slide->from_y = (self->pointer_y - self->origin_y) / self->square - 0.5;
  square_to_cell (self, from, &col, &row);
  slide->to_x = col;
  slide->to_y = row;
  slide->hide = from;
  start_animation (self, SPRING_BACK_MS);
}

/* Plays from → to, or opens the promotion chooser. TRUE when the move was
 * played or is waiting for the promotion piece. */
static gboolean
try_move (ChessBoardView *self,
          ChessSquare     from,
          ChessSquare     to,
          gboolean        dropped)
{
  g_autoptr(GError) error = NULL;

  if (chess_game_needs_promotion (self->game, from, to))
    {
      self->choosing = TRUE;
      self->promo_from = from;
      self->promo_to = to;
      self->promo_index = 0;
      self->selected = from;
      update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }

  self->dropped_from = dropped ? from : CHESS_NO_SQUARE;
  self->dropped_to = dropped ? to : CHESS_NO_SQUARE;
  if (!chess_game_play_squares (self->game, from, to, CHESS_NO_PIECE_TYPE, &error))
    {
      self->dropped_from = self->dropped_to = CHESS_NO_SQUARE;
      refuse (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static const ChessPieceType promo_types[4] = {
  CHESS_QUEEN, CHESS_ROOK, CHESS_BISHOP, CHESS_KNIGHT
};

/* The chooser's cells: a column at the promotion square, running towards
 * the middle of the board. */
static void
chooser_cell (ChessBoardView *self,
              int             index,
              int            *col,
              int            *row)
{
  square_to_cell (self, self->promo_to, col, row);
  *row = *row == 0 ? index : *row - index;
}

static int
chooser_index_at (ChessBoardView *self,
                  double          x,
                  double          y)
{
  ChessSquare sq = chess_board_view_square_at (self, x, y);
  int col, row;

  if (sq == CHESS_NO_SQUARE)
    return -1;
  for (int i = 0; i < 4; i++)
    {
      int c, r;

      chooser_cell (self, i, &c, &r);
      square_to_cell (self, sq, &col, &row);
      if (c == col && r == row)
        return i;
    }
  return -1;
}

static void
finish_promotion (ChessBoardView *self,
                  int             index)
{
  g_autoptr(GError) error = NULL;
  ChessSquare from = self->promo_from, to = self->promo_to;

  self->choosing = FALSE;
  self->selected = CHESS_NO_SQUARE;
  if (index >= 0
      && !chess_game_play_squares (self->game, from, to, promo_types[index], &error))
    refuse (self, error->message);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- Pointer input ---- */

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ChessBoardView *self)
{
  ChessSquare sq = chess_board_view_square_at (self, x, y);

  self->press_consumed = TRUE;
  self->drag_pending = FALSE;
  self->dragging = FALSE;
  self->press_x = self->pointer_x = x;
  self->press_y = self->pointer_y = y;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* The mouse takes over from the keyboard: the cursor goes, and ←/→
   * browse the moves again. */
  if (self->cursor_shown)
    {
      self->cursor_shown = FALSE;
      update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }

  if (self->choosing)
    {
      finish_promotion (self, chooser_index_at (self, x, y));
      return;
    }
  if (self->game != NULL && !self->live)
    {
      /* A click while looking at the past goes back to the game. */
      chess_game_set_view_ply (self->game, chess_game_get_move_count (self->game));
      return;
    }
  if (!can_play (self) || sq == CHESS_NO_SQUARE)
    {
      self->selected = CHESS_NO_SQUARE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  if (self->selected != CHESS_NO_SQUARE && self->selected != sq && !is_own_piece (self, sq))
    {
      ChessSquare from = self->selected;

      self->selected = CHESS_NO_SQUARE;
      try_move (self, from, sq, FALSE);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (is_own_piece (self, sq))
    {
      self->was_selected = self->selected == sq;
      self->selected = sq;
      self->press_square = sq;
      self->drag_pending = TRUE;
      self->press_consumed = FALSE;
      stop_animation (self);
    }
  else
    self->selected = CHESS_NO_SQUARE;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ChessBoardView *self)
{
  if (self->press_consumed || !self->drag_pending)
    return;
  self->pointer_x = self->press_x + dx;
  self->pointer_y = self->press_y + dy;
  if (!self->dragging && hypot (dx, dy) >= DRAG_THRESHOLD)
    self->dragging = TRUE;
  if (self->dragging)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ChessBoardView *self)
{
  ChessSquare from = self->press_square, to;

  if (self->press_consumed || !self->drag_pending)
    return;
  self->drag_pending = FALSE;
  self->pointer_x = self->press_x + dx;
  self->pointer_y = self->press_y + dy;

  if (!self->dragging)
    {
      /* A click: a second click on the selected piece puts it down. */
      if (self->was_selected)
        self->selected = CHESS_NO_SQUARE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  self->dragging = FALSE;
  to = chess_board_view_square_at (self, self->pointer_x, self->pointer_y);
  if (to == CHESS_NO_SQUARE || to == from)
    {
      spring_back (self, from);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  self->selected = CHESS_NO_SQUARE;
  if (!try_move (self, from, to, TRUE))
    spring_back (self, from);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                ChessBoardView   *self)
{
  if (self->dragging)
    spring_back (self, self->press_square);
  self->dragging = FALSE;
  self->drag_pending = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A right-button click shorter than this circles the square; held longer
 * on a piece, it only shows where the piece can go. */
#define MARK_CLICK_US (350 * G_TIME_SPAN_MILLISECOND)

static void
peek_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               ChessBoardView *self)
{
  ChessSquare sq = chess_board_view_square_at (self, x, y);

  if (sq != CHESS_NO_SQUARE && chess_board_piece_at (&self->board, sq) != CHESS_NO_PIECE)
    self->peek = sq;
  self->mark_from = self->mark_to = sq;
  self->mark_time = g_get_monotonic_time ();
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
peek_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                ChessBoardView *self)
{
  double x, y;

  if (self->mark_from == CHESS_NO_SQUARE || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  ChessSquare sq = chess_board_view_square_at (self, x + dx, y + dy);
  if (sq == CHESS_NO_SQUARE || sq == self->mark_to)
    return;
  /* Drawing an arrow: no more peeking. */
  self->mark_to = sq;
  self->peek = CHESS_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The colour of a mark drawn with these keys held, as Lichess has them. */
static guint8
mark_color (GdkModifierType state)
{
  if (state & GDK_SHIFT_MASK)
    return 'R';
  if (state & GDK_ALT_MASK)
    return 'B';
  if (state & GDK_CONTROL_MASK)
    return 'Y';
  return 'G';
}

static void
peek_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             ChessBoardView *self)
{
  ChessSquare from = self->mark_from, to = self->mark_to;
  gboolean quick = g_get_monotonic_time () - self->mark_time < MARK_CLICK_US;
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  self->peek = CHESS_NO_SQUARE;
  self->mark_from = self->mark_to = CHESS_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->game == NULL || from == CHESS_NO_SQUARE || (from == to && !quick))
    return;

  ChessTreeMark mark = { mark_color (state), (guint8) from, (guint8) to };
  chess_game_toggle_mark (self->game, chess_game_get_view_node (self->game), mark);
}

static void
peek_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                ChessBoardView   *self)
{
  self->peek = CHESS_NO_SQUARE;
  self->mark_from = self->mark_to = CHESS_NO_SQUARE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The centre of `sq` in widget coordinates. */
static void
square_center (ChessBoardView *self,
               ChessSquare     sq,
               double         *x,
               double         *y)
{
  int col, row;

  square_to_cell (self, sq, &col, &row);
  *x = self->origin_x + (col + 0.5) * self->square;
  *y = self->origin_y + (row + 0.5) * self->square;
}

static void
set_mark_color (cairo_t *cr,
                guint8   color)
{
  switch (color)
    {
    case 'R': cairo_set_source_rgba (cr, 0.53, 0.13, 0.13, 0.8); break;
    case 'Y': cairo_set_source_rgba (cr, 0.90, 0.56, 0.0, 0.8); break;
    case 'B': cairo_set_source_rgba (cr, 0.0, 0.19, 0.53, 0.8); break;
    default:  cairo_set_source_rgba (cr, 0.08, 0.47, 0.11, 0.8); break;
    }
}

/* An arrow from the centre of `from` to that of `to` in the current
 * source colour; `scale` widens or narrows it (1: an annotation's). */
static void
draw_arrow_path (ChessBoardView *self,
                 cairo_t        *cr,
                 ChessSquare     from,
                 ChessSquare     to,
                 double          scale)
{
  double x0, y0, x1, y1;
  double width = self->square * 0.16 * scale, head = self->square * 0.42 * MIN (scale, 1.2);

  square_center (self, from, &x0, &y0);
  square_center (self, to, &x1, &y1);
  double length = hypot (x1 - x0, y1 - y0);
  if (length < 1)
    return;
  double ux = (x1 - x0) / length, uy = (y1 - y0) / length;
  /* The head's tip stops short of the centre, the shaft under the head. */
  double tip_x = x1 - ux * self->square * 0.15, tip_y = y1 - uy * self->square * 0.15;
  double base_x = tip_x - ux * head, base_y = tip_y - uy * head;

  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_move_to (cr, x0 + ux * self->square * 0.25, y0 + uy * self->square * 0.25);
  cairo_line_to (cr, base_x, base_y);
  cairo_stroke (cr);
  cairo_move_to (cr, tip_x, tip_y);
  cairo_line_to (cr, base_x - uy * head * 0.55, base_y + ux * head * 0.55);
  cairo_line_to (cr, base_x + uy * head * 0.55, base_y - ux * head * 0.55);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
draw_arrow (ChessBoardView *self,
            cairo_t        *cr,
            ChessTreeMark   mark)
{
  set_mark_color (cr, mark.color);
  draw_arrow_path (self, cr, mark.from, mark.to, 1.0);
}

static void
draw_circle (ChessBoardView *self,
             cairo_t        *cr,
             ChessTreeMark   mark)
{
  double x, y;

  square_center (self, mark.from, &x, &y);
  set_mark_color (cr, mark.color);
  cairo_set_line_width (cr, self->square * 0.07);
  cairo_arc (cr, x, y, self->square * 0.45, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static gboolean
has_extra_arrows (ChessBoardView *self)
{
  GHashTableIter iter;
  GArray *arrows;

  g_hash_table_iter_init (&iter, self->extra_arrows);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &arrows))
    if (arrows->len > 0)
      return TRUE;
  return FALSE;
}

static int
compare_owners (const void *a,
                const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The other owners' arrows, in a fixed order (by owner name) so that a
 * redraw never changes which lies on top. */
static void
draw_extra_arrows (ChessBoardView *self,
                   cairo_t        *cr)
{
  g_autofree gpointer *owners = NULL;
  guint n_owners = 0;

  owners = g_hash_table_get_keys_as_array (self->extra_arrows, &n_owners);
  qsort (owners, n_owners, sizeof (gpointer), compare_owners);
  for (guint o = 0; o < n_owners; o++)
    {
      GArray *arrows = g_hash_table_lookup (self->extra_arrows, owners[o]);

      /* The first arrow (the best move) is drawn last, on top. */
      for (guint i = arrows->len; i-- > 0;)
        {
          const ChessBoardArrow *arrow = &g_array_index (arrows, ChessBoardArrow, i);

          gdk_cairo_set_source_rgba (cr, &arrow->color);
          draw_arrow_path (self, cr, arrow->from, arrow->to, arrow->width > 0 ? arrow->width : 1.0);
        }
    }
}

/* The arrows and circled squares of the position shown, the arrow being
 * drawn, then the arrows of hints and analysis. */
static void
snapshot_marks (ChessBoardView *self,
                GtkSnapshot    *snapshot)
{
  const ChessTreeNode *node = self->game != NULL ? chess_game_get_view_node (self->game) : NULL;
  gboolean drawing = self->mark_from != CHESS_NO_SQUARE && self->mark_to != self->mark_from;
  gboolean extra = has_extra_arrows (self);

  if (!drawing && !extra && (node == NULL || (node->arrows == NULL && node->squares == NULL)))
    return;

  graphene_rect_t bounds;
  graphene_rect_init (&bounds, 0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                      gtk_widget_get_height (GTK_WIDGET (self)));
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  for (guint i = 0; node != NULL && node->squares != NULL && i < node->squares->len; i++)
    draw_circle (self, cr, g_array_index (node->squares, ChessTreeMark, i));
  for (guint i = 0; node != NULL && node->arrows != NULL && i < node->arrows->len; i++)
    draw_arrow (self, cr, g_array_index (node->arrows, ChessTreeMark, i));
  if (drawing)
    {
      ChessTreeMark preview = { 'G', (guint8) self->mark_from, (guint8) self->mark_to };
      draw_arrow (self, cr, preview);
    }
  if (extra)
    draw_extra_arrows (self, cr);
  cairo_destroy (cr);
}

static gboolean
same_arrows (GArray                *list,
             const ChessBoardArrow *arrows,
             guint                  n_arrows)
{
  if (list->len != n_arrows)
    return FALSE;
  for (guint i = 0; i < n_arrows; i++)
    {
      const ChessBoardArrow *a = &g_array_index (list, ChessBoardArrow, i);

      if (a->from != arrows[i].from || a->to != arrows[i].to || a->width != arrows[i].width
          || !gdk_rgba_equal (&a->color, &arrows[i].color))
        return FALSE;
    }
  return TRUE;
}

void
chess_board_view_set_extra_arrows (ChessBoardView        *self,
                                   const char            *owner,
                                   const ChessBoardArrow *arrows,
                                   guint                  n_arrows)
{
  GArray *list;

  g_return_if_fail (CHESS_IS_BOARD_VIEW (self));
  g_return_if_fail (owner != NULL);
  g_return_if_fail (arrows != NULL || n_arrows == 0);

  list = g_hash_table_lookup (self->extra_arrows, owner);
  if (list == NULL && n_arrows == 0)
    return;
  if (list != NULL && same_arrows (list, arrows, n_arrows))
    return;
  if (list == NULL)
    {
      list = g_array_new (FALSE, FALSE, sizeof (ChessBoardArrow));
      g_hash_table_insert (self->extra_arrows, g_strdup (owner), list);
    }
  g_array_set_size (list, 0);
  for (guint i = 0; i < n_arrows; i++)
    if (arrows[i].from < 64 && arrows[i].to < 64 && arrows[i].from != arrows[i].to)
      g_array_append_val (list, arrows[i]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
chess_board_view_get_extra_arrows (ChessBoardView         *self,
                                   const char             *owner,
                                   const ChessBoardArrow **arrows)
{
  GArray *list;

  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail (owner != NULL, 0);

  list = g_hash_table_lookup (self->extra_arrows, owner);
  if (arrows != NULL)
    *arrows = list != NULL && list->len > 0 ? (const ChessBoardArrow *) list->data : NULL;
  return list != NULL ? list->len : 0;
}

/* ---- Keyboard ---- */

static void
browse (ChessBoardView *self,
        int             delta,
        gboolean        absolute)
{
  guint count, ply;

  if (self->game == NULL)
    return;
  count = chess_game_get_move_count (self->game);
  ply = chess_game_get_view_ply (self->game);
  if (absolute)
    ply = delta < 0 ? 0 : count;
  else if (delta < 0)
    ply = ply > 0 ? ply - 1 : 0;
  else
    ply = MIN (ply + 1, count);
  chess_game_set_view_ply (self->game, ply);
}

/* Enter or Space on the cursor square: like a click there. */
static void
activate_cursor (ChessBoardView *self)
{
  ChessSquare sq = self->cursor;

  if (!can_play (self))
    return;
  if (self->selected == sq)
    self->selected = CHESS_NO_SQUARE;
  else if (is_own_piece (self, sq))
    self->selected = sq;
  else if (self->selected != CHESS_NO_SQUARE)
    {
      ChessSquare from = self->selected;

      self->selected = CHESS_NO_SQUARE;
      try_move (self, from, sq, FALSE);
    }
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                ChessBoardView        *self)
{
  gboolean alt = (state & GDK_ALT_MASK) != 0;
  int dx = 0, dy = 0;

  if (state & (GDK_CONTROL_MASK | GDK_SUPER_MASK))
    return FALSE;

  if (self->choosing)
    {
      switch (keyval)
        {
        case GDK_KEY_Escape:
          finish_promotion (self, -1);
          return TRUE;
        case GDK_KEY_Up:
        case GDK_KEY_Left:
          self->promo_index = (self->promo_index + 3) % 4;
          break;
        case GDK_KEY_Down:
        case GDK_KEY_Right:
          self->promo_index = (self->promo_index + 1) % 4;
          break;
        case GDK_KEY_Return:
        case GDK_KEY_KP_Enter:
        case GDK_KEY_space:
          finish_promotion (self, self->promo_index);
          return TRUE;
        default:
          return TRUE;
        }
      update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }

  switch (keyval)
    {
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      browse (self, -1, TRUE);
      return TRUE;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      browse (self, 1, TRUE);
      return TRUE;
    case GDK_KEY_Page_Up:
      browse (self, -1, FALSE);
      return TRUE;
    case GDK_KEY_Page_Down:
      browse (self, 1, FALSE);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (alt || !self->cursor_shown)
        {
          browse (self, -1, FALSE);
          return TRUE;
        }
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (alt || !self->cursor_shown)
        {
          browse (self, 1, FALSE);
          return TRUE;
        }
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;
    case GDK_KEY_Escape:
      if (self->selected != CHESS_NO_SQUARE)
        self->selected = CHESS_NO_SQUARE;
      else if (self->cursor_shown)
        self->cursor_shown = FALSE;
      else
        return FALSE;
      update_description (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      break;
    default:
      /* Any other key while looking at the past returns to the game. */
      if (self->game != NULL && !self->live && gdk_keyval_to_unicode (keyval) != 0)
        {
          browse (self, 1, TRUE);
          return TRUE;
        }
      return FALSE;
    }

  if (self->game != NULL && !self->live)
    {
      browse (self, 1, TRUE);
      return TRUE;
    }

  if (!self->cursor_shown)
    {
      /* The first key shows the cursor, on the selected piece or on the
       * king's pawn of the side to move. */
      self->cursor_shown = TRUE;
      if (self->selected != CHESS_NO_SQUARE)
        self->cursor = self->selected;
      else if (self->cursor == CHESS_NO_SQUARE)
        self->cursor = self->board.side == CHESS_COLOR_WHITE ? 12 : 52;
    }
  else if (dx != 0 || dy != 0)
    {
      int col, row;

      square_to_cell (self, self->cursor, &col, &row);
      col = CLAMP (col + dx, 0, 7);
      row = CLAMP (row + dy, 0, 7);
      self->cursor = cell_to_square (self, col, row);
    }
  else
    activate_cursor (self);

  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

/* ---- Accessibility ---- */

static const char *
piece_description (ChessPiece piece)
{
  switch (piece)
    {
    case CHESS_WHITE_PAWN: return _("white pawn");
    case CHESS_WHITE_KNIGHT: return _("white knight");
    case CHESS_WHITE_BISHOP: return _("white bishop");
    case CHESS_WHITE_ROOK: return _("white rook");
    case CHESS_WHITE_QUEEN: return _("white queen");
    case CHESS_WHITE_KING: return _("white king");
    case CHESS_BLACK_PAWN: return _("black pawn");
    case CHESS_BLACK_KNIGHT: return _("black knight");
    case CHESS_BLACK_BISHOP: return _("black bishop");
    case CHESS_BLACK_ROOK: return _("black rook");
    case CHESS_BLACK_QUEEN: return _("black queen");
    case CHESS_BLACK_KING: return _("black king");
    default: return _("empty");
    }
}

static void
update_description (ChessBoardView *self)
{
  g_autofree char *text = NULL;
  char name[3];
  ChessSquare sq = self->cursor != CHESS_NO_SQUARE ? self->cursor : 12;

  if (self->choosing)
    {
      static const char *const names[4] = { N_("Queen"), N_("Rook"), N_("Bishop"), N_("Knight") };

      /* Translators: the promotion chooser; %s is a piece name. */
      text = g_strdup_printf (_("Promote to: %s"), _(names[self->promo_index]));
    }
  else
    {
      chess_square_name (sq, name);
      /* Translators: the square under the keyboard cursor and its piece,
       * e.g. "e2: white pawn". */
      text = g_strdup_printf (_("%s: %s"), name,
                              piece_description (chess_board_piece_at (&self->board, sq)));
      if (self->selected != CHESS_NO_SQUARE)
        {
          char sel[3];
          char *with = g_strdup_printf (_("%s, selected: %s"), text, chess_square_name (self->selected, sel));

          g_free (text);
          text = with;
        }
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

/* ---- Drawing ---- */

static void
append_piece (ChessBoardView *self,
              GtkSnapshot    *snapshot,
              ChessPiece      piece,
              double          col,
              double          row)
{
  graphene_rect_t rect;

  if (piece >= CHESS_NO_PIECE || self->textures[piece] == NULL)
    return;
  cell_rect (self, col, row, &rect);
  gtk_snapshot_append_texture (snapshot, self->textures[piece], &rect);
}

/* A resting piece. GTK 4.8's cairo renderer converts a texture's pixels
 * every time it draws it; a cairo node paints the image surface as it is,
 * so with that renderer the pieces go in as cairo nodes (3× faster frames
 * while dragging). Other renderers keep textures on the GPU. */
static void
append_resting_piece (ChessBoardView *self,
                      GtkSnapshot    *snapshot,
                      ChessPiece      piece,
                      int             col,
                      int             row)
{
  graphene_rect_t rect;
  cairo_t *cr;

  if (!self->use_cairo || piece >= CHESS_NO_PIECE || self->surfaces[piece] == NULL)
    {
      append_piece (self, snapshot, piece, col, row);
      return;
    }
  cell_rect (self, col, row, &rect);
  cr = gtk_snapshot_append_cairo (snapshot, &rect);
  cairo_set_source_surface (cr, self->surfaces[piece], rect.origin.x, rect.origin.y);
  cairo_paint (cr);
  cairo_destroy (cr);
}

static void
append_circle (GtkSnapshot     *snapshot,
               const graphene_rect_t *cell,
               double           radius,
               const GdkRGBA   *color)
{
  GskRoundedRect clip;
  graphene_rect_t box;

  graphene_rect_init (&box, cell->origin.x + cell->size.width / 2 - radius,
                      cell->origin.y + cell->size.height / 2 - radius,
                      2 * radius, 2 * radius);
  gsk_rounded_rect_init_from_rect (&clip, &box, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &clip);
  gtk_snapshot_append_color (snapshot, color, &box);
  gtk_snapshot_pop (snapshot);
}

static void
append_ring (GtkSnapshot     *snapshot,
             const graphene_rect_t *cell,
             double           width,
             const GdkRGBA   *color)
{
  GskRoundedRect outline;
  graphene_rect_t box;
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colors[4] = { *color, *color, *color, *color };

  graphene_rect_inset_r (cell, width * 0.3f, width * 0.3f, &box);
  gsk_rounded_rect_init_from_rect (&outline, &box, box.size.width / 2);
  gtk_snapshot_append_border (snapshot, &outline, widths, colors);
}

static void
append_frame (GtkSnapshot     *snapshot,
              const graphene_rect_t *cell,
              double           width,
              const GdkRGBA   *color)
{
  GskRoundedRect outline;
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colors[4] = { *color, *color, *color, *color };

  gsk_rounded_rect_init_from_rect (&outline, cell, 0);
  gtk_snapshot_append_border (snapshot, &outline, widths, colors);
}

static void
snapshot_coordinates (ChessBoardView *self,
                      GtkSnapshot    *snapshot)
{
  double pad = MAX (2, self->square / 20);

  ensure_coord_layouts (self);
  for (int i = 0; i < 16; i++)
    {
      PangoLayout *layout = self->coord_layouts[i];
      int col, row, w, h;
      ChessSquare sq;
      graphene_rect_t rect;
      graphene_point_t at;

      /* Files along the bottom row, ranks along the left column. */
      if (i < 8)
        sq = cell_to_square (self, self->flipped ? 7 - i : i, 7);
      else
        sq = cell_to_square (self, 0, self->flipped ? i - 8 : 7 - (i - 8));
      square_to_cell (self, sq, &col, &row);
      cell_rect (self, col, row, &rect);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (i < 8)
        at = GRAPHENE_POINT_INIT (rect.origin.x + rect.size.width - w - pad,
                                  rect.origin.y + rect.size.height - h);
      else
        at = GRAPHENE_POINT_INIT (rect.origin.x + pad, rect.origin.y + pad / 2);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &at);
      /* Written in the other square colour, so it reads on both. */
      gtk_snapshot_append_layout (snapshot, layout,
                                  ((col + row) % 2 == 0) ? &self->theme->dark
                                                         : &self->theme->light);
      gtk_snapshot_restore (snapshot);
    }
}

static void
snapshot_chooser (ChessBoardView *self,
                  GtkSnapshot    *snapshot)
{
  graphene_rect_t board;
  ChessColor color = chess_piece_color (chess_board_piece_at (&self->board, self->promo_from));

  graphene_rect_init (&board, self->origin_x, self->origin_y,
                      8 * self->square, 8 * self->square);
  gtk_snapshot_append_color (snapshot, &chooser_dim, &board);
  for (int i = 0; i < 4; i++)
    {
      graphene_rect_t cell;
      int col, row;

      chooser_cell (self, i, &col, &row);
      cell_rect (self, col, row, &cell);
      gtk_snapshot_append_color (snapshot, i == self->promo_index ? &chooser_hover : &chooser_bg,
                                 &cell);
      append_frame (snapshot, &cell, 1, &self->theme->dark);
      append_piece (self, snapshot, chess_piece_make (color, promo_types[i]), col, row);
    }
}

/* Runs after GTK's own paint handler, which snapshots and renders the
 * window: the frame is on its way to the screen. */
static void
trace_paint_cb (GdkFrameClock  *clock,
                ChessBoardView *self)
{
  gint64 now = g_get_monotonic_time ();

  /* Where the board is on the window's surface, for bench/startup.sh. */
  if (self->traced_square != self->square)
    {
      GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
      graphene_point_t at;
      double sx = 0, sy = 0;

      self->traced_square = self->square;
      if (native != NULL
          && gtk_widget_compute_point (GTK_WIDGET (self), GTK_WIDGET (native),
                                       &GRAPHENE_POINT_INIT (self->origin_x, self->origin_y), &at))
        {
          gtk_native_get_surface_transform (native, &sx, &sy);
          g_printerr ("thinkchess-trace: board-geometry %d %d %d\n",
                      (int) (at.x + sx), (int) (at.y + sy), 8 * self->square);
        }
    }
  if (!self->first_frame_traced)
    {
      self->first_frame_traced = TRUE;
      g_printerr ("thinkchess-trace: board-drawn %" G_GINT64_FORMAT "\n", now);
    }
  else if (self->dragging && self->frame_start != 0)
    g_printerr ("thinkchess-trace: drag-frame-us %" G_GINT64_FORMAT " %d snapshot-us %" G_GINT64_FORMAT "\n",
                now - self->frame_start, 8 * self->square, self->snapshot_us);
  self->frame_start = 0;
}


static void
static_key (ChessBoardView *self,
            ChessStaticKey *key)
{
  memset (key, 0, sizeof *key);
  memcpy (key->squares, self->board.squares, 64);
  key->side = self->board.side;
  key->castling = self->board.castling;
  key->ep_square = self->board.ep_square;
  key->theme = self->theme;
  key->textures = self->textures[0];
  key->last_from = self->last_from;
  key->last_to = self->last_to;
  key->selected = self->selected;
  key->peek = self->peek;
  key->cursor = self->cursor;
  key->dragged = self->dragging ? self->press_square : CHESS_NO_SQUARE;
  key->hide[0] = self->n_slides > 0 ? self->slides[0].hide : CHESS_NO_SQUARE;
  key->hide[1] = self->n_slides > 1 ? self->slides[1].hide : CHESS_NO_SQUARE;
  key->square = self->square;
  key->origin_x = self->origin_x;
  key->origin_y = self->origin_y;
  key->texture_size = self->texture_size;
  key->flipped = self->flipped;
  key->coordinates = self->show_coordinates;
  key->legal_moves = self->show_legal_moves;
  key->cursor_visible = self->cursor_shown && gtk_widget_has_focus (GTK_WIDGET (self));
  key->playable = can_play (self);
  key->use_cairo = self->use_cairo;
}

/* Everything that does not move while a piece is dragged or slides. */
static void
snapshot_static (ChessBoardView *self,
                 GtkSnapshot    *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const ChessBoardTheme *theme = self->theme;
  ChessSquare check_sq = CHESS_NO_SQUARE;
  gboolean mated = FALSE;
  ChessBitboard targets = 0;
  ChessSquare shown_from;
  graphene_rect_t rect;

  /* Squares: one light rectangle, then the dark squares on it. */
  graphene_rect_init (&rect, self->origin_x, self->origin_y, 8 * self->square, 8 * self->square);
  gtk_snapshot_append_color (snapshot, &theme->light, &rect);
  for (int row = 0; row < 8; row++)
    for (int col = (row + 1) % 2; col < 8; col += 2)
      {
        cell_rect (self, col, row, &rect);
        gtk_snapshot_append_color (snapshot, &theme->dark, &rect);
      }

  if (chess_board_in_check (&self->board))
    {
      check_sq = chess_board_king_square (&self->board, self->board.side);
      mated = self->legal.count == 0;
    }

  /* Square highlights. */
  for (int i = 0; i < 3; i++)
    {
      ChessSquare sq = i == 0 ? self->last_from : i == 1 ? self->last_to : self->selected;
      int col, row;

      if (sq == CHESS_NO_SQUARE)
        continue;
      square_to_cell (self, sq, &col, &row);
      cell_rect (self, col, row, &rect);
      gtk_snapshot_append_color (snapshot, i < 2 ? &theme->last_move : &theme->selected, &rect);
    }
  if (check_sq != CHESS_NO_SQUARE && check_sq < 64)
    {
      int col, row;

      square_to_cell (self, check_sq, &col, &row);
      cell_rect (self, col, row, &rect);
      if (mated)
        gtk_snapshot_append_color (snapshot, &mate_color, &rect);
      else
        append_circle (snapshot, &rect, self->square * 0.48, &check_color);
    }

  if (self->show_coordinates)
    snapshot_coordinates (self, snapshot);

  /* Pieces, leaving out the one being dragged and those sliding. */
  shown_from = self->dragging ? self->press_square : CHESS_NO_SQUARE;
  for (ChessSquare sq = 0; sq < 64; sq++)
    {
      ChessPiece piece = chess_board_piece_at (&self->board, sq);
      int col, row;

      if (piece == CHESS_NO_PIECE || sq == shown_from)
        continue;
      if ((self->n_slides > 0 && self->slides[0].hide == sq)
          || (self->n_slides > 1 && self->slides[1].hide == sq))
        continue;
      square_to_cell (self, sq, &col, &row);
      append_resting_piece (self, snapshot, piece, col, row);
    }

  /* Where the selected (or peeked-at) piece can go. */
  if (self->peek != CHESS_NO_SQUARE)
    targets = peek_targets (self, self->peek);
  else if (self->selected != CHESS_NO_SQUARE && self->show_legal_moves && can_play (self))
    targets = targets_of (self, self->selected);
  for (ChessSquare sq = 0; targets != 0 && sq < 64; sq++)
    {
      int col, row;

      if (!(targets & ((ChessBitboard) 1 << sq)))
        continue;
      square_to_cell (self, sq, &col, &row);
      cell_rect (self, col, row, &rect);
      if (chess_board_piece_at (&self->board, sq) != CHESS_NO_PIECE)
        append_ring (snapshot, &rect, self->square * 0.09, &theme->marker);
      else
        append_circle (snapshot, &rect, self->square * 0.16, &theme->marker);
    }

  if (self->cursor_shown && gtk_widget_has_focus (widget) && self->cursor != CHESS_NO_SQUARE)
    {
      int col, row;

      square_to_cell (self, self->cursor, &col, &row);
      cell_rect (self, col, row, &rect);
      append_frame (snapshot, &rect, MAX (2, self->square / 16), &cursor_color);
    }
}

/* The static layer: squares, highlights, coordinates, resting pieces,
 * move markers, the cursor. */
static GskRenderNode *
render_static_layer (ChessBoardView *self)
{
  GtkSnapshot *layer = gtk_snapshot_new ();

  snapshot_static (self, layer);
  return gtk_snapshot_free_to_node (layer);
}

static void
chess_board_view_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (widget);
  ChessStaticKey key;
  double progress = 1.0;

  if (self->square <= 0)
    return;
  if (self->trace)
    self->frame_start = g_get_monotonic_time ();
  ensure_textures (self);

  {
    GtkNative *native = gtk_widget_get_native (widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;

    self->use_cairo = renderer != NULL && G_TYPE_CHECK_INSTANCE_TYPE (renderer, GSK_TYPE_CAIRO_RENDERER);
  }
  static_key (self, &key);
  if (self->static_node == NULL || memcmp (&key, &self->static_key, sizeof key) != 0)
    {
      g_clear_pointer (&self->static_node, gsk_render_node_unref);
      self->static_node = render_static_layer (self);
      self->static_key = key;
    }
  if (self->static_node != NULL)
    gtk_snapshot_append_node (snapshot, self->static_node);

  /* Sliding pieces, eased out. */
  if (self->n_slides > 0)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
      gint64 now = clock ? gdk_frame_clock_get_frame_time (clock) : self->anim_start;
      double t = CLAMP ((now - self->anim_start) / (self->anim_ms * 1000.0), 0.0, 1.0);

      progress = 1.0 - (1.0 - t) * (1.0 - t);
      for (int i = 0; i < self->n_slides; i++)
        {
          ChessSlide *s = &self->slides[i];

          append_piece (self, snapshot, s->piece,
                        s->from_x + (s->to_x - s->from_x) * progress,
                        s->from_y + (s->to_y - s->from_y) * progress);
        }
    }

  snapshot_marks (self, snapshot);

  if (self->dragging)
    append_piece (self, snapshot, chess_board_piece_at (&self->board, self->press_square),
                  (self->pointer_x - self->origin_x) / self->square - 0.5,
                  (self->pointer_y - self->origin_y) / self->square - 0.5);

  if (self->choosing)
    snapshot_chooser (self, snapshot);

  if (self->trace)
    self->snapshot_us = g_get_monotonic_time () - self->frame_start;

  if (self->trace && !self->first_frame_traced && self->trace_clock == NULL)
    {
      self->trace_clock = gtk_widget_get_frame_clock (widget);
      if (self->trace_clock != NULL)
        {
          g_object_ref (self->trace_clock);
          /* The first frame is being painted now: after-paint still comes
           * for it; later frames are timed at the end of their paint. */
          self->paint_handler = g_signal_connect_after (self->trace_clock, "paint",
                                                        G_CALLBACK (trace_paint_cb), self);
          self->after_paint_handler = g_signal_connect_after (self->trace_clock, "after-paint",
                                                              G_CALLBACK (trace_paint_cb), self);
        }
    }
}

/* ---- Size ---- */

static void
chess_board_view_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  *minimum = 8 * MIN_SQUARE;
  *natural = 8 * 80;
}

static void
chess_board_view_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (widget);
  int square = MIN (width, height) / 8;

  /* Whole pixels per square keep the edges and the textures sharp. */
  self->square = MAX (square, 1);
  self->origin_x = (width - 8 * self->square) / 2;
  self->origin_y = (height - 8 * self->square) / 2;
  ensure_textures (self);
}

static void
scale_factor_changed_cb (ChessBoardView *self)
{
  ensure_textures (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
focus_changed_cb (ChessBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---- Properties ---- */

void
chess_board_view_set_flipped (ChessBoardView *self,
                              gboolean        flipped)
{
  g_return_if_fail (CHESS_IS_BOARD_VIEW (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  stop_animation (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
chess_board_view_get_flipped (ChessBoardView *self)
{
  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), FALSE);
  return self->flipped;
}

void
chess_board_view_set_interactive (ChessBoardView *self,
                                  gboolean        interactive)
{
  g_return_if_fail (CHESS_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    reset_interaction (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

#define DEFINE_BOOL_SETTER(func, field, prop)                           \
  void                                                                  \
  func (ChessBoardView *self,                                           \
        gboolean        value)                                          \
  {                                                                     \
    g_return_if_fail (CHESS_IS_BOARD_VIEW (self));                      \
    value = !!value;                                                    \
    if (self->field == value)                                           \
      return;                                                           \
    self->field = value;                                                \
    gtk_widget_queue_draw (GTK_WIDGET (self));                          \
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);       \
  }

DEFINE_BOOL_SETTER (chess_board_view_set_show_coordinates, show_coordinates, PROP_SHOW_COORDINATES)
DEFINE_BOOL_SETTER (chess_board_view_set_show_legal_moves, show_legal_moves, PROP_SHOW_LEGAL_MOVES)
DEFINE_BOOL_SETTER (chess_board_view_set_animate, animate, PROP_ANIMATE)

void
chess_board_view_set_theme (ChessBoardView *self,
                            const char     *theme)
{
  g_return_if_fail (CHESS_IS_BOARD_VIEW (self));

  if (g_strcmp0 (self->theme_name, theme) == 0)
    return;
  g_free (self->theme_name);
  self->theme_name = g_strdup (theme);
  self->theme = find_theme (theme);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
}

void
chess_board_view_set_piece_set (ChessBoardView *self,
                                const char     *name)
{
  ChessPieceSet *set;

  g_return_if_fail (CHESS_IS_BOARD_VIEW (self));

  set = chess_piece_set_get (name);
  if (set == self->pieces)
    {
      g_object_unref (set);
      return;
    }
  g_clear_object (&self->pieces);
  self->pieces = set;
  clear_textures (self);
  ensure_textures (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PIECE_SET]);
}

ChessSquare
chess_board_view_get_selected (ChessBoardView *self)
{
  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), CHESS_NO_SQUARE);
  return self->selected;
}

gboolean
chess_board_view_is_choosing_promotion (ChessBoardView *self)
{
  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), FALSE);
  return self->choosing;
}

/* Whether a slide is running: the tick callback is in place until the
 * animation's time is up. */
gboolean
chess_board_view_is_animating (ChessBoardView *self)
{
  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), FALSE);
  return self->tick_id != 0;
}

static void
chess_board_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_SHOW_LEGAL_MOVES:
      g_value_set_boolean (value, self->show_legal_moves);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    case PROP_THEME:
      g_value_set_string (value, self->theme->name);
      break;
    case PROP_PIECE_SET:
      g_value_set_string (value, self->pieces ? chess_piece_set_get_name (self->pieces)
                                              : CHESS_PIECE_SET_DEFAULT);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_board_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      chess_board_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_FLIPPED:
      chess_board_view_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_INTERACTIVE:
      chess_board_view_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      chess_board_view_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_LEGAL_MOVES:
      chess_board_view_set_show_legal_moves (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATE:
      chess_board_view_set_animate (self, g_value_get_boolean (value));
      break;
    case PROP_THEME:
      chess_board_view_set_theme (self, g_value_get_string (value));
      break;
    case PROP_PIECE_SET:
      chess_board_view_set_piece_set (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_board_view_dispose (GObject *object)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (object);

  stop_animation (self);
  if (self->trace_clock != NULL)
    {
      g_clear_signal_handler (&self->paint_handler, self->trace_clock);
      g_clear_signal_handler (&self->after_paint_handler, self->trace_clock);
      g_clear_object (&self->trace_clock);
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  clear_textures (self);
  clear_coord_layouts (self);
  g_clear_pointer (&self->static_node, gsk_render_node_unref);
  g_clear_object (&self->pieces);

  G_OBJECT_CLASS (chess_board_view_parent_class)->dispose (object);
}

static void
chess_board_view_finalize (GObject *object)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (object);

  g_free (self->theme_name);
  g_hash_table_unref (self->extra_arrows);

  G_OBJECT_CLASS (chess_board_view_parent_class)->finalize (object);
}

static void
chess_board_view_class_init (ChessBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = chess_board_view_get_property;
  object_class->set_property = chess_board_view_set_property;
  object_class->dispose = chess_board_view_dispose;
  object_class->finalize = chess_board_view_finalize;

  widget_class->snapshot = chess_board_view_snapshot;
  widget_class->measure = chess_board_view_measure;
  widget_class->size_allocate = chess_board_view_size_allocate;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHESS_TYPE_GAME, flags);
  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE, flags);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE, flags);
  properties[PROP_ANIMATE] =
    g_param_spec_boolean ("animate", NULL, NULL, TRUE, flags);
  properties[PROP_THEME] =
    g_param_spec_string ("theme", NULL, NULL, "wood", flags);
  properties[PROP_PIECE_SET] =
    g_param_spec_string ("piece-set", NULL, NULL, CHESS_PIECE_SET_DEFAULT, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * ChessBoardView::refused:
   * @message: why the move was not played (translated)
   *
   * A move the player tried was refused; it has sprung back.
   */
  signals[SIGNAL_REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "chessboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
chess_board_view_init (ChessBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *keys;

  self->theme = &themes[0];
  self->theme_name = g_strdup (themes[0].name);
  self->extra_arrows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify) g_array_unref);
  self->interactive = TRUE;
  self->show_coordinates = TRUE;
  self->show_legal_moves = TRUE;
  self->animate = TRUE;
  self->selected = CHESS_NO_SQUARE;
  self->peek = CHESS_NO_SQUARE;
  self->mark_from = self->mark_to = CHESS_NO_SQUARE;
  self->cursor = CHESS_NO_SQUARE;
  self->press_square = CHESS_NO_SQUARE;
  self->dropped_from = self->dropped_to = CHESS_NO_SQUARE;
  self->last_from = self->last_to = CHESS_NO_SQUARE;
  self->trace = g_getenv ("THINKCHESS_TRACE") != NULL;
  chess_board_set_start (&self->board);
  chess_board_generate_legal (&self->board, &self->legal);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);

  self->drag_gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag_gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect (self->drag_gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (self->drag_gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (self->drag_gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (self->drag_gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (self->drag_gesture));

  self->peek_gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->peek_gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (self->peek_gesture, "drag-begin", G_CALLBACK (peek_begin_cb), self);
  g_signal_connect (self->peek_gesture, "drag-update", G_CALLBACK (peek_update_cb), self);
  g_signal_connect (self->peek_gesture, "drag-end", G_CALLBACK (peek_end_cb), self);
  g_signal_connect (self->peek_gesture, "cancel", G_CALLBACK (peek_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (self->peek_gesture));

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (widget, keys);

  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (scale_factor_changed_cb), NULL);
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (focus_changed_cb), NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Chessboard"),
                                  -1);
  update_description (self);
}

GtkWidget *
chess_board_view_new (void)
{
  return g_object_new (CHESS_TYPE_BOARD_VIEW, NULL);
}
