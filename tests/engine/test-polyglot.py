#!/usr/bin/env python3
"""`thinkchess-cli uci` behind polyglot (Debian's UCI-to-xboard adapter), as
xboard drives an engine: a whole game in which the engine plays both sides
(`go` after each move), 20 ms a move. Polyglot keeps its own board and
refuses illegal moves; the game must end with a result line (mate or a
draw rule) or reach the ply limit, and every move must replay legally."""
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

CLI = os.path.abspath(sys.argv[1])
POLYGLOT = shutil.which("polyglot") or "/usr/games/polyglot"
results = []


def check(cond, name):
    results.append((bool(cond), name))


if not os.path.exists(POLYGLOT):
    print("1..0 # SKIP polyglot is not installed (build-aux/install-deps.sh --test)")
    sys.exit(0)

tmp = tempfile.mkdtemp(prefix="thinkchess-polyglot-")
ini = os.path.join(tmp, "engine.ini")
with open(ini, "w") as f:
    f.write("[PolyGlot]\nEngineCommand = %s uci\nEngineDir = %s\nBook = false\nLog = false\n"
            "[Engine]\nHash = 16\n" % (CLI, tmp))

p = subprocess.Popen([POLYGLOT, ini], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT, text=True, bufsize=1, cwd=tmp)
lines = queue.Queue()


def reader():
    for line in p.stdout:
        lines.put(line.rstrip("\n"))
    lines.put(None)


threading.Thread(target=reader, daemon=True).start()


def send(text):
    p.stdin.write(text + "\n")
    p.stdin.flush()


def wait(pred, timeout=20):
    end = time.monotonic() + timeout
    while True:
        try:
            line = lines.get(timeout=max(0.01, end - time.monotonic()))
        except queue.Empty:
            return None
        if line is None or pred(line):
            return line


send("xboard")
send("protover 2")
check(wait(lambda l: l.startswith("feature done=1")), "polyglot starts the engine (feature done=1)")
send("new")
send("st 0.02")
moves, result, problem = [], None, None
for ply in range(240):
    send("go")
    line = wait(lambda l: l.startswith("move ") or l.startswith(("1-0", "0-1", "1/2-1/2"))
                or "llegal" in l or l.startswith("Error") or "rror" in l)
    if line is None:
        problem = "no answer at ply %d" % ply
        break
    if line.startswith("move "):
        moves.append(line.split()[1])
        # polyglot announces the end right after the move that ends the game.
        nxt = wait(lambda l: l.startswith(("1-0", "0-1", "1/2-1/2")), timeout=0.2)
        if nxt:
            result = nxt
            break
    elif line.startswith(("1-0", "0-1", "1/2-1/2")):
        result = line
        break
    else:
        problem = line
        break
check(problem is None, "no error from polyglot (%s)" % problem)
check(len(moves) >= 10, "a game was played (%d plies)" % len(moves))
check(result is not None or len(moves) == 240, "the game ends properly (%s)" % result)
send("quit")
try:
    p.wait(timeout=10)
except subprocess.TimeoutExpired:
    p.kill()

# Every move replays legally in our own UCI server.
e = subprocess.run([CLI, "uci"], input="position startpos moves %s\nisready\nquit\n" % " ".join(moves),
                   capture_output=True, text=True, timeout=30)
check("readyok" in e.stdout and "info string" not in e.stdout, "every move is legal")
shutil.rmtree(tmp, ignore_errors=True)

print("1..%d" % len(results))
for i, (ok, name) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
