/* chess-eval.c — the static evaluation (see chess-eval.h). */
#include "config.h"

#include "chess-endgame.h"
#include "chess-engine-bits.h"
#include "chess-eval.h"

#define CHESS_EVAL_SECTION_ENTRY(id, name, count) { name, CHESS_EVAL_##id, count },
const ChessEvalSection chess_eval_sections[] = {
  CHESS_EVAL_SECTION_LIST (CHESS_EVAL_SECTION_ENTRY)
};
#undef CHESS_EVAL_SECTION_ENTRY
const int chess_eval_n_sections = G_N_ELEMENTS (chess_eval_sections);

/* What the terms share while one position is evaluated: the sums (or the
 * trace) and the attack maps that later terms read. */
typedef struct
{
  const ChessBoard     *b;
  const ChessEvalWeight *w;
  ChessEvalTrace       *trace;
  int                   mg, eg, phase;
  ChessBitboard         occ;
  ChessBitboard         pawns[2], pawn_att[2], king_zone[2];
  ChessBitboard         attacks[2], attacked_by[2][CHESS_N_PIECE_TYPES];
  int                   king_sq[2], zone_attackers[2];
} EvalState;

/* Adds `n` times parameter `idx` for colour `c`: to the score, or (when
 * tracing) to the trace. evaluate() is inlined twice, so the untraced copy
 * carries no trace code. */
static CHESS_ALWAYS_INLINE void
term (EvalState *s, ChessColor c, int idx, int n)
{
  int signed_n = c == CHESS_COLOR_WHITE ? n : -n;

  if (s->trace)
    s->trace->coef[idx] += signed_n;
  else
    {
      s->mg += s->w[idx].mg * signed_n;
      s->eg += s->w[idx].eg * signed_n;
    }
}

static const int phase_weight[CHESS_N_PIECE_TYPES] = { 0, 1, 1, 2, 4, 0 };

int
chess_eval_phase_of (const ChessBoard *b, ChessColor c)
{
  return chess_bb_count (chess_board_pieces (b, c, CHESS_KNIGHT))
         + chess_bb_count (chess_board_pieces (b, c, CHESS_BISHOP))
         + 2 * chess_bb_count (chess_board_pieces (b, c, CHESS_ROOK))
         + 4 * chess_bb_count (chess_board_pieces (b, c, CHESS_QUEEN));
}

static CHESS_ALWAYS_INLINE int
relative_rank (int sq, ChessColor c)
{
  return c == CHESS_COLOR_WHITE ? sq >> 3 : 7 - (sq >> 3);
}

/* Pawns, kings and the king zones: what every term group reads. */
static CHESS_ALWAYS_INLINE void
eval_init (EvalState *s)
{
  const ChessBoard *b = s->b;

  s->mg = s->eg = s->phase = 0;
  s->occ = b->by_color[0] | b->by_color[1];
  for (int ci = 0; ci < 2; ci++)
    {
      ChessColor c = (ChessColor) ci;

      s->pawns[c] = chess_board_pieces (b, c, CHESS_PAWN);
      s->pawn_att[c] = chess_bb_pawn_attacks (s->pawns[c], c);
      s->king_sq[c] = chess_bb_lsb (chess_board_pieces (b, c, CHESS_KING));
      s->king_zone[c] = chess_king_attacks[s->king_sq[c]] | CHESS_BB (s->king_sq[c]);
      s->king_zone[c] |= c == CHESS_COLOR_WHITE ? chess_bb_north (s->king_zone[c])
                                                : chess_bb_south (s->king_zone[c]);
      s->attacked_by[c][CHESS_PAWN] = s->pawn_att[c];
      s->attacked_by[c][CHESS_KING] = chess_king_attacks[s->king_sq[c]];
      s->attacks[c] = s->pawn_att[c] | s->attacked_by[c][CHESS_KING];
      s->zone_attackers[c] = 0;
    }
}

