/* chess-review-panel.c — the game review in the side panel. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-a11y.h"
#include "chess-engine-levels.h"
#include "chess-player.h"
#include "chess-review.h"
#include "chess-review-retry.h"
#include "chess-review-words.h"

#include "chess-review-panel.h"

/* The owner of the better move's arrow on the board. */
#define ARROW_OWNER "review"

struct _ChessReviewPanel
{
  GtkWidget          parent_instance;

  /* Children */
  GtkWidget         *box;
  GtkWidget         *progress_row;
  GtkWidget         *progress;
  GtkWidget         *cancel_button;
  ChessEvalGraph    *graph;
  GtkWidget         *summary_box;
  GtkWidget         *names[2];            /* by ChessColor */
  GtkWidget         *figures[2];
  GtkWidget         *judge;               /* who judged, with what budget */
  char              *summary[2];          /* the figures in words */
  GtkWidget         *verdict_box;
  GtkWidget         *verdict_scroller;
  GtkWidget         *verdict;
  GtkWidget         *retry_button;
  GtkWidget         *retry_box;
  GtkWidget         *retry_label;
  GtkWidget         *retry_again_button;
  GtkWidget         *retry_back_button;

  /* Borrowed */
  ChessBoardView    *board;

  /* Owned */
  ChessGame         *game;
  ChessReview       *review;
  GCancellable      *cancellable;
  GArray            *tree_moves;          /* ChessReviewMove, from the tree */
  GArray            *tree_judged;         /* gboolean per move              */
  ChessNotation      notation;
  gboolean           could_start;         /* can-start as last notified     */
  gboolean           was_retrying;        /* retrying as last notified      */

  ChessReviewRetry  *retry;               /* while a move is retried */
};

G_DEFINE_FINAL_TYPE (ChessReviewPanel, chess_review_panel, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_CAN_START,
  PROP_RETRYING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_NOTICE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update (ChessReviewPanel *self);

/* ---- What is known about the moves ---- */

/* What the tree says about main-line move `ply` (0-based); NULL when
 * nothing. */
static const ChessReviewMove *
move_data (ChessReviewPanel *self,
           guint             ply,
           gboolean         *judged)
{
  if (self->tree_moves == NULL || ply >= self->tree_moves->len)
    return NULL;
  *judged = g_array_index (self->tree_judged, gboolean, ply);
  return &g_array_index (self->tree_moves, ChessReviewMove, ply);
}

static void
reload_tree (ChessReviewPanel *self)
{
  g_clear_pointer (&self->tree_moves, g_array_unref);
  g_clear_pointer (&self->tree_judged, g_array_unref);
  if (self->game != NULL)
    self->tree_moves = chess_review_read_tree (chess_game_get_tree (self->game),
                                               &self->tree_judged);
}

static void
player_stats (ChessReviewPanel       *self,
              ChessColor              player,
              ChessReviewPlayerStats *out)
{
  memset (out, 0, sizeof *out);
  out->accuracy = -1;
  if (self->tree_moves != NULL)
    chess_review_read_player_stats (self->tree_moves, player, out);
}

/* ---- Showing it ---- */

static void
set_arrow (ChessReviewPanel *self,
           ChessMove         move)
{
  ChessBoardArrow arrow;

  if (self->board == NULL)
    return;
  if (move == CHESS_MOVE_NONE)
    {
      chess_board_view_set_extra_arrows (self->board, ARROW_OWNER, NULL, 0);
      return;
    }
  arrow.from = chess_move_from (move);
  arrow.to = chess_move_to (move);
  /* The blue of the engine's suggestions, apart from the players' own
   * green, red and yellow arrows. */
  arrow.color = (GdkRGBA) { 0.11, 0.44, 0.85, 0.8 };
  arrow.width = 1.0;
  chess_board_view_set_extra_arrows (self->board, ARROW_OWNER, &arrow, 1);
}

static void
update_verdict (ChessReviewPanel *self)
{
  ChessTreeNode *viewed = self->game != NULL ? chess_game_get_view_node (self->game) : NULL;
  g_autofree char *text = NULL;
  const ChessReviewMove *move = NULL;
  gboolean judged = FALSE;
  ChessMove arrow = CHESS_MOVE_NONE;

  if (viewed != NULL && viewed->parent != NULL && chess_tree_node_is_main_line (viewed))
    move = move_data (self, viewed->ply - 1, &judged);
  if (move != NULL)
    {
      ChessBoard before;

      chess_tree_board_at (chess_game_get_tree (self->game), viewed->parent, &before);
      text = chess_review_words_verdict (&before, move, judged, self->notation);
      if (text != NULL && judged && move->klass != CHESS_REVIEW_CLASS_BEST
          && move->best_move != move->move)
        arrow = move->best_move;
    }
  gtk_label_set_text (GTK_LABEL (self->verdict), text != NULL ? text : "");
  /* While a review is there, its words keep their place (empty on a move
   * without a verdict): the move list under them does not jump. */
  gtk_widget_set_visible (self->verdict_box,
                          self->retry == NULL
                          && (text != NULL || chess_eval_graph_get_n_known (self->graph) > 0
                              || chess_review_panel_is_running (self)));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->verdict_scroller)), 0);
  gtk_widget_set_visible (self->retry_button,
                          move != NULL && judged && move->klass >= CHESS_REVIEW_CLASS_INACCURACY);
  gtk_widget_set_sensitive (self->retry_button, !chess_review_panel_is_running (self));
  if (self->retry == NULL)
    set_arrow (self, text != NULL ? arrow : CHESS_MOVE_NONE);
}

