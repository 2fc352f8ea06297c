/* chess-external-client-setup.c — everything around the searches: the
 * handshake (UCI uci … uciok; xboard protover 2 and its features), the
 * engine's options, a new game, and quitting. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-external-client-private.h"

/* ---- features ----------------------------------------------------------- */

gboolean
chess_external_client_feature_on (ChessExternalClient *self, const char *name)
{
  const char *value = g_hash_table_lookup (self->features, name);

  return value && strcmp (value, "1") == 0;
}

/* ---- the handshake ------------------------------------------------------ */

void
chess_external_client_finish_start (ChessExternalClient *self)
{
  g_autoptr (GTask) task = chess_external_client_take_task (self);

  if (self->name == NULL)
    {
      const char *myname = g_hash_table_lookup (self->features, "myname");

      self->name = myname ? g_strdup (myname) : g_path_get_basename (self->argv[0]);
      chess_external_client_notify_name (self);
    }
  self->state = STATE_READY;
  if (task)
    g_task_return_boolean (task, TRUE);
}

static const char *const accepted_features[] = {
  "done", "myname", "name", "ping", "setboard", "usermove", "san", "time", "draw",
  "reuse", "analyze", "colors", "option", "variants", "sigint", "sigterm",
  "playother", "ics", "pause", "nps", "debug", "memory", "smp", "egt", "exclude",
  "setscore", "highlight", NULL
};

void
chess_external_client_handle_features (ChessExternalClient *self, ChessExternalLine *line)
{
  for (guint i = 0; i < line->feature_names->len; i++)
    {
      const char *name = g_ptr_array_index (line->feature_names, i);
      const char *value = g_ptr_array_index (line->feature_values, i);

      if (strcmp (name, "option") == 0)
        {
          ChessExternalOption *option = chess_external_parse_xboard_option (value);

          if (option)
            g_ptr_array_add (self->options, option);
        }
      else
        g_hash_table_replace (self->features, g_strdup (name), g_strdup (value));
      chess_external_client_send_line (self, "%s %s",
                                       g_strv_contains (accepted_features, name) ? "accepted"
                                                                               : "rejected",
                                     name);

      if (strcmp (name, "done") == 0 && self->state == STATE_STARTING)
        {
          g_clear_handle_id (&self->feature_timeout_id, g_source_remove);
          if (strcmp (value, "1") == 0)
            {
              self->features_done = TRUE;
              chess_external_client_finish_start (self);
            }
          /* done=0: the engine needs time; the start timeout still runs. */
        }
    }
}

/* ---- start -------------------------------------------------------------- */

static gboolean
feature_timeout_cb (gpointer user_data)
{
  ChessExternalClient *self = user_data;

  /* No done=1 in time: a protocol 1 engine, or one that never says done. */
  self->feature_timeout_id = 0;
  if (self->state == STATE_STARTING)
    chess_external_client_finish_start (self);
  return G_SOURCE_REMOVE;
}

void
chess_external_client_start_async (ChessExternalClient   *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (GError) error = NULL;

  g_return_if_fail (CHESS_IS_EXTERNAL_CLIENT (self));
  g_task_set_source_tag (task, chess_external_client_start_async);

  if (self->state != STATE_NEW)
    {
      g_task_return_new_error (task, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_BUSY,
                               _("The engine “%s” was already started."),
                               chess_external_client_display_name (self));
      return;
    }
  if (!chess_external_client_begin_call (self, task, self->start_timeout_ms))
    return;

  if (!chess_external_client_spawn (self, &error))
    {
      self->state = STATE_DEAD;
      chess_external_client_fail_call (self,
                                       g_error_new (CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_START,
                                                  /* Translators: the program and the system's reason. */
                                                  _("Could not run the engine “%s”: %s"),
                                                  self->argv[0], error->message));
      return;
    }

  if (self->protocol == CHESS_EXTERNAL_PROTOCOL_UCI)
    chess_external_client_send_line (self, "uci");
  else
    {
      chess_external_client_send_line (self, "xboard");
      chess_external_client_send_line (self, "protover 2");
      /* Below the engine's output: on a loaded machine the main loop may
       * find both ready at once, and features already sent must count. An
       * engine that floods instead is still stopped by the start timeout. */
      self->feature_timeout_id = chess_external_client_add_timeout_full (self, G_PRIORITY_LOW,
                                                                         self->feature_timeout_ms,
                                                                         feature_timeout_cb);
    }
}

