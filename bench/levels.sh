#!/usr/bin/env bash
# Measures the Elo of each of our engine's levels with `thinkchess-cli match`:
# levels at 1350 or more against Stockfish 15.1 limited to the nearest
# calibrated strength (UCI_LimitStrength + UCI_Elo, 1350-2850), levels below
# 1350 against the next level up, already measured (its error is carried
# over). GAMES games each (default 100), both colours of each opening of
# bench/data/openings, one at a time, at TC (default 10+0.1). Prints level,
# opponent, W-D-L, Elo, ± 95% error, games, one line as each match ends.
#
#   bench/levels.sh [BUILD-DIR]                      (default: build)
#   GAMES=20 LEVELS="1000 1400 max" bench/levels.sh
#   MATCH_ARGS="--resign 3,1000" PGN_DIR=/tmp/levels bench/levels.sh
#   ANCHORS="2200=1800 1600=1400" LEVELS="2200 1600" bench/levels.sh
#
# MATCH_ARGS are passed on to `thinkchess-cli match` (e.g. adjudication); the
# games of each level go to PGN_DIR/level-LEVEL.pgn (default /tmp/thinkchess-levels).
#
# A level is chosen through UCI as UCI_LimitStrength=true + UCI_Elo=N (the
# level whose nominal Elo is nearest N); "max" is the full engine, measured
# against Stockfish at MAX_ANCHOR (default: its own figure). LEVELS defaults
# to every level, read from `thinkchess-cli play --help`. ANCHORS overrides the
# Stockfish strength a level is measured against (LEVEL=ELO pairs): a level
# far below or above its figure is best measured against an anchor near its
# real strength (a score near 0% or 100% has an unbounded error). Stockfish's scale is
# calibrated at 60 s + 0.6 s against CCRL 40/4; at 10 s + 0.1 s the figures
# are estimates on that scale.
set -eu
cd "$(dirname "$0")/.."

build=${1:-build}
games=${GAMES:-100}
tc=${TC:-10+0.1}
openings=${OPENINGS:-bench/data/openings}
read -r -a match_args <<< "${MATCH_ARGS:-}"
pgn_dir=${PGN_DIR:-/tmp/thinkchess-levels}
declare -A anchor_of
for pair in ${ANCHORS:-}; do
  anchor_of[${pair%%=*}]=${pair#*=}
done
ours=$(realpath "$build/src/cli/thinkchess-cli")
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}

if [ ! -x "$ours" ] || ! "$ours" --help | grep -q '^  uci'; then
  echo "No $ours with a uci command: build first" >&2
  exit 2
fi
# The levels and their figures as the engine has them (`play --help` lists
# them, the strongest last): every level but the full engine is named by its
# figure, the full engine "max" and anchored at its own figure by default.
figures=$(LANGUAGE=C LC_ALL=C.UTF-8 "$ours" play --help |
          sed -nE 's/^  [0-9]+  .* \(about ([0-9]+) Elo\)$/\1/p')
if [ -z "$figures" ]; then
  echo "$ours play --help lists no levels" >&2
  exit 2
fi
levels=${LEVELS:-max $(echo "$figures" | sed '$d' | sort -rn | tr '\n' ' ')}
max_anchor=${MAX_ANCHOR:-$(echo "$figures" | tail -n 1)}
if [ ! -x "$stockfish" ]; then
  echo "Stockfish not found (apt-get install stockfish)" >&2
  exit 2
fi

# level_args LEVEL → the engine settings that select it
level_args () {
  if [ "$1" = max ]; then
    echo "option.UCI_LimitStrength=false"
  else
    echo "option.UCI_LimitStrength=true option.UCI_Elo=$1"
  fi
}

# run_match LEVEL ARGS… → prints "W D L" of the first engine
run_match () {
  local pgn="$pgn_dir/level-$1.pgn"
  shift
  "$ours" match --quiet "${match_args[@]}" --openings "$openings" --games "$games" --pgn "$pgn" \
          --each "tc=$tc" "$@" |
    grep -oE ' [0-9]+-[0-9]+-[0-9]+ ' | tail -1 | tr -- '-' ' '
}

# elo W D L ANCHOR ANCHOR_ERROR → "ELO ERROR" (error "inf" at 0% or 100%)
elo () {
  awk -v w="$1" -v d="$2" -v l="$3" -v a="$4" -v ae="$5" 'function e(p) { return -400 * log(1 / p - 1) / log(10) }
    BEGIN {
      n = w + d + l; s = (w + d / 2) / n
      if (s <= 0 || s >= 1) { printf "%s%d inf\n", (s >= 1 ? ">" : "<"), a; exit }
      v = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
      m = 1.959964 * sqrt(v / n)
      err = (s - m > 0 && s + m < 1) ? (e(s + m) - e(s - m)) / 2 : 1e9
      if (ae == "inf") ae = 1e9
      tot = sqrt(err ^ 2 + ae ^ 2)
      printf "%.0f %s\n", a + e(s), (tot >= 1e9 ? "inf" : sprintf("%.0f", tot))
    }'
}

mkdir -p "$pgn_dir"
echo "ThinkChess levels, $(date -u +%Y-%m-%d), $games games each at $tc, $(nproc) cores," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)${MATCH_ARGS:+, $MATCH_ARGS}"
printf '%-8s %-28s %-10s %8s %8s %6s\n' level opponent W-D-L Elo "±" games

declare -A measured error
# Levels Stockfish can anchor first, then the rest from the top down.
for pass in stockfish ladder; do
  previous=""
  for level in $levels; do
    nominal=$([ "$level" = max ] && echo "$max_anchor" || echo "$level")
    if [ "$pass" = stockfish ] && [ "$nominal" -ge 1350 ]; then
      anchor=${anchor_of[$level]:-$nominal}
      anchor=$(( anchor > 2850 ? 2850 : anchor < 1350 ? 1350 : anchor ))
      read -r w d l < <(run_match "$level" --engine "cmd=$ours uci" "name=level $level" $(level_args "$level") \
                                  --engine "cmd=$stockfish" option.Threads=1 option.UCI_LimitStrength=true \
                                           "option.UCI_Elo=$anchor")
      read -r measured[$level] error[$level] < <(elo "$w" "$d" "$l" "$anchor" 0)
      printf '%-8s %-28s %-10s %8s %8s %6d\n' "$level" "Stockfish UCI_Elo $anchor" "$w-$d-$l" \
             "${measured[$level]}" "${error[$level]}" $((w + d + l))
    elif [ "$pass" = ladder ] && [ "$nominal" -lt 1350 ] && [ -n "$previous" ]; then
      up=${measured[$previous]}
      case $up in *[!0-9]*) echo "level $level: the level above has no finite Elo" >&2; previous=$level; continue ;; esac
      read -r w d l < <(run_match "$level" --engine "cmd=$ours uci" "name=level $level" $(level_args "$level") \
                                  --engine "cmd=$ours uci" "name=level $previous" $(level_args "$previous"))
      read -r measured[$level] error[$level] < <(elo "$w" "$d" "$l" "$up" "${error[$previous]}")
      printf '%-8s %-28s %-10s %8s %8s %6d\n' "$level" "level $previous ($up)" "$w-$d-$l" \
             "${measured[$level]}" "${error[$level]}" $((w + d + l))
    fi
    previous=$level
  done
done
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
