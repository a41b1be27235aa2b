"""A grey back on a mat of its very grey: a print run whose paper and inks came out otherwise (the
colours below are the stress check's second shift of tests/vision/handmade.py's printing, on
tuning seed 81001) shows a face-down tile by little more than a faint outline and its pattern."""
from pathlib import Path

import handmade

from companion.games.paradominetor.camera import MAT, TILES
from vision.bench import score
from vision.mat import mat_layout
from vision.reading import Profile
from vision.recognise import TileReader, enroll

INK = {"red": (207, 33, 46), "blue": (36, 87, 157), "green": (47, 129, 80), "yellow": (192, 170, 25),
       "purple": (141, 58, 148)}
PAPER = (230, 221, 206)


def test_a_back_found_by_its_faint_outline_alone_is_asked_about_not_left_out(tmp_path: Path, monkeypatch):
    """Frame 27 of this table: a back lying clear of the other tiles, found by its outline only,
    whose pattern matches a back's (0.73-0.78) but not plainly enough to name which. It was left
    out in silence; a pose clear of every other tile whose print matches a tile's that well is a
    tile: asked about."""
    monkeypatch.setattr(handmade, "INK", INK)
    monkeypatch.setattr(handmade, "PAPER", PAPER)
    layout = mat_layout(MAT)
    enroll(handmade.write_enrolment(handmade.Table(layout, TILES, seed=81001), tmp_path), tmp_path / "p.npz",
           layout, TILES)
    reader = TileReader(Profile.load(tmp_path / "p.npz"), layout)
    table = handmade.Table(layout, TILES, seed=81113)
    total = {}
    for _ in range(28):
        placed = table.random_tiles(int(table.rng.integers(3, 7)))
        for key, value in score(placed, reader.read(table.photograph(placed))).items():
            total[key] = total.get(key, 0) + value
    assert total["missed"] == 0, total
    assert total["misread"] + total["phantom"] == 0, total
    assert total["correct"] >= total["tiles"] - 1, total
