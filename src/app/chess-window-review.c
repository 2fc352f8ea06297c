/* chess-window-review.c — the window's part of the game review. */
#include "config.h"

#include <glib/gi18n.h>

#include "chess-external-registry.h"
#include "chess-review-panel.h"
#include "chess-window-review.h"
#include "chess-window-private.h"

/* An external engine being started for a review (at most one). */
typedef struct
{
  ChessWindow       *window;     /* weak */
  ChessGame         *game;       /* the game it is for */
  ChessPlayer *player;
  GCancellable      *cancellable;
} Starting;

static void
starting_free (Starting *starting)
{
  g_clear_weak_pointer (&starting->window);
  g_clear_object (&starting->game);
  g_clear_object (&starting->player);
  g_clear_object (&starting->cancellable);
  g_free (starting);
}

static void update_action (ChessWindow *self);

/* Reviews the game on screen with `player` (started), or the built-in
 * engine (NULL). */
static void
run_review (ChessWindow       *self,
            ChessPlayer *player)
{
  g_autoptr(ChessReview) review = NULL;
  ChessReviewPanel *panel = self->review_panel;

  if (!chess_review_panel_can_start (panel))
    return;
  review = chess_review_new (chess_window_get_game (self));
  if (player != NULL)
    chess_review_set_engine (review, player);
  chess_review_panel_run (panel, review);
}

static void
engine_started_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  Starting *starting = user_data;
  ChessWindow *self = starting->window;
  g_autoptr(GError) error = NULL;
  gboolean started = chess_player_start_finish (CHESS_PLAYER (source), result, &error);

  if (self == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      starting_free (starting);
      return;
    }
  /* Still the game the review was asked for. */
  if (chess_window_get_game (self) == starting->game)
    {
      if (!started)
        {
          /* Translators: %s says why the chosen engine did not start. */
          g_autofree char *notice = g_strdup_printf (_("%s The built-in engine reviews the game."),
                                                     error->message);

          chess_window_show_notice (self, notice);
        }
      run_review (self, started ? starting->player : NULL);
    }
  /* Done starting. */
  g_clear_object (&self->review_start);
  starting_free (starting);
  update_action (self);
}

/* The engine chosen for analysis reviews too: the built-in one, or an
 * external engine of the registry, started first. */
static void
review_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ChessWindow *self = CHESS_WINDOW (widget);
  GSettings *settings = chess_window_get_settings (self);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autofree char *id = NULL;
  g_autoptr(ChessExternalEntry) entry = NULL;
  Starting *starting;

  if (!chess_review_panel_can_start (self->review_panel)
      || self->review_start != NULL)
    return;
  g_object_get (settings, "settings-schema", &schema, NULL);
  if (g_settings_schema_has_key (schema, "analysis-engine"))
    id = g_settings_get_string (settings, "analysis-engine");
  if (id != NULL && *id != '\0')
    entry = chess_external_registry_find (settings, id);
  if (entry == NULL)
    {
      run_review (self, NULL);
      return;
    }
  starting = g_new0 (Starting, 1);
  g_set_weak_pointer (&starting->window, self);
  starting->game = g_object_ref (chess_window_get_game (self));
  starting->player = chess_external_entry_new_player (entry);
  starting->cancellable = g_cancellable_new ();
  /* Cancelled with the window (_chess_window_review_dispose). */
  self->review_start = g_object_ref (starting->cancellable);
  chess_player_start_async (starting->player, starting->cancellable,
                            engine_started_cb, starting);
  update_action (self);
}

static void
update_action (ChessWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-game",
                                 chess_review_panel_can_start (self->review_panel)
                                 && self->review_start == NULL);
}

static void
notice_cb (ChessWindow *self,
           const char  *text)
{
  chess_window_show_notice (self, text);
}

/* While a move is retried, the retry's own way out (Back to the Review)
 * is the suggested action, not the status line's Back to the Game. */
static void
retrying_changed_cb (ChessWindow *self)
{
  _chess_window_set_css_class (self->past_return_button, "suggested-action",
                               !chess_review_panel_is_retrying (self->review_panel));
}

/* The panel writes moves as the move list does. */
static void
notation_changed_cb (ChessWindow *self)
{
  static const ChessNotation notations[] = {
    CHESS_NOTATION_SAN, CHESS_NOTATION_LAN, CHESS_NOTATION_FIGURINE
  };
  guint n = (guint) g_settings_get_enum (chess_window_get_settings (self), "notation");

  chess_review_panel_set_notation (self->review_panel,
                                   notations[MIN (n, G_N_ELEMENTS (notations) - 1)]);
}

void
_chess_window_review_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, review_game_action);
}

void
_chess_window_review_init (ChessWindow *self)
{
  ChessReviewPanel *panel = self->review_panel;

  chess_review_panel_set_board (panel, chess_window_get_board (self));
  g_signal_connect_object (panel, "notice", G_CALLBACK (notice_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (panel, "notify::can-start", G_CALLBACK (update_action), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (panel, "notify::retrying", G_CALLBACK (retrying_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (chess_window_get_settings (self), "changed::notation",
                           G_CALLBACK (notation_changed_cb), self, G_CONNECT_SWAPPED);
  notation_changed_cb (self);
  update_action (self);
}

void
_chess_window_review_dispose (ChessWindow *self)
{
  if (self->review_start != NULL)
    g_cancellable_cancel (self->review_start);
  g_clear_object (&self->review_start);
}
