/* chess-board-view-themes.c — the board's colour themes: squares,
 * highlights and move markers, with the names shown in menus. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-board-view-private.h"

static const ChessBoardTheme themes[] = {
  { "wood", N_("Wood"),
    RGBA (236, 211, 167, 1), RGBA (169, 122, 82, 1),
    RGBA (222, 200, 40, 0.45f), RGBA (60, 140, 60, 0.50f), RGBA (40, 30, 20, 0.28f) },
  { "green", N_("Green"),
    RGBA (232, 236, 208, 1), RGBA (111, 154, 90, 1),
    RGBA (240, 220, 60, 0.45f), RGBA (40, 100, 170, 0.45f), RGBA (20, 40, 20, 0.28f) },
  { "blue", N_("Blue"),
    RGBA (223, 231, 239, 1), RGBA (122, 151, 181, 1),
    RGBA (120, 200, 230, 0.50f), RGBA (40, 150, 80, 0.45f), RGBA (10, 30, 60, 0.28f) },
  { "grey", N_("Grey"),
    RGBA (220, 220, 220, 1), RGBA (154, 154, 154, 1),
    RGBA (230, 200, 80, 0.50f), RGBA (60, 130, 200, 0.45f), RGBA (0, 0, 0, 0.25f) },
  { "purple", N_("Purple"),
    RGBA (235, 226, 240, 1), RGBA (140, 112, 165, 1),
    RGBA (240, 190, 90, 0.50f), RGBA (60, 150, 120, 0.45f), RGBA (30, 10, 40, 0.28f) },
};

static const char *const theme_names[] = { "wood", "green", "blue", "grey", "purple", NULL };

const char *const *
chess_board_view_list_themes (void)
{
  return theme_names;
}

const ChessBoardTheme *
_chess_board_view_find_theme (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (themes); i++)
    if (g_strcmp0 (themes[i].name, name) == 0)
      return &themes[i];
  return &themes[0];
}

const char *
chess_board_view_get_theme_title (const char *theme)
{
  return _(_chess_board_view_find_theme (theme)->title);
}

void
chess_board_view_get_theme_colors (const char *theme,
                                   GdkRGBA    *light,
                                   GdkRGBA    *dark)
{
  const ChessBoardTheme *found = _chess_board_view_find_theme (theme);

  if (light != NULL)
    *light = found->light;
  if (dark != NULL)
    *dark = found->dark;
}

