/* test-eval-graph.c — the evaluation graph and the mistakes in the move
 * list, in process (suite 'app'): which point is under which x and back,
 * the levels of evaluations and mates, the marked point following the
 * move viewed, the pixels drawn (White's area, Black's, the unknown grey,
 * the marker, the mistake dots), and the ?!, ?, ?? moves coloured and
 * readable in the light and the dark style.
 *
 * With EVAL_GRAPH_TEST_SHOTS=DIR the renderings are saved there as PNGs. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chess-eval-graph.h"
#include "chess-move-list-view.h"
#include "chess-review-panel.h"
#include "chess-window.h"

#include "app-test-util.h"

/* tests/data/app/reviewed.pgn: 13 moves with [%eval] after each, 3... Bg4
 * $6 (?!), 4... g6 $2 (?), 5... Bxd1 $4 (??) with the variation 5... dxe5,
 * ending in mate. */
static ChessGame *
load_reviewed (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "app", "reviewed.pgn", NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = NULL;
  ChessGame *game = chess_game_new ();

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  pgn = chess_pgn_parse_game (text, length, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  g_assert_no_error (error);
  return game;
}

/* A graph alone in a window, `width` × `height`. */
static ChessEvalGraph *
graph_in_window (ChessGame  *game,
                 int         width,
                 int         height,
                 GtkWidget **window_out)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *graph = chess_eval_graph_new ();

  gtk_widget_set_size_request (graph, width, height);
  gtk_widget_set_halign (graph, GTK_ALIGN_START);
  gtk_widget_set_valign (graph, GTK_ALIGN_START);
  gtk_window_set_child (GTK_WINDOW (window), graph);
  chess_eval_graph_set_game (CHESS_EVAL_GRAPH (graph), game);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (window);
  app_test_spin ();
  /* Without the focus: no focus ring over the edges. */
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  gtk_test_widget_wait_for_draw (window);
  g_assert_cmpint (gtk_widget_get_width (graph), ==, width);
  g_assert_cmpint (gtk_widget_get_height (graph), ==, height);
  *window_out = window;
  return CHESS_EVAL_GRAPH (graph);
}

/* GTK gives a widget the keyboard focus (has-focus, the ring) only while
 * its window is active. The tests run side by side on one X display without
 * a window manager, so another test's window may hold the input focus:
 * present the window again (it asks the X server for the focus) until it is
 * active. */
static void
wait_for_keyboard_focus (GtkWidget *window,
                         GtkWidget *widget)
{
  gint64 give_up = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_assert_true (gtk_widget_is_focus (widget));
  while (!gtk_window_is_active (GTK_WINDOW (window)) && g_get_monotonic_time () < give_up)
    {
      gtk_window_present (GTK_WINDOW (window));
      app_test_spin ();
      g_usleep (20000);
    }
  g_assert_true (gtk_window_is_active (GTK_WINDOW (window)));
  g_assert_true (gtk_widget_has_focus (widget));
}

typedef struct
{
  int     width, height;
  guchar *pixels;     /* premultiplied B G R A (memory format of download) */
} Pixels;

static Pixels
download (GdkTexture *texture,
          const char *save_as)
{
  Pixels p = { gdk_texture_get_width (texture), gdk_texture_get_height (texture), NULL };

  p.pixels = g_malloc ((gsize) p.width * p.height * 4);
  gdk_texture_download (texture, p.pixels, (gsize) p.width * 4);
  if (g_getenv ("EVAL_GRAPH_TEST_SHOTS") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("EVAL_GRAPH_TEST_SHOTS"), save_as, NULL);
      gdk_texture_save_to_png (texture, path);
    }
  return p;
}

/* The pixel's colour as 0…255 red, green, blue (opaque renderings). */
static void
pixel_at (const Pixels *p,
          int           x,
          int           y,
          int           rgb[3])
{
  const guchar *px;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, p->width);
  g_assert_cmpint (y, <, p->height);
  px = p->pixels + ((gsize) y * p->width + x) * 4;
  /* gdk_texture_download gives GDK_MEMORY_DEFAULT: B8G8R8A8 premultiplied. */
  rgb[0] = px[2];
  rgb[1] = px[1];
  rgb[2] = px[0];
}

static gboolean
near (const int  rgb[3],
      int        r,
      int        g,
      int        b,
      int        tolerance)
{
  return ABS (rgb[0] - r) <= tolerance && ABS (rgb[1] - g) <= tolerance && ABS (rgb[2] - b) <= tolerance;
}

