"""Calibration against OpenCV's own photographs of printed markers and boards."""
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.markers import MarkerDetector, MarkerLayout, calibrate, dictionary

# shared/ lies beside the repository (in CI too); the photos are OpenCV's, not ours to copy in.
REAL = Path(__file__).resolve().parents[3] / "shared" / "vision-real"
pytestmark = pytest.mark.skipif(not (REAL / "reference.json").is_file(), reason="real photos not present")


def _reference():
    return json.loads((REAL / "reference.json").read_text())


@pytest.mark.parametrize("name", ["singlemarkersoriginal.jpg", "choriginal.jpg", "chocclusion_original.jpg"])
def test_detected_corners_match_opencvs_reference(name):
    ref = _reference()[name]
    found = MarkerDetector(ref["dictionary"]).detect(cv2.imread(str(REAL / name)))
    assert set(found) == {int(k) for k in ref["markers"]}
    for mid, corners in ref["markers"].items():
        err = np.abs(found[int(mid)] - np.array(corners, np.float32).reshape(4, 2)).max()
        assert err <= 1.5, (mid, err)


@pytest.mark.parametrize("name", ["choriginal.jpg", "chocclusion_original.jpg", "calib_img_00.jpg",
                                  "calib_img_02.jpg", "calib_img_03.jpg"])
def test_charuco_board_maps_onto_its_geometry(name):
    board = MarkerLayout.charuco("DICT_6X6_250", (5, 7), 0.04, 0.02)
    cal = calibrate(MarkerDetector("DICT_6X6_250").detect(cv2.imread(str(REAL / name))), board)
    assert cal.ok and len(cal.ids) >= 13
    assert cal.reprojection_px < 1.5
    # a point of the board the markers do not cover lands where the board says
    c = cal.to_image([[0.10, 0.14]])[0]
    assert 0 <= c[0] < 640 and 0 <= c[1] < 480


def test_covered_board_still_calibrates_from_what_is_left():
    board = MarkerLayout.charuco("DICT_6X6_250")
    found = MarkerDetector("DICT_6X6_250").detect(cv2.imread(str(REAL / "choriginal.jpg")))
    full = calibrate(found, board)
    one = calibrate({5: found[5]}, board)  # a hand over all but one marker
    assert one.ok and one.ids == [5] and one.reprojection_px < 0.5
    for keep in ([0, 16], [3, 8, 12], [1, 2, 14, 15]):
        part = calibrate({i: found[i] for i in keep}, board)
        assert part.ok
        # the whole board's corners, mapped by the partial calibration, stay near the full one
        pts = np.concatenate(list(board.corners.values()))
        err = np.linalg.norm(part.to_image(pts) - full.to_image(pts), axis=1)
        assert np.median(err) < 3, (keep, np.median(err))


def test_grid_board_with_a_custom_dictionary():
    dict_path = str(REAL / "tutorial_dict.yml")
    assert dictionary(dict_path).bytesList.shape[0] == 35
    found = MarkerDetector(dict_path).detect(cv2.imread(str(REAL / "gboriginal.png")))
    assert set(found) == set(range(35))
    cal = calibrate(found, MarkerLayout.grid(dict_path, (5, 7), 0.04, 0.01))
    assert cal.ok and len(cal.ids) == 35 and cal.reprojection_px < 1.5


def test_a_false_marker_is_outvoted():
    board = MarkerLayout.charuco("DICT_6X6_250")
    found = MarkerDetector("DICT_6X6_250").detect(cv2.imread(str(REAL / "choriginal.jpg")))
    found[4] = found[4] + 40  # a misread id in the wrong place
    cal = calibrate(found, board)
    assert 4 not in cal.ids and cal.reprojection_px < 1.5


def test_unknown_dictionary_name_is_a_clear_error():
    with pytest.raises(ValueError, match="DICT_NOPE"):
        dictionary("DICT_NOPE")


def test_mat_calibration_matches_the_true_camera_within_a_pixel():
    from vision.mat import mat_layout
    from companion.games.paradominetor.camera import MAT, TILES
    from vision.synthetic import CLASSIC, SyntheticTable, camera_homography, random_camera, random_light

    layout = mat_layout(MAT, 4)
    rng = np.random.default_rng(5)
    fast = MarkerDetector.for_mat(layout.dictionary)
    for _ in range(6):
        cam = random_camera(rng)
        table = SyntheticTable(layout, TILES, CLASSIC, camera=cam, light=random_light(rng, layout), seed=1)
        frame = table.render()
        cal = calibrate(fast.detect(frame), layout.marker_layout())
        assert cal.ok and len(cal.ids) >= 8
        pts = np.array([[x, y] for x in range(60, 400, 40) for y in range(40, 280, 40)], float)
        truth = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), camera_homography(layout, cam)).reshape(-1, 2)
        err = np.linalg.norm(cal.to_image(pts) - truth, axis=1)
        assert err.max() < 1.0, err.max()
