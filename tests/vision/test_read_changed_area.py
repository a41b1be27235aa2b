"""On a still table the reader works out again only the part of the zone that changed since
its last reading (the mask round every pixel that changed) and takes apart again only the
blobs that changed; the rest is kept. Whatever the change, the watching reader reads the
frame as a reader seeing it for the first time does, and the tiles where they lie."""
import math

import numpy as np
import pytest

import vision.recognise as recognise
from vision.recognise import TileReader
from vision.synthetic import CLASSIC, SyntheticTable, random_camera, random_light, random_optics


def _table(layout, tiles, seed):
    rng = np.random.default_rng(seed)
    return SyntheticTable(layout, tiles, CLASSIC, seed=int(rng.integers(1 << 30)), camera=random_camera(rng),
                          light=random_light(rng, layout), optics=random_optics(rng))


class Watch:
    """Counts the whole-zone views and the partial ones a reader makes, and the boxes."""

    def __init__(self, monkeypatch):
        self.whole, self.boxes = 0, []
        whole, again = recognise.view_zone, recognise.view_zone_again

        def counted_whole(*a, **k):
            self.whole += 1
            return whole(*a, **k)

        def counted_again(*a, **k):
            out = again(*a, **k)
            self.boxes.append(None if out is None else out[2])
            return out
        monkeypatch.setattr(recognise, "view_zone", counted_whole)
        monkeypatch.setattr(recognise, "view_zone_again", counted_again)


def _agree(now, fresh, mm=5.0):
    assert (now.calibrated, now.hand_in_view) == (fresh.calibrated, fresh.hand_in_view)
    assert sorted(t.label for t in now.tiles) == sorted(t.label for t in fresh.tiles)
    for t in now.tiles:
        assert any(u.label == t.label and math.hypot(u.x_mm - t.x_mm, u.y_mm - t.y_mm) < mm for u in fresh.tiles)


def _read_at(reading, label, x, y, mm=6.0):
    return any(t.label == label and math.hypot(t.x_mm - x, t.y_mm - y) < mm for t in reading.tiles)


def _watching(classic, layout, table):
    reader = TileReader(classic[2], layout)
    reader.read(table.render())
    reader.read(table.render())  # the table read twice: what it holds is kept
    return reader


def _partly(watch, zone_px):
    """The last frame was worked out in part: a box, smaller than the zone."""
    assert watch.whole == 0
    box = watch.boxes[-1]
    assert box is not None
    assert (box[2] - box[0]) * (box[3] - box[1]) < 0.5 * zone_px


@pytest.fixture
def zone(layout):
    return layout.zones[layout.first_area]


def _zone_px(zone):
    k = recognise.SEG_PX_PER_MM
    return (zone.w - 2 * recognise.ZONE_INSET_MM) * k * (zone.h - 2 * recognise.ZONE_INSET_MM) * k


def test_a_tile_laid_at_the_zones_edge_is_read_where_it_lies(classic, layout, tiles, zone, monkeypatch):
    table = _table(layout, tiles, 1)
    w, h = classic[2].size_mm
    table.place("red-3", zone.x + zone.w - 30, zone.y + 30, 0)
    reader = _watching(classic, layout, table)
    watch = Watch(monkeypatch)
    x, y = zone.x + 4 + w / 2, zone.y + zone.h - 4 - h / 2  # 4 mm from two of its edges
    table.place("blue-5", x, y, 0)
    frame = table.render()
    now = reader.read(frame)
    _partly(watch, _zone_px(zone))
    assert _read_at(now, "blue-5", x, y) and _read_at(now, "red-3", zone.x + zone.w - 30, zone.y + 30)
    monkeypatch.undo()
    _agree(now, TileReader(classic[2], layout).read(frame))


def test_two_tiles_laid_at_once_far_apart_are_both_read(classic, layout, tiles, zone, monkeypatch):
    table = _table(layout, tiles, 2)
    cx, cy = zone.x + zone.w / 2, zone.y + zone.h / 2
    table.place("green-2", cx, cy, 10)
    reader = _watching(classic, layout, table)
    watch = Watch(monkeypatch)
    a, b = (zone.x + 25, zone.y + 28), (zone.x + zone.w - 25, zone.y + zone.h - 28)
    table.place("yellow-4", *a, 0)
    table.place("purple-6", *b, 90)
    frame = table.render()
    now = reader.read(frame)
    assert watch.whole <= 1  # the box round both may be most of the zone: then it is viewed whole
    assert _read_at(now, "yellow-4", *a) and _read_at(now, "purple-6", *b) and _read_at(now, "green-2", cx, cy)
    monkeypatch.undo()
    _agree(now, TileReader(classic[2], layout).read(frame))


