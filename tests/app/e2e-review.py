#!/usr/bin/python3
"""End to end: game review (suite 'e2e').

Run through `e2e.sh e2e-review.py THINKCHESS SCENARIO [--shots DIR] [--dark]`.
The real program under its own Xvfb, real X input (xdotool), what it shows
read over AT-SPI and from screenshots.

Scenarios:
  graph  — an annotated game (tests/data/app/reviewed.pgn) opens with its
           evaluation graph and its mistakes coloured; a click on the graph,
           a drag along it and its keys show the positions under them.
  review — a plain game (tests/data/app/review-me.pgn) reviewed with Ctrl+R:
           the blunder is marked, the graph drawn, why it was bad ("Allows
           mate in 2: …") and the better move shown in words, the better
           move as an arrow on the board; saved with Ctrl+S and opened
           again, the annotations are there; Retry This Move: another move
           on the board, judged, answered by the computer, taken back.
  cancel — Cancel stops the review of a long game, keeping what was done.
  retry-untimed — an untimed game continued and ended by a mate: after
           retries of its blunder (Try Again, Back to the Review, Back to the
           Game, and once more) both clocks show the time used as before, on
           screen and in last-game.clock; while retrying, Back to the Review
           is the only blue (suggested) button.
  retry-flag — a 1+0 game continued and lost on time in the app: after a
           retry White's clock still shows the flag (0:00.0), on screen and
           in last-game.clock, Black's its time left.
  result-card — a fool's mate played by drags (two quickly, two with
           pauses); the result card offers Review This Game beside View
           Board and New Game; Tab and space on it make way for the board and
           runs the review at its default budget: 2. g4 marked a blunder,
           the judge named under the summary, [%eval] and $4 in the
           autosave.
"""

import gettext
import os
import re
import shutil
import subprocess
import sys

import pyatspi

import e2e_common
from e2e_common import DATA, T, check, human_pause, viewing, wait_until, xdotool

# The graph's geometry (chess-eval-graph.c): points PAD_X from each side.
PAD_X = 4


