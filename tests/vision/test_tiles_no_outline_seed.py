"""Grey backs whose outline the search never laid a rectangle along: missed in silence, the table
not seeing a piece the players know lies on the mat. Frames drawn as the stress check and the
bench draw them, on seeds the stress check never uses (71001: tuning) and the bench's own."""
import numpy as np

import handmade
from companion.games.paradominetor.camera import MAT, TILES
from stress import harsher
from vision.mat import mat_layout
from vision.recognise import TileReader, enroll
from vision.synthetic import GREY, SyntheticTable, random_frame, write_enrolment

SEED = 71001


def _read_near(reading, x_mm, y_mm, reach=8.0):
    return [t for t in reading.tiles if np.hypot(t.x_mm - x_mm, t.y_mm - y_mm) <= reach]


def test_a_back_whose_only_print_is_a_dot_is_found_by_the_way_its_sides_run(tmp_path):
    """Under strong noise a back's faint sides make no straight line the search can start from,
    and its print is one dot, whose own shape says nothing of how the tile lies: rectangles
    round it were laid square to the frame, never along the tile (`noise`, frame 20)."""
    layout = mat_layout(MAT)
    profile = enroll(handmade.write_enrolment(handmade.Table(layout, TILES, seed=SEED), tmp_path), None,
                     layout, TILES)
    reader = TileReader(profile, layout)
    table = handmade.Table(layout, TILES, seed=SEED + 103)  # as the stress check's `noise` frames
    rng = np.random.default_rng(SEED + 14)
    for _ in range(21):
        placed = table.random_tiles(int(table.rng.integers(3, 7)))
        frame = harsher(table.photograph(placed), "noise", rng)
    reading = reader.read(frame)
    dot = [t for t in placed if t.visible_label == "back-past" and abs(t.x_mm - 185) < 3]
    assert len(dot) == 1
    got = _read_near(reading, dot[0].x_mm, dot[0].y_mm)
    assert [t.label for t in got] == ["back-past"], reading.tiles
    assert all(any(t.label == p.visible_label for t in _read_near(reading, p.x_mm, p.y_mm)) for p in placed)


def test_a_back_beside_tiles_found_again_by_their_outline_still_gets_a_look(tmp_path, monkeypatch):
    """The bench's grey backs, frame 276: four faces the mask could not take apart are looked for
    again by their outlines, and their rivals took every rectangle the search fits; the grey back
    beside them, its print plain, was never fitted."""
    layout = mat_layout(MAT, 4)  # as the bench
    profile = enroll(write_enrolment(layout, tmp_path, TILES, GREY, seed=2026), None, layout, TILES)
    rng = np.random.default_rng(2030)
    with monkeypatch.context() as m:  # the frames before it are drawn, not rendered (rendering takes no draw)
        m.setattr(SyntheticTable, "render", lambda self: None)
        for _ in range(276):
            random_frame(layout, TILES, GREY, rng)
    frame, placed = random_frame(layout, TILES, GREY, rng)
    back = [t for t in placed if not t.face_up]
    assert len(back) == 1
    got = _read_near(TileReader(profile, layout).read(frame), back[0].x_mm, back[0].y_mm)
    assert [t.label for t in got] == [back[0].visible_label]


def test_a_back_whose_two_dots_run_down_a_diagonal_is_found_by_the_way_its_sides_run(tmp_path):
    """Under a dim lamp (tuning seed 73001, `lamp`, frame 30) a back whose print is two dots down
    a diagonal: rectangles round them were laid along the dots' own line, a quarter turn's
    third off the tile's, and it was missed beside a back found below it."""
    layout = mat_layout(MAT)
    profile = enroll(handmade.write_enrolment(handmade.Table(layout, TILES, seed=73001), tmp_path), None,
                     layout, TILES)
    table = handmade.Table(layout, TILES, seed=73001 + 102)  # as the stress check's `lamp` frames
    rng = np.random.default_rng(73001 + 13)
    for _ in range(31):
        placed = table.random_tiles(int(table.rng.integers(3, 7)))
        frame = harsher(table.photograph(placed), "lamp", rng)
    reading = TileReader(profile, layout).read(frame)
    assert all(any(t.label == p.visible_label for t in _read_near(reading, p.x_mm, p.y_mm)) for p in placed), \
        reading.tiles
