#!/usr/bin/env python3
"""`thinkchess-cli match` between fake engines (UCI and xboard), with every
way an engine can lose by a fault, and -- when `thinkchess-cli uci` exists --
short self-play games of our engine through UCI and through polyglot, the
UCI-to-xboard adapter, so the xboard path meets a real adapter.

Each case runs a match, then checks the printed table and the PGN it wrote
(replayed by `thinkchess-cli pgn`, which checks every move). Prints TAP.

Usage: test-cli-match.py THINKCHESS-CLI FAKE-ENGINE
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

CLI = os.path.abspath(sys.argv[1])
FAKE = os.path.abspath(sys.argv[2])
CASES = []
TMP = tempfile.mkdtemp(prefix="thinkchess-match-test-")
OPENINGS = os.path.join(TMP, "openings")
with open(OPENINGS, "w") as f:
    f.write("# two openings, moves in any notation\n"
            "e2e4 e7e5 g1f3 b8c6  # a comment\n"
            "1. d4 d5 2. c4\n")


def case(func):
    CASES.append(func)
    return func


def env():
    environ = dict(os.environ)
    environ.update({"LC_ALL": "C.UTF-8", "LANGUAGE": "C",
                    "G_DEBUG": "fatal-criticals"})
    return environ


def run_match(*args, status=0):
    pgn = os.path.join(TMP, "games.pgn")
    if os.path.exists(pgn):
        os.unlink(pgn)
    proc = subprocess.run([CLI, "match", "--pgn", pgn] + list(args),
                          capture_output=True, text=True, env=env(), timeout=120)
    assert proc.returncode == status, (
        f"exit status {proc.returncode}, wanted {status}\n{proc.stdout}\n{proc.stderr}")
    return proc, pgn


def table_rows(stdout):
    """Rows of the final table: name, games, W-D-L, score, elo, time, illegal, crash."""
    lines = stdout.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("Opponent"))
    rows = []
    for line in lines[start + 1:]:
        m = re.match(r"^(.+?)\s+(\d+)\s+(\d+-\d+-\d+)\s+([\d.]+%)\s+(.+?)\s+(\d+)\s+(\d+)\s+(\d+)$",
                     line)
        if m:
            rows.append(m.groups())
    return rows


def pgn_games(pgn):
    """Replays the PGN with `thinkchess-cli pgn`; returns the tag sets."""
    check = subprocess.run([CLI, "pgn", "--count", pgn], capture_output=True,
                           text=True, env=env())
    assert check.returncode == 0, check.stderr
    with open(pgn) as f:
        text = f.read()
    games = []
    for block in re.split(r"\n(?=\[Event )", text.strip()):
        games.append(dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', block, re.M)))
    return games, text


def fake(*extra, proto="uci"):
    cmd = FAKE + "".join(" " + e for e in extra)
    if proto == "xboard":
        return ["cmd=" + cmd + " --xboard", "proto=xboard"]
    return ["cmd=" + cmd]


@case
def uci_against_xboard():
    """Two fake engines, both protocols: every game ends by the rules."""
    proc, pgn = run_match("--openings", OPENINGS, "--games", "4", "--each", "tc=5+0.1",
                          "--engine", *fake(), "--engine", *fake(proto="xboard"))
    rows = table_rows(proc.stdout)
    assert len(rows) == 1, proc.stdout
    name, games, wdl, score, elo, time, illegal, crash = rows[0]
    assert name == "Fake Board 2" and games == "4", rows
    assert (time, illegal, crash) == ("0", "0", "0"), rows
    assert len(re.findall(r"^Game \d+: ", proc.stdout, re.M)) == 4, proc.stdout
    games, text = pgn_games(pgn)
    assert len(games) == 4, text
    for g in games:
        assert g["Result"] in ("1-0", "0-1", "1/2-1/2"), g
        assert g["Termination"] == "normal", g
        assert g["TimeControl"] == "5+0.1", g
    # Each opening with both colours, the opening moves marked as book.
    assert games[0]["White"] == "Fake Engine 1.0" and games[1]["White"] == "Fake Board 2"
    assert text.count("{book}") == 4, text
    assert "1. e4 e5 2. Nf3 Nc6 {book}" in text and "1. d4 d5 2. c4 {book}" in text, text


def fault_case(misbehave, column, proto="uci", tc="tc=1+0.1"):
    proc, pgn = run_match("--games", "2", "--each", tc,
                          "--engine", *fake("--misbehave=" + misbehave, "--on-move=2", proto=proto),
                          "--engine", *fake())
    rows = table_rows(proc.stdout)
    name, games, wdl, score, elo, time, illegal, crash = rows[0]
    counts = {"time": time, "illegal": illegal, "crash": crash}
    assert wdl == "0-0-2" and counts[column] == "2", proc.stdout
    assert all(v == "0" for k, v in counts.items() if k != column), proc.stdout
    games, text = pgn_games(pgn)
    assert len(games) == 2
    return proc, games


@case
def illegal_moves_lose():
    proc, games = fault_case("illegal", "illegal")
    assert all(g["Termination"] == "rules infraction" for g in games), games
    assert "illegal move" in proc.stdout


@case
def illegal_moves_lose_xboard():
    fault_case("nonsense", "illegal", proto="xboard")


@case
def hung_engine_loses_on_time():
    proc, games = fault_case("hang", "time", tc="tc=0.3+0")
    assert all(g["Termination"] == "time forfeit" for g in games), games


@case
def crashing_engine_loses_and_is_restarted():
    # The second game needs a fresh engine: it must be started again.
    proc, games = fault_case("crash", "crash")
    assert all(g["Termination"] == "abandoned" for g in games), games


@case
def false_claim_loses():
    proc, games = fault_case("claim", "crash", proto="xboard")
    assert "false claim" in proc.stdout, proc.stdout


@case
def sprt_stops_early():
    proc, pgn = run_match("--games", "200", "--sprt", "-10,10", "--each", "tc=1+0.1",
                          "--engine", *fake("--misbehave=illegal", "--on-move=1"),
                          "--engine", *fake())
    rows = table_rows(proc.stdout)
    assert int(rows[0][1]) < 200, proc.stdout
    assert "H0 accepted" in proc.stdout, proc.stdout


@case
def bad_arguments_are_explained():
    proc, _ = run_match("--engine", "cmd=x", "speed=3", "--engine", "cmd=y", status=2)
    assert "speed" in proc.stderr, proc.stderr
    proc, _ = run_match("--engine", "cmd=x", "tc=fast", "--engine", "cmd=y", status=2)
    assert "fast" in proc.stderr, proc.stderr
    proc, _ = run_match("--engine", *fake(), "tc=1+0", status=2)
    assert "two engines" in proc.stderr, proc.stderr
    bad = os.path.join(TMP, "bad-openings")
    with open(bad, "w") as f:
        f.write("e2e4 e7e5\ne2e4 e2e5\n")
    proc, _ = run_match("--openings", bad, "--each", "tc=1+0", "--engine", *fake(),
                        "--engine", *fake(), status=1)
    assert bad + ":2:" in proc.stderr, proc.stderr
    proc, _ = run_match("--each", "tc=1+0", "--engine", "cmd=/nonexistent/engine",
                        "--engine", *fake(), status=1)
    assert "/nonexistent/engine" in proc.stderr, proc.stderr


@case
def pgn_file_is_added_to():
    """--pgn adds the games at the end, as cutechess-cli does: a file's
    games stay, match after match."""
    pgn = os.path.join(TMP, "kept.pgn")
    old = ('[Event "Earlier"]\n[Site "?"]\n[Date "2026.01.01"]\n[Round "1"]\n'
           '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0')
    with open(pgn, "w") as f:
        f.write(old)             # no newline at its end
    for run in (1, 2):
        proc = subprocess.run([CLI, "match", "--pgn", pgn, "--games", "2", "--each", "tc=5+0.1",
                               "--engine", *fake(), "--engine", *fake()],
                              capture_output=True, text=True, env=env(), timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        games, text = pgn_games(pgn)
        assert text.startswith(old + "\n\n[Event "), text[:600]
        assert len(games) == 1 + 2 * run, text
        assert [g["Event"] for g in games] == ["Earlier"] + ["ThinkChess match"] * 2 * run, games
    os.unlink(pgn)


@case
def unwritable_pgn_is_said_before_the_first_game():
    for path in (os.path.join(TMP, "no", "such", "folder", "games.pgn"), TMP):
        proc = subprocess.run([CLI, "match", "--pgn", path, "--games", "2", "--each", "tc=5+0.1",
                               "--engine", *fake(), "--engine", *fake()],
                              capture_output=True, text=True, env=env(), timeout=120)
        assert proc.returncode == 1, (proc.returncode, proc.stdout, proc.stderr)
        assert "Could not write the games to “%s”" % path in proc.stderr, proc.stderr
        assert "Game 1:" not in proc.stdout, "a game was played first:\n" + proc.stdout
    # A match that cannot start leaves no empty file behind.
    fresh = os.path.join(TMP, "fresh.pgn")
    proc = subprocess.run([CLI, "match", "--pgn", fresh, "--each", "tc=1+0",
                           "--engine", "cmd=/nonexistent/engine", "--engine", *fake()],
                          capture_output=True, text=True, env=env(), timeout=120)
    assert proc.returncode == 1 and not os.path.exists(fresh), proc.stderr


@case
def each_gives_protocol_and_name():
    """Settings after --each apply to every engine that does not set them:
    proto= and name= too."""
    xboard = "cmd=" + FAKE + " --xboard"
    proc, pgn = run_match("--games", "2", "--each", "tc=5+0.1", "proto=xboard", "name=Everyone",
                          "--engine", xboard, "name=First", "--engine", xboard)
    rows = table_rows(proc.stdout)
    assert rows[0][0] == "Everyone" and rows[0][1] == "2", proc.stdout
    assert rows[0][5:] == ("0", "0", "0"), proc.stdout
    games, _ = pgn_games(pgn)
    assert {g["White"] for g in games} == {"First", "Everyone"}, games


def have_uci():
    usage = subprocess.run([CLI, "--help"], capture_output=True, text=True, env=env())
    return re.search(r"^\s+uci\b", usage.stdout, re.M) is not None


def polyglot():
    return shutil.which("polyglot") or (os.path.exists("/usr/games/polyglot") and "/usr/games/polyglot")


@case
def self_play_uci():
    if not have_uci():
        return "SKIP thinkchess-cli has no uci command in this build"
    ours = ["cmd=" + CLI + " uci", "option.Hash=16"]
    # A node limit, not a clock: these games test the protocol and the
    # referee, and under ASan on a loaded machine a 1 s clock is lost to the
    # scheduler (an engine starved of CPU for a few tenths of a second).
    proc, pgn = run_match("--openings", OPENINGS, "--games", "2", "--each", "nodes=3000",
                          "--max-moves", "60",
                          "--engine", *ours, "name=A", "--engine", *ours, "name=B")
    rows = table_rows(proc.stdout)
    assert rows[0][1] == "2" and rows[0][5:] == ("0", "0", "0"), proc.stdout
    games, _ = pgn_games(pgn)
    assert all(g["Termination"] in ("normal", "adjudication") for g in games), games


@case
def self_play_through_polyglot():
    if not have_uci():
        return "SKIP thinkchess-cli has no uci command in this build"
    adapter = polyglot()
    if not adapter:
        return "SKIP polyglot is not installed (build-aux/install-deps.sh --test)"
    cmd = "cmd=" + adapter + " -noini -ec '" + CLI + " uci'"
    # A fixed depth (xboard "sd"; xboard has no node limit), not a clock:
    # see self_play_uci.
    proc, pgn = run_match("--openings", OPENINGS, "--games", "2", "--each", "depth=3",
                          "--max-moves", "60",
                          "--engine", cmd, "proto=xboard", "name=Polyglot",
                          "--engine", "cmd=" + CLI + " uci", "name=Direct")
    rows = table_rows(proc.stdout)
    assert rows[0][1] == "2" and rows[0][5:] == ("0", "0", "0"), proc.stdout
    games, _ = pgn_games(pgn)
    assert len(games) == 2


def main():
    print(f"1..{len(CASES)}")
    failed = 0
    for n, func in enumerate(CASES, 1):
        try:
            skip = func()
            if isinstance(skip, str) and skip.startswith("SKIP"):
                print(f"ok {n} {func.__name__} # {skip}")
            else:
                print(f"ok {n} {func.__name__}")
        except Exception as e:  # noqa: BLE001 -- report every failure as TAP
            failed += 1
            print(f"not ok {n} {func.__name__}")
            for line in str(e).splitlines() or [repr(e)]:
                print(f"# {line}")
    shutil.rmtree(TMP, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
