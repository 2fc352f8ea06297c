/* chess-piece-set.c — loading piece SVGs and rendering them with librsvg. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

#include "chess-piece-set.h"

struct _ChessPieceSet
{
  GObject     parent_instance;

  char       *name;
  RsvgHandle *handles[12];   /* NULL when the drawing could not be loaded */
};

G_DEFINE_FINAL_TYPE (ChessPieceSet, chess_piece_set, G_TYPE_OBJECT)

static const char *const piece_files[12] = {
  "wP", "wN", "wB", "wR", "wQ", "wK",
  "bP", "bN", "bB", "bR", "bQ", "bK",
};

/* The sets drawn for ThinkChess, in the order the Preferences offer them;
 * their drawings are in the GResource and their generators in data/pieces. */
static const struct
{
  const char *name;
  const char *title;   /* NC_("piece set", …) */
} builtin_sets[] = {
  { CHESS_PIECE_SET_DEFAULT, NC_("piece set", "ThinkChess") },
  /* Translators: a piece set: turned wooden pieces of the Staunton pattern. */
  { "classic", NC_("piece set", "Classic Wood") },
  /* Translators: a piece set built from squares, circles and triangles. */
  { "geometric", NC_("piece set", "Geometric") },
};

/* Sets by name; weak entries so a set dies when no widget uses it. */
static GHashTable *live_sets;

const char *
chess_piece_file_name (ChessPiece piece)
{
  g_return_val_if_fail (piece < CHESS_NO_PIECE, "");
  return piece_files[piece];
}

static void
chess_piece_set_finalize (GObject *object)
{
  ChessPieceSet *self = CHESS_PIECE_SET (object);

  if (live_sets != NULL)
    g_hash_table_remove (live_sets, self->name);
  for (int i = 0; i < 12; i++)
    if (self->handles[i] != NULL)
      g_object_unref (self->handles[i]);
  g_free (self->name);

  G_OBJECT_CLASS (chess_piece_set_parent_class)->finalize (object);
}

static void
chess_piece_set_class_init (ChessPieceSetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = chess_piece_set_finalize;
}

static void
chess_piece_set_init (ChessPieceSet *self)
{
}

gboolean
chess_piece_set_is_builtin (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (builtin_sets); i++)
    if (g_strcmp0 (name, builtin_sets[i].name) == 0)
      return TRUE;
  return FALSE;
}

const char *
chess_piece_set_get_title (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (builtin_sets); i++)
    if (strcmp (name, builtin_sets[i].name) == 0)
      return g_dpgettext2 (NULL, "piece set", builtin_sets[i].title);
  return name;
}

static RsvgHandle *
load_builtin (const char *set,
              int         piece)
{
  g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/pieces/%s/%s.svg",
                                           set, piece_files[piece]);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  gsize size;
  const guint8 *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  return rsvg_handle_new_from_data (data, size, NULL);
}

static RsvgHandle *
load_user (const char *set,
           int         piece)
{
  g_autofree char *file = g_strconcat (piece_files[piece], ".svg", NULL);
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "thinkchess",
                                            "pieces", set, file, NULL);
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_file (path, &error);

  if (handle == NULL)
    g_debug ("Piece set %s: %s", set, error->message);
  return handle;
}

ChessPieceSet *
chess_piece_set_get (const char *name)
{
  ChessPieceSet *self;
  gboolean builtin;

  if (name == NULL || *name == '\0' || strchr (name, '/') != NULL
      || strcmp (name, "..") == 0 || strcmp (name, ".") == 0)
    name = CHESS_PIECE_SET_DEFAULT;

  if (live_sets == NULL)
    live_sets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self = g_hash_table_lookup (live_sets, name);
  if (self != NULL)
    return g_object_ref (self);

  self = g_object_new (CHESS_TYPE_PIECE_SET, NULL);
  self->name = g_strdup (name);
  builtin = chess_piece_set_is_builtin (name);
  for (int i = 0; i < 12; i++)
    {
      self->handles[i] = builtin ? load_builtin (name, i) : load_user (name, i);
      if (self->handles[i] == NULL)
        self->handles[i] = load_builtin (CHESS_PIECE_SET_DEFAULT, i);
    }
  g_hash_table_insert (live_sets, g_strdup (name), self);
  return self;
}

