"""Paradox Initiative's third printing (tests/vision/third_discs.py: 1 a bar through the centre, 2
two dots either side of it, 3 three spokes; discs up to 2 mm off their cells, a shadow 1.5-4 mm
long): a disc lying off its cell was read round a centre millimetres from its own, its ring took
in the mat and the rim, and a "2" came back as a "1", silently. On tuning seed 71001's second
frame, drawn and enrolled as the tool does (its enrolment with places), every disc is read as
its own kind or asked about."""
import pytest
import third_frames

from vision import grid
from vision.tiles import UNKNOWN

SEED, FRAME = 71001, 1  # that frame showed a red-2 read as red-1


@pytest.fixture(scope="module")
def frame_read():
    """(truth, {cell: label read}) of the seed's frame, drawn as the tool draws it."""
    return third_frames.discs(SEED, FRAME)


def test_a_disc_off_its_cell_is_read_as_its_own_kind_or_asked(frame_read):
    truth, seen = frame_read
    discs = {tuple(cell): label for cell, label in truth.items() if label != grid.LOCK}
    assert len(discs) > 40  # (a full frame of discs)
    wrong = {cell: (label, seen.get(cell)) for cell, label in discs.items() if seen.get(cell) not in (label, UNKNOWN)}
    assert not wrong
    assert sum(seen.get(cell) == label for cell, label in discs.items()) >= 0.8 * len(discs)  # not all asked
