import numpy as np
import pytest
from once import made_once

from companion.games.paradominetor.camera import MAT, TILES
from vision.mat import mat_layout
from vision.reading import Profile
from vision.recognise import TileReader, enroll
from vision.synthetic import CLASSIC, GREY, PIPS, write_enrolment


@pytest.fixture(scope="session")
def tiles():
    """The tile set the reader is tested on: Paradominetor's, from its camera module."""
    return TILES


@pytest.fixture(scope="session")
def layout():
    return mat_layout(MAT, 4)


def _enrolled(tmp_path_factory, layout, style):
    """Enrolment from rendered frames of one printing, made once per run (tests/once.py)."""
    def enrol(d):
        enroll(write_enrolment(layout, d / "frames", TILES, style, seed=11), d / "profile.npz", layout, TILES)
    d = made_once(tmp_path_factory, f"enrol-{style.name}-11", enrol)
    return d / "frames" / "manifest.json", d / "profile.npz", Profile.load(d / "profile.npz")


@pytest.fixture(scope="session")
def classic(tmp_path_factory, layout):
    """Enrolment on our own tile printing: (manifest, profile path, Profile)."""
    return _enrolled(tmp_path_factory, layout, CLASSIC)


@pytest.fixture(scope="session")
def pips(tmp_path_factory, layout):
    """Enrolment on a second printing (pips, other colours, outline, size)."""
    return _enrolled(tmp_path_factory, layout, PIPS)


@pytest.fixture(scope="session")
def grey(tmp_path_factory, layout):
    """Enrolment on a third printing whose backs are greys close to the mat's own (one is it)."""
    return _enrolled(tmp_path_factory, layout, GREY)


@pytest.fixture(scope="session")
def classic_reader(classic, layout):
    return TileReader(classic[2], layout)


@pytest.fixture
def rng():
    return np.random.default_rng(1234)
