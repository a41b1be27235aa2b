"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): a capital carries a castle mark on each of its four sides, and on a
side with no road the mark is all there is, narrower than a road. Such a capital with one, two or
three roads is read with its roads (asked about only where a side's width is in doubt), never with
a mark taken for a road or a road lost."""
from __future__ import annotations

import pytest
import third_frames

SEED = 43001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
CAPITALS = [(("lava", "infrastructure", "EW"), ("grass", None, "W")),
            (("desert", "warfare", "N"), ("stone", None, "")),
            (("grass", "housing", "ES"), ("lava", None, "NS")),
            (("plains", "wildcard", "NEW"), ("desert", None, "E")),
            (("lava", "housing", "NS"), ("plains", None, "")),
            (("desert", "corrupter", "W"), ("grass", None, "E")),
            (("grass", "wildcard", "NW"), ("lava", None, "")),
            (("lava", "corrupter", "ESW"), ("desert", None, "W")),
            (("desert", "housing", "S"), ("plains", None, "N")),
            (("grass", "infrastructure", "NS"), ("grass", None, "W")),
            (("plains", "warfare", "E"), ("lava", None, "EW")),
            (("lava", "wildcard", "N"), ("stone", None, "S"))]
ENROLLED = ("infrastructure", "housing", "wildcard", "warfare", "corrupter", "person")


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and a few icons only: fast)."""
    return third_frames.dominoes_laid(SEED, ENROLLED, CAPITALS)


def test_a_castle_mark_is_no_road_and_no_road_is_lost(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(CAPITALS))


def test_capitals_with_fewer_than_four_roads_are_read(read):
    truth, seen = read
    capitals = {cell: half for cell, half in truth.items() if half.split("/")[1]}
    assert sum(seen.get(cell) == half for cell, half in capitals.items()) >= len(capitals) // 2
