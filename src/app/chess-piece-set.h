/* chess-piece-set.h — a set of twelve piece drawings (SVG) rendered into
 * textures at any size. */
#pragma once

#include <gtk/gtk.h>

#include "chess-types.h"

G_BEGIN_DECLS

/* The piece set compiled into the app. */
#define CHESS_PIECE_SET_DEFAULT "thinkchess"

#define CHESS_TYPE_PIECE_SET (chess_piece_set_get_type ())
G_DECLARE_FINAL_TYPE (ChessPieceSet, chess_piece_set, CHESS, PIECE_SET, GObject)

/* The set called `name`: a built-in one (CHESS_PIECE_SET_DEFAULT, "classic",
 * "geometric") from the GResource, any other from $XDG_DATA_HOME/thinkchess/pieces/<name>/ with
 * files wK.svg … bP.svg. Pieces missing or unreadable in a user set come
 * from the built-in set. Sets are shared: returns a new reference. */
ChessPieceSet *chess_piece_set_get        (const char    *name);
const char    *chess_piece_set_get_name   (ChessPieceSet *self);

/* Renders `piece` into a new texture of size × size device pixels. Never
 * fails: a drawing that cannot be rendered becomes a plain disc with the
 * piece's letter. */
GdkTexture    *chess_piece_set_render     (ChessPieceSet *self,
                                           ChessPiece     piece,
                                           int            size);

/* The same as an image surface (CAIRO_FORMAT_ARGB32), for drawing with
 * cairo. Free with cairo_surface_destroy. */
cairo_surface_t *chess_piece_set_render_surface (ChessPieceSet *self,
                                                 ChessPiece     piece,
                                                 int            size);

/* A texture of a square image surface's pixels, sharing them (it keeps a
 * reference to the surface, which must not be drawn on afterwards): the
 * board needs a piece both ways and renders it once. */
GdkTexture    *chess_piece_set_texture_for_surface (cairo_surface_t *surface);

/* The names of the sets available: the built-in ones first, then the user
 * sets found in the data directory, sorted. Free with g_strfreev. */
char         **chess_piece_set_list_names (void);

/* Whether `name` is one of the sets drawn for ThinkChess. */
gboolean       chess_piece_set_is_builtin (const char    *name);

/* What the Preferences call the set: a built-in set's translated title, a
 * user set's folder name. */
const char    *chess_piece_set_get_title  (const char    *name);

/* "wK", "bN", …: the file name (without .svg) of a piece. */
const char    *chess_piece_file_name      (ChessPiece     piece);

G_END_DECLS