/* Material, piece squares and the game phase. */
static CHESS_ALWAYS_INLINE void
eval_material (EvalState *s, ChessColor c)
{
  int flip = c == CHESS_COLOR_WHITE ? 0 : 56;

  for (int t = 0; t < CHESS_N_PIECE_TYPES; t++)
    {
      ChessBitboard bb = chess_board_pieces (s->b, c, (ChessPieceType) t);

      if (t != CHESS_KING)
        term (s, c, CHESS_EVAL_MATERIAL + t, chess_bb_count (bb));
      s->phase += phase_weight[t] * chess_bb_count (bb);
      while (bb)
        {
          int sq = chess_bb_pop (&bb);
          term (s, c, CHESS_EVAL_PST + t * 64 + (sq ^ flip), 1);
        }
    }
}

/* A rook on an open or half-open file, or on the seventh rank against a
 * king on the eighth. */
static CHESS_ALWAYS_INLINE void
eval_rook_placement (EvalState *s, ChessColor c, int sq)
{
  ChessColor them = chess_color_other (c);
  ChessBitboard file = CHESS_FILE_A << (sq & 7);

  if (!(file & s->b->by_type[CHESS_PAWN]))
    term (s, c, CHESS_EVAL_ROOK_OPEN, 1);
  else if (!(file & s->pawns[c]))
    term (s, c, CHESS_EVAL_ROOK_SEMIOPEN, 1);
  if (relative_rank (sq, c) == 6 && relative_rank (s->king_sq[them], c) >= 6)
    term (s, c, CHESS_EVAL_ROOK_SEVENTH, 1);
}

/* Pieces: mobility, attacks on the enemy king's zone, rook files, the
 * bishop pair. Fills the attack maps the threats read. */
static CHESS_ALWAYS_INLINE void
eval_pieces (EvalState *s, ChessColor c)
{
  const ChessBoard *b = s->b;
  ChessColor them = chess_color_other (c);
  ChessBitboard mob_area = ~(b->by_color[c] | s->pawn_att[them]);
  ChessBitboard occ = s->occ;

  for (int t = CHESS_KNIGHT; t <= CHESS_QUEEN; t++)
    {
      ChessBitboard bb = chess_board_pieces (b, c, (ChessPieceType) t);

      s->attacked_by[c][t] = 0;
      while (bb)
        {
          int sq = chess_bb_pop (&bb);
          ChessBitboard att;

          switch (t)
            {
            case CHESS_KNIGHT:
              att = chess_knight_attacks[sq];
              term (s, c, CHESS_EVAL_MOB_KNIGHT + chess_bb_count (att & mob_area), 1);
              break;
            case CHESS_BISHOP:
              /* Bishops see through their own queens. */
              att = chess_bishop_attacks (sq, occ ^ chess_board_pieces (b, c, CHESS_QUEEN));
              term (s, c, CHESS_EVAL_MOB_BISHOP + chess_bb_count (att & mob_area), 1);
              break;
            case CHESS_ROOK:
              /* Rooks see through their own rooks and queens. */
              att = chess_rook_attacks (sq, occ ^ chess_board_pieces (b, c, CHESS_ROOK)
                                        ^ chess_board_pieces (b, c, CHESS_QUEEN));
              term (s, c, CHESS_EVAL_MOB_ROOK + chess_bb_count (att & mob_area), 1);
              eval_rook_placement (s, c, sq);
              break;
            default:
              att = chess_rook_attacks (sq, occ) | chess_bishop_attacks (sq, occ);
              term (s, c, CHESS_EVAL_MOB_QUEEN + chess_bb_count (att & mob_area), 1);
              break;
            }
          s->attacked_by[c][t] |= att;
          s->attacks[c] |= att;
          if (att & s->king_zone[them])
            {
              s->zone_attackers[c]++;
              term (s, c, CHESS_EVAL_KING_ATTACK + t - CHESS_KNIGHT,
                    chess_bb_count (att & s->king_zone[them]));
            }
        }
    }

  if (chess_bb_several (chess_board_pieces (b, c, CHESS_BISHOP)))
    term (s, c, CHESS_EVAL_BISHOP_PAIR, 1);
}

/* Pawn structure: doubled, isolated, backward, connected and passed
 * pawns (the passers also by the kings' distance to their stop square). */
