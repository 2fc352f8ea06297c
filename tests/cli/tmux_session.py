"""A private tmux server for the terminal tests: sessions of a fixed size
started detached, driven with send-keys and read back with capture-pane
(the colours stripped, or kept with raw=True)."""
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import time

SGR = re.compile(r"\033\[[0-9;]*m")


def plain(text):
    return SGR.sub("", text)


def available():
    return shutil.which("tmux") is not None


class TmuxServer:
    """One tmux server on a socket of its own. Use as a context manager: the
    server is killed on the way out, whatever happened."""

    def __init__(self, name):
        self.socket = "%s-%d" % (name, os.getpid())
        self.status_files = {}
        self.env = dict(os.environ, LC_ALL="C.UTF-8")
        for key in ("TMUX", "NO_COLOR", "LANGUAGE"):
            self.env.pop(key, None)

    def __enter__(self):
        # A session that stays keeps the server up between the others (an
        # empty server exits, racing with the next new-session).
        self.run("new-session", "-d", "-s", "keeper", "-x", "80", "-y", "24", "cat")
        return self

    def __exit__(self, *exc):
        self.run("kill-server", check=False)

    def run(self, *args, check=True):
        return subprocess.run(["tmux", "-u", "-L", self.socket, "-f", "/dev/null"] + list(args),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=self.env,
                              check=check, timeout=30).stdout.decode("utf-8", "replace")

    def start(self, name, command, width=100, height=45):
        """Starts `command` (a shell command line) in a new session. Its
        pane stays after it exits, so that its last screen can be read; its
        exit status goes to a file of its own (tmux's #{pane_dead_status}
        is not always set)."""
        fd, self.status_files[name] = tempfile.mkstemp(prefix="tmux-status-")
        os.close(fd)
        script = "%s; echo $? > %s" % (command, shlex.quote(self.status_files[name]))
        self.run("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height))
        self.run("set-option", "-t", name, "remain-on-exit", "on")
        self.run("respawn-pane", "-k", "-t", name, "sh -c %s" % shlex.quote(script))

    def capture(self, name, raw=False):
        screen = self.run("capture-pane", "-p", "-e", "-t", name)
        return screen if raw else plain(screen)

    def wait_for(self, name, pattern, what, timeout=30):
        """Waits until the plain screen matches `pattern`; returns it. The
        wait is for the program to catch up, not a measurement."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.capture(name)
            if re.search(pattern, screen, re.M):
                return screen
            time.sleep(0.05)
        raise AssertionError("timed out waiting for %s; screen:\n%s" % (what, screen))

    def send(self, name, text):
        """Types `text` and Enter."""
        self.run("send-keys", "-t", name, "-l", text)
        self.run("send-keys", "-t", name, "Enter")

    def keys(self, name, *keys):
        self.run("send-keys", "-t", name, *keys)

    def wait_exit(self, name, timeout=30):
        """Waits until the program in session `name` has exited; returns
        its exit status (above 128 when a signal killed it)."""
        deadline = time.monotonic() + timeout
        path = self.status_files[name]
        while time.monotonic() < deadline:
            if os.path.exists(path):
                with open(path, encoding="ascii") as f:
                    text = f.read()
                if text.endswith("\n"):
                    return int(text)
            time.sleep(0.05)
        raise AssertionError("%s did not exit; screen:\n%s" % (name, self.capture(name)))

    def kill(self, name):
        self.run("kill-session", "-t", name, check=False)
        path = self.status_files.pop(name, None)
        if path is not None and os.path.exists(path):
            os.unlink(path)
