#!/usr/bin/env bash
# PGN speed: `thinkchess-cli pgn` (parses and replays every move, prints the
# final positions) and `thinkchess-cli pgn --export` (reads every game into
# its tree and writes it out again) against `pgn-extract -s --quiet -Wsan -o
# /dev/null` (parses, replays and writes every game) on the same files, in
# the same run; then the time to list the games of the biggest file from its
# tags alone.
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

# The three, run in turn ($runs rounds), so that a busy machine slows each
# alike; the best time of each counts.
read -r ours ours_tree theirs < <(python3 - "$runs" "$cli" "$pgn_extract" "${files[@]}" <<'PY'
import subprocess, sys, time
runs, cli, pgn_extract, files = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
commands = [
    [cli, "pgn"] + files,
    # The tree reader (what opening a file in the app does: tags, moves,
    # variations, comments, NAGs and commands into a tree), then the game
    # written out again, like pgn-extract's own output.
    [cli, "pgn", "--export"] + files,
    [pgn_extract, "-s", "--quiet", "-Wsan", "-o", "/dev/null"] + files,
]
best = [None] * len(commands)
for _ in range(runs):
    for i, command in enumerate(commands):
        t = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        t = time.perf_counter() - t
        best[i] = t if best[i] is None or t < best[i] else best[i]
print(" ".join(f"{b:.6f}" for b in best))
PY
)

python3 - "$games" "$ours" "$ours_tree" "$theirs" <<'PY'
import sys
games, ours, tree, theirs = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
print(f"thinkchess-cli pgn:          {ours * 1000:8.1f} ms  {games / ours:10.0f} games/s")
print(f"thinkchess-cli pgn --export: {tree * 1000:8.1f} ms  {games / tree:10.0f} games/s")
print(f"pgn-extract:                 {theirs * 1000:8.1f} ms  {games / theirs:10.0f} games/s")
print(f"ratio: {theirs / ours:.1f}x pgn-extract's throughput replaying, "
      f"{theirs / tree:.1f}x reading into the tree and writing back (target: 10x)")
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
