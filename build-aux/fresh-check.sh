#!/usr/bin/env bash
# Checks that the README's test command passes on a brand-new system of a
# Debian release, as a new user would run it:
#   fresh-check.sh [--keep] bookworm|trixie
# 1. mmdebstrap makes a minimal system of that release (--variant=apt:
#    Debian's own packages, apt and nothing else, plus git to clone with);
# 2. the current commit (HEAD) is cloned into it;
# 3. `bash build-aux/test.sh` runs inside it as root, with an empty
#    environment (nothing from this machine's), installing what it needs
#    through build-aux/install-deps.sh.
# Passes on that command's exit status and its last line "N passed,
# 0 failed", which is also this script's last line. Needs root.
#
# Downloaded packages are kept in /var/cache/thinkchess-fresh-check/SUITE so
# a second run does not fetch them again; the system itself is deleted
# afterwards (--keep: kept, and its folder printed).
#
# Ubuntu (noble) is not checked: only Debian's package archive can be
# reached from the machines this project is built and tested on.
set -u

keep=false
if [ "${1:-}" = "--keep" ]; then
  keep=true
  shift
fi
suite=${1:-}
case "$suite" in
  bookworm|trixie) ;;
  *)
    echo "usage: fresh-check.sh [--keep] bookworm|trixie" >&2
    exit 2
    ;;
esac
if [ "$(id -u)" -ne 0 ]; then
  echo "fresh-check.sh makes a Debian system with mmdebstrap: run it as root." >&2
  exit 2
fi

top=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$top" rev-parse HEAD) || exit 1
if ! bash "$top/build-aux/install-deps.sh" --fresh-check; then
  echo "FAILED: installing mmdebstrap" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

cache=/var/cache/thinkchess-fresh-check/$suite
mkdir -p "$cache"
root=$(mktemp -d "/var/tmp/thinkchess-fresh-$suite.XXXXXX")
log=$root.log
start=$(date +%s)

cleanup () {
  if $keep; then
    echo "The $suite system is kept in $root" >&2
  elif findmnt -R "$root" >/dev/null 2>&1; then
    # Never delete through a mount that is still there (the package cache).
    echo "Not deleting $root: something is still mounted below it" >&2
  else
    rm -rf "$root"
  fi
}
trap cleanup EXIT

echo "== fresh-check $suite: making the system in $root"
# The package cache goes in before apt runs and comes out before mmdebstrap
# cleans it (its documented way to keep downloads between runs).
if ! mmdebstrap --variant=apt --mode=root --include=git,ca-certificates \
       --skip=essential/unlink \
       --setup-hook='mkdir -p "$1"/var/cache/apt/archives' \
       --setup-hook="sync-in $cache /var/cache/apt/archives/" \
       --customize-hook="sync-out /var/cache/apt/archives $cache" \
       "$suite" "$root" http://deb.debian.org/debian >"$log" 2>&1; then
  tail -n 30 "$log" >&2
  echo "FAILED: mmdebstrap $suite (log: $log)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
# What a freshly installed machine has to reach its package mirror.
cp /etc/resolv.conf "$root/etc/resolv.conf"

echo "== fresh-check $suite: cloning $commit"
if ! git clone --quiet --no-checkout "$top" "$root/root/thinkchess" \
   || ! git -C "$root/root/thinkchess" checkout --quiet "$commit"; then
  echo "FAILED: cloning the repository" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

echo "== fresh-check $suite: bash build-aux/test.sh (as root, empty environment)"
# A mount and PID namespace of its own: /proc, /sys, /dev and the package
# cache are mounted only there, and every process the tests leave behind
# ends with it.
unshare --mount --pid --fork --propagation private bash -c '
  set -e
  root=$1 cache=$2
  mount -t proc proc "$root/proc"
  mount --rbind /sys "$root/sys"
  mount --rbind /dev "$root/dev"
  mount --bind "$cache" "$root/var/cache/apt/archives"
  set +e
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    bash -c "cd /root/thinkchess && bash build-aux/test.sh"
' bash "$root" "$cache" 2>&1 | tee "$root/test.log"
status=${PIPESTATUS[0]}
last=$(tail -n 1 "$root/test.log")
# Keep the output beside the system's folder for a look afterwards, with
# the screenshots the app scenarios took when they failed (the system and
# its /tmp are deleted).
cp "$root/test.log" "$log"
failures=$(find "$root/tmp" -maxdepth 1 -name 'thinkchess-*-failures' 2>/dev/null)
if [ -n "$failures" ]; then
  mkdir -p "$root.failures"
  cp -r $failures "$root.failures/"
  echo "== fresh-check $suite: screenshots of the failures in $root.failures"
fi

minutes=$(( ($(date +%s) - start + 30) / 60 ))
echo "== fresh-check $suite: exit status $status, about $minutes min (output: $log)"
if [ "$status" -eq 0 ] && [[ "$last" =~ ^[0-9]+\ passed,\ 0\ failed$ ]]; then
  echo "$last"
  exit 0
fi
echo "FAILED: fresh-check $suite" >&2
grep -a '^Failed:' "$log" | tail -n 1
if [[ "$last" =~ ^[0-9]+\ passed,\ [0-9]+\ failed$ ]]; then
  # A failing run whose tally says 0 failed still counts as one failure.
  passed=${last%% passed*}
  failed=${last##*, }
  failed=${failed%% failed}
  [ "$failed" -eq 0 ] && failed=1
  echo "$passed passed, $failed failed"
else
  echo "0 passed, 1 failed"
fi
exit 1
