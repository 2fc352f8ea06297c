#!/usr/bin/env python3
"""`thinkchess-cli`'s tools on what can go wrong around them: standard
output on a full disk (/dev/full), devices, pipes, folders and huge files
given as input, files of random bytes, numbers out of range. Prints TAP.

Usage: test-cli-tools.py THINKCHESS-CLI
"""

import os
import random
import shutil
import subprocess
import sys
import tempfile

from tap_cases import case, expect, expect_in, run_cases

CLI = os.path.abspath(sys.argv[1])
TMP = tempfile.mkdtemp(prefix="thinkchess-tools-test-")
GAME = os.path.join(TMP, "game.pgn")
with open(GAME, "w", encoding="utf-8") as f:
    f.write('[Event "Test"]\n[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n\n'
            '1. e4 e5 2. Nf3 Nc6 *\n')


def env():
    e = dict(os.environ)
    e.update({"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "G_DEBUG": "fatal-warnings",
              "HOME": TMP, "XDG_DATA_HOME": os.path.join(TMP, "data")})
    e.pop("LANGUAGE", None)
    return e


def run(args, stdout=subprocess.PIPE, stdin_text=None, timeout=60):
    """Runs thinkchess-cli; a run that takes longer than `timeout` (reading a
    device without end, say) fails the case."""
    try:
        p = subprocess.run([CLI] + args, stdout=stdout, stderr=subprocess.PIPE,
                           input=stdin_text.encode() if stdin_text is not None else None,
                           stdin=None if stdin_text is not None else subprocess.DEVNULL,
                           env=env(), timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError("%s did not end within %d s" % (" ".join(args), timeout))
    out = p.stdout.decode("utf-8", errors="replace") if p.stdout is not None else ""
    return p.returncode, out, p.stderr.decode("utf-8", errors="replace")


def to_full_disk(args, stdin_text=None):
    """Runs with standard output on /dev/full (every write: no space)."""
    expect(os.path.exists("/dev/full"), "this system has no /dev/full")
    with open("/dev/full", "wb") as full:
        return run(args, stdout=full, stdin_text=stdin_text)


@case
def full_disk_is_an_error():
    for args, stdin_text in ((["review", GAME, "--depth", "1"], None),
                             (["pgn", "--export", GAME], None),
                             (["pgn", "--count", GAME], None),
                             (["pgn", "--list", GAME], None),
                             (["pgn", GAME], None),
                             (["perft", "2"], None),
                             (["bench", "1"], None),
                             (["uci"], "uci\nisready\nquit\n"),
                             (["--help"], None)):
        status, _, err = to_full_disk(args, stdin_text)
        what = " ".join(args)
        expect(status == 1, "%s: exit status %d on a full disk:\n%s" % (what, status, err))
        expect("Could not write to standard output: No space left on device" in err
               or "Could not write all of the output to standard output." in err,
               "%s: no message on a full disk:\n%s" % (what, err))
        expect(err.count("standard output") == 1, "%s: said more than once:\n%s" % (what, err))
    # The review's summary is for a game that arrived.
    status, _, err = to_full_disk(["review", GAME, "--depth", "1"])
    expect("accuracy" not in err and "Reviewed" not in err,
           "review printed its summary although the game was lost:\n" + err)


@case
def devices_pipes_and_folders_are_refused():
    fifo = os.path.join(TMP, "pipe.pgn")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    device = "“/dev/zero” is not a file but a device, a pipe or a socket."
    for args, status in ((["review", "/dev/zero"], 1), (["pgn", "/dev/zero"], 1),
                         (["pgn", "--list", "/dev/zero"], 1),
                         (["perft", "--epd", "/dev/zero"], 2)):
        code, _, err = run(args, timeout=20)
        what = " ".join(args)
        expect(code == status, "%s: exit status %d" % (what, code))
        expect_in(device, err, what)
    code, _, err = run(["review", fifo], timeout=20)
    expect(code == 1, "review of a pipe: exit status %d" % code)
    expect_in("“%s” is not a file but a device, a pipe or a socket." % fifo, err)
    code, _, err = run(["review", TMP], timeout=20)
    expect(code == 1, "review of a folder: exit status %d" % code)
    expect_in("“%s” is a folder, not a file." % TMP, err)
    code, _, err = run(["match", "--openings", "/dev/zero", "--each", "depth=1",
                        "--engine", "cmd=true", "--engine", "cmd=true"], timeout=20)
    expect(code == 1, "match --openings /dev/zero: exit status %d" % code)
    expect_in(device, err, "match --openings /dev/zero")


@case
def huge_files_are_refused_before_reading():
    big = os.path.join(TMP, "big.pgn")
    with open(big, "wb") as f:
        f.write(open(GAME, "rb").read())
        f.truncate(65 * 1024 * 1024)    # sparse: no disk space used
    code, out, err = run(["review", big], timeout=20)
    expect(code == 1, "exit status %d" % code)
    expect_in("“%s” is too large: " % big, err)
    expect(out == "", "something was reviewed: " + out)


@case
def random_bytes_are_no_game_list():
    rng = random.Random(23)
    noise = os.path.join(TMP, "noise.pgn")
    with open(noise, "wb") as f:
        f.write(bytes(rng.randrange(256) for _ in range(4000)))
    code, out, err = run(["pgn", "--list", noise])
    expect(code == 1, "pgn --list of random bytes: exit status %d, listed:\n%s" % (code, out))
    expect_in("not a PGN file: it holds binary data", err)
    expect(err.startswith(noise + ":"), "the error names the file: " + err)
    # A good game after a broken one is still listed.
    mixed = os.path.join(TMP, "mixed.pgn")
    with open(mixed, "wb") as f:
        f.write(b'[White "X"]\n\n1. e4 \x00 *\n\n' + open(GAME, "rb").read())
    code, out, err = run(["pgn", "--list", mixed])
    expect(code == 1, "exit status %d" % code)
    expect_in(mixed + ":3:7: byte 0x00 is not PGN text: game 1 is not a chess game", err)
    expect(out == "2\tAnna\tBruno\t*\t\tTest\n", "the good game's line: %r" % out)
    code, out, err = run(["pgn", "--list", GAME])
    expect(code == 0 and out == "1\tAnna\tBruno\t*\t\tTest\n", "a good file: %r %r" % (out, err))


@case
def perft_depth_out_of_range_is_explained():
    for depth in ("99", "33", "x"):
        code, out, err = run(["perft", depth])
        expect(code == 2, "perft %s: exit status %d" % (depth, code))
        expect_in("The depth must be a number from 0 to 32, not “%s”." % depth, err)
    code, out, err = run(["perft", "--epd", GAME, "--max-depth", "40"])
    expect(code == 2, "perft --max-depth 40: exit status %d" % code)
    expect_in("The depth must be a number from 0 to 32, not “40”.", err)
    code, out, _ = run(["perft", "3"])
    expect(code == 0 and "Nodes searched: 8902" in out, "perft 3: " + out)


if __name__ == "__main__":
    try:
        status = run_cases()
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
    sys.exit(status)
