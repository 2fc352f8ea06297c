#!/usr/bin/env python3
"""thinkchess-cli pgn: output lines, errors as FILE:LINE:COLUMN, exit status,
--count and --export. Usage: check-cli.py THINKCHESS-CLI CASES-DIR"""
import os
import subprocess
import sys
import tempfile

GAMES = """[Event "One"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 1-0

[Event "Two"]
[White "Smith"]
[Black "Jones"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6
3. Nxe5 Nxe5 4. Nxe5 *

1. e2-e4 e7-e5
2. Ng1-f3 Nb8-c6
1/2-1/2
"""

failures = 0


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
    else:
        print("ok:", what)


def run(*args):
    return subprocess.run([cli, "pgn", *args], capture_output=True, text=True, encoding="utf-8")


cli = sys.argv[1]
cases = sys.argv[2]
with tempfile.TemporaryDirectory() as tmp:
    # The hand-written case files: final positions as checked by hand (and,
    # where it reads them, by pgn-extract), then the same after an export.
    names = ["history.txt", "tricky.pgn", "utf8-bom-crlf.pgn", "latin1-no-newline.pgn"]
    paths = [os.path.join(cases, n) for n in names]
    with open(os.path.join(cases, "expected-final-positions.txt"), encoding="utf-8") as f:
        expected = f.read()
    r = run(*paths)
    check(r.returncode == 0 and r.stdout == expected and r.stderr == "",
          f"case files: {r.stdout!r} {r.stderr!r}")
    finals = []
    for p in paths:
        e = run("--export", p)
        out = os.path.join(tmp, os.path.basename(p) + ".exported")
        with open(out, "w", encoding="utf-8") as f:
            f.write(e.stdout)
        finals.append(run(out).stdout)
    check("".join(finals) == expected, "case files exported and read again")

    path = os.path.join(tmp, "games.pgn")
    with open(path, "w", encoding="utf-8") as f:
        f.write(GAMES)

    r = run(path)
    check(r.returncode == 1, f"exit status 1 when a game fails (got {r.returncode})")
    check(r.stdout == "1 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
                      "3 r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n",
          f"the good games are printed: {r.stdout!r}")
    check(r.stderr.startswith(f"{path}:14:17: illegal move 'Nxe5' for White in game 2 (Smith – Jones)"),
          f"error as FILE:LINE:COLUMN: {r.stderr!r}")
    check(r.stderr.count("\n") == 1, "one error line")

    r = run("--count", path)
    check(r.returncode == 1 and r.stdout == "2 games, 7 plies\n", f"--count: {r.stdout!r}")

    r = run("--export", path)
    check(r.returncode == 1, "--export exit status")
    exported = os.path.join(tmp, "exported.pgn")
    with open(exported, "w", encoding="utf-8") as f:
        f.write(r.stdout)
    check(r.stdout.count('[Event "') == 2 and "\n\n[Event \"?\"]" in r.stdout,
          "--export writes the good games, a blank line between them")
    check(all(len(line) <= 80 for line in r.stdout.splitlines()), "--export lines within 80 columns")
    again = run(exported)
    check(again.returncode == 0 and again.stdout.split("\n")[0].split(" ", 1)[1] ==
          "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
          "the export reads back")
    twice = run("--export", exported)
    check(twice.returncode == 0 and twice.stdout == r.stdout, "exporting the export changes nothing")

    good = os.path.join(tmp, "good.pgn")
    with open(good, "w", encoding="utf-8") as f:
        f.write("1. d4 d5 *")
    r = run("--count", good, good)
    check(r.returncode == 0 and r.stdout == "2 games, 4 plies\n", f"--count over two files: {r.stdout!r}")

    r = run("--list", path)
    check(r.returncode == 0 and r.stdout == "1\tA\tB\t1-0\t\tOne\n2\tSmith\tJones\t*\t\tTwo\n3\t\t\t\t\t\n",
          f"--list: {r.stdout!r}")

    r = run(os.path.join(tmp, "missing.pgn"))
    check(r.returncode == 1 and "missing.pgn" in r.stderr, "a missing file is an error")

    empty = os.path.join(tmp, "empty.pgn")
    open(empty, "w").close()
    r = run(empty)
    check(r.returncode == 1 and r.stderr.startswith(empty + ":1:1: "), f"an empty file: {r.stderr!r}")

    # A program or an image: "not a PGN file", not the first odd byte.
    binary = os.path.join(tmp, "picture.pgn")
    with open(binary, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    r = run(binary)
    check(r.returncode == 1 and r.stderr == f"{binary}: not a PGN file: it holds binary data, not text\n",
          f"a binary file: {r.stderr!r}")

    r = run()
    check(r.returncode == 2, "no file: usage, exit 2")

sys.exit(1 if failures else 0)
