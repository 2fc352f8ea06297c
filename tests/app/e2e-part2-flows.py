#!/usr/bin/python3
"""End-to-end tests of the menus, shortcuts, dialogs and game files
(issue 6, suite 'e2e').

Run through `e2e.sh e2e-part2-flows.py ...`, which gives each run its own
Xvfb display and D-Bus session (for AT-SPI). The real thinkchess gets a temporary
XDG_DATA_HOME and the memory GSettings backend; it is driven with real key
presses (xdotool) and by activating menu items and dialog buttons by their
accessible names; the autosave and saved files are read back.

    e2e-part2-flows.py THINKCHESS SCENARIO [--shots DIR]

Scenarios: draw, resign, undo-redo, menus, open-multi, open-cut-short, save-as, paste-invalid-fen,
quit-unsaved, tour (screenshots of every dialog into DIR).
"""

import functools
import os
import shutil
import sys
import time

import gettext
import xml.etree.ElementTree as ET

import pyatspi
from gi.repository import GLib

import e2e_common
from e2e_common import (Failure, app_environment, check, launch, movetext,
                        node_center, read_autosave, screenshot, stop_process, wait_until,
                        window_origin)

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "app")

# Here a failed xdotool command is not an error in itself: a search that
# finds nothing answers nothing, and the checks that follow tell.
xdotool = functools.partial(e2e_common.xdotool, strict=False)


