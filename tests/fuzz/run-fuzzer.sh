#!/bin/sh
# Runs a libFuzzer target for a short time on a scratch copy of its corpus
# (the corpus in git stays as it is), then replays what it found.
#   run-fuzzer.sh FUZZER CORPUS-DIR CRASHES-DIR SECONDS
# A crash is written to CRASHES-DIR, where it stays as a test case.
set -eu
fuzzer=$1
corpus=$2
crashes=$3
seconds=$4

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$crashes"
cp -R "$corpus/." "$work/"

# -error_exitcode=1: libFuzzer's own default, 77, is what meson reads as
# "skipped", so a crash found would pass unseen.
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -error_exitcode=1 \
  -print_final_stats=1 -artifact_prefix="$crashes/" "$work" "$crashes"
