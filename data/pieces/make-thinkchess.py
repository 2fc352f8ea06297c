#!/usr/bin/env python3
# Writes the ThinkChess piece set (drawn for this project): 12 SVGs, viewBox
# 0 0 100 100, pieces standing on the base line y = 90.
#   make-thinkchess.py [OUTDIR]   (default: the thinkchess folder beside it)
import sys, os

from piecesvg import detail_group, write_set

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "thinkchess")


SW = 3  # outline width
DW = 2.4  # detail line width

# Each piece: list of ("fill", d) shapes drawn with outline, then ("detail", d)
# lines drawn in the detail colour (dark on white pieces, light on black ones),
# ("dot", d) small filled details in the detail colour, and ("inner", d) lines
# that only black pieces need (white pieces get them from their outlines).

BASE = [
    ("fill", "M 22 90 L 22 84 Q 22 80 26 80 L 74 80 Q 78 80 78 84 L 78 90 Z"),
]
BASE_INNER = [("inner", "M 27 84.5 L 73 84.5")]

def rrect(x1, y1, x2, y2, r):
    return (f"M {x1 + r} {y1} L {x2 - r} {y1} Q {x2} {y1} {x2} {y1 + r} "
            f"L {x2} {y2 - r} Q {x2} {y2} {x2 - r} {y2} L {x1 + r} {y2} "
            f"Q {x1} {y2} {x1} {y2 - r} L {x1} {y1 + r} Q {x1} {y1} {x1 + r} {y1} Z")

def circle(cx, cy, r):
    return (f"M {cx - r} {cy} A {r} {r} 0 1 0 {cx + r} {cy} "
            f"A {r} {r} 0 1 0 {cx - r} {cy} Z")

PIECES = {}

PIECES["P"] = [
    ("fill", "M 26 90 L 26 85 Q 26 80 31 80 L 69 80 Q 74 80 74 85 L 74 90 Z"),
    ("fill", "M 33 80 C 33 68 40 60 43 52 L 57 52 C 60 60 67 68 67 80 Z"),
    ("fill", rrect(37, 45, 63, 53, 3.5)),
    ("fill", circle(50, 32, 12.5)),
    ("inner", "M 31 84.5 L 69 84.5"),
    ("inner", "M 38 76.5 L 62 76.5"),
    ("inner", "M 42 49 L 58 49"),
]

PIECES["R"] = BASE + [
    ("fill", "M 26 80 L 26 76 Q 26 73 29 73 L 71 73 Q 74 73 74 76 L 74 80 Z"),
    ("fill", "M 31 73 L 34 39 L 66 39 L 69 73 Z"),
    ("fill", "M 27 39 L 27 13 L 37.5 13 L 37.5 20 L 44.5 20 L 44.5 13 "
             "L 55.5 13 L 55.5 20 L 62.5 20 L 62.5 13 L 73 13 L 73 39 Z"),
    ("detail", "M 29 31 L 71 31"),
    ("inner", "M 29.5 77 L 70.5 77"),
    ("inner", "M 36 69.5 L 64 69.5"),
    ("inner", "M 36 42.5 L 64 42.5"),
] + BASE_INNER

PIECES["B"] = BASE + [
    ("fill", "M 33 80 C 36 70 43 64 44 57 L 56 57 C 57 64 64 70 67 80 Z"),
    ("fill", rrect(36.5, 50, 63.5, 58, 3.5)),
    ("fill", "M 50 17 C 40 25 34 34 35 41 C 36 47 42 50 50 50 "
             "C 58 50 64 47 65 41 C 66 34 60 25 50 17 Z"),
    ("fill", circle(50, 13, 5)),
    ("detail", "M 55.5 26.5 L 46 38"),
    ("inner", "M 39 76.5 L 61 76.5"),
    ("inner", "M 41 54 L 59 54"),
] + BASE_INNER

