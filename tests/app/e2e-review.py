#!/usr/bin/python3
"""End to end: game review (suite 'e2e').

Run through `e2e.sh e2e-review.py THINKCHESS SCENARIO [--shots DIR] [--dark]`.
The real program under its own Xvfb, real X input (xdotool), what it shows
read over AT-SPI and from screenshots.

Scenarios:
  graph  — an annotated game (tests/data/app/reviewed.pgn) opens with its
           evaluation graph and its mistakes coloured; a click on the graph,
           a drag along it and its keys show the positions under them.
"""

import gettext
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

from e2e_common import Failure, check, log_tail, wait_until, xdotool  # noqa: E402

DATA = os.path.join(HERE, "..", "data", "app")
T = flows.T

# The graph's geometry (chess-eval-graph.c): points PAD_X from each side.
PAD_X = 4


class App(flows.App):
    def graph(self):
        return self.find(lambda n: n.name == T("Evaluation graph")
                         and n.getRole() == pyatspi.ROLE_SLIDER, "the evaluation graph")

    def graph_point(self, graph, point, points):
        """The screen position of `point` of a graph of `points` points."""
        ext = graph.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        step = (ext.width - 2 * PAD_X) / (points - 1)
        return (self.origin[0] + ext.x + int(round(PAD_X + point * step)),
                self.origin[1] + ext.y + ext.height // 2)

    def graph_says(self, graph):
        try:
            return graph.description
        except Exception:
            return ""

    def status(self):
        labels = self.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name
                               and (n.name.startswith(T("Viewing the starting position. Press End or click the board to return."))
                                    or n.name.startswith(T("Viewing move %u, White. Press End or click the board to return.").split("%u")[0])))
        return labels[0].name if labels else ""

    def wait_viewing(self, text, what):
        wait_until(lambda: text in self.status(), what + " (status: %r)" % self.status(), 8)


def move_class(name):
    """A move class as the app names it ("move class" context)."""
    localedir = os.environ.get("THINKCHESS_LOCALEDIR")
    language = os.environ.get("LANGUAGE", "C")
    if localedir and language not in ("", "C"):
        translation = gettext.translation("thinkchess", localedir,
                                          languages=language.split(":"), fallback=True)
        return translation.pgettext("move class", name)
    return name


def viewing(number, black):
    fmt = T("Viewing move %u, Black. Press End or click the board to return." if black
            else "Viewing move %u, White. Press End or click the board to return.")
    return fmt.replace("%u", str(number))


def scenario_graph(app):
    path = os.path.join(app.home, "reviewed.pgn")
    shutil.copy(os.path.join(DATA, "reviewed.pgn"), path)
    app.start(path)
    graph = app.graph()
    check(app.visible(graph), "the graph is not shown")
    points = 14
    # The last position at first.
    wait_until(lambda: T("Move %u, White").replace("%u", "7") in app.graph_says(graph),
               "the graph at the last move (it says %r)" % app.graph_says(graph), 5)
    # The mistakes are named for screen readers.
    for name in ("Inaccuracy", "Mistake", "Blunder"):
        app.find(lambda n, name=name: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                 and (n.description or "") == move_class(name), "a move described as " + name)
    app.shot("review-graph-open")

    # A click on point 4 (after 2... d6) shows that position.
    x, y = app.graph_point(graph, 4, points)
    xdotool("mousemove", x, y)
    time.sleep(0.2)
    xdotool("click", 1)
    app.wait_viewing(viewing(2, True), "the position after 2... d6")
    check(T("Move %u, Black").replace("%u", "2") in app.graph_says(graph),
          "the graph says %r" % app.graph_says(graph))
    app.shot("review-graph-clicked")

    # A drag from there to point 10 (after 5... Bxd1) follows the pointer.
    xdotool("mousedown", 1)
    x1, _ = app.graph_point(graph, 10, points)
    for i in range(1, 11):
        xdotool("mousemove", int(x + (x1 - x) * i / 10), y)
        time.sleep(0.04)
    xdotool("mouseup", 1)
    app.wait_viewing(viewing(5, True), "the position after 5... Bxd1")

    # The keys: the graph has the focus after the click.
    app.key("Left")
    app.wait_viewing(viewing(5, False), "the position after 5. Nxe5")
    app.key("Home")
    app.wait_viewing(T("Viewing the starting position. Press End or click the board to return."),
                     "the starting position")
    app.key("Page_Down")
    app.wait_viewing(viewing(5, True), "ten half-moves on")
    app.shot("review-graph-keys")


SCENARIOS = {"graph": scenario_graph}


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in SCENARIOS:
        print("usage: e2e-review.py THINKCHESS SCENARIO [--shots DIR] [--dark]", file=sys.stderr)
        return 2
    shots = None
    if "--shots" in sys.argv:
        shots = os.path.abspath(sys.argv[sys.argv.index("--shots") + 1])
    home = tempfile.mkdtemp(prefix="thinkchess-e2e-review-")
    app = App(os.path.abspath(sys.argv[1]), home, shots)
    if "--dark" in sys.argv:
        app.extra_env["ADW_DEBUG_COLOR_SCHEME"] = "prefer-dark"
    try:
        SCENARIOS[sys.argv[2]](app)
        print("ok: " + sys.argv[2])
        return 0
    except Failure as e:
        print("FAILED: %s: %s" % (sys.argv[2], e))
        if shots is None:
            app.shots = os.path.join(tempfile.gettempdir(), "thinkchess-e2e-review-failures")
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
