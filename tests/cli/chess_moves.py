"""Enough chess for the tests to play a puzzle's SAN moves without a chess
library: FENs read and written, a move played on them (no legality: the
moves come from the program), and SAN turned into UCI among the legal moves
of the program's own move generator (`thinkchess-cli perft --divide 1`)."""
import re
import subprocess


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def parse_fen(fen):
    rows, side, castling, ep = fen.split()[:4]
    board = {}
    for r, row in enumerate(rows.split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board["abcdefgh"[f] + str(8 - r)] = c
                f += 1
    return board, side, castling, ep


def to_fen(board, side, castling, ep):
    rows = []
    for rank in range(8, 0, -1):
        row, empty = "", 0
        for f in "abcdefgh":
            piece = board.get(f + str(rank))
            if piece is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + piece
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "%s %s %s %s 0 1" % ("/".join(rows), side, castling or "-", ep)


def legal_moves(cli, fen):
    """The legal moves in UCI, from the program's own move generator."""
    out = subprocess.run([cli, "perft", "--fen", fen, "--divide", "1"], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return [line.split(":")[0] for line in out.splitlines() if re.match(r"^[a-h][1-8][a-h][1-8]", line)]


def san_to_uci(cli, fen, san):
    board, side, _, _ = parse_fen(fen)
    san = san.rstrip("+#!?")
    if san.startswith("O-O"):
        rank = "1" if side == "w" else "8"
        return "e" + rank + ("c" if san == "O-O-O" else "g") + rank
    promotion = ""
    if "=" in san:
        san, promotion = san.split("=")
        promotion = promotion.lower()
    piece = san[0] if san[0] in "KQRBN" else "P"
    dest = san[-2:]
    hint = san[1 if piece != "P" else 0:-2].replace("x", "")
    found = []
    for uci in legal_moves(cli, fen):
        frm, to = uci[:2], uci[2:4]
        mover = board.get(frm, "")
        if to != dest or mover.upper() != piece or uci[4:] != promotion:
            continue
        if hint and not all(h in frm for h in hint):
            continue
        found.append(uci)
    check(len(found) == 1, "SAN %s in %s: %r" % (san, fen, found))
    return found[0]


def play_uci(fen, uci):
    board, side, castling, ep = parse_fen(fen)
    frm, to, promotion = uci[:2], uci[2:4], uci[4:]
    piece = board.pop(frm)
    if piece in "Pp" and to == ep:
        board.pop(to[0] + frm[1], None)
    if piece in "Kk" and abs(ord(to[0]) - ord(frm[0])) == 2:
        rank = frm[1]
        rook_from, rook_to = ("h", "f") if to[0] == "g" else ("a", "d")
        board[rook_to + rank] = board.pop(rook_from + rank)
    if promotion:
        piece = promotion.upper() if side == "w" else promotion
    board[to] = piece
    new_ep = "-"
    if piece in "Pp" and abs(int(to[1]) - int(frm[1])) == 2:
        new_ep = frm[0] + str((int(to[1]) + int(frm[1])) // 2)
    for square, right in (("e1", "KQ"), ("e8", "kq"), ("h1", "K"), ("a1", "Q"), ("h8", "k"), ("a8", "q")):
        if square in (frm, to):
            castling = "".join(c for c in castling if c not in right)
    return to_fen(board, "b" if side == "w" else "w", castling or "-", new_ep)
