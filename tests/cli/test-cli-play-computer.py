#!/usr/bin/env python3
"""`thinkchess-cli play` against the computer, through standard input.

The built-in engine (fast with --movetime), fake engines that misbehave,
and Stockfish when it is installed. Each case checks what the game printed
and the PGN it autosaved. Prints TAP.

Usage: test-cli-play-computer.py THINKCHESS-CLI FAKE-ENGINE
"""

import os
import re
import sys

from play_session import PlaySession, run_prompted
from tap_cases import case, expect, expect_in, expect_not_in, expect_re, run_cases

CLI = os.path.abspath(sys.argv[1])
FAKE = os.path.abspath(sys.argv[2])


class Session(PlaySession):
    """One run of the game, its folder removed as soon as it has run; a
    failure shows what the game printed too."""
    cli = CLI
    home_prefix = "thinkchess-cli-computer-"
    timeout = 240
    keep_home = False
    failure_shows_stdout = True


FAST = ["--movetime", "30"]


@case
def computer_answers_with_its_time():
    s = Session(["e4", "Nf3", "quit"], ["--black", "computer", "--level", "0"] + FAST)
    expect_in("ThinkChess (Beginner) is thinking…", s.out)
    m = expect_re(r"^ThinkChess \(Beginner\) played 1… (\S+) in (\d+\.\d) s\.$", s.out)
    expect(float(m.group(2)) < 5, "a 30 ms think took %s s" % m.group(2))
    expect_re(r"^ThinkChess \(Beginner\) played 2… \S+ in \d+\.\d s\.$", s.out)
    moves = s.moves()
    expect(len(moves) == 4 and moves[0] == "e4" and moves[2] == "Nf3",
           "both sides' moves autosaved: %r" % moves)
    expect(moves[1] == m.group(1), "the printed move is the played one")
    expect(s.tag("Black") == "ThinkChess (Beginner)", "Black is named in the PGN")
    expect(s.tag("White") in (None, "?", ""), "White stays the person: %r" % s.tag("White"))


@case
def untimed_pace_of_a_beginner():
    # No --movetime: the beginner takes about a second, not a moment.
    s = Session(["d4", "quit"], ["--black", "computer", "--level", "0"])
    m = expect_re(r"^ThinkChess \(Beginner\) played 1… \S+ in (\d+\.\d) s\.$", s.out)
    expect(0.7 <= float(m.group(1)) <= 3.0, "beginner's pace: %s s" % m.group(1))


@case
def computer_plays_white_first():
    s = Session(["quit"], ["--white", "computer", "--level", "2"] + FAST)
    expect_re(r"^ThinkChess \(Casual\) played 1\. \S+ in \d+\.\d s\.$", s.out)
    expect(len(s.moves()) == 1, "one move by White: %r" % s.moves())
    expect_in("Black to move>", s.out)


@case
def level_or_engine_alone_means_computer_black():
    s = Session(["e4", "quit"], ["--level", "1"] + FAST)
    expect_re(r"^ThinkChess \(Novice\) played 1… ", s.out)


@case
def hint_suggests_without_playing():
    s = Session(["e4", "hint", "quit"], ["--black", "computer", "--level", "0"] + FAST)
    m = expect_re(r"^Hint: (\S+)$", s.out)
    moves = s.moves()
    expect(len(moves) == 2, "the hint was not played: %r" % moves)
    expect(re.match(r"^([NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](=[NBRQ])?|O-O(-O)?)[+#]?$", m.group(1)),
           "a SAN move: %r" % m.group(1))


@case
def analyse_prints_score_and_line():
    # Its own 2 s, not FAST: 30 ms in a sanitizer build on a busy machine
    # may not finish the three plies the line below asks for.
    s = Session(["analyse", "quit"])
    expect_re(r"^Evaluation: [+-]?\d+\.\d\d \(depth \d+; \+ favours White\)$", s.out)
    expect_re(r"^Best line: 1\. \S+ \S+ 2\. ", s.out)
    expect(s.pgn is None or s.moves() == [], "analyse plays nothing")


