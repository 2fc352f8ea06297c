#!/usr/bin/python3
"""End-to-end tests of playing the computer (suite 'e2e').

Run through `e2e.sh e2e-computer.py ...` (its own Xvfb display and D-Bus
session). The real thinkchess is driven with real X input: the New Game
dialog's toggles and drop-downs clicked and chosen with the keyboard, the
person's moves dragged on the board. The person's moves are picked by
`thinkchess-cli uci` (beside the app in the build) from the game so far,
which pgn-extract writes out in UCI notation from the autosave; the
autosave is also what is checked: both sides' moves and clocks.

    e2e-computer.py THINKCHESS SCENARIO [--shots DIR] [--dark]

Scenarios:
  beginner  Black = the built-in engine at its lowest level, 5 + 0: played
            to mate or 40 moves; a move pair taken back and replayed.
  stockfish Black = Stockfish (skipped when /usr/games/stockfish is
            missing), a few moves.
  crash     Black = an engine added by hand that crashes on its second
            move (tests/model/fake-engine): the message shows, the game is
            as it was, and the person plays on for Black.
"""

import os
import re
import shutil
import subprocess
import sys

import pyatspi

import e2e_common
from e2e_common import (SKIP, T, Failure, check, find_all, human_pause, movetext, node_center,
                        stays, wait_until, window_origin, xdotool)

STOCKFISH = "/usr/games/stockfish"


def tool(name):
    for folder in ("/usr/games", "/usr/bin"):
        path = os.path.join(folder, name)
        if os.access(path, os.X_OK):
            return path
    return shutil.which(name)


