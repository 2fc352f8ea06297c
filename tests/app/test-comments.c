/* test-comments.c — comments in the move list (issue 23): a long one is
 * cut short with its whole text a click away and opens at once; the
 * comment editor refuses "}", which PGN cannot write in a comment, with a
 * message, and never changes the text. */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "chess-comment-text.h"
#include "chess-comment-viewer.h"
#include "chess-move-list-view.h"
#include "chess-window.h"

#include "app-test-util.h"

/* ---- Cutting short (no display) ---- */

static void
test_shorten (void)
{
  g_autofree char *exact = g_strnfill (300, 'a');
  g_autofree char *longer = g_strnfill (301, 'a');
  g_autofree char *cut = NULL;

  /* Short enough: shown whole. */
  g_assert_null (chess_comment_text_shorten ("A quiet opening.", 300));
  g_assert_null (chess_comment_text_shorten (exact, 300));

  /* One word too long: cut in it. */
  cut = chess_comment_text_shorten (longer, 300);
  g_assert_cmpuint (g_utf8_strlen (cut, -1), ==, 301);
  g_assert_true (g_str_has_suffix (cut, "a…"));
  g_clear_pointer (&cut, g_free);

  /* Words: cut after the last whole one, no space before the "…". */
  cut = chess_comment_text_shorten ("one two three four five", 10);
  g_assert_cmpstr (cut, ==, "one two…");
  g_clear_pointer (&cut, g_free);
  cut = chess_comment_text_shorten ("one two three four five", 13);
  g_assert_cmpstr (cut, ==, "one two three…");
  g_clear_pointer (&cut, g_free);
  /* A word ending early in the part shown is not worth the loss. */
  cut = chess_comment_text_shorten ("ab cdefghijklmnop", 10);
  g_assert_cmpstr (cut, ==, "ab cdefghi…");
  g_clear_pointer (&cut, g_free);

  /* Characters, not bytes: never inside a UTF-8 sequence. */
  cut = chess_comment_text_shorten ("ääääää", 3);
  g_assert_cmpstr (cut, ==, "äää…");
  g_assert_true (g_utf8_validate (cut, -1, NULL));
}

static void
test_break_and_join (void)
{
  /* A long text of words: broken into lines near CHESS_COMMENT_LINE_CHARS
   * at spaces, and joined back to the same text. */
  GString *words = g_string_new (NULL);
  while (words->len < 100000)
    g_string_append (words, "The knight on f3 controls e5. ");
  g_string_truncate (words, words->len - 1);
  g_autofree char *lines = chess_comment_text_break_lines (words->str);
  g_auto(GStrv) split = g_strsplit (lines, "\n", -1);
  g_assert_cmpuint (g_strv_length (split), >, 60);
  for (guint i = 0; split[i] != NULL; i++)
    g_assert_cmpuint (strlen (split[i]), <=, CHESS_COMMENT_LINE_CHARS + 30);
  g_autofree char *joined = chess_comment_text_join (lines);
  g_assert_cmpstr (joined, ==, words->str);
  g_string_free (words, TRUE);

  /* One word of 10,000 bytes: broken inside, joined whole again. */
  g_autofree char *word = g_strnfill (10000, 'x');
  g_autofree char *word_lines = chess_comment_text_break_lines (word);
  g_assert_nonnull (strstr (word_lines, CHESS_COMMENT_WORD_BREAK));
  g_autofree char *word_joined = chess_comment_text_join (word_lines);
  g_assert_cmpstr (word_joined, ==, word);

  /* Joined as PGN reads a comment. */
  g_autofree char *spaced = chess_comment_text_join ("  a \n\t b  ");
  g_assert_cmpstr (spaced, ==, "a b");
}

/* ---- In the window ---- */

static char *
long_text (gsize bytes)
{
  GString *text = g_string_new (NULL);
  static const char *const words[] = { "the", "knight", "on", "f3", "controls", "e5", "and", "castles" };

  for (guint i = 0; text->len < bytes; i++)
    g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", words[(i * 7 + i / 3) % 8]);
  return g_string_free (text, FALSE);
}

static ChessGame *
game_with_comments (const char *opening,
                    const char *after_e4,
                    const char *in_variation)
{
  g_autofree char *pgn_text =
    g_strdup_printf ("[Result \"*\"]\n\n{%s} 1. e4 {%s} e5 (1... c5 {%s}) 2. Nf3 Nc6 3. Bb5 a6 *\n",
                     opening, after_e4, in_variation);
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPgnGame) pgn = chess_pgn_parse_game (pgn_text, strlen (pgn_text), 1, NULL, &error);
  ChessGame *game = chess_game_new ();

  g_assert_no_error (error);
  g_assert_true (chess_game_load_pgn (game, pgn, &error));
  g_assert_no_error (error);
  return game;
}

/* The first label below `widget` (itself included). */
static GtkLabel *
first_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *label = first_label (c);
      if (label != NULL)
        return label;
    }
  return NULL;
}

