"""Paradox Initiative's second printing (tests/vision/second_discs.py) in another print run whose
copper lock token is near its red (the stress check's `colours` on one of its tuning seeds:
90001-95999 are kept for confirming). Where a token lies on a red disc the two merge: its outline
off the disc's colour shrank to 0.6 of the token as enrolled, and the cell was asked about,
though the outline was the token's colour through and through and, told against the red disc's
own print, plainly not that print. Such a token is read as a lock now; nothing is misread."""
import tempfile
from pathlib import Path

import numpy as np
import pytest
import second_discs

from companion.games.initiative.camera import CELLS, MAT, TILES, ZONES
from tests.vision.stress import harsher, offset, patched, shifted
from vision import grid
from vision.mat import mat_layout
from vision.tiles import UNKNOWN

SEED, SHIFT, VARIANT = 70001, 1, "colours"
FRAMES = (0, 2, 4)  # frames where tokens lay on red discs


@pytest.fixture(scope="module")
def frames():
    """(layout, [(discs, truth, {cell: label read})]) of the frames, drawn as the stress check
    draws them: the print run's colours shifted as it shifts them, enrolled from its own shots."""
    layout = mat_layout(MAT)
    rng = np.random.default_rng(SEED + 8 + 100 * SHIFT)
    swap = dict(BODY={k: shifted(c, rng) for k, c in second_discs.BODY.items()},
                COPPER=shifted(second_discs.COPPER, rng))
    out = []
    with patched(second_discs, **swap), tempfile.TemporaryDirectory() as tmp:
        manifest = second_discs.write_enrolment(second_discs.Table(layout, seed=SEED), Path(tmp) / "shots")
        reader = grid.GridReader(grid.enroll(manifest, None, layout, TILES), layout, ZONES, CELLS)
        assert "red" in reader._token_hides  # (the print run this test is about)
        for i in FRAMES:
            table = second_discs.Table(layout, seed=SEED + 100 + 10 * offset(VARIANT) + i)
            discs, tokens, truth = table.random_matrices(CELLS, layout)
            frame = harsher(table.photograph(discs, tokens), VARIANT, None)
            out.append((discs, truth, {t.cell: t.label for t in reader.read(frame).tiles if t.cell}))
    return layout, out


def test_tokens_merged_with_red_discs_are_read_and_nothing_misread(frames):
    layout, seen_frames = frames
    on_red = 0
    for discs, truth, seen in seen_frames:
        assert set(truth) <= set(seen)  # every disc found
        wrong = {c: (truth.get(c), got) for c, got in seen.items() if got not in (truth.get(c), UNKNOWN)}
        assert not wrong
        under = {CELLS.cell_at(layout, x, y): label for label, x, y, _ in discs}
        for cell, want in truth.items():
            if want == grid.LOCK and under[cell].startswith("red-"):
                on_red += 1
                assert seen[cell] == grid.LOCK, (cell, under[cell])
    assert on_red  # (the frames show them)
