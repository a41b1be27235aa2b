"""Every tile found, and each read once, on the hand-made second printing (tests/vision/handmade.py)
under a dimmer, warmer lamp: grey backs whose print the dim light hides, laid alone or in rows.
The frames are drawn as the stress check draws its `lamp` variant (tests/vision/stress.py), with
seeds it never uses (70001 on: looked at while the reader was mended, never by the stress check)."""
import numpy as np
import pytest

import handmade
from companion.games.paradominetor.camera import MAT, TILES
from stress import harsher
from vision.bench import score
from vision.mat import mat_layout
from vision.reading import TileReading
from vision.recognise import TileReader, enroll, one_reading_each
from vision.tiles import UNKNOWN

SEED = 70001


@pytest.fixture(scope="module")
def lamp_table(tmp_path_factory):
    """(layout, reader enrolled from the printing's own photographs, the table the frames are drawn on)."""
    layout = mat_layout(MAT)
    enrol = handmade.Table(layout, TILES, seed=SEED)
    profile = enroll(handmade.write_enrolment(enrol, tmp_path_factory.mktemp("enrol")), None, layout, TILES)
    return layout, TileReader(profile, layout)


def test_under_a_dim_lamp_every_tile_of_the_second_printing_is_found(lamp_table):
    """Frame 35 holds a grey back alone whose dots the dim light leaves out of the mask and
    whose outline shows faintly on three sides: it was missed."""
    layout, reader = lamp_table
    table = handmade.Table(layout, TILES, seed=SEED + 102)
    rng = np.random.default_rng(SEED + 13)
    total = {"tiles": 0, "correct": 0, "misread": 0, "unknown": 0, "missed": 0, "phantom": 0}
    backs = 0
    for _ in range(36):
        placed = table.random_tiles(int(table.rng.integers(3, 7)))
        backs += sum(t.visible_label.startswith("back-") for t in placed)
        for key, value in score(placed, reader.read(harsher(table.photograph(placed), "lamp", rng))).items():
            total[key] += value
    assert total["tiles"] >= 150 and backs >= 50
    assert total["missed"] == 0, total
    assert total["misread"] + total["phantom"] == 0, total
    assert total["correct"] >= 0.99 * total["tiles"], total


def _reading(label, x, y, angle=0.0, confidence=0.9):
    return TileReading(label, x, y, angle, confidence, "trick")


def test_a_back_read_twice_a_few_mm_apart_is_one_tile():
    """A back found by its print and again by its outline 8.5 mm off: one tile, the surer reading."""
    size = (27.0, 38.0)
    got = one_reading_each([_reading("back-past", 200.0, 150.0, 12.0, 0.7),
                            _reading("back-past", 208.5, 150.0, 12.0, 0.9),
                            _reading("red-3", 200.0 + 27.5, 150.0 + 38.5)], size)
    assert sorted((t.label, t.x_mm) for t in got) == [("back-past", 208.5), ("red-3", 227.5)]
    # an unknown reading of a tile read plainly elsewhere adds no piece
    got = one_reading_each([_reading(UNKNOWN, 205.0, 156.0, 90.0, 0.0), _reading("back-past", 200.0, 150.0)], size)
    assert [t.label for t in got] == ["back-past"]


def test_two_readings_of_one_tile_that_disagree_are_asked_about():
    got = one_reading_each([_reading("back-past", 200.0, 150.0), _reading("back-future", 206.0, 152.0, 0.0, 0.95)],
                           (27.0, 38.0))
    assert [(t.label, t.x_mm) for t in got] == [(UNKNOWN, 206.0)]


def test_tiles_side_by_side_are_two_readings():
    got = one_reading_each([_reading("back-past", 200.0, 150.0), _reading("back-future", 227.6, 150.0)],
                           (27.0, 38.0))
    assert sorted(t.label for t in got) == ["back-future", "back-past"]
