"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): a road no other road meets runs straight through its half, nothing
crossing it. An icon printed near its terrain's colours lying on it (a brown village on lava,
its print among the colours of the road's kerbs and blurred edges) is an icon, though too little
of it stands out to be read: each such half is read right or asked about, never read as a bare
half with that road."""
from __future__ import annotations

import pytest
import third_frames

SEED = 71001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
STRAIGHT = [(("lava", "village", "EW"), ("lava", None, "EW")),
            (("lava", "village", "NS"), ("plains", None, "NS"))] * 6
ENROLLED = ("village",)


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and the village only: fast)."""
    return third_frames.dominoes_laid(SEED, ENROLLED, STRAIGHT)


def test_an_icon_on_a_straight_road_is_no_bare_half(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(STRAIGHT))


def test_the_bare_straight_roads_beside_them_are_read(read):
    truth, seen = read
    right, plain = third_frames.bare_read(truth, seen)
    assert right >= plain - 1
    assert not third_frames.misread(truth, seen, third_frames.bare)
