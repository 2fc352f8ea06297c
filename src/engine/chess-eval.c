/* chess-eval.c — the static evaluation (see chess-eval.h). */
#include "config.h"

#include "chess-engine-bits.h"
#include "chess-eval.h"

const ChessEvalSection chess_eval_sections[] = {
  { "material", CHESS_EVAL_MATERIAL, 5 },
  { "pawn squares", CHESS_EVAL_PST + 0 * 64, 64 },
  { "knight squares", CHESS_EVAL_PST + 1 * 64, 64 },
  { "bishop squares", CHESS_EVAL_PST + 2 * 64, 64 },
  { "rook squares", CHESS_EVAL_PST + 3 * 64, 64 },
  { "queen squares", CHESS_EVAL_PST + 4 * 64, 64 },
  { "king squares", CHESS_EVAL_PST + 5 * 64, 64 },
  { "knight mobility", CHESS_EVAL_MOB_KNIGHT, 9 },
  { "bishop mobility", CHESS_EVAL_MOB_BISHOP, 14 },
  { "rook mobility", CHESS_EVAL_MOB_ROOK, 15 },
  { "queen mobility", CHESS_EVAL_MOB_QUEEN, 28 },
  { "passed pawn by rank", CHESS_EVAL_PASSED, 8 },
  { "passed pawn with a free stop square", CHESS_EVAL_PASSED_FREE, 8 },
  { "passed pawn: own king distance", CHESS_EVAL_PASSED_OWN_KING, 8 },
  { "passed pawn: enemy king distance", CHESS_EVAL_PASSED_THEIR_KING, 8 },
  { "connected pawn by rank", CHESS_EVAL_CONNECTED, 8 },
  { "isolated pawn", CHESS_EVAL_ISOLATED, 1 },
  { "doubled pawn", CHESS_EVAL_DOUBLED, 1 },
  { "backward pawn", CHESS_EVAL_BACKWARD, 1 },
  { "king shield, near", CHESS_EVAL_SHIELD_NEAR, 1 },
  { "king shield, far", CHESS_EVAL_SHIELD_FAR, 1 },
  { "half-open file at the king", CHESS_EVAL_KING_SEMIOPEN, 1 },
  { "open file at the king", CHESS_EVAL_KING_OPEN, 1 },
  { "king zone attacks by N B R Q", CHESS_EVAL_KING_ATTACK, 4 },
  { "king attackers by count", CHESS_EVAL_KING_ATTACKERS, 8 },
  { "bishop pair", CHESS_EVAL_BISHOP_PAIR, 1 },
  { "rook on open file", CHESS_EVAL_ROOK_OPEN, 1 },
  { "rook on half-open file", CHESS_EVAL_ROOK_SEMIOPEN, 1 },
  { "rook on the seventh", CHESS_EVAL_ROOK_SEVENTH, 1 },
  { "threat by pawn", CHESS_EVAL_THREAT_BY_PAWN, 1 },
  { "threat by minor on major", CHESS_EVAL_THREAT_BY_MINOR, 1 },
  { "threat by rook on queen", CHESS_EVAL_THREAT_BY_ROOK, 1 },
  { "hanging piece", CHESS_EVAL_HANGING, 1 },
  { "pawn push threat", CHESS_EVAL_PAWN_PUSH_THREAT, 1 },
  { "tempo", CHESS_EVAL_TEMPO, 1 },
};
const int chess_eval_n_sections = G_N_ELEMENTS (chess_eval_sections);

/* Adds `n` times parameter `idx` for colour `c`: to the score, or (when
 * tracing) to the trace. The evaluation body is inlined twice, so the
 * untraced copy carries no trace code. */
#define TERM(c, idx, n)                                                 \
  do {                                                                  \
    int n_ = (c) == CHESS_COLOR_WHITE ? (n) : -(n);                     \
    if (trace)                                                          \
      trace->coef[(idx)] += n_;                                         \
    else                                                                \
      {                                                                 \
        mg += w[(idx)].mg * n_;                                         \
        eg += w[(idx)].eg * n_;                                         \
      }                                                                 \
  } while (0)

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

