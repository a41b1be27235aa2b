"""Paradox Initiative's third printing (tests/vision/third_discs.py --symbols alt, seed 94001, the
first frame): a black disc with three dots at the mat's right edge, where its neighbours' shadows
lie over the corners round its cell. Its cell had one bare corner, so its light was the fitted
light there, about half the mat's light at the brightest corner beside it: the disc measured nearly
twice as bright as the black enrolled and was read as purple-3 (0.96), silently. The mat's light
changes little over a cell's width; a cell's light far darker than the bare mat round it was taken
in shadow, and its disc is asked about, never read as another colour."""
import pytest
import third_discs
import third_frames

from vision.tiles import UNKNOWN

SEED, FRAME = 94001, 0


@pytest.fixture
def other_symbols(monkeypatch):
    monkeypatch.setitem(third_discs.ABLATE, "symbols", "alt")


def test_a_disc_whose_cell_was_lit_in_shadow_is_asked_not_read_as_another_colour(other_symbols):
    truth, seen = third_frames.discs(SEED, FRAME, in_turn=True)
    assert truth[("matrix-3", 3, 4)] == "black-3"
    assert seen.get(("matrix-3", 3, 4)) in ("black-3", UNKNOWN)
    wrong = {cell: (label, seen.get(cell)) for cell, label in truth.items() if seen.get(cell) not in (label, UNKNOWN)}
    assert not wrong
    assert sum(seen.get(cell) == label for cell, label in truth.items()) >= 0.55 * len(truth)
