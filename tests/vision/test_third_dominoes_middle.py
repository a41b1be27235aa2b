"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): an icon printed near its terrain's colours or with no badge (a village
on lava, rings on plains, a knife) covers the hub where its roads meet, so its half is no bare
half; and a road beside a pale badge on light stone is not lost. Each such half is read right
or asked about, never misread."""
from __future__ import annotations

import pytest
import third_frames

SEED = 70001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
MIDDLES = [(("lava", "village", "EW"), ("grass", None, "W")),
           (("lava", "village", "SW"), ("desert", None, "E")),
           (("plains", "area_spell", "ES"), ("stone", None, "")),
           (("lava", "veto", "NEW"), ("plains", None, "W")),
           (("desert", "knife", "NS"), ("grass", None, "")),
           (("plains", "area_spell", "NE"), ("desert", None, "W"))]
PALE_BADGES = [(("stone", "person", "S"), ("lava", None, "NS")),
               (("stone", "magician", "N"), ("grass", None, "E")),
               (("stone", "infrastructure", "NS"), ("plains", None, "E"))]
ENROLLED = ("village", "area_spell", "veto", "knife", "person", "magician", "calculator", "infrastructure")


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and a few icons only: fast)."""
    return third_frames.dominoes_laid(SEED, ENROLLED, MIDDLES + PALE_BADGES)


def test_an_icon_over_the_roads_hub_is_no_bare_half(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(MIDDLES))


def test_a_half_with_a_road_beside_a_pale_badge_is_read_right_or_asked(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(PALE_BADGES))


def test_the_plain_halves_beside_them_are_read(read):
    truth, seen = read
    right, plain = third_frames.bare_read(truth, seen)
    assert right >= plain - 2
    assert not third_frames.misread(truth, seen, third_frames.bare)
