#!/usr/bin/env python3
"""Scripted sessions with `thinkchess-cli uci`: the handshake and options,
isready during a search, go with each kind of limit, stop, ponder and
ponderhit, malformed lines (answered with `info string`, never a crash),
and a complete game of the engine against itself through the protocol."""
import os
import struct
import subprocess
import sys
import tempfile
import time
import threading
import queue

CLI = sys.argv[1]
results = []


def check(cond, name):
    results.append((bool(cond), name))


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([CLI, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def expect(self, prefix, timeout=20.0):
        """Lines up to and including the first starting with prefix."""
        seen = []
        end = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                return seen, None
            if line is None:
                return seen, None
            seen.append(line)
            if line.startswith(prefix):
                return seen, line

    def close(self):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        try:
            return self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return None


e = Engine()
e.send("uci")
seen, ok = e.expect("uciok")
check(ok, "uci answers uciok")
text = "\n".join(seen)
check(any(l.startswith("id name ThinkChess") for l in seen), "id name")
check(any(l.startswith("id author") for l in seen), "id author")
for opt in ("Hash", "Clear Hash", "MultiPV", "Ponder", "Move Overhead", "Skill Level",
            "UCI_LimitStrength", "UCI_Elo", "EvalFile", "UseNetwork"):
    check("option name %s type" % opt in text, "option " + opt)

e.send("isready")
check(e.expect("readyok")[1], "readyok")

# Malformed lines: an info string each, and the engine lives on.
for bad in ("position fen not a fen", "position startpos moves e2e5",
            "setoption name", "setoption name NoSuchOption value 1",
            "setoption name Hash value lots", "xyzzy", "position", "\x01\x02garbage",
            "position startpos moves " + "e2e4 " * 3):
    e.send(bad)
    e.send("isready")
    seen, ok = e.expect("readyok")
    check(ok and any(l.startswith("info string") for l in seen), "malformed: %r" % bad)
# A go with words it cannot use says so, leaves them out and still searches
# (here with no limit left, so until stop).
e.send("position startpos")
for bad in ("go depth x", "go wtime", "go sideways 3", "go searchmoves a1a1"):
    e.send(bad)
    e.send("stop")
    seen, best = e.expect("bestmove")
    check(best and any(l.startswith("info string") for l in seen), "go with bad words: %r" % bad)

# Options.
e.send("setoption name Hash value 32")
e.send("setoption name Clear Hash")
e.send("setoption name MultiPV value 3")
e.send("isready")
seen, ok = e.expect("readyok")
check(ok and not any(l.startswith("info string") for l in seen), "options accepted")

# EvalFile: a network file (src/engine/chess-nnue-format.h) replaces the
# built-in net; "<empty>" brings it back; a file that is missing or not a
# network is refused, saying so, and the evaluation in use is kept.
# UseNetwork false: the hand-written evaluation, whatever net is chosen.
# The net here has no weights and an output bias worth 100 centipawns: every
# position is +1.00 for the side to move, so a search of one ply says -100.
HIDDEN, QA, QB, SCALE = 256, 255, 64, 400


def depth1_score(engine):
    engine.send("position startpos")
    engine.send("go depth 1")
    seen, best = engine.expect("bestmove")
    scores = [l.split(" score cp ")[1].split()[0] for l in seen
              if l.startswith("info depth 1 ") and " score cp " in l]
    return int(scores[-1]) if best and scores else None


with tempfile.TemporaryDirectory() as tmp:
    flat = os.path.join(tmp, "flat net.nnue")
    with open(flat, "wb") as f:
        f.write(b"TCNN" + struct.pack("<II", 1, HIDDEN))
        f.write(bytes(2 * (768 * HIDDEN + HIDDEN + 2 * HIDDEN)))
        f.write(struct.pack("<i", 100 * QA * QB // SCALE))
    cut = os.path.join(tmp, "cut.nnue")
    with open(flat, "rb") as f, open(cut, "wb") as g:
        g.write(f.read()[:1000])
    builtin = depth1_score(e)
    e.send("setoption name EvalFile value " + flat)
    e.send("isready")
    seen, ok = e.expect("readyok")
    check(ok and not any(l.startswith("info string") for l in seen), "EvalFile: a net accepted")
    check(depth1_score(e) == -100, "EvalFile: the search evaluates with the net")
    for bad, what in ((cut, "cut.nnue"), (os.path.join(tmp, "missing.nnue"), "missing.nnue"),
                      (tmp, os.path.basename(tmp))):
        e.send("setoption name EvalFile value " + bad)
        e.send("isready")
        seen, ok = e.expect("readyok")
        check(ok and any(l.startswith("info string") and what in l for l in seen),
              "EvalFile: %s refused, naming it" % what)
        check(depth1_score(e) == -100, "EvalFile: the net kept after %s" % what)
    e.send("setoption name UseNetwork value false")
    hand = depth1_score(e)
    check(hand is not None and hand not in (-100, builtin),
          "UseNetwork false: the hand-written evaluation (%s; built-in net %s)" % (hand, builtin))
    e.send("setoption name UseNetwork value true")
    check(depth1_score(e) == -100, "UseNetwork true: the net of EvalFile again")
    e.send("setoption name EvalFile value <empty>")
    check(depth1_score(e) == builtin and builtin != -100,
          "EvalFile <empty>: the built-in net again (%s)" % builtin)

# go depth with MultiPV 3: three lines per depth.
e.send("ucinewgame")
e.send("position startpos moves e2e4")
e.send("go depth 5")
seen, best = e.expect("bestmove")
check(best and best.split()[1] in ("e7e5", "c7c5", "e7e6", "c7c6", "d7d5", "g8f6", "d7d6", "b8c6", "g7g6"),
      "go depth: a sensible reply (%s)" % best)
depth5 = [l for l in seen if l.startswith("info depth 5 ")]
check(len(depth5) == 3 and {" multipv %d " % i in l for i in (1, 2, 3) for l in depth5},
      "three lines at depth 5")
check(all(" score " in l and " pv " in l and " nodes " in l and " nps " in l and " time " in l
          and " hashfull " in l and " seldepth " in l for l in seen if l.startswith("info depth")),
      "info lines carry score, nodes, nps, time, hashfull, seldepth, pv")
e.send("setoption name MultiPV value 1")

# Infinite search: isready answered at once, stop ends it with a legal move.
e.send("position startpos")
e.send("go infinite")
seen, info = e.expect("info depth", timeout=5)
check(info is not None, "the infinite search under way")
t0 = time.monotonic()
e.send("isready")
seen, ok = e.expect("readyok", timeout=2)
check(ok and not any(l.startswith("bestmove") for l in seen), "isready answered during a search")
check(time.monotonic() - t0 < 1.0, "isready answered at once")
e.send("stop")
seen, best = e.expect("bestmove", timeout=5)
check(best is not None, "stop gives bestmove")

# Ponder: bestmove waits for ponderhit.
e.send("position startpos moves e2e4 e7e5")
e.send("go ponder wtime 2000 btime 2000")
# Not a wait: half a second in which no bestmove may come (a search on
# the clock alone would have ended in it).
time.sleep(0.5)
e.send("isready")
seen, ok = e.expect("readyok", timeout=2)
check(ok and not any(l.startswith("bestmove") for l in seen), "no bestmove while pondering")
e.send("ponderhit")
seen, best = e.expect("bestmove", timeout=5)
check(best is not None, "ponderhit leads to bestmove")

# Each kind of limit.
for go in ("go movetime 200", "go nodes 20000", "go mate 2", "go wtime 1000 btime 1000 winc 10 binc 10",
           "go wtime 5000 btime 5000 movestogo 3", "go depth 3 searchmoves a2a3 h2h4"):
    e.send("position startpos" if "mate" not in go else "position fen k7/8/8/1K6/8/8/8/7R w - - 0 1")
    e.send(go)
    seen, best = e.expect("bestmove", timeout=10)
    check(best is not None and len(best.split()) >= 2, "%s -> %s" % (go, best))
    if "searchmoves" in go and best:
        check(best.split()[1] in ("a2a3", "h2h4"), "searchmoves respected")
    if "mate" in go:
        check(any(" score mate 2 " in l for l in seen), "go mate finds the mate in 2")

# No legal move.
e.send("position fen k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
e.send("go depth 3")
seen, best = e.expect("bestmove")
check(best == "bestmove 0000", "stalemate: bestmove 0000")

# Strength options.
e.send("setoption name UCI_LimitStrength value true")
e.send("setoption name UCI_Elo value 1200")
e.send("position startpos")
e.send("go depth 20")
seen, best = e.expect("bestmove", timeout=20)
check(best is not None, "limited strength still answers")
e.send("setoption name UCI_LimitStrength value false")
check(e.close() == 0, "quit exits cleanly")

# A whole game against itself through the protocol, 200 ms a move at most;
# every move must be legal in the position the other side was told.
a, b = Engine(), Engine()
for x in (a, b):
    x.send("uci")
    x.expect("uciok")
    x.send("ucinewgame")
moves = []
finished = False
for ply in range(300):
    side = a if ply % 2 == 0 else b
    side.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    side.send("isready")
    seen, ok = side.expect("readyok")
    if any(l.startswith("info string") for l in seen):
        check(False, "illegal move reached the opponent: %s" % seen)
        break
    side.send("go wtime 1000 btime 1000 winc 20 binc 20")
    seen, best = side.expect("bestmove", timeout=10)
    if best is None:
        check(False, "no bestmove at ply %d" % ply)
        break
    mv = best.split()[1]
    if mv == "0000":
        finished = True
        break
    moves.append(mv)
else:
    finished = True    # a long game: adjudicated as finished
check(finished, "self-play game ends properly (%d plies)" % len(moves))
# The final move list is accepted as a legal game.
a.send("position startpos moves " + " ".join(moves))
a.send("isready")
seen, ok = a.expect("readyok")
check(ok and not any(l.startswith("info string") for l in seen), "every move of the game is legal")
check(a.close() == 0 and b.close() == 0, "both quit")

print("1..%d" % len(results))
for i, (ok, name) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
