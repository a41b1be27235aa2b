"""Paradox Initiative's disc reader finds a disc lying off its cell by its own outline
(`grid.own_centres`), measuring the colours round it against the disc colours a colour plane at
a time (`grid._plane_steps`, cheaper than `grid._colour_step` over pixels of three channels). The
outline must be drawn where the full measure draws it: the plane-wise steps are `_colour_step`'s
very numbers, against one colour for all and against one colour per disc, on the colours of a
drawn frame's area as well as on any."""
import numpy as np
import pytest

from companion.games.initiative import camera
from vision import grid
from vision.mat import mat_layout
from vision.recognise import mat_exposure, view_zone


def _planes(pixels):
    return np.ascontiguousarray(np.moveaxis(pixels, -1, 0))


@pytest.fixture(scope="module")
def area_colours():
    """A drawn frame's first matrix as ratios to the mat's light, as the reader measures it."""
    layout = mat_layout(camera.MAT)
    table, _ = grid.random_maps(layout, camera.TILES, camera.CELLS, np.random.default_rng(70001), seed=70001,
                                locks=0.15)
    frame, H_inv = table.render(), table.homography()  # (the mat's mm to the frame's pixels)
    zone = layout.zones[camera.ZONES[1]]
    _, paper = mat_exposure(frame, H_inv, zone)
    view = view_zone(frame, H_inv, zone, paper, mask=False, passes=1)
    return (view.image / np.maximum(view.light, 1.0)).astype(np.float32)


def test_plane_steps_are_colour_steps_on_a_drawn_area(area_colours):
    ratio = area_colours
    # the area's colours cut into disc-sized squares, against colours found on it (its discs')
    squares = ratio[:ratio.shape[0] // 32 * 32, :ratio.shape[1] // 32 * 32]
    squares = squares.reshape(ratio.shape[0] // 32, 32, -1, 32, 3).transpose(0, 2, 1, 3, 4).reshape(-1, 32, 32, 3)
    assert len(squares) >= 8 and float(squares.std()) > 0.1  # (discs lie on it)
    refs = np.median(squares.reshape(len(squares), -1, 3), axis=1).astype(np.float32)
    want = grid._colour_step(squares, refs)
    got = grid._plane_steps(_planes(squares), refs.T[:, :, None, None], grid._step_scale(refs)[:, None, None])
    assert np.array_equal(got, want)
    for ref in refs[:6]:
        assert np.array_equal(grid._plane_steps(_planes(squares), ref, grid._step_scale(ref)),
                              grid._colour_step(squares, ref))


def test_plane_steps_are_colour_steps_against_one_colour():
    rng = np.random.default_rng(1)
    pixels = rng.uniform(0.0, 2.5, (7, 40, 40, 3)).astype(np.float32)
    ref = np.array([0.9, 0.35, 0.2], np.float32)
    want = grid._colour_step(pixels, ref)
    got = grid._plane_steps(_planes(pixels), ref, grid._step_scale(ref))
    assert np.array_equal(got, want)


def test_plane_steps_are_colour_steps_against_each_discs_colour():
    rng = np.random.default_rng(2)
    pixels = rng.uniform(0.0, 2.5, (9, 31, 31, 3)).astype(np.float32)
    refs = rng.uniform(0.05, 1.6, (9, 3)).astype(np.float32)
    want = grid._colour_step(pixels, refs)
    got = grid._plane_steps(_planes(pixels), refs.T[:, :, None, None], grid._step_scale(refs)[:, None, None])
    assert np.array_equal(got, want)
