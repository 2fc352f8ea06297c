#!/usr/bin/env bash
# Builds the Flatpak from flatpak/io.github.thinkchess.ThinkChess.json and
# checks it, where the GNOME runtime cannot be downloaded:
#   flatpak-check.sh [--keep]
#   flatpak-check.sh --install-only   (only the apt-get step below: .ci/run
#                                      installs everything before its steps
#                                      run side by side)
# 1. A runtime and SDK are made from Debian 13 (trixie), whose GTK 4.18 and
#    libadwaita 1.7 are what GNOME 48/49 bring: mmdebstrap makes the trees,
#    their /usr (with /etc copied in) becomes the runtime's files/, and
#    `flatpak build-export --runtime` puts them in a local repository as
#    org.thinkchess.DebianPlatform and org.thinkchess.DebianSdk, branch trixie.
# 2. A test manifest is derived from the real one, with only runtime, sdk and
#    runtime-version changed (the real one stays on GNOME 49).
# 3. flatpak-builder builds the current commit (HEAD, cloned) with no
#    download, into a repository; the app is installed from it with --user
#    into a private installation (FLATPAK_USER_DIR, HOME), so the machine's
#    own flatpak installations are not touched.
# 4. In the sandbox: `thinkchess-cli perft 4` counts 197281; the CLI speaks
#    German under LANG=de_DE.UTF-8 (the Locale extension is installed).
#    The app runs under Xvfb with a D-Bus session of its own, which
#    activates xdg-desktop-portal and xdg-desktop-portal-gtk, and is driven
#    with xdotool and read over AT-SPI (build-aux/flatpak-check-app.py): its
#    status line reads "Weiß am Zug."; a dragged move is autosaved in the
#    sandbox's data folder (~/.var/app/APP_ID/data/thinkchess/last-game.pgn
#    on the host), survives Ctrl+Q and a restart, and the game goes on from
#    the start card's Continue Last Game; Preferences → Engines says that
#    the computer's engines cannot be seen from the sandbox; Ctrl+O opens
#    a PGN of the host's HOME through the portal's GTK file chooser and
#    its players show, and Ctrl+Shift+S saves it through the portal to a
#    new host path, whose file holds the game's moves. The app has no
#    --filesystem permission: only the portal can reach those files.
# 5. The exported desktop file, icons and metainfo carry the app id, and pass
#    desktop-file-validate and appstreamcli validate --no-net.
# Needs root (mmdebstrap, and a mount namespace for the portal's session).
# Installs what it needs with apt-get. The first run makes the runtime
# (about 13 minutes on 2 cores); a run with it cached takes about 3 minutes
# (157-195 s on 2 shared cores, about 2 minutes of it flatpak-builder
# compiling the app). --keep also keeps screenshots of each step, the
# portal's dialogs among them, in the work folder's shots/.
#
# The runtime repository is kept in /var/cache/thinkchess-flatpak-check/trixie
# with a key of the package lists and of this script's runtime recipe, so a
# second run only builds the app; downloaded packages are shared with
# build-aux/fresh-check.sh in /var/cache/thinkchess-fresh-check/trixie. The
# work folder is deleted afterwards (--keep: kept, and its folder printed).
set -u

keep=false
install_only=false
if [ "${1:-}" = "--keep" ]; then
  keep=true
  shift
elif [ "${1:-}" = "--install-only" ]; then
  install_only=true
  shift
