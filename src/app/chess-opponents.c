/* chess-opponents.c — who can play a side: the built-in engine at a level
 * or an external engine; kept in the settings and in a game's tags. */
#include "config.h"

#include <stdlib.h>

#include <glib/gi18n.h>

#include "chess-engine-levels.h"
#include "chess-external-registry.h"
#include "chess-opponents.h"

#define BUILTIN_PREFIX "builtin "
#define EXTERNAL_PREFIX "external "

void
chess_opponent_clear (ChessOpponent *opponent)
{
  g_clear_pointer (&opponent->engine_id, g_free);
  opponent->computer = FALSE;
  opponent->level = 0;
}

static int
clamp_level (int level)
{
  return CLAMP (level, 0, CHESS_ENGINE_LEVEL_MAX);
}

void
chess_opponent_from_settings (ChessOpponent *opponent,
                              GSettings     *settings,
                              ChessColor     color)
{
  gboolean white = color == CHESS_COLOR_WHITE;
  g_autofree char *engine = g_settings_get_string (settings, white ? "white-engine" : "black-engine");

  opponent->computer = g_settings_get_enum (settings, white ? "white-player" : "black-player") == 1;
  opponent->engine_id = *engine != '\0' ? g_steal_pointer (&engine) : NULL;
  opponent->level = clamp_level (g_settings_get_int (settings, white ? "white-level" : "black-level"));
}

void
chess_opponent_to_settings (const ChessOpponent *opponent,
                            GSettings           *settings,
                            ChessColor           color)
{
  gboolean white = color == CHESS_COLOR_WHITE;

  g_settings_set_enum (settings, white ? "white-player" : "black-player",
                       opponent->computer ? 1 : 0);
  /* A person leaves the computer's engine and level as they were, for the
   * next game against it. */
  if (!opponent->computer)
    return;
  g_settings_set_string (settings, white ? "white-engine" : "black-engine",
                         opponent->engine_id != NULL ? opponent->engine_id : "");
  g_settings_set_int (settings, white ? "white-level" : "black-level",
                      clamp_level (opponent->level));
}

void
chess_opponent_from_game (ChessOpponent *opponent,
                          ChessGame     *game,
                          ChessColor     color)
{
  gboolean white = color == CHESS_COLOR_WHITE;
  const char *type = chess_game_get_tag (game, white ? "WhiteType" : "BlackType");
  const char *engine = chess_game_get_tag (game, white ? "WhiteEngine" : "BlackEngine");

  opponent->computer = FALSE;
  opponent->engine_id = NULL;
  opponent->level = 0;
  /* Only our own engine tag says which program: another program's
   * "program" alone is a game to study, not an opponent. */
  if (g_strcmp0 (type, "program") != 0 || engine == NULL)
    return;
  if (g_str_has_prefix (engine, BUILTIN_PREFIX))
    {
      char *end = NULL;
      long level = strtol (engine + strlen (BUILTIN_PREFIX), &end, 10);

      if (end == engine + strlen (BUILTIN_PREFIX) || *end != '\0')
        return;
      opponent->computer = TRUE;
      opponent->level = clamp_level ((int) CLAMP (level, 0, G_MAXINT));
    }
  else if (g_str_has_prefix (engine, EXTERNAL_PREFIX) && engine[strlen (EXTERNAL_PREFIX)] != '\0')
    {
      opponent->computer = TRUE;
      opponent->engine_id = g_strdup (engine + strlen (EXTERNAL_PREFIX));
    }
}

char *
chess_opponent_get_name (const ChessOpponent *opponent,
                         GSettings           *settings)
{
  g_autoptr(ChessExternalEntry) entry = NULL;

  if (opponent->engine_id == NULL || *opponent->engine_id == '\0')
    /* Translators: the built-in engine as a player, with its level,
     * e.g. "ThinkChess (Beginner)". */
    return g_strdup_printf (_("ThinkChess (%s)"),
                            _(chess_engine_levels[clamp_level (opponent->level)].name));
  entry = chess_external_registry_find (settings, opponent->engine_id);
  return g_strdup (entry != NULL ? entry->name : opponent->engine_id);
}

