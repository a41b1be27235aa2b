"""A tile read where it lies, not a dot's spacing away: a back found by a sure outline whose
print reads about as well at another likely pose stays where its outline puts it. Frames drawn
as the stress check draws its `base` frames of tests/vision/handmade.py's printing, on tuning
seed 72001."""
import math
from pathlib import Path

import handmade

from companion.games.paradominetor.camera import MAT, TILES
from vision.bench import score
from vision.mat import mat_layout
from vision.recognise import TileReader, enroll


def test_three_dots_matched_half_turned_a_dot_along_do_not_move_a_back(tmp_path: Path):
    """Frame 21: a back with three dots in a row, outlined plainly, read 0.918 where it lies and
    0.919 half turned about 11 mm along: it was said to lie there (a tile missed, and one read
    where none lies)."""
    layout = mat_layout(MAT)
    profile = enroll(handmade.write_enrolment(handmade.Table(layout, TILES, seed=72001), tmp_path), None,
                     layout, TILES)
    table = handmade.Table(layout, TILES, seed=72101)
    for _ in range(22):
        placed = table.random_tiles(int(table.rng.integers(3, 7)))
        photo = table.photograph(placed)
    reading = TileReader(profile, layout).read(photo)
    got = score(placed, reading)
    assert got["missed"] == 0 and got["misread"] == 0 and got["phantom"] == 0, got
    for t in placed:
        assert min(math.hypot(r.x_mm - t.x_mm, r.y_mm - t.y_mm) for r in reading.tiles) < 5, (t, reading.tiles)
