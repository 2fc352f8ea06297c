#!/usr/bin/env python3
"""How far the review's ? and ?? agree with a deep reference judge.

    bench/review-agreement.py [BUILD-DIR] [OPTIONS]        (default: build)
    bench/review-agreement.py --games 2 --tc 2+0.05 --depth 10 --verbose
    bench/review-agreement.py --games-from tests/data/pgn/twic0920.pgn --limit 10

Games: by default, weak players' games: Stockfish at UCI_LimitStrength /
UCI_Elo 1350 against itself under `thinkchess-cli match`, from the openings
of bench/data/openings (taken in the order --seed shuffles them into, each
with both colours). They are kept in the cache directory, so a rerun with the
same settings and seed reviews the same games; asking for more games plays
only the missing ones. Stockfish's weakened play draws its moves from a
generator seeded by the clock, so the games themselves are fixed by the
cache, not by the seed. --games-from FILE judges the games of a PGN file
instead (the games you have not seen, e.g. tests/data/pgn).

Judge: Stockfish (Threads 1, Hash 64, `ucinewgame` between games) searches
every position of each game's main line to --depth (default 16); its score
becomes White's winning chances by Lichess's curve,
    win% = 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1),
with cp clamped to +-1000 first and a mate scored as 100% or 0%. A move's
loss is the mover's drop in winning chances, in percentage points, from the
position before it to the position after it. The scores are cached in the
cache directory (judge-dDEPTH.json), keyed by the engine and the moves.

Under test: `thinkchess-cli review` at its default setting, the CLI's own
node budget (or --review-nodes / --time-per-move / --review-depth), and as
the peer the same review with Stockfish as its engine (`--engine`, the same
budget: `go nodes` for a node budget; --no-peer skips it). Each
game is given to the review alone, as bare moves (no comments or NAGs of its
own); the NAGs $2 (?) and $4 (??) of the main line of its output are its marks.

Figures, per reviewer: precision = of the moves marked ? or ??, the share
whose loss >= --marked-loss (default 10 points); recall = of the moves whose
loss >= --real-loss (default 20 points), the share marked ? or ??; the
counts behind them; and the review's wall time per 40 moves (80 plies). The
moves of the opening (played from bench/data/openings, not by the players)
are left out of the figures of generated games.
"""
import argparse
import concurrent.futures
import datetime
import hashlib
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from uci_engine import BenchError, Uci, run_group  # noqa: E402
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
CP_CLAMP = 1000


# ---------------------------------------------------------------- PGN

def split_games(text):
    """The games of a PGN text, each as its own text: a game starts at a tag
    line after movetext (a '[' inside a {comment} is not one)."""
    games, current = [], []
    in_brace = seen_moves = False
    for line in text.splitlines():
        if not in_brace and line.lstrip().startswith("["):
            if seen_moves:
                games.append("\n".join(current))
                current, seen_moves = [], False
            current.append(line)
            continue
        current.append(line)
        if not in_brace and line.startswith("%"):
            continue
        for c in line:
            if in_brace:
                in_brace = c != "}"
            elif c == "{":
                in_brace = True
            elif c == ";":
                break
            elif not c.isspace():
                seen_moves = True
    games.append("\n".join(current))
    return [g for g in games if g.strip()]


def tags_of(game):
    return dict(re.findall(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]', game, re.M))


def main_line(game):
    """[(san, {nag, …})] of the game's main line: comments, variations and
    move numbers dropped; suffixes ?, ??, !? … read as their NAGs."""
    lines = game.splitlines()
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("[")):
        lines.pop(0)                    # the tags; a "[" inside a comment stays
    body = "\n".join(l for l in lines if not l.startswith("%"))
    body = re.sub(r"\{[^}]*\}|;[^\n]*", " ", body)
    while "(" in body:
        inner = re.sub(r"\([^()]*\)", " ", body)
        if inner == body:
            raise BenchError("unbalanced variation in the movetext")
        body = inner
    suffix_nags = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
    plies = []
    for token in re.findall(r"\$\d+|[^\s$]+", body):
        token = re.sub(r"^\d+\.+", "", token)
        if not token or token in RESULTS:
            continue
        if token.startswith("$"):
            if plies:
                plies[-1][1].add(int(token[1:]))
            continue
        m = re.fullmatch(r"(.*?)([!?]{1,2})", token)
        san, nags = (m.group(1), {suffix_nags.get(m.group(2), 0)}) if m else (token, set())
        plies.append((san, nags))
    return plies