void
chess_opponent_apply_to_game (const ChessOpponent *opponent,
                              ChessGame           *game,
                              ChessColor           color,
                              GSettings           *settings,
                              const char          *human_name)
{
  gboolean white = color == CHESS_COLOR_WHITE;
  const char *type_tag = white ? "WhiteType" : "BlackType";
  const char *engine_tag = white ? "WhiteEngine" : "BlackEngine";
  g_autofree char *name = NULL;
  g_autofree char *engine = NULL;

  if (!opponent->computer)
    {
      chess_game_set_tag (game, type_tag, "human");
      chess_game_set_tag (game, engine_tag, NULL);
      chess_game_set_player_name (game, color, human_name);
      return;
    }
  if (opponent->engine_id == NULL || *opponent->engine_id == '\0')
    engine = g_strdup_printf (BUILTIN_PREFIX "%d", clamp_level (opponent->level));
  else
    engine = g_strconcat (EXTERNAL_PREFIX, opponent->engine_id, NULL);
  name = chess_opponent_get_name (opponent, settings);
  chess_game_set_tag (game, type_tag, "program");
  chess_game_set_tag (game, engine_tag, engine);
  chess_game_set_player_name (game, color, name);
}

ChessPlayer *
chess_opponent_new_player (const ChessOpponent *opponent,
                           GSettings           *settings,
                           GError             **error)
{
  g_autoptr(ChessExternalEntry) entry = NULL;

  g_return_val_if_fail (opponent->computer, NULL);

  if (opponent->engine_id == NULL || *opponent->engine_id == '\0')
    return chess_player_new_builtin (clamp_level (opponent->level));
  entry = chess_external_registry_find (settings, opponent->engine_id);
  if (entry == NULL)
    {
      g_set_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_START,
                   /* Translators: %s is an engine's identifier, e.g. "stockfish". */
                   _("The engine “%s” is no longer installed or known."),
                   opponent->engine_id);
      return NULL;
    }
  return chess_external_entry_new_player (entry);
}

/* ---- Drop-downs ---- */

GListModel *
chess_opponents_engine_model (GPtrArray *engines)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, _("ThinkChess (built in)"));
  for (guint i = 0; engines != NULL && i < engines->len; i++)
    {
      ChessExternalEntry *entry = g_ptr_array_index (engines, i);

      gtk_string_list_append (list, entry->name);
    }
  return G_LIST_MODEL (list);
}

GListModel *
chess_opponents_level_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (int i = 0; i < chess_engine_n_levels; i++)
    {
      g_autofree char *text =
        /* Translators: a level of the built-in engine and its rating,
         * e.g. "Beginner (Elo 700)". */
        g_strdup_printf (_("%s (Elo %d)"), _(chess_engine_levels[i].name),
                         chess_engine_levels[i].elo);

      gtk_string_list_append (list, text);
    }
  return G_LIST_MODEL (list);
}

guint
chess_opponents_engine_position (GPtrArray  *engines,
                                 const char *engine_id)
{
  if (engine_id == NULL || *engine_id == '\0')
    return 0;
  for (guint i = 0; engines != NULL && i < engines->len; i++)
    {
      ChessExternalEntry *entry = g_ptr_array_index (engines, i);

      if (g_strcmp0 (entry->id, engine_id) == 0)
        return i + 1;
    }
  return 0;
}

const char *
chess_opponents_engine_at (GPtrArray *engines,
                           guint      position)
{
  if (engines == NULL || position == 0 || position > engines->len)
    return NULL;
  return ((ChessExternalEntry *) g_ptr_array_index (engines, position - 1))->id;
}
