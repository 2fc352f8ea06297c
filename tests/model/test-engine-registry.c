/* test-engine-registry.c — finding the well-known engines in a made-up
 * PATH, the hand-added ones in GSettings (memory backend), and probing a
 * program's handshake. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "chess-external-registry.h"

#ifndef FAKE_ENGINE_PATH
#error "FAKE_ENGINE_PATH must be defined by the build"
#endif

static void
write_program (const char *dir, const char *name, int mode)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, "#!/bin/sh\nexit 0\n", -1, NULL));
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

static ChessExternalEntry *
find_in (GPtrArray *entries, const char *id)
{
  for (guint i = 0; i < entries->len; i++)
    {
      ChessExternalEntry *entry = g_ptr_array_index (entries, i);

      if (strcmp (entry->id, id) == 0)
        return entry;
    }
  return NULL;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing && (name = g_dir_read_name (listing)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

static void
test_discovery (void)
{
  g_autofree char *first = g_dir_make_tmp ("registry-XXXXXX", NULL);
  g_autofree char *second = g_dir_make_tmp ("registry-XXXXXX", NULL);
  g_autofree char *path = g_strjoin (":", first, "/nonexistent", second, NULL);
  g_autoptr (GPtrArray) entries = NULL;
  g_autofree char *stockfish = g_build_filename (first, "stockfish", NULL);
  g_autofree char *directory = g_build_filename (first, "fairymax", NULL);
  ChessExternalEntry *entry;

  write_program (first, "stockfish", 0755);
  write_program (second, "stockfish", 0755);      /* found once, first wins */
  write_program (second, "gnuchess", 0755);
  write_program (second, "phalanx", 0755);
  write_program (first, "crafty", 0644);          /* not executable        */
  write_program (first, "sjeng-not", 0755);       /* not a known name      */
  g_assert_cmpint (g_mkdir (directory, 0755), ==, 0);   /* a directory */

  entries = chess_external_registry_list (NULL, path);
  g_assert_cmpuint (entries->len, ==, 3);
  entry = find_in (entries, "stockfish");
  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->name, ==, "Stockfish");
  g_assert_cmpstr (entry->argv[0], ==, stockfish);
  g_assert_null (entry->argv[1]);
  g_assert_cmpint (entry->protocol, ==, CHESS_EXTERNAL_PROTOCOL_UCI);
  g_assert_false (entry->added_by_user);
  entry = find_in (entries, "gnuchess");
  g_assert_cmpstr (entry->argv[1], ==, "--uci");
  entry = find_in (entries, "phalanx");
  g_assert_cmpint (entry->protocol, ==, CHESS_EXTERNAL_PROTOCOL_XBOARD);
  g_assert_null (find_in (entries, "crafty"));
  g_assert_null (find_in (entries, "fairymax"));

  /* Nothing installed, nothing found. */
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = chess_external_registry_list (NULL, "/nonexistent");
  g_assert_cmpuint (entries->len, ==, 0);

  g_rmdir (directory);
  remove_dir (first);
  remove_dir (second);
}

static void
test_added_by_hand (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.thinkchess.ThinkChess");
  g_autofree char *dir = g_dir_make_tmp ("registry-XXXXXX", NULL);
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (ChessExternalEntry) found = NULL;
  const char *argv[] = { "/opt/engines/myengine", "--fast", NULL };
  ChessExternalEntry entry = { 0 };
  g_autofree char *id = NULL;
  g_autoptr (GVariant) stored = NULL;

  write_program (dir, "stockfish", 0755);
  entry.name = "My Engine";
  entry.argv = (char **) argv;
  entry.protocol = CHESS_EXTERNAL_PROTOCOL_XBOARD;
  entry.options = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (entry.options, "Hash", "64");
  chess_external_registry_save (settings, &entry);
  g_assert_true (g_str_has_prefix (entry.id, "user-"));
  id = g_strdup (entry.id);

  /* In the key, with the documented type. */
  stored = g_settings_get_value (settings, "external-engines");
  g_assert_true (g_variant_is_of_type (stored, G_VARIANT_TYPE ("a(ssasia{ss})")));
  g_assert_cmpuint (g_variant_n_children (stored), ==, 1);

  /* Found ones first, then the hand-added. */
  entries = chess_external_registry_list (settings, dir);
  g_assert_cmpuint (entries->len, ==, 2);
  g_assert_cmpstr (((ChessExternalEntry *) entries->pdata[0])->id, ==, "stockfish");
  found = chess_external_entry_copy (entries->pdata[1]);
  g_assert_cmpstr (found->id, ==, id);
  g_assert_cmpstr (found->name, ==, "My Engine");
  g_assert_cmpstr (found->argv[1], ==, "--fast");
  g_assert_cmpint (found->protocol, ==, CHESS_EXTERNAL_PROTOCOL_XBOARD);
  g_assert_cmpstr (g_hash_table_lookup (found->options, "Hash"), ==, "64");
  g_assert_true (found->added_by_user);
  g_clear_pointer (&found, chess_external_entry_free);

  /* Saved again under its id: replaced, not added. */
  entry.name = "My Engine 2";
  chess_external_registry_save (settings, &entry);
  found = chess_external_registry_find (settings, id);
  g_assert_nonnull (found);
  g_assert_cmpstr (found->name, ==, "My Engine 2");
  g_clear_pointer (&found, chess_external_entry_free);
  g_clear_pointer (&stored, g_variant_unref);
  stored = g_settings_get_value (settings, "external-engines");
  g_assert_cmpuint (g_variant_n_children (stored), ==, 1);

  /* A player for it carries its name. */
  {
    g_autoptr (ChessExternalEntry) copy = chess_external_registry_find (settings, id);
    g_autoptr (ChessPlayer) player = chess_external_entry_new_player (copy);

    g_assert_cmpstr (chess_player_get_name (player), ==, "My Engine 2");
    g_assert_cmpint (chess_player_get_level (player), ==, -1);
  }

  chess_external_registry_remove (settings, id);
  g_assert_null (chess_external_registry_find (settings, id));
  g_clear_pointer (&stored, g_variant_unref);
  stored = g_settings_get_value (settings, "external-engines");
  g_assert_cmpuint (g_variant_n_children (stored), ==, 0);

  g_free (entry.id);
  g_hash_table_unref (entry.options);
  remove_dir (dir);
}

