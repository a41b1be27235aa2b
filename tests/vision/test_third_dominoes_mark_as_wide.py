"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py): a capital's
castle mark may come out as wide as a road as a median (41001: a stone housing's mark, its lines
across it from nothing to wider than a road), or be seen on one line only, where the domino lies
off its square towards it (45001: a grass housing's, 0.86 of a road there). A road runs unbroken
from the badge to the edge, as wide as its terrain's road: such a side is asked about, never read
as a road. The tool's seeds replayed in-process (`third_frames.dominoes_run`)."""
from __future__ import annotations

import pytest
import third_frames

FRAMES = 2


@pytest.fixture(scope="module", params=[41001, 45001])
def read(request):
    return third_frames.dominoes_run(request.param, FRAMES)


def test_no_capital_is_read_with_a_road_its_mark_shows(read):
    for truth, seen in read:
        capital = {cell: half for cell, half in truth.items() if half.split("/")[1] == "housing"}
        assert not third_frames.misread(capital, seen, lambda half: True)
