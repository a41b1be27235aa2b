"""Paradox Initiative's third printing (tests/vision/third_discs.py --spread 18: discs laid 18 mm
apart, a matrix filled edge to edge, off the reader's 16 mm cells), the first frame. At a matrix's
corners the discs lie 3-4 mm off their cells and cover the corners round them, so a cell's light
was taken too dark (0.62 of the bare mat beside it, just over a shadow's 0.6) and every colour
there read brighter: the mat inside the ring read round two black discs as a white body and the
black discs' edge as the gunmetal token (seed 91001), both read `lock`, silently; and on a white
one lying as far off (seed 52001) the mat between discs closed into an outline of a silver token's
size and solidity, nowhere nearer the token's colour than a white body: read `lock`. Both are
asked about now: a token claimed on a cell lit under 0.7 of the mat beside it, and an outline
told only by its shape that is nowhere nearer the token's colour than every disc's."""
import pytest
import third_discs
import third_frames

from vision.grid import LOCK
from vision.tiles import UNKNOWN


@pytest.fixture
def laid_apart(monkeypatch):
    monkeypatch.setitem(third_discs.ABLATE, "spread", 18.0)


def _wrong(truth, seen):
    return {cell: (label, seen.get(cell)) for cell, label in truth.items() if seen.get(cell) not in (label, UNKNOWN, None)}


def test_black_discs_far_off_their_dim_cells_are_not_read_as_locks(laid_apart):
    truth, seen = third_frames.discs(91001, 0)
    for cell in (("matrix-3", 0, 4), ("matrix-3", 4, 0)):
        assert truth[cell].startswith("black")
        assert seen.get(cell) in (truth[cell], UNKNOWN)
    assert not _wrong(truth, seen)
    assert any(seen.get(cell) == LOCK for cell, label in truth.items() if label == LOCK)


def test_the_mat_beside_a_white_disc_far_off_is_not_read_as_a_silver_lock(laid_apart):
    truth, seen = third_frames.discs(52001, 0)
    assert truth[("matrix-3", 4, 3)] == "white-1"
    assert seen.get(("matrix-3", 4, 3)) in ("white-1", UNKNOWN)
    assert not _wrong(truth, seen)
    assert any(seen.get(cell) == LOCK for cell, label in truth.items() if label == LOCK)
