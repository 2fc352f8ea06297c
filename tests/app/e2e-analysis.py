#!/usr/bin/python3
"""End to end: hint and analysis mode (suite 'e2e').

Run through `e2e.sh e2e-analysis.py THINKCHESS SCENARIO [--shots DIR] [--dark]`.
The real program with the built-in engine: real key presses (xdotool), the
status line and the analysis panel read over AT-SPI, the engine's arrows
seen on the screen (the analysis' violet, the hint's cyan, the threat's
orange pixels on the board, none before and after).

Scenarios:
  hint      Ctrl+H names a move in the status line and draws its arrow; a
            move played clears both; the hint is not saved into the game.
  analysis  Ctrl+E shows the bar's number, the depth and the best line and
            the arrow; browsing back analyses the earlier position; the
            side panel's Analysis toggle (clicked) turns it off and
            everything is gone; in a narrow
            window the panel is shown too.
  threat    Ctrl+T with analysis off (pressed three times at once: on, off,
            on) shows the opponent's threat in words and as an orange-red
            arrow; a move that parries it changes the words; Ctrl+T again
            takes the words and the arrow away and leaves the analysis.
  full-line With three best lines, the second and third keep one row and
            end in "…" once long: Show Full Lines (clicked) turns sensitive,
            and a click shows a line over several rows, read whole over
            AT-SPI, its description the same line.
"""

import os
import re
import sys

import pyatspi

import e2e_common
from e2e_common import T, check, grab_screen, human_pause, movetext, pixel_mean, wait_until, xdotool

# A score as the panel writes it: "+0.35", "−1.20", "0.00", "M3", "−M3".
SCORE = re.compile(r"^([+\u2212]?\d+[.,]\d\d|\u2212?M\d+)$")


def is_engine_violet(rgb):
    """The engine's arrow colour over a light or dark square (and nothing
    on the board or the pieces looks like it)."""
    r, g, b = rgb
    return b > 140 and b - g > 70 and r - g > 20


def is_hint_cyan(rgb):
    """The hint's cyan arrow over a light or dark square (the annotations'
    blue is darker, their green has no blue)."""
    r, g, b = rgb
    return r < 90 and g > 120 and b > 140 and b - r > 80


def is_threat_orange(rgb):
    """The threat's orange-red arrow over a light or dark square (the
    check mark is redder, the annotations' red darker, the last move's
    highlight yellow)."""
    r, g, b = rgb
    return r > 200 and r - g > 90 and g - b > 25


