"""A manifest entry may say where its piece lies (x_mm, y_mm on the mat): several entries then
share one photo, each piece found nearest its place, in whatever area holds it. Entries without
a place keep their documented meaning (the piece alone in the first area), in the same manifest."""
import json
import re

import cv2
import pytest

from companion.games.initiative import camera as initiative
from vision.grid import DiscTable, GridReader
from vision.grid import enroll as enroll_discs
from vision.mat import mat_layout
from vision.markers import VisionInputError
from vision.recognise import TileReader, enroll
from vision.synthetic import SyntheticTable

FACES = ["red-1", "blue-4", "green-6", "yellow-2", "purple-3", "black-0"]


def _save(folder, name, frame):
    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / name), frame)
    return name


def test_tiles_taught_from_one_photo_by_their_places(tmp_path, layout, tiles):
    z = layout.zones["trick"]
    table = SyntheticTable(layout, tiles, seed=3)
    places = [(z.x + 28 + 42 * (i % 4), z.y + 30 + 52 * (i // 4)) for i in range(len(FACES))]
    for label, (x, y) in zip(FACES, places):
        table.place(label, x, y)
    many = _save(tmp_path, "many.png", table.render())
    alone = SyntheticTable(layout, tiles, seed=4)
    alone.place("red-5", z.x + z.w / 2, z.y + z.h / 2)
    one = _save(tmp_path, "alone.png", alone.render())
    entries = [{"image": many, "label": label, "x_mm": x, "y_mm": y} for label, (x, y) in zip(FACES, places)]
    entries.append({"image": one, "label": "red-5"})  # as documented before places
    (tmp_path / "manifest.json").write_text(json.dumps(entries))
    profile = enroll(tmp_path / "manifest.json", None, layout, tiles)
    assert profile.labels == FACES + ["red-5"]
    assert abs(profile.size_mm[0] - 28) < 1.5 and abs(profile.size_mm[1] - 40) < 1.5

    # read back on another table, each tile somewhere else
    check = SyntheticTable(layout, tiles, seed=9)
    want = {}
    for i, label in enumerate(["red-5", "green-6", "purple-3"]):
        x, y = z.x + 40 + 50 * i, z.y + z.h / 2
        check.place(label, x, y, angle=20.0 * i)
        want[label] = (x, y)
    reading = TileReader(profile, layout).read(check.render())
    assert sorted(t.label for t in reading.tiles) == sorted(want)


@pytest.fixture
def disc_layout():
    return mat_layout(initiative.MAT)


def test_discs_in_every_matrix_cell_of_one_photo_read_back(tmp_path, disc_layout):
    labels = [lab for lab in initiative.TILES.labels if lab != "lock"]
    table = DiscTable(disc_layout, initiative.TILES, seed=5)
    cells = [(initiative.matrix_area(i // 13), *divmod(2 * (i % 13), 5)) for i in range(len(labels))]
    entries = []
    for label, (area, r, c) in zip(labels, cells):
        x, y = initiative.CELLS.centre(disc_layout, area, r, c)
        table.place(label, x, y, angle=33.0 * len(entries))
        entries.append({"image": "discs.png", "label": label, "x_mm": x, "y_mm": y})
    _save(tmp_path, "discs.png", table.render())
    (tmp_path / "manifest.json").write_text(json.dumps(entries))
    profile = enroll_discs(tmp_path / "manifest.json", None, disc_layout, initiative.TILES)
    assert abs(profile.size_mm[0] - 14.5) < 1.0
    reader = GridReader(profile, disc_layout, cells=initiative.CELLS)
    reading = reader.read(table.render())
    assert sorted(t.label for t in reading.tiles) == sorted(labels)


@pytest.mark.parametrize("entry, said", [
    ({"x_mm": 200.0}, '"x_mm" and "y_mm" go together'),
    ({"x_mm": "middle", "y_mm": 150}, '"x_mm" and "y_mm" are numbers (mm on the mat), not \'middle\' and 150'),
    ({"x_mm": "250", "y_mm": "170"}, '"x_mm" and "y_mm" are numbers (mm on the mat), not \'250\' and \'170\''),
    ({"x_mm": True, "y_mm": 150}, '"x_mm" and "y_mm" are numbers'),
    ({"x_mm": 1.0, "y_mm": 1.0}, "lies in no area of the mat"),
    ({"x_mm": 130.0, "y_mm": 100.0}, "no tile found at (130, 100) mm in the trick area"),
])
def test_a_place_that_is_no_place_or_holds_no_piece_is_refused(tmp_path, layout, tiles, entry, said):
    table = SyntheticTable(layout, tiles, seed=3)
    table.place("red-1", 250.0, 170.0)
    _save(tmp_path, "one.png", table.render())
    (tmp_path / "manifest.json").write_text(json.dumps([dict({"image": "one.png", "label": "red-1"}, **entry)]))
    with pytest.raises(VisionInputError, match=re.escape(said)):
        enroll(tmp_path / "manifest.json", tmp_path / "p.npz", layout, tiles)
    assert not (tmp_path / "p.npz").exists()


def test_one_place_of_a_photo_named_as_two_pieces_is_refused(tmp_path, layout, tiles):
    """A slip in a hand-written manifest: the red 1's place listed again as the red 2. Learning
    both from one piece would teach the camera a red 1 as a red 2; the manifest is refused,
    naming both entries, and nothing is learnt."""
    table = SyntheticTable(layout, tiles, seed=3)
    table.place("red-1", 250.0, 170.0)
    _save(tmp_path, "one.png", table.render())
    entries = [{"image": "one.png", "label": "red-1", "x_mm": 250.0, "y_mm": 170.0},
               {"image": "one.png", "label": "red-2", "x_mm": 251.0, "y_mm": 170.5}]
    (tmp_path / "manifest.json").write_text(json.dumps(entries))
    with pytest.raises(VisionInputError, match=re.escape("entries 0 and 1: one place of one.png (251, 170.5) mm "
                                                         "is named both red-1 and red-2")):
        enroll(tmp_path / "manifest.json", tmp_path / "p.npz", layout, tiles)
    assert not (tmp_path / "p.npz").exists()


def test_a_photo_of_several_tiles_listed_without_a_place_is_refused_not_learnt_from_one(tmp_path, layout, tiles):
    """A manifest entry without a place means the tile alone in the area: a photo of two under
    one label would teach that label from whichever tile is larger. It is refused, naming the
    photo, and nothing is learnt; the same tile alone is learnt."""
    z = layout.zones["trick"]
    entries = [{"image": _save(tmp_path, f"{f}.png", _alone(layout, tiles, f)), "label": f} for f in FACES[2:]]
    for apart in (70, 28):  # apart, and side by side touching
        two = SyntheticTable(layout, tiles, seed=5)
        two.place("red-1", z.x + 40, z.y + z.h / 2)
        two.place("blue-4", z.x + 40 + apart, z.y + z.h / 2)
        name = _save(tmp_path, "two.png", two.render())
        (tmp_path / "manifest.json").write_text(json.dumps(entries + [{"image": name, "label": "red-1"}]))
        with pytest.raises(VisionInputError, match=r"two\.png: 2 tiles in the trick area, one label"):
            enroll(tmp_path / "manifest.json", tmp_path / "p.npz", layout, tiles)
        assert not (tmp_path / "p.npz").exists()
    (tmp_path / "manifest.json").write_text(json.dumps(entries + [
        {"image": _save(tmp_path, "one.png", _alone(layout, tiles, "red-1")), "label": "red-1"}]))
    assert enroll(tmp_path / "manifest.json", None, layout, tiles).labels == FACES[2:] + ["red-1"]


def _alone(layout, tiles, label):
    z = layout.zones["trick"]
    table = SyntheticTable(layout, tiles, seed=len(label))
    table.place(label, z.x + z.w / 2, z.y + z.h / 2)
    return table.render()
