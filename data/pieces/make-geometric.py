#!/usr/bin/env python3
# Writes the "Geometric" piece set (drawn for this project): each piece
# built from squares, circles and triangles, flat colours, the right half
# a shade darker as if lit from the left, and a bold outline. Straight
# edges lie on whole units of the 100-unit grid so they stay sharp.
# 12 SVGs, viewBox 0 0 100 100, pieces standing on the base line y = 90.
#   make-geometric.py [OUTDIR]   (default: the geometric folder beside it)
import os

from piecesvg import detail_group, write_set
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "geometric")

SW = 3.2    # outline width
DW = 3      # detail width


def rect(x1, y1, x2, y2):
    return f"M {x1} {y1} L {x2} {y1} L {x2} {y2} L {x1} {y2} Z"


def poly(*points):
    return "M " + " L ".join(f"{x:g} {y:g}" for x, y in points) + " Z"


def circle(cx, cy, r):
    return (f"M {cx - r:g} {cy:g} A {r:g} {r:g} 0 1 0 {cx + r:g} {cy:g} "
            f"A {r:g} {r:g} 0 1 0 {cx - r:g} {cy:g} Z")


# Every piece stands on the same slab.
BASE = [("shape", rect(22, 82, 78, 90))]

PIECES = {}

PIECES["P"] = [
    ("shape", rect(26, 82, 74, 90)),
    ("shape", poly((40, 50), (60, 50), (68, 82), (32, 82))),
    ("shape", rect(35, 46, 65, 52)),
    ("shape", circle(50, 32, 12)),
]

PIECES["R"] = BASE + [
    ("shape", poly((34, 36), (66, 36), (70, 82), (30, 82))),
    ("shape", poly((28, 14), (39, 14), (39, 22), (45, 22), (45, 14), (55, 14),
                   (55, 22), (61, 22), (61, 14), (72, 14), (72, 36), (28, 36))),
    ("line", "M 33 60 L 67 60"),
]

PIECES["B"] = BASE + [
    ("shape", poly((42, 56), (58, 56), (68, 82), (32, 82))),
    ("shape", rect(36, 52, 64, 58)),
    # A cut gem: the mitre as a pointed hexagon.
    ("shape", poly((50, 14), (64, 32), (62, 52), (38, 52), (36, 32))),
    ("shape", circle(50, 11, 4)),
    ("line", "M 56 26 L 47 37"),
]

PIECES["N"] = BASE + [
    # The horse's head from straight cuts: muzzle, brow, ear and mane.
    ("shape", poly((30, 82), (32, 64), (42, 56), (22, 60), (15, 52), (26, 36),
                   (36, 22), (38, 10), (46, 18), (60, 20), (72, 34), (72, 82))),
    ("dot", rect(33, 29, 39, 35)),
    ("line", "M 52 28 L 63 40 L 63 74"),
]

PIECES["Q"] = BASE + [
    ("shape", poly((40, 50), (60, 50), (68, 82), (32, 82))),
    ("shape", rect(33, 44, 67, 51)),
    ("shape", poly((33, 44), (26, 20), (40, 34), (50, 16), (60, 34), (74, 20), (67, 44))),
    ("shape", circle(26, 18, 4)),
    ("shape", circle(50, 13, 4)),
    ("shape", circle(74, 18, 4)),
]

PIECES["K"] = BASE + [
    ("shape", poly((40, 50), (60, 50), (68, 82), (32, 82))),
    ("shape", rect(33, 44, 67, 51)),
    ("shape", poly((32, 26), (68, 26), (62, 44), (38, 44))),
    ("shape", poly((46, 26), (46, 19), (40, 19), (40, 13), (46, 13), (46, 6),
                   (54, 6), (54, 13), (60, 13), (60, 19), (54, 19), (54, 26))),
]

COLOURS = {
    "w": dict(light="#f6f4ee", shade="#d9d4c7", stroke="#202020", detail="#202020"),
    "b": dict(light="#4a4a4f", shade="#2c2c30", stroke="#0b0b0c", detail="#e9e6df"),
}


def svg(colour, piece):
    c = COLOURS[colour]
    shapes = [d for kind, d in PIECES[piece] if kind == "shape"]
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
           'width="100" height="100">', "  <defs>",
           '    <clipPath id="shaded-half"><rect x="50" y="0" width="50" height="100"/></clipPath>',
           "  </defs>"]
    # The outline first, so the fills drawn over it keep it on the outside
    # of touching shapes only.
    out.append(f'  <g fill="none" stroke="{c["stroke"]}" stroke-width="{SW * 2:g}" '
               'stroke-linejoin="round">')
    for d in shapes:
        out.append(f'    <path d="{d}"/>')
    out.append("  </g>")
    out.append(f'  <g fill="{c["light"]}">')
    for d in shapes:
        out.append(f'    <path d="{d}"/>')
    out.append("  </g>")
    out.append(f'  <g fill="{c["shade"]}" clip-path="url(#shaded-half)">')
    for d in shapes:
        out.append(f'    <path d="{d}"/>')
    out.append("  </g>")
    details = [(k, d) for k, d in PIECES[piece] if k in ("line", "dot")]
    detail_group(out, details, c["detail"],
                 f'  <g stroke="{c["detail"]}" stroke-width="{DW:g}" fill="none" '
                 'stroke-linecap="square" stroke-linejoin="miter">', dot="dot")
    out.append("</svg>")
    return "\n".join(out) + "\n"


write_set(OUT, svg)
