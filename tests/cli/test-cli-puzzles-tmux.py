#!/usr/bin/env python3
"""`thinkchess-cli puzzles` in a real terminal (tmux): a puzzle solved move
by move raises the rating, a wrong move is a miss that lowers it and is
shown the answer that refutes it, and a hint names the piece to move. The
puzzles and their solutions come from --export. Prints TAP.

Usage: test-cli-puzzles-tmux.py THINKCHESS-CLI
"""

import configparser
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

import puzzle_epd
import tmux_session
from tap_cases import case, expect, expect_in, expect_re, run_cases

CLI = os.path.abspath(sys.argv[1])
PROMPT = r"^(White|Black) to move(, in check)?> ?$"

state = {}


def puzzles():
    if "puzzles" not in state:
        out = subprocess.run([CLI, "puzzles", "--export"], capture_output=True, check=True,
                             timeout=60).stdout.decode("utf-8")
        state["puzzles"] = [puzzle_epd.parse(line) for line in out.splitlines()]
    return state["puzzles"]


def longest():
    """A puzzle with the most moves to play (replies in between)."""
    return max(puzzles(), key=lambda p: len(p["pv"]))


def other_than(taken):
    return next(p for p in puzzles() if p["id"] != taken["id"])


class Session:
    """`puzzles --id ID` in a tmux session of its own with its own data
    folder."""

    def __init__(self, server, name, puzzle, extra=""):
        self.server, self.name = server, name
        self.home = tempfile.mkdtemp(prefix="thinkchess-puzzles-tmux-")
        self.practice = os.path.join(self.home, "thinkchess", "practice.ini")
        server.start(name, "env XDG_DATA_HOME=%s LANGUAGE=C TERM=xterm-256color INPUTRC=/dev/null "
                           "%s puzzles --id %s %s"
                     % (shlex.quote(self.home), shlex.quote(CLI), shlex.quote(puzzle["id"]), extra))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.server.kill(self.name)
        shutil.rmtree(self.home, ignore_errors=True)

    def wait(self, pattern, what):
        return self.server.wait_for(self.name, pattern, what)

    def send(self, text):
        self.server.send(self.name, text)

    def practice_ini(self):
        ini = configparser.ConfigParser(interpolation=None, delimiters=("=",))
        ini.optionxform = str
        with open(self.practice, encoding="utf-8") as f:
            ini.read_file(f)
        return ini


def first_rank_shown(screen):
    for line in screen.splitlines():
        m = re.match(r"^ ([1-8]) ", line)
        if m:
            return int(m.group(1))
    raise AssertionError("no board:\n" + screen)


@case
def solving_raises_the_rating():
    p = longest()
    server = state["server"]
    with Session(server, "solve", p) as s:
        screen = s.wait(PROMPT, "the first prompt")
        expect_in("Puzzle %s" % p["id"], screen, "the screen")
        expect_in("Difficulty: %d" % p["rating"], screen, "the screen")
        expect("\u265a" in screen and "\u2654" not in screen, "no Unicode pieces:\n" + screen)
        # The solver plays up the board.
        expect(first_rank_shown(screen) == (8 if p["side"] == "w" else 1),
               "the board is not from the solver's side:\n" + screen)
        mine = p["pv"][0::2]
        for i, move in enumerate(mine):
            s.send(move)
            if i + 1 < len(mine):
                reply = p["pv"][2 * i + 1]
                screen = s.wait(r"^(White|Black) replies \d+(\.|…) %s\.$" % re.escape(reply),
                                "the reply %s" % reply)
                s.wait(PROMPT, "the prompt after %s" % reply)
        screen = s.wait(r"^Solved! Rating \d+ \(\+\d+\), streak 1\.$", "Solved")
        expect_in("Themes:", screen, "the screen after the end")
        status = server.wait_exit("solve")
        expect(status == 0, "exit status %r" % status)
        ini = s.practice_ini()
        rating = float(ini["rating"]["rating"])
        expect(rating > 1500, "the rating did not go up: %s" % rating)
        m = re.search(r"^Solved! Rating (\d+)", s.server.capture("solve"), re.M)
        expect(int(m.group(1)) == round(rating), "said %s, saved %s" % (m.group(1), rating))
        expect(ini["tries"][p["id"]].startswith("1;1"), "tries: %r" % ini["tries"][p["id"]])
        expect(ini["rating"]["streak"] == "1", "streak %r" % ini["rating"]["streak"])


