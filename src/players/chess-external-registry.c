/* chess-external-registry.c — the external engines: the well-known ones
 * found installed, and the ones added by hand (GSettings key
 * "external-engines", a(ssasia{ss})). */
#include "config.h"

#include <string.h>

#include "chess-external-registry.h"

#define ENGINES_KEY "external-engines"
#define ENGINES_TYPE "a(ssasia{ss})"

/* The programs GNOME Chess and the distributions know, with the arguments
 * that make them speak the protocol. */
typedef struct
{
  const char          *id;
  const char          *name;
  const char          *program;
  const char          *args[2];
  ChessExternalProtocol  protocol;
} WellKnownEngine;

static const WellKnownEngine well_known[] = {
  { "stockfish",      "Stockfish",  "stockfish",      { NULL },        CHESS_EXTERNAL_PROTOCOL_UCI },
  { "ethereal-chess", "Ethereal",   "ethereal-chess", { NULL },        CHESS_EXTERNAL_PROTOCOL_UCI },
  { "toga2",          "Toga II",    "toga2",          { NULL },        CHESS_EXTERNAL_PROTOCOL_UCI },
  { "glaurung",       "Glaurung",   "glaurung",       { NULL },        CHESS_EXTERNAL_PROTOCOL_UCI },
  { "gnuchess",       "GNU Chess",  "gnuchess",       { "--uci" },     CHESS_EXTERNAL_PROTOCOL_UCI },
  { "fairymax",       "Fairy-Max",  "fairymax",       { NULL },        CHESS_EXTERNAL_PROTOCOL_XBOARD },
  /* Learning off: Phalanx would write its learning file into the cwd. */
  { "phalanx",        "Phalanx",    "phalanx",        { "-l-" },       CHESS_EXTERNAL_PROTOCOL_XBOARD },
  { "crafty",         "Crafty",     "crafty",         { NULL },        CHESS_EXTERNAL_PROTOCOL_XBOARD },
  { "sjeng",          "Sjeng",      "sjeng",          { NULL },        CHESS_EXTERNAL_PROTOCOL_XBOARD },
  { "hoichess",       "HoiChess",   "hoichess",       { NULL },        CHESS_EXTERNAL_PROTOCOL_XBOARD },
};

/* ---- entries ------------------------------------------------------------ */

static GHashTable *
options_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

ChessExternalEntry *
chess_external_entry_copy (const ChessExternalEntry *entry)
{
  ChessExternalEntry *copy;

  g_return_val_if_fail (entry != NULL, NULL);

  copy = g_new0 (ChessExternalEntry, 1);
  copy->id = g_strdup (entry->id);
  copy->name = g_strdup (entry->name);
  copy->argv = g_strdupv (entry->argv);
  copy->protocol = entry->protocol;
  copy->options = options_new ();
  if (entry->options)
    {
      GHashTableIter iter;
      gpointer name, value;

      g_hash_table_iter_init (&iter, entry->options);
      while (g_hash_table_iter_next (&iter, &name, &value))
        g_hash_table_insert (copy->options, g_strdup (name), g_strdup (value));
    }
  copy->added_by_user = entry->added_by_user;
  return copy;
}

void
chess_external_entry_free (ChessExternalEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->id);
  g_free (entry->name);
  g_strfreev (entry->argv);
  g_clear_pointer (&entry->options, g_hash_table_unref);
  g_free (entry);
}

ChessPlayer *
chess_external_entry_new_player (const ChessExternalEntry *entry)
{
  g_return_val_if_fail (entry != NULL && entry->argv != NULL && entry->argv[0] != NULL, NULL);
  return chess_player_new_external (entry->name, (const char *const *) entry->argv,
                                    entry->protocol, entry->options);
}

/* ---- discovery ---------------------------------------------------------- */

static char *
find_program (const char *program, const char *const *dirs)
{
  for (guint i = 0; dirs[i]; i++)
    {
      g_autofree char *path = NULL;

      if (dirs[i][0] == '\0')
        continue;
      path = g_build_filename (dirs[i], program, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR) && g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return g_steal_pointer (&path);
    }
  return NULL;
}