#define assert_color(p, x, y, r, g, b, what) \
  G_STMT_START { \
    int rgb_[3]; \
    pixel_at ((p), (x), (y), rgb_); \
    if (!near (rgb_, (r), (g), (b), 12)) \
      g_error ("%s at (%d, %d): %d %d %d, not %d %d %d", (what), (x), (y), \
               rgb_[0], rgb_[1], rgb_[2], (r), (g), (b)); \
  } G_STMT_END

/* ---- Geometry ---- */

static void
test_mapping (void)
{
  g_autoptr(ChessGame) game = load_reviewed ();
  GtkWidget *window;
  ChessEvalGraph *graph = graph_in_window (game, 268, 80, &window);

  /* 13 moves: 14 points; every position after a move is known (the last
   * one is mate on the board), the start position is not. */
  g_assert_cmpuint (chess_eval_graph_get_n_points (graph), ==, 14);
  g_assert_cmpuint (chess_eval_graph_get_n_known (graph), ==, 13);

  /* 4 px at each side, 20 px apart; each point's x maps back to it, and
   * so does anything nearer to it than to its neighbours. */
  g_assert_cmpfloat (chess_eval_graph_x_of_point (graph, 0), ==, 4);
  g_assert_cmpfloat (chess_eval_graph_x_of_point (graph, 13), ==, 264);
  for (guint i = 0; i < 14; i++)
    {
      double x = chess_eval_graph_x_of_point (graph, i);

      g_assert_cmpint (chess_eval_graph_point_at (graph, x), ==, (int) i);
      g_assert_cmpint (chess_eval_graph_point_at (graph, x - 9.9), ==, (int) i);
      g_assert_cmpint (chess_eval_graph_point_at (graph, x + 9.9), ==, (int) i);
    }
  g_assert_cmpint (chess_eval_graph_point_at (graph, 4 + 10.1), ==, 1);
  /* Outside the graph: the nearest end. */
  g_assert_cmpint (chess_eval_graph_point_at (graph, -100), ==, 0);
  g_assert_cmpint (chess_eval_graph_point_at (graph, 1000), ==, 13);

  /* Levels: White's winning chances (Lichess's curve), mates at the edge. */
  g_assert_cmpfloat (chess_eval_graph_get_level (graph, 0), ==, -1);
  g_assert_cmpfloat_with_epsilon (chess_eval_graph_get_level (graph, 1),
                                  1 / (1 + exp (-0.00368208 * 32)), 1e-9);
  g_assert_cmpfloat_with_epsilon (chess_eval_graph_get_level (graph, 8),
                                  1 / (1 + exp (-0.00368208 * 155)), 1e-9);
  g_assert_cmpfloat (chess_eval_graph_get_level (graph, 10), ==, 1);
  g_assert_cmpfloat (chess_eval_graph_get_level (graph, 13), ==, 1);
  g_assert_cmpfloat (chess_eval_graph_get_level (graph, 14), ==, -1);

  ChessTreeEval black_mates = { CHESS_TREE_EVAL_MATE, -3, -1 };
  ChessTreeEval far_behind = { CHESS_TREE_EVAL_CENTIPAWNS, -2500, -1 };
  ChessTreeEval pawn_up = { CHESS_TREE_EVAL_CENTIPAWNS, 100, -1 };
  ChessTreeEval queen_up = { CHESS_TREE_EVAL_CENTIPAWNS, 900, -1 };
  ChessTreeEval rook_and_queen_up = { CHESS_TREE_EVAL_CENTIPAWNS, 1400, -1 };
  ChessTreeEval even = { CHESS_TREE_EVAL_CENTIPAWNS, 0, -1 };
  ChessTreeEval none = { CHESS_TREE_EVAL_NONE, 0, -1 };
  g_assert_cmpfloat (chess_eval_graph_level_of_eval (&black_mates), ==, 0);
  g_assert_cmpfloat (chess_eval_graph_level_of_eval (&even), ==, 0.5);
  g_assert_cmpfloat (chess_eval_graph_level_of_eval (&none), ==, -1);
  /* An ordinary swing shows: a pawn in an even game moves the line by
   * 9% of the height (it was 8% with a linear ±6 pawns), ... */
  g_assert_cmpfloat (chess_eval_graph_level_of_eval (&pawn_up), >, 0.59);
  /* ...while a won game stays near the edge whatever its size. */
  g_assert_cmpfloat (chess_eval_graph_level_of_eval (&queen_up), >, 0.96);
  g_assert_cmpfloat (chess_eval_graph_level_of_eval (&rook_and_queen_up), <, 1);
  g_assert_cmpfloat (chess_eval_graph_level_of_eval (&far_behind), <, 0.03);
  g_assert_cmpfloat (chess_eval_graph_level_of_eval (&far_behind), >, 0);

  /* The graph takes its new width: the points spread out again. */
  gtk_widget_set_size_request (GTK_WIDGET (graph), 528, 80);
  gtk_test_widget_wait_for_draw (window);
  app_test_spin ();
  g_assert_cmpfloat (chess_eval_graph_x_of_point (graph, 13), ==, 524);
  g_assert_cmpint (chess_eval_graph_point_at (graph, 4 + 40 * 7), ==, 7);

  gtk_window_destroy (GTK_WINDOW (window));
  app_test_spin ();
}

