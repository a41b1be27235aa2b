"""Paradox Initiative's third printing (tests/vision/third_discs.py --symbols alt: a one is a
ring), seed 75001, the second frame, `matrix-0` 3 2: a black one's cream ring closed into an
outline of 0.71 of the silver token, as solid as a token grown by blur and its colour apart from
the disc's print, and its middle measured off what a black one shows there: read `lock`, silently.
Its rings matched the black one 0.985 (the locks read from such outlines match their disc's kinds
0.7 and less: a token hides the symbol). A disc whose rings match its kind as plainly as that shows
its own symbol whole: an outline not plainly a token's on it is asked about."""
import pytest
import third_discs
import third_frames

from vision.tiles import UNKNOWN


@pytest.fixture
def other_symbols(monkeypatch):
    monkeypatch.setitem(third_discs.ABLATE, "symbols", "alt")


def test_a_black_ones_ring_is_not_read_as_a_grown_lock(other_symbols):
    truth, seen = third_frames.discs(75001, 1, in_turn=True)
    assert truth[("matrix-0", 3, 2)] == "black-1"
    assert seen.get(("matrix-0", 3, 2)) in ("black-1", UNKNOWN)
    wrong = {cell: (label, seen.get(cell)) for cell, label in truth.items() if seen.get(cell) not in (label, UNKNOWN)}
    assert not wrong
    assert sum(seen.get(cell) == label for cell, label in truth.items()) >= 0.5 * len(truth)