PIECES["N"] = BASE + [
    ("fill", "M 31 80 C 31 70 38 62 47 56 "
             "C 40 57 33 61 27 63 "
             "C 22 64.5 17 61 16.5 56 "
             "C 16 52 18 48 22 44 "
             "C 27 38 32 30 36 24 "
             "L 37 11 L 45 19 "
             "Q 50.1 15.7 54.0 20.3 Q 59.6 18.5 61.7 23.9 Q 67.6 23.8 68.1 29.6 "
             "Q 73.9 31.2 72.9 37.1 Q 78.2 40.2 75.9 46.0 Q 80.5 50.6 77.0 56.0 "
             "C 77 66 74 74 72 80 Z"),
    ("dot", "M 34.5 33.5 C 36 31 40 30.5 41.5 32 C 40 35 36.5 35.5 34.5 33.5 Z"),
    ("dot", circle(22, 55.5, 2)),
    ("detail", "M 48 25 C 59 27 67 38 69.5 52 C 70.5 62 69 70 67.5 76"),
    ("detail", "M 19.5 60.5 L 25 59.5"),
    ("inner", "M 27 84.5 L 73 84.5"),
]

PIECES["Q"] = BASE + [
    ("fill", "M 33 80 C 35 68 40 60 40 53 L 60 53 C 60 60 65 68 67 80 Z"),
    ("fill", rrect(34, 45, 66, 54, 3.5)),
    ("fill", "M 35 46 L 24 23 L 33 36 L 37 17 L 44 33 L 50 13 L 56 33 "
             "L 63 17 L 67 36 L 76 23 L 65 46 Z"),
    ("fill", circle(24, 21.5, 4)),
    ("fill", circle(37, 15.5, 4)),
    ("fill", circle(50, 11, 4)),
    ("fill", circle(63, 15.5, 4)),
    ("fill", circle(76, 21.5, 4)),
    ("detail", "M 33 40.5 L 67 40.5"),
    ("inner", "M 39 76.5 L 61 76.5"),
    ("inner", "M 40 49.5 L 60 49.5"),
] + BASE_INNER

PIECES["K"] = BASE + [
    ("fill", "M 33 80 C 35 68 40 60 40 52 L 60 52 C 60 60 65 68 67 80 Z"),
    ("fill", rrect(34, 44, 66, 53, 3.5)),
    ("fill", "M 36 44 C 28 36 31 26 41 26 C 45 26 48 28 50 31 "
             "C 52 28 55 26 59 26 C 69 26 72 36 64 44 Z"),
    ("fill", "M 47.5 31 L 47.5 20 L 42 20 L 42 15 L 47.5 15 L 47.5 8 "
             "L 52.5 8 L 52.5 15 L 58 15 L 58 20 L 52.5 20 L 52.5 31 Z"),
    ("detail", "M 36 39 L 64 39"),
    ("inner", "M 39 76.5 L 61 76.5"),
    ("inner", "M 40 48.5 L 60 48.5"),
] + BASE_INNER

COLOURS = {
    "w": dict(fill="#f7f3ea", stroke="#1e1e1e", detail="#1e1e1e"),
    "b": dict(fill="#2f2c2a", stroke="#0d0d0d", detail="#ece6da"),
}


def svg(colour, piece):
    c = COLOURS[colour]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
           'width="100" height="100">']
    out.append(f'  <g stroke="{c["stroke"]}" stroke-width="{SW}" '
               f'stroke-linejoin="round" stroke-linecap="round" fill="{c["fill"]}">')
    for kind, d in PIECES[piece]:
        if kind == "fill":
            out.append(f'    <path d="{d}"/>')
    out.append('  </g>')
    details = [(k, d) for k, d in PIECES[piece]
               if k in ("detail", "dot") or (k == "inner" and colour == "b")]
    detail_group(out, details, c["detail"],
                 f'  <g stroke="{c["detail"]}" stroke-width="{DW}" '
                 f'stroke-linecap="round" stroke-linejoin="round" fill="none">', dot="dot")
    out.append('</svg>')
    return "\n".join(out) + "\n"


write_set(OUT, svg)
