"""Domino Dynasty's reader on the third printing (tests/vision/third_dominoes.py, drawn by someone
who never saw the reader): an icon printed near its terrain's colours or with no badge (a village
on lava, rings on plains, a knife) covers the hub where its roads meet, so its half is no bare
half; and a road beside a pale badge on light stone is not lost. Each such half is read right
or asked about, never misread."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from tests.vision import third_dominoes as third
from companion.games.dynasty.camera import CELLS, MAT, TILES, WATCHED, WATCHED_CELLS
from vision import dominoes
from vision.mat import load_layout, mat_layout, write_mat

SEED = 70001
# (west half, east half), each (terrain, icon, sides in the domino's own frame)
MIDDLES = [(("lava", "village", "EW"), ("grass", None, "W")),
           (("lava", "village", "SW"), ("desert", None, "E")),
           (("plains", "area_spell", "ES"), ("stone", None, "")),
           (("lava", "veto", "NEW"), ("plains", None, "W")),
           (("desert", "knife", "NS"), ("grass", None, "")),
           (("plains", "area_spell", "NE"), ("desert", None, "W"))]
PALE_BADGES = [(("stone", "person", "S"), ("lava", None, "NS")),
               (("stone", "magician", "N"), ("grass", None, "E")),
               (("stone", "infrastructure", "NS"), ("plains", None, "E"))]
ENROLLED = ("village", "area_spell", "veto", "knife", "person", "magician", "calculator", "infrastructure")


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    """(truth {cell: half}, reading {cell: label}) of one frame of the third printing, enrolled
    from its own shots (the terrains and a few icons only: fast)."""
    folder = tmp_path_factory.mktemp("third")
    png, _, js = write_mat(mat_layout(MAT), folder / "m.png")
    layout = json.loads(js.read_text())
    table = third.Table(png, layout)
    rng = np.random.default_rng(SEED)
    setup = third.camera_setup(rng)
    cx, cy = third.tray_centre(layout)
    shots = [(f"terrain-{t}", [(t, None, "NESW"), (t, None, "")]) for t in third.TERRAIN_NAMES]
    shots += [(f"icon-{icon}", [(third.TERRAIN_NAMES[i % 5], icon, ""), ("stone", None, "")])
              for i, icon in enumerate(ENROLLED)]
    entries = []
    for label, halves in shots:
        d = third.Domino(halves, cx, cy, 0, 0.5)
        frame = third.camera(rng, table.compose(rng, [d], (1.0, 1.0)), layout, setup=setup)
        cv2.imwrite(str(folder / f"{label}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 88])
        entries.append({"image": f"{label}.jpg", "label": label})
    (folder / "manifest.json").write_text(json.dumps(entries))
    mat = load_layout(js)
    profile = dominoes.enroll(folder / "manifest.json", None, mat, TILES, cells=CELLS)
    # each domino's first half in the middle of a block of 3 x 3 squares, in all four turns
    placed, truth = [], {}
    blocks = [(area, row, col) for area in ("shared", "personal-0", "personal-1") for row in (1, 5) for col in (1, 5)]
    for k, ((area, row, col), halves) in enumerate(zip(blocks, MIDDLES + PALE_BADGES)):
        turns = k % 4
        dr, dc = [(0, 1), (1, 0), (0, -1), (-1, 0)][turns]
        (x1, y1), (x2, y2) = (third.square_centre(layout, area, row + i * dr, col + i * dc) for i in (0, 1))
        d = third.Domino(list(halves), (x1 + x2) / 2, (y1 + y2) / 2, turns, 0.5)
        placed.append(d)
        for cell, (_, _, half) in zip(((row, col), (row + dr, col + dc)), d.half_places()):
            truth[(area, *cell)] = half
    frame = third.camera(rng, table.compose(rng, placed, (1.0, 1.0)), layout, setup=setup)
    _, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 88])
    reader = dominoes.DominoReader(profile, mat, WATCHED, WATCHED_CELLS)
    reading = reader.read(cv2.imdecode(jpeg, cv2.IMREAD_COLOR))
    return truth, {t.cell: t.label for t in reading.tiles if t.cell}


def _misread(truth, seen, halves):
    """The cells of `halves`' first halves (terrain and icon) read as something else than they are."""
    kinds = {h[0][:2] for h in halves}
    return {cell: (half, seen.get(cell)) for cell, half in truth.items()
            if tuple(half.split("/")[:2]) in kinds and seen.get(cell) not in (half, "unknown", None)}


def test_an_icon_over_the_roads_hub_is_no_bare_half(read):
    truth, seen = read
    assert not _misread(truth, seen, MIDDLES)


def test_a_half_with_a_road_beside_a_pale_badge_is_read_right_or_asked(read):
    truth, seen = read
    assert not _misread(truth, seen, PALE_BADGES)


def test_the_plain_halves_beside_them_are_read(read):
    truth, seen = read
    plain = {cell: half for cell, half in truth.items() if not half.split("/")[1]}
    assert sum(seen.get(cell) == half for cell, half in plain.items()) >= len(plain) - 2
    assert not {cell: (half, seen.get(cell)) for cell, half in plain.items()
                if seen.get(cell) not in (half, "unknown", None)}