/* The marked point follows the move viewed, also from a variation, and a
 * game without evaluations or moves has nothing known. */
static void
test_marked (void)
{
  g_autoptr(ChessGame) game = load_reviewed ();
  g_autoptr(ChessGame) fresh = chess_game_new ();
  GtkWidget *window;
  ChessEvalGraph *graph = graph_in_window (game, 268, 80, &window);
  ChessTreeNode *nxe5, *dxe5;

  g_assert_cmpint (chess_eval_graph_get_marked (graph), ==, 13);
  chess_game_set_view_ply (game, 4);
  g_assert_cmpint (chess_eval_graph_get_marked (graph), ==, 4);
  chess_game_set_view_ply (game, 0);
  g_assert_cmpint (chess_eval_graph_get_marked (graph), ==, 0);

  /* 5... dxe5 is a variation after 5. Nxe5 (point 9). */
  nxe5 = chess_game_get_node_at (game, 9);
  g_assert_cmpuint (nxe5->n_children, ==, 2);
  dxe5 = nxe5->children[1];
  g_assert_true (chess_game_select_node (game, dxe5));
  app_test_spin ();
  g_assert_cmpint (chess_eval_graph_get_marked (graph), ==, 9);

  /* A new [%eval] in the tree shows at once (a review writes them). */
  g_assert_true (chess_game_select_node (game, chess_game_get_tree (game)->root));
  g_assert_cmpuint (chess_eval_graph_get_n_known (graph), ==, 13);

  chess_eval_graph_set_game (graph, fresh);
  g_assert_cmpuint (chess_eval_graph_get_n_points (graph), ==, 1);
  g_assert_cmpuint (chess_eval_graph_get_n_known (graph), ==, 0);
  g_assert_true (chess_game_play (fresh, "e4", NULL));
  g_assert_cmpuint (chess_eval_graph_get_n_points (graph), ==, 2);
  g_assert_cmpint (chess_eval_graph_get_marked (graph), ==, 1);
  chess_eval_graph_set_game (graph, NULL);
  g_assert_cmpuint (chess_eval_graph_get_n_points (graph), ==, 0);
  g_assert_cmpint (chess_eval_graph_point_at (graph, 10), ==, -1);

  gtk_window_destroy (GTK_WINDOW (window));
  app_test_spin ();
}

/* ---- Drawing ---- */

static int
y_of (double level,
      int    height)
{
  return (int) floor ((1 - level) * height);
}

