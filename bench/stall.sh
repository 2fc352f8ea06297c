#!/usr/bin/env bash
# The desktop app's longest main-loop stall while the built-in engine
# searches (issue 14: under 10 ms on the 2-core development machine), next
# to the same app idle, in one run on a private Xvfb display. The real app
# with its window, the board redrawn every frame and flipped four times a
# second; analysis mode keeps the engine searching in its thread for
# SECONDS (default 10). See bench/stall.c.
#
#   bench/stall.sh [BUILD-DIR] [SECONDS]      (default: build 10)
set -eu
cd "$(dirname "$0")/.."

build=${1:-build}
seconds=${2:-10}
program=$(pwd)/$build/bench/thinkchess-stall

if [ ! -x "$program" ]; then
  echo "No $program: build first (meson setup $build && meson compile -C $build)" >&2
  exit 2
fi
command -v xvfb-run >/dev/null || { echo "xvfb-run is missing" >&2; exit 2; }

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
echo "cores: $(nproc), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
env GSETTINGS_SCHEMA_DIR="$(pwd)/$build/data" GSETTINGS_BACKEND=memory \
    XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" \
    NO_AT_BRIDGE=1 LANGUAGE=C \
    xvfb-run -a -s "-screen 0 1400x1000x24" "$program" "$seconds"
