#!/bin/sh
# Runs a command under an Xvfb of its own (1400×1000, 24 bits):
#   with-xvfb.sh COMMAND [ARGUMENTS…]
# The display's number is drawn at random from 100–30099, not the lowest
# free one. On Linux an X server also listens on an abstract socket, which
# every system on the machine shares, chroots included (CI runs a Debian 12
# and a Debian 13 system side by side). With the lowest free number, a
# display that ended could at once be another test's, maybe in the other
# system, and anything still using the old number (a last xdotool call, a
# helper on its way out) would reach that test's app. A number taken
# already is drawn again: Xvfb refuses it, even one whose lock file this
# system cannot see.
# -noreset: by default an X server "regenerates" each time its last client
# leaves, and a client connecting during that reset is refused ("cannot
# open display"). Test programs and xdotool calls come and go one at a
# time, so that window opens again and again.
# -audit 2: the server logs each client; on a failure the clients that
# came from outside this system's processes are counted.
# Ends Xvfb afterwards; exits with the command's status.
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/with-xvfb.XXXXXX") || exit 1
display=""
draws=0
while [ -z "$display" ] && [ $draws -lt 20 ]; do
  draws=$((draws + 1))
  number=$(( $(od -An -N2 -tu2 /dev/urandom) % 30000 + 100 ))
  Xvfb ":$number" -displayfd 3 -screen 0 1400x1000x24 -nolisten tcp -noreset -audit 2 \
    3>"$dir/display" >"$dir/xvfb.log" 2>&1 &
  xvfb=$!
  tries=0
  # Xvfb writes the number once it accepts connections, or ends.
  while [ $tries -lt 300 ] && kill -0 $xvfb 2>/dev/null; do
    display=$(head -n 1 "$dir/display" 2>/dev/null)
    [ -z "$display" ] || break
    tries=$((tries + 1))
    sleep 0.1
  done
  if [ -z "$display" ]; then
    kill $xvfb 2>/dev/null
    wait $xvfb 2>/dev/null
    # Taken: draw another number. Anything else is reported below.
    grep -q -i "already" "$dir/xvfb.log" || break
  fi
done
if [ -z "$display" ]; then
  echo "with-xvfb.sh: Xvfb did not start (last tried :$number, $draws numbers drawn):" >&2
  cat "$dir/xvfb.log" >&2
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
  grep -v '^AUDIT' "$dir/xvfb.log" | tail -n 20 >&2
  # A client whose process this system's namespace cannot see has pid 0:
  # one from another system on the machine.
  echo "with-xvfb.sh: $(grep -c 'connected from' "$dir/xvfb.log") clients connected," \
    "$(grep -c 'connected from.*pid=0 ' "$dir/xvfb.log") of them from processes outside this system" >&2
fi
kill $xvfb 2>/dev/null
wait $xvfb 2>/dev/null
rm -rf "$dir"
exit $status
