#!/usr/bin/python3
"""End to end: the start card asks who plays (issue 27, suite 'e2e').

Run through `e2e.sh e2e-start-card.py THINKCHESS SCENARIO [--shots DIR] [--dark]`.
The real thinkchess on a fresh start (no last game, default settings), real
clicks, keys and drags (xdotool), the card read over AT-SPI, the autosave of
the test's XDG_DATA_HOME read back.

Scenarios:
  computer     Play the Computer, clicked, at the level the card names
               (Casual on a first start): after 1. e4, dragged on the board,
               the built-in engine answers as Black, and the autosave's
               Black tags name ThinkChess (Casual). Then two moves typed
               in the move entry, the second without a click: the entry
               has the focus back after each answer.
  two-players  Two Players, chosen with its mnemonic (Alt+T) from the
               keyboard: 1. e4, dragged quickly, is answered by nobody; the
               autosave holds that one move, both sides people.
"""

import re
import sys

import pyatspi

import e2e_common
from e2e_common import T, check, movetext, stays, wait_until, xdotool


class App(e2e_common.App):
    def card_shown(self):
        return bool(self.find_all(lambda n: e2e_common.button_named(n, T("_Two Players"))))

    def check_card(self):
        """The fresh card: both choices, the computer's level named, nothing
        to continue, and every button named once, without its mnemonic."""
        self.button(T("_Play the Computer"))
        self.button(T("_Two Players"))
        self.label_containing(T("Casual"))
        check(not self.find_all(lambda n: e2e_common.button_named(n, T("_Continue Last Game"))),
              "a fresh start offers a last game to continue")
        self.check_button_names(self.atspi_app(), "the start card")

    def wait_card_gone(self):
        wait_until(lambda: not self.card_shown(), "the start card to close")


def black_tags(pgn):
    return {m.group(1): m.group(2)
            for m in re.finditer(r'^\[(Black\w*) "([^"]*)"\]$', pgn, re.MULTILINE)}


def scenario_computer(app):
    app.start(card=True)
    app.check_card()
    app.shot("start-card")
    # The suggested choice has the focus: Space takes it, as a keyboard
    # user does. (A click at its place over AT-SPI misses on GTK 4.18,
    # which leaves the card's padding out of the places it reports.)
    play = app.button(T("_Play the Computer"))
    check(play.getState().contains(pyatspi.STATE_FOCUSED), "Play the Computer has no focus")
    app.key("space")
    app.wait_card_gone()
    app.find_board()
    app.drag("e2", "e4", pause=0.1)

    # The computer's answer, as Black, lands in the autosave.
    def answered():
        pgn = app.autosave()
        return pgn if re.search(r"1\. e4 \S+ \*", movetext(pgn)) else None
    pgn = wait_until(answered, "the computer's answer in the autosave:\n" + app.autosave(), 30)
    tags = black_tags(pgn)
    check(tags.get("Black") == T("ThinkChess (%s)") % T("Casual"), "the Black player: %r" % tags)
    check(tags.get("BlackType") == "program" and tags.get("BlackEngine") == "builtin 2",
          "the Black player's tags: %r" % tags)
    check('[WhiteType "human"]' in pgn, "White is not the person:\n" + pgn)
    app.shot("computer-answered")

    # Moves typed: the entry is insensitive while the computer thinks, and
    # has the focus again when it has answered, so the next move is typed
    # straight in, without a click.
    app.play("d4")
    wait_until(lambda: re.search(r"2\. d4 \S+ \*", movetext(app.autosave())),
               lambda: "2. d4 and the computer's answer in the autosave:\n" + app.autosave(), 30)

    # The answer may be a check that Nf3 does not meet: then the entry
    # refuses it and keeps it, which shows the keys reached it too.
    entry = app.move_entry()
    typed_in = lambda: (re.search(r"3\. Nf3 ", movetext(app.autosave()))
                        or app.field_text(entry) == "Nf3")
    xdotool("type", "--delay", "0", "Nf3")
    xdotool("key", "Return")
    wait_until(typed_in, lambda: "3. Nf3 typed without a click, in the autosave or the entry:\n"
               + app.autosave(), 30)


def scenario_two_players(app):
    app.start(card=True)
    app.check_card()
    app.shot("start-card")
    # From the keyboard: the mnemonic, keys going to the window under the
    # pointer (no window manager).
    app.point_at(app.button(T("_Two Players")))
    app.key("alt+t")
    app.wait_card_gone()
    app.find_board()
    app.drag("e2", "e4", pause=0)
    app.wait_autosave("1. e4 *")
    # Nobody answers: the game stays at one move for a while.
    stays(lambda: movetext(app.autosave()).split() == ["1.", "e4", "*"],
          "a move nobody should have played", 4)
    pgn = app.autosave()
    check('"program"' not in pgn, "a computer plays a side:\n" + pgn)
    black_to_move = T("%s to move.") % T("Black")
    check(app.has_label(black_to_move), "no %r in the status line" % black_to_move)


SCENARIOS = {
    "computer": scenario_computer,
    "two-players": scenario_two_players,
}

if __name__ == "__main__":
    sys.exit(e2e_common.run_scenarios("e2e-start-card", SCENARIOS, App))