class App(e2e_common.App):
    def board_pixels(self, colour_test):
        """How many sampled points of the board pass `colour_test`."""
        screen = grab_screen(os.path.join(self.home, "screen.ppm"))
        count = 0
        step = max(self.square // 10, 2)
        for y in range(self.board_y + 2, self.board_y + 8 * self.square - 2, step):
            for x in range(self.board_x + 2, self.board_x + 8 * self.square - 2, step):
                if colour_test(pixel_mean(screen, x, y, radius=0)):
                    count += 1
        return count

    def violet_pixels(self):
        """How many sampled points of the board show the engine's arrow."""
        return self.board_pixels(is_engine_violet)

    def hint_pixels(self):
        """How many sampled points of the board show the hint's arrow."""
        return self.board_pixels(is_hint_cyan)

    def threat_pixels(self):
        """How many sampled points of the board show the threat's arrow."""
        return self.board_pixels(is_threat_orange)

    @staticmethod
    def hint_prefix():
        return T("Hint: %s").split("%s")[0]

    def analysis_panel(self):
        """The analysis panel when shown, else None: not the coach's
        Analysis toggle above it (nor its label), nor a menu item."""
        panels = self.find_all(lambda n: n.name == T("Analysis") and self.visible(n)
                               and n.getRole() not in (pyatspi.ROLE_CHECK_MENU_ITEM,
                                                       pyatspi.ROLE_TOGGLE_BUTTON,
                                                       pyatspi.ROLE_PUSH_BUTTON,
                                                       pyatspi.ROLE_LABEL))
        return panels[0] if panels else None

    def panel_texts(self):
        """The analysis panel's labels (score, depth, lines), or [] when the
        panel is not shown."""
        panel = self.analysis_panel()
        if panel is None:
            return []
        return e2e_common.names(panel, lambda n: n.getRole() == pyatspi.ROLE_LABEL
                                and self.visible(n))


def wait_for_analysis(app, first_line_prefix):
    """Waits until the panel shows a score, the depth and a best line
    starting with `first_line_prefix`; returns the panel's texts."""
    depth = T("Depth %d · %s").split("%d")[0]

    def ready():
        texts = app.panel_texts()
        has_score = any(SCORE.match(t) for t in texts)
        has_depth = any(t.startswith(depth) for t in texts)
        has_line = any(t.startswith(first_line_prefix) for t in texts)
        return texts if has_score and has_depth and has_line else None
    return wait_until(ready, "the analysis panel with a score, the depth and a line starting "
                      + repr(first_line_prefix) + " (shown: %r)" % (app.panel_texts(),), 30)


def scenario_hint(app):
    app.start()
    app.find_board()
    app.play("e4", "e5")
    app.wait_autosave("1. e4 e5")
    app.point_at_window()
    check(app.violet_pixels() == 0 and app.hint_pixels() == 0, "an arrow on the board before any hint")

    app.key("ctrl+h")
    prefix = app.hint_prefix()
    hint = wait_until(lambda: next((t for t in app.labels() if t.startswith(prefix)), None),
                      "the hint in the status line (labels: %r)" % (app.labels(),), 30)
    move = hint[len(prefix):].strip()
    check(re.match(r"^([KQRBNSLTDCAF]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBNDTLSCAF])?|O-O(-O)?)[+#]?$", move),
          "not a move in the hint: " + repr(hint))
    # The hint's own colour: not the analysis' violet.
    wait_until(lambda: app.hint_pixels() > 5, "a cyan arrow on the board for " + repr(hint), 5)
    check(app.violet_pixels() == 0, "the hint's arrow is the analysis' violet")
    app.shot("hint")
    # Shown only: the game has the same two moves.
    check(movetext(app.autosave()).strip().startswith("1. e4 e5") and "2." not in movetext(app.autosave()),
          "the hint changed the game: " + app.autosave())

    # A move clears the arrow and the hint.
    app.drag("g1", "f3", pause=0.6)
    app.wait_autosave("2. Nf3")
    app.point_at_window()
    wait_until(lambda: not any(t.startswith(prefix) for t in app.labels()),
               "the hint gone from the status line", 5)
    wait_until(lambda: app.hint_pixels() == 0, "the hint's arrow to go after a move", 5)
    check("[%cal" not in app.autosave(), "the hint's arrow was saved: " + app.autosave())
    app.shot("hint-cleared")


def scenario_analysis(app):
    app.start()
    app.find_board()
    app.play("e4", "e5", "Nf3")
    app.wait_autosave("2. Nf3")
    app.point_at_window()
    check(not app.panel_texts(), "the analysis panel shows before analysis is on")

    app.key("ctrl+e")
    # Black to move after 2. Nf3: the best line starts with Black's move 2.
    texts = wait_for_analysis(app, "2\u2026 ")
    wait_until(lambda: app.violet_pixels() > 5, "the best-move arrow with analysis on: %r" % (texts,), 5)
    app.shot("analysis-on")

    # Browsing back to the start: the engine analyses that position. (A
    # click on an empty square gives the board the keyboard focus.)
    x, y = app.center("d4")
    xdotool("mousemove", x, y)
    xdotool("click", 1)
    wait_until(lambda: app.board.getState().contains(pyatspi.STATE_FOCUSED), "the board focused by a click")
    app.key("Home")
    wait_for_analysis(app, "1. ")
    app.shot("analysis-start-position")
    app.key("End")
    wait_for_analysis(app, "2\u2026 ")

    # Narrow: the panel stays, under the board.
    xdotool("windowsize", app.window, 420, 940)
    app.locate()
    wait_until(app.panel_texts, "the analysis panel in the narrow window")
    app.shot("analysis-narrow")
    xdotool("windowsize", app.window, 1100, 760)
    app.locate()
    app.find_board()

    # Off with a click on the coach's Analysis toggle in the side panel:
    # the panel, its number and the arrow are gone.
    toggle = app.coach_button("Analysis")

    def pressed():
        # A toggle button says its state as pressed (GTK 4.8) or checked.
        state = toggle.getState()
        return state.contains(pyatspi.STATE_PRESSED) or state.contains(pyatspi.STATE_CHECKED)

    check(pressed(), "the Analysis toggle is not pressed")
    app.click_until(toggle, lambda: not pressed(), "the Analysis toggle released")
    wait_until(lambda: not app.panel_texts(), "the analysis panel hidden", 10)
    app.point_at_window()
    wait_until(lambda: app.violet_pixels() == 0, "the best-move arrow to go when analysis is off", 5)
    check(not any(t.startswith(T("Depth %d · %s").split("%d")[0]) for t in app.labels()),
          "the depth is still shown")
    app.shot("analysis-off")


def scenario_threat(app):
    app.start()
    app.find_board()
    # 1. e4 e5 2. Bc4 Nc6 3. Qh5: White threatens Qxf7#.
    app.play("e4", "e5", "Bc4", "Nc6", "Qh5")
    app.wait_autosave("3. Qh5")
    app.point_at_window()
    prefix = T("Threat: %s").split("%s")[0]

    def threat_words():
        return [t for t in app.panel_texts() if t.startswith(prefix)]

    check(not app.panel_texts(), "the analysis panel shows before analysis is on")
    check(app.threat_pixels() == 0, "orange-red on the board before the threat is shown")

    # Analysis is off: Ctrl+T turns it on with the threat. Three presses at
    # once (on, off, on) end with it shown.
    xdotool("key", "--clearmodifiers", "ctrl+t", "ctrl+t", "ctrl+t")
    mate = T("Threat: %s") % (T("%s, mate in %d") % ("4. Qxf7#", 1))
    wait_until(lambda: mate in app.panel_texts(),
               "the threat %r in the panel (shown: %r)" % (mate, app.panel_texts()), 30)
    wait_for_analysis(app, "3\u2026 ")
    wait_until(lambda: app.threat_pixels() > 5, "a threat arrow on the board with %r" % mate, 5)
    app.shot("threat-mate")

    # 3… g6 parries it: Black now threatens the queen (4… gxh5).
    app.drag("g7", "g6", pause=0.6)
    app.wait_autosave("3. Qh5 g6")
    app.point_at_window()
    # What it wins, in the review's words (English: the words' context
    # makes them translated apart from the review's sentences).
    wins = "4\u2026 gxh5, winning the queen"
    wait_until(lambda: any(t.startswith(prefix + "4\u2026 gxh5") for t in threat_words()),
               "the new threat 4… gxh5 (shown: %r)" % (app.panel_texts(),), 30)
    check(os.environ.get("LANGUAGE", "C") not in ("", "C") or T("Threat: %s") % wins in threat_words(),
          "the threat says what it wins, %r (shown: %r)" % (wins, threat_words()))
    check(mate not in app.panel_texts(), "the parried threat is still shown")
    wait_until(lambda: app.threat_pixels() > 5, "a threat arrow for %r" % threat_words(), 5)
    app.shot("threat-queen")

    # Ctrl+T again: the words and the arrow go, the analysis stays.
    app.key("ctrl+t")
    wait_until(lambda: not threat_words(), "the threat gone from the panel (shown: %r)"
               % (app.panel_texts(),), 10)
    wait_for_analysis(app, "4. ")
    wait_until(lambda: app.threat_pixels() == 0, "the threat's arrow to go after Ctrl+T", 5)
    check("[%cal" not in app.autosave(), "the threat's arrow was saved: " + app.autosave())
    app.shot("threat-off")


def options_item(app, index):
    """The `index`th item of the open analysis options (its lines first:
    1 Line, 2 Lines, 3 Lines; by place, as GTK 4.18 leaves their names
    empty over AT-SPI)."""
    items = app.find_all(lambda n: n.getRole() in (pyatspi.ROLE_RADIO_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM,
                                                   pyatspi.ROLE_MENU_ITEM) and app.visible(n))
    return items[index] if len(items) > index else None


def scenario_full_line(app):
    app.start()
    app.find_board()
    app.play("e4", "e5", "Nf3")
    app.wait_autosave("2. Nf3")
    app.point_at_window()
    app.key("ctrl+e")
    wait_for_analysis(app, "2\u2026 ")

    # Three best lines, chosen in the panel's menu with the mouse.
    options = app.find(lambda n: n.name == T("Analysis Options") and app.visible(n),
                       "the analysis options button")
    app.point_at(options)
    xdotool("click", 1)
    item = wait_until(lambda: options_item(app, 2), "the menu item 3 Lines", 10)
    item.queryAction().doAction(0)
    wait_until(lambda: options_item(app, 0) is None, "the analysis options closed", 10)

    def line_labels():
        """The panel's best lines (each starts with Black's move 2 or with
        its score and then that move)."""
        panel = app.analysis_panel()
        if panel is None:
            return []
        return app.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL and app.visible(n)
                            and n.name and (n.name.startswith("2\u2026 ") or ": 2\u2026 " in n.name),
                            panel)

    wait_until(lambda: len(line_labels()) == 3, "three best lines (shown: %r)" % (app.panel_texts(),), 30)
    toggle = app.find(lambda n: n.name == T("Show Full Lines") and app.visible(n),
                      "the Show Full Lines button")
    # The engine's lines grow with its depth: one soon does not fit.
    wait_until(lambda: toggle.getState().contains(pyatspi.STATE_SENSITIVE),
               "Show Full Lines sensitive once a line is cut short (lines: %r)"
               % ([n.name for n in line_labels()],), 60)
    row = min(n.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height for n in line_labels()[1:])
    app.shot("full-line-collapsed")

    def pressed():
        state = toggle.getState()
        return state.contains(pyatspi.STATE_PRESSED) or state.contains(pyatspi.STATE_CHECKED)

    # Right after a popover closed, clicks can go unheard until the pointer
    # enters the window anew: each try comes from the board.
    for attempt in range(5):
        app.point_at_window()
        app.point_at(toggle)
        human_pause(0.3)
        xdotool("mousedown", 1)
        human_pause(0.1)
        xdotool("mouseup", 1)
        try:
            wait_until(pressed, "Show Full Lines pressed", 3)
            break
        except e2e_common.Failure:
            continue
    check(pressed(), "Show Full Lines not pressed after five clicks")

    def whole_line():
        """A best line over more than one row, its description the whole
        line as its name is."""
        for node in line_labels():
            height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height
            if height >= 2 * row and node.description == node.name:
                return node.name
        return None
    line = wait_until(whole_line, "a best line shown whole over several rows (lines: %r)"
                      % ([(n.name, n.description, n.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height)
                          for n in line_labels()],), 10)
    # The line in SAN with move numbers, ending with a move, not "…".
    check(re.search(r"\b\d+\. \S+", line) and not line.endswith("\u2026"), "not a whole line: %r" % line)
    app.point_at_window()
    app.shot("full-line-expanded")


SCENARIOS = {"hint": scenario_hint, "analysis": scenario_analysis, "threat": scenario_threat,
             "full-line": scenario_full_line}


def main():
    return e2e_common.run_scenarios("e2e-analysis", SCENARIOS, App, dark_env={"GTK_THEME": "Adwaita:dark"})


if __name__ == "__main__":
    sys.exit(main())
