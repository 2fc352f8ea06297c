#!/usr/bin/python3
"""End-to-end tests of the menus, shortcuts, dialogs and game files
(issue 6, suite 'e2e').

Run through `e2e.sh e2e-part2-flows.py ...`, which gives each run its own
Xvfb display and D-Bus session (for AT-SPI). The real thinkchess gets a temporary
XDG_DATA_HOME and the memory GSettings backend; it is driven with real key
presses (xdotool) and by activating menu items and dialog buttons by their
accessible names; the autosave and saved files are read back.

    e2e-part2-flows.py THINKCHESS SCENARIO [--shots DIR]

Scenarios: draw, resign, undo-redo, menus, open-multi, open-cut-short, save-as, paste-invalid-fen,
quit-unsaved, tour (screenshots of every dialog into DIR).
"""

import os
import shutil
import sys

import pyatspi

import e2e_common
from e2e_common import DATA, G, T, check, menu_labels, movetext, wait_until, xdotool


# ---- Scenarios ----

def scenario_draw(app):
    app.start()
    app.play("e4", "e5")
    app.wait_autosave("1. e4 e5")
    app.game_menu("Offer _Draw…")
    # White is to move and offers; Black is asked.
    app.answer(T("%s offers a draw. %s, do you accept? If you accept, the game ends in a draw.")
               % (T("White"), T("Black")), T("_Accept"))
    app.wait_autosave('[Result "1/2-1/2"]')
    check("1/2-1/2" in movetext(app.autosave()), "no result after the moves")


def scenario_resign(app):
    app.start()
    app.play("d4", "d5", "c4")
    app.wait_autosave("2. c4")
    app.game_menu("R_esign…")
    # Black is to move and resigns: the confirmation names White.
    app.answer(T("If %s resigns, %s wins the game.") % (T("Black"), T("White")), T("_Resign"))
    app.wait_autosave('[Result "1-0"]')
    check(app.has_label(T("%s resigned — %s wins") % (T("Black"), T("White")))
          or app.has_label(T("%s wins") % T("White")),
          "the result is not shown")


def scenario_undo_redo(app):
    app.start()
    app.play("e4", "e5", "Nf3")
    app.wait_autosave("2. Nf3")
    app.key("ctrl+z")
    wait_until(lambda: "Nf3" not in movetext(app.autosave()),
               "the take-back in the autosave")
    check("1. e4 e5" in movetext(app.autosave()), "took back too much")
    app.key("ctrl+z")
    wait_until(lambda: "e5" not in movetext(app.autosave()), "the second take-back")
    app.key("ctrl+shift+z")
    app.wait_autosave("1. e4 e5")
    app.key("ctrl+shift+z")
    app.wait_autosave("2. Nf3")


