"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): a thin icon with no badge (a knife) lying across a lone road's dead
end reaches out over the terrain beside it, where a road never is (however its end is drawn, it
is no wider than the road). Each such half is read right or asked about, never read as bare."""
from __future__ import annotations

import pytest
import third_frames

SEED = 70001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
DEAD_ENDS = [(("stone", "knife", "E"), ("grass", None, "")),
             (("stone", "knife", "W"), ("lava", None, "W")),
             (("stone", "knife", "E"), ("lava", None, "E")),
             (("stone", "knife", "W"), ("desert", None, "N"))]
ENROLLED = ("knife",)


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and a few icons only: fast)."""
    return third_frames.dominoes_laid(SEED, ENROLLED, DEAD_ENDS)


def test_an_icon_across_a_lone_roads_dead_end_is_no_bare_half(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(DEAD_ENDS))


def test_the_plain_halves_beside_them_are_read(read):
    truth, seen = read
    right, plain = third_frames.bare_read(truth, seen)
    assert right >= plain - 1
    assert not third_frames.misread(truth, seen, third_frames.bare)
