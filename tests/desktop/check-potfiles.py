#!/usr/bin/env python3
# Fails when a file under src/ or data/ with translatable strings is missing
# from po/POTFILES.in, when POTFILES.in names a file that does not exist, or
# when po/thinkchess.pot is not what the sources give today (a new string
# left out of it would be left out of every translation, and check-po.py,
# which reads the .po files made from it, would not see it).
#   check-potfiles.py SOURCE_ROOT
import os
import re
import subprocess
import sys
import tempfile

MARKERS = re.compile(r'(?:^|[^A-Za-z0-9_])(?:_|N_|C_|NC_|ngettext)\s*\(|'
                     r'translatable\s*=\s*"yes"')
# Files whose strings xgettext finds by format, without markers.
ALWAYS = (".desktop.in", ".metainfo.xml.in", ".gschema.xml")
SKIP_DIRS = {".git", "__pycache__"}


def listed_files(potfiles):
    names = set()
    with open(potfiles, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                names.add(line)
    return names


# What po/meson.build's i18n.gettext (preset 'glib') passes to xgettext
# that decides which strings are found.
XGETTEXT_ARGS = ["--from-code=UTF-8", "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2",
                 "--keyword=NC_:1c,2", "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3",
                 "--keyword=g_dpgettext2:2c,3", "--keyword=PLURAL_NOOP:1,2"]


def check_pot_current(root):
    """0 when po/thinkchess.pot holds exactly the messages xgettext finds
    in the files of POTFILES.in; else says which differ and returns 1."""
    pot = os.path.join(root, "po", "thinkchess.pot")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = os.path.join(tmp, "fresh.pot")
        run = subprocess.run(["xgettext", "--files-from=po/POTFILES.in", "--output=" + fresh]
                             + XGETTEXT_ARGS, cwd=root, capture_output=True, text=True)
        if run.returncode != 0:
            print("not ok - xgettext over po/POTFILES.in failed: " + run.stderr.strip())
            return 1
        missing = messages(fresh) - messages(pot)
        stale = messages(pot) - messages(fresh)
    for what, found in (("is missing from", missing), ("is no longer in the sources but in", stale)):
        for ctxt, msgid in sorted(found):
            print(f"not ok - {msgid!r}{' (' + ctxt + ')' if ctxt else ''} {what} po/thinkchess.pot: "
                  "run meson compile -C BUILD thinkchess-pot thinkchess-update-po")
    if missing or stale:
        return 1
    print("ok - po/thinkchess.pot is current")
    return 0


def messages(pot):
    """The (msgctxt, msgid) pairs of a .pot file."""
    found, ctxt, key, parts = set(), "", None, {}
    with open(pot, encoding="utf-8") as f:
        for line in list(f) + [""]:
            line = line.strip()
            m = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) (".*")$', line)
            if m:
                key = m.group(1)
                parts[key] = eval(m.group(2))  # a C string literal, as Python reads it
            elif line.startswith('"') and key:
                parts[key] += eval(line)
            elif not line:
                if parts.get("msgid"):
                    found.add((parts.get("msgctxt", ""), parts["msgid"]))
                parts, key = {}, None
    return found


def main():
    root = sys.argv[1]
    listed = listed_files(os.path.join(root, "po", "POTFILES.in"))
    bad = 0

    for name in sorted(listed):
        if not os.path.isfile(os.path.join(root, name)):
            print(f"not ok - po/POTFILES.in lists {name}, which does not exist")
            bad += 1

    for top in ("src", "data"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
            for filename in sorted(filenames):
                path = os.path.join(dirpath, filename)
                rel = os.path.relpath(path, root)
                try:
                    with open(path, encoding="utf-8") as f:
                        text = f.read()
                except (UnicodeDecodeError, OSError):
                    continue  # Images and other binary files.
                wanted = filename.endswith(ALWAYS) or MARKERS.search(text)
                if wanted and rel not in listed:
                    print(f"not ok - {rel} has translatable strings but is "
                          f"missing from po/POTFILES.in")
                    bad += 1

    bad += check_pot_current(root)
    if bad:
        print(f"{bad} problem(s) with po/POTFILES.in or po/thinkchess.pot")
        return 1
    print(f"ok - po/POTFILES.in lists all {len(listed)} files with "
          f"translatable strings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
