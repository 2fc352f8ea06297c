#!/usr/bin/env bash
# Makes the evaluation network from nothing, reproducibly: self-play
# positions of the built-in engine (with its hand-written evaluation), two
# generators side by side, then the trainer. The same settings give the
# same positions and the same net, byte for byte.
#
#   tools/nnue/make-net.sh [BUILD-DIR] [OUT-DIR]     (default: build, nnue-work)
#
# Settings (environment): GAMES_RANDOM and GAMES_BOOK, the games of each
# generator (random openings, seed 1001; openings from
# tests/data/pgn/twic0920.pgn, seed 2002) and GAMES_VAL, the games kept
# apart to validate on (random openings, seed 3001, 500); NODES a move
# (5000); EPOCHS,
# LR, LR_DROP, BATCH, LAMBDA for the trainer. A generator's file that
# already holds its games is kept, so a stopped run goes on where it was.
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
out=${2:-nnue-work}
games_random=${GAMES_RANDOM:-20000}
games_book=${GAMES_BOOK:-20000}
games_val=${GAMES_VAL:-500}
nodes=${NODES:-5000}
datagen=$build/tools/nnue/datagen/thinkchess-datagen
train=$build/tools/nnue/trainer/thinkchess-nnue-train
for tool in "$datagen" "$train"; do
  if [ ! -x "$tool" ]; then
    echo "Build first: meson setup $build && meson compile -C $build" >&2
    exit 1
  fi
done
mkdir -p "$out"

# One generator: its file is made again unless it holds exactly its games
# (the generator says how many at the end of its log).
generate () {
  local name=$1 games=$2 seed=$3
  shift 3
  local file=$out/$name.bin
  if [ -f "$file.done" ] && [ "$(cat "$file.done")" = "$games $nodes" ]; then
    return 0
  fi
  rm -f "$file" "$file.done"
  "$datagen" --games "$games" --nodes "$nodes" --seed "$seed" --out "$file" "$@" \
    2> "$out/$name.log"
  echo "$games $nodes" > "$file.done"
}

start=$(date +%s)
generate random "$games_random" 1001 &
random_pid=$!
generate book "$games_book" 2002 --openings tests/data/pgn/twic0920.pgn &
book_pid=$!
wait "$random_pid"
wait "$book_pid"
# Games of their own to validate on: positions of one game on both sides
# of a random split would flatter the validation loss.
generate val "$games_val" 3001
echo "positions: $(( ($(stat -c %s "$out/random.bin") + $(stat -c %s "$out/book.bin")) / 32 )) to train on, $(( $(stat -c %s "$out/val.bin") / 32 )) to validate on, in $(( $(date +%s) - start )) s"

start=$(date +%s)
"$train" --out "$out/thinkchess.nnue" --checkpoint "$out/thinkchess.ckpt" \
  --epochs "${EPOCHS:-30}" --lr "${LR:-0.001}" ${LR_DROP:+--lr-drop "$LR_DROP"} \
  --batch "${BATCH:-16384}" --lambda "${LAMBDA:-0.7}" --threads 2 --seed 1 \
  --val-file "$out/val.bin" "$out/random.bin" "$out/book.bin"
echo "trained in $(( $(date +%s) - start )) s: $out/thinkchess.nnue"
sha256sum "$out/thinkchess.nnue"
