#!/usr/bin/python3
"""End-to-end tests of the real thinkchess program (suite 'e2e').

Run through `e2e.sh e2e.py ...`, which gives each run its own Xvfb display
and D-Bus session (for AT-SPI). The app gets a temporary XDG_DATA_HOME and
XDG_CONFIG_HOME and the memory GSettings backend; it is driven with real X
input from xdotool, and the autosaved PGN is read back.

    e2e.py THINKCHESS SCENARIO [--shots DIR]

Scenarios: scholar, illegal, promotion, resume, typed, keyboard, peek,
tour (screenshots).
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

from e2e_common import (Failure, app_environment, atspi_app, check, find_all, launch,
                        leave_fresh_start_card, log_tail, movetext, node_center, read_autosave, screenshot,
                        stop_process, visible, window_origin, xdotool)


DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "app")


def square_index(name):
    return (ord(name[0]) - ord("a")) + 8 * (int(name[1]) - 1)


class App:
    def __init__(self, binary, home, shots=None, extra_env=None):
        self.binary = binary
        self.home = home
        self.shots = shots
        self.extra_env = extra_env or {}
        self.proc = None
        self.flipped = False

    # ---- Life cycle ----

    def start(self, *files, card=False):
        """Starts the app on `files`, or without them past a fresh start
        card (Two Players) unless `card` leaves it for the scenario."""
        env = app_environment(self.home)
        env.update({"LANGUAGE": "C", "LC_ALL": "C.UTF-8"})
        env.update(self.extra_env)
        self.proc, self.log = launch([self.binary] + list(files), env, self.home)
        deadline = time.time() + 30
        self.window = None
        while time.time() < deadline and self.window is None:
            out = xdotool("search", "--onlyvisible", "--name", "ThinkChess", strict=False).split()
            if out:
                self.window = out[-1]
            else:
                time.sleep(0.1)
        check(self.window is not None, "the window did not appear")
        if not files and not card:
            leave_fresh_start_card(atspi_app(self.proc.pid))
        self.find_board()
        # Keyboard input goes where the pointer is (no window manager).
        self.move_to(self.board_x + self.board_size / 2, self.board_y + self.board_size / 2)

    def stop(self):
        stop_process(self.proc)
        self.proc = None
        time.sleep(0.3)

    # ---- AT-SPI ----

    def find(self, predicate, timeout=10):
        deadline = time.time() + timeout
        while True:
            found = find_all(atspi_app(self.proc.pid), predicate, max_depth=40)
            if found or time.time() > deadline:
                return found
            time.sleep(0.2)

    def find_one(self, predicate, what, timeout=10):
        found = self.find(predicate, timeout)
        check(found, "not found: " + what)
        return found[0]

    showing = staticmethod(visible)

    def find_board(self):
        board = self.find_one(lambda n: n.name == "Chessboard", "the board")
        frame = self.find_one(lambda n: n.getRole() == pyatspi.ROLE_FRAME, "the window")
        ext = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.origin = window_origin(self.window, frame)
        square = min(ext.width, ext.height) // 8
        self.square = square
        self.board_size = 8 * square
        self.board_x = self.origin[0] + ext.x + (ext.width - 8 * square) // 2
        self.board_y = self.origin[1] + ext.y + (ext.height - 8 * square) // 2
        self.board = board

    def align_to_screen(self, screen):
        """Corrects the board's place by the square edges in a screenshot
        of the start position. What AT-SPI reports can be some pixels off
        (about 10 with GTK 4.18's client-side decorations), enough to miss
        a legal-move dot when sampling pixels; a click still lands."""
        def edges(points):
            """Where the colour changes sharply along a line of pixels."""
            colours = [pixel_mean(screen, x, y, radius=0) for x, y in points]
            return [i for i in range(1, len(colours))
                    if colour_distance(colours[i - 1], colours[i]) > 40]

        def offset(found, start):
            # Each edge's distance to the nearest expected square edge.
            half = self.square // 2
            shifts = sorted((e - start + half) % self.square - half for e in found)
            check(shifts, "no square edges found on the screen")
            return shifts[len(shifts) // 2]

        s = self.square
        # Across ranks 5 and 4 (empty at the start), along the e/d files.
        y_row = self.board_y + 3 * s + s // 2
        row = [(x, y_row) for x in range(self.board_x + s // 2, self.board_x + 7 * s + s // 2)]
        dx = offset([self.board_x + s // 2 + i for i in edges(row)], self.board_x)
        x_col = self.board_x + 3 * s + s // 2
        col = [(x_col, y) for y in range(self.board_y + 2 * s + s // 2, self.board_y + 5 * s + s // 2)]
        dy = offset([self.board_y + 2 * s + s // 2 + i for i in edges(col)], self.board_y)
        self.board_x += dx
        self.board_y += dy

    def status(self):
        labels = self.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name and
                           any(k in n.name for k in ("to move", "Viewing", "can't", "not", "wins",
                                                     "Draw", "Check", "move", "Unrecognised",
                                                     "There is")),
                           timeout=1)
        return " | ".join(l.name for l in labels)

    def click_button(self, label):
        button = self.find_one(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and
                               n.name == label and self.showing(n), "button " + label)
        button.queryAction().doAction(0)
        time.sleep(0.5)

    # ---- Input ----

    def center(self, name):
        sq = square_index(name)
        col, row = sq % 8, 7 - sq // 8
        if self.flipped:
            col, row = 7 - col, 7 - row
        return (self.board_x + col * self.square + self.square // 2,
                self.board_y + row * self.square + self.square // 2)

    def move_to(self, x, y):
        xdotool("mousemove", int(x), int(y))

    def drag(self, src, dst):
        x0, y0 = self.center(src)
        x1, y1 = self.center(dst)
        self.move_to(x0, y0)
        time.sleep(0.05)
        xdotool("mousedown", 1)
        time.sleep(0.05)
        for i in range(1, 9):
            self.move_to(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8)
            time.sleep(0.02)
        time.sleep(0.05)
        xdotool("mouseup", 1)
        time.sleep(0.4)

    def click(self, name):
        x, y = self.center(name)
        self.move_to(x, y)
        time.sleep(0.05)
        xdotool("click", 1)
        time.sleep(0.3)

    def key(self, *keys):
        for k in keys:
            xdotool("key", k)
            time.sleep(0.1)
        time.sleep(0.2)

    def type_move(self, text):
        entry = self.find_one(lambda n: n.name == "Move entry", "the move entry")
        self.move_to(*node_center(self.origin, entry))
        xdotool("click", 1)
        time.sleep(0.2)
        xdotool("type", "--delay", "30", text)
        xdotool("key", "Return")
        time.sleep(0.4)

    # ---- Results ----

    def pgn(self):
        return read_autosave(self.home)

    def shot(self, name):
        screenshot(self.shots, name)


def wait_moves(app, expected, timeout=8):
    """The autosaved movetext once it contains `expected` (or as it is when
    the time is up): the app saves after the input is processed."""
    deadline = time.time() + timeout
    while True:
        moves = movetext(app.pgn())
        if expected in moves or time.time() > deadline:
            return moves
        time.sleep(0.1)


# ---- Scenarios ----

def scholar(app):
    app.start()
    app.shot("01-start")
    for src, dst in [("e2", "e4"), ("e7", "e5"), ("f1", "c4"), ("b8", "c6")]:
        app.drag(src, dst)
    app.shot("02-midgame")
    app.drag("d1", "h5")
    app.drag("g8", "f6")
    app.drag("h5", "f7")
    time.sleep(0.5)
    app.shot("03-mate")
    moves = wait_moves(app, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0")
    check("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0" in moves,
          "autosave after the mate: " + moves)
    check('[Result "1-0"]' in app.pgn(), "no 1-0 result tag")
    # In the overlay and in the status line.
    result = app.find(lambda n: n.name == "White wins by checkmate" and App.showing(n))
    check(len(result) >= 2, "the result overlay is not shown")
    check(app.find(lambda n: n.name == "New Game" and App.showing(n)), "no New Game button")
    # The board stays usable for browsing: Home shows the start, with the
    # focus on the card's New Game.
    app.move_to(app.board_x + 5, app.board_y + 5)
    app.key("Home")
    check("Viewing" in app.status(), "Home did not browse back: " + app.status())
    app.key("End")
    app.stop()


def illegal(app):
    app.start()
    app.drag("e2", "e5")          # too far for a pawn
    app.drag("e7", "e5")          # not Black's turn
    app.drag("g1", "g3")          # not a knight's move
    check(movetext(app.pgn()).strip() in ("", "*"), "an illegal drop changed the game: " + app.pgn())
    status = app.status()
    check("can't" in status or "not" in status, "no reason shown: " + status)
    # A legal one still works, and by click-click too.
    app.drag("e2", "e4")
    app.click("e7")
    app.click("e5")
    app.click("g1")
    app.click("g1")               # put it down again
    app.click("f3")               # nothing selected: nothing happens
    moves = wait_moves(app, "1. e4 e5 *")
    check(moves.startswith("1. e4 e5 *"), "the legal moves: " + moves)
    app.stop()


def promotion(app):
    app.start()
    for move in ["h4", "g5", "hxg5", "h6", "gxh6", "Bg7", "hxg7", "Nf6"]:
        app.type_move(move)
    check("4. hxg7 Nf6" in wait_moves(app, "4. hxg7 Nf6"), "typed moves: " + movetext(app.pgn()))
    # Cancel the chooser with Escape: nothing is played.
    app.drag("g7", "h8")
    app.shot("04-promotion")
    app.key("Escape")
    check("gxh8" not in app.pgn(), "Escape did not cancel the promotion")
    # A click elsewhere cancels too.
    app.drag("g7", "h8")
    app.click("a4")
    check("gxh8" not in app.pgn(), "a click elsewhere did not cancel the promotion")
    # Now choose the knight: the fourth cell below h8.
    app.drag("g7", "h8")
    app.click("h5")
    moves = wait_moves(app, "5. gxh8=N")
    check("5. gxh8=N" in moves, "promotion to a knight: " + moves)
    app.stop()


def resume(app):
    app.start()
    app.drag("e2", "e4")
    app.drag("c7", "c5")
    wait_moves(app, "1. e4 c5 *")
    app.stop()
    check("1. e4 c5 *" in wait_moves(app, "1. e4 c5 *"), "autosave before restart: " + app.pgn())
    app.start()
    app.shot("05-start-screen")
    check(app.find(lambda n: n.name == "Continue Last Game" and App.showing(n)),
          "no Continue Last Game button")
    app.click_button("Continue Last Game")
    app.drag("g1", "f3")
    moves = wait_moves(app, "1. e4 c5 2. Nf3 *")
    check("1. e4 c5 2. Nf3 *" in moves, "the resumed game: " + moves)
    app.stop()


def typed(app):
    app.start()
    for move in ["e4", "e7e5", "Ng1-f3"]:
        app.type_move(move)
    check("1. e4 e5 2. Nf3 *" in wait_moves(app, "1. e4 e5 2. Nf3 *"), "typed moves: " + app.pgn())
    app.type_move("Qh8")
    status = app.status()
    check("2. Nf3 *" in wait_moves(app, "2. Nf3 *"), "a bad typed move changed the game")
    check(status, "no message for a bad move")
    # The entry keeps the focus: the next move goes straight in.
    xdotool("key", "ctrl+a")
    xdotool("type", "--delay", "30", "Nc6")
    xdotool("key", "Return")
    time.sleep(0.4)
    check("2. Nf3 Nc6 *" in wait_moves(app, "2. Nf3 Nc6 *"), "focus lost after a move: " + app.pgn())
    app.stop()


def keyboard(app):
    app.start()
    app.click("e4")               # an empty square: focus, nothing selected
    # The first arrow shows the cursor on the king's pawn; Enter picks it
    # up, two steps up, Enter drops it.
    app.key("Up", "Return", "Up", "Up", "Return")
    check("1. e4 *" in wait_moves(app, "1. e4 *"), "keyboard move: " + app.pgn())
    # Black: the cursor is on e4; up to e7, pick up, down to e5, drop.
    app.key("Up", "Up", "Up", "space", "Down", "Down", "space")
    check("1. e4 e5 *" in wait_moves(app, "1. e4 e5 *"), "keyboard move for Black: " + app.pgn())
    # Escape hides the cursor; then Left browses back, End returns.
    app.key("Escape", "Left")
    check("Viewing" in app.status(), "Left did not browse: " + app.status())
    app.key("End")
    check("Viewing" not in app.status(), "End did not return: " + app.status())
    # While the cursor is shown, Left moves it; after a click the cursor is
    # gone and Left browses again, counting moves as players do.
    app.key("Up", "Left")
    check("Viewing" not in app.status(), "Left browsed while moving the cursor: " + app.status())
    app.click("a5")
    app.key("Left")
    check("Viewing move 1, White" in app.status(), "Left after a click: " + app.status())
    # A move clicked in the move list has the focus: ← and → still browse,
    # rather than moving the focus along the list.
    app.key("End")
    move = app.find_one(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "e4"
                        and App.showing(n), "the move e4 in the move list")
    # GTK 4.18 reports the button's place some 15 px too high (client-side
    # decorations): a click there can land between two lines of the list.
    x, y = node_center(app.origin, move)
    for dy in (0, 15):
        app.move_to(x, y + dy)
        xdotool("click", 1)
        time.sleep(0.3)
        if "Viewing move 1, White" in app.status():
            break
    check("Viewing move 1, White" in app.status(), "the clicked move: " + app.status())
    app.key("Right")
    check("Viewing" not in app.status(), "Right in the move list did not browse: " + app.status())
    # Back to the start and one move on.
    app.key("Left", "Left", "Right")
    check("Viewing move 1, White" in app.status(), "Left Left Right in the move list: " + app.status())
    # Home and End too.
    app.key("End")
    check("Viewing" not in app.status(), "End in the move list did not return: " + app.status())
    app.key("Home")
    check("Viewing the starting position" in app.status(), "Home in the move list: " + app.status())
    app.stop()


def open_file(app):
    """A game opened from the command line while an unfinished game is in
    the autosave: the file is shown for study (no start screen, no question,
    no result card) and the unfinished game is kept for the next start."""
    app.start()
    app.drag("e2", "e4")
    app.drag("c7", "c5")
    check("1. e4 c5 *" in wait_moves(app, "1. e4 c5 *"), "autosave: " + app.pgn())
    app.stop()
    app.start(os.path.join(DATA, "finished-game.pgn"))
    app.find_one(lambda n: n.name and "Cez Trophy 2012, Prague CZE" in n.name and App.showing(n),
                 "the game's header in the panel")
    time.sleep(0.5)
    app.shot("06-opened-finished-game")
    check(not app.find(lambda n: n.name == "Continue Last Game" and App.showing(n), timeout=1),
          "the start screen is shown")
    check(not app.find(lambda n: n.name and n.name.startswith("Save") and n.name.endswith("?")
                       and App.showing(n), timeout=1), "a save question is shown")
    check(not app.find(lambda n: n.name == "View Board" and App.showing(n), timeout=1),
          "the result card covers the opened game")
    check("1. e4 c5 *" in movetext(app.pgn()), "the unfinished game was overwritten: " + app.pgn())
    app.stop()
    app.start()
    check(app.find(lambda n: n.name == "Continue Last Game" and App.showing(n)),
          "the unfinished game is not offered again")
    app.stop()


def grab_screen(path):
    """The whole screen as (width, height, RGB bytes), through a binary PPM."""
    subprocess.run(["import", "-window", "root", "-depth", "8", "ppm:" + path], check=True)
    with open(path, "rb") as f:
        data = f.read()
    fields = []
    pos = 0
    while len(fields) < 4:          # P6, width, height, maxval
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    check(fields[0] == b"P6" and fields[3] == b"255", "unexpected screenshot format")
    return int(fields[1]), int(fields[2]), data[pos + 1:]


def pixel_mean(screen, x, y, radius=2):
    """The mean colour of the (2r+1)² pixels around (x, y)."""
    width, _, rgb = screen
    total = [0, 0, 0]
    n = 0
    for yy in range(y - radius, y + radius + 1):
        for xx in range(x - radius, x + radius + 1):
            i = 3 * (yy * width + xx)
            for c in range(3):
                total[c] += rgb[i + c]
            n += 1
    return tuple(t / n for t in total)


def colour_distance(a, b):
    return max(abs(p - q) for p, q in zip(a, b))


def peek(app):
    """Holding the right button on the g1 knight shows its targets (f3, h3)
    while held and hides them on release; nothing is selected or played."""
    if shutil.which("import") is None:
        print("skipped: ImageMagick's import is missing")
        sys.exit(77)
    app.start()
    targets = ("f3", "h3")
    others = ("e3", "g3")           # empty squares the knight cannot reach
    path = os.path.join(app.home, "screen.ppm")
    # Away from the board: no hover effect on the squares.
    app.move_to(app.board_x + app.board_size / 2, app.board_y - 5)
    time.sleep(0.3)
    before = grab_screen(path)
    app.align_to_screen(before)
    x, y = app.center("g1")
    app.move_to(x, y)
    time.sleep(0.1)
    xdotool("mousedown", 3)
    time.sleep(0.5)
    held = grab_screen(path)
    app.shot("06-peek")
    xdotool("mouseup", 3)
    time.sleep(0.5)
    app.move_to(app.board_x + app.board_size / 2, app.board_y - 5)
    time.sleep(0.3)
    after = grab_screen(path)
    report = []
    for name in targets + others:
        cx, cy = app.center(name)
        report.append("%s %s->%s->%s" % (name, pixel_mean(before, cx, cy),
                                         pixel_mean(held, cx, cy), pixel_mean(after, cx, cy)))
    report = "; ".join(report)
    for name in targets:
        cx, cy = app.center(name)
        check(colour_distance(pixel_mean(before, cx, cy), pixel_mean(held, cx, cy)) > 30,
              "no target mark on %s while the right button is held: %s" % (name, report))
        check(colour_distance(pixel_mean(before, cx, cy), pixel_mean(after, cx, cy)) <= 4,
              "the mark on %s stayed after the release: %s" % (name, report))
    for name in others:
        cx, cy = app.center(name)
        check(colour_distance(pixel_mean(before, cx, cy), pixel_mean(held, cx, cy)) <= 4,
              "%s (not a target) changed during the peek: %s" % (name, report))
    # Nothing selected, nothing played: a left click on f3 does not move the
    # knight there, and the game is still empty.
    app.click("f3")
    time.sleep(0.3)
    moves = movetext(app.pgn()).strip()
    check(moves in ("", "*"), "the peek changed the game: " + moves)
    check("Viewing" not in app.status(), "the peek changed the view: " + app.status())
    # The knight can still be moved normally afterwards.
    app.drag("g1", "f3")
    check("1. Nf3 *" in wait_moves(app, "1. Nf3 *"), "a move after the peek: " + app.pgn())
    app.stop()


def tour(app):
    """Screenshots for a person to look at (not a check)."""
    app.start()
    app.shot("10-start")
    for src, dst in [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("d8", "d5"), ("b1", "c3"),
                     ("d5", "e5")]:
        app.drag(src, dst)
    app.shot("11-check")
    x0, y0 = app.center("g1")
    app.move_to(x0, y0)
    xdotool("mousedown", 1)
    x1, y1 = app.center("f4")
    for i in range(1, 6):
        app.move_to(x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * i / 6)
        time.sleep(0.03)
    time.sleep(0.2)
    app.shot("12-dragging")
    xdotool("mouseup", 1)
    time.sleep(0.3)
    app.click("g1")
    app.shot("13-selected")
    app.click("g1")
    frame = app.find_one(lambda n: n.getRole() == pyatspi.ROLE_FRAME, "the window")
    actions = frame.queryAction()
    for i in range(actions.nActions):
        if actions.getName(i) == "win.flip-board":
            actions.doAction(i)
            time.sleep(0.5)
            app.shot("15-flipped")
            actions.doAction(i)
    xdotool("windowsize", app.window, 640, 900)
    time.sleep(1)
    app.shot("14-narrow")
    app.stop()


SCENARIOS = {f.__name__.replace("_", "-"): f for f in (scholar, illegal, promotion, resume, typed, keyboard, peek,
                                     open_file, tour)}


def main():
    binary, name = sys.argv[1], sys.argv[2]
    shots = None
    extra = {}
    if "--shots" in sys.argv:
        shots = sys.argv[sys.argv.index("--shots") + 1]
    if "--dark" in sys.argv:
        extra["GTK_THEME"] = "Adwaita:dark"
    home = tempfile.mkdtemp(prefix="thinkchess-e2e-")
    app = App(binary, home, shots, extra)
    try:
        SCENARIOS[name](app)
        print("ok - " + name)
        return 0
    except Failure as failure:
        print("FAILED - %s: %s" % (name, failure))
        sys.stdout.write(log_tail(home))
        return 1
    finally:
        app.stop()
        if os.environ.get("E2E_KEEP_LOG"):
            shutil.copy(os.path.join(home, "app.log"), os.environ["E2E_KEEP_LOG"])
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
