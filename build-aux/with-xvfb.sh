#!/bin/sh
# Runs a command under an Xvfb of its own (1400×1000, 24 bits):
#   with-xvfb.sh COMMAND [ARGUMENTS…]
# Xvfb picks a free display number itself (-displayfd): it tries each
# number's sockets, so it cannot take one that another X server holds,
# even one started at the same moment or one whose lock file this system
# cannot see (xvfb-run -a only reads the lock files, and can race).
# -noreset: by default an X server "regenerates" each time its last client
# leaves, and a client connecting during that reset is refused ("cannot
# open display"). Test programs and xdotool calls come and go one at a
# time, so that window opens again and again.
# Ends Xvfb afterwards; exits with the command's status.
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/with-xvfb.XXXXXX") || exit 1
Xvfb -displayfd 3 -screen 0 1400x1000x24 -nolisten tcp -noreset 3>"$dir/display" \
  >"$dir/xvfb.log" 2>&1 &
xvfb=$!
display=""
tries=0
# Xvfb writes the number once it accepts connections.
while [ -z "$display" ] && [ $tries -lt 300 ]; do
  if ! kill -0 $xvfb 2>/dev/null; then
    break
  fi
  display=$(head -n 1 "$dir/display" 2>/dev/null)
  [ -n "$display" ] || { tries=$((tries + 1)); sleep 0.1; }
done
if [ -z "$display" ]; then
  echo "with-xvfb.sh: Xvfb did not start:" >&2
  cat "$dir/xvfb.log" >&2
  kill $xvfb 2>/dev/null
  rm -rf "$dir"
  exit 1
fi
# No cookie: a client handed one of another server's must not try it here.
unset XAUTHORITY
# -displayfd says the server listens; that a client gets in is checked
# too, so that a server that cannot serve fails here, saying so, and not
# as a "cannot open display" in the middle of a test.
if command -v xdpyinfo >/dev/null 2>&1; then
  tries=0
  until DISPLAY=:$display xdpyinfo >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ $tries -ge 50 ] || ! kill -0 $xvfb 2>/dev/null; then
      echo "with-xvfb.sh: Xvfb on :$display does not accept clients:" >&2
      cat "$dir/xvfb.log" >&2
      kill $xvfb 2>/dev/null
      rm -rf "$dir"
      exit 1
    fi
    sleep 0.1
  done
fi
DISPLAY=:$display "$@"
status=$?
if [ $status -ne 0 ] && [ $status -ne 77 ]; then
  # For a failure that says "cannot open display": was the server still up?
  if kill -0 $xvfb 2>/dev/null; then state="still running"; else state="gone"; fi
  echo "with-xvfb.sh: the command failed on display :$display (Xvfb $state); Xvfb said:" >&2
  tail -n 20 "$dir/xvfb.log" >&2
fi
kill $xvfb 2>/dev/null
wait $xvfb 2>/dev/null
rm -rf "$dir"
exit $status
