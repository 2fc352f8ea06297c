#!/usr/bin/env bash
# Installs the build tree it is given into a temporary DESTDIR and checks the
# layout under its prefix. The Flatpak's own prefix, /app, is proved by
# build-aux/flatpak-check.sh, which builds and installs with flatpak-builder.
#   check-install.sh SOURCE_ROOT BUILD_ROOT PREFIX
set -u
src=$1
build=$2
prefix=$3
app_id=io.github.thinkchess.ThinkChess
tmp=$(mktemp -d "${TMPDIR:-/tmp}/thinkchess-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/dest

n=0
bad=0
ok () {
  n=$((n + 1))
  if [ "$1" -eq 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; bad=$((bad + 1)); fi
}

# meson test has built everything before the tests run: nothing to rebuild.
if ! DESTDIR="$dest" meson install -C "$build" --no-rebuild --quiet >"$tmp/install.log" 2>&1; then
  sed 's/^/# /' "$tmp/install.log" | tail -40
  echo "1..1"
  echo "not ok 1 - meson install into DESTDIR"
  exit 1
fi

root=$dest$prefix
share=$root/share
[ -x "$root/bin/thinkchess" ]; ok $? "bin/thinkchess is installed and executable"
[ -x "$root/bin/thinkchess-cli" ]; ok $? "bin/thinkchess-cli is installed and executable"
[ -f "$share/applications/$app_id.desktop" ]; ok $? "share/applications/$app_id.desktop"
desktop-file-validate "$share/applications/$app_id.desktop" >/dev/null 2>&1; ok $? "the installed desktop file is valid"
[ -f "$share/metainfo/$app_id.metainfo.xml" ]; ok $? "share/metainfo/$app_id.metainfo.xml"
[ -f "$share/icons/hicolor/scalable/apps/$app_id.svg" ]; ok $? "the scalable app icon"
[ -f "$share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" ]; ok $? "the symbolic app icon"
[ -f "$share/glib-2.0/schemas/$app_id.gschema.xml" ]; ok $? "the GSettings schema"
glib-compile-schemas --strict --dry-run "$share/glib-2.0/schemas" >/dev/null 2>&1; ok $? "the installed schema compiles"

license=$share/licenses/thinkchess/COPYING
cmp -s "$license" "$src/COPYING"; ok $? "share/licenses/thinkchess/COPYING is the source tree's COPYING"
grep -q "GNU GENERAL PUBLIC LICENSE" "$license" && grep -q "Version 3, 29 June 2007" "$license" &&
  grep -q "END OF TERMS AND CONDITIONS" "$license" && grep -q "How to Apply These Terms" "$license"
ok $? "COPYING holds the whole GPL version 3 text"

langs=$(sed 's/#.*//' "$src/po/LINGUAS")
[ -n "$langs" ]; ok $? "po/LINGUAS lists languages"
for lang in $langs; do
  [ -f "$share/locale/$lang/LC_MESSAGES/thinkchess.mo" ]
  ok $? "share/locale/$lang/LC_MESSAGES/thinkchess.mo"
done

# Nothing is installed outside the prefix.
outside=$(find "$dest" -mindepth 1 ! -path "$dest$prefix" ! -path "$dest$prefix/*" \
            ! -path "$dest" -type f)
[ -z "$outside" ]; ok $? "everything is installed under $prefix"

echo "1..$n"
[ "$bad" -eq 0 ]
