/* test-move-list.c — the move list shows an annotated game's comments,
 * variations and NAGs; any move can be clicked; the context menu edits the
 * comment, sets a NAG, promotes and deletes a variation; a move changes
 * only the list's last rows. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "chess-move-list-view.h"
#include "chess-window.h"

#include "app-test-util.h"

#define ANNOTATED \
  "[Event \"Study\"]\n[Result \"*\"]\n\n" \
  "{Start} 1. e4 {Best by test.} e5 2. Nf3 $1 Nc6 (2... d6 {Philidor} 3. d4 (3. Bc4)) " \
  "3. Bb5 a6 *\n"

static ChessGame *
load_annotated (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game (ANNOTATED, strlen (ANNOTATED), 1, NULL, &error);
  ChessGame *game = chess_game_new ();

  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  g_assert_no_error (error);
  return game;
}

/* Every label's text under `widget`, joined by " | ". */
static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    {
      if (out->len > 0)
        g_string_append (out, " | ");
      g_string_append (out, gtk_label_get_text (GTK_LABEL (widget)));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (!GTK_IS_POPOVER (c))
      collect_text (c, out);
}

static char *
annotation_text (ChessMoveListView *list,
                 guint              ply)
{
  GtkWidget *box = chess_move_list_view_get_annotation (list, ply);
  GString *out = g_string_new (NULL);

  if (box != NULL)
    collect_text (box, out);
  return g_string_free (out, FALSE);
}

/* The label of the first variation after main-line move `ply`. */
static GtkLabel *
variation_label (ChessMoveListView *list,
                 guint              ply)
{
  GtkWidget *box = chess_move_list_view_get_annotation (list, ply);

  for (GtkWidget *c = gtk_widget_get_first_child (box); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_has_css_class (c, "variation"))
      return GTK_LABEL (c);
  g_assert_not_reached ();
  return NULL;
}

static void
test_shows_annotations (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = load_annotated ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));

  chess_window_set_game (window, game);
  app_test_spin ();

  /* The main line in pairs; NAGs as symbols; comments and variations on
   * rows of their own, after which Black's move has its number again. */
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 0), ==, "e4");
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 2), ==, "Nf3!");
  g_assert_cmpstr (chess_move_list_view_get_number_text (list, 1), ==, "1…");
  g_assert_cmpstr (chess_move_list_view_get_number_text (list, 2), ==, "2.");
  g_assert_cmpstr (chess_move_list_view_get_number_text (list, 3), ==, "2.");
  g_assert_cmpstr (chess_move_list_view_get_number_text (list, 4), ==, "3.");
  g_autofree char *opening = NULL;
  {
    GString *out = g_string_new (NULL);
    collect_text (chess_move_list_view_get_annotation (list, G_MAXUINT), out);
    opening = g_string_free (out, FALSE);
  }
  g_assert_cmpstr (opening, ==, "Start");
  g_autofree char *after_e4 = annotation_text (list, 0);
  g_assert_cmpstr (after_e4, ==, "Best by test.");
  g_autofree char *after_nc6 = annotation_text (list, 3);
  g_assert_cmpstr (after_nc6, ==, "2… d6 Philidor 3. d4 (3. Bc4)");
  g_assert_null (chess_move_list_view_get_annotation (list, 4));

  /* A move in the variation: the board shows it, the line follows it. */
  GtkLabel *variation = variation_label (list, 3);
  gboolean handled = FALSE;
  g_signal_emit_by_name (variation, "activate-link", "n2", &handled);
  app_test_spin ();
  g_assert_true (handled);
  g_assert_cmpuint (chess_game_get_view_ply (game), ==, 5);
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 5);
  ChessTreeNode *bc4 = chess_game_get_view_node (game);
  g_assert_false (chess_tree_node_is_main_line (bc4));
  g_assert_cmpint (chess_move_list_view_get_current (list), ==, -1);
  /* The viewed move is marked in the variation's text. */
  variation = variation_label (list, 3);
  g_assert_nonnull (strstr (gtk_label_get_label (variation), "<b>3. Bc4</b>"));

  /* A main-line move brings the main line back. */
  g_signal_emit_by_name (chess_move_list_view_get_move_button (list, 5), "clicked");
  app_test_spin ();
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 6);
  g_assert_cmpint (chess_move_list_view_get_current (list), ==, 5);

  app_test_destroy_window (window);
}

