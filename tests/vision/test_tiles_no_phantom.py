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


def test_the_bare_corner_two_backs_found_together_leave_is_no_tile(tmp_path: Path, monkeypatch):
    """Frame 31: grey backs laid in a grid, two of them found by their outlines in the same
    search; the bare cell below one and beside the other showed two clear sides meeting at a
    corner, both the backs' own edges, and was taken for a tile lying there: asked about."""
    monkeypatch.setattr(handmade, "INK", INK)
    monkeypatch.setattr(handmade, "PAPER", PAPER)
    layout = mat_layout(MAT)
    profile = enroll(handmade.write_enrolment(handmade.Table(layout, TILES, seed=71001), tmp_path), None,
                     layout, TILES)
    reader = TileReader(profile, layout)
    table = handmade.Table(layout, TILES, seed=71113)  # as the stress check's `colours2` frames
    for _ in range(32):
        placed = table.random_tiles(int(table.rng.integers(3, 7)))
        photo = table.photograph(placed)
    reading = reader.read(photo)
    got = score(placed, reading)
    assert got["missed"] == 0 and got["misread"] == 0, got
    nowhere = [t for t in reading.tiles if all(math.hypot(t.x_mm - p.x_mm, t.y_mm - p.y_mm) > 8 for p in placed)]
    assert nowhere == [], nowhere  # an unknown there is a question about nothing
