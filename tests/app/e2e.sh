#!/bin/sh
# Runs one end-to-end scenario on its own virtual display and D-Bus session.
#   e2e.sh SCRIPT THINKCHESS SCENARIO [--shots DIR] [--dark]
# SCRIPT is one of the scenario scripts beside this file (e2e*.py; all
# drive the app through e2e_common.App).
# Exits 77 (skipped) when the tools it needs are missing.
here=$(dirname "$0")
script=$1
shift
for tool in Xvfb dbus-run-session xdotool /usr/bin/python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool is missing"; exit 77; }
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || { echo "skipped: no pyatspi"; exit 77; }
# The scenario's D-Bus session starts only the accessibility bus: not the
# desktop portals or dconf a machine may have installed, which would make
# what the app sees (settings, file dialogs) depend on the machine.
# -B: no __pycache__ for e2e_common in the source tree.
# A failure is not run again: a scenario that fails now and then has a bug
# in the app or in its own waiting, to be found, not hidden.
"$here/../../build-aux/with-xvfb.sh" \
  "$here/../../build-aux/with-dbus-session.sh" --services 'org.a11y.*' \
  /usr/bin/python3 -B "$here/$script" "$@"