@case
def a_wrong_move_is_a_miss():
    p = other_than(longest())
    server = state["server"]
    with Session(server, "wrong", p) as s:
        s.wait(PROMPT, "the first prompt")
        s.send("moves")
        screen = s.wait(r"^(White|Black) has \d+ legal moves?:", "the move list")
        lines = screen.splitlines()
        start = next(i for i, l in enumerate(lines) if re.search(r"has \d+ legal moves?:$", l))
        listed = []
        for line in lines[start + 1:]:
            if not line.startswith("  "):
                break
            listed += line.split()
        # Any mate is right as well: a quiet move that is not the solution.
        wrong = next(m for m in listed if re.fullmatch(r"[A-Za-z0-9=+\-]+", m)
                     and m != p["bm"] and not m.endswith("#"))
        s.send(wrong)
        s.wait(r"^Wrong: the solution was \d+(\.|…) %s, not \d+(\.|…) %s\.$"
               % (re.escape(p["bm"]), re.escape(wrong)), "the wrong move's message")
        # The refutation: the opponent's answer to it, by the built-in engine.
        s.wait(r"^\d+(\.|…) %s fails to \d+(\.|…) ([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?|O-O(-O)?)[+#]?\.$"
               % re.escape(wrong), "the answer to the wrong move")
        screen = s.wait(r"^Missed\. Rating \d+ \(-\d+\)\.", "the rating's fall")
        expect_re(r"^The solution: \d+(\.|…) %s" % re.escape(" ".join(p["pv"][:1])), screen,
                  "the screen")
        expect(server.wait_exit("wrong") == 0, "exit status")
        ini = s.practice_ini()
        expect(ini["tries"][p["id"]].startswith("1;0"), "tries: %r" % ini["tries"][p["id"]])
        expect(float(ini["rating"]["rating"]) < 1500, "rating %s" % ini["rating"]["rating"])


@case
def hint_names_the_piece():
    p = longest()
    server = state["server"]
    with Session(server, "hint", p, "--ascii") as s:
        s.wait(PROMPT, "the first prompt")
        # Tab completes the command.
        server.run("send-keys", "-t", "hint", "-l", "hin")
        server.keys("hint", "Tab")
        s.wait(r"to move> hint ?$", "Tab completing hint")
        server.keys("hint", "Enter")
        screen = s.wait(r"^Hint: Move (the \w+ on [a-h][1-8]|your king)\.$", "the hint")
        expect(tmux_session.SGR.search(server.capture("hint", raw=True)) is None,
               "colours with --ascii")
        m = re.search(r"^Hint: Move (?:the (\w+) on ([a-h][1-8])|your (king))\.$", screen, re.M)
        piece = m.group(1) or m.group(3)
        expect(piece == puzzle_epd.piece_moved(p),
               "hint %r for the move %s" % (m.group(0), p["bm"]))
        if m.group(2):
            on = p["board"].get(m.group(2))
            expect(on is not None and on.isupper() == (p["side"] == "w"),
                   "no piece of the solver's on %s" % m.group(2))
        # A hint costs nothing: nothing is recorded until the end.
        s.send("quit")
        expect(server.wait_exit("hint") == 0, "exit status")
        expect(not os.path.exists(s.practice), "practice.ini written by a hint")


if __name__ == "__main__":
    if not tmux_session.available():
        print("1..0 # SKIP tmux is not installed")
        sys.exit(0)
    # One server for all the cases: a new one on the same socket races
    # with the old one's exit.
    with tmux_session.TmuxServer("thinkchess-puzzles") as tmux:
        state["server"] = tmux
        status = run_cases()
    sys.exit(status)
