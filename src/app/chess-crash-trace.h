/* chess-crash-trace.h — the call stack of a crash, on request. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void chess_crash_trace_install (void);

G_END_DECLS
