#!/usr/bin/env python3
"""`thinkchess-cli puzzles` through pipes: the export, errors, the end of
input, a miss recorded, a broken practice file, the theme filter; and
`thinkchess-cli review` putting the player's mistakes in Your Mistakes.
Prints TAP.

Usage: test-cli-puzzles.py THINKCHESS-CLI PUZZLES.EPD
"""

import configparser
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

import puzzle_epd
from tap_cases import case, expect, expect_in, expect_re, run_cases

CLI = os.path.abspath(sys.argv[1])
BUNDLED = os.path.abspath(sys.argv[2])
# Small enough for the sanitizer build; the queen hangs at any budget.
REVIEW_NODES = "20000"

BLUNDER = """[Event "Club night"]
[Site "?"]
[Date "2026.11.25"]
[Round "1"]
[White "Anna"]
[Black "%s"]
[Result "0-1"]

1. e4 e5 2. d4 d6 3. Qg4 Bxg4 0-1
"""


class Home:
    """A data folder of its own for one case."""

    def __enter__(self):
        self.path = tempfile.mkdtemp(prefix="thinkchess-puzzles-test-")
        self.practice = os.path.join(self.path, "data", "thinkchess", "practice.ini")
        return self

    def __exit__(self, *exc):
        shutil.rmtree(self.path, ignore_errors=True)

    def run(self, args, stdin="", timeout=120):
        env = dict(os.environ)
        env.update({"XDG_DATA_HOME": os.path.join(self.path, "data"),
                    "XDG_CONFIG_HOME": os.path.join(self.path, "config"),
                    "HOME": self.path, "LANGUAGE": "C", "LC_ALL": "C.UTF-8",
                    "TERM": "dumb", "G_DEBUG": "fatal-warnings"})
        env.pop("NO_COLOR", None)
        p = subprocess.run([CLI] + args, input=stdin.encode("utf-8"), capture_output=True,
                           env=env, cwd=self.path, timeout=timeout)
        out, err = p.stdout.decode("utf-8"), p.stderr.decode("utf-8")
        for word in ("Sanitizer", "runtime error:", "CRITICAL", "WARNING"):
            expect(word not in err, "%s on stderr:\n%s" % (word, err))
        return p.returncode, out, err

    def read_practice(self):
        ini = configparser.ConfigParser(interpolation=None, delimiters=("=",))
        ini.optionxform = str
        with open(self.practice, encoding="utf-8") as f:
            ini.read_file(f)
        return ini


def export():
    with Home() as home:
        status, out, err = home.run(["puzzles", "--export"])
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect(err == "", "stderr: %r" % err)
        return [puzzle_epd.parse(line) for line in out.splitlines()], out


@case
def export_prints_the_whole_set():
    puzzles, out = export()
    with open(BUNDLED, encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines() if l.strip() and not l.startswith("#")]
    expect(out.endswith("\n") and "\n\n" not in out, "one line per puzzle: %r" % out[-200:])
    expect(len(puzzles) == len(lines),
           "%d lines exported, %d in the set" % (len(puzzles), len(lines)))
    ids = [p["id"] for p in puzzles]
    expect(len(set(ids)) == len(ids), "ids repeat: %r" % ids)
    # The same positions and solutions as the file, in its order.
    for p, line in zip(puzzles, lines):
        q = puzzle_epd.parse(line)
        expect((p["fen"], p["pv"], p["id"]) == (q["fen"], q["pv"], q["id"]),
               "exported %r for %r" % (p, line))


@case
def unknown_id_and_theme_are_errors():
    with Home() as home:
        status, out, err = home.run(["puzzles", "--id", "no-such-puzzle"])
        expect(status == 2, "unknown id: exit status %d" % status)
        expect_in("There is no puzzle with the id “no-such-puzzle”.", err, "stderr")
        expect(out == "", "stdout: %r" % out)
        status, out, err = home.run(["puzzles", "--theme", "zugzwangish"])
        expect(status == 2, "unknown theme: exit status %d" % status)
        expect_in("Unknown theme “zugzwangish”. The themes are: mate,", err, "stderr")
        expect(not os.path.exists(home.practice), "practice.ini written on an error")


@case
def end_of_input_leaves_cleanly():
    puzzles, _ = export()
    with Home() as home:
        status, out, err = home.run(["puzzles", "--id", puzzles[0]["id"]], stdin="")
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect_in("Puzzle %s" % puzzles[0]["id"], out)
        expect_in("to play: find the best move.", out)
        # The themes would give the answer away.
        expect("Themes:" not in out, "themes shown before the end:\n" + out)
        expect(not os.path.exists(home.practice), "a puzzle left unplayed was recorded")


