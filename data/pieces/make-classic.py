#!/usr/bin/env python3
# Writes the "Classic" piece set (drawn for this project): turned wooden
# Staunton pieces, boxwood and ebony, shaded as a lathe leaves them round.
# 12 SVGs, viewBox 0 0 100 100, pieces standing on the base line y = 90.
#   make-classic.py [OUTDIR]   (default: the classic folder beside it)
#
# A turned part is given by the right half of its profile, from the top of
# the axis down to the bottom of the axis; the left half is its mirror image.
import os

from piecesvg import detail_group, write_set
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "classic")

CX = 50      # the axis
SW = 2.6     # outline width: about one pixel on a 40 px square
DW = 2.4     # detail line width


def fmt(v):
    return f"{v:g}"


def turned(top, segments):
    """A closed path symmetric about x = CX. `top` is the y where the right
    half leaves the axis; `segments` go down the right side as ("L", x, y)
    or ("C", x1, y1, x2, y2, x, y), x measured from the axis, and end on it."""
    start = (0, top)
    right = []
    point = start
    for seg in segments:
        if seg[0] == "L":
            end = (seg[1], seg[2])
            right.append(("L", point, end))
        else:
            c1, c2, end = (seg[1], seg[2]), (seg[3], seg[4]), (seg[5], seg[6])
            right.append(("C", point, c1, c2, end))
        point = end

    def p(x, y, side):
        return f"{fmt(CX + side * x)} {fmt(y)}"

    out = [f"M {p(*start, 1)}"]
    for seg in right:
        if seg[0] == "L":
            out.append(f"L {p(*seg[2], 1)}")
        else:
            out.append(f"C {p(*seg[2], 1)} {p(*seg[3], 1)} {p(*seg[4], 1)}")
    # Back up the left side: the same segments, reversed and mirrored.
    for seg in reversed(right):
        if seg[0] == "L":
            out.append(f"L {p(*seg[1], -1)}")
        else:
            out.append(f"C {p(*seg[3], -1)} {p(*seg[2], -1)} {p(*seg[1], -1)}")
    out.append("Z")
    return " ".join(out)


def ring(y1, y2, half):
    """A rounded disc seen from the side: a collar or a foot ring."""
    r = (y2 - y1) / 2
    return turned(y1, [("L", half - r, y1),
                       ("C", half + r * 0.35, y1, half + r * 0.35, y2, half - r, y2),
                       ("L", 0, y2)])


def circle(cx, cy, r):
    return (f"M {fmt(cx - r)} {fmt(cy)} A {fmt(r)} {fmt(r)} 0 1 0 {fmt(cx + r)} {fmt(cy)} "
            f"A {fmt(r)} {fmt(r)} 0 1 0 {fmt(cx - r)} {fmt(cy)} Z")


# The foot every piece stands on: a wide plinth and a ring above it.
def foot(ring_half=22, plinth_half=27):
    return [
        ("body", turned(82, [("L", plinth_half - 3, 82),
                             ("C", plinth_half, 82, plinth_half + 1, 86, plinth_half + 1, 90),
                             ("L", 0, 90)])),
        ("body", ring(77.5, 83, ring_half)),
    ]


PIECES = {}

PIECES["P"] = foot(19, 24) + [
    ("body", turned(48, [("L", 6, 48), ("C", 7, 60, 13, 71, 17, 78), ("L", 0, 78)])),
    ("body", ring(44, 51, 13)),
    ("ball", circle(CX, 33, 11.5)),
]

PIECES["R"] = foot() + [
    ("body", turned(36, [("L", 14, 36), ("C", 14, 52, 16, 68, 19.5, 78), ("L", 0, 78)])),
    ("body", ring(31, 38, 18.5)),
    ("body", "M 32.5 32 L 32.5 14 L 40.5 14 L 40.5 20 L 46 20 L 46 14 L 54 14 "
             "L 54 20 L 59.5 20 L 59.5 14 L 67.5 14 L 67.5 32 Z"),
    ("cut", "M 34 26 L 66 26"),
]

PIECES["B"] = foot(20, 26) + [
    ("body", turned(58, [("L", 6.5, 58), ("C", 8, 68, 14, 74, 18, 78), ("L", 0, 78)])),
    ("body", ring(56, 61, 13)),
    ("body", ring(51.5, 56.5, 10.5)),
    ("body", turned(17, [("C", 8, 22, 15, 32, 14.5, 41), ("C", 14, 48, 9, 52, 0, 52)])),
    ("ball", circle(CX, 13, 4.5)),
    ("cut", "M 55 25.5 L 46.5 37"),
]

