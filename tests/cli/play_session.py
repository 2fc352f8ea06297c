"""One run of `thinkchess-cli play` for the terminal game's Python tests:
a script on standard input, a home and data directory of its own, what the
game printed and the PGN it autosaved. A test file subclasses PlaySession
to name the program and say how its sessions differ (see the attributes)."""
import os
import re
import shutil
import subprocess
import tempfile


class PlaySession:
    """One run of the game with its own data directory. Raises
    AssertionError when the exit status is not `status` (None: any) or
    stderr shows a sanitizer report, a runtime error or a GLib warning."""

    cli = None                  # the thinkchess-cli to run (absolute path)
    home_prefix = "thinkchess-cli-test-"
    timeout = 120               # seconds before the run counts as hung
    keep_home = True            # False: removed once the game has run
    failure_shows_stdout = False  # add what the game printed to a failure

    def __init__(self, script, args=(), env=None, stdin_bytes=None, status=0, home=None):
        self.home = home or tempfile.mkdtemp(prefix=self.home_prefix)
        environ = dict(os.environ)
        environ.update({
            "XDG_DATA_HOME": os.path.join(self.home, "data"),
            "XDG_CONFIG_HOME": os.path.join(self.home, "config"),
            "HOME": self.home,
            "LC_ALL": "C.UTF-8",
            "TERM": "xterm-256color",
            # A GLib warning or critical is a bug: make it fail the case.
            "G_DEBUG": "fatal-warnings",
        })
        environ.pop("LANGUAGE", None)
        environ.pop("NO_COLOR", None)
        if env:
            environ.update(env)
        data = stdin_bytes
        if data is None:
            data = "".join(line + "\n" for line in script).encode("utf-8")
        proc = subprocess.run([self.cli, "play"] + list(args), input=data,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=environ, cwd=self.home, timeout=self.timeout)
        self.status = proc.returncode
        self.out = proc.stdout.decode("utf-8", errors="replace")
        self.err = proc.stderr.decode("utf-8", errors="replace")
        path = os.path.join(self.home, "data", "thinkchess", "last-game.pgn")
        self.pgn = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                self.pgn = f.read()
        if not self.keep_home:
            self.close()
        problem = None
        if status is not None and self.status != status:
            problem = "exit status %d, expected %d" % (self.status, status)
        for word in ("Sanitizer", "runtime error:", "CRITICAL", "WARNING"):
            if word in self.err:
                problem = "%s on stderr" % word
        if problem:
            self.close()
            details = [self.err] + ([self.out] if self.failure_shows_stdout else [])
            raise AssertionError("%s:\n%s" % (problem, "\n".join(details)))

    def path(self, name):
        return os.path.join(self.home, name)

    def close(self):
        shutil.rmtree(self.home, ignore_errors=True)

    def movetext(self):
        """The autosaved movetext on one line, without comments."""
        assert self.pgn is not None, "nothing was autosaved"
        body = "\n".join(line for line in self.pgn.splitlines()
                         if not line.startswith("["))
        body = re.sub(r"\{[^}]*\}", "", body)
        return " ".join(body.split())

    def moves(self):
        """The SAN moves of the autosaved game, without numbers or result."""
        return [w for w in self.movetext().split()
                if not re.match(r"^(\d+\.+|1-0|0-1|1/2-1/2|\*)$", w)]

    def tag(self, name):
        assert self.pgn is not None, "nothing was autosaved"
        m = re.search(r'^\[%s "([^"]*)"\]' % re.escape(name), self.pgn, re.M)
        return m.group(1) if m else None

    def boards(self):
        """Every ASCII board drawn, as lists of 8 rank strings (rank 8 first,
        or rank 1 first when flipped), with the pieces and marks only."""
        result = []
        lines = self.out.splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"^ ([1-8]) (.{24}) \1(\s|$)", line)
            if m and (i == 0 or not re.match(r"^ [1-8] ", lines[i - 1])):
                ranks = []
                for j in range(8):
                    mm = re.match(r"^ ([1-8]) (.{24}) \1(\s|$)", lines[i + j])
                    assert mm, "broken board line: %r" % lines[i + j]
                    ranks.append(mm.group(2))
                result.append(ranks)
        return result


def run_prompted(cli, script, args=(), env=None, timeout=60):
    """Runs `thinkchess-cli play` through pipes, writing each line of
    `script` only once the game has printed its prompt ("… to move> "):
    input with gaps, as a person types, where PlaySession writes it all at
    once. Returns what the game printed after each line (index 0: before
    the first one)."""
    import select
    import time

    home = tempfile.mkdtemp(prefix="thinkchess-cli-prompted-")
    environ = dict(os.environ)
    environ.update({"XDG_DATA_HOME": os.path.join(home, "data"),
                    "XDG_CONFIG_HOME": os.path.join(home, "config"),
                    "HOME": home, "LC_ALL": "C.UTF-8", "G_DEBUG": "fatal-warnings"})
    environ.pop("LANGUAGE", None)
    if env:
        environ.update(env)
    proc = subprocess.Popen([cli, "play"] + list(args), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=environ, cwd=home)
    pending = b""

    def until_prompt():
        nonlocal pending
        deadline = time.monotonic() + timeout
        while not re.search(rb"> $", pending):
            left = deadline - time.monotonic()
            ready = select.select([proc.stdout], [], [], max(left, 0))[0]
            if not ready:
                raise AssertionError("no prompt within %d s after:\n%s"
                                     % (timeout, pending.decode("utf-8", "replace")[-2000:]))
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                raise AssertionError("the game ended early:\n"
                                     + pending.decode("utf-8", "replace")[-2000:])
            pending += chunk
        text, pending = pending.decode("utf-8", "replace"), b""
        return text

    try:
        outputs = [until_prompt()]
        for line in script:
            proc.stdin.write((line + "\n").encode("utf-8"))
            proc.stdin.flush()
            outputs.append(until_prompt())
        proc.stdin.write(b"quit\n")
        proc.stdin.close()
        proc.wait(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        shutil.rmtree(home, ignore_errors=True)
    return outputs