/* The viewer a "Show All" link of `label` opens: its text, joined. */
static char *
show_all (GtkLabel   *label,
          const char *uri)
{
  gboolean handled = FALSE;
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint before = g_list_model_get_n_items (toplevels);

  g_signal_emit_by_name (label, "activate-link", uri, &handled);
  g_assert_true (handled);
  app_test_spin ();
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, before + 1);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (CHESS_IS_COMMENT_VIEWER (window))
        {
          g_autofree char *shown = chess_comment_viewer_get_text (CHESS_COMMENT_VIEWER (window));
          gtk_window_destroy (GTK_WINDOW (window));
          app_test_spin ();
          return chess_comment_text_join (shown);
        }
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_long_comment (void)
{
  g_autofree char *huge = long_text (2 * 1024 * 1024);
  g_autofree char *medium = long_text (5000);
  ChessWindow *window = app_test_new_window ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  g_autoptr(ChessGame) game = game_with_comments (medium, huge, medium);
  gint64 start = g_get_monotonic_time ();

  /* Shown and laid out in a moment (minutes before: every size request of
   * the panel laid out the 2 MB label again). The test's own timeout
   * catches such a freeze; what it checks is the cause, the comment cut
   * short below, not a time that depends on the machine's load. */
  chess_window_set_game (window, game);
  app_test_spin ();
  gint64 took = g_get_monotonic_time () - start;
  g_test_message ("the game with a 2 MB comment shown in %.2f s", took / 1e6);

  /* Each comment cut short, with a link to the whole. */
  GtkLabel *opening = first_label (chess_move_list_view_get_annotation (list, G_MAXUINT));
  GtkLabel *after_e4 = first_label (chess_move_list_view_get_annotation (list, 0));
  const char *shown = gtk_label_get_text (after_e4);
  g_assert_cmpuint (g_utf8_strlen (shown, -1), <, CHESS_COMMENT_SHORT_CHARS + 20);
  g_assert_true (strncmp (shown, huge, 200) == 0);
  g_assert_true (g_str_has_suffix (shown, "… Show All"));
  g_assert_cmpuint (strlen (gtk_label_get_text (opening)), <, CHESS_COMMENT_SHORT_CHARS * 2);

  /* The whole text one click away, for each of the three. */
  g_autofree char *whole = show_all (after_e4, "c1");
  g_assert_cmpuint (strlen (whole), ==, strlen (huge));
  g_assert_true (g_str_equal (whole, huge));
  g_autofree char *first = show_all (opening, "c0");
  g_assert_cmpstr (first, ==, medium);
  GtkWidget *box = chess_move_list_view_get_annotation (list, 1);
  GtkLabel *variation = NULL;
  for (GtkWidget *c = gtk_widget_get_first_child (box); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_has_css_class (c, "variation"))
      variation = GTK_LABEL (c);
  g_assert_nonnull (variation);
  g_assert_nonnull (strstr (gtk_label_get_label (variation), "href=\"c2\""));
  g_autofree char *in_variation = show_all (variation, "c2");
  g_assert_cmpstr (in_variation, ==, medium);

  /* The editor opened on it holds it all (an entry would keep 65,535
   * characters), and saving it unchanged changes nothing. */
  ChessTreeNode *e4 = chess_game_get_node_at (game, 1);
  chess_move_list_view_popup_menu (list, e4, 10, 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "movelist.comment", NULL));
  app_test_spin ();
  ChessCommentEditor *editor = chess_move_list_view_get_comment_editor (list);
  chess_comment_editor_save (editor);
  app_test_spin ();
  g_assert_cmpuint (strlen (e4->comment), ==, strlen (huge));
  g_assert_true (g_str_equal (e4->comment, huge));

  app_test_destroy_window (window);
}

static void
type_into (GtkWidget  *text_view,
           const char *text)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (text_view));
  gtk_text_buffer_insert_interactive_at_cursor (buffer, text, -1, TRUE);
}

static char *
buffer_text (GtkWidget *text_view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (text_view));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
test_brace_refused (void)
{
  ChessWindow *window = app_test_new_window ();
  ChessMoveListView *list = CHESS_MOVE_LIST_VIEW (app_test_window_child (window, "move_list"));
  g_autoptr(ChessGame) game = game_with_comments ("Start", "Best by test.", "Sicilian");
  ChessCommentEditor *editor = chess_move_list_view_get_comment_editor (list);
  GtkWidget *text_view = chess_comment_editor_get_text_view (editor);

  chess_window_set_game (window, game);
  app_test_spin ();
  ChessTreeNode *nf3 = chess_game_get_node_at (game, 3);
  chess_move_list_view_popup_menu (list, nf3, 10, 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "movelist.comment", NULL));
  app_test_spin ();
  g_assert_null (chess_comment_editor_get_message (editor));

  /* Typed: "}" refused with the message; the rest goes in. */
  type_into (text_view, "Set {a");
  type_into (text_view, "}");
  g_assert_cmpstr (chess_comment_editor_get_message (editor), ==, "PGN comments cannot contain “}”");
  g_autofree char *typed = buffer_text (text_view);
  g_assert_cmpstr (typed, ==, "Set {a");
  /* The next character taken hides the message. */
  type_into (text_view, " trap");
  g_assert_null (chess_comment_editor_get_message (editor));

  /* Pasted text with a "}" is refused whole. */
  type_into (text_view, " (see } below)");
  g_assert_nonnull (chess_comment_editor_get_message (editor));
  g_autofree char *pasted = buffer_text (text_view);
  g_assert_cmpstr (pasted, ==, "Set {a trap");

  chess_comment_editor_save (editor);
  app_test_spin ();
  g_assert_cmpstr (nf3->comment, ==, "Set {a trap");

  /* The model refuses it too, and leaves the comment as it was. */
  g_autoptr(GError) error = NULL;
  g_assert_false (chess_game_set_comment (game, nf3, "a } b", &error));
  g_assert_error (error, CHESS_GAME_ERROR, CHESS_GAME_ERROR_COMMENT);
  g_assert_cmpstr (nf3->comment, ==, "Set {a trap");

  app_test_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-XXXXXX",
                       APP_TEST_ENGLISH))
    return 0;

  g_test_add_func ("/app/comments/shorten", test_shorten);
  g_test_add_func ("/app/comments/break-and-join", test_break_and_join);
  g_test_add_func ("/app/comments/long", test_long_comment);
  g_test_add_func ("/app/comments/brace-refused", test_brace_refused);

  return app_test_end (g_test_run ());
}
