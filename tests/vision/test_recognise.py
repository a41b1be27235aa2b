import math

import numpy as np
import pytest

from vision.bench import score
from vision.reading import Profile
from vision.recognise import TileReader, enroll
from companion.games.paradominetor.camera import TILES
from vision.synthetic import CLASSIC, GREY, PIPS, SyntheticTable, random_frame


def _accuracy(layout, reader, style, frames, seed):
    rng = np.random.default_rng(seed)
    total = {"tiles": 0, "correct": 0, "misread": 0, "unknown": 0, "missed": 0, "phantom": 0}
    for _ in range(frames):
        frame, tiles = random_frame(layout, TILES, style, rng)
        for k, v in score(tiles, reader.read(frame)).items():
            total[k] += v
    return total


def test_enrolment_learns_every_label_and_the_tile_size(classic):
    _, path, profile = classic
    assert sorted(profile.labels) == sorted(TILES.labels)
    w, h = profile.size_mm
    assert abs(w - CLASSIC.size_mm[0]) < 2.0 and abs(h - CLASSIC.size_mm[1]) < 2.0
    again = Profile.load(path)
    assert again.labels == profile.labels and np.allclose(again.templates, profile.templates)


def test_reads_random_frames_of_our_printing(layout, classic_reader):
    """Tilted camera, 50-95% fill, uneven light and shadows, blur, noise, JPEG 70, touching tiles."""
    t = _accuracy(layout, classic_reader, CLASSIC, frames=40, seed=77)
    assert t["tiles"] >= 100
    assert t["misread"] + t["phantom"] == 0
    assert t["correct"] >= 0.985 * t["tiles"], t


def test_learns_a_different_printing_from_its_enrolment_alone(layout, pips):
    """Pips instead of digits, coloured faces, other hues, an outline, a larger tile."""
    _, _, profile = pips
    assert abs(profile.size_mm[0] - PIPS.size_mm[0]) < 2.0
    t = _accuracy(layout, TileReader(profile, layout), PIPS, frames=25, seed=78)
    assert t["misread"] + t["phantom"] == 0
    assert t["correct"] >= 0.97 * t["tiles"], t


def test_backs_in_the_mats_own_grey_are_found_and_read(layout, grey):
    """A third printing: backs in greys within a few percent of the mat's zone grey (one is
    exactly it), light grey faces, a dark grey zero; thick tiles with a bevelled edge and a soft
    shadow. Random lights and cameras as above: every back is found by its outline."""
    _, _, profile = grey
    assert abs(profile.size_mm[0] - GREY.size_mm[0]) < 2.0 and abs(profile.size_mm[1] - GREY.size_mm[1]) < 2.0
    t = _accuracy(layout, TileReader(profile, layout), GREY, frames=40, seed=80)
    assert t["tiles"] >= 100
    assert t["misread"] + t["phantom"] == 0
    assert t["missed"] <= 0.01 * t["tiles"], t
    assert t["correct"] >= 0.985 * t["tiles"], t


def test_grey_backs_alone_and_in_a_row_against_other_tiles(layout, grey):
    """The back printed in exactly the mat's grey, alone; and a row of backs laid edge to edge
    between two faces, as a trick with paradox tiles turned over looks."""
    table = SyntheticTable(layout, TILES, GREY, seed=12)
    table.place("red-3", 150, 120, 30, face_up=False, back="past")
    row = [("blue-2", True, "present"), ("green-4", False, "past"), ("red-5", False, "future"),
           ("yellow-1", False, "present"), ("purple-6", True, "future")]
    for i, (face, up, back) in enumerate(row):
        table.place(face, 140 + 29.4 * i, 170, 180 if i % 2 else 0, face_up=up, back=back)
    reading = TileReader(grey[2], layout).read(table.render())
    assert reading.calibrated and not reading.hand_in_view
    want = [("back-past", 150, 120)] + [(face if up else f"back-{back}", 140 + 29.4 * i, 170)
                                        for i, (face, up, back) in enumerate(row)]
    got = sorted((t.label, t.x_mm, t.y_mm) for t in reading.tiles)
    assert len(got) == len(want), got
    for label, x, y in want:
        assert any(g[0] == label and math.hypot(g[1] - x, g[2] - y) < 3 for g in got), (label, got)