static void
update_summary (ChessReviewPanel *self)
{
  gboolean any = FALSE;

  for (int c = 0; c < 2; c++)
    {
      ChessReviewPlayerStats stats;
      g_autofree char *words = NULL;
      g_autofree char *figures = NULL;
      g_autofree char *name = NULL;

      player_stats (self, c, &stats);
      any |= stats.n_moves > 0 || stats.counts[CHESS_REVIEW_CLASS_INACCURACY] > 0
             || stats.counts[CHESS_REVIEW_CLASS_MISTAKE] > 0
             || stats.counts[CHESS_REVIEW_CLASS_BLUNDER] > 0;
      name = g_strdup (self->game != NULL ? chess_game_get_player_display_name (self->game, c) : "");
      words = chess_review_words_summary (&stats);
      figures = chess_review_words_figures (&stats);
      gtk_label_set_text (GTK_LABEL (self->names[c]), name);
      gtk_label_set_text (GTK_LABEL (self->figures[c]), figures);
      /* The figures in words for screen readers and the pointer. */
      g_free (self->summary[c]);
      self->summary[c] = g_strdup_printf ("%s: %s", name, words);
      gtk_widget_set_tooltip_text (self->figures[c], self->summary[c]);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->figures[c]),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->summary[c], -1);
    }
  /* The judge and its budget, for the review run here (a game opened with
   * its review has no such record). */
  if (self->review != NULL)
    {
      g_autofree char *judge = chess_review_describe_judge (self->review);
      /* Translators: under a review's summary: who judged the moves and
       * with what budget, "ThinkChess 0.1.0, 400,000 nodes a position". */
      g_autofree char *text = g_strdup_printf (_("Judged by %s"), judge);

      gtk_label_set_text (GTK_LABEL (self->judge), text);
    }
  gtk_widget_set_visible (self->judge, self->review != NULL);
  gtk_widget_set_visible (self->summary_box, any);
}

static void
update_progress (ChessReviewPanel *self)
{
  g_autofree char *text = NULL;

  if (self->review == NULL || self->cancellable == NULL
      || g_cancellable_is_cancelled (self->cancellable))
    return;
  /* Translators: the progress of a game review: moves reviewed of all. */
  text = g_strdup_printf (_("Reviewing: %u of %u moves"),
                          chess_review_count_moves (self->review,
                                                    chess_review_get_n_reviewed (self->review)),
                          chess_review_count_moves (self->review,
                                                    chess_review_get_n_moves (self->review)));
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress),
                                 CLAMP (chess_review_get_progress (self->review), 0, 1));
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress), text);
}

