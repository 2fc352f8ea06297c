/* app-test-util.h — helpers shared by the in-process app tests. */
#pragma once

#include <adwaita.h>

#include "chess-window.h"
#include "../model/model-test-util.h"

G_BEGIN_DECLS

/* What an app test asks of app_test_begin besides the usual. */
typedef enum
{
  APP_TEST_DEFAULT   = 0,
  APP_TEST_ENGLISH   = 1 << 0,  /* LANGUAGE=C: the texts it compares are English */
  APP_TEST_APP_STYLE = 1 << 1,  /* the app's style sheet, as the app loads it */
} AppTestFlags;

/* The start of an app test's main(): a private data home (`tmpl` as for
 * g_dir_make_tmp) and the memory settings backend before GLib reads them,
 * then GTK and libadwaita. Without a display: a TAP skip, the data home
 * removed again, and FALSE, on which main returns 0. */
gboolean    app_test_begin     (int          *argc,
                                char       ***argv,
                                const char   *tmpl,
                                AppTestFlags  flags);
/* The data home app_test_begin made. */
const char *app_test_data_home (void);
/* Removes the data home; returns `status` for main to return. */
int         app_test_end       (int           status);

void       app_test_spin            (void);
GSettings *app_test_fresh_settings  (void);
void       app_test_remove_tree     (const char *path);
char      *app_test_make_data_home  (const char *tmpl);
/* Deletes the autosaved game (and nothing else of the data home). */
void       app_test_remove_autosave (void);

/* A real main window, 1000×700, presented and drawn once. */
ChessWindow *app_test_new_window     (void);
void         app_test_destroy_window (ChessWindow *window);
/* A template child of the window by its id; fails the test when missing. */
GtkWidget   *app_test_window_child   (ChessWindow *window,
                                      const char  *name);
/* A template child of `widget` (an instance of `type`, the class whose
 * template names it); fails the test when missing. */
gpointer     app_test_child (gpointer     widget,
                                      GType        type,
                                      const char  *name);
/* Whether a mapped label below `widget` (a toast, say) shows `text`. */
gboolean     app_test_shows_label    (GtkWidget   *widget,
                                      const char  *text);
/* Every string attribute `attribute` (G_MENU_ATTRIBUTE_LABEL, _ACTION …)
 * of the items of `model`, its sections and submenus included, added to
 * `values` (which frees them with g_free). */
void         app_test_menu_attributes (GMenuModel  *model,
                                       const char  *attribute,
                                       GPtrArray   *values);
/* What `widget` shows now, drawn by its window's renderer. */
GdkTexture  *app_test_render         (GtkWidget   *widget);

G_END_DECLS
