"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py): a person's
white badge on light stone shows no badge's colours, so the colours looked for its roads in a
bare half's boxes, where the badge lies, and saw none; its picture plainly showed the person, and
the half was read with no road where one runs south (seed 80001, frame 0: the domino lying off its
square). The road's colour past the icon puts that side in doubt: such a half is asked about,
never read with a road lost. The tool's seed replayed in-process (`third_frames.dominoes_run`)."""
from __future__ import annotations

import pytest
import third_frames

SEED, FRAMES = 80001, 1


@pytest.fixture(scope="module")
def read():
    return third_frames.dominoes_run(SEED, FRAMES)


def test_a_person_is_never_read_with_a_road_lost(read):
    for truth, seen in read:
        persons = {cell: half for cell, half in truth.items() if half.split("/")[1] == "person"}
        assert persons
        assert not third_frames.misread(persons, seen, lambda half: True)
