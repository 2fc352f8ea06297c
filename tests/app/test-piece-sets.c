/* test-piece-sets.c — the piece sets drawn for ThinkChess: each has all
 * twelve pieces, as valid SVG that librsvg renders, crisp and distinct at
 * every size; the sets differ from each other; the Preferences offer them
 * by their titles and the board draws the one chosen. */
#include "config.h"

#include <string.h>
#include <adwaita.h>
#include <librsvg/rsvg.h>

#include "chess-board-view.h"
#include "chess-piece-set.h"
#include "chess-preferences-dialog.h"

#include "app-test-util.h"

static const char *const builtin_names[] = { "thinkchess", "classic", "geometric" };
static const int sizes[] = { 16, 23, 32, 45, 64, 97, 128, 256 };

static GBytes *
lookup_drawing (const char *set,
                ChessPiece  piece)
{
  g_autofree char *path = g_strdup_printf (RESOURCE_BASE "/pieces/%s/%s.svg",
                                           set, chess_piece_file_name (piece));
  g_autoptr(GError) error = NULL;
  GBytes *bytes = g_resources_lookup_data (path, 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  return bytes;
}

/* ---- Valid SVG: well-formed XML whose root is an <svg> of the 100×100
 * box the sets are drawn in. ---- */

typedef struct
{
  guint depth;
  gboolean root_is_svg;
  char *view_box;
  guint paths;
} SvgCheck;

static void
start_element_cb (GMarkupParseContext *context,
                  const char          *element,
                  const char         **names,
                  const char         **values,
                  gpointer             user_data,
                  GError             **error)
{
  SvgCheck *check = user_data;

  if (check->depth++ == 0)
    {
      check->root_is_svg = g_str_equal (element, "svg");
      for (guint i = 0; names[i] != NULL; i++)
        {
          if (g_str_equal (names[i], "viewBox"))
            check->view_box = g_strdup (values[i]);
          if (g_str_equal (names[i], "xmlns"))
            g_assert_cmpstr (values[i], ==, "http://www.w3.org/2000/svg");
        }
    }
  check->paths += g_str_equal (element, "path");
}

static void
end_element_cb (GMarkupParseContext *context,
                const char          *element,
                gpointer             user_data,
                GError             **error)
{
  ((SvgCheck *) user_data)->depth--;
}

static void
assert_valid_svg (GBytes *bytes)
{
  static const GMarkupParser parser = { start_element_cb, end_element_cb, NULL, NULL, NULL };
  SvgCheck check = { 0 };
  GMarkupParseContext *context = g_markup_parse_context_new (&parser, 0, &check, NULL);
  g_autoptr(GError) error = NULL;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  g_assert_true (g_utf8_validate (data, size, NULL));
  g_assert_true (g_markup_parse_context_parse (context, data, size, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);
  g_assert_true (check.root_is_svg);
  g_assert_cmpstr (check.view_box, ==, "0 0 100 100");
  g_assert_cmpuint (check.paths, >, 0);
  g_free (check.view_box);
}

/* ---- Rendering ---- */

typedef struct
{
  double ink;        /* share of the square the piece covers */
  double solid;      /* share of its pixels that are fully opaque */
  double lightness;  /* mean lightness of its opaque pixels, 0 to 1 */
} Coverage;

static cairo_surface_t *
render_with_rsvg (GBytes *bytes,
                  int     size)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data (data, length, &error);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  RsvgRectangle viewport = { 0, 0, size, size };

  g_assert_no_error (error);
  g_assert_nonnull (handle);
  g_assert_true (rsvg_handle_render_document (handle, cr, &viewport, &error));
  g_assert_no_error (error);
  cairo_destroy (cr);
  g_object_unref (handle);
  cairo_surface_flush (surface);
  return surface;
}

static Coverage
measure (cairo_surface_t *surface)
{
  int size = cairo_image_surface_get_width (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint inked = 0, opaque = 0;
  double light = 0;
  Coverage coverage;

  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);
        guint alpha = pixel >> 24;

        inked += alpha > 0;
        if (alpha == 255)
          {
            opaque++;
            light += (((pixel >> 16) & 0xff) + ((pixel >> 8) & 0xff) + (pixel & 0xff)) / (3 * 255.0);
          }
      }
  coverage.ink = (double) inked / (size * size);
  coverage.solid = inked > 0 ? (double) opaque / inked : 0;
  coverage.lightness = opaque > 0 ? light / opaque : 0;
  return coverage;
}

