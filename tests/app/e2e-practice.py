#!/usr/bin/python3
"""End to end: Practice (issue 26, suite 'e2e').

Run through `e2e.sh e2e-practice.py THINKCHESS SCENARIO [--shots DIR] [--dark]`.
The real program: Practice opened with its shortcut or the primary menu,
the puzzle's id read from the practice panel over AT-SPI, its solution
looked up in the bundled set (data/puzzles/puzzles.epd, the format of
`thinkchess-cli puzzles --export`), its moves dragged on the board with
real mouse input, the rating read in the panel and in practice.ini.

Scenarios:
  solve       Shift+Ctrl+P; the puzzle solved by dragging its moves (the
              opponent's replies awaited); "Solved! +N", the rating up in
              the panel and in practice.ini. Next (clicked): a wrong drag
              shows the answer to it and "Missed −N", and the rating goes
              down; two more solved, dragged at a quicker pace; Next brings
              the missed one back.
  keep-game   A game of two moves; Practice through the menu; a puzzle
              move played: the autosave still holds the game, not the
              puzzle; Leave Practice (clicked) shows the game again, and
              it plays on.
"""

import configparser
import os
import re
import subprocess
import sys


HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import e2e_common  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", "cli"))
from chess_moves import legal_moves, play_uci, san_to_uci  # noqa: E402
from e2e_common import T, check, human_pause, movetext, wait_until  # noqa: E402

PUZZLES = os.path.join(HERE, "..", "..", "data", "puzzles", "puzzles.epd")


# ---- The bundled set and enough chess to drag its moves ----

