/* chess-search.c — the search: iterative deepening with aspiration windows
 * over a principal variation search, quiescence search, and the pruning and
 * reductions a strong alpha-beta engine uses. Each feature was kept when a
 * match showed it helped (see the commit messages). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chess-engine-private.h"
#include "chess-endgame.h"
#include "chess-movepick.h"

#define DRAW_SCORE 0

/* The search's tuning numbers, each beside what it is for. They were set
 * by self-play matches (see the commit messages); change one only with a
 * match that shows the new value helps. Depths are in plies, margins in
 * centipawns. */

/* Reverse futility pruning: a static evaluation this far above beta,
 * per ply of depth left, is not expected to fall below it. */
enum { RFP_MAX_DEPTH = 8, RFP_MARGIN_PER_DEPTH = 75 };

/* Razoring: this far below alpha at low depth, only captures can help. */
enum { RAZOR_MAX_DEPTH = 2, RAZOR_MARGIN_PER_DEPTH = 250 };

/* Null-move pruning: the reduction grows with depth and with how far
 * the evaluation stands above beta (capped). */
enum
{
  NMP_MIN_DEPTH = 3,
  NMP_BASE_REDUCTION = 3,
  NMP_DEPTH_DIVISOR = 4,
  NMP_EVAL_DIVISOR = 200,
  NMP_MAX_EVAL_REDUCTION = 3,
};

/* Internal iterative reduction: without a move from the table. */
enum { IIR_MIN_DEPTH = 4 };

/* Late-move pruning: quiet moves tried beyond (BASE + depth²) / 2, or
 * beyond twice that while the evaluation improves. */
enum { LMP_MAX_DEPTH = 8, LMP_BASE = 3 };

/* Futility pruning of quiet moves: the evaluation plus this much cannot
 * reach alpha at the reduced depth. */
enum { FUTILITY_MAX_DEPTH = 8, FUTILITY_BASE = 100, FUTILITY_PER_DEPTH = 90 };

/* SEE pruning: quiet moves losing more than MARGIN × depth², captures
 * losing more than MARGIN × depth. */
enum { SEE_MAX_DEPTH = 8, SEE_QUIET_MARGIN = 20, SEE_NOISY_MARGIN = 90 };

/* Late-move reductions; the history of a quiet move lowers the
 * reduction by one ply per LMR_HISTORY_DIVISOR. */
enum { LMR_MIN_DEPTH = 3, LMR_HISTORY_DIVISOR = 8000 };
#define LMR_TABLE_LAST 63   /* the table's last depth and move count */
_Static_assert (sizeof ((ChessEngine *) 0)->lmr == (LMR_TABLE_LAST + 1) * (LMR_TABLE_LAST + 1) * sizeof (int),
                "the reduction table is indexed up to LMR_TABLE_LAST");

/* Check extension: only while the line is shorter than this many times
 * the iteration's depth, so a perpetual check cannot run away. */
#define CHECK_EXT_MAX_PLY_FACTOR 2

/* Captures and promotions are reduced by this fraction of a quiet
 * move's reduction: they are likelier to matter. */
#define LMR_NOISY_DIVISOR 2

/* Quiet moves remembered at a node for the history malus. */
#define MAX_QUIETS 64

/* History bonus for a quiet move that failed high: grows with depth². */
enum { HISTORY_BONUS_DEPTH2 = 16, HISTORY_BONUS_DEPTH = 32, HISTORY_BONUS_MAX = 1600 };

/* Delta pruning in the quiescence search: a capture that cannot lift the
 * evaluation to alpha even with this margin is skipped. */
enum { DELTA_MARGIN = 200, DELTA_EN_PASSANT = 100 };

/* Aspiration windows from this depth on, starting this wide, and opened
 * fully once the window passes ASPIRATION_FULL. */
enum
{
  ASPIRATION_MIN_DEPTH = 5,
  ASPIRATION_DELTA = 15,
  ASPIRATION_GROWTH_EXTRA = 5,
  ASPIRATION_FULL = 1000,
};

/* A failed aspiration search is reported only after this long, so that
 * short searches print no bound lines. */
#define REPORT_BOUNDS_AFTER_MS 1000

/* With a single legal move, a timed search stops at this depth. */
#define SINGLE_MOVE_DEPTH 4

/* The deepest iteration, a few plies below the frames' end so that the
 * check extension and quiescence have room. */
#define MAX_SEARCH_DEPTH (CHESS_ENGINE_MAX_PLY - 8)

/* The fifty-move rule, in plies without a capture or a pawn move. */
#define FIFTY_MOVE_PLIES 100

/* The clock and the stop flag are read every this many nodes (a power
 * of two): often enough to stop on time, rarely enough to cost nothing. */
#define POLL_NODES 1024

/* The weaker levels' natural moves: central pawn pushes count until this
 * move, and the king stays home while the opponent has more than this
 * much material (in phase units: N B 1, R 2, Q 4). */
enum { NATURAL_CENTRE_UNTIL_MOVE = 12, NATURAL_KING_HOME_PHASE = 10 };