class App:
    def __init__(self, binary, home, shots=None):
        self.binary = binary
        self.home = home
        self.shots = shots
        self.extra_env = {}
        self.menu_problem = None
        self.proc = None
        self.window = None
        self.origin = (0, 0)

    # ---- Life cycle ----

    def start(self, *args, card=False):
        """Starts the app on `args`, or without them past a fresh start
        card (Two Players) unless `card` leaves it for the scenario."""
        env = app_environment(self.home)
        env["GTK_USE_PORTAL"] = "0"
        env.setdefault("LANGUAGE", "C")
        env.setdefault("LC_ALL", "C.UTF-8")
        env.update(self.extra_env)
        self.proc, self.log = launch([self.binary] + list(args), env, self.home)

        def find_window():
            out = xdotool("search", "--onlyvisible", "--name", "ThinkChess").split()
            return out[0] if out else None

        self.window = wait_until(find_window, "the main window", 30)
        self.atspi_app()
        if not args and not card:
            e2e_common.leave_fresh_start_card(self.atspi_app(), T("_Two Players"),
                                              T("_Continue Last Game"))
        time.sleep(0.5)
        self.locate()
        self.point_at_window()

    def stop(self):
        stop_process(self.proc)
        self.proc = None

    def title(self):
        return xdotool("getwindowname", self.window).strip()

    # ---- AT-SPI ----

    def atspi_app(self):
        return e2e_common.atspi_app(self.proc.pid)

    def find_all(self, predicate, root=None):
        return e2e_common.find_all(root if root is not None else self.atspi_app(), predicate)

    def find(self, predicate, what, timeout=10, root=None):
        return wait_until(lambda: (self.find_all(predicate, root) or [None])[0], what, timeout)

    def window_with(self, text, timeout=10):
        """The top-level window (dialog, alert) showing a label with `text`."""
        def lookup():
            for window in self.atspi_app():
                if self.find_all(lambda n: n.name and text in n.name, window):
                    return window
            return None
        return wait_until(lookup, "a window saying " + repr(text), timeout)

    visible = staticmethod(e2e_common.visible)

    def button(self, label, timeout=10, root=None):
        """A push button by its label; GTK 4.8 names mnemonic buttons like
        "_Accept Accept", so the label without underscores is matched as
        the name's last words."""
        def matches(n):
            if n.getRole() != pyatspi.ROLE_PUSH_BUTTON or not self.visible(n):
                return False
            name = (n.name or "").replace("_", "")
            return name == label or name.endswith(" " + label)
        return self.find(matches, "button " + label, timeout, root)

    def check_button_names(self, root, where):
        """Screen readers say a button's name: never with the mnemonic's
        underscore, nor twice ("_New Game New Game", GTK 4.8's way)."""
        for n in self.find_all(lambda n: n.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_CHECK_BOX)
                               and self.visible(n), root):
            name = n.name or ""
            words = name.split()
            half = len(words) // 2
            check("_" not in name and not (words and len(words) % 2 == 0
                                            and words[:half] == words[half:]),
                  f"{where}: the button named {name!r}")

    def press(self, label, root=None):
        self.button(label, root=root).queryAction().doAction(0)
        time.sleep(0.6)

    def answer(self, text, label):
        """Presses `label` in the window that says `text`."""
        self.press(label, self.window_with(text))

    def label_containing(self, text, timeout=10):
        return self.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name
                         and text in n.name and self.visible(n),
                         "a label with " + repr(text), timeout)

    def has_label(self, text):
        return bool(self.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name
                                  and text in n.name and self.visible(n)))

    def frames(self):
        return self.find_all(lambda n: n.getRole() in (pyatspi.ROLE_FRAME, pyatspi.ROLE_DIALOG,
                                                       pyatspi.ROLE_ALERT, pyatspi.ROLE_WINDOW))

    def click(self, node):
        """A real left click in the middle of `node`."""
        self.point_at(node)
        xdotool("click", 1)
        time.sleep(0.6)

    def click_until(self, node, done, what, timeout=10):
        """A real click in the middle of `node`, then waits for `done`.
        GTK 4.18 reports some widgets' places over AT-SPI a few pixels off
        (it leaves out their containers' padding: header bar buttons by
        16 px): when the click shows no effect in 4 s, the button is
        pressed through AT-SPI instead. On GTK 4.8 the click lands."""
        self.click(node)
        try:
            return wait_until(done, what, 4)
        except Failure:
            self.press_through_atspi(node)
            return wait_until(done, what, timeout)

    def press_through_atspi(self, node):
        """Presses the button `node` with its AT-SPI action. A GtkMenuButton
        has no action of its own: its toggle, of the same name, has (GTK
        4.18; GTK 4.8 leaves that toggle unnamed, and there `node` is
        clicked again)."""
        same = self.find_all(lambda n: n.name == node.name and self.visible(n)
                             and n.queryAction().nActions > 0)
        if same:
            same[0].queryAction().doAction(0)
        else:
            self.point_at(node)
            xdotool("click", 1)

    def header_button(self, name):
        """A header bar button by its accessible name (untranslated)."""
        return self.find(lambda n: n.name == T(name) and self.visible(n)
                         and n.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON),
                         "the header bar's " + name)

    def coach_button(self, label):
        """One of the coach's buttons atop the side panel (Hint, Analysis,
        Threat, Review), by its untranslated label."""
        return self.find(lambda n: n.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)
                         and n.name == T(label) and self.visible(n), "the panel's " + label)

    def menu(self, label):
        """Opens the primary menu and activates its item `label` (as in the
        window's template: untranslated, with its "_")."""
        self.open_menu("Main Menu", "primary_menu", label)

    def game_menu(self, label):
        """Clicks Game Actions in the header bar and activates its item
        `label` (untranslated, with its "_")."""
        self.open_menu("Game Actions", "game_menu", label)

    def open_menu(self, button_name, menu_id, label, activate=True):
        """Opens the menu of the button named `button_name` (its items
        those of `menu_id` in the template) and activates its item `label`;
        without `activate`, leaves the menu open and returns the item."""
        menu_button = self.find(lambda n: n.name == T(button_name) and self.visible(n),
                                "the %s button" % button_name)
        item = None
        for attempt in range(4):
            if attempt % 2 == 0 and menu_id == "primary_menu":
                # F10 opens the primary menu, as a keyboard user does: GTK
                # 4.18 reports window coordinates some pixels off, and right
                # after a dialog closed the first click can go unheard.
                self.point_at_window()
                xdotool("key", "F10")
            elif attempt % 2 == 0 or menu_id == "primary_menu":
                self.point_at(menu_button)
                xdotool("click", 1)
            else:
                # Where GTK 4.18's AT-SPI places the button a few pixels
                # off and the click missed (see click_until).
                self.press_through_atspi(menu_button)
            time.sleep(0.6)
            if os.environ.get("E2E_TRACE"):
                print("menu", label, "attempt", attempt, time.strftime("%T"), flush=True)
            if os.environ.get("E2E_DUMP"):
                self.dump()
            try:
                # A first click that missed (GTK 4.18) costs 4 s, not 10.
                wait = 4 if attempt == 0 and menu_id != "primary_menu" else 10
                item = wait_until(lambda: self.menu_item(label, menu_id), "menu item " + label, wait)
                break
            except Failure:
                # The click may have closed a menu that was still open
                # (slow under ASan on a loaded machine: wait long enough first).
                continue
        check(item is not None, "menu item " + label + " not found"
              + (": " + self.menu_problem if self.menu_problem else ""))
        if not activate:
            return item
        # The popover is a surface of its own: its items' window coordinates
        # are not the main window's, so activate the item through AT-SPI.
        # The app answers that call once the action has run: opening a
        # dialog under ASan on a loaded machine can outlast D-Bus's wait for
        # the answer, and what the action did is checked by the caller.
        try:
            item.queryAction().doAction(0)
        except GLib.GError as e:
            if "Did not receive a reply" not in str(e):
                raise
        time.sleep(0.8)

    def menu_item(self, label, menu_id="primary_menu"):
        """The open menu's (`menu_id` in the template) item `label`, or None.

        GTK 4.8 names each item by its label. GTK 4.18 leaves the names
        empty over AT-SPI (the label is a "labelled-by" target it does not
        export), so there the item is the one at the label's place in the
        menu, checked against the mnemonic that it does export among its
        key shortcuts ("Ctrl+N Alt+n")."""
        # A stateful action's item (Pause) is a check menu item.
        roles = (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM,
                 pyatspi.ROLE_RADIO_MENU_ITEM)
        items = self.find_all(lambda n: n.getRole() in roles and self.visible(n))
        named = [n for n in items if n.name == T(label)]
        if named:
            return named[0]
        unnamed = [n for n in items if not n.name]
        labels = menu_labels(menu_id)
        if not unnamed:
            return None
        if len(unnamed) != len(labels):
            self.menu_problem = ("the menu shows %d items, its template has %d"
                                 % (len(unnamed), len(labels)))
            return None
        item = unnamed[labels.index(label)]
        wanted = mnemonic_key(translated(label))
        check(wanted is None or wanted in key_shortcuts(item),
              "menu item %s: expected the mnemonic %s, it has %s"
              % (label, wanted, key_shortcuts(item)))
        return item

    def dump(self):
        def walk(node, depth=0):
            try:
                print("  " * depth + "%s %r" % (node.getRoleName(), node.name))
                for child in node:
                    walk(child, depth + 1)
            except Exception:
                pass
        walk(self.atspi_app())

    def locate(self):
        frame = self.find(lambda n: n.getRole() == pyatspi.ROLE_FRAME, "the window")
        self.origin = window_origin(self.window, frame)

    def point_at_window(self):
        # No window manager: keys go to the window under the pointer.
        self.point_at(self.find(lambda n: n.name == T("Chessboard"), "the board"))

    def point_at(self, node):
        xdotool("mousemove", *node_center(self.origin, node))
        time.sleep(0.1)

    # ---- The board on screen (after locate) ----

    def find_board(self):
        board = self.find(lambda n: n.name == T("Chessboard"), "the board")
        ext = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        self.square = min(ext.width, ext.height) // 8
        self.board_x = self.origin[0] + ext.x + (ext.width - 8 * self.square) // 2
        self.board_y = self.origin[1] + ext.y + (ext.height - 8 * self.square) // 2

    def center(self, name):
        """The screen point at the middle of square `name` (White below)."""
        col, row = ord(name[0]) - ord("a"), 8 - int(name[1])
        return (self.board_x + col * self.square + self.square // 2,
                self.board_y + row * self.square + self.square // 2)

    def drag(self, src, dst, button=1, settle=0.5):
        """Drags from square to square in small steps, as a hand does, then
        waits `settle` seconds for what the drop does. A failed xdotool
        command fails here: a drag that did not happen proves nothing."""
        x0, y0 = self.center(src)
        x1, y1 = self.center(dst)
        e2e_common.xdotool("mousemove", x0, y0)
        time.sleep(0.1)
        e2e_common.xdotool("mousedown", button)
        for i in range(1, 9):
            e2e_common.xdotool("mousemove", int(x0 + (x1 - x0) * i / 8), int(y0 + (y1 - y0) * i / 8))
            time.sleep(0.03)
        e2e_common.xdotool("mouseup", button)
        time.sleep(settle)

    # ---- Input ----

    def key(self, *keys):
        for k in keys:
            xdotool("key", "--clearmodifiers", k)
            time.sleep(0.25)
        time.sleep(0.4)

    def play(self, *moves):
        entry = self.find(lambda n: n.name == T("Move entry"), "the move entry")
        self.point_at(entry)
        xdotool("click", 1)
        time.sleep(0.2)
        for move in moves:
            xdotool("type", "--delay", "40", move)
            xdotool("key", "Return")
            time.sleep(0.4)
        self.point_at_window()

    # ---- Results ----

    def autosave(self):
        return read_autosave(self.home)

    def wait_autosave(self, text, timeout=10):
        wait_until(lambda: text in self.autosave(),
                   repr(text) + " in the autosave:\n" + self.autosave(), timeout)

    def shot(self, name):
        if self.shots:
            time.sleep(0.5)
        screenshot(self.shots, name)


WINDOW_UI = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         "..", "..", "data", "ui", "chess-window.ui")


