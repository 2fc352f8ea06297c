/* chess-review-retry.c — retrying a reviewed mistake. */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "chess-engine-levels.h"
#include "chess-player.h"
#include "chess-review-motif.h"
#include "chess-review-words.h"

#include "chess-review-retry.h"

struct _ChessReviewRetry
{
  GObject            parent_instance;

  /* Owned */
  ChessGame         *game;
  ChessPlayer *engine;
  GCancellable      *cancellable;     /* the think under way */
  GPtrArray         *known;           /* parent's children before the retry */
  char              *text;

  /* Borrowed from the game's tree (the retry never deletes them) */
  ChessTreeNode     *parent;          /* the position before the mistake */
  ChessTreeNode     *mistake;
  ChessTreeNode     *judged;          /* the attempt judged last */

  ChessReviewMove    reference;       /* what the review said about it */
  ChessNotation      notation;
  gboolean           started;         /* the engine is ready */
  gboolean           try_again;
  gboolean           finished;
  guint              answer_idle;
};

G_DEFINE_FINAL_TYPE (ChessReviewRetry, chess_review_retry, G_TYPE_OBJECT)

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_text (ChessReviewRetry *self,
          const char       *text,
          gboolean          try_again)
{
  if (g_strcmp0 (self->text, text) == 0 && self->try_again == try_again)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  self->try_again = try_again;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
prompt (ChessReviewRetry *self)
{
  ChessBoard before;
  g_autofree char *played = NULL;
  g_autofree char *text = NULL;

  chess_tree_board_at (chess_game_get_tree (self->game), self->parent, &before);
  played = chess_review_words_line (&before, &self->reference.move, 1, self->notation);
  text = g_strdup_printf (before.side == CHESS_COLOR_WHITE
                          /* Translators: %s is the move played in the game, e.g. "5. Nxe5". */
                          ? _("Find a better move for White than %s.")
                          /* Translators: %s is the move played in the game, e.g. "5… Bxd1". */
                          : _("Find a better move for Black than %s."), played);
  set_text (self, text, FALSE);
}

static void
cancel_think (ChessReviewRetry *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->answer_idle, g_source_remove);
}

static gboolean
is_new (ChessReviewRetry *self,
        ChessTreeNode    *child)
{
  for (guint i = 0; i < self->known->len; i++)
    if (g_ptr_array_index (self->known, i) == child)
      return FALSE;
  return TRUE;
}

/* The first move of the attempt `node` is in (a new line, the game's own
 * move again, or the review's better line), or NULL. */
static ChessTreeNode *
attempt_of (ChessReviewRetry *self,
            ChessTreeNode    *node)
{
  for (; node != NULL; node = node->parent)
    if (node->parent == self->parent)
      return is_new (self, node) || node == self->mistake
             || node->move == self->reference.best_move ? node : NULL;
  return NULL;
}

/* Takes back the variations started during the retry. */
static void
take_back (ChessReviewRetry *self)
{
  gboolean removed = TRUE;

  cancel_think (self);
  chess_game_select_node (self->game, self->parent);
  while (removed)
    {
      removed = FALSE;
      for (guint i = 0; i < self->parent->n_children; i++)
        if (is_new (self, self->parent->children[i]))
          {
            chess_game_delete_variation (self->game, self->parent->children[i]);
            removed = TRUE;
            break;
          }
    }
  self->judged = NULL;
}

/* Judges the attempt's first move from the score of the position after it
 * (the opponent's view) and the review's search before it. */
static void
judge (ChessReviewRetry      *self,
       ChessTreeNode         *attempt,
       int                    score_after,
       const ChessPlayerInfo *info)      /* of the position after it, or NULL */
{
  ChessReviewSearch search = { 0 };
  ChessReviewMove judged;
  ChessBoard before;
  g_autofree char *words = NULL;

  chess_tree_board_at (chess_game_get_tree (self->game), self->parent, &before);
  search.score = self->reference.mover_eval_before;
  search.has_second = FALSE;
  search.line_length = MIN (self->reference.best_line_length, CHESS_REVIEW_MAX_LINE);
  memcpy (search.line, self->reference.best_line, search.line_length * sizeof (ChessMove));
  search.depth = self->reference.depth;
  search.doubt = chess_review_engine_doubt (chess_player_is_builtin (self->engine));
  chess_review_move_judge (&judged, self->reference.ply, &before, attempt->move,
                           &search, score_after);
  /* Why, in words, when it is bad again: from the engine's answer to it. */
  chess_review_move_set_reply (&judged, &before, info != NULL ? info->pv : NULL,
                               info != NULL ? info->n_pv : 0);
  chess_review_motif_describe (&judged, &before);
  words = chess_review_words_verdict (&before, &judged, TRUE, self->notation);
  set_text (self, words != NULL ? words : "", TRUE);
}

