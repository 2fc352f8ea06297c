#!/bin/sh
# `thinkchess-cli perft`: the output format other tools read, and the exit
# statuses.   test-cli-perft.sh THINKCHESS-CLI
set -u
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fails=0

check () {
  if [ "$2" != "$3" ]; then
    echo "FAIL: $1: expected '$3', got '$2'"
    fails=$((fails + 1))
  else
    echo "ok: $1"
  fi
}

out=$("$cli" perft 3); rc=$?
check "start depth 3" "$out" "Nodes searched: 8902"
check "start depth 3 status" "$rc" 0

out=$("$cli" perft 0)
check "depth 0" "$out" "Nodes searched: 1"

out=$("$cli" perft --divide 2)
check "divide lines" "$(echo "$out" | wc -l | tr -d ' ')" 21
check "divide e2e4" "$(echo "$out" | grep '^e2e4: ')" "e2e4: 20"
check "divide g1f3" "$(echo "$out" | grep '^g1f3: ')" "g1f3: 20"
check "divide last" "$(echo "$out" | tail -n 1)" "Nodes searched: 400"

out=$("$cli" perft --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --divide 1)
check "kiwipete castling in UCI" "$(echo "$out" | grep -c '^e1g1: 1$')" 1
check "kiwipete depth 1" "$(echo "$out" | tail -n 1)" "Nodes searched: 48"

out=$("$cli" perft --fen "8/4P3/k7/8/8/8/8/4K3 w - - 0 1" --divide 1)
check "promotion in UCI" "$(echo "$out" | grep -c '^e7e8[qrbn]: 1$')" 4

"$cli" perft --fen "8/8/8 w - - 0 1" 2 >"$tmp/out" 2>"$tmp/err"; rc=$?
check "bad FEN status" "$rc" 2
check "bad FEN stdout" "$(cat "$tmp/out")" ""
check "bad FEN message" "$(grep -c 'Bad FEN' "$tmp/err")" 1

"$cli" perft >/dev/null 2>&1; rc=$?
check "no depth" "$rc" 2
"$cli" perft x >/dev/null 2>&1; rc=$?
check "bad depth" "$rc" 2

printf '%s\n' "# comment" "" \
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902" \
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 190" > "$tmp/suite.epd"
out=$("$cli" perft --epd "$tmp/suite.epd"); rc=$?
check "EPD failure status" "$rc" 1
check "EPD summary" "$(echo "$out" | tail -n 1)" "4 passed, 1 failed"
check "EPD mismatch line" "$(echo "$out" | grep -c 'expected 190, got 191')" 1
out=$("$cli" perft --epd "$tmp/suite.epd" --max-depth 1); rc=$?
check "EPD max depth status" "$rc" 0
check "EPD max depth summary" "$out" "2 passed, 0 failed"

[ "$fails" -eq 0 ]
