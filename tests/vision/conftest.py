import numpy as np
import pytest

from companion.games.paradominetor.camera import MAT, TILES
from vision.mat import mat_layout
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
    d = tmp_path_factory.mktemp(f"enrol-{style.name}")
    manifest = write_enrolment(layout, d / "frames", TILES, style, seed=11)
    profile = enroll(manifest, d / "profile.npz", layout, TILES)
    return manifest, d / "profile.npz", profile


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