/* ⩲ and ⩱ are missing from common fonts (Debian's DejaVu): the move list
 * must never draw a box for a symbol. */
static void
test_symbols_drawn (void)
{
  static const char pgn_text[] = "1. e4 $14 e5 $15 2. Nf3 $16 Nc6 $17 3. Bb5 $13 a6 $3 *\n";
  static const char *const glyphs[] = { "e4⩲", "e5⩱", "Nf3±", "Nc6∓", "Bb5∞", "a6‼" };
  static const char *const ascii[] = { "e4+=", "e5=+", "Nf3+/-", "Nc6-/+", "Bb5~~", "a6!!" };
  ChessWindow *window = app_test_new_window ();
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game (pgn_text, strlen (pgn_text), 1, NULL, &error);
  g_autoptr(ChessGame) game = chess_game_new ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));

  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  chess_window_set_game (window, game);
  app_test_spin ();

  for (guint ply = 0; ply < G_N_ELEMENTS (glyphs); ply++)
    {
      const char *text = chess_move_list_view_get_move_text (list, ply);
      GtkWidget *button = chess_move_list_view_get_move_button (list, ply);
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

      g_assert_true (g_str_equal (text, glyphs[ply]) || g_str_equal (text, ascii[ply]));
      while (label != NULL && !GTK_IS_LABEL (label))
        label = gtk_widget_get_first_child (label);
      g_assert_nonnull (label);
      g_assert_cmpint (pango_layout_get_unknown_glyphs_count (gtk_label_get_layout (GTK_LABEL (label))), ==, 0);
    }

  app_test_destroy_window (window);
}

static void
test_context_menu (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = load_annotated ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  GtkWidget *widget = GTK_WIDGET (list);

  chess_window_set_game (window, game);
  app_test_spin ();

  /* A comment on Bb5, through the menu and its entry. */
  ChessTreeNode *bb5 = chess_game_get_node_at (game, 5);
  chess_move_list_view_popup_menu (list, bb5, 10, 10);
  app_test_spin ();
  g_assert_true (gtk_widget_activate_action (widget, "movelist.comment", NULL));
  app_test_spin ();
  ChessCommentEditor *editor = chess_move_list_view_get_comment_editor (list);
  GtkWidget *text_view = chess_comment_editor_get_text_view (editor);
  g_assert_true (gtk_widget_get_mapped (text_view));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (text_view)), " The  Ruy\nLopez ", -1);
  chess_comment_editor_save (editor);
  app_test_spin ();
  g_assert_cmpstr (bb5->comment, ==, "The Ruy Lopez");
  g_autofree char *after_bb5 = annotation_text (list, 4);
  g_assert_cmpstr (after_bb5, ==, "The Ruy Lopez");

  /* A NAG: "!!" then "?" in its place. */
  chess_move_list_view_popup_menu (list, bb5, 10, 10);
  g_assert_true (gtk_widget_activate_action (widget, "movelist.nag", "u", 3));
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 4), ==, "Bb5‼");
  chess_move_list_view_popup_menu (list, bb5, 10, 10);
  g_assert_true (gtk_widget_activate_action (widget, "movelist.nag", "u", 2));
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 4), ==, "Bb5?");
  g_assert_true (gtk_widget_activate_action (widget, "movelist.nag", "u", 0));
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 4), ==, "Bb5");

  /* Promote the d6 line to the main line, then delete what is now the
   * variation (Nc6). */
  ChessTreeNode *d4 = chess_game_get_tree (game)->root->children[0]->children[0]->children[0]->children[1]->children[0];
  chess_move_list_view_popup_menu (list, d4, 10, 10);
  g_assert_true (gtk_widget_activate_action (widget, "movelist.make-main", NULL));
  app_test_spin ();
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 3), ==, "d6");
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 4), ==, "d4");
  ChessTreeNode *nc6 = chess_game_get_tree (game)->root->children[0]->children[0]->children[0]->children[1];
  chess_move_list_view_popup_menu (list, nc6, 10, 10);
  g_assert_true (gtk_widget_activate_action (widget, "movelist.delete", NULL));
  app_test_spin ();
  g_autofree char *after_d6 = annotation_text (list, 3);
  g_assert_cmpstr (after_d6, ==, "Philidor");
  g_assert_cmpuint (chess_game_get_tree (game)->root->children[0]->children[0]->children[0]->n_children, ==, 1);

  /* The menu's variation items are off on the main line. */
  chess_move_list_view_popup_menu (list, chess_game_get_node_at (game, 1), 10, 10);
  gtk_widget_activate_action (widget, "movelist.delete", NULL);
  g_assert_cmpuint (chess_game_get_tree (game)->root->n_children, ==, 1);

  /* Delete From Here works on the main line: e5 and all after it. */
  chess_move_list_view_popup_menu (list, chess_game_get_node_at (game, 2), 10, 10);
  gtk_widget_activate_action (widget, "movelist.delete-from", NULL);
  app_test_spin ();
  g_assert_cmpuint (chess_game_get_move_count (game), ==, 1);
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 0), ==, "e4");
  g_assert_null (chess_move_list_view_get_move_text (list, 1));

  app_test_destroy_window (window);
}

