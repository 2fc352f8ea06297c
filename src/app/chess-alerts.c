/* chess-alerts.c — questions and errors over a window. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-a11y.h"
#include "chess-alerts.h"

/* AdwAlertDialog (libadwaita 1.5) sits inside its window and blocks it
 * while open, whatever `modal` says (without a parent it is a window of
 * its own); before 1.5, AdwMessageDialog, a window of its own. */
#if ADW_CHECK_VERSION (1, 5, 0)
#define HAVE_ALERT_DIALOG 1
#else
#define HAVE_ALERT_DIALOG 0
#endif

typedef struct
{
  /* AdwMessageDialog or AdwAlertDialog; owned by GTK (the window list, or
   * the parent), valid until answered: its destroy answers. */
  GtkWidget          *dialog;
  GtkWindow          *parent;        /* weak: watched, its end ends the question */
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
  if (alert->parent != NULL)
    {
      g_signal_handlers_disconnect_by_data (alert->parent, alert);
      g_object_remove_weak_pointer (G_OBJECT (alert->parent), (gpointer *) &alert->parent);
    }
  g_free (alert->message);
  g_free (alert->detail);
  g_free (alert);
}

static void
close_dialog (GtkWidget *dialog)
{
#if HAVE_ALERT_DIALOG
  adw_dialog_force_close (ADW_DIALOG (dialog));
#else
  gtk_window_destroy (GTK_WINDOW (dialog));
#endif
}

/* Calls back once and frees the alert. `close` closes the dialog too; a
 * dialog that answered itself closes on its own. */
static void
chess_alert_answer (ChessAlert *alert,
                    int         response,
                    gboolean    close)
{
  if (alert->answered)
    return;
  alert->answered = TRUE;
  open_alerts = g_list_remove (open_alerts, alert);

  g_signal_handlers_disconnect_by_data (alert->dialog, alert);
  if (close)
    close_dialog (alert->dialog);

  if (alert->callback != NULL)
    alert->callback (response, alert->user_data);
  chess_alert_free (alert);
}

/* Responses are the buttons' indices as strings; the close response is
 * the cancel button's. */
static void
dialog_response_cb (GtkWidget  *dialog,
                    const char *response,
                    gpointer    user_data)
{
  ChessAlert *alert = user_data;
  guint64 index = 0;

  if (response == NULL || !g_ascii_string_to_unsigned (response, 10, 0, 99, &index, NULL))
    index = (guint64) alert->cancel_button;
  chess_alert_answer (alert, (int) index, FALSE);
}

/* The parent window went away, taking the question with it. */
static void
dialog_destroy_cb (GtkWidget *dialog,
                   gpointer   user_data)
{
  ChessAlert *alert = user_data;

  chess_alert_answer (alert, alert->cancel_button, FALSE);
}

/* A dialog in a window of its own (no libadwaita window to sit in) stays
 * when its parent goes: close it. */
static void
parent_destroy_cb (GtkWidget *parent,
                   gpointer   user_data)
{
  ChessAlert *alert = user_data;

  chess_alert_answer (alert, alert->cancel_button, TRUE);
}

static void
alert_cancelled_cb (GCancellable *cancellable,
                    gpointer      user_data)
{
  ChessAlert *alert = user_data;

  chess_alert_answer (alert, alert->cancel_button, TRUE);
}

#if HAVE_ALERT_DIALOG
static GtkWidget *
alert_dialog_new (const char         *message,
                  const char         *detail,
                  const char * const *buttons,
                  int                 cancel_button,
                  int                 default_button,
                  int                 destructive_button)
{
  AdwAlertDialog *dialog = ADW_ALERT_DIALOG (adw_alert_dialog_new (message, detail));

  for (int i = 0; buttons[i] != NULL; i++)
    {
      char id[8];

      g_snprintf (id, sizeof id, "%d", i);
      adw_alert_dialog_add_response (dialog, id, buttons[i]);
      if (i == destructive_button)
        adw_alert_dialog_set_response_appearance (dialog, id, ADW_RESPONSE_DESTRUCTIVE);
      else if (i == default_button && i != cancel_button)
        adw_alert_dialog_set_response_appearance (dialog, id, ADW_RESPONSE_SUGGESTED);
      if (i == default_button)
        adw_alert_dialog_set_default_response (dialog, id);
      if (i == cancel_button)
        adw_alert_dialog_set_close_response (dialog, id);
    }
  return GTK_WIDGET (dialog);
}
#endif

#if !HAVE_ALERT_DIALOG
static GtkWidget *
message_dialog_new (GtkWindow          *parent,
                    gboolean            modal,
                    const char         *message,
                    const char         *detail,
                    const char * const *buttons,
                    int                 cancel_button,
                    int                 default_button,
                    int                 destructive_button)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, message, detail));

  for (int i = 0; buttons[i] != NULL; i++)
    {
      char id[8];

      g_snprintf (id, sizeof id, "%d", i);
      adw_message_dialog_add_response (dialog, id, buttons[i]);
      if (i == destructive_button)
        adw_message_dialog_set_response_appearance (dialog, id, ADW_RESPONSE_DESTRUCTIVE);
      else if (i == default_button && i != cancel_button)
        adw_message_dialog_set_response_appearance (dialog, id, ADW_RESPONSE_SUGGESTED);
      if (i == default_button)
        adw_message_dialog_set_default_response (dialog, id);
      if (i == cancel_button)
        adw_message_dialog_set_close_response (dialog, id);
    }
  gtk_window_set_modal (GTK_WINDOW (dialog), modal);
  /* Not destroy-with-parent (libadwaita sets it): the alert closes the
   * dialog when the parent goes (parent_destroy_cb). GTK 4.8 leaves such
   * a window pointing at its destroyed parent, and when an answer closed
   * the parent (Quit, Don't Save) the dialog's last unref, after the
   * click, touched the freed window: a crash at quit. */
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), FALSE);
  return GTK_WIDGET (dialog);
}
#endif

