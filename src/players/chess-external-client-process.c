/* chess-external-client-process.c — the engine's process and the call in
 * progress: running the program, writing lines to it, reading its output
 * and splitting it into lines, noticing its exit, and ending the call on
 * success, failure, deadline or cancellation. Output is read in chunks and
 * split into lines here (not with GDataInputStream) so that an engine
 * printing without newlines cannot make us buffer without limit. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-external-client-private.h"

static void read_more (ChessExternalClient *self);

/* Timers run in the client's own context, as the I/O does. */
guint
chess_external_client_add_timeout (ChessExternalClient *self, guint ms, GSourceFunc func)
{
  return chess_external_client_add_timeout_full (self, G_PRIORITY_DEFAULT, ms, func);
}

guint
chess_external_client_add_timeout_full (ChessExternalClient *self, int priority, guint ms,
                                        GSourceFunc func)
{
  g_autoptr (GSource) source = g_timeout_source_new (ms);

  g_source_set_priority (source, priority);
  g_source_set_callback (source, func, self, NULL);
  return g_source_attach (source, self->context);
}

/* ---- finishing the call in progress ------------------------------------ */

void
chess_external_client_clear_call (ChessExternalClient *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_clear_handle_id (&self->feature_timeout_id, g_source_remove);
  if (self->cancel_id && self->task && g_task_get_cancellable (self->task))
    g_cancellable_disconnect (g_task_get_cancellable (self->task), self->cancel_id);
  self->cancel_id = 0;
}

GTask *
chess_external_client_take_task (ChessExternalClient *self)
{
  chess_external_client_clear_call (self);
  return g_steal_pointer (&self->task);
}

/* A quit is over once the process is gone and no callback of ours is
 * still pending on it (they hold references to the client). */
void
chess_external_client_maybe_finish_quit (ChessExternalClient *self)
{
  g_autoptr (GTask) task = NULL;

  if (self->state != STATE_DEAD || self->io_pending > 0 || self->quit_task == NULL)
    return;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  task = g_steal_pointer (&self->quit_task);
  g_task_return_boolean (task, TRUE);
}

void
chess_external_client_fail_call (ChessExternalClient *self, GError *error)
{
  g_autoptr (GTask) task = chess_external_client_take_task (self);

  if (task)
    g_task_return_error (task, error);
  else
    g_error_free (error);
}

/* Kills the engine and ends the call in progress with `error`. */
void
chess_external_client_die (ChessExternalClient *self, GError *error)
{
  if (self->state == STATE_DEAD)
    {
      chess_external_client_fail_call (self, error);
      return;
    }
  self->state = STATE_DEAD;
  if (self->process)
    g_subprocess_force_exit (self->process);
  g_cancellable_cancel (self->io_cancellable);
  chess_external_client_emit_terminated (self, error);
  chess_external_client_fail_call (self, error);
}

/* ---- writing ------------------------------------------------------------ */

void
chess_external_client_send_line (ChessExternalClient *self, const char *format, ...)
{
  g_autofree char *text = NULL;
  g_autofree char *with_newline = NULL;
  g_autoptr (GError) error = NULL;
  va_list args;

  if (self->stdin_pipe == NULL || self->state == STATE_DEAD)
    return;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  chess_external_client_emit_line_sent (self, text);
  with_newline = g_strconcat (text, "\n", NULL);
  /* A dead engine's pipe fails here; its exit is reported by the wait. */
  if (!g_output_stream_write_all (self->stdin_pipe, with_newline, strlen (with_newline),
                                  NULL, NULL, &error)
      || !g_output_stream_flush (self->stdin_pipe, NULL, &error))
    g_debug ("Writing to %s failed: %s", chess_external_client_display_name (self), error->message);
}

/* ---- reading ------------------------------------------------------------ */

static void
read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ChessExternalClient) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result,
                                                               &error);
  const char *data;
  gsize size, start = 0;

  self->io_pending--;
  if (bytes == NULL || g_bytes_get_size (bytes) == 0 || self->state == STATE_DEAD)
    {
      /* End of output or cancelled: the exit wait reports. */
      chess_external_client_maybe_finish_quit (self);
      return;
    }

  data = g_bytes_get_data (bytes, &size);
  for (gsize i = 0; i < size; i++)
    {
      if (data[i] != '\n')
        continue;
      if (!self->discarding)
        {
          g_string_append_len (self->pending_text, data + start, i - start);
          chess_external_client_handle_line (self, self->pending_text->str, self->pending_text->len);
        }
      g_string_truncate (self->pending_text, 0);
      self->discarding = FALSE;
      start = i + 1;
      if (self->state == STATE_DEAD)
        {
          chess_external_client_maybe_finish_quit (self);
          return;
        }
    }
  if (!self->discarding)
    g_string_append_len (self->pending_text, data + start, size - start);
  if (self->pending_text->len > CHESS_EXTERNAL_LINE_MAX)
    {
      /* An endless line is garbage: drop it up to its newline. */
      g_string_truncate (self->pending_text, 0);
      self->discarding = TRUE;
    }
  read_more (self);
}

static void
read_more (ChessExternalClient *self)
{
  self->io_pending++;
  g_input_stream_read_bytes_async (self->stdout_pipe, 16384, G_PRIORITY_DEFAULT,
                                   self->io_cancellable, read_cb, g_object_ref (self));
}

