"""Paradox Initiative's third printing (tests/vision/third_discs.py: a "1" is a short bar through
the centre, tokens are hexagonal metal): a silver token lying on a red disc covers the bar's
middle and leaves its two ends showing, and the disc was read as its "1", silently. On tuning
seed 76001's first frame, drawn and enrolled as the tool does (its enrolment with places), no
lock is read as a disc."""
import pytest
import third_frames

from vision import grid
from vision.tiles import UNKNOWN

SEED = 76001  # its first frame showed a lock read as red-1


@pytest.fixture(scope="module")
def first_frame():
    """(truth, {cell: label read}) of the seed's frame, drawn as the tool draws it."""
    return third_frames.discs(SEED)


def test_a_token_on_a_one_is_never_read_as_the_disc(first_frame):
    truth, seen = first_frame
    locks = [cell for cell, label in truth.items() if label == grid.LOCK]
    assert locks  # (the frame has locks to read)
    for cell in locks:
        assert seen.get(tuple(cell)) in (grid.LOCK, UNKNOWN), (cell, seen.get(tuple(cell)))
