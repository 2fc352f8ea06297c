/* chess-review.c — ChessReview: searches every position of a game's main
 * line with an engine player, one after the other, judges each move from
 * the searches before and after it (chess-review-score.c), and writes the
 * judgement into the game's tree at once: the tree is where it is kept. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "chess-engine-levels.h"
#include "chess-review.h"
#include "chess-review-looks.h"
#include "chess-review-motif.h"

/* An external engine that takes this much longer than asked is hung. */
#define TIMEOUT_MARGIN_MS 10000

struct _ChessReview
{
  GObject            parent_instance;

  /* Owned references */
  ChessPlayer *engine;
  GTask             *task;          /* the running review                   */
  gulong             thinking_id;

  /* The line under review, and where its judgements go: the game's tree
   * (game) or a tree the caller owns (tree). */
  ChessLine          line;
  guint              n_moves;
  ChessGame         *game;
  ChessTree         *tree;

  /* Settings */
  guint              time_per_move_ms;
  guint64            nodes;
  guint              depth;

  /* In flight */
  ChessReviewSearch *searches;      /* n_moves + 1: before each move, and
                                     * the final position                  */
  guint              n_searched;    /* positions with their score          */
  guint              n_reviewed;    /* moves judged and handed to the tree */
  ChessPlayerInfo   *infos[3];      /* the running think's lines 1 and 2   */
  /* A move that lost a mistake's worth by the searches around it: the
   * positions before and after it are searched again, deeper (and near a
   * mistake's bound, deeper again), before the move is judged. */
  guint8            *looks;         /* n_moves + 1: times searched again   */
  guint              recheck_ply;   /* the move                            */
  guint              recheck_looks; /* the look its positions are due      */
  int                recheck_after; /* the score after it                  */
  guint              recheck_pos;   /* the position being searched again   */
  gboolean           recheck_late;  /* of the move before the pending one  */
  /* The move searched around but not judged yet: the next move's rechecks
   * may still search the position after it deeper (-1: none). */
  int                pending;
  gboolean           started;
  gboolean           running;
};

G_DEFINE_FINAL_TYPE (ChessReview, chess_review, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PROGRESS,
  PROP_RUNNING,
  PROP_COMPLETE,
  PROP_TIME_PER_MOVE,
  PROP_NODES,
  PROP_DEPTH,
  PROP_ENGINE,
  PROP_N_MOVES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_MOVE_REVIEWED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void search_next (ChessReview *self);

/* ---- GObject ------------------------------------------------------------ */

static void
clear_infos (ChessReview *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->infos); i++)
    g_clear_pointer (&self->infos[i], chess_player_info_free);
}

static void
chess_review_dispose (GObject *object)
{
  ChessReview *self = CHESS_REVIEW (object);

  if (self->engine != NULL)
    g_clear_signal_handler (&self->thinking_id, self->engine);
  g_clear_object (&self->engine);
  g_clear_object (&self->task);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (chess_review_parent_class)->dispose (object);
}

static void
chess_review_finalize (GObject *object)
{
  ChessReview *self = CHESS_REVIEW (object);

  clear_infos (self);
  chess_line_clear (&self->line);
  g_free (self->searches);
  g_free (self->looks);
  G_OBJECT_CLASS (chess_review_parent_class)->finalize (object);
}

