/* chess-puzzle.h — a puzzle: a position, the one good move at each of the
 * solver's turns with the opponent's replies between, its themes and
 * difficulty (GLib only). Puzzles are kept as EPD lines:
 *
 *   FEN bm SAN; id "ID"; pv SAN SAN …; themes "fork endgame"; rating 1450;
 *
 * where FEN is EPD's four fields, `pv` the whole solution (both sides,
 * starting with `bm`), the solver the side to move. The bundled set is
 * made by tools/puzzles/make-puzzles.sh. Solving one move at a time is
 * ChessPuzzleAttempt. */
#pragma once

#include <glib.h>

#include "chess-board.h"

G_BEGIN_DECLS

#define CHESS_PUZZLE_ERROR (chess_puzzle_error_quark ())
GQuark chess_puzzle_error_quark (void);

typedef enum
{
  CHESS_PUZZLE_ERROR_INVALID,   /* a line or file that is no puzzle (set) */
} ChessPuzzleError;

/* Plies of a solution, at most: a mate in six with its replies. */
#define CHESS_PUZZLE_MAX_MOVES 16
#define CHESS_PUZZLE_ID_MAX 24

typedef enum
{
  CHESS_PUZZLE_THEME_MATE       = 1 << 0,  /* with mate_in: "mate-in-N"        */
  CHESS_PUZZLE_THEME_FORK       = 1 << 1,
  CHESS_PUZZLE_THEME_PIN        = 1 << 2,
  CHESS_PUZZLE_THEME_SKEWER     = 1 << 3,
  CHESS_PUZZLE_THEME_DISCOVERED = 1 << 4,
  CHESS_PUZZLE_THEME_HANGING    = 1 << 5,  /* takes an undefended piece      */
  CHESS_PUZZLE_THEME_PROMOTION  = 1 << 6,
  CHESS_PUZZLE_THEME_SACRIFICE  = 1 << 7,  /* gives material to win more     */
  CHESS_PUZZLE_THEME_MATERIAL   = 1 << 8,  /* wins material                  */
  CHESS_PUZZLE_THEME_ENDGAME    = 1 << 9,
  CHESS_PUZZLE_THEME_MISTAKE    = 1 << 10, /* from the player's own game     */
  CHESS_PUZZLE_N_THEMES         = 11,
} ChessPuzzleTheme;

typedef struct
{
  char       id[CHESS_PUZZLE_ID_MAX];
  ChessBoard start;                       /* the solver to move            */
  ChessMove  moves[CHESS_PUZZLE_MAX_MOVES];
  guint      n_moves;                     /* odd: ends on a solver's move  */
  guint      themes;                      /* ChessPuzzleTheme bits         */
  int        mate_in;                     /* moves, with THEME_MATE        */
  int        rating;                      /* difficulty, Glicko scale      */
} ChessPuzzle;

/* The themes' keywords as the EPD, `--theme` and the settings write them
 * ("fork", "mate-in-2": a mate's keyword takes its number, and "mate"
 * matches all of them); NULL for no single theme. */
const char *chess_puzzle_theme_keyword  (ChessPuzzleTheme theme);
/* A theme's name, translated: "Fork", "Mate in 2" (mate_in > 0). Newly
 * allocated. */
char       *chess_puzzle_theme_name     (ChessPuzzleTheme theme,
                                         int              mate_in);
/* The theme of a keyword ("mate", "mate-in-3" and "fork"); 0 when none.
 * `mate_in` (may be NULL) gets the number of "mate-in-N", else 0. */
ChessPuzzleTheme chess_puzzle_theme_from_keyword (const char *keyword,
                                                  int        *mate_in);
/* Every theme keyword, for help texts: "mate, fork, pin, …". */
char       *chess_puzzle_theme_keywords (void);
/* Whether the puzzle has `theme` (and, for a mate with mate_in > 0, that
 * length). */
gboolean    chess_puzzle_has_theme      (const ChessPuzzle *puzzle,
                                         ChessPuzzleTheme   theme,
                                         int                mate_in);
/* The puzzle's themes, translated, joined by ", ". Newly allocated. */
char       *chess_puzzle_theme_names    (const ChessPuzzle *puzzle);

