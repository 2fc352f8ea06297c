/* test-layout.c — the main window's layout, in process (suite 'app'): the
 * board's size depends only on the window's size (not on names, the "to
 * move" mark, the status text, browsing or captures), the narrow layout
 * from 360 px wide, the window's minimum size, and where the players' rows,
 * the captured pieces and the "Back to the Game" button sit.
 *
 * With THINKCHESS_TEST_LANGUAGE and THINKCHESS_LOCALEDIR it runs translated
 * (longer words must not change anything either). With
 * THINKCHESS_SCREENSHOT_DIR it also saves what it measured as PNGs. */
#include "config.h"

#include <locale.h>
#include <math.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chess-adaptive-box.h"
#include "chess-board-view.h"
#include "chess-captured-view.h"
#include "chess-window.h"

#include "app-test-util.h"

#define LONG_WHITE "Maxime Vachier-Lagrave"
#define LONG_BLACK "Ian Alexandrovich Nepomniachtchi"

/* Lets the window lay itself out again after a change. */
static void
settle (ChessWindow *window)
{
  app_test_spin ();
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  app_test_spin ();
}

/* A fresh game between two long-named players in a window of this size. */
static ChessWindow *
new_window (int width,
            int height)
{
  g_autoptr(GSettings) settings = app_test_fresh_settings ();
  ChessWindow *window;

  app_test_remove_autosave ();
  g_settings_set_string (settings, "white-name", LONG_WHITE);
  g_settings_set_string (settings, "black-name", LONG_BLACK);
  window = chess_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  chess_window_new_game (window);
  settle (window);
  /* The default size counts the frame's shadow without a compositor (the
   * X server of the tests): the window itself gets the size asked for. */
  if (gtk_widget_get_width (GTK_WIDGET (window)) != width
      || gtk_widget_get_height (GTK_WIDGET (window)) != height)
    {
      gtk_window_set_default_size (GTK_WINDOW (window),
                                   2 * width - gtk_widget_get_width (GTK_WIDGET (window)),
                                   2 * height - gtk_widget_get_height (GTK_WIDGET (window)));
      for (int i = 0; i < 100 && gtk_widget_get_width (GTK_WIDGET (window)) != width; i++)
        settle (window);
    }
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
  return window;
}

static GtkWidget *
child (ChessWindow *window,
       const char  *name)
{
  return app_test_window_child (window, name);
}

static int
square_size (ChessWindow *window)
{
  graphene_rect_t a1;

  g_assert_true (chess_board_view_get_square_bounds (chess_window_get_board (window), 0, &a1));
  g_assert_cmpfloat (a1.size.width, ==, a1.size.height);
  return (int) a1.size.width;
}

/* Where a widget is, in the window's coordinates. */
static graphene_rect_t
bounds_of (ChessWindow *window,
           GtkWidget   *widget)
{
  graphene_rect_t rect;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &rect));
  return rect;
}

/* The eight by eight squares, in the window's coordinates. */
static graphene_rect_t
board_squares (ChessWindow *window)
{
  ChessBoardView *board = chess_window_get_board (window);
  graphene_rect_t a1, h8, rect;
  graphene_point_t origin;

  g_assert_true (chess_board_view_get_square_bounds (board, 0, &a1));
  g_assert_true (chess_board_view_get_square_bounds (board, 63, &h8));
  graphene_rect_union (&a1, &h8, &rect);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (board), GTK_WIDGET (window),
                                           &rect.origin, &origin));
  rect.origin = origin;
  return rect;
}

static void
screenshot (ChessWindow *window,
            const char  *what)
{
  const char *dir = g_getenv ("THINKCHESS_SCREENSHOT_DIR");
  const char *language = g_getenv ("THINKCHESS_TEST_LANGUAGE");
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  name = g_strdup_printf ("layout-%s-%dx%d-%s.png", language ? language : "en",
                          width, height, what);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s", path);
}

/* Moves, browsing, messages and the end of the game: the squares keep
 * their size in a window that keeps its size. */
