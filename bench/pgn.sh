#!/usr/bin/env bash
# PGN speed: `thinkchess-cli pgn` (parses and replays every move, prints the
# final positions) against `pgn-extract -s --quiet -Wsan -o /dev/null` (also
# parses and replays every move) on the same files, in the same run; then the
# time to list the games of the biggest file from its tags alone.
#   bench/pgn.sh [BUILD-DIR] [PGN-FILE…]     (default: build, tests/data/pgn/*.pgn)
# Each figure is the best of $RUNS runs (default 5) of wall-clock time.
set -eu
cd "$(dirname "$0")/.."

build=${1:-build}
[ $# -gt 0 ] && shift
if [ $# -gt 0 ]; then
  files=("$@")
else
  files=(tests/data/pgn/*.pgn)
fi
runs=${RUNS:-5}
cli=$build/src/cli/thinkchess-cli
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)

if [ ! -x "$cli" ]; then
  echo "Build first: meson setup $build && meson compile -C $build" >&2
  exit 1
fi
if [ ! -x "$pgn_extract" ]; then
  echo "pgn-extract is not installed (apt-get install pgn-extract)" >&2
  exit 1
fi

# Best wall-clock time of $runs runs of the command, in seconds.
best_time () {
  python3 - "$runs" "$@" <<'PY'
import subprocess, sys, time
runs = int(sys.argv[1])
best = None
for _ in range(runs):
    t = time.perf_counter()
    subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    t = time.perf_counter() - t
    best = t if best is None or t < best else best
print(f"{best:.6f}")
PY
}

count=$("$cli" pgn --count "${files[@]}")
games=${count%% games*}
echo "Files: ${files[*]}"
echo "Games: $count"

ours=$(best_time "$cli" pgn "${files[@]}")
theirs=$(best_time "$pgn_extract" -s --quiet -Wsan -o /dev/null "${files[@]}")

python3 - "$games" "$ours" "$theirs" <<'PY'
import sys
games, ours, theirs = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
print(f"thinkchess-cli pgn: {ours * 1000:8.1f} ms  {games / ours:10.0f} games/s")
print(f"pgn-extract:        {theirs * 1000:8.1f} ms  {games / theirs:10.0f} games/s")
print(f"ratio: {theirs / ours:.1f}x pgn-extract's throughput (target: 10x)")
PY

# The game list of the biggest file: the whole process (start, map, scan
# the tags, print the list), so an upper bound of the scan itself.
biggest=$(ls -S "${files[@]}" | head -n 1)
listed=$("$cli" pgn --list "$biggest" | wc -l)
list_time=$(best_time "$cli" pgn --list "$biggest")
python3 - "$biggest" "$listed" "$list_time" <<'PY'
import sys
name, n, t = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
print(f"game list of {name}: {n} games in {t * 1000:.1f} ms "
      f"({t * 1000 * 10000 / n:.1f} ms per 10,000 games; target < 50)")
PY