static void
chess_review_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  ChessReview *self = CHESS_REVIEW (object);

  switch (prop_id)
    {
    case PROP_PROGRESS:
      g_value_set_double (value, chess_review_get_progress (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, chess_review_is_complete (self));
      break;
    case PROP_TIME_PER_MOVE:
      g_value_set_uint (value, self->time_per_move_ms);
      break;
    case PROP_NODES:
      g_value_set_uint64 (value, self->nodes);
      break;
    case PROP_DEPTH:
      g_value_set_uint (value, self->depth);
      break;
    case PROP_ENGINE:
      g_value_set_object (value, self->engine);
      break;
    case PROP_N_MOVES:
      g_value_set_uint (value, self->n_moves);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_review_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  ChessReview *self = CHESS_REVIEW (object);

  switch (prop_id)
    {
    case PROP_TIME_PER_MOVE:
      chess_review_set_time_per_move (self, g_value_get_uint (value));
      break;
    case PROP_NODES:
      chess_review_set_nodes (self, g_value_get_uint64 (value));
      break;
    case PROP_DEPTH:
      chess_review_set_depth (self, g_value_get_uint (value));
      break;
    case PROP_ENGINE:
      chess_review_set_engine (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
chess_review_class_init (ChessReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = chess_review_dispose;
  object_class->finalize = chess_review_finalize;
  object_class->get_property = chess_review_get_property;
  object_class->set_property = chess_review_set_property;

  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_TIME_PER_MOVE] =
    g_param_spec_uint ("time-per-move", NULL, NULL, 1, 3600 * 1000,
                       CHESS_REVIEW_DEFAULT_TIME_PER_MOVE_MS,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_NODES] =
    g_param_spec_uint64 ("nodes", NULL, NULL, 0, G_MAXUINT64, CHESS_REVIEW_DEFAULT_NODES,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DEPTH] =
    g_param_spec_uint ("depth", NULL, NULL, 0, 100, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ENGINE] =
    g_param_spec_object ("engine", NULL, NULL, CHESS_TYPE_PLAYER,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_MOVE_REVIEWED] =
    g_signal_new ("move-reviewed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
chess_review_init (ChessReview *self)
{
  const char *nodes = g_getenv ("THINKCHESS_REVIEW_NODES");

  self->time_per_move_ms = CHESS_REVIEW_DEFAULT_TIME_PER_MOVE_MS;
  self->nodes = CHESS_REVIEW_DEFAULT_NODES;
  /* The test suite's sanitizer build searches about ten times slower: its
   * reviews take a smaller default budget, still a fixed one. */
  if (nodes != NULL && g_ascii_strtoull (nodes, NULL, 10) > 0)
    self->nodes = g_ascii_strtoull (nodes, NULL, 10);
}

/* ---- Construction and settings ----------------------------------------- */

static ChessReview *
review_new (const ChessTree *tree)
{
  ChessReview *self = g_object_new (CHESS_TYPE_REVIEW, NULL);

  chess_line_init (&self->line, &tree->start);
  for (const ChessTreeNode *node = tree->root; node->n_children > 0; node = node->children[0])
    chess_line_push (&self->line, node->children[0]->move);
  self->n_moves = (guint) self->line.n_moves;
  self->searches = g_new0 (ChessReviewSearch, self->n_moves + 1);
  self->looks = g_new0 (guint8, self->n_moves + 1);
  self->pending = -1;
  return self;
}

ChessReview *
chess_review_new_for_tree (ChessTree *tree)
{
  g_return_val_if_fail (tree != NULL, NULL);

  ChessReview *self = review_new (tree);
  self->tree = tree;
  return self;
}

ChessReview *
chess_review_new (ChessGame *game)
{
  g_return_val_if_fail (CHESS_IS_GAME (game), NULL);

  ChessReview *self = review_new (chess_game_get_tree (game));
  self->game = g_object_ref (game);
  return self;
}

void
chess_review_set_time_per_move (ChessReview *self,
                                guint        ms)
{
  g_return_if_fail (CHESS_IS_REVIEW (self));
  g_return_if_fail (!self->started);

  ms = MAX (ms, 1);
  /* Asking for a time makes the review timed. */
  chess_review_set_nodes (self, 0);
  if (self->time_per_move_ms == ms)
    return;
  self->time_per_move_ms = ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_PER_MOVE]);
}

guint
chess_review_get_time_per_move (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), 0);
  return self->time_per_move_ms;
}

void
chess_review_set_nodes (ChessReview *self,
                        guint64      nodes)
{
  g_return_if_fail (CHESS_IS_REVIEW (self));
  g_return_if_fail (!self->started);

  if (self->nodes == nodes)
    return;
  self->nodes = nodes;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODES]);
}

guint64
chess_review_get_nodes (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), 0);
  return self->nodes;
}

void
chess_review_set_depth (ChessReview *self,
                        guint        depth)
{
  g_return_if_fail (CHESS_IS_REVIEW (self));
  g_return_if_fail (!self->started);

  if (self->depth == depth)
    return;
  self->depth = depth;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEPTH]);
}

guint
chess_review_get_depth (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), 0);
  return self->depth;
}

void
chess_review_set_engine (ChessReview       *self,
                         ChessPlayer *engine)
{
  g_return_if_fail (CHESS_IS_REVIEW (self));
  g_return_if_fail (engine == NULL || CHESS_IS_PLAYER (engine));
  g_return_if_fail (!self->started);

  if (g_set_object (&self->engine, engine))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENGINE]);
}

