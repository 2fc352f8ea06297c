/* chess-move-list-view-private.h — what the move list's files share: its
 * state, and the context menu's part (chess-move-list-view-menu.c). */
#pragma once

#include "chess-move-list-view.h"

G_BEGIN_DECLS

/* A variation's text: what it is drawn from, so that it can be drawn
 * again (with another move marked as viewed) under the same link indexes. */
typedef struct
{
  GtkWidget           *label;
  const ChessTreeNode *start;        /* its first move                       */
  ChessBoard           before;       /* the position before it               */
  guint                first_node;   /* its first link's index in `nodes`    */
  guint                n_nodes;
  guint                first_comment; /* its first index in `long_comments`   */
} ChessVariationText;

/* Where a main-line move's row starts, and what the list held before it:
 * the list is cut there when the moves from it on change. */
typedef struct
{
  guint row;
  guint n_nodes;
  guint n_comments;
  guint n_variations;
} ChessMoveRowStart;

struct _ChessMoveListView
{
  GtkWidget      parent_instance;

  GtkWidget     *scroller;
  GtkWidget     *viewport;
  GtkWidget     *grid;
  GtkWidget     *menu;           /* the context menu (a GtkPopoverMenu)    */
  GtkWidget     *comment_editor; /* a ChessCommentEditor                  */
  GPtrArray     *buttons;        /* GtkButton *, one per main-line move    */
  GPtrArray     *nodes;          /* ChessTreeNode *, shown in links ("n<index>") */
  GPtrArray     *long_comments;  /* const char *, shown cut short, whole behind
                                  * their "Show All" links ("c<index>")    */
  GArray        *variations;     /* ChessVariationText, each variation's label */
  GArray        *starts;         /* ChessMoveRowStart, one per main-line move */
  GtkWidget     *opening;        /* the comment before the first move, or NULL */
  ChessGame     *game;           /* owned */
  ChessTreeNode *menu_node;      /* the move the context menu is about     */
  const ChessTreeNode *viewed;   /* the move marked as viewed (compared, not read) */
  ChessNotation  notation;
  int            current;
  guint          rows;
  gboolean       scroll_pending;   /* show the current move after the next layout */
  char          *pending_link;     /* a link clicked, followed when idle  */
  guint          pending_link_id;
};

/* The move that has the keyboard focus (a main-line button or a focused
 * link of a variation), else the move viewed; its place in `bounds`. */
ChessTreeNode *_chess_move_list_view_focused_node    (ChessMoveListView *self,
                                                      graphene_rect_t   *bounds);
/* The context menu's actions, its popover, the comment editor and the
 * gesture and keys that open it. */
void           _chess_move_list_view_class_init_menu (GtkWidgetClass    *widget_class);
void           _chess_move_list_view_init_menu       (ChessMoveListView *self);
void           _chess_move_list_view_ensure_comment_editor (ChessMoveListView *self);

G_END_DECLS