class Brain:
    """The person's choice of moves: thinkchess-cli's UCI engine, shallow."""

    def __init__(self, cli):
        self.proc = subprocess.Popen([cli, "uci"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            check(line != "", "thinkchess-cli uci ended")
            if line.startswith(prefix):
                return line.split()

    def best(self, moves, depth):
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send("go depth %d" % depth)
        return self.wait("bestmove")[1]

    def stop(self):
        self.send("quit")
        self.proc.wait(5)


class App(e2e_common.App):
    # ---- The New Game dialog ----

    def origin_of(self, title, toplevel):
        """Where the X window called `title` starts on the screen."""
        xids = wait_until(lambda: xdotool("search", "--onlyvisible", "--name", "^" + re.escape(title) + "$",
                                          strict=False).split(), "a window called " + title)
        return window_origin(xids[-1], toplevel)

    def click_at(self, origin, node):
        self.move_to(*node_center(origin, node))
        human_pause(0.1)
        xdotool("click", 1)

    # The New Game dialog's widgets are found by their place: GTK 4.8 names
    # them by their accessible labels, GTK 4.18 by what they show.

    def black_computer_toggle(self, dialog):
        """Black's Computer toggle, by the name a screen reader says: each
        side's toggles are named for their side (GTK 4.18 would otherwise
        name both after their label, "Computer")."""
        for side in (T("White is played by a human"), T("White is played by the computer"),
                     T("Black is played by a human")):
            check(find_all(dialog, lambda n: n.name == side), "no toggle named %r" % side)
        plain = find_all(dialog, lambda n: n.name == T("Computer") and n.getRole() in
                             (pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_PUSH_BUTTON))
        check(not plain, "%d toggles are named just %r" % (len(plain), T("Computer")))
        black = find_all(dialog, lambda n: n.name == T("Black is played by the computer"))
        check(len(black) == 1, "%d toggles named for Black's computer" % len(black))
        return black[0]

    def combos(self, dialog):
        """The drop-downs shown, in order: Black's engine, its level (for
        the built-in engine), the time control (White is a person)."""
        return find_all(dialog, lambda n: n.getRole() == pyatspi.ROLE_COMBO_BOX and self.visible(n))

    def shows(self, combo, expected):
        """The drop-down shows `expected` on its button (its list, also
        below it in the tree, holds every choice)."""
        buttons = [c for c in combo if c.getRole() in (pyatspi.ROLE_PUSH_BUTTON,
                                                       pyatspi.ROLE_TOGGLE_BUTTON)]
        return bool(buttons) and bool(find_all(buttons[0], lambda n: n.getRole() == pyatspi.ROLE_LABEL
                                                   and n.name == expected))

    def choose(self, origin, dialog, which, keys, expected):
        """Opens the `which`-th drop-down with a click and picks with the
        keyboard, until it shows `expected` (under load a key can come
        before the list has opened)."""
        def shown():
            return len(find_all(dialog, self.visible))

        for attempt in range(4):
            closed = shown()
            self.click_at(origin, self.combos(dialog)[which])
            try:
                # Its list opens in a popover, in the dialog's tree.
                wait_until(lambda: shown() > closed, "drop-down %d's list to open" % which, 3)
            except Failure:
                continue
            for k in keys:
                xdotool("key", k)
                human_pause(0.2)
            xdotool("key", "Return")
            try:
                wait_until(lambda: self.shows(self.combos(dialog)[which], expected),
                           "drop-down %d to show %r" % (which, expected), 3)
                return
            except Failure:
                pass
            # A list still open is closed before the next try.
            if shown() > closed:
                xdotool("key", "Escape")
                wait_until(lambda: shown() <= closed, "drop-down %d's list to close" % which)
        raise Failure("drop-down %d does not show %r" % (which, expected))

    # ---- The game ----

    def new_game(self, engine, level, time_control, shot=None):
        """New Game (Ctrl+N) with Black played by the computer; `engine`,
        `level` and `time_control` are (keys, the choice shown) or None."""
        self.move_to(self.board_x + self.board_size / 2, self.board_y + self.board_size / 2)
        xdotool("key", "ctrl+n")
        dialog = self.window_with(T("Time Control"))
        origin = self.origin_of(T("New Game"), dialog)
        # (a push button over AT-SPI in GTK 4.8, a toggle button later)
        self.click_at(origin, self.black_computer_toggle(dialog))
        wait_until(lambda: len(self.combos(dialog)) >= 3, "Black's engine and level to show")
        if engine:
            self.choose(origin, dialog, 0, engine[0], engine[1])
        if level:
            self.choose(origin, dialog, 1, level[0], level[1])
        if time_control:
            self.choose(origin, dialog, -1, time_control[0], time_control[1])
        if shot:
            self.shot(shot)
        start = self.button(T("_Start Game"))
        self.click_at(origin, start)

        def closed():
            return not self.find_all(lambda n: n.name == T("Time Control") and self.visible(n))
        try:
            wait_until(closed, "the New Game dialog to close", 4)
        except Failure:
            # Under load a click right after the drop-down closed can go
            # unheard (as the menus found): the button's action then.
            start.queryAction().doAction(0)
            wait_until(closed, "the New Game dialog to close")
        self.move_to(self.board_x + self.board_size / 2, self.board_y + self.board_size / 2)

    def sans(self):
        """The moves of the autosaved game in SAN."""
        text = re.sub(r"\{[^}]*\}", " ", movetext(self.autosave()))
        return [t for t in text.split()
                if not re.match(r"^\d+\.+$", t) and t not in ("*", "1-0", "0-1", "1/2-1/2")]

    def uci_moves(self):
        """The moves of the autosaved game in UCI notation (pgn-extract)."""
        path = os.path.join(self.home, "game.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.autosave())
        out = subprocess.run([tool("pgn-extract"), "-Wuci", "-s", path], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True, check=True).stdout
        moves = movetext(out).split()
        return [m for m in moves if m not in ("*", "1-0", "0-1", "1/2-1/2")]

    def wait_plies(self, count, timeout=30):
        return wait_until(lambda: len(self.sans()) >= count and self.sans(),
                          lambda: "%d moves in the autosave (it has %d)\n%s"
                          % (count, len(self.sans()), self.autosave()), timeout)

    def move(self, uci):
        """Plays the person's move: dragged, or typed for a promotion."""
        if len(uci) == 5:
            self.play(uci)
        else:
            self.drag(uci[:2], uci[2:4])

    def over(self):
        return re.search(r'\[Result "(1-0|0-1|1/2-1/2)"\]', self.autosave()) is not None


def child_named(pid, name):
    """The pid of a child process of `pid` called `name`, or None."""
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/children" % (pid, task)) as f:
                for child in f.read().split():
                    with open("/proc/%s/comm" % child) as comm:
                        if comm.read().strip() == name:
                            return int(child)
    except OSError:
        pass
    return None


def alive(pid):
    """Running (not gone, not a zombie)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def cli_of(binary):
    return os.path.join(os.path.dirname(binary), "..", "cli", "thinkchess-cli")


def clocks(pgn):
    return re.findall(r"\[%clk (\d+):(\d\d):(\d\d)", pgn)


def seconds(clock):
    return int(clock[0]) * 3600 + int(clock[1]) * 60 + int(clock[2])


# ---- Scenarios ----

def beginner(app):
    if not tool("pgn-extract"):
        return SKIP
    brain = Brain(cli_of(app.binary))
    try:
        app.start()
        # Black: the computer (built in), its lowest level; 5 + 0.
        app.new_game(None, (["Home"], T("Beginner (Elo 700)")),
                     (["Home", "Down", "Down", "Down"], T("5 + 0 (blitz)")), shot="01-new-game")
        pgn = app.autosave()
        check('[Black "ThinkChess (Beginner)"]' in pgn, "Black is not the beginner:\n" + pgn)
        check('[BlackType "program"]' in pgn and '[TimeControl "300"]' in pgn,
              "the game's tags:\n" + pgn)
        plies = 0
        undone = False
        while not app.over() and plies < 80:
            moves = app.uci_moves()
            check(len(moves) % 2 == 0, "White to move, but the autosave has %d moves" % len(moves))
            app.move(brain.best(moves, 3))
            if len(moves) == 2:
                app.shot("02-thinking")
            app.wait_plies(len(moves) + 1, 10)
            if app.over():
                break
            plies = len(app.wait_plies(len(moves) + 2, 30))
            if plies == 8 and not undone:
                # Undo takes back the pair, redo replays it.
                before = app.sans()
                app.key("ctrl+z")
                wait_until(lambda: len(app.sans()) == 6, lambda: "two moves taken back:\n" + app.autosave())
                stays(lambda: len(app.sans()) == 6, "the computer moved after the take-back", 1.5)
                app.shot("03-taken-back")
                app.key("ctrl+shift+z")
                wait_until(lambda: app.sans() == before, lambda: "the pair replayed:\n" + app.autosave())
                undone = True
        app.shot("04-end")
        pgn = app.autosave()
        sans = app.sans()
        check(app.over() or len(sans) >= 80, "the game stopped early:\n" + pgn)
        check(undone, "no move pair was taken back")
        times = clocks(pgn)
        check(len(times) == len(sans), "a clock for every move: %d clocks, %d moves"
              % (len(times), len(sans)))
        black = [seconds(t) for t in times[1::2]]
        # The beginner answers after a third of a second or so: its clock ran.
        check(black and all(b <= 300 for b in black) and black[-1] <= 300 - len(black) // 4,
              "Black's clocks: %s" % black)
        check(black[0] >= black[-1], "Black's clock ran backwards: %s" % black)
        print("# %d moves, result %s, Black's clock %s"
              % (len(sans), re.search(r'\[Result "([^"]*)"\]', pgn).group(1), times[-1]))
    finally:
        brain.stop()


def stockfish(app):
    if not os.access(STOCKFISH, os.X_OK) or not tool("pgn-extract"):
        print("# skipped: %s is missing" % STOCKFISH)
        return SKIP
    brain = Brain(cli_of(app.binary))
    try:
        app.start()
        # Stockfish is the first engine after the built-in one here.
        app.new_game((["Home", "Down"], "Stockfish"), None, None, shot="01-stockfish")
        check('[Black "Stockfish"]' in app.autosave(), "Black is not Stockfish:\n" + app.autosave())
        check('[BlackEngine "external stockfish"]' in app.autosave(), "engine tag:\n" + app.autosave())
        for ply in range(0, 6, 2):
            app.move(brain.best(app.uci_moves(), 2))
            app.wait_plies(ply + 2, 20)
        app.shot("02-stockfish-played")
        check(len(app.sans()) == 6, "moves: %s" % app.sans())

        # Quitting while Stockfish thinks: the app ends, and Stockfish too.
        app.move(brain.best(app.uci_moves(), 2))
        engine = wait_until(lambda: child_named(app.proc.pid, "stockfish"), "Stockfish running")
        app.key("ctrl+q")
        question = app.window_with(T("Save the Game?"))
        app.press(T("_Don’t Save"), question)
        app.wait_exit(timeout=15)
        wait_until(lambda: not alive(engine), "Stockfish to end with the app", 5)
    finally:
        brain.stop()


def crash(app):
    fake = os.path.join(os.path.dirname(app.binary), "..", "..", "tests", "model", "fake-engine")
    fake = os.path.realpath(fake)
    if not os.access(fake, os.X_OK):
        print("# skipped: no fake engine at " + fake)
        return SKIP
    # An engine added by hand, as Preferences → Engines keeps it.
    folder = os.path.join(app.home, "config", "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "keyfile"), "w") as f:
        f.write("[io/github/thinkchess/ThinkChess]\n"
                "external-engines=[('user-fake', 'Fakefish', ['%s', '--misbehave=crash', "
                "'--on-move=2'], 0, @a{ss} {})]\n" % fake)
    app.extra_env["GSETTINGS_BACKEND"] = "keyfile"
    app.start()
    # Added by hand: the last engine in the list.
    app.new_game((["End"], "Fakefish"), None, None)
    check('[Black "Fakefish"]' in app.autosave(), "Black is not the fake engine:\n" + app.autosave())
    app.drag("e2", "e4")
    app.wait_plies(2, 15)
    app.drag("d2", "d4")
    heading = T("Black’s Engine Failed")
    dialog = app.window_with(heading, 20)
    check(find_all(dialog, lambda n: n.name and "Fakefish crashed" in n.name),
          "the message does not name the engine")
    app.shot("01-engine-failed")
    check(len(app.sans()) == 3, "the game changed: %s" % app.sans())
    # Play on as a person: Black's move is dragged now.
    app.dismiss(dialog, T("Play On as _Human"), "the engine's failure")
    app.point_at_window()
    app.drag("d7", "d5")
    app.wait_plies(4, 10)
    check('[BlackType "human"]' in app.autosave(), "Black is still the engine:\n" + app.autosave())
    status = app.find_all(lambda n: n.name and "Fakefish" in n.name and app.visible(n))
    app.shot("02-played-on")
    check(app.sans()[-1] == "d5", "moves: %s" % app.sans())
    print("# status after: %s" % [s.name for s in status])


SCENARIOS = {"beginner": beginner, "stockfish": stockfish, "crash": crash}


def main():
    return e2e_common.run_scenarios("e2e-computer", SCENARIOS, App, dark_env={"GTK_THEME": "Adwaita:dark"})


if __name__ == "__main__":
    sys.exit(main())