ChessPlayer *
chess_review_get_engine (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), NULL);
  return self->engine;
}

/* ---- The budget ---------------------------------------------------------- */

typedef enum
{
  BUDGET_DEPTH,
  BUDGET_NODES,
  BUDGET_TIME,
} Budget;

/* What limits each search: the depth, else the nodes where the engine
 * can count them (xboard cannot: it keeps the time), else the time. */
static Budget
budget_kind (ChessReview *self)
{
  if (self->depth > 0)
    return BUDGET_DEPTH;
  if (self->nodes > 0 && (self->engine == NULL || chess_player_counts_nodes (self->engine)))
    return BUDGET_NODES;
  return BUDGET_TIME;
}

char *
chess_review_describe_judge (ChessReview *self)
{
  g_autofree char *engine = NULL;

  g_return_val_if_fail (CHESS_IS_REVIEW (self), NULL);

  /* The review's own engine is the built-in one at full strength: named by
   * the program's version, which fixes its judgement. */
  if (self->engine == NULL || chess_player_get_level (self->engine) == CHESS_ENGINE_LEVEL_MAX)
    engine = g_strdup_printf ("ThinkChess %s", PACKAGE_VERSION);
  else
    engine = g_strdup (chess_player_get_engine_name (self->engine));

  switch (budget_kind (self))
    {
    case BUDGET_DEPTH:
      /* Translators: who judged a reviewed game and how deep each position
       * was searched: "ThinkChess 0.1.0, depth 12". */
      return g_strdup_printf (_("%s, depth %u"), engine, self->depth);
    case BUDGET_NODES:
      /* Translators: who judged a reviewed game and how many positions
       * (nodes) it searched for each position of the game: "ThinkChess
       * 0.1.0, 400,000 nodes a position". %'lu groups the digits as the
       * language does; keep the '. */
      return g_strdup_printf (ngettext ("%s, %'lu node a position", "%s, %'lu nodes a position",
                                        (gulong) MIN (self->nodes, G_MAXULONG)),
                              engine, (gulong) self->nodes);
    case BUDGET_TIME:
    default:
      /* Translators: who judged a reviewed game and how long it thought
       * about each position: "Stockfish 15.1, 300 ms a position". */
      return g_strdup_printf (_("%s, %u ms a position"), engine, self->time_per_move_ms);
    }
}

/* ---- Reading the results ------------------------------------------------ */

double
chess_review_get_progress (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), 0.0);
  return (double) self->n_searched / (self->n_moves + 1);
}

gboolean
chess_review_is_running (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), FALSE);
  return self->running;
}

gboolean
chess_review_is_complete (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), FALSE);
  return self->n_searched == self->n_moves + 1 && self->n_reviewed == self->n_moves;
}

guint
chess_review_get_n_moves (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), 0);
  return self->n_moves;
}

guint
chess_review_get_n_reviewed (ChessReview *self)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), 0);
  return self->n_reviewed;
}

guint
chess_review_count_moves (ChessReview *self,
                          guint        plies)
{
  g_return_val_if_fail (CHESS_IS_REVIEW (self), 0);

  if (plies == 0)
    return 0;
  /* From a position with Black to move, the first half-move is a move. */
  if (self->line.start.side == CHESS_COLOR_BLACK)
    return 1 + plies / 2;
  return (plies + 1) / 2;
}

/* ---- Running ------------------------------------------------------------ */

