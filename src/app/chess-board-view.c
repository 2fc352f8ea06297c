/* chess-board-view.c — the chessboard widget's core: its properties and
 * life cycle, its size and geometry (which square is where), and following
 * the game it shows. Drawing, input, marks, animation and themes live in
 * the other chess-board-view-*.c files (chess-board-view-private.h). */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-board-view-private.h"

#define ANIMATION_MS     150
#define MIN_SQUARE       28

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

/* ---- Geometry ---- */

/* Column and row on screen (0,0 top left) of a square. */
void
_chess_board_view_square_to_cell (ChessBoardView *self,
                                  ChessSquare     sq,
                                  int            *col,
                                  int            *row)
{
  int file = chess_square_file (sq), rank = chess_square_rank (sq);

  *col = self->flipped ? 7 - file : file;
  *row = self->flipped ? rank : 7 - rank;
}

ChessSquare
_chess_board_view_cell_to_square (ChessBoardView *self,
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
  return _chess_board_view_cell_to_square (self, (int) (x / self->square), (int) (y / self->square));
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
  _chess_board_view_square_to_cell (self, square, &col, &row);
  graphene_rect_init (bounds, self->origin_x + col * self->square,
                      self->origin_y + row * self->square,
                      self->square, self->square);
  return TRUE;
}

/* ---- Following the game ---- */

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
  _chess_board_view_update_description (self);
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
  _chess_board_view_stop_animation (self);
  sync_position (self);
  if (self->animate && !dropped && info->from != CHESS_NO_SQUARE
      && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      ChessPiece shown = chess_board_piece_at (&self->board, info->to);

      _chess_board_view_add_slide (self, shown, info->from, info->to);
      if (info->rook_from != CHESS_NO_SQUARE)
        _chess_board_view_add_slide (self, chess_piece_make (info->color, CHESS_ROOK),
                                     info->rook_from, info->rook_to);
      _chess_board_view_start_animation (self, ANIMATION_MS);
    }
}

static void
game_taken_back_cb (ChessGame     *game,
                    ChessMoveInfo *info,
                    gpointer       user_data)
{
  ChessBoardView *self = user_data;

  reset_interaction (self);
  _chess_board_view_stop_animation (self);
  sync_position (self);
  /* A null move (from a file) has nothing to slide. */
  if (self->animate && info->from != CHESS_NO_SQUARE && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      _chess_board_view_add_slide (self, info->piece, info->to, info->from);
      if (info->rook_from != CHESS_NO_SQUARE)
        _chess_board_view_add_slide (self, chess_piece_make (info->color, CHESS_ROOK),
                                     info->rook_to, info->rook_from);
      _chess_board_view_start_animation (self, ANIMATION_MS);
    }
}

static void
game_changed_cb (ChessBoardView *self,
                 guint           changes)
{
  uint64_t shown = self->board.key;

  if (changes == CHESS_GAME_CHANGED_TREE)
    {
      /* Its arrows and circled squares. */
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  sync_position (self);
  /* A move's own "changed" follows its "moved": its slide goes on while
   * the position shown stays the same. */
  if (self->board.key != shown)
    _chess_board_view_stop_animation (self);
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
      g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
    }
  reset_interaction (self);
  _chess_board_view_stop_animation (self);
  sync_position (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

ChessGame *
chess_board_view_get_game (ChessBoardView *self)
{
  g_return_val_if_fail (CHESS_IS_BOARD_VIEW (self), NULL);
  return self->game;
}

void
_chess_board_view_refuse (ChessBoardView *self,
                          const char     *message)
{
  g_signal_emit (self, signals[SIGNAL_REFUSED], 0, message);
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
  _chess_board_view_ensure_textures (self);
}

static void
scale_factor_changed_cb (ChessBoardView *self)
{
  _chess_board_view_ensure_textures (self);
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
  _chess_board_view_stop_animation (self);
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
  self->theme = _chess_board_view_find_theme (theme);
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
  _chess_board_view_clear_textures (self);
  _chess_board_view_ensure_textures (self);
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

  _chess_board_view_stop_animation (self);
  if (self->trace_clock != NULL)
    {
      g_clear_signal_handler (&self->paint_handler, self->trace_clock);
      g_clear_signal_handler (&self->after_paint_handler, self->trace_clock);
      g_clear_object (&self->trace_clock);
    }
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  _chess_board_view_clear_textures (self);
  _chess_board_view_clear_coord_layouts (self);
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

  widget_class->snapshot = _chess_board_view_snapshot;
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

  /* No name matches NULL: the first theme, as "theme"'s default. */
  self->theme = _chess_board_view_find_theme (NULL);
  self->theme_name = g_strdup (self->theme->name);
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

  /* Input: the left button, the right button, the keyboard. */
  _chess_board_view_add_pointer_gesture (self);
  _chess_board_view_add_mark_gesture (self);
  _chess_board_view_add_key_controller (self);

  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (scale_factor_changed_cb), NULL);
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (focus_changed_cb), NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Chessboard"),
                                  -1);
  _chess_board_view_update_description (self);
}

GtkWidget *
chess_board_view_new (void)
{
  return g_object_new (CHESS_TYPE_BOARD_VIEW, NULL);
}