fi
if [ $# -ne 0 ]; then
  echo "usage: flatpak-check.sh [--keep | --install-only]" >&2
  exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "flatpak-check.sh makes a Debian system with mmdebstrap: run it as root." >&2
  exit 2
fi

app_id=io.github.thinkchess.ThinkChess
suite=trixie
platform_id=org.thinkchess.DebianPlatform
sdk_id=org.thinkchess.DebianSdk
arch=$(uname -m)

# What the app needs at run time: GTK, libadwaita, librsvg (and its
# gdk-pixbuf loader for the SVG pieces), GLib, readline for the CLI, icons,
# fonts, and real locales (glibc 2.41 ignores LANGUAGE under C.UTF-8).
platform_packages=(
  libgtk-4-1 libadwaita-1-0 librsvg2-2 librsvg2-common libglib2.0-0t64
  libreadline8t64 gettext-base shared-mime-info fontconfig fonts-cantarell
  fonts-dejavu-core hicolor-icon-theme adwaita-icon-theme locales
)
# The build: what build-aux/install-deps.sh installs, plus appstream-compose,
# which flatpak-builder runs inside the SDK, and the debug-info tools
# (flatpak-builder 1.2 runs eu-strip and debugedit on the host, installed
# below too).
sdk_packages=(
  "${platform_packages[@]}"
  gcc libc6-dev pkg-config meson ninja-build gettext
  libglib2.0-dev libgtk-4-dev libadwaita-1-dev librsvg2-dev libreadline-dev
  libgtk-4-bin desktop-file-utils appstream appstream-util elfutils debugedit
)
runtime_locales=(en_US.UTF-8 de_DE.UTF-8)

top=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$top" rev-parse HEAD) || exit 1

# Each step that passed counts as one check: the last line says
# "N passed, N failed", as the test command's does, for .ci/run's tally.
steps_passed=0
fail () {
  echo "FAILED: $*" >&2
  echo "$steps_passed passed, 1 failed"
  exit 1
}

# Seconds since the step began, for the timings printed after each step.
step_start=0
step () {
  step_start=$(date +%s)
  echo "== flatpak-check: $*"
}
step_done () {
  steps_passed=$((steps_passed + 1))
  echo "   ($(( $(date +%s) - step_start )) s)"
}

is_installed () {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

step "installing what the check needs"
host_packages=(
  mmdebstrap debian-archive-keyring git ca-certificates python3
  flatpak flatpak-builder bubblewrap xdg-dbus-proxy elfutils debugedit
  xvfb xauth xdotool dbus dbus-x11 at-spi2-core python3-pyatspi
  xdg-desktop-portal xdg-desktop-portal-gtk fuse3
  desktop-file-utils appstream
)
missing=()
for p in "${host_packages[@]}"; do
  is_installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -ne 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } \
    >/var/log/thinkchess-flatpak-check-apt.log 2>&1 \
    || { tail -n 20 /var/log/thinkchess-flatpak-check-apt.log >&2; fail "installing ${missing[*]}"; }
fi
step_done
if $install_only; then
  exit 0
fi

work=$(mktemp -d "/var/tmp/thinkchess-flatpak.XXXXXX")
cleanup () {
  if $keep; then
    echo "The work folder is kept in $work" >&2
  elif findmnt -R "$work" >/dev/null 2>&1 \
       || findmnt -rn -o TARGET | grep -q "^$work/"; then
    echo "Not deleting $work: something is still mounted below it" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
total_start=$(date +%s)

# A private installation: nothing of the machine's own flatpaks is used
# and nothing is installed into them.
export HOME=$work/home
export FLATPAK_USER_DIR=$work/flatpak-user
export FLATPAK_SYSTEM_DIR=$work/flatpak-system
export XDG_DATA_HOME=$HOME/.local/share
export XDG_CONFIG_HOME=$HOME/.config
export XDG_CACHE_HOME=$HOME/.cache
export XDG_RUNTIME_DIR=$work/run
mkdir -p "$HOME" "$FLATPAK_USER_DIR" "$FLATPAK_SYSTEM_DIR" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

# ---------------------------------------------------------------- runtime
cache=/var/cache/thinkchess-flatpak-check/$suite
debs=/var/cache/thinkchess-fresh-check/$suite
runtime_repo=$cache/repo
mkdir -p "$cache" "$debs"
# What the runtime is made of: the package lists and the recipe below.
recipe=$(sed -n '/^# -- runtime recipe begin/,/^# -- runtime recipe end/p' "$0")
key=$(printf '%s\n' "${platform_packages[*]}" "${sdk_packages[*]}" \
        "${runtime_locales[*]}" "$recipe" | sha256sum | cut -d' ' -f1)

# -- runtime recipe begin
# make_runtime ID PACKAGES…: a trixie tree of the packages, turned into a
# runtime or SDK ID and exported into the runtime repository.
make_runtime () {
  local id=$1 tree=$work/tree-$1 dir=$work/runtime-$1 log=$work/mmdebstrap-$1.log
  local gen="" l
  shift
  for l in "${runtime_locales[@]}"; do
    gen="$gen -e 's/^# *\\($l UTF-8\\)/\\1/'"
  done
  if ! nice mmdebstrap --variant=apt --mode=root \
         --include="$(IFS=,; echo "$*")" \
         --setup-hook='mkdir -p "$1"/var/cache/apt/archives' \
         --setup-hook="sync-in $debs /var/cache/apt/archives/" \
         --customize-hook="sync-out /var/cache/apt/archives $debs" \
         --customize-hook="sed -i $gen \"\$1/etc/locale.gen\" && chroot \"\$1\" locale-gen" \
         "$suite" "$tree" http://deb.debian.org/debian >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    fail "mmdebstrap $suite for $id (log: $log)"
  fi
  # A runtime's files/ is what is /usr in the sandbox; with the merged /usr
  # that is the whole system but /etc, which flatpak takes from files/etc.
  mkdir -p "$dir"
  mv "$tree/usr" "$dir/files"
  cp -a "$tree/etc" "$dir/files/etc"
  # Only root may read these, and nothing in a sandbox needs them.
  rm -f "$dir/files/etc/shadow" "$dir/files/etc/shadow-" \
        "$dir/files/etc/gshadow" "$dir/files/etc/gshadow-"
  cat >"$dir/metadata" <<EOF
[Runtime]
name=$id
runtime=$platform_id/$arch/$suite
sdk=$sdk_id/$arch/$suite
EOF
  rm -rf "$tree"
  nice flatpak build-export --runtime --files=files \
    --subject="$id from Debian $suite" "$work/runtime-repo" "$dir" "$suite" \
    >"$work/export-$id.log" 2>&1 \
    || { tail -n 20 "$work/export-$id.log" >&2; fail "exporting $id"; }
  rm -rf "$dir"
}
# -- runtime recipe end

step "runtime and SDK ($platform_id, $sdk_id, branch $suite)"
if [ -d "$runtime_repo" ] && [ "$(cat "$cache/key" 2>/dev/null)" = "$key" ]; then
  echo "   cached in $runtime_repo"
else
  make_runtime "$platform_id" "${platform_packages[@]}"
  make_runtime "$sdk_id" "${sdk_packages[@]}"
  rm -rf "$runtime_repo" "$cache/key"
  mv "$work/runtime-repo" "$runtime_repo" || fail "keeping the runtime repository"
  echo "$key" >"$cache/key"
fi
step_done

step "installing the runtime and SDK (--user, private installation)"
flatpak remote-add --user --no-gpg-verify thinkchess-runtime "file://$runtime_repo" \
  || fail "adding the runtime remote"
# German as well as English, so the app's Locale extension brings de.
flatpak config --user --set languages "en;de" || fail "setting the languages"
nice flatpak install --user -y --noninteractive thinkchess-runtime \
  "$platform_id//$suite" "$sdk_id//$suite" >"$work/install-runtime.log" 2>&1 \
  || { tail -n 20 "$work/install-runtime.log" >&2; fail "installing the runtime"; }
step_done

# ---------------------------------------------------------------- manifest
step "cloning $commit and deriving the test manifest"
src=$work/src
git clone --quiet --no-checkout "$top" "$src" && git -C "$src" checkout --quiet "$commit" \
  || fail "cloning the repository"
# Beside the real one, so its source "path": ".." is the same tree.
manifest=$src/flatpak/$app_id.check.json
python3 - "$src/flatpak/$app_id.json" "$manifest" "$platform_id" "$sdk_id" "$suite" <<'EOF' \
  || fail "deriving the test manifest"
import json, sys
real, out, platform, sdk, branch = sys.argv[1:]
with open(real, encoding="utf-8") as f:
    m = json.load(f)
m["runtime"], m["sdk"], m["runtime-version"] = platform, sdk, branch
with open(out, "w", encoding="utf-8") as f:
    json.dump(m, f, indent=4)
EOF
python3 - "$src/flatpak/$app_id.json" "$manifest" <<'EOF' || fail "the test manifest differs in more than the runtime"
import json, sys
a, b = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:])
for k in ("runtime", "sdk", "runtime-version"):
    a.pop(k), b.pop(k)
