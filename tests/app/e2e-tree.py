#!/usr/bin/python3
"""End to end: games as trees (suite 'e2e').

Run through `e2e.sh e2e-tree.py THINKCHESS SCENARIO [--shots DIR]`. Opens an
annotated file in the real program, checks that the comments and the
variation are shown, clicks a move in the variation, draws an arrow and
circles a square with the right button (real X input), saves with Ctrl+S and
opens the file again.

Scenarios: annotated; clock-quit (quitting in the middle of a move keeps
the time used on it); clock-kill (SIGKILL in the middle of a move: Continue
shows the clock where it stood, to a fifth of a second); menu-keys (the
evaluations and a null move shown; the move list's context menu opened with
Shift+F10 and the Menu key edits a comment and deletes the main line from a
move on, saved); sigkill (the app
killed at random moments while moves are played leaves a complete autosave).
"""

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

import pyatspi

import e2e_common
from e2e_common import DATA, T, check, human_pause, movetext, wait_until, xdotool


class App(e2e_common.App):
    def right_click(self, name, modifier=None):
        self.move_to(*self.center(name))
        human_pause(0.1)
        if modifier:
            xdotool("keydown", modifier)
        xdotool("click", 3)
        if modifier:
            xdotool("keyup", modifier)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def scenario_annotated(app):
    path = os.path.join(app.home, "study.pgn")
    shutil.copy(os.path.join(DATA, "annotated.pgn"), path)
    app.start(path)
    app.find_board()

    # The comments and the variation are shown in the move list.
    app.label_containing("A quiet opening.")
    app.label_containing("Best by test.")
    variation = app.label_containing("d6 Philidor")
    app.shot("annotated-open")

    # A click on the variation's first move shows it.
    app.click_label_start(variation)
    wait_until(lambda: app.has_label("Viewing") or app.has_label("move 4"),
               "the variation's move shown", 5)

    # An arrow d2→d4 and a red circle on e5 in that position.
    app.drag("d2", "d4", button=3)
    app.right_click("e5", "shift")
    # Held on a piece without moving: only its moves are shown, no mark.
    x, y = app.center("f3")
    xdotool("mousemove", x, y)
    xdotool("mousedown", 3)
    human_pause(0.8)                # a hand holding the button
    xdotool("mouseup", 3)
    app.shot("annotated-arrow")

    # Saved in place (a file of one game).
    app.key("ctrl+s")
    wait_until(lambda: "[%cal Gd2d4]" in read(path), "the arrow in the saved file")
    text = movetext(read(path))
    check("(2... d6 {[%cal Gd2d4] [%csl Re5] Philidor} 3. d4)" in " ".join(text.split()),
          "the variation with its marks:\n" + text)
    check("{A quiet opening.} 1. e4 {Best by test.}" in " ".join(text.split()),
          "the comments:\n" + text)
    check("Nf3 $1" in text and "[%csl Gf3]" not in text, "NAG kept, no mark from the peek:\n" + text)

    # Opened again: all there. (The last game, continued first, may ask
    # whether to save it: it is the same game, saved.)
    app.stop()
    app.start(path)
    question = T("Save the current game?")
    wait_until(lambda: app.has_label(question) or app.has_label("Best by test."),
               "the file opened, or a question first")
    if app.has_label(question):
        app.answer(question, T("Discard"))
    wait_until(lambda: "study.pgn" in app.title(), "the file in the title")
    app.label_containing("Best by test.")
    variation = app.label_containing("d6 Philidor")
    app.click_label_start(variation)
    app.shot("annotated-reopened")


LAST_GAME = ('[Event "Casual"]\n[Site "?"]\n[Date "2026.11.25"]\n[Round "?"]\n'
             '[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n[TimeControl "300"]\n'
             '[WhiteTimeLeft "0:04:10"]\n[BlackTimeLeft "0:03:19.500"]\n'
             '[AutosavedBy "thinkchess"]\n\n'
             '1. e4 {[%clk 0:04:10]} 1... e5 {[%clk 0:04:40]} 2. Nf3 {[%clk 0:04:10]} *\n')


def clock_seconds(text):
    """Seconds shown by a clock ("3:15", "1:02:03", "0:09.3")."""
    parts = text.split(":")
    return sum(float(p) * 60 ** i for i, p in enumerate(reversed(parts)))


