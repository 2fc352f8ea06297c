/* chess-alerts.c — questions and errors over a window. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-alerts.h"

typedef struct
{
  GtkWindow          *dialog;        /* 4.8 only: the GtkMessageDialog */
  char               *message;
  char               *detail;
  int                 cancel_button;
  GCancellable       *cancellable;
  gulong              cancelled_id;
  ChessAlertCallback  callback;
  gpointer            user_data;
  gboolean            answered;
} ChessAlert;

/* Newest first: what the test helpers look at. */
static GList *open_alerts;

static void
chess_alert_free (ChessAlert *alert)
{
  if (alert->cancelled_id != 0)
    g_signal_handler_disconnect (alert->cancellable, alert->cancelled_id);
  g_clear_object (&alert->cancellable);
  g_free (alert->message);
  g_free (alert->detail);
  g_free (alert);
}

/* Calls back once, then closes the alert and frees it. */
static void
chess_alert_answer (ChessAlert *alert,
                    int         response)
{
  GtkWindow *dialog;

  if (alert->answered)
    return;
  alert->answered = TRUE;
  open_alerts = g_list_remove (open_alerts, alert);

  dialog = g_steal_pointer (&alert->dialog);
  if (dialog != NULL)
    {
      g_signal_handlers_disconnect_by_data (dialog, alert);
      gtk_window_destroy (dialog);
    }

  if (alert->callback != NULL)
    alert->callback (response, alert->user_data);
  chess_alert_free (alert);
}

#if GTK_CHECK_VERSION (4, 10, 0)

static void
alert_dialog_chosen_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  ChessAlert *alert = user_data;
  g_autoptr(GError) error = NULL;
  int response;

  response = gtk_alert_dialog_choose_finish (GTK_ALERT_DIALOG (source), result, &error);
  if (error != NULL || response < 0)
    response = alert->cancel_button;
  chess_alert_answer (alert, response);
}

#else

static void
message_dialog_response_cb (GtkDialog *dialog,
                            int        response,
                            gpointer   user_data)
{
  ChessAlert *alert = user_data;

  /* Closing the window answers like the cancel button. */
  if (response < 0)
    response = alert->cancel_button;
  chess_alert_answer (alert, response);
}

/* The parent window went away, taking the question with it. */
static void
message_dialog_destroy_cb (GtkWidget *dialog,
                           gpointer   user_data)
{
  ChessAlert *alert = user_data;

  alert->dialog = NULL;
  chess_alert_answer (alert, alert->cancel_button);
}

/* GtkAlertDialog watches its cancellable itself; GtkMessageDialog does not. */
static void
alert_cancelled_cb (GCancellable *cancellable,
                    gpointer      user_data)
{
  ChessAlert *alert = user_data;

  chess_alert_answer (alert, alert->cancel_button);
}

#endif

/* `destructive_button` (or -1) is styled as the one that loses something,
 * where the toolkit lets us. */
static void
alert_show (GtkWindow          *parent,
            gboolean            modal,
            const char         *message,
            const char         *detail,
            const char * const *buttons,
            int                 cancel_button,
            int                 default_button,
            int                 destructive_button,
            GCancellable       *cancellable,
            ChessAlertCallback  callback,
            gpointer            user_data)
{
  ChessAlert *alert;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (message != NULL);
  g_return_if_fail (buttons != NULL && buttons[0] != NULL);

  if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    {
      if (callback != NULL)
        callback (cancel_button, user_data);
      return;
    }

  alert = g_new0 (ChessAlert, 1);
  alert->message = g_strdup (message);
  alert->detail = g_strdup (detail);
  alert->cancel_button = cancel_button;
  alert->callback = callback;
  alert->user_data = user_data;
  open_alerts = g_list_prepend (open_alerts, alert);

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkAlertDialog) dialog = gtk_alert_dialog_new ("%s", message);

    (void) destructive_button;

    if (detail != NULL)
      gtk_alert_dialog_set_detail (dialog, detail);
    gtk_alert_dialog_set_buttons (dialog, buttons);
    gtk_alert_dialog_set_cancel_button (dialog, cancel_button);
    gtk_alert_dialog_set_default_button (dialog, default_button);
    gtk_alert_dialog_set_modal (dialog, modal);
    if (cancellable != NULL)
      alert->cancellable = g_object_ref (cancellable);
    gtk_alert_dialog_choose (dialog, parent, cancellable,
                             alert_dialog_chosen_cb, alert);
  }
