#!/usr/bin/env python3
"""Writes src/engine/chess-eval-weights.c with hand-set starting weights:
simple formulas (centralisation, pawn advance, king shelter) that the
Texel tuner (tuner.c) starts from. Kept so the tuned-vs-hand-set match
can be repeated.

The values are given by section name; the sections' order and sizes are
read from CHESS_EVAL_SECTION_LIST in src/engine/chess-eval.h, so that list
is written in one place only.
    handset-weights.py OUTPUT SYMBOL CHESS_EVAL_H"""
import os
import re
import sys

def centre(sq):
    f, r = sq % 8, sq // 8
    return 3.5 - max(abs(f - 3.5), abs(r - 3.5))   # 0.5 at the edge .. 3.5 centre

params = {}
def add(name, values):
    params[name] = values

add("material", [(100, 120), (320, 300), (330, 320), (480, 540), (950, 1000)])
pawn = []
for sq in range(64):
    r = sq // 8
    if r in (0, 7):
        pawn.append((0, 0))
    else:
        pawn.append((int((r - 1) * 4 + (centre(sq) - 1) * 6 * (r >= 2)), (r - 1) * 10))
add("pawn squares", pawn)
add("knight squares", [(int((centre(sq) - 2) * 12), int((centre(sq) - 2) * 10)) for sq in range(64)])
add("bishop squares", [(int((centre(sq) - 2) * 6), int((centre(sq) - 2) * 6)) for sq in range(64)])
add("rook squares", [(10 if sq // 8 == 6 else 0, 0) for sq in range(64)])
add("queen squares", [(int((centre(sq) - 2) * 3), int((centre(sq) - 2) * 6)) for sq in range(64)])
king = []
for sq in range(64):
    r, f = sq // 8, sq % 8
    mgv = (20 if f in (0, 1, 2, 6, 7) else 0) - 25 * r if r < 2 else -50 - 10 * r
    king.append((mgv, int((centre(sq) - 2) * 15)))
add("king squares", king)
add("knight mobility", [((n - 4) * 4, (n - 4) * 4) for n in range(9)])
add("bishop mobility", [((n - 6) * 4, (n - 6) * 4) for n in range(14)])
add("rook mobility", [((n - 7) * 2, (n - 7) * 4) for n in range(15)])
add("queen mobility", [((n - 13) * 1, (n - 13) * 2) for n in range(28)])
add("passed pawn by rank", [(0, 0), (5, 10), (5, 15), (10, 25), (20, 45), (40, 80), (70, 120), (0, 0)])
add("passed pawn with a free stop square", [(0, 0)] + [(r * 2, r * 4) for r in range(1, 7)] + [(0, 0)])
add("passed pawn: own king distance", [(0, 0)] + [(0, -r) for r in range(1, 7)] + [(0, 0)])
add("passed pawn: enemy king distance", [(0, 0)] + [(0, 2 * r) for r in range(1, 7)] + [(0, 0)])
add("connected pawn by rank", [(0, 0)] + [(3 + r * 2, 3 + r * 3) for r in range(1, 7)] + [(0, 0)])
add("isolated pawn", [(-10, -12)])
add("doubled pawn", [(-8, -20)])
add("backward pawn", [(-8, -8)])
add("king shield, near", [(12, 0)])
add("king shield, far", [(6, 0)])
add("half-open file at the king", [(-12, 0)])
add("open file at the king", [(-20, 0)])
add("king zone attacks by N B R Q", [(8, 0), (6, 0), (8, 0), (10, 0)])
add("king attackers by count", [(0, 0), (0, 0), (10, 0), (30, 0), (50, 0), (70, 0), (80, 0), (90, 0)])
add("bishop pair", [(30, 50)])
add("rook on open file", [(25, 10)])
add("rook on half-open file", [(12, 5)])
add("rook on the seventh", [(10, 20)])
add("threat by pawn", [(50, 40)])
add("threat by minor on major", [(30, 20)])
add("threat by rook on queen", [(30, 20)])
add("hanging piece", [(25, 15)])
add("pawn push threat", [(15, 10)])
add("tempo", [(15, 5)])

here = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1] if len(sys.argv) > 1 else "src/engine/chess-eval-weights.c"
symbol = sys.argv[2] if len(sys.argv) > 2 else "chess_eval_weights"
eval_h = sys.argv[3] if len(sys.argv) > 3 else os.path.join(here, "../../src/engine/chess-eval.h")

with open(eval_h, encoding="utf-8") as f:
    sections = [(m.group(1), int(m.group(2))) for m in
                re.finditer(r'^  X \([A-Z_]+, "([^"]+)", (\d+)\)', f.read(), re.M)]
if not sections:
    sys.exit("%s: no CHESS_EVAL_SECTION_LIST found" % eval_h)
names = [name for name, _ in sections]
for name in params:
    if name not in names:
        sys.exit("hand-set weights for an unknown section: %s" % name)
for name, count in sections:
    if name not in params:
        sys.exit("no hand-set weights for section: %s" % name)
    if len(params[name]) != count:
        sys.exit("section %s has %d weights here, %d in %s" % (name, len(params[name]), count, eval_h))

with open(out, "w") as f:
    f.write("/* chess-eval-weights.c — the evaluation's weights (see chess-eval.h).\n"
            " * Written by tools/tuner/handset-weights.py: hand-set starting values.\n"
            " * Do not edit: re-run the tuner (tools/tuner/README.md). */\n"
            "#include \"config.h\"\n\n#include \"chess-eval.h\"\n\n"
            "const ChessEvalWeight %s[CHESS_EVAL_N_PARAMS] = {\n" % symbol)
    for name, _ in sections:
        values = params[name]
        f.write("  /* %s */\n" % name)
        for i in range(0, len(values), 4):
            f.write("  " + " ".join("{ %d, %d }," % v for v in values[i:i + 4]) + "\n")
    f.write("};\n")
