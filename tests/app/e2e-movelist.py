#!/usr/bin/python3
"""End to end: the move list keeps its place (suite 'e2e', issue 27).

Run through `e2e.sh e2e-movelist.py THINKCHESS SCENARIO [--shots DIR] [--dark]`.
The real program under its own Xvfb, real X input (xdotool), places read
over AT-SPI. The game: tests/data/app/reviewed-long.pgn, 41 moves reviewed
by thinkchess-cli, the better lines as variations.

Scenarios:
  keep-place — the list scrolled to its middle by the wheel: a click on a
           move there leaves every move where it was on the screen (one
           click, then clicks in a quick row); → five times with pauses,
           then ten at once, keeps the move viewed inside the list,
           and the review's words above the list keep their height (the
           list neither moves nor changes size).
  variation-menu — a right-click on a move inside a variation opens the
           move list's menu (Edit Comment…, Annotation Symbol, Promote,
           Make Main Line, Delete), not the label's link menu; Delete
           Variation removes it, in the autosave too.
"""

import os
import shutil
import sys

import pyatspi

import e2e_common
from e2e_common import DATA, MOVE_MENU, T, check, human_pause, wait_until, xdotool

GAME = "reviewed-long.pgn"
PLIES = 82


# The list's frame and a pixel of rounding.
FRAME = 3


class App(e2e_common.App):
    def open_game(self):
        path = os.path.join(self.home, GAME)
        shutil.copy(os.path.join(DATA, GAME), path)
        self.start(path)
        self.find_board()

    def move_list(self):
        return self.find(lambda n: n.name == T("Moves") and self.visible(n), "the move list")

    def move_buttons(self, move_list):
        errors = []
        buttons = e2e_common.find_all(
            move_list, lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON, errors=errors)
        check(len(buttons) == PLIES, "the list shows %d moves, the game has %d%s"
              % (len(buttons), PLIES, " (AT-SPI errors: %r)" % errors[:3] if errors else ""))
        return buttons

    @staticmethod
    def box(node):
        """(top, bottom) of `node` in the window."""
        ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return (ext.y, ext.y + ext.height)

    def shown(self, move_list, margin=0):
        """The indexes of the moves wholly inside the list's view, `margin`
        pixels clear of its box. The box includes the list's frame, which
        may cover a row's first or last pixels; a click on a row cut so
        rightly scrolls it into view."""
        buttons = self.move_buttons(move_list)
        top, bottom = self.box(move_list)
        return [i for i, b in enumerate(buttons)
                if self.box(b)[0] >= top + margin and self.box(b)[1] <= bottom - margin]

    # GTK 4.18 reports places over AT-SPI some pixels too high (client-side
    # decorations): the first click finds by how much (calibrate_click).
    click_dy = 0

    def calibrate_click(self, button, text):
        """Clicks `button` a little lower each time until the status says
        `text`; later clicks keep that correction."""
        for dy in (0, 8, 15, 22):
            self.click_dy = dy
            self.click_button(button)
            try:
                self.wait_viewing(text, "the move clicked viewed")
                return
            except e2e_common.Failure:
                continue
        self.wait_viewing(text, "the move clicked viewed")

    def click_button(self, button, pause=True):
        x, y = e2e_common.node_center(self.origin, button)
        y += self.click_dy
        xdotool("mousemove", x, y)
        if pause:
            human_pause(0.1)
        xdotool("click", 1)