def read_puzzles(cli):
    """id -> (FEN of four fields, [SAN…]) from the export, else the EPD."""
    text = None
    try:
        out = subprocess.run([cli, "puzzles", "--export"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, timeout=60)
        if out.returncode == 0 and " pv " in out.stdout:
            text = out.stdout
    except (OSError, subprocess.TimeoutExpired):
        pass
    if text is None:
        with open(PUZZLES, encoding="utf-8") as f:
            text = f.read()
    puzzles = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split()
        fen = " ".join(fields[:4])
        ident = re.search(r'\bid "([^"]+)"', line).group(1)
        pv = re.search(r"\bpv ([^;]+);", line).group(1).split()
        puzzles[ident] = (fen, pv)
    return puzzles


# ---- The app ----

class App(e2e_common.App):
    def __init__(self, binary, home, shots=None):
        super().__init__(binary, home, shots)
        self.cli = os.path.join(os.path.dirname(binary), "..", "cli", "thinkchess-cli")
        self.puzzles = read_puzzles(self.cli)

    def puzzle_id(self):
        """The id in "Puzzle 9079fcc9 · rated 2370"."""
        prefix = T("Puzzle %s · rated %d").split("%s")[0]
        text = wait_until(lambda: self.label_starting_now(prefix), "the puzzle's id")
        return text[len(prefix):].split()[0]

    def rating(self):
        prefix = T("Rating %d ± %d").split("%d")[0]
        text = wait_until(lambda: self.label_starting_now(prefix), "the rating")
        return int(text[len(prefix):].split()[0])

    def verdict(self, word):
        prefix = T(word)
        return wait_until(lambda: self.label_starting_now(prefix), "the verdict " + word)

    def practice_ini(self):
        path = os.path.join(self.home, "data", "thinkchess", "practice.ini")
        ini = configparser.ConfigParser(interpolation=None)
        ini.read(path, encoding="utf-8")
        return ini

    def saved_rating(self):
        ini = self.practice_ini()
        return round(float(ini["rating"]["rating"])) if ini.has_section("rating") else None

    def show_puzzle(self):
        """The puzzle on the board now: its id, start and solution."""
        ident = self.puzzle_id()
        check(ident in self.puzzles, "puzzle %s is not in the bundled set" % ident)
        fen, pv = self.puzzles[ident]
        self.flipped = fen.split()[1] == "b"
        self.find_board()
        return ident, fen, pv

    def drag_uci(self, uci, settle):
        self.drag(uci[:2], uci[2:4], pause=max(settle, 0.3) if len(uci) == 5 else settle)
        if len(uci) == 5:
            # A promotion: the chooser opens on the square, queen, rook,
            # bishop and knight toward the mover's side; a click picks.
            k = "qrbn".index(uci[4])
            rank = int(uci[3])
            x, y = self.center(uci[2] + str(rank - k if rank == 8 else rank + k))
            e2e_common.xdotool("mousemove", x, y)
            human_pause(0.1)
            e2e_common.xdotool("click", 1)
            human_pause(settle)

    def solve(self, fen, pv, settle=0.5):
        """Drags the solver's moves; the replies come by themselves."""
        said = None
        reply_prefix = T("Right — the reply was %s. Your move.").split("%s")[0]
        for i, san in enumerate(pv):
            uci = san_to_uci(self.cli, fen, san)
            if i % 2 == 0:
                self.drag_uci(uci, settle)
            else:
                # The reply comes after 300 ms and the panel says it (its
                # square in any notation; castling names none, it is O-O
                # in every notation): a quick hand moves at once then.
                shown = san.rstrip("+#") if san.startswith("O-O") else uci[2:4]
                said = wait_until(lambda: (lambda t: t if t and t != said and shown in t else None)(
                    self.label_starting_now(reply_prefix)), "the reply " + san)
            fen = play_uci(fen, uci)
        return self.verdict("Solved!")

    def click_panel_button(self, label):
        button = self.button(T(label))
        self.click(button)


def open_practice_by_key(app):
    app.point_at_window()
    app.key("shift+ctrl+p")
    wait_until(lambda: app.label_starting_now(T("Rating %d ± %d").split("%d")[0]), "the practice panel")


def scenario_solve(app):
    app.start()
    open_practice_by_key(app)
    app.shot("practice-start")
    check(app.rating() == 1500, "a new player's rating is 1500")
    check(app.saved_rating() is None, "no practice.ini before the first puzzle")

    first, fen, pv = app.show_puzzle()
    verdict = app.solve(fen, pv)
    check(verdict.startswith(T("Solved!")), verdict)
    gained = app.rating()
    check(gained > 1500, "the rating after a solved puzzle: %d" % gained)
    wait_until(lambda: app.saved_rating() == gained, "rating %d in practice.ini" % gained)
    app.shot("practice-solved")

    # Next, clicked; a wrong drag: a legal move that is not the solution's.
    app.click_panel_button("Next")
    missed, fen, pv = wait_until(lambda: (lambda p: p if p[0] != first else None)(app.show_puzzle()),
                                 "another puzzle")
    right = san_to_uci(app.cli, fen, pv[0])
    wrong = next(m for m in legal_moves(app.cli, fen) if m != right
                 and legal_moves(app.cli, play_uci(fen, m)))
    app.drag_uci(wrong, 0.1)
    verdict = app.verdict("Missed")
    # Why it fails: the opponent's answer, said in the panel.
    message = wait_until(lambda: app.label_starting_now(T("That is not it: %s").split("%s")[0]),
                         "the answer to the wrong move")
    check(T("%s fails to %s.").split("%s")[1] in message, "the answer is named: " + message)
    app.shot("practice-missed")
    lost = app.rating()
    check(lost < gained, "the rating after a miss: %d, before %d" % (lost, gained))
    check("\u2212" in verdict and str(gained - lost) in verdict, "the verdict says the loss: " + verdict)
    wait_until(lambda: app.saved_rating() == lost, "rating %d in practice.ini" % lost)

    # Two more, quicker; then the missed one again.
    for _ in range(2):
        app.point_at_window()
        app.click_panel_button("Next")
        ident, fen, pv = wait_until(lambda: (lambda p: p if p[0] not in (missed,) else None)(app.show_puzzle()),
                                    "a puzzle other than the missed one")
        app.solve(fen, pv, settle=0.15)
    app.click_panel_button("Next")
    again = app.puzzle_id()
    check(again == missed, "the missed puzzle %s comes back after two others (got %s)" % (missed, again))
    app.shot("practice-again")


def scenario_keep_game(app):
    app.start()
    app.play("e4", "e5")
    app.wait_autosave("1. e4 e5")
    app.menu("P_ractice")
    ident, fen, pv = app.show_puzzle()
    app.shot("practice-menu")
    app.drag_uci(san_to_uci(app.cli, fen, pv[0]), 0.8)
    # The move played: the panel judges it.
    wait_until(lambda: app.label_starting_now(T("Right — the reply was %s. Your move.").split("%s")[0])
               or app.label_starting_now(T("Solved!")),
               lambda: "the puzzle's move judged (labels: %r)" % app.labels()[-12:])
    saved = app.autosave()
    check("1. e4 e5" in movetext(saved) and "[FEN" not in saved,
          "the autosave still holds the game:\n" + saved)

    # Leave Practice, clicked: the game is back and plays on.
    app.click(app.button(T("Leave Practice")))
    wait_until(lambda: not app.label_starting_now(T("Rating %d ± %d").split("%d")[0]), "the panel to go")
    app.flipped = False
    app.find_board()
    app.shot("practice-left")
    app.drag("g1", "f3")
    app.wait_autosave("2. Nf3")
    check("1. e4 e5 2. Nf3" in movetext(app.autosave()), movetext(app.autosave()))


SCENARIOS = {
    "solve": scenario_solve,
    "keep-game": scenario_keep_game,
}

if __name__ == "__main__":
    sys.exit(e2e_common.run_scenarios("e2e-practice", SCENARIOS, App))
