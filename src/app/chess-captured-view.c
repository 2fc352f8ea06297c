/* chess-captured-view.c — captured pieces, drawn small. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "chess-captured-view.h"
#include "chess-piece-set.h"

#define PIECE_SIZE 22
#define TRAY_PAD   3     /* around the pieces on the tray */
#define LEAD_GAP   6     /* between the tray and the lead */
#define HEIGHT     (PIECE_SIZE + 2)

struct _ChessCapturedView
{
  GtkWidget      parent_instance;

  ChessPiece     pieces[16];
  guint          n_pieces;
  int            lead;
  char           lead_text[16];

  ChessPieceSet *set;
  GdkTexture    *textures[12];
  int            texture_size;
  PangoLayout   *lead_layout;
  GdkRGBA        tray_light;
  GdkRGBA        tray_dark;
};

G_DEFINE_FINAL_TYPE (ChessCapturedView, chess_captured_view, GTK_TYPE_WIDGET)

static const int piece_order[CHESS_N_PIECE_TYPES] = { 0, 1, 2, 3, 4, 5 };

static int
compare_pieces (const void *a,
                const void *b)
{
  ChessPieceType ta = chess_piece_type (*(const ChessPiece *) a);
  ChessPieceType tb = chess_piece_type (*(const ChessPiece *) b);

  /* Pawns, knights, bishops, rooks, queens: cheapest first. */
  return piece_order[ta] - piece_order[tb];
}

static void
clear_textures (ChessCapturedView *self)
{
  for (int i = 0; i < 12; i++)
    g_clear_object (&self->textures[i]);
  self->texture_size = 0;
}

/* Where piece i goes: pieces of one kind overlap, kinds are apart. */
static double
piece_x (ChessCapturedView *self,
         guint              i)
{
  double x = 0;

  for (guint k = 1; k <= i; k++)
    x += chess_piece_type (self->pieces[k]) == chess_piece_type (self->pieces[k - 1])
         ? PIECE_SIZE * 0.5 : PIECE_SIZE * 0.95;
  return x;
}

static double
pieces_width (ChessCapturedView *self)
{
  return self->n_pieces == 0 ? 0 : piece_x (self, self->n_pieces - 1) + PIECE_SIZE;
}

static int
lead_width (ChessCapturedView *self)
{
  int w = 0;

  if (self->lead > 0)
    pango_layout_get_pixel_size (self->lead_layout, &w, NULL);
  return w;
}

/* The tray's width with every piece at its own step. */
static double
tray_width (ChessCapturedView *self)
{
  return self->n_pieces == 0 ? 0 : pieces_width (self) + 2 * TRAY_PAD;
}

static void
chess_captured_view_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  ChessCapturedView *self = CHESS_CAPTURED_VIEW (widget);

  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural = HEIGHT;
  else
    {
      /* Nothing at least: the pieces squeeze together instead. */
      *minimum = 0;
      *natural = (int) ceil (tray_width (self)) + (self->lead > 0 ? lead_width (self) + LEAD_GAP : 0);
    }
}

static void
chess_captured_view_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  ChessCapturedView *self = CHESS_CAPTURED_VIEW (widget);
  int size = PIECE_SIZE * gtk_widget_get_scale_factor (widget);
  int lead_w = self->lead > 0 ? lead_width (self) + LEAD_GAP : 0;
  double room = gtk_widget_get_width (widget) - lead_w - 2 * TRAY_PAD;
  double full = pieces_width (self);
  double squeeze = 1, tray_w;

  if (size != self->texture_size)
    {
      clear_textures (self);
      self->texture_size = size;
    }
  /* Short of room, the steps between pieces shrink; the first and the last
   * piece stay whole. */
  if (self->n_pieces > 1 && full > room)
    squeeze = MAX (room - PIECE_SIZE, 0) / (full - PIECE_SIZE);
  tray_w = self->n_pieces == 0 ? 0 : (full - PIECE_SIZE) * squeeze + PIECE_SIZE + 2 * TRAY_PAD;

  if (self->n_pieces > 0)
    {
      GskRoundedRect tray;
      float border[4] = { 1, 1, 1, 1 };
      GdkRGBA borders[4] = { self->tray_dark, self->tray_dark, self->tray_dark, self->tray_dark };

      gsk_rounded_rect_init_from_rect (&tray, &GRAPHENE_RECT_INIT (0, 0, tray_w, HEIGHT), 5);
      gtk_snapshot_push_rounded_clip (snapshot, &tray);
      gtk_snapshot_append_color (snapshot, &self->tray_light, &tray.bounds);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_append_border (snapshot, &tray, border, borders);
    }
  for (guint i = 0; i < self->n_pieces; i++)
    {
      ChessPiece p = self->pieces[i];
      graphene_rect_t rect = GRAPHENE_RECT_INIT (TRAY_PAD + piece_x (self, i) * squeeze, 1,
                                                 PIECE_SIZE, PIECE_SIZE);

      if (self->textures[p] == NULL)
        self->textures[p] = chess_piece_set_render (self->set, p, size);
      if (self->textures[p] != NULL)
        gtk_snapshot_append_texture (snapshot, self->textures[p], &rect);
    }
  if (self->lead > 0)
    {
      int h;
      GdkRGBA color;

      pango_layout_get_pixel_size (self->lead_layout, NULL, &h);
#if GTK_CHECK_VERSION (4, 10, 0)
      gtk_widget_get_color (widget, &color);
#else
      gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
#endif
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot,
                              &GRAPHENE_POINT_INIT (tray_w + (self->n_pieces ? LEAD_GAP : 0),
                                                    (HEIGHT - h) / 2.0));
      gtk_snapshot_append_layout (snapshot, self->lead_layout, &color);
      gtk_snapshot_restore (snapshot);
    }
}

