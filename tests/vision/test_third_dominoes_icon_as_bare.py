"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py): an icon printed
near its terrain's colours (a village on lava) shows no badge and stands out of the terrain as no
print, so its half looked bare. Its picture fits the half better than the bare ground does, and
fits where its own print lies: such a half is asked about, never read as a bare half. The tool's
seed 48001 (its shots, frames and reading in turn, as it runs them, without its command line)."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
from tests.vision import third_dominoes as third

from companion.games.dynasty import camera as dynasty
from vision import dominoes, readers
from vision.mat import load_layout, mat_layout, write_mat
from vision.reading import read_image

SEED, FRAMES = 48001, 2


@pytest.fixture(scope="module")
def read():
    """[(truth {cell: half}, reading {cell: label})] of the seed's frames."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        png, _, js = write_mat(mat_layout(dynasty.MAT), folder / "m.png")
        layout = json.loads(js.read_text())
        table = third.Table(png, layout)
        rng = np.random.default_rng(SEED)
        setup = third.camera_setup(rng)
        manifest = third.enrolment(rng, table, layout, folder / "enrol", setup)
        mat = load_layout(js)
        profile = dominoes.enroll(manifest, None, mat, dynasty.TILES, cells=dynasty.CELLS)
        reader = readers.reader("dominoes", profile, mat, dynasty.WATCHED, dynasty.WATCHED_CELLS)
        out = []
        for i in range(FRAMES):
            doms, truth = third.game_layout(rng, layout)
            canvas = table.compose(rng, doms, (rng.uniform(0.6, 1.6), rng.uniform(0.6, 1.6)))
            frame, _ = third.camera(rng, canvas, layout, with_map=True, setup=setup)
            third.save_jpeg(folder / f"frame{i}.jpg", frame, rng)
            reading = reader.read(read_image(folder / f"frame{i}.jpg"))
            out.append((truth, {tuple(t.cell): t.label for t in reading.tiles if t.cell}))
    return out


def test_a_half_with_an_icon_is_never_read_bare(read):
    for truth, seen in read:
        wrong = {cell: (half, seen[cell]) for cell, half in truth.items() if half.split("/")[1]
                 and seen.get(cell, "unknown") != "unknown" and not seen[cell].split("/")[1]}
        assert not wrong