static void
test_drawing (void)
{
  g_autoptr(ChessGame) game = load_reviewed ();
  GtkWidget *window;
  ChessEvalGraph *graph = graph_in_window (game, 268, 80, &window);
  int h = 80;

  chess_game_set_view_ply (game, 6);
  gtk_test_widget_wait_for_draw (window);
  g_autoptr(GdkTexture) texture = app_test_render (GTK_WIDGET (graph));
  Pixels p = download (texture, "eval-graph.png");

  /* Point 0 is not known: grey from the edge to just before point 1. */
  assert_color (&p, 2, 5, 138, 138, 138, "unknown area");
  assert_color (&p, 2, h - 5, 138, 138, 138, "unknown area");
  /* At point 4 (+0.66) Black's area above the line, White's below. */
  int x4 = (int) chess_eval_graph_x_of_point (graph, 4);
  int y4 = y_of (chess_eval_graph_get_level (graph, 4), h);
  assert_color (&p, x4, 4, 30, 30, 30, "Black's area");
  assert_color (&p, x4, y4 - 3, 30, 30, 30, "Black's area just above the line");
  assert_color (&p, x4, y4 + 3, 246, 246, 246, "White's area just below the line");
  assert_color (&p, x4, h - 4, 246, 246, 246, "White's area");
  g_assert_cmpint (y4, <, h / 2);
  /* From the blunder on, White mates: all White's. */
  int x12 = (int) chess_eval_graph_x_of_point (graph, 12);
  assert_color (&p, x12, 5, 246, 246, 246, "a mate for White");
  assert_color (&p, x12, h - 5, 246, 246, 246, "a mate for White");
  assert_color (&p, p.width - 1, h / 2 - 5, 246, 246, 246, "the last point reaching the edge");
  /* The move viewed: a blue line across. */
  int x6 = (int) chess_eval_graph_x_of_point (graph, 6);
  assert_color (&p, x6, 3, 53, 132, 228, "the marker");
  assert_color (&p, x6, h - 3, 53, 132, 228, "the marker");
  /* 4... g6? is an orange dot on the line; 3... Bg4?! a yellow one. */
  int x8 = (int) chess_eval_graph_x_of_point (graph, 8);
  assert_color (&p, x8, y_of (chess_eval_graph_get_level (graph, 8), h), 255, 120, 0, "the mistake's dot");
  assert_color (&p, x6, y_of (chess_eval_graph_get_level (graph, 6), h), 246, 211, 45,
                "the inaccuracy's dot over the marker");
  g_free (p.pixels);

  /* With the focus, a ring round the edge (the arrow keys go there). */
  gtk_widget_grab_focus (GTK_WIDGET (graph));
  wait_for_keyboard_focus (window, GTK_WIDGET (graph));
  gtk_test_widget_wait_for_draw (window);
  g_autoptr(GdkTexture) focused = app_test_render (GTK_WIDGET (graph));
  p = download (focused, "eval-graph-focus.png");
  assert_color (&p, 0, h / 2, 53, 132, 228, "the focus ring");
  assert_color (&p, x4, h - 1, 53, 132, 228, "the focus ring");
  g_free (p.pixels);
  gtk_window_set_focus (GTK_WINDOW (window), NULL);

  /* After the blunder's eval is taken out (as before a review gets
   * there), its point is passed over, not drawn at the middle. */
  ChessTreeNode *bxd1 = chess_game_get_node_at (game, 10);
  chess_game_set_view_ply (game, 0);
  bxd1->eval.kind = CHESS_TREE_EVAL_NONE;
  chess_game_toggle_nag (game, bxd1, 4);
  gtk_test_widget_wait_for_draw (window);
  g_assert_cmpuint (chess_eval_graph_get_n_known (graph), ==, 12);
  g_autoptr(GdkTexture) second = app_test_render (GTK_WIDGET (graph));
  p = download (second, "eval-graph-gap.png");
  int x10 = (int) chess_eval_graph_x_of_point (graph, 10);
  /* Halfway between +1.72 and a mate in one. */
  int y10 = y_of ((chess_eval_graph_get_level (graph, 9) + 1.0) / 2, h);
  assert_color (&p, x10, y10 - 3, 30, 30, 30, "Black's area over the gap");
  assert_color (&p, x10, y10 + 3, 246, 246, 246, "White's area under the gap");
  g_free (p.pixels);

  gtk_window_destroy (GTK_WINDOW (window));
  app_test_spin ();
}

/* ---- In the window ---- */

static double
luminance (const double rgb[3])
{
  double l[3];

  for (int i = 0; i < 3; i++)
    l[i] = rgb[i] <= 0.03928 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

/* WCAG's contrast ratio of the label's text against the button's
 * background as rendered. */
static double
text_contrast (GtkWidget    *button,
               const Pixels *window_pixels,
               GtkWidget    *window)
{
  GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));
  graphene_rect_t bounds;
  GdkRGBA text;
  int bg[3];
  double back[3], fore[3], a, b;

  g_assert_true (gtk_widget_compute_bounds (button, window, &bounds));
  /* The right end of the button: its background, no text. */
  pixel_at (window_pixels, (int) (bounds.origin.x + bounds.size.width - 4),
            (int) (bounds.origin.y + bounds.size.height / 2), bg);
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (label, &text);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (label), &text);
#endif
  for (int i = 0; i < 3; i++)
    {
      double channel = i == 0 ? text.red : i == 1 ? text.green : text.blue;

      back[i] = bg[i] / 255.0;
      fore[i] = channel * text.alpha + back[i] * (1 - text.alpha);
    }
  a = luminance (fore);
  b = luminance (back);
  return (MAX (a, b) + 0.05) / (MIN (a, b) + 0.05);
}