def seconds(text):
    m = re.fullmatch(r"(\d+):(\d\d):(\d\d)(?:\.(\d+))?", text)
    check(m is not None, "not a time: %r" % text)
    return int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3)) + \
        float("0." + (m.group(4) or "0"))


def scenario_clock_quit(app):
    folder = os.path.join(app.home, "data", "thinkchess")
    os.makedirs(folder)
    last = os.path.join(folder, "last-game.pgn")
    with open(last, "w", encoding="utf-8") as f:
        f.write(LAST_GAME)
    app.start()
    app.press(T("_Continue Last Game"))
    # Black thinks for a while (its clock shows 4 s gone from 3:19), then
    # the app is closed mid-move.
    wait_until(lambda: any(150 < clock_seconds(t) <= 195 for t in app.clock_texts()),
               lambda: "Black's clock to run 4 s (clocks: %r)" % app.clock_texts(), 15)
    app.key("ctrl+q")
    question = T("Save the current game?")
    wait_until(lambda: app.ended_or(lambda: app.has_label(question)),
               "the app to quit, or to ask first")
    if app.proc.poll() is None:
        app.answer(question, T("Discard"))
    app.wait_exit()
    text = read(last)
    m = re.search(r'\[BlackTimeLeft "([^"]+)"\]', text)
    check(m is not None, "no clock saved:\n" + text)
    left = seconds(m.group(1))
    check(199.5 - 30 < left <= 199.5 - 3, "Black's clock did not keep the time used: %r" % m.group(1))
    check('[WhiteTimeLeft "0:04:10"]' in text, "White's clock changed:\n" + text)
    # Continued again: the clock stands where it was.
    app.start()
    shown = "%d:%02d" % (int(left) // 60, int(left) % 60)
    app.label_containing(shown)
    app.shot("clock-quit")


SHORT_CLOCK_GAME = LAST_GAME.replace('[BlackTimeLeft "0:03:19.500"]', '[BlackTimeLeft "0:00:12.000"]')


def tenths(text):
    """Seconds shown by a clock under ten seconds ("0:09.3"), or None."""
    m = re.fullmatch(r"0:0(\d)\.(\d)", text or "")
    return int(m.group(1)) + int(m.group(2)) / 10 if m else None


def scenario_clock_kill(app):
    folder = os.path.join(app.home, "data", "thinkchess")
    os.makedirs(folder)
    with open(os.path.join(folder, "last-game.pgn"), "w", encoding="utf-8") as f:
        f.write(SHORT_CLOCK_GAME)
    app.start()
    app.press(T("_Continue Last Game"))
    # Black's clock runs from 0:12. When it first shows tenths it has just
    # passed 10 s (the label follows within a tick, 0.1 s).
    clock = app.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name
                     and re.fullmatch(r"0:1[0-2]", n.name), "Black's clock")
    seen_ten = time.monotonic()
    while True:
        asked = time.monotonic()
        name = clock.name
        answered = time.monotonic()
        if tenths(name) is not None:
            check(tenths(name) >= 9.5, "the clock was read too late: %r" % name)
            break
        check(answered - seen_ten < 15, "Black's clock does not run: %r" % name)
        seen_ten = asked
        time.sleep(0.02)            # a poll finer than wait_until's: a tick is 0.1 s
    # Black thinks three seconds more (its clock shows 7 s), then the app
    # is killed.
    wait_until(lambda: (tenths(clock.name) or 10) <= 7.0,
               lambda: "Black's clock at 7 s (it shows %r)" % clock.name, 10)
    os.kill(app.proc.pid, signal.SIGKILL)
    killed = time.monotonic()
    app.proc.wait()
    app.proc = None
    latest = 10.0 - (killed - answered)          # the clock passed 10 s
    earliest = 10.0 - (killed - (seen_ten - 0.15))  # in this span
    # Continued: Black's clock shows where it stood, give or take 0.2 s
    # (minus what runs while the test reads it).
    app.start()
    pressed = time.monotonic()
    app.press(T("_Continue Last Game"))
    shown_label = app.find(lambda n: n.getRole() == pyatspi.ROLE_LABEL
                           and tenths(n.name) is not None, "Black's clock with tenths")
    shown = tenths(shown_label.name)
    read_at = time.monotonic()
    print("clock at the kill between %.2f and %.2f s; shown %.1f s, %.2f s after Continue"
          % (earliest, latest, shown, read_at - pressed))
    check(shown <= latest + 0.2,
          "Black's clock gained time: %.1f s shown, at most %.2f s left at the kill" % (shown, latest))
    check(shown >= earliest - (read_at - pressed) - 0.2,
          "Black's clock lost time: %.1f s shown, at least %.2f s left at the kill" % (shown, earliest))
    app.shot("clock-kill")