static void
add_found (GPtrArray *entries, const char *path)
{
  g_autofree char *search = NULL;
  g_auto (GStrv) dirs = NULL;

  if (path == NULL)
    {
      const char *env = g_getenv ("PATH");

      search = g_strconcat (env ? env : "", ":/usr/games", NULL);
      path = search;
    }
  dirs = g_strsplit (path, G_SEARCHPATH_SEPARATOR_S, -1);
  for (gsize i = 0; i < G_N_ELEMENTS (well_known); i++)
    {
      g_autofree char *program = find_program (well_known[i].program, (const char *const *) dirs);
      g_autoptr (GStrvBuilder) argv = NULL;
      ChessExternalEntry *entry;

      if (program == NULL)
        continue;
      argv = g_strv_builder_new ();
      g_strv_builder_add (argv, program);
      for (gsize j = 0; j < G_N_ELEMENTS (well_known[i].args) && well_known[i].args[j]; j++)
        g_strv_builder_add (argv, well_known[i].args[j]);

      entry = g_new0 (ChessExternalEntry, 1);
      entry->id = g_strdup (well_known[i].id);
      entry->name = g_strdup (well_known[i].name);
      entry->argv = g_strv_builder_end (argv);
      entry->protocol = well_known[i].protocol;
      entry->options = options_new ();
      g_ptr_array_add (entries, entry);
    }
}

/* ---- settings ----------------------------------------------------------- */

static GPtrArray *
read_added (GSettings *settings)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) chess_external_entry_free);
  g_autoptr (GVariant) value = NULL;
  g_autoptr (GVariantIter) options = NULL;
  GVariantIter iter;
  const char *id, *name;
  g_autofree const char **argv = NULL;
  gint32 protocol;

  if (settings == NULL)
    return entries;
  value = g_settings_get_value (settings, ENGINES_KEY);
  g_variant_iter_init (&iter, value);
  while (g_variant_iter_next (&iter, "(&s&s^a&sia{ss})", &id, &name, &argv, &protocol, &options))
    {
      ChessExternalEntry *entry;
      const char *option, *option_value;

      /* A hand-edited key can hold nonsense: skip what cannot run. */
      if (id[0] != '\0' && argv[0] != NULL && argv[0][0] != '\0')
        {
          entry = g_new0 (ChessExternalEntry, 1);
          entry->id = g_strdup (id);
          entry->name = g_strdup (name[0] ? name : argv[0]);
          entry->argv = g_strdupv ((char **) argv);
          entry->protocol = protocol == CHESS_EXTERNAL_PROTOCOL_XBOARD ? CHESS_EXTERNAL_PROTOCOL_XBOARD
                                                                    : CHESS_EXTERNAL_PROTOCOL_UCI;
          entry->options = options_new ();
          entry->added_by_user = TRUE;
          while (g_variant_iter_next (options, "{&s&s}", &option, &option_value))
            g_hash_table_insert (entry->options, g_strdup (option), g_strdup (option_value));
          g_ptr_array_add (entries, entry);
        }
      g_clear_pointer (&argv, g_free);
      g_clear_pointer (&options, g_variant_iter_free);
    }
  return entries;
}

static void
write_added (GSettings *settings, GPtrArray *entries)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE (ENGINES_TYPE));
  for (guint i = 0; i < entries->len; i++)
    {
      ChessExternalEntry *entry = g_ptr_array_index (entries, i);
      GVariantBuilder options;
      g_autoptr (GList) names = NULL;

      g_variant_builder_init (&options, G_VARIANT_TYPE ("a{ss}"));
      /* Sorted, so the same options are always written the same way. */
      if (entry->options)
        names = g_list_sort (g_hash_table_get_keys (entry->options), (GCompareFunc) strcmp);
      for (GList *l = names; l; l = l->next)
        g_variant_builder_add (&options, "{ss}", (const char *) l->data,
                               (const char *) g_hash_table_lookup (entry->options, l->data));
      g_variant_builder_add (&builder, "(ss^asia{ss})", entry->id, entry->name ? entry->name : "",
                             entry->argv, (gint32) entry->protocol, &options);
    }
  g_settings_set_value (settings, ENGINES_KEY, g_variant_builder_end (&builder));
}

