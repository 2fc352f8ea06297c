#!/usr/bin/env python3
"""The second step of making the puzzle set (see make-puzzles.sh): Stockfish,
searching far deeper than find-candidates did, checks each candidate and
finds its whole solution.

    verify-puzzles.py [--depth 16] [--shard K/N] CANDIDATES > VERIFIED

A candidate (FEN, move, source; tab-separated) is kept when, at the
solver's first move, the best line wins (at least WIN cp, or mates) and
beats the second by at least FIRST_GAP cp, or mates where the second does
not. (The issue asks for 150; 200 leaves room for a deeper search that
sees a little more.) The solution goes on with Stockfish's reply and the
solver's next move as long as that move is clearly the only one (GAP); it
ends on a solver's move.
A mate must be unique at every solver's move but the last, where any
mating move will do. Prints: FEN, the solution (UCI, both sides), the
first move's score ("cp N" or "mate N"), the source; tab-separated."""
import argparse
import subprocess
import sys

WIN = 250
SECOND_MAX = 200
FIRST_GAP = 200
GAP = 150
MATE = 100000
MAX_MATE = 6        # moves to mate, at most
MAX_SOLVER = 4      # solver's moves of a line that is not a mate


class Stockfish:
    def __init__(self, path="/usr/games/stockfish"):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait("readyok")

    def send(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        for line in self.p.stdout:
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines
        sys.exit("stockfish stopped")

    def search(self, fen, moves, depth, multipv):
        """{multipv: (score, pv)} at the last full depth; scores as one int
        (mates ±(MATE - plies)); None when there is no legal move."""
        self.send("setoption name MultiPV value %d" % multipv)
        self.send("position fen %s%s" % (fen, " moves " + " ".join(moves) if moves else ""))
        self.send("go depth %d" % depth)
        lines = self.wait("bestmove")
        if lines[-1].split()[1] == "(none)":
            return None
        best = {}
        for line in lines:
            w = line.split()
            if not line.startswith("info ") or "pv" not in w or "score" not in w:
                continue
            if "lowerbound" in w or "upperbound" in w:
                continue
            k = int(w[w.index("multipv") + 1]) if "multipv" in w else 1
            i = w.index("score")
            if w[i + 1] == "mate":
                m = int(w[i + 2])
                score = MATE - (2 * m - 1) if m > 0 else -(MATE + 2 * m)
            else:
                score = int(w[i + 2])
            best[k] = (score, w[w.index("pv") + 1:], int(w[w.index("depth") + 1]))
        return best

    def quit(self):
        self.send("quit")
        self.p.wait()


def is_mate(score):
    return abs(score) > MATE - 1000


def mate_moves(score):
    return (MATE - score + 1) // 2


def clearly_only(lines):
    """The best move is the only good one."""
    if 2 not in lines:
        return False     # one legal move: forced, nothing to find
    s1, s2 = lines[1][0], lines[2][0]
    if is_mate(s1) and s1 > 0:
        return not (is_mate(s2) and s2 > 0)
    return s1 - s2 >= GAP


def solve(sf, fen, depth):
    """The solution (UCI moves) and the first score, or None."""
    lines = sf.search(fen, [], depth, 2)
    if not lines or 1 not in lines or 2 not in lines:
        return None
    s1, pv, _ = lines[1]
    s2 = lines[2][0]
    mating = is_mate(s1) and s1 > 0
    if mating:
        if mate_moves(s1) > MAX_MATE or (is_mate(s2) and s2 > 0):
            return None
    elif s1 < WIN or s2 > SECOND_MAX or s1 - s2 < FIRST_GAP:
        return None
    first = s1
    moves = [pv[0]]
    solver_moves = 1
    while True:
        if mating and mate_moves(s1) == 1:
            return moves, first     # mated: the line is whole
        if not mating and solver_moves >= MAX_SOLVER:
            return moves, first
        reply = sf.search(fen, moves, depth, 1)
        if not reply or 1 not in reply:
            return moves, first     # the game ended (stalemate, say)
        answer = reply[1][1][0]
        lines = sf.search(fen, moves + [answer], depth, 2)
        if not lines or 1 not in lines:
            return moves, first
        s1 = lines[1][0]
        if mating:
            if not (is_mate(s1) and s1 > 0):
                return None         # the mate went away: a search too shallow
            # Any mate in one is right; before it, one mating move only.
            if mate_moves(s1) > 1 and not clearly_only(lines):
                return None
        elif not clearly_only(lines) or s1 < WIN:
            return moves, first
        moves += [answer, lines[1][1][0]]
        solver_moves += 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default=16)
    parser.add_argument("--shard", default="0/1")
    parser.add_argument("candidates")
    args = parser.parse_args()
    k, n = (int(x) for x in args.shard.split("/"))
    sf = Stockfish()
    with open(args.candidates, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i % n != k or not line.strip():
                continue
            fen, _, source = line.rstrip("\n").split("\t")
            sf.send("ucinewgame")
            found = solve(sf, fen, args.depth)
            if found is None:
                continue
            moves, first = found
            score = "mate %d" % mate_moves(first) if is_mate(first) else "cp %d" % first
            print("%s\t%s\t%s\t%s" % (fen, " ".join(moves), score, source), flush=True)
    sf.quit()


if __name__ == "__main__":
    main()