static void
set_running (ChessReview *self,
             gboolean     running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void judge_move (ChessReview *self, guint ply, int score_after);

/* Stopped early (cancelled, or the engine failed): the moves whose
 * positions were searched are judged by those searches, not lost. */
static void
judge_waiting_moves (ChessReview *self)
{
  if (self->recheck_late)
    {
      self->recheck_late = FALSE;
      judge_move (self, self->recheck_ply, self->searches[self->recheck_ply + 1].score);
    }
  if (self->pending >= 0)
    judge_move (self, (guint) self->pending, self->searches[self->pending + 1].score);
  self->pending = -1;
}

static void
finish (ChessReview *self,
        GError      *error)   /* taken; NULL: done */
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  if (error != NULL)
    judge_waiting_moves (self);
  if (self->engine != NULL)
    g_clear_signal_handler (&self->thinking_id, self->engine);
  clear_infos (self);
  set_running (self, FALSE);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
thinking_cb (ChessPlayer *engine,
             ChessPlayerInfo   *info,
             ChessReview       *self)
{
  if (!(info->has & CHESS_PLAYER_INFO_HAS_SCORE))
    return;
  /* An aspiration search's bound is no score: and since an engine
   * reports bounds only after a while, keeping one would tie the review
   * to the clock. */
  if (info->bound != CHESS_SCORE_BOUND_EXACT)
    return;
  int n = info->has & CHESS_PLAYER_INFO_HAS_MULTIPV ? info->multipv : 1;
  if (n < 1 || n > 2)
    return;
  chess_player_info_free (self->infos[n]);
  self->infos[n] = chess_player_info_copy (info);
}

static int
info_score (ChessReview           *self,
            const ChessPlayerInfo *info)
{
  return chess_review_score_of_info (info, chess_player_is_builtin (self->engine));
}

/* The score of the position after the line's last move when the game has
 * ended there, from the side to move's view; FALSE when it goes on. */
static gboolean
final_score (const ChessLine *line,
             int             *score)
{
  switch (chess_line_status (line))
    {
    case CHESS_STATUS_CHECKMATE:
      *score = -CHESS_REVIEW_MATE;
      return TRUE;
    case CHESS_STATUS_STALEMATE:
    case CHESS_STATUS_INSUFFICIENT_MATERIAL:
    case CHESS_STATUS_FIVEFOLD_REPETITION:
    case CHESS_STATUS_SEVENTY_FIVE_MOVES:
      *score = 0;
      return TRUE;
    case CHESS_STATUS_ONGOING:
    default:
      return FALSE;
    }
}

static void recheck_async (ChessReview *self, guint pos);

/* The position around move `ply` to search again next for look `looks`. */
static int
next_recheck (ChessReview *self,
              guint        ply,
              guint        looks)
{
  return chess_review_looks_next (self->searches, self->looks, ply, looks);
}

/* The game's last move waits for nothing after it. */
static void
judge_last_move (ChessReview *self)
{
  if (self->pending != (int) self->n_moves - 1)
    return;
  judge_move (self, self->n_moves - 1, self->searches[self->n_moves].score);
  self->pending = -1;
}

/* Move `ply` has its searches: the pending move before it is judged now
 * (searched again first if `ply`'s rechecks made that due) and `ply`
 * waits in its place. FALSE while the move before it is searched again. */
static gboolean
settle_move (ChessReview *self,
             guint        ply)
{
  int before = self->pending;

  self->pending = (int) ply;
  if (before >= 0 && chess_review_looks_late_due (self->searches, self->looks, (guint) before))
    {
      self->recheck_ply = (guint) before;
      self->recheck_looks = self->looks[before + 1];
      self->recheck_after = self->searches[before + 1].score;
      self->recheck_late = TRUE;
      recheck_async (self, (guint) next_recheck (self, (guint) before, self->recheck_looks));
      return FALSE;
    }
  if (before >= 0)
    judge_move (self, (guint) before, self->searches[before + 1].score);
  judge_last_move (self);
  return TRUE;
}

/* Position `pos` has its score: the move that led to it is settled. FALSE
 * when that waits for positions around it to be searched again. */
static gboolean
position_done (ChessReview *self,
               guint        pos,
               int          score)
{
  self->n_searched = pos + 1;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);

  if (pos > 0
      && chess_review_looks_second_due (chess_review_looks_loss (self->searches[pos - 1].score, score))
      && next_recheck (self, pos - 1, 1) >= 0)
    {
      self->recheck_ply = pos - 1;
      self->recheck_looks = 1;
      self->recheck_after = score;
      recheck_async (self, (guint) next_recheck (self, pos - 1, 1));
      return FALSE;
    }
  if (pos > 0 && !settle_move (self, pos - 1))
    return FALSE;
  if (chess_review_is_complete (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
  return TRUE;
}

typedef struct
{
  ChessReview           *review;
  const ChessReviewMove *move;
} Judged;

static gboolean
annotate_cb (ChessTree *tree,
             gpointer   user_data)
{
  Judged *judged = user_data;

  return tree->start.key == judged->review->line.start.key
         && chess_review_annotate_move (tree, judged->review->line.moves, judged->move);
}

static void
judge_move (ChessReview *self,
            guint        ply,
            int          score_after)
{
  ChessReviewMove move;
  Judged judged = { self, &move };
  ChessBoard before;

  chess_line_board_at (&self->line, ply, &before);
  chess_review_move_judge (&move, ply, &before, self->line.moves[ply],
                           &self->searches[ply], score_after);
  chess_review_move_set_reply (&move, &before, self->searches[ply + 1].line,
                               self->searches[ply + 1].line_length);
  chess_review_motif_describe (&move, &before);
  /* Into the tree at once, while its main line still starts with the
   * reviewed moves: the game's "changed" (TREE) tells its views. */
  if (self->game != NULL)
    chess_game_annotate (self->game, annotate_cb, &judged);
  else
    annotate_cb (self->tree, &judged);
  self->n_reviewed = ply + 1;
  g_signal_emit (self, signals[SIGNAL_MOVE_REVIEWED], 0, ply);
}

/* A position's search from the engine's reply and the lines it reported;
 * FALSE (and the review finished with an error) without a score. */
static gboolean
read_search (ChessReview       *self,
             ChessPlayerReply  *reply,
             ChessReviewSearch *search)
{
  const ChessPlayerInfo *best = self->infos[1] != NULL ? self->infos[1] : reply->last_info;

  if (best == NULL)
    {
      finish (self, g_error_new (CHESS_PLAYER_ERROR, CHESS_PLAYER_ERROR_UNSUPPORTED,
                                 _("%s gave no evaluation of the position."),
                                 chess_player_get_name (self->engine)));
      return FALSE;
    }

  memset (search, 0, sizeof *search);
  search->score = info_score (self, best);
  search->depth = best->depth;
  search->doubt = chess_review_engine_doubt (chess_player_is_builtin (self->engine));
  search->line_length = MIN (best->n_pv, CHESS_REVIEW_MAX_LINE);
  memcpy (search->line, best->pv, search->line_length * sizeof search->line[0]);
  /* Its best move is the first of the line whose score the review takes,
   * not the move it answers: stopped by a budget, an engine may answer
   * from a deeper iteration it did not finish, whose score it never gave.
   * The answer stands in only for a line without moves. (An xboard
   * engine may resign or claim instead: then the line is all.) */
  if (reply->kind == CHESS_PLAYER_REPLY_MOVE && search->line_length == 0)
    {
      search->line[0] = reply->move;
      search->line_length = 1;
    }
  if (self->infos[2] != NULL && self->infos[2]->n_pv > 0)
    {
      search->has_second = TRUE;
      search->second_score = info_score (self, self->infos[2]);
      search->second_move = self->infos[2]->pv[0];
    }
  clear_infos (self);
  return TRUE;
}

/* The engine's reply to a think, or NULL with the review finished by the
 * engine's error. */
static ChessPlayerReply *
think_reply (ChessReview  *self,
             GObject      *source,
             GAsyncResult *result)
{
  g_autoptr(GError) error = NULL;
  ChessPlayerReply *reply = chess_player_think_finish (CHESS_PLAYER (source),
                                                       result, &error);

  if (reply == NULL)
    finish (self, g_steal_pointer (&error));
  return reply;
}

static void
think_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(ChessReview) self = user_data;
  g_autoptr(ChessPlayerReply) reply = think_reply (self, source, result);
  guint pos = self->n_searched;

  if (reply == NULL)
    return;
  if (!read_search (self, reply, &self->searches[pos]))
    return;
  if (position_done (self, pos, self->searches[pos].score))
    search_next (self);
}

/* The deeper search of a position around the move being rechecked: first
 * the one before it, then (unless the game ended there) the one after it,
 * so that the move is judged by two searches of the same depth (either may
 * have been searched again already, for the move before). Then the review
 * goes on. */
static void
recheck_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(ChessReview) self = user_data;
  g_autoptr(ChessPlayerReply) reply = think_reply (self, source, result);
  guint ply = self->recheck_ply;
  guint pos = self->recheck_pos;
  ChessReviewSearch deeper;
  int next;

  if (reply == NULL)
    return;
  if (!read_search (self, reply, &deeper))
    return;
  self->searches[pos] = deeper;
  self->looks[pos] = (guint8) self->recheck_looks;
  if (pos == ply + 1)
    self->recheck_after = deeper.score;
  next = next_recheck (self, ply, self->recheck_looks);
  if (next < 0
      && chess_review_looks_third_due (chess_review_looks_loss (self->searches[ply].score,
                                                                self->recheck_after),
                                       self->recheck_looks))
    next = next_recheck (self, ply, ++self->recheck_looks);
  if (next >= 0)
    {
      recheck_async (self, (guint) next);
      return;
    }
  if (self->recheck_late)
    {
      self->recheck_late = FALSE;
      judge_move (self, ply, self->recheck_after);
      judge_last_move (self);
    }
  else if (!settle_move (self, ply))
    return;
  if (chess_review_is_complete (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
  search_next (self);
}

/* What limits a search: the review's budget, deeper for each of the
 * `looks` it is searched again. */
static void
set_limits (ChessReview       *self,
            ChessPlayerLimits *limits,
            guint              looks)
{
  guint64 factor = chess_review_looks_factor (looks);

  chess_player_limits_init (limits);
  limits->judging = TRUE;
  switch (budget_kind (self))
    {
    case BUDGET_DEPTH:
      /* Four times the nodes are about two plies more. */
      limits->depth = (int) self->depth + 2 * (int) looks;
      break;
    case BUDGET_NODES:
      limits->nodes = self->nodes * factor;
      break;
    case BUDGET_TIME:
    default:
      limits->movetime_ms = (gint64) (self->time_per_move_ms * factor);
      limits->timeout_ms = (gint64) (self->time_per_move_ms * factor) + TIMEOUT_MARGIN_MS;
      break;
    }
}

/* Searches position `pos` again, deeper. */
static void
recheck_async (ChessReview *self,
               guint        pos)
{
  ChessLine line;
  ChessPlayerLimits limits;

  self->recheck_pos = pos;
  chess_line_init (&line, &self->line.start);
  for (guint i = 0; i < pos; i++)
    chess_line_push (&line, self->line.moves[i]);
  set_limits (self, &limits, self->recheck_looks);
  clear_infos (self);
  chess_player_think_async (self->engine, &line, &limits, 2,
                            g_task_get_cancellable (self->task),
                            recheck_done_cb, g_object_ref (self));
  chess_line_clear (&line);
}

static void
search_next (ChessReview *self)
{
  GCancellable *cancellable = g_task_get_cancellable (self->task);
  g_autoptr(GError) error = NULL;
  guint pos = self->n_searched;
  ChessLine line;
  ChessPlayerLimits limits;
  int score;

  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      finish (self, g_steal_pointer (&error));
      return;
    }
  if (pos > self->n_moves)
    {
      finish (self, NULL);
      return;
    }

  chess_line_init (&line, &self->line.start);
  for (guint i = 0; i < pos; i++)
    chess_line_push (&line, self->line.moves[i]);

  /* A game that ended on the board needs no search of its last position. */
  if (pos == self->n_moves && final_score (&line, &score))
    {
      chess_line_clear (&line);
      self->searches[pos].score = score;
      /* (A recheck of the last move goes on to search_next, which ends.) */
      if (position_done (self, pos, score))
        finish (self, NULL);
      return;
    }

  set_limits (self, &limits, 0);
  clear_infos (self);
  chess_player_think_async (self->engine, &line, &limits, 2, cancellable,
                            think_done_cb, g_object_ref (self));
  chess_line_clear (&line);
}

static void
engine_ready (ChessReview *self)
{
  g_autoptr(GError) error = NULL;

  if (!chess_player_new_game (self->engine, &error))
    {
      finish (self, g_steal_pointer (&error));
      return;
    }
  self->thinking_id = g_signal_connect (self->engine, "thinking", G_CALLBACK (thinking_cb), self);
  search_next (self);
}

static void
engine_started_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(ChessReview) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!chess_player_start_finish (CHESS_PLAYER (source), result, &error))
    {
      finish (self, g_steal_pointer (&error));
      return;
    }
  engine_ready (self);
}

void
chess_review_run_async (ChessReview         *self,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_return_if_fail (CHESS_IS_REVIEW (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, chess_review_run_async);
  set_running (self, TRUE);

  if (self->engine == NULL)
    {
      self->engine = chess_player_new_builtin (CHESS_ENGINE_LEVEL_MAX);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENGINE]);
      chess_player_start_async (self->engine, cancellable, engine_started_cb,
                                g_object_ref (self));
      return;
    }
  engine_ready (self);
}

gboolean
chess_review_run_finish (ChessReview   *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
store_result_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

gboolean
chess_review_run_sync (ChessReview   *self,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  GMainContext *context = g_main_context_ref_thread_default ();

  chess_review_run_async (self, cancellable, store_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (context, TRUE);
  g_main_context_unref (context);
  return chess_review_run_finish (self, result, error);
}