static CHESS_ALWAYS_INLINE void
eval_pawns (EvalState *s, ChessColor c)
{
  ChessColor them = chess_color_other (c);
  ChessBitboard own = s->pawns[c];
  ChessBitboard bb = own;
  ChessBitboard their_span = chess_bb_front_fill (s->pawns[them], them);
  ChessBitboard their_front = their_span
                              | ((their_span & ~CHESS_FILE_A) >> 1)
                              | ((their_span & ~CHESS_FILE_H) << 1);
  ChessBitboard own_span = chess_bb_front_fill (own, c);

  while (bb)
    {
      int sq = chess_bb_pop (&bb);
      int file = sq & 7, rank = relative_rank (sq, c);
      ChessBitboard file_bb = CHESS_FILE_A << file;
      ChessBitboard adjacent = ((file_bb & ~CHESS_FILE_A) >> 1) | ((file_bb & ~CHESS_FILE_H) << 1);
      int stop = c == CHESS_COLOR_WHITE ? sq + 8 : sq - 8;
      bool supported = (chess_pawn_attacks[them][sq] & own) != 0;
      bool phalanx = (adjacent & own & (CHESS_RANK_1 << (sq & 56))) != 0;

      if (own_span & CHESS_BB (sq))
        term (s, c, CHESS_EVAL_DOUBLED, 1);
      if (!(adjacent & own))
        term (s, c, CHESS_EVAL_ISOLATED, 1);
      else if (!supported && !phalanx
               && !(chess_bb_front_fill (CHESS_BB (stop), them) & adjacent & own)
               && (s->pawn_att[them] & CHESS_BB (stop)))
        term (s, c, CHESS_EVAL_BACKWARD, 1);
      if (supported || phalanx)
        term (s, c, CHESS_EVAL_CONNECTED + rank, 1);
      if (!(their_front & CHESS_BB (sq)) && !(own_span & CHESS_BB (sq)))
        {
          term (s, c, CHESS_EVAL_PASSED + rank, 1);
          if (!(s->occ & CHESS_BB (stop)))
            term (s, c, CHESS_EVAL_PASSED_FREE + rank, 1);
          term (s, c, CHESS_EVAL_PASSED_OWN_KING + rank, chess_square_distance (s->king_sq[c], stop));
          term (s, c, CHESS_EVAL_PASSED_THEIR_KING + rank, chess_square_distance (s->king_sq[them], stop));
        }
    }
}

/* The king's pawn shelter: open files beside it, pawns in front of it. */
static CHESS_ALWAYS_INLINE void
eval_king_shelter (EvalState *s, ChessColor c)
{
  int ksq = s->king_sq[c];
  int kf = ksq & 7, kf_lo = kf == 0 ? 0 : kf - 1, kf_hi = kf == 7 ? 7 : kf + 1;
  ChessBitboard files = 0, near, far;

  for (int f = kf_lo; f <= kf_hi; f++)
    {
      ChessBitboard file = CHESS_FILE_A << f;

      files |= file;
      if (!(file & s->b->by_type[CHESS_PAWN]))
        term (s, c, CHESS_EVAL_KING_OPEN, 1);
      else if (!(file & s->pawns[c]))
        term (s, c, CHESS_EVAL_KING_SEMIOPEN, 1);
    }
  near = c == CHESS_COLOR_WHITE ? CHESS_BB (ksq) << 8 : CHESS_BB (ksq) >> 8;
  near = (near | ((near & ~CHESS_FILE_A) >> 1) | ((near & ~CHESS_FILE_H) << 1)) & files;
  far = c == CHESS_COLOR_WHITE ? near << 8 : near >> 8;
  term (s, c, CHESS_EVAL_SHIELD_NEAR, chess_bb_count (near & s->pawns[c]));
  term (s, c, CHESS_EVAL_SHIELD_FAR, chess_bb_count (far & s->pawns[c]));
}

/* Threats, once both sides' attacks are known; and the number of pieces
 * attacking the enemy king's zone. */