def viewing(ply):
    """The status line while move `ply` (0-based) is viewed."""
    return e2e_common.viewing(ply // 2 + 1, ply % 2 == 1)


def places(app, move_list, indexes):
    """The y of moves `indexes` on the screen. (Their buttons read anew:
    a list built anew has new ones.)"""
    buttons = app.move_buttons(move_list)
    return {i: app.box(buttons[i])[0] for i in indexes}


def check_still(app, move_list, before, what):
    """The buttons are where they were (a pixel of rounding allowed)."""
    # Wait out a layout still to come: the places read twice the same.
    now = e2e_common.wait_steady(lambda: places(app, move_list, before), "the list to settle", 5)
    moved = {i: (before[i], now[i]) for i in before if abs(before[i] - now[i]) > 1}
    check(not moved, "%s: moves changed place on the screen (y before, after): %r" % (what, moved))


def scenario_keep_place(app):
    app.open_game()
    move_list = app.move_list()
    wait_until(lambda: PLIES - 1 in app.shown(move_list), "the last move shown", 5)

    # The wheel up to the middle of the game.
    x, y = e2e_common.node_center(app.origin, move_list)
    xdotool("mousemove", x, y)
    # Five notches at a time: each look at the list walks its accessible
    # tree, which takes longer than the notches.
    for _ in range(10):
        xdotool("click", "--repeat", "5", "--delay", "20", "4")
        human_pause(0.1)
        if min(app.shown(move_list) or [0]) < 40:
            break
    e2e_common.wait_steady(lambda: app.shown(move_list, FRAME), "the list to stop scrolling")
    shown = [i for i in app.shown(move_list, FRAME) if i < PLIES - 12]
    check(len(shown) >= 3, "too few moves shown in the list's middle: %r" % shown)
    app.shot("movelist-scrolled")

    # A click on the second move shown: nothing moves.
    before = places(app, move_list, shown)
    app.calibrate_click(app.move_buttons(move_list)[shown[1]], viewing(shown[1]))
    check_still(app, move_list, before, "a click on a move")

    # Clicks in a quick row on the others, then the first again.
    buttons = app.move_buttons(move_list)
    for i in shown[2:] + [shown[0]]:
        app.click_button(buttons[i], pause=False)
    app.wait_viewing(viewing(shown[0]), "the last move clicked viewed")
    check_still(app, move_list, before, "quick clicks")
    app.shot("movelist-clicked")

    # → through five moves, a pause after each: the move viewed stays in
    # the list's view; the list (and so the review's words above it)
    # neither moves nor changes size. (Each look walks the accessible tree
    # of some hundred buttons: five are enough to see a step.)
    frame = app.box(move_list)
    ply = shown[0]
    for step in range(5):
        ply += 1
        app.key("Right")
        app.wait_viewing(viewing(ply), "move %d viewed" % ply)
        check(ply in app.shown(move_list),
              "after → to move %d, it is out of the list's view" % ply)
        check(app.box(move_list) == frame,
              "after → to move %d the list moved from %r to %r: the words above it "
              "changed their height" % (ply, frame, app.box(move_list)))
    app.shot("movelist-stepped")

    # Ten more at once.
    xdotool("key", "--delay", "30", *(["Right"] * 10))
    ply += 10
    app.wait_viewing(viewing(ply), "move %d viewed after ten → at once" % ply)
    # Once the list has stopped scrolling.
    e2e_common.wait_steady(lambda: app.shown(move_list), "the list to stop scrolling")
    check(ply in app.shown(move_list), "move %d is out of the list's view" % ply)
    check(app.box(move_list) == frame, "the list moved from %r to %r" % (frame, app.box(move_list)))


def scenario_variation_menu(app):
    app.open_game()
    # The start: the list at its top, the first variation in view.
    app.key("Home")
    variation = app.label_containing("2\u2026 d5")
    app.shot("movelist-variation")

    app.click_label_start(variation, button=3)
    wait_until(lambda: app.move_menu_item("Edit _Comment\u2026"),
               "the move list's menu on the variation's move (%s)" % app.menu_problem, 5)
    for item in MOVE_MENU:
        check(app.move_menu_item(item) is not None, "no %r in the menu" % item)
    check(not app.find_all(lambda n: n.name in ("Open Link", "_Open Link", "Copy _Link Address")
                           and app.visible(n)),
          "the label's link menu opened too")
    app.shot("movelist-variation-menu")

    # Its mnemonic (the pointer could land on a neighbour: AT-SPI's places
    # are some pixels off under client-side decorations).
    app.key("d")
    # Saved as changed, without that line; the other variations kept.
    wait_until(lambda: "2... Nf6" in app.autosave(), "the game in the autosave")
    saved = " ".join(app.autosave().split())
    check("2... d5" not in saved and "(8. Qd2" in saved,
          "the variation not deleted alone in the autosave:\n" + saved)
    check(not app.has_label("2\u2026 d5"), "the variation is still shown")
    app.shot("movelist-variation-deleted")


SCENARIOS = {"keep-place": scenario_keep_place, "variation-menu": scenario_variation_menu}


def main():
    return e2e_common.run_scenarios("e2e-movelist", SCENARIOS, App)


if __name__ == "__main__":
    sys.exit(main())
