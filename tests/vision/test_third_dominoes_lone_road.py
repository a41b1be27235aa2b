"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): a lone road is a strip from one edge to a dead end, its terrain on
every other side. An icon printed near its terrain's colours or with no badge round that dead end
(a brown village on lava, a knife lying along the road, its tip past the end) is print of
neither, though too little of it stands out to be read: each such half is read right or asked
about, never read as a bare half with that road."""
from __future__ import annotations

import pytest
import third_frames

SEED = 71001
# (west half, east half), each (terrain, icon, sides in the domino's own frame); a knife is
# printed upright, so along a road to the north or south
LONE_ROADS = [(("lava", "village", "N"), ("grass", None, "")),
              (("plains", "knife", "S"), ("lava", None, "W")),
              (("lava", "village", "E"), ("stone", None, "E")),
              (("plains", "knife", "N"), ("desert", None, "N")),
              (("lava", "village", "S"), ("plains", None, "S")),
              (("desert", "knife", "S"), ("grass", None, "W"))]
ENROLLED = ("knife", "village")


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and a few icons only: fast)."""
    return third_frames.dominoes_laid(SEED, ENROLLED, LONE_ROADS)


def test_an_icon_at_a_lone_roads_end_is_no_bare_half(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(LONE_ROADS))


def test_the_bare_halves_beside_them_are_read(read):
    truth, seen = read
    right, plain = third_frames.bare_read(truth, seen)
    assert right >= plain - 1
    assert not third_frames.misread(truth, seen, third_frames.bare)
