/* chess-tree.h — a game as a tree of moves: the main line and variations at
 * any depth, each move with its comments, NAGs and the PGN command comments
 * ([%clk], [%emt], [%eval], [%cal], [%csl]) read into fields (no GTK). */
#pragma once

#include <glib.h>

#include "chess-board.h"

G_BEGIN_DECLS

/* A coloured arrow (from ≠ to) or circled square (from = to), as the
 * [%cal]/[%csl] commands write them: colour 'R', 'G', 'Y' or 'B'. */
typedef struct
{
  guint8 color;
  guint8 from;   /* ChessSquare */
  guint8 to;
} ChessTreeMark;

typedef enum
{
  CHESS_TREE_EVAL_NONE,
  CHESS_TREE_EVAL_CENTIPAWNS,   /* [%eval 0.17]: value 17 (White's view)   */
  CHESS_TREE_EVAL_MATE,         /* [%eval #-3]: value -3                   */
} ChessTreeEvalKind;

typedef struct
{
  ChessTreeEvalKind kind;
  gint32            value;
  gint32            depth;      /* [%eval 0.17,20]: 20; -1 when not given  */
} ChessTreeEval;

#define CHESS_TREE_REVIEW_LINE 16

/* What a game review concluded about a move that its NAG and [%eval] do
 * not say (chess-review-score.h gives the meanings); never written to PGN. */
typedef struct
{
  guint8    klass;              /* ChessMoveClass: best … blunder          */
  gboolean  only_move;
  double    win_loss;           /* the mover's win-chance loss, 0..1       */
  gint32    depth;              /* of the search before the move           */
  gint32    best_eval;          /* White's view, after the best move       */
  guint     best_line_length;
  ChessMove best_line[CHESS_TREE_REVIEW_LINE]; /* from the position before */
} ChessTreeReview;

typedef struct _ChessTreeNode ChessTreeNode;

/* One move and what is said about it. The root has no move: its comment
 * is the one before the game's first move. children[0] continues the line
 * (the main line from the root); children[1…] are the variations, the
 * alternatives to children[0]. */
struct _ChessTreeNode
{
  ChessTreeNode  *parent;
  ChessTreeNode **children;
  guint           n_children;
  guint           ply;             /* moves from the start: root 0            */
  ChessMove       move;            /* CHESS_MOVE_NONE at the root             */
  char           *comment_before;  /* before the move (a variation's first)   */
  char           *comment;         /* after the move, commands taken out      */
  GByteArray     *nags;            /* NAG numbers in order, or NULL           */
  gint64          clock_ms;        /* [%clk]: time left after the move, or -1 */
  /* What a game keeps of its clocks here, never saved nor copied: */
  gint64          count_ms;        /* untimed: the mover's time used after the
                                    * move, or -1                              */
  gint64          stood_ms[CHESS_N_COLORS];
                                   /* both clocks as they stood when the game
                                    * left this position (a flag fallen, time
                                    * run on), by ChessColor; -1 if never left */
  gint64          emt_ms;          /* [%emt]: time the move took, or -1       */
  ChessTreeEval   eval;            /* [%eval]                                 */
  GArray         *arrows;          /* ChessTreeMark [%cal], or NULL           */
  GArray         *squares;         /* ChessTreeMark [%csl], or NULL           */
  char           *commands;        /* other [%…] commands, as read, or NULL   */
  /* The game review's judgement of the move, or NULL. */
  ChessTreeReview *review;
};

typedef struct
{
  ChessBoard     start;
  ChessTreeNode *root;
} ChessTree;

ChessTree     *chess_tree_new            (const ChessBoard *start);
void           chess_tree_free           (ChessTree        *tree);
ChessTree     *chess_tree_copy           (const ChessTree  *tree);

/* Every node of the tree in preorder (a node before its children, the
 * main child before the variations), without recursion: call with NULL
 * for the root, then with the previous node; NULL at the end. */
ChessTreeNode *chess_tree_next           (const ChessTree  *tree,
                                          const ChessTreeNode *node);

/* The last move of the main line (the root when there is none). */
ChessTreeNode *chess_tree_main_end       (const ChessTree  *tree);

/* The position after `node`'s move (the start for the root). */
void           chess_tree_board_at       (const ChessTree  *tree,
                                          const ChessTreeNode *node,
                                          ChessBoard       *board);
/* The moves from the start to `node`, in order: `moves` gets node->ply of
 * them (may be NULL to count only). */
void           chess_tree_path           (const ChessTreeNode *node,
                                          ChessMove        *moves);

