#!/usr/bin/env python3
"""Makes tests/data/tactics.epd: positions from real games in the repo where
one move is clearly best, with Stockfish as the reference.

    thinkchess-tuner --fens 600 tests/data/pgn/*.pgn > /tmp/fens.txt
    tools/tactics/make-tactics.py /tmp/fens.txt > tests/data/tactics.epd

bench/data/tactics.epd, the benchmark's set, comes from other positions of
the same games and leaves out the tests' ones:

    thinkchess-tuner --fens 97 tests/data/pgn/*.pgn > /tmp/fens.txt
    tools/tactics/make-tactics.py /tmp/fens.txt --limit 150 --shuffle 1 \
        --exclude tests/data/tactics.epd > bench/data/tactics.epd

A position is kept when Stockfish at depth 12 (MultiPV 2) finds a best move
at least 150 centipawns better than the second best, the best score is
between -300 and +1500 (no won-anyway positions) and not a long mate."""
import argparse
import random
import subprocess
import sys

DEPTH = 12
GAP = 150

sf = subprocess.Popen(["/usr/games/stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                      text=True, bufsize=1)


def send(cmd):
    sf.stdin.write(cmd + "\n")
    sf.stdin.flush()


def wait_for(prefix):
    lines = []
    for line in sf.stdout:
        line = line.strip()
        lines.append(line)
        if line.startswith(prefix):
            return lines
    sys.exit("stockfish died")


def score_of(words):
    i = words.index("score")
    if words[i + 1] == "mate":
        m = int(words[i + 2])
        return (100000 - abs(m)) * (1 if m > 0 else -1), m
    return int(words[i + 2]), None


send("uci")
wait_for("uciok")
send("setoption name MultiPV value 2")
send("setoption name Threads value 1")
send("isready")
wait_for("readyok")

ap = argparse.ArgumentParser()
ap.add_argument("fens")
ap.add_argument("--limit", type=int, default=0, help="stop after this many positions")
ap.add_argument("--exclude", action="append", default=[], help="an EPD whose positions are left out")
ap.add_argument("--shuffle", type=int, metavar="SEED",
                help="take the positions in an order shuffled by SEED (from all the games, not the first)")
args = ap.parse_args()
fens = [line.strip() for line in open(args.fens) if line.strip()]
if args.shuffle is not None:
    random.Random(args.shuffle).shuffle(fens)
excluded = set()
for path in args.exclude:
    for line in open(path, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            excluded.add(" ".join(line.split()[:4]))

print("# Tactical positions from the games in tests/data/pgn with one clearly best")
print("# move (Stockfish 15.1, depth %d, MultiPV 2: a gap of at least %d cp)." % (DEPTH, GAP))
print("# Made by tools/tactics/make-tactics.py; bm is in UCI coordinates.")
kept = 0
for n, fen in enumerate(fens):
    if " ".join(fen.split()[:4]) in excluded:
        continue
    if args.limit and kept >= args.limit:
        break
    send("ucinewgame")
    send("position fen " + fen)
    send("go depth %d" % DEPTH)
    lines = wait_for("bestmove")
    last = {}
    for line in lines:
        w = line.split()
        if line.startswith("info depth %d " % DEPTH) and "multipv" in w and "pv" in w:
            last[int(w[w.index("multipv") + 1])] = (score_of(w), w[w.index("pv") + 1])
    if 1 not in last or 2 not in last:
        continue
    (s1, mate1), best = last[1]
    (s2, _), _ = last[2]
    if s1 - s2 < GAP or s1 < -300 or (mate1 is None and s1 > 1500) or (mate1 is not None and mate1 > 4) \
            or (mate1 is not None and mate1 < 0):
        continue
    kept += 1
    print('%s bm %s; id "sample %d";' % (" ".join(fen.split()[:4]), best, n))
    sys.stdout.flush()
send("quit")
sys.stderr.write("kept %d positions\n" % kept)
