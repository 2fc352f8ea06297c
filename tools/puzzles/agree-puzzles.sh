#!/usr/bin/env bash
# Keeps in data/puzzles/puzzles.epd only the puzzles another Stockfish agrees
# with, as tests/cli/puzzles-stockfish.py asks (the first move found at depth
# 18, better than the second best, or the only mate). Stockfish
# versions differ: a puzzle Debian 12's 15.1 calls unique, Debian 13's 17.1
# may see a second good move in, and the test runs on both.
#
#   tools/puzzles/agree-puzzles.sh [--tap FILE] STOCKFISH-COMMAND [BUILD-DIR]
#
# e.g. with Debian 13's Stockfish in a chroot (mmdebstrap --include=stockfish
# trixie DIR): tools/puzzles/agree-puzzles.sh "chroot DIR /usr/games/stockfish"
#
# A first move must also lead by 2 pawns there, not only the test's 1.5, so
# that a deeper search or another build of the same version still sees it
# unique. --tap FILE keeps the check's output in FILE, or reads it from there
# when it is there already (the check is deterministic: one thread, a fixed
# depth).
set -euo pipefail
cd "$(dirname "$0")/../.."
tap=
if [ "$1" = --tap ]; then
  tap=$2
  shift 2
fi
command=$1
build=${2:-build}
out=data/puzzles/puzzles.epd
margin=200
version=$($command <<<quit 2>/dev/null | head -n 1 | cut -d ' ' -f 1-2)
if [ -z "$tap" ]; then
  tap=$(mktemp "${TMPDIR:-/tmp}/thinkchess-agree.XXXXXX")
  trap 'rm -f "$tap"' EXIT
fi

if [ ! -s "$tap" ]; then
  meson compile -C "$build" thinkchess-cli >/dev/null
  # Every puzzle: a sample as large as the set, in the set's order of a seed.
  STOCKFISH=$command python3 tests/cli/puzzles-stockfish.py \
    "$build/src/cli/thinkchess-cli" 1000000 1 >"$tap" || true
fi
if ! grep -q '^1\.\.' "$tap"; then
  tail -n 5 "$tap" >&2
  echo "agree-puzzles: the check did not finish" >&2
  exit 1
fi
# "not ok N - ID: …" names the puzzles to drop, and so does "ok N - ID: …
# (S1), second best S2" with S1 - S2 under the margin (mates aside).
disputed=$(python3 - "$tap" "$margin" <<'PY'
import re, sys
margin = int(sys.argv[2])
for line in open(sys.argv[1], encoding="utf-8"):
    m = re.match(r"(not )?ok \d+ - ([A-Za-z0-9._-]+): .*\((-?\d+)\), second best (-?\d+)$", line.strip())
    if m is None:
        m = re.match(r"not ok \d+ - ([A-Za-z0-9._-]+): ", line)
        if m:
            print(m.group(1))
        continue
    s1, s2 = int(m.group(3)), int(m.group(4))
    mate = s1 > 99000
    if m.group(1) or (not mate and s1 - s2 < margin):
        print(m.group(2))
PY
)
python3 - "$out" "$version" $disputed <<'PY'
import sys
path, version, drop = sys.argv[1], sys.argv[2], set(sys.argv[3:])
with open(path, encoding="utf-8") as f:
    lines = f.read().splitlines()
head = [l for l in lines if l.startswith("#")]
body = [l for l in lines if l.strip() and not l.startswith("#")]
kept = [l for l in body if l.split('id "', 1)[1].split('"', 1)[0] not in drop]
note = "# Checked again by %s at depth 18: every first move found, 2 pawns ahead." % version
if note not in head:
    head.append(note)
with open(path + ".new", "w", encoding="utf-8") as f:
    f.write("\n".join(head + kept) + "\n")
print("%s: %d of %d puzzles kept" % (version, len(kept), len(body)), file=sys.stderr)
PY
mv "$out.new" "$out"
