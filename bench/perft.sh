#!/usr/bin/env bash
# Times `thinkchess-cli perft` against Stockfish's own `go perft` on the same
# machine in the same run: the start position to depth 6 and Kiwipete to
# depth 5, the median of RUNS runs each (default 5). Prints the nodes per
# second of both and the ratio ours/Stockfish.
#
#   bench/perft.sh [BUILD-DIR]      (default: build)
#
# Each run's time is its wall time minus the median time of a depth-1 run of
# the same program, so the start-up of either program (Stockfish loads its
# network) does not count.
set -eu
cd "$(dirname "$0")/.."

build=${1:-build}
runs=${RUNS:-5}
ours=$build/src/cli/thinkchess-cli
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}

if [ ! -x "$ours" ]; then
  echo "No $ours: build first (meson setup $build && meson compile -C $build)" >&2
  exit 2
fi
if [ ! -x "$stockfish" ]; then
  echo "Stockfish not found (apt-get install stockfish)" >&2
  exit 2
fi

now () { date +%s%N; }

# run_ours FEN DEPTH → prints "NODES NANOSECONDS"
run_ours () {
  local t0 t1 out
  t0=$(now)
  out=$("$ours" perft --fen "$1" "$2" | sed -n 's/^Nodes searched: //p')
  t1=$(now)
  echo "$out $((t1 - t0))"
}

run_stockfish () {
  local t0 t1 out
  t0=$(now)
  out=$(printf 'position fen %s\ngo perft %s\n' "$1" "$2" | "$stockfish" | sed -n 's/^Nodes searched: //p')
  t1=$(now)
  echo "$out $((t1 - t0))"
}

median () {
  sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# measure PROGRAM FEN DEPTH → prints "NODES MEDIAN-NET-NANOSECONDS"
measure () {
  local fn=$1 fen=$2 depth=$3 base t out nodes="" times="" i
  base=$(for i in $(seq "$runs"); do $fn "$fen" 1 | cut -d' ' -f2; done | median)
  for i in $(seq "$runs"); do
    out=$($fn "$fen" "$depth")
    nodes=${out% *}
    times="$times ${out#* }"
  done
  t=$(printf '%s\n' $times | median)
  echo "$nodes $((t - base))"
}

printf '%-10s %5s %12s %14s %14s %7s\n' position depth nodes "ours Mnodes/s" "SF Mnodes/s" ratio
status=0
while read -r name depth fen; do
  set -- $(measure run_ours "$fen" "$depth")
  our_nodes=$1 our_ns=$2
  set -- $(measure run_stockfish "$fen" "$depth")
  sf_nodes=$1 sf_ns=$2
  if [ "$our_nodes" != "$sf_nodes" ]; then
    echo "$name: ours counted $our_nodes nodes, Stockfish $sf_nodes" >&2
    status=1
  fi
  awk -v n="$name" -v d="$depth" -v nodes="$our_nodes" -v o="$our_ns" -v s="$sf_ns" 'BEGIN {
    ours = nodes / (o / 1e9) / 1e6; sf = nodes / (s / 1e9) / 1e6;
    printf "%-10s %5d %12d %14.1f %14.1f %7.2f\n", n, d, nodes, ours, sf, ours / sf }'
done <<'POSITIONS'
start 6 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
kiwipete 5 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
POSITIONS
exit $status
