#!/usr/bin/python3
"""End-to-end tests of the real thinkchess program (suite 'e2e'): the board.

Run through `e2e.sh e2e.py ...`, which gives each run its own Xvfb display
and D-Bus session (for AT-SPI). The app gets a temporary XDG_DATA_HOME and
XDG_CONFIG_HOME and the memory GSettings backend; it is driven with real X
input from xdotool, and the autosaved PGN is read back.

    e2e.py THINKCHESS SCENARIO [--shots DIR] [--dark]

Scenarios: scholar, illegal, promotion, resume, typed, keyboard, peek,
open-file, tour (screenshots).
"""

import os
import random
import shutil
import sys
import time

import pyatspi

import e2e_common
from e2e_common import (DATA, SKIP, check, colour_distance, grab_screen, human_pause, movetext,
                        node_center, pixel_mean, stays, wait_until, xdotool)


def showing(node):
    return e2e_common.visible(node)


def align_to_screen(app, screen):
    """Corrects the board's place by the square edges in a screenshot of
    the start position. What AT-SPI reports can be some pixels off (about
    10 with GTK 4.18's client-side decorations), enough to miss a
    legal-move dot when sampling pixels; a click still lands."""
    def edges(points):
        """Where the colour changes sharply along a line of pixels."""
        colours = [pixel_mean(screen, x, y, radius=0) for x, y in points]
        return [i for i in range(1, len(colours))
                if colour_distance(colours[i - 1], colours[i]) > 40]

    def offset(found, start):
        # Each edge's distance to the nearest expected square edge.
        half = app.square // 2
        shifts = sorted((e - start + half) % app.square - half for e in found)
        check(shifts, "no square edges found on the screen")
        return shifts[len(shifts) // 2]

    s = app.square
    # Across ranks 5 and 4 (empty at the start), along the e/d files.
    y_row = app.board_y + 3 * s + s // 2
    row = [(x, y_row) for x in range(app.board_x + s // 2, app.board_x + 7 * s + s // 2)]
    dx = offset([app.board_x + s // 2 + i for i in edges(row)], app.board_x)
    x_col = app.board_x + 3 * s + s // 2
    col = [(x_col, y) for y in range(app.board_y + 2 * s + s // 2, app.board_y + 5 * s + s // 2)]
    dy = offset([app.board_y + 2 * s + s // 2 + i for i in edges(col)], app.board_y)
    app.board_x += dx
    app.board_y += dy


# ---- Scenarios ----

def scholar(app):
    app.start()
    app.shot("01-start")
    for src, dst in [("e2", "e4"), ("e7", "e5"), ("f1", "c4"), ("b8", "c6")]:
        app.drag(src, dst)
    app.shot("02-midgame")
    app.drag("d1", "h5")
    app.drag("g8", "f6")
    app.drag("h5", "f7")
    moves = app.wait_moves("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0")
    app.shot("03-mate")
    check('[Result "1-0"]' in app.autosave(), "no 1-0 result tag")
    # In the overlay and in the status line.
    wait_until(lambda: len(app.find_all(lambda n: n.name == "White wins by checkmate" and showing(n))) >= 2,
               "the result in the overlay and the status line")
    app.find(lambda n: n.name == "New Game" and showing(n), "the card's New Game button")
    # The board stays usable for browsing: Home shows the start, with the
    # focus on the card's New Game.
    app.move_to(app.board_x + 5, app.board_y + 5)
    app.key("Home")
    app.wait_status(lambda s: "Viewing" in s, "Home to browse back")
    app.key("End")
    app.wait_status(lambda s: "Viewing" not in s, "End to return")
    check(moves, "no moves")


def illegal(app):
    app.start()
    app.drag("e2", "e5")          # too far for a pawn
    app.wait_status(lambda s: "can't" in s or "not" in s, "the reason e2-e5 is refused")
    app.drag("e7", "e5")          # not Black's turn
    app.drag("g1", "g3")          # not a knight's move
    # A legal one still works, and by click-click too.
    app.drag("e2", "e4")
    app.wait_moves("1. e4 *")
    app.click_square("e7")
    app.click_square("e5")
    app.wait_moves("1. e4 e5 *")
    app.click_square("g1")
    app.click_square("g1")        # put it down again
    app.click_square("f3")        # nothing selected: nothing happens
    # (Then a move that shows the clicks were handled.)
    app.drag("d2", "d4")
    moves = app.wait_moves("2. d4 *")
    check(moves.startswith("1. e4 e5 2. d4 *"), "the illegal moves changed the game: " + moves)


def promotion(app):
    app.start()
    app.play("h4", "g5", "hxg5", "h6", "gxh6", "Bg7", "hxg7", "Nf6")
    app.wait_moves("4. hxg7 Nf6")
    # Cancel the chooser with Escape: nothing is played.
    app.drag("g7", "h8")
    wait_until(app.choosing_promotion, "the promotion chooser")
    app.shot("04-promotion")
    app.key("Escape")
    wait_until(lambda: not app.choosing_promotion(), "Escape to close the promotion chooser")
    check("gxh8" not in app.autosave(), "Escape did not cancel the promotion")
    # A click elsewhere cancels too.
    app.drag("g7", "h8")
    wait_until(app.choosing_promotion, "the promotion chooser")
    app.click_square("a4")
    wait_until(lambda: not app.choosing_promotion(), "a click elsewhere to close the promotion chooser")
    check("gxh8" not in app.autosave(), "a click elsewhere did not cancel the promotion")
    # Now choose the knight: the fourth cell below h8.
    app.drag("g7", "h8")
    wait_until(app.choosing_promotion, "the promotion chooser")
    app.click_square("h5")
    moves = app.wait_moves("5. gxh8=N")
    check("4. hxg7 Nf6 5. gxh8=N" in moves, "promotion to a knight: " + moves)


def resume(app):
    app.start()
    app.drag("e2", "e4")
    app.drag("c7", "c5")
    app.wait_moves("1. e4 c5 *")
    app.stop()
    check("1. e4 c5 *" in movetext(app.autosave()), "autosave after the app ended: " + app.autosave())
    app.start()
    app.shot("05-start-screen")
    app.continue_last_game()
    app.drag("g1", "f3")
    app.wait_moves("1. e4 c5 2. Nf3 *")


def typed(app):
    app.start()
    app.play("e4", "e7e5", "Ng1-f3")
    app.wait_moves("1. e4 e5 2. Nf3 *")
    app.play("Qh8")
    app.wait_status(lambda s: s, "a message for the bad move Qh8")
    check("2. Nf3 *" in movetext(app.autosave()), "a bad typed move changed the game")
    # The entry keeps the focus: the next move goes straight in.
    xdotool("key", "ctrl+a")
    xdotool("type", "--delay", "30", "Nc6")
    xdotool("key", "Return")
    app.wait_moves("2. Nf3 Nc6 *")


def keyboard(app):
    app.start()
    app.click_square("e4")        # an empty square: focus, nothing selected
    # The first arrow shows the cursor on the king's pawn; Enter picks it
    # up, two steps up, Enter drops it.
    app.key("Up", "Return", "Up", "Up", "Return")
    app.wait_moves("1. e4 *")
    # Black: the cursor is on e4; up to e7, pick up, down to e5, drop.
    app.key("Up", "Up", "Up", "space", "Down", "Down", "space")
    app.wait_moves("1. e4 e5 *")
    # Escape hides the cursor; then Left browses back, End returns.
    app.key("Escape", "Left")
    app.wait_status(lambda s: "Viewing" in s, "Left to browse")
    app.key("End")
    app.wait_status(lambda s: "Viewing" not in s, "End to return")
    # While the cursor is shown, Left moves it; after a click the cursor is
    # gone and Left browses again, counting moves as players do.
    app.key("Up", "Left")
    stays(lambda: "Viewing" not in app.status(),
          "Left browsed while moving the cursor: " + app.status(), 0.5)
    app.click_square("a5")
    app.key("Left")
    app.wait_status(lambda s: "Viewing move 1, White" in s, "Left after a click")
    # A move clicked in the move list has the focus: ← and → still browse,
    # rather than moving the focus along the list.
    app.key("End")
    app.wait_status(lambda s: "Viewing" not in s, "End to return")
    move = app.find(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "e4"
                    and showing(n), "the move e4 in the move list")
    # GTK 4.18 reports the button's place some 15 px too high (client-side
    # decorations): a click there can land between two lines of the list.
    x, y = node_center(app.origin, move)
    for dy in (0, 15):
        app.move_to(x, y + dy)
        human_pause(0.05)
        xdotool("click", 1)
        try:
            app.wait_status(lambda s: "Viewing move 1, White" in s, "the clicked move", 3)
            break
        except e2e_common.Failure:
            continue
    app.wait_status(lambda s: "Viewing move 1, White" in s, "the clicked move")
    app.key("Right")
    app.wait_status(lambda s: "Viewing" not in s, "Right in the move list to browse")
    # Back to the start and one move on.
    app.key("Left", "Left", "Right")
    app.wait_status(lambda s: "Viewing move 1, White" in s, "Left Left Right in the move list")
    # Home and End too.
    app.key("End")
    app.wait_status(lambda s: "Viewing" not in s, "End in the move list to return")
    app.key("Home")
    app.wait_status(lambda s: "Viewing the starting position" in s, "Home in the move list")
    # A move typed with the focus on the board goes into the move entry,
    # as after Continue Last Game: no click on the entry first.
    app.key("End")
    app.wait_status(lambda s: "Viewing" not in s, "End in the move list to return")
    app.click_square("a5")
    xdotool("type", "--delay", str(random.choice((30, 90))), "Nf3")
    app.key("Return")
    app.wait_moves("1. e4 e5 2. Nf3 *")


def open_file(app):
    """A game opened from the command line while an unfinished game is in
    the autosave: the file is shown for study (no start screen, no question,
    no result card) and the unfinished game is kept for the next start."""
    app.start()
    app.drag("e2", "e4")
    app.drag("c7", "c5")
    app.wait_moves("1. e4 c5 *")
    app.stop()
    app.start(os.path.join(DATA, "finished-game.pgn"))
    app.find(lambda n: n.name and "Cez Trophy 2012, Prague CZE" in n.name and showing(n),
             "the game's header in the panel")
    app.shot("06-opened-finished-game")
    check(not app.find_all(lambda n: n.name == "Continue Last Game" and showing(n)),
          "the start screen is shown")
    check(not app.find_all(lambda n: n.name and n.name.startswith("Save") and n.name.endswith("?")
                           and showing(n)), "a save question is shown")
    check(not app.find_all(lambda n: n.name == "View Board" and showing(n)),
          "the result card covers the opened game")
    check("1. e4 c5 *" in movetext(app.autosave()), "the unfinished game was overwritten: " + app.autosave())
    app.stop()
    app.start(card=True)
    app.find(lambda n: n.name == "Continue Last Game" and showing(n),
             "the unfinished game offered again")


def peek(app):
    """Holding the right button on the g1 knight shows its targets (f3, h3)
    while held and hides them on release; nothing is selected or played."""
    if shutil.which("import") is None:
        print("skipped: ImageMagick's import is missing")
        return SKIP
    app.start()
    targets = ("f3", "h3")
    others = ("e3", "g3")           # empty squares the knight cannot reach
    path = os.path.join(app.home, "screen.ppm")

    def square_colours(screen):
        return {name: pixel_mean(screen, *app.center(name)) for name in targets + others}

    def marked(colours, before):
        return all(colour_distance(before[n], colours[n]) > 30 for n in targets)

    # Away from the board: no hover effect on the squares, once the screen
    # shows it (the squares' colours read twice the same).
    app.move_to(app.board_x + app.board_size / 2, app.board_y - 5)
    e2e_common.wait_steady(lambda: sorted(square_colours(grab_screen(path)).items()),
                           "the squares to settle with the pointer off the board")
    before_screen = grab_screen(path)
    align_to_screen(app, before_screen)
    before = square_colours(before_screen)
    app.move_to(*app.center("g1"))
    human_pause(0.1)
    pressed = time.monotonic()
    xdotool("mousedown", 3)
    held = wait_until(lambda: (lambda c: c if marked(c, before) else None)(square_colours(grab_screen(path))),
                      lambda: "the target marks on %s while the right button is held" % (targets,))
    app.shot("06-peek")
    # A hold, not a click (under 350 ms a right click circles the square).
    human_pause(max(0.0, 0.6 - (time.monotonic() - pressed)))
    xdotool("mouseup", 3)
    app.move_to(app.board_x + app.board_size / 2, app.board_y - 5)

    def unmarked():
        colours = square_colours(grab_screen(path))
        return colours if all(colour_distance(before[n], colours[n]) <= 4 for n in targets) else None
    after = wait_until(unmarked, lambda: "the marks gone after the release: before %s, now %s"
                       % (before, square_colours(grab_screen(path))))
    report = "; ".join("%s %s->%s->%s" % (n, before[n], held[n], after[n]) for n in targets + others)
    for name in others:
        check(colour_distance(before[name], held[name]) <= 4,
              "%s (not a target) changed during the peek: %s" % (name, report))
    # Nothing selected, nothing played: a left click on f3 does not move the
    # knight there (had it, the knight could not go to h3 next), and the
    # knight can still be moved normally afterwards.
    app.click_square("f3")
    app.drag("g1", "h3")
    moves = app.wait_moves("1. Nh3 *")
    check(moves.strip().startswith("1. Nh3 *"), "the peek changed the game: " + moves)
    check("Viewing" not in app.status(), "the peek changed the view: " + app.status())


def tour(app):
    """Screenshots for a person to look at (not a check)."""
    app.start()
    app.shot("10-start")
    for src, dst in [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("d8", "d5"), ("b1", "c3"),
                     ("d5", "e5")]:
        app.drag(src, dst)
    app.wait_moves("3. Nc3 Qe5+")
    app.shot("11-check")
    x0, y0 = app.center("g1")
    app.move_to(x0, y0)
    xdotool("mousedown", 1)
    x1, y1 = app.center("f4")
    for i in range(1, 6):
        app.move_to(x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * i / 6)
        human_pause(0.03)
    app.shot("12-dragging")
    xdotool("mouseup", 1)
    app.click_square("g1")
    app.shot("13-selected")
    app.click_square("g1")
    frame = app.find(lambda n: n.getRole() == pyatspi.ROLE_FRAME, "the window")
    actions = frame.queryAction()
    for i in range(actions.nActions):
        if actions.getName(i) == "win.flip-board":
            actions.doAction(i)
            app.shot("15-flipped")
            actions.doAction(i)
    xdotool("windowsize", app.window, 640, 900)
    app.locate()
    app.shot("14-narrow")


SCENARIOS = {f.__name__.replace("_", "-"): f for f in (scholar, illegal, promotion, resume, typed, keyboard, peek,
                                                        open_file, tour)}


def main():
    # The checks read the status line in English: the app and T() alike.
    os.environ["LANGUAGE"] = "C"
    return e2e_common.run_scenarios("e2e", SCENARIOS, dark_env={"GTK_THEME": "Adwaita:dark"})


if __name__ == "__main__":
    sys.exit(main())