#else
  {
    GtkWidget *dialog;

    dialog = gtk_message_dialog_new (parent,
                                     GTK_DIALOG_DESTROY_WITH_PARENT,
                                     GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                     "%s", message);
    if (detail != NULL)
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                "%s", detail);
    for (int i = 0; buttons[i] != NULL; i++)
      gtk_dialog_add_button (GTK_DIALOG (dialog), buttons[i], i);
    if (default_button >= 0)
      gtk_dialog_set_default_response (GTK_DIALOG (dialog), default_button);
    if (destructive_button >= 0)
      gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                    destructive_button),
                                "destructive-action");
    gtk_window_set_modal (GTK_WINDOW (dialog), modal);
    gtk_window_set_title (GTK_WINDOW (dialog), "");
    g_signal_connect (dialog, "response",
                      G_CALLBACK (message_dialog_response_cb), alert);
    g_signal_connect (dialog, "destroy",
                      G_CALLBACK (message_dialog_destroy_cb), alert);
    alert->dialog = GTK_WINDOW (dialog);
    if (cancellable != NULL)
      {
        alert->cancellable = g_object_ref (cancellable);
        alert->cancelled_id = g_signal_connect (cancellable, "cancelled",
                                                G_CALLBACK (alert_cancelled_cb),
                                                alert);
      }
    gtk_window_present (GTK_WINDOW (dialog));
  }
#endif
}

void
chess_alert_choose (GtkWindow          *parent,
                    gboolean            modal,
                    const char         *message,
                    const char         *detail,
                    const char * const *buttons,
                    int                 cancel_button,
                    int                 default_button,
                    GCancellable       *cancellable,
                    ChessAlertCallback  callback,
                    gpointer            user_data)
{
  alert_show (parent, modal, message, detail, buttons, cancel_button,
              default_button, -1, cancellable, callback, user_data);
}

void
chess_alert_draw_offer (GtkWindow          *parent,
                        const char         *offerer,
                        const char         *opponent,
                        GCancellable       *cancellable,
                        ChessAlertCallback  callback,
                        gpointer            user_data)
{
  const char *buttons[] = { _("_Decline"), _("_Accept"), NULL };
  g_autofree char *message = NULL;

  /* Translators: the first %s offers a draw to the second, e.g.
   * "White offers a draw. Black, do you accept?" */
  message = g_strdup_printf (_("%s offers a draw. %s, do you accept?"),
                             offerer, opponent);
  chess_alert_choose (parent, FALSE, message,
                      _("If you accept, the game ends in a draw."),
                      buttons, CHESS_DRAW_OFFER_DECLINE, CHESS_DRAW_OFFER_ACCEPT,
                      cancellable, callback, user_data);
}

void
chess_alert_resign (GtkWindow          *parent,
                    const char         *loser,
                    const char         *winner,
                    ChessAlertCallback  callback,
                    gpointer            user_data)
{
  const char *buttons[] = { _("_Cancel"), _("_Resign"), NULL };
  g_autofree char *message = NULL;
  g_autofree char *detail = NULL;

  /* Translators: %s is the player who resigns ("White" or a name). */
  message = g_strdup_printf (_("%s, resign this game?"), loser);
  /* Translators: %s is the winner ("Black" or a name). */
  detail = g_strdup_printf (_("%s wins the game."), winner);
  alert_show (parent, TRUE, message, detail, buttons,
              CHESS_RESIGN_CANCEL, CHESS_RESIGN_CANCEL, CHESS_RESIGN_CONFIRM,
              NULL, callback, user_data);
}

void
chess_alert_unsaved (GtkWindow          *parent,
                     const char         *game_name,
                     ChessAlertCallback  callback,
                     gpointer            user_data)
{
  const char *buttons[] = { _("_Cancel"), _("_Discard"), _("_Save"), NULL };
  g_autofree char *message = NULL;

  if (game_name != NULL)
    /* Translators: %s is a file name. */
    message = g_strdup_printf (_("Save changes to “%s”?"), game_name);
  else
    message = g_strdup (_("Save the current game?"));
  alert_show (parent, TRUE, message,
              _("The moves played since the game was last saved will be lost if you discard them."),
              buttons, CHESS_UNSAVED_CANCEL, CHESS_UNSAVED_SAVE, CHESS_UNSAVED_DISCARD,
              NULL, callback, user_data);
}

void
chess_alert_error (GtkWindow          *parent,
                   const char         *message,
                   const char         *detail,
                   ChessAlertCallback  callback,
                   gpointer            user_data)
{
  const char *buttons[] = { _("_Close"), NULL };

  chess_alert_choose (parent, TRUE, message, detail, buttons, 0, 0,
                      NULL, callback, user_data);
}

guint
chess_alert_get_n_open (void)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  return 0;
#else
  return g_list_length (open_alerts);
#endif
}

const char *
chess_alert_get_message (void)
{
  return open_alerts != NULL ? ((ChessAlert *) open_alerts->data)->message : NULL;
}

const char *
chess_alert_get_detail (void)
{
  return open_alerts != NULL ? ((ChessAlert *) open_alerts->data)->detail : NULL;
}

gboolean
chess_alert_respond (int response)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  return FALSE;
#else
  if (open_alerts == NULL)
    return FALSE;
  chess_alert_answer (open_alerts->data, response);
  return TRUE;
#endif
}