@functools.lru_cache(maxsize=None)
def menu_labels(menu_id="primary_menu"):
    """A menu's item labels (untranslated, with their "_"), in the order
    the menu shows them, from the window's template."""
    root = ET.parse(WINDOW_UI).getroot()
    menu = next(m for m in root.iter("menu") if m.get("id") == menu_id)
    return [a.text for item in menu.iter("item") for a in item.findall("attribute")
            if a.get("name") == "label"]


def mnemonic_key(text):
    """The Alt+key that a label's mnemonic (the letter after "_") gives."""
    i = text.find("_")
    return "Alt+" + text[i + 1].lower() if 0 <= i < len(text) - 1 else None


def key_shortcuts(node):
    for attribute in node.getAttributes():
        key, _, value = attribute.partition(":")
        if key == "keyshortcuts":
            return value.split()
    return []


def translated(text):
    """`text` translated for the tour in another language
    (THINKCHESS_LOCALEDIR and LANGUAGE set), mnemonics kept."""
    localedir = os.environ.get("THINKCHESS_LOCALEDIR")
    language = os.environ.get("LANGUAGE", "C")
    if localedir and language not in ("", "C"):
        translation = gettext.translation("thinkchess", localedir,
                                          languages=language.split(":"), fallback=True)
        text = translation.gettext(text)
    return text


