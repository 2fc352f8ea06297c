#!/usr/bin/env bash
# Makes data/puzzles/puzzles.epd, the bundled puzzle set, from the real
# games in tests/data/pgn (needs Stockfish: apt-get install stockfish).
#
#   tools/puzzles/make-puzzles.sh [--work DIR] [--also-stockfish COMMAND]
#                                 [BUILD-DIR]   (default: build)
#
# --work keeps each step's output in DIR, and a step whose output is there
# already is not run again; the first step, cut short, goes on where it
# stopped (find-candidates --resume), the others start again.
#
# 1. find-candidates: the built-in engine scans every position of every
#    game; where the last move threw something away, a two-line search
#    keeps the position when one move wins and the second best does not.
# 2. verify-puzzles.py: Stockfish at depth 16 checks each candidate and
#    finds the whole solution, every solver's move the only good one.
# 3. recheck-puzzles.py: Stockfish at depth 18 checks each first move once
#    more.
# 4. finish-puzzles: the themes (the review's motif detector), a rating
#    and an id; the EPD.
# 5. with --also-stockfish (repeatable), agree-puzzles.sh: only the puzzles
#    that Stockfish too confirms, 2 pawns ahead, stay (the set was made with
#    Debian 12's Stockfish 15.1 and checked by Debian 13's 17.1 in a chroot).
# Each step runs as two processes (two cores); every search has a fixed
# depth or node count and one thread, so a second run makes the same file.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=
also=()
while [ $# -gt 1 ]; do
  case $1 in
    --work) work=$2; shift 2; mkdir -p "$work" ;;
    --also-stockfish) also+=("$2"); shift 2 ;;
    *) break ;;
  esac
done
if [ -z "$work" ]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/thinkchess-puzzles.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi
build=${1:-build}
jobs=2
games=(tests/data/pgn/Kasparov.pgn tests/data/pgn/Korchnoi.pgn tests/data/pgn/twic0920.pgn)
started=$(date +%s)

meson compile -C "$build" find-candidates finish-puzzles >/dev/null

# Runs "$@ --shard K/$jobs" for each K into $work/NAME.K, then joins them
# into $work/NAME sorted by field SOURCE (the game a line comes from), then
# the FEN: a fixed order whatever the shards' timing.
in_shards () {
  local name=$1 source=$2
  shift 2
  local pids=()
  if [ -f "$work/$name" ]; then
    return
  fi
  for ((k = 0; k < jobs; k++)); do
    # find-candidates goes on where a run cut short stopped.
    if [ "$name" = candidates ] && [ -s "$work/$name.$k.part" ]; then
      mv "$work/$name.$k.part" "$work/$name.$k.stopped"
      { cat "$work/$name.$k.stopped"
        "$@" --shard "$k/$jobs" --resume "$work/$name.$k.stopped"; } >"$work/$name.$k.part" &
    else
      "$@" --shard "$k/$jobs" >"$work/$name.$k.part" &
    fi
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid"
  done
  local shards=()
  for ((k = 0; k < jobs; k++)); do
    mv "$work/$name.$k.part" "$work/$name.$k"
    rm -f "$work/$name.$k.stopped"
    shards+=("$work/$name.$k")
  done
  cat "${shards[@]}" | LC_ALL=C sort -t $'\t' -k"$source,$source" -k1,1 >"$work/$name"
}

in_shards candidates 3 "$build/tools/puzzles/find-candidates" "${games[@]}"
echo "$(wc -l <"$work/candidates") candidates, $(( ($(date +%s) - started) / 60 )) min" >&2
in_shards verified 4 python3 tools/puzzles/verify-puzzles.py "$work/candidates"
echo "$(wc -l <"$work/verified") verified, $(( ($(date +%s) - started) / 60 )) min" >&2
in_shards rechecked 4 python3 tools/puzzles/recheck-puzzles.py "$work/verified"
echo "$(wc -l <"$work/rechecked") rechecked, $(( ($(date +%s) - started) / 60 )) min" >&2

out=data/puzzles/puzzles.epd
{
  echo "# ThinkChess's puzzles, made by tools/puzzles/make-puzzles.sh from the games in"
  echo "# tests/data/pgn: candidates by the built-in engine, each checked and solved by"
  echo "# $(/usr/games/stockfish <<<quit 2>/dev/null | head -n 1 | cut -d ' ' -f 1-2) (depth 16, MultiPV 2; the first move again at depth 18)."
  echo "# Every solver's move is the only good one: better than the second best by"
  echo "# 1.5 pawns (the first move by 2), or the only mate."
  "$build/tools/puzzles/finish-puzzles" "$work/rechecked"
} >"$out.new"
mv "$out.new" "$out"
echo "$(grep -vc '^#' "$out") puzzles in $out, $(( ($(date +%s) - started) / 60 )) min in all" >&2
for command in "${also[@]}"; do
  bash tools/puzzles/agree-puzzles.sh "$command" "$build"
done