def bare_game(tags, sans, result="*"):
    """A game with only the tags that matter to the moves and its moves."""
    head = [f'[{k} "{tags[k]}"]' for k in ("Event", "White", "Black", "SetUp", "FEN") if k in tags]
    head.append(f'[Result "{result}"]')
    return "\n".join(head) + "\n\n" + " ".join(sans + [result]) + "\n"


# ---------------------------------------------------------------- positions

def board_of(fen):
    board, rank = {}, 7
    for row in fen.split()[0].split("/"):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board["abcdefgh"[file] + str(rank + 1)] = c
                file += 1
        rank -= 1
    return board


def uci_move(before, after):
    """The UCI move that leads from FEN before to FEN after."""
    white = before.split()[1] == "w"
    a, b = board_of(before), board_of(after)
    mine = (lambda p: p.isupper()) if white else (lambda p: p.islower())
    left = [s for s, p in a.items() if mine(p) and b.get(s) != p]
    came = [s for s, p in b.items() if mine(p) and a.get(s) != p]
    if len(left) == 2 and len(came) == 2:       # castling: the king's squares
        left = [s for s in left if a[s] in "Kk"]
        came = [s for s in came if b[s] in "Kk"]
    if len(left) != 1 or len(came) != 1:
        raise BenchError(f"no single move leads from {before} to {after}")
    move = left[0] + came[0]
    if a[left[0]] in "Pp" and b[came[0]] not in "Pp":
        move += b[came[0]].lower()
    return move


def positions(cli, games):
    """For each game (number, tags, sans): the FEN before each ply and after the last,
    from `thinkchess-cli pgn` replaying every prefix of the game."""
    prefixes, owners = [], []
    for index, (_, tags, sans) in enumerate(games):
        for k in range(len(sans) + 1):
            prefixes.append(bare_game(tags, sans[:k]))
            owners.append(index)
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", encoding="utf-8") as f:
        f.write("\n".join(prefixes))
        f.flush()
        rc, out, err, _ = run_group([cli, "pgn", f.name], 600, "replaying the games")
    fens = {}
    for line in out.decode().splitlines():
        number, fen = line.split(" ", 1)
        fens[int(number) - 1] = fen
    result = [[] for _ in games]
    for i, owner in enumerate(owners):
        if i not in fens:
            number, tags, _ = games[owner]
            raise BenchError(f"game {number} ({tags.get('White', '?')} - {tags.get('Black', '?')}): "
                             f"its moves do not replay: {(err.decode().strip().splitlines() or ['?'])[0]}")
        result[owner].append(fens[i])
    return result


# ---------------------------------------------------------------- games

