#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages ThinkChess needs that are missing.
#   install-deps.sh                what building and running the app needs
#   install-deps.sh --test         also what the test suite needs
#   install-deps.sh --fresh-check  what build-aux/fresh-check.sh needs
set -eu

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
updated=false

is_installed () {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# Installs those of the packages named that are missing. A package that this
# release does not have is said and skipped.
install_missing () {
  local missing=() available=() p
  for p in "$@"; do
    is_installed "$p" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  if ! $updated; then
    $sudo apt-get update -qq
    updated=true
  fi
  for p in "${missing[@]}"; do
    if apt-cache show "$p" >/dev/null 2>&1; then
      available+=("$p")
    else
      echo "Not available here, skipped: $p" >&2
    fi
  done
  [ ${#available[@]} -eq 0 ] && return 0
  $sudo apt-get install -y -qq --no-install-recommends "${available[@]}"
}

# The translation tests run the app under real locales (LANG=de_DE.UTF-8):
# from glibc 2.41 on, gettext ignores LANGUAGE under the C.UTF-8 locale.
# One locale per language in po/LINGUAS, plus English.
test_locales=(de_DE es_ES fr_FR it_IT nl_NL pt_BR en_US)

generate_locales () {
  local wanted=() l have
  have=$(locale -a 2>/dev/null | tr 'A-Z' 'a-z' | sed 's/utf-8$/utf8/')
  for l in "${test_locales[@]}"; do
    l="$l.UTF-8"
    printf '%s\n' "$have" | grep -qx "$(printf '%s' "$l" | tr 'A-Z' 'a-z' | sed 's/utf-8$/utf8/')" \
      || wanted+=("$l")
  done
  [ ${#wanted[@]} -eq 0 ] && return 0
  echo "Generating locales: ${wanted[*]}"
  if [ -f /etc/locale.gen ] && grep -q '^# *[a-z][a-z]_[A-Z][A-Z].UTF-8 UTF-8' /etc/locale.gen; then
    # Debian: uncomment them in /etc/locale.gen, then generate.
    for l in "${wanted[@]}"; do
      $sudo sed -i "s/^# *\\($l UTF-8\\)/\\1/" /etc/locale.gen
    done
    $sudo locale-gen
  else
    # Ubuntu's locale-gen takes the names.
    $sudo locale-gen "${wanted[@]}"
  fi
}

case "${1:-}" in
  --fresh-check)
    # A minimal Debian system is made by mmdebstrap, as root.
    install_missing mmdebstrap debian-archive-keyring git ca-certificates util-linux
    exit 0
    ;;
esac

install_missing \
  gcc pkg-config meson ninja-build gettext \
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev librsvg2-dev libreadline-dev \
  libgtk-4-bin librsvg2-common \
  desktop-file-utils appstream

if [ "${1:-}" = "--test" ]; then
  install_missing \
    clang \
    xvfb xauth xdotool imagemagick \
    python3 python3-pyatspi at-spi2-core dbus-x11 \
    tmux pgn-extract flatpak-builder polyglot stockfish fairymax \
    libglib2.0-bin locales
  # libFuzzer and the sanitizer runtimes come with the clang runtime package
  # of the installed clang's own version (14 on Debian 12, 19 on Debian 13).
  clang_major=$(clang -dumpversion | cut -d. -f1)
  install_missing "libclang-rt-$clang_major-dev"
  generate_locales
fi
