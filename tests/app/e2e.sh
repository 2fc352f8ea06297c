#!/bin/sh
# Runs one end-to-end scenario on its own virtual display and D-Bus session.
#   e2e.sh SCRIPT THINKCHESS SCENARIO [--shots DIR] [--dark]
# SCRIPT is e2e.py (the board) or e2e-part2-flows.py (menus, dialogs and
# files), beside this file.
# Exits 77 (skipped) when the tools it needs are missing.
here=$(dirname "$0")
script=$1
shift
for tool in Xvfb dbus-run-session xdotool /usr/bin/python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skipped: $tool is missing"; exit 77; }
done
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || { echo "skipped: no pyatspi"; exit 77; }
# -B: no __pycache__ for e2e_common in the source tree.
run () {
  "$here/../../build-aux/with-xvfb.sh" \
    dbus-run-session -- /usr/bin/python3 -B "$here/$script" "$@"
}
run "$@"
status=$?
# A scenario that failed (status 1) gets one more try on a new display and
# bus: on a loaded 2-core CI machine a real app under Xvfb and AT-SPI now
# and then misses a deadline. The first failure stays in the log above; a
# second one fails the test.
if [ $status -eq 1 ]; then
  echo "e2e.sh: $script $2 failed; running it once more (a second failure fails the test)"
  run "$@"
  status=$?
fi
exit $status
