#!/usr/bin/python3
"""End to end: the life of the last game beside opened files (issue 23,
suite 'e2e').

Run through `e2e.sh e2e-lifecycle.py THINKCHESS SCENARIO [--shots DIR]`.
The real thinkchess, real keys and drags (xdotool), labels over AT-SPI, the
autosave files of the test's XDG_DATA_HOME read back.

Scenarios:
  open-study      a move played in an opened, finished game never replaces
                  the unfinished game: it stays in last-game.pgn and is
                  offered (and named) at the next start, whether the file
                  was opened with no question or after "Don't Save".
  undo-study      Ctrl+Z and Ctrl+Shift+Z in an opened game step through it
                  like the arrows: no move deleted, the file unchanged, no
                  autosave; a variation played there is autosaved as a
                  study, never offered as the last game.
  pause-continue  a 3 + 2 game paused when the app quit comes back paused
                  (its clock stands until Resume); the start card names it.
"""

import glob
import os
import sys

import pyatspi

import e2e_common
from e2e_common import DATA, T, check, movetext, stays, wait_until, xdotool

FINISHED = os.path.join(DATA, "finished-game.pgn")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


class App(e2e_common.App):
    def folder(self):
        return os.path.join(self.home, "data", "thinkchess")

    def slots(self):
        """Every autosave file: its name and its text."""
        return {os.path.basename(p): read(p)
                for p in sorted(glob.glob(os.path.join(self.folder(), "last-game*.pgn")))}

    def slot_with(self, text):
        """The text of the autosave file that holds `text`, once one does."""
        def lookup():
            return next((t for t in self.slots().values() if text in t), None)
        return wait_until(lookup, repr(text) + " in an autosave file: %r" % self.slots())

    def launch_again(self, *args):
        """A second `thinkchess ARGS`: it hands the files to this instance
        and ends."""
        env = e2e_common.app_environment(self.home)
        env["GTK_USE_PORTAL"] = "0"
        env.setdefault("LANGUAGE", "C")
        env.setdefault("LC_ALL", "C.UTF-8")
        proc, log = e2e_common.launch([self.binary] + list(args), env, self.home)
        proc.wait(30)
        log.close()


# ---- 1. A move in an opened game keeps the unfinished game ----

def scenario_open_study(app):
    app.start()
    app.find_board()
    app.play("e4", "c5")
    app.wait_autosave("1. e4 c5 *")
    app.stop()

    # Opened from the command line: the last game had no unsaved changes,
    # so no question.
    app.start(FINISHED)
    app.find_board()
    app.wait_title("finished-game.pgn")
    check(not app.has_label(T("Save the Game?")), "a question before opening")
    # In the start position of the opened game, 1. d4 starts a variation.
    app.key("Home")
    app.drag("d2", "d4")
    study = app.slot_with("Svidler")
    check("1. e4 c5 *" in movetext(app.autosave()),
          "the unfinished game was replaced:\n" + app.autosave())
    check("(1. d4)" in " ".join(movetext(study).split()), "the variation:\n" + study)
    check('[AutosavedStudy "yes"]' in study, "the study is not marked:\n" + study)
    app.stop()

    # Offered again, and named.
    app.start()
    card = app.label_containing("White against Black")
    check("move 2, White to play" in card.name, "the start card: " + card.name)
    app.continue_last_game()
    # Quickly, all at once.
    app.find_board()
    entry = app.move_entry()
    app.point_at(entry)
    xdotool("click", 1)
    xdotool("type", "--delay", "0", "Nf3")
    xdotool("key", "Return")
    app.wait_autosave("2. Nf3 *")

    # With unsaved changes, the file opened by a second launch asks first;
    # not saved, the game stays in the autosave and is offered again.
    app.launch_again(FINISHED)
    app.answer("offered again at the next start", "Don’t Save")
    app.wait_title("finished-game.pgn")
    app.find_board()
    app.point_at_window()
    app.key("Home")
    app.drag("c2", "c4", pause=0.1)
    app.slot_with("(1. c4)")
    check("2. Nf3 *" in movetext(app.autosave()),
          "the unfinished game was replaced:\n" + app.autosave())
    app.stop()

    app.start()
    card = app.label_containing("White against Black")
    check("move 2, Black to play" in card.name, "the start card: " + card.name)
    app.shot("open-study-card")


# ---- 3. Undo in an opened game browses ----