static void
check_board_is_steady (int width,
                       int height)
{
  static const char *const moves[] = {
    "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "c6", "Nf3", "Bg4", "h3", "Bxf3",
    "Qxf3", "e6", "Bd2", "Nd7",
  };
  ChessWindow *window = new_window (width, height);
  ChessGame *game = chess_window_get_game (window);
  int square = square_size (window);

  g_test_message ("%d×%d: %d px squares", width, height, square);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (window, "white_name"))), ==, LONG_WHITE);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      model_test_play (game, moves[i]);
      settle (window);
      g_assert_cmpint (square_size (window), ==, square);
    }
  screenshot (window, "moves");

  /* Browsing shows the button beside the status line and a long text. */
  for (guint ply = 0; ply < G_N_ELEMENTS (moves); ply += 5)
    {
      chess_game_set_view_ply (game, ply);
      settle (window);
      g_assert_true (gtk_widget_get_visible (child (window, "past_return_button")));
      g_assert_cmpint (square_size (window), ==, square);
    }
  screenshot (window, "browsing");
  g_signal_emit_by_name (child (window, "past_return_button"), "clicked");
  settle (window);
  g_assert_true (chess_game_is_viewing_live (game));
  g_assert_false (gtk_widget_get_visible (child (window, "past_return_button")));
  g_assert_cmpint (square_size (window), ==, square);

  chess_window_show_message (window, "A refusal long enough to need more than two lines of the "
                             "status line in every layout, which it must not widen or heighten.");
  settle (window);
  g_assert_cmpint (square_size (window), ==, square);

  /* Flipped, the rows change places and nothing changes size. */
  chess_window_flip (window);
  settle (window);
  g_assert_cmpint (square_size (window), ==, square);

  model_test_play (game, "O-O-O");
  chess_game_resign (game, CHESS_COLOR_WHITE);
  settle (window);
  g_assert_true (chess_game_is_over (game));
  g_assert_cmpint (square_size (window), ==, square);

  app_test_destroy_window (window);
}

static void
test_steady_wide (void)
{
  check_board_is_steady (1000, 700);
}

static void
test_steady_narrow (void)
{
  check_board_is_steady (600, 700);
  check_board_is_steady (360, 720);
}

/* The bars (each player's row) at the board's edges, the panel beside or
 * below; nothing overlaps the squares. */
static void
check_arrangement (ChessWindow *window,
                   gboolean     stacked,
                   gboolean     aligned)
{
  ChessAdaptiveBox *box = CHESS_ADAPTIVE_BOX (child (window, "layout_box"));
  graphene_rect_t squares = board_squares (window);
  graphene_rect_t top = bounds_of (window, chess_adaptive_box_get_top_bar (box));
  graphene_rect_t bottom = bounds_of (window, chess_adaptive_box_get_bottom_bar (box));
  graphene_rect_t panel = bounds_of (window, child (window, "side_panel"));
  graphene_rect_t status = bounds_of (window, child (window, "status_label"));
  graphene_rect_t entry = bounds_of (window, child (window, "move_entry"));
  graphene_rect_t list = bounds_of (window, child (window, "move_list"));
  graphene_rect_t window_rect = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (window)),
                                                    gtk_widget_get_height (GTK_WIDGET (window)));

  g_assert_cmpint (chess_adaptive_box_is_stacked (box), ==, stacked);
  g_assert_false (graphene_rect_intersection (&squares, &top, NULL));
  g_assert_false (graphene_rect_intersection (&squares, &bottom, NULL));
  g_assert_false (graphene_rect_intersection (&squares, &panel, NULL));
  g_assert_false (graphene_rect_intersection (&top, &panel, NULL));
  g_assert_false (graphene_rect_intersection (&bottom, &panel, NULL));
  /* Everything is inside the window. */
  g_assert_true (graphene_rect_contains_rect (&window_rect, &squares));
  g_assert_true (graphene_rect_contains_rect (&window_rect, &top));
  g_assert_true (graphene_rect_contains_rect (&window_rect, &bottom));
  g_assert_true (graphene_rect_contains_rect (&window_rect, &status));
  g_assert_true (graphene_rect_contains_rect (&window_rect, &entry));
  g_assert_true (graphene_rect_contains_rect (&window_rect, &list));
  g_assert_cmpfloat (list.size.height, >=, 40);

  if (stacked)
    {
      /* Above and below the board, the move list below them. */
      g_assert_cmpfloat (top.origin.y + top.size.height, <=, squares.origin.y);
      g_assert_cmpfloat (bottom.origin.y, >=, squares.origin.y + squares.size.height);
      g_assert_cmpfloat (panel.origin.y, >=, bottom.origin.y + bottom.size.height);
    }
  else
    {
      /* Beside the board, lined up with its top and bottom edges (when the
       * board is as high as the column needs). */
      g_assert_cmpfloat (top.origin.x, >=, squares.origin.x + squares.size.width);
      g_assert_cmpfloat (panel.origin.x, >=, squares.origin.x + squares.size.width);
      g_assert_cmpfloat (top.origin.y, <, bottom.origin.y);
      if (!aligned)
        return;
      g_assert_cmpfloat (fabsf (top.origin.y - squares.origin.y), <=, 8);
      g_assert_cmpfloat (fabsf (bottom.origin.y + bottom.size.height
                                - squares.origin.y - squares.size.height), <=, 8);
    }
}

