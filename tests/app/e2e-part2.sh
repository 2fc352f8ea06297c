#!/bin/sh
# Runs one end-to-end scenario of the menus, dialogs and files on its own
# virtual display and D-Bus session.
#   e2e-part2.sh THINKCHESS SCENARIO [--shots DIR]
# Exits 77 (skipped) when the tools it needs are missing.
here=$(dirname "$0")
for tool in xvfb-run dbus-run-session xdotool /usr/bin/python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool is missing"; exit 77; }
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || { echo "skipped: no pyatspi"; exit 77; }
exec xvfb-run -a -s "-screen 0 1400x1000x24" \
  dbus-run-session -- /usr/bin/python3 "$here/e2e-part2-flows.py" "$@"
