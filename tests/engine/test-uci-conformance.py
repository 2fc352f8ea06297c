#!/usr/bin/env python3
"""UCI conformance of `thinkchess-cli uci`, from a scripted client that writes
its lines all at once and with gaps (0, 1 ms, 10 ms), as GUIs do:

- every `go` gets exactly one `bestmove`, legal in the position it was sent
  for (checked by the CLI itself: `position … moves BEST` must be accepted);
- a `stop` or `ponderhit` right after `go` is not lost (racy: many rounds);
- `go` with words or numbers it cannot use is still answered;
- searches written before the previous answer are queued, not dropped;
- after a refused `position`, `go` answers `bestmove 0000`;
- a clock for the opponent only, or a depth below 1, still ends the search;
- UCI_Elo reaches the Maximum level's Elo (read from the levels table);
- `isready` is answered during searches; `quit` and the end of the input
  end the program within a bounded time.

Usage: test-uci-conformance.py THINKCHESS-CLI CHESS-ENGINE-LEVELS.C"""
import queue
import random
import re
import subprocess
import sys
import threading
import time

CLI = sys.argv[1]
LEVELS_SOURCE = sys.argv[2]
GAPS = (0, 0.001, 0.01)
RACY_ROUNDS = 20
# Generous for a loaded machine; a lost command never answers at all.
ANSWER_TIMEOUT = 5.0
results = []