def test_a_tile_lifted_off_is_no_longer_read_and_its_neighbour_still_is(classic, layout, tiles, zone, monkeypatch):
    table = _table(layout, tiles, 3)
    w, _ = classic[2].size_mm
    cx, cy = zone.x + zone.w / 2, zone.y + zone.h / 2
    gone = table.place("red-5", cx - w / 2 - 0.5, cy, 0)  # the two touch
    table.place("blue-2", cx + w / 2 + 0.5, cy, 0)
    reader = _watching(classic, layout, table)
    watch = Watch(monkeypatch)
    table.remove(gone)
    frame = table.render()
    now = reader.read(frame)
    _partly(watch, _zone_px(zone))
    assert [t.label for t in now.tiles] == ["blue-2"] and _read_at(now, "blue-2", cx + w / 2 + 0.5, cy)
    monkeypatch.undo()
    _agree(now, TileReader(classic[2], layout).read(frame))


@pytest.mark.parametrize("step_mm, turn", [(4.0, 0.0), (12.0, 0.0), (6.0, 15.0)])
def test_a_tile_slid_part_of_its_length_is_read_where_it_now_lies(classic, layout, tiles, zone, monkeypatch,
                                                                    step_mm, turn):
    table = _table(layout, tiles, 4)
    cx, cy = zone.x + zone.w / 2, zone.y + zone.h / 2
    slid = table.place("black-0", cx - 30, cy, 0)
    table.place("green-6", cx + 35, cy - 10, 30)
    reader = _watching(classic, layout, table)
    watch = Watch(monkeypatch)
    table.move(slid, cx - 30 + step_mm, cy + step_mm / 2, turn)
    frame = table.render()
    now = reader.read(frame)
    _partly(watch, _zone_px(zone))
    assert _read_at(now, "black-0", cx - 30 + step_mm, cy + step_mm / 2, 4.0)
    assert _read_at(now, "green-6", cx + 35, cy - 10)
    monkeypatch.undo()
    _agree(now, TileReader(classic[2], layout).read(frame))


def test_a_still_table_read_again_keeps_everything_and_reads_the_same(classic, layout, tiles, zone, monkeypatch):
    table = _table(layout, tiles, 5)
    cx, cy = zone.x + zone.w / 2, zone.y + zone.h / 2
    table.place("yellow-1", cx - 20, cy, 0)
    table.place("purple-3", cx + 20, cy + 5, 80)
    reader = _watching(classic, layout, table)
    splits = []
    real = recognise._split
    monkeypatch.setattr(recognise, "_split", lambda *a: splits.append(1) or real(*a))
    watch = Watch(monkeypatch)
    frame = table.render()
    now = reader.read(frame)
    assert watch.whole == 0 and not splits
    monkeypatch.undo()
    _agree(now, TileReader(classic[2], layout).read(frame))


@pytest.mark.parametrize("gain", [0.93, 1.06])
def test_a_lamp_dimmed_or_brightened_a_little_has_the_zone_viewed_whole(classic, layout, tiles, zone, monkeypatch,
                                                                       gain):
    from dataclasses import replace

    table = _table(layout, tiles, 6)
    cx, cy = zone.x + zone.w / 2, zone.y + zone.h / 2
    table.place("blue-4", cx - 25, cy, 0)
    reader = _watching(classic, layout, table)
    watch = Watch(monkeypatch)
    table.light = replace(table.light, gain=table.light.gain * gain)
    table.place("red-6", cx + 25, cy, 0)
    frame = table.render()
    now = reader.read(frame)
    assert watch.whole == 1  # the mat's light found again, not the old one kept
    assert _read_at(now, "red-6", cx + 25, cy) and _read_at(now, "blue-4", cx - 25, cy)
    monkeypatch.undo()
    _agree(now, TileReader(classic[2], layout).read(frame))