/* How far two renderings are apart: the mean difference of their
 * channels (colour and alpha). */
static double
difference (cairo_surface_t *a,
            cairo_surface_t *b)
{
  int size = cairo_image_surface_get_width (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a);
  const guint8 *pb = cairo_image_surface_get_data (b);
  double sum = 0;

  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      for (int c = 0; c < 4; c++)
        sum += ABS ((int) pa[y * stride + x * 4 + c] - (int) pb[y * stride + x * 4 + c]) / 255.0;
  return sum / (size * size * 4);
}

/* The share of the square where one drawing has ink and the other none. */
static double
shape_difference (cairo_surface_t *a,
                  cairo_surface_t *b)
{
  int size = cairo_image_surface_get_width (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a);
  const guint8 *pb = cairo_image_surface_get_data (b);
  guint differ = 0;

  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      differ += ABS ((int) pa[y * stride + x * 4 + 3] - (int) pb[y * stride + x * 4 + 3]) > 128;
  return (double) differ / (size * size);
}

static void
test_builtin_sets_listed (void)
{
  g_auto(GStrv) names = chess_piece_set_list_names ();

  g_assert_cmpuint (g_strv_length (names), >=, G_N_ELEMENTS (builtin_names));
  for (gsize i = 0; i < G_N_ELEMENTS (builtin_names); i++)
    {
      g_assert_cmpstr (names[i], ==, builtin_names[i]);
      g_assert_true (chess_piece_set_is_builtin (builtin_names[i]));
      g_assert_cmpstr (chess_piece_set_get_title (builtin_names[i]), !=, builtin_names[i]);
    }
  g_assert_cmpstr (chess_piece_set_get_title ("classic"), ==, "Classic Wood");
  g_assert_cmpstr (chess_piece_set_get_title ("geometric"), ==, "Geometric");
  g_assert_cmpstr (chess_piece_set_get_title ("My Own"), ==, "My Own");
  g_assert_false (chess_piece_set_is_builtin ("My Own"));
}

static void
test_every_piece (gconstpointer data)
{
  const char *set_name = data;
  g_autoptr(ChessPieceSet) set = chess_piece_set_get (set_name);

  g_assert_cmpstr (chess_piece_set_get_name (set), ==, set_name);
  for (ChessPiece piece = 0; piece < CHESS_NO_PIECE; piece++)
    {
      g_autoptr(GBytes) bytes = lookup_drawing (set_name, piece);

      assert_valid_svg (bytes);
      for (gsize s = 0; s < G_N_ELEMENTS (sizes); s++)
        {
          cairo_surface_t *drawn = render_with_rsvg (bytes, sizes[s]);
          cairo_surface_t *shown = chess_piece_set_render_surface (set, piece, sizes[s]);
          Coverage coverage = measure (drawn);

          /* A piece, not a speck nor a blot, at every size… */
          g_assert_cmpfloat (coverage.ink, >, 0.15);
          g_assert_cmpfloat (coverage.ink, <, 0.75);
          /* …crisp: solid pixels inside sharp edges, the more so the larger
           * (at 16 px the antialiased edge is most of a piece)… */
          g_assert_cmpfloat (coverage.solid, >, sizes[s] <= 16 ? 0.12 : sizes[s] <= 32 ? 0.25 : 0.5);
          /* …white pieces light, black ones dark… */
          if (chess_piece_color (piece) == CHESS_COLOR_WHITE)
            g_assert_cmpfloat (coverage.lightness, >, 0.45);
          else
            g_assert_cmpfloat (coverage.lightness, <, 0.4);
          /* …and what the board shows is this drawing, not a stand-in. */
          g_assert_cmpfloat (difference (drawn, shown), <, 0.001);
          cairo_surface_destroy (drawn);
          cairo_surface_destroy (shown);
        }
    }

  /* Twelve different drawings: no piece stands in for another, and the
   * black pieces are not the white ones. */
  for (ChessPiece a = 0; a < CHESS_NO_PIECE; a++)
    for (ChessPiece b = a + 1; b < CHESS_NO_PIECE; b++)
      {
        g_autoptr(GBytes) bytes_a = lookup_drawing (set_name, a);
        g_autoptr(GBytes) bytes_b = lookup_drawing (set_name, b);

        g_assert_false (g_bytes_equal (bytes_a, bytes_b));
        if (chess_piece_type (a) != chess_piece_type (b))
          {
            cairo_surface_t *sa = render_with_rsvg (bytes_a, 48);
            cairo_surface_t *sb = render_with_rsvg (bytes_b, 48);

            g_assert_cmpfloat (shape_difference (sa, sb), >, 0.02);
            cairo_surface_destroy (sa);
            cairo_surface_destroy (sb);
          }
      }
}

