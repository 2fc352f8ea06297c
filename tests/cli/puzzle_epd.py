"""Reading the puzzles' EPD lines (`thinkchess-cli puzzles --export`) in
the tests, independently of the program: the fields, checked as it goes."""
import re

THEMES = {"mate", "fork", "pin", "skewer", "discovered-attack", "hanging-piece",
          "promotion", "sacrifice", "material", "endgame", "my-mistakes"}
PIECES = {"N": "knight", "B": "bishop", "R": "rook", "Q": "queen", "K": "king"}


def parse(line):
    """The fields of one line as a dict; AssertionError saying what is
    wrong otherwise."""
    fields = line.split(" ", 4)
    if len(fields) != 5:
        raise AssertionError("not a FEN and operations: %r" % line)
    placement, side, castling, ep, ops = fields
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise AssertionError("not eight ranks: %r" % line)
    board = {}
    for r, rank in enumerate(ranks):
        f = 0
        for c in rank:
            if c.isdigit():
                f += int(c)
            elif c in "pnbrqkPNBRQK":
                board["abcdefgh"[f] + str(8 - r)] = c
                f += 1
            else:
                raise AssertionError("bad piece %r: %r" % (c, line))
        if f != 8:
            raise AssertionError("rank %d is not eight squares: %r" % (8 - r, line))
    if side not in ("w", "b") or not re.fullmatch(r"-|[KQkq]+", castling) \
       or not re.fullmatch(r"-|[a-h][36]", ep):
        raise AssertionError("bad side, castling or en passant: %r" % line)

    puzzle = {"fen": " ".join(fields[:4]), "board": board, "side": side}
    for op in ops.split(";"):
        op = op.strip()
        if not op:
            continue
        key, _, value = op.partition(" ")
        puzzle[key] = value
    for key in ("bm", "id", "pv", "themes", "rating"):
        if key not in puzzle:
            raise AssertionError("no %s: %r" % (key, line))
    for key in ("id", "themes"):
        m = re.fullmatch(r'"([^"]*)"', puzzle[key])
        if m is None:
            raise AssertionError("%s is not quoted: %r" % (key, line))
        puzzle[key] = m.group(1)
    puzzle["pv"] = puzzle["pv"].split()
    puzzle["themes"] = puzzle["themes"].split()
    puzzle["rating"] = int(puzzle["rating"])
    if not puzzle["pv"] or puzzle["pv"][0] != puzzle["bm"]:
        raise AssertionError("bm is not the first pv move: %r" % line)
    if len(puzzle["pv"]) % 2 != 1:
        raise AssertionError("the solution does not end on the solver's move: %r" % line)
    for theme in puzzle["themes"]:
        if theme not in THEMES and re.fullmatch(r"mate-in-\d+", theme) is None:
            raise AssertionError("unknown theme %r: %r" % (theme, line))
    return puzzle


def piece_moved(puzzle):
    """The name of the piece the first move moves ("knight", "pawn")."""
    san = puzzle["bm"]
    if san.startswith("O-O"):
        return "king"
    return PIECES.get(san[0], "pawn")
