#!/usr/bin/env python3
"""The last check of the puzzle set (see make-puzzles.sh): Stockfish, deeper
than verify-puzzles.py searched, looks at each puzzle's first move once more
and keeps the puzzle only when that move is still the only good one.

    recheck-puzzles.py [--depth 18] [--shard K/N] VERIFIED > RECHECKED

Reads and writes verify-puzzles.py's lines."""
import argparse
import importlib.util
import os

spec = importlib.util.spec_from_file_location(
    "verify", os.path.join(os.path.dirname(os.path.abspath(__file__)), "verify-puzzles.py"))
verify = importlib.util.module_from_spec(spec)
spec.loader.exec_module(verify)


def confirmed(sf, fen, first, depth):
    lines = sf.search(fen, [], depth, 2)
    if not lines or 1 not in lines or 2 not in lines or lines[1][1][0] != first:
        return False
    s1, s2 = lines[1][0], lines[2][0]
    if verify.is_mate(s1) and s1 > 0:
        return not (verify.is_mate(s2) and s2 > 0)
    return s1 >= verify.WIN and s1 - s2 >= verify.GAP


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default=18)
    parser.add_argument("--shard", default="0/1")
    parser.add_argument("verified")
    args = parser.parse_args()
    k, n = (int(x) for x in args.shard.split("/"))
    sf = verify.Stockfish()
    with open(args.verified, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i % n != k or not line.strip():
                continue
            fen, moves = line.split("\t")[:2]
            sf.send("ucinewgame")
            if confirmed(sf, fen, moves.split()[0], args.depth):
                print(line, end="", flush=True)
    sf.quit()


if __name__ == "__main__":
    main()
