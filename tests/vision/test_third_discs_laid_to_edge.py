"""Paradox Initiative's third printing (tests/vision/third_discs.py --spread 18 --metal gunmetal,
seed 51001, the first frame): discs laid 18 mm apart fill each matrix to its edge, off the reader's
16 mm cells, and cover the area's rim in round bumps with bare grey between. The rim covered was
taken for a hand over the area: three of the four matrices went unread, 235 of 264 discs not
found in the three frames (the table would wait as under a hand, saying the mat is covered). The
paper round each area stays whole (no arm crosses it), so the discs are now read, or asked about.

And a black three at a matrix's corner, 4 mm off its cell, was read as `white-1`: its ring was
read round the bare mat between it and its neighbours (the mat's grey taken for a white body, a
neighbour's edge for a one's bar, matching 0.61), and no disc's own outline lies round that
point. A disc named from a weak match where no outline of a disc can be found is now asked."""
import functools
import tempfile

import numpy as np
import pytest
import third_discs
import third_frames

from companion.games.initiative import camera as initiative
from vision import grid
from vision.mat import mat_layout
from vision.tiles import UNKNOWN


@pytest.fixture(scope="module")
def laid_to_edge():
    mp = pytest.MonkeyPatch()
    mp.setitem(third_discs.ABLATE, "spread", 18.0)
    mp.setattr(third_discs, "PrintRun", functools.partial(third_discs.PrintRun, metal="gunmetal"))
    try:
        yield third_frames.discs(51001, 0)
    finally:
        mp.undo()


def test_discs_laid_to_a_matrix_edge_are_found_not_taken_for_a_hand(laid_to_edge):
    truth, seen = laid_to_edge
    matrices = {cell for cell in truth if cell[0].startswith("matrix")}
    assert len(matrices) > 80
    assert all(cell in seen for cell in matrices)
    assert not {cell: (truth[cell], seen[cell]) for cell in matrices if seen[cell] not in (truth[cell], UNKNOWN)}
    assert sum(seen[cell] == truth[cell] for cell in matrices) > len(matrices) / 3


def test_a_black_three_read_round_the_mat_beside_it_is_asked(laid_to_edge):
    truth, seen = laid_to_edge
    cell = ("matrix-0", 4, 0)
    assert truth[cell] == "black-3"
    assert seen.get(cell) in ("black-3", UNKNOWN)


def test_a_hand_reaching_over_a_matrix_from_any_side_is_still_a_hand():
    """The paper round an area is what tells discs at its edge from a hand: an arm reaching in
    crosses it, or covers the rim's grey all round."""
    layout = mat_layout(initiative.MAT)
    with tempfile.TemporaryDirectory() as folder:
        profile = grid.enroll(grid.write_enrolment(layout, folder, initiative.TILES), None, layout, initiative.TILES)
    reader = grid.GridReader(profile, layout, initiative.ZONES, initiative.CELLS)
    table, _ = grid.random_maps(layout, initiative.TILES, initiative.CELLS, np.random.default_rng(0), 0)
    for area in ("matrix-0", "matrix-2"):
        z = layout.zones[area]
        for dx, dy, turn in ((0.5, 0.5, 0), (0.5, 0.5, 30), (0.9, 0.3, 60), (0.2, 0.9, 120), (0.5, 1.0, 0),
                             (0.0, 0.5, 90)):
            reading = reader.read(table.render(hand=(z.x + dx * z.w, z.y + dy * z.h, turn)))
            assert reading.hand_in_view, (area, dx, dy, turn)
            assert area not in {t.zone for t in reading.tiles}


def test_black_ones_laid_off_their_cells_at_a_full_matrix_edge_are_not_read_as_locks(monkeypatch):
    """Seed 40001 --spread 18, the third frame (read in turn, its lens found): two black ones 4 mm
    off their cells (the bottom row's middle, a corner), which the presence filter finds only at its
    window's edge and whose own outline is not found in the cell: read round a point on their edge,
    the disc's black part closed into a token's outline in the dark token's colour (`lock`). In an
    area whose rim its discs cover, a disc the reader cannot place by its own outline is asked."""
    monkeypatch.setitem(third_discs.ABLATE, "spread", 18.0)
    truth, seen = third_frames.discs(40001, 2, in_turn=True)  # (as `recognize` reads the tool's frames)
    for cell in (("matrix-0", 4, 2), ("matrix-3", 0, 0)):
        assert truth[cell] == "black-1"
        assert seen.get(cell) in ("black-1", UNKNOWN)
    assert all(cell in seen for cell in truth)
    assert not {cell: (label, seen[cell]) for cell, label in truth.items() if seen[cell] not in (label, UNKNOWN)}


def test_a_black_two_whose_light_was_taken_at_covered_corners_is_not_read_as_a_lock(monkeypatch):
    """Seed 50001 --spread 18, the second frame (read in turn): a black two 4 mm off its cell at a
    full matrix's right edge. The presence filter found it at its cell's middle, over the mat
    between discs whose light, taken at corners the discs cover, read as a white body; the black
    disc's edge there closed into a token's outline: `lock`. Discs laid to an area's edge are now
    read only where each one's own outline places it."""
    monkeypatch.setitem(third_discs.ABLATE, "spread", 18.0)
    truth, seen = third_frames.discs(50001, 1, in_turn=True)
    assert truth[("matrix-1", 3, 4)] == "black-2"
    assert seen.get(("matrix-1", 3, 4)) in ("black-2", UNKNOWN)
    assert all(cell in seen for cell in truth)
    assert not {cell: (label, seen[cell]) for cell, label in truth.items() if seen[cell] not in (label, UNKNOWN)}