def scenario_menus(app):
    """Issue 27: the primary menu keeps to the app and its files (at most
    12 items, no game action); the game's actions are reached by mouse
    where they now are: Undo and Redo in the header bar, Resign… in its
    Game Actions menu, Hint atop the side panel."""
    app.start()
    app.play("e4", "e5", "Nf3")
    app.wait_autosave("2. Nf3")

    # The primary menu, opened with a click: what it shows.
    roles = (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM)
    menu_button = app.find(lambda n: n.name == T("Main Menu") and app.visible(n)
                           and n.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON),
                           "the main menu button")
    items = app.click_until(menu_button,
                            lambda: app.find_all(lambda n: n.getRole() in roles and app.visible(n)),
                            "the primary menu's items")
    app.shot("menus-primary")
    check(len(items) <= 12, "the primary menu shows %d items" % len(items))
    check(len(items) == len(menu_labels("primary_menu")),
          "the primary menu shows %d items, its template has %d"
          % (len(items), len(menu_labels("primary_menu"))))
    shown = [n.name for n in items if n.name]
    for label in ("Offer _Draw…", "_Claim Draw", "R_esign…", "_Hint", "Ana_lysis",
                  "Re_view Game", "_Undo Move", "_Redo Move", "_Quit", "_New Game…"):
        check(T(label) not in shown, "%s is still in the primary menu: %r" % (label, shown))
    app.key("Escape")
    wait_until(lambda: not app.menu_items(), "the primary menu to close")
    app.point_at_window()

    # Undo and Redo, clicked in the header bar.
    # (What click_until waits for changes at once: Redo's state, not the
    # autosave, which could come after its 4 s and the take-back be doubled.)
    redo = app.header_button("Redo Move")
    app.click_until(app.header_button("Undo Move"),
                    lambda: redo.getState().contains(pyatspi.STATE_SENSITIVE),
                    "Redo enabled by the take-back")
    wait_until(lambda: "Nf3" not in movetext(app.autosave()), "the take-back in the autosave")
    app.click_until(redo, lambda: not redo.getState().contains(pyatspi.STATE_SENSITIVE),
                    "Redo greyed with nothing to redo")
    app.wait_autosave("2. Nf3")

    # Hint, clicked in the side panel: the status line names a move.
    prefix = T("Hint: %s").split("%s")[0]
    app.click_until(app.coach_button("Hint"),
                    lambda: app.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL
                                         and app.visible(n) and n.name
                                         and n.name.startswith(prefix)),
                    "the hint in the status line", 30)
    app.shot("menus-hint")

    # Resign… from Game Actions: the question appears; Cancel leaves the game.
    app.game_menu("R_esign…")
    resign = app.window_with(T("_Resign"))
    app.shot("menus-resign")
    app.dismiss(resign, T("_Cancel"), "the resign question")
    check('[Result "*"]' in app.autosave(), "the game ended although cancelled")
    # Its items are greyed once the game is over (Black resigns here).
    app.game_menu("R_esign…")
    app.answer(T("_Resign"), T("_Resign"))
    app.wait_autosave('[Result "1-0"]')
    # (The card's New Game takes the focus when the result shows: wait for
    # it, or the menu opened before closes again.)
    wait_until(lambda: app.find_all(lambda n: n.name == T("New Game") and app.visible(n)
                                    and n.getState().contains(pyatspi.STATE_FOCUSED)),
               "the focus on the result card")
    item = app.open_menu("Game Actions", "game_menu", "R_esign…", activate=False)
    app.shot("menus-game-over")
    check(not item.getState().contains(pyatspi.STATE_SENSITIVE),
          "Resign… is not greyed after the game's end")
    app.key("Escape")


def scenario_open_multi(app):
    path = os.path.join(app.home, "three games.pgn")
    shutil.copy(os.path.join(DATA, "three-games.pgn"), path)
    app.start(path)
    app.find(lambda n: n.name == "Search games" and app.visible(n), "the game chooser")
    app.label_containing("holds 3 games")
    app.shot("game-chooser")
    # Pick the second game: search for it, then Open.
    search = app.find(lambda n: n.name == "Search games", "the search field")
    search.queryEditableText().setTextContents("Carla")
    chooser = app.window_with("holds 3 games")

    def players_shown(name):
        return app.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name and name in n.name
                            and app.visible(n), chooser)
    wait_until(lambda: players_shown("Carla") and not players_shown("Anna Weiss")
               and not players_shown("Emil Rot"), "the chooser to show only Carla's game")
    app.answer("holds 3 games", "Open")
    # The panel shows the players, the game's header and its moves (an
    # opened game is studied, not autosaved until it changes); the title
    # the file.
    app.label_containing("Carla Grün")
    app.label_containing("Dieter Blau")
    app.label_containing("Club Championship, Springfield")
    app.label_containing("2024.03.08, round 2")
    app.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Be7"
             and app.visible(n), "the last move in the move list")
    wait_until(lambda: "three games.pgn" in app.title(), "the file name in the title")