static CHESS_ALWAYS_INLINE void
eval_threats (EvalState *s, ChessColor c)
{
  const ChessBoard *b = s->b;
  ChessColor them = chess_color_other (c);
  ChessBitboard their_pieces = b->by_color[them] & ~b->by_type[CHESS_PAWN] & ~b->by_type[CHESS_KING];
  ChessBitboard their_majors = b->by_color[them] & (b->by_type[CHESS_ROOK] | b->by_type[CHESS_QUEEN]);
  ChessBitboard pushes, safe_push;

  term (s, c, CHESS_EVAL_THREAT_BY_PAWN, chess_bb_count (s->pawn_att[c] & their_pieces));
  term (s, c, CHESS_EVAL_THREAT_BY_MINOR,
        chess_bb_count ((s->attacked_by[c][CHESS_KNIGHT] | s->attacked_by[c][CHESS_BISHOP]) & their_majors));
  term (s, c, CHESS_EVAL_THREAT_BY_ROOK,
        chess_bb_count (s->attacked_by[c][CHESS_ROOK] & b->by_color[them] & b->by_type[CHESS_QUEEN]));
  term (s, c, CHESS_EVAL_HANGING, chess_bb_count (s->attacks[c] & ~s->attacks[them] & their_pieces));
  pushes = (c == CHESS_COLOR_WHITE ? s->pawns[c] << 8 : s->pawns[c] >> 8) & ~s->occ;
  safe_push = pushes & (s->attacks[c] | ~s->attacks[them]) & ~s->pawn_att[them];
  term (s, c, CHESS_EVAL_PAWN_PUSH_THREAT,
        chess_bb_count (chess_bb_pawn_attacks (safe_push, c) & their_pieces));
  term (s, c, CHESS_EVAL_KING_ATTACKERS + (s->zone_attackers[c] > 7 ? 7 : s->zone_attackers[c]), 1);
}

/* The tapered score from the side to move's view. With a trace, the sums
 * are made from it, so that the traced and the untraced score agree. */
static CHESS_ALWAYS_INLINE int
eval_finish (EvalState *s)
{
  int score;

  if (s->phase > CHESS_EVAL_PHASE_MAX)
    s->phase = CHESS_EVAL_PHASE_MAX;
  if (s->trace)
    {
      s->trace->phase = s->phase;
      for (int i = 0; i < CHESS_EVAL_N_PARAMS; i++)
        if (s->trace->coef[i])
          {
            s->mg += s->w[i].mg * s->trace->coef[i];
            s->eg += s->w[i].eg * s->trace->coef[i];
          }
    }
  score = (s->mg * s->phase + s->eg * (CHESS_EVAL_PHASE_MAX - s->phase)) / CHESS_EVAL_PHASE_MAX;
  return s->b->side == CHESS_COLOR_WHITE ? score : -score;
}

static CHESS_ALWAYS_INLINE int
evaluate (const ChessBoard *b, const ChessEvalWeight *w, ChessEvalTrace *trace)
{
  EvalState s = { .b = b, .w = w, .trace = trace };

  eval_init (&s);
  for (int ci = 0; ci < 2; ci++)
    {
      ChessColor c = (ChessColor) ci;

      eval_material (&s, c);
      eval_pieces (&s, c);
      eval_pawns (&s, c);
      eval_king_shelter (&s, c);
    }
  for (int ci = 0; ci < 2; ci++)
    eval_threats (&s, (ChessColor) ci);
  term (&s, (ChessColor) b->side, CHESS_EVAL_TEMPO, 1);
  return eval_finish (&s);
}

int
chess_eval (const ChessBoard *board, const ChessEvalWeight *weights)
{
  return chess_endgame_adjust (board, chess_eval_sums (board, weights));
}

int
chess_eval_sums (const ChessBoard *board, const ChessEvalWeight *weights)
{
  return evaluate (board, weights ? weights : chess_eval_weights, NULL);
}

int
chess_eval_trace (const ChessBoard *board, const ChessEvalWeight *weights, ChessEvalTrace *trace)
{
  memset (trace, 0, sizeof *trace);
  return evaluate (board, weights ? weights : chess_eval_weights, trace);
}
