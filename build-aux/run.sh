#!/usr/bin/env bash
# Installs what is missing, builds ThinkChess and launches the app.
set -eu
cd "$(dirname "$0")/.."
bash build-aux/install-deps.sh
[ -f build/build.ninja ] || meson setup build
meson compile -C build
exec meson devenv -C build thinkchess "$@"