/* A stateless 64-bit mix, for the weaker levels' per-game noise. */
static inline uint64_t
mix64 (uint64_t x)
{
  x ^= x >> 30; x *= UINT64_C (0xbf58476d1ce4e5b9);
  x ^= x >> 27; x *= UINT64_C (0x94d049bb133111eb);
  x ^= x >> 31;
  return x;
}

static int
evaluate (ChessEngine *e, int ply)
{
  int v;

  if (e->eval_net)
    {
      /* The net, with the endgame knowledge it cannot learn from few
       * positions (king and pawn against king, drawn material). */
      v = chess_nnue_evaluate (e->eval_net, &e->accumulators[ply], (ChessColor) e->board.side,
                               chess_bb_count (e->board.by_color[0] | e->board.by_color[1]));
      if (e->features & CHESS_ENGINE_ENDGAME)
        v = chess_endgame_adjust (&e->board, v);
      if (e->judging)
        v = chess_endgame_scale_rook_ending (&e->board, v);
    }
  else
    v = e->features & CHESS_ENGINE_ENDGAME ? chess_eval (&e->board, e->weights)
                                           : chess_eval_sums (&e->board, e->weights);

  if (e->lvl->eval_noise)
    {
      /* The same misjudgement of a position for the whole game. */
      uint64_t h = mix64 (e->board.key ^ e->seed);
      v += (int) (h % (uint64_t) (2 * e->lvl->eval_noise + 1)) - e->lvl->eval_noise;
    }
  return v;
}

/* The side to move has pieces besides pawns (null move is unsafe without:
 * zugzwang). */
static inline bool
has_pieces (const ChessBoard *b)
{
  return (b->by_color[b->side] & ~b->by_type[CHESS_PAWN] & ~b->by_type[CHESS_KING]) != 0;
}

static bool
insufficient_material (const ChessBoard *b)
{
  if (b->by_type[CHESS_PAWN] | b->by_type[CHESS_ROOK] | b->by_type[CHESS_QUEEN])
    return false;
  return !chess_bb_several (b->by_type[CHESS_KNIGHT] | b->by_type[CHESS_BISHOP]);
}

/* A draw by repetition, as engines count it: the position occurred before
 * inside the search tree (after the root; the side that repeats could do
 * it again), or twice before anywhere, the game's history included (its
 * third occurrence). A single occurrence before the root is no draw: the
 * game goes on, and a forced mate through a repeated check stays a mate.
 * Without CHESS_ENGINE_TREE_REPETITION (for measuring the rule), any
 * earlier occurrence counts. */
static bool
is_repetition (const ChessEngine *e, int ply)
{
  const ChessBoard *b = &e->board;
  int back = b->halfmove_clock, seen = 0;
  bool tree_rule = (e->features & CHESS_ENGINE_TREE_REPETITION) != 0;

  for (int i = 4; i <= back && (size_t) i <= e->n_keys; i += 2)
    if (e->keys[e->n_keys - (size_t) i] == b->key)
      {
        if (!tree_rule || i < ply || ++seen == 2)
          return true;
      }
  return false;
}

static inline int
min_int (int a, int b)
{
  return a < b ? a : b;
}

/* The late-move reduction for a move at this depth and move count. */
static inline int
lmr_reduction (const ChessEngine *e, int depth, int move_count)
{
  return e->lmr[min_int (depth, LMR_TABLE_LAST)][min_int (move_count, LMR_TABLE_LAST)];
}

static inline void
check_limits (ChessEngine *e)
{
  if (e->node_limit && e->nodes >= e->node_limit)
    e->stopped = true;
  if ((e->nodes & (POLL_NODES - 1)) != 0)
    return;
  atomic_store_explicit (&e->published_nodes, e->nodes, memory_order_relaxed);
  if (atomic_load_explicit (&e->stop, memory_order_relaxed))
    e->stopped = true;
  else if (e->timeman.managed && !atomic_load_explicit (&e->pondering, memory_order_relaxed)
           && chess_timeman_now () - atomic_load (&e->start_ms) >= e->timeman.hard_ms)
    e->stopped = true;
}

static inline void
make_move (ChessEngine *e, int ply, ChessMove m, ChessUndo *u)
{
  ChessSearchFrame *f = engine_frame (e, ply);

  f->move = m;
  f->piece_to = e->board.squares[chess_move_from (m)] * 64 + chess_move_to (m);
  e->keys[e->n_keys++] = e->board.key;
  if (e->eval_net)
    chess_nnue_update (e->eval_net, &e->accumulators[ply], &e->accumulators[ply + 1], &e->board, m);
  chess_board_make (&e->board, m, u);
}

static inline void
unmake_move (ChessEngine *e, ChessMove m, ChessUndo *u)
{
  chess_board_unmake (&e->board, m, u);
  e->n_keys--;
}

