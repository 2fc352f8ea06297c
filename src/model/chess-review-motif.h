/* chess-review-motif.h — why a move was bad, from what the engine's lines
 * show (GLib only: no GObject, no engine): the mate it allowed or missed,
 * the material it lost and the tactic that wins it (fork, pin, skewer,
 * discovered attack), the piece it left hanging or put en prise, the
 * threat it ignored, the ending it threw away; and what the better move
 * does. chess_review_motif_find reads a ChessReviewMove (its best line from
 * the position before, its reply line from the position after);
 * chess-review-motif-text.c says it in one translated sentence. */
#pragma once

#include <glib.h>

#include "chess-review-score.h"

G_BEGIN_DECLS

typedef enum
{
  CHESS_MOTIF_NONE,
  /* What the played move did (by priority, highest first). */
  CHESS_MOTIF_MATE_ALLOWED,     /* line: the mate in the reply line        */
  CHESS_MOTIF_MATE_MISSED,      /* line: the mate in the best line         */
  CHESS_MOTIF_FORK,             /* the reply's tactic wins material        */
  CHESS_MOTIF_PIN,
  CHESS_MOTIF_SKEWER,
  CHESS_MOTIF_DISCOVERED,
  CHESS_MOTIF_HANGING,          /* a piece the move left undefended        */
  CHESS_MOTIF_EN_PRISE,         /* the moved piece, put where it is taken  */
  CHESS_MOTIF_MATERIAL,         /* material lost another way               */
  CHESS_MOTIF_THREAT_IGNORED,   /* the reply was threatened before the move */
  CHESS_MOTIF_WIN_THROWN,       /* a won ending drawn                      */
  CHESS_MOTIF_DRAW_MISSED,      /* a drawn ending lost                     */
  /* What the better move does. */
  CHESS_MOTIF_BETTER_MATES,
  CHESS_MOTIF_BETTER_FORK,
  CHESS_MOTIF_BETTER_PIN,
  CHESS_MOTIF_BETTER_SKEWER,
  CHESS_MOTIF_BETTER_DISCOVERED,
  CHESS_MOTIF_BETTER_WINS,      /* wins material                           */
  CHESS_MOTIF_BETTER_KEEPS,     /* keeps what the played move lost         */
  CHESS_MOTIF_BETTER_STOPS_MATE,
} ChessMotifKind;

/* A piece on a square, as the sentences name it. */
typedef struct
{
  ChessPieceType type;          /* CHESS_NO_PIECE_TYPE: none               */
  ChessSquare    square;
} ChessMotifPiece;

typedef struct
{
  ChessMotifKind  kind;
  int             mate_moves;   /* MATE_*, BETTER_MATES                    */
  ChessMotifPiece lost;         /* the piece lost (won, kept)              */
  ChessMotifPiece got;          /* MATERIAL: what the mover took back      */
  int             loss;         /* net material, centipawns                */
  ChessMotifPiece actor;        /* the forking, pinning … piece            */
  ChessMotifPiece targets[2];   /* what it forks; pinned/skewered and
                                 * the piece behind; what is uncovered      */
  /* The moves to name, from `board`: the refuting or tactical move (one),
   * or the mating line. */
  ChessBoard      board;
  ChessMove       line[CHESS_REVIEW_MAX_LINE];
  guint           line_length;
} ChessReviewMotif;

/* The piece values the detector counts material with (king: a large value
 * so that it is never "defended enough"). */
int      chess_review_motif_value        (ChessPieceType type);

/* Keeps the legal start of `line` (the search of the position after the
 * move, the opponent to move) as `move`'s reply line. */
void     chess_review_move_set_reply     (ChessReviewMove  *move,
                                          const ChessBoard *before,
                                          const ChessMove  *line,
                                          guint             n);

/* Why the move (played in `before`) was bad: FALSE when its lines show
 * nothing to name. */
gboolean chess_review_motif_find         (const ChessBoard      *before,
                                          const ChessReviewMove *move,
                                          ChessReviewMotif      *out);
/* What the better move does instead (`why` is what the played move did,
 * from chess_review_motif_find, kind NONE when nothing). */
gboolean chess_review_motif_find_better  (const ChessBoard       *before,
                                          const ChessReviewMove  *move,
                                          const ChessReviewMotif *why,
                                          ChessReviewMotif       *out);

/* The motif in one translated sentence ("Loses the queen to 4… Nxg4."),
 * newly allocated; never contains "}" (a PGN comment can hold it). */
char    *chess_review_motif_sentence     (const ChessReviewMotif *motif,
                                          const ChessReviewMove  *move,
                                          const ChessBoard       *before);

/* Why the move was bad when no motif says it, from the scores before and
 * after (the mover's view: an advantage lost, a level game lost, a worse
 * one made worse) and the opponent's reply: "Gives up the advantage:
 * after 2… Nc6 Black is better (−0.62)."; NULL without a legal reply. */
char    *chess_review_motif_score_sentence (const ChessReviewMove *move,
                                            const ChessBoard      *before);

/* What the threat (line[0], the side to move's in `board`, then the
 * search's line after it) wins, in words after `numbered` (the move
 * numbered as the caller writes it): "4… gxh5, winning the queen", "12.
 * Nc7+, forking the king on e8 and the rook on a8"; NULL when it takes
 * nothing worth saying and makes no tactic. */
char    *chess_review_motif_threat_words   (const ChessBoard *board,
                                            const ChessMove  *line,
                                            guint             n,
                                            const char       *numbered);

/* Both sentences for a move the review marked (inaccuracy or worse) into
 * move->why and move->better_why ("" when nothing is found); other moves
 * get "". */
void     chess_review_motif_describe     (ChessReviewMove  *move,
                                          const ChessBoard *before);

G_END_DECLS
