#!/usr/bin/env python3
# Checks every translation listed in po/LINGUAS: it has a .po file that
# msgfmt --check accepts, with no fuzzy and no untranslated messages.
#   check-po.py SOURCE_ROOT
import os
import re
import subprocess
import sys

# The SAN piece letters (knight, bishop, rook, queen, king) players of each
# language expect; see chess_game_get_piece_letters().
PIECE_LETTERS_CONTEXT = "piece letters N B R Q K"
PIECE_LETTERS = {"de": "SLTDK", "fr": "CFTDR", "es": "CATDR", "it": "CATDR",
                 "pt_BR": "CBTDR", "nl": "PLTDK"}

# The plural rules of the languages we ship (as gettext's msginit has them).
PLURAL_FORMS = {"de": "nplurals=2; plural=(n != 1);",
                "es": "nplurals=2; plural=(n != 1);",
                "fr": "nplurals=2; plural=(n > 1);",
                "it": "nplurals=2; plural=(n != 1);",
                "nl": "nplurals=2; plural=(n != 1);",
                "pt_BR": "nplurals=2; plural=(n > 1);"}


def plural_forms(po):
    """The Plural-Forms header of a .po file, or None."""
    with open(po, encoding="utf-8") as f:
        for line in f:
            if line.startswith('"Plural-Forms:'):
                return line.strip().strip('"')[len("Plural-Forms:"):].strip().replace("\\n", "")
    return None


def piece_letters(po):
    """The translation of the piece letters in a .po file, or None."""
    ctx = msgid = None
    with open(po, encoding="utf-8") as f:
        for line in f:
            if line.startswith("msgctxt "):
                ctx = line[8:].strip().strip('"')
            elif line.startswith("msgid "):
                msgid = line[6:].strip().strip('"')
            elif line.startswith("msgstr ") and ctx == PIECE_LETTERS_CONTEXT:
                return line[7:].strip().strip('"')
            elif not line.strip():
                ctx = msgid = None
    return None


def languages(po_dir):
    langs = []
    with open(os.path.join(po_dir, "LINGUAS"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0]
            langs.extend(line.split())
    return langs


def main():
    po_dir = os.path.join(sys.argv[1], "po")
    langs = languages(po_dir)
    print(f"1..{len(langs) + 1}")
    bad = 0
    if langs:
        print(f"ok 1 - po/LINGUAS lists {len(langs)} languages")
    else:
        print("not ok 1 - po/LINGUAS lists no language")
        bad += 1

    for n, lang in enumerate(langs, start=2):
        po = os.path.join(po_dir, lang + ".po")
        if not os.path.isfile(po):
            print(f"not ok {n} - {lang}: po/{lang}.po is missing")
            bad += 1
            continue
        run = subprocess.run(["msgfmt", "--check", "--statistics",
                              "-o", os.devnull, po],
                             capture_output=True, text=True,
                             env=dict(os.environ, LC_ALL="C"))
        stats = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ""
        fuzzy = re.search(r"(\d+) fuzzy", stats)
        untranslated = re.search(r"(\d+) untranslated", stats)
        translated = re.search(r"(\d+) translated", stats)
        problems = []
        if run.returncode != 0:
            problems.append("msgfmt --check failed:\n# " +
                            run.stderr.strip().replace("\n", "\n# "))
        if fuzzy:
            problems.append(f"{fuzzy.group(1)} fuzzy messages")
        if untranslated:
            problems.append(f"{untranslated.group(1)} untranslated messages")
        if not translated:
            problems.append("no translated messages")
        plurals = plural_forms(po)
        if plurals is None:
            problems.append("no Plural-Forms header")
        elif lang in PLURAL_FORMS and plurals != PLURAL_FORMS[lang]:
            problems.append(f"Plural-Forms is '{plurals}', expected "
                            f"'{PLURAL_FORMS[lang]}'")
        letters = piece_letters(po)
        if (letters is not None and lang in PIECE_LETTERS
                and letters != PIECE_LETTERS[lang]):
            problems.append(f"piece letters are '{letters}', players expect "
                            f"'{PIECE_LETTERS[lang]}'")
        if problems:
            print(f"not ok {n} - {lang}: " + "; ".join(problems))
            bad += 1
        else:
            print(f"ok {n} - {lang}: {stats}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