def scenario_save_as(app):
    target = os.path.join(app.home, "my game.pgn")
    app.start()
    app.play("e4", "c5", "Nf3")
    app.wait_autosave("2. Nf3")
    # The window's title (window list, Alt+Tab) is the header bar's; a game
    # not from a file has no unsaved mark, since the autosave keeps it.
    wait_until(lambda: not app.title().startswith("*") and app.find_all(
        lambda n: n.getRole() == pyatspi.ROLE_LABEL and n.name and app.visible(n)
        and app.title() in (n.name, n.name + " – ThinkChess")), "the header bar's title in the window's")
    app.key("ctrl+shift+s")
    name = app.find(lambda n: n.getRole() == pyatspi.ROLE_TEXT and app.visible(n)
                    and n.getState().contains(pyatspi.STATE_EDITABLE)
                    and n.name != T("Move entry"),
                    "the file name field")
    app.shot("save-as")
    name.queryEditableText().setTextContents(target)
    app.wait_text(name, target, "the file name field")
    app.answer("Save Game", "Save")
    wait_until(lambda: os.path.exists(target), "the saved file")
    with open(target, encoding="utf-8") as f:
        text = f.read()
    check("1. e4 c5 2. Nf3" in movetext(text), "moves missing in the saved file:\n" + text)
    check('[Result "*"]' in text, "no result tag")
    wait_until(lambda: app.title().startswith("my game.pgn"), "the saved title")
    # One more move: unsaved again; Ctrl+S writes the same file.
    app.play("d6")
    wait_until(lambda: app.title().startswith("*my game.pgn"), "the unsaved mark again")
    app.key("ctrl+s")
    wait_until(lambda: "Nf3 d6" in movetext(open(target, encoding="utf-8").read()),
               "the second save")


def scenario_save_folder(app):
    """The save dialog of a new game starts in the user's documents folder,
    not in the folder the app was started from: a bare file name typed
    there is saved in Documents."""
    user_home = os.path.join(app.home, "user")
    documents = os.path.join(user_home, "Documents")
    started_in = os.path.join(app.home, "started-here")
    config = os.path.join(app.home, "config")
    for folder in (documents, started_in, config):
        os.makedirs(folder, exist_ok=True)
    with open(os.path.join(config, "user-dirs.dirs"), "w", encoding="utf-8") as f:
        f.write('XDG_DOCUMENTS_DIR="$HOME/Documents"\n')
    app.extra_env = {"HOME": user_home}
    os.chdir(started_in)
    app.start()
    app.play("e4", "e5")
    app.wait_autosave("1. e4 e5")
    app.key("ctrl+shift+s")
    name = app.find(lambda n: n.getRole() == pyatspi.ROLE_TEXT and app.visible(n)
                    and n.getState().contains(pyatspi.STATE_EDITABLE)
                    and n.name != T("Move entry"),
                    "the file name field")
    name.queryEditableText().setTextContents("bare name.pgn")
    app.wait_text(name, "bare name.pgn", "the file name field")
    app.answer("Save Game", "Save")
    saved = os.path.join(documents, "bare name.pgn")
    wait_until(lambda: os.path.exists(saved) or os.path.exists("bare name.pgn"),
               "the saved file")
    check(not os.path.exists(os.path.join(started_in, "bare name.pgn")),
          "the save dialog started in the working directory")
    check(os.path.exists(saved), "the game was not saved in Documents")
    check("1. e4 e5" in movetext(open(saved, encoding="utf-8").read()), "moves missing")


