/* trainer-error.c — the trainer's error domain. */
#include "config.h"

#include "trainer-error.h"

G_DEFINE_QUARK (chess-train-error-quark, chess_train_error)
