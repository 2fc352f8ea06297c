#!/usr/bin/env python3
"""Find the move: how many positions of a tactics set each engine solves at
a fixed time a position, ours and its peers in the same run.

    bench/tactics.py [--cli build/src/cli/thinkchess-cli] [--movetime 100]
                     [--epd bench/data/tactics.epd] [--engines ours,gnuchess,stockfish]

A position is solved when the engine's move after --movetime ms is the one
the set names (bm, in UCI coordinates). Each engine runs on one thread with
a 64 MB table, cleared before every position. Prints a table: engine,
solved of total, and the positions each engine missed (by their id), so a
change can be followed position by position.

bench/data/tactics.epd is made by tools/tactics/make-tactics.py from the
repo's games (see its header); the engine's tests use another set,
tests/data/tactics.epd, and no position is in both.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from uci_engine import BenchError, Uci  # noqa: E402

GAMES = "/usr/games"

# name -> (command, options); a missing program is left out with a note.
PEERS = {
    "gnuchess": (GAMES + "/gnuchess --uci", {"OwnBook": "false", "Hash": 64}),
    "stockfish": (GAMES + "/stockfish", {"Threads": 1, "Hash": 64}),
    "ethereal": (GAMES + "/ethereal-chess", {"Threads": 1, "Hash": 64}),
    "toga2": (GAMES + "/toga2", {"OwnBook": "false", "Hash": 64}),
    "glaurung": (GAMES + "/glaurung", {"OwnBook": "false", "Threads": 1, "Hash": 64}),
}


def read_epd(path):
    """[(fen, best moves, id)] of an EPD file with bm in UCI coordinates."""
    positions = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            head, sep, ops = line.partition(" bm ")
            if not sep:
                sys.exit(f"{path}:{n}: no bm")
            fields = dict(op.strip().split(" ", 1) for op in ("bm " + ops).split(";") if op.strip())
            positions.append((head + " 0 1", fields["bm"].split(), fields.get("id", str(n)).strip('"')))
    return positions


def solve(command, options, positions, movetime):
    engine = Uci(command, options)
    missed = []
    try:
        for fen, best, pid in positions:
            engine.new_game(f"clearing before {pid}")
            move = engine.best_move(fen, movetime, 30 + movetime / 100, f"solving {pid}")
            if move not in best:
                missed.append(pid)
        return engine.name, missed
    finally:
        engine.close()


def main():
    ap = argparse.ArgumentParser(description="Find the move: a tactics set at a fixed time a position.")
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "src", "cli", "thinkchess-cli"))
    ap.add_argument("--epd", default=os.path.join(ROOT, "bench", "data", "tactics.epd"))
    ap.add_argument("--movetime", type=int, default=100, help="ms a position (default 100)")
    ap.add_argument("--engines", default="ours,gnuchess,stockfish",
                    help="ours and any of " + ", ".join(PEERS) + " (default ours,gnuchess,stockfish)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a UCI option for ours (e.g. Threads=2)")
    args = ap.parse_args()

    positions = read_epd(args.epd)
    ours = {"Threads": 1, "Hash": 64}
    ours.update(o.split("=", 1) for o in args.option)
    rows = []
    for name in args.engines.split(","):
        if name == "ours":
            command, options = f"{args.cli} uci", ours
        elif name in PEERS:
            command, options = PEERS[name]
        else:
            sys.exit(f"unknown engine {name}: ours or one of {', '.join(PEERS)}")
        if not os.access(command.split()[0], os.X_OK):
            print(f"{name}: {command.split()[0]} is not installed; left out", file=sys.stderr)
            continue
        try:
            engine_name, missed = solve(command, options, positions, args.movetime)
        except BenchError as e:
            sys.exit(f"{name}: {e}")
        rows.append((engine_name, len(positions) - len(missed), missed))
        print(f"{engine_name}: {len(positions) - len(missed)} of {len(positions)}", file=sys.stderr, flush=True)

    print(f"{len(positions)} positions of {os.path.relpath(args.epd, ROOT)}, {args.movetime} ms a position, "
          "one thread, 64 MB")
    print()
    print("| engine | solved | missed |")
    print("|---|---|---|")
    for engine_name, solved, missed in rows:
        print(f"| {engine_name} | **{solved}** of {len(positions)} | {', '.join(missed) or '—'} |")


if __name__ == "__main__":
    main()
