"""The mat's quick marker search: what it leaves to the careful one."""
import cv2
import numpy as np

from vision.markers import MarkerDetector, dictionary


def test_a_marker_larger_than_a_mat_gives_is_left_to_the_careful_search():
    # a marker a third of a 1280x960 frame wide: no frame showing half the sheet or more has
    # one so large, so the quick search drops it with the tiles; the careful one finds it
    frame = np.full((960, 1280), 255, np.uint8)
    frame[240:660, 400:820] = cv2.aruco.generateImageMarker(dictionary("DICT_4X4_50"), 7, 420)
    frame = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    assert MarkerDetector.for_mat("DICT_4X4_50").detect(frame) == {}
    found = MarkerDetector("DICT_4X4_50").detect(frame)
    assert list(found) == [7]
    assert np.abs(found[7] - [[400, 240], [820, 240], [820, 660], [400, 660]]).max() < 1.5


def test_a_mat_sized_marker_is_found_by_the_quick_search_at_full_size_corners():
    # 60 px across in a 1280x960 frame (a 30 mm marker on an A3 sheet filling the frame): found
    # at reduced size and placed again at full size, within a fraction of a pixel (a pixel's
    # centre is its coordinate, so the marker's edges lie half a pixel out)
    frame = np.full((960, 1280), 255, np.uint8)
    frame[301:361, 517:577] = cv2.aruco.generateImageMarker(dictionary("DICT_4X4_50"), 3, 60)
    frame = cv2.GaussianBlur(cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR), (3, 3), 0)
    found = MarkerDetector.for_mat("DICT_4X4_50").detect(frame)
    assert list(found) == [3]
    assert np.abs(found[3] - [[516.5, 300.5], [576.5, 300.5], [576.5, 360.5], [516.5, 360.5]]).max() < 0.25
