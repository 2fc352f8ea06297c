#!/usr/bin/env python3
"""The bundled puzzles, checked by Stockfish (TAP): `thinkchess-cli puzzles
--export` lists at least 1,000; for a sample of them, Stockfish at depth 18
with two lines finds the puzzle's first move and confirms it is the only
good one (better than the second best by 1.5 pawns, or the only mate).

    puzzles-stockfish.py THINKCHESS-CLI [SAMPLE] [SEED]

The sample is drawn with SEED (default: from the date, printed, so that
each day looks at other puzzles and a failure can be run again)."""
import datetime
import os
import random
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import puzzle_epd  # noqa: E402
from chess_moves import san_to_uci  # noqa: E402

DEPTH = 18
GAP = 150
MATE = 100000

cli = sys.argv[1]
sample_size = int(sys.argv[2]) if len(sys.argv) > 2 else 30
seed = int(sys.argv[3]) if len(sys.argv) > 3 else int(datetime.date.today().strftime("%Y%m%d"))
n = 0
failed = 0


def ok(good, what):
    global n, failed
    n += 1
    if not good:
        failed += 1
    print("%s %d - %s" % ("ok" if good else "not ok", n, what), flush=True)


def ops(epd):
    """The EPD's four fields, and its operations as a dict of strings."""
    fields = epd.split(" ", 4)
    result = {}
    for op in fields[4].split(";"):
        op = op.strip()
        if op:
            name, _, value = op.partition(" ")
            result[name] = value.strip().strip('"')
    return " ".join(fields[:4]), result


class Stockfish:
    def __init__(self):
        # STOCKFISH: another Stockfish to ask, as a command line (for
        # checking the set against the version of another Debian release).
        command = shlex.split(os.environ.get("STOCKFISH", "")) or \
            [shutil.which("stockfish") or "/usr/games/stockfish"]
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        # As tools/puzzles/recheck-puzzles.py searched them.
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 64")
        self.send("setoption name MultiPV value 2")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        for line in self.p.stdout:
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines
        raise RuntimeError("stockfish stopped")

    def two_lines(self, fen):
        """{1: (score, move), 2: …} at the last depth: mates as ±(MATE − plies)."""
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.send("go depth %d" % DEPTH)
        best = {}
        for line in self.wait("bestmove"):
            w = line.split()
            if not line.startswith("info ") or "pv" not in w or "multipv" not in w:
                continue
            if "lowerbound" in w or "upperbound" in w:
                continue
            i = w.index("score")
            if w[i + 1] == "mate":
                m = int(w[i + 2])
                score = MATE - (2 * m - 1) if m > 0 else -(MATE + 2 * m)
            else:
                score = int(w[i + 2])
            best[int(w[w.index("multipv") + 1])] = (score, w[w.index("pv") + 1])
        return best




export = subprocess.run([cli, "puzzles", "--export"], capture_output=True, text=True)
ok(export.returncode == 0, "thinkchess-cli puzzles --export succeeds")
lines = [l for l in export.stdout.splitlines() if l.strip()]
ok(len(lines) >= 1000, "at least 1,000 puzzles (%d)" % len(lines))

print("# sample of %d, seed %d" % (sample_size, seed))
sf = Stockfish()
rng = random.Random(seed)
for epd in rng.sample(lines, min(sample_size, len(lines))):
    puzzle = puzzle_epd.parse(epd)
    try:
        expected = san_to_uci(cli, puzzle["fen"] + " 0 1", puzzle["bm"])
    except AssertionError:
        expected = None
    best = sf.two_lines(puzzle["fen"] + " 0 1")
    if expected is None or 1 not in best or 2 not in best:
        ok(False, "%s: no move %s, or Stockfish gave no two lines" % (puzzle["id"], puzzle["bm"]))
        continue
    (s1, m1), (s2, _) = best[1], best[2]
    if s1 > MATE - 1000:
        unique = not (s2 > MATE - 1000)
    else:
        unique = s1 - s2 >= GAP
    ok(m1 == expected and unique, "%s: the puzzle says %s (%s); Stockfish plays %s (%d), second best %d"
       % (puzzle["id"], puzzle["bm"], expected, m1, s1, s2))
sf.send("quit")
print("1..%d" % n)
sys.exit(1 if failed else 0)