/* A new last child of `node` playing `move` (legal after `node`). */
ChessTreeNode *chess_tree_node_append    (ChessTreeNode    *node,
                                          ChessMove         move);
/* The child of `node` that plays `move`, or NULL. */
ChessTreeNode *chess_tree_node_find_child (const ChessTreeNode *node,
                                           ChessMove         move);
/* The child playing `move` if there is one (*created FALSE), else a new
 * variation, or the main continuation when `node` has no child yet. */
ChessTreeNode *chess_tree_node_add_move  (ChessTreeNode    *node,
                                          ChessMove         move,
                                          gboolean         *created);

/* Its index among its parent's children (0 for the root). */
guint          chess_tree_node_index     (const ChessTreeNode *node);
/* TRUE when the node is on the main line (or is the root). */
gboolean       chess_tree_node_is_main_line (const ChessTreeNode *node);
/* The first move of the variation `node` is in: the nearest node from it
 * up that is not its parent's first child; NULL on the main line. */
ChessTreeNode *chess_tree_node_variation_start (const ChessTreeNode *node);

/* Moves the variation `node` is in one place up among its siblings (to
 * the main continuation when it was the first alternative). FALSE when
 * `node` is on the main line. */
gboolean       chess_tree_node_promote   (ChessTreeNode    *node);
/* Makes the line through `node` the main line. FALSE when it was. */
gboolean       chess_tree_node_promote_to_main (ChessTreeNode *node);
/* Takes `node` and everything after it out of the tree and frees them. */
void           chess_tree_node_remove    (ChessTreeNode    *node);
/* Takes `node` and everything after it out of the tree, keeping them for
 * chess_tree_node_attach (or chess_tree_node_free); returns its index. */
guint          chess_tree_node_detach    (ChessTreeNode    *node);
/* Puts a detached node back under `parent` (its old parent) at `index`
 * (clamped to the children there). */
void           chess_tree_node_attach    (ChessTreeNode    *parent,
                                          ChessTreeNode    *node,
                                          guint             index);
/* Frees a detached node and everything after it. */
void           chess_tree_node_free      (ChessTreeNode    *node);
/* Moves `node` to the front of its parent's children: its parent's main
 * continuation. */
void           chess_tree_node_make_first (ChessTreeNode   *node);

void           chess_tree_node_set_comment (ChessTreeNode  *node,
                                            const char     *comment); /* NULL, "": none */
void           chess_tree_node_set_comment_before (ChessTreeNode *node,
                                                   const char    *comment);
void           chess_tree_node_add_nag   (ChessTreeNode    *node,
                                          guint8            nag);
/* Removes every occurrence of `nag`; FALSE when there was none. */
gboolean       chess_tree_node_remove_nag (ChessTreeNode   *node,
                                           guint8           nag);
gboolean       chess_tree_node_has_nag   (const ChessTreeNode *node,
                                          guint8            nag);
void           chess_tree_node_clear_nags (ChessTreeNode   *node);

/* Arrows and circles: toggles the mark (same from/to, any colour): adds
 * it, changes its colour, or removes it when it has that colour. */
void           chess_tree_node_toggle_mark (ChessTreeNode  *node,
                                            ChessTreeMark   mark);

/* Reads a comment (UTF-8, white space already made single spaces): after
 * the move, takes the [%…] commands out into the node's fields (unknown
 * ones into `commands`) and adds what is left to `comment`; before the
 * move (`before`), adds it all to `comment_before`. */
void           chess_tree_node_add_comment_text (ChessTreeNode *node,
                                                 const char    *text,
                                                 gboolean       before);
/* PGN writes a comment between braces and has no escape for "}": TRUE
 * when `text` (NULL: none) holds no "}" and so can be written that way. */
gboolean       chess_tree_comment_is_writable (const char *text);
/* The node's comment after the move as PGN writes it: the commands first,
 * then the text; NULL when there is nothing. */
char          *chess_tree_node_format_comment (const ChessTreeNode *node);

/* "[%clk 1:02:03.5]"-style time, appended to `out` (no brackets). */
void           chess_tree_format_time    (gint64            ms,
                                          GString          *out);

/* The NAG's usual symbol ("!", "?", "±", "∞" …), or NULL when it has none. */
const char    *chess_tree_nag_symbol     (guint8            nag);
/* The same in ASCII, as players type it where the symbol cannot be shown
 * ("+=" for ⩲, "!!" for ‼); NULL when the NAG has no symbol. */
const char    *chess_tree_nag_ascii      (guint8            nag);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ChessTree, chess_tree_free)

G_END_DECLS
