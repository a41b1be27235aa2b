"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): a thin icon with no badge (a knife) lying across a road that runs on
through the half, dark on the road, leaves the middle's median the road's and stands out of its
terrain too little to be read. Where the middle's colours are shown by the arms too (on the
tool's frame, a dark line along the half's outer edge where it meets the next domino, 0.45-0.47
out), the knife was read as a bare half. But a road is the same strip all the way to the middle: line by line along its axis
it shows nothing its arms do not, so each such half is read right or asked about by that alone,
whatever the middle's colours (the middle's colour check is switched off here to show it)."""
from __future__ import annotations

import pytest
import third_frames

from vision import dominoes

SEED = 80001
# (west half, east half), each (terrain, icon, sides in the domino's own frame): the knife's
# blade runs north-south on its half, across a road running east-west
ACROSS = [(("lava", "knife", "EW"), ("grass", None, "W")),
          (("desert", "knife", "EW"), ("plains", None, "EW")),
          (("plains", "knife", "EW"), ("lava", None, "NW")),
          (("grass", "knife", "EW"), ("desert", None, "W")),
          (("lava", "knife", "ESW"), ("stone", None, "EW")),
          (("desert", "knife", "NEW"), ("lava", None, "ESW")),
          (("lava", "knife", "EW"), ("plains", None, "NESW")),
          (("grass", "knife", "ESW"), ("grass", None, "NW"))]
ENROLLED = ("knife",)


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and a few icons only: fast), read with any share of the
    middle allowed in colours its arms do not show."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(dominoes, "MIDDLE_PRINT", 1.01)
        return third_frames.dominoes_laid(SEED, ENROLLED, ACROSS)


def test_an_icon_across_a_road_running_through_is_no_bare_half(read):
    truth, seen = read
    assert sum(half.split("/")[1] == "knife" for half in truth.values()) == len(ACROSS)
    assert not third_frames.misread(truth, seen, third_frames.laid_as(ACROSS))


def test_the_plain_halves_beside_them_are_read(read):
    truth, seen = read
    right, plain = third_frames.bare_read(truth, seen)
    assert right >= plain - 1
    assert not third_frames.misread(truth, seen, third_frames.bare)
