"""The domino reader against a printing it was never tuned on: tests/vision/second_dominoes.py
draws it (pictogram icons, textured terrains, light-grey stone, castle marks on capitals, kerbed
roads, card thickness and shadow, a warm lamp, tilt, lens distortion, noise, JPEG), sharing
nothing with vision.dominoes but the printed mat. Enrolled from its own shots through the
command a user runs, then read on held-out seeds (second_dominoes.TEST_SEEDS)."""
import numpy as np
import pytest

import second_dominoes as second
from companion.games.dynasty.camera import CELLS, MAT, PITCH_MM, ZONES
from companion.games.dynasty.catalog import CAPITALS, ICONS
from vision import cli, dominoes
from vision.mat import mat_layout
from vision.readers import load_profile

SEED = second.TEST_SEEDS[0]
FRAMES = 3


@pytest.fixture(scope="module")
def enrolled(tmp_path_factory):
    """(table, reader): the second printing taught through the command a user runs."""
    layout = mat_layout(MAT)
    table = second.Table(layout, PITCH_MM, tuple(ICONS), CAPITALS, seed=SEED)
    folder = tmp_path_factory.mktemp("second-dominoes")
    manifest = second.write_enrolment(table, folder / "shots")
    assert cli.main(["--camera", "companion.games.dynasty.camera", "vision", "enroll", "--game", "dynasty",
                     "--manifest", str(manifest), "--out", str(folder / "p.npz")]) == 0
    return table, dominoes.DominoReader(load_profile(folder / "p.npz"), layout, ZONES, CELLS)


@pytest.fixture(scope="module")
def read(enrolled):
    """(squares, read right, asked, misread, missed) over FRAMES frames of the second printing."""
    table, reader = enrolled
    counts = {"squares": 0, "right": 0, "asked": 0, "misread": 0, "missed": 0, "phantom": 0}
    for _ in range(FRAMES):
        placed, truth = table.random_maps(ZONES)
        seen = {t.cell: t.label for t in reader.read(table.photograph(placed)).tiles}
        counts["phantom"] += len(set(seen) - set(truth))
        for cell, label in truth.items():
            counts["squares"] += 1
            got = seen.get(cell)
            key = "missed" if got is None else "asked" if got == "unknown" else "right" if got == label else "misread"
            counts[key] += 1
    print(f"second printing: {counts}")
    return counts


def test_every_domino_of_the_second_printing_is_found_and_most_squares_read(read):
    assert read["squares"] >= 240
    assert read["missed"] == 0 and read["phantom"] == 0, read
    # held-out seeds 1000-1009 read 99.6 % (tests/vision/dominoes_asked.py); these 272 squares 270
    assert read["right"] >= 0.98 * read["squares"], read


def test_no_square_of_the_second_printing_is_misread(read):
    assert read["misread"] == 0, read


def test_a_white_icon_on_light_stone_is_never_read_as_bare_stone(enrolled):
    """White pictograms on light-grey stone differ from it mostly in tone, and share the kerbs'
    colours: such a half is read with its icon or asked about, never said to hold no icon."""
    table, reader = enrolled
    # photographed by a table of its own, so the read-share figures do not depend on test order
    table = second.Table(table.layout, PITCH_MM, tuple(ICONS), CAPITALS, seed=SEED + 1)
    white = [i for i in ICONS if second.icon_look(tuple(ICONS), i)[1] == (240, 240, 232)]
    placed, truth = [], {}
    for col, (icon, paths) in enumerate(zip(white * 4, ("NESW", "SW", "N", "", "EW", "NES", "W"))):
        row = 2 * (col % 4)
        (x1, y1), (x2, y2) = (second.square_centre(table.layout, PITCH_MM, "shared", row, c) for c in (col, col + 1))
        placed.append((second.Half("stone", icon, paths), second.Half("stone", None, ""), (x1 + x2) / 2, y1, 0))
        truth[("shared", row, col)] = f"stone/{icon}/{paths}"
    seen = {t.cell: t.label for t in reader.read(table.photograph(placed, gentle=True)).tiles}
    for cell, label in truth.items():
        assert seen[cell] in (label, "unknown"), (cell, label, seen[cell])


