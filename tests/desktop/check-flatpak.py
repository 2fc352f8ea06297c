#!/usr/bin/env python3
# Checks the Flatpak manifest as far as we can without the GNOME runtime:
# it parses, asks for no more than it needs, builds this tree with meson,
# and its app id and command match what the build installs.
#   check-flatpak.py SOURCE_ROOT BUILD_ROOT
import ast
import json
import os
import re
import shutil
import subprocess
import sys

APP_ID = "io.github.thinkchess.ThinkChess"
FINISH_ARGS = ["--share=ipc", "--socket=fallback-x11", "--socket=wayland",
               "--device=dri"]
CLEANUP = ["/include", "/lib/pkgconfig", "*.a"]

results = []


def check(ok, what):
    results.append((bool(ok), what))


def main():
    src, build = sys.argv[1], sys.argv[2]
    path = os.path.join(src, "flatpak", APP_ID + ".json")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
        check(True, "the manifest is valid JSON")
    except (OSError, ValueError) as e:
        check(False, f"the manifest is valid JSON ({e})")
        return report()

    fb = shutil.which("flatpak-builder")
    if fb:
        run = subprocess.run([fb, "--show-manifest", path],
                             capture_output=True, text=True)
        check(run.returncode == 0 and "thinkchess" in run.stdout,
              "flatpak-builder --show-manifest parses it " + run.stderr.strip())
    else:
        check(False, "flatpak-builder is installed")

    app_id = manifest.get("id", manifest.get("app-id"))
    check(app_id == APP_ID, f"the app id is {APP_ID} (found {app_id})")
    for key in ("runtime", "runtime-version", "sdk", "command",
                "finish-args", "modules", "cleanup"):
        check(key in manifest, f"the manifest has '{key}'")
    check(manifest.get("runtime") == "org.gnome.Platform",
          "the runtime is org.gnome.Platform")
    check(manifest.get("sdk") == "org.gnome.Sdk", "the SDK is org.gnome.Sdk")
    version = str(manifest.get("runtime-version", ""))
    check(re.fullmatch(r"\d+", version) and int(version) >= 49,
          f"the runtime version is 49 or newer (found '{version}')")

    args = manifest.get("finish-args", [])
    check(sorted(args) == sorted(FINISH_ARGS),
          f"finish-args are exactly {' '.join(FINISH_ARGS)} (found {args})")
    check(not any(a.startswith(("--filesystem", "--socket=x11",
                                "--device=all", "--share=network"))
                  for a in args),
          "no broad permissions in finish-args")

    cleanup = manifest.get("cleanup", [])
    for item in CLEANUP:
        check(item in cleanup, f"cleanup removes {item}")

    modules = [m for m in manifest.get("modules", []) if isinstance(m, dict)]
    ours = [m for m in modules
            if m.get("buildsystem") == "meson"
            and any(s.get("type") == "dir" and s.get("path") == ".."
                    for s in m.get("sources", []))]
    check(len(ours) == 1,
          "one meson module is built from the local directory (dir, ..)")

    # The command must be a program the build installs into bin/.
    command = manifest.get("command", "")
    check(command == "thinkchess", f"the command is thinkchess ('{command}')")
    try:
        with open(os.path.join(build, "meson-info", "intro-installed.json"),
                  encoding="utf-8") as f:
            installed = json.load(f).values()
        check(any(p.endswith("/bin/" + command) for p in installed),
              f"the build installs bin/{command}")
    except (OSError, ValueError) as e:
        check(False, f"the build's install list can be read ({e})")

    # The desktop file, metainfo and icons are named after the app id.
    data = os.path.join(src, "data")
    desktop = os.path.join(data, app_id + ".desktop.in")
    check(os.path.isfile(desktop), f"data/{app_id}.desktop.in exists")
    if os.path.isfile(desktop):
        with open(desktop, encoding="utf-8") as f:
            text = f.read()
        check(re.search(r"^Icon=" + re.escape(app_id) + r"$", text, re.M),
              "the desktop file's icon is the app id")
        check(re.search(r"^Exec=" + re.escape(command) + r"\b", text, re.M),
              "the desktop file runs the manifest's command")
    metainfo = os.path.join(data, app_id + ".metainfo.xml.in")
    check(os.path.isfile(metainfo), f"data/{app_id}.metainfo.xml.in exists")
    if os.path.isfile(metainfo):
        with open(metainfo, encoding="utf-8") as f:
            text = f.read()
        check(f"<id>{app_id}</id>" in text, "the metainfo id is the app id")
        check(f'<launchable type="desktop-id">{app_id}.desktop</launchable>'
              in text, "the metainfo launches the app's desktop file")
        # Screenshots are served from the repository: each must exist here.
        prefix = ("https://raw.githubusercontent.com/thinkchess/thinkchess/"
                  "main/")
        images = re.findall(r"<image>([^<]*)</image>", text)
        check(images, "the metainfo has screenshots")
        for url in images:
            rel = url[len(prefix):] if url.startswith(prefix) else None
            check(rel and rel.startswith("data/screenshots/")
                  and os.path.isfile(os.path.join(src, rel)),
                  f"screenshot {url} is a file in data/screenshots/")
    for icon in ("hicolor/scalable/apps/" + app_id + ".svg",
                 "hicolor/symbolic/apps/" + app_id + "-symbolic.svg"):
        check(os.path.isfile(os.path.join(data, "icons", icon)),
              f"data/icons/{icon} exists")
    check_sandbox_script(src)
    return report()


def check_sandbox_script(src):
    """build-aux/flatpak-check-app.py runs only in CI's Flatpak check, on
    the end-to-end tests' helpers: what it takes from them must still be
    there (the names it imports, and the App methods it calls)."""
    def parse(rel):
        with open(os.path.join(src, rel), encoding="utf-8") as f:
            return ast.parse(f.read())
    script = parse("build-aux/flatpak-check-app.py")
    common = parse("tests/app/e2e_common.py")
    defined = {n.name for n in common.body
               if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    defined |= {t.id for n in common.body if isinstance(n, ast.Assign)
                for t in n.targets if isinstance(t, ast.Name)}
    imported = [a.name for n in ast.walk(script)
                if isinstance(n, ast.ImportFrom) and n.module == "e2e_common"
                for a in n.names]
    missing = sorted(set(imported) - defined)
    check(imported and not missing,
          "flatpak-check-app.py imports only what e2e_common.py defines"
          + (f" (missing: {', '.join(missing)})" if missing else ""))

    def methods(tree, cls):
        return {f.name for n in tree.body
                if isinstance(n, ast.ClassDef) and n.name == cls
                for f in n.body if isinstance(f, ast.FunctionDef)}
    has = methods(common, "App") | methods(script, "SandboxedApp")
    called = {n.func.attr for n in ast.walk(script)
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
              and isinstance(n.func.value, ast.Name) and n.func.value.id in ("app", "self")}
    missing = sorted(called - has)
    check(called and not missing,
          "flatpak-check-app.py calls only methods its App has"
          + (f" (missing: {', '.join(missing)})" if missing else ""))


def report():
    print(f"1..{len(results)}")
    for n, (ok, what) in enumerate(results, start=1):
        print(f"{'ok' if ok else 'not ok'} {n} - {what}")
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