const char *
chess_piece_set_get_name (ChessPieceSet *self)
{
  g_return_val_if_fail (CHESS_IS_PIECE_SET (self), NULL);
  return self->name;
}

/* The stand-in for a drawing that cannot be rendered. */
static void
draw_fallback (cairo_t    *cr,
               ChessPiece  piece,
               int         size)
{
  static const char letters[] = "PNBRQK";
  gboolean white = chess_piece_color (piece) == CHESS_COLOR_WHITE;
  char text[2] = { letters[chess_piece_type (piece)], 0 };
  cairo_text_extents_t ext;

  cairo_arc (cr, size / 2.0, size / 2.0, size * 0.38, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, white ? 0.97 : 0.12, white ? 0.97 : 0.12, white ? 0.95 : 0.12);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.0, size / 30.0));
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_stroke (cr);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size * 0.45);
  cairo_text_extents (cr, text, &ext);
  cairo_move_to (cr, size / 2.0 - ext.width / 2 - ext.x_bearing,
                 size / 2.0 - ext.height / 2 - ext.y_bearing);
  if (white)
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  else
    cairo_set_source_rgb (cr, 0.95, 0.95, 0.95);
  cairo_show_text (cr, text);
}

cairo_surface_t *
chess_piece_set_render_surface (ChessPieceSet *self,
                                ChessPiece     piece,
                                int            size)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean drawn = FALSE;

  g_return_val_if_fail (CHESS_IS_PIECE_SET (self), NULL);
  g_return_val_if_fail (piece < CHESS_NO_PIECE, NULL);

  size = CLAMP (size, 1, 4096);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  if (self->handles[piece] != NULL)
    {
      RsvgRectangle viewport = { 0, 0, size, size };
      g_autoptr(GError) error = NULL;

      drawn = rsvg_handle_render_document (self->handles[piece], cr, &viewport, &error);
      if (!drawn)
        g_debug ("Piece %s: %s", piece_files[piece], error->message);
    }
  if (!drawn)
    {
      cairo_save (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_restore (cr);
      draw_fallback (cr, piece, size);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

GdkTexture *
chess_piece_set_texture_for_surface (cairo_surface_t *surface)
{
  GBytes *bytes;
  GdkTexture *texture;
  int size;

  g_return_val_if_fail (surface != NULL, NULL);
  g_return_val_if_fail (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE, NULL);
  size = cairo_image_surface_get_width (surface);

  /* Cairo's ARGB32 is premultiplied BGRA in memory on little-endian and
   * ARGB on big-endian: GDK_MEMORY_DEFAULT is defined to match it. The
   * texture shares the surface's pixels and holds a reference to it. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * size,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  g_bytes_unref (bytes);
  return texture;
}

GdkTexture *
chess_piece_set_render (ChessPieceSet *self,
                        ChessPiece     piece,
                        int            size)
{
  cairo_surface_t *surface = chess_piece_set_render_surface (self, piece, size);
  GdkTexture *texture;

  g_return_val_if_fail (surface != NULL, NULL);
  texture = chess_piece_set_texture_for_surface (surface);
  cairo_surface_destroy (surface);
  return texture;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

char **
chess_piece_set_list_names (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir_path = g_build_filename (g_get_user_data_dir (), "thinkchess",
                                                "pieces", NULL);
  GDir *dir = g_dir_open (dir_path, 0, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (builtin_sets); i++)
    g_strv_builder_add (builder, builtin_sets[i].name);
  if (dir != NULL)
    {
      const char *entry;

      while ((entry = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir_path, entry, NULL);

          if (!chess_piece_set_is_builtin (entry)
              && g_file_test (path, G_FILE_TEST_IS_DIR))
            g_ptr_array_add (found, g_strdup (entry));
        }
      g_dir_close (dir);
    }
  g_ptr_array_sort (found, compare_names);
  for (guint i = 0; i < found->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (found, i));
  return g_strv_builder_end (builder);
}