static void
make_null (ChessEngine *e, int ply, ChessUndo *u)
{
  ChessBoard *b = &e->board;
  ChessSearchFrame *f = engine_frame (e, ply);

  f->move = CHESS_MOVE_NONE;
  f->piece_to = -1;
  e->keys[e->n_keys++] = b->key;
  if (e->eval_net)
    e->accumulators[ply + 1] = e->accumulators[ply];
  chess_board_make (b, CHESS_MOVE_NULL, u);
  /* Repetitions do not reach across a null move. */
  b->halfmove_clock = 0;
}

static void
unmake_null (ChessEngine *e, const ChessUndo *u)
{
  chess_board_unmake (&e->board, CHESS_MOVE_NULL, u);
  e->n_keys--;
}

static inline void
update_stat (int16_t *entry, int bonus)
{
  int v = *entry;
  v += bonus - v * abs (bonus) / HISTORY_MAX;
  *entry = (int16_t) v;
}

static void
update_quiet_stats (ChessEngine *e, int ply, ChessMove best, int depth,
                    const ChessMove *quiets, int n_quiets)
{
  ChessBoard *b = &e->board;
  ChessSearchFrame *f = engine_frame (e, ply);
  ChessSearchFrame *p1 = engine_frame (e, ply - 1), *p2 = engine_frame (e, ply - 2);
  int bonus = depth * depth * HISTORY_BONUS_DEPTH2 + depth * HISTORY_BONUS_DEPTH;

  if (bonus > HISTORY_BONUS_MAX)
    bonus = HISTORY_BONUS_MAX;
  if (f->killers[0] != best)
    {
      f->killers[1] = f->killers[0];
      f->killers[0] = best;
    }
  if (p1->piece_to >= 0)
    e->counter_moves[p1->piece_to] = best;

  for (int i = 0; i <= n_quiets; i++)
    {
      ChessMove m = i == n_quiets ? best : quiets[i];
      int b_ = i == n_quiets ? bonus : -bonus;
      int pt = b->squares[chess_move_from (m)] * 64 + chess_move_to (m);

      update_stat (&e->history[b->side][m & 4095], b_);
      if (p1->piece_to >= 0)
        update_stat (&continuation_row (e, p1->piece_to)[pt], b_);
      if (p2->piece_to >= 0)
        update_stat (&continuation_row (e, p2->piece_to)[pt], b_);
    }
}

static bool
move_gives_check (ChessBoard *b, ChessMove m)
{
  ChessUndo u;
  bool check;

  chess_board_make (b, m, &u);
  check = chess_board_in_check (b);
  chess_board_unmake (b, m, &u);
  return check;
}

/* What a capture wins in the endgame, for delta pruning, by the weights
 * this engine evaluates with. */
static inline int
captured_value (const ChessEngine *e, ChessMove m)
{
  ChessPiece victim = (ChessPiece) e->board.squares[chess_move_to (m)];

  if (chess_move_flags (m) == CHESS_MOVE_EN_PASSANT)
    return DELTA_EN_PASSANT;
  return e->weights[CHESS_EVAL_MATERIAL + chess_piece_type (victim)].eg;
}

/* A weaker level may overlook a capture by a piece far away (the same
 * capture in the same position, all game long). */
static inline bool
overlooked (const ChessEngine *e, ChessMove m)
{
  int from = chess_move_from (m), to = chess_move_to (m);

  if (!e->lvl->blind_percent || !chess_move_is_capture (m)
      || chess_square_distance (from, to) < 3)
    return false;
  return mix64 (e->board.key ^ e->seed ^ ((uint64_t) m << 48)) % 100 < (uint64_t) e->lvl->blind_percent;
}

