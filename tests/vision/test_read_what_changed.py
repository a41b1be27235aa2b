"""The reader keeps what it knows while the table holds still: the calibration while every
marker square looks as it did, and a tile's reading while the mat round it looks as it did.
Whatever changes is read afresh, so a reader that has watched the table reads each new frame
exactly as a reader seeing it for the first time would."""
import math

import numpy as np
import pytest

from vision.recognise import TileReader
from vision.synthetic import CLASSIC, SyntheticTable, random_camera, random_light, random_optics, random_tiles

SEEDS = range(6)


def _table(layout, tiles, rng):
    return SyntheticTable(layout, tiles, CLASSIC, seed=int(rng.integers(1 << 30)), camera=random_camera(rng),
                          light=random_light(rng, layout), optics=random_optics(rng))


def _same(a, b, mm: float = 5.0):
    """Two readings of one frame agree: calibrated alike, the same hand, the same tiles, each
    where the other reading has it (within the few mm a touching tile's pose search varies by
    from one calibration to the next; the accuracy figures count a tile within 8 mm)."""
    assert (a.calibrated, a.hand_in_view) == (b.calibrated, b.hand_in_view)
    assert sorted(t.label for t in a.tiles) == sorted(t.label for t in b.tiles)
    for t in a.tiles:
        assert any(u.label == t.label and math.hypot(u.x_mm - t.x_mm, u.y_mm - t.y_mm) < mm for u in b.tiles)


class Spy:
    """Counts the marker searches a reader makes."""

    def __init__(self, reader):
        self.searches = 0
        for det in (reader.detector, reader._careful):
            found = det.detect

            def counted(frame, found=found):
                self.searches += 1
                return found(frame)
            det.detect = counted


@pytest.mark.parametrize("seed", SEEDS)
def test_a_tile_laid_beside_others_is_read_as_a_fresh_reader_reads_it(classic, layout, tiles, seed):
    rng = np.random.default_rng(seed)
    table = _table(layout, tiles, rng)
    placed = random_tiles(layout, tiles, rng, 4, CLASSIC)
    for t in placed[:-1]:
        table.place(t.label, t.x_mm, t.y_mm, t.angle, t.face_up, t.back)
    watching = TileReader(classic[2], layout)
    watching.read(table.render())
    spy = Spy(watching)
    t = placed[-1]
    table.place(t.label, t.x_mm, t.y_mm, t.angle, t.face_up, t.back)
    frame = table.render()
    _same(watching.read(frame), TileReader(classic[2], layout).read(frame))
    assert spy.searches == 0  # the camera and mat did not move: no marker search


@pytest.mark.parametrize("seed", SEEDS)
def test_a_tile_swapped_for_another_in_its_very_place_reads_as_the_new_tile(classic, layout, tiles, seed):
    rng = np.random.default_rng(100 + seed)
    table = _table(layout, tiles, rng)
    placed = random_tiles(layout, tiles, rng, 3, CLASSIC)
    ids = [table.place(t.label, t.x_mm, t.y_mm, t.angle, t.face_up, t.back) for t in placed]
    watching = TileReader(classic[2], layout)
    watching.read(table.render())
    watching.read(table.render())  # read twice: the readings are kept
    old = placed[0]
    other = next(lab for lab in tiles.faces if lab != old.label)
    table.remove(ids[0])
    table.place(other, old.x_mm, old.y_mm, old.angle)
    frame = table.render()
    now = watching.read(frame)
    _same(now, TileReader(classic[2], layout).read(frame))
    near = [r.label for r in now.tiles if abs(r.x_mm - old.x_mm) < 8 and abs(r.y_mm - old.y_mm) < 8]
    assert old.label not in near


def test_a_hand_over_a_marker_or_a_moved_camera_is_searched_for_again(classic, layout, tiles):
    rng = np.random.default_rng(7)
    table = _table(layout, tiles, rng)
    for t in random_tiles(layout, tiles, rng, 3, CLASSIC):
        table.place(t.label, t.x_mm, t.y_mm, t.angle, t.face_up, t.back)
    watching = TileReader(classic[2], layout)
    watching.read(table.render())
    spy = Spy(watching)
    x, y, _ = layout.markers[next(iter(layout.markers))]
    frame = table.render(hand=(x + 10, y + 10, 45.0))  # a hand reaches over the first marker
    _same(watching.read(frame), TileReader(classic[2], layout).read(frame))
    assert spy.searches >= 1
    watching.read(table.render())  # the hand gone: the table as it was
    spy.searches = 0
    table.camera = random_camera(rng)  # the camera knocked
    frame = table.render()
    _same(watching.read(frame), TileReader(classic[2], layout).read(frame))
    assert spy.searches >= 1
