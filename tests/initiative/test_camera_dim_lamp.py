"""Paradox Initiative's discs under a dim, warm lamp (the stress check's `lamp` variant, on one of
its tuning seeds: 90001-95999 are kept for confirming). There a black disc's body is dark enough
that the sensor's noise lies off it: a black one's patch off its body swelled to three or four
times its pip's, and a lock token's outline on a black disc grew past the token, so both were
asked about though the picture was plain. They are read now, and nothing is misread."""
import pytest

from tests.vision.stress import ours_discs_read
from vision import grid
from vision.tiles import UNKNOWN

SEED = 80001  # a tuning seed
FRAMES = 4


@pytest.fixture(scope="module")
def read_frames():
    """[(truth, {cell: label read})] of our printing's frames under the dim lamp."""
    return ours_discs_read(SEED, "lamp", FRAMES)


def test_black_ones_and_locks_under_a_dim_lamp_are_read(read_frames):
    black_ones = locks = 0
    for truth, seen in read_frames:
        for cell, label in truth.items():
            if label in ("black-1", grid.LOCK):
                black_ones += label == "black-1"
                locks += label == grid.LOCK
                assert seen.get(cell) == label, (cell, label, seen.get(cell))
    assert black_ones >= 4 and locks >= 4  # (the frames hold enough of both to say so)


def test_nothing_is_misread_or_missed_under_a_dim_lamp(read_frames):
    for truth, seen in read_frames:
        assert set(truth) <= set(seen)  # every disc found
        wrong = {c: (truth.get(c), got) for c, got in seen.items() if got not in (truth.get(c), UNKNOWN)}
        assert not wrong