static int
qsearch (ChessEngine *e, int alpha, int beta, int ply)
{
  ChessBoard *b = &e->board;
  bool pv_node = beta - alpha > 1;
  bool in_check;
  const ChessTTEntry *tte;
  ChessMove best_move = CHESS_MOVE_NONE, m;
  int best, stand_pat, n_legal, old_alpha = alpha, tt_eval = NO_EVAL;
  ChessMovePicker mp;

  /* Once stopped, the callers' remaining searches count no nodes: a node
   * limit is never overshot. */
  if (e->stopped)
    return 0;
  e->nodes++;
  check_limits (e);
  if (e->stopped)
    return 0;
  if (pv_node)
    e->pv_length[ply] = 0;
  if (ply > e->seldepth)
    e->seldepth = ply;

  if (b->halfmove_clock >= FIFTY_MOVE_PLIES || insufficient_material (b) || is_repetition (e, ply))
    return DRAW_SCORE;
  in_check = chess_board_in_check (b);
  if (ply >= CHESS_ENGINE_MAX_PLY - 1)
    return in_check ? DRAW_SCORE : evaluate (e, ply);

  tte = chess_tt_probe (e->tt, b->key);
  if (tte)
    {
      int s = chess_tt_score_from_tt (tte->score, ply);
      int bound = tte->age_bound & 3;
      tt_eval = tte->eval;
      if (!pv_node && (bound == CHESS_BOUND_EXACT
                       || (bound == CHESS_BOUND_LOWER && s >= beta)
                       || (bound == CHESS_BOUND_UPPER && s <= alpha)))
        return s;
    }

  if (in_check)
    best = stand_pat = -CHESS_SCORE_INFINITE;
  else
    {
      stand_pat = tt_eval != NO_EVAL && !e->lvl->eval_noise ? tt_eval : evaluate (e, ply);
      if (stand_pat >= beta)
        return stand_pat;
      if (stand_pat > alpha)
        alpha = stand_pat;
      best = stand_pat;
    }

  chess_movepick_init_qs (&mp, e, in_check, &n_legal);
  if (n_legal == 0)
    return in_check ? -CHESS_SCORE_MATE + ply : DRAW_SCORE;

  while ((m = chess_movepick_next (&mp, NULL)) != CHESS_MOVE_NONE)
    {
      ChessUndo u;
      int v;

      if (!in_check)
        {
          /* Delta pruning: even winning the piece cannot reach alpha. */
          if (!chess_move_is_promotion (m)
              && stand_pat + DELTA_MARGIN + captured_value (e, m) <= alpha)
            continue;
          if (!chess_see_ge (b, m, 0))
            continue;
          if (overlooked (e, m))
            continue;
        }
      make_move (e, ply, m, &u);
      v = -qsearch (e, -beta, -alpha, ply + 1);
      unmake_move (e, m, &u);
      if (e->stopped)
        return 0;
      if (v > best)
        {
          best = v;
          if (v > alpha)
            {
              best_move = m;
              alpha = v;
              if (pv_node)
                {
                  e->pv[ply][0] = m;
                  memcpy (&e->pv[ply][1], e->pv[ply + 1], (size_t) e->pv_length[ply + 1] * sizeof (ChessMove));
                  e->pv_length[ply] = e->pv_length[ply + 1] + 1;
                }
              if (v >= beta)
                break;
            }
        }
    }

  chess_tt_store (e->tt, b->key, best_move, chess_tt_score_to_tt (best, ply),
                  in_check ? 0 : stand_pat, 0,
                  best >= beta ? CHESS_BOUND_LOWER
                  : best > old_alpha ? CHESS_BOUND_EXACT : CHESS_BOUND_UPPER);
  return best;
}

/* The weaker levels' liking for natural moves, at the root. */
static int
natural_bonus (ChessEngine *e, ChessMove m)
{
  const ChessBoard *b = &e->board;
  const ChessEngineLevel *lvl = e->lvl;
  int from = chess_move_from (m), to = chess_move_to (m);
  ChessPieceType t = chess_piece_type ((ChessPiece) b->squares[from]);
  int bonus = 0;

  if (!lvl->natural_bonus && !lvl->root_noise)
    return 0;
  if (e->n_game_keys > 0 && chess_move_is_capture (m)
      && e->root.halfmove_clock == 0 && b->squares[to] != CHESS_NO_PIECE)
    bonus += lvl->natural_bonus / 2;          /* taking back, often */
  if (chess_move_is_castle (m))
    bonus += lvl->natural_bonus;
  if ((t == CHESS_KNIGHT || t == CHESS_BISHOP)
      && (from >> 3) == (b->side == CHESS_COLOR_WHITE ? 0 : 7))
    bonus += lvl->natural_bonus * 3 / 4;     /* developing */
  if (t == CHESS_PAWN && ((to & 7) == 3 || (to & 7) == 4) && b->fullmove_number < NATURAL_CENTRE_UNTIL_MOVE)
    bonus += lvl->natural_bonus / 2;          /* the centre */
  if (t == CHESS_KING && !chess_move_is_castle (m) && chess_eval_phase_of (b, chess_color_other ((ChessColor) b->side)) > NATURAL_KING_HOME_PHASE)
    bonus -= lvl->natural_bonus;              /* kings stay home */
  if (lvl->root_noise)
    bonus += (int) (mix64 (e->seed ^ e->search_count * UINT64_C (0x9e3779b97f4a7c15) ^ m)
                    % (uint64_t) (lvl->root_noise + 1));
  return bonus;
}