/* `destructive_button` (or -1) is styled as the one that loses something;
 * the default button, unless it cancels, as the suggested one. */
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
  GtkWidget *dialog;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (message != NULL);
  g_return_if_fail (buttons != NULL && buttons[0] != NULL);

  if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    {
      if (callback != NULL)
        callback (cancel_button, user_data);
      return;
    }

#if HAVE_ALERT_DIALOG
  (void) modal;
  dialog = alert_dialog_new (message, detail, buttons, cancel_button,
                             default_button, destructive_button);
#else
  dialog = message_dialog_new (parent, modal, message, detail, buttons, cancel_button,
                               default_button, destructive_button);
#endif

  alert = g_new0 (ChessAlert, 1);
  alert->dialog = dialog;
  alert->message = g_strdup (message);
  alert->detail = g_strdup (detail);
  alert->cancel_button = cancel_button;
  alert->callback = callback;
  alert->user_data = user_data;
  open_alerts = g_list_prepend (open_alerts, alert);

  g_signal_connect (dialog, "response", G_CALLBACK (dialog_response_cb), alert);
  g_signal_connect (dialog, "destroy", G_CALLBACK (dialog_destroy_cb), alert);
  if (parent != NULL)
    {
      alert->parent = parent;
      g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &alert->parent);
      g_signal_connect (parent, "destroy", G_CALLBACK (parent_destroy_cb), alert);
    }
  if (cancellable != NULL)
    {
      alert->cancellable = g_object_ref (cancellable);
      alert->cancelled_id = g_signal_connect (cancellable, "cancelled",
                                              G_CALLBACK (alert_cancelled_cb), alert);
    }

  /* Its response buttons exist now: name them for screen readers. */
  chess_a11y_name_mnemonic_buttons (GTK_WIDGET (dialog));
#if HAVE_ALERT_DIALOG
  adw_dialog_present (ADW_DIALOG (dialog), GTK_WIDGET (parent));
#else
  gtk_window_present (GTK_WINDOW (dialog));
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
  g_autofree char *detail = NULL;

  /* Headings are short (GNOME HIG); who asks whom is in the text. */
  /* Translators: the first %s offers a draw to the second, e.g.
   * "White offers a draw. Black, do you accept? If you accept, the game
   * ends in a draw." */
  detail = g_strdup_printf (_("%s offers a draw. %s, do you accept? If you accept, the game ends in a draw."),
                            offerer, opponent);
  chess_alert_choose (parent, FALSE, _("Accept the Draw?"), detail,
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
  g_autofree char *detail = NULL;

  if (loser == NULL)
    /* Translators: said to the person playing the computer; %s is the
     * computer's name ("ThinkChess (Beginner)"). */
    detail = g_strdup_printf (_("If you resign, %s wins the game."), winner);
  else
    /* Translators: the first %s resigns, the second wins ("White", "Black"
     * or names). */
    detail = g_strdup_printf (_("If %s resigns, %s wins the game."), loser, winner);
  alert_show (parent, TRUE, _("Resign the Game?"), detail, buttons,
              CHESS_RESIGN_CANCEL, CHESS_RESIGN_CANCEL, CHESS_RESIGN_CONFIRM,
              NULL, callback, user_data);
}

GtkWidget *
chess_alert_unsaved (GtkWindow          *parent,
                     const char         *game_name,
                     ChessUnsavedCase    what_happens,
                     ChessAlertCallback  callback,
                     gpointer            user_data)
{
  const char *buttons[] = { _("_Cancel"), _("_Don’t Save"), _("_Save"), NULL };
  g_autofree char *text = NULL;
  const char *detail;

  switch (what_happens)
    {
    case CHESS_UNSAVED_CLOSING_UNFINISHED:
      detail = _("If you don’t save it, the game stays in the autosave and is offered again at the next start.");
      break;
    case CHESS_UNSAVED_CLOSING_FINISHED:
      detail = _("If you don’t save it, the game stays in the autosave only until the next game begins.");
      break;
    case CHESS_UNSAVED_OPENING:
      detail = _("If you don’t save it, the game stays in the autosave only until a move is played in the opened game.");
      break;
    case CHESS_UNSAVED_REPLACING:
    default:
      detail = _("If you don’t save it, the new game replaces it and its moves are lost.");
      break;
    }
  if (game_name != NULL)
    /* Translators: %s is a file name, the second %s what not saving means. */
    text = g_strdup_printf (_("The changes to “%s” are not saved. %s"), game_name, detail);
  alert_show (parent, TRUE,
              game_name != NULL ? _("Save Changes?") : _("Save the Game?"),
              text != NULL ? text : detail,
              buttons, CHESS_UNSAVED_CANCEL, CHESS_UNSAVED_SAVE, CHESS_UNSAVED_DISCARD,
              NULL, callback, user_data);
  return chess_alert_get_dialog ();
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
  return g_list_length (open_alerts);
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

GtkWidget *
chess_alert_get_dialog (void)
{
  return open_alerts != NULL ? ((ChessAlert *) open_alerts->data)->dialog : NULL;
}

gboolean
chess_alert_respond (int response)
{
  if (open_alerts == NULL)
    return FALSE;
  chess_alert_answer (open_alerts->data, response, TRUE);
  return TRUE;
}
