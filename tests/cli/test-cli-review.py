#!/usr/bin/env python3
"""`thinkchess-cli review`: the annotated game on standard output, the summary
(and, at a terminal only, the progress bar) on standard error, game choice,
clear errors, an external engine (our own through UCI), Ctrl+C, German, and
pgn-extract reading what it wrote. Prints TAP.

Usage: test-cli-review.py THINKCHESS-CLI BUILD-PO-DIR
"""

import os
import pty
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from tap_cases import case, expect, expect_in, run_cases

CLI = os.path.abspath(sys.argv[1])
LOCALEDIR = os.path.abspath(sys.argv[2])

GAMES = """[Event "First"]
[Site "?"]
[Date "2026.11.25"]
[Round "1"]
[White "Anna"]
[Black "Bruno"]
[Result "0-1"]

1. e4 {[%clk 0:05:00] Her favourite.} e5 2. d4 d6 3. Qg4 Bxg4 0-1

[Event "Second"]
[Site "?"]
[Date "2026.11.25"]
[Round "2"]
[White "Carla"]
[Black "Dora"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"]

1. Kd6 Kd8 2. e6 Ke8 3. Kc7 Ke7 4. Kc6 Kxe6 1/2-1/2
"""


class Dir:
    def __enter__(self):
        self.path = tempfile.mkdtemp(prefix="thinkchess-review-test-")
        self.games = os.path.join(self.path, "games.pgn")
        with open(self.games, "w", encoding="utf-8") as f:
            f.write(GAMES)
        return self

    def __exit__(self, *exc):
        shutil.rmtree(self.path, ignore_errors=True)


def env(extra=None):
    e = dict(os.environ)
    e.update({"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "G_DEBUG": "fatal-warnings",
              "HOME": tempfile.gettempdir()})
    e.pop("LANGUAGE", None)
    if extra:
        e.update(extra)
    return e


