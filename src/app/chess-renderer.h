/* chess-renderer.h — which of GTK's renderers draws the app.
 *
 * Called before GTK opens the display, by the app's main() and by the
 * in-process tests, so both draw the same way on the same machine.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Without a GPU render node (/dev/dri/renderD*), OpenGL would run on the
 * CPU (llvmpipe): half a second of start-up and about 100 MB for nothing a
 * flat board needs. Then GTK's cairo renderer is chosen and GL switched
 * off, through the environment GTK reads, unless the user already chose
 * (GSK_RENDERER, GDK_DEBUG or GDK_DISABLE set). OpenGL is switched off by
 * GDK_DISABLE=gl from GTK 4.16 on, by GDK_DEBUG=gl-disable before (4.16
 * dropped that one). */
void chess_renderer_choose (void);

G_END_DECLS
