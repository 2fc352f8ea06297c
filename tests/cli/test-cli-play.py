#!/usr/bin/env python3
"""Scripted sessions of `thinkchess-cli play` through standard input.

Standard output is a pipe here, so the game draws its plain ASCII board.
Each case feeds a script, checks what the game printed and, where the game
changed, the PGN it autosaved to $XDG_DATA_HOME/thinkchess/last-game.pgn.
Prints TAP.

Usage: test-cli-play.py THINKCHESS-CLI
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from play_session import PlaySession
from tap_cases import case, expect, expect_in, expect_not_in, run_cases

CLI = os.path.abspath(sys.argv[1])


class Session(PlaySession):
    """One run of the game; its folder stays until close(), for the files
    a case saves there."""
    cli = CLI


def square_text(ranks, square, flipped=False):
    """The three characters drawn for `square` on a board from boards()."""
    file = ord(square[0]) - ord("a")
    rank = int(square[1])
    row = rank - 1 if flipped else 8 - rank
    col = 7 - file if flipped else file
    return ranks[row][col * 3:col * 3 + 3]


# ---- Whole games ----

@case
def scholars_mate():
    s = Session(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#", "quit"])
    try:
        expect(s.status == 0, "exit status %d" % s.status)
        expect_in("White played 4. Qxf7#.", s.out)
        expect_in("Checkmate! Black is checkmated.", s.out)
        expect_in("Result: 1-0", s.out)
        expect_in("Game over (1-0)> ", s.out)
        expect_in("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", s.out)
        expect(s.tag("Result") == "1-0", "autosaved result %r" % s.tag("Result"))
        expect_in("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", s.movetext(),
                  "autosaved movetext")
        # The final board: the queen on f7, the black king still on e8.
        last = s.boards()[-1]
        expect(square_text(last, "f7") == " Q ", "f7: %r" % square_text(last, "f7"))
        expect(square_text(last, "e8") == " k ", "e8: %r" % square_text(last, "e8"))
    finally:
        s.close()


@case
def notations_long_algebraic_and_uci():
    s = Session(["e2-e4", "e7e5", "Ng1-f3", "b8c6", "f1 c4", "Ng8xf6", "Nf6", "quit"])
    try:
        expect_in("White played 2. Nf3.", s.out)
        expect_in("Black played 2… Nc6.", s.out)
        expect_in("White played 3. Bc4.", s.out)
        expect_in("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 *", s.movetext(), "autosaved movetext")
    finally:
        s.close()


@case
def stalemate():
    fen = "7k/8/6K1/5Q2/8/8/8/8 w - - 0 1"
    s = Session(["Qf7", "quit"], args=["--fen", fen])
    try:
        expect(s.status == 0, "exit status %d" % s.status)
        expect_in("Stalemate!", s.out)
        expect_in("Result: ", s.out)
        expect_in("(1/2-1/2)", s.out)
        expect(s.tag("Result") == "1/2-1/2", "autosaved result %r" % s.tag("Result"))
        expect(s.tag("FEN") == fen, "autosaved FEN %r" % s.tag("FEN"))
        expect_in("1. Qf7 1/2-1/2", s.movetext(), "autosaved movetext")
    finally:
        s.close()


@case
def undo_of_castling():
    before = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    s = Session(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "undo", "fen",
                 "redo", "undo", "0-0", "quit"])
    try:
        expect_in("White played 4. O-O.", s.out)
        expect_in("Took back O-O.", s.out)
        expect_in(before, s.out)
        boards = s.boards()
        # After the undo: king on e1 and rook on h1 again, f1 and g1 empty.
        undone = None
        for b in boards:
            if square_text(b, "e1") == " K " and square_text(b, "c4") == " B " \
               and square_text(b, "c5") == " b ":
                undone = b
        expect(undone is not None, "no board with the king back on e1")
        expect(square_text(undone, "h1") == " R ", "h1 %r" % square_text(undone, "h1"))
        expect(square_text(undone, "g1") == " . ", "g1 %r" % square_text(undone, "g1"))
        # Castling again works (the rights came back), and is autosaved.
        final = boards[-1]
        expect(square_text(final, "g1") == " K ", "g1 %r" % square_text(final, "g1"))
        expect(square_text(final, "f1") == " R ", "f1 %r" % square_text(final, "f1"))
        expect_in("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *", s.movetext(),
                  "autosaved movetext")
    finally:
        s.close()


@case
def draw_offer_accepted():
    s = Session(["e4", "e5", "draw", "y", "quit"])
    try:
        expect_in("White offers a draw. Black, do you accept? [y/n] ", s.out)
        expect_in("Result: ", s.out)
        expect_in("(1/2-1/2)", s.out)
        expect(s.tag("Result") == "1/2-1/2", "autosaved result %r" % s.tag("Result"))
        expect_in("1. e4 e5 1/2-1/2", s.movetext(), "autosaved movetext")
    finally:
        s.close()


@case
def draw_offer_declined_then_bad_answer():
    s = Session(["e4", "draw", "maybe", "n", "e5", "quit"])
    try:
        expect_in("Black offers a draw. White, do you accept? [y/n] ", s.out)
        expect_in("Please answer “y” for yes or “n” for no.", s.out)
        expect_in("White declines the draw.", s.out)
        expect_in("Black played 1… e5.", s.out)
        expect(s.tag("Result") == "*", "autosaved result %r" % s.tag("Result"))
    finally:
        s.close()


@case
def resign_confirmed_and_cancelled():
    s = Session(["e4", "resign", "n", "resign", "yes", "e5", "quit"])
    try:
        expect_in("Black, do you really want to resign? [y/n] ", s.out)
        expect_in("The game goes on.", s.out)
        expect_in("Result: ", s.out)
        expect_in("(1-0)", s.out)
        expect_in("The game is over.", s.out)
        expect(s.tag("Result") == "1-0", "autosaved result %r" % s.tag("Result"))
    finally:
        s.close()


@case
def threefold_claim():
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    s = Session(["claim"] + shuffle + shuffle[:3] + ["claim Ng8", "quit"])
    try:
        expect_in("No draw can be claimed now", s.out)
        expect_in("Result: ", s.out)
        expect_in("(1/2-1/2)", s.out)
        expect(s.tag("Result") == "1/2-1/2", "autosaved result %r" % s.tag("Result"))
        expect_in("4. Ng1 Ng8 1/2-1/2", s.movetext(), "autosaved movetext")
    finally:
        s.close()


@case
def threefold_announced_then_claimed():
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    s = Session(shuffle + shuffle + ["claim", "quit"])
    try:
        expect_in("White may claim a draw by threefold repetition: type “claim”.", s.out)
        expect(s.tag("Result") == "1/2-1/2", "autosaved result %r" % s.tag("Result"))
    finally:
        s.close()


@case
def check_announced():
    s = Session(["e4", "e5", "Qh5", "Nc6", "Qxf7+", "quit"])
    try:
        expect_in("Check! Black is in check.", s.out)
        expect_in("Black to move, in check> ", s.out)
        # The panel beside the board says so too.
        expect(re.search(r"^ [1-8] .*  Black to move, in check$", s.out, re.M) is not None,
               "no check in the panel")
    finally:
        s.close()


@case
def insufficient_material():
    s = Session(["Kxd2", "quit"], args=["--fen", "8/8/8/4k3/8/8/3r4/4K3 w - - 0 1"])
    try:
        expect_in("Neither side has enough material left to checkmate.", s.out)
        expect_in("(1/2-1/2)", s.out)
        expect(s.tag("Result") == "1/2-1/2", "autosaved result %r" % s.tag("Result"))
    finally:
        s.close()


@case
def fifty_moves_claims():
    fen = "4k3/8/8/8/8/8/8/R3K1N1 w - - 99 80"
    s = Session(["Nf3", "claim", "quit"], args=["--fen", fen])
    try:
        expect_in("Black may claim a draw by the fifty-move rule: type “claim”.", s.out)
        expect(s.tag("Result") == "1/2-1/2", "autosaved result %r" % s.tag("Result"))
    finally:
        s.close()
    # White claims with the move that completes the fifty.
    s = Session(["claim Ra2", "quit"], args=["--fen", fen])
    try:
        expect_in("80. Ra2 1/2-1/2", s.movetext(), "autosaved movetext")
    finally:
        s.close()
    s = Session(["claim Zz9", "claim", "quit"], args=["--fen", "4k3/8/8/8/8/8/8/R3K1N1 w - - 10 80"])
    try:
        expect(s.pgn is None, "something was played")
        expect_in("No draw can be claimed now", s.out)
    finally:
        s.close()


@case
def promotion():
    s = Session(["e7", "e8", "e8=N", "undo", "e7e8q", "quit"],
                args=["--fen", "8/4P3/8/8/8/2k5/8/K7 w - - 0 1"])
    try:
        expect_in("Pawn on e7 can move to e8.", s.out)
        expect_in("Which piece should the pawn become? Type, for example, “e8=Q” or “e8=N”.",
                  s.out)
        expect_in("White played 1. e8=N.", s.out)
        expect_in("White played 1. e8=Q.", s.out)
        expect(square_text(s.boards()[-1], "e8") == " Q ", "no queen on e8")
        expect_in("1. e8=Q *", s.movetext(), "autosaved movetext")
    finally:
        s.close()


# ---- Looking at the game ----

@case
def select_piece_shows_targets():
    s = Session(["g1", "", "b1", "c3", "quit"])
    try:
        expect_in("Knight on g1 can move to f3, h3.", s.out)
        expect_in("White to move (knight on g1 selected)> ", s.out)
        boards = s.boards()
        sel = boards[1]
        expect(square_text(sel, "g1") == "[N]", "g1 %r" % square_text(sel, "g1"))
        expect(square_text(sel, "f3") == " * ", "f3 %r" % square_text(sel, "f3"))
        expect(square_text(sel, "h3") == " * ", "h3 %r" % square_text(sel, "h3"))
        expect(sum(r.count("*") for r in sel) == 2, "targets: %r" % sel)
        # The empty line dropped it; b1 then c3 moves the other knight.
        expect(sum(r.count("*") for r in boards[2]) == 0, "still marked")
        expect_in("Knight on b1 can move to a3, c3.", s.out)
        expect_in("White played 1. Nc3.", s.out)
        expect_in("1. Nc3 *", s.movetext(), "autosaved movetext")
    finally:
        s.close()


@case
def select_capture_targets_and_prompt_follows_side():
    s = Session(["e4", "d5", "e4", "e7", "quit"])
    try:
        expect_in("Pawn on e4 can move to d5, e5.", s.out)
        sel = s.boards()[-1]
        expect(square_text(sel, "e4") == "[P]", "e4 %r" % square_text(sel, "e4"))
        expect(square_text(sel, "d5") == "(p)", "d5 %r" % square_text(sel, "d5"))
        expect(square_text(sel, "e5") == " * ", "e5 %r" % square_text(sel, "e5"))
        expect_in("Black to move> ", s.out)
        expect_in("The piece on e7 belongs to Black, and it is White’s turn.", s.out)
    finally:
        s.close()


@case
def piece_without_moves():
    s = Session(["a1", "quit"])
    try:
        expect_in("Rook on a1 has no legal moves.", s.out)
    finally:
        s.close()


@case
def list_moves():
    s = Session(["moves", "e4", "e5", "Ke2", "moves", "quit"])
    try:
        expect_in("White has 20 legal moves:", s.out)
        first = s.out[s.out.index("White has 20 legal moves:"):]
        listed = first.split("\n", 1)[1].split("White to move")[0].split()
        expect(sorted(listed) == sorted(
            "a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Na3 Nc3 Nf3 Nh3".split()),
            "listed %r" % listed)
        expect_in("Black has 29 legal moves:", s.out)
    finally:
        s.close()


@case
def flip_and_fen():
    s = Session(["e4", "flip", "fen", "quit"])
    try:
        expect_in("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", s.out)
        flipped = s.boards()[-1]
        expect(flipped[0].split() == "R N B K Q B N R".split(), "rank 1 %r" % flipped[0])
        expect(square_text(flipped, "e4", flipped=True) == " P ", "e4 flipped")
        expect(re.search(r"^\s+h  g  f  e  d  c  b  a$", s.out, re.M) is not None,
               "file letters not reversed")
    finally:
        s.close()


@case
def cemetery_and_history():
    s = Session(["e4", "d5", "exd5", "Qxd5", "Nc3", "quit"])
    try:
        last = s.out[s.out.rindex(" a  b  c"):]
        expect_in("Captured by White: p", s.out)
        board_lines = [l for l in s.out.splitlines() if "Captured by" in l]
        expect_in("Captured by Black: P", "\n".join(board_lines[-2:]))
        expect_in("Captured by White: p", "\n".join(board_lines[-2:]))
        expect_in("1. e4 d5 2. exd5 Qxd5 3. Nc3", s.out)
        expect_in("Last move: 3. Nc3", s.out)
        expect(last is not None, "board")
    finally:
        s.close()


@case
def save_and_load():
    s = Session(["e4", "e5", "save game one.pgn", "new", "load game one.pgn", "Nf3",
                 "quit"])
    try:
        expect_in("Saved the game to “game one.pgn”.", s.out)
        expect_in("A new game begins.", s.out)
        expect_in("Loaded “game one.pgn”.", s.out)
        with open(s.path("game one.pgn"), encoding="utf-8") as f:
            saved = f.read()
        expect_in("1. e4 e5 *", saved, "saved file")
        expect_in("1. e4 e5 2. Nf3 *", s.movetext(), "autosaved movetext")
    finally:
        s.close()


@case
def load_from_command_line_and_multi_game_file():
    home = tempfile.mkdtemp(prefix="thinkchess-cli-pgn-")
    try:
        path = os.path.join(home, "two.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write('[Event "A"]\n[White "Ann"]\n[Black "Bob"]\n[Result "*"]\n\n'
                    '1. d4 d5 *\n\n'
                    '[Event "B"]\n[White "Cy"]\n[Black "Di"]\n[Result "*"]\n\n'
                    '1. c4 e5 2. Nc3 *\n')
        s = Session(["7", "x", "2", "fen", "quit"], args=[path])
        try:
            expect(s.status == 0, "status %d: %s" % (s.status, s.err))
            expect_in("holds 2 games:", s.out)
            expect_in("Please type a number from 1 to 2.", s.out)
            expect_in("  2. Cy – Di, *, B", s.out)
            # Black (Di) is to move after 2. Nc3; the prompt names the player.
            expect_in("Di to move> ", s.out)
            expect_in("rnbqkbnr/pppp1ppp/8/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR b KQkq - 1 2", s.out)
        finally:
            s.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


@case
def save_never_puts_one_game_in_place_of_many():
    home = tempfile.mkdtemp(prefix="thinkchess-cli-save-")
    try:
        first = '[Event "A"]\n[White "Ann"]\n[Black "Bob"]\n[Result "*"]\n\n1. d4 d5 *\n\n'
        middle = '[Event "B"]\n[White "Cy"]\n[Black "Di"]\n[Result "*"]\n\n1. c4 e5 2. Nc3 *\n\n'
        last = '[Event "C"]\n[White "Ed"]\n[Black "Flo"]\n[Result "*"]\n\n{Keep me.} 1. e4 (1. f4) *\n'
        three = os.path.join(home, "three.pgn")
        other = os.path.join(home, "other.pgn")
        with open(three, "w", encoding="utf-8") as f:
            f.write(first + middle + last)
        with open(other, "w", encoding="utf-8") as f:
            f.write(first + last)
        s = Session(["2", "Nf6",
                     "save " + three,                  # game B in its place
                     "save " + other, "n", "n",        # neither added nor replaced
                     "save " + other, "y",             # added at the end
                     "Bg2",                            # (not legal: nothing changes)
                     "save " + other,                  # now in its place there
                     "new", "save " + three, "n", "n",  # a new game: asked again
                     "quit"], args=[three])
        try:
            with open(three, encoding="utf-8") as f:
                text = f.read()
            expect(text.startswith(first), "game A changed:\n" + text)
            expect(text.endswith(last), "game C changed:\n" + text)
            expect_in("1. c4 e5 2. Nc3 Nf6 *", text, "three.pgn")
            expect(text.count("[Event ") == 3, "three.pgn holds:\n" + text)
            expect_in("Saved the game in its place in “%s”; the other 2 games are as they were."
                      % three, s.out)
            expect_in("“%s” already holds 2 games. Add this game at the end of the file? [y/n]"
                      % other, s.out)
            expect_in("Replace the whole of “%s”, with its 2 games, by this game? [y/n]" % other, s.out)
            expect_in("Not saved: “%s” is as it was." % other, s.out)
            expect_in("Added the game to “%s”, which now holds 3 games." % other, s.out)
            expect(s.out.count("Not saved: “%s” is as it was." % three) == 1,
                   "the new game was not refused once:\n" + s.out)
            with open(other, encoding="utf-8") as f:
                text = f.read()
            expect(text.startswith(first + last), "other.pgn's games changed:\n" + text)
            expect(text.count("[Event ") == 3 and "1. c4 e5 2. Nc3 Nf6 *" in text,
                   "other.pgn holds:\n" + text)
            expect_in("Saved the game in its place in “%s”; the other 2 games are as they were."
                      % other, s.out)
        finally:
            s.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


# ---- Bad input, every kind ----

@case
def error_messages():
    s = Session([
        "dance",                 # unknown command
        "e5",                    # no pawn can go there
        "Ke2",                   # the king can't move there
        "xyz123",                # unreadable move
        "i9",                    # not a square
        "e7e5",                  # not White's turn
        "undo",                  # nothing to take back
        "redo",                  # nothing to redo
        "save",                  # no file name
        "load",                  # no file name
        "load no-such-file.pgn", # missing file
        "save no/such/dir/x.pgn",  # cannot write
        "quit now",              # arguments where none belong
        "Nf3", "a6", "d3", "a5", "Nd2",  # ambiguous
        "quit",
    ], env=None)
    try:
        out = s.out
        expect_in("Unknown command “dance”. Type “help” for the list of commands.", out)
        expect_in("There is no piece on e5, and no pawn can move there.", out)
        expect_in("“i9” is not a square: files go from a to h and ranks from 1 to 8.", out)
        expect_in("There is no move to take back.", out)
        expect_in("There is no move to redo.", out)
        expect_in("Save where? Type “save FILE”", out)
        expect_in("Load what? Type “load FILE”", out)
        expect_in("Could not read “no-such-file.pgn”", out)
        expect_in("“quit” takes no arguments.", out)
        expect_in("Could not save “no/such/dir/x.pgn”", out)
        expect_in("The game on the board is unchanged.", out)
        expect_in("ambiguous", out)
        # Each refused move left the game as it was: the first move played
        # is Nf3.
        expect_in("1. Nf3 a6 2. d3 a5 *", s.movetext(), "autosaved movetext")
        # Every refusal is followed by the prompt again.
        expect(out.count("White to move> ") >= 15, "prompts: %d" % out.count("White to move> "))
    finally:
        s.close()


@case
def model_error_messages():
    s = Session(["Ke2", "e7e5", "xyz123", "O-O", "Qxh7", "quit"])
    try:
        # The model's and the core's words, passed on as they are.
        for text in ("The king can't move to e2", "It's not your turn",
                     "Unrecognised move: 'xyz123'", "Castling is not allowed",
                     "No queen can move to h7"):
            expect_in(text, s.out)
        expect(s.pgn is None, "a refused move was autosaved")
        expect(s.out.count("White to move> ") == 6, "prompts")
    finally:
        s.close()


@case
def more_error_messages():
    s = Session(["claim e4", "quit"])
    try:
        expect_in("That move does not give a draw to claim", s.out)
        expect(s.pgn is None, "the move was played")
    finally:
        s.close()
    # The autosave file cannot be written: said once per change, play goes on.
    s = Session(["e4", "e5", "quit"], env={"XDG_DATA_HOME": "/dev/null/thinkchess-test"})
    try:
        expect(s.out.count("Could not save the game for the desktop app: ") == 2,
               "autosave failures:\n" + s.out)
        expect_in("Black played 1… e5.", s.out)
        expect_not_in("The game is saved in", s.out)
    finally:
        s.close()
    home = tempfile.mkdtemp(prefix="thinkchess-cli-pgn-")
    try:
        path = os.path.join(home, "two.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write('[White "A"]\n\n1. d4 *\n\n[White "B"]\n\n1. e4 *\n')
        # End of input while a game is being picked.
        s = Session(["e4", "load " + path], status=0)
        try:
            expect_in("Which game (1–2)? ", s.out)
            expect_in("No game chosen from ", s.out)
            expect_in("1. e4 *", s.movetext(), "autosaved movetext")
        finally:
            s.close()
        s = Session([], args=[path, path], status=2)
        try:
            expect_in("Give at most one game file.", s.err)
        finally:
            s.close()
        s = Session([], args=["--fen", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", path], status=2)
        try:
            expect_in("Give either a position (--fen) or a game file, not both.", s.err)
        finally:
            s.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


@case
def bad_files_on_load():
    s0 = Session(["quit"])
    home = s0.home
    try:
        with open(os.path.join(home, "garbage.txt"), "wb") as f:
            f.write(b"\x00\xff\xfe this is not chess \x01\x02")
        with open(os.path.join(home, "broken.pgn"), "w", encoding="utf-8") as f:
            f.write('[Event "x"]\n\n1. e4 e5 2. Ke3 Ke6 3. Qxf7 *\n')
        with open(os.path.join(home, "badfen.pgn"), "w", encoding="utf-8") as f:
            f.write('[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n')
        environ = dict(os.environ, XDG_DATA_HOME=os.path.join(home, "data"),
                       LC_ALL="C.UTF-8")
        environ.pop("LANGUAGE", None)
        proc = subprocess.run(
            [CLI, "play"], input=b"e4\nload garbage.txt\nload broken.pgn\n"
            b"load badfen.pgn\nfen\nquit\n",
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environ, cwd=home,
            timeout=60)
        out = proc.stdout.decode("utf-8", errors="replace")
        expect(proc.returncode == 0, "status %d: %s" % (proc.returncode, proc.stderr))
        expect(out.count("The game on the board is unchanged.") == 3,
               "unchanged count %d:\n%s" % (out.count("The game on the board is unchanged."), out))
        expect_in("“broken.pgn”: ", out)
        expect_in("“badfen.pgn”: ", out)
        expect_in("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", out)
    finally:
        s0.close()


@case
def bad_bytes_and_long_lines():
    data = (b"\xff\xfe\xfd\n" + b"e" * 5000 + b"\n" + b"e4\x00e5\n"
            + b"   \t  \n" + b"e4\n" + b"\xe2\x99\x9e\n")
    s = Session([], stdin_bytes=data)
    try:
        expect(s.status == 0, "status %d" % s.status)
        # The bad bytes and the line with a NUL byte in it.
        expect(s.out.count("That line is not valid UTF-8 text.") == 2, s.out)
        expect_in("That line is too long", s.out)
        expect_in("White played 1. e4.", s.out)
        expect_in("1. e4 *", s.movetext(), "autosaved movetext")
    finally:
        s.close()


@case
def game_over_refuses_moves_but_undo_reopens():
    s = Session(["f3", "e5", "g4", "Qh4#", "e4", "draw", "resign", "claim", "moves",
                 "e2", "undo", "g4", "quit"])
    try:
        expect_in("Checkmate! White is checkmated.", s.out)
        expect(s.out.count("The game is over.") >= 6, "refusals: %d" % s.out.count("The game is over."))
        expect_in("Took back Qh4#.", s.out)
        expect_in("Black to move> ", s.out[s.out.index("Took back Qh4#."):])
        # After the take-back the game is open again and unfinished on disk.
        expect(s.tag("Result") == "*", "autosaved result %r" % s.tag("Result"))
    finally:
        s.close()


@case
def end_of_input_quits_cleanly():
    s = Session(["e4", "draw"])  # input ends in the middle of a question
    try:
        expect(s.status == 0, "exit status %d" % s.status)
        expect(s.err == "", "stderr: %r" % s.err)
        expect(s.tag("Result") == "*", "autosaved result %r" % s.tag("Result"))
    finally:
        s.close()
    s = Session(["e4"])
    try:
        expect(s.status == 0, "exit status %d" % s.status)
        expect_in("The game is saved in ", s.out)
    finally:
        s.close()


@case
def random_input_never_crashes():
    import random
    rng = random.Random(20261122)
    words = ["moves", "undo", "redo", "draw", "resign", "claim", "flip", "fen", "help",
             "new", "save x.pgn", "load x.pgn", "load", "y", "n", "yes", "", "O-O",
             "O-O-O", "0-0", "e8=Q", "exd6ep", "Nbd7", "Qxf7#", "a1", "h8", "e2 e4",
             "z9", "claim e4", "?", "quit now", "Ke2", "Kxe2"]
    lines = []
    for _ in range(400):
        r = rng.random()
        if r < 0.35:
            lines.append(rng.choice(words))
        elif r < 0.75:
            f1, f2 = rng.choice("abcdefgh"), rng.choice("abcdefgh")
            r1, r2 = rng.choice("12345678"), rng.choice("12345678")
            form = rng.randrange(4)
            if form == 0:
                lines.append(f1 + r1)
            elif form == 1:
                lines.append(f1 + r1 + f2 + r2)
            elif form == 2:
                lines.append(rng.choice("NBRQK") + f2 + r2)
            else:
                lines.append(f1 + r1 + "-" + f2 + r2)
        else:
            n = rng.randrange(1, 12)
            lines.append("".join(chr(rng.choice([rng.randrange(32, 127),
                                                 rng.randrange(160, 0x2700)]))
                                 for _ in range(n)))
    lines.append("quit")
    s = Session(lines)
    try:
        # Every line was read, to the final quit.
        expect("> quit\n" in s.out, "the session ended early:\n" + s.out[-2000:])
        expect(s.out.count("> ") + s.out.count("[y/n] ") >= 350, "too few prompts")
    finally:
        s.close()


@case
def bad_command_line():
    s = Session([], args=["--fen", "8/8/8/8 w - - 0 1"], status=2)
    try:
        expect(s.status == 2, "status %d" % s.status)
        expect_in("Cannot start from that position", s.err)
    finally:
        s.close()
    s = Session([], args=["--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--bogus"], status=2)
    try:
        expect(s.status == 2, "status %d" % s.status)
    finally:
        s.close()
    s = Session([], args=["/no/such/file.pgn"], status=1)
    try:
        expect(s.status == 1, "status %d" % s.status)
        expect_in("/no/such/file.pgn", s.err)
        expect(s.pgn is None, "autosaved without a game")
    finally:
        s.close()


@case
def plain_output_without_a_terminal():
    s = Session(["g1", "quit"])
    try:
        expect_not_in("\033[", s.out)
        expect_not_in("\u265e", s.out)
        expect(all(ord(c) < 128 for l in s.out.splitlines()
                   if re.match(r"^ [1-8] ", l) for c in l[:30]),
               "non-ASCII on the board")
    finally:
        s.close()


@case
def help_lists_commands():
    s = Session(["help", "quit"])
    try:
        for word in ("moves", "undo, redo", "draw", "resign", "claim", "flip", "fen",
                     "save FILE", "load FILE", "help", "quit"):
            expect_in("  " + word, s.out)
    finally:
        s.close()


DESKTOP_GAME = ('[Event "Casual"]\n[Site "?"]\n[Date "2026.11.25"]\n[Round "?"]\n'
                '[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n[TimeControl "300"]\n'
                '[WhiteTimeLeft "0:04:10"]\n[BlackTimeLeft "0:03:19.500"]\n'
                '[AutosavedBy "thinkchess"]\n\n'
                '1. e4 {[%clk 0:04:10]} 1... e5 {[%clk 0:04:40]} 2. Nf3 {[%clk 0:04:10]} *\n')


@case
def unfinished_desktop_game_offered():
    """The desktop app's unfinished game is offered, never overwritten: a
    new game goes to a file of its own; continuing it goes on in its file
    with the clocks as they stood (Black's 3:19.5 with the move running)."""
    home = tempfile.mkdtemp(prefix="thinkchess-cli-test-")
    try:
        folder = os.path.join(home, "data", "thinkchess")
        os.makedirs(folder)
        last = os.path.join(folder, "last-game.pgn")
        with open(last, "w", encoding="utf-8") as f:
            f.write(DESKTOP_GAME)
        s = Session(["n", "d4", "quit"], home=home)
        expect_in("An unfinished game was found: Anna – Bruno, 3 moves played.", s.out)
        expect_in("A new game begins; the unfinished one stays as it was.", s.out)
        with open(last, encoding="utf-8") as f:
            expect(f.read() == DESKTOP_GAME, "the desktop app's game was changed")
        with open(os.path.join(folder, "last-game-2.pgn"), encoding="utf-8") as f:
            expect_in("1. d4 *", " ".join(f.read().split()), "the terminal's own game")

        # Offered again (the most recent unfinished game is now the
        # terminal's own, d4): declined, then the desktop's is continued
        # by a third run once the terminal's game is finished.
        s = Session(["y", "d5", "quit"], home=home)
        expect_in("An unfinished game was found: White – Black, 1 move played.", s.out)
        with open(os.path.join(folder, "last-game-2.pgn"), encoding="utf-8") as f:
            expect_in("1. d4 d5 *", " ".join(f.read().split()), "the terminal's game continued")
        os.remove(os.path.join(folder, "last-game-2.pgn"))
        s = Session(["y", "Nc6", "quit"], home=home)
        expect_in("Anna – Bruno, 3 moves played.", s.out)
        with open(last, encoding="utf-8") as f:
            text = f.read()
        expect_in("2. Nf3 {[%clk 0:04:10]} 2... Nc6", " ".join(text.split()), "continued in its file")
        expect_in('[AutosavedBy "thinkchess-cli', text, "now the terminal's")
        left = re.search(r'BlackTimeLeft "0:0(\d):(\d\d)', text)
        expect(left is not None and 0 < int(left.group(1)) * 60 + int(left.group(2)) <= 199,
               "Black's clock kept its used time:\n" + text)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def autosaves(folder):
    """The autosave files of a data folder: {name: text}."""
    result = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".pgn"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                result[name] = f.read()
    return result


def expect_kept(before, after, what):
    """Every unfinished game in `before` is in `after`, byte for byte."""
    for name, text in before.items():
        if '[Result "*"]' in text:
            expect(after.get(name) == text,
                   "%s: the unfinished game in %s was replaced:\n%s" % (what, name, after.get(name)))


@case
def unfinished_terminal_game_is_never_replaced():
    """A game from --fen or a file, or a new one after the unfinished game
    was declined (any number of times), goes to an autosave file of its own:
    the unfinished terminal game stays as it was until it is played out."""
    home = tempfile.mkdtemp(prefix="thinkchess-cli-test-")
    try:
        folder = os.path.join(home, "data", "thinkchess")
        Session(["e4", "quit"], home=home)
        first = autosaves(folder)
        expect(list(first) == ["last-game.pgn"] and "1. e4 *" in first["last-game.pgn"],
               "the first game: %r" % first)

        fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
        s = Session(["Kd2", "quit"], args=["--fen", fen], home=home)
        expect_not_in("An unfinished game was found", s.out)
        after = autosaves(folder)
        expect_kept(first, after, "play --fen")
        expect(any(fen in t and "1. Kd2 *" in " ".join(t.split()) for t in after.values()),
               "the --fen game was not autosaved: %r" % after)

        game = os.path.join(home, "game.pgn")
        with open(game, "w", encoding="utf-8") as f:
            f.write('[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n\n1. d4 d5 *\n')
        before = after
        Session(["c4", "quit"], args=[game], home=home)
        after = autosaves(folder)
        expect_kept(before, after, "play FILE")
        expect(any("1. d4 d5 2. c4 *" in " ".join(t.split()) for t in after.values()),
               "the file's game was not autosaved: %r" % after)

        # Declined again and again: each new game goes to a file of its own.
        for i, move in enumerate(["Nf3", "g3", "b3"]):
            before = after
            s = Session(["n", move, "quit"], home=home)
            expect_in("A new game begins; the unfinished one stays as it was.", s.out)
            after = autosaves(folder)
            expect_kept(before, after, "declined %d times" % (i + 1))
            expect(len(after) == len(before) + 1, "run %d: files %r" % (i + 1, list(after)))
        expect("1. e4 *" in " ".join(autosaves(folder)["last-game.pgn"].split()),
               "the first game is gone")
    finally:
        shutil.rmtree(home, ignore_errors=True)


@case
def device_files_are_not_read_or_written():
    """`save` to a device neither reads it (/dev/full gives zeros for ever)
    nor replaces it; `load` and the command line refuse devices, pipes and
    folders by name; nothing hangs."""
    home = tempfile.mkdtemp(prefix="thinkchess-cli-test-")
    try:
        fifo = os.path.join(home, "pipe.pgn")
        os.mkfifo(fifo)
        s = Session(["e4", "save /dev/full", "save " + home, "load /dev/zero", "load " + fifo,
                     "quit"], home=home)
        expect_in("“/dev/full” is not a file but a device, a pipe or a socket. "
                  "The game was not saved.", s.out)
        expect_in("“%s” is a folder, not a file. The game was not saved." % home, s.out)
        expect_in("“/dev/zero” is not a file but a device, a pipe or a socket.", s.out)
        expect_in("“%s” is not a file but a device, a pipe or a socket." % fifo, s.out)
        expect(os.path.exists("/dev/full") and not os.path.isfile("/dev/full"),
               "/dev/full was replaced by a file")
        s = Session([], args=["/dev/zero"], status=1, home=home)
        expect_in("“/dev/zero” is not a file but a device, a pipe or a socket.", s.err)
        # A file larger than the limit (sparse: no disk space) is refused
        # before it is read.
        big = os.path.join(home, "big.pgn")
        with open(big, "wb") as f:
            f.truncate(65 * 1024 * 1024)
        s = Session(["n", "load " + big, "quit"], home=home)
        expect_in("“%s” is too large: " % big, s.out)
    finally:
        shutil.rmtree(home, ignore_errors=True)


@case
def save_error_said_once():
    s = Session(["e4", "save no/such/dir/x.pgn", "quit"])
    try:
        expect(s.out.count("Could not save “no/such/dir/x.pgn”") == 1,
               "the failure is said once:\n" + s.out)
    finally:
        s.close()


@case
def level_out_of_range_is_refused():
    for level in ("-1", "10", "99", "x", "-0x1"):
        s = Session(["quit"], args=["--level", level], status=2)
        try:
            expect_in("The level must be a number from 0 to 9.", s.err)
        finally:
            s.close()


if __name__ == "__main__":
    sys.exit(run_cases())