static void
update (ChessReviewPanel *self)
{
  gboolean running = chess_review_panel_is_running (self);

  gtk_widget_set_visible (self->progress_row, running);
  update_progress (self);
  update_summary (self);
  update_verdict (self);
  gtk_widget_set_visible (self->retry_box, (self->retry != NULL));
  gtk_widget_set_visible (GTK_WIDGET (self->graph),
                          chess_eval_graph_get_n_known (self->graph) > 0 || running);
  if (chess_review_panel_can_start (self) != self->could_start)
    {
      self->could_start = !self->could_start;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_START]);
    }
  if ((self->retry != NULL) != self->was_retrying)
    {
      self->was_retrying = !self->was_retrying;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RETRYING]);
    }
  gtk_widget_set_visible (GTK_WIDGET (self),
                          running || (self->retry != NULL)
                          || gtk_widget_get_visible (GTK_WIDGET (self->graph))
                          || gtk_widget_get_visible (self->summary_box)
                          || gtk_widget_get_visible (self->verdict_box));
}

/* The graph has read the game anew (any change, the move viewed too): the
 * panel reads it now too, whatever the handlers' order. */
static void
graph_reloaded_cb (ChessReviewPanel *self)
{
  reload_tree (self);
  update (self);
}


/* ---- The review ---- */

static void
review_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ChessReviewPanel *self = user_data;
  ChessReview *review = CHESS_REVIEW (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *notice = NULL;

  if (chess_review_run_finish (review, result, &error))
    notice = g_strdup (_("Review finished"));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    /* Translators: a review cancelled after %u of %u moves. */
    notice = g_strdup_printf (_("Review stopped after %u of %u moves"),
                              chess_review_count_moves (review, chess_review_get_n_reviewed (review)),
                              chess_review_count_moves (review, chess_review_get_n_moves (review)));
  else
    /* Translators: %s says why the review failed. */
    notice = g_strdup_printf (_("The review failed: %s"), error->message);

  /* A panel given another game has let this review go already. */
  if (review == self->review)
    {
      g_clear_object (&self->cancellable);
      update (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
      g_signal_emit (self, signals[SIGNAL_NOTICE], 0, notice);
    }
  g_object_unref (self);
}

gboolean
chess_review_panel_is_running (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), FALSE);
  return self->cancellable != NULL;
}

gboolean
chess_review_panel_can_start (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), FALSE);
  return self->game != NULL && !chess_review_panel_is_running (self) && self->retry == NULL
         && chess_game_get_tree (self->game)->root->n_children > 0;
}

void
chess_review_panel_start (ChessReviewPanel *self,
                          guint             time_per_move_ms)
{
  g_autoptr(ChessReview) review = NULL;

  g_return_if_fail (CHESS_IS_REVIEW_PANEL (self));

  if (!chess_review_panel_can_start (self))
    return;
  review = chess_review_new (self->game);
  if (time_per_move_ms > 0)
    {
      chess_review_set_time_per_move (review, time_per_move_ms);
      chess_review_set_nodes (review, 0);
    }
  chess_review_panel_run (self, review);
}

void
chess_review_panel_run (ChessReviewPanel *self,
                        ChessReview      *review)
{
  g_return_if_fail (CHESS_IS_REVIEW_PANEL (self));
  g_return_if_fail (CHESS_IS_REVIEW (review));

  if (!chess_review_panel_can_start (self))
    return;
  g_set_object (&self->review, review);
  self->cancellable = g_cancellable_new ();
  gtk_widget_set_sensitive (self->cancel_button, TRUE);
  g_signal_connect_swapped (self->review, "notify::progress", G_CALLBACK (update_progress), self);
  chess_review_run_async (self->review, self->cancellable, review_done_cb, g_object_ref (self));
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
chess_review_panel_cancel (ChessReviewPanel *self)
{
  g_return_if_fail (CHESS_IS_REVIEW_PANEL (self));

  if (self->cancellable == NULL || g_cancellable_is_cancelled (self->cancellable))
    return;
  g_cancellable_cancel (self->cancellable);
  /* The engine stops its search first. */
  gtk_widget_set_sensitive (self->cancel_button, FALSE);
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress), _("Stopping the review…"));
}

/* Lets the review go (a new game): it finishes on its own, unheard. */
static void
drop_review (ChessReviewPanel *self)
{
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->review);
}

/* ---- Retry this move ---- */

