#!/bin/sh
# Runs a command on a D-Bus session bus of its own, on which only the
# services matching PATTERN (e.g. 'org.a11y.*', the accessibility bus) can
# be started:
#   with-dbus-session.sh [--services PATTERN] COMMAND [ARGUMENTS…]
# Not the desktop portals or dconf a machine may have installed: what the
# program sees (settings, file dialogs) and how fast it starts would depend
# on the machine. Exits with the command's status.
set -u
pattern=""
if [ "${1-}" = "--services" ]; then
  pattern=$2
  shift 2
fi
bus=$(mktemp -d "${TMPDIR:-/tmp}/thinkchess-bus.XXXXXX") || exit 1
trap 'rm -rf "$bus"' EXIT
mkdir "$bus/services"
if [ -n "$pattern" ]; then
  for dir in /usr/local/share/dbus-1/services /usr/share/dbus-1/services; do
    for service in "$dir"/$pattern.service; do
      if [ -e "$service" ] && [ ! -e "$bus/services/${service##*/}" ]; then
        ln -s "$service" "$bus/services/"
      fi
    done
  done
fi
cat >"$bus/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=$bus</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$bus/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
dbus-run-session --config-file="$bus/session.conf" -- "$@"