/* Reads one EPD line (the set's comments and blank lines are the caller's
 * to skip). On error, a translated message saying what is wrong and where
 * ("column 34: …"). */
gboolean    chess_puzzle_parse          (const char   *line,
                                         ChessPuzzle  *puzzle,
                                         GError      **error);
/* The EPD line, without a newline. Newly allocated. */
char       *chess_puzzle_to_epd         (const ChessPuzzle *puzzle);

/* The bundled set (from the program's resources), in its file's order;
 * NULL and a message when it cannot be read (a broken build). The array
 * holds ChessPuzzle * and is the caller's. */
GPtrArray  *chess_puzzle_set_load_bundled (GError **error);
/* A set from EPD text: every line but comments (#) and blank ones must be
 * a puzzle. `name` says where in messages ("puzzles.epd, line 12: …"). */
GPtrArray  *chess_puzzle_set_parse      (const char  *text,
                                         gsize        length,
                                         const char  *name,
                                         GError     **error);
/* The puzzle with `id`, or NULL. */
const ChessPuzzle *chess_puzzle_set_find (GPtrArray  *set,
                                          const char *id);

/* Solving a puzzle, one move at a time. */
typedef enum
{
  CHESS_PUZZLE_WRONG,       /* not the solution: the attempt is over      */
  CHESS_PUZZLE_RIGHT,       /* the opponent's reply follows (`reply`)     */
  CHESS_PUZZLE_SOLVED,      /* the last move of the solution              */
} ChessPuzzleVerdict;

typedef struct
{
  const ChessPuzzle *puzzle;
  ChessBoard         board;     /* now                                    */
  guint              ply;       /* moves of the solution played           */
  gboolean           over;
  gboolean           missed;    /* a wrong move was tried                 */
} ChessPuzzleAttempt;

void               chess_puzzle_attempt_init (ChessPuzzleAttempt *attempt,
                                              const ChessPuzzle  *puzzle);
/* The solver's move: right when it is the solution's, or mates at once.
 * On RIGHT, the opponent's reply is played as well and put in `reply`
 * (may be NULL). On WRONG the board is left as it was before the move. */
ChessPuzzleVerdict chess_puzzle_attempt_try  (ChessPuzzleAttempt *attempt,
                                              ChessMove           move,
                                              ChessMove          *reply);
/* The solution's move now (what a hint and Show Solution point to). */
ChessMove          chess_puzzle_attempt_expected (const ChessPuzzleAttempt *attempt);
/* A hint: which piece to move, translated ("Move the knight on f3."). */
char              *chess_puzzle_attempt_hint (const ChessPuzzleAttempt *attempt);
/* A move with its number, "23. Nf6+" or "23… Kh8", in the piece letters
 * `letters` ("NBRQK" …) or figurines (NULL). Newly allocated. */
char              *chess_puzzle_numbered_move (const ChessBoard *board,
                                               ChessMove         move,
                                               const char       *letters);
/* The opponent's best answer to the wrong move `wrong` (legal from the
 * attempt's board, where it was not played): the built-in engine's choice
 * within a fixed node budget, so the same everywhere; a few tens of
 * milliseconds. CHESS_MOVE_NONE when there is none (stalemate). */
ChessMove          chess_puzzle_attempt_refutation (const ChessPuzzleAttempt *attempt,
                                                    ChessMove                 wrong);
/* Why `wrong` fails, translated: "23. Qd4 fails to 23… Qxd4.", the moves
 * with the piece letters `letters` ("NBRQK" …) or figurines (NULL).
 * Newly allocated; NULL when `wrong` is not legal there. */
char              *chess_puzzle_attempt_refutation_text (const ChessPuzzleAttempt *attempt,
                                                         ChessMove                 wrong,
                                                         ChessMove                 refutation,
                                                         const char               *letters);
/* The rest of the solution from now, numbered SAN ("23. Nf6+ Kh8 24. Qh7#")
 * with the piece letters `letters` ("NBRQK", "SLTDK" …), or figurines when
 * NULL. Newly allocated. */
char              *chess_puzzle_attempt_solution_in (const ChessPuzzleAttempt *attempt,
                                                     const char               *letters);

G_END_DECLS
