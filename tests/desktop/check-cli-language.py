#!/usr/bin/env python3
# Runs thinkchess-cli in every language of po/LINGUAS, with the text domain
# bound to the build tree's .mo files as `meson devenv` does, and checks that
# its message comes out translated under that language's locale, as a user
# with LANG=de_DE.UTF-8 gets it (and in English under C.UTF-8). Real locales,
# not LANGUAGE under C.UTF-8: glibc 2.41 (Debian 13) ignores LANGUAGE there.
# build-aux/install-deps.sh --test generates them.
#   check-cli-language.py CLI SOURCE_ROOT BUILD_PO_DIR
import os
import subprocess
import sys

# The locale a user of each language of po/LINGUAS typically has.
LOCALES = {"de": "de_DE", "es": "es_ES", "fr": "fr_FR", "it": "it_IT",
           "nl": "nl_NL", "pt_BR": "pt_BR"}

MSGID = "Unknown command “%s”.\n"
WORD = "no-such-command"


def unquote(s):
    """The text of a .po string literal."""
    s = s.strip()[1:-1]
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            i += 1
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(s[i], s[i]))
        else:
            out.append(c)
        i += 1
    return "".join(out)


def translation(po, msgid):
    """The msgstr of msgid (no context) in a .po file, or None."""
    entries, cur, field = [], {}, None
    with open(po, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                if cur:
                    entries.append(cur)
                    cur, field = {}, None
                continue
            for key in ("msgctxt", "msgid_plural", "msgid", "msgstr"):
                if line.startswith(key + " "):
                    field = key
                    cur[key] = unquote(line[len(key) + 1:])
                    break
            else:
                if line.startswith('"') and field:
                    cur[field] += unquote(line)
    if cur:
        entries.append(cur)
    for e in entries:
        if e.get("msgid") == msgid and "msgctxt" not in e:
            return e.get("msgstr")
    return None


def locale_installed(name):
    """Whether `locale -a` lists name (de_DE.UTF-8 is listed as de_DE.utf8)."""
    listed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout
    wanted = name.lower().replace("utf-8", "utf8")
    return wanted in (line.strip().lower().replace("utf-8", "utf8")
                      for line in listed.splitlines())


def run(cli, localedir, locale):
    env = dict(os.environ, LANG=locale, LC_ALL=locale,
               THINKCHESS_LOCALEDIR=localedir)
    env.pop("LANGUAGE", None)
    env.pop("LC_MESSAGES", None)
    p = subprocess.run([cli, WORD], capture_output=True, text=True, env=env)
    return p.stdout + p.stderr


def main():
    cli, src, localedir = sys.argv[1:4]
    with open(os.path.join(src, "po", "LINGUAS"), encoding="utf-8") as f:
        langs = [w for line in f for w in line.split("#", 1)[0].split()]
    results = []
    english = run(cli, localedir, "C.UTF-8")
    results.append((MSGID % WORD in english, "under C.UTF-8 the message is English"))
    for lang in langs:
        locale = LOCALES.get(lang, lang) + ".UTF-8"
        if lang not in LOCALES:
            results.append((False, f"{lang}: no locale known for it (add it to LOCALES "
                            f"here and to build-aux/install-deps.sh)"))
            continue
        if not locale_installed(locale):
            results.append((False, f"{lang}: the locale {locale} is not installed "
                            f"(build-aux/install-deps.sh --test generates it)"))
            continue
        expected = translation(os.path.join(src, "po", lang + ".po"), MSGID)
        if not expected:
            results.append((False, f"{lang}: po/{lang}.po translates "
                            f"{MSGID.strip()!r} (if the message changed, "
                            f"update tests/desktop/check-cli-language.py)"))
            continue
        out = run(cli, localedir, locale)
        ok = expected % WORD in out
        results.append((ok, f"{lang}: under {locale} thinkchess-cli says {expected.strip() % WORD!r}"
                        + ("" if ok else f" (got {out.strip()[:200]!r})")))
    print(f"1..{len(results)}")
    for n, (ok, what) in enumerate(results, start=1):
        print(f"{'ok' if ok else 'not ok'} {n} - {what}")
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
