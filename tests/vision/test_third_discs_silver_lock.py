"""Paradox Initiative's third printing (tests/vision/third_discs.py) with silver lock tokens: a
silver token's colour lies near the white disc's, and on the line from a blue disc's body to its
cream ink, so its colour alone never told it from a disc's own print, and every lock was asked
about (71001: 57 of 58 over four frames). A token is also told by its shape: an outline of the
enrolled token's size and solidity, in about the token's colour through and through, which no
symbol's strokes, dots or spokes make. On tuning seed 71001's first frame, drawn and enrolled as
the tool does, most locks are read, and nothing is read as a lock that is not one; and the blue
discs, whose cream print lies near the silver, are read."""
import pytest
import third_frames

from vision import grid
from vision.tiles import UNKNOWN

SEED, FRAME = 71001, 0  # a silver token, 13 locks in the frame: none was read


@pytest.fixture(scope="module")
def frame_read():
    """(truth, {cell: label read}) of the seed's frame, drawn as the tool draws it."""
    return third_frames.discs(SEED, FRAME)


def test_silver_locks_are_read_by_their_shape_and_nothing_else_is_read_as_a_lock(frame_read):
    truth, seen = frame_read
    locks = [cell for cell, label in truth.items() if label == grid.LOCK]
    assert len(locks) >= 10
    wrong = {cell: (label, seen.get(cell)) for cell, label in truth.items() if seen.get(cell) not in (label, UNKNOWN)}
    assert not wrong
    assert sum(seen.get(cell) == grid.LOCK for cell in locks) >= 0.6 * len(locks)


def test_a_blue_disc_whose_cream_print_is_near_the_silver_is_read(frame_read):
    """Its cream dots and bars are near the silver token's colour through and through, and it was
    asked about as if a token merged with it: a silver token does not merge with a blue body (it
    shows its outline), so what is off the body, smaller than half a token, is its own print."""
    truth, seen = frame_read
    blues = [cell for cell, label in truth.items() if label.startswith("blue")]
    assert len(blues) >= 10
    assert [cell for cell in blues if seen.get(cell) != truth[cell]] == []
