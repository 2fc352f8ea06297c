/* chess-file-dialogs.h — choosing a game file to open or a place to save,
 * or an engine's program.
 *
 * GtkFileDialog from GTK 4.10, GtkFileChooserNative on 4.8; both go
 * through the file-chooser portal inside Flatpak.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* `file` is NULL when the user cancelled. */
typedef void (*ChessFileCallback) (GFile    *file,
                                   gpointer  user_data);

/* Both dialogs start in the folder chess_file_dialog_start_folder picks
 * for `current` (the game's file, or NULL), and remember the folder of the
 * file chosen in the `last-folder` setting. */

/* Asks for a file to open, with "PGN files" and "All files" filters. */
void chess_file_dialog_open (GtkWindow         *parent,
                             GFile             *current,
                             ChessFileCallback  callback,
                             gpointer           user_data);

/* Asks where to save, with `suggested_name` in the name field. */
void chess_file_dialog_save (GtkWindow         *parent,
                             GFile             *current,
                             const char        *suggested_name,
                             ChessFileCallback  callback,
                             gpointer           user_data);

/* Asks for a program (a chess engine), starting in /usr/games. */
void chess_file_dialog_open_program (GtkWindow         *parent,
                                     ChessFileCallback  callback,
                                     gpointer           user_data);

/* The folder a file dialog starts in: `current`'s folder when there is a
 * current file, else `last_folder` (a path; "" or NULL for none) when it is
 * still a folder, else the user's documents folder when it exists, else
 * the home folder. Never the working directory the app was started in. */
GFile *chess_file_dialog_start_folder (GFile      *current,
                                       const char *last_folder);

/* For tests: the next dialog is not shown and answers `file` at once from
 * an idle callback (NULL: as if cancelled). */
void chess_file_dialog_answer_next_for_testing (GFile *file);

G_END_DECLS