def review(args, extra_env=None, timeout=120):
    p = subprocess.run([CLI, "review"] + args, capture_output=True, env=env(extra_env),
                       timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def flat(text):
    return " ".join(text.split())


@case
def annotated_game_on_stdout():
    with Dir() as d:
        status, out, err = review([d.games, "--depth", "8"])
        expect(status == 0, "exit status %d: %s" % (status, err))
        pgn = flat(out)
        expect_in('[White "Anna"]', pgn)
        expect_in("1. e4 {[%clk 0:05:00] [%eval", pgn, "clock and comment kept")
        expect_in("Her favourite.}", pgn)
        expect(re.search(r"3\. Qg4 \$4 \{\[%eval -\d+\.\d\d\] "
                         r"Puts the queen en prise on g4: 3… Bxg4\.\} \(3\. \w+", pgn),
               "the blunder, its eval, why, and the better move:\n" + pgn)
        expect(pgn.endswith("0-1"), "the result at the end")
        # Standard error: the summary, no progress bar when it is not a terminal.
        expect("\r" not in err, "no progress bar on a pipe: %r" % err)
        expect_in("Reviewed 3 moves with ThinkChess ", err)
        expect(re.search(r"White \(Anna\): accuracy \d+\.\d %, 0 inaccuracies, 0 mistakes, 1 blunder\n", err),
               "White's summary: " + err)
        expect(re.search(r"Black \(Bruno\): accuracy \d+\.\d %, \d inaccurac(y|ies), 0 mistakes, 0 blunders\n", err),
               "Black's summary: " + err)


@case
def second_game_of_a_file():
    with Dir() as d:
        status, out, err = review([d.games, "--game", "2", "--depth", "10"])
        expect(status == 0, "exit status %d: %s" % (status, err))
        pgn = flat(out)
        expect_in('[White "Carla"]', pgn)
        expect_in('[FEN "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"]', pgn)
        expect(re.search(r"3\. Kc7 \$4 \{\[%eval 0\.00\] Throws away the won ending: 3\. e7 kept the win\.\} \(3\. e7",
                         pgn), "the thrown-away win:\n" + pgn)
        expect_in("White (Carla): accuracy", err)
        expect_in("1 blunder", err)


MOTIF_GAMES = """[Event "Queen"]

1. e4 Nf6 2. Qg4 d6 3. Nc3 Nxg4 *

[Event "Mate allowed"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Mate missed"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 Be7 *

[Event "Fork"]
[SetUp "1"]
[FEN "r3kbnr/pp1qpppp/2n5/1N6/8/8/PPPP1PPP/R1BQKBNR b KQkq - 0 1"]

1... Qf5 2. Nc7+ Kd7 3. Nxa8 *
"""


def comment_after(pgn, move):
    """The comment right after `move` (with its NAG) in a flattened game."""
    m = re.search(re.escape(move) + r" \$\d \{([^}]*)\}", pgn)
    return m.group(1) if m else None


@case
def why_in_words():
    with Dir() as d:
        games = os.path.join(d.path, "motifs.pgn")
        with open(games, "w", encoding="utf-8") as f:
            f.write(MOTIF_GAMES)
        expected = [
            (1, "2. Qg4", r"Puts the queen en prise on g4: 2… Nxg4\."),
            (2, "3... Nf6", r"Allows mate in 1: 4\. Qxf7#\."),
            (3, "4. Qf3", r"Missed mate in 1: 4\. Qxf7#\."),
            (4, "1... Qf5", r"2\. Nc7\+ forks the king on e8 and the rook on a8\."),
        ]
        for number, move, sentence in expected:
            status, out, err = review([games, "--game", str(number), "--depth", "6"])
            expect(status == 0, "exit status %d: %s" % (status, err))
            pgn = flat(out)
            comment = comment_after(pgn, move)
            expect(comment is not None and re.fullmatch(r"\[%eval [-#\d.]+\] " + sentence, comment),
                   "why %s was bad, right after its [%%eval]: %r in\n%s" % (move, comment, pgn))
            # Reviewing the reviewed game again replaces the sentences.
            again = os.path.join(d.path, "again.pgn")
            with open(again, "w", encoding="utf-8") as f:
                f.write(out)
            status, out2, err = review([again, "--depth", "6"])
            expect(status == 0, "exit status %d: %s" % (status, err))
            expect(out2 == out, "the second review writes the same game:\n%s\n%s" % (out, out2))
        # The better move says what it does.
        status, out, err = review([games, "--game", "1", "--depth", "6"])
        expect(re.search(r"\(2\. \w+ \{\[%eval [-\d.]+\] Better was 2\. \w+, keeping the queen\.\}",
                         flat(out)), "the better move in words:\n" + flat(out))


SCHOLAR = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"


@case
def every_marked_move_has_a_sentence():
    """2. Qh5?! has no motif: the scores and the reply say why. No [%why]
    marker is written; a player's comment after the sentence survives a
    second review; a game written with the old marker is read and written
    without it."""
    with Dir() as d:
        game = os.path.join(d.path, "scholar.pgn")
        with open(game, "w", encoding="utf-8") as f:
            f.write(SCHOLAR)
        status, out, err = review([game])
        expect(status == 0, "exit status %d: %s" % (status, err))
        pgn = flat(out)
        expect("[%why" not in out, "no marker written:\n" + out)
        for move, comment in re.findall(r"(\d+\.(?:\.\.)? \S+) \$[246] \{([^}]*)\}", pgn):
            expect(re.fullmatch(r"\[%eval [-#\d.]+\] [A-Z0-9].*\.", comment),
                   "%s is marked and says why: %r in\n%s" % (move, comment, pgn))
        expect(re.search(r"2\. Qh5 \$6 \{\[%eval -?\d\.\d\d\] (Gives|Lets|Loses) [^}]*after 2… \w+ [^}]*\(\S+\)\.\}",
                         pgn), "2. Qh5?! says why from the scores:\n" + pgn)

        # The player's own words after the review's sentence.
        # (The writer wraps lines wherever the text falls, so the sentence may
        # be split across them.)
        mine = re.sub(r"Allows\s+mate\s+in\s+1:\s+4\.\s+Qxf7#\.", "Allows mate in 1: 4. Qxf7#. I missed it.",
                      out, count=1)
        expect(mine != out, "the mate allowed is said:\n" + out)
        again = os.path.join(d.path, "mine.pgn")
        with open(again, "w", encoding="utf-8") as f:
            f.write(mine)
        status, out2, err = review([again])
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect(flat(out2) == flat(mine), "reviewed again, the player's words stay and nothing else changes:\n%s\n%s"
               % (mine, out2))

        # An autosave written with the old marker: its sentence is replaced.
        old = os.path.join(d.path, "old.pgn")
        with open(old, "w", encoding="utf-8") as f:
            f.write("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 {[%eval #1] [%why 13] Perd la dame. Mine.} 4. Qxf7# 1-0\n")
        status, out3, err = review([old])
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect("[%why" not in out3 and "Perd la dame" not in out3, "the old marker and sentence go:\n" + out3)
        expect_in("Allows mate in 1: 4. Qxf7#. Mine.}", flat(out3))


@case
def errors_are_clear():
    with Dir() as d:
        status, out, err = review([d.games, "--game", "3"])
        expect(status == 1 and out == "", "no game 3: status %d" % status)
        expect_in("games.pgn: there is no game 3: the file holds 2 games", err)

        missing = os.path.join(d.path, "missing.pgn")
        status, out, err = review([missing])
        expect(status == 1 and out == "", "missing file: status %d" % status)
        expect_in("missing.pgn", err)

        bad = os.path.join(d.path, "bad.pgn")
        with open(bad, "w", encoding="utf-8") as f:
            f.write('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
        status, out, err = review([bad])
        expect(status == 1 and out == "", "illegal move: status %d" % status)
        expect(re.search(r"bad\.pgn:3:\d+: .*Ke3", err), "where and what: " + err)

        status, out, err = review([])
        expect(status == 2, "no file: status %d" % status)
        expect_in("Give one game file to review.", err)

        status, out, err = review([d.games, "--engine", os.path.join(d.path, "no-such-engine")])
        expect(status == 1 and out == "", "engine that does not exist: status %d" % status)
        expect_in("no-such-engine", err)

        status, out, err = review([d.games, "--engine", CLI + " uci", "--protocol", "winboard2"])
        expect(status == 1, "unknown protocol: status %d" % status)
        expect_in("Unknown engine protocol “winboard2”", err)


@case
def external_engine():
    """Our own engine as an external UCI program gives the same verdict."""
    with Dir() as d:
        status, out, err = review([d.games, "--engine", CLI + " uci", "--depth", "8"])
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect(re.search(r"3\. Qg4 \$4", flat(out)), "the blunder found:\n" + out)
        expect(re.search(r"Reviewed 3 moves with ThinkChess [\w.]+, depth 8\.\n", err),
               "the engine named: " + err)


ROOK_ENDING = """[Event "Rook ending"]
[Site "?"]
[Date "2026.12.05"]
[Round "1"]
[White "Gala"]
[Black "Hugo"]
[Result "*"]
[SetUp "1"]
[FEN "6k1/5p2/4P1p1/R5Pp/p4K1P/r4P2/8/8 b - - 0 51"]

51... Kf8 *
"""


def eval_after(pgn, move):
    m = re.search(re.escape(move) + r" (?:\$\d+ )?\{\[%eval (-?\d+\.\d\d)\]", pgn)
    return float(m.group(1)) if m else None


@case
def rook_ending_judged_nearer_a_draw():
    """A rook ending from a weak players' game, a pawn up for White after
    51… Kf8 but drawn for Stockfish at depth 16 (+0.12): the review's own
    engine judges it, scoring it much nearer 0 than the same engine, at the
    same budget, playing through UCI does (which calls 51… Kf8 a blunder)."""
    with Dir() as d:
        game = os.path.join(d.path, "rook.pgn")
        with open(game, "w", encoding="utf-8") as f:
            f.write(ROOK_ENDING)
        status, out, err = review([game], timeout=300)
        expect(status == 0, "exit status %d: %s" % (status, err))
        status, played, err = review([game, "--engine", CLI + " uci"], timeout=300)
        expect(status == 0, "exit status %d: %s" % (status, err))
        judged, playing = eval_after(flat(out), "51... Kf8"), eval_after(flat(played), "51... Kf8")
        expect(judged is not None and playing is not None, "evals:\n%s\n%s" % (out, played))
        expect(playing > 1.2 and abs(judged) < playing * 0.6,
               "after 51… Kf8 judged %s, played %s" % (judged, playing))


RUY_LOPEZ = """[Event "Six moves"]
[Site "?"]
[Date "2026.11.28"]
[Round "1"]
[White "Elena"]
[Black "Femi"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 *
"""


@case
def default_review_is_the_same_every_time():
    """At the default budget (nodes, not a clock) the same game gets
    byte-identical output and summary: run twice, then once more while
    busy loops take the processors, which would change how deep a clock
    lets the search go. (The busy loops run at the search thread's own
    nice value, so they halve its share without starving it.)"""
    with Dir() as d:
        game = os.path.join(d.path, "ruy.pgn")
        with open(game, "w", encoding="utf-8") as f:
            f.write(RUY_LOPEZ)
        first = review([game], timeout=300)
        expect(first[0] == 0, "exit status %d: %s" % (first[0], first[2]))
        expect(re.search(r"^Reviewed 6 moves with ThinkChess [\w.]+, " + os.environ.get("THINKCHESS_REVIEW_NODES", "400000")
                         + r" nodes a position\.\n",
                         first[2]), "the judge and its budget named: " + first[2])
        second = review([game], timeout=300)
        expect(second == first, "a second run differs:\n%r\n%r" % (first, second))
        busy = [subprocess.Popen(["nice", "-n", "10", sys.executable, "-c", "while True: pass"])
                for _ in range(os.cpu_count() or 2)]
        try:
            loaded = review([game], timeout=600)
        finally:
            for p in busy:
                p.kill()
                p.wait()
        expect(loaded == first, "a run under load differs:\n%r\n%r" % (first, loaded))


@case
def budget_named_with_grouping():
    """The summary names the budget, digits grouped as the locale does."""
    listed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower()
    if "en_us.utf8" not in listed:
        print("# skipped: the locale en_US.UTF-8 is not installed")
        return
    with Dir() as d:
        status, out, err = review([d.games, "--nodes", "12000"],
                                  {"LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"})
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect(re.search(r"^Reviewed 3 moves with ThinkChess [\w.]+, 12,000 nodes a position\.\n", err),
               "nodes grouped: " + err)
        status, out, err = review([d.games, "--time-per-move", "50"])
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect(re.search(r"^Reviewed 3 moves with ThinkChess [\w.]+, 50 ms a position\.\n", err),
               "the time named: " + err)
        status, out, err = review([d.games, "--nodes", "1000", "--depth", "3"])
        expect(status == 2 and "Give one budget" in err, "two budgets refused: %d %s" % (status, err))


NULL_MOVES = """[Event "Null moves"]
[Site "?"]
[Date "2026.11.27"]
[Round "1"]
[White "Anna"]
[Black "Bruno"]
[Result "*"]

1. e4 -- 2. d4 e5 3. -- Nc6 4. Nf3 Nf6 *
"""


def fairymax():
    """Fairy-Max, an xboard engine without setboard; CI installs it
    (build-aux/install-deps.sh --test), so there its absence fails."""
    path = shutil.which("fairymax") or ("/usr/games/fairymax"
                                        if os.access("/usr/games/fairymax", os.X_OK) else None)
    if path is None and os.environ.get("CI"):
        raise AssertionError("fairymax is not installed (build-aux/install-deps.sh --test)")
    return path


@case
def null_moves_with_an_xboard_engine():
    """xboard has no null move: the position after one is set up (Fairy-Max
    has no setboard, so through edit mode), with either side to move."""
    engine = fairymax()
    if engine is None:
        print("# skipped: fairymax is not installed")
        return
    with Dir() as d:
        path = os.path.join(d.path, "null.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(NULL_MOVES)
        status, out, err = review([path, "--engine", engine, "--protocol", "xboard",
                                   "--depth", "3"])
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect_in("Reviewed 4 moves", err)
        expect_in("with Fairy-Max", err)
        text = flat(out)
        for move in ("2. d4", "2... e5", "3. --", "3... Nc6", "4. Nf3", "4... Nf6"):
            expect(re.search(re.escape(move) + r" (\$\d+ )?\{\[%eval ", text),
                   "%s judged:\n%s" % (move, out))

        # A set-up position in edit mode too, unless its castling rights
        # are not what edit mode assumes.
        setup = os.path.join(d.path, "setup.pgn")
        with open(setup, "w", encoding="utf-8") as f:
            f.write('[Event "?"]\n[SetUp "1"]\n[FEN "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"]\n'
                    '[Result "*"]\n\n1... O-O 2. Kd2 *\n')
        status, out, err = review([setup, "--engine", engine, "--protocol", "xboard",
                                   "--depth", "3"])
        expect(status == 0, "set-up position: exit status %d: %s" % (status, err))
        with open(setup, "w", encoding="utf-8") as f:
            f.write('[Event "?"]\n[SetUp "1"]\n[FEN "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1"]\n'
                    '[Result "*"]\n\n1... Kd7 2. Ke2 *\n')
        status, out, err = review([setup, "--engine", engine, "--protocol", "xboard",
                                   "--depth", "3"])
        expect(status == 1, "castling rights edit mode cannot say: exit status %d" % status)
        expect_in("cannot start from a set-up position", err)


@case
def progress_bar_at_a_terminal():
    """With standard error a terminal the bar is drawn there, and cleared."""
    with Dir() as d:
        master, slave = pty.openpty()
        p = subprocess.Popen([CLI, "review", d.games, "--depth", "8"], stdout=subprocess.PIPE,
                             stderr=slave, env=env())
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        out = p.stdout.read().decode("utf-8")
        status = p.wait(timeout=60)
        os.close(master)
        err = b"".join(chunks).decode("utf-8", errors="replace")
        expect(status == 0, "exit status %d" % status)
        expect(re.search(r"\r\[#+\.*\] +\d+ %  move \d of 3", err), "a progress bar: %r" % err)
        expect_in("\r[" + "#" * 30 + "] 100 %  move 3 of 3", err)
        expect_in("\r\x1b[K", err)
        expect("[#" not in out and "%  move" not in out, "nothing of it on standard output")
        expect_in("3. Qg4 $4", out)


def wait_catching(pid, signum, timeout=30):
    """Waits until process `pid` catches `signum` (its handler installed,
    as /proc says): the review is under way."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open("/proc/%d/status" % pid, encoding="ascii") as f:
            caught = next(int(l.split()[1], 16) for l in f if l.startswith("SigCgt:"))
        if caught & (1 << (signum - 1)):
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting for process %d to catch signal %d" % (pid, signum))


@case
def interrupted():
    """Ctrl+C stops the review: a message, status 1, no half-annotated game."""
    with Dir() as d:
        long_game = os.path.join(d.path, "long.pgn")
        with open(long_game, "w", encoding="utf-8") as f:
            f.write("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 "
                    "8. c3 O-O 9. h3 Na5 10. Bc2 c5 11. d4 Qc7 *\n")
        p = subprocess.Popen([CLI, "review", long_game, "--time-per-move", "500"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
        wait_catching(p.pid, signal.SIGINT)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
        expect(p.returncode == 1, "exit status %d" % p.returncode)
        expect(out == b"", "no output: %r" % out[:200])
        expect_in("Review interrupted.", err.decode("utf-8"))


@case
def german():
    locale = "de_DE.UTF-8"
    listed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower()
    if "de_de.utf8" not in listed:
        print("# skipped: the locale de_DE.UTF-8 is not installed")
        return
    if not os.path.exists(os.path.join(LOCALEDIR, "de", "LC_MESSAGES", "thinkchess.mo")):
        print("# skipped: no translations built (-Dapp=false)")
        return
    with Dir() as d:
        status, out, err = review([d.games, "--depth", "8"],
                                  {"LC_ALL": locale, "LANG": locale, "THINKCHESS_LOCALEDIR": LOCALEDIR})
        expect(status == 0, "exit status %d: %s" % (status, err))
        expect(re.search(r"Weiß \(Anna\): Genauigkeit \d+,\d %, 0 Ungenauigkeiten, 0 Fehler, 1 grober Fehler",
                         err), "the summary in German: " + err)
        # The game itself stays in English SAN: PGN is an exchange format.
        expect_in("3. Qg4 $4", flat(out))


@case
def pgn_extract_reads_it():
    pe = shutil.which("pgn-extract") or ("/usr/games/pgn-extract"
                                         if os.access("/usr/games/pgn-extract", os.X_OK) else None)
    if pe is None:
        print("# skipped: pgn-extract is not installed")
        return
    with Dir() as d:
        status, out, err = review([d.games, "--depth", "8"])
        expect(status == 0, "exit status %d" % status)
        ours = os.path.join(d.path, "reviewed.pgn")
        with open(ours, "w", encoding="utf-8") as f:
            f.write(out)
        p = subprocess.run([pe, "-s", "--quiet", "-Wsan", ours], capture_output=True, text=True)
        expect(p.returncode == 0 and p.stderr == "", "pgn-extract complains: " + p.stderr)
        expect_in("$4", p.stdout)
        expect_in("[%eval", p.stdout)
        expect(flat(p.stdout).count("(") == flat(out).count("("), "the variations kept")


if __name__ == "__main__":
    sys.exit(run_cases())