static void
retry_changed_cb (ChessReviewPanel *self)
{
  gtk_label_set_text (GTK_LABEL (self->retry_label), chess_review_retry_get_text (self->retry));
  gtk_widget_set_visible (self->retry_again_button, chess_review_retry_can_try_again (self->retry));
}

gboolean
chess_review_panel_retry (ChessReviewPanel *self)
{
  ChessTreeNode *viewed;
  const ChessReviewMove *move;
  gboolean judged = FALSE;

  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), FALSE);

  if (self->game == NULL || self->retry != NULL || chess_review_panel_is_running (self))
    return FALSE;
  viewed = chess_game_get_view_node (self->game);
  if (viewed == NULL || viewed->parent == NULL || !chess_tree_node_is_main_line (viewed))
    return FALSE;
  move = move_data (self, viewed->ply - 1, &judged);
  if (move == NULL || !judged || move->klass < CHESS_REVIEW_CLASS_INACCURACY)
    return FALSE;

  self->retry = chess_review_retry_start (self->game, viewed, move, self->notation);
  if (self->retry == NULL)
    {
      g_signal_emit (self, signals[SIGNAL_NOTICE], 0,
                     _("A move can be retried in a finished or opened game"));
      return FALSE;
    }
  g_signal_connect_swapped (self->retry, "changed", G_CALLBACK (retry_changed_cb), self);
  retry_changed_cb (self);
  set_arrow (self, CHESS_MOVE_NONE);
  update (self);
  if (self->board != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
  return TRUE;
}

gboolean
chess_review_panel_is_retrying (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), FALSE);
  return self->retry != NULL;
}

void
chess_review_panel_end_retry (ChessReviewPanel *self)
{
  g_autoptr(ChessReviewRetry) retry = NULL;

  g_return_if_fail (CHESS_IS_REVIEW_PANEL (self));

  if (self->retry == NULL)
    return;
  /* Not retrying any more while the game shows the mistake again. */
  retry = g_steal_pointer (&self->retry);
  g_signal_handlers_disconnect_by_data (retry, self);
  chess_review_retry_finish (retry);
  update (self);
}

static void
retry_clicked_cb (ChessReviewPanel *self)
{
  chess_review_panel_retry (self);
}

static void
retry_again_clicked_cb (ChessReviewPanel *self)
{
  if (self->retry == NULL)
    return;
  chess_review_retry_try_again (self->retry);
  if (self->board != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

/* ---- Public ---- */

void
chess_review_panel_set_game (ChessReviewPanel *self,
                             ChessGame        *game)
{
  gboolean was_running;

  g_return_if_fail (CHESS_IS_REVIEW_PANEL (self));
  g_return_if_fail (game == NULL || CHESS_IS_GAME (game));

  if (self->game == game)
    return;
  chess_review_panel_end_retry (self);
  was_running = chess_review_panel_is_running (self);
  drop_review (self);
  if (was_running)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_set_object (&self->game, game);
  /* Reads the game, and so does the panel (graph_reloaded_cb). */
  chess_eval_graph_set_game (self->graph, game);
}

void
chess_review_panel_set_board (ChessReviewPanel *self,
                              ChessBoardView   *board)
{
  g_return_if_fail (CHESS_IS_REVIEW_PANEL (self));

  if (self->board != NULL)
    {
      chess_board_view_set_extra_arrows (self->board, ARROW_OWNER, NULL, 0);
      g_object_remove_weak_pointer (G_OBJECT (self->board), (gpointer *) &self->board);
    }
  self->board = board;
  if (board != NULL)
    g_object_add_weak_pointer (G_OBJECT (board), (gpointer *) &self->board);
  update_verdict (self);
}

void
chess_review_panel_set_notation (ChessReviewPanel *self,
                                 ChessNotation     notation)
{
  g_return_if_fail (CHESS_IS_REVIEW_PANEL (self));

  if (self->notation == notation)
    return;
  self->notation = notation;
  update_verdict (self);
  if (self->retry != NULL)
    chess_review_retry_set_notation (self->retry, notation);
}

ChessReview *
chess_review_panel_get_review (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), NULL);
  return self->review;
}

ChessEvalGraph *
chess_review_panel_get_graph (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), NULL);
  return self->graph;
}

