#!/usr/bin/env python3
# Runs thinkchess-cli in every language of po/LINGUAS, with the text domain
# bound to the build tree's .mo files as `meson devenv` does, and checks that
# its message comes out translated (and in English without LANGUAGE).
#   check-cli-language.py CLI SOURCE_ROOT BUILD_PO_DIR
import os
import subprocess
import sys

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


def run(cli, localedir, language):
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8",
               THINKCHESS_LOCALEDIR=localedir)
    env.pop("LANGUAGE", None)
    if language:
        env["LANGUAGE"] = language
    p = subprocess.run([cli, WORD], capture_output=True, text=True, env=env)
    return p.stdout + p.stderr


def main():
    cli, src, localedir = sys.argv[1:4]
    with open(os.path.join(src, "po", "LINGUAS"), encoding="utf-8") as f:
        langs = [w for line in f for w in line.split("#", 1)[0].split()]
    results = []
    english = run(cli, localedir, None)
    results.append((MSGID % WORD in english, "without LANGUAGE the message is English"))
    for lang in langs:
        expected = translation(os.path.join(src, "po", lang + ".po"), MSGID)
        if not expected:
            results.append((False, f"{lang}: po/{lang}.po translates "
                            f"{MSGID.strip()!r} (if the message changed, "
                            f"update tests/desktop/check-cli-language.py)"))
            continue
        out = run(cli, localedir, lang)
        ok = expected % WORD in out
        results.append((ok, f"{lang}: thinkchess-cli says {expected.strip() % WORD!r}"
                        + ("" if ok else f" (got {out.strip()[:200]!r})")))
    print(f"1..{len(results)}")
    for n, (ok, what) in enumerate(results, start=1):
        print(f"{'ok' if ok else 'not ok'} {n} - {what}")
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