static int
search (ChessEngine *e, int alpha, int beta, int depth, int ply, bool cut_node)
{
  ChessBoard *b = &e->board;
  bool pv_node = beta - alpha > 1, root = ply == 0;
  ChessSearchFrame *f = engine_frame (e, ply);
  const ChessTTEntry *tte;
  ChessMove tt_move = CHESS_MOVE_NONE, best_move = CHESS_MOVE_NONE, m;
  ChessMove quiets[MAX_QUIETS];
  int n_quiets = 0, move_count = 0, n_legal;
  int best = -CHESS_SCORE_INFINITE, eval, tt_score = 0, tt_bound = 0, tt_depth = -1;
  int old_alpha = alpha;
  bool in_check, improving;
  ChessMovePicker mp;

  if (depth <= 0)
    return qsearch (e, alpha, beta, ply);

  /* Once stopped, the callers' remaining searches count no nodes: a node
   * limit is never overshot. */
  if (e->stopped)
    return 0;
  e->nodes++;
  check_limits (e);
  if (e->stopped)
    return 0;
  if (pv_node)
    e->pv_length[ply] = 0;
  if (ply > e->seldepth)
    e->seldepth = ply;

  in_check = chess_board_in_check (b);
  if (!root)
    {
      if (b->halfmove_clock >= FIFTY_MOVE_PLIES || insufficient_material (b) || is_repetition (e, ply))
        return DRAW_SCORE;
      if (ply >= CHESS_ENGINE_MAX_PLY - 1)
        return in_check ? DRAW_SCORE : evaluate (e, ply);
      /* Mate-distance pruning: no line here can beat a shorter mate. */
      if (alpha < -CHESS_SCORE_MATE + ply)
        alpha = -CHESS_SCORE_MATE + ply;
      if (beta > CHESS_SCORE_MATE - ply - 1)
        beta = CHESS_SCORE_MATE - ply - 1;
      if (alpha >= beta)
        return alpha;
    }

  tte = chess_tt_probe (e->tt, b->key);
  if (tte)
    {
      tt_move = tte->move;
      tt_score = chess_tt_score_from_tt (tte->score, ply);
      tt_bound = tte->age_bound & 3;
      tt_depth = tte->depth;
      if (!pv_node && tt_depth >= depth
          && (tt_bound == CHESS_BOUND_EXACT
              || (tt_bound == CHESS_BOUND_LOWER && tt_score >= beta)
              || (tt_bound == CHESS_BOUND_UPPER && tt_score <= alpha)))
        return tt_score;
    }

  if (in_check)
    eval = f->eval = NO_EVAL;
  else
    {
      eval = f->eval = tte && !e->lvl->eval_noise ? tte->eval : evaluate (e, ply);
      /* The table's bound is a better guess than the static evaluation. */
      if (tte && (tt_bound & (tt_score > eval ? CHESS_BOUND_LOWER : CHESS_BOUND_UPPER)))
        eval = tt_score;
    }
  improving = !in_check && engine_frame (e, ply - 2)->eval != NO_EVAL
              && f->eval > engine_frame (e, ply - 2)->eval;
  engine_frame (e, ply + 1)->killers[0] = engine_frame (e, ply + 1)->killers[1] = CHESS_MOVE_NONE;

  if (!pv_node && !in_check)
    {
      /* Reverse futility: far above beta, a shallow search will not fall.
       * Not when beta is a mate against us: escaping a mate found elsewhere
       * takes a search (a won ending's eval is far above such a beta). */
      bool fut = (e->features & CHESS_ENGINE_FUTILITY) != 0;

      if (fut && depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN_PER_DEPTH * (depth - improving) >= beta
          && eval < CHESS_SCORE_MATE_BOUND && beta > -CHESS_SCORE_MATE_BOUND)
        return eval;

      /* Razoring: hopeless at low depth, see whether captures save it. */
      if (fut && depth <= RAZOR_MAX_DEPTH && eval + RAZOR_MARGIN_PER_DEPTH * depth < alpha)
        {
          int v = qsearch (e, alpha, alpha + 1, ply);
          if (v <= alpha)
            return v;
        }

      /* Null move: passing still holds beta, so a real move will too. */
      if ((e->features & CHESS_ENGINE_NULL_MOVE)
          && depth >= NMP_MIN_DEPTH && eval >= beta && engine_frame (e, ply - 1)->move != CHESS_MOVE_NONE
          && has_pieces (b) && beta > -CHESS_SCORE_MATE_BOUND)
        {
          int eval_r = min_int ((eval - beta) / NMP_EVAL_DIVISOR, NMP_MAX_EVAL_REDUCTION);
          int r = NMP_BASE_REDUCTION + depth / NMP_DEPTH_DIVISOR + eval_r;
          ChessUndo u;
          int v;

          make_null (e, ply, &u);
          v = -search (e, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
          unmake_null (e, &u);
          if (e->stopped)
            return 0;
          if (v >= beta)
            return v >= CHESS_SCORE_MATE_BOUND ? beta : v;
        }
    }

  /* Without a move from the table, spend less here (internal iterative reduction). */
  if ((e->features & CHESS_ENGINE_IIR)
      && depth >= IIR_MIN_DEPTH && tt_move == CHESS_MOVE_NONE && (pv_node || cut_node))
    depth--;

  n_legal = chess_movepick_init (&mp, e, ply, tt_move);
  if (n_legal == 0)
    return in_check ? -CHESS_SCORE_MATE + ply : DRAW_SCORE;

  while ((m = chess_movepick_next (&mp, NULL)) != CHESS_MOVE_NONE)
    {
      bool quiet = !chess_move_is_capture (m) && !chess_move_is_promotion (m);
      bool gives_check;
      int new_depth, v, bonus = 0, root_index = -1;
      ChessUndo u;

      if (root)
        {
          for (int i = e->pv_index; i < e->n_root_moves; i++)
            if (e->root_moves[i].move == m)
              root_index = i;
          if (root_index < 0)
            continue;
          bonus = natural_bonus (e, m);
        }
      if (overlooked (e, m))
        continue;

      move_count++;

      if (!root && best > -CHESS_SCORE_MATE_BOUND && has_pieces (b))
        {
          int lmr_depth = depth - 1 - lmr_reduction (e, depth, move_count);

          if (quiet)
            {
              /* Late-move pruning: enough quiet moves tried at this depth;
               * futility: a quiet move will not lift a hopeless eval; and
               * quiet moves that lose material. Checks are kept: they are
               * how short mates start. */
              bool fut = (e->features & CHESS_ENGINE_FUTILITY) != 0;
              bool see = (e->features & CHESS_ENGINE_SEE_PRUNING) != 0;
              if ((fut && depth <= LMP_MAX_DEPTH
                   && move_count > (LMP_BASE + depth * depth) / (2 - improving))
                  || (fut && !in_check && lmr_depth <= FUTILITY_MAX_DEPTH
                      && eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * lmr_depth <= alpha)
                  || (see && lmr_depth <= SEE_MAX_DEPTH
                      && !chess_see_ge (b, m, -SEE_QUIET_MARGIN * lmr_depth * lmr_depth)))
                if (!move_gives_check (b, m))
                  continue;
            }
          else if ((e->features & CHESS_ENGINE_SEE_PRUNING)
                   && depth <= SEE_MAX_DEPTH && !chess_see_ge (b, m, -SEE_NOISY_MARGIN * depth))
            continue;
        }

      make_move (e, ply, m, &u);
      gives_check = chess_board_in_check (b);
      /* Check extension, bounded so a perpetual check cannot run away. */
      new_depth = depth - 1 + (gives_check && ply < CHECK_EXT_MAX_PLY_FACTOR * e->root_depth
                               && (e->features & CHESS_ENGINE_CHECK_EXT) ? 1 : 0);

      if ((e->features & CHESS_ENGINE_LMR)
          && depth >= LMR_MIN_DEPTH && move_count > 1 + pv_node && (quiet || !pv_node))
        {
          int r = lmr_reduction (e, depth, move_count);
          int d;

          if (!quiet)
            r = r / LMR_NOISY_DIVISOR;
          r += !pv_node;
          r += cut_node;
          r -= improving;
          if (m == engine_frame (e, ply)->killers[0] || m == engine_frame (e, ply)->killers[1])
            r--;
          if (gives_check)
            r--;
          if (quiet)
            {
              int pt = engine_frame (e, ply)->piece_to;
              int h = e->history[chess_color_other ((ChessColor) b->side)][m & 4095];
              ChessSearchFrame *p1 = engine_frame (e, ply - 1);
              if (p1->piece_to >= 0)
                h += continuation_row (e, p1->piece_to)[pt];
              r -= h / LMR_HISTORY_DIVISOR;
            }
          if (r < 0)
            r = 0;
          d = new_depth - r;
          if (d < 1)
            d = 1;
          if (d > new_depth)
            d = new_depth;
          v = -search (e, -(alpha - bonus) - 1, -(alpha - bonus), d, ply + 1, true) + bonus;
          if (v > alpha && d < new_depth)
            v = -search (e, -(alpha - bonus) - 1, -(alpha - bonus), new_depth, ply + 1, !cut_node) + bonus;
        }
      else if (!pv_node || move_count > 1)
        v = -search (e, -(alpha - bonus) - 1, -(alpha - bonus), new_depth, ply + 1, !cut_node) + bonus;
      else
        v = alpha + 1;   /* first move of a PV node: full window below */

      if (pv_node && (move_count == 1 || v > alpha))
        v = -search (e, -(beta - bonus), -(alpha - bonus), new_depth, ply + 1, false) + bonus;

      unmake_move (e, m, &u);
      if (e->stopped)
        return 0;

      if (root)
        {
          ChessRootMove *rm = &e->root_moves[root_index];
          if (move_count == 1 || v > alpha)
            {
              rm->score = v;
              rm->seldepth = e->seldepth;
              rm->pv[0] = m;
              memcpy (&rm->pv[1], e->pv[1], (size_t) e->pv_length[1] * sizeof (ChessMove));
              rm->pv_length = e->pv_length[1] + 1;
            }
          else
            rm->score = -CHESS_SCORE_INFINITE;
        }

      if (v > best)
        {
          best = v;
          if (v > alpha)
            {
              best_move = m;
              if (pv_node && !root)
                {
                  e->pv[ply][0] = m;
                  memcpy (&e->pv[ply][1], e->pv[ply + 1], (size_t) e->pv_length[ply + 1] * sizeof (ChessMove));
                  e->pv_length[ply] = e->pv_length[ply + 1] + 1;
                }
              if (v >= beta)
                {
                  if (quiet)
                    update_quiet_stats (e, ply, m, depth, quiets, n_quiets);
                  break;
                }
              alpha = v;
            }
        }
      if (quiet && m != best_move && n_quiets < MAX_QUIETS)
        quiets[n_quiets++] = m;
    }

  if (move_count == 0)
    /* Every move pruned or excluded (root: all searched lines excluded). */
    return root ? alpha : (in_check ? -CHESS_SCORE_MATE + ply : alpha);

  chess_tt_store (e->tt, b->key, best_move, chess_tt_score_to_tt (best, ply),
                  f->eval == NO_EVAL ? 0 : f->eval, depth,
                  best >= beta ? CHESS_BOUND_LOWER
                  : pv_node && best_move != CHESS_MOVE_NONE && best > old_alpha ? CHESS_BOUND_EXACT
                  : CHESS_BOUND_UPPER);
  return best;
}

static void
report (ChessEngine *e, int depth, int line, ChessBound bound,
        ChessSearchInfoFunc info_func, void *user_data)
{
  ChessSearchInfo info;
  ChessRootMove *rm = &e->root_moves[line];
  int64_t elapsed = chess_timeman_now () - atomic_load (&e->start_ms);

  if (!info_func)
    return;
  info.depth = depth;
  info.seldepth = rm->seldepth > depth ? rm->seldepth : depth;
  info.multipv = line + 1;
  info.score = rm->score != -CHESS_SCORE_INFINITE ? rm->score : rm->previous_score;
  info.bound = bound;
  info.nodes = e->nodes + chess_smp_nodes (e);
  info.time_ms = elapsed;
  info.nps = elapsed > 0 ? info.nodes * 1000 / (uint64_t) elapsed : info.nodes * 1000;
  info.hashfull = chess_tt_hashfull (e->tt);
  info.pv = rm->pv;
  info.pv_length = rm->pv_length;
  info_func (&info, user_data);
}

static void
sort_root_moves (ChessEngine *e, int from, int to)
{
  /* Stable insertion sort of [from, to): equal scores keep their order. */
  for (int i = from + 1; i < to; i++)
    {
      ChessRootMove tmp = e->root_moves[i];
      int j = i - 1;
      while (j >= from && e->root_moves[j].score < tmp.score)
        {
          e->root_moves[j + 1] = e->root_moves[j];
          j--;
        }
      e->root_moves[j + 1] = tmp;
    }
}

ChessSearchResult
chess_engine_run_search (ChessEngine *e, const ChessSearchLimits *limits,
                         ChessSearchInfoFunc info_func, void *user_data)
{
  ChessSearchResult result = { CHESS_MOVE_NONE, CHESS_MOVE_NONE, 0, 0, 0 };
  ChessMoveList legal;
  int max_depth, multipv, best_changes = 0, previous_best_score = 0;
  ChessMove previous_best = CHESS_MOVE_NONE;

  e->board = e->root;
  e->lvl = &chess_engine_levels[e->level];
  e->eval_net = e->lvl->network ? e->net : NULL;
  if (e->eval_net)
    chess_nnue_refresh (e->eval_net, &e->board, &e->accumulators[0]);
  memcpy (e->keys, e->game_keys, e->n_game_keys * sizeof (uint64_t));
  e->n_keys = e->n_game_keys;
  e->nodes = 0;
  e->seldepth = 0;
  e->stopped = false;
  e->search_count++;
  for (int i = 0; i < FRAME_OFFSET + CHESS_ENGINE_MAX_PLY + 4; i++)
    {
      e->frames[i].move = CHESS_MOVE_NONE;
      e->frames[i].piece_to = -1;
      e->frames[i].eval = NO_EVAL;
      e->frames[i].killers[0] = e->frames[i].killers[1] = CHESS_MOVE_NONE;
    }
  chess_timeman_init (&e->timeman, limits, (ChessColor) e->root.side);

  /* A mate search ("go mate N") ends when the mate is found, below. */
  max_depth = limits->depth > 0 ? limits->depth : MAX_SEARCH_DEPTH;
  if (e->lvl->max_depth && max_depth > e->lvl->max_depth)
    max_depth = e->lvl->max_depth;
  e->node_limit = limits->nodes;
  if (e->lvl->max_nodes && (!e->node_limit || e->node_limit > e->lvl->max_nodes))
    e->node_limit = e->lvl->max_nodes;

  /* The root moves: all legal ones, or the ones asked for. */
  chess_board_generate_legal (&e->board, &legal);
  e->n_root_moves = 0;
  for (int i = 0; i < legal.count; i++)
    {
      bool wanted = limits->n_search_moves == 0;
      for (int j = 0; j < limits->n_search_moves; j++)
        if (limits->search_moves[j] == legal.moves[i])
          wanted = true;
      if (wanted)
        {
          ChessRootMove *rm = &e->root_moves[e->n_root_moves++];
          rm->move = legal.moves[i];
          rm->score = rm->previous_score = -CHESS_SCORE_INFINITE;
          rm->seldepth = 0;
          rm->pv[0] = legal.moves[i];
          rm->pv_length = 1;
        }
    }
  if (e->n_root_moves == 0)
    return result;
  /* Equal scores keep this order: the squares as the side to move sees
   * them, the same for a position and its colour-mirrored twin. */
  for (int i = 1, flip = e->root.side == CHESS_COLOR_WHITE ? 0 : 56; i < e->n_root_moves; i++)
    {
      ChessRootMove tmp = e->root_moves[i];
      int j = i - 1;

      while (j >= 0 && chess_movepick_tie_key (e->root_moves[j].move, flip)
                       > chess_movepick_tie_key (tmp.move, flip))
        {
          e->root_moves[j + 1] = e->root_moves[j];
          j--;
        }
      e->root_moves[j + 1] = tmp;
    }
  result.best = e->root_moves[0].move;
  multipv = e->multipv < e->n_root_moves ? e->multipv : e->n_root_moves;

  /* Lazy SMP: every other helper searches each iteration a ply deeper. */
  for (int depth = 1 + (e->helper_id & 1); depth <= max_depth; depth++)
    {
      e->root_depth = depth;
      for (int i = 0; i < e->n_root_moves; i++)
        {
          e->root_moves[i].previous_score = e->root_moves[i].score;
          e->root_moves[i].score = -CHESS_SCORE_INFINITE;
        }

      for (e->pv_index = 0; e->pv_index < multipv; e->pv_index++)
        {
          int prev = e->root_moves[e->pv_index].previous_score;
          int delta = ASPIRATION_DELTA, alpha = -CHESS_SCORE_INFINITE, beta = CHESS_SCORE_INFINITE, v;

          /* Aspiration window around the last iteration's score. */
          if ((e->features & CHESS_ENGINE_ASPIRATION)
              && depth >= ASPIRATION_MIN_DEPTH && prev > -CHESS_SCORE_MATE_BOUND && prev < CHESS_SCORE_MATE_BOUND)
            {
              alpha = prev - delta;
              beta = prev + delta;
            }
          for (;;)
            {
              e->seldepth = 0;
              v = search (e, alpha, beta, depth, 0, false);
              sort_root_moves (e, e->pv_index, e->n_root_moves);
              if (e->stopped)
                break;
              if (v <= alpha)
                {
                  beta = (alpha + beta) / 2;
                  alpha = v - delta > -CHESS_SCORE_INFINITE ? v - delta : -CHESS_SCORE_INFINITE;
                  if (chess_timeman_now () - atomic_load (&e->start_ms) > REPORT_BOUNDS_AFTER_MS)
                    report (e, depth, e->pv_index, CHESS_BOUND_UPPER, info_func, user_data);
                }
              else if (v >= beta)
                {
                  beta = v + delta < CHESS_SCORE_INFINITE ? v + delta : CHESS_SCORE_INFINITE;
                  if (chess_timeman_now () - atomic_load (&e->start_ms) > REPORT_BOUNDS_AFTER_MS)
                    report (e, depth, e->pv_index, CHESS_BOUND_LOWER, info_func, user_data);
                }
              else
                break;
              delta += delta / 2 + ASPIRATION_GROWTH_EXTRA;
              if (delta > ASPIRATION_FULL)
                alpha = -CHESS_SCORE_INFINITE, beta = CHESS_SCORE_INFINITE;
            }
          /* The lines found so far in order: a later line may have
           * scored above an earlier one. */
          sort_root_moves (e, 0, e->pv_index + 1);
          if (e->stopped)
            break;
        }

      /* A stopped iteration still counts when its first line finished
       * with a better move. */
      if (!e->stopped || e->root_moves[0].score != -CHESS_SCORE_INFINITE)
        {
          ChessRootMove *rm = &e->root_moves[0];
          result.best = rm->move;
          result.ponder = rm->pv_length > 1 ? rm->pv[1] : CHESS_MOVE_NONE;
          result.score = rm->score != -CHESS_SCORE_INFINITE ? rm->score : rm->previous_score;
          result.depth = depth;
        }
      if (e->stopped)
        break;

      for (int i = 0; i < multipv; i++)
        report (e, depth, i, CHESS_BOUND_EXACT, info_func, user_data);

      /* When to stop deepening. */
      if (result.best != previous_best)
        best_changes += 2;
      else if (best_changes > 0)
        best_changes--;
      if (limits->mate > 0 && result.score >= CHESS_SCORE_MATE_BOUND
          && (CHESS_SCORE_MATE - result.score + 1) / 2 <= limits->mate)
        break;
      if (e->timeman.managed && !atomic_load (&e->pondering))
        {
          int64_t elapsed = chess_timeman_now () - atomic_load (&e->start_ms);
          int drop = depth > 1 ? previous_best_score - result.score : 0;
          if (elapsed >= chess_timeman_soft (&e->timeman, best_changes / 2, drop))
            break;
          /* One legal move: no need to think. */
          if (e->n_root_moves == 1 && depth >= SINGLE_MOVE_DEPTH)
            break;
        }
      previous_best = result.best;
      previous_best_score = result.score;
    }

  result.nodes = e->nodes;
  return result;
}
