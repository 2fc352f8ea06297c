#!/usr/bin/env python3
"""Pools several matches of one level into one Elo figure.

    bench/levels-pool.py < results

Each input line is one match: LEVEL ANCHOR ANCHOR_ERROR W D L, where ANCHOR
is the opponent's Elo (Stockfish's calibrated UCI_Elo, ANCHOR_ERROR 0) or
"level:NAME" for another level of ours, pooled from the lines above it (its
figure and error are then used, and ANCHOR_ERROR is ignored); "#" starts a
comment. For each level it prints the Elo R that makes the games most
likely under the logistic model (a game against A scores 1/(1+10^((A-R)/400))
on average, a draw half a win), its 95% error from the curvature of that
likelihood plus the anchors' own errors, and the games. Unlike averaging
each match's figure, a lopsided match (say 2-0-18) counts for what it says
instead of being dropped for its unbounded error."""
import math
import sys


def expected(r, a):
    return 1 / (1 + 10 ** ((a - r) / 400))


def pool(matches):
    """matches: [(anchor, anchor_err, w, d, l)] -> (elo, err95, games)"""
    def log_likelihood(r):
        total = 0.0
        for a, _, w, d, l in matches:
            e = expected(r, a)
            total += (w + d / 2) * math.log(e) + (l + d / 2) * math.log(1 - e)
        return total

    lo, hi = 0.0, 4000.0
    for _ in range(200):  # golden-section search: the likelihood has one peak
        m1 = lo + (hi - lo) * 0.382
        m2 = lo + (hi - lo) * 0.618
        if log_likelihood(m1) < log_likelihood(m2):
            lo = m1
        else:
            hi = m2
    r = (lo + hi) / 2
    # Fisher information of the games (per game: n e (1-e) (ln10/400)^2).
    k = math.log(10) / 400
    info = sum((w + d + l) * expected(r, a) * (1 - expected(r, a)) * k * k
               for a, _, w, d, l in matches)
    games = sum(w + d + l for _, _, w, d, l in matches)
    sigma = 1 / math.sqrt(info) if info > 0 else float("inf")
    # Anchors' own errors, weighted by how many games each carried.
    anchor_sigma = sum((w + d + l) * ae / 1.96 for _, ae, w, d, l in matches) / games
    return r, 1.96 * math.hypot(sigma, anchor_sigma), games


def main():
    by_level = {}
    order = []
    for number, line in enumerate(sys.stdin, 1):
        fields = line.split("#")[0].split()
        if not fields:
            continue
        if len(fields) != 6:
            sys.exit("line %d: LEVEL ANCHOR ANCHOR_ERROR W D L expected" % number)
        level, anchor = fields[0], fields[1]
        if level not in by_level:
            by_level[level] = []
            order.append(level)
        by_level[level].append((anchor, *map(float, fields[2:6])))

    pooled = {}
    print("%-8s %6s %6s %6s" % ("level", "Elo", "±", "games"))
    for level in order:
        matches = []
        for anchor, ae, w, d, l in by_level[level]:
            if anchor.startswith("level:"):
                other = anchor[len("level:"):]
                if other not in pooled:
                    sys.exit("%s plays level %s, which no line above measures" % (level, other))
                a, ae = pooled[other]
            else:
                a = float(anchor)
            matches.append((a, ae, w, d, l))
        r, err, games = pool(matches)
        pooled[level] = (r, err)
        print("%-8s %6.0f %6.0f %6d" % (level, r, err, games))


if __name__ == "__main__":
    main()
