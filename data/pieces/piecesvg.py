# piecesvg.py — what the piece-set generators (make-*.py) share: the group of
# a piece's detail lines and dots, and writing the twelve files of a set.
import os


def detail_group(out, details, colour, opening, dot):
    """Appends `opening` (a <g …> line), then each detail of `details`
    ((kind, path) pairs) as a stroked line, or filled in `colour` when its
    kind is `dot`; nothing when there are no details."""
    if not details:
        return
    out.append(opening)
    for kind, d in details:
        if kind == dot:
            out.append(f'    <path d="{d}" fill="{colour}" stroke="none"/>')
        else:
            out.append(f'    <path d="{d}"/>')
    out.append("  </g>")


def write_set(out_dir, svg):
    """Writes wK.svg … bP.svg into `out_dir`, each from svg(colour, piece)."""
    os.makedirs(out_dir, exist_ok=True)
    for colour in "wb":
        for piece in "KQRBNP":
            with open(os.path.join(out_dir, f"{colour}{piece}.svg"), "w") as f:
                f.write(svg(colour, piece))
