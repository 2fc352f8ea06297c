#!/bin/sh
# Reproduces src/engine/chess-eval-weights.c from the games in the repository
# (run from the source root):   tools/tuner/tune.sh [BUILD-DIR]
# Texel's method from the hand-set weights, with an L2 pull towards them
# (see README.md); then the engine is rebuilt with the result.
set -eu
build=${1:-build}
meson compile -C "$build" thinkchess-tuner
"$build/tools/tuner/thinkchess-tuner" --epochs 800 --l2 1e-6 --output src/engine/chess-eval-weights.c \
  tests/data/pgn/Kasparov.pgn tests/data/pgn/Korchnoi.pgn tests/data/pgn/twic0920.pgn
meson compile -C "$build"
