/* chess-game-tags.c — a ChessGame's PGN tags and players' names. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "chess-game-private.h"

/* A new game keeps the players' names and drops the other tags. */
void
chess_game_keep_only_player_tags (ChessGame *self)
{
  for (guint i = self->tag_names->len; i-- > 0;)
    {
      const char *name = g_ptr_array_index (self->tag_names, i);

      if (strcmp (name, "White") != 0 && strcmp (name, "Black") != 0)
        {
          g_ptr_array_remove_index (self->tag_names, i);
          g_ptr_array_remove_index (self->tag_values, i);
        }
    }
}

/* ---- Players and tags ---- */

static int
find_tag (ChessGame  *self,
          const char *name)
{
  for (guint i = 0; i < self->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (self->tag_names, i), name) == 0)
      return (int) i;
  return -1;
}

void
chess_game_set_tag (ChessGame  *self,
                    const char *name,
                    const char *value)
{
  int i;

  g_return_if_fail (CHESS_IS_GAME (self));
  g_return_if_fail (name != NULL && *name != '\0');

  i = find_tag (self, name);
  if (value == NULL)
    {
      if (i >= 0)
        {
          g_ptr_array_remove_index (self->tag_names, (guint) i);
          g_ptr_array_remove_index (self->tag_values, (guint) i);
        }
      return;
    }
  if (i >= 0)
    {
      g_free (self->tag_values->pdata[i]);
      self->tag_values->pdata[i] = g_strdup (value);
      return;
    }
  g_ptr_array_add (self->tag_names, g_strdup (name));
  g_ptr_array_add (self->tag_values, g_strdup (value));
}

const char *
chess_game_get_tag (ChessGame  *self,
                    const char *name)
{
  int i;

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  i = find_tag (self, name);
  return i >= 0 ? g_ptr_array_index (self->tag_values, i) : NULL;
}

void
chess_game_set_player_name (ChessGame  *self,
                            ChessColor  color,
                            const char *name)
{
  g_return_if_fail (CHESS_IS_GAME (self));

  chess_game_set_tag (self, color == CHESS_COLOR_WHITE ? "White" : "Black",
                      name != NULL && *name != '\0' ? name : NULL);
}

const char *
chess_game_get_player_name (ChessGame  *self,
                            ChessColor  color)
{
  const char *name;

  g_return_val_if_fail (CHESS_IS_GAME (self), NULL);

  name = chess_game_get_tag (self, color == CHESS_COLOR_WHITE ? "White" : "Black");
  /* "?" is PGN for "unknown". */
  if (name == NULL || *name == '\0' || strcmp (name, "?") == 0)
    return NULL;
  return name;
}

const char *
chess_game_get_player_display_name (ChessGame  *self,
                                    ChessColor  color)
{
  const char *name = chess_game_get_player_name (self, color);

  if (name != NULL)
    return name;
  return color == CHESS_COLOR_WHITE ? _("White") : _("Black");
}
