#!/usr/bin/env python3
"""For build-aux/flatpak-check.sh: the installed Flatpak of ThinkChess,
run in its sandbox under the check's Xvfb and D-Bus session (with
xdg-desktop-portal and xdg-desktop-portal-gtk activated from it), driven with
real X input from xdotool and read back over AT-SPI, as tests/app/e2e.py does.

    flatpak-check-app.py APP_ID GAME_PGN [--shots DIR]

1. In German (LANG=de_DE.UTF-8): the status line reads "Weiß am Zug.".
2. A dragged move (e2-e4) is played; Ctrl+Q quits; the autosave on the
   host, ~/.var/app/APP_ID/data/thinkchess/last-game.pgn, holds it.
3. Started again, the start card offers Continue Last Game; pressed, the
   game goes on (e7-e5 is autosaved after 1. e4).
4. Preferences → Engines says the computer's engines cannot be seen from
   the sandbox.
5. Ctrl+O: the portal's GTK file chooser opens GAME_PGN, a file of the host
   the sandbox cannot see (no --filesystem permission), typed after Ctrl+L;
   its players and event show. Ctrl+Shift+S: the portal's chooser saves it
   to a new host path, and the file there holds the game's moves.
The sandbox has its own PID namespace and its accessibility bus is proxied,
so the app is found on the bus by name, not by process id.
"""

import os
import subprocess
import sys
import time

import pyatspi

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "app"))
from e2e_common import (App, Failure, button_named, check, find_all,  # noqa: E402
                        movetext, screenshot, visible, wait_until, xdotool)


def thinkchess_apps():
    apps = []
    for app in pyatspi.Registry.getDesktop(0):
        try:
            if app is not None and "thinkchess" in (app.name or "").lower():
                apps.append(app)
        except Exception:
            pass
    return apps


