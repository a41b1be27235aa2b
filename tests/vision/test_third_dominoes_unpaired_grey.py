"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): its light stone is told from the bare mat by tone alone, and bare mat
a neighbour's shadow or the lamp brings to that tone beside the dominoes was read as a bare stone
half where none lies. Halves lie as whole dominoes, two on squares side by side: a plain grey
square no domino on its map can pair with is asked about, while the stone halves of whole
dominoes beside it are still read."""
from __future__ import annotations

import pytest
import third_frames

SEED = 71001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
LAID = [(("stone", None, ""), ("grass", None, "E")),
        (("stone", None, ""), ("lava", None, "")),
        (("stone", None, "N"), ("plains", None, "")),
        (("stone", None, ""), ("desert", None, "W"))] * 2
BLOCKS = [(area, row, col) for area in ("shared", "personal-0") for row in (1, 5) for col in (1, 5)]
STEPS = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # (third_frames.dominoes_laid: the k-th domino's turn)
# beside each domino's first half, on the side away from its second: bare mat in stone's tone
TONED = [(area, row - STEPS[k % 4][0], col - STEPS[k % 4][1], "stone") for k, (area, row, col) in enumerate(BLOCKS)]


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains only: fast)."""
    return third_frames.dominoes_laid(SEED, (), LAID, TONED)


def test_a_grey_square_no_domino_pairs_is_not_read_as_a_half(read):
    truth, seen = read
    assert not third_frames.read_on_toned(TONED, seen)


def test_the_stone_halves_of_whole_dominoes_are_read(read):
    truth, seen = read
    stone = {cell: half for cell, half in truth.items() if half.startswith("stone/")}
    assert sum(seen.get(cell) == half for cell, half in stone.items()) >= len(stone) - 1
    assert not third_frames.misread(truth, seen, lambda half: True)


def test_a_patch_of_grey_mat_is_asked_about_to_its_middle():
    """Four squares of mat in stone's tone, a T (its middle beside the other three): at most one
    pair of them could be a domino, so the three ends are asked about; the middle, left with
    nothing to pair with but them, is asked about too."""
    middle = ("personal-0", 3, 3)
    patch = [(*middle, "stone")] + [("personal-0", r, c, "stone") for r, c in ((2, 3), (4, 3), (3, 2))]
    truth, seen = third_frames.dominoes_laid(SEED, (), LAID, patch)
    said = {(a, r, c): seen.get((a, r, c)) for a, r, c, _ in patch}
    assert not {cell: label for cell, label in said.items() if label not in (None, "unknown")}