def check(cond, name):
    results.append((bool(cond), name))
    return bool(cond)


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([CLI, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def write(self, lines, gap=0):
        """All at once (one write) with gap 0, else line by line with the gap between."""
        try:
            if gap == 0:
                self.p.stdin.write("".join(l + "\n" for l in lines))
                self.p.stdin.flush()
            else:
                for l in lines:
                    self.p.stdin.write(l + "\n")
                    self.p.stdin.flush()
                    time.sleep(gap)
        except BrokenPipeError:
            pass

    def collect(self, done, timeout=ANSWER_TIMEOUT):
        """Lines until done(lines) holds; None on a timeout or the end of output."""
        seen = []
        end = time.monotonic() + timeout
        while not done(seen):
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                return None
            if line is None:
                return None
            seen.append(line)
        return seen

    def close_input(self):
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass

    def wait_exit(self, timeout):
        try:
            return self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()


def count(prefix):
    return lambda lines: sum(1 for l in lines if l.startswith(prefix))


def until(n_best, n_ready=0):
    return lambda lines: (count("bestmove")(lines) >= n_best and count("readyok")(lines) >= n_ready)


def bestmoves(lines):
    return [l.split()[1] for l in lines if l.startswith("bestmove")]


def with_move(position, move):
    return position + (" " if " moves " in position else " moves ") + move


# (position command, bestmove) pairs to check for legality at the end.
to_check = []


def run_racy(name, script, n_best, rounds, expect=None):
    """Writes `script` `rounds` times per gap to one engine; each round must
    give n_best bestmoves and a readyok for its isready."""
    for gap in GAPS:
        e = Engine()
        ok = True
        for r in range(rounds if gap < 0.01 else max(3, rounds // 4)):
            e.write(script, gap)
            lines = e.collect(until(n_best, 1))
            if lines is None:
                ok = check(False, "%s, gap %g ms: round %d got no answer" % (name, gap * 1000, r + 1))
                break
            if expect:
                ok = expect(lines, gap, r)
                if not ok:
                    break
        if ok:
            check(True, "%s, gap %g ms: every round answered" % (name, gap * 1000))
        e.write(["quit"])
        if e.wait_exit(ANSWER_TIMEOUT) is None:
            e.kill()


# 14. stop and ponderhit right after go.
def stop_expect(position):
    def expect(lines, gap, r):
        moves = bestmoves(lines)
        if len(moves) != 1:
            return check(False, "stop after go: one bestmove, got %s" % moves)
        to_check.append((position, moves[0]))
        return True
    return expect


run_racy("go infinite + stop + isready", ["position startpos", "go infinite", "stop", "isready"],
         1, RACY_ROUNDS, stop_expect("position startpos"))
PONDER_POS = "position startpos moves e2e4 e7e5"
run_racy("go ponder + ponderhit + isready",
         [PONDER_POS, "go ponder wtime 500 btime 500", "ponderhit", "isready"],
         1, RACY_ROUNDS, stop_expect(PONDER_POS))
run_racy("go ponder + stop + isready",
         [PONDER_POS, "go ponder wtime 500 btime 500", "stop", "isready"],
         1, RACY_ROUNDS // 2, stop_expect(PONDER_POS))

# 16. Several searches written at once: each answered, in its own position.
QUEUED = ["position startpos", "go depth 5",
          "position startpos moves e2e4", "go depth 5",
          "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "go depth 5", "isready"]


def queued_expect(lines, gap, r):
    moves = bestmoves(lines)
    refused = [l for l in lines if l.startswith("info string")]
    if len(moves) != 3 or refused:
        return check(False, "queued searches, gap %g ms: three answers, no refusal (%s %s)"
                     % (gap * 1000, moves, refused))
    for position, move in zip(QUEUED[0::2], moves):
        to_check.append((position, move))
    return True


run_racy("three position/go pairs", QUEUED, 3, 4, queued_expect)


def one_session(script, n_best, gap=0, timeout=ANSWER_TIMEOUT):
    """A fresh engine given `script`; its lines up to n_best bestmoves and a
    readyok per isready, then quit. None when it did not answer."""
    e = Engine()
    e.write(script, gap)
    lines = e.collect(until(n_best, script.count("isready")), timeout)
    e.write(["quit"])
    if e.wait_exit(ANSWER_TIMEOUT) is None:
        e.kill()
    return lines


# 15. go with words it does not understand: one bestmove each, and a note.
for go, allowed in (("go depth 3 foo", None), ("go movetime 100.5", None),
                    ("go wtime 1e3 btime 1e3", None), ("go depth 2 searchmoves e2e5", None),
                    ("go searchmoves a2a3 e2e5 depth 2", {"a2a3"}), ("go depth 2 searchmoves", None),
                    ("go depth 2 nodes many", None)):
    for gap in (0, 0.001):
        lines = one_session(["position startpos", go], 1, gap)
        if not check(lines is not None, "%r (gap %g ms) is answered" % (go, gap * 1000)):
            continue
        moves = bestmoves(lines)
        check(len(moves) == 1 and (allowed is None or moves[0] in allowed),
              "%r: exactly one bestmove (%s)" % (go, moves))
        check(any(l.startswith("info string") for l in lines), "%r: says what was ignored" % go)
        to_check.append(("position startpos", moves[0] if moves else "0000"))

# 17. After a refused position, go does not search the previous one.
for bad in ("position fen not a fen",
            "position fen r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
            "position startpos moves e2e4 e7e5 e1e3",
            "position startpos moves " + "g1f3 g8f6 f3g1 f6g8 " * 50000):
    for gap in (0, 0.001):
        lines = one_session(["position startpos moves e2e4", bad, "go depth 3"], 1, gap)
        label = bad if len(bad) < 80 else "a line over 1 MB"
        if check(lines is not None, "go after refused %r is answered" % label):
            check(bestmoves(lines) == ["0000"] and any(l.startswith("info string") for l in lines),
                  "go after refused %r: bestmove 0000 and an info string (%s)" % (label, bestmoves(lines)))
lines = one_session(["position fen bad", "go depth 2", "position startpos", "go depth 2"], 2)
check(lines is not None and bestmoves(lines)[0] == "0000" and bestmoves(lines)[1] != "0000",
      "a valid position after a refused one is searched again")

# 18. Limits that used to mean "until stop": answered without one.
for position, go in (("position startpos", "go btime 1000"),
                     ("position startpos moves e2e4", "go wtime 1000 winc 100"),
                     ("position startpos", "go depth -3"),
                     ("position startpos", "go depth 0"),
                     ("position startpos", "go movetime -5")):
    t0 = time.monotonic()
    lines = one_session([position, go], 1)
    if check(lines is not None, "%r, %r ends by itself" % (position, go)):
        check(time.monotonic() - t0 < 3, "%r answered at once" % go)
        to_check.append((position, bestmoves(lines)[0]))

# 19. UCI_Elo reaches Maximum's Elo.
with open(LEVELS_SOURCE, encoding="utf-8") as f:
    maximum = re.search(r'N_\("Maximum"\),\s*(\d+)', f.read())
lines = one_session(["uci", "isready"], 0)
option = [l for l in (lines or []) if l.startswith("option name UCI_Elo ")]
if check(maximum and option, "UCI_Elo is offered"):
    m = re.search(r" max (\d+)", option[0])
    check(m and m.group(1) == maximum.group(1),
          "UCI_Elo max is Maximum's %s (%s)" % (maximum.group(1), option[0]))
    lines = one_session(["setoption name UCI_LimitStrength value true",
                         "setoption name UCI_Elo value " + maximum.group(1), "isready"], 0)
    check(lines is not None and not any(l.startswith("info string") for l in lines),
          "UCI_Elo %s is accepted" % maximum.group(1))

# isready during searches, at once, without ending them.
e = Engine()
e.write(["position startpos", "go infinite"])
for gap in GAPS:
    time.sleep(gap)
    t0 = time.monotonic()
    e.write(["isready"])
    lines = e.collect(count("readyok"), 2)
    check(lines is not None and time.monotonic() - t0 < 1 and not bestmoves(lines),
          "isready during go infinite (after %g ms): readyok at once, no bestmove" % (gap * 1000))
e.write(["stop"])
lines = e.collect(count("bestmove"))
check(lines is not None and len(bestmoves(lines)) == 1, "stop then ends go infinite")
e.write(["quit"])
check(e.wait_exit(ANSWER_TIMEOUT) is not None, "quit after a search")
e.kill()

# quit and the end of input end the program, each go answered.
for how in ("quit", "eof"):
    for state in (["go infinite"], ["go ponder wtime 1000 btime 1000"],
                  ["go depth 40", "position startpos moves d2d4", "go depth 40", "go infinite"]):
        e = Engine()
        e.write(["position startpos"] + state)
        time.sleep(0.05)
        t0 = time.monotonic()
        if how == "quit":
            e.write(["quit"])
        else:
            e.close_input()
        code = e.wait_exit(3)
        lines = e.collect(lambda lines: False, 0.5) if code is None else list(iter(e.lines.get, None))
        check(code == 0 and time.monotonic() - t0 < 3,
              "%s during %s: exits at once (%s)" % (how, state, code))
        check(code is None or len(bestmoves(lines)) == sum(1 for s in state if s.startswith("go")),
              "%s during %s: each go answered once" % (how, state))
        e.kill()

# A random mix, written with random gaps: exactly one bestmove per go, each legal.
rng = random.Random(23)
positions = ["position startpos", "position startpos moves e2e4 c7c5 g1f3",
             "position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
             "position fen 8/8/8/4k3/8/8/3QK3/8 b - - 0 1"]
for rnd in range(8):
    e = Engine()
    script, gos, readies = [], [], 0
    position = "position startpos"
    for _ in range(12):
        kind = rng.choice(("position", "go", "go", "held", "isready"))
        if kind == "position":
            position = rng.choice(positions)
            script.append(position)
        elif kind == "go":
            script.append(rng.choice(("go depth %d" % rng.randint(1, 4), "go movetime 15",
                                      "go nodes 3000", "go wtime 300 btime 300")))
            gos.append(position)
        elif kind == "held":
            script.append(rng.choice(("go infinite", "go ponder wtime 300 btime 300")))
            script.append(rng.choice(("stop", "ponderhit")) if "ponder" in script[-1] else "stop")
            gos.append(position)
        else:
            script.append("isready")
            readies += 1
    for line in script:
        e.write([line], rng.choice(GAPS))
    lines = e.collect(until(len(gos), readies), 10)
    if check(lines is not None, "random mix %d: all %d go's and %d isready's answered"
             % (rnd + 1, len(gos), readies)):
        moves = bestmoves(lines)
        check(len(moves) == len(gos), "random mix %d: one bestmove per go" % (rnd + 1))
        to_check.extend(zip(gos, moves))
        extra = e.collect(count("bestmove"), 0.2)
        check(extra is None, "random mix %d: no extra bestmove" % (rnd + 1))
    e.write(["quit"])
    if e.wait_exit(ANSWER_TIMEOUT) is None:
        e.kill()

# Every bestmove is legal in its position: the CLI accepts it as a move.
judge = Engine()
illegal = []
for position, move in to_check:
    judge.write([with_move(position, move), "isready"])
    lines = judge.collect(count("readyok"))
    if move == "0000" or lines is None or any(l.startswith("info string") for l in lines):
        illegal.append((position, move))
check(to_check and not illegal, "%d bestmoves legal in their positions (illegal: %s)"
      % (len(to_check), illegal[:5]))
judge.write(["quit"])
judge.wait_exit(ANSWER_TIMEOUT)
judge.kill()

print("1..%d" % len(results))
for i, (ok, name) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