PIECES["N"] = foot() + [
    ("body", "M 28.5 78.5 C 28 70 32 63 39.5 57.5 C 34 59.5 28 61.5 22.5 61 "
             "C 16.5 60.5 13.5 56 14.5 51.5 C 15.5 47 20 43 24.5 38.5 "
             "C 29.5 33 33 26 37 20 L 37.5 10.5 L 44.5 17 "
             "C 57 16 68.5 24 72.5 38 C 75.5 50 74.5 65 72 78.5 Z"),
    ("eye", "M 33.5 31.5 C 35.5 29 39.5 29 40.5 31 C 38.5 34 35.5 34 33.5 31.5 Z"),
    ("eye", circle(20.5, 52.5, 1.8)),
    ("cut", "M 47.5 22 C 58.5 25 66 36 68 50 C 69 60 68.5 69 67 75"),
    ("cut", "M 15.5 57 L 22 57.5"),
]

PIECES["Q"] = foot() + [
    ("body", turned(46, [("L", 9, 46), ("C", 10, 58, 15, 70, 19.5, 78), ("L", 0, 78)])),
    ("body", ring(43, 49, 14.5)),
    ("body", ring(38.5, 44, 12)),
    ("body", "M 38.5 39.5 L 29 20.5 L 36.5 30.5 L 39.5 15.5 L 45.5 27 L 50 12 "
             "L 54.5 27 L 60.5 15.5 L 63.5 30.5 L 71 20.5 L 61.5 39.5 Z"),
    ("ball", circle(29, 19, 3.3)),
    ("ball", circle(39.5, 14, 3.3)),
    ("ball", circle(50, 10.5, 3.6)),
    ("ball", circle(60.5, 14, 3.3)),
    ("ball", circle(71, 19, 3.3)),
]

PIECES["K"] = foot() + [
    ("body", turned(46, [("L", 9, 46), ("C", 10, 58, 15, 70, 19.5, 78), ("L", 0, 78)])),
    ("body", ring(43, 49, 14.5)),
    ("body", ring(38.5, 44, 12)),
    ("body", turned(26, [("L", 13, 26), ("C", 16, 26, 17, 30, 14.5, 31.5),
                         ("L", 9.5, 39.5), ("L", 0, 39.5)])),
    ("body", "M 47.5 27 L 47.5 18 L 42 18 L 42 13 L 47.5 13 L 47.5 6.5 "
             "L 52.5 6.5 L 52.5 13 L 58 13 L 58 18 L 52.5 18 L 52.5 27 Z"),
]

# Boxwood and ebony: the gradient runs across the piece, lit from the left.
WOODS = {
    "w": dict(stops=[(0, "#cdb48a"), (0.32, "#fbf1dc"), (0.55, "#f0dfbd"), (1, "#b89a6a")],
              ball=[(0, "#fff8ea"), (0.45, "#f3e3c4"), (1, "#b89a6a")],
              stroke="#2a1d10", cut="#2a1d10"),
    "b": dict(stops=[(0, "#161110"), (0.32, "#5b4a42"), (0.55, "#3a2e29"), (1, "#0d0908")],
              ball=[(0, "#75625a"), (0.45, "#3a2e29"), (1, "#0d0908")],
              stroke="#050303", cut="#d9c7b0"),
}


def svg(colour, piece):
    w = WOODS[colour]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
           'width="100" height="100">', "  <defs>",
           '    <linearGradient id="turned" x1="0" y1="0" x2="1" y2="0">']
    for offset, colour_stop in w["stops"]:
        out.append(f'      <stop offset="{offset:g}" stop-color="{colour_stop}"/>')
    out.append("    </linearGradient>")
    out.append('    <radialGradient id="ball" cx="0.38" cy="0.35" r="0.7">')
    for offset, colour_stop in w["ball"]:
        out.append(f'      <stop offset="{offset:g}" stop-color="{colour_stop}"/>')
    out.append("    </radialGradient>")
    out.append("  </defs>")
    out.append(f'  <g stroke="{w["stroke"]}" stroke-width="{SW}" '
               'stroke-linejoin="round" stroke-linecap="round">')
    for kind, d in PIECES[piece]:
        if kind == "body":
            out.append(f'    <path d="{d}" fill="url(#turned)"/>')
        elif kind == "ball":
            out.append(f'    <path d="{d}" fill="url(#ball)"/>')
    out.append("  </g>")
    details = [(k, d) for k, d in PIECES[piece] if k in ("cut", "eye")]
    detail_group(out, details, w["cut"],
                 f'  <g stroke="{w["cut"]}" stroke-width="{DW}" fill="none" '
                 'stroke-linecap="round" stroke-linejoin="round">', dot="eye")
    out.append("</svg>")
    return "\n".join(out) + "\n"


write_set(OUT, svg)