/* The sets are drawn differently: every piece's shape differs between any
 * two sets. */
static void
test_sets_differ (void)
{
  for (ChessPiece piece = 0; piece < CHESS_NO_PIECE; piece++)
    for (gsize a = 0; a < G_N_ELEMENTS (builtin_names); a++)
      for (gsize b = a + 1; b < G_N_ELEMENTS (builtin_names); b++)
        {
          g_autoptr(GBytes) bytes_a = lookup_drawing (builtin_names[a], piece);
          g_autoptr(GBytes) bytes_b = lookup_drawing (builtin_names[b], piece);
          cairo_surface_t *sa = render_with_rsvg (bytes_a, 64);
          cairo_surface_t *sb = render_with_rsvg (bytes_b, 64);

          g_assert_cmpfloat (difference (sa, sb), >, 0.02);
          cairo_surface_destroy (sa);
          cairo_surface_destroy (sb);
        }
}

/* Offered in Preferences → Pieces by title; choosing one sets the setting
 * and the window's board draws with it. */
static void
test_offered_in_preferences (void)
{
  ChessWindow *window = app_test_new_window ();
  GSettings *settings = chess_window_get_settings (window);
  ChessPreferencesDialog *dialog = chess_preferences_dialog_new (GTK_WINDOW (window), settings);
  AdwComboRow *pieces = ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                                      CHESS_TYPE_PREFERENCES_DIALOG,
                                                                      "pieces_row"));
  GListModel *titles = adw_combo_row_get_model (pieces);
  ChessBoardView *board = CHESS_BOARD_VIEW (app_test_window_child (window, "board"));

  gtk_window_present (GTK_WINDOW (dialog));
  app_test_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (titles), >=, 3);
  for (gsize i = 0; i < G_N_ELEMENTS (builtin_names); i++)
    {
      g_autofree char *board_set = NULL;
      g_autofree char *setting = NULL;

      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (titles), i), ==,
                       chess_piece_set_get_title (builtin_names[i]));
      adw_combo_row_set_selected (pieces, i);
      app_test_spin ();
      setting = g_settings_get_string (settings, "piece-set");
      g_assert_cmpstr (setting, ==, builtin_names[i]);
      g_object_get (board, "piece-set", &board_set, NULL);
      g_assert_cmpstr (board_set, ==, builtin_names[i]);
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
    }
  g_settings_reset (settings, "piece-set");
  gtk_window_destroy (GTK_WINDOW (dialog));
  app_test_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-piece-sets-XXXXXX",
                       APP_TEST_DEFAULT))
    return 0;

  g_test_add_func ("/piece-sets/listed", test_builtin_sets_listed);
  for (gsize i = 0; i < G_N_ELEMENTS (builtin_names); i++)
    {
      g_autofree char *path = g_strdup_printf ("/piece-sets/%s", builtin_names[i]);

      g_test_add_data_func (path, builtin_names[i], test_every_piece);
    }
  g_test_add_func ("/piece-sets/differ", test_sets_differ);
  g_test_add_func ("/piece-sets/preferences", test_offered_in_preferences);

  return app_test_end (g_test_run ());
}
