/* test-translated-window.c — the real main window in another language
 * (suite 'desktop'): the .ui templates, the menu, the status line, the
 * result overlay, the model's error messages and the SAN piece letters all
 * come out translated through the build tree's .mo files.
 *
 * The language is THINKCHESS_TEST_LANGUAGE (one of the table below); the
 * .mo files are found through THINKCHESS_LOCALEDIR, as in `meson devenv`. */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "app-test-util.h"
#include "chess-window.h"

typedef struct
{
  const char *language;
  const char *locale;       /* a user of the language has LANG=this */
  const char *status;       /* "%s to move." with White */
  const char *marker;       /* "to move" in chess-window.ui */
  const char *menu_item;    /* "_Open…" in the primary menu */
  const char *result;       /* "Black wins by checkmate" */
  const char *error;        /* "The king can't move to e2" */
  const char *mate_move;    /* "Qh4#" with the language's letters */
} Expected;

static const Expected expected_texts[] = {
  { "de", "de_DE.UTF-8", "Weiß am Zug.", "am Zug", "Ö_ffnen …",
    "Schwarz gewinnt durch Schachmatt", "Der König kann nicht nach e2 ziehen", "Dh4#" },
  { "fr", "fr_FR.UTF-8", "Blancs au trait.", "au trait", "_Ouvrir…",
    "Les Noirs gagnent par échec et mat", "Le roi ne peut pas aller en e2", "Dh4#" },
  { "es", "es_ES.UTF-8", "Turno de Blancas.", "mueve", "_Abrir…",
    "Las negras ganan por jaque mate", "El rey no puede moverse a e2", "Dh4#" },
};

static const Expected *expected;

static void
test_window (void)
{
  ChessWindow *window = app_test_new_window ();
  GtkWidget *menu_button = app_test_window_child (window, "primary_menu_button");
  GMenuModel *menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  gboolean found = FALSE;

  /* From C: the status line. */
  g_assert_cmpstr (chess_window_get_status_text (window), ==, expected->status);

  /* From the window template. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "white_marker"))),
                   ==, expected->marker);

  /* From the menu in the template: translated, and nothing left in English. */
  g_assert_nonnull (menu);
  app_test_menu_attributes (menu, G_MENU_ATTRIBUTE_LABEL, labels);
  g_assert_cmpuint (labels->len, >, 5);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *label = g_ptr_array_index (labels, i);

      if (g_strcmp0 (label, expected->menu_item) == 0)
        found = TRUE;
      g_assert_cmpstr (label, !=, "_Open…");
    }
  g_assert_true (found);

  app_test_destroy_window (window);
}

static void
test_game (void)
{
  ChessWindow *window = app_test_new_window ();
  ChessGame *game = chess_window_get_game (window);
  /* The mate is typed as a player of the language writes it (Dh4#). */
  const char *const moves[] = { "f3", "e5", "g4", expected->mate_move };
  g_autoptr(GError) error = NULL;
  char text[CHESS_MOVE_TEXT_MAX];

  /* The model's reason for refusing a move. */
  g_assert_false (chess_game_play (game, "Ke2", &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, expected->error);

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr(GError) move_error = NULL;

      if (!chess_game_play (game, moves[i], &move_error))
        g_error ("%s: %s", moves[i], move_error->message);
    }
  app_test_spin ();

  /* The result overlay, and the move in the language's piece letters. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (app_test_window_child (window, "result_label"))),
                   ==, expected->result);
  g_assert_nonnull (chess_game_format_move (game, 3, CHESS_NOTATION_SAN, TRUE, text));
  g_assert_cmpstr (text, ==, expected->mate_move);

  app_test_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  const char *language = g_getenv ("THINKCHESS_TEST_LANGUAGE");
  const char *localedir = g_getenv ("THINKCHESS_LOCALEDIR");

  for (guint i = 0; i < G_N_ELEMENTS (expected_texts); i++)
    if (g_strcmp0 (language, expected_texts[i].language) == 0)
      expected = &expected_texts[i];
  if (expected == NULL || localedir == NULL)
    {
      g_printerr ("Set THINKCHESS_TEST_LANGUAGE (de, fr or es) and THINKCHESS_LOCALEDIR.\n");
      return 1;
    }

  /* Before GLib and GTK read it: the language as a user sets it, through
   * the locale (glibc 2.41 ignores LANGUAGE under C.UTF-8, so that would
   * test nothing real). */
  g_setenv ("LANG", expected->locale, TRUE);
  g_unsetenv ("LANGUAGE");
  g_unsetenv ("LC_ALL");
  g_unsetenv ("LC_MESSAGES");
  if (!app_test_begin (&argc, &argv, "thinkchess-test-XXXXXX", APP_TEST_DEFAULT))
    return 0;

  /* gtk_test_init sets the en_US.UTF-8 locale, for tests that compare
   * English text: this one takes the user's back, as the app has it. */
  if (setlocale (LC_ALL, "") == NULL)
    {
      g_printerr ("The locale %s is not installed "
                  "(build-aux/install-deps.sh --test generates it).\n", expected->locale);
      return app_test_end (1);
    }
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/desktop/translated/window", test_window);
  g_test_add_func ("/desktop/translated/game", test_game);

  return app_test_end (g_test_run ());
}