gboolean
chess_external_client_start_finish (ChessExternalClient  *self,
                                    GAsyncResult       *result,
                                    GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
chess_external_client_start_sync (ChessExternalClient  *self,
                                  GCancellable       *cancellable,
                                  GError            **error)
{
  g_autoptr (GAsyncResult) result = NULL;

  chess_external_client_start_async (self, cancellable, chess_external_client_store_result_cb, &result);
  return chess_external_client_start_finish (self, chess_external_client_wait_for (&result), error);
}

/* ---- options and games -------------------------------------------------- */

static const ChessExternalOption *
find_option (ChessExternalClient *self, const char *name)
{
  for (guint i = 0; i < self->options->len; i++)
    {
      const ChessExternalOption *option = g_ptr_array_index (self->options, i);

      if (g_ascii_strcasecmp (option->name, name) == 0)
        return option;
    }
  return NULL;
}

static gboolean
value_fits (const ChessExternalOption *option, const char *value)
{
  gint64 number;
  char *end;

  switch (option->type)
    {
    case CHESS_EXTERNAL_OPTION_BUTTON:
      return value == NULL;
    case CHESS_EXTERNAL_OPTION_CHECK:
      return value && (strcmp (value, "true") == 0 || strcmp (value, "false") == 0);
    case CHESS_EXTERNAL_OPTION_SPIN:
      if (value == NULL)
        return FALSE;
      number = g_ascii_strtoll (value, &end, 10);
      return *value && *end == '\0' && number >= option->min && number <= option->max;
    case CHESS_EXTERNAL_OPTION_COMBO:
      for (guint i = 0; value && option->choices[i]; i++)
        if (g_ascii_strcasecmp (option->choices[i], value) == 0)
          return TRUE;
      return FALSE;
    case CHESS_EXTERNAL_OPTION_STRING:
    case CHESS_EXTERNAL_OPTION_FILE:
      return value != NULL && strchr (value, '\n') == NULL;
    }
  return FALSE;
}

gboolean
chess_external_client_set_option (ChessExternalClient  *self,
                                  const char         *name,
                                  const char         *value,
                                  GError            **error)
{
  const ChessExternalOption *option;

  g_return_val_if_fail (CHESS_IS_EXTERNAL_CLIENT (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!chess_external_client_check_ready (self, error))
    return FALSE;
  option = find_option (self, name);
  if (option == NULL)
    {
      g_set_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED,
                   /* Translators: the engine's name and an option name. */
                   _("The engine “%s” has no option “%s”."),
                   chess_external_client_display_name (self), name);
      return FALSE;
    }
  if (!value_fits (option, value))
    {
      g_set_error (error, CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED,
                   /* Translators: a value, an option name and the engine's name. */
                   _("“%s” is not a valid value for the option “%s” of the engine “%s”."),
                   value ? value : "", option->name, chess_external_client_display_name (self));
      return FALSE;
    }

  if (self->protocol == CHESS_EXTERNAL_PROTOCOL_UCI)
    {
      if (value)
        chess_external_client_send_line (self, "setoption name %s value %s", option->name, value);
      else
        chess_external_client_send_line (self, "setoption name %s", option->name);
    }
  else if (value == NULL)
    chess_external_client_send_line (self, "option %s", option->name);
  else if (option->type == CHESS_EXTERNAL_OPTION_CHECK)
    chess_external_client_send_line (self, "option %s=%d", option->name, strcmp (value, "true") == 0);
  else
    chess_external_client_send_line (self, "option %s=%s", option->name, value);
  return TRUE;
}

gboolean
chess_external_client_new_game (ChessExternalClient  *self,
                                GError            **error)
{
  g_return_val_if_fail (CHESS_IS_EXTERNAL_CLIENT (self), FALSE);

  if (!chess_external_client_check_ready (self, error))
    return FALSE;
  if (self->protocol == CHESS_EXTERNAL_PROTOCOL_UCI)
    chess_external_client_send_line (self, "ucinewgame");
  else
    {
      ChessBoard start;

      /* In force mode the engine only records moves until told to go. */
      chess_external_client_send_line (self, "new");
      chess_external_client_send_line (self, "force");
      chess_external_client_send_line (self, "post");
      chess_external_client_send_line (self, "easy");
      chess_board_set_start (&start);
      chess_line_clear (&self->synced);
      chess_line_init (&self->synced, &start);
      self->synced_valid = TRUE;
      g_clear_pointer (&self->level_sent, g_free);
    }
  return TRUE;
}

/* ---- quit --------------------------------------------------------------- */

void
chess_external_client_quit_async (ChessExternalClient   *self,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (self, NULL, callback, user_data);

  g_return_if_fail (CHESS_IS_EXTERNAL_CLIENT (self));
  g_task_set_source_tag (task, chess_external_client_quit_async);

  if (self->state == STATE_NEW || self->quit_task)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  /* A pending call ends here: the engine is going away. */
  if (self->task)
    chess_external_client_fail_call (self, g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                        _("The engine was closed.")));
  self->quit_task = g_object_ref (task);
  if (self->state == STATE_DEAD)
    {
      chess_external_client_maybe_finish_quit (self);
      return;
    }
  self->state = STATE_QUITTING;
  if (self->protocol == CHESS_EXTERNAL_PROTOCOL_UCI)
    chess_external_client_send_line (self, "stop");
  chess_external_client_send_line (self, "quit");
  g_output_stream_close (self->stdin_pipe, NULL, NULL);
  self->timeout_id = chess_external_client_add_timeout (self, 1000, chess_external_client_timeout_cb);
}

void
chess_external_client_quit_finish (ChessExternalClient *self,
                                   GAsyncResult      *result)
{
  g_return_if_fail (g_task_is_valid (result, self));
  g_task_propagate_boolean (G_TASK (result), NULL);
}

void
chess_external_client_quit_sync (ChessExternalClient *self)
{
  g_autoptr (GAsyncResult) result = NULL;

  chess_external_client_quit_async (self, chess_external_client_store_result_cb, &result);
  chess_external_client_quit_finish (self, chess_external_client_wait_for (&result));
}
