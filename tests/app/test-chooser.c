/* test-chooser.c — the game chooser's search over real files: every word
 * typed must match, case and accents do not matter, site and round count,
 * and an empty result shows the "No Games Found" page. */
#include "config.h"

#include <string.h>
#include <adwaita.h>
#include <gtk/gtk.h>

#include "chess-game-chooser.h"

#include "app-test-util.h"

typedef struct
{
  GPtrArray        *entries;
  ChessGameChooser *chooser;
  GtkEditable      *search;
  char             *searched;   /* the text of the last search-changed */
  guint             chosen;
  guint             n_chosen;
} Fixture;

static void
search_changed_cb (GtkSearchEntry *entry,
                   Fixture        *f)
{
  g_free (f->searched);
  f->searched = g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
chosen_cb (ChessGameChooser *chooser,
           guint             index,
           Fixture          *f)
{
  f->chosen = index;
  f->n_chosen++;
}

/* Opens the chooser on a file of tests/data, as the app does: the file's
 * bytes, indexed. */
static void
fixture_open (Fixture    *f,
              const char *dir,
              const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", dir, name, NULL);
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &data, &length, &error));
  g_assert_no_error (error);
  f->entries = chess_pgn_index (data, length);
  f->chooser = chess_game_chooser_new (NULL, name, f->entries);
  f->search = GTK_EDITABLE (gtk_widget_get_template_child (GTK_WIDGET (f->chooser),
                                                           CHESS_TYPE_GAME_CHOOSER,
                                                           "search_entry"));
  g_signal_connect (f->search, "search-changed", G_CALLBACK (search_changed_cb), f);
  g_signal_connect (f->chooser, "game-chosen", G_CALLBACK (chosen_cb), f);
  gtk_window_present (GTK_WINDOW (f->chooser));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->chooser));
}

static void
fixture_close (Fixture *f)
{
  if (f->chooser != NULL)
    gtk_window_destroy (GTK_WINDOW (f->chooser));
  app_test_spin ();
  g_clear_pointer (&f->entries, g_ptr_array_unref);
  g_clear_pointer (&f->searched, g_free);
}

static gboolean
timeout_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Types `text` into the search entry and waits, as a person would, for the
 * entry to report it after its pause, and for the list to be drawn. */
static void
type_search (Fixture    *f,
             const char *text)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add (3000, timeout_cb, &timed_out);

  /* Replacing the text reports the emptied entry at once, then the new
   * text after the pause: wait for the new text. */
  g_clear_pointer (&f->searched, g_free);
  gtk_editable_set_text (f->search, text);
  while (g_strcmp0 (f->searched, text) != 0 && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->chooser));
}

/* A label showing `text` that is on screen now. */
static gboolean
label_on_screen (GtkWidget  *widget,
                 const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (label_on_screen (c, text))
      return TRUE;
  return FALSE;
}

static GtkWidget *
column_view (Fixture *f)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->chooser),
                                                    CHESS_TYPE_GAME_CHOOSER,
                                                    "column_view"));
}

/* Whether the entry's tags hold `word` (ASCII, any case): the plain
 * check the search must agree with on files without accents. */