def test_position_rotation_and_zone_of_each_tile(layout, classic_reader):
    table = SyntheticTable(layout, TILES, CLASSIC, seed=3)
    table.place("green-4", 170, 130, 33)
    table.place("red-5", 250, 170, 120, face_up=False, back="future")
    table.place("red-6", 230, 120, 271)
    reading = classic_reader.read(table.render())
    assert reading.calibrated and not reading.hand_in_view
    got = {t.label: t for t in reading.tiles}
    assert set(got) == {"green-4", "back-future", "red-6"}
    for label, x, y, a in (("green-4", 170, 130, 33), ("back-future", 250, 170, 120), ("red-6", 230, 120, 271)):
        t = got[label]
        assert math.hypot(t.x_mm - x, t.y_mm - y) < 2.0
        assert abs((t.angle - a + 180) % 360 - 180) < 4
        assert t.zone == "trick" and t.confidence > 0.5


def test_a_thing_that_is_not_a_tile_is_not_given_a_label(layout, classic, tmp_path):
    """A tile of a printing never enrolled reads as unknown, never as a guess."""
    reader = TileReader(classic[2], layout)
    table = SyntheticTable(layout, TILES, PIPS, seed=4)
    table.place("red-3", 200, 150, 0)
    table.place("green-5", 250, 140, 45)
    labels = [t.label for t in reader.read(table.render()).tiles]
    assert len(labels) == 2 and all(lab == "unknown" for lab in labels)


def test_empty_mat_has_no_tiles(layout, classic_reader):
    reading = classic_reader.read(SyntheticTable(layout, TILES, CLASSIC, seed=5).render())
    assert reading.calibrated and reading.tiles == [] and not reading.hand_in_view


def test_a_frame_without_the_mat_is_not_calibrated(classic_reader):
    reading = classic_reader.read(np.full((960, 1280, 3), 120, np.uint8))
    assert not reading.calibrated and reading.tiles == []


@pytest.mark.parametrize("tint", [(1.06, 1.0, 0.86), (0.86, 1.0, 1.1)], ids=["warm", "cool"])
def test_a_lamp_that_clips_the_paper_leaves_the_tiles_read_and_a_hand_seen(layout, classic_reader, tint):
    """Under a lamp bright enough that the camera shows the white paper round the trick area at
    its ceiling, the tiles are read (the area is not taken for a hand) and a hand is still seen."""
    from dataclasses import replace

    from vision.synthetic import random_camera, random_light, random_optics, random_tiles
    for seed in (2, 3):
        rng = np.random.default_rng(seed)
        table = SyntheticTable(layout, TILES, CLASSIC, (1280, 960), seed=seed, camera=random_camera(rng),
                               light=random_light(rng, layout), optics=random_optics(rng))
        placed = random_tiles(layout, TILES, rng, 4, CLASSIC, 0.5)
        for t in placed:
            table.place(t.label, t.x_mm, t.y_mm, t.angle, t.face_up, t.back)
        table.light = replace(table.light, gain=1.25, tint=tint)
        frame = table.render()
        assert frame.max() == 255
        reading = classic_reader.read(frame)
        assert not reading.hand_in_view and sorted(t.label for t in reading.tiles) == sorted(t.label for t in placed)
        assert classic_reader.read(table.render(hand=(210, 160, 10))).hand_in_view


def test_a_hand_over_the_trick_area_is_seen(layout, classic_reader):
    table = SyntheticTable(layout, TILES, CLASSIC, seed=6)
    table.place("blue-2", 200, 150, 0)
    assert not classic_reader.read(table.render()).hand_in_view
    for hand in ((210, 160, 10), (210, 230, 0), (300, 200, -30)):
        assert classic_reader.read(table.render(hand=hand)).hand_in_view, hand


def test_enrolment_refuses_a_frame_without_a_tile(layout, tmp_path):
    import cv2
    import json

    cv2.imwrite(str(tmp_path / "empty.png"), SyntheticTable(layout, TILES, CLASSIC, seed=1).render())
    (tmp_path / "m.json").write_text(json.dumps([{"image": "empty.png", "label": "red-1"}]))
    from vision.markers import VisionInputError

    with pytest.raises(VisionInputError, match="no tile"):
        enroll(tmp_path / "m.json", None, layout, TILES)


def test_a_square_printing_is_read_at_any_quarter_turn(layout, tmp_path):
    import dataclasses

    from vision.synthetic import write_enrolment

    square = dataclasses.replace(PIPS, name="square", size_mm=(34.0, 34.0))
    profile = enroll(write_enrolment(layout, tmp_path, TILES, square, seed=3), None, layout, TILES)
    assert abs(profile.size_mm[0] - profile.size_mm[1]) < 1.5
    t = _accuracy(layout, TileReader(profile, layout), square, frames=15, seed=79)
    assert t["misread"] + t["phantom"] == 0
    assert t["correct"] >= 0.95 * t["tiles"], t