/* [%eval] after the move, small and dim: pawns from White's side, or
 * mate in so many moves. */
static void
test_evaluations (void)
{
  static const char pgn_text[] =
    "1. e4 {[%eval 0.34]} e5 {[%eval -1.5]} 2. Nf3 {[%eval #3]} Nc6 {[%eval #-2]}\n"
    "(2... d6 {[%eval 0.0] Philidor}) 3. Bb5 *\n";
  ChessWindow *window = app_test_new_window ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game (pgn_text, strlen (pgn_text), 1, NULL, &error);
  g_autoptr(ChessGame) game = chess_game_new ();

  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  chess_window_set_game (window, game);
  app_test_spin ();

  static const char *const shown[] = {
    "e4 +0.34", "e5 \u22121.50", "Nf3 #3", "Nc6 #\u22122", "Bb5",
  };
  for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
    {
      GtkWidget *button = chess_move_list_view_get_move_button (list, i);
      GtkLabel *label = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button)));
      g_assert_cmpstr (gtk_label_get_text (label), ==, shown[i]);
    }
  /* The move itself, without it. */
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, 0), ==, "e4");
  g_autofree char *variation = annotation_text (list, 3);
  g_assert_cmpstr (variation, ==, "2\u2026 d6 0.00 Philidor");

  app_test_destroy_window (window);
}

/* ---- Keeping the viewed move in view (issue 27) ---- */

/* tests/data/app/reviewed-long.pgn: 41 moves reviewed by thinkchess-cli,
 * [%eval] after each, the better lines as variations. */
static ChessGame *
load_reviewed_long (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "app",
                                                 "reviewed-long.pgn", NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;
  ChessGame *game = chess_game_new ();

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game (text, length, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  g_assert_no_error (error);
  return game;
}

/* The first variation's label after main-line move `ply`, or NULL. */
static GtkWidget *
find_variation (ChessMoveListView *list,
                guint              ply)
{
  GtkWidget *box = chess_move_list_view_get_annotation (list, ply);

  for (GtkWidget *c = box != NULL ? gtk_widget_get_first_child (box) : NULL; c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_has_css_class (c, "variation"))
      return c;
  return NULL;
}

static GtkAdjustment *
list_adjustment (ChessMoveListView *list)
{
  GtkWidget *scroller = gtk_widget_get_first_child (GTK_WIDGET (list));

  g_assert_true (GTK_IS_SCROLLED_WINDOW (scroller));
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
}

/* Where move `ply`'s button is in the list as the list shows it (y from
 * the list's top, so a scroll moves it). */
static graphene_rect_t
button_place (ChessMoveListView *list,
              guint              ply)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (chess_move_list_view_get_move_button (list, ply),
                                            GTK_WIDGET (list), &bounds));
  return bounds;
}