sys.exit(a != b)
EOF
step_done

# ---------------------------------------------------------------- build
step "flatpak-builder (no download), into a repository"
if ! nice flatpak-builder --user --disable-download --disable-rofiles-fuse --force-clean \
       --state-dir="$work/builder-state" --repo="$work/app-repo" \
       "$work/app-build" "$manifest" >"$work/builder.log" 2>&1; then
  tail -n 40 "$work/builder.log" >&2
  fail "flatpak-builder (log: $work/builder.log)"
fi
step_done

step "installing $app_id (--user, from a local remote of the repository)"
flatpak remote-add --user --no-gpg-verify thinkchess-app "file://$work/app-repo" \
  || fail "adding the app remote"
nice flatpak install --user -y --noninteractive thinkchess-app "$app_id" \
  >"$work/install-app.log" 2>&1 \
  || { tail -n 20 "$work/install-app.log" >&2; fail "installing $app_id"; }
flatpak list --user --all --columns=application,branch,origin | sed 's/^/   /'
flatpak list --user --all --columns=application | grep -qx "$app_id.Locale" \
  || fail "the Locale extension of $app_id is not installed"
step_done

# ---------------------------------------------------------------- run
step "sandboxed: thinkchess-cli perft 4"
out=$(flatpak run --command=thinkchess-cli "$app_id" perft 4 2>&1)
echo "$out" | sed 's/^/   /'
echo "$out" | grep -qx "Nodes searched: 197281" || fail "perft 4 in the sandbox"
step_done

