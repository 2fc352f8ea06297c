#!/usr/bin/env python3
# For build-aux/flatpak-check.sh: waits until the sandboxed ThinkChess is on
# the accessibility bus (flatpak proxies it into the sandbox) and one of its
# shown nodes is named TEXT, e.g. the German status line "Weiß am Zug.".
#   flatpak-check-atspi.py TEXT [TIMEOUT]
# The sandbox has its own PID namespace, so the app is found by name, not
# by process id. On failure, the names that were there are printed.
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "app"))
import pyatspi  # noqa: E402
from e2e_common import Failure, find_all, wait_until  # noqa: E402


def thinkchess_apps():
    apps = []
    for app in pyatspi.Registry.getDesktop(0):
        try:
            if app is not None and "thinkchess" in (app.name or "").lower():
                apps.append(app)
        except Exception:
            pass
    return apps


def main():
    text = sys.argv[1]
    timeout = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    try:
        apps = wait_until(thinkchess_apps, "ThinkChess on the accessibility bus", timeout)
        wait_until(lambda: any(find_all(app, lambda n: n.name == text) for app in apps),
                   "a node named " + text, timeout)
    except Failure as e:
        print("flatpak-check-atspi.py:", e, file=sys.stderr)
        names = set()
        for app in thinkchess_apps():
            names.update(n.name for n in find_all(app, lambda n: bool(n.name)))
        print("names seen:", sorted(names)[:80], file=sys.stderr)
        return 1
    print("   found over AT-SPI: " + text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