static void
wait_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (ChessExternalClient) self = user_data;
  GSubprocess *process = G_SUBPROCESS (source);
  g_autoptr (GError) wait_error = NULL;
  GError *error;

  self->io_pending--;
  if (!g_subprocess_wait_finish (process, result, &wait_error) || self->state == STATE_DEAD)
    {
      /* Cancelled (we killed it ourselves) or already reported. */
      chess_external_client_maybe_finish_quit (self);
      return;
    }
  if (self->state == STATE_QUITTING)
    {
      self->state = STATE_DEAD;
      g_cancellable_cancel (self->io_cancellable);
      chess_external_client_maybe_finish_quit (self);
      return;
    }
  if (g_subprocess_get_if_signaled (process))
    error = g_error_new (CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_CRASHED,
                         /* Translators: the engine's name and the signal's name. */
                         _("The engine “%s” crashed (%s)."),
                         chess_external_client_display_name (self),
                         g_strsignal (g_subprocess_get_term_sig (process)));
  else
    error = g_error_new (CHESS_PLAYER_ERROR,
                         self->state == STATE_STARTING ? CHESS_PLAYER_ERROR_HANDSHAKE
                                                       : CHESS_PLAYER_ERROR_CRASHED,
                         /* Translators: the engine's name and its exit status. */
                         _("The engine “%s” stopped unexpectedly (exit status %d)."),
                         chess_external_client_display_name (self),
                         g_subprocess_get_exit_status (process));
  chess_external_client_die (self, error);
}

/* ---- the process -------------------------------------------------------- */

gboolean
chess_external_client_spawn (ChessExternalClient *self, GError **error)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  if (self->working_directory)
    g_subprocess_launcher_set_cwd (launcher, self->working_directory);
  self->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) self->argv, error);
  if (self->process == NULL)
    return FALSE;
  self->stdin_pipe = g_object_ref (g_subprocess_get_stdin_pipe (self->process));
  self->stdout_pipe = g_object_ref (g_subprocess_get_stdout_pipe (self->process));
  self->state = STATE_STARTING;
  self->io_pending++;
  g_subprocess_wait_async (self->process, self->io_cancellable, wait_cb, g_object_ref (self));
  read_more (self);
  return TRUE;
}

/* ---- deadlines ---------------------------------------------------------- */

gboolean
chess_external_client_timeout_cb (gpointer user_data)
{
  ChessExternalClient *self = user_data;

  self->timeout_id = 0;
  if (self->state == STATE_STARTING)
    chess_external_client_die (self,
                               g_error_new (CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_HANDSHAKE,
                                          /* Translators: the engine's name and the protocol (UCI or xboard). */
                                          _("The program “%s” did not answer as a %s chess engine."),
                                          chess_external_client_display_name (self),
                                          self->protocol == CHESS_EXTERNAL_PROTOCOL_UCI ? "UCI" : "xboard"));
  else if (self->state == STATE_QUITTING)
    {
      /* It did not exit by itself in time. */
      self->state = STATE_DEAD;
      g_subprocess_force_exit (self->process);
      g_cancellable_cancel (self->io_cancellable);
      chess_external_client_maybe_finish_quit (self);
    }
  else
    chess_external_client_die (self,
                               g_error_new (CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_TIMEOUT,
                                          /* Translators: the engine's name. */
                                          _("The engine “%s” did not answer in time and was stopped."),
                                          chess_external_client_display_name (self)));
  return G_SOURCE_REMOVE;
}

static gboolean
cancel_idle_cb (gpointer user_data)
{
  ChessExternalClient *self = user_data;
  GCancellable *cancellable = self->task ? g_task_get_cancellable (self->task) : NULL;

  /* The task returns G_IO_ERROR_CANCELLED by itself once it ends (GTask
   * checks its cancellable); here the engine is only told to end it soon. */
  if (cancellable == NULL || !g_cancellable_is_cancelled (cancellable))
    return G_SOURCE_REMOVE;
  if (self->state == STATE_STARTING)
    chess_external_client_die (self, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                  _("The engine was closed.")));
  else if (self->state == STATE_THINKING || self->state == STATE_SYNCING)
    chess_external_client_stop (self);
  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable, gpointer user_data)
{
  ChessExternalClient *self = user_data;

  /* May run in another thread: act in the client's own context. */
  g_main_context_invoke_full (self->context, G_PRIORITY_HIGH, cancel_idle_cb,
                              g_object_ref (self), g_object_unref);
}

gboolean
chess_external_client_begin_call (ChessExternalClient *self, GTask *task, guint timeout_ms)
{
  if (self->task)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                               _("The engine “%s” is busy."),
                               chess_external_client_display_name (self));
      return FALSE;
    }
  if (g_task_return_error_if_cancelled (task))
    return FALSE;
  self->task = g_object_ref (task);
  if (timeout_ms)
    self->timeout_id = chess_external_client_add_timeout (self, timeout_ms,
                                                          chess_external_client_timeout_cb);
  if (g_task_get_cancellable (task))
    self->cancel_id = g_cancellable_connect (g_task_get_cancellable (task),
                                             G_CALLBACK (cancelled_cb), self, NULL);
  return TRUE;
}

gboolean
chess_external_client_check_ready (ChessExternalClient *self, GError **error)
{
  if (self->state == STATE_READY)
    return TRUE;
  g_set_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
               self->state == STATE_DEAD ? _("The engine “%s” is not running.")
                                         : _("The engine “%s” is busy."),
               chess_external_client_display_name (self));
  return FALSE;
}

/* ---- sync wrappers ------------------------------------------------------ */

void
chess_external_client_store_result_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

GAsyncResult *
chess_external_client_wait_for (GAsyncResult **slot)
{
  GMainContext *context = g_main_context_get_thread_default ();

  while (*slot == NULL)
    g_main_context_iteration (context, TRUE);
  return *slot;
}
