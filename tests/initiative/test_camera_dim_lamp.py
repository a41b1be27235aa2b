"""Paradox Initiative's discs under a dim, warm lamp (the stress check's `lamp` variant, on one of
its tuning seeds: 90001-95999 are kept for confirming). There a black disc's body is dark enough
that the sensor's noise lies off it: a black one's patch off its body swelled to three or four
times its pip's, and a lock token's outline on a black disc grew past the token, so both were
asked about though the picture was plain. They are read now, and nothing is misread."""
import tempfile
from pathlib import Path

import numpy as np
import pytest

from companion.games.initiative.camera import CELLS, MAT, TILES, ZONES
from tests.vision.stress import _ours_conditions, offset
from vision import grid
from vision.mat import mat_layout
from vision.tiles import UNKNOWN

SEED = 80001  # a tuning seed
FRAMES = 4


@pytest.fixture(scope="module")
def read_frames():
    """[(truth, {cell: label read})] of our printing's frames under the dim lamp."""
    layout = mat_layout(MAT)
    with tempfile.TemporaryDirectory() as tmp:
        manifest = grid.write_enrolment(layout, Path(tmp) / "shots", TILES, seed=SEED)
        reader = grid.GridReader(grid.enroll(manifest, None, layout, TILES), layout, ZONES, CELLS)
    rng = np.random.default_rng(SEED + 1 + offset("lamp"))  # the stress check's own frames
    out = []
    for _ in range(FRAMES):
        table, truth = grid.random_maps(layout, TILES, CELLS, rng, seed=int(rng.integers(1 << 30)), locks=0.15)
        _ours_conditions(table, "lamp", rng)
        reading = reader.read(table.render())
        out.append((truth, {t.cell: t.label for t in reading.tiles if t.cell}))
    return out


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
