"""Paradox Initiative under the camera: the mat, and the grid reader on synthetic matrices with
the tile tests' perturbations (tilted camera, uneven light and shadows, blur, noise, JPEG):
every disc found, at least 99.5 % of cells read, none misread (a doubtful cell says so)."""
import os

import numpy as np
import pytest
from camera_feed import found_or_waited, read_cells

from companion.games.initiative import discs
from companion.games.initiative.camera import CELLS, MAT, TILES, ZONES
from vision import grid
from vision.mat import mat_layout, print_marks

FRAMES = int(os.environ.get("INITIATIVE_VISION_FRAMES", "8"))
# the tile tests' seeds: every fifth of 0-20 by default; INITIATIVE_VISION_SEEDS=0-20 runs them all
_FIRST, _, _LAST = os.environ.get("INITIATIVE_VISION_SEEDS", "0-20").partition("-")
SEEDS = range(int(_FIRST), int(_LAST or _FIRST) + 1, 1 if "INITIATIVE_VISION_SEEDS" in os.environ else 5)
DISCS = [f for f in TILES.faces if f != grid.LOCK]


@pytest.fixture(scope="module")
def layout():
    return mat_layout(MAT)


@pytest.fixture(scope="module")
def sheet(layout, tmp_path_factory):
    """The enrolment sheet's shots and manifest, drawn once for the file."""
    return grid.write_enrolment(layout, tmp_path_factory.mktemp("initiative-enrol") / "frames", TILES, seed=3)


@pytest.fixture(scope="module")
def reader(layout, sheet):
    profile = grid.enroll(sheet, sheet.parent.parent / "profile.npz", layout, TILES)
    return grid.GridReader(profile, layout, ZONES, CELLS)


def test_the_mat_has_a_matrix_per_seat_and_the_anomaly_and_nothing_overlaps(layout):
    assert set(layout.zones) == set(ZONES) and layout.first_area == "anomaly"
    rects = [(n, z.x, z.y, z.w, z.h) for n, z in layout.zones.items()]
    rects += [(f"marker {i}", x, y, s, s) for i, (x, y, s) in layout.markers.items()]
    rects += [(what, x, y, w, h) for what, x, y, w, h in print_marks(layout).boxes()]
    W, H = layout.size_mm
    for i, (na, xa, ya, wa, ha) in enumerate(rects):
        assert xa >= 0 and ya >= 0 and xa + wa <= W and ya + ha <= H, na
        for nb, xb, yb, wb, hb in rects[i + 1:]:
            if {na, nb} & {"title", "subtitle", "scale", "scale note", "arrow"} and \
                    not ({na, nb} & set(ZONES) or "marker" in na + nb):
                continue  # the marks may share the white with each other
            assert not (xa < xb + wb and xb < xa + wa and ya < yb + hb and yb < ya + ha), (na, nb)


def test_each_cell_has_one_place_on_the_mat(layout):
    for area, (rows, cols) in CELLS.areas:
        for r in range(rows):
            for c in range(cols):
                assert CELLS.cell_at(layout, *CELLS.centre(layout, area, r, c)) == (area, r, c)
    assert (CELLS.shape("anomaly"), CELLS.shape("matrix-0")) == ((1, 3), (5, 5))


def test_disc_labels_are_the_rules_particles():
    assert discs.particle("red-1") == "R1" and discs.particle("black-3") == "K3"
    assert discs.label("W2") == "white-2" and discs.particle(grid.LOCK) is None
    assert {discs.particle(f)[0] for f in DISCS} == {"R", "Y", "B", "K", "W", "P"}


def _table(layout, rng, seed):
    return grid.random_maps(layout, TILES, CELLS, rng, seed=seed)


def _read_frames(layout, reader, seed):
    """(cells, cells read) over FRAMES frames; asserts every disc is found and none misread."""
    rng = np.random.default_rng(seed)
    return read_cells(reader, CELLS, layout, (_table(layout, rng, seed=i) for i in range(FRAMES)))


def test_at_least_995_per_mille_of_cells_are_read_and_none_misread(layout, reader):
    """Across the tile tests' seeds, every fifth of 0-20 (the blurriest frames among them: a far,
    defocused camera; deep shadows across full matrices), pooled as the issue counts them:
    every disc found, none misread, at most one cell in two hundred said to be in doubt.
    INITIATIVE_VISION_SEEDS=0-20 runs them all."""
    cells = read = 0
    for seed in SEEDS:
        c, r = _read_frames(layout, reader, seed)
        cells, read = cells + c, read + r
    assert read >= 0.995 * cells, f"read {read} of {cells} cells"


def test_locks_are_seen_and_an_empty_mat_reads_nothing(layout, reader):
    table = grid.DiscTable(layout, TILES, seed=1)
    assert reader.read(table.render()).tiles == []
    x, y = CELLS.centre(layout, "matrix-1", 2, 3)
    table.place("blue-2", x, y, 40.0)
    table.place(grid.LOCK, x, y, 10.0)
    table.place("yellow-3", *CELLS.centre(layout, "anomaly", 0, 2), 200.0)
    reading = reader.read(table.render())
    assert sorted((CELLS.cell_at(layout, t.x_mm, t.y_mm), t.label) for t in reading.tiles) == [
        (("anomaly", 0, 2), "yellow-3"), (("matrix-1", 2, 3), grid.LOCK)]


