"""A group prints the mat for the seats they have (the teaching page offers each count) while the
companion reads a game's mat as its most seats lay it out: the seat markers it looks for may
never have been printed, and that is no hand over the mat."""
import pytest

from companion.games.paradominetor.camera import MAT, TILES
from vision.mat import mat_layout
from vision.recognise import TileReader
from vision.synthetic import CLASSIC, SyntheticTable


@pytest.mark.parametrize("printed", [3, 4, 5])
def test_a_mat_printed_for_fewer_seats_is_read_with_no_hand_in_view(classic, printed):
    reader = TileReader(classic[2], mat_layout(MAT))  # as the companion reads at the table
    table = SyntheticTable(mat_layout(MAT, printed), TILES, CLASSIC, seed=printed)
    table.place("red-3", 200, 140, 10)
    table.place("blue-5", 240, 160, 200, face_up=False, back="past")
    for _ in range(2):  # the frame that finds the markers, then one under the calibration kept
        reading = reader.read(table.render())
        assert reading.calibrated and not reading.hand_in_view
        assert sorted(t.label for t in reading.tiles) == ["back-past", "red-3"]