def test_the_second_printing_is_drawn_as_described():
    """The check is only worth something if its stone is a light grey near the mat's, its icons
    many-coloured, and capitals carry castle marks."""
    r, g, b = second.TERRAINS["stone"]
    assert max(r, g, b) - min(r, g, b) < 10 and 1.1 < (r + g + b) / 3 / 150 < 1.4
    looks = {second.icon_look(tuple(ICONS), i) for i in ICONS}
    assert len(looks) == len(ICONS)  # each icon its own picture
    rng = np.random.default_rng(0)
    plain = second.draw_domino((second.Half("stone", "person", ""), second.Half("stone", None, "")),
                               tuple(ICONS), CAPITALS, 19.0, rng)
    capital = second.draw_domino((second.Half("stone", "goods", ""), second.Half("stone", None, "")),
                                 tuple(ICONS), CAPITALS, 19.0, rng)
    h, w = plain.shape[:2]
    corner = (slice(int(h * 0.18), int(h * 0.3)), slice(int(w * 0.09), int(w * 0.15)))  # a tower's place
    assert capital[corner][..., :3].mean() < plain[corner][..., :3].mean() - 30


def test_the_end_of_the_next_halfs_road_printed_past_the_joint_is_no_road(enrolled):
    """The second printing prints a road a little past its half's edge, onto the next half: a
    strip only at a half's edge, bare between it and the middle, is read as no road there (or
    the square is asked about), never as a road from the middle."""
    table, reader = enrolled
    table = second.Table(table.layout, PITCH_MM, tuple(ICONS), CAPITALS, seed=SEED + 2)
    placed, truth = [], {}
    for col, (icon, paths) in enumerate(zip((None, "person", None, "goods"), ("", "N", "S", ""))):
        row = 2 * col
        (x1, y1), (x2, y2) = (second.square_centre(table.layout, PITCH_MM, "shared", row, c) for c in (2, 3))
        # the east half's road runs west, to the joint: its end lies on the west half's east edge
        placed.append((second.Half("desert", icon, paths), second.Half("grass", None, "W"), (x1 + x2) / 2, y1, 0))
        truth[("shared", row, 2)] = f"desert/{icon or ''}/{paths}"
    seen = {t.cell: t.label for t in reader.read(table.photograph(placed, gentle=True)).tiles}
    for cell, label in truth.items():
        assert seen[cell] in (label, "unknown"), (cell, label, seen[cell])
    assert sum(seen[cell] == label for cell, label in truth.items()) >= 3, seen



def test_small_and_pale_pictograms_are_read_as_their_pictures(enrolled):
    """Stars (a small part of their half) and a teal triangle round a pink dot (enrolled on light
    stone, the dot near the stone's colour) are read as themselves beside roads on any terrain,
    or asked about, never taken for another icon or for none."""
    table, reader = enrolled
    table = second.Table(table.layout, PITCH_MM, tuple(ICONS), CAPITALS, seed=SEED + 3)
    terrains = list(second.TERRAINS)
    icons = ("infrastructure", "builder", "wildcard", "area_spell")
    placed, truth = [], {}
    for i in range(24):
        icon, terrain, paths = icons[i % 4], terrains[i % 5], ("NE", "S", "EW", "NSW", "W", "")[i % 6]
        row, col = i // 3, 2 * (i % 3)
        (x1, y1), (x2, y2) = (second.square_centre(table.layout, PITCH_MM, "shared", row, c) for c in (col, col + 1))
        placed.append((second.Half(terrain, icon, paths), second.Half(terrain, None, ""), (x1 + x2) / 2, y1, 0))
        truth[("shared", row, col)] = f"{terrain}/{icon}/{paths}"
    seen = {t.cell: t.label for t in reader.read(table.photograph(placed, gentle=True)).tiles}
    for cell, label in truth.items():
        assert seen[cell] in (label, "unknown"), (cell, label, seen[cell])
    assert sum(seen[cell] == label for cell, label in truth.items()) >= len(truth) - 2, seen