static void
test_bad_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.thinkchess.ThinkChess");
  g_autoptr (GPtrArray) entries = NULL;

  /* Hand-edited nonsense: entries without id or program are skipped. */
  g_settings_set_value (settings, "external-engines",
                        g_variant_new_parsed ("[('', 'No id', ['/bin/x'], 0, @a{ss} {}),"
                                              " ('user-1', 'No program', @as [], 0, @a{ss} {}),"
                                              " ('user-2', '', ['/bin/y'], 7, {'a': 'b'})]"));
  entries = chess_external_registry_list (settings, "/nonexistent");
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpstr (((ChessExternalEntry *) entries->pdata[0])->name, ==, "/bin/y");
  g_assert_cmpint (((ChessExternalEntry *) entries->pdata[0])->protocol, ==, CHESS_EXTERNAL_PROTOCOL_UCI);
  g_settings_reset (settings, "external-engines");
}

typedef struct
{
  ChessExternalClient *client;
  GError            *error;
  gboolean           done;
} Probe;

static void
probe_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Probe *probe = user_data;

  probe->client = chess_external_registry_probe_finish (result, &probe->error);
  probe->done = TRUE;
}

static void
run_probe (const char *const *argv, ChessExternalProtocol protocol, Probe *probe)
{
  memset (probe, 0, sizeof *probe);
  chess_external_registry_probe_async (argv, protocol, NULL, probe_cb, probe);
  while (!probe->done)
    g_main_context_iteration (NULL, TRUE);
}

static void
test_probe (void)
{
  const char *uci[] = { FAKE_ENGINE_PATH, NULL };
  const char *xboard[] = { FAKE_ENGINE_PATH, "--xboard", NULL };
  const char *silent[] = { FAKE_ENGINE_PATH, "--misbehave=crash-at-start", NULL };
  Probe probe;

  run_probe (uci, CHESS_EXTERNAL_PROTOCOL_UCI, &probe);
  g_assert_no_error (probe.error);
  g_assert_cmpstr (chess_external_client_get_name (probe.client), ==, "Fake Engine 1.0");
  g_assert_cmpuint (chess_external_client_get_options (probe.client)->len, >, 3);
  chess_external_client_quit_sync (probe.client);
  g_assert_finalize_object (probe.client);

  run_probe (xboard, CHESS_EXTERNAL_PROTOCOL_XBOARD, &probe);
  g_assert_no_error (probe.error);
  g_assert_cmpstr (chess_external_client_get_name (probe.client), ==, "Fake Board 2");
  chess_external_client_quit_sync (probe.client);
  g_assert_finalize_object (probe.client);

  run_probe (silent, CHESS_EXTERNAL_PROTOCOL_UCI, &probe);
  g_assert_null (probe.client);
  g_assert_error (probe.error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_HANDSHAKE);
  g_clear_error (&probe.error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  chess_init ();

  g_test_add_func ("/engine-registry/discovery", test_discovery);
  g_test_add_func ("/engine-registry/added-by-hand", test_added_by_hand);
  g_test_add_func ("/engine-registry/bad-settings", test_bad_settings);
  g_test_add_func ("/engine-registry/probe", test_probe);
  return g_test_run ();
}
