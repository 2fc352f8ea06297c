#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages ThinkChess needs that are missing.
#   install-deps.sh          what building and running the app needs
#   install-deps.sh --test   also what the test suite needs
set -eu

packages=(
  gcc pkg-config meson ninja-build gettext
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev librsvg2-dev libreadline-dev
  libgtk-4-bin librsvg2-common
  desktop-file-utils appstream
)
if [ "${1:-}" = "--test" ]; then
  packages+=(
    clang libclang-rt-14-dev
    xvfb xauth xdotool imagemagick
    python3 python3-pyatspi at-spi2-core dbus-x11
    tmux pgn-extract flatpak-builder
    libglib2.0-bin
  )
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    # Packages that a release does not have (e.g. libclang-rt-14-dev on newer
    # Ubuntu) are looked up before they are asked for.
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
available=()
for p in "${missing[@]}"; do
  if apt-cache show "$p" >/dev/null 2>&1; then
    available+=("$p")
  else
    echo "Not available here, skipped: $p" >&2
  fi
done
$sudo apt-get install -y -qq --no-install-recommends "${available[@]}"
