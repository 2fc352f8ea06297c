#!/usr/bin/env python3
"""`thinkchess-cli play` in a real terminal: a detached tmux session of a
fixed size, driven with send-keys and read back with capture-pane -e (which
keeps the colours). Prints TAP.

Usage: test-cli-tmux.py THINKCHESS-CLI
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

CLI = os.path.abspath(sys.argv[1])
SOCKET = "thinkchess-test-%d" % os.getpid()
ENV = dict(os.environ, LC_ALL="C.UTF-8")
ENV.pop("TMUX", None)
ENV.pop("NO_COLOR", None)
ENV.pop("LANGUAGE", None)

ESC = "\033"
SGR = re.compile(r"\033\[[0-9;]*m")

results = []


def tmux(*args, check=True):
    return subprocess.run(["tmux", "-u", "-L", SOCKET, "-f", "/dev/null"] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
                          check=check, timeout=30).stdout.decode("utf-8", "replace")


def capture():
    return tmux("capture-pane", "-p", "-e", "-t", "play")


def plain(text):
    return SGR.sub("", text)


def wait_for(pattern, what):
    """Waits until the plain screen matches `pattern`; returns the capture.
    The wait is for the program to catch up, not a measurement."""
    deadline = time.monotonic() + 30
    screen = ""
    while time.monotonic() < deadline:
        screen = capture()
        if re.search(pattern, plain(screen), re.M):
            return screen
        time.sleep(0.05)
    raise AssertionError("timed out waiting for %s; screen:\n%s" % (what, plain(screen)))


def wait_session_gone(name, what, timeout=30):
    """Waits until tmux session `name` has ended (its program exited)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        alive = subprocess.run(["tmux", "-L", SOCKET, "has-session", "-t", name],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        if alive.returncode != 0:
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


def send(text):
    tmux("send-keys", "-t", "play", "-l", text)
    tmux("send-keys", "-t", "play", "Enter")


def board_line(screen, rank):
    """The raw (coloured) line of `rank` on the screen."""
    for line in screen.splitlines():
        if re.match(r"^ %d " % rank, plain(line)):
            return line
    raise AssertionError("no line for rank %d in:\n%s" % (rank, plain(screen)))


def squares(line):
    """The eight squares of a raw board line as (background, text) pairs."""
    cells = []
    bg = None
    pos = 0
    text = ""
    for m in SGR.finditer(line):
        text += line[pos:m.start()]
        pos = m.end()
        codes = m.group(0)[2:-1].split(";")
        for i in range(len(codes) - 2):
            if codes[i] == "48" and codes[i + 1] == "5":
                if bg is not None or text.strip():
                    cells.append((bg, text))
                bg = int(codes[i + 2])
                text = ""
        if codes == ["0"] or codes == [""] or codes == ["49"]:
            if bg is not None:
                cells.append((bg, text))
            bg = None
            text = ""
    return [c for c in cells if c[0] is not None][:8]


def check(name, func):
    try:
        func()
        results.append((True, name, ""))
    except Exception as e:  # noqa: BLE001 - every failure is reported
        results.append((False, name, str(e)))


def main():
    if shutil.which("tmux") is None:
        print("1..0 # SKIP tmux is not installed")
        return 0

    home = tempfile.mkdtemp(prefix="thinkchess-tmux-test-")
    data = os.path.join(home, "data")
    # INPUTRC: the line editor's defaults, whatever the user's ~/.inputrc says.
    command = "env XDG_DATA_HOME=%s TERM=xterm-256color INPUTRC=/dev/null %s play" % (data, CLI)
    try:
        # A session that stays keeps the server up between the game sessions
        # (an empty server exits, racing with the next new-session).
        try:
            tmux("new-session", "-d", "-s", "keeper", "-x", "80", "-y", "24", "cat")
            tmux("new-session", "-d", "-s", "play", "-x", "100", "-y", "45", command)
        except subprocess.SubprocessError as e:
            print("Bail out! tmux cannot start a session: %s" % e)
            return 1
        state = {}

        def unicode_board():
            screen = wait_for(r"White to move> ?$", "the first prompt")
            state["start"] = screen
            text = plain(screen)
            for piece in ("\u265c", "\u265e", "\u265d", "\u265b", "\u265a", "\u265f"):
                if piece not in text:
                    raise AssertionError("%r missing:\n%s" % (piece, text))
            rank8 = plain(board_line(screen, 8))
            if rank8.split()[1:9] != ["\u265c", "\u265e", "\u265d", "\u265b",
                                      "\u265a", "\u265d", "\u265e", "\u265c"]:
                raise AssertionError("rank 8: %r" % rank8)
            cells = squares(board_line(screen, 1))
            if len(cells) != 8:
                raise AssertionError("rank 1 cells %r" % cells)
            # Alternating square colours: a1 dark, b1 light.
            if cells[0][0] == cells[1][0] or cells[0][0] != cells[2][0]:
                raise AssertionError("squares do not alternate: %r" % cells)
            if re.search(r"^\s+a  b  c  d  e  f  g  h$", text, re.M) is None:
                raise AssertionError("no file letters:\n%s" % text)

        def selected_targets():
            send("g1")
            screen = wait_for(r"knight on g1 selected\)> ?$", "the selection prompt")
            text = plain(screen)
            if "Knight on g1 can move to f3, h3." not in text:
                raise AssertionError("no description:\n%s" % text)
            rank3 = squares(board_line(screen, 3))
            start3 = squares(board_line(state["start"], 3))
            marked = [i for i, c in enumerate(rank3) if "\u2022" in c[1]]
            if marked != [5, 7]:
                raise AssertionError("targets on rank 3: %r" % rank3)
            if rank3[4] != start3[4]:
                raise AssertionError("e3 changed: %r" % rank3)
            rank1 = squares(board_line(screen, 1))
            before1 = squares(board_line(state["start"], 1))
            if rank1[6][0] == before1[6][0]:
                raise AssertionError("g1 not highlighted: %r" % rank1)
            if [c[0] for i, c in enumerate(rank1) if i != 6] != \
               [c[0] for i, c in enumerate(before1) if i != 6]:
                raise AssertionError("other squares changed: %r" % rank1)

        def prompt_follows_side():
            send("f3")
            screen = wait_for(r"Black to move> ?$", "Black's prompt")
            text = plain(screen)
            if "White played 1. Nf3." not in text:
                raise AssertionError("no move message:\n%s" % text)
            rank3 = plain(board_line(screen, 3)).split()
            if "\u265e" not in rank3:
                raise AssertionError("no knight on rank 3: %r" % rank3)
            send("e5")
            screen = wait_for(r"White to move> ?$", "White's prompt again")
            send("Nxe5")
            screen = wait_for(r"Black to move> ?$", "Black's prompt after a capture")
            text = plain(screen)
            if "Captured by White:  \u265f" not in text:
                raise AssertionError("no cemetery:\n%s" % text)
            if "1. Nf3 e5 2. Nxe5" not in text:
                raise AssertionError("no history:\n%s" % text)
            state["end"] = screen

        def keys(*names):
            tmux("send-keys", "-t", "play", *names)

        def type_text(text):
            tmux("send-keys", "-t", "play", "-l", text)

        def up_recalls_a_move():
            send("undo")
            wait_for(r"White to move> ?$", "White's prompt after undo")
            # ↑ once shows "undo", twice the move before it; Enter plays it.
            keys("Up")
            wait_for(r"White to move> undo$", "↑ recalling undo")
            keys("Up")
            screen = wait_for(r"White to move> Nxe5$", "↑↑ recalling Nxe5")
            if "^[" in plain(screen) or "[A" in plain(screen):
                raise AssertionError("arrow key shown as text:\n%s" % plain(screen))
            keys("Enter")
            screen = wait_for(r"Black to move> ?$", "Black's prompt after the recalled move")
            if "1. Nf3 e5 2. Nxe5" not in plain(screen):
                raise AssertionError("the recalled move was not played:\n%s" % plain(screen))

        def editing_the_line():
            # Typed "f7", rubbed out to "f", "6" added, the cursor moved back
            # over both and the piece letter put in front: "Nf6".
            type_text("f7")
            keys("BSpace")
            type_text("6")
            keys("Left", "Left")
            type_text("N")
            wait_for(r"Black to move> Nf6$", "the edited line")
            keys("Enter")
            screen = wait_for(r"White to move> ?$", "White's prompt after Nf6")
            if "1. Nf3 e5 2. Nxe5 Nf6" not in plain(screen):
                raise AssertionError("the edited move was not played:\n%s" % plain(screen))

        def tab_completes():
            # Only the b1 knight can go to the a-file: "Na" completes to Na3.
            type_text("Na")
            keys("Tab")
            wait_for(r"White to move> Na3 ?$", "Tab completing Na3")
            keys("Enter")
            screen = wait_for(r"Black to move> ?$", "Black's prompt after Na3")
            if "1. Nf3 e5 2. Nxe5 Nf6 3. Na3" not in plain(screen):
                raise AssertionError("the completed move was not played:\n%s" % plain(screen))
            # Commands complete too.
            type_text("mov")
            keys("Tab")
            wait_for(r"Black to move> moves ?$", "Tab completing moves")
            keys("Enter")
            wait_for(r"Black has \d+ legal moves", "the move list")
            # The help says which keys do what.
            send("help")
            wait_for(r"Tab completes a move or a command", "the keys in the help")

        def quits_on_ctrl_d():
            tmux("send-keys", "-t", "play", "C-d")
            wait_session_gone("play", "the game to end on Ctrl+D")
            path = os.path.join(data, "thinkchess", "last-game.pgn")
            with open(path, encoding="utf-8") as f:
                pgn = f.read()
            if "1. Nf3 e5 2. Nxe5" not in pgn:
                raise AssertionError("autosave: %r" % pgn)

        def plain_when_asked():
            # A data folder without the unfinished game above, which would
            # be offered first.
            fresh = os.path.join(data, "fresh")
            os.makedirs(fresh, exist_ok=True)
            for name, extra, args in (("nocolor", "TERM=xterm-256color NO_COLOR=1", ""),
                                      ("ascii", "TERM=xterm-256color", "--ascii"),
                                      ("dumb", "TERM=dumb", "")):
                tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "45",
                     "env XDG_DATA_HOME=%s %s %s play %s" % (fresh, extra, CLI, args))
                deadline = time.monotonic() + 30
                screen = ""
                while time.monotonic() < deadline:
                    screen = tmux("capture-pane", "-p", "-e", "-t", name)
                    if re.search(r"White to move> ?$", screen, re.M):
                        break
                    time.sleep(0.05)
                tmux("kill-session", "-t", name, check=False)
                if ESC in screen:
                    raise AssertionError("%s: colours in %r" % (name, screen))
                if " 8  r  n  b  q  k  b  n  r  8" not in screen:
                    raise AssertionError("%s: no ASCII board in:\n%s" % (name, screen))

        def against_the_computer():
            # A terminal game against the beginner: its answer shows with its
            # time, "hint" completes with Tab and names a move, the board
            # shows both moves.
            fresh = os.path.join(data, "computer")
            os.makedirs(fresh, exist_ok=True)
            tmux("new-session", "-d", "-s", "computer", "-x", "100", "-y", "45",
                 "env XDG_DATA_HOME=%s TERM=xterm-256color INPUTRC=/dev/null %s play "
                 "--black computer --level 0 --movetime 50" % (fresh, CLI))
            try:
                def wait(pattern, what):
                    deadline = time.monotonic() + 30
                    screen = ""
                    while time.monotonic() < deadline:
                        screen = plain(tmux("capture-pane", "-p", "-e", "-t", "computer"))
                        if re.search(pattern, screen, re.M):
                            return screen
                        time.sleep(0.05)
                    raise AssertionError("timed out waiting for %s; screen:\n%s" % (what, screen))

                wait(r"White to move> ?$", "the first prompt")
                tmux("send-keys", "-t", "computer", "-l", "e4")
                tmux("send-keys", "-t", "computer", "Enter")
                screen = wait(r"^ThinkChess \(Beginner\) played 1… \S+ in \d+\.\d s\.$",
                              "the computer's answer")
                if not re.search(r"^ 1\. e4 \S+", screen, re.M):
                    raise AssertionError("no history with both moves:\n%s" % screen)
                wait(r"White to move> ?$", "White's prompt after the answer")
                tmux("send-keys", "-t", "computer", "-l", "hi")
                tmux("send-keys", "-t", "computer", "Tab")
                wait(r"White to move> hint ?$", "Tab completing hint")
                tmux("send-keys", "-t", "computer", "Enter")
                wait(r"^Hint: \S+$", "the hint")
            finally:
                tmux("kill-session", "-t", "computer", check=False)

        def killed_while_thinking():
            # A game of its own: killed while Black thinks, continued, and
            # Black's thinking time is all there (the clock journal).
            think = os.path.join(data, "think")
            os.makedirs(think, exist_ok=True)
            line = "env XDG_DATA_HOME=%s TERM=xterm-256color INPUTRC=/dev/null %s play" % (think, CLI)
            tmux("new-session", "-d", "-s", "think", "-x", "100", "-y", "45", line)

            def screen_of(name, pattern):
                deadline = time.monotonic() + 30
                while time.monotonic() < deadline:
                    if re.search(pattern, plain(tmux("capture-pane", "-p", "-t", name)), re.M):
                        return
                    time.sleep(0.02)
                raise AssertionError("timed out waiting for %r in %s" % (pattern, name))

            def type_line(name, text):
                tmux("send-keys", "-t", name, "-l", text)
                tmux("send-keys", "-t", name, "Enter")

            screen_of("think", r"White to move> ?$")
            sent = time.monotonic()
            type_line("think", "e4")
            screen_of("think", r"Black to move> ?$")
            seen = time.monotonic()
            # Black thinks two seconds: the time the clock must keep.
            time.sleep(2.0)
            pid = int(tmux("display-message", "-p", "-t", "think", "#{pane_pid}").strip())
            os.kill(pid, 9)
            killed = time.monotonic()
            tmux("kill-session", "-t", "think", check=False)
            tmux("new-session", "-d", "-s", "think", "-x", "100", "-y", "45", line)
            screen_of("think", r"Continue it\? \[y/n\] ?$")
            answered = time.monotonic()
            type_line("think", "y")
            screen_of("think", r"Black to move> ?$")
            type_line("think", "e5")
            screen_of("think", r"White to move> ?$")
            moved = time.monotonic()
            tmux("send-keys", "-t", "think", "C-d")
            wait_session_gone("think", "the game to end on Ctrl+D")
            with open(os.path.join(think, "thinkchess", "last-game.pgn"), encoding="utf-8") as f:
                pgn = f.read()
            m = re.search(r'\[BlackTimeUsed "0:00:(\d\d(?:\.\d+)?)"\]', pgn)
            if m is None or "1. e4 e5" not in pgn:
                raise AssertionError("autosave: %r" % pgn)
            used = float(m.group(1))
            low, high = killed - seen - 0.2, killed - sent + moved - answered + 0.2
            if not low <= used <= high:
                raise AssertionError("Black used %.3f s, not between %.2f and %.2f" % (used, low, high))

        check("the Unicode board renders in colour", unicode_board)
        check("a selected piece's targets are marked", selected_targets)
        check("the prompt follows the side to move", prompt_follows_side)
        check("↑ recalls earlier lines and Enter plays the move", up_recalls_a_move)
        check("the line can be edited (Backspace, ←)", editing_the_line)
        check("Tab completes moves and commands", tab_completes)
        check("Ctrl+D quits and the game is autosaved", quits_on_ctrl_d)
        check("killed while thinking, the game continues with the time thought", killed_while_thinking)
        check("NO_COLOR, --ascii and TERM=dumb draw plain ASCII in a terminal", plain_when_asked)
        check("against the computer in a terminal: its move, its time, a hint", against_the_computer)

        if os.environ.get("THINKCHESS_TMUX_DUMP"):
            for key in ("start", "end"):
                if key in state:
                    with open(os.environ["THINKCHESS_TMUX_DUMP"] + "-" + key, "w",
                              encoding="utf-8") as f:
                        f.write(state[key])
    finally:
        tmux("kill-server", check=False)
        shutil.rmtree(home, ignore_errors=True)

    print("1..%d" % len(results))
    for i, (ok, name, message) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
        for line in message.splitlines():
            print("# " + line)
    return 0 if all(ok for ok, _, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