def T(text):
    """`text` as the app shows it: translated, mnemonics removed."""
    return translated(text).replace("_", "")


def G(text):
    """A GTK string as GTK shows it in the tour's language."""
    language = os.environ.get("LANGUAGE", "C")
    if os.environ.get("THINKCHESS_LOCALEDIR") and language not in ("", "C"):
        translation = gettext.translation("gtk40", "/usr/share/locale",
                                          languages=language.split(":"), fallback=True)
        text = translation.gettext(text)
    return text.replace("_", "")


# ---- Scenarios ----

def scenario_draw(app):
    app.start()
    app.play("e4", "e5")
    app.wait_autosave("1. e4 e5")
    app.game_menu("Offer _Draw…")
    # White is to move and offers; Black is asked.
    app.answer(T("%s offers a draw. %s, do you accept? If you accept, the game ends in a draw.")
               % (T("White"), T("Black")), T("_Accept"))
    app.wait_autosave('[Result "1/2-1/2"]')
    check("1/2-1/2" in movetext(app.autosave()), "no result after the moves")


def scenario_resign(app):
    app.start()
    app.play("d4", "d5", "c4")
    app.wait_autosave("2. c4")
    app.game_menu("R_esign…")
    # Black is to move and resigns: the confirmation names White.
    app.answer(T("If %s resigns, %s wins the game.") % (T("Black"), T("White")), T("_Resign"))
    app.wait_autosave('[Result "1-0"]')
    check(app.has_label(T("%s resigned — %s wins") % (T("Black"), T("White")))
          or app.has_label(T("%s wins") % T("White")),
          "the result is not shown")


