#!/usr/bin/env bash
# Keeps in data/puzzles/puzzles.epd only the puzzles another Stockfish agrees
# with, as tests/cli/puzzles-stockfish.py asks (the first move found at depth
# 18, better than the second best by 1.5 pawns, or the only mate). Stockfish
# versions differ: a puzzle Debian 12's 15.1 calls unique, Debian 13's 17.1
# may see a second good move in, and the test runs on both.
#
#   tools/puzzles/agree-puzzles.sh STOCKFISH-COMMAND [BUILD-DIR]
#
# e.g. with Debian 13's Stockfish in a chroot (mmdebstrap --include=stockfish
# trixie DIR): tools/puzzles/agree-puzzles.sh "chroot DIR /usr/games/stockfish"
set -euo pipefail
cd "$(dirname "$0")/../.."
command=$1
build=${2:-build}
out=data/puzzles/puzzles.epd
version=$($command <<<quit 2>/dev/null | head -n 1 | cut -d ' ' -f 1-2)
tap=$(mktemp "${TMPDIR:-/tmp}/thinkchess-agree.XXXXXX")
trap 'rm -f "$tap"' EXIT

meson compile -C "$build" thinkchess-cli >/dev/null
# Every puzzle: a sample as large as the set, in the set's order of a seed.
STOCKFISH=$command python3 tests/cli/puzzles-stockfish.py \
  "$build/src/cli/thinkchess-cli" 1000000 1 >"$tap" || true
if ! grep -q '^1\.\.' "$tap"; then
  tail -n 5 "$tap" >&2
  echo "agree-puzzles: the check did not finish" >&2
  exit 1
fi
# "not ok N - ID: …" names the puzzles to drop.
disputed=$(sed -n 's/^not ok [0-9]* - \([A-Za-z0-9._-]*\): .*/\1/p' "$tap")
python3 - "$out" "$version" $disputed <<'PY'
import sys
path, version, drop = sys.argv[1], sys.argv[2], set(sys.argv[3:])
with open(path, encoding="utf-8") as f:
    lines = f.read().splitlines()
head = [l for l in lines if l.startswith("#")]
body = [l for l in lines if l.strip() and not l.startswith("#")]
kept = [l for l in body if l.split('id "', 1)[1].split('"', 1)[0] not in drop]
note = "# Checked again by %s at depth 18: every first move agreed." % version
if note not in head:
    head.append(note)
with open(path + ".new", "w", encoding="utf-8") as f:
    f.write("\n".join(head + kept) + "\n")
print("%s: %d of %d puzzles kept" % (version, len(kept), len(body)), file=sys.stderr)
PY
mv "$out.new" "$out"