class SandboxedApp(App):
    """The end-to-end tests' App, started with `flatpak run`: found on the
    accessibility bus by name, its data folder the sandbox's, seen from the
    host."""

    def __init__(self, app_id, shots):
        super().__init__(app_id, os.environ["HOME"], shots)
        self.app_id = app_id
        self.data = os.path.join(os.environ["HOME"], ".var", "app", app_id, "data")
        self.log_path = os.path.join(os.environ["HOME"], "flatpak-app.log")

    def start(self, language="C.UTF-8", card=False):
        env = dict(os.environ, LANG=language, LC_ALL=language,
                   LANGUAGE="de" if language.startswith("de") else "C")
        env.pop("NO_AT_BRIDGE", None)
        self.log = open(self.log_path, "a")
        self.proc = subprocess.Popen(["flatpak", "run", self.app_id], env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        ids = xdotool("search", "--sync", "--onlyvisible", "--name", "^ThinkChess$").split()
        self.window = ids[-1]
        wait_until(thinkchess_apps, "ThinkChess on the accessibility bus", 60)
        self.locate()
        if not card:
            self.find_board()
            self.point_at_window()

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            subprocess.run(["flatpak", "kill", self.app_id], check=False)
            self.proc.wait(30)
        self.proc = None
        wait_until(lambda: not thinkchess_apps(), "the app to leave the accessibility bus", 30)

    def atspi_app(self):
        return wait_until(lambda: (thinkchess_apps() or [None])[0],
                          "ThinkChess on the accessibility bus", 20)

    def shown(self, predicate):
        """The nodes `predicate` accepts now, in any ThinkChess on the bus."""
        return [n for app in thinkchess_apps() for n in find_all(app, predicate, max_depth=40)]

    def pgn(self):
        try:
            with open(os.path.join(self.data, "thinkchess", "last-game.pgn"), encoding="utf-8") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def shot(self, name):
        screenshot(self.shots, name)


def host_moves(app, expected, timeout=15):
    moves = wait_until(lambda: expected in movetext(app.pgn()) and movetext(app.pgn()),
                       "the autosave on the host to hold " + expected, timeout)
    print("   autosave on the host: " + moves)


def portal_windows(title):
    """The shown windows titled `title` of xdg-desktop-portal-gtk (not a
    dialog the app made itself)."""
    named = xdotool("search", "--onlyvisible", "--name", "^%s$" % title, strict=False).split()
    portal = xdotool("search", "--onlyvisible", "--class", "^xdg-desktop-portal-gtk$",
                     strict=False).split()
    return [w for w in named if w in portal]


def focus_portal_window(title):
    """The portal's dialog titled `title`, with the pointer over it and the
    input focus: there is no window manager to give it."""
    window = wait_until(lambda: portal_windows(title), "the portal's " + title, 30)[-1]
    values = dict(line.split("=") for line in
                  xdotool("getwindowgeometry", "--shell", window).split())
    xdotool("mousemove", int(values["X"]) + int(values["WIDTH"]) // 2,
            int(values["Y"]) + int(values["HEIGHT"]) // 2)
    xdotool("windowfocus", "--sync", window)
    return window


def portal_choose(title, path, app, keys):
    """Presses `keys` in the portal's file chooser titled `title` (Ctrl+L
    opens the location field of Open; Ctrl+A selects all of Save's name,
    whose extension GTK leaves unselected), types `path` and presses
    Enter."""
    window = focus_portal_window(title)
    time.sleep(0.5)
    app.shot("portal-" + title.lower().replace(" ", "-"))
    xdotool("key", keys)
    time.sleep(0.3)
    xdotool("type", "--delay", "20", path)
    time.sleep(0.3)
    app.shot("portal-" + title.lower().replace(" ", "-") + "-typed")
    xdotool("key", "Return")
    wait_until(lambda: not portal_windows(title),
               "the portal's " + title + " to close", 20)
    print("   portal: %s %s (window %s)" % (title, path, window))


def answer_save_question(app, title):
    """Opening over an unfinished game first asks whether to save it: Don’t
    Save, once the question (or else the portal's dialog) is there."""
    def question():
        return app.shown(lambda n: n.name == "Save the Game?" and visible(n))
    wait_until(lambda: question() or portal_windows(title),
               "the save question or the portal's " + title, 30)
    if question():
        app.press("Don’t Save")


def scenario_german(app):
    app.start("de_DE.UTF-8", card=True)
    app.find(lambda n: n.name == "Weiß am Zug.", "the German status line", 60)
    print("   found over AT-SPI: Weiß am Zug.")
    app.stop()


def scenario_autosave(app):
    app.start(card=True)
    app.press("Two Players")
    wait_until(lambda: not app.shown(lambda n: button_named(n, "Two Players")),
               "the start card to close")
    app.find_board()
    app.drag("e2", "e4")
    app.find(lambda n: (n.name or "").startswith("Black to move."), "Black to move after e2-e4")
    host_moves(app, "1. e4 *")
    app.move_to(app.board_x + app.board_size / 2, app.board_y + app.board_size / 2)
    app.key("ctrl+q")
    app.press("Don’t Save")
    app.proc.wait(30)
    app.proc = None
    wait_until(lambda: not thinkchess_apps(), "the app to leave the accessibility bus", 30)
    host_moves(app, "1. e4 *")

    app.start(card=True)
    app.shot("continue")
    app.press("Continue Last Game")
    app.find_board()
    app.find(lambda n: (n.name or "").startswith("Black to move."), "the continued game, Black to move")
    app.drag("e7", "e5")
    host_moves(app, "1. e4 e5 *")


def scenario_engines(app):
    app.move_to(app.board_x + app.board_size / 2, app.board_y + app.board_size / 2)
    app.key("ctrl+comma")
    switch = app.find(lambda n: n.name == "Engines" and visible(n)
                          and n.getRole() in (pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_PUSH_BUTTON,
                                              pyatspi.ROLE_PAGE_TAB),
                          "the Preferences' Engines page", 20)
    switch.queryAction().doAction(0)
    note = app.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name and visible(n)
                        and "cannot be seen from inside the Flatpak sandbox" in n.name,
                        "the Engines page's line on the sandbox")
    print("   found over AT-SPI: " + note.name)
    app.shot("engines")
    xdotool("key", "Escape")
    wait_until(lambda: not app.shown(lambda n: n.name == "Engines" and visible(n)),
               "the Preferences to close")


def scenario_portal(app, game, saved):
    app.move_to(app.board_x + app.board_size / 2, app.board_y + app.board_size / 2)
    app.key("ctrl+o")
    answer_save_question(app, "Open Game")
    portal_choose("Open Game", game, app, "ctrl+l")
    for text in ("Svidler", "Navara", "Cez Trophy 2012"):
        app.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name and text in n.name
                     and visible(n), "the opened game's " + text, 20)
    app.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Bxc6"
                 and visible(n), "the opened game's 8. Bxc6 in the move list")
    print("   found over AT-SPI: Svidler, Navara, Cez Trophy 2012, Bxc6")
    app.move_to(app.board_x + app.board_size / 2, app.board_y + app.board_size / 2)
    app.key("ctrl+shift+s")
    portal_choose("Save Game", saved, app, "ctrl+a")
    text = wait_until(lambda: os.path.exists(saved) and "8. Bxc6" in movetext(open(saved).read())
                      and open(saved).read(), "the saved game on the host", 20)
    check('[White "Svidler,P"]' in text, "the saved game's players:\n" + text)
    print("   saved on the host: %s (%d bytes)" % (saved, len(text)))


def main():
    app_id, game = sys.argv[1], os.path.abspath(sys.argv[2])
    shots = sys.argv[sys.argv.index("--shots") + 1] if "--shots" in sys.argv else None
    saved = os.path.join(os.environ["HOME"], "saved", "through the portal.pgn")
    os.makedirs(os.path.dirname(saved), exist_ok=True)
    app = SandboxedApp(app_id, shots)
    step = "start"
    try:
        for step, run in (("the window in German", lambda: scenario_german(app)),
                          ("the autosave across a restart", lambda: scenario_autosave(app)),
                          ("the Engines page", lambda: scenario_engines(app)),
                          ("open and save through the portal",
                           lambda: scenario_portal(app, game, saved))):
            print("   - " + step)
            run()
    except (Failure, subprocess.CalledProcessError) as e:
        print("flatpak-check-app.py: %s: %s" % (step, e), file=sys.stderr)
        if app.shots is None:
            app.shots = os.path.join(os.environ["HOME"], "failure-shots")
        try:
            app.shot("failure")
            print("screenshot: " + os.path.join(app.shots, "failure.png"), file=sys.stderr)
        except Exception:
            pass
        names = {n.name for n in app.shown(lambda n: bool(n.name))}
        print("names seen:", sorted(names)[:80], file=sys.stderr)
        return 1
    finally:
        app.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