static void
check_mistakes (ChessWindow *window,
                const char  *style)
{
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  static const struct { guint ply; const char *text; const char *css; } moves[] = {
    { 4, "Bc4", NULL }, { 5, "Bg4⁈", "inaccuracy" }, { 7, "g6?", "mistake" },
    { 9, "Bxd1⁇", "blunder" }, { 12, "Nd5#", NULL },
  };
  g_autofree char *shot = g_strdup_printf ("move-list-%s.png", style);

  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  g_autoptr(GdkTexture) texture = app_test_render (GTK_WIDGET (window));
  Pixels p = download (texture, shot);

  for (gsize i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      GtkWidget *button = chess_move_list_view_get_move_button (list, moves[i].ply);

      g_assert_cmpstr (chess_move_list_view_get_move_text (list, moves[i].ply), ==, moves[i].text);
      g_assert_cmpint (gtk_widget_has_css_class (button, "inaccuracy"), ==,
                       g_strcmp0 (moves[i].css, "inaccuracy") == 0);
      g_assert_cmpint (gtk_widget_has_css_class (button, "mistake"), ==,
                       g_strcmp0 (moves[i].css, "mistake") == 0);
      g_assert_cmpint (gtk_widget_has_css_class (button, "blunder"), ==,
                       g_strcmp0 (moves[i].css, "blunder") == 0);
      if (moves[i].css == NULL)
        continue;
      /* Readable: at least WCAG's 4.5 for normal text. */
      double contrast = text_contrast (button, &p, GTK_WIDGET (window));
      if (contrast < 4.5)
        g_error ("%s in the %s style: contrast %.2f", moves[i].text, style, contrast);
    }
  g_free (p.pixels);
}

static void
test_move_list_mistakes (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = load_reviewed ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  AdwStyleManager *style = adw_style_manager_get_default ();

  chess_window_open_game (window, game);
  /* The current move is elsewhere, so the tints show. */
  chess_game_set_view_ply (game, 2);
  app_test_spin ();
  check_mistakes (window, "light");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  app_test_spin ();
  check_mistakes (window, "dark");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  app_test_spin ();

  /* A mark set by hand colours the move too, and goes with it. */
  ChessTreeNode *nc3 = chess_game_get_node_at (game, 7);
  chess_game_toggle_nag (game, nc3, 4);
  app_test_spin ();
  GtkWidget *button = chess_move_list_view_get_move_button (list, 6);
  g_assert_true (gtk_widget_has_css_class (button, "blunder"));
  chess_game_toggle_nag (game, nc3, 4);
  app_test_spin ();
  button = chess_move_list_view_get_move_button (list, 6);
  g_assert_false (gtk_widget_has_css_class (button, "blunder"));

  app_test_destroy_window (window);
}

/* The panel shows the graph for a game with evaluations only, and the
 * board keeps its size either way. */
static void
test_panel_in_window (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = load_reviewed ();
  ChessReviewPanel *panel = CHESS_REVIEW_PANEL (app_test_window_child (window, "review_panel"));
  graphene_rect_t before, after;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (chess_board_view_get_square_bounds (chess_window_get_board (window), 0, &before));
  chess_window_open_game (window, game);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  app_test_spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (chess_review_panel_get_graph (panel))));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (chess_review_panel_get_graph (panel))), >=, 40);
  g_assert_true (chess_eval_graph_get_game (chess_review_panel_get_graph (panel)) == game);
  g_assert_true (chess_board_view_get_square_bounds (chess_window_get_board (window), 0, &after));
  g_assert_cmpfloat (before.size.width, ==, after.size.width);

  /* The narrow layout: the graph under the board, the board as big as
   * without it. */
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 900);
  for (int i = 0; i < 20; i++)
    {
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      app_test_spin ();
    }
  g_assert_true (chess_board_view_get_square_bounds (chess_window_get_board (window), 0, &after));
  g_autoptr(ChessGame) fresh = chess_game_new ();
  chess_window_open_game (window, fresh);
  for (int i = 0; i < 5; i++)
    {
      gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
      app_test_spin ();
    }
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (chess_board_view_get_square_bounds (chess_window_get_board (window), 0, &before));
  g_assert_cmpfloat (before.size.width, ==, after.size.width);

  app_test_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-XXXXXX",
                       APP_TEST_ENGLISH | APP_TEST_APP_STYLE))
    return 0;

  g_test_add_func ("/app/eval-graph/mapping", test_mapping);
  g_test_add_func ("/app/eval-graph/marked", test_marked);
  g_test_add_func ("/app/eval-graph/drawing", test_drawing);
  g_test_add_func ("/app/eval-graph/move-list-mistakes", test_move_list_mistakes);
  g_test_add_func ("/app/eval-graph/panel-in-window", test_panel_in_window);

  return app_test_end (g_test_run ());
}