static CHESS_ALWAYS_INLINE int
evaluate (const ChessBoard *b, const ChessEvalScore *w, ChessEvalTrace *trace)
{
  int mg = 0, eg = 0, phase = 0;
  ChessBitboard occ = b->by_color[0] | b->by_color[1];
  ChessBitboard pawns[2], pawn_att[2], attacks[2], attacked_by[2][CHESS_N_PIECE_TYPES];
  ChessBitboard king_zone[2];
  int king_sq[2], zone_attackers[2] = { 0, 0 };

  for (int c = 0; c < 2; c++)
    {
      pawns[c] = chess_board_pieces (b, (ChessColor) c, CHESS_PAWN);
      pawn_att[c] = chess_bb_pawn_attacks (pawns[c], (ChessColor) c);
      king_sq[c] = chess_bb_lsb (chess_board_pieces (b, (ChessColor) c, CHESS_KING));
      king_zone[c] = chess_king_attacks[king_sq[c]] | CHESS_BB (king_sq[c]);
      king_zone[c] |= c == CHESS_COLOR_WHITE ? chess_bb_north (king_zone[c]) : chess_bb_south (king_zone[c]);
      attacked_by[c][CHESS_PAWN] = pawn_att[c];
      attacked_by[c][CHESS_KING] = chess_king_attacks[king_sq[c]];
      attacks[c] = pawn_att[c] | attacked_by[c][CHESS_KING];
    }

  for (int ci = 0; ci < 2; ci++)
    {
      ChessColor c = (ChessColor) ci, them = chess_color_other (c);
      ChessBitboard own = b->by_color[c];
      ChessBitboard mob_area = ~(own | pawn_att[them]);
      int flip = c == CHESS_COLOR_WHITE ? 0 : 56;

      /* Material and squares. */
      for (int t = 0; t < CHESS_N_PIECE_TYPES; t++)
        {
          ChessBitboard bb = chess_board_pieces (b, c, (ChessPieceType) t);
          if (t != CHESS_KING)
            TERM (c, CHESS_EVAL_MATERIAL + t, chess_bb_count (bb));
          phase += phase_weight[t] * chess_bb_count (bb);
          while (bb)
            {
              int sq = chess_bb_pop (&bb);
              TERM (c, CHESS_EVAL_PST + t * 64 + (sq ^ flip), 1);
            }
        }

      /* Pieces: mobility, attacks on the enemy king's zone. */
      for (int t = CHESS_KNIGHT; t <= CHESS_QUEEN; t++)
        {
          ChessBitboard bb = chess_board_pieces (b, c, (ChessPieceType) t);
          attacked_by[c][t] = 0;
          while (bb)
            {
              int sq = chess_bb_pop (&bb);
              ChessBitboard att;
              switch (t)
                {
                case CHESS_KNIGHT:
                  att = chess_knight_attacks[sq];
                  TERM (c, CHESS_EVAL_MOB_KNIGHT + chess_bb_count (att & mob_area), 1);
                  break;
                case CHESS_BISHOP:
                  /* Bishops see through their own queens. */
                  att = chess_bishop_attacks (sq, occ ^ chess_board_pieces (b, c, CHESS_QUEEN));
                  TERM (c, CHESS_EVAL_MOB_BISHOP + chess_bb_count (att & mob_area), 1);
                  break;
                case CHESS_ROOK:
                  /* Rooks see through their own rooks and queens. */
                  att = chess_rook_attacks (sq, occ ^ chess_board_pieces (b, c, CHESS_ROOK)
                                            ^ chess_board_pieces (b, c, CHESS_QUEEN));
                  TERM (c, CHESS_EVAL_MOB_ROOK + chess_bb_count (att & mob_area), 1);
                  {
                    ChessBitboard file = CHESS_FILE_A << (sq & 7);
                    if (!(file & b->by_type[CHESS_PAWN]))
                      TERM (c, CHESS_EVAL_ROOK_OPEN, 1);
                    else if (!(file & pawns[c]))
                      TERM (c, CHESS_EVAL_ROOK_SEMIOPEN, 1);
                    if (relative_rank (sq, c) == 6 && relative_rank (king_sq[them], c) >= 6)
                      TERM (c, CHESS_EVAL_ROOK_SEVENTH, 1);
                  }
                  break;
                default:
                  att = chess_rook_attacks (sq, occ) | chess_bishop_attacks (sq, occ);
                  TERM (c, CHESS_EVAL_MOB_QUEEN + chess_bb_count (att & mob_area), 1);
                  break;
                }
              attacked_by[c][t] |= att;
              attacks[c] |= att;
              if (att & king_zone[them])
                {
                  zone_attackers[c]++;
                  TERM (c, CHESS_EVAL_KING_ATTACK + t - CHESS_KNIGHT,
                        chess_bb_count (att & king_zone[them]));
                }
            }
        }

      if (chess_bb_several (chess_board_pieces (b, c, CHESS_BISHOP)))
        TERM (c, CHESS_EVAL_BISHOP_PAIR, 1);

      /* Pawn structure. */
      {
        ChessBitboard bb = pawns[c];
        ChessBitboard their_span = chess_bb_front_fill (pawns[them], them);
        ChessBitboard their_front = their_span
                                    | ((their_span & ~CHESS_FILE_A) >> 1)
                                    | ((their_span & ~CHESS_FILE_H) << 1);
        ChessBitboard own_span = chess_bb_front_fill (pawns[c], c);
        while (bb)
          {
            int sq = chess_bb_pop (&bb);
            int file = sq & 7, rank = relative_rank (sq, c);
            ChessBitboard file_bb = CHESS_FILE_A << file;
            ChessBitboard adjacent = ((file_bb & ~CHESS_FILE_A) >> 1) | ((file_bb & ~CHESS_FILE_H) << 1);
            int stop = c == CHESS_COLOR_WHITE ? sq + 8 : sq - 8;
            bool supported = (chess_pawn_attacks[them][sq] & pawns[c]) != 0;
            bool phalanx = (adjacent & pawns[c] & (CHESS_RANK_1 << (sq & 56))) != 0;

            if (own_span & CHESS_BB (sq))
              TERM (c, CHESS_EVAL_DOUBLED, 1);
            if (!(adjacent & pawns[c]))
              TERM (c, CHESS_EVAL_ISOLATED, 1);
            else if (!supported && !phalanx
                     && !(chess_bb_front_fill (CHESS_BB (stop), them) & adjacent & pawns[c])
                     && (pawn_att[them] & CHESS_BB (stop)))
              TERM (c, CHESS_EVAL_BACKWARD, 1);
            if (supported || phalanx)
              TERM (c, CHESS_EVAL_CONNECTED + rank, 1);
            if (!(their_front & CHESS_BB (sq)) && !(own_span & CHESS_BB (sq)))
              {
                TERM (c, CHESS_EVAL_PASSED + rank, 1);
                if (!(occ & CHESS_BB (stop)))
                  TERM (c, CHESS_EVAL_PASSED_FREE + rank, 1);
                TERM (c, CHESS_EVAL_PASSED_OWN_KING + rank, chess_square_distance (king_sq[c], stop));
                TERM (c, CHESS_EVAL_PASSED_THEIR_KING + rank, chess_square_distance (king_sq[them], stop));
              }
          }
      }

      /* The king's pawn shelter. */
      {
        int kf = king_sq[c] & 7, kf_lo = kf == 0 ? 0 : kf - 1, kf_hi = kf == 7 ? 7 : kf + 1;
        ChessBitboard files = 0, near, far;
        for (int f = kf_lo; f <= kf_hi; f++)
          {
            ChessBitboard file = CHESS_FILE_A << f;
            files |= file;
            if (!(file & b->by_type[CHESS_PAWN]))
              TERM (c, CHESS_EVAL_KING_OPEN, 1);
            else if (!(file & pawns[c]))
              TERM (c, CHESS_EVAL_KING_SEMIOPEN, 1);
          }
        near = c == CHESS_COLOR_WHITE ? CHESS_BB (king_sq[c]) << 8 : CHESS_BB (king_sq[c]) >> 8;
        near = (near | ((near & ~CHESS_FILE_A) >> 1) | ((near & ~CHESS_FILE_H) << 1)) & files;
        far = c == CHESS_COLOR_WHITE ? near << 8 : near >> 8;
        TERM (c, CHESS_EVAL_SHIELD_NEAR, chess_bb_count (near & pawns[c]));
        TERM (c, CHESS_EVAL_SHIELD_FAR, chess_bb_count (far & pawns[c]));
      }
    }

  /* Threats, now that both sides' attacks are known. */
  for (int ci = 0; ci < 2; ci++)
    {
      ChessColor c = (ChessColor) ci, them = chess_color_other (c);
      ChessBitboard their_pieces = b->by_color[them] & ~b->by_type[CHESS_PAWN] & ~b->by_type[CHESS_KING];
      ChessBitboard their_majors = b->by_color[them] & (b->by_type[CHESS_ROOK] | b->by_type[CHESS_QUEEN]);
      ChessBitboard pushes, safe_push;

      TERM (c, CHESS_EVAL_THREAT_BY_PAWN, chess_bb_count (pawn_att[c] & their_pieces));
      TERM (c, CHESS_EVAL_THREAT_BY_MINOR,
            chess_bb_count ((attacked_by[c][CHESS_KNIGHT] | attacked_by[c][CHESS_BISHOP]) & their_majors));
      TERM (c, CHESS_EVAL_THREAT_BY_ROOK,
            chess_bb_count (attacked_by[c][CHESS_ROOK] & b->by_color[them] & b->by_type[CHESS_QUEEN]));
      TERM (c, CHESS_EVAL_HANGING, chess_bb_count (attacks[c] & ~attacks[them] & their_pieces));
      pushes = (c == CHESS_COLOR_WHITE ? pawns[c] << 8 : pawns[c] >> 8) & ~occ;
      safe_push = pushes & (attacks[c] | ~attacks[them]) & ~pawn_att[them];
      TERM (c, CHESS_EVAL_PAWN_PUSH_THREAT,
            chess_bb_count (chess_bb_pawn_attacks (safe_push, c) & their_pieces));
      TERM (c, CHESS_EVAL_KING_ATTACKERS + (zone_attackers[c] > 7 ? 7 : zone_attackers[c]), 1);
    }

  TERM ((ChessColor) b->side, CHESS_EVAL_TEMPO, 1);

  if (phase > CHESS_EVAL_PHASE_MAX)
    phase = CHESS_EVAL_PHASE_MAX;
  if (trace)
    {
      trace->phase = phase;
      /* Scored below from the trace, so the two agree. */
      for (int i = 0; i < CHESS_EVAL_N_PARAMS; i++)
        if (trace->coef[i])
          {
            mg += w[i].mg * trace->coef[i];
            eg += w[i].eg * trace->coef[i];
          }
    }

  {
    int score = (mg * phase + eg * (CHESS_EVAL_PHASE_MAX - phase)) / CHESS_EVAL_PHASE_MAX;
    return b->side == CHESS_COLOR_WHITE ? score : -score;
  }
}

int
chess_eval (const ChessBoard *board, const ChessEvalScore *weights)
{
  return evaluate (board, weights ? weights : chess_eval_weights, NULL);
}

int
chess_eval_trace (const ChessBoard *board, const ChessEvalScore *weights, ChessEvalTrace *trace)
{
  memset (trace, 0, sizeof *trace);
  return evaluate (board, weights ? weights : chess_eval_weights, trace);
}