def generate_games(args, cli, stockfish):
    """The cached games of Stockfish at UCI_Elo against itself, playing the
    missing ones first."""
    os.makedirs(args.cache, exist_ok=True)
    path = os.path.join(args.cache, f"sf{args.elo}-tc{args.tc}-seed{args.seed}.pgn")
    have = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            have = split_games(f.read())
    openings = [l.split("#", 1)[0].split() for l in open(args.openings, encoding="utf-8")]
    openings = [o for o in openings if o]
    random.Random(args.seed).shuffle(openings)
    if len(have) < args.games:
        first = len(have) // 2          # whole pairs are played, so `have` is even
        count = args.games - len(have) + (args.games - len(have)) % 2
        order = [openings[(first + i) % len(openings)] for i in range(count // 2)]
        base, inc = (float(x) for x in (args.tc.split("+") + ["0"])[:2])
        timeout = count * (2 * (base + 300 * inc) + 60)
        print(f"Playing {count} games at {args.tc} (Stockfish at UCI_Elo {args.elo} against "
              f"itself) into {path}…", file=sys.stderr, flush=True)
        with tempfile.TemporaryDirectory() as tmp:
            opening_file = os.path.join(tmp, "openings")
            with open(opening_file, "w") as f:
                f.write("".join(" ".join(o) + "\n" for o in order))
            new = os.path.join(tmp, "games.pgn")
            engine = ["option.Threads=1", "option.Hash=16", "option.UCI_LimitStrength=true",
                      f"option.UCI_Elo={args.elo}"]
            argv = [cli, "match", "--openings", opening_file, "--games", str(count), "--pgn", new,
                    "--each", f"tc={args.tc}", f"dir={tmp}", *engine,
                    "--engine", f"cmd={stockfish}", f"name=Stockfish {args.elo} A",
                    "--engine", f"cmd={stockfish}", f"name=Stockfish {args.elo} B"]
            rc, _, err, _ = run_group(argv, timeout, "the match that plays the games",
                                      stdout=sys.stderr, stderr=subprocess.PIPE)
            if rc != 0 or not os.path.exists(new):
                raise BenchError(f"the match failed (status {rc}): {err.decode().strip()}")
            with open(new, encoding="utf-8") as f:
                played = split_games(f.read())
            if len(played) != count:
                raise BenchError(f"the match wrote {len(played)} games of {count}")
            with open(path, "a", encoding="utf-8") as f:
                f.write("".join(g.strip() + "\n\n" for g in played))
            have += played
    book = {}
    for i, game in enumerate(have[:args.games]):
        book[i] = len(openings[(i // 2) % len(openings)])
    return path, have[:args.games], book


# ---------------------------------------------------------------- judge

def win_percent(kind, value):
    """White's winning chances (0-100) for a score from White's view:
    ("cp", n), ("mate", moves) or ("checkmate", 1 when White has mated)."""
    if kind != "cp":
        return 100.0 if value > 0 else 0.0
    cp = max(-CP_CLAMP, min(CP_CLAMP, value))
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)


def judge(args, stockfish, fens, names):
    """White's score of every position of every game, from the cache or
    Stockfish at --depth."""
    path = os.path.join(args.cache, f"judge-d{args.depth}.json")
    cache = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            cache = json.load(f)
    engine = None
    scores = []
    try:
        for game_fens, name in zip(fens, names):
            moves = [uci_move(a, b) for a, b in zip(game_fens, game_fens[1:])]
            key = hashlib.sha1(" ".join([os.path.realpath(stockfish), game_fens[0]] + moves)
                               .encode()).hexdigest()
            if key not in cache:
                if engine is None:
                    engine = Uci(stockfish, {"Threads": 1, "Hash": 64})
                started = time.monotonic()
                engine.new_game(f"starting {name}")
                game_scores = []
                for k, fen in enumerate(game_fens):
                    doing = f"judging {name}, position {k} of {len(game_fens) - 1}"
                    kind, value = engine.score(game_fens[0], moves[:k], args.depth,
                                               args.judge_timeout, doing)
                    if fen.split()[1] == "b":
                        value = -value
                    if kind == "mate" and value == 0:   # mated: the side to move lost
                        kind, value = "checkmate", (-1 if fen.split()[1] == "w" else 1)
                    game_scores.append([kind, value])
                cache[key] = {"engine": engine.name, "depth": args.depth, "scores": game_scores}
                # Another run may have judged other games meanwhile: keep them.
                if os.path.exists(path):
                    with open(path, encoding="utf-8") as f:
                        cache = {**json.load(f), **cache}
                tmp = "%s.%d.tmp" % (path, os.getpid())
                with open(tmp, "w", encoding="utf-8") as f:
                    json.dump(cache, f)
                os.replace(tmp, path)
                print(f"Judged {name}: {len(game_fens)} positions at depth {args.depth} in "
                      f"{time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)
            scores.append(cache[key]["scores"])
            judge_name = cache[key]["engine"]
    finally:
        if engine is not None:
            engine.close()
    return scores, judge_name


# ---------------------------------------------------------------- reviews

def review(cli, game_file, budget, engine, plies, name, timeout=None, keep=None):
    """The marks ("?", "??" or "") per ply, the wall time of one review and
    what it says it was ("ThinkChess 0.1.0, 400000 nodes a position").
    With `keep`, the review's PGN is also written to that file."""
    argv = [cli, "review", game_file, *budget] + (["--engine", engine] if engine else [])
    # Seconds a position at most, for the timeout: a node budget of the
    # default's size takes well under a second.
    per_position = (float(budget[1]) / 1000 if budget[:1] == ["--time-per-move"]
                    else max(1.0, int(budget[1]) / 400000) if budget[:1] == ["--nodes"]
                    else 10.0 if budget else 1.0)
    timeout = timeout or 60 + (plies + 1) * (10 * per_position + 1)
    env = dict(os.environ, LC_ALL="C.UTF-8")
    what = f"the review of {name}" + (f" with {engine}" if engine else "")
    rc, out, err, seconds = run_group(argv, timeout, what, env=env)
    if rc != 0:
        raise BenchError(f"{what} failed (status {rc}): {err.decode().strip()}")
    if keep:
        with open(keep, "wb") as f:
            f.write(out)
    reviewed = main_line(out.decode())
    if len(reviewed) != plies:
        raise BenchError(f"{what} has {len(reviewed)} moves on its main line, the game {plies}")
    marks = ["??" if 4 in nags else "?" if 2 in nags else "" for _, nags in reviewed]
    said = re.search(r"^Reviewed .* with (.*)\.$", err.decode(), re.M)
    return marks, seconds, said.group(1) if said else " ".join(argv[3:])


# ---------------------------------------------------------------- figures

def figures(rows, reviewer, marked_loss, real_loss):
    marked = [r for r in rows if r[reviewer]]
    real = [r for r in rows if r["loss"] >= real_loss]
    hits = [r for r in marked if r["loss"] >= marked_loss]
    found = [r for r in real if r[reviewer]]
    return {
        "moves": len(rows),
        "marked": len(marked),
        "marked_?": sum(r[reviewer] == "?" for r in rows),
        "marked_??": sum(r[reviewer] == "??" for r in rows),
        "marked_right": len(hits),
        "precision": len(hits) / len(marked) if marked else None,
        "real_mistakes": len(real),
        "real_found": len(found),
        "recall": len(found) / len(real) if real else None,
    }


def percent(x):
    return "—" if x is None else f"{100 * x:.0f}%"


def san_label(fen, ply, san):
    number, black = int(fen.split()[5]), fen.split()[1] == "b"
    number += (ply + black) // 2
    return f"{number}.{'..' if (ply + black) % 2 else ''} {san}"


def parse_args():
    parser = argparse.ArgumentParser(
        description="The review's ? and ?? against a deep Stockfish judge: precision and recall.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("build", nargs="?", default="build", help="build directory (default: build)")
    parser.add_argument("--cli", help="thinkchess-cli to use (default: BUILD/src/cli/thinkchess-cli)")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    parser.add_argument("--cache", default="/var/tmp/thinkchess-review-agreement",
                        help="where games and judge scores are kept (default: %(default)s)")
    parser.add_argument("--games", type=int, default=40, help="games to play (default: 40)")
    parser.add_argument("--tc", default="10+0.1", help="their time control (default: 10+0.1)")
    parser.add_argument("--elo", type=int, default=1350, help="Stockfish's UCI_Elo (default: 1350)")
    parser.add_argument("--seed", type=int, default=1, help="order of the openings (default: 1)")
    parser.add_argument("--openings", default=os.path.join(ROOT, "bench/data/openings"))
    parser.add_argument("--games-from", metavar="FILE.pgn", help="judge these games instead")
    parser.add_argument("--limit", type=int, help="only the first N games")
    parser.add_argument("--depth", type=int, default=16, help="the judge's depth (default: 16)")
    parser.add_argument("--judge-timeout", type=float, default=300,
                        help="seconds the judge may take for one position (default: 300)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--review-nodes", type=int, metavar="N",
                        help="the reviews' nodes per position (default: the review's own, 400000)")
    budget.add_argument("--time-per-move", type=int, metavar="MS",
                        help="the reviews' time per position instead")
    budget.add_argument("--review-depth", type=int, metavar="N", help="the reviews' depth instead")
    parser.add_argument("--review-timeout", type=float,
                        help="seconds one review may take (default: 60 + 10 times its budget a position)")
    parser.add_argument("--no-peer", action="store_true", help="no Stockfish review as the peer")
    parser.add_argument("--parallel", action="store_true",
                        help="review each game with both reviewers at once (one core each)")
    parser.add_argument("--marked-loss", type=float, default=10,
                        help="a mark is right from this loss, in points (default: 10)")
    parser.add_argument("--real-loss", type=float, default=20,
                        help="a move is a real mistake from this loss (default: 20)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--verbose", action="store_true", help="print every move's judgement")
    parser.add_argument("--keep", metavar="DIR",
                        help="write each review's PGN into DIR (REVIEWER-GAME.pgn)")
    return parser.parse_args()


def load_games(args, cli):
    """(source, [(number in the file, tags, sans)], names, {index in the
    file: opening plies})"""
    if args.games_from:
        source = os.path.realpath(args.games_from)
        with open(source, encoding="utf-8", errors="replace") as f:
            texts = split_games(f.read())
        book = {}
        os.makedirs(args.cache, exist_ok=True)
    else:
        source, texts, book = generate_games(args, cli, args.stockfish)
    texts = texts[:args.limit] if args.limit else texts
    if not texts:
        raise BenchError(f"no games in {source}")
    games, names = [], []
    for i, text in enumerate(texts):
        tags = tags_of(text)
        try:
            sans = [san for san, _ in main_line(text)]
        except BenchError as e:
            raise BenchError(f"game {i + 1} of {source}: {e}") from None
        if not sans:
            print(f"Left out game {i + 1} of {source}: no moves", file=sys.stderr)
            continue
        games.append((i + 1, tags, sans))
        names.append(f"game {i + 1} ({tags.get('White', '?')} - {tags.get('Black', '?')}) of {source}")
    return source, games, names, book


def review_games(args, cli, budget, reviewers, games, names, fens, scores, book):
    """Every game reviewed by each reviewer: one row per ply with the
    judge's scores, the mover's loss and each reviewer's mark; the seconds
    each reviewer took and what it says it was."""
    seconds = {r: 0.0 for r in reviewers}
    labels, rows = {}, []
    with tempfile.TemporaryDirectory() as tmp:
        for i, ((number, tags, sans), game_fens, game_scores) in enumerate(zip(games, fens, scores)):
            game_file = os.path.join(tmp, f"game-{number}.pgn")
            with open(game_file, "w", encoding="utf-8") as f:
                f.write(bare_game(tags, sans, tags.get("Result", "*")
                                  if tags.get("Result") in RESULTS else "*"))
            marks = {}
            # The reviewers of a game run side by side (--parallel): each is
            # one search thread, so on two cores neither waits for the other.
            with concurrent.futures.ThreadPoolExecutor(len(reviewers) if args.parallel else 1) as pool:
                futures = {reviewer: pool.submit(review, cli, game_file, budget, engine, len(sans),
                                                 names[i], args.review_timeout,
                                                 os.path.join(args.keep, f"{reviewer}-{number}.pgn")
                                                 if args.keep else None)
                           for reviewer, engine in reviewers.items()}
                for reviewer, future in futures.items():
                    marks[reviewer], took, labels[reviewer] = future.result()
                    seconds[reviewer] += took
            print(f"Reviewed {names[i]}: {len(sans)} plies, "
                  + ", ".join(f"{r} {sum(m != '' for m in marks[r])} marked" for r in reviewers),
                  file=sys.stderr, flush=True)
            win = [win_percent(kind, value) for kind, value in game_scores]
            for ply, san in enumerate(sans):
                white = game_fens[ply].split()[1] == "w"
                loss = (win[ply] - win[ply + 1]) if white else (win[ply + 1] - win[ply])
                row = {"game": number, "ply": ply + 1, "move": san_label(game_fens[0], ply, san),
                       "before": game_scores[ply], "after": game_scores[ply + 1],
                       "loss": loss, "book": ply < book.get(number - 1, 0)}
                row.update({r: marks[r][ply] for r in reviewers})
                rows.append(row)
    return rows, seconds, labels


def show_score(score):
    kind, value = score
    if kind == "checkmate":
        return "1-0" if value > 0 else "0-1"
    return f"#{value:+d}" if kind == "mate" else f"{value / 100:+.2f}"


def print_moves(args, rows, reviewers):
    print(f"{'game':>4} {'ply':>4} {'move':<14} {'before':>7} {'after':>7} {'loss':>6}  "
          + "  ".join(f"{r:<4}" for r in reviewers))
    for row in rows:
        flag = "book" if row["book"] else ("REAL" if row["loss"] >= args.real_loss else
                                           "bad" if row["loss"] >= args.marked_loss else "")
        print(f"{row['game']:>4} {row['ply']:>4} {row['move']:<14} {show_score(row['before']):>7} "
              f"{show_score(row['after']):>7} {row['loss']:6.1f}  "
              + "  ".join(f"{row[r]:<4}" for r in reviewers) + f"  {flag}")
    print()


def print_table(results):
    load = results["load_average"]
    print(f"Review agreement, {results['date']}, commit {results['commit']}, "
          f"{results['cores']} cores, load {load[0]:.1f} → {load[1]:.1f}")
    left_out = results["opening_plies_left_out"]
    print(f"Games: {results['games']} from {results['games_source']}; "
          f"{results['plies_counted']} moves judged"
          + (f" ({left_out} opening moves left out)" if left_out else ""))
    print(f"Judge: {results['judge']} at depth {results['judge_depth']} (Threads 1, Hash 64); "
          f"a mark is right from a loss of {results['marked_loss']:g} points of winning chances, "
          f"a real mistake loses {results['real_loss']:g}")
    print(f"Reviews: options {results['review_options']}")
    print()
    print(f"| reviewer | moves | marked (? ??) | right (≥{results['marked_loss']:g}) | precision "
          f"| real mistakes (≥{results['real_loss']:g}) | marked | recall | s per 40 moves |")
    print("|---|---|---|---|---|---|---|---|---|")
    for f in results["reviewers"].values():
        print(f"| {f['label']} | {f['moves']} | {f['marked']} ({f['marked_?']} {f['marked_??']}) "
              f"| {f['marked_right']} | {percent(f['precision'])} | {f['real_mistakes']} "
              f"| {f['real_found']} | {percent(f['recall'])} | {f['seconds_per_40_moves']:.1f} |")


def main():
    args = parse_args()
    cli = os.path.realpath(args.cli or os.path.join(args.build, "src/cli/thinkchess-cli"))
    if not os.access(cli, os.X_OK):
        raise BenchError(f"no {cli}: build first (meson compile -C {args.build} thinkchess-cli)")
    if not os.access(args.stockfish, os.X_OK):
        raise BenchError(f"no Stockfish at {args.stockfish} (apt-get install stockfish)")
    load_start = os.getloadavg()[0]

    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    source, games, names, book = load_games(args, cli)
    fens = positions(cli, games)
    scores, judge_name = judge(args, args.stockfish, fens, names)
    budget = (["--nodes", str(args.review_nodes)] if args.review_nodes
              else ["--time-per-move", str(args.time_per_move)] if args.time_per_move
              else ["--depth", str(args.review_depth)] if args.review_depth else [])
    reviewers = {"ours": None} if args.no_peer else {"ours": None, "peer": args.stockfish}
    rows, seconds, labels = review_games(args, cli, budget, reviewers, games, names, fens,
                                         scores, book)

    counted = [r for r in rows if not r["book"]]
    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                                 capture_output=True, text=True).stdout.strip(),
        "games_source": source,
        "games": len(games),
        "plies_counted": len(counted),
        "opening_plies_left_out": len(rows) - len(counted),
        "judge": judge_name,
        "judge_depth": args.depth,
        "review_options": " ".join(budget) or "default",
        "marked_loss": args.marked_loss,
        "real_loss": args.real_loss,
        "load_average": [round(load_start, 2), round(os.getloadavg()[0], 2)],
        "cores": os.cpu_count(),
        "reviewers": {},
    }
    for r in reviewers:
        f = figures(counted, r, args.marked_loss, args.real_loss)
        f["seconds"] = round(seconds[r], 1)
        f["seconds_per_40_moves"] = round(seconds[r] / max(len(rows), 1) * 80, 1)
        f["label"] = labels[r]
        results["reviewers"][r] = f

    if args.verbose:
        print_moves(args, rows, reviewers)
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    else:
        print_table(results)


if __name__ == "__main__":
    try:
        main()
    except BenchError as e:
        print(f"review-agreement: {e}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
