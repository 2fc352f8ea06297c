/* app-test-util.h — helpers shared by the in-process app tests. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void       app_test_spin            (void);
GSettings *app_test_fresh_settings  (void);
void       app_test_remove_tree     (const char *path);
char      *app_test_make_data_home  (const char *tmpl);
gboolean   app_test_have_display    (void);

G_END_DECLS
