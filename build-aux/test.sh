#!/usr/bin/env bash
# Installs what is missing, builds ThinkChess and runs every test:
#   1. the normal build: every suite, the slow one (deep perft) included;
#   2. an AddressSanitizer + UBSan build: every suite but 'slow';
#   3. a clang build of the libFuzzer targets, each run for a short time.
# Ends with the line "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
top=$(pwd)

passed=0
failed=0

failed_names=""

finish () {
  # The names of what failed come just before the tally, so that a log
  # showing only its last lines still says which tests to look at.
  if [ -n "$failed_names" ]; then
    echo "Failed:$failed_names"
  fi
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

fail_step () {
  echo "FAILED: $1" >&2
  failed=$((failed + 1))
  failed_names="$failed_names [$1]"
}

if ! bash build-aux/install-deps.sh --test; then
  fail_step "installing the build dependencies"
  finish
fi

# Adds the results of the last `meson test` in build dir $1 to the tally.
tally () {
  local counts
  counts=$(python3 - "$1/meson-logs/testlog.json" <<'PY'
import json, sys
ok = bad = 0
names = []
try:
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line).get("result", "")
            # Nothing may be skipped here: every tool a test needs is
            # installed, and a display is there.
            if r in ("OK", "EXPECTEDFAIL"):
                ok += 1
            else:
                bad += 1
                names.append("%s:%s" % (json.loads(line).get("name", "?"), r))
except FileNotFoundError:
    bad += 1
    names.append("no test log")
print(ok, bad, " ".join(names))
PY
)
  local ok bad names
  read -r ok bad names <<< "$counts"
  passed=$((passed + ok))
  failed=$((failed + bad))
  if [ -n "$names" ]; then
    failed_names="$failed_names [$(basename "$1"): $names]"
  fi
}

# Runs `meson test` in build dir $1 with the remaining arguments, under a
# virtual X display so the in-process GTK tests have one (the end-to-end
# tests start displays of their own).
run_tests () {
  local dir=$1
  shift
  rm -f "$dir/meson-logs/testlog.json"
  bash build-aux/with-xvfb.sh \
    meson test -C "$dir" --print-errorlogs --num-processes 2 "$@"
  tally "$dir"
}

setup () {
  local dir=$1
  shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@"
  fi
}

export LSAN_OPTIONS="suppressions=$top/build-aux/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# How long each step took, for the README's table of CI times.
began=$(date +%s)
took () {
  local s=$(( $(date +%s) - began ))
  echo "== test.sh: $1 done, $((s / 60)) min $((s % 60)) s since the start"
}

# 1. The normal build. The end-to-end tests run apart from the others, two
# at a time: each drives a real app on its own display and mostly waits for
# it, and beside the engine's tests their deadlines would be harder to keep.
if setup build && meson compile -C build; then
  took "building"
  run_tests build --no-suite slow --no-suite e2e
  run_tests build --suite e2e
  run_tests build --suite slow
  took "the normal build's tests"
else
  fail_step "building"
fi

# 2. AddressSanitizer + UndefinedBehaviorSanitizer, at -O1 as ASan's
# authors advise: its tests take 3.8 min instead of 6.2 at -O0, with the
# same checks.
if setup build-asan -Dsanitizers=true -Dbuildtype=debug -Doptimization=1 \
   && meson compile -C build-asan; then
  took "building with sanitizers"
  run_tests build-asan --no-suite slow --no-suite e2e
  # One at a time unless THINKCHESS_ASAN_E2E_JOBS says more: under ASan the
  # app is slower, and two side by side in each of CI's two fresh checks
  # (four apps on two cores) missed their deadlines. CI's first step, with
  # the machine to itself, runs two.
  run_tests build-asan --suite e2e --num-processes "${THINKCHESS_ASAN_E2E_JOBS:-1}"
  took "the sanitizer build's tests"
else
  fail_step "building with sanitizers"
fi

# 3. The fuzzers (clang + libFuzzer), core and CLI only.
if CC=clang setup build-fuzz -Dfuzzing=true -Dapp=false && meson compile -C build-fuzz; then
  run_tests build-fuzz --suite fuzz
  took "the fuzzers"
else
  fail_step "building the fuzzers"
fi

finish