def scenario_menu_keys(app):
    path = os.path.join(app.home, "evaluated.pgn")
    shutil.copy(os.path.join(DATA, "evaluated.pgn"), path)
    app.start(path)
    app.find_board()

    # [%eval] after the moves, a null move in the variation.
    app.label_containing("e4 +0.34")
    app.label_containing("Bb5 \u22120.05")
    app.label_containing("a6 #\u22123")
    app.label_containing("2\u2026 -- +1.20 Passing is no defence.")
    app.shot("menu-keys-evaluations")

    # Bb5 focused (clicked), Shift+F10: its menu; the first item edits
    # the comment.
    app.focus_move("Bb5 \u22120.05")
    # The pointer out of the menu's way: only keys from here.
    x, y = app.center("a1")
    xdotool("mousemove", x, y)
    app.key("shift+F10")
    wait_until(lambda: app.move_menu_item("Delete _From Here"), "the menu opened from the keyboard")
    app.shot("menu-keys-menu")
    app.key("Return")
    entry = app.find(lambda n: n.name == T("Comment") and app.visible(n), "the comment entry")
    check(entry is not None, "no comment entry")
    xdotool("type", "--delay", "20", "Keyboard only")
    app.key("Return")
    app.label_containing("Keyboard only")

    # The Menu key on the same move (the list was built anew), the last
    # item: deleted from Bb5 on.
    app.focus_move("Bb5 \u22120.05")
    xdotool("mousemove", x, y)
    app.key("Menu")
    wait_until(lambda: app.move_menu_item("Delete _From Here"), "the menu opened with the Menu key")
    app.key("Up")
    app.key("Return")
    wait_until(lambda: not app.has_label("Keyboard only"), "the moves from Bb5 on deleted")
    app.key("ctrl+s")
    wait_until(lambda: "Bb5" not in read(path), "the file saved without Bb5")
    text = " ".join(movetext(read(path)).split())
    check("2. Nf3 {[%eval 0.25]} 2... Nc6 {[%eval 0.31]} (2... -- {[%eval 1.20] Passing is no defence.} 3. d4) *"
          in text, "the game after the deletion:\n" + text)
    app.shot("menu-keys-deleted")


def scenario_sigkill(app):
    cli = os.path.join(os.path.dirname(os.path.dirname(app.binary)), "cli", "thinkchess-cli")
    moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
    rng = random.Random(os.getpid())
    base = app.home
    for round_ in range(4):
        app.home = os.path.join(base, "round%d" % round_)
        os.makedirs(app.home)
        try:
            app.start()
        except e2e_common.Failure as e:
            # The round's own log says why (run_scenarios prints only base's).
            raise e2e_common.Failure("round %d: %s\n%s" % (round_, e, e2e_common.log_tail(app.home)))
        entry = app.move_entry()
        app.point_at(entry)
        xdotool("click", 1)
        deadline = time.time() + rng.uniform(0.5, 4.0)
        for move in moves:
            if time.time() > deadline:
                break
            xdotool("type", "--delay", "20", move)
            xdotool("key", "Return")
            human_pause(rng.uniform(0.05, 0.4))
        os.kill(app.proc.pid, signal.SIGKILL)
        app.proc.wait()
        app.proc = None
        path = os.path.join(app.home, "data", "thinkchess", "last-game.pgn")
        if os.path.exists(path):
            run = subprocess.run([cli, "pgn", path], capture_output=True, text=True)
            check(run.returncode == 0 and not run.stderr,
                  "the autosave after SIGKILL does not read:\n%s\n%s" % (read(path), run.stderr))
            check(read(path).rstrip().endswith("*"), "the autosave is cut short:\n" + read(path))
    app.home = base


SCENARIOS = {"annotated": scenario_annotated, "clock-quit": scenario_clock_quit,
             "clock-kill": scenario_clock_kill, "menu-keys": scenario_menu_keys,
             "sigkill": scenario_sigkill}


def main():
    return e2e_common.run_scenarios("e2e-tree", SCENARIOS, App)


if __name__ == "__main__":
    sys.exit(main())