class App(e2e_common.App):
    def graph(self, timeout=10):
        return self.find(lambda n: n.name == T("Evaluation graph")
                         and n.getRole() == pyatspi.ROLE_SLIDER, "the evaluation graph", timeout)

    def graph_point(self, graph, point, points):
        """The screen position of `point` of a graph of `points` points."""
        ext = graph.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        step = (ext.width - 2 * PAD_X) / (points - 1)
        return (self.origin[0] + ext.x + int(round(PAD_X + point * step)),
                self.origin[1] + ext.y + ext.height // 2)

    def graph_says(self, graph):
        try:
            return graph.description
        except Exception:
            return ""

    def push_button(self, label, timeout=10):
        return self.button(T(label), timeout)

    def described(self, description):
        return self.find_all(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                             and (n.description or "") == description)

    def blue_on_board(self):
        """How many points of the board (every fourth pixel) are the blue of
        the review's arrow, in a screenshot."""
        size = 8 * self.square
        shot = os.path.join(self.home, "board.png")
        subprocess.run(["import", "-window", "root", shot], check=True)
        out = subprocess.run(["convert", shot, "-crop",
                              "%dx%d+%d+%d" % (size, size, self.board_x, self.board_y),
                              "-sample", "25%", "-depth", "8", "txt:-"],
                             check=True, stdout=subprocess.PIPE, text=True).stdout
        blue = 0
        for line in out.splitlines()[1:]:
            try:
                r, g, b = (int(float(v)) for v in line.split("(")[1].split(")")[0].split(",")[:3])
            except (IndexError, ValueError):
                continue
            if b > 150 and r < 100 and b - r > 80:
                blue += 1
        return blue

    def blue_share(self, node):
        """The share of a widget's points (every other pixel) that are the
        accent blue of a suggested action, in a screenshot."""
        ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        shot = os.path.join(self.home, "widget.png")
        subprocess.run(["import", "-window", "root", shot], check=True)
        out = subprocess.run(["convert", shot, "-crop",
                              "%dx%d+%d+%d" % (ext.width, ext.height, self.origin[0] + ext.x,
                                               self.origin[1] + ext.y),
                              "-sample", "50%", "-depth", "8", "txt:-"],
                             check=True, stdout=subprocess.PIPE, text=True).stdout
        blue = total = 0
        for line in out.splitlines()[1:]:
            try:
                r, g, b = (int(float(v)) for v in line.split("(")[1].split(")")[0].split(",")[:3])
            except (IndexError, ValueError):
                continue
            total += 1
            if b > 150 and r < 100 and b - r > 80:
                blue += 1
        return blue / max(total, 1)

    def clocks(self):
        """Both clocks as shown: (White's, Black's). The players' rows are not
        named alike on every GTK (4.18 names no row), so the two clock labels
        are told apart by place: White's row is below the board."""
        labels = self.find_all(lambda n: n.getRole() == pyatspi.ROLE_LABEL and self.visible(n)
                               and e2e_common.CLOCK.fullmatch(n.name or ""))
        check(len(labels) == 2, "the clocks: %r" % [n.name for n in labels])
        labels.sort(key=lambda n: n.queryComponent().getExtents(pyatspi.WINDOW_COORDS).y)
        return (labels[1].name, labels[0].name)

    def journal(self):
        """(white, black) in ms from last-game.clock, or None."""
        path = os.path.join(self.home, "data", "thinkchess", "last-game.clock")
        try:
            m = re.search(r"white=(-?\d+) black=(-?\d+)", read(path))
        except OSError:
            return None
        return (int(m.group(1)), int(m.group(2))) if m else None


def move_class(name):
    """A move class as the app names it ("move class" context)."""
    localedir = os.environ.get("THINKCHESS_LOCALEDIR")
    language = os.environ.get("LANGUAGE", "C")
    if localedir and language not in ("", "C"):
        translation = gettext.translation("thinkchess", localedir,
                                          languages=language.split(":"), fallback=True)
        return translation.pgettext("move class", name)
    return name


def san(text):
    """English SAN in the app's language (German: Lxd1 for Bxd1)."""
    localedir = os.environ.get("THINKCHESS_LOCALEDIR")
    language = os.environ.get("LANGUAGE", "C")
    if not localedir or language in ("", "C"):
        return text
    translation = gettext.translation("thinkchess", localedir,
                                      languages=language.split(":"), fallback=True)
    letters = translation.pgettext("piece letters N B R Q K", "NBRQK")
    return text.translate(str.maketrans("NBRQK", letters))


def allows_mate(moves, line):
    """Why, in words: "Allows mate in N: LINE." in the app's language."""
    localedir = os.environ.get("THINKCHESS_LOCALEDIR")
    language = os.environ.get("LANGUAGE", "C")
    fmt = "Allows mate in %d: %s." if moves == 1 else "Allows mate in %d: %s."
    if localedir and language not in ("", "C"):
        translation = gettext.translation("thinkchess", localedir,
                                          languages=language.split(":"), fallback=True)
        fmt = translation.ngettext("Allows mate in %d: %s.", "Allows mate in %d: %s.", moves)
    return fmt.replace("%d", str(moves), 1).replace("%s", line, 1)


def scenario_graph(app):
    path = os.path.join(app.home, "reviewed.pgn")
    shutil.copy(os.path.join(DATA, "reviewed.pgn"), path)
    app.start(path)
    graph = app.graph()
    check(app.visible(graph), "the graph is not shown")
    points = 14
    # The last position at first.
    wait_until(lambda: T("Move %u, White").replace("%u", "7") in app.graph_says(graph),
               "the graph at the last move (it says %r)" % app.graph_says(graph), 5)
    # The mistakes are named for screen readers.
    for name in ("Inaccuracy", "Mistake", "Blunder"):
        app.find(lambda n, name=name: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                 and (n.description or "") == move_class(name), "a move described as " + name)
    app.shot("review-graph-open")

    # A click on point 4 (after 2... d6) shows that position.
    x, y = app.graph_point(graph, 4, points)
    xdotool("mousemove", x, y)
    human_pause(0.2)
    xdotool("click", 1)
    app.wait_viewing(viewing(2, True), "the position after 2... d6")
    check(T("Move %u, Black").replace("%u", "2") in app.graph_says(graph),
          "the graph says %r" % app.graph_says(graph))
    app.shot("review-graph-clicked")

    # A drag from there to point 10 (after 5... Bxd1) follows the pointer.
    xdotool("mousedown", 1)
    x1, _ = app.graph_point(graph, 10, points)
    for i in range(1, 11):
        xdotool("mousemove", int(x + (x1 - x) * i / 10), y)
        human_pause(0.04)
    xdotool("mouseup", 1)
    app.wait_viewing(viewing(5, True), "the position after 5... Bxd1")

    # The keys: the graph has the focus after the click.
    app.key("Left")
    app.wait_viewing(viewing(5, False), "the position after 5. Nxe5")
    app.key("Home")
    app.wait_viewing(T("Viewing the starting position. Press End or click the board to return."),
                     "the starting position")
    app.key("Page_Down")
    app.wait_viewing(viewing(5, True), "ten half-moves on")
    app.shot("review-graph-keys")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def wait_reviewed(app, timeout=90):
    """Until the review is over: the blunder marked, no progress bar."""
    wait_until(lambda: app.described(move_class("Blunder")), "the blunder marked", timeout)
    wait_until(lambda: not app.find_all(lambda n: n.getRole() == pyatspi.ROLE_PROGRESS_BAR
                                        and app.visible(n)),
               "the progress bar gone", timeout)


def scenario_review(app):
    path = os.path.join(app.home, "club.pgn")
    shutil.copy(os.path.join(DATA, "review-me.pgn"), path)
    app.start(path)
    app.find_board()
    check(not app.described(move_class("Blunder")), "a blunder marked before the review")
    check(app.blue_on_board() == 0, "blue on the board before the review")

    # Ctrl+R: the progress bar while it runs, then the marks.
    app.key("ctrl+r")
    wait_until(lambda: app.find_all(lambda n: n.getRole() == pyatspi.ROLE_PROGRESS_BAR)
               or app.described(move_class("Blunder")), "the review under way", 20)
    app.shot("review-running")
    wait_reviewed(app)
    graph = app.graph()
    check(app.visible(graph), "no graph after the review")
    app.find(lambda n: T("Accuracy %.0f%%").split("%")[0] in (n.description or ""),
             "the players' accuracy", 5)
    app.shot("review-done")

    # The blunder, from the graph: its words and the better move's arrow.
    x, y = app.graph_point(graph, 10, 14)
    xdotool("mousemove", x, y)
    xdotool("click", 1)
    app.wait_viewing(viewing(5, True), "the blunder 5... Bxd1")
    verdict = app.label_starting(san("5… Bxd1"), 5)
    check(move_class("Blunder") in verdict and "5…" in verdict.split("\n")[-1],
          "the verdict: %r" % verdict)
    # Why, in words, under the verdict: Légal's mate.
    why = allows_mate(2, san("6. Bxf7+ Ke7 7. Nd5#"))
    check(why in verdict.split("\n"), "why the blunder was bad, %r, in %r" % (why, verdict))
    better = verdict.split("\n")[-1]
    app.shot("review-blunder")
    blue = app.blue_on_board()
    check(blue >= 20, "no blue arrow on the board (%d blue points; %r)" % (blue, better))

    # Saved: NAGs, [%eval] and the better line in the file.
    app.key("ctrl+s")
    wait_until(lambda: "$4" in read(path), "the annotations in the saved file:\n" + read(path))
    text = read(path)
    # The writer wraps lines where the evaluations' lengths put the break,
    # so a move and its NAG may sit on two lines.
    flat = " ".join(text.split())
    check("[%eval" in flat and "Bxd1 $4" in flat, "the annotated game:\n" + text)
    check(why in flat, "why, in the saved game's comment:\n" + text)
    app.stop()

    # Opened again: the same marks, summary and words, without a review.
    app.start(path)
    app.find_board()
    wait_until(lambda: app.described(move_class("Blunder")), "the blunder marked after reopening", 10)
    app.find(lambda n: T("Accuracy %.0f%%").split("%")[0] in (n.description or ""),
             "the players' accuracy", 5)
    graph = app.graph()
    x, y = app.graph_point(graph, 10, 14)
    xdotool("mousemove", x, y)
    xdotool("click", 1)
    app.wait_viewing(viewing(5, True), "the blunder after reopening")
    verdict = app.label_starting(san("5… Bxd1"), 5)
    check(why in verdict.split("\n"), "why, read back from the saved game: %r" % verdict)

    # Retry: the position before, another move on the board (…Nf6).
    app.shot("review-reopened")
    app.click(app.push_button("_Retry This Move"))
    app.wait_viewing(viewing(5, False), "the position before the blunder")
    app.label_starting(T("Find a better move for Black than %s.").split("%s")[0], 5)
    app.drag("g8", "f6")
    # The attempt is the line being played now; the computer's answer
    # follows it in the move list.
    app.label_containing(san("Nf6 6. "), 30)
    judged = app.label_starting(san("5… Nf6"), 10)
    check("→" in judged, "the retried move judged: %r" % judged)
    app.shot("review-retry")
    app.click(app.push_button("_Back to the Review"))
    app.wait_viewing(viewing(5, True), "the blunder again")
    check(not [t for t in app.labels() if t.startswith(san("5… Nf6"))],
          "the retried move left in the move list: %r" % app.labels())


def progress(bar):
    """A progress bar's fraction done, 0 when AT-SPI cannot tell."""
    try:
        value = bar.queryValue()
        top = value.maximumValue - value.minimumValue
        return (value.currentValue - value.minimumValue) / top if top > 0 else 0.0
    except Exception:
        return 0.0


def scenario_cancel(app):
    path = os.path.join(app.home, "long.pgn")
    shutil.copy(os.path.join(DATA, "finished-game.pgn"), path)
    app.start(path)
    app.key("ctrl+r")
    bar = app.find(lambda n: n.getRole() == pyatspi.ROLE_PROGRESS_BAR and app.visible(n),
                   "the progress bar", 20)
    check(bar is not None, "no progress bar")
    # Some moves reviewed: the graph appears. Cancel comes once the review
    # has judged 1… e5 (searched 3 of the 110 positions): how long that
    # takes depends on the machine's load, not on a fixed wait.
    graph = app.graph(30)
    wait_until(lambda: app.visible(graph), "the graph while reviewing", 30)
    wait_until(lambda: progress(bar) >= 3 / 110, "the review past 1… e5 (progress %.3f)"
               % progress(bar), 60)
    app.shot("review-cancel-running")
    app.click(app.push_button("_Cancel Review"))
    # What stays is checked, not the notice "Review stopped after …": a toast
    # lives 3 s, less than one walk of the accessible tree takes under ASan.
    wait_until(lambda: not app.find_all(lambda n: n.getRole() == pyatspi.ROLE_PROGRESS_BAR
                                        and app.visible(n)), "the progress bar gone", 30)
    graph = app.graph()
    check(app.visible(graph), "the graph is gone after Cancel")
    # The moves reviewed before Cancel keep their evaluations: the graph's
    # point after 1... e5 (of 109 half-moves) has one.
    # From the keyboard: a click on 110 points may miss by a point.
    x, y = app.graph_point(graph, 50, 110)
    xdotool("mousemove", x, y)
    human_pause(0.2)
    xdotool("click", 1)
    app.key("Home")
    app.key("Right")
    app.key("Right")
    wait_until(lambda: T("Move %u, Black").replace("%u", "1") in app.graph_says(graph),
               "the graph at 1… (it says %r)" % app.graph_says(graph), 10)
    not_evaluated = T("%s: not evaluated").replace("%s: ", "")
    check(not_evaluated not in app.graph_says(graph),
          "the reviewed move lost its evaluation: %r" % app.graph_says(graph))
    app.shot("review-cancelled")


# review-me.pgn, continued from the autosave: untimed, White to mate.
UNTIMED_GAME = ('[Event "Club game"]\n[Site "Springfield"]\n[Date "2026.11.20"]\n[Round "3"]\n'
                '[White "Anna Weiss"]\n[Black "Bruno Schwarz"]\n[Result "*"]\n'
                '[WhiteTimeUsed "0:02:05"]\n[BlackTimeUsed "0:03:10"]\n'
                '[AutosavedBy "thinkchess"]\n\n'
                '1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 *\n')

# The same at 1+0 after 6... Ke7, White's last second and a half running.
FLAG_GAME = ('[Event "Bullet"]\n[Site "?"]\n[Date "2026.11.20"]\n[Round "?"]\n'
             '[White "Anna Weiss"]\n[Black "Bruno Schwarz"]\n[Result "*"]\n'
             '[TimeControl "60"]\n'
             '[WhiteTimeLeft "0:00:01.500"]\n[BlackTimeLeft "0:00:38"]\n'
             '[AutosavedBy "thinkchess"]\n\n'
             '1. e4 {[%clk 0:00:59]} 1... e5 {[%clk 0:00:58]} 2. Nf3 {[%clk 0:00:58]} '
             '2... d6 {[%clk 0:00:55]} 3. Bc4 {[%clk 0:00:58]} 3... Bg4 {[%clk 0:00:50]} '
             '4. Nc3 {[%clk 0:00:58]} 4... g6 {[%clk 0:00:45]} 5. Nxe5 {[%clk 0:00:58]} '
             '5... Bxd1 {[%clk 0:00:41]} 6. Bxf7+ {[%clk 0:00:57]} 6... Ke7 {[%clk 0:00:38]} *\n')


def continue_game(app, pgn):
    folder = os.path.join(app.home, "data", "thinkchess")
    os.makedirs(folder)
    with open(os.path.join(folder, "last-game.pgn"), "w", encoding="utf-8") as f:
        f.write(pgn)
    app.start()
    app.continue_last_game()
    app.find_board()


def shown_ms(text):
    """A clock's text in ms (to its last digit)."""
    m = re.fullmatch(r"(\d+):(\d\d)(?:\.(\d))?", text)
    check(m is not None, "not a clock: %r" % text)
    return (int(m.group(1)) * 60 + int(m.group(2))) * 1000 + int(m.group(3) or 0) * 100


def check_journal(app, shown, what):
    """last-game.clock holds the clocks `shown` (to what they show)."""
    def agrees():
        saved = app.journal()
        return saved is not None and all(
            shown_ms(text) <= ms < shown_ms(text) + (100 if "." in text else 1000)
            for text, ms in zip(shown, saved))
    wait_until(agrees, "last-game.clock %s to say %r (it says %r)" % (what, shown, app.journal()), 5)


def retry_blunder(app, points, attempts):
    """From the blunder 5... Bxd1 (point 10 of the graph's `points`), Retry
    This Move: each of `attempts` (from, to, the answer in the move list, the
    verdict's start) played, answered by the computer and taken back with Try Again,
    the last with Back to the Review; then Back to the Game."""
    graph = app.graph()
    x, y = app.graph_point(graph, 10, points)
    xdotool("mousemove", x, y)
    xdotool("click", 1)
    app.wait_viewing(viewing(5, True), "the blunder 5... Bxd1")
    app.click(app.push_button("_Retry This Move"))
    app.wait_viewing(viewing(5, False), "the position before the blunder")
    prompt = T("Find a better move for Black than %s.").split("%s")[0]
    app.label_starting(prompt, 5)
    # One blue button: Back to the Review, not the status line's Back to
    # the Game (shown while an earlier position is viewed).
    back_review = app.push_button("_Back to the Review")
    back_game = app.button(T("Back to the Game"))
    app.shot("retry-bar")
    check(app.blue_share(back_review) > 0.3,
          "Back to the Review is not the suggested action (%.2f blue)"
          % app.blue_share(back_review))
    check(app.blue_share(back_game) < 0.05,
          "Back to the Game is blue too while retrying (%.2f blue)" % app.blue_share(back_game))
    for i, (src, dst, answered, judged) in enumerate(attempts):
        app.drag(src, dst)
        app.label_containing(san(answered), 30)
        app.label_starting(san(judged), 10)
        if i < len(attempts) - 1:
            app.click(app.push_button("_Try Again"))
            app.label_starting(prompt, 5)
    app.click(app.push_button("_Back to the Review"))
    app.wait_viewing(viewing(5, True), "the blunder again")
    back_game = app.button(T("Back to the Game"))
    check(app.blue_share(back_game) > 0.3,
          "Back to the Game is not the suggested action after the retry (%.2f blue)"
          % app.blue_share(back_game))
    app.click(back_game)
    wait_until(lambda: not app.viewing_status(), "the game's end shown (status: %r)" % app.viewing_status(), 5)


def scenario_retry_untimed(app):
    continue_game(app, UNTIMED_GAME)
    # White thinks a moment (the clock counts up from 2:05 to 2:06), then
    # mates.
    wait_until(lambda: shown_ms(app.clocks()[0]) >= 126000,
               lambda: "White's clock to count up to 2:06 (clocks: %r)" % (app.clocks(),))
    app.drag("c3", "d5")
    app.press(T("View Board"))
    before = app.clocks()
    check(shown_ms(before[0]) >= 126000 and before[1] == "3:10",
          "the clocks after the mate: %r" % (before,))
    check_journal(app, before, "after the mate")

    app.key("ctrl+r")
    wait_reviewed(app)
    retry_blunder(app, 14, [("g8", "f6", "Nf6 6. ", "5… Nf6"),
                              ("d8", "d7", "Qd7 6. ", "5… Qd7")])
    check(app.clocks() == before, "the clocks after a retry: %r, before: %r"
          % (app.clocks(), before))
    check_journal(app, before, "after a retry")
    app.shot("retry-untimed-back")
    # The same move retried again.
    retry_blunder(app, 14, [("g8", "f6", "Nf6 6. ", "5… Nf6")])
    check(app.clocks() == before, "the clocks after the second retry: %r, before: %r"
          % (app.clocks(), before))
    check_journal(app, before, "after the second retry")


def scenario_retry_flag(app):
    continue_game(app, FLAG_GAME)
    # White's last second and a half runs out.
    app.label_containing(T("%s wins on time").replace("%s", "Bruno Schwarz"), 15)
    app.press(T("View Board"))
    before = app.clocks()
    check(before == ("0:00.0", "0:38"), "the clocks after the flag: %r" % (before,))
    check_journal(app, before, "after the flag")

    app.key("ctrl+r")
    wait_reviewed(app)
    retry_blunder(app, 13, [("g8", "f6", "Nf6 6. ", "5… Nf6"),
                              ("g8", "f6", "Nf6 6. ", "5… Nf6")])
    check(app.clocks() == before, "the clocks after a retry: %r, before: %r"
          % (app.clocks(), before))
    check_journal(app, before, "after a retry")
    app.shot("retry-flag-back")


def scenario_result_card(app):
    app.start()
    app.find_board()
    # Two moves in quick succession, two with pauses.
    app.drag("f2", "f3", pause=0.05)
    app.drag("e7", "e5", pause=0.05)
    app.wait_autosave("1. f3 e5")
    app.drag("g2", "g4", pause=0.8)
    app.drag("d8", "h4", pause=0.8)
    app.wait_autosave("2. g4 Qh4#")
    review = app.push_button("Review This Game")
    # Side by side on the card with View Board and New Game (the header
    # bar has a New Game too).
    row = review.queryComponent().getExtents(pyatspi.WINDOW_COORDS).y
    beside = [n.name for n in app.find_all(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                            and app.visible(n)
                                            and n.queryComponent().getExtents(pyatspi.WINDOW_COORDS).y == row)]
    for label in ("View Board", "New Game"):
        check(any((name or "").replace("_", "").endswith(T(label)) for name in beside),
              "%s not beside Review This Game: %r" % (label, beside))
    app.shot("result-card")

    def card_gone():
        return not app.find_all(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                and app.visible(n)
                                and (n.name or "").endswith(T("View Board")))

    # From the keyboard, as a keyboard user does: GTK 4.18 places buttons
    # on the card tens of pixels off (it leaves out the card's padding) in
    # what it tells AT-SPI, so a click at that place misses. The game's end
    # brought the focus to the card's New Game; Review This Game is one
    # Shift+Tab before it.
    def focused():
        return [n.name for n in app.find_all(lambda n: n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                                             and app.visible(n)
                                             and n.getState().contains(pyatspi.STATE_FOCUSED))]
    wait_until(lambda: focused() == [T("New Game")],
               lambda: "the focus on the card's New Game (focused: %r)" % focused())
    app.key("shift+Tab")
    wait_until(lambda: review.getState().contains(pyatspi.STATE_FOCUSED),
               "Shift+Tab from New Game to reach Review This Game")
    app.key("space")
    wait_until(card_gone, "the card gone", 10)
    wait_reviewed(app)
    judge = app.label_starting(T("Judged by %s").split("%s")[0], 10)
    check(re.fullmatch(T("Judged by %s").replace("%s", r"ThinkChess [\w.]+, .*"), judge),
          "the judge named: %r" % judge)
    check(app.visible(app.graph()), "no graph after the review")
    app.wait_autosave("[%eval", 10)
    flat = " ".join(app.autosave().split())
    check(re.search(r"2\. g4 \$4", flat), "2. g4 marked a blunder in the autosave:\n" + flat)
    app.shot("result-card-reviewed")


SCENARIOS = {"graph": scenario_graph, "review": scenario_review, "cancel": scenario_cancel,
             "retry-untimed": scenario_retry_untimed, "retry-flag": scenario_retry_flag,
             "result-card": scenario_result_card}


def main():
    return e2e_common.run_scenarios("e2e-review", SCENARIOS, App)


if __name__ == "__main__":
    sys.exit(main())