/* The computer's answer, played once the game is done emitting. */
typedef struct
{
  ChessReviewRetry *self;
  ChessTreeNode    *at;      /* the node the answer follows */
  ChessMove         move;
} Answer;

static gboolean
play_answer_cb (gpointer data)
{
  Answer *answer = data;
  ChessReviewRetry *self = answer->self;

  self->answer_idle = 0;
  if (!self->finished && chess_game_get_view_node (self->game) == answer->at)
    chess_game_play_move (self->game, answer->move, NULL);
  return G_SOURCE_REMOVE;
}

static void
thought_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ChessReviewRetry) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(ChessPlayerReply) reply = NULL;
  ChessTreeNode *at, *attempt;

  reply = chess_player_think_finish (CHESS_PLAYER (source), result, &error);
  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && !self->finished)
        set_text (self, error->message, TRUE);
      return;
    }
  g_clear_object (&self->cancellable);
  if (self->finished)
    return;
  at = chess_game_get_view_node (self->game);
  if (self->judged != NULL && at == self->judged && reply->last_info != NULL)
    {
      const ChessPlayerInfo *info = reply->last_info;
      judge (self, self->judged,
             chess_review_score_of_info (info, chess_player_is_builtin (self->engine)),
             info);
    }
  /* The computer answers for the other side in a line of the player's own
   * (a line already in the game, such as the better one, is there to be
   * read). */
  attempt = attempt_of (self, at);
  if (reply->kind == CHESS_PLAYER_REPLY_MOVE && at->n_children == 0
      && attempt != NULL && is_new (self, attempt))
    {
      Answer *answer = g_new0 (Answer, 1);

      answer->self = self;
      answer->at = at;
      answer->move = reply->move;
      self->answer_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, play_answer_cb, answer, g_free);
    }
}

/* Asks the engine (started) about the position viewed. */
static void
ask (ChessReviewRetry *self)
{
  ChessPlayerLimits limits;
  ChessLine line;
  ChessTreeNode *at = chess_game_get_view_node (self->game);
  g_autofree ChessMove *moves = g_new (ChessMove, at->ply + 1);

  chess_player_limits_init (&limits);
  limits.movetime_ms = CHESS_REVIEW_RETRY_THINK_MS;
  chess_tree_path (at, moves);
  chess_line_init (&line, &chess_game_get_tree (self->game)->start);
  for (guint i = 0; i < at->ply; i++)
    chess_line_push (&line, moves[i]);
  chess_player_think_async (self->engine, &line, &limits, 1, self->cancellable,
                            thought_cb, g_object_ref (self));
  chess_line_clear (&line);
}

static void
started_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(ChessReviewRetry) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!chess_player_start_finish (CHESS_PLAYER (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && !self->finished)
        set_text (self, error->message, TRUE);
      g_clear_object (&self->engine);
      g_clear_object (&self->cancellable);
      return;
    }
  self->started = TRUE;
  if (!self->finished && self->cancellable != NULL
      && !g_cancellable_is_cancelled (self->cancellable))
    ask (self);
}

/* The engine's answer and score for the position viewed. */
static void
think (ChessReviewRetry *self)
{
  cancel_think (self);
  self->cancellable = g_cancellable_new ();
  if (self->engine == NULL)
    {
      self->engine = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
      self->started = FALSE;
      chess_player_start_async (self->engine, self->cancellable, started_cb,
                                g_object_ref (self));
      return;
    }
  if (self->started)
    ask (self);
}

/* The game moved on: judge a new attempt, let the computer answer the
 * player's moves in it. */
