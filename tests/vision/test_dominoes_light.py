"""A map's rim's exposure is worked out from no more pixels than it uses: the bands of paper and
rim alone, as the full straightening gives them."""
import cv2
import numpy as np
import pytest

from companion.games.dynasty import camera
from vision import dominoes, recognise
from vision.mat import mat_layout
from vision.markers import MarkerDetector, calibrate


@pytest.fixture(scope="module")
def seen():
    """(frame, calibration, layout) of a full table of dominoes."""
    layout = mat_layout(camera.MAT)
    table, _ = dominoes.random_maps(layout, camera.TILES, camera.CELLS, np.random.default_rng(11), seed=11)
    frame = table.render()
    cal = calibrate(MarkerDetector.for_mat(layout.dictionary).detect(frame), layout.marker_layout())
    assert cal.ok
    return frame, cal, layout


@pytest.fixture
def straightened(monkeypatch):
    """The size of every image cv2.warpPerspective is asked for, while the test runs."""
    sizes, warp = [], cv2.warpPerspective

    def counted(src, M, dsize, *args, **kwargs):
        sizes.append(tuple(dsize))
        return warp(src, M, dsize, *args, **kwargs)
    monkeypatch.setattr(cv2, "warpPerspective", counted)
    return sizes


def test_the_exposure_is_read_from_the_bands_alone_as_from_the_whole_rim(seen, straightened):
    frame, cal, layout = seen
    for name in camera.ZONES:
        zone = layout.zones[name]
        straightened.clear()
        white, rim = recognise.white_and_rim(frame, cal.H_inv, zone)
        pad = 6.0
        big = type(zone)(zone.x - pad, zone.y - pad, zone.w + 2 * pad, zone.h + 2 * pad)
        size = (int(round(big.w)), int(round(big.h)))
        assert sum(w * h for w, h in straightened) < 0.3 * size[0] * size[1]
        whole = cv2.warpPerspective(frame, recognise._zone_to_frame(cal.H_inv, big, 1.0), size,
                                    flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
        white_band, rim_band = recognise._bands(size[1], size[0], pad)
        px = whole.reshape(-1, 3).astype(np.float32)
        # the same pixels, but for a place worked out to 1/32 px rounding the other way now and then
        for got, want in ((white, px[white_band]), (rim, px[rim_band])):
            assert got.shape == want.shape
            assert np.abs(got - want).max() <= 1 and np.mean(got != want) < 0.001