def _alike(a, b) -> bool:
    """Two cells' measures the same, numbers within a thousandth (a disc's patch is taken at its
    place in a stack of patches, and the stack's size moves its points in the last bits)."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_alike(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return isinstance(b, (tuple, list)) and len(a) == len(b) and all(map(_alike, a, b))
    if isinstance(a, (float, np.floating)):
        return abs(float(a) - float(b)) < 1e-3
    return a == b


def test_a_frame_read_whole_reads_each_area_as_a_reader_of_that_area_alone(layout, reader):
    """The frame's discs are read all at once, across the areas: each still gets its own
    reading, in its own cell, with its own measures, and a hand over one area leaves the
    others read."""
    table, _ = _table(layout, np.random.default_rng(11), seed=11)
    frame = table.render()
    whole = reader.read(frame)
    details = {d["cell"]: d for d in reader.last_details}
    alone = []
    for area in ZONES:
        one = grid.GridReader(reader.profile, layout, (area,), CELLS)
        alone += one.read(frame).tiles
        assert _alike({d["cell"]: d for d in one.last_details}, {c: d for c, d in details.items() if c[0] == area})
    assert _alike([(t.cell, t.label, t.x_mm, t.y_mm, t.confidence) for t in sorted(whole.tiles, key=lambda t: t.cell)],
                  [(t.cell, t.label, t.x_mm, t.y_mm, t.confidence) for t in sorted(alone, key=lambda t: t.cell)])
    assert len({t.cell for t in whole.tiles}) == len(whole.tiles) > 80
    z = layout.zones["matrix-1"]
    covered = reader.read(table.render(hand=(z.x + z.w / 2, z.y + z.h / 2, 0.0)))
    assert covered.hand_in_view and {t.cell[0] for t in covered.tiles} == set(ZONES) - {"matrix-1"}


def test_a_hand_over_a_matrix_is_seen(layout, reader):
    table, _ = _table(layout, np.random.default_rng(3), seed=3)
    z = layout.zones["matrix-1"]
    assert reader.read(table.render(hand=(z.x + z.w / 2, z.y + z.h / 2, 0.0))).hand_in_view


@pytest.mark.parametrize("tint", [(1.06, 1.0, 0.86), (0.86, 1.0, 1.1)], ids=["warm", "cool"])
def test_a_bright_tinted_lamp_that_clips_the_paper_is_no_hand_and_a_real_hand_still_is(layout, reader, tint):
    """A lamp bright enough that the camera shows the white paper at its ceiling (where the
    lamp's colour no longer shows) leaves the matrices readable; a hand over one is seen all the
    same, under the very lamp."""
    from dataclasses import replace

    from vision.synthetic import Optics
    z = layout.zones["matrix-2"]
    for seed in (11, 12):
        table, truth = _table(layout, np.random.default_rng(seed), seed=seed)
        table.light = replace(table.light, gain=1.25, tint=tint)
        table.optics = Optics(0.9, 6.0, 50)
        bare = table.render()
        assert bare.max() == 255  # the paper is clipped: else this tests nothing new
        seen = reader.read(bare)
        assert not seen.hand_in_view and {t.cell for t in seen.tiles} == set(truth)
        assert reader.read(table.render(hand=(z.x + z.w / 2, z.y + z.h / 2, 30.0))).hand_in_view


def test_under_a_lamp_bright_enough_to_clip_a_white_disc_none_goes_missing(layout, reader):
    """A lamp so bright that, where it shines hardest, a white disc clips to little brighter
    than the mat: each disc is read or asked about, or its area waits as under a hand; never
    silently taken for bare mat. (Seed 0 at 1.5 lost four white discs so.)"""
    from dataclasses import replace

    from vision.synthetic import Optics
    waited = read = 0
    for gain, seed in ((1.3, 1), (1.5, 0)):
        table, truth = _table(layout, np.random.default_rng(seed), seed=seed)
        table.light = replace(table.light, gain=gain, tint=(1.0, 1.0, 1.0))
        table.optics = Optics(0.9, 6.0, 50)
        waits = found_or_waited(reader.read(table.render()), truth, (gain, seed))
        waited, read = waited + waits, read + (not waits)
    assert waited and read


def test_the_command_line_enrols_the_discs_and_reads_a_matrix_with_the_grid_reader(layout, sheet, tmp_path, capsys):
    """`paradox-table vision enroll|recognize --game initiative` use the game's own disc reader:
    the enrolment sheet is one shot per disc kind, and a frame's discs come back by cell."""
    import json

    from companion import cli

    profile = tmp_path / "initiative.npz"
    assert cli.main(["vision", "enroll", "--game", "initiative", "--manifest", str(sheet),
                     "--out", str(profile)]) == 0
    assert "enrolled 19 kinds of disc (disc " in capsys.readouterr().out  # in a disc owner's words
    table = grid.DiscTable(layout, TILES, seed=2)
    laid = {("matrix-0", 4, 0): "red-1", ("matrix-0", 4, 1): "blue-3", ("matrix-2", 0, 4): "white-2",
            ("anomaly", 0, 1): "purple-3"}
    for cell, label in laid.items():
        table.place(label, *CELLS.centre(layout, *cell), 30.0)
    frame = tmp_path / "frame.png"
    import cv2
    cv2.imwrite(str(frame), table.render())
    assert cli.main(["vision", "recognize", "--game", "initiative", "--profile", str(profile), str(frame)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {CELLS.cell_at(layout, t["x_mm"], t["y_mm"]): t["label"] for t in out["tiles"]} == laid
