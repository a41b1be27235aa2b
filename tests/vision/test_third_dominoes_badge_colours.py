"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): a person and a calculator are both a dark pictogram on a pale badge
with a dark ring, and blur alike over a half. Where the badge's colours lie nearest a person's
and the picture over the half nearer a calculator's, the picture is read only where the
calculator, laid where its own print lies, fits there far better than the person does: each
person on lava is read right or asked about, never read as a calculator, and the calculators
beside them are still read."""
from __future__ import annotations

import pytest
import third_frames

SEED = 72001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
PERSONS = [(("lava", "person", "W"), ("lava", None, "E")), (("lava", "person", "NW"), ("desert", None, "S")),
           (("lava", "person", ""), ("plains", None, "")), (("lava", "person", "E"), ("lava", None, "W"))]
CALCULATORS = [(("lava", "calculator", "W"), ("lava", None, "E")), (("lava", "calculator", "N"), ("grass", None, ""))]
LAID = (PERSONS + CALCULATORS) * 2
# the person enrolled on light stone (the third in the list), with other icons on pale badges
ENROLLED = ("calculator", "bomb", "person", "thief", "warfare", "neutral", "sniper")


@pytest.fixture(scope="module")
def read():
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and those icons only: fast)."""
    return third_frames.dominoes_laid(SEED, ENROLLED, LAID)


def test_a_person_is_never_read_as_a_calculator(read):
    truth, seen = read
    assert not third_frames.misread(truth, seen, third_frames.laid_as(PERSONS))


def test_the_calculators_beside_them_are_read(read):
    truth, seen = read
    calculators = {cell: half for cell, half in truth.items() if half.split("/")[1] == "calculator"}
    assert sum(seen.get(cell) == half for cell, half in calculators.items()) >= len(calculators) - 1
    assert not third_frames.misread(truth, seen, third_frames.laid_as(CALCULATORS))