static gboolean
entry_has (const ChessPgnIndexEntry *e,
           const char               *word)
{
  const char *fields[] = { e->white, e->black, e->result, e->date, e->event,
                           e->site, e->round };

  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      g_autofree char *lower = g_ascii_strdown (fields[i], -1);
      g_autofree char *word_lower = g_ascii_strdown (word, -1);

      if (strstr (lower, word_lower) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* The games shown are exactly those whose tags hold every word. */
static void
assert_shown_are (Fixture            *f,
                  const char * const *words,
                  guint               expected)
{
  guint n_matching = 0;
  guint shown = chess_game_chooser_get_n_shown (f->chooser);

  for (guint i = 0; i < f->entries->len; i++)
    {
      gboolean all = TRUE;

      for (guint w = 0; words[w] != NULL; w++)
        all = all && entry_has (g_ptr_array_index (f->entries, i), words[w]);
      n_matching += all;
    }
  g_assert_cmpuint (n_matching, ==, expected);
  g_assert_cmpuint (shown, ==, expected);
  for (guint p = 0; p < shown; p++)
    {
      guint index = chess_game_chooser_get_game_at (f->chooser, p);

      g_assert_cmpuint (index, <, f->entries->len);
      for (guint w = 0; words[w] != NULL; w++)
        g_assert_true (entry_has (g_ptr_array_index (f->entries, index), words[w]));
    }
  g_assert_cmpuint (chess_game_chooser_get_game_at (f->chooser, shown), ==, G_MAXUINT);
}

static void
test_every_word (void)
{
  Fixture f = { 0 };

  fixture_open (&f, "pgn", "Kasparov.pgn");
  g_assert_cmpuint (f.entries->len, ==, 2110);
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 2110);

  /* One word finds many games; two find those that have both, wherever
   * each is: the player in White or Black, the year in the date. */
  type_search (&f, "Topalov");
  assert_shown_are (&f, (const char *[]) { "topalov", NULL }, 42);
  type_search (&f, "Topalov 1999");
  assert_shown_are (&f, (const char *[]) { "topalov", "1999", NULL }, 5);
  /* Order, case and extra spaces do not matter. */
  type_search (&f, "  1999   TOPALOV ");
  assert_shown_are (&f, (const char *[]) { "topalov", "1999", NULL }, 5);
  /* The site and the round are searched: Wijk aan Zee, round 4, 1999 is
   * Kasparov's famous win over Topalov. */
  type_search (&f, "Topalov Wijk 1999");
  assert_shown_are (&f, (const char *[]) { "topalov", "wijk", "1999", NULL }, 2);
  type_search (&f, "Topalov Sarajevo 1999");
  assert_shown_are (&f, (const char *[]) { "topalov", "sarajevo", "1999", NULL }, 1);
  g_assert_true (label_on_screen (GTK_WIDGET (f.chooser), "Topalov, Veselin – Kasparov, Gary"));
  g_assert_true (label_on_screen (GTK_WIDGET (f.chooser), "Sarajevo"));
  g_assert_true (label_on_screen (GTK_WIDGET (f.chooser), "½–½"));
  g_assert_false (chess_game_chooser_get_showing_no_games (f.chooser));

  /* Enter opens the game the search left selected. */
  g_signal_emit_by_name (f.search, "activate");
  app_test_spin ();
  g_assert_cmpuint (f.n_chosen, ==, 1);
  g_assert_cmpstr (((ChessPgnIndexEntry *) g_ptr_array_index (f.entries, f.chosen))->site,
                   ==, "Sarajevo");
  f.chooser = NULL;   /* choosing closed it */
  fixture_close (&f);
}

static void
test_no_games_found (void)
{
  Fixture f = { 0 };

  fixture_open (&f, "pgn", "Kasparov.pgn");
  g_assert_false (label_on_screen (GTK_WIDGET (f.chooser), "No Games Found"));

  /* Each word alone finds games, together none. */
  type_search (&f, "Topalov 1985");
  assert_shown_are (&f, (const char *[]) { "topalov", "1985", NULL }, 0);
  g_assert_true (chess_game_chooser_get_showing_no_games (f.chooser));
  g_assert_true (label_on_screen (GTK_WIDGET (f.chooser), "No Games Found"));
  g_assert_false (gtk_widget_get_mapped (column_view (&f)));

  /* Enter with nothing found opens nothing. */
  g_signal_emit_by_name (f.search, "activate");
  app_test_spin ();
  g_assert_cmpuint (f.n_chosen, ==, 0);

  /* Back to a search that finds games: the list returns. */
  type_search (&f, "Topalov");
  g_assert_false (chess_game_chooser_get_showing_no_games (f.chooser));
  g_assert_false (label_on_screen (GTK_WIDGET (f.chooser), "No Games Found"));
  g_assert_true (gtk_widget_get_mapped (column_view (&f)));
  type_search (&f, "");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 2110);
  fixture_close (&f);
}

static void
test_accents (void)
{
  Fixture f = { 0 };
  const ChessPgnIndexEntry *first;

  fixture_open (&f, "app", "accents.pgn");
  g_assert_cmpuint (f.entries->len, ==, 4);
  first = g_ptr_array_index (f.entries, 0);
  g_assert_cmpstr (first->site, ==, "Zürich SUI");
  g_assert_cmpstr (first->round, ==, "3.1");

  /* Typed without the accents, in any case. */
  type_search (&f, "kavalek lubomir");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);
  g_assert_cmpuint (chess_game_chooser_get_game_at (f.chooser, 0), ==, 0);
  type_search (&f, "RETI");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);
  type_search (&f, "lukasz grunfeld");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);
  g_assert_cmpuint (chess_game_chooser_get_game_at (f.chooser, 0), ==, 1);
  type_search (&f, "grossmeister");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);
  g_assert_cmpuint (chess_game_chooser_get_game_at (f.chooser, 0), ==, 2);
  type_search (&f, "hoi olafsson fridrik alborg");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);
  g_assert_cmpuint (chess_game_chooser_get_game_at (f.chooser, 0), ==, 3);

  /* With the accents, or with other ones: "Zürich" also finds "Zurich". */
  type_search (&f, "Zürich");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 2);
  type_search (&f, "ZÜRICH Kaválek");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);
  type_search (&f, "Kavàlek");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);

  /* Round, and the result as written in the file or as shown. */
  type_search (&f, "3.1");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);
  type_search (&f, "1/2");
  g_assert_cmpuint (chess_game_chooser_get_game_at (f.chooser, 0), ==, 1);
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);
  type_search (&f, "½");
  g_assert_cmpuint (chess_game_chooser_get_n_shown (f.chooser), ==, 1);

  /* An unknown round ("?") and a running game ("*") are not text. */
  type_search (&f, "?");
  g_assert_true (chess_game_chooser_get_showing_no_games (f.chooser));
  type_search (&f, "*");
  g_assert_true (chess_game_chooser_get_showing_no_games (f.chooser));
  g_assert_true (label_on_screen (GTK_WIDGET (f.chooser), "No Games Found"));
  fixture_close (&f);
}

int
main (int    argc,
      char **argv)
{
  if (!app_test_begin (&argc, &argv, "thinkchess-test-chooser-XXXXXX",
                       APP_TEST_DEFAULT))
    return 0;

  g_test_add_func ("/chooser/every-word", test_every_word);
  g_test_add_func ("/chooser/no-games-found", test_no_games_found);
  g_test_add_func ("/chooser/accents", test_accents);

  return app_test_end (g_test_run ());
}
