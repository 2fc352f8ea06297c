#!/usr/bin/env bash
# Reviews a real 40-move game — game 36 of tests/data/pgn/twic0920.pgn,
# Stukopin–Nepomniachtchi, Russian championship 2012, 80 plies — with
# `thinkchess-cli review` at its default setting (the built-in engine, 400,000
# nodes a position) and prints the wall and processor time against issue 15's
# target of one minute. As a peer in the same run, Stockfish reviews the same
# game at the same budget through --engine (`go nodes`), and the two reviews
# are compared:
# accuracy and counts per player, and how many of the moves one marks as a
# mistake or blunder the other marks too.
#
#   bench/review.sh [BUILD-DIR]                 (default: build)
#   NODES=1000000 GAME=34 bench/review.sh
#   TIME_PER_MOVE=500 bench/review.sh          (a clock instead of nodes)
set -eu
cd "$(dirname "$0")/.."

build=${1:-build}
cli=$(realpath "$build/src/cli/thinkchess-cli")
pgn=tests/data/pgn/twic0920.pgn
game=${GAME:-36}
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$cli" ] || ! "$cli" --help | grep -q '^  review'; then
  echo "No $cli with a review command: build first" >&2
  exit 2
fi

args=("$pgn" --game "$game")
[ -n "${NODES:-}" ] && args+=(--nodes "$NODES")
[ -n "${TIME_PER_MOVE:-}" ] && args+=(--time-per-move "$TIME_PER_MOVE")

# run NAME [ARGS…]: one review; its PGN in $tmp/NAME.pgn, summary in NAME.err
run () {
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  # The processor time (user + system) of the review and its engine.
  LC_ALL=C.UTF-8 python3 -c '
import resource, subprocess, sys
status = subprocess.call(sys.argv[2:])
used = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "w").write("%.2f\n" % (used.ru_utime + used.ru_stime))
sys.exit(status)' "$tmp/$name.cputime" "$cli" review "${args[@]}" "$@" >"$tmp/$name.pgn" 2>"$tmp/$name.err"
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", b - a }' >"$tmp/$name.time"
}

# The plies marked ?, ?? (NAG $2, $4) on the main line, one a line.
marked () {
  python3 - "$1" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text = text[text.index("\n\n"):]
text = re.sub(r"\{[^}]*\}", " ", text)
while "(" in text:
    text = re.sub(r"\([^()]*\)", " ", text)
ply = 0
for tok in text.split():
    if re.fullmatch(r"\d+\.(\.\.)?", tok) or tok in ("1-0", "0-1", "1/2-1/2", "*"):
        continue
    if tok.startswith("$"):
        if tok in ("$2", "$4"):
            print(ply - 1)
        continue
    ply += 1
EOF
}

summary () {
  local name=$1
  printf '%-22s %6.1f s ' "$name" "$(cat "$tmp/$name.time")"
  grep -E 'accuracy' "$tmp/$name.err" | sed -E 's/^(White|Black) \([^)]*\): /\1 /' | tr '\n' ' '
  echo
}

echo "Game $game of $pgn, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"

run thinkchess
grep '^Reviewed' "$tmp/thinkchess.err"
summary thinkchess
# The verdict by processor time (the review's process and its engine thread):
# the wall time on a shared machine says more about the load than the review.
# (An external engine's time is not counted: the CLI does not wait for it.)
ours=$(cat "$tmp/thinkchess.cputime")
verdict=$(awk -v t="$ours" 'BEGIN { print (t < 60 ? "under" : "OVER") }')
printf 'ThinkChess: %.1f s of processor time for the game (%.1f s wall), %s the 60 s target\n' \
  "$ours" "$(cat "$tmp/thinkchess.time")" "$verdict"

if [ -x "$stockfish" ]; then
  run stockfish --engine "$stockfish"
  summary stockfish
  marked "$tmp/thinkchess.pgn" | sort -n >"$tmp/ours.marked"
  marked "$tmp/stockfish.pgn" | sort -n >"$tmp/theirs.marked"
  both=$(comm -12 "$tmp/ours.marked" "$tmp/theirs.marked" | wc -l)
  echo "Mistakes and blunders: ThinkChess $(wc -l <"$tmp/ours.marked"), Stockfish" \
       "$(wc -l <"$tmp/theirs.marked"), marked by both $both"
else
  echo "(Stockfish not found: no peer review)"
fi
