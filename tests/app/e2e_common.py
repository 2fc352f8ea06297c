"""Helpers shared by the end-to-end tests (e2e.py and e2e-part2-flows.py):
starting and stopping the real thinkchess, finding its widgets over AT-SPI,
X input through xdotool, and reading back the autosave."""

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback

import pyatspi
from gi.repository import GLib


class Failure(Exception):
    pass


def load_script(module_name, file_name):
    """Another e2e script of this folder, loaded as a module (its file name
    is no module name: it has a hyphen or is run as a script)."""
    spec = importlib.util.spec_from_file_location(
        module_name, os.path.join(os.path.dirname(os.path.abspath(__file__)), file_name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(condition, message):
    if not condition:
        raise Failure(message)


def xdotool(*args, strict=True):
    """xdotool's output; with `strict`, a failed command raises."""
    return subprocess.run(["xdotool"] + [str(a) for a in args], check=strict,
                          stdout=subprocess.PIPE, text=True).stdout


# How much longer every wait may be: 3 under sanitizers (tests/app/meson.build).
WAIT_SCALE = float(os.environ.get("THINKCHESS_E2E_WAIT_SCALE", "1"))


def wait_until(predicate, what, timeout=10):
    """The first true value of `predicate`, asked again and again until
    `timeout`. An AT-SPI error counts as "not yet": the app may destroy a
    widget between finding it and reading its name (a real death shows as
    the timeout, with the error and the app's log)."""
    deadline = time.time() + timeout * WAIT_SCALE
    error = None
    while True:
        try:
            value = predicate()
        except GLib.GError as e:
            value, error = None, e
        if value:
            return value
        if time.time() > deadline:
            raise Failure("timed out waiting for " + what
                          + (" (last AT-SPI error: %s)" % error if error else ""))
        time.sleep(0.15)


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


def log_tail(home):
    """The end of the app's log, for a failure report."""
    try:
        with open(os.path.join(home, "app.log")) as f:
            return f.read()[-3000:]
    except OSError:
        return ""


def read_autosave(home):
    path = os.path.join(home, "data", "thinkchess", "last-game.pgn")
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def movetext(pgn):
    return " ".join(line for line in pgn.splitlines() if line and not line.startswith("["))


def screenshot(shots, name):
    """The whole screen into shots/name.png, when `shots` is set."""
    if shots:
        os.makedirs(shots, exist_ok=True)
        subprocess.run(["import", "-window", "root",
                        os.path.join(shots, name + ".png")], check=True)


# ---- AT-SPI ----

def atspi_app(pid, timeout=20):
    """The accessible application of the process `pid`."""
    def lookup():
        for app in pyatspi.Registry.getDesktop(0):
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                pass
        return None
    return wait_until(lookup, "the app on the accessibility bus", timeout)


def find_all(root, predicate, max_depth=50):
    """Every node below `root` (itself included) that `predicate` accepts,
    in tree order."""
    found = []

    def walk(node, depth=0):
        if node is None or depth > max_depth:
            return
        try:
            if predicate(node):
                found.append(node)
            for child in node:
                walk(child, depth + 1)
        except Exception:
            pass

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


# ---- A script's main() ----

DARK_ENV = {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"}


def run_scenarios(script, scenarios, make_app, dark_env=DARK_ENV):
    """The main() of an e2e script run as `SCRIPT.py THINKCHESS SCENARIO
    [--shots DIR] [--dark]`: runs the scenario with a fresh HOME; on a
    failure takes a screenshot (into a temporary folder without --shots)
    and prints the app's log. Returns the exit status."""
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
        scenarios[scenario](app)
        print("ok: " + scenario)
        return 0
    except Exception as e:
        # Not only our own Failure: an AT-SPI error such as "The application
        # no longer exists" means the app died, and its log says why.
        if isinstance(e, Failure):
            print("FAILED: %s: %s" % (scenario, e))
        else:
            print("FAILED: %s:" % scenario)
            traceback.print_exc(file=sys.stdout)
        if shots is None:
            app.shots = os.path.join(tempfile.gettempdir(), "thinkchess-%s-failures" % script)
        try:
            app.shot("failure-" + scenario)
        except Exception:
            pass
        sys.stdout.write(log_tail(home))
        return 1
    finally:
        app.stop()
        shutil.rmtree(home, ignore_errors=True)
