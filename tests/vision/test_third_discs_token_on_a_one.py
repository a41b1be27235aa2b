"""Paradox Initiative's third printing (tests/vision/third_discs.py: a "1" is a short bar through
the centre, tokens are hexagonal metal): a silver token lying on a red disc covers the bar's
middle and leaves its two ends showing, and the disc was read as its "1", silently. On tuning
seed 76001's first frame, drawn and enrolled as the tool does (its enrolment with places), no
lock is read as a disc."""
import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
import third_discs as third

from companion.games.initiative.camera import CELLS, MAT, TILES, ZONES
from vision import grid
from vision.mat import load_layout, mat_layout, write_mat
from vision.reading import read_image
from vision.tiles import UNKNOWN

SEED = 76001  # its first frame showed a lock read as red-1


@pytest.fixture(scope="module")
def first_frame():
    """(truth, {cell: label read}) of the seed's first frame, drawn as the tool draws it."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        write_mat(mat_layout(MAT), tmp / "mat.png")
        layout = json.loads((tmp / "mat.json").read_text())
        (tmp / "shots").mkdir()
        rng = np.random.default_rng(SEED)
        run = third.PrintRun(rng)
        cam_seed = int(rng.integers(1 << 30))
        manifest = third.enrol_places(tmp / "shots", str(tmp / "mat.png"), layout, run, cam_seed, rng)
        (tmp / "shots" / "manifest.json").write_text(json.dumps(manifest))
        mat = load_layout(tmp / "mat.json")
        profile = grid.enroll(tmp / "shots" / "manifest.json", None, mat, TILES)
        scene = third.Scene(str(tmp / "mat.png"), layout, np.random.default_rng(cam_seed))
        truth = third.lay(scene, run, rng, third.game_layout(layout, rng))
        cam = third.Camera(np.random.default_rng(cam_seed), scene.img.shape, easy=third.ABLATE["easy"])
        cam.rng = rng
        cam.save(cam.shoot(scene), tmp / "f00.jpg")
        reading = grid.GridReader(profile, mat, ZONES, CELLS).read(read_image(tmp / "f00.jpg"))
    return truth, {tuple(t.cell): t.label for t in reading.tiles if t.cell}


def test_a_token_on_a_one_is_never_read_as_the_disc(first_frame):
    truth, seen = first_frame
    locks = [cell for cell, label in truth.items() if label == grid.LOCK]
    assert locks  # (the frame has locks to read)
    for cell in locks:
        assert seen.get(tuple(cell)) in (grid.LOCK, UNKNOWN), (cell, seen.get(tuple(cell)))