step "sandboxed: thinkchess-cli in German (LANG=de_DE.UTF-8)"
out=$(LANG=de_DE.UTF-8 LANGUAGE=de flatpak run --command=thinkchess-cli "$app_id" \
        no-such-command 2>&1)
echo "$out" | sed 's/^/   /'
echo "$out" | grep -qF "Unbekannter Befehl „no-such-command“." \
  || fail "the CLI's German message in the sandbox"
step_done

step "sandboxed: the app under Xvfb, with a D-Bus session and the file-chooser portal"
# build-aux/flatpak-check-app.py drives it. Its D-Bus session activates
# xdg-desktop-portal, xdg-desktop-portal-gtk and the document portal from
# /usr/share/dbus-1/services. The GTK portal declares UseIn=gnome, hence
# XDG_CURRENT_DESKTOP; portals.conf picks it on xdg-desktop-portal 1.18 and
# later, which read that file.
# A file chosen through the portal reaches the app as a path of the
# document portal's FUSE mount, which the portal names from its own
# $XDG_RUNTIME_DIR/doc and flatpak shows in the sandbox as
# /run/user/UID/doc: the two agree only with the usual
# XDG_RUNTIME_DIR=/run/user/UID. So the session runs in a mount namespace of
# its own with an empty tmpfs on /run/user, where that folder is the
# check's alone, and the FUSE mount ends with it.
# Debian's own python3, whose pyatspi is installed above, even where
# another python3 comes first in PATH.
mkdir -p "$XDG_CONFIG_HOME/xdg-desktop-portal" "$HOME/games" /run/user
printf '[preferred]\ndefault=gtk\n' >"$XDG_CONFIG_HOME/xdg-desktop-portal/portals.conf"
# A game of the host: outside the sandbox, which has no --filesystem.
cp "$src/tests/data/app/finished-game.pgn" "$HOME/games/"
shots=()
$keep && shots=(--shots "$work/shots")
if ! unshare --mount --propagation private sh -c \
       'mount -t tmpfs -o mode=755 tmpfs /run/user && mkdir -m 700 "/run/user/$(id -u)" && exec "$@"' \
       sh env XDG_RUNTIME_DIR="/run/user/$(id -u)" XDG_CURRENT_DESKTOP=GNOME \
       timeout 300 bash "$src/build-aux/with-xvfb.sh" \
       dbus-run-session -- /usr/bin/python3 "$src/build-aux/flatpak-check-app.py" \
       "$app_id" "$HOME/games/finished-game.pgn" "${shots[@]}" 2>"$work/session.log"; then
  echo "-- the session's messages (dbus-daemon, the portals, the check):" >&2
  tail -n 40 "$work/session.log" >&2
  echo "-- the app's:" >&2
  tail -n 30 "$HOME/flatpak-app.log" >&2
  fail "the sandboxed app"
fi
step_done

# ---------------------------------------------------------------- exports
step "exports: desktop file, icons, metainfo"
exports=$FLATPAK_USER_DIR/exports/share
files=$FLATPAK_USER_DIR/app/$app_id/current/active/files
# flatpak-builder 1.2 moves the metainfo to the old share/appdata name;
# newer ones leave it in share/metainfo.
metainfo=$files/share/metainfo/$app_id.metainfo.xml
[ -f "$metainfo" ] || metainfo=$files/share/appdata/$app_id.appdata.xml
for f in "$exports/applications/$app_id.desktop" \
         "$exports/icons/hicolor/scalable/apps/$app_id.svg" \
         "$exports/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" \
         "$metainfo" "$files/share/app-info/xmls/$app_id.xml.gz"; do
  [ -f "$f" ] || fail "missing: $f"
  echo "   ${f#$work/}"
done
grep -q "^Exec=.*flatpak run .*$app_id" "$exports/applications/$app_id.desktop" \
  || fail "the exported desktop file does not start the Flatpak"
desktop-file-validate "$exports/applications/$app_id.desktop" \
  || fail "desktop-file-validate"
appstreamcli validate --no-net "$metainfo" \
  || fail "appstreamcli validate --no-net"
step_done

echo "== flatpak-check: passed in $(( $(date +%s) - total_start )) s"
echo "$steps_passed passed, 0 failed"
