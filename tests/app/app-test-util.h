/* app-test-util.h — helpers shared by the in-process app tests. */
#pragma once

#include <adwaita.h>

#include "chess-window.h"

G_BEGIN_DECLS

void       app_test_spin            (void);
GSettings *app_test_fresh_settings  (void);
void       app_test_remove_tree     (const char *path);
char      *app_test_make_data_home  (const char *tmpl);
gboolean   app_test_have_display    (void);
void       app_test_load_style      (void);
/* Deletes the autosaved game (and nothing else of the data home). */
void       app_test_remove_autosave (void);
/* Plays space-separated SAN moves; a move that is refused ends the test. */
void       app_test_play            (ChessGame  *game,
                                     const char *moves);
/* gtk_test_init and adw_init, with the app's own choice of renderer. */
void       app_test_init            (int        *argc,
                                     char     ***argv);

/* A real main window, 1000×700, presented and drawn once. */
ChessWindow *app_test_new_window     (void);
void         app_test_destroy_window (ChessWindow *window);
/* A template child of the window by its id; fails the test when missing. */
GtkWidget   *app_test_window_child   (ChessWindow *window,
                                      const char  *name);

G_END_DECLS