def scenario_undo_redo(app):
    app.start()
    app.play("e4", "e5", "Nf3")
    app.wait_autosave("2. Nf3")
    app.key("ctrl+z")
    wait_until(lambda: "Nf3" not in movetext(app.autosave()),
               "the take-back in the autosave")
    check("1. e4 e5" in movetext(app.autosave()), "took back too much")
    app.key("ctrl+z")
    wait_until(lambda: "e5" not in movetext(app.autosave()), "the second take-back")
    app.key("ctrl+shift+z")
    app.wait_autosave("1. e4 e5")
    app.key("ctrl+shift+z")
    app.wait_autosave("2. Nf3")


def scenario_menus(app):
    """Issue 27: the primary menu keeps to the app and its files (at most
    12 items, no game action); the game's actions are reached by mouse
    where they now are: Undo and Redo in the header bar, Resign… in its
    Game Actions menu, Hint atop the side panel."""
    app.start()
    app.play("e4", "e5", "Nf3")
    app.wait_autosave("2. Nf3")

    # The primary menu, opened with a click: what it shows.
    roles = (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM)
    menu_button = app.find(lambda n: n.name == T("Main Menu") and app.visible(n)
                           and n.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON),
                           "the main menu button")
    items = app.click_until(menu_button,
                            lambda: app.find_all(lambda n: n.getRole() in roles and app.visible(n)),
                            "the primary menu's items")
    app.shot("menus-primary")
    check(len(items) <= 12, "the primary menu shows %d items" % len(items))
    check(len(items) == len(menu_labels("primary_menu")),
          "the primary menu shows %d items, its template has %d"
          % (len(items), len(menu_labels("primary_menu"))))
    shown = [n.name for n in items if n.name]
    for label in ("Offer _Draw…", "_Claim Draw", "R_esign…", "_Hint", "Ana_lysis",
                  "Re_view Game", "_Undo Move", "_Redo Move", "_Quit", "_New Game…"):
        check(T(label) not in shown, "%s is still in the primary menu: %r" % (label, shown))
    app.key("Escape")
    app.point_at_window()

    # Undo and Redo, clicked in the header bar.
    # (What click_until waits for changes at once: Redo's state, not the
    # autosave, which could come after its 4 s and the take-back be doubled.)
    redo = app.header_button("Redo Move")
    app.click_until(app.header_button("Undo Move"),
                    lambda: redo.getState().contains(pyatspi.STATE_SENSITIVE),
                    "Redo enabled by the take-back")
    wait_until(lambda: "Nf3" not in movetext(app.autosave()), "the take-back in the autosave")
    app.click_until(redo, lambda: not redo.getState().contains(pyatspi.STATE_SENSITIVE),
                    "Redo greyed with nothing to redo")
    app.wait_autosave("2. Nf3")

    # Hint, clicked in the side panel: the status line names a move.
    prefix = T("Hint: %s").split("%s")[0]
    app.click_until(app.coach_button("Hint"),
                    lambda: app.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL
                                         and app.visible(n) and n.name
                                         and n.name.startswith(prefix)),
                    "the hint in the status line", 30)
    app.shot("menus-hint")

    # Resign… from Game Actions: the question appears; Cancel leaves the game.
    app.game_menu("R_esign…")
    resign = app.window_with(T("_Resign"))
    app.shot("menus-resign")
    app.press(T("_Cancel"), resign)
    check('[Result "*"]' in app.autosave(), "the game ended although cancelled")
    # Its items are greyed once the game is over (Black resigns here).
    app.game_menu("R_esign…")
    app.press(T("_Resign"), app.window_with(T("_Resign")))
    app.wait_autosave('[Result "1-0"]')
    # (The card's New Game takes the focus when the result shows: wait for
    # it, or the menu opened before closes again.)
    wait_until(lambda: app.find_all(lambda n: n.name == T("New Game") and app.visible(n)
                                    and n.getState().contains(pyatspi.STATE_FOCUSED)),
               "the focus on the result card")
    item = app.open_menu("Game Actions", "game_menu", "R_esign…", activate=False)
    app.shot("menus-game-over")
    check(not item.getState().contains(pyatspi.STATE_SENSITIVE),
          "Resign… is not greyed after the game's end")
    app.key("Escape")