typedef struct
{
  int      width, height;
  int      stacked;      /* -1: whichever gives the larger board */
  int      min_square;   /* what the window's size allows at least */
  gboolean full_width;   /* the board across the window's full width */
} Size;

static void
test_sizes (void)
{
  /* Content: the window less 24 px of margins and the header bar. */
  static const Size sizes[] = {
    /* Stacked, the coach's row of buttons (Hint, Analysis, Threat,
     * Review: issue 27) takes 34 px of height from the board: 2 to 4 px a
     * square less than before it (42, 34, 41 and 76 px then). */
    { 360, 720, TRUE, 40, FALSE },   /* a phone */
    { 360, 640, TRUE, 30, FALSE },
    { 600, 700, TRUE, 37, FALSE },   /* 224 px in all before */
    { 720, 700, -1, 44, FALSE },     /* 28 px squares before */
    { 900, 700, FALSE, 60, FALSE },
    { 1000, 700, FALSE, 75, FALSE },
    { 1300, 950, FALSE, 100, FALSE },
    { 700, 980, TRUE, 72, FALSE },   /* tall */
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      ChessWindow *window = new_window (sizes[i].width, sizes[i].height);
      int square = square_size (window);

      g_test_message ("%d×%d: %d px squares, %s", sizes[i].width, sizes[i].height, square,
                      chess_adaptive_box_is_stacked (CHESS_ADAPTIVE_BOX (child (window, "layout_box")))
                      ? "stacked" : "side by side");
      check_arrangement (window, sizes[i].stacked >= 0
                                 ? sizes[i].stacked
                                 : chess_adaptive_box_is_stacked (CHESS_ADAPTIVE_BOX (child (window, "layout_box"))),
                         TRUE);
      g_assert_cmpint (square, >=, sizes[i].min_square);
      if (sizes[i].full_width)
        /* The full width less the margins. */
        g_assert_cmpint (square, ==, (sizes[i].width - 24) / 8);
      /* A board as wide as the window allows, not more. */
      g_assert_cmpint (8 * square, <=, sizes[i].width - 24);
      if (sizes[i].width <= 720 || sizes[i].width == 1000)
        screenshot (window, "start");
      app_test_destroy_window (window);
    }
}

/* The window can be made small: phone-sized, and short at 600 px wide. */
static void
test_minimum_size (void)
{
  ChessWindow *window = new_window (1000, 700);
  GtkWidget *box = child (window, "layout_box");
  /* What the header bar takes around the layout (whose measure counts its
   * margins). */
  int chrome_w = gtk_widget_get_width (GTK_WIDGET (window)) - gtk_widget_get_width (box)
                 - gtk_widget_get_margin_start (box) - gtk_widget_get_margin_end (box);
  int chrome_h = gtk_widget_get_height (GTK_WIDGET (window)) - gtk_widget_get_height (box)
                 - gtk_widget_get_margin_top (box) - gtk_widget_get_margin_bottom (box);
  int min_width = 0, min_height_360 = 0, min_height_600 = 0;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1,
                      &min_width, NULL, NULL, NULL);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 360 - chrome_w,
                      &min_height_360, NULL, NULL, NULL);
  gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, 600 - chrome_w,
                      &min_height_600, NULL, NULL, NULL);
  min_height_360 += chrome_h;
  min_height_600 += chrome_h;
  g_test_message ("chrome %d×%d", chrome_w, chrome_h);
  g_test_message ("minimum width %d, height %d at 360 px and %d at 600 px",
                  min_width, min_height_360, min_height_600);
  g_assert_cmpint (min_width, <=, 360);
  /* 589 before the coach's row; a 360×720 phone still has room. */
  g_assert_cmpint (min_height_360, <=, 630);
  /* 661 before. */
  g_assert_cmpint (min_height_600, <=, 480);
  app_test_destroy_window (window);

  /* And at those sizes everything is still in the window. */
  window = new_window (600, min_height_600);
  check_arrangement (window, FALSE, FALSE);
  g_assert_cmpint (square_size (window), >=, 28);
  screenshot (window, "smallest");
  app_test_destroy_window (window);
  window = new_window (360, min_height_360);
  check_arrangement (window, TRUE, FALSE);
  g_assert_cmpint (square_size (window), >=, 28);
  screenshot (window, "smallest");
  app_test_destroy_window (window);
}

