/* chess-board-view-draw.c — drawing the board: squares, highlights,
 * coordinates, pieces (resting, dragged and sliding), move markers, the
 * cursor and the promotion chooser. What stays still is kept as one cached
 * render node; the piece images and labels are cached per size. Also the
 * frame timing printed with THINKCHESS_TRACE. */
#include "config.h"

#include <string.h>

#include "chess-board-view-private.h"

static const GdkRGBA check_color = RGBA (230, 40, 30, 0.55f);
static const GdkRGBA mate_color = RGBA (200, 0, 0, 0.85f);
static const GdkRGBA cursor_color = RGBA (30, 110, 230, 1);
static const GdkRGBA chooser_dim = RGBA (0, 0, 0, 0.45f);
static const GdkRGBA chooser_bg = RGBA (250, 250, 250, 1);
static const GdkRGBA chooser_hover = RGBA (255, 210, 120, 1);

/* The rectangle of a cell; fractional cells place sliding pieces. */
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

void
_chess_board_view_clear_textures (ChessBoardView *self)
{
  for (int i = 0; i < 12; i++)
    {
      g_clear_object (&self->textures[i]);
      g_clear_pointer (&self->surfaces[i], cairo_surface_destroy);
    }
  self->texture_size = 0;
}

void
_chess_board_view_clear_coord_layouts (ChessBoardView *self)
{
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->coord_layouts[i]);
  self->coord_layout_size = 0;
}

/* Renders the piece textures for the current square size and scale; only
 * when one of them changed. */
void
_chess_board_view_ensure_textures (ChessBoardView *self)
{
  int size = self->square * gtk_widget_get_scale_factor (GTK_WIDGET (self));

  if (size <= 0 || size == self->texture_size)
    return;
  _chess_board_view_clear_textures (self);
  if (self->pieces == NULL)
    self->pieces = chess_piece_set_get (NULL);
  for (int i = 0; i < 12; i++)
    {
      self->surfaces[i] = chess_piece_set_render_surface (self->pieces, i, size);
      cairo_surface_set_device_scale (self->surfaces[i], (double) size / self->square,
                                      (double) size / self->square);
      self->textures[i] = chess_piece_set_texture_for_surface (self->surfaces[i]);
    }
  self->texture_size = size;
}

static void
ensure_coord_layouts (ChessBoardView *self)
{
  PangoFontDescription *font;

  if (self->coord_layout_size == self->square)
    return;
  _chess_board_view_clear_coord_layouts (self);
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
        sq = _chess_board_view_cell_to_square (self, self->flipped ? 7 - i : i, 7);
      else
        sq = _chess_board_view_cell_to_square (self, 0, self->flipped ? i - 8 : 7 - (i - 8));
      _chess_board_view_square_to_cell (self, sq, &col, &row);
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

      _chess_board_view_chooser_cell (self, i, &col, &row);
      cell_rect (self, col, row, &cell);
      gtk_snapshot_append_color (snapshot, i == self->promo_index ? &chooser_hover : &chooser_bg,
                                 &cell);
      append_frame (snapshot, &cell, 1, &self->theme->dark);
      append_piece (self, snapshot, chess_piece_make (color, chess_board_view_promo_types[i]),
                    col, row);
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
  key->playable = _chess_board_view_can_play (self);
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
      _chess_board_view_square_to_cell (self, sq, &col, &row);
      cell_rect (self, col, row, &rect);
      gtk_snapshot_append_color (snapshot, i < 2 ? &theme->last_move : &theme->selected, &rect);
    }
  if (check_sq != CHESS_NO_SQUARE && check_sq < 64)
    {
      int col, row;

      _chess_board_view_square_to_cell (self, check_sq, &col, &row);
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
      _chess_board_view_square_to_cell (self, sq, &col, &row);
      append_resting_piece (self, snapshot, piece, col, row);
    }

  /* Where the selected (or peeked-at) piece can go. */
  if (self->peek != CHESS_NO_SQUARE)
    targets = _chess_board_view_peek_targets (self, self->peek);
  else if (self->selected != CHESS_NO_SQUARE && self->show_legal_moves
           && _chess_board_view_can_play (self))
    targets = _chess_board_view_targets_of (self, self->selected);
  for (ChessSquare sq = 0; targets != 0 && sq < 64; sq++)
    {
      int col, row;

      if (!(targets & ((ChessBitboard) 1 << sq)))
        continue;
      _chess_board_view_square_to_cell (self, sq, &col, &row);
      cell_rect (self, col, row, &rect);
      if (chess_board_piece_at (&self->board, sq) != CHESS_NO_PIECE)
        append_ring (snapshot, &rect, self->square * 0.09, &theme->marker);
      else
        append_circle (snapshot, &rect, self->square * 0.16, &theme->marker);
    }

  if (self->cursor_shown && gtk_widget_has_focus (widget) && self->cursor != CHESS_NO_SQUARE)
    {
      int col, row;

      _chess_board_view_square_to_cell (self, self->cursor, &col, &row);
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

void
_chess_board_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  ChessBoardView *self = CHESS_BOARD_VIEW (widget);
  ChessStaticKey key;
  double progress = 1.0;

  if (self->square <= 0)
    return;
  if (self->trace)
    self->frame_start = g_get_monotonic_time ();
  _chess_board_view_ensure_textures (self);

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

  _chess_board_view_snapshot_marks (self, snapshot);

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