@case
def giving_up_is_a_miss():
    puzzles, _ = export()
    p = puzzles[-1]
    with Home() as home:
        status, out, err = home.run(["puzzles", "--id", p["id"], "--ascii"],
                                    stdin="solution\n")
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect_re(r"^The solution: \d+(\.|…) %s" % re.escape(p["bm"]), out)
        m = expect_re(r"^Missed\. Rating (\d+) \((-\d+)\)\.", out)
        ini = home.read_practice()
        expect(ini["tries"][p["id"]].startswith("1;0"), "tries: %r" % ini["tries"][p["id"]])
        expect(float(ini["rating"]["rating"]) < 1500, "rating %s" % ini["rating"]["rating"])
        expect(round(float(ini["rating"]["rating"])) == int(m.group(1)), "the rating said")
        # A missed puzzle comes back in Your Mistakes.
        expect(ini.has_section("mistake %s" % p["id"]), "not in the deck: %r" % ini.sections())


@case
def broken_practice_file_is_set_aside():
    puzzles, _ = export()
    with Home() as home:
        os.makedirs(os.path.dirname(home.practice))
        with open(home.practice, "w", encoding="utf-8") as f:
            f.write("[rating\nrating=not a number\n")
        status, out, err = home.run(["puzzles", "--id", puzzles[0]["id"]], stdin="quit\n")
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect(err.strip() != "", "no warning on stderr")
        expect_in("practice.ini", err, "the warning")
        aside = glob.glob(home.practice + ".broken*")
        expect(len(aside) == 1, "not set aside: %r" % os.listdir(os.path.dirname(home.practice)))


@case
def theme_filter_picks_puzzles_of_that_theme():
    puzzles, _ = export()
    counts = {}
    for p in puzzles:
        for t in p["themes"]:
            counts[t] = counts.get(t, 0) + 1
    theme = max(counts, key=counts.get)
    with Home() as home:
        status, out, err = home.run(["puzzles", "--theme", theme, "--ascii"],
                                    stdin="next\nnext\nquit\n")
        expect(status == 0, "exit status %d: %s" % (status, err))
        shown = re.findall(r"Puzzle (\S+)$", out, re.M)
        expect(len(shown) == 3, "three puzzles shown: %r\n%s" % (shown, out))
        by_id = {p["id"]: p for p in puzzles}
        for pid in shown:
            expect(theme in by_id[pid]["themes"], "%s has not the theme %s" % (pid, theme))
        expect(out.count("Skipped; it does not count.") == 2, out)
        expect(not os.path.exists(home.practice), "skipped puzzles were recorded")


def review(home, black, extra=()):
    game = os.path.join(home.path, "game.pgn")
    with open(game, "w", encoding="utf-8") as f:
        f.write(BLUNDER % black)
    return home.run(["review", game, "--nodes", REVIEW_NODES] + list(extra))


@case
def review_adds_the_players_mistakes():
    with Home() as home:
        status, out, err = review(home, "Bruno", ["--player", "white"])
        expect(status == 0, "exit status %d: %s" % (status, err))
        # (PGN wraps its lines wherever the comments' lengths put the breaks.)
        expect_in("3. Qg4 $4", " ".join(out.split()), "the review")
        expect_re(r"^Added 1 position to Your Mistakes\.$", err, "stderr")
        ini = home.read_practice()
        groups = [s for s in ini.sections() if s.startswith("mistake ")]
        expect(len(groups) == 1, "deck groups: %r" % ini.sections())
        entry = ini[groups[0]]
        expect_in("Anna – Bruno, Club night, 2026.11.25, move 3", entry["source"], "the source")
        puzzle = puzzle_epd.parse(entry["puzzle"])
        expect(puzzle["fen"] == "rnbqkbnr/ppp2ppp/3p4/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq -",
               "the position before the blunder: %r" % puzzle["fen"])
        # The same game again adds nothing new; Black made no mistake.
        status, out, err = review(home, "Bruno", ["--player", "white"])
        expect_re(r"^Added 0 positions to Your Mistakes\.$", err, "stderr")
        status, out, err = review(home, "Bruno", ["--player", "black"])
        expect_re(r"^Added 0 positions to Your Mistakes\.$", err, "stderr")
        # The deck is what --mistakes plays.
        status, out, err = home.run(["puzzles", "--mistakes", "--ascii"], stdin="")
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect_in("From your game Anna – Bruno, Club night, 2026.11.25, move 3.", out)


@case
def review_finds_the_player_against_the_computer():
    with Home() as home:
        # As `play --black computer` names the engine.
        status, out, err = review(home, "ThinkChess (Beginner)")
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect_re(r"^Added 1 position to Your Mistakes\.$", err, "stderr")
        expect_in("[mistake ", open(home.practice, encoding="utf-8").read(), "practice.ini")


@case
def review_of_two_people_adds_nothing_unasked():
    with Home() as home:
        status, out, err = review(home, "Bruno")
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect("Your Mistakes" not in err, "stderr: " + err)
        expect(not os.path.exists(home.practice), "practice.ini written")
        status, out, err = review(home, "Bruno", ["--player", "green"])
        expect(status == 2, "--player green: exit status %d" % status)
        expect_in("--player wants “white” or “black”, not “green”.", err, "stderr")


if __name__ == "__main__":
    sys.exit(run_cases())