/* ---- public API --------------------------------------------------------- */

GPtrArray *
chess_external_registry_list (GSettings  *settings,
                              const char *path)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) chess_external_entry_free);
  g_autoptr (GPtrArray) added = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  add_found (entries, path);
  added = read_added (settings);
  for (guint i = 0; i < added->len; i++)
    g_ptr_array_add (entries, g_steal_pointer (&added->pdata[i]));

  /* Each id once: the first wins. */
  for (guint i = 0; i < entries->len;)
    {
      ChessExternalEntry *entry = g_ptr_array_index (entries, i);

      if (g_hash_table_contains (seen, entry->id))
        g_ptr_array_remove_index (entries, i);
      else
        {
          g_hash_table_add (seen, entry->id);
          i++;
        }
    }
  return entries;
}

ChessExternalEntry *
chess_external_registry_find (GSettings  *settings,
                              const char *id)
{
  g_autoptr (GPtrArray) entries = NULL;

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  entries = chess_external_registry_list (settings, NULL);
  for (guint i = 0; i < entries->len; i++)
    {
      ChessExternalEntry *entry = g_ptr_array_index (entries, i);

      if (strcmp (entry->id, id) == 0)
        return chess_external_entry_copy (entry);
    }
  return NULL;
}

void
chess_external_registry_save (GSettings        *settings,
                              ChessExternalEntry *entry)
{
  g_autoptr (GPtrArray) entries = NULL;
  gboolean replaced = FALSE;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (entry != NULL && entry->argv != NULL && entry->argv[0] != NULL);

  if (entry->id == NULL || entry->id[0] == '\0')
    {
      g_free (entry->id);
      entry->id = g_strdup_printf ("user-%08x%08x", g_random_int (), g_random_int ());
    }
  entry->added_by_user = TRUE;

  entries = read_added (settings);
  for (guint i = 0; i < entries->len; i++)
    {
      ChessExternalEntry *old = g_ptr_array_index (entries, i);

      if (strcmp (old->id, entry->id) == 0)
        {
          chess_external_entry_free (old);
          entries->pdata[i] = chess_external_entry_copy (entry);
          replaced = TRUE;
        }
    }
  if (!replaced)
    g_ptr_array_add (entries, chess_external_entry_copy (entry));
  write_added (settings, entries);
}

void
chess_external_registry_remove (GSettings  *settings,
                                const char *id)
{
  g_autoptr (GPtrArray) entries = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (id != NULL);

  entries = read_added (settings);
  for (guint i = 0; i < entries->len;)
    {
      ChessExternalEntry *entry = g_ptr_array_index (entries, i);

      if (strcmp (entry->id, id) == 0)
        g_ptr_array_remove_index (entries, i);
      else
        i++;
    }
  write_added (settings, entries);
}

/* ---- probe -------------------------------------------------------------- */

static void
probe_started_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  ChessExternalClient *client = CHESS_EXTERNAL_CLIENT (source);
  g_autoptr (GError) error = NULL;

  if (!chess_external_client_start_finish (client, result, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, g_object_ref (client), g_object_unref);
}

void
chess_external_registry_probe_async (const char *const   *argv,
                                     ChessExternalProtocol  protocol,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr (ChessExternalClient) client = NULL;

  g_return_if_fail (argv != NULL && argv[0] != NULL);
  g_task_set_source_tag (task, chess_external_registry_probe_async);

  client = chess_external_client_new (argv, protocol);
  chess_external_client_start_async (client, cancellable, probe_started_cb, g_steal_pointer (&task));
}

ChessExternalClient *
chess_external_registry_probe_finish (GAsyncResult  *result,
                                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
