"""The disc reader measures a whole area's discs at once: each shortcut it takes on the stacked
patches gives what measuring one disc at a time gives."""
import cv2
import numpy as np
import pytest

from vision import grid


@pytest.mark.parametrize("shape", [(7, 50, 50), (3, 9, 12), (1, 4, 4)])
def test_blurring_stacked_patches_blurs_each_as_if_alone(shape):
    patches = np.random.default_rng(1).random(shape).astype(np.float32)
    alone = np.stack([cv2.GaussianBlur(p, (0, 0), 0.7) for p in patches])
    assert np.allclose(grid._blur_each(patches, 0.7), alone, atol=1e-6)


def test_a_quartile_by_partition_is_numpys_percentile():
    rng = np.random.default_rng(2)
    for m in (1, 2, 3, 4, 5, 9, 40, 333):
        values = rng.random(m).astype(np.float32)
        assert grid._quantile(values, 0.25) == pytest.approx(float(np.percentile(values, 25)), abs=1e-6)


def test_medians_over_a_ring_are_numpys_medians():
    rng = np.random.default_rng(3)
    ratios = rng.random((5, 20, 20, 3)).astype(np.float32)
    for count in (7, 8, 131):  # an odd and an even number of points
        where = np.zeros((20, 20), bool)
        where.flat[rng.choice(400, count, replace=False)] = True
        got = grid._medians(ratios.reshape(5, 400, 3), where)
        assert np.allclose(got, np.median(ratios[:, where], axis=1), atol=1e-6)


def test_colour_differences_are_measured_as_numpys_norm():
    d = np.random.default_rng(4).normal(size=(6, 11, 3)).astype(np.float32)
    assert np.allclose(grid._distance(d), np.linalg.norm(d, axis=-1), atol=1e-6)


@pytest.mark.parametrize("shape, colour", [((4, 10, 10, 3), (4, 3)), ((5, 858, 3), (5, 3)), ((9, 7, 3), (3,)),
                                           ((2, 13, 3), (3,))])
def test_each_discs_colour_taken_row_by_row_is_numpys_broadcast(shape, colour):
    rng = np.random.default_rng(5)
    pixels = rng.integers(0, 255, shape).astype(np.uint8)
    c = (rng.random(colour) * 200 + 1).astype(np.float32)
    spread = c.reshape(c.shape[:-1] + (1,) * (len(shape) - c.ndim) + (3,))  # numpy's own broadcast
    for op in (np.divide, np.subtract):
        assert np.array_equal(grid._per_colour(op, pixels, c), op(pixels, spread, dtype=np.float32))


def test_rings_matched_by_one_product_give_the_fourier_correlation_of_unit_rings():
    rng = np.random.default_rng(6)
    templates = grid._normalise_rings(rng.random((3, grid.RADII, grid.ANGLES)).astype(np.float32))
    rings = (rng.random((7, grid.RADII, grid.ANGLES)) * 2 + 0.5).astype(np.float32)  # as read: not unit, not centred
    rings[0] = 0.7  # a ring of one colour throughout: no symbol, nothing to match
    unit = grid._normalise_rings(rings)
    # the correlation at every turn as the Fourier transform gives it, summed over the radii
    fourier = np.fft.irfft((np.conj(np.fft.rfft(templates, axis=-1))[None] * np.fft.rfft(unit, axis=-1)[:, None])
                           .sum(axis=2), n=grid.ANGLES, axis=-1)  # (rings, kinds, turns)
    got = grid._unit_correlations(rings.reshape(7, -1), grid._every_turn(templates)).reshape(7, 3, grid.ANGLES)
    assert np.allclose(np.sort(got, axis=-1), np.sort(fourier, axis=-1), atol=1e-5)  # the same at every turn
    assert np.allclose(got.max(axis=-1), fourier.max(axis=-1), atol=1e-5)
    assert np.allclose(grid._ring_match(templates, unit[1:2]), fourier[1].max(axis=-1), atol=1e-5)


def _rr(n, diameter_mm=14.5):
    return grid._disc_grid(n, diameter_mm, grid.TOKEN_PX_PER_MM).rr


def test_token_outlines_traced_on_a_stack_are_each_patchs_own():
    """Patches closed and traced as one image: a blob at a patch's edge neither reaches the next
    patch nor is cut differently than when the patch is traced alone."""
    rng = np.random.default_rng(7)
    n = 50
    rr = _rr(n)
    blobs = cv2.GaussianBlur(rng.random((9, n, n)).astype(np.float32), (0, 0), 2.5) > 0.5
    blobs[1] = True  # a patch off its body everywhere, touching both its neighbours' edges
    blobs[2] = False  # and one with nothing off it
    area, solid, on, inside, whole = grid._token_outlines(blobs, rr)
    for j, off in enumerate(blobs):
        a, s, o, i, w = grid._token_outlines(off[None], rr)
        assert (area[j], solid[j], whole[j]) == (a[0], s[0], w[0])
        assert np.array_equal(on[j], o[0])
        assert (inside[j] is None) == (i[0] is None) and (i[0] is None or np.array_equal(inside[j], i[0]))
    assert inside[2] is None and inside[1] is not None and solid[1] == 1.0


def test_a_solid_patch_on_the_middle_is_outlined_whole_and_a_ring_is_closed_round_its_hole():
    n = 50
    rr = _rr(n)
    yy, xx = np.mgrid[0:n, 0:n] - (n - 1) / 2
    r = np.hypot(xx, yy)
    solid_patch, ring, beside = r < 9, (r >= 6) & (r < 10), np.hypot(xx - 20, yy - 20) < 3
    area, solid, on, inside, _ = grid._token_outlines(np.stack([solid_patch, ring, beside]), rr)
    k2 = grid.TOKEN_PX_PER_MM ** 2
    assert area[0] == pytest.approx(np.count_nonzero(solid_patch) / k2) and solid[0] == 1.0
    assert np.array_equal(on[0], solid_patch)
    assert area[1] == pytest.approx(np.count_nonzero(r < 10) / k2, rel=0.05)  # the hole inside its outline
    assert solid[1] == pytest.approx(np.count_nonzero(ring) / np.count_nonzero(inside[1]))
    assert solid[1] < 0.8
    assert inside[2] is None and area[2] == 0.0  # wholly beside the middle: no token there
