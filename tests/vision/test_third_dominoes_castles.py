"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): a capital's castle marks are no roads, and a knife lying across the
roads is no bare half. Each half is read right or asked about, never misread."""
from __future__ import annotations

import pytest
import third_frames

SEED = 70001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
CAPITALS = [(("lava", "infrastructure", "EW"), ("grass", None, "W")),
            (("desert", "infrastructure", "NS"), ("stone", None, "")),
            (("grass", "housing", "E"), ("lava", None, "NS")),
            (("plains", "wildcard", "EW"), ("desert", None, "E")),
            (("lava", "housing", "NS"), ("plains", None, "")),
            (("desert", "warfare", "W"), ("grass", None, "E"))]
KNIVES = [(("grass", "knife", "NS"), ("desert", None, "E")),
          (("desert", "knife", "EW"), ("lava", None, "W")),
          (("stone", "knife", "NS"), ("grass", None, "")),
          (("lava", "knife", "ESW"), ("plains", None, "N"))]
ENROLLED = ("infrastructure", "housing", "wildcard", "warfare", "knife", "person")


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and a few icons only: fast)."""
    return third_frames.dominoes_laid(SEED, ENROLLED, CAPITALS + KNIVES)


def test_castle_marks_are_no_roads(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(CAPITALS))


def test_a_knife_across_the_roads_is_no_bare_half(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(KNIVES))


def test_the_plain_halves_beside_them_are_read(read):
    truth, seen = read
    right, plain = third_frames.bare_read(truth, seen)
    assert right >= plain - 2
    assert not third_frames.misread(truth, seen, third_frames.bare)
