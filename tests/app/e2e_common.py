"""What every end-to-end scenario script (tests/app/e2e*.py) shares: the
real thinkchess started and stopped, its widgets found over AT-SPI, X input
through xdotool, the autosave read back, and `App`, the one driver of the
app that every script uses (a script adds only its own helpers to it).

Waits are on conditions (`wait_until`): a widget, a name, a state, a file's
text, a process's end, each with a timeout and a message naming what was
awaited. The only fixed pauses are `human_pause`: they vary the timing of
input, as a hand does, and wait for nothing."""

import functools
import gettext
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import xml.etree.ElementTree as ET

import pyatspi
from gi.repository import Atspi, GLib

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "app")
WINDOW_UI = os.path.join(HERE, "..", "..", "data", "ui", "chess-window.ui")
SKIP = 77
# A clock as shown: "2:58", "0:09.3", "1:02:03".
CLOCK = re.compile(r"\d+:\d\d(:\d\d|\.\d)?")


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def xdotool_try(*args):
    """Runs xdotool: (its output, None), or (its output, the first line of
    what it said) when it failed. That goes into a failure message, not into
    the test's log, where a poll's complaints would bury the failure."""
    done = subprocess.run(["xdotool"] + [str(a) for a in args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode == 0:
        return done.stdout, None
    said = [line.strip() for line in done.stderr.splitlines() if line.strip()]
    return done.stdout, said[0] if said else "exit status %d" % done.returncode


def xdotool(*args, strict=True):
    """xdotool's output; with `strict`, a failed command raises."""
    out, error = xdotool_try(*args)
    check(error is None or not strict,
          "xdotool %s failed: %s" % (" ".join(str(a) for a in args), error))
    return out


# How much longer every wait may be: 3 under sanitizers (tests/app/meson.build).
WAIT_SCALE = float(os.environ.get("THINKCHESS_E2E_WAIT_SCALE", "1"))

# How often a condition is asked again.
POLL = 0.1

# libatspi gives up on a call to the app after 0.8 s. On a loaded machine,
# or under ASan, the app can take longer to answer, and a walk of its tree
# then passed over the node as if it were not there (CI once counted 81 of
# a list's 82 moves): a slow answer is waited for, as a person would wait.
Atspi.set_timeout(int(10000 * WAIT_SCALE), 30000)


def wait_until(predicate, what, timeout=10):
    """The first true value of `predicate`, asked again and again until
    `timeout`. An AT-SPI error counts as "not yet": the app may destroy a
    widget between finding it and reading its name (a real death shows as
    the timeout, with the error and the app's log). `what` (a string, or a
    function giving one, read at the timeout) names what was awaited."""
    deadline = time.monotonic() + timeout * WAIT_SCALE
    error = None
    while True:
        try:
            value = predicate()
        except GLib.GError as e:
            value, error = None, e
        if value:
            return value
        if time.monotonic() > deadline:
            if callable(what):
                try:
                    what = what()
                except GLib.GError as e:    # what it reads is gone too
                    what, error = "it (the app did not answer what it was)", e
            raise Failure("timed out after %g s waiting for %s" % (timeout * WAIT_SCALE, what)
                          + (" (last AT-SPI error: %s)" % error if error else ""))
        time.sleep(POLL)


def wait_steady(read, what, timeout=10):
    """`read()` once it gives the same true value twice in a row, POLL
    apart: a layout or a clock that has stopped changing."""
    last = [None]

    def steady():
        value = read()
        same = value and value == last[0]
        last[0] = value
        return value if same else None
    return wait_until(steady, what, timeout)


def stays(predicate, what, seconds):
    """Checks that `predicate` holds for `seconds` (what must not happen,
    such as a move nobody should play): asked every POLL."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        check(predicate(), what)
        time.sleep(POLL)


def human_pause(seconds):
    """A pause between inputs, as a person's hand makes one (people also
    click fast: a scenario varies it). It waits for nothing: what the input
    does is awaited with wait_until."""
    time.sleep(seconds)


# ---- The app's words ----

def translated(text):
    """`text` translated for a run in another language (THINKCHESS_LOCALEDIR
    and LANGUAGE set), mnemonics kept."""
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
    """A GTK string as GTK shows it in the run's language."""
    language = os.environ.get("LANGUAGE", "C")
    if os.environ.get("THINKCHESS_LOCALEDIR") and language not in ("", "C"):
        translation = gettext.translation("gtk40", "/usr/share/locale",
                                          languages=language.split(":"), fallback=True)
        text = translation.gettext(text)
    return text.replace("_", "")


@functools.lru_cache(maxsize=None)
def menu_labels(menu_id="primary_menu"):
    """A menu's item labels (untranslated, with their "_"), in the order
    the menu shows them, from the window's template."""
    root = ET.parse(WINDOW_UI).getroot()
    menu = next(m for m in root.iter("menu") if m.get("id") == menu_id)
    return [a.text for item in menu.iter("item") for a in item.findall("attribute")
            if a.get("name") == "label"]


# The items of a move's context menu, in their order (build_menu() in
# src/app/chess-move-list-view.c; the annotation symbols are a submenu).
MOVE_MENU = ["Edit _Comment\u2026", "_Annotation Symbol", "_Promote Variation",
             "Make _Main Line", "_Delete Variation", "Delete _From Here"]

MENU_ROLES = (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM)


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


def viewing(number, black):
    """The status line while move `number` of White or Black is viewed."""
    fmt = T("Viewing move %u, Black. Press End or click the board to return." if black
            else "Viewing move %u, White. Press End or click the board to return.")
    return fmt.replace("%u", str(number))


VIEWING_START = "Viewing the starting position. Press End or click the board to return."


# ---- The program ----

def app_environment(home):
    """The environment for the app: its own folders under `home`, the memory
    settings backend, AT-SPI on, and X11."""
    env = dict(os.environ)
    env.update({
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "GSETTINGS_BACKEND": "memory",
        "GTK_A11Y": "atspi",
        "GDK_BACKEND": "x11",
        # A crash writes its call stack into the log (chess-crash-trace.c).
        "THINKCHESS_CRASH_TRACE": "1",
    })
    env.pop("NO_AT_BRIDGE", None)
    return env


def launch(command, env, home):
    """Starts `command` with its output appended to home/app.log; returns
    the process and the log file."""
    log = open(os.path.join(home, "app.log"), "a")
    proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    return proc, log


def stop_process(proc):
    """Asks `proc` to end, then kills it if it does not."""
    if proc is not None and proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def log_tail(home, size=3000):
    """The end of the app's log, for a failure report."""
    try:
        with open(os.path.join(home, "app.log")) as f:
            return f.read()[-size:]
    except OSError:
        return ""


def sanitizer_frames(log_text):
    """The functions of the first stack of a sanitizer's report in the log,
    innermost first; empty without a report."""
    report = max(log_text.rfind("ERROR: AddressSanitizer"), log_text.rfind("runtime error:"))
    if report < 0:
        return []
    names = []
    for line in log_text[report:].splitlines()[1:]:
        m = re.match(r"\s*#\d+ 0x[0-9a-f]+ in (\S+)", line)
        if m:
            names.append(m.group(1))
        elif names:
            break
    return names


def frame_name(path, symbol, offset, binary):
    """One frame of the app's call stack by name: a library's exported
    symbol (or its offset), the program's own function through addr2line."""
    if symbol:
        return symbol
    if os.path.basename(path) == os.path.basename(binary) and shutil.which("addr2line"):
        out = subprocess.run(["addr2line", "-f", "-s", "-e", binary, offset],
                             capture_output=True, text=True).stdout.split("\n")
        return "%s (%s)" % (out[0], out[1]) if len(out) > 1 else offset
    return "%s+%s" % (os.path.basename(path), offset)


def crash_frames(log_text, binary):
    """The functions of the crash's call stack that the app wrote into its
    log (chess-crash-trace.c), or of a sanitizer's report, innermost first.
    Empty when the log holds no crash."""
    head = log_text.rfind("thinkchess: crashed")
    if head < 0:
        return sanitizer_frames(log_text)
    frames = []
    for line in log_text[head:].splitlines()[1:]:
        if line.startswith("thinkchess: end of call stack"):
            break
        m = re.match(r"(.*?)\((.*?)\+(0x[0-9a-f]+)\)", line)
        if m:
            frames.append(m.groups())
    # The first two are the handler and the kernel's signal trampoline.
    return [frame_name(path, symbol, offset, binary) for path, symbol, offset in frames[2:]]


def read_autosave(home):
    path = os.path.join(home, "data", "thinkchess", "last-game.pgn")
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def movetext(pgn):
    return " ".join(line for line in pgn.splitlines() if line and not line.startswith("["))


def screen_bytes():
    """The whole screen's pixels, to tell whether it changes."""
    return subprocess.run(["import", "-window", "root", "-depth", "8", "ppm:-"],
                          check=True, stdout=subprocess.PIPE).stdout


def screenshot(shots, name):
    """The whole screen into shots/name.png, when `shots` is set."""
    if shots:
        os.makedirs(shots, exist_ok=True)
        subprocess.run(["import", "-window", "root",
                        os.path.join(shots, name + ".png")], check=True)


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


def link_blue(rgb):
    """The blue of a link in a label."""
    r, g, b = rgb
    return b > 150 and b - r > 80



# ---- AT-SPI ----

def atspi_app(proc, timeout=20):
    """The accessible application of the process `proc` (a Popen). One that
    has ended fails at once, with its exit status."""
    def lookup():
        check(proc.poll() is None, "the app ended (exit status %s)" % proc.returncode)
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app is not None and app.get_process_id() == proc.pid:
                    return app
            except Exception:
                pass
        return None
    return wait_until(lookup, "the app on the accessibility bus", timeout)


def find_all(root, predicate, max_depth=50, errors=None):
    """Every node below `root` (itself included) that `predicate` accepts,
    in tree order. A node the app cannot answer for (gone meanwhile) is
    passed over with what is below it; `errors`, a list, collects why."""
    found = []

    def walk(node, depth=0):
        if node is None or depth > max_depth:
            return
        try:
            if predicate(node):
                found.append(node)
            for child in node:
                walk(child, depth + 1)
        except Exception as e:
            if errors is not None:
                errors.append(str(e))

    walk(root)
    return found


def names(root, predicate):
    """The names (not empty) of the nodes below `root` that `predicate`
    accepts, read during the walk: a node found may be gone a moment later."""
    found = []

    def take(node):
        if predicate(node):
            name = node.name
            if name:
                found.append(name)
        return False

    find_all(root, take)
    return found


DIALOG_ROLES = (pyatspi.ROLE_DIALOG, pyatspi.ROLE_ALERT)


def dialog_around(node, window):
    """The dialog holding `node`: `window` itself when it is a dialog
    window, else the innermost dialog drawn inside it (libadwaita 1.5's
    AdwDialog), else `window`."""
    if window.getRole() in DIALOG_ROLES:
        return window
    while node is not None and node != window:
        if node.getRole() in DIALOG_ROLES:
            return node
        node = node.parent
    return window


def visible(node):
    # GTK 4.8 leaves hidden widgets out of the tree and sets VISIBLE
    # (not SHOWING) on the others.
    return node.getState().contains(pyatspi.STATE_VISIBLE)


class Origin(tuple):
    """Where a frame's window coordinates start on the screen, (x, y), and
    `header_y`: the y that GTK 4.18 gives the header bar's children (None
    on GTK 4.8)."""
    def __new__(cls, x, y, header_y=None):
        origin = super().__new__(cls, (x, y))
        origin.header_y = header_y
        return origin


# GTK 4.18 leaves the header bar's padding out of its children's places.
HEADER_BAR_PADDING = 6


def window_origin(window, frame):
    """Where the frame's window coordinates start on the screen. With
    client-side decorations the frame sits inside the X window with an
    equal margin on each side (GTK 4.8). GTK 4.18 reports the frame at
    minus that margin, (-5, -5), with the X window's whole size, and every
    widget two margins up and left of where it is drawn; its header bar's
    children also lack the bar's padding (see node_center)."""
    fext = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    values = dict(line.split("=") for line in
                  xdotool("getwindowgeometry", "--shell", window).split())
    margin_x = (int(values["WIDTH"]) - fext.width) // 2
    margin_y = (int(values["HEIGHT"]) - fext.height) // 2
    return Origin(int(values["X"]) + margin_x - 2 * min(fext.x, 0),
                  int(values["Y"]) + margin_y - 2 * min(fext.y, 0),
                  fext.y if fext.y < 0 else None)


def node_center(origin, node):
    """The screen point at the middle of `node`."""
    ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x, y = origin[0] + ext.x + ext.width // 2, origin[1] + ext.y + ext.height // 2
    if getattr(origin, "header_y", None) is not None and ext.y == origin.header_y:
        x, y = x + HEADER_BAR_PADDING, y + HEADER_BAR_PADDING
    return (x, y)


# ---- The start card ----

def button_named(node, label):
    """A shown push button named `label` (GTK 4.8 names a mnemonic button
    "_Two Players Two Players": its name's last words are matched)."""
    if node.getRole() != pyatspi.ROLE_PUSH_BUTTON or not visible(node):
        return False
    name = (node.name or "").replace("_", "")
    return name == label or name.endswith(" " + label)


def leave_fresh_start_card(root, two_players="Two Players", continue_label="Continue Last Game",
                           timeout=10):
    """A start without a game to continue shows the start card, which asks
    who plays. Scenarios that are not about it play as two people at one
    screen, as they did before the card asked: Two Players is pressed over
    AT-SPI. A card that offers an unfinished game is left to the scenario.
    Returns whether it pressed."""
    button = wait_until(lambda: (find_all(root, lambda n: button_named(n, two_players))
                                 or [None])[0], "the start card's " + two_players, timeout)
    if find_all(root, lambda n: button_named(n, continue_label)):
        return False
    button.queryAction().doAction(0)
    wait_until(lambda: not find_all(root, lambda n: button_named(n, two_players)),
               "the start card to close", timeout)
    return True


# ---- The app ----

class App:
    """The real thinkchess, driven as a person does: started on files or
    past the start card, its widgets found over AT-SPI, the board under real
    X input (drags, clicks, keys), what it shows and saves read back."""

    def __init__(self, binary, home, shots=None, extra_env=None):
        self.binary = binary
        self.home = home
        self.shots = shots
        self.extra_env = dict(extra_env or {})
        self.menu_problem = None
        self.proc = None
        self.log = None
        self.window = None
        self.origin = (0, 0)
        # The board is turned (Black below).
        self.flipped = False

    # ---- Life cycle ----

    def start(self, *args, card=False):
        """Starts the app on `args`, or without them past a fresh start
        card (Two Players) unless `card` leaves it for the scenario. Returns
        once the window is shown and laid out, with the pointer over it (no
        window manager: keys go to the window under the pointer)."""
        if self.died_of_signal():
            raise Failure("the app had died before it was started again: "
                          + self.crash_report(self.proc.returncode))
        env = app_environment(self.home)
        env["GTK_USE_PORTAL"] = "0"
        env.setdefault("LANGUAGE", "C")
        env.setdefault("LC_ALL", "C.UTF-8")
        env.update(self.extra_env)
        self.proc, self.log = launch([self.binary] + list(args), env, self.home)

        def find_window():
            check(self.proc.poll() is None, "the app ended (status %s) before its window showed"
                  % self.proc.returncode)
            out = xdotool("search", "--onlyvisible", "--name", "ThinkChess", strict=False).split()
            return out[0] if out else None

        self.window = wait_until(find_window, "the main window (xdotool search --name ThinkChess)", 30)
        self.atspi_app()
        if not args and not card:
            leave_fresh_start_card(self.atspi_app(), T("_Two Players"), T("_Continue Last Game"))
        self.locate()
        self.find_board()
        self.point_at_window()

    def stop(self, check_crash=True):
        """Ends the app (SIGTERM, then SIGKILL) and waits for its end. An
        app that had already died of a signal fails (unless `check_crash`
        is false: the clean-up after a failure)."""
        crashed = self.died_of_signal()
        status = self.proc.returncode if crashed else None
        stop_process(self.proc)
        self.proc = None
        if self.log is not None:
            self.log.close()
            self.log = None
        if crashed and check_crash:
            raise Failure("the app had died before it was stopped: " + self.crash_report(status))

    def died_of_signal(self):
        """Whether the app has ended by a signal (a crash: the harness's own
        SIGTERM and SIGKILL come after this is asked)."""
        return self.proc is not None and (self.proc.poll() or 0) < 0

    def wait_exit(self, what="the app to quit", timeout=10):
        """Waits for the app to quit by itself; dying of a signal fails."""
        wait_until(lambda: self.proc.poll() is not None, what, timeout)
        if self.proc.returncode < 0:
            raise Failure("the app died on the way out: " + self.crash_report(self.proc.returncode))

    def crash_report(self, status):
        """`status` (a signal, negative) and the crash's call stack from the log."""
        frames = crash_frames(log_tail(self.home, 20000), self.binary)
        return "status %d%s" % (status, "; crashed in " + " < ".join(frames[:8]) if frames else "")

    def title(self):
        """The main window's title. A window that is no longer there fails at
        once, saying so: the wait for a title would time out, and the app's
        own end (or a display it no longer shares) is what to look at."""
        title, error = xdotool_try("getwindowname", self.window)
        check(error is None or "BadWindow" not in error,
              "the main window (%s) is no longer on the display: %s" % (self.window, error))
        return title.strip()

    def wait_title(self, text):
        wait_until(lambda: text in self.title(), lambda: repr(text) + " in the title: " + self.title())

    # ---- AT-SPI ----

    def atspi_app(self):
        return atspi_app(self.proc)

    def find_all(self, predicate, root=None):
        return find_all(root if root is not None else self.atspi_app(), predicate)

    def find(self, predicate, what, timeout=10, root=None):
        """The first node that `predicate` accepts, once there is one."""
        return wait_until(lambda: (self.find_all(predicate, root) or [None])[0], what, timeout)

    visible = staticmethod(visible)

    def toplevels(self, timeout=20):
        """The app's windows (the main one, dialogs, alerts) now shown."""
        shown = []
        for window in atspi_app(self.proc, timeout):
            try:
                if window is not None and self.visible(window):
                    shown.append(window)
            except GLib.GError:
                pass            # closed while asked
        return shown

    def window_with(self, text, timeout=10):
        """The dialog or alert showing a label with `text`: its own window
        (libadwaita 1.2's AdwMessageDialog), or the dialog drawn inside the
        main window (libadwaita 1.5's AdwDialog and AdwAlertDialog)."""
        def lookup():
            for window in self.atspi_app():
                found = self.find_all(lambda n: n.name and text in n.name, window)
                if found:
                    return dialog_around(found[0], window)
            return None
        return wait_until(lookup, "a window saying " + repr(text), timeout)

    def button(self, label, timeout=10, root=None):
        """A shown push button by its label; GTK 4.8 names mnemonic buttons
        like "_Accept Accept", so the label without underscores is matched
        as the name's last words."""
        return self.find(lambda n: button_named(n, label), "button " + label, timeout, root)

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
        """Presses the button `label` through AT-SPI. GTK activates a button
        as a key would: it shows it pressed and runs its action a quarter
        second later, after the app has answered. So what the press did is
        for the caller to wait for."""
        self.button(label, root=root).queryAction().doAction(0)

    def continue_last_game(self):
        """Presses the start card's Continue Last Game and waits for the card
        to close, as a person sees it go before playing on (until then the
        move entry and the board take no moves)."""
        label = T("_Continue Last Game")
        self.press(label)
        wait_until(lambda: not self.find_all(lambda n: button_named(n, label)),
                   "the start card to close")

    def answer(self, text, label):
        """Presses `label` in the window that says `text`, and waits for
        that window to close."""
        self.dismiss(self.window_with(text), label, "the window saying %r" % text)

    def dismiss(self, window, label, what="the dialog"):
        """Presses `label` in `window`, and waits for the window to close."""
        self.press(label, window)
        self.wait_closed(window, what)

    def wait_closed(self, window, what="the dialog"):
        """Waits until `window` (a top-level window, or a dialog drawn inside
        one) is gone, or the whole app when closing it quits."""
        try:
            inside = window.parent is not None and window.parent.getRole() != pyatspi.ROLE_APPLICATION
        except GLib.GError:
            inside = False

        def closed():
            if self.proc.poll() is not None:
                return True
            try:
                toplevels = self.toplevels(timeout=2)
            except Failure:
                return False        # off the accessibility bus: quitting
            if not inside:
                return window not in toplevels
            try:
                return not self.visible(window) or window.getIndexInParent() < 0
            except GLib.GError:
                return True         # the dialog's object is gone
        wait_until(closed, what + " to close")

    def shown_dialogs(self):
        """The app's windows now shown, and the dialogs drawn inside them
        (libadwaita 1.5's AdwDialog)."""
        shown = self.toplevels()
        for window in list(shown):
            shown += [n for n in self.find_all(lambda n: n.getRole() in DIALOG_ROLES
                                               and self.visible(n), window)
                      if n != window]
        return shown

    def opens_window(self, action, what):
        """Does `action()` and returns the window or dialog it opens, once
        shown."""
        before = self.shown_dialogs()
        action()
        return wait_until(lambda: next((w for w in self.shown_dialogs() if w not in before), None),
                          what + " to open")

    @staticmethod
    def field_text(node):
        """What the text field `node` holds."""
        field = node.queryText()
        return field.getText(0, field.characterCount)

    @staticmethod
    def wait_text(node, text, what="the field"):
        """Waits until the text field `node` holds `text`."""
        held = lambda: App.field_text(node)
        wait_until(lambda: held() == text, lambda: "%s to hold %r (it holds %r)" % (what, text, held()))

    def label_containing(self, text, timeout=10):
        return self.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name
                         and text in n.name and self.visible(n),
                         "a label with " + repr(text), timeout)

    def ended_or(self, predicate):
        """True once the app has ended, else `predicate()`: for a step after
        which the app may quit at once or first show something. An app that
        ends while `predicate` looks for it counts as ended, not as failed."""
        if self.proc.poll() is not None:
            return True
        try:
            return predicate()
        except Failure:
            if self.proc.poll() is not None:
                return True
            raise

    def has_label(self, text):
        return bool(self.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name
                                  and text in n.name and self.visible(n)))

    def labels(self):
        """The texts of the labels shown."""
        return names(self.atspi_app(), lambda n: n.getRole() == pyatspi.ROLE_LABEL
                     and self.visible(n))

    def label_starting_now(self, prefix):
        """The first label shown that starts with `prefix`, or None."""
        return next((t for t in self.labels() if t.startswith(prefix)), None)

    def label_starting(self, prefix, timeout=10):
        """The first label shown that starts with `prefix`, once there is one."""
        return wait_until(lambda: self.label_starting_now(prefix),
                          lambda: "a label starting with %r (labels: %r)" % (prefix, self.labels()[-12:]),
                          timeout)

    def status(self):
        """The status line's messages (and any label that reads like one)."""
        return " | ".join(names(self.atspi_app(), lambda n: n.getRole() == pyatspi.ROLE_LABEL
                                and n.name and self.visible(n) and any(
                                    k in n.name for k in ("to move", "Viewing", "can't", "not", "wins",
                                                          "Draw", "Check", "move", "Unrecognised",
                                                          "There is"))))

    def wait_status(self, test, what, timeout=10):
        """The status once `test(status)` holds."""
        return wait_until(lambda: (lambda s: s if test(s) else None)(self.status()),
                          lambda: "%s (status: %r)" % (what, self.status()), timeout)

    def viewing_status(self):
        """The status line while an earlier position is viewed, else ""."""
        starts = (T(VIEWING_START), T("Viewing move %u, White. Press End or click the board to return.")
                  .split("%u")[0])
        labels = names(self.atspi_app(), lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name
                       and n.name.startswith(starts))
        return labels[0] if labels else ""

    def wait_viewing(self, text, what, timeout=8):
        wait_until(lambda: text in self.viewing_status(),
                   lambda: what + " (status: %r)" % self.viewing_status(), timeout)

    def clock_texts(self):
        """The clocks shown ("2:58", "0:09.3", "1:02:03"), in tree order."""
        return names(self.atspi_app(), lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name
                     and self.visible(n) and CLOCK.fullmatch(n.name))

    def frames(self):
        return self.find_all(lambda n: n.getRole() in (pyatspi.ROLE_FRAME, pyatspi.ROLE_DIALOG,
                                                       pyatspi.ROLE_ALERT, pyatspi.ROLE_WINDOW))

    def dump(self):
        def walk(node, depth=0):
            try:
                print("  " * depth + "%s %r" % (node.getRoleName(), node.name))
                for child in node:
                    walk(child, depth + 1)
            except Exception:
                pass
        walk(self.atspi_app())

    # ---- Places on the screen ----

    def locate(self):
        """Where the window's coordinates start on the screen, once its
        place and size (X's and AT-SPI's) have stopped changing."""
        frame = self.find(lambda n: n.getRole() == pyatspi.ROLE_FRAME, "the window")

        def place():
            ext = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            geometry = xdotool("getwindowgeometry", "--shell", self.window, strict=False)
            return (ext.x, ext.y, ext.width, ext.height, geometry) if ext.width > 0 and geometry else None
        wait_steady(place, "the window laid out")
        self.origin = window_origin(self.window, frame)

    def find_board(self):
        """The board's squares on the screen, once laid out."""
        board = self.find(lambda n: n.name == T("Chessboard"), "the board")

        def extents():
            ext = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            return (ext.x, ext.y, ext.width, ext.height) if min(ext.width, ext.height) >= 8 else None
        x, y, width, height = wait_steady(extents, "the board laid out")
        self.board = board
        self.square = min(width, height) // 8
        self.board_size = 8 * self.square
        self.board_x = self.origin[0] + x + (width - self.board_size) // 2
        self.board_y = self.origin[1] + y + (height - self.board_size) // 2

    def center(self, name):
        """The screen point at the middle of square `name`."""
        col, row = ord(name[0]) - ord("a"), 8 - int(name[1])
        if self.flipped:
            col, row = 7 - col, 7 - row
        return (self.board_x + col * self.square + self.square // 2,
                self.board_y + row * self.square + self.square // 2)

    def move_to(self, x, y):
        xdotool("mousemove", int(x), int(y))

    def point_at(self, node):
        self.move_to(*node_center(self.origin, node))
        human_pause(0.1)

    def point_at_window(self):
        """The pointer over the board (no window manager: keys go to the
        window under the pointer)."""
        self.point_at(self.find(lambda n: n.name == T("Chessboard"), "the board"))

    # ---- Input ----

    def click(self, node, button=1):
        """A real click in the middle of `node`."""
        self.point_at(node)
        xdotool("click", button)

    def choosing_promotion(self):
        """Whether the board shows the promotion chooser (its description
        says "Promote to: Queen" then)."""
        return (self.board.description or "").startswith(T("Promote to: %s").split("%s")[0])

    def click_square(self, name, button=1):
        self.move_to(*self.center(name))
        human_pause(0.05)
        xdotool("click", button)
        human_pause(0.1)

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
            self.click(node)

    def drag(self, src, dst, button=1, pause=0.2):
        """Drags from square to square in small steps, as a hand does, then
        pauses `pause` seconds before the next input (0: a quick hand). A
        failed xdotool command fails here: a drag that did not happen
        proves nothing."""
        x0, y0 = self.center(src)
        x1, y1 = self.center(dst)
        self.move_to(x0, y0)
        human_pause(0.05)
        xdotool("mousedown", button)
        for i in range(1, 9):
            self.move_to(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8)
            human_pause(0.03)
        xdotool("mouseup", button)
        human_pause(pause)

    def key(self, *keys):
        """Presses the keys one after another, at a person's pace."""
        for k in keys:
            xdotool("key", "--clearmodifiers", k)
            human_pause(0.15)

    def move_entry(self):
        return self.find(lambda n: n.name == T("Move entry"), "the move entry")

    def play(self, *moves):
        """Types the moves into the move entry, each with Return."""
        entry = self.move_entry()
        # X delivers the click before the keys: they go to the entry.
        self.click(entry)
        for move in moves:
            xdotool("type", "--delay", "40", move)
            xdotool("key", "Return")
            human_pause(0.2)
        self.point_at_window()

    # ---- Menus ----

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

    def menu_items(self):
        """The items of the menus open now."""
        return self.find_all(lambda n: n.getRole() in MENU_ROLES and self.visible(n))

    def open_menu(self, button_name, menu_id, label, activate=True):
        """Opens the menu of the button named `button_name` (its items
        those of `menu_id` in the template) and activates its item `label`,
        then waits for the menu to close; without `activate`, leaves the
        menu open and returns the item."""
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
                self.click(menu_button)
            else:
                # Where GTK 4.18's AT-SPI places the button a few pixels
                # off and the click missed (see click_until).
                self.press_through_atspi(menu_button)
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
        wait_until(lambda: not self.menu_items(), "the menu to close after " + label)

    def menu_item(self, label, menu_id="primary_menu"):
        """The open menu's (`menu_id` in the template) item `label`, or None.

        GTK 4.8 names each item by its label. GTK 4.18 leaves the names
        empty over AT-SPI (the label is a "labelled-by" target it does not
        export), so there the item is the one at the label's place in the
        menu, checked against the mnemonic that it does export among its
        key shortcuts ("Ctrl+N Alt+n")."""
        return self.item_by_place(label, menu_labels(menu_id), "its template")

    def move_menu_item(self, label):
        """The open context menu's item `label` of a move in the move list
        (untranslated, with its "_"), or None."""
        return self.item_by_place(label, MOVE_MENU, "the move list's")

    def item_by_place(self, label, labels, whose):
        items = self.menu_items()
        named = [n for n in items if n.name == T(label)]
        if named:
            return named[0]
        unnamed = [n for n in items if not n.name]
        if not unnamed:
            return None
        if len(unnamed) != len(labels):
            self.menu_problem = ("the menu shows %d items, %s has %d"
                                 % (len(unnamed), whose, len(labels)))
            return None
        item = unnamed[labels.index(label)]
        wanted = mnemonic_key(translated(label))
        check(wanted is None or wanted in key_shortcuts(item),
              "menu item %s: expected the mnemonic %s, it has %s"
              % (label, wanted, key_shortcuts(item)))
        return item

    # ---- The move list ----

    def click_label_start(self, label, button=1):
        """Clicks (with `button`) a label's first link where the screen shows
        it: near the label's place from AT-SPI, which GTK 4.18 reports some
        15 px off (client-side decorations), too far for a line of text."""
        ext = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        x0, y0 = self.origin[0] + ext.x, self.origin[1] + ext.y
        screen = grab_screen(os.path.join(self.home, "screen.ppm"))
        width, height, _ = screen
        area = [(x, y) for y in range(max(y0 - 30, 0), min(y0 + ext.height + 30, height))
                for x in range(max(x0 - 30, 0), min(x0 + 60, width))
                if link_blue(pixel_mean(screen, x, y, radius=0))]
        check(area, "no link seen on the screen near the label")
        left = min(x for x, _ in area)
        first = [(x, y) for x, y in area if x < left + 30]
        x = (left + max(x for x, _ in first)) // 2
        y = (min(y for _, y in first) + max(y for _, y in first)) // 2
        self.move_to(x, y)
        human_pause(0.1)
        xdotool("click", button)

    def focus_move(self, text):
        """Clicks the move list's button showing `text` until it has the
        keyboard focus. GTK 4.18 reports its place some 15 px too high
        (client-side decorations): the click at that place lands between
        two lines of the list, the focus stays where it was and the Menu
        key never reaches the list."""
        def shows(node):
            # GTK 4.18 names the button by its label, GTK 4.8 by the move.
            return (node.name and text in node.name
                    or any(child.name and text in child.name for child in node))

        def focused():
            return self.find_all(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                 and n.getState().contains(pyatspi.STATE_FOCUSED)
                                 and shows(n))
        for dy in (0, 15):
            x, y = node_center(self.origin, self.label_containing(text))
            self.move_to(x, y + dy)
            human_pause(0.1)
            xdotool("click", 1)
            try:
                wait_until(focused, "the move " + text + " focused", 5)
                return
            except Failure:
                continue
        check(False, "the move " + text + " has no keyboard focus after a click on it")

    # ---- Results ----

    def autosave(self):
        return read_autosave(self.home)

    def wait_autosave(self, text, timeout=10):
        """The autosave once it holds `text`."""
        return wait_until(lambda: (lambda t: t if text in t else None)(self.autosave()),
                          lambda: repr(text) + " in the autosave:\n" + self.autosave(), timeout)

    def wait_moves(self, expected, timeout=10):
        """The autosave's moves (movetext) once they hold `expected`."""
        return wait_until(lambda: (lambda m: m if expected in m else None)(movetext(self.autosave())),
                          lambda: repr(expected) + " in the autosaved moves: " + movetext(self.autosave()),
                          timeout)

    def shot(self, name):
        """A screenshot into the --shots folder, once the app has drawn
        what it shows (its window's place and size steady)."""
        if not self.shots:
            return
        # For a person to look at, not a check: when a clock or a caret
        # keeps the screen changing, it is taken as it is after 2 s.
        try:
            wait_steady(screen_bytes, "the screen to stop changing", 2)
        except Failure:
            pass
        screenshot(self.shots, name)


# ---- A script's main() ----

DARK_ENV = {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"}


def app_state(app):
    """Whether the app was running when a scenario failed, or how it ended
    (a negative status is the signal that ended it)."""
    if app.proc is None:
        return "the app was not running"
    status = app.proc.poll()
    if status is not None:
        return "the app had ended with " + app.crash_report(status)
    try:
        windows = [w.name for w in app.toplevels(5)]
    except Exception as e:
        return "the app was still running; its windows unreadable: %s" % e
    return "the app was still running, windows: %s" % ", ".join(repr(w) for w in windows)


def failed_at(e):
    """The scenario script's line the failure `e` came from ("at
    e2e.py:120"): which step it was, when the app ended under it."""
    script = os.path.basename(sys.argv[0])
    lines = [frame.lineno for frame in traceback.extract_tb(e.__traceback__)
             if os.path.basename(frame.filename) == script]
    return "at %s:%d" % (script, lines[-1]) if lines else "at " + script


def run_scenarios(script, scenarios, make_app=App, dark_env=DARK_ENV):
    """The main() of an e2e script run as `SCRIPT.py THINKCHESS SCENARIO
    [--shots DIR] [--dark]`: runs the scenario with a fresh HOME (a
    scenario may return SKIP); on a failure takes a screenshot (into a
    temporary folder without --shots) and prints the app's log. Returns the
    exit status."""
    argv = sys.argv
    if len(argv) < 3 or argv[2] not in scenarios:
        print("usage: %s.py THINKCHESS SCENARIO [--shots DIR] [--dark]" % script, file=sys.stderr)
        return 2
    scenario = argv[2]
    shots = None
    if "--shots" in argv:
        shots = os.path.abspath(argv[argv.index("--shots") + 1])
    home = tempfile.mkdtemp(prefix="thinkchess-%s-" % script)
    app = make_app(os.path.abspath(argv[1]), home, shots)
    if "--dark" in argv:
        app.extra_env.update(dark_env)
    try:
        if scenarios[scenario](app) == SKIP:
            return SKIP
        # A crash after the scenario's last look is a failure too.
        app.stop()
        print("ok: " + scenario)
        return 0
    except Exception as e:
        # Not only our own Failure: an AT-SPI error such as "The application
        # no longer exists" means the app died, and its log says why.
        # CI's summary keeps a failure's first line only: it says whether
        # the app was still there.
        state = app_state(app)
        where = failed_at(e)
        if isinstance(e, Failure):
            first, _, rest = str(e).partition("\n")
            headline = "FAILED: %s: %s [%s] (%s)" % (scenario, first, state, where)
            print(headline + ("\n" + rest if rest else ""))
        else:
            headline = "FAILED: %s: [%s] (%s)" % (scenario, state, where)
            print(headline)
            traceback.print_exc(file=sys.stdout)
        if shots is None:
            app.shots = os.path.join(tempfile.gettempdir(), "thinkchess-%s-failures" % script)
        try:
            app.shot("failure-" + scenario)
        except Exception:
            pass
        sys.stdout.write(log_tail(home))
        # Once more at the end: meson shows a long output's last lines only.
        print("\n" + headline)
        return 1
    finally:
        app.stop(check_crash=False)
        shutil.rmtree(home, ignore_errors=True)
