"""Paradox Initiative's third printing (tests/vision/third_discs.py): a lock token enrolled on a
disc of nearly its own colour. Seed 51001 lays a silver token on a white disc, seed 69001 a
gunmetal one on a purple disc. At the usual step only the token's stamped keyhole stood off the
disc, and at the first finer step (0.15) the token's outline was not yet solid (0.82): the whole
enrolment was refused ("no lock token seen on a disc"), so nothing would be read at that table.
The next finer step (0.12) finds the token whole and solid; the locks are then read and no disc
is read as another."""
import pytest
import third_frames

from vision.grid import LOCK
from vision.tiles import UNKNOWN


@pytest.mark.parametrize("seed", [51001, 69001])
def test_a_token_enrolled_on_a_disc_of_nearly_its_colour_is_learnt(seed):
    truth, seen = third_frames.discs(seed, 0)
    locks = [cell for cell, label in truth.items() if label == LOCK]
    assert len(locks) >= 10
    assert sum(seen.get(cell) == LOCK for cell in locks) >= 0.6 * len(locks)
    assert sum(seen.get(cell) == label for cell, label in truth.items()) >= 0.8 * len(truth)
    wrong = {cell: (label, seen.get(cell)) for cell, label in truth.items() if seen.get(cell) not in (label, UNKNOWN)}
    assert not wrong
