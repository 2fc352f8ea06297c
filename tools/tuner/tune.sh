#!/bin/sh
# Reproduces src/engine/chess-eval-weights.c from the games in the repository:
#   tools/tuner/tune.sh [BUILD-DIR]       (run from the source root)
# It starts from the weights in the file, so to tune from the hand-set
# values first run tools/tuner/handset-weights.py and rebuild.
set -eu
build=${1:-build}
meson compile -C "$build" thinkchess-tuner
"$build/tools/tuner/thinkchess-tuner" --epochs 400 --output src/engine/chess-eval-weights.c \
  tests/data/pgn/Kasparov.pgn tests/data/pgn/Korchnoi.pgn tests/data/pgn/twic0920.pgn
