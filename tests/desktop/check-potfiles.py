#!/usr/bin/env python3
# Fails when a file under src/ or data/ with translatable strings is missing
# from po/POTFILES.in, or when POTFILES.in names a file that does not exist.
#   check-potfiles.py SOURCE_ROOT
import os
import re
import sys

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

    if bad:
        print(f"{bad} problem(s) with po/POTFILES.in")
        return 1
    print(f"ok - po/POTFILES.in lists all {len(listed)} files with "
          f"translatable strings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