static void
update_accessible (ChessCapturedView *self)
{
  static const char *const names[CHESS_N_PIECE_TYPES] = {
    N_("pawn"), N_("knight"), N_("bishop"), N_("rook"), N_("queen"), N_("king")
  };
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < self->n_pieces; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, _(names[chess_piece_type (self->pieces[i])]));
    }
  if (self->lead > 0)
    {
      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append (text, self->lead_text);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str,
                                  -1);
}

void
chess_captured_view_set (ChessCapturedView *self,
                         const ChessPiece  *pieces,
                         guint              n_pieces,
                         int                lead)
{
  g_return_if_fail (CHESS_IS_CAPTURED_VIEW (self));

  self->n_pieces = MIN (n_pieces, G_N_ELEMENTS (self->pieces));
  if (self->n_pieces > 0)
    memcpy (self->pieces, pieces, self->n_pieces * sizeof (ChessPiece));
  qsort (self->pieces, self->n_pieces, sizeof (ChessPiece), compare_pieces);
  self->lead = lead;
  if (lead > 0)
    g_snprintf (self->lead_text, sizeof self->lead_text, "+%d", lead);
  else
    self->lead_text[0] = '\0';
  pango_layout_set_text (self->lead_layout, self->lead_text, -1);
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
chess_captured_view_get_count (ChessCapturedView *self)
{
  g_return_val_if_fail (CHESS_IS_CAPTURED_VIEW (self), 0);
  return self->n_pieces;
}

const char *
chess_captured_view_get_lead_text (ChessCapturedView *self)
{
  g_return_val_if_fail (CHESS_IS_CAPTURED_VIEW (self), "");
  return self->lead_text;
}

void
chess_captured_view_set_piece_set (ChessCapturedView *self,
                                   const char        *name)
{
  g_return_if_fail (CHESS_IS_CAPTURED_VIEW (self));

  g_clear_object (&self->set);
  self->set = chess_piece_set_get (name);
  clear_textures (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
chess_captured_view_set_colors (ChessCapturedView *self,
                                const GdkRGBA     *light,
                                const GdkRGBA     *dark)
{
  g_return_if_fail (CHESS_IS_CAPTURED_VIEW (self));
  g_return_if_fail (light != NULL && dark != NULL);

  self->tray_light = *light;
  self->tray_dark = *dark;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
chess_captured_view_dispose (GObject *object)
{
  ChessCapturedView *self = CHESS_CAPTURED_VIEW (object);

  clear_textures (self);
  g_clear_object (&self->set);
  g_clear_object (&self->lead_layout);

  G_OBJECT_CLASS (chess_captured_view_parent_class)->dispose (object);
}

static void
chess_captured_view_class_init (ChessCapturedViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = chess_captured_view_dispose;
  widget_class->measure = chess_captured_view_measure;
  widget_class->snapshot = chess_captured_view_snapshot;
  gtk_widget_class_set_css_name (widget_class, "capturedpieces");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
chess_captured_view_init (ChessCapturedView *self)
{
  self->set = chess_piece_set_get (NULL);
  self->lead_layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), "");
  /* Until the window passes the board's: a light wooden tray. */
  self->tray_light = (GdkRGBA) { 236 / 255.f, 211 / 255.f, 167 / 255.f, 1 };
  self->tray_dark = (GdkRGBA) { 169 / 255.f, 122 / 255.f, 82 / 255.f, 1 };
}

GtkWidget *
chess_captured_view_new (void)
{
  return g_object_new (CHESS_TYPE_CAPTURED_VIEW, NULL);
}
