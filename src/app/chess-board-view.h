/* chess-board-view.h — the chessboard widget.
 *
 * Draws the position a ChessGame is showing (its view-ply) and lets the
 * player move with the mouse (drag-and-drop, click-click, right button held
 * to peek at a piece's moves) or the keyboard (arrows + Enter/Space; Home,
 * End, Alt+←/→, and ←/→ while no cursor is shown, browse the moves). The
 * view holds the position's legal moves: a legal move (its promotion
 * chosen) goes to the game once, through chess_game_play_move; an illegal
 * one springs back and the widget emits ::refused with the reason.
 *
 * CSS name: chessboard.
 */
#pragma once

#include <gtk/gtk.h>

#include "chess-game.h"

G_BEGIN_DECLS

#define CHESS_TYPE_BOARD_VIEW (chess_board_view_get_type ())
G_DECLARE_FINAL_TYPE (ChessBoardView, chess_board_view, CHESS, BOARD_VIEW, GtkWidget)

GtkWidget  *chess_board_view_new                (void);

/* The game shown and played (a new reference is kept; NULL shows the start
 * position, not playable). */
void        chess_board_view_set_game           (ChessBoardView *self,
                                                 ChessGame      *game);
ChessGame  *chess_board_view_get_game           (ChessBoardView *self);

/* Black at the bottom when TRUE ("flipped" property). */
void        chess_board_view_set_flipped        (ChessBoardView *self,
                                                 gboolean        flipped);
gboolean    chess_board_view_get_flipped        (ChessBoardView *self);

/* Whether the player may move pieces at all (FALSE e.g. while the computer
 * thinks; "interactive" property, default TRUE). Moves are only ever made at
 * the live position of a game that is not over. */
void        chess_board_view_set_interactive    (ChessBoardView *self,
                                                 gboolean        interactive);

/* Display options, also properties bound to GSettings by the window:
 * "show-coordinates", "show-legal-moves", "animate", "theme" (one of
 * chess_board_view_list_themes), "piece-set". */
void        chess_board_view_set_show_coordinates (ChessBoardView *self,
                                                   gboolean        show);
void        chess_board_view_set_show_legal_moves (ChessBoardView *self,
                                                   gboolean        show);
void        chess_board_view_set_animate        (ChessBoardView *self,
                                                 gboolean        animate);
void        chess_board_view_set_theme          (ChessBoardView *self,
                                                 const char     *theme);
void        chess_board_view_set_piece_set      (ChessBoardView *self,
                                                 const char     *name);

/* Theme names ("wood", "green", "blue", "grey", …), NULL-terminated, static. */
const char *const *chess_board_view_list_themes (void);
/* The translated name of a theme for menus ("Wood"). */
const char *chess_board_view_get_theme_title    (const char     *theme);
/* The light and dark squares' colours of a theme (the first theme's for an
 * unknown name). */
void        chess_board_view_get_theme_colors   (const char     *theme,
                                                 GdkRGBA        *light,
                                                 GdkRGBA        *dark);

/* Geometry in widget coordinates: the square under (x, y), or
 * CHESS_NO_SQUARE; and the rectangle of a square (FALSE before the first
 * allocation). Both follow the orientation. */
ChessSquare chess_board_view_square_at          (ChessBoardView  *self,
                                                 double           x,
                                                 double           y);
gboolean    chess_board_view_get_square_bounds  (ChessBoardView  *self,
                                                 ChessSquare      square,
                                                 graphene_rect_t *bounds);

/* Arrows that are not part of the game (a hint, the engine's best lines):
 * drawn above the game's own arrows, in the colour and width given
 * (`width` 1.0 is an annotation arrow's; 0 means 1.0), and never saved.
 * Each `owner` ("hint", "analysis", …) has its own set, which a call
 * replaces (n_arrows 0 clears it). The first arrow of a set lies on top. */
typedef struct
{
  ChessSquare from, to;
  GdkRGBA     color;
  double      width;
} ChessBoardArrow;

void        chess_board_view_set_extra_arrows   (ChessBoardView        *self,
                                                 const char            *owner,
                                                 const ChessBoardArrow *arrows,
                                                 guint                  n_arrows);
/* The owner's arrows now (borrowed, until the next change); returns how many. */
guint       chess_board_view_get_extra_arrows   (ChessBoardView         *self,
                                                 const char             *owner,
                                                 const ChessBoardArrow **arrows);

/* The selected square (click-click, keyboard) or CHESS_NO_SQUARE. */
ChessSquare chess_board_view_get_selected       (ChessBoardView *self);
/* TRUE while the promotion chooser is open. */
gboolean    chess_board_view_is_choosing_promotion (ChessBoardView *self);
/* TRUE while a piece is sliding (a move, a take-back or a spring-back
 * being animated). Read-only; for tests. */
gboolean    chess_board_view_is_animating       (ChessBoardView *self);

G_END_DECLS