def scenario_open_multi(app):
    path = os.path.join(app.home, "three games.pgn")
    shutil.copy(os.path.join(DATA, "three-games.pgn"), path)
    app.start(path)
    app.find(lambda n: n.name == "Search games" and app.visible(n), "the game chooser")
    app.label_containing("holds 3 games")
    app.shot("game-chooser")
    # Pick the second game: search for it, then Open.
    search = app.find(lambda n: n.name == "Search games", "the search field")
    search.queryEditableText().setTextContents("Carla")
    time.sleep(1.0)
    app.answer("holds 3 games", "Open")
    # The panel shows the players, the game's header and its moves (an
    # opened game is studied, not autosaved until it changes); the title
    # the file.
    app.label_containing("Carla Grün")
    app.label_containing("Dieter Blau")
    app.label_containing("Club Championship, Springfield")
    app.label_containing("2024.03.08, round 2")
    app.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Be7"
             and app.visible(n), "the last move in the move list")
    wait_until(lambda: "three games.pgn" in app.title(), "the file name in the title")


def scenario_save_as(app):
    target = os.path.join(app.home, "my game.pgn")
    app.start()
    app.play("e4", "c5", "Nf3")
    app.wait_autosave("2. Nf3")
    # The window's title (window list, Alt+Tab) is the header bar's; a game
    # not from a file has no unsaved mark, since the autosave keeps it.
    wait_until(lambda: not app.title().startswith("*") and app.find_all(
        lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name and app.visible(n)
        and app.title() in (n.name, n.name + " – ThinkChess")), "the header bar's title in the window's")
    app.key("ctrl+shift+s")
    name = app.find(lambda n: n.getRole() == pyatspi.ROLE_TEXT and app.visible(n)
                    and n.getState().contains(pyatspi.STATE_EDITABLE)
                    and n.name != T("Move entry"),
                    "the file name field")
    app.shot("save-as")
    name.queryEditableText().setTextContents(target)
    time.sleep(0.3)
    app.press("Save", app.window_with("Save Game"))
    wait_until(lambda: os.path.exists(target), "the saved file")
    with open(target, encoding="utf-8") as f:
        text = f.read()
    check("1. e4 c5 2. Nf3" in movetext(text), "moves missing in the saved file:\n" + text)
    check('[Result "*"]' in text, "no result tag")
    wait_until(lambda: app.title().startswith("my game.pgn"), "the saved title")
    # One more move: unsaved again; Ctrl+S writes the same file.
    app.play("d6")
    wait_until(lambda: app.title().startswith("*my game.pgn"), "the unsaved mark again")
    app.key("ctrl+s")
    wait_until(lambda: "Nf3 d6" in movetext(open(target, encoding="utf-8").read()),
               "the second save")