static void
game_changed_cb (ChessReviewRetry *self,
                 guint             changes)
{
  ChessTreeNode *viewed, *attempt;
  ChessBoard board;
  ChessMoveList list;

  if (self->finished
      || !(changes & (CHESS_GAME_CHANGED_MOVES | CHESS_GAME_CHANGED_LINE | CHESS_GAME_CHANGED_VIEW)))
    return;
  viewed = chess_game_get_view_node (self->game);
  attempt = attempt_of (self, viewed);
  if (viewed == self->parent)
    {
      cancel_think (self);
      self->judged = NULL;
      prompt (self);
      return;
    }
  if (attempt == NULL)
    return;
  chess_tree_board_at (chess_game_get_tree (self->game), viewed, &board);
  if (viewed == attempt && self->judged != attempt)
    {
      self->judged = attempt;
      if (attempt->move == self->reference.move)
        {
          set_text (self, _("That is the move played in the game."), TRUE);
          return;
        }
      /* Mate or stalemate needs no engine. */
      if (chess_board_generate_legal (&board, &list) == 0)
        {
          judge (self, attempt, chess_board_in_check (&board) ? -CHESS_REVIEW_MATE : 0, NULL);
          return;
        }
      set_text (self, _("Thinking about your move…"), FALSE);
      think (self);
      return;
    }
  /* At the end of the attempt, the player's move: the computer's turn. */
  if (viewed->n_children == 0 && viewed != attempt && board.side != self->reference.mover
      && self->cancellable == NULL && chess_board_generate_legal (&board, &list) > 0)
    think (self);
}

ChessReviewRetry *
chess_review_retry_start (ChessGame             *game,
                          ChessTreeNode         *mistake,
                          const ChessReviewMove *reference,
                          ChessNotation          notation)
{
  ChessReviewRetry *self;

  g_return_val_if_fail (CHESS_IS_GAME (game), NULL);
  g_return_val_if_fail (mistake != NULL && mistake->parent != NULL, NULL);
  g_return_val_if_fail (reference != NULL, NULL);

  /* Copied first: `reference` is the review panel's, which reads the tree
   * again when the game's view moves (below), freeing the old results. */
  ChessReviewMove reference_copy = *reference;

  chess_game_select_node (game, mistake->parent);
  /* A game being played goes on at its end only. */
  if (!chess_game_can_play_at_view (game))
    {
      chess_game_select_node (game, mistake);
      return NULL;
    }
  self = g_object_new (CHESS_TYPE_REVIEW_RETRY, NULL);
  self->game = g_object_ref (game);
  self->mistake = mistake;
  self->parent = mistake->parent;
  self->reference = reference_copy;
  self->notation = notation;
  for (guint i = 0; i < self->parent->n_children; i++)
    g_ptr_array_add (self->known, self->parent->children[i]);
  g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  prompt (self);
  return self;
}

const char *
chess_review_retry_get_text (ChessReviewRetry *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_RETRY (self), "");
  return self->text != NULL ? self->text : "";
}

gboolean
chess_review_retry_can_try_again (ChessReviewRetry *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW_RETRY (self), FALSE);
  return self->try_again;
}

void
chess_review_retry_try_again (ChessReviewRetry *self)
{
  g_return_if_fail (CHESS_IS_REVIEW_RETRY (self));

  if (self->finished)
    return;
  take_back (self);
  prompt (self);
}

void
chess_review_retry_finish (ChessReviewRetry *self)
{
  g_return_if_fail (CHESS_IS_REVIEW_RETRY (self));

  if (self->finished)
    return;
  take_back (self);
  self->finished = TRUE;
  g_signal_handlers_disconnect_by_data (self->game, self);
  chess_game_select_node (self->game, self->mistake);
}

void
chess_review_retry_set_notation (ChessReviewRetry *self,
                                 ChessNotation     notation)
{
  g_return_if_fail (CHESS_IS_REVIEW_RETRY (self));

  self->notation = notation;
  if (!self->finished && self->judged == NULL)
    prompt (self);
}

static void
chess_review_retry_dispose (GObject *object)
{
  ChessReviewRetry *self = CHESS_REVIEW_RETRY (object);

  self->finished = TRUE;
  cancel_think (self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->engine);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (chess_review_retry_parent_class)->dispose (object);
}

static void
chess_review_retry_finalize (GObject *object)
{
  ChessReviewRetry *self = CHESS_REVIEW_RETRY (object);

  g_ptr_array_unref (self->known);
  g_free (self->text);

  G_OBJECT_CLASS (chess_review_retry_parent_class)->finalize (object);
}

static void
chess_review_retry_class_init (ChessReviewRetryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chess_review_retry_dispose;
  object_class->finalize = chess_review_retry_finalize;

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
chess_review_retry_init (ChessReviewRetry *self)
{
  self->known = g_ptr_array_new ();
  self->notation = CHESS_NOTATION_SAN;
}