static gboolean
button_fully_shown (ChessMoveListView *list,
                    guint              ply)
{
  graphene_rect_t b = button_place (list, ply);

  return b.origin.y >= -0.5
         && b.origin.y + b.size.height <= gtk_widget_get_height (GTK_WIDGET (list)) + 0.5;
}

/* Two frames: the layout after a change, and what it queued. */
static void
settle (ChessWindow *window)
{
  app_test_spin ();
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  app_test_spin ();
}

static void
test_keeps_place (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = load_reviewed_long ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  GtkAdjustment *adj = list_adjustment (list);

  /* Room for a few rows of moves under the review. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 950);
  chess_window_set_game (window, game);
  settle (window);
  /* Opened at its end, the last move shown. */
  guint n = chess_game_get_view_ply (game);
  g_assert_cmpuint (n, ==, 82);
  g_assert_true (button_fully_shown (list, n - 1));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, 3 * gtk_adjustment_get_page_size (adj));

  /* Scrolled by hand to the middle; a move there clicked: nothing moves. */
  gtk_adjustment_set_value (adj, (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj)) / 2);
  settle (window);
  double value = gtk_adjustment_get_value (adj);
  guint ply = 0;
  while (ply + 1 < n && !button_fully_shown (list, ply))
    ply++;
  g_assert_cmpuint (ply + 12, <, n);
  graphene_rect_t before = button_place (list, ply);
  /* As a click does, the button takes the keyboard focus first. */
  gtk_widget_grab_focus (chess_move_list_view_get_move_button (list, ply));
  g_signal_emit_by_name (chess_move_list_view_get_move_button (list, ply), "clicked");
  settle (window);
  g_assert_cmpuint (chess_game_get_view_ply (game), ==, ply + 1);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (adj), value, 0.5);
  g_assert_cmpfloat_with_epsilon (button_place (list, ply).origin.y, before.origin.y, 0.5);

  /* → through ten moves: the list scrolls
   * only when the move would leave the view, just enough to show it;
   * the list keeps its height (the review's words above it do not grow
   * and shrink). */
  int height = gtk_widget_get_height (GTK_WIDGET (list));
  for (guint step = 1; step <= 10; step++)
    {
      gboolean was_shown = button_fully_shown (list, ply + step);
      double was = gtk_adjustment_get_value (adj);

      chess_game_set_view_ply (game, ply + 1 + step);
      settle (window);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (list)), ==, height);
      g_assert_true (button_fully_shown (list, ply + step));
      if (was_shown)
        g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (adj), was, 0.5);
      else
        {
          graphene_rect_t b = button_place (list, ply + step);
          /* Minimal: the move at the bottom edge. */
          g_assert_cmpfloat_with_epsilon (b.origin.y + b.size.height, height, 1.0);
        }
    }

  /* The list built anew (a comment added to the move viewed): the move
   * stays where it was. */
  before = button_place (list, ply + 10);
  value = gtk_adjustment_get_value (adj);
  g_autoptr(GError) error = NULL;
  g_assert_true (chess_game_set_comment (game, chess_game_get_view_node (game), "Seen.", &error));
  settle (window);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (adj), value, 0.5);
  g_assert_cmpfloat_with_epsilon (button_place (list, ply + 10).origin.y, before.origin.y, 0.5);

  /* A move of a variation clicked (it marks the move in the variation's
   * text): the list stays where it is. The variation after move k
   * scrolled to the top of the list first. */
  guint k = ply + 10;
  while (k < n && find_variation (list, k) == NULL)
    k++;
  g_assert_cmpuint (k, <, n);
  graphene_rect_t row;
  g_assert_true (gtk_widget_compute_bounds (find_variation (list, k), GTK_WIDGET (list), &row));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + row.origin.y);
  settle (window);
  value = gtk_adjustment_get_value (adj);
  ChessTreeNode *node = chess_game_get_node_at (game, k + 1)->parent;
  g_assert_cmpuint (node->n_children, >, 1);
  chess_game_select_node (game, node->children[1]);
  settle (window);
  g_assert_false (chess_tree_node_is_main_line (chess_game_get_view_node (game)));
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (adj), value, 0.5);

  /* A move far away (Home): scrolled to it. */
  chess_game_set_view_ply (game, 1);
  settle (window);
  g_assert_true (button_fully_shown (list, 0));

  app_test_destroy_window (window);
}

