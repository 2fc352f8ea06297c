#!/usr/bin/env bash
# Start-up and drawing speed of the desktop app next to GNOME Chess, in the
# same run, on a private Xvfb display:
#   - time from launch to the window being mapped, and to the first frame
#     with the board on screen (the pixel at the window's centre leaves the
#     black of the empty screen), the median of RUNS launches (default 5);
#   - resident memory (VmRSS) of the app's own process a moment after start;
#   - the time to render one frame while a piece is dragged on a board of
#     1000×1000 pixels (ours only: the app prints it with THINKCHESS_TRACE).
# Prints the figures and the ratios ours / GNOME Chess.
#
#   bench/startup.sh [BUILD-DIR]      (default: build)
set -eu
cd "$(dirname "$0")/.."

build=${1:-build}
ours=$(pwd)/$build/src/app/thinkchess
gnome_chess=${GNOME_CHESS:-$(command -v gnome-chess || echo /usr/games/gnome-chess)}

if [ ! -x "$ours" ]; then
  echo "No $ours: build first (meson setup $build && meson compile -C $build)" >&2
  exit 2
fi
for tool in xvfb-run xdotool /usr/bin/python3; do
  command -v "$tool" >/dev/null || { echo "$tool is missing" >&2; exit 2; }
done
if [ ! -x "$gnome_chess" ]; then
  echo "GNOME Chess not found (apt-get install gnome-chess); measuring ours only" >&2
  gnome_chess=""
fi

export BENCH_OURS=$ours BENCH_GNOME_CHESS=$gnome_chess BENCH_RUNS=${RUNS:-5}
export BENCH_SCHEMA_DIR=$(pwd)/$build/data

# The game the drag is measured in (a fresh start shows the start card).
game=$(mktemp "${TMPDIR:-/tmp}/thinkchess-startup.XXXXXX.pgn")
trap 'rm -f "$game"' EXIT
export BENCH_GAME=$game
printf '[Event "Drag"]\n[Result "*"]\n\n*\n' >"$BENCH_GAME"

# Both apps run in one D-Bus session of the bench's own, in which no service
# can be started: a desktop portal that a machine has installed but not
# running would otherwise be started by the first launch and be part of
# what is measured (on a desktop the portals already run).
xvfb-run -a -s "-screen 0 1600x1200x24 -br" \
  build-aux/with-dbus-session.sh /usr/bin/python3 - <<'PY'
import ctypes, os, re, shutil, signal, statistics, subprocess, sys, tempfile, time

x11 = ctypes.CDLL("libX11.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XDefaultRootWindow.restype = ctypes.c_ulong
x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x11.XGetImage.restype = ctypes.c_void_p
x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                          ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
x11.XGetPixel.restype = ctypes.c_ulong
x11.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
x11.XFree.argtypes = [ctypes.c_void_p]
display = x11.XOpenDisplay(None)
root = x11.XDefaultRootWindow(display)
ZPIXMAP = 2
ALL_PLANES = 0xFFFFFFFF


def pixel(x, y):
    image = x11.XGetImage(display, root, x, y, 1, 1, ALL_PLANES, ZPIXMAP)
    if not image:
        return 0
    value = x11.XGetPixel(image, 0, 0)
    # XDestroyImage is a macro calling the image's destroy function; the
    # leak of one 1×1 image per poll is harmless in a benchmark.
    return value


def window_of(pid):
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.split()
    return out[-1] if out else None


def geometry(window):
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                         stdout=subprocess.PIPE, text=True).stdout
    return {k: int(v) for k, v in (l.split("=") for l in out.split()) if k != "SCREEN"}


def rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def launch(cmd, env):
    home = tempfile.mkdtemp(prefix="thinkchess-bench-")
    full_env = dict(os.environ)
    full_env.update({"XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config",
                     "XDG_CACHE_HOME": home + "/cache", "GSETTINGS_BACKEND": "memory",
                     "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "LANGUAGE": "C"})
    full_env.update(env)
    log = open(home + "/log", "w+")
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, env=full_env, stdout=log, stderr=log)
    return proc, t0, home, log


def finish(proc, home, log):
    if proc.poll() is None:
        # Its whole process group: GNOME Chess starts an engine.
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    log.close()
    shutil.rmtree(home, ignore_errors=True)


def measure(cmd, env):
    proc, t0, home, log = launch(cmd, env)
    window = None
    mapped = drawn = None
    deadline = t0 + 30
    while time.monotonic() < deadline and window is None:
        window = window_of(proc.pid)
        if window is None:
            time.sleep(0.002)
    if window is None:
        finish(proc, home, log)
        raise SystemExit("no window from " + cmd[0])
    mapped = time.monotonic() - t0
    g = geometry(window)
    cx, cy = g["X"] + g["WIDTH"] // 2, g["Y"] + g["HEIGHT"] // 2
    # Our board is left of the panel; GNOME Chess's is in the middle.
    if "thinkchess" in cmd[0]:
        cx = g["X"] + g["WIDTH"] // 3
    while time.monotonic() < deadline:
        if pixel(cx, cy) & 0xFFFFFF != 0:
            drawn = time.monotonic() - t0
            break
        time.sleep(0.001)
    time.sleep(1.5)
    rss = rss_kb(proc.pid)
    children = subprocess.run(["pgrep", "-P", str(proc.pid)], stdout=subprocess.PIPE,
                              text=True).stdout.split()
    child_rss = sum(rss_kb(int(c)) for c in children)
    log.seek(0)
    trace = log.read()
    finish(proc, home, log)
    return mapped, drawn, rss, child_rss, trace, t0


runs = int(os.environ["BENCH_RUNS"])
ours = os.environ["BENCH_OURS"]
gnome = os.environ["BENCH_GNOME_CHESS"]
ours_env = {"GSETTINGS_SCHEMA_DIR": os.environ["BENCH_SCHEMA_DIR"], "THINKCHESS_TRACE": "1"}
if os.environ.get("GSK_RENDERER"):
    ours_env["GSK_RENDERER"] = os.environ["GSK_RENDERER"]


def series(cmd, env, label):
    rows = [measure(cmd, env) for _ in range(runs)]
    mapped = statistics.median(r[0] for r in rows) * 1000
    drawn = statistics.median(r[1] for r in rows if r[1] is not None) * 1000
    rss = statistics.median(r[2] for r in rows) / 1024
    child = statistics.median(r[3] for r in rows) / 1024
    print("%-12s mapped %7.1f ms   board on screen %7.1f ms   RSS %6.1f MB (+ %.1f MB in child processes)"
          % (label, mapped, drawn, rss, child))
    return mapped, drawn, rss, rows


print("Median of %d launches each, Xvfb 1600x1200." % runs)
o = series([ours], ours_env, "ThinkChess")
# Our own trace: first board frame painted, after launch.
traced = []
for r in o[3]:
    m = re.search(r"board-drawn (\d+)", r[4])
    if m:
        traced.append(int(m.group(1)) / 1e6 - r[5])
if traced:
    print("%-12s first board frame painted (app's own trace) %7.1f ms" %
          ("ThinkChess", statistics.median(traced) * 1000))
if gnome:
    g = series([gnome], {}, "GNOME Chess")
    print("Ratios ours / GNOME Chess: mapped %.2f, board on screen %.2f, memory %.2f"
          % (o[0] / g[0], o[1] / g[1], o[2] / g[2]))
    # Without a GPU ThinkChess draws with cairo and no OpenGL (see
    # src/app/thinkchess.c); GNOME Chess with the same settings, for a
    # like-for-like figure.
    if not any(n.startswith("renderD") for n in (os.listdir("/dev/dri") if os.path.isdir("/dev/dri") else [])):
        c = series([gnome], {"GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable"},
                   "GNOME Chess*")
        print("             * with GSK_RENDERER=cairo GDK_DEBUG=gl-disable, as ThinkChess picks here")
        print("Ratios ours / GNOME Chess*: mapped %.2f, board on screen %.2f, memory %.2f"
              % (o[0] / c[0], o[1] / c[1], o[2] / c[2]))

# Dragging: a board of 1000×1000 (125-pixel squares), a knight dragged about,
# in an opened game (a fresh start shows the start card over the board).
proc, t0, home, log = launch([ours, os.environ["BENCH_GAME"]], ours_env)
window = None
while window is None and time.monotonic() < t0 + 30:
    window = window_of(proc.pid)
    time.sleep(0.05)
subprocess.run(["xdotool", "windowsize", window] + os.environ.get("BENCH_WINDOW", "1500 1082").split(), check=True)
time.sleep(1.5)
g = geometry(window)
log.seek(0)
geo = re.findall(r"board-geometry (\d+) (\d+) (\d+)", log.read())
if not geo:
    finish(proc, home, log)
    raise SystemExit("the app did not trace its board geometry")
bx, by, size = (int(v) for v in geo[-1])
sq = size // 8
x0, y0 = g["X"] + bx + 6 * sq + sq // 2, g["Y"] + by + 7 * sq + sq // 2   # g1
subprocess.run(["xdotool", "mousemove", str(x0), str(y0), "mousedown", "1"], check=True)
for i in range(240):
    x = x0 - int(3 * sq * (i % 60) / 60)
    y = y0 - int(4 * sq * (i % 60) / 60)
    subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True)
    time.sleep(0.008)
subprocess.run(["xdotool", "mousemove", str(x0), str(y0), "mouseup", "1"], check=True)
time.sleep(0.3)
log.seek(0)
traced = log.read()
frames = [int(v) for v, s in re.findall(r"drag-frame-us (\d+) (\d+)", traced)]
snapshots = [int(v) for v in re.findall(r"snapshot-us (\d+)", traced)]
finish(proc, home, log)
if frames:
    frames.sort()
    print("ThinkChess   drag frame at %dx%d: median %.2f ms, 95th percentile %.2f ms (%d frames)"
          % (size, size, statistics.median(frames) / 1000,
             frames[int(len(frames) * 0.95) - 1] / 1000, len(frames)))
    print("             of which the board's snapshot: median %.2f ms"
          % (statistics.median(snapshots) / 1000))
else:
    print("ThinkChess   drag frame: no frames traced")
PY
