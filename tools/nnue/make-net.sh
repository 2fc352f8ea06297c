#!/usr/bin/env bash
# Makes the evaluation network from nothing, reproducibly, in two rounds.
# Round 1: self-play positions of the built-in engine with its hand-written
# evaluation, and the first net trained on them from random weights.
# Round 2: self-play positions of the engine evaluating with that first
# net, and the final net: the first one, given output buckets, trained on
# further on those. Two generators run at a time. The same settings give the
# same positions and the same nets, byte for byte; the defaults make the net
# built into the program (data/nnue/thinkchess.nnue).
#
#   tools/nnue/make-net.sh [BUILD-DIR] [OUT-DIR]     (default: build, nnue-work)
#
# Settings (environment):
#   GENERATORS   round 1's training positions, "KIND:SEED:GAMES" each, KIND
#                random (8 random plies) or book (a position of
#                tests/data/pgn/twic0920.pgn)
#   VALIDATION   round 1's positions kept apart to validate on, the same form
#   GENERATORS2, VALIDATION2   round 2's, the same form
#   ROUNDS       2, or 1 to stop at the first net
#   NODES        nodes a move (5000)
#   EPOCHS, LR               round 1's trainer settings (20, 0.001)
#   EPOCHS2, LR2, BUCKETS2   round 2's (10, 0.0003, 8)
#   BATCH, LAMBDA            both rounds' (16384, 0)
# A generator's file that already holds its games is kept, so a stopped run
# goes on where it was.
set -eu
cd "$(dirname "$0")/../.."
build=${1:-build}
out=${2:-nnue-work}
generators=${GENERATORS:-random:1001:4190 book:2002:3440 random:3003:2270 random:3004:1630 random:3005:2550 random:3006:13560 random:3007:13730}
validation=${VALIDATION:-random:3001:500}
generators2=${GENERATORS2:-random:4001:8280 book:4002:9360}
validation2=${VALIDATION2:-random:4003:500}
rounds=${ROUNDS:-2}
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

file_of () {
  local kind seed games
  IFS=: read -r kind seed games <<< "$1"
  echo "$out/$kind-s$seed.bin"
}

# One generator, evaluating with the net $2 (empty: by hand): its file is
# made again unless it holds exactly its games (written beside it once the
# generator has finished).
generate () {
  local kind seed games file net=$2 net_args=()
  IFS=: read -r kind seed games <<< "$1"
  file=$(file_of "$1")
  if [ -n "$net" ]; then
    net_args=(--net "$net")
  fi
  if [ -f "$file.done" ] && [ "$(cat "$file.done")" = "$games $nodes${net:+ $(sha256sum < "$net")}" ]; then
    return 0
  fi
  rm -f "$file" "$file.done"
  case $kind in
    random) set -- ;;
    book) set -- --openings tests/data/pgn/twic0920.pgn ;;
    *) echo "Unknown generator kind '$kind' (random or book)" >&2; return 1 ;;
  esac
  "$datagen" --games "$games" --nodes "$nodes" --seed "$seed" --out "$file" "${net_args[@]}" "$@" \
    2> "${file%.bin}.log"
  echo "$games $nodes${net:+ $(sha256sum < "$net")}" > "$file.done"
}

# One round: its generators evaluating with the net $3 (empty: by hand),
# then the trainer, which writes the net $4; the trainer's own settings
# follow.
make_round () {
  local generators=$1 validation=$2 net=$3 net_out=$4
  shift 4
  local start running=0 positions=0 g f val_file train_files=()

  start=$(date +%s)
  for g in $generators $validation; do
    if [ "$running" -ge 2 ]; then
      wait -n
      running=$((running - 1))
    fi
    generate "$g" "$net" &
    running=$((running + 1))
  done
  while [ "$running" -gt 0 ]; do
    wait -n
    running=$((running - 1))
  done
  for g in $generators; do
    f=$(file_of "$g")
    [ -f "$f.done" ] || { echo "$f was not made: see ${f%.bin}.log" >&2; exit 1; }
    train_files+=("$f")
    positions=$((positions + $(stat -c %s "$f") / 32))
  done
  val_file=$(file_of "$validation")
  [ -f "$val_file.done" ] || { echo "$val_file was not made" >&2; exit 1; }
  echo "positions: $positions to train on, $(( $(stat -c %s "$val_file") / 32 )) to validate on, in $(( $(date +%s) - start )) s"

  start=$(date +%s)
  "$train" --out "$net_out" --checkpoint "${net_out%.nnue}.ckpt" "$@" \
    --batch "${BATCH:-16384}" --lambda "${LAMBDA:-0.0}" --mirror --threads 2 --seed 1 \
    --val-file "$val_file" "${train_files[@]}"
  echo "trained in $(( $(date +%s) - start )) s: $net_out"
  sha256sum "$net_out"
}

make_round "$generators" "$validation" "" "$out/round1.nnue" \
  --epochs "${EPOCHS:-20}" --lr "${LR:-0.001}"
if [ "$rounds" -ge 2 ]; then
  make_round "$generators2" "$validation2" "$out/round1.nnue" "$out/thinkchess.nnue" \
    --init "$out/round1.nnue" --buckets "${BUCKETS2:-8}" \
    --epochs "${EPOCHS2:-10}" --lr "${LR2:-0.0003}"
else
  cp "$out/round1.nnue" "$out/thinkchess.nnue"
fi