/* Each player's captures sit in their own row and follow browsing. */
static void
test_captures (void)
{
  ChessWindow *window = new_window (1000, 700);
  ChessGame *game = chess_window_get_game (window);
  ChessCapturedView *by_white = CHESS_CAPTURED_VIEW (child (window, "captured_by_white"));
  ChessCapturedView *by_black = CHESS_CAPTURED_VIEW (child (window, "captured_by_black"));
  GtkWidget *eval_label = child (window, "eval_label");

  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (by_white), child (window, "white_row")));
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (by_black), child (window, "black_row")));

  /* White wins a pawn, Black a pawn and a knight. */
  model_test_play (game, "e4 d5 exd5 Qxd5 Nc3 Qa5 Nf3 Bg4 h3 Bxf3");
  g_assert_cmpuint (chess_captured_view_get_count (by_white), ==, 1);
  g_assert_cmpuint (chess_captured_view_get_count (by_black), ==, 2);
  g_assert_cmpstr (chess_captured_view_get_lead_text (by_black), ==, "+3");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (eval_label)), ==, "\xe2\x88\x92" "3");

  /* After 3.exd5: White a pawn up. */
  chess_game_set_view_ply (game, 3);
  g_assert_cmpuint (chess_captured_view_get_count (by_white), ==, 1);
  g_assert_cmpuint (chess_captured_view_get_count (by_black), ==, 0);
  g_assert_cmpstr (chess_captured_view_get_lead_text (by_white), ==, "+1");
  g_assert_cmpstr (chess_captured_view_get_lead_text (by_black), ==, "");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (eval_label)), ==, "+1");
  g_assert_cmpfloat (gtk_level_bar_get_value (GTK_LEVEL_BAR (child (window, "eval_bar"))), ==, 11);

  /* The start: nothing captured. */
  chess_game_set_view_ply (game, 0);
  g_assert_cmpuint (chess_captured_view_get_count (by_white), ==, 0);
  g_assert_cmpuint (chess_captured_view_get_count (by_black), ==, 0);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (eval_label)), ==, "0");

  /* Back at the game. */
  chess_game_set_view_ply (game, chess_game_get_move_count (game));
  g_assert_cmpuint (chess_captured_view_get_count (by_black), ==, 2);
  app_test_destroy_window (window);
}

/* "Back to the Game" sits beside the status line, off the board. */
static void
test_back_button (void)
{
  ChessWindow *window = new_window (1000, 700);
  ChessGame *game = chess_window_get_game (window);
  GtkWidget *button = child (window, "past_return_button");
  graphene_rect_t squares, button_rect, status_rect;

  model_test_play (game, "e4 e5 Nf3");
  g_assert_false (gtk_widget_get_visible (button));
  chess_game_set_view_ply (game, 1);
  settle (window);
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_false (gtk_widget_is_ancestor (button, child (window, "board_overlay")));
  squares = board_squares (window);
  button_rect = bounds_of (window, button);
  status_rect = bounds_of (window, child (window, "status_label"));
  g_assert_false (graphene_rect_intersection (&squares, &button_rect, NULL));
  /* Beside the status line: on the same height. */
  g_assert_cmpfloat (button_rect.origin.x, >=, status_rect.origin.x + status_rect.size.width);
  g_assert_cmpfloat (button_rect.origin.y, <, status_rect.origin.y + status_rect.size.height);
  g_assert_cmpfloat (button_rect.origin.y + button_rect.size.height, >, status_rect.origin.y);

  g_signal_emit_by_name (button, "clicked");
  g_assert_true (chess_game_is_viewing_live (game));
  g_assert_false (gtk_widget_get_visible (button));
  app_test_destroy_window (window);
}

/* Runs translated when asked to: LANGUAGE needs a real locale. */
static void
setup_language (void)
{
  const char *language = g_getenv ("THINKCHESS_TEST_LANGUAGE");
  const char *localedir = g_getenv ("THINKCHESS_LOCALEDIR");

  if (language == NULL)
    return;
  g_setenv ("LANG", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", language, TRUE);
  g_unsetenv ("LC_ALL");
  g_unsetenv ("LC_MESSAGES");
  setlocale (LC_ALL, "");
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

int
main (int    argc,
      char **argv)
{
  setup_language ();
  /* The app's style, as the application loads it: it sets sizes too. */
  if (!app_test_begin (&argc, &argv, "thinkchess-test-layout-XXXXXX",
                       APP_TEST_APP_STYLE))
    return 0;
  /* GNOME's and phones' title bar: only a close button. */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "menu:close", NULL);

  g_test_add_func ("/layout/steady/wide", test_steady_wide);
  g_test_add_func ("/layout/steady/narrow", test_steady_narrow);
  g_test_add_func ("/layout/sizes", test_sizes);
  g_test_add_func ("/layout/minimum-size", test_minimum_size);
  g_test_add_func ("/layout/captures", test_captures);
  g_test_add_func ("/layout/back-button", test_back_button);

  return app_test_end (g_test_run ());
}
