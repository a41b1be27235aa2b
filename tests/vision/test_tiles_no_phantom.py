"""No question about a tile that is not there: a bare stretch of mat the outline search takes
for a tile (the table then asks the players about a piece nobody laid). The colours below are
the stress check's second shift of tests/vision/handmade.py's printing on tuning seed 71001."""
import math
from pathlib import Path

import handmade

from companion.games.paradominetor.camera import MAT, TILES
from vision.bench import score
from vision.mat import mat_layout
from vision.recognise import TileReader, enroll

INK = {"red": (209, 57, 57), "blue": (26, 56, 186), "green": (49, 121, 76), "yellow": (231, 156, 24),
       "purple": (116, 51, 126)}
PAPER = (228, 220, 204)
INK3 = {"red": (211, 46, 46), "blue": (54, 104, 187), "green": (37, 123, 59), "yellow": (232, 193, 36),
        "purple": (117, 66, 150)}
PAPER3 = (238, 229, 214)


def _frame(tmp_path, monkeypatch, ink, paper, seed, table_seed, frame):
    """(tiles placed, the reader's reading) of one frame of the stress check's colour shifts."""
    monkeypatch.setattr(handmade, "INK", ink)
    monkeypatch.setattr(handmade, "PAPER", paper)
    layout = mat_layout(MAT)
    profile = enroll(handmade.write_enrolment(handmade.Table(layout, TILES, seed=seed), tmp_path), None,
                     layout, TILES)
    table = handmade.Table(layout, TILES, seed=table_seed)
    for _ in range(frame + 1):
        placed = table.random_tiles(int(table.rng.integers(3, 7)))
        photo = table.photograph(placed)
    return placed, TileReader(profile, layout).read(photo)


def _asked_about_nothing(placed, reading):
    return [t for t in reading.tiles if all(math.hypot(t.x_mm - p.x_mm, t.y_mm - p.y_mm) > 8 for p in placed)]


def test_the_bare_corner_two_backs_found_together_leave_is_no_tile(tmp_path: Path, monkeypatch):
    """Frame 31: grey backs laid in a grid, two of them found by their outlines in the same
    search; the bare cell below one and beside the other showed two clear sides meeting at a
    corner, both the backs' own edges, and was taken for a tile lying there: asked about."""
    placed, reading = _frame(tmp_path, monkeypatch, INK, PAPER, 71001, 71113, 31)  # as the `colours2` frames
    got = score(placed, reading)
    assert got["missed"] == 0 and got["misread"] == 0, got
    assert _asked_about_nothing(placed, reading) == []


def test_the_bare_corner_a_back_and_a_face_leave_is_no_tile(tmp_path: Path, monkeypatch):
    """Frame 13: a grey back found by its outline above the bare corner, a face found by the mask
    beside it, a couple of mm off; the face's shadow, just clear of what the face explains, and
    the back's edge outlined the bare corner as a tile."""
    placed, reading = _frame(tmp_path, monkeypatch, INK3, PAPER3, 72001, 72114, 13)  # as the `colours3` frames
    got = score(placed, reading)
    assert got["missed"] == 0 and got["misread"] == 0, got
    assert _asked_about_nothing(placed, reading) == []