static const char *
shown_text (GtkWidget *label,
            GtkWidget *box)
{
  return gtk_widget_get_visible (box) ? gtk_label_get_text (GTK_LABEL (label)) : "";
}

const char *
chess_review_panel_get_verdict (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), "");
  return shown_text (self->verdict, self->verdict_box);
}

const char *
chess_review_panel_get_summary (ChessReviewPanel *self,
                                ChessColor        player)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), "");
  if (!gtk_widget_get_visible (self->summary_box) || self->summary[player] == NULL)
    return "";
  return self->summary[player];
}

const char *
chess_review_panel_get_progress_text (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), "");
  if (!gtk_widget_get_visible (self->progress_row))
    return "";
  return gtk_progress_bar_get_text (GTK_PROGRESS_BAR (self->progress));
}

const char *
chess_review_panel_get_retry_text (ChessReviewPanel *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_PANEL (self), "");
  return shown_text (self->retry_label, self->retry_box);
}

/* ---- Size: never more than the room there is ---- */

static void
chess_review_panel_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  ChessReviewPanel *self = CHESS_REVIEW_PANEL (widget);

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, NULL, NULL);
  /* The layout keeps the board's size whatever the panel shows. */
  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = 0;
}

static void
chess_review_panel_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  ChessReviewPanel *self = CHESS_REVIEW_PANEL (widget);
  int minimum = 0;

  /* Short of room, the box keeps its own minimum and is cut off. */
  gtk_widget_measure (self->box, GTK_ORIENTATION_VERTICAL, width, &minimum, NULL, NULL, NULL);
  gtk_widget_allocate (self->box, width, MAX (height, minimum), -1, NULL);
}

/* ---- GObject ---- */