@case
def analyse_sees_a_mate():
    # White mates in one: Ra8#.
    s = Session(["analyse", "hint", "quit"],
                ["--fen", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"] + FAST)
    expect_re(r"^Evaluation: \+M1 \(depth \d+; \+ favours White\)$", s.out)
    expect_re(r"^Best line: 1\. Ra8#$", s.out)
    expect_re(r"^Hint: Ra8#$", s.out)
    # Black to move and mate: the score is still from White's side.
    s = Session(["analyse", "quit"],
                ["--fen", "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1"] + FAST)
    expect_re(r"^Evaluation: -M1 ", s.out)
    expect_re(r"^Best line: 1… Ra1#$", s.out)


# 1. e4 e5 2. Bc4 Nc6 3. Qh5, Black to move: White threatens Qxf7#.
SCHOLARS_THREAT = ["e4", "e5", "Bc4", "Nc6", "Qh5"]
# 1. e4 e5 2. Qh5 Nc6 3. Bc4 g6, White to move: Black threatens the queen.
QUEEN_ATTACKED = "r1bqkbnr/pppp1p1p/2n3p1/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4"


@case
def threat_names_the_mate_typed_at_once():
    s = Session(SCHOLARS_THREAT + ["threat", "quit"])
    expect_re(r"^White threatens 4\. Qxf7#, mate in 1\.$", s.out)
    expect(s.moves() == SCHOLARS_THREAT, "the threat was played: %r" % s.moves())
    # It draws nothing: as many boards as without it.
    without = Session(SCHOLARS_THREAT + ["quit"])
    expect(len(s.boards()) == len(without.boards()),
           "threat drew a board (%d boards, %d without)" % (len(s.boards()), len(without.boards())))


@case
def threat_names_the_mate_typed_with_gaps():
    outputs = run_prompted(CLI, SCHOLARS_THREAT + ["threat"])
    expect_re(r"^White threatens 4\. Qxf7#, mate in 1\.$", outputs[-1])
    # A move that parries it (3… g6) leaves no mate to threaten.
    outputs = run_prompted(CLI, SCHOLARS_THREAT + ["g6", "threat"])
    # What it wins, in the review's words.
    expect_re(r"^Black threatens 4… gxh5, winning the queen\.$", outputs[-1])


@case
def threat_wins_material_the_same_every_time():
    runs = [Session(["threat", "threat", "quit"], ["--fen", QUEEN_ATTACKED]) for _ in range(2)]
    lines = [re.findall(r"^Black threatens .*$", s.out, re.M) for s in runs]
    expect_re(r"^Black threatens 4… gxh5, winning the queen\.$", runs[0].out)
    expect(lines[0] == lines[1] and len(lines[0]) == 2 and lines[0][0] == lines[0][1],
           "the same threat each time: %r" % lines)


@case
def threat_refused_in_check():
    s = Session(["threat", "quit"], ["--fen", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"])
    expect_re(r"^White is in check: no threat is shown\.$", s.out)
    expect_not_in("threatens", s.out)


@case
def undo_takes_back_the_pair():
    s = Session(["e4", "undo", "d4", "undo", "redo", "quit"],
                ["--black", "computer", "--level", "0"] + FAST)
    expect(s.out.count("Took back") == 4, "two pairs taken back:\n" + s.out)
    expect_in("Took back e4.", s.out)
    moves = s.moves()
    expect(len(moves) == 2 and moves[0] == "d4", "redo replayed the pair: %r" % moves)


@case
def computer_against_computer_to_mate():
    s = Session([], ["--white", "computer", "--black", "computer", "--level", "9",
                     "--fen", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "--movetime", "100"])
    expect_in("Checkmate!", s.out)
    expect(s.tag("Result") == "1-0", "White mated: %r" % s.tag("Result"))
    expect(s.tag("White") == "ThinkChess (Maximum)", "White's name: %r" % s.tag("White"))


# Black, the computer, has no knight on g8 (a knight down), or White, the
# person, has none on g1 (the computer a knight up); White to move.
BLACK_KNIGHT_DOWN = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BLACK_KNIGHT_UP = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"


@case
def draw_offer_accepted_a_knight_down():
    # On a search of the position, not on its level's judgement: Beginner
    # and Maximum alike, asked at once or after the Beginner's own move.
    for level, name, script in (("0", "Beginner", ["draw"]),
                                ("9", "Maximum", ["draw"]),
                                ("0", "Beginner", ["e4", "draw"])):
        s = Session(script + ["quit"], ["--black", "computer", "--level", level,
                                        "--fen", BLACK_KNIGHT_DOWN] + FAST)
        expect_in("ThinkChess (%s) accepts the draw." % name, s.out)
        expect(s.tag("Result") == "1/2-1/2", "drawn at level %s: %r" % (level, s.tag("Result")))


@case
def draw_offer_declined_a_knight_up():
    for level, name in (("0", "Beginner"), ("9", "Maximum")):
        s = Session(["draw", "e4", "quit"], ["--black", "computer", "--level", level,
                                             "--fen", BLACK_KNIGHT_UP] + FAST)
        expect_in("ThinkChess (%s) declines the draw." % name, s.out)
        expect(s.tag("Result") == "*" and len(s.moves()) == 2,
               "the game goes on at level %s: %r %r" % (level, s.tag("Result"), s.moves()))


@case
def draw_offer_typed_with_gaps():
    outputs = run_prompted(CLI, ["draw", "e4"], ["--black", "computer", "--level", "0",
                                                 "--fen", BLACK_KNIGHT_UP] + FAST)
    expect_re(r"^ThinkChess \(Beginner\) declines the draw\.$", outputs[1])
    # The game goes on: the move is played and answered.
    expect_re(r"^ThinkChess \(Beginner\) played 1… ", outputs[2])
    outputs = run_prompted(CLI, ["e4", "draw"], ["--black", "computer", "--level", "0",
                                                 "--fen", BLACK_KNIGHT_DOWN] + FAST)
    expect_re(r"^ThinkChess \(Beginner\) accepts the draw\.$", outputs[2])


@case
def new_game_against_the_computer():
    s = Session(["e4", "new", "d4", "quit"], ["--black", "computer", "--level", "0"] + FAST)
    expect_in("A new game begins.", s.out)
    moves = s.moves()
    expect(len(moves) == 2 and moves[0] == "d4", "the new game: %r" % moves)


def fake(*args):
    return " ".join([FAKE] + list(args))


@case
def external_engine_plays():
    s = Session(["e4", "quit"], ["--engine", fake()] + FAST)
    expect_re(r"^Fake Engine 1\.0 played 1… \S+ in \d+\.\d s\.$", s.out)
    expect(s.tag("Black") == "Fake Engine 1.0", "the engine's name: %r" % s.tag("Black"))
    s = Session(["e4", "quit"], ["--engine", fake("--xboard"), "--protocol", "xboard"] + FAST)
    expect_re(r"^Fake Board 2 played 1… \S+ in ", s.out)


@case
def crashing_engine_leaves_the_game():
    s = Session(["e4", "e5", "Nf3", "quit"], ["--engine", fake("--misbehave=crash")] + FAST)
    expect_in("Fake Engine 1.0 crashed.", s.out)
    expect_in("From now on the moves of Fake Engine 1.0 are typed here.", s.out)
    moves = s.moves()
    expect(moves == ["e4", "e5", "Nf3"], "the game went on by hand: %r" % moves)


@case
def illegal_move_named():
    s = Session(["e4", "quit"], ["--engine", fake("--misbehave=illegal")] + FAST)
    # It plays a move of the side not to move.
    expect_in("Fake Engine 1.0 played an illegal move: e2e4.", s.out)
    expect(s.moves() == ["e4"], "the illegal move was not played: %r" % s.moves())
    s = Session(["e4", "quit"], ["--engine", fake("--misbehave=nonsense")] + FAST)
    expect_in("Fake Engine 1.0 played an illegal move: zz99.", s.out)


@case
def engine_exiting_while_idle():
    # It answers, then exits while the person thinks; the next move is the
    # person's to type for Black.
    s = Session(["e4", "hint", "d4", "quit"], ["--engine", fake("--misbehave=exit-idle")] + FAST)
    expect_in("Fake Engine 1.0 crashed.", s.out)
    expect_in("From now on the moves of Fake Engine 1.0 are typed here.", s.out)


@case
def bad_command_lines():
    s = Session([], ["--white", "robot"], status=2)
    expect_in("--white wants “human” or “computer”, not “robot”.", s.err)
    s = Session([], ["--level", "42"], status=2)
    expect_in("The level must be a number from 0 to 9.", s.err)
    s = Session([], ["--engine", "x", "--protocol", "zmodem"], status=2)
    expect_in("Unknown engine protocol “zmodem”", s.err)
    s = Session([], ["--movetime", "-5"], status=2)
    expect_in("move time", s.err)
    s = Session(["quit"], ["--engine", "/nonexistent/engine"], status=1)
    expect_in("Could not run the engine “/nonexistent/engine”", s.err)
    s = Session(["quit"], ["--engine", "'unclosed"], status=1)
    expect_in("Cannot read the engine command", s.err)


@case
def help_names_the_options_and_commands():
    s = Session([], ["--help"])
    for option in ("--white", "--black", "--level", "--engine", "--protocol", "--movetime"):
        expect_in(option, s.out, "--help")
    expect_re(r"^  0  Beginner \(about \d+ Elo\)$", s.out, "--help")
    expect_re(r"^  9  Maximum \(about \d+ Elo\)$", s.out, "--help")
    s = Session(["help", "quit"])
    expect_in("hint", s.out)
    expect_in("analyse", s.out)
    expect_in("threat", s.out)


@case
def stockfish_when_installed():
    if not any(os.access(os.path.join(d, "stockfish"), os.X_OK)
               for d in os.environ.get("PATH", "").split(":") + ["/usr/games"]):
        print("# skipped: Stockfish is not installed")
        return
    s = Session(["e4", "analyse", "quit"], ["--engine", "stockfish", "--movetime", "100"])
    expect_re(r"^Stockfish played 1… \S+ in \d+\.\d s\.$", s.out)
    expect_re(r"^Evaluation: [+-]?\d+\.\d\d \(depth \d+", s.out)


@case
def german():
    localedir = os.environ.get("THINKCHESS_LOCALEDIR")
    if not localedir or not os.path.isdir(localedir):
        print("# skipped: no built translations")
        return
    s = Session(["e4", "hint", "quit"], ["--black", "computer", "--level", "0"] + FAST,
                env={"LANGUAGE": "de", "LC_ALL": "de_DE.UTF-8"})
    expect_in("denkt nach", s.out)
    expect_re(r"^Tipp: \S+$", s.out)


if __name__ == "__main__":
    sys.exit(run_cases())