def scenario_paste_invalid_fen(app):
    app.start()
    app.play("e4")
    app.wait_autosave("1. e4")
    before = app.autosave()
    # Put text on the clipboard through the move entry, then paste on the board.
    entry = app.move_entry()
    app.point_at(entry)
    xdotool("click", 1)
    xdotool("type", "--delay", "20", "not/a/fen w - - 0 1")
    # Cleared with a key too: X input arrives in order, an AT-SPI call
    # could come before the copy.
    app.key("ctrl+a", "ctrl+c", "BackSpace")
    app.wait_text(entry, "", "the move entry")
    # A click on an empty square (e5, White at the bottom) focuses the board.
    board = app.find(lambda n: n.name == T("Chessboard"), "the board")
    ext = board.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    side = min(ext.width, ext.height)
    left = ext.x + (ext.width - side) // 2
    top = ext.y + (ext.height - side) // 2
    xdotool("mousemove", app.origin[0] + left + side * 9 // 16,
            app.origin[1] + top + side * 7 // 16)
    xdotool("click", 1)
    wait_until(lambda: board.getState().contains(pyatspi.STATE_FOCUSED), "the board focused by a click")
    app.key("ctrl+v")
    app.label_containing("The clipboard does not hold a valid position")
    app.label_containing("not/a/fen")
    app.shot("paste-error")
    app.answer("does not hold a valid position", "Close")
    check(app.autosave() == before, "the game changed")
    app.play("e5")
    app.wait_autosave("1. e4 e5")


def scenario_quit_unsaved(app):
    app.start()
    app.play("e4")
    app.wait_autosave("1. e4")
    app.key("ctrl+q")
    app.answer("Save the Game?", "Cancel")
    check(app.proc.poll() is None, "quit although cancelled")
    app.point_at_window()
    app.key("ctrl+q")
    app.answer("Save the Game?", "Don’t Save")
    wait_until(lambda: app.proc.poll() is not None, "the app to quit")


def scenario_tour(app):
    """Screenshots of every dialog (run by hand with --shots; in another
    language with LANGUAGE and THINKCHESS_LOCALEDIR set)."""
    app.start()
    app.play("e4", "e5", "Nf3")
    app.wait_autosave("2. Nf3")
    app.shot("window")
    app.check_button_names(None, "the window")
    unsaved = T("Save the Game?")
    app.click_until(app.header_button("New Game"),
                    lambda: app.find_all(lambda n: n.name and unsaved in n.name),
                    "the unsaved question")
    app.check_button_names(app.window_with(unsaved), "the unsaved question")
    app.shot("unsaved")
    app.answer(unsaved, T("_Don’t Save"))
    app.check_button_names(app.window_with(T("Time Control")), "the new game dialog")
    app.shot("new-game")
    app.answer(T("Time Control"), T("_Cancel"))
    app.menu("_Preferences")
    prefs = app.window_with(T("Show c_oordinates"))
    app.shot("preferences")
    app.dismiss(prefs, G("Close"), "Preferences")
    app.point_at_window()
    app.game_menu("Offer _Draw…")
    decline = T("_Decline")
    app.answer(T("Accept the Draw?"), decline)
    app.game_menu("Offer _Draw…")
    app.window_with(T("Accept the Draw?"))
    app.shot("draw-offer")
    app.answer(T("Accept the Draw?"), decline)
    app.game_menu("R_esign…")
    resign = app.window_with(T("_Resign"))
    app.shot("resign")
    app.dismiss(resign, T("_Cancel"), "the resign question")
    about = app.opens_window(lambda: app.menu("_About ThinkChess"), "About")
    app.shot("about")
    app.key("Escape")
    app.wait_closed(about, "About")
    app.point_at_window()
    shortcuts = app.opens_window(lambda: app.key("ctrl+question"), "the shortcuts window")
    app.shot("shortcuts")
    app.key("Escape")
    app.wait_closed(shortcuts, "the shortcuts window")
    # A screen reader's window count from before a window closed: GTK 4.8
    # answers a window past the visible ones with the last of its windows,
    # and crashed when that was a hidden one (the shortcuts window, which
    # GTK's own help overlay kept hidden once closed).
    root = app.atspi_app()
    for past in range(root.childCount, root.childCount + 2):
        try:
            root.getChildAtIndex(past)
        except Exception:
            pass
    check(app.proc.poll() is None, "the app ended when asked for a window past its last one")
    app.point_at_window()
    app.menu("_Open…")
    app.answer(unsaved, T("_Don’t Save"))
    chooser = app.window_with(T("Open Game"))
    app.shot("open")
    # A file with an illegal move: the error names the file and the line.
    bad = os.path.join(app.home, "bad-move.pgn")
    shutil.copy(os.path.join(DATA, "bad-move.pgn"), bad)
    app.point_at(chooser)
    app.key("ctrl+l")
    location = app.find(lambda n: n.getRole() == pyatspi.ROLE_TEXT and app.visible(n)
                        and n.getState().contains(pyatspi.STATE_EDITABLE),
                        "the location field", root=chooser)
    # Pasted, as it were: the path at once, then the cursor at its end. Set
    # through AT-SPI, the text keeps GTK 4.8's cursor at its start, and the
    # field completes what is left of the cursor: the start folder's whole
    # listing popped up over it, and on a loaded machine Open then did
    # nothing (CI, 2026-12-04). Typed fast instead, GTK 4.18's completions
    # of the folders on the way land among the keys ("….pgnp/").
    location.queryEditableText().setTextContents(bad)
    app.key("End")
    app.wait_text(location, bad, "the location field")
    app.dismiss(chooser, T("_Open"), "the file chooser")
    # It opens up to the bad move; the bar says what and where (in the
    # run's language: the tour is also run by hand in others).
    where = T("line %u, column %u: %s").split("%s")[0].rstrip(" :") % (10, 4)
    app.label_containing(where)
    app.shot("open-cut-short")


def scenario_open_cut_short(app):
    """A file with an ambiguous move opens up to it (from the command line):
    the message stays on screen; played on, Ctrl+S asks before the rest of
    the file's text is lost, and Replace Anyway writes what is shown."""
    path = os.path.join(app.home, "ambiguous.pgn")
    shutil.copy(os.path.join(DATA, "ambiguous-move.pgn"), path)
    app.start(path)
    bar = app.label_containing("line 7, column 4")
    check("Ne4 is ambiguous: Nc3-e4 or Ng3-e4" in bar.name, "the problem is not named: " + bar.name)
    check("ambiguous.pgn" in bar.name, "the file is not named: " + bar.name)
    app.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Ng8"
             and app.visible(n), "the last move read in the move list")
    app.shot("cut-short")
    app.play("Nce4")
    app.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Nce4"
             and app.visible(n), "the move played on")
    check(app.has_label("line 7, column 4"), "the message went away")
    app.key("ctrl+s")
    app.answer(T("Save the Shortened Game?"), "Replace Anyway")
    wait_until(lambda: "Nce4" in open(path, encoding="utf-8").read(), "the game saved in place")
    text = open(path, encoding="utf-8").read()
    check("7. Nc3 Ng8 8. Nce4 *" in " ".join(movetext(text).split()), "not the moves shown:\n" + text)
    check("Termination" not in text, "a Termination tag was invented:\n" + text)
    # Dismissed, the message goes.
    app.press("Dismiss")
    wait_until(lambda: not app.has_label("line 7, column 4"), "the message dismissed")


SCENARIOS = {
    "draw": scenario_draw,
    "resign": scenario_resign,
    "undo-redo": scenario_undo_redo,
    "menus": scenario_menus,
    "open-multi": scenario_open_multi,
    "open-cut-short": scenario_open_cut_short,
    "save-as": scenario_save_as,
    "save-folder": scenario_save_folder,
    "paste-invalid-fen": scenario_paste_invalid_fen,
    "quit-unsaved": scenario_quit_unsaved,
    "tour": scenario_tour,
}


def main():
    return e2e_common.run_scenarios("e2e-part2-flows", SCENARIOS)


if __name__ == "__main__":
    sys.exit(main())
