/* chess-engines-page.h — the Preferences' "Engines" page: the external
 * engines found installed and the ones added by hand (the registry's
 * external-engines setting); adding one (its program, arguments, protocol
 * and options as name=value, checked by running its handshake) and
 * removing one added by hand. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CHESS_TYPE_ENGINES_PAGE (chess_engines_page_get_type ())
G_DECLARE_FINAL_TYPE (ChessEnginesPage, chess_engines_page, CHESS, ENGINES_PAGE, AdwPreferencesPage)

ChessEnginesPage *chess_engines_page_new         (GSettings        *settings);

/* What the page's controls do, for tests: the program chosen in the file
 * dialog, the Add button (the answer comes asynchronously; "added" or
 * "add-failed" (message) tell), and how many engines the list shows. */
void              chess_engines_page_set_program (ChessEnginesPage *self,
                                                  const char       *path);
void              chess_engines_page_add         (ChessEnginesPage *self);
guint             chess_engines_page_get_n_listed (ChessEnginesPage *self);
/* The message under the Add button ("" when none). */
const char       *chess_engines_page_get_message (ChessEnginesPage *self);
/* Where pages made from now on look for the file that marks a Flatpak
 * sandbox (/.flatpak-info; NULL: that one again), for tests. */
void              chess_engines_page_set_flatpak_info_for_testing (const char *path);

G_END_DECLS