def scenario_save_folder(app):
    """The save dialog of a new game starts in the user's documents folder,
    not in the folder the app was started from: a bare file name typed
    there is saved in Documents."""
    user_home = os.path.join(app.home, "user")
    documents = os.path.join(user_home, "Documents")
    started_in = os.path.join(app.home, "started-here")
    config = os.path.join(app.home, "config")
    for folder in (documents, started_in, config):
        os.makedirs(folder, exist_ok=True)
    with open(os.path.join(config, "user-dirs.dirs"), "w", encoding="utf-8") as f:
        f.write('XDG_DOCUMENTS_DIR="$HOME/Documents"\n')
    app.extra_env = {"HOME": user_home}
    os.chdir(started_in)
    app.start()
    app.play("e4", "e5")
    app.wait_autosave("1. e4 e5")
    app.key("ctrl+shift+s")
    name = app.find(lambda n: n.getRole() == pyatspi.ROLE_TEXT and app.visible(n)
                    and n.getState().contains(pyatspi.STATE_EDITABLE)
                    and n.name != T("Move entry"),
                    "the file name field")
    name.queryEditableText().setTextContents("bare name.pgn")
    time.sleep(0.3)
    app.press("Save", app.window_with("Save Game"))
    saved = os.path.join(documents, "bare name.pgn")
    wait_until(lambda: os.path.exists(saved) or os.path.exists("bare name.pgn"),
               "the saved file")
    check(not os.path.exists(os.path.join(started_in, "bare name.pgn")),
          "the save dialog started in the working directory")
    check(os.path.exists(saved), "the game was not saved in Documents")
    check("1. e4 e5" in movetext(open(saved, encoding="utf-8").read()), "moves missing")