static void
chess_review_panel_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  ChessReviewPanel *self = CHESS_REVIEW_PANEL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, chess_review_panel_is_running (self));
      break;
    case PROP_CAN_START:
      g_value_set_boolean (value, chess_review_panel_can_start (self));
      break;
    case PROP_RETRYING:
      g_value_set_boolean (value, chess_review_panel_is_retrying (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_review_panel_dispose (GObject *object)
{
  ChessReviewPanel *self = CHESS_REVIEW_PANEL (object);

  if (self->retry != NULL)
    g_signal_handlers_disconnect_by_data (self->retry, self);
  g_clear_object (&self->retry);
  drop_review (self);
  chess_review_panel_set_board (self, NULL);
  g_clear_object (&self->game);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (chess_review_panel_parent_class)->dispose (object);
}

static void
chess_review_panel_finalize (GObject *object)
{
  ChessReviewPanel *self = CHESS_REVIEW_PANEL (object);

  g_clear_pointer (&self->tree_moves, g_array_unref);
  g_clear_pointer (&self->tree_judged, g_array_unref);
  g_free (self->summary[0]);
  g_free (self->summary[1]);

  G_OBJECT_CLASS (chess_review_panel_parent_class)->finalize (object);
}

static void
chess_review_panel_class_init (ChessReviewPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = chess_review_panel_get_property;
  object_class->dispose = chess_review_panel_dispose;
  object_class->finalize = chess_review_panel_finalize;
  widget_class->measure = chess_review_panel_measure;
  widget_class->size_allocate = chess_review_panel_size_allocate;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_START] =
    g_param_spec_boolean ("can-start", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RETRYING] =
    g_param_spec_boolean ("retrying", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_NOTICE] =
    g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "reviewpanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkWidget *
wrapping_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (GTK_LABEL (label), 12);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
labelled_button (const char *label)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  chess_a11y_name_button (button, NULL);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

static void
chess_review_panel_init (ChessReviewPanel *self)
{
  GtkWidget *row;

  self->notation = CHESS_NOTATION_SAN;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game review"),
                                  -1);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  /* Progress and Cancel. */
  self->progress_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  self->progress = gtk_progress_bar_new ();
  gtk_progress_bar_set_show_text (GTK_PROGRESS_BAR (self->progress), TRUE);
  gtk_progress_bar_set_ellipsize (GTK_PROGRESS_BAR (self->progress), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (self->progress, TRUE);
  gtk_widget_set_valign (self->progress, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Review progress"), -1);
  gtk_box_append (GTK_BOX (self->progress_row), self->progress);
  self->cancel_button = labelled_button (_("_Cancel Review"));
  g_signal_connect_swapped (self->cancel_button, "clicked",
                            G_CALLBACK (chess_review_panel_cancel), self);
  gtk_box_append (GTK_BOX (self->progress_row), self->cancel_button);
  gtk_box_append (GTK_BOX (self->box), self->progress_row);

  self->graph = CHESS_EVAL_GRAPH (chess_eval_graph_new ());
  g_signal_connect_swapped (self->graph, "reloaded", G_CALLBACK (graph_reloaded_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->graph));

  /* Each player's accuracy and counts. */
  self->summary_box = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->summary_box), 8);
  gtk_widget_add_css_class (self->summary_box, "review-summary");
  for (int c = 0; c < 2; c++)
    {
      self->names[c] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->names[c]), 0);
      gtk_label_set_ellipsize (GTK_LABEL (self->names[c]), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (self->names[c]), 6);
      gtk_widget_set_hexpand (self->names[c], TRUE);
      gtk_widget_add_css_class (self->names[c], "review-player");
      self->figures[c] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (self->figures[c]), 1);
      gtk_widget_add_css_class (self->figures[c], "review-figures");
      gtk_widget_add_css_class (self->figures[c], "numeric");
      gtk_grid_attach (GTK_GRID (self->summary_box), self->names[c], 0, c, 1, 1);
      gtk_grid_attach (GTK_GRID (self->summary_box), self->figures[c], 1, c, 1, 1);
    }
  self->judge = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->judge), 0);
  gtk_label_set_wrap (GTK_LABEL (self->judge), TRUE);
  gtk_widget_add_css_class (self->judge, "review-judge");
  gtk_widget_add_css_class (self->judge, "caption");
  gtk_widget_add_css_class (self->judge, "dim-label");
  gtk_grid_attach (GTK_GRID (self->summary_box), self->judge, 0, 2, 2, 1);
  gtk_box_append (GTK_BOX (self->box), self->summary_box);

  /* The move viewed, and Retry, in a place of a fixed height (style.css:
   * .review-words) as the person steps through the moves: a verdict of one
   * line, of six or none, and Retry shown or not, would move the list
   * under it at each step, away from the pointer. The words scroll when
   * longer; cut short they would lose the better move, said last. */
  self->verdict_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (self->verdict_box, "review-words");
  self->verdict_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->verdict_scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->verdict_scroller, TRUE);
  self->verdict = wrapping_label ("review-verdict");
  gtk_widget_set_valign (self->verdict, GTK_ALIGN_START);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->verdict_scroller), self->verdict);
  gtk_box_append (GTK_BOX (self->verdict_box), self->verdict_scroller);
  self->retry_button = labelled_button (_("_Retry This Move"));
  gtk_widget_set_halign (self->retry_button, GTK_ALIGN_START);
  g_signal_connect_swapped (self->retry_button, "clicked", G_CALLBACK (retry_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->verdict_box), self->retry_button);
  gtk_box_append (GTK_BOX (self->box), self->verdict_box);

  /* A retry going on. */
  self->retry_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (self->retry_box, "review-retry");
  self->retry_label = wrapping_label ("review-verdict");
  gtk_box_append (GTK_BOX (self->retry_box), self->retry_label);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  self->retry_again_button = labelled_button (_("_Try Again"));
  g_signal_connect_swapped (self->retry_again_button, "clicked",
                            G_CALLBACK (retry_again_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), self->retry_again_button);
  self->retry_back_button = labelled_button (_("_Back to the Review"));
  gtk_widget_add_css_class (self->retry_back_button, "suggested-action");
  g_signal_connect_swapped (self->retry_back_button, "clicked",
                            G_CALLBACK (chess_review_panel_end_retry), self);
  gtk_box_append (GTK_BOX (row), self->retry_back_button);
  gtk_box_append (GTK_BOX (self->retry_box), row);
  gtk_box_append (GTK_BOX (self->box), self->retry_box);

  update (self);
}

GtkWidget *
chess_review_panel_new (void)
{
  return g_object_new (CHESS_TYPE_REVIEW_PANEL, NULL);
}
