#!/usr/bin/python3
"""End to end: games as trees (suite 'e2e').

Run through `e2e.sh e2e-tree.py THINKCHESS SCENARIO [--shots DIR]`. Opens an
annotated file in the real program, checks that the comments and the
variation are shown, clicks a move in the variation, draws an arrow and
circles a square with the right button (real X input), saves with Ctrl+S and
opens the file again.

Scenarios: annotated.
"""

import importlib.util
import os
import shutil
import sys
import tempfile
import time

import pyatspi

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
_spec = importlib.util.spec_from_file_location("flows", os.path.join(HERE, "e2e-part2-flows.py"))
flows = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(flows)

from e2e_common import Failure, check, log_tail, movetext, wait_until, xdotool  # noqa: E402

DATA = os.path.join(HERE, "..", "data", "app")


class App(flows.App):
    def find_board(self):
        board = self.find(lambda n: n.name == flows.T("Chessboard"), "the board")
        ext = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        square = min(ext.width, ext.height) // 8
        self.square = square
        self.board_x = self.origin[0] + ext.x + (ext.width - 8 * square) // 2
        self.board_y = self.origin[1] + ext.y + (ext.height - 8 * square) // 2

    def center(self, name):
        col, row = ord(name[0]) - ord("a"), 8 - int(name[1])
        return (self.board_x + col * self.square + self.square // 2,
                self.board_y + row * self.square + self.square // 2)

    def right_drag(self, src, dst):
        x0, y0 = self.center(src)
        x1, y1 = self.center(dst)
        xdotool("mousemove", x0, y0)
        time.sleep(0.1)
        xdotool("mousedown", 3)
        for i in range(1, 9):
            xdotool("mousemove", int(x0 + (x1 - x0) * i / 8), int(y0 + (y1 - y0) * i / 8))
            time.sleep(0.03)
        xdotool("mouseup", 3)
        time.sleep(0.5)

    def right_click(self, name, modifier=None):
        x, y = self.center(name)
        xdotool("mousemove", x, y)
        time.sleep(0.1)
        if modifier:
            xdotool("keydown", modifier)
        xdotool("click", 3)
        if modifier:
            xdotool("keyup", modifier)
        time.sleep(0.5)

    def click_label_start(self, label):
        """Clicks just inside the left end of a label: its first link."""
        ext = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        xdotool("mousemove", self.origin[0] + ext.x + 6, self.origin[1] + ext.y + ext.height // 2)
        time.sleep(0.1)
        xdotool("click", 1)
        time.sleep(0.6)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def scenario_annotated(app):
    path = os.path.join(app.home, "study.pgn")
    shutil.copy(os.path.join(DATA, "annotated.pgn"), path)
    app.start(path)
    app.find_board()

    # The comments and the variation are shown in the move list.
    app.label_containing("A quiet opening.")
    app.label_containing("Best by test.")
    variation = app.label_containing("d6 Philidor")
    app.shot("annotated-open")

    # A click on the variation's first move shows it.
    app.click_label_start(variation)
    wait_until(lambda: app.has_label("Viewing") or app.has_label("move 4"),
               "the variation's move shown", 5)

    # An arrow d2→d4 and a red circle on e5 in that position.
    app.right_drag("d2", "d4")
    app.right_click("e5", "shift")
    # Held on a piece without moving: only its moves are shown, no mark.
    x, y = app.center("f3")
    xdotool("mousemove", x, y)
    xdotool("mousedown", 3)
    time.sleep(0.8)
    xdotool("mouseup", 3)
    time.sleep(0.4)
    app.shot("annotated-arrow")

    # Saved in place (a file of one game).
    app.key("ctrl+s")
    wait_until(lambda: "[%cal Gd2d4]" in read(path), "the arrow in the saved file")
    text = movetext(read(path))
    check("(2... d6 {[%cal Gd2d4] [%csl Re5] Philidor} 3. d4)" in " ".join(text.split()),
          "the variation with its marks:\n" + text)
    check("{A quiet opening.} 1. e4 {Best by test.}" in " ".join(text.split()),
          "the comments:\n" + text)
    check("Nf3 $1" in text and "[%csl Gf3]" not in text, "NAG kept, no mark from the peek:\n" + text)

    # Opened again: all there. (The last game, continued first, may ask
    # whether to save it: it is the same game, saved.)
    app.stop()
    app.start(path)
    time.sleep(1.0)
    if app.has_label(flows.T("Save the current game?")):
        app.answer(flows.T("Save the current game?"), flows.T("Discard"))
    wait_until(lambda: "study.pgn" in app.title(), "the file in the title")
    app.label_containing("Best by test.")
    variation = app.label_containing("d6 Philidor")
    app.click_label_start(variation)
    app.shot("annotated-reopened")


SCENARIOS = {"annotated": scenario_annotated}


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in SCENARIOS:
        print("usage: e2e-tree.py THINKCHESS SCENARIO [--shots DIR]", file=sys.stderr)
        return 2
    shots = None
    if "--shots" in sys.argv:
        shots = os.path.abspath(sys.argv[sys.argv.index("--shots") + 1])
    home = tempfile.mkdtemp(prefix="thinkchess-e2e-tree-")
    app = App(os.path.abspath(sys.argv[1]), home, shots)
    try:
        SCENARIOS[sys.argv[2]](app)
        print("ok: " + sys.argv[2])
        return 0
    except Failure as e:
        print("FAILED: %s: %s" % (sys.argv[2], e))
        if shots is None:
            app.shots = os.path.join(tempfile.gettempdir(), "thinkchess-e2e-tree-failures")
        try:
            app.shot("failure-" + sys.argv[2])
        except Exception:
            pass
        sys.stdout.write(log_tail(home))
        return 1
    finally:
        app.stop()
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