/* The move buttons in the list's grid. */
static guint
count_move_buttons (GtkWidget *widget)
{
  guint n = GTK_IS_BUTTON (widget) && gtk_widget_has_css_class (widget, "move") ? 1 : 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (!GTK_IS_POPOVER (c))
      n += count_move_buttons (c);
  return n;
}

/* Moves played and taken back change only the list's last rows: the
 * rows before stay the same widgets (the list is not built anew), and
 * the move viewed, the last, is marked and shown. */
static void
test_moves_in_place (void)
{
  ChessWindow *window = app_test_new_window ();
  g_autoptr(ChessGame) game = load_reviewed_long ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  GtkAdjustment *adj = list_adjustment (list);

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 950);
  chess_window_set_game (window, game);
  settle (window);
  guint n = chess_game_get_move_count (game);
  g_assert_cmpuint (n, ==, 82);
  GtkWidget *first = chess_move_list_view_get_move_button (list, 0);
  GtkWidget *middle = chess_move_list_view_get_move_button (list, n / 2);
  GtkWidget *last_kept = chess_move_list_view_get_move_button (list, n - 3);
  g_assert_true (button_fully_shown (list, n - 1));
  double value = gtk_adjustment_get_value (adj);
  g_assert_cmpfloat (value, >, 0);

  /* Played on as a game (not a study): a move taken back. */
  chess_game_play_on (game);
  ChessMove taken = chess_game_get_move (game, n - 1);
  g_assert_true (chess_game_take_back (game));
  settle (window);
  g_assert_null (chess_move_list_view_get_move_button (list, n - 1));
  g_assert_cmpuint (count_move_buttons (GTK_WIDGET (list)), ==, n - 1);
  g_assert_true (chess_move_list_view_get_move_button (list, 0) == first);
  g_assert_true (chess_move_list_view_get_move_button (list, n / 2) == middle);
  g_assert_true (chess_move_list_view_get_move_button (list, n - 3) == last_kept);
  g_assert_cmpint (chess_move_list_view_get_current (list), ==, (int) n - 2);
  g_assert_true (button_fully_shown (list, n - 2));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), <=, value + 0.5);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 0);

  /* Another move played instead: it is the last button, marked. */
  ChessMoveList legal;
  chess_board_generate_legal (chess_game_get_board (game), &legal);
  ChessMove other = legal.moves[0] != taken ? legal.moves[0] : legal.moves[1];
  char san[CHESS_MOVE_TEXT_MAX];
  chess_move_format (chess_game_get_board (game), other, CHESS_NOTATION_SAN, san);
  g_assert_true (chess_game_play_move (game, other, NULL));
  settle (window);
  g_assert_true (chess_move_list_view_get_move_button (list, 0) == first);
  g_assert_true (chess_move_list_view_get_move_button (list, n / 2) == middle);
  g_assert_true (chess_move_list_view_get_move_button (list, n - 3) == last_kept);
  g_assert_cmpstr (chess_move_list_view_get_move_text (list, n - 1), ==, san);
  g_assert_null (chess_move_list_view_get_move_button (list, n));
  g_assert_cmpuint (count_move_buttons (GTK_WIDGET (list)), ==, n);
  g_assert_cmpint (chess_move_list_view_get_current (list), ==, (int) n - 1);
  g_assert_true (button_fully_shown (list, n - 1));

  app_test_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-XXXXXX",
                       APP_TEST_ENGLISH | APP_TEST_APP_STYLE))
    return 0;

  g_test_add_func ("/app/move-list/annotations", test_shows_annotations);
  g_test_add_func ("/app/move-list/context-menu", test_context_menu);
  g_test_add_func ("/app/move-list/symbols-drawn", test_symbols_drawn);
  g_test_add_func ("/app/move-list/evaluations", test_evaluations);
  g_test_add_func ("/app/move-list/keeps-place", test_keeps_place);
  g_test_add_func ("/app/move-list/moves-in-place", test_moves_in_place);

  return app_test_end (g_test_run ());
}
