"""Paradox Initiative's second printing (tests/vision/second_discs.py): a copper lock token lying
on a red or yellow disc, whose colour the copper is near, under the stress check's strong noise
(on one of its tuning seeds: 90001-95999 are kept for confirming). Its outline hardly shows on a
disc of nearly its colour, and the disc under it was read, silently: a token measured as much
like one but not plainly makes the disc's symbol match more plainly, and the token's colour
plainly, through and through, on a disc is asked about even without an outline."""
import tempfile
from pathlib import Path

import numpy as np
import pytest
import second_discs

from companion.games.initiative.camera import CELLS, MAT, TILES, ZONES
from tests.vision.stress import harsher, offset
from vision import grid
from vision.mat import mat_layout
from vision.tiles import UNKNOWN

SEED, FRAME = 85001, 7  # the frame a red one was read where a token lay on it


@pytest.fixture(scope="module")
def noisy_frame():
    """(truth, {cell: label read}) of the stress check's noise frame, drawn as it draws it."""
    layout = mat_layout(MAT)
    with tempfile.TemporaryDirectory() as tmp:
        manifest = second_discs.write_enrolment(second_discs.Table(layout, seed=SEED), Path(tmp) / "shots")
        reader = grid.GridReader(grid.enroll(manifest, None, layout, TILES), layout, ZONES, CELLS)
    rng = np.random.default_rng(SEED + 11 + offset("noise"))
    for i in range(FRAME + 1):  # (the noise of the frames before it drawn too, as the check does)
        table = second_discs.Table(layout, seed=SEED + 100 + 10 * offset("noise") + i)
        discs, tokens, truth = table.random_matrices(CELLS, layout)
        frame = harsher(table.photograph(discs, tokens), "noise", rng)
    reading = reader.read(frame)
    return truth, {t.cell: t.label for t in reading.tiles if t.cell}


def test_a_token_on_a_disc_of_nearly_its_colour_is_never_read_as_the_disc(noisy_frame):
    truth, seen = noisy_frame
    assert set(truth) <= set(seen)  # every disc found
    wrong = {c: (truth.get(c), got) for c, got in seen.items() if got not in (truth.get(c), UNKNOWN)}
    assert not wrong