def scenario_paste_invalid_fen(app):
    app.start()
    app.play("e4")
    app.wait_autosave("1. e4")
    before = app.autosave()
    # Put text on the clipboard through the move entry, then paste on the board.
    entry = app.find(lambda n: n.name == T("Move entry"), "the move entry")
    app.point_at(entry)
    xdotool("click", 1)
    xdotool("type", "--delay", "20", "not/a/fen w - - 0 1")
    app.key("ctrl+a", "ctrl+c")
    entry.queryEditableText().setTextContents("")
    # A click on an empty square (e5, White at the bottom) focuses the board.
    board = app.find(lambda n: n.name == T("Chessboard"), "the board")
    ext = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    side = min(ext.width, ext.height)
    left = ext.x + (ext.width - side) // 2
    top = ext.y + (ext.height - side) // 2
    xdotool("mousemove", app.origin[0] + left + side * 9 // 16,
            app.origin[1] + top + side * 7 // 16)
    xdotool("click", 1)
    time.sleep(0.4)
    check(board.getState().contains(pyatspi.STATE_FOCUSED), "the board has no focus")
    app.key("ctrl+v")
    app.label_containing("The clipboard does not hold a valid position")
    app.label_containing("not/a/fen")
    app.shot("paste-error")
    app.answer("does not hold a valid position", "Close")
    time.sleep(0.5)
    check(app.autosave() == before, "the game changed")
    app.play("e5")
    app.wait_autosave("1. e4 e5")


def scenario_quit_unsaved(app):
    app.start()
    app.play("e4")
    app.wait_autosave("1. e4")
    app.key("ctrl+q")
    app.answer("Save the Game?", "Cancel")
    check(app.proc.poll() is None, "quit although cancelled")
    app.point_at_window()
    app.key("ctrl+q")
    app.answer("Save the Game?", "Don’t Save")
    wait_until(lambda: app.proc.poll() is not None, "the app to quit")


def scenario_tour(app):
    """Screenshots of every dialog (run by hand with --shots; in another
    language with LANGUAGE and THINKCHESS_LOCALEDIR set)."""
    app.start()
    app.play("e4", "e5", "Nf3")
    app.wait_autosave("2. Nf3")
    app.shot("window")
    app.check_button_names(None, "the window")
    unsaved = T("Save the Game?")
    app.click_until(app.header_button("New Game"),
                    lambda: app.find_all(lambda n: n.name and unsaved in n.name),
                    "the unsaved question")
    app.check_button_names(app.window_with(unsaved), "the unsaved question")
    app.shot("unsaved")
    app.answer(unsaved, T("_Don’t Save"))
    app.check_button_names(app.window_with(T("Time Control")), "the new game dialog")
    app.shot("new-game")
    app.answer(T("Time Control"), T("_Cancel"))
    app.menu("_Preferences")
    prefs = app.window_with(T("Show c_oordinates"))
    app.shot("preferences")
    app.press(G("Close"), prefs)
    app.point_at_window()
    app.game_menu("Offer _Draw…")
    decline = T("_Decline")
    app.press(decline, app.window_with(T("Accept the Draw?")))
    app.game_menu("Offer _Draw…")
    app.window_with(T("Accept the Draw?"))
    app.shot("draw-offer")
    app.press(decline, app.window_with(T("Accept the Draw?")))
    app.game_menu("R_esign…")
    resign = app.window_with(T("_Resign"))
    app.shot("resign")
    app.press(T("_Cancel"), resign)
    app.menu("_About ThinkChess")
    app.shot("about")
    app.key("Escape")
    app.point_at_window()
    app.key("ctrl+question")
    app.shot("shortcuts")
    app.key("Escape")
    app.point_at_window()
    app.menu("_Open…")
    app.answer(unsaved, T("_Don’t Save"))
    chooser = app.window_with(T("Open Game"))
    app.shot("open")
    # A file with an illegal move: the error names the file and the line.
    bad = os.path.join(app.home, "bad-move.pgn")
    shutil.copy(os.path.join(DATA, "bad-move.pgn"), bad)
    app.point_at(chooser)
    app.key("ctrl+l")
    location = app.find(lambda n: n.getRole() == pyatspi.ROLE_TEXT and app.visible(n)
                        and n.getState().contains(pyatspi.STATE_EDITABLE),
                        "the location field", root=chooser)
    location.queryEditableText().setTextContents(bad)
    time.sleep(0.3)
    app.press(T("_Open"), chooser)
    # It opens up to the bad move; the bar says what and where.
    app.label_containing("line 10, column 4")
    app.shot("open-cut-short")


def scenario_open_cut_short(app):
    """A file with an ambiguous move opens up to it (from the command line):
    the message stays on screen; played on, Ctrl+S asks before the rest of
    the file's text is lost, and Replace Anyway writes what is shown."""
    path = os.path.join(app.home, "ambiguous.pgn")
    shutil.copy(os.path.join(DATA, "ambiguous-move.pgn"), path)
    app.start(path)
    bar = app.label_containing("line 7, column 4")
    check("Ne4 is ambiguous: Nc3-e4 or Ng3-e4" in bar.name, "the problem is not named: " + bar.name)
    check("ambiguous.pgn" in bar.name, "the file is not named: " + bar.name)
    app.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Ng8"
             and app.visible(n), "the last move read in the move list")
    app.shot("cut-short")
    app.play("Nce4")
    app.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Nce4"
             and app.visible(n), "the move played on")
    check(app.has_label("line 7, column 4"), "the message went away")
    app.key("ctrl+s")
    app.answer(T("Save the Shortened Game?"), "Replace Anyway")
    wait_until(lambda: "Nce4" in open(path, encoding="utf-8").read(), "the game saved in place")
    text = open(path, encoding="utf-8").read()
    check("7. Nc3 Ng8 8. Nce4 *" in " ".join(movetext(text).split()), "not the moves shown:\n" + text)
    check("Termination" not in text, "a Termination tag was invented:\n" + text)
    # Dismissed, the message goes.
    app.press("Dismiss")
    wait_until(lambda: not app.has_label("line 7, column 4"), "the message dismissed")


SCENARIOS = {
    "draw": scenario_draw,
    "resign": scenario_resign,
    "undo-redo": scenario_undo_redo,
    "menus": scenario_menus,
    "open-multi": scenario_open_multi,
    "open-cut-short": scenario_open_cut_short,
    "save-as": scenario_save_as,
    "save-folder": scenario_save_folder,
    "paste-invalid-fen": scenario_paste_invalid_fen,
    "quit-unsaved": scenario_quit_unsaved,
    "tour": scenario_tour,
}


def main():
    return e2e_common.run_scenarios("e2e-part2-flows", SCENARIOS, App)


if __name__ == "__main__":
    sys.exit(main())
