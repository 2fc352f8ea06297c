#!/usr/bin/env bash
# Our engine at full strength against the chess engines Debian packages,
# with `thinkchess-cli match` as the referee: GAMES games against each (default
# 100), each opening of bench/data/openings with both colours, one game at a
# time, at TC (default 10+0.1: 10 s + 0.1 s per move). Opponents play without
# their own books and learning. Prints the match table (games, W-D-L, score,
# Elo difference ± 95% error, losses on time / by illegal move / by crash or
# false claim), then the nodes per second of `thinkchess-cli bench` and of
# Stockfish's `bench` measured in the same run, for scale.
#
#   bench/strength.sh [BUILD-DIR]                  (default: build)
#   GAMES=20 OPPONENTS="fairymax phalanx" bench/strength.sh
#   MATCH_ARGS="--resign 3,1000 --draw 40,8,10" bench/strength.sh
#   THREADS=2 OPPONENTS=self bench/strength.sh     (2 threads against 1)
#
# MATCH_ARGS are passed on to `thinkchess-cli match` (e.g. adjudication, which
# shortens lopsided and dead-drawn games; none by default).
#
# Opponents (OPPONENTS, in this order by default; missing ones are skipped):
#   fairymax phalanx gnuchess sf2000 sf2500 toga2 glaurung, and ethereal
#   (Ethereal 12.00, the next rung) when named: OPPONENTS=ethereal; and
#   self, our own engine on one thread, to measure what THREADS (our
#   engine's search threads, default 1) give.
# The games are written to PGN (default /tmp/thinkchess-strength.pgn).
set -eu
cd "$(dirname "$0")/.."

build=${1:-build}
games=${GAMES:-100}
tc=${TC:-10+0.1}
threads=${THREADS:-1}
opponents=${OPPONENTS:-fairymax phalanx gnuchess sf2000 sf2500 toga2 glaurung}
openings=${OPENINGS:-bench/data/openings}
read -r -a match_args <<< "${MATCH_ARGS:-}"
pgn=${PGN:-/tmp/thinkchess-strength.pgn}
ours=$build/src/cli/thinkchess-cli
games_dir=/usr/games

if [ ! -x "$ours" ]; then
  echo "No $ours: build first (meson setup $build && meson compile -C $build)" >&2
  exit 2
fi
if ! "$ours" --help | grep -q '^  uci'; then
  echo "$ours has no uci command" >&2
  exit 2
fi

find_engine () {
  command -v "$1" 2>/dev/null || { [ -x "$games_dir/$1" ] && echo "$games_dir/$1"; } || true
}

# Phalanx and Fairy-Max write nothing when run here; a scratch directory
# keeps any file an engine might write out of the tree.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

ours_cmd="$(realpath "$ours") uci"
name=ThinkChess
[ "$threads" = 1 ] || name="ThinkChess $threads threads"
args=(--openings "$openings" --games "$games" --pgn "$pgn" --each "tc=$tc" "dir=$scratch"
      --engine "cmd=$ours_cmd" "name=$name" option.Hash=64 "option.Threads=$threads")
for o in $opponents; do
  case $o in
    fairymax)
      e=$(find_engine fairymax); [ -n "$e" ] && args+=(--engine "cmd=$e" proto=xboard) ;;
    phalanx)
      # -l- no learning file, -b- no book (it would play book moves even
      # after the opening); it reads the increment in whole seconds.
      e=$(find_engine phalanx); [ -n "$e" ] && args+=(--engine "cmd=$e -l- -b-" proto=xboard) ;;
    gnuchess)
      e=$(find_engine gnuchess); [ -n "$e" ] && args+=(--engine "cmd=$e --uci" option.OwnBook=false option.Hash=64) ;;
    sf2000|sf2500)
      e=$(find_engine stockfish)
      [ -n "$e" ] && args+=(--engine "cmd=$e" "name=Stockfish 15.1 UCI_Elo ${o#sf}" option.Threads=1
                            option.Hash=64 option.UCI_LimitStrength=true "option.UCI_Elo=${o#sf}") ;;
    toga2)
      e=$(find_engine toga2); [ -n "$e" ] && args+=(--engine "cmd=$e" option.OwnBook=false option.Hash=64) ;;
    glaurung)
      e=$(find_engine glaurung)
      [ -n "$e" ] && args+=(--engine "cmd=$e" option.OwnBook=false option.Threads=1 option.Hash=64
                            option.Ponder=false) ;;
    ethereal)
      # Debian's ethereal-chess: Ethereal 12.00, its hand-written evaluation.
      e=$(find_engine ethereal-chess)
      [ -n "$e" ] && args+=(--engine "cmd=$e" name="Ethereal 12.00" option.Threads=1 option.Hash=64) ;;
    self)
      e=$ours_cmd
      args+=(--engine "cmd=$e" "name=ThinkChess 1 thread" option.Hash=64 option.Threads=1) ;;
    *)
      echo "Unknown opponent $o" >&2; exit 2 ;;
  esac
  [ -n "$e" ] || echo "Skipped $o: not installed (apt-get install it)" >&2
done

echo "ThinkChess strength, $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)," \
     "$threads thread(s), $games games per opponent at $tc, $(nproc) cores," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)${MATCH_ARGS:+, $MATCH_ARGS}"
"$ours" match "${match_args[@]}" "${args[@]}"
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "Nodes per second (single thread, same machine, same run):"
ours_nps=$("$ours" bench | sed -n 's/^Nodes per second: //p')
echo "  thinkchess-cli bench: $ours_nps"
sf=$(find_engine stockfish)
if [ -n "$sf" ]; then
  sf_nps=$("$sf" bench 2>&1 | sed -n 's/^Nodes\/second *: *//p')
  echo "  Stockfish 15.1 bench: $sf_nps"
fi
echo "PGN: $pgn"
