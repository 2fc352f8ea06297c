/* chess-alerts.h — short questions and error messages over a window:
 * the draw offer, the resignation, unsaved changes, errors.
 *
 * libadwaita's AdwAlertDialog from 1.5 (modal questions over a window),
 * AdwMessageDialog on 1.2 and for the rest; the caller sees the same
 * interface either way: buttons by index, an answer through a callback, and
 * a GCancellable that closes the question (answered with the cancel
 * button).
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* `response` is the index of the button chosen; closing the alert or
 * cancelling `cancellable` answers `cancel_button`. A modal alert blocks
 * its parent until answered. */
typedef void (*ChessAlertCallback) (int      response,
                                    gpointer user_data);

void chess_alert_choose (GtkWindow          *parent,
                         gboolean            modal,
                         const char         *message,
                         const char         *detail,
                         const char * const *buttons,
                         int                 cancel_button,
                         int                 default_button,
                         GCancellable       *cancellable,
                         ChessAlertCallback  callback,
                         gpointer            user_data);

typedef enum
{
  CHESS_DRAW_OFFER_DECLINE = 0,
  CHESS_DRAW_OFFER_ACCEPT  = 1,
} ChessDrawOfferResponse;

/* "White offers a draw. Black, do you accept?" with "Decline" and
 * "Accept". Not modal: the opponent may move instead; cancelling
 * `cancellable` then closes it, declined. */
void chess_alert_draw_offer (GtkWindow          *parent,
                             const char         *offerer,
                             const char         *opponent,
                             GCancellable       *cancellable,
                             ChessAlertCallback  callback,
                             gpointer            user_data);

typedef enum
{
  CHESS_RESIGN_CANCEL  = 0,
  CHESS_RESIGN_CONFIRM = 1,
} ChessResignResponse;

/* "Resign this game?", naming the winner; "Cancel" and "Resign". `loser`
 * NULL: the person playing the computer ("If you resign, …"). */
void chess_alert_resign (GtkWindow          *parent,
                         const char         *loser,
                         const char         *winner,
                         ChessAlertCallback  callback,
                         gpointer            user_data);

typedef enum
{
  CHESS_UNSAVED_CANCEL  = 0,
  CHESS_UNSAVED_DISCARD = 1,
  CHESS_UNSAVED_SAVE    = 2,
} ChessUnsavedResponse;

/* What happens to the game when the player does not save it. */
typedef enum
{
  CHESS_UNSAVED_CLOSING_UNFINISHED, /* a game being played, closed or another
                                     * opened: stays in its autosave file,
                                     * offered again                          */
  CHESS_UNSAVED_CLOSING_FINISHED,   /* in the autosave until the next game    */
  CHESS_UNSAVED_REPLACING,          /* a new or pasted game overwrites it     */
  CHESS_UNSAVED_OPENING,            /* a finished game or a study, another
                                     * opened: in the autosave until the
                                     * opened game changes                    */
} ChessUnsavedCase;

/* "Save the current game?" with "Cancel", "Don't Save" and "Save", and
 * what not saving means in `what_happens`. Returns the dialog (borrowed),
 * destroyed once answered. */
GtkWidget *chess_alert_unsaved (GtkWindow          *parent,
                                const char         *game_name,
                                ChessUnsavedCase    what_happens,
                                ChessAlertCallback  callback,
                                gpointer            user_data);

/* An error with a "Close" button; `callback` may be NULL. */
void chess_alert_error (GtkWindow          *parent,
                        const char         *message,
                        const char         *detail,
                        ChessAlertCallback  callback,
                        gpointer            user_data);

/* For tests, the same with every libadwaita: the number of alerts on
 * screen, the newest one's message, detail and dialog widget, and
 * answering it as if button `response` was clicked (FALSE when none is
 * open). */
guint       chess_alert_get_n_open        (void);
const char *chess_alert_get_message       (void);
const char *chess_alert_get_detail        (void);
GtkWidget  *chess_alert_get_dialog        (void);
gboolean    chess_alert_respond           (int response);

G_END_DECLS
