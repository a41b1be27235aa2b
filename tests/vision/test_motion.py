"""The change detector: a tile put down or slid is movement, sensor noise and a change of the
light over the whole frame are not; a settled table is compared with the frame last read."""
import cv2
import numpy as np

from vision.motion import ChangeDetector, Look
from vision.synthetic import SyntheticTable


def test_noise_is_still_a_tile_moves_and_a_settled_table_is_compared_with_the_last_read(layout, tiles):
    table = SyntheticTable(layout, tiles, seed=3)
    z = layout.zones[layout.first_area]
    det = ChangeDetector()
    assert det.look(table.live()).moving  # nothing to compare the first frame with
    look = det.look(table.live())  # the same table, other sensor noise
    assert not look.moving and look.changed  # never read yet
    det.read()
    assert det.look(table.live()) == Look(moving=False, changed=False)
    tid = table.place("red-3", z.x + 40, z.y + 40, back="past")
    look = det.look(table.live())
    assert look.moving and look.changed
    look = det.look(table.live())
    assert not look.moving and look.changed  # settled, unlike the frame last read
    x0, y0, x1, y1 = look.box
    H = table.homography()
    px = cv2.perspectiveTransform(np.array([[[z.x + 40, z.y + 40]]], np.float64), H)[0, 0]
    assert x0 <= px[0] <= x1 and y0 <= px[1] <= y1  # where the tile went down
    table.move(tid, z.x + 41.5, z.y + 40)  # a push of 1.5 mm between two frames
    assert det.look(table.live()).moving


def test_a_change_of_light_over_the_whole_frame_is_not_movement(layout, tiles):
    table = SyntheticTable(layout, tiles, seed=4)
    det = ChangeDetector()
    frame = table.live()
    det.look(frame)
    brighter = np.clip(frame.astype(int) + 6, 0, 255).astype(np.uint8)
    assert not det.look(brighter).moving



