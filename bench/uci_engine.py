"""A UCI engine on pipes for the benchmarks, and processes that are
stopped as a whole: every read has a deadline, and an engine that hangs or
exits is an error that says so, never a wait without end."""
import os
import select
import shlex
import signal
import subprocess
import time


class BenchError(Exception):
    pass


# ---------------------------------------------------------------- processes

def run_group(argv, timeout, what, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=None):
    """Runs argv in its own process group (an engine the CLI starts goes
    with it); on a timeout or an interruption the whole group is killed and
    reaped. Returns (returncode, stdout, stderr, seconds)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
                            env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        raise BenchError(f"{what}: no end after {timeout:.0f} s, stopped") from None
    except BaseException:
        kill_group(proc)
        raise
    return proc.returncode, out, err, time.monotonic() - start


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.communicate()


class Uci:
    """A UCI engine on pipes; every read has a deadline."""

    def __init__(self, command, options):
        """`command`: the program, with its arguments after spaces."""
        self.command = command
        try:
            self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         start_new_session=True)
        except OSError as e:
            raise BenchError(f"cannot start the engine {command}: {e}") from None
        self.buffer = b""
        self.name = command
        try:
            self.send("uci")
            for line in self.lines_until("uciok", 30, "starting"):
                if line.startswith("id name "):
                    self.name = line[len("id name "):]
            for name, value in options.items():
                self.send(f"setoption name {name} value {value}")
            self.ready(30, "starting")
        except BaseException:
            self.close()
            raise

    def send(self, line):
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BenchError(f"the engine {self.command} exited (status {self.proc.poll()})") from None

    def readline(self, deadline, doing):
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BenchError(f"the engine {self.command} did not answer in time while {doing}")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    self.proc.wait(timeout=5)
                    raise BenchError(f"the engine {self.command} exited (status "
                                     f"{self.proc.returncode}) while {doing}")
                self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def lines_until(self, token, timeout, doing):
        deadline = time.monotonic() + timeout
        while True:
            line = self.readline(deadline, doing)
            yield line
            if line.split(" ", 1)[0] == token:
                return

    def ready(self, timeout, doing):
        self.send("isready")
        for _ in self.lines_until("readyok", timeout, doing):
            pass

    def new_game(self, doing):
        self.send("ucinewgame")
        self.ready(60, doing)

    def score(self, start_fen, moves, depth, timeout, doing):
        """The side to move's score at depth: ("cp", n) or ("mate", n)."""
        self.send(f"position fen {start_fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go depth {depth}")
        exact = bound = None
        for line in self.lines_until("bestmove", timeout, doing):
            words = line.split()
            if words[:1] != ["info"] or "score" not in words:
                continue
            i = words.index("score")
            found = (words[i + 1], int(words[i + 2]))
            if "lowerbound" in words or "upperbound" in words:
                bound = found
            else:
                exact = found
        if exact is None and bound is None:
            raise BenchError(f"the engine {self.command} gave no score while {doing}")
        return exact or bound

    def best_move(self, fen, movetime_ms, timeout, doing):
        """The move it plays in `fen` after `movetime_ms` of thought."""
        self.send(f"position fen {fen}")
        self.send(f"go movetime {movetime_ms}")
        for line in self.lines_until("bestmove", timeout, doing):
            words = line.split()
            if words[:1] == ["bestmove"]:
                return words[1] if len(words) > 1 else None
        return None

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=5)
            except (BenchError, subprocess.TimeoutExpired):
                pass
        if self.proc.poll() is None:
            kill_group(self.proc)
        else:
            self.proc.wait()
