#!/bin/sh
# Reproduces src/engine/chess-eval-weights.c from the games in the repository
# (run from the source root):   tools/tuner/tune.sh [BUILD-DIR]
# 1. the hand-set starting weights, 2. the tuner built with them,
# 3. Texel's method with an L2 pull towards the start (see README.md).
set -eu
build=${1:-build}
python3 tools/tuner/handset-weights.py src/engine/chess-eval-weights.c
meson compile -C "$build" thinkchess-tuner
"$build/tools/tuner/thinkchess-tuner" --epochs 800 --l2 1e-6 --output src/engine/chess-eval-weights.c \
  tests/data/pgn/Kasparov.pgn tests/data/pgn/Korchnoi.pgn tests/data/pgn/twic0920.pgn
meson compile -C "$build"