def scenario_undo_study(app):
    app.start(FINISHED)
    app.find_board()
    app.wait_title("finished-game.pgn")
    check("Viewing" not in app.status(), "not at the end: " + app.status())

    # Three at once: three moves back, nothing deleted.
    xdotool("key", "--clearmodifiers", "--delay", "0", "ctrl+z", "ctrl+z", "ctrl+z")
    wait_until(lambda: "Viewing" in app.status(), "Ctrl+Z to step back")
    check(app.has_label("Kd2"), "the last move is gone from the move list")
    check("*" not in app.title(), "the file is marked changed: " + app.title())
    check(app.slots() == {}, "an autosave was written: %r" % app.slots())
    # Redo with gaps: back to the end.
    app.key("ctrl+shift+z", "ctrl+shift+z", "ctrl+shift+z")
    wait_until(lambda: "Viewing" not in app.status(), "Ctrl+Shift+Z to step forward: "
               + app.status())

    # Home, two steps on: 2. d4 there is a variation, autosaved as a study.
    app.key("Home", "ctrl+shift+z", "ctrl+shift+z")
    app.drag("d2", "d4")
    study = app.slot_with("Svidler")
    text = " ".join(movetext(study).split())
    check("1. e4 e5 2. Nf3 (2. d4)" in text and "55. Kd2 1-0" in text,
          "the game with its variation:\n" + study)
    check('[AutosavedStudy "yes"]' in study, "the study is not marked:\n" + study)
    app.wait_title("*")
    # Undo steps back along the variation, never deletes it.
    app.key("ctrl+z")
    wait_until(lambda: "(2. d4)" in " ".join(movetext(app.slot_with("Svidler")).split()),
               "the variation kept")
    app.stop()

    # No game to continue: the study is not the last game.
    app.start()
    app.find_board()
    check(not app.has_label(T("Your last game was not finished.")),
          "the study is offered as the last game")


# ---- 7. A paused game comes back paused ----

PAUSED_GAME = ('[Event "Casual game"]\n[Site "?"]\n[Date "2026.11.25"]\n[Round "?"]\n'
               '[White "Anna"]\n[Black "ThinkChess (Casual)"]\n[Result "*"]\n'
               '[TimeControl "180+2"]\n[WhiteType "human"]\n[BlackType "program"]\n'
               '[BlackEngine "builtin 2"]\n'
               '[WhiteTimeLeft "0:02:58"]\n[BlackTimeLeft "0:02:59"]\n'
               '[AutosavedBy "thinkchess"]\n\n'
               '1. e4 {[%clk 0:03:01]} 1... e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:58]} '
               '2... Nc6 {[%clk 0:02:59]} *\n')


def scenario_pause_continue(app):
    os.makedirs(app.folder())
    last = os.path.join(app.folder(), "last-game.pgn")
    with open(last, "w", encoding="utf-8") as f:
        f.write(PAUSED_GAME)

    app.start()
    app.button(T("_Continue Last Game"))
    # What the start card says is checked at the end, after the pause.
    card = [n.name for n in app.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL
                                         and n.name and "move 3" in n.name)]
    app.shot("pause-continue-card")
    app.press(T("_Continue Last Game"))
    wait_until(lambda: "2:58" not in app.clock_texts(), "White's clock to run: %r" % app.clock_texts())
    app.key("ctrl+p")
    app.button(T("Resume"))
    paused_at = app.clock_texts()
    app.key("ctrl+q")
    app.wait_exit()
    check('[AutosavedPaused "yes"]' in read(last), "the pause is not kept:\n" + read(last))

    # Continued at once: paused, its clock standing for three seconds.
    app.start()
    app.press(T("_Continue Last Game"))
    app.button(T("Resume"))
    check(app.clock_texts() == paused_at, "the clocks %r, paused at %r" % (app.clock_texts(), paused_at))
    stays(lambda: app.clock_texts() == paused_at,
          "the clock runs while paused: %r, paused at %r" % (app.clock_texts(), paused_at), 3)
    app.shot("pause-continue-paused")
    # Resumed, it runs; a move unpauses it in the autosave.
    app.press(T("Resume"))
    wait_until(lambda: app.clock_texts() != paused_at, "the clock to run after Resume")
    app.play("Bb5")
    app.wait_autosave("3. Bb5")
    check("AutosavedPaused" not in app.autosave(), "still paused:\n" + app.autosave())
    check(card == ["Against ThinkChess (Casual) \u00b7 3 + 2 \u00b7 move 3, White to play"],
          "the start card: %r" % card)


SCENARIOS = {"open-study": scenario_open_study, "undo-study": scenario_undo_study,
             "pause-continue": scenario_pause_continue}


def main():
    return e2e_common.run_scenarios("e2e-lifecycle", SCENARIOS, App)


if __name__ == "__main__":
    sys.exit(main())
