"""What the terminal game's Python tests share: cases registered with
@case, checks that say what was wrong, and a TAP runner (meson's protocol
'tap') that runs every case and reports each failure's message."""
import re
import sys

CASES = []


def case(func):
    CASES.append(func)
    return func


def expect(cond, message):
    if not cond:
        raise AssertionError(message)


def expect_in(needle, haystack, what="output"):
    if needle not in haystack:
        raise AssertionError("%r not in %s:\n%s" % (needle, what, haystack[-3000:]))


def expect_not_in(needle, haystack, what="output"):
    if needle in haystack:
        raise AssertionError("%r unexpectedly in %s:\n%s" % (needle, what, haystack[-3000:]))


def expect_re(pattern, haystack, what="output"):
    m = re.search(pattern, haystack, re.M)
    if m is None:
        raise AssertionError("%r does not match %s:\n%s" % (pattern, what, haystack[-3000:]))
    return m


def run_cases():
    """Runs every registered case; the exit status for sys.exit."""
    print("1..%d" % len(CASES))
    failed = 0
    for i, func in enumerate(CASES, 1):
        try:
            func()
            print("ok %d - %s" % (i, func.__name__))
        except Exception as e:  # noqa: BLE001 - every failure is reported
            failed += 1
            print("not ok %d - %s" % (i, func.__name__))
            for line in str(e).splitlines():
                print("# " + line)
    sys.stdout.flush()
    return 1 if failed else 0
