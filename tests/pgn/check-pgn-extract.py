#!/usr/bin/env python3
"""Final positions of every game in the real files: thinkchess-cli pgn must
agree with pgn-extract -F (which appends each game's final FEN as a comment).
Usage: check-pgn-extract.py THINKCHESS-CLI DATA-DIR FILE..."""
import os
import re
import shutil
import subprocess
import sys

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def normalise(fen):
    """Placement, side, castling and an en-passant square only when a pawn
    of the side to move stands beside the pawn that just moved."""
    f = fen.split()
    placement, side, castling, ep = f[0], f[1], f[2], f[3]
    if ep != "-":
        rows = []
        for row in placement.split("/"):
            r = ""
            for c in row:
                r += "." * int(c) if c.isdigit() else c
            rows.append(r)
        file = ord(ep[0]) - ord("a")
        # The capturing pawn stands on rank 5 (White) or 4 (Black).
        row = rows[8 - 5] if side == "w" else rows[8 - 4]
        pawn = "P" if side == "w" else "p"
        if not any(0 <= x < 8 and row[x] == pawn for x in (file - 1, file + 1)):
            ep = "-"
    return " ".join((placement, side, castling, ep))


def pgn_extract_finals(pe, path):
    out = subprocess.run([pe, "-F", "-w", "100000", "--quiet", path],
                         capture_output=True, text=True, encoding="latin-1", check=True).stdout
    games = re.split(r"\n(?=\[Event )", out.strip())
    finals = []
    for g in games:
        fens = re.findall(r'\{ "([^"]+)" \}', g)
        if fens:
            finals.append(fens[-1])
        else:
            tag = re.search(r'^\[FEN "([^"]+)"\]', g, re.M)
            finals.append(tag.group(1) if tag else START)
    return finals


def main():
    cli, data = sys.argv[1], sys.argv[2]
    names = sys.argv[3:]
    pe = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    if not os.path.exists(pe):
        print("pgn-extract is not installed", file=sys.stderr)
        return 77
    failed = 0
    for name in names:
        path = os.path.join(data, name)
        theirs = pgn_extract_finals(pe, path)
        run = subprocess.run([cli, "pgn", path], capture_output=True, text=True)
        if run.returncode != 0 or run.stderr:
            print(f"{name}: exit {run.returncode}: {run.stderr[:2000]}")
            failed += 1
            continue
        ours = [line.split(" ", 1) for line in run.stdout.splitlines()]
        if len(ours) != len(theirs):
            print(f"{name}: {len(ours)} games, pgn-extract has {len(theirs)}")
            failed += 1
            continue
        bad = 0
        for i, ((number, fen), want) in enumerate(zip(ours, theirs), 1):
            if int(number) != i or normalise(fen) != normalise(want):
                bad += 1
                if bad <= 5:
                    print(f"{name} game {i}: ours {fen!r}, pgn-extract {want!r}")
        print(f"{name}: {len(ours)} games, {len(ours) - bad} agree")
        failed += bad != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
