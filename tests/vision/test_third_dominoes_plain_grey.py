"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py): its light stone
is told from the bare mat by tone alone, and where the lamp's fall-off brings bare mat to stone's
tone in two squares side by side, they pair up as a domino, so the rule for a grey half no domino
pairs with does not ask. The print's stone has a texture (cobbles) the bare mat has not: a grey
half read by its tone alone whose middle is as plain as bare mat, where the frame's stone halves
read by their roads show their texture, is asked about; the plain stone halves of real dominoes,
cobbled as those, are still read."""
from __future__ import annotations

import pytest
import third_frames

SEED = 43001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
LAID = [(("stone", None, ""), ("grass", None, "E")),
        (("stone", None, "NS"), ("lava", None, "")),
        (("stone", None, ""), ("plains", None, "")),
        (("stone", None, "EW"), ("desert", None, "W"))] * 3
# bare mat in stone's tone, two squares side by side on each map (clear of the dominoes' blocks)
TONED = [(area, row, col, "stone") for area in ("shared", "personal-0", "personal-1")
         for row, col in ((3, 2), (3, 3), (6, 3), (7, 3))]


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains only: fast)."""
    return third_frames.dominoes_laid(SEED, (), LAID, TONED)


def test_bare_mat_in_stone_tone_that_pairs_up_is_not_read_as_halves(read):
    truth, seen = read
    assert not third_frames.read_on_toned(TONED, seen)


def test_the_plain_stone_halves_of_whole_dominoes_are_read(read):
    truth, seen = read
    plain = {cell: half for cell, half in truth.items() if half == "stone//"}
    assert sum(seen.get(cell) == half for cell, half in plain.items()) >= len(plain) - 1
    assert not third_frames.misread(truth, seen, lambda half: True)
