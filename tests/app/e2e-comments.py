#!/usr/bin/python3
"""End to end: comments (suite 'e2e', issue 23).

Run through `e2e.sh e2e-comments.py THINKCHESS SCENARIO [--shots DIR]`.

Scenarios: long (a game whose first comment holds 2 MB of text opens at
once, the board takes a move, the comment is cut short and "Show All"
shows it whole); brace (a "}" typed into the comment editor is refused
with a message, the rest is saved as typed).
"""

import os
import random
import shutil
import sys
import time

import pyatspi

import e2e_common
from e2e_common import DATA, T, check, grab_screen, human_pause, link_blue, movetext, pixel_mean, wait_until, xdotool

# Generous for a sanitizer build on a loaded machine; before the fix the
# app spent minutes laying out the comment and never painted.
OPEN_BOUND = 60


def place(label):
    """Where `label` is in its window, from AT-SPI, as a failure says it."""
    try:
        ext = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    except Exception:       # the label (or the app) gone
        return "gone"
    return "at %d,%d, %d×%d" % (ext.x, ext.y, ext.width, ext.height)


class App(e2e_common.App):
    def click_link_in(self, label):
        """Clicks the link (blue text) shown in `label`, found on the screen
        near the label's place from AT-SPI. Returns where it clicked and the
        label's place then, for a failure to tell."""
        ext = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        x0, y0 = self.origin[0] + ext.x, self.origin[1] + ext.y
        screen = grab_screen(os.path.join(self.home, "screen.ppm"))
        width, height, _ = screen
        area = [(x, y) for y in range(max(y0 - 20, 0), min(y0 + ext.height + 20, height))
                for x in range(max(x0 - 10, 0), min(x0 + ext.width + 10, width))
                if link_blue(pixel_mean(screen, x, y, radius=0))]
        check(area, "no link seen on the screen in the label")
        x = (min(x for x, _ in area) + max(x for x, _ in area)) // 2
        y = (min(y for _, y in area) + max(y for _, y in area)) // 2
        xdotool("mousemove", x, y)
        human_pause(0.1)
        xdotool("click", 1)
        return "clicked at %d,%d; the label was %s" % (x, y, place(label))


def long_text(size, seed):
    words = "the knight on f3 controls the centre and prepares castling while black".split()
    rng = random.Random(seed)
    out, n = [], 0
    while n < size:
        w = rng.choice(words)
        out.append(w)
        n += len(w) + 1
    return " ".join(out)


def scenario_long(app):
    comment = long_text(2 * 1024 * 1024, 23)
    path = os.path.join(app.home, "long.pgn")
    with open(path, "w", encoding="utf-8") as f:
        f.write('[Event "Long"]\n[Site "?"]\n[Date "2026.01.01"]\n[Round "?"]\n'
                '[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n\n'
                "1. e4 {%s} e5 2. Nf3 Nc6 3. Bb5 a6 *\n" % comment)
    started = time.monotonic()
    app.start(path)
    app.find_board()
    # Shown cut short, with its link.
    label = app.label_containing(comment[:60], OPEN_BOUND)
    check(len(label.name) < 400, "the comment is shown whole (%d characters)" % len(label.name))
    check(T("Show All") in label.name, "no Show All after the comment: %r" % label.name[-40:])
    # The board answers: a move played from the keyboard is shown.
    app.play("Ba4")
    app.label_containing("Ba4", OPEN_BOUND)
    took = time.monotonic() - started
    print("opened and answered a move in %.1f s" % took)
    check(took < OPEN_BOUND, "the game with a long comment took %.1f s to open" % took)
    app.shot("long-comment")

    # "Show All": the whole text in a window of its own.
    label = app.label_containing(comment[:60])
    clicked = app.click_link_in(label)
    try:
        viewer = app.find(lambda n: n.getRole() == pyatspi.ROLE_TEXT and n.name == T("Comment")
                          and app.visible(n), "the comment viewer", OPEN_BOUND)
    except e2e_common.Failure as e:
        # Seen once on Debian 13 under CI's load, not reproduced since: was
        # the link where it was clicked?
        raise e2e_common.Failure("%s (%s; now %s)" % (e, clicked, place(label))) from e
    text = viewer.queryText()
    count = text.characterCount
    shown_start = " ".join(text.getText(0, 2000).split())
    shown_end = " ".join(text.getText(count - 2000, count).split())
    check(comment.startswith(shown_start[:1500]), "the viewer's text starts otherwise")
    check(comment.endswith(shown_end[-1500:]), "the viewer's text ends otherwise")
    check(abs(count - len(comment)) < 10, "the viewer holds %d characters of %d" % (count, len(comment)))
    app.shot("long-comment-viewer")
    app.key("Escape")
    wait_until(lambda: not app.find_all(lambda n: n.getRole() == pyatspi.ROLE_TEXT
                                        and n.name == T("Comment") and app.visible(n)),
               "the viewer closed", 10)


def scenario_brace(app):
    path = os.path.join(app.home, "study.pgn")
    shutil.copy(os.path.join(DATA, "annotated.pgn"), path)
    app.start(path)
    app.find_board()
    app.focus_move("Bb5")
    x, y = app.center("a1")
    xdotool("mousemove", x, y)
    app.key("shift+F10")
    wait_until(lambda: app.move_menu_item("Edit _Comment\u2026"), "the move's menu")
    app.key("Return")
    app.find(lambda n: n.name == T("Comment") and app.visible(n), "the comment editor")
    # Typed with gaps, then the brace, then the rest at once.
    for ch in "Set {a":
        xdotool("type", ch)
        human_pause(0.05)
    xdotool("type", "}")
    message = T("PGN comments cannot contain \u201c}\u201d")
    app.label_containing(message)
    app.shot("comment-brace")
    xdotool("type", "--delay", "0", " trap")
    wait_until(lambda: not app.has_label(message), "the message gone with the next character", 5)
    app.key("Return")
    app.label_containing("Set {a trap")
    app.key("ctrl+s")
    with_comment = lambda: "Set {a" in open(path, encoding="utf-8").read()
    wait_until(with_comment, "the comment saved")
    text = " ".join(movetext(open(path, encoding="utf-8").read()).split())
    check("3. Bb5 {Set {a trap} 3... a6" in text, "the comment as typed, without the brace:\n" + text)


SCENARIOS = {"long": scenario_long, "brace": scenario_brace}


def main():
    return e2e_common.run_scenarios("e2e-comments", SCENARIOS, App)


if __name__ == "__main__":
    sys.exit(main())
