"""A camera whose lens bends straight lines, under Paradox Initiative's disc reader: a frame the
lens has to be looked for on is read once, straightened, and read as reading that straightened
frame on its own reads it (the mat found as it came decides; its pieces are not read twice)."""
import numpy as np
import pytest
from once import made_once
from second_discs import _bend  # its lens: radial, round the frame's centre, k1 > 0 barrel

from companion.games.initiative.camera import CELLS, MAT, TILES, ZONES
from vision import grid
from vision.lens import fit_lens
from vision.mat import mat_layout
from vision.readers import reader


@pytest.fixture(scope="module")
def layout():
    return mat_layout(MAT)


@pytest.fixture(scope="module")
def profile(layout, tmp_path_factory):
    d = made_once(tmp_path_factory, "initiative-discs-enrolled-0",
                  lambda d: grid.enroll(grid.write_enrolment(layout, d / "shots", TILES), d / "profile.npz",
                                        layout, TILES))
    return grid.Profile.load(d / "profile.npz")


@pytest.fixture(scope="module")
def table(layout):
    return grid.random_maps(layout, TILES, CELLS, np.random.default_rng(7), seed=7)[0]


def _counted(r, monkeypatch):
    """The wrapped reader's reads of a frame's pieces, each frame it was given."""
    seen = []
    read = r.reader.read
    monkeypatch.setattr(r.reader, "read", lambda frame, *located: seen.append(frame) or read(frame, *located))
    return seen


def _alone(profile, layout, frame):
    return grid.GridReader(profile, layout, ZONES, CELLS).read(frame)


def test_a_bent_frame_is_read_once_straightened(table, profile, layout, monkeypatch):
    frame = _bend(table.render(), 0.06)
    r = reader("grid", profile, layout, ZONES, CELLS)
    seen = _counted(r, monkeypatch)
    got = r.read(frame)
    lens = fit_lens(r.detector.detect(frame), r.markers, frame.shape)[0]  # the lens from the frame's markers
    assert lens is not None and r.lens == lens
    assert len(seen) == 1 and np.array_equal(seen[0], lens.straighten(frame))
    assert got == _alone(profile, layout, lens.straighten(frame))
    assert got.calibrated and not got.hand_in_view and got.tiles


def test_a_kept_lens_that_no_longer_fits_costs_no_read(table, profile, layout, monkeypatch):
    """Another camera's bend: the frame straightened by the lens kept fits no plane; the lens is
    fitted again, and only the frame straightened by it is read."""
    r = reader("grid", profile, layout, ZONES, CELLS)
    r.read(_bend(table.render(), 0.06))
    before = r.lens
    frame = _bend(table.render(), 0.12)
    seen = _counted(r, monkeypatch)
    got = r.read(frame)
    lens = fit_lens(r.detector.detect(frame), r.markers, frame.shape)[0]
    assert lens is not None and r.lens == lens and lens != before
    assert len(seen) == 1 and np.array_equal(seen[0], lens.straighten(frame))
    assert got == _alone(profile, layout, lens.straighten(frame))
